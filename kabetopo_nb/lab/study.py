"""A balance study: many seeded games played by bots, one DataFrame row per game and seat.

    >>> study = Study("kabetopo-2p", bots="greedy", rounds=5000, seed=1)
    >>> frame = run_study(study)                     # a LocalCluster is started for it
    >>> frame = run_study(study, client="tcp://...")  # or any running Dask cluster
    >>> save_study(frame, study, "first.parquet"); study, frame = load_study("first.parquet")
    >>> frame = extend_study("first.parquet", 1000)   # 1,000 more games, the others kept

What a study says: the ruleset (``"kabetopo-4p"``, ``"kabetopo-2p"`` ... or ``"dakapo"``,
``"kaomi"``), its ``options`` (``{"speed_any_turn": True}``; for Dakapo ``size``,
``tabletop``; for Kaomi ``size``, ``squared``, ``komi``), the bots (one name for every
seat, a ``{seat: name}`` dict, or a list in seat order; ``rotate=True`` moves the list one
seat on every game, so each bot plays each seat equally often), how many games and the
seed.  Game ``i`` is set up and played from seeds made of (``seed``, ``i``) only, so a
study gives the same rows whatever cluster plays it, however many workers it has, and a
study extended later equals one run at its full size from the start.

``unit="match"`` plays whole Kabetopo matches instead of rounds (the players change seats
between rounds, K-MATCH-1; the bots belong to the players, named after their seats in
round 1): one row per match and player, with its place and the step of the tiebreaker
chain that decided it (``decided_by``).

The games are played in tasks of ``chunk`` games on Dask distributed: by default on a
``LocalCluster`` started for the study (one process per core) and closed after; with
``client=`` on an existing ``distributed.Client`` or scheduler address; ``client="serial"``
plays them in this process (no Dask: small studies, debugging).  Progress shows as a
tqdm bar (``progress=False`` hides it).

A study file is untrusted input.  Before a single row is read, ``load_study`` bounds the
file's footer (``MAX_FOOTER`` bytes) and its description (``MAX_DESCRIPTION`` characters,
nested at most ``MAX_DEPTH`` levels), compares the footer's row count with what the
description promises (one row per game and seat), and the rows' uncompressed size with
``MAX_BYTES_PER_ROW`` a row.  Then every row is checked against the description: its
game number, its seat (once per game), its seed (``game_seed``), its bot (``bots_for``),
its ruleset and rule options, and the columns' types (numbers in the numeric columns,
no missing values).  Anything else is a ``StudyFileError`` saying what is wrong.
``save_study`` refuses a frame that does not fit its study (``SettingError``), and
``extend_study`` checks the old rows and the new ones together before it saves: a file
never holds a mixture of studies.
"""
from __future__ import annotations

import functools
import json
import os
import random
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.verdict import SettingError, StudyFileError

FORMAT = "kabetopo-nb study 1"
SINGLE_RULESET_GAMES = ("dakapo", "kaomi")  # games whose one ruleset is named after the game
NAME = re.compile(r"[^\W_](?:[\w .+-]{0,78}[^\W.])?")  # a file name anywhere: no slash, no leading dot
MAX_SEED = 2**64 - 1
MAX_DESCRIPTION = 65_536  # characters of a file's study description (a real one has a few hundred)
MAX_DEPTH = 3  # nesting of a description: {..., "bots": [...], "options": {...}} is 2 levels
MAX_COLUMNS = 200  # a real study has 17 to 33
MAX_FOOTER = 16 * 2**20  # bytes of a file's Parquet footer (a real one: tens of kilobytes)
MAX_BYTES_PER_ROW = 2_048  # uncompressed, in the file; a real row takes 25 to 65 bytes

# the columns every row has, by kind (a game adds its own: Kabetopo's scoring lines, options ...)
COMMON_COLUMNS = ("round", "seed", "seat", "order", "bot", "scored", "failure", "points", "place", "win",
                  "actions", "turns", "decisions", "branching", "think_seconds", "ruleset")
UNIT_COLUMNS = {"round": ("reward",), "match": ("player", "decided_by", "rounds")}
INTEGER_COLUMNS = ("round", "seed", "order", "place", "actions", "turns", "decisions", "rounds", "stones",
                   "tadaima")
NUMBER_COLUMNS = ("points", "win", "reward", "branching", "think_seconds")
FLAG_COLUMNS = ("scored", "natural")
TEXT_COLUMNS = ("seat", "bot", "ruleset", "failure", "setup", "player", "decided_by")


