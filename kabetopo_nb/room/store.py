"""The room's store: one SQLite file per room (the standard library's ``sqlite3``, WAL).

Schema (``SCHEMA``; ``meta`` names the format and its version):

* ``tables``: one row per table: ``kind`` (a game of ``kabetopo_nb.games.GAMES``),
  ``ruleset`` and ``options`` (JSON), ``seed`` (decimal text: a match's seed reaches
  2**64-1, past SQLite's integers), ``players`` (JSON list of names), ``teaching`` (a
  Kabetopo teaching variant or NULL), ``created``, ``paused`` (0/1) and ``pause_reason``,
  ``unscored`` (why the table is no longer scored: a bot failed or was cut off, or NULL),
  ``rounds_begun`` (a match's rounds begun: a next round asked for before its first action);
* ``seats``: one row per seat of a table: its player's ``name``, ``kind`` (``human`` or
  ``bot``, as the table was made) and ``bot`` (the bot playing it now: the bot seat's own,
  or one that took over a human's seat; NULL when a human plays it);
* ``tokens``: one row per link ever issued: the token's SHA-256 ``digest`` (hex, 64
  characters; the token itself is never stored), its table, its seat (NULL for the table's
  watchers), ``issued`` and ``revoked`` (NULL while it is live);
* ``actions``: the numbered actions of each table, ``(table_id, number)`` unique, with the
  ``seat`` that made it (NULL for the room's own: a setup roll) and its text;
* ``progress``: learners' challenges, one row per participant, section and challenge;
* ``learners``: the room's learners' links (one live at a time): each token's SHA-256
  ``digest``, ``issued`` and ``revoked`` (NULL while it is live).
* ``tournaments``: one row per tournament: its ``spec`` (JSON, ``tournament.TournamentSpec``);
  ``tournament_tables``: the tables of each of its matches (``match`` from 1, ``position``
  the table's place in the match), each table in at most one tournament.

Every write is one transaction, committed before the call returns: an action is on disk
before the room applies it in memory or tells anyone.  The file is opened with an exclusive
lock (``locking_mode=EXCLUSIVE``), so a second room cannot open it while this one runs
(``StoreError``).  An existing file is only read until the room has replayed it
(``check_format``, ``rows``); nothing is written to a file the room refuses.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .protocol import StoreError

try:
    import sqlite3
except ImportError:  # JupyterLite's kernel (Pyodide) has no _sqlite3: it never opens a store, but a
    # learner's notebook imports this package there (kabetopo_nb.room.learners)
    sqlite3 = None  # type: ignore[assignment]

FORMAT = "kabetopo-nb-room"
VERSION = 1
DIGEST_LENGTH = 64  # SHA-256, in hex
SEAT_KINDS = ("human", "bot")

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    players TEXT NOT NULL,
    teaching TEXT,
    created TEXT NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0,
    pause_reason TEXT NOT NULL DEFAULT '',
    unscored TEXT,
    rounds_begun INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE tokens (
    digest TEXT PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER,
    issued TEXT NOT NULL,
    revoked TEXT
);
CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    spec TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    match INTEGER NOT NULL,
    position INTEGER NOT NULL,
    table_id INTEGER NOT NULL UNIQUE REFERENCES tables(id),
    PRIMARY KEY (tournament_id, match, position)
);
CREATE TABLE progress (
    participant TEXT NOT NULL,
    section TEXT NOT NULL,
    challenge TEXT NOT NULL,
    done INTEGER NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (participant, section, challenge)
);
CREATE TABLE learners (
    digest TEXT PRIMARY KEY,
    issued TEXT NOT NULL,
    revoked TEXT
);
"""
TABLE_NAMES = ("meta", "tables", "seats", "tokens", "actions", "progress", "learners", "tournaments",
               "tournament_tables")


