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
"""
from __future__ import annotations

import json
import os
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.verdict import SettingError, StudyFileError

FORMAT = "kabetopo-nb study 1"
SINGLE_RULESET_GAMES = ("dakapo", "kaomi")  # games whose one ruleset is named after the game


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
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) or not 1 <= self.rounds <= 10_000_000:
            raise SettingError(f"rounds is a whole number from 1 to 10,000,000, not {self.rounds!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise SettingError(f"seed is a whole number, not {self.seed!r}")
        if not isinstance(self.chunk, int) or isinstance(self.chunk, bool) or not 1 <= self.chunk <= 10_000:
            raise SettingError(f"chunk is a whole number from 1 to 10,000, not {self.chunk!r}")
        if not isinstance(self.options, dict):
            raise SettingError(f"options is a dict of option names to values, not {self.options!r}")
        object.__setattr__(self, "options", dict(self.options))
        if self.unit not in ("round", "match"):
            raise SettingError(f"unit is 'round' or 'match', not {self.unit!r}")
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
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise StudyFileError(f"the study description is not JSON: {exc}") from exc
        if not isinstance(data, dict) or data.pop("format", None) != FORMAT:
            raise StudyFileError(f"the study description is not a {FORMAT!r} description")
        try:
            return cls(**data)
        except (TypeError, ValueError) as exc:
            raise StudyFileError(f"the study description is invalid: {exc}") from exc


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
    """Write ``frame`` as Parquet with ``study``'s description in the file's metadata."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = Path(path)
    table = pa.Table.from_pandas(frame, preserve_index=False)
    meta = dict(table.schema.metadata or {})
    meta[b"kabetopo_nb.study"] = study.to_json().encode()
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table.replace_schema_metadata(meta), tmp)
    os.replace(tmp, path)  # a crash mid-write never leaves half a file under the name
    return path


def load_study(path) -> tuple[Study, Any]:
    """(the study, its DataFrame) from a file ``save_study`` wrote; anything else raises
    ``StudyFileError`` with the reason."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = Path(path)
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise StudyFileError(f"{path.name} is not a readable Parquet file: {exc}") from exc
    raw = (table.schema.metadata or {}).get(b"kabetopo_nb.study")
    if raw is None:
        raise StudyFileError(f"{path.name} holds no study description (not written by save_study)")
    study = Study.from_json(raw.decode("utf-8", "replace"))
    frame = _frame(table.to_pandas())
    seats = study.seats()
    missing = {"round", "seat", "bot", "points", "place", "win", "scored"} - set(frame.columns)
    if missing:
        raise StudyFileError(f"{path.name} lacks the column(s) {', '.join(sorted(missing))}")
    games = sorted(set(frame["round"]))
    if games != list(range(len(games))) or len(frame) != len(games) * len(seats):
        raise StudyFileError(f"{path.name}: the rows are not games 0..n-1 with one row per seat "
                             f"({len(frame)} rows, {len(games)} games, {len(seats)} seats)")
    if len(games) != study.rounds:
        raise StudyFileError(f"{path.name}: the description says {study.rounds} games, the rows hold {len(games)}")
    if set(frame["seat"]) - set(seats):
        raise StudyFileError(f"{path.name}: seats {sorted(set(frame['seat']) - set(seats))} are not {study.ruleset}'s")
    return study, frame


def extend_study(path, more: int, **run_options) -> Any:
    """Play ``more`` games after those saved in ``path`` and save them all; returns the frame."""
    import pandas as pd

    if not isinstance(more, int) or isinstance(more, bool) or more < 1:
        raise SettingError(f"more is a whole number of games, at least 1, not {more!r}")
    study, frame = load_study(path)
    bigger = Study(**{**asdict(study), "rounds": study.rounds + more})
    added = run_study(bigger, start=study.rounds, **run_options)
    whole = _frame(pd.concat([frame, added], ignore_index=True))
    save_study(whole, bigger, path)
    return whole