@dataclass(frozen=True)
class Study:
    """What to play (see the module doc)."""

    ruleset: str = "kabetopo-4p"
    bots: Any = "greedy"
    rounds: int = 100
    seed: int = 0
    options: dict = field(default_factory=dict)
    rotate: bool = False
    name: str = ""
    chunk: int = 25
    unit: str = "round"

    def __post_init__(self):
        if not isinstance(self.name, str) or (self.name and not NAME.fullmatch(self.name)):
            raise SettingError(f"name is a short safe file name (up to 80 letters, digits, spaces and _ . + -, "
                               f"starting with a letter or digit, not ending in a space or dot), "
                               f"not {_shown(self.name)}")
        if not isinstance(self.rotate, bool):
            raise SettingError(f"rotate is True or False, not {_shown(self.rotate)}")
        if not isinstance(self.ruleset, str):
            raise SettingError(f"ruleset is a ruleset's name ('kabetopo-4p' ... 'dakapo', 'kaomi'), "
                               f"not {_shown(self.ruleset)}")
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) or not 1 <= self.rounds <= 10_000_000:
            raise SettingError(f"rounds is a whole number from 1 to 10,000,000, not {self.rounds!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or not -MAX_SEED <= self.seed <= MAX_SEED:
            raise SettingError(f"seed is a whole number below 2**64 in size, not {_shown(self.seed)}")
        if not isinstance(self.chunk, int) or isinstance(self.chunk, bool) or not 1 <= self.chunk <= 10_000:
            raise SettingError(f"chunk is a whole number from 1 to 10,000, not {self.chunk!r}")
        if not isinstance(self.options, dict) or not all(
                isinstance(k, str) and isinstance(v, (bool, int, float, str)) for k, v in self.options.items()):
            raise SettingError(f"options is a dict of option names to values (True, a number or a name), "
                               f"not {_shown(self.options)}")
        object.__setattr__(self, "options", dict(self.options))
        if not isinstance(self.unit, str) or self.unit not in ("round", "match"):
            raise SettingError(f"unit is 'round' or 'match', not {_shown(self.unit)}")
        if self.unit == "match" and self.ruleset in SINGLE_RULESET_GAMES:
            raise SettingError(f"{self.ruleset} has no matches: its games are studied one by one (unit='round')")
        seats = self.seats()  # checks the ruleset and options
        if isinstance(self.bots, (list, tuple)):
            if len(self.bots) != len(seats):
                raise SettingError(f"bots: {len(self.bots)} names for {len(seats)} seats ({', '.join(seats)})")
            object.__setattr__(self, "bots", list(self.bots))
        elif isinstance(self.bots, dict):
            unknown = set(self.bots) - set(seats)
            if unknown or set(self.bots) != set(seats):
                raise SettingError(f"bots: give a bot for every seat of {self.ruleset} ({', '.join(seats)}), "
                                 f"got {', '.join(map(str, self.bots))}")
            if self.rotate:
                raise SettingError("rotate needs the bots as a list in seat order")
        elif not isinstance(self.bots, str):
            raise SettingError(f"bots is a bot name, a {{seat: name}} dict or a list, not {self.bots!r}")
        from ..bots import make_bot

        for name in self._bot_names():
            make_bot(name)  # an unknown name is refused now, not in a worker

    def _bot_names(self) -> list[str]:
        if isinstance(self.bots, str):
            return [self.bots]
        return list(self.bots.values()) if isinstance(self.bots, dict) else list(self.bots)

    # --- the games -----------------------------------------------------------------------
    def new_game(self, seed: int):
        """Game number ``seed``'s starting state (a Kabetopo round is set up from ``seed``)."""
        from ..games import game
        from ..kabetopo.rules import Rules

        if self.ruleset in SINGLE_RULESET_GAMES:  # Dakapo, Kaomi: the ruleset is the game
            return game(self.ruleset).new_state(**self.options)
        return game("kabetopo").new_state(Rules.named(self.ruleset, **self.options), seed=seed)

    def seats(self) -> list[str]:
        from ..bots.evaluation import evaluation_for

        try:
            state = self.new_game(0)
        except TypeError as exc:
            raise SettingError(f"options {self.options!r} do not fit {self.ruleset}: {exc}") from exc
        return list(evaluation_for(state).seats(state.position))

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``: from the study's seed and the index only."""
        return random.Random(f"kabetopo-nb study/{self.seed}/{index}").getrandbits(32)

    def bots_for(self, index: int, seats: list[str]) -> dict[str, str]:
        if isinstance(self.bots, str):
            return dict.fromkeys(seats, self.bots)
        if isinstance(self.bots, dict):
            return dict(self.bots)
        shift = index % len(seats) if self.rotate else 0
        return {seat: self.bots[(k - shift) % len(seats)] for k, seat in enumerate(seats)}

    def describe(self) -> str:
        options = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return (f"{self.name or 'study'}: {self.ruleset}{' (' + options + ')' if options else ''}, "
                f"bots {self.bots}{' rotating' if self.rotate else ''}, {self.rounds} games, seed {self.seed}")

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, **asdict(self)}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Study:
        if not isinstance(text, str):
            raise StudyFileError(f"the study description is text, not {type(text).__name__}")
        if len(text) > MAX_DESCRIPTION:
            raise StudyFileError(f"the study description is {len(text):,} characters long; "
                                 f"a description has at most {MAX_DESCRIPTION:,}")
        if _nesting(text, MAX_DEPTH) > MAX_DEPTH:
            raise StudyFileError(f"the study description is nested more than {MAX_DEPTH} levels deep; a description "
                                 f"is {{..., \"bots\": [...], \"options\": {{...}}}}")
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            raise StudyFileError(f"the study description is not JSON: {exc}") from exc
        if not isinstance(data, dict) or data.pop("format", None) != FORMAT:
            raise StudyFileError(f"the study description is not a {FORMAT!r} description")
        try:
            return cls(**data)
        except (TypeError, ValueError) as exc:
            raise StudyFileError(f"the study description is invalid: {exc}") from exc