def now() -> str:
    """The time of a row: ISO 8601, UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class TableRow:
    id: int
    kind: str
    ruleset: str
    options: str
    seed: str
    players: str
    teaching: str | None
    created: str
    paused: int
    pause_reason: str
    unscored: str | None
    rounds_begun: int


@dataclass(frozen=True)
class SeatRow:
    table_id: int
    seat: int
    name: str
    kind: str
    bot: str | None


@dataclass(frozen=True)
class TokenRow:
    rowid: int
    digest: str
    table_id: int
    seat: int | None
    issued: str
    revoked: str | None


@dataclass(frozen=True)
class ActionRow:
    table_id: int
    number: int
    seat: int | None
    action: str
    at: str


class Store:
    """One room's SQLite file (see the module doc).  ``Store(path)`` opens or creates it;
    a file that is no room's store, of another version, or in use raises ``StoreError``."""

    def __init__(self, path: str | os.PathLike, *, timeout: float = 1.0, synchronous: str = "FULL"):
        self.path = Path(path)
        if synchronous not in ("FULL", "NORMAL"):
            raise StoreError(f"synchronous is 'FULL' or 'NORMAL', not {synchronous!r}")
        if self.path.exists() and not self.path.is_file():
            raise StoreError(f"{self.path} is not a file: a room's store is one SQLite file")
        self.new = not self.path.exists() or self.path.stat().st_size == 0
        if sqlite3 is None:
            raise StoreError("this Python has no sqlite3 (JupyterLite's kernel): a room's store cannot be opened here")
        try:
            self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path} cannot be opened: {exc}") from None
        self._wal = False
        try:
            self.db.execute("PRAGMA locking_mode=EXCLUSIVE")  # one room per file, while it runs
            self.db.execute(f"PRAGMA synchronous={synchronous}")
            self.db.execute("PRAGMA foreign_keys=ON")
            if self.new:
                self._wal_mode()
                with self.transaction():
                    for statement in SCHEMA.split(";"):
                        if statement.strip():
                            self.db.execute(statement)
                    self.db.executemany("INSERT INTO meta VALUES (?, ?)",
                                        [("format", FORMAT), ("version", str(VERSION)), ("created", now())])
            else:
                self.check_format()
        except sqlite3.OperationalError as exc:
            self.db.close()
            if "locked" in str(exc):
                raise StoreError(f"{self.path} is in use by another room (one room per file)") from None
            raise StoreError(f"{self.path} cannot be used as a room's store: {exc}") from None
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise StoreError(f"{self.path} is not a room's store: {exc}") from None
        except StoreError:
            self.db.close()
            raise

    # --- opening ---------------------------------------------------------------------------
    def check_format(self) -> None:
        """The file is a room's store of this version (read only)."""
        names = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = [t for t in TABLE_NAMES if t not in names]
        if missing:
            raise StoreError(f"{self.path} is not a room's store: it has no table(s) {', '.join(missing)}")
        meta = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("format") != FORMAT:
            raise StoreError(f"{self.path} is not a room's store: its format is {meta.get('format')!r}, not {FORMAT!r}")
        if meta.get("version") != str(VERSION):
            raise StoreError(f"{self.path} is a room's store of version {meta.get('version')!r}; "
                             f"this release reads version {VERSION}")

    def accept(self) -> None:
        """The room replayed the file: from now on it may write to it (in WAL mode)."""
        self._wal_mode()

    def _wal_mode(self) -> None:
        if not self._wal:
            mode = self.db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"{self.path} cannot be put in WAL mode (it stays {mode!r})")
            self._wal = True

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction, committed on leaving (rolled back on an error)."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _write(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        if not self._wal:
            raise StoreError("the room's store is written only after it was replayed (Store.accept)")
        try:
            with self.transaction() as db:
                return db.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"{self.path}: the store refused the write ({exc})") from None
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the write failed ({exc})") from None

    # --- reading -----------------------------------------------------------------------------
    def tables(self) -> list[TableRow]:
        rows = self.db.execute("SELECT id, kind, ruleset, options, seed, players, teaching, created, paused, "
                               "pause_reason, unscored, rounds_begun FROM tables ORDER BY id").fetchall()
        return [TableRow(*r) for r in rows]

    def seats(self, table_id: int) -> list[SeatRow]:
        rows = self.db.execute("SELECT table_id, seat, name, kind, bot FROM seats WHERE table_id = ? ORDER BY seat",
                               (table_id,)).fetchall()
        return [SeatRow(*r) for r in rows]

    def tokens(self, table_id: int) -> list[TokenRow]:
        rows = self.db.execute("SELECT rowid, digest, table_id, seat, issued, revoked FROM tokens WHERE table_id = ? "
                               "ORDER BY rowid", (table_id,)).fetchall()
        return [TokenRow(*r) for r in rows]

    def actions(self, table_id: int) -> list[ActionRow]:
        rows = self.db.execute("SELECT table_id, number, seat, action, at FROM actions WHERE table_id = ? "
                               "ORDER BY number", (table_id,)).fetchall()
        return [ActionRow(*r) for r in rows]

    def learner_digests(self) -> list[tuple[int, str, str | None]]:
        """Every learners' link ever issued: (rowid, digest, revoked or None), oldest first."""
        return [(r[0], r[1], r[2]) for r in self.db.execute("SELECT rowid, digest, revoked FROM learners ORDER BY rowid")]

    def progress(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT participant, section, challenge, done, at FROM progress "
                               "ORDER BY participant, section, challenge").fetchall()
        return [{"participant": p, "section": s, "challenge": c, "done": bool(d), "at": at} for p, s, c, d, at in rows]

    # --- writing -------------------------------------------------------------------------------
    def add_table(self, *, kind: str, ruleset: str, options: dict, seed: int, players: list[str],
                  teaching: str | None, seats: list[tuple[str, str, str | None]],
                  digests: list[tuple[str, int | None]]) -> int:
        """A new table with its seats (name, kind, bot) and its first tokens (digest, seat or
        None for the watchers), in one transaction; its id."""
        if not self._wal:
            raise StoreError("the room's store is written only after it was replayed (Store.accept)")
        at = now()
        try:
            with self.transaction() as db:
                cursor = db.execute(
                    "INSERT INTO tables (kind, ruleset, options, seed, players, teaching, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (kind, ruleset, json.dumps(options, sort_keys=True), str(seed), json.dumps(players), teaching, at))
                table_id = cursor.lastrowid
                assert table_id is not None  # an INSERT names its row
                db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                               [(table_id, i, name, kind_, bot) for i, (name, kind_, bot) in enumerate(seats)])
                db.executemany("INSERT INTO tokens VALUES (?, ?, ?, ?, NULL)",
                               [(digest, table_id, seat, at) for digest, seat in digests])
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the table could not be stored ({exc})") from None
        return table_id

    def append_action(self, table_id: int, number: int, seat: int | None, action: str) -> None:
        """Action ``number`` of a table, committed (a number already stored is refused)."""
        self._write("INSERT INTO actions VALUES (?, ?, ?, ?, ?)", (table_id, number, seat, action, now()))

    def set_paused(self, table_id: int, paused: bool, reason: str = "") -> None:
        self._write("UPDATE tables SET paused = ?, pause_reason = ? WHERE id = ?", (int(paused), reason, table_id))

    def set_unscored(self, table_id: int, reason: str | None) -> None:
        self._write("UPDATE tables SET unscored = ? WHERE id = ?", (reason, table_id))

    def set_rounds_begun(self, table_id: int, rounds: int) -> None:
        self._write("UPDATE tables SET rounds_begun = ? WHERE id = ?", (rounds, table_id))

    def set_bot(self, table_id: int, seat: int, bot: str | None) -> None:
        self._write("UPDATE seats SET bot = ? WHERE table_id = ? AND seat = ?", (bot, table_id, seat))

    def replace_token(self, table_id: int, seat: int | None, digest: str) -> None:
        """Revoke the live token(s) of a seat (or of the watchers: ``seat`` None) and store the
        new one, in one transaction."""
        if not self._wal:
            raise StoreError("the room's store is written only after it was replayed (Store.accept)")
        at = now()
        which = "seat IS NULL" if seat is None else "seat = ?"
        params: tuple = (at, table_id) if seat is None else (at, table_id, seat)
        try:
            with self.transaction() as db:
                db.execute(f"UPDATE tokens SET revoked = ? WHERE table_id = ? AND {which} AND revoked IS NULL", params)
                db.execute("INSERT INTO tokens VALUES (?, ?, ?, ?, NULL)", (digest, table_id, seat, at))
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the new link could not be stored ({exc})") from None

    def replace_learners(self, digest: str) -> None:
        """Revoke the live learners' link (if any) and store the new one, in one transaction."""
        if not self._wal:
            raise StoreError("the room's store is written only after it was replayed (Store.accept)")
        at = now()
        try:
            with self.transaction() as db:
                db.execute("UPDATE learners SET revoked = ? WHERE revoked IS NULL", (at,))
                db.execute("INSERT INTO learners VALUES (?, ?, NULL)", (digest, at))
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the new learners' link could not be stored ({exc})") from None

    def set_progress(self, participant: str, section: str, challenge: str, done: bool) -> None:
        self._write("INSERT INTO progress VALUES (?, ?, ?, ?, ?) ON CONFLICT (participant, section, challenge) "
                    "DO UPDATE SET done = excluded.done, at = excluded.at",
                    (participant, section, challenge, int(done), now()))

    # --- tournaments ------------------------------------------------------------------------------
    def add_tournament(self, spec: str, table_ids: list[int]) -> int:
        """A new tournament (its spec as JSON) with its first match's tables, in one
        transaction; its id."""
        if not self._wal:
            raise StoreError("the room's store is written only after it was replayed (Store.accept)")
        try:
            with self.transaction() as db:
                cursor = db.execute("INSERT INTO tournaments (spec, created) VALUES (?, ?)", (spec, now()))
                tid = cursor.lastrowid
                assert tid is not None
                db.executemany("INSERT INTO tournament_tables VALUES (?, ?, ?, ?)",
                               [(tid, 1, i, t) for i, t in enumerate(table_ids)])
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the tournament could not be stored ({exc})") from None
        return tid

    def add_tournament_tables(self, tournament_id: int, match: int, table_ids: list[int]) -> None:
        """The tables of a tournament's match, in their order, in one transaction."""
        if not self._wal:
            raise StoreError("the room's store is written only after it was replayed (Store.accept)")
        try:
            with self.transaction() as db:
                db.executemany("INSERT INTO tournament_tables VALUES (?, ?, ?, ?)",
                               [(tournament_id, match, i, t) for i, t in enumerate(table_ids)])
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the tournament's tables could not be stored ({exc})") from None

    def tournaments(self) -> list[tuple[int, str, list[list[int]]]]:
        """Every tournament: (id, spec JSON, its matches' table ids, match by match)."""
        out = []
        for tid, spec in self.db.execute("SELECT id, spec FROM tournaments ORDER BY id").fetchall():
            matches: list[list[int]] = []
            for match, _position, table_id in self.db.execute(
                    "SELECT match, position, table_id FROM tournament_tables WHERE tournament_id = ? "
                    "ORDER BY match, position", (tid,)).fetchall():
                while len(matches) < match:
                    matches.append([])
                matches[match - 1].append(table_id)
            out.append((tid, spec, matches))
        return out


__all__ = ["DIGEST_LENGTH", "FORMAT", "SCHEMA", "SEAT_KINDS", "VERSION", "ActionRow", "SeatRow", "Store", "TableRow",
           "TokenRow"]