def _shown(value: Any) -> str:
    """``repr(value)``, cut short for a message."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # a deeply nested value, an int of 5,000 digits
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:60] + "..."


def _constant(text: str, _row: int) -> str:
    return text


def _nesting(text: str, limit: int) -> int:
    """How deep JSON ``text`` nests its arrays and objects (counting stops past ``limit``),
    without parsing it (``json.loads`` of deep text raises ``RecursionError``)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest


def play_games(study: Study | dict, start: int, stop: int) -> list[dict]:
    """Rows of games ``start`` .. ``stop - 1`` (one Dask task); depends on nothing else."""
    from ..bots import make_bot, play_game, play_match
    from .rows import common_rows, kabetopo_rows, match_rows

    if isinstance(study, dict):
        study = Study(**study)
    seats = study.seats()
    out = []
    for index in range(start, stop):
        seed = study.game_seed(index)
        names = study.bots_for(index, seats)
        if study.unit == "match":
            from ..kabetopo.match import Match
            from ..kabetopo.rules import Rules

            match = Match(Rules.named(study.ruleset, **study.options), seats, seed=seed)
            match_record = play_match(match, {player: make_bot(name) for player, name in names.items()}, seed=seed)
            match_record.bots = names
            rows = match_rows(match_record, index)
            for row in rows:
                row["ruleset"] = study.ruleset
            out.extend(rows)
            continue
        state = study.new_game(seed)
        start_position = state.position
        bots = {seat: make_bot(name) for seat, name in names.items()}
        record = play_game(state, bots, seed=seed)
        record.bots = names
        if state.game_name == "kabetopo":
            rows = kabetopo_rows(record, index, start_position)
        else:
            rows = common_rows(record, index)
        for row in rows:
            row["ruleset"] = study.ruleset
        out.extend(rows)
    return out


def run_study(study: Study, *, client: Any = None, workers: int | None = None, progress: bool = True,
              start: int = 0):
    """Play games ``start`` .. ``study.rounds - 1`` of ``study``; a pandas DataFrame of their rows."""
    import pandas as pd

    if not isinstance(start, int) or not 0 <= start <= study.rounds:
        raise SettingError(f"start is a game number from 0 to {study.rounds}, not {start!r}")
    bounds = [(a, min(a + study.chunk, study.rounds)) for a in range(start, study.rounds, study.chunk)]
    spec = asdict(study)
    if client == "serial":
        from tqdm.auto import tqdm

        results = [play_games(spec, a, b) for a, b in tqdm(bounds, disable=not progress, desc=study.name or "study",
                                                            unit="task")]
    else:
        results = _on_dask(spec, bounds, client, workers, progress, study.name or "study")
    rows = [row for chunk in results for row in chunk]
    return _frame(pd.DataFrame(rows, columns=_columns(rows)))


def local_cluster(workers: int | None = None):
    """The Dask ``LocalCluster`` a study starts for itself: ``workers`` processes (one per
    core by default) of one thread each, since the games are pure Python and threads would
    share one core (the GIL); everything on 127.0.0.1, no dashboard, and the scheduler's
    small HTTP server on a free port (two clusters never clash over port 8787)."""
    from distributed import LocalCluster

    n = workers or os.cpu_count() or 1
    return LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                        silence_logs=40)


def _on_dask(spec: dict, bounds: list, client: Any, workers: int | None, progress: bool, label: str) -> list:
    from distributed import Client, as_completed
    from tqdm.auto import tqdm

    own_cluster = own_client = None
    if client is None:
        own_cluster = local_cluster(workers)
        client = own_client = Client(own_cluster)
    elif isinstance(client, str):
        client = own_client = Client(client)
    try:
        futures = client.map(play_games, [spec] * len(bounds), [a for a, _ in bounds], [b for _, b in bounds],
                             pure=False)
        for _ in tqdm(as_completed(futures), total=len(futures), disable=not progress, desc=label, unit="task"):
            pass
        return client.gather(futures)  # in the order of the games, whoever played them
    finally:
        if own_client is not None:
            own_client.close()
        if own_cluster is not None:
            own_cluster.close()


def _columns(rows: list[dict]) -> list[str]:
    seen: dict[str, None] = {}
    for row in rows[:50]:
        seen.update(dict.fromkeys(row))
    return list(seen)


def _frame(frame):
    for col in ("seat", "bot", "ruleset"):
        if col in frame:
            frame[col] = frame[col].astype("string")
    return frame.reset_index(drop=True)


# --- saving, loading, extending -------------------------------------------------------------
def save_study(frame, study: Study, path) -> Path:
    """Write ``frame`` as Parquet with ``study``'s description in the file's metadata.  A
    frame that is not ``study``'s rows (see ``check_rows``) is refused (``SettingError``)."""
    if not isinstance(study, Study):
        raise SettingError(f"save_study needs the Study the frame was played from, not {_shown(study)}")
    check_rows(frame, study, error=SettingError, where="the frame")
    return _write(frame, study, Path(path))


def _write(frame, study: Study, path: Path) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(frame, preserve_index=False)
    meta = dict(table.schema.metadata or {})
    meta[b"kabetopo_nb.study"] = study.to_json().encode()
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table.replace_schema_metadata(meta), tmp)
    os.replace(tmp, path)  # a crash mid-write never leaves half a file under the name
    return path


def load_study(path) -> tuple[Study, Any]:
    """(the study, its DataFrame) from a file ``save_study`` wrote; anything else raises
    ``StudyFileError`` with the reason (see the module doc: the description and the size
    are checked before any row is read, then every row against the description)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = Path(path)
    footer = _footer_size(path)  # the footer (schema, row groups, description) is read whole on opening
    if footer > MAX_FOOTER:
        raise StudyFileError(f"{path.name}: its Parquet footer is {footer:,} bytes; a study's takes at most "
                             f"{MAX_FOOTER:,}")
    try:
        parquet = pq.ParquetFile(path)
    except (OSError, pa.ArrowException) as exc:
        raise StudyFileError(f"{path.name} is not a readable Parquet file: {exc}") from exc
    with parquet:
        meta = parquet.metadata
        raw = (parquet.schema_arrow.metadata or {}).get(b"kabetopo_nb.study")
        if raw is None:
            raise StudyFileError(f"{path.name} holds no study description (not written by save_study)")
        if len(raw) > MAX_DESCRIPTION:
            raise StudyFileError(f"{path.name}: the study description is {len(raw):,} bytes long; "
                                 f"a description has at most {MAX_DESCRIPTION:,}")
        try:
            study = Study.from_json(raw.decode("utf-8", "replace"))
        except StudyFileError as exc:
            raise StudyFileError(f"{path.name}: {exc}") from None
        seats = study.seats()
        promised = study.rounds * len(seats)
        if meta.num_rows != promised:
            raise StudyFileError(f"{path.name}: the description says {study.rounds} games, one row per seat "
                                 f"({len(seats)} seats: {promised:,} rows), the file holds {meta.num_rows:,} rows")
        if meta.num_columns > MAX_COLUMNS:
            raise StudyFileError(f"{path.name} has {meta.num_columns:,} columns; a study has at most {MAX_COLUMNS}")
        size = sum(meta.row_group(i).total_byte_size for i in range(meta.num_row_groups))
        if size > MAX_BYTES_PER_ROW * max(promised, 512):
            raise StudyFileError(f"{path.name}: its rows take {size:,} bytes once uncompressed, more than "
                                 f"{MAX_BYTES_PER_ROW:,} a row; a study's rows take under 100")
        try:
            # without the pandas metadata: the frame is built from the columns' types
            # alone (that metadata is more JSON a forged file could make deep or huge)
            table = parquet.read().replace_schema_metadata(None)
        except (OSError, pa.ArrowException) as exc:
            raise StudyFileError(f"{path.name}: its rows cannot be read: {exc}") from exc
    if table.num_rows != promised:  # the footer said otherwise
        raise StudyFileError(f"{path.name}: the footer promised {promised:,} rows, the file holds {table.num_rows:,}")
    if len(set(table.column_names)) != len(table.column_names):
        raise StudyFileError(f"{path.name} names a column twice")
    frame = table.to_pandas()
    check_rows(frame, study, error=StudyFileError, where=path.name)
    return study, _frame(frame)


def _footer_size(path: Path) -> int:
    """The length a Parquet file gives its footer (its last 8 bytes: the length, ``PAR1``),
    or 0 when it cannot tell (``ParquetFile`` then says what is wrong)."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            if f.tell() < 12:
                return 0
            f.seek(-8, os.SEEK_END)
            tail = f.read(8)
    except OSError:
        return 0
    return int.from_bytes(tail[:4], "little") if tail[4:] == b"PAR1" else 0


def check_rows(frame, study: Study, *, error: type[Exception] = StudyFileError, where: str = "the rows") -> None:
    """Raise ``error`` (``where: what is wrong``) unless ``frame`` is ``study``'s rows: the
    columns every row has, of their types, with no missing value; one row per game
    ``0 .. rounds - 1`` and seat; each row's seed that of its game, its bot the one the
    study gives its seat in that game, its ruleset and rule options the study's."""
    import numpy as np
    import pandas as pd
    from pandas.api import types

    from ..kabetopo.rules import OPTION_RULINGS
    from ..kabetopo.scoring import LINES as SCORING_LINES

    if not isinstance(frame, pd.DataFrame):
        raise error(f"{where}: a study's rows are a pandas DataFrame, not {type(frame).__name__}")
    seats = study.seats()
    if len(set(map(str, frame.columns))) != len(frame.columns) or not all(isinstance(c, str) for c in frame.columns):
        raise error(f"{where}: the column names are not distinct names")
    missing = set(COMMON_COLUMNS + UNIT_COLUMNS[study.unit]) - set(frame.columns)
    if missing:
        raise error(f"{where} lacks the column(s) {', '.join(sorted(missing))}")
    kinds = [(INTEGER_COLUMNS + SCORING_LINES, "whole numbers", types.is_integer_dtype),
             (NUMBER_COLUMNS, "numbers", lambda s: types.is_numeric_dtype(s) and not types.is_bool_dtype(s)),
             (FLAG_COLUMNS + tuple(OPTION_RULINGS), "True or False", types.is_bool_dtype),
             (TEXT_COLUMNS, "text", types.is_string_dtype)]
    for columns, kind, test in kinds:
        for col in columns:
            if col in frame.columns and not test(frame[col]):
                raise error(f"{where}: the column {col!r} holds {frame[col].dtype} values, not {kind}")
    for col in frame.columns:
        if frame[col].isna().any():
            first = int(np.flatnonzero(frame[col].isna().to_numpy())[0])
            raise error(f"{where}: the column {col!r} has a missing value (row {first})")
    for col in NUMBER_COLUMNS:
        if col in frame.columns and not np.isfinite(frame[col].to_numpy(dtype=float)).all():
            raise error(f"{where}: the column {col!r} holds a value that is not a finite number")

    def refuse(mask, what: Callable[[int], str]) -> None:
        bad = np.flatnonzero(np.asarray(mask, dtype=bool))
        if len(bad):
            i = int(bad[0])
            more = f" (and {len(bad) - 1:,} more rows)" if len(bad) > 1 else ""
            raise error(f"{where}: row {i} (game {frame['round'].iat[i]}, {_shown(frame['seat'].iat[i])}) "
                        f"{what(i)}{more}")

    expected = study.rounds * len(seats)
    if len(frame) != expected:
        raise error(f"{where}: the description says {study.rounds} games, one row per seat "
                    f"({len(seats)} seats: {expected:,} rows), the rows are {len(frame):,}")
    refuse(frame["ruleset"].to_numpy(dtype=object) != study.ruleset,
           lambda i: f"is a game of {_shown(frame['ruleset'].iat[i])}, the study's ruleset is {study.ruleset}")
    games = frame["round"].to_numpy(dtype=np.int64)
    refuse((games < 0) | (games >= study.rounds),
           lambda i: f"is no game of the study: its games are 0 to {study.rounds - 1}")
    seat_index = frame["seat"].map({seat: k for k, seat in enumerate(seats)})
    refuse(seat_index.isna().to_numpy(), lambda i: f"is not a seat of {study.ruleset} ({', '.join(seats)})")
    refuse(frame.duplicated(["round", "seat"]).to_numpy(), lambda i: "is there twice: one row per game and seat")
    seeds = np.fromiter((study.game_seed(g) for g in range(study.rounds)), dtype=np.int64, count=study.rounds)
    refuse(frame["seed"].to_numpy(dtype=np.int64) != seeds[games],
           lambda i: f"has the seed {frame['seed'].iat[i]}; the study's seed {study.seed} gives that game "
                     f"{seeds[games[i]]}")
    k = seat_index.to_numpy(dtype=np.int64)
    if isinstance(study.bots, str):
        bots = np.full(len(frame), study.bots, dtype=object)
    elif isinstance(study.bots, dict):
        bots = np.array([study.bots[s] for s in seats], dtype=object)[k]
    else:
        shift = games % len(seats) if study.rotate else 0
        bots = np.array(study.bots, dtype=object)[(k - shift) % len(seats)]
    refuse(frame["bot"].to_numpy(dtype=object) != bots,
           lambda i: f"is played by {_shown(frame['bot'].iat[i])}; the study gives that seat {bots[i]!r}")
    if study.ruleset not in SINGLE_RULESET_GAMES:
        from ..kabetopo.rules import Rules

        rules = Rules.named(study.ruleset, **study.options)
        for option in OPTION_RULINGS:
            if option in frame.columns:
                value = bool(getattr(rules, option))
                said = f"says {option} is {not value}; the study plays it {value}"
                refuse(frame[option].to_numpy(dtype=bool) != value, functools.partial(_constant, said))


def _with_new_options(frame, added, study: Study):
    """``frame`` (the saved rows) with a column for each rule option the engine gained after
    the file was saved (``no_drops``, KNB-15, for one), holding the value the study plays it
    with, in the order of ``added``'s columns; anything else is left for the checks to refuse."""
    from ..kabetopo.rules import OPTION_RULINGS, Rules

    new = [c for c in OPTION_RULINGS if c in added.columns and c not in frame.columns]
    if not new or study.ruleset in SINGLE_RULESET_GAMES or set(frame.columns) | set(new) != set(added.columns):
        return frame
    rules = Rules.named(study.ruleset, **study.options)
    return frame.assign(**{c: bool(getattr(rules, c)) for c in new})[list(added.columns)]


def extend_study(path, more: int, **run_options) -> Any:
    """Play ``more`` games after those saved in ``path`` and save them all; returns the frame.
    The old rows and the new ones are checked together first: the file is left as it was
    (``StudyFileError``) rather than saved as a mixture."""
    import pandas as pd

    if not isinstance(more, int) or isinstance(more, bool) or more < 1:
        raise SettingError(f"more is a whole number of games, at least 1, not {more!r}")
    path = Path(path)
    study, frame = load_study(path)
    bigger = Study(**{**asdict(study), "rounds": study.rounds + more})
    added = run_study(bigger, start=study.rounds, **run_options)
    frame = _with_new_options(frame, added, study)
    if list(added.columns) != list(frame.columns):
        raise StudyFileError(f"{path.name}: its columns ({', '.join(map(str, frame.columns))}) are not those of the "
                             f"games played now ({', '.join(map(str, added.columns))}); nothing was saved")
    whole = _frame(pd.concat([frame, added], ignore_index=True))
    check_rows(whole, bigger, error=StudyFileError, where=f"{path.name} extended")
    _write(whole, bigger, path)
    return whole
