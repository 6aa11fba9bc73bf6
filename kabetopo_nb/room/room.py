"""The room: every table of a workshop, the links that reach them, the bots thinking off the
event loop, and the listeners told of every change (docs/ROOM.md).

    >>> room = Room.open("workshop.room")                   # a new file, or every table resumed
    >>> new = room.create_table("kabetopo", ["Aiko", "Ben", "Chidi", "Dana"], seed=2024,
    ...                         seats=["human", "human", "human", "greedy"])
    >>> room.apply(new.seat_tokens[0], room.table(new.table).number, "step e6")
    >>> room.listen(print)                                  # every event, as it happens

**Tokens.**  Every seat has a join link whose token is ``secrets.token_urlsafe(32)``; each
table has one more for its watchers (read only).  The store keeps only their SHA-256
digests, and a token is compared with ``hmac.compare_digest``.  A seat's token acts for
that seat at that table only.  ``revoke`` makes a new token at once: the old one is dead
(``RevokedToken``), its connections are closed and the listeners told (``seat-revoked``)
so that the web layer closes their sockets.  Tokens are shown when they are made
(``NewTable``, ``revoke``) and by ``links`` while this room runs; after a restart only
their digests are left, and a seat's link is shown again by reissuing it.

**Acting.**  ``apply(token, number, action)`` checks the token (check 1 of docs/ROOM.md),
then the table checks the rest (``tables.Table.apply``); an accepted action is committed
to the store before it is applied and before the listeners hear of it.  Every refusal is a
``RoomError`` naming what is wrong; nothing changes.  ``Connection`` is what one client's
socket is: the size and rate of its messages bounded, each message parsed and answered.

**The teacher** (no authentication here: the hosts give it) creates tables, pauses and
resumes them, lets a bot take over a seat and gives it back, revokes links, lists the
tables with their round, whose turn and scores, and exports results and saves.

**Bots** think in the room's ``executor`` (a ``ProcessPoolExecutor`` for real use, so that
a thinking bot never holds up the event loop or another table; any ``concurrent.futures``
executor will do): ``submit_bots`` hands every due bot its decision (the game's save, the
bot's name, a generator seeded from the table's seed, round and ply: the same seed gives
the same games), and ``collect_bots`` applies the answers through the same numbered apply,
under the number each bot was asked at (an answer that comes too late is dropped).
``bot_moves`` (blocking) and ``run_bots`` (async) do both until no bot is due.  A bot that
fails, or a round still running after ``MAX_ACTIONS`` actions (K-SIM-1), stops the
table's bots and marks it not scored, as on the match board.

The room is used from one thread (the event loop's); only the bots' thinking leaves it.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import hmac
import json
import logging
import os
import random
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import BotFailure, ask, make_bot
from ..bots.referee import MAX_ACTIONS
from ..challenges import challenge, challenges
from ..core.verdict import SaveFormatError, SettingError
from ..games import GAMES
from ..kabetopo.match import MAX_REASON
from .protocol import (
    ConnectionClosed,
    DamagedStore,
    Event,
    Limits,
    MessageError,
    RateLimited,
    ReadOnlyToken,
    RevokedToken,
    RoomError,
    RoomSetupError,
    TokenBucket,
    TooManyConnections,
    TooManyTables,
    UnknownTable,
    UnknownToken,
    WrongTable,
    check_name,
    check_text,
    parse_message,
)
from .store import DIGEST_LENGTH, SEAT_KINDS, Store, TableRow
from .tables import HUMAN, Seat, Table, check_seat_kinds, table_spec
from .tournament import (
    Seating,
    TableResult,
    TournamentSpec,
    first_match,
    next_match,
    standings,
    table_points,
    tournament_spec,
)

log = logging.getLogger(__name__)

TOKEN_BYTES = 32
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)
HEX = re.compile(r"[0-9a-f]{64}")
MAX_PAUSE_REASON = 200
BotFactory = Callable[[str], Any]


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """A token's SHA-256 digest, in hex: all the store keeps of it."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


class UnknownChallenge(RoomSetupError):
    """A learner's report of a challenge this package does not have, or not in that section."""

    code = "unknown-challenge"


@dataclass(frozen=True)
class Credential:
    """What a live token is: its table, and its seat (None: the table's watchers)."""

    table: int
    seat: int | None
    digest: str = field(repr=False)

    @property
    def read_only(self) -> bool:
        return self.seat is None


@dataclass(frozen=True)
class NewTable:
    """A table just made: its number, one token per seat (in the players' order) and the
    watchers' token.  The tokens are shown now; the store keeps only their digests."""

    table: int
    seat_tokens: tuple[str, ...] = field(repr=False)
    watcher_token: str = field(repr=False)


# --- bots, in the executor --------------------------------------------------------------------------


def think(game: str, save: str, bot: str, rng_key: str, factory: BotFactory = make_bot) -> tuple[str, str]:
    """One bot decision, in a worker: ``("action", text)`` or ``("failure", why)``.  The state
    is rebuilt from its save (history included: bots avoid positions seen twice) and the bot
    made by name, so that only text crosses to a worker process."""
    try:
        state = GAMES[game].state.load(save)
        player = factory(bot)
    except (SaveFormatError, SettingError, KeyError) as exc:
        return "failure", f"could not be asked: {exc}"
    try:
        action, _ = ask(player, state, random.Random(rng_key))
    except BotFailure as failure:
        return "failure", failure.reason
    return "action", str(action)


@dataclass
class BotJob:
    """A bot's decision handed to the executor: asked at ``number`` for ``seat``."""

    table: int
    seat: int
    number: int
    bot: str
    future: concurrent.futures.Future


# --- connections --------------------------------------------------------------------------------------


class Connection:
    """One client's connection to a table (a socket, in the web layer): its seat or the
    watchers', its message rate (a ``TokenBucket``) and ``receive``, which checks a message
    and answers it with a reply dict (a refusal is a reply too, with its error code)."""

    def __init__(self, room: Room, token: str, credential: Credential, number: int, clock: Callable[[], float]):
        self.room, self._token, self.credential, self.id = room, token, credential, number
        limits = room.limits
        self.bucket = TokenBucket(limits.messages_per_second, limits.burst, clock)
        self.closed = ""  # why the room closed it ("" while open)
        self.view: Any = None  # the seat's board view (``views.py``), when the web layer gives one

    @property
    def table(self) -> int:
        return self.credential.table

    @property
    def seat(self) -> int | None:
        return self.credential.seat

    def close(self, reason: str) -> None:
        if not self.closed:
            self.closed = reason
            self.room._forget(self)

    def act(self, number: Any, action: Any) -> dict[str, Any]:
        """The seat's action under ``number`` (``Room.apply`` with this connection's token)."""
        if self.closed:
            raise ConnectionClosed(f"this connection was closed: {self.closed}")
        return self.room.apply(self._token, number, action)

    def next_round(self, number: Any) -> dict[str, Any]:
        if self.closed:
            raise ConnectionClosed(f"this connection was closed: {self.closed}")
        return self.room.next_round(self._token, number)

    def receive(self, raw: str | bytes) -> dict[str, Any]:
        """Answer one message from the client (docs/ROOM.md; ``protocol.parse_message``)."""
        msg_id = None
        room = self.room
        try:
            if self.closed:
                raise ConnectionClosed(f"this connection was closed: {self.closed}")
            if not self.bucket.take():
                raise RateLimited(f"too many messages: at most {room.limits.messages_per_second:g} a second "
                                  f"(bursts of {room.limits.burst})")
            message = parse_message(raw, room.limits)
            msg_id = message.id
            if message.type == "act":
                result = self.act(message.number, message.action)
            elif message.type == "next-round":
                result = self.next_round(message.number)
            elif message.type == "sync":
                result = room.snapshot(self._token)
            else:
                if self.view is None:
                    raise MessageError("this connection shows no board: send 'act' messages", code="no-view")
                result = self.view.intent(message.intent)
        except RoomError as exc:
            return exc.reply(msg_id)
        return {"type": "reply", "id": msg_id, **result}


@dataclass
class Tournament:
    """A tournament of the room: its settings and its matches' tables (ids, match by match)."""

    id: int
    spec: TournamentSpec
    matches: list[list[int]]


# --- the room ----------------------------------------------------------------------------------------


class Room:
    """Every table of one workshop room, kept in one SQLite file (see the module doc).
    Open one with ``Room.open(path)``."""

    def __init__(self, store: Store, *, executor: concurrent.futures.Executor | None = None,
                 limits: Limits | None = None, bot_factory: BotFactory = make_bot,
                 clock: Callable[[], float] = time.monotonic):
        self.store = store
        self.executor = executor
        self.limits = limits if limits is not None else Limits()
        self.bot_factory = bot_factory
        self.clock = clock
        self._tables: dict[int, Table] = {}
        self._live: dict[str, Credential] = {}  # digest -> credential
        self._revoked: dict[str, Credential] = {}
        self._shown: dict[tuple[int, int | None], str] = {}  # tokens made by this room, while it runs
        self._listeners: list[Callable[[Event], None]] = []
        self._connections: dict[int, Connection] = {}
        self._next_connection = 1
        self._jobs: dict[int, BotJob] = {}  # table -> the bot decision being thought out
        self._learners: str | None = None  # the live learners' link's digest
        self._learners_revoked: set[str] = set()
        self._learners_shown: str | None = None  # the learners' token, when this room made it
        self._tournaments: list[Tournament] = []  # every tournament, the current one last

    # --- opening and closing ---------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike, *, executor: concurrent.futures.Executor | None = None,
             limits: Limits | None = None, bot_factory: BotFactory = make_bot,
             clock: Callable[[], float] = time.monotonic) -> Room:
        """The room kept in ``path``: a new file, or every table replayed from it exactly.
        A file that is no room's, in use or damaged is refused (``StoreError``,
        ``DamagedStore`` naming the table and row) and left as it was."""
        store = Store(path)
        try:
            room = cls(store, executor=executor, limits=limits, bot_factory=bot_factory, clock=clock)
            room._load()
            store.accept()
        except BaseException:
            store.close()
            raise
        for table in room._tables.values():
            room._emit(table.advance())  # a roll or a round the room had not made when it stopped
        return room

    def close(self) -> None:
        """Close every connection and the store (the executor is its owner's)."""
        for connection in list(self._connections.values()):
            connection.close("the room was closed")
        for job in self._jobs.values():
            job.future.cancel()
        self._jobs.clear()
        self.store.close()

    def __enter__(self) -> Room:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _load(self) -> None:
        store = self.store
        path = str(store.path)
        for rowid, digest, revoked in store.learner_digests():
            where = f"learners row {rowid}"
            if not isinstance(digest, str) or not HEX.fullmatch(digest):
                raise DamagedStore(path, None, where, f"a SHA-256 digest is {DIGEST_LENGTH} hex digits")
            if revoked is not None:
                self._learners_revoked.add(digest)
            elif self._learners is not None:
                raise DamagedStore(path, None, where, "two live learners' links")
            else:
                self._learners = digest
        for row in store.tables():
            table = self._table_from_row(row, path)
            table.restore(store.actions(row.id), row.rounds_begun, path=path)
            self._tables[row.id] = table
        for tid, spec_text, matches in store.tournaments():
            try:
                spec = TournamentSpec.from_json(spec_text)
            except (ValueError, TypeError, RoomSetupError) as exc:
                raise DamagedStore(path, None, f"tournament {tid}", f"its spec is not one: {exc}") from None
            for m, ids in enumerate(matches, 1):
                if not ids or any(t not in self._tables for t in ids):
                    raise DamagedStore(path, None, f"tournament {tid}", f"match {m} names no table or a missing one")
            self._tournaments.append(Tournament(tid, spec, matches))

    def _table_from_row(self, row: TableRow, path: str) -> Table:
        def damaged(where: str, reason: str) -> DamagedStore:
            return DamagedStore(path, row.id, where, reason)

        try:
            options = json.loads(row.options)
            players = json.loads(row.players)
        except (TypeError, ValueError) as exc:
            raise damaged("its tables row", f"options or players are not JSON ({exc})") from None
        if not isinstance(row.seed, str) or not row.seed.isdigit():
            raise damaged("its tables row", f"the seed is not a whole number: {row.seed!r}")
        if row.paused not in (0, 1) or not isinstance(row.pause_reason, str):
            raise damaged("its tables row", f"paused is 0 or 1, not {row.paused!r}")
        if row.unscored is not None and not isinstance(row.unscored, str):
            raise damaged("its tables row", f"unscored is text or NULL, not {row.unscored!r}")
        if not isinstance(row.rounds_begun, int) or row.rounds_begun < 1:
            raise damaged("its tables row", f"rounds_begun is a whole number from 1, not {row.rounds_begun!r}")
        try:
            spec = table_spec(row.kind, players, ruleset=row.ruleset, options=options, seed=int(row.seed),
                              teaching=row.teaching)
        except RoomSetupError as exc:
            raise damaged("its tables row", str(exc)) from None
        if spec.ruleset != row.ruleset or spec.options != options:
            raise damaged("its tables row", f"the ruleset and options are not as the room writes them "
                                            f"({spec.ruleset!r}, {spec.options!r})")
        seats = []
        rows = store_seats = self.store.seats(row.id)
        if [s.seat for s in rows] != list(range(len(spec.players))):
            raise damaged("its seats", f"{len(store_seats)} seat rows for {len(spec.players)} players")
        for s in rows:
            where = f"seat {s.seat}"
            if s.name != spec.players[s.seat] or s.kind not in SEAT_KINDS:
                raise damaged(where, f"name {s.name!r} and kind {s.kind!r} are not the table's")
            if s.bot is not None:
                try:
                    check_seat_kinds((s.name,), [s.bot])
                    self.bot_factory(s.bot)
                except (RoomSetupError, SettingError) as exc:
                    raise damaged(where, f"its bot {s.bot!r} is not one: {exc}") from None
            seats.append(Seat(s.seat, s.name, s.kind, s.bot))
        live: dict[int | None, str] = {}
        for t in self.store.tokens(row.id):
            where = f"tokens row {t.rowid} ({'the watchers' if t.seat is None else f'seat {t.seat}'})"
            if not isinstance(t.digest, str) or len(t.digest) != DIGEST_LENGTH or not HEX.fullmatch(t.digest):
                shown = len(t.digest) if isinstance(t.digest, str) else type(t.digest).__name__
                raise damaged(where, f"a SHA-256 digest is {DIGEST_LENGTH} hex digits, not {shown}")
            if t.seat is not None and t.seat not in range(len(seats)):
                raise damaged(where, f"seat {t.seat!r} is no seat of the table")
            credential = Credential(row.id, t.seat, t.digest)
            if t.revoked is None:
                if t.seat in live:
                    raise damaged(where, "two live tokens for one seat")
                live[t.seat] = t.digest
                self._live[t.digest] = credential
            else:
                self._revoked[t.digest] = credential
        missing = [s for s in [*range(len(seats)), None] if s not in live]
        if missing:
            raise damaged(f"the tokens ({'the watchers' if missing[0] is None else f'seat {missing[0]}'})",
                          "no live token")
        return self._make_table(row.id, spec, seats, paused=bool(row.paused), pause_reason=row.pause_reason,
                                unscored=row.unscored)

    def _make_table(self, table_id: int, spec, seats: list[Seat], **state: Any) -> Table:
        store = self.store

        def commit(number: int, seat: int | None, text: str) -> None:
            store.append_action(table_id, number, seat, text)

        def begin_round(rounds: int) -> None:
            store.set_rounds_begun(table_id, rounds)

        return Table(table_id, spec, seats, commit=commit, begin_round=begin_round, **state)

    # --- listeners ------------------------------------------------------------------------------------
    def listen(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Tell ``callback`` every event from now on (``protocol.EVENT_KINDS``); returns the
        function that stops it.  A listener that raises is logged, never undoes an action."""
        self._listeners.append(callback)

        def stop() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return stop

    def _emit(self, events: list[Event]) -> None:
        for event in events:
            for listener in list(self._listeners):
                try:
                    listener(event)
                except Exception:  # a listener's bug must not undo or block the room
                    log.exception("a room listener failed on %s", event)

    # --- tables ---------------------------------------------------------------------------------------
    def table(self, table_id: Any) -> Table:
        table = self._tables.get(table_id) if isinstance(table_id, int) else None
        if table is None:
            raise UnknownTable(f"the room has no table {table_id!r}; its tables are "
                               f"{', '.join(map(str, self._tables)) or 'none yet'}")
        return table

    @property
    def table_ids(self) -> list[int]:
        return list(self._tables)

    def create_table(self, kind: str, players: list[str], *, ruleset: str | None = None, seats: Any = None,
                     options: dict | None = None, seed: int = 0, teaching: str | None = None) -> NewTable:
        """A new table: ``kind`` a game of ``GAMES``, ``players`` their names, ``seats`` who
        plays each (None: all humans; a list per player or a mapping of names to ``"human"``
        or a bot's name), ``ruleset``, ``options``, ``seed`` and ``teaching`` as
        ``tables.table_spec`` reads them.  Its tokens are returned (and kept by ``links``)."""
        if len(self._tables) >= self.limits.tables:
            raise TooManyTables(f"the room holds at most {self.limits.tables} tables")
        spec = table_spec(kind, players, ruleset=ruleset, options=options, seed=seed, teaching=teaching)
        kinds = check_seat_kinds(spec.players, seats)
        for player, (_, bot) in zip(spec.players, kinds, strict=True):
            if bot is not None:
                self._check_bot(player, bot)
        tokens = [new_token() for _ in range(len(spec.players) + 1)]
        seat_of: list[int | None] = [*range(len(spec.players)), None]
        table_id = self.store.add_table(
            kind=spec.kind, ruleset=spec.ruleset, options=spec.options, seed=spec.seed, players=list(spec.players),
            teaching=spec.teaching, seats=[(p, k, b) for p, (k, b) in zip(spec.players, kinds, strict=True)],
            digests=[(token_digest(t), s) for t, s in zip(tokens, seat_of, strict=True)])
        seat_list = [Seat(i, p, k, b) for i, (p, (k, b)) in enumerate(zip(spec.players, kinds, strict=True))]
        table = self._make_table(table_id, spec, seat_list)
        self._tables[table_id] = table
        for token, seat in zip(tokens, seat_of, strict=True):
            self._live[token_digest(token)] = Credential(table_id, seat, token_digest(token))
            self._shown[(table_id, seat)] = token
        self._emit([Event("table-created", table_id, {"summary": table.summary()})])
        self._emit(table.advance())
        return NewTable(table_id, tuple(tokens[:-1]), tokens[-1])

    def _check_bot(self, player: str, bot: str) -> None:
        try:
            self.bot_factory(bot)
        except (SettingError, RoomSetupError) as exc:
            raise RoomSetupError(f"{player}'s seat cannot be played by {bot!r}: {exc}") from None

    def tables(self) -> list[dict[str, Any]]:
        """Every table as the teacher's dashboard lists it: game, seats (who plays each, its
        connections), number, round, whose turn, scores (a match's standings and scoresheet)."""
        out = []
        for table in self._tables.values():
            summary = table.summary()
            counts = self._connection_counts(table.id)
            for seat in summary["seats"]:
                seat["connections"] = counts.get(seat["seat"], 0)
            summary["watchers"] = counts.get(None, 0)
            summary["bot_thinking"] = table.id in self._jobs
            out.append(summary)
        return out

    def pause(self, table_id: int, reason: str = "") -> None:
        """Pause a table: every action is refused until ``resume`` (the bots wait too)."""
        table = self.table(table_id)
        if reason:
            check_text(reason, "a pause's reason", MAX_PAUSE_REASON)
        if table.paused and table.pause_reason == reason:
            return
        self.store.set_paused(table.id, True, reason)
        table.paused, table.pause_reason = True, reason
        self._emit([Event("paused", table.id, {"reason": reason})])

    def resume(self, table_id: int) -> None:
        table = self.table(table_id)
        if not table.paused:
            return
        self.store.set_paused(table.id, False, "")
        table.paused, table.pause_reason = False, ""
        self._emit([Event("resumed", table.id, {})])
        self._emit(table.advance())

    def take_over(self, table_id: int, seat: int, bot: str = "greedy") -> None:
        """Let ``bot`` play a seat (its player is absent); its token waits until ``give_back``."""
        table = self.table(table_id)
        place = table.seat(seat)
        check_seat_kinds((place.name,), [bot])
        if bot == HUMAN:
            raise RoomSetupError("a bot takes over a seat: give its name ('greedy', 'mcts-200' ...); "
                                 "give_back hands the seat to its human")
        self._check_bot(place.name, bot)
        self._set_bot(table, place, bot)

    def give_back(self, table_id: int, seat: int) -> None:
        """Hand a seat back to its human (a bot seat too: a person then plays it by its link)."""
        table = self.table(table_id)
        self._set_bot(table, table.seat(seat), None)

    def _set_bot(self, table: Table, place: Seat, bot: str | None) -> None:
        if place.bot == bot:
            return
        self.store.set_bot(table.id, place.index, bot)
        place.bot = bot
        self._emit([Event("seat-changed", table.id, {"seat": place.index, "name": place.name,
                                                     "played_by": place.played_by})])
        self._emit(table.advance())  # a table now played by bots alone starts its next round

    def revoke(self, table_id: int, seat: int | None) -> str:
        """Revoke a seat's link (``seat`` None: the watchers') and return the new token.  The old
        token is dead at once; its connections are closed and the listeners told."""
        table = self.table(table_id)
        if seat is not None:
            table.seat(seat)
        token = new_token()
        digest = token_digest(token)
        self.store.replace_token(table.id, seat, digest)
        old = [d for d, c in self._live.items() if c.table == table.id and c.seat == seat]
        for d in old:
            self._revoked[d] = self._live.pop(d)
        self._live[digest] = Credential(table.id, seat, digest)
        self._shown[(table.id, seat)] = token
        closed = []
        for connection in list(self._connections.values()):
            if connection.credential.digest in old:
                closed.append(connection.id)
                connection.close("the link was revoked by the teacher")
        self._emit([Event("seat-revoked", table.id, {"seat": seat, "connections": closed})])
        return token

    def links(self, table_id: int) -> dict[int | None, str]:
        """The table's live tokens this room made while it runs (seat -> token, None the
        watchers'); after a restart only digests are left: ``revoke`` shows a seat's again."""
        table = self.table(table_id)
        out = {}
        for (tid, seat), token in self._shown.items():
            if tid == table.id and token_digest(token) in self._live:
                out[seat] = token
        return out

    def start_next_round(self, table_id: int) -> dict[str, Any]:
        """The teacher starts a match's next round (a seat may too: ``next_round``)."""
        table = self.table(table_id)
        events = table.next_round(None, table.number)
        self._emit(events)
        return {"ok": True, "number": table.number, "round": table.play.round_index() + 1}

    # --- results ---------------------------------------------------------------------------------------
    def results(self) -> list[dict[str, Any]]:
        """One row per table and player (``pandas.DataFrame(room.results())`` for CSV or Parquet);
        once the room holds a tournament, every row says which tournament and match its table
        belongs to (None: none) and the tournament points the player earned there."""
        rows = [row for table in self._tables.values() for row in table.results()]
        if not self._tournaments:
            return rows
        where: dict[int, tuple[int, int]] = {}
        earned: dict[int, dict[str, float]] = {}
        for t in self._tournaments:
            for result in self._tournament_results(t):
                where[result.table] = (t.id, result.match)
                if result.done and result.scored:
                    earned[result.table] = table_points(result.places)
        for row in rows:
            tid, match = where.get(row["table"], (None, None))
            row.update({"tournament": tid, "match": match,
                        "tournament_points": earned.get(row["table"], {}).get(row["player"])
                        if row["player"] in (self._tournament(tid).spec.players if tid else ()) else None})
        return rows

    def save(self, table_id: int) -> str:
        """The table's save file (a Kabetopo match's own save JSON; a game's state save)."""
        return self.table(table_id).save_json()

    def saves(self) -> dict[int, str]:
        return {tid: table.save_json() for tid, table in self._tables.items()}

    # --- tournaments (tournament.py decides seating and standings) ----------------------------------
    def create_tournament(self, players: Any, *, table_size: Any, matches: Any, kind: Any = "kabetopo",
                          ruleset: Any = None, options: Any = None, seed: Any = 0, bots: Any = None,
                          filler_bot: Any = "greedy") -> dict[str, Any]:
        """A tournament (``tournament.tournament_spec``) and its first match's tables, seated by
        a seeded draw; the current tournament must be over first.  Returns ``tournament()``
        and the new tables' ``NewTable``s under ``"new"``."""
        current = self._tournaments[-1] if self._tournaments else None
        if current is not None and not self._tournament_state(current)["final"]:
            raise RoomSetupError(f"tournament {current.id} is still being played: its last match ends first")
        spec = tournament_spec(players, table_size=table_size, matches=matches, kind=kind, ruleset=ruleset,
                               options=options, seed=seed, bots=bots, filler_bot=filler_bot)
        made = self._seat_tables(spec, first_match(spec))
        tid = self.store.add_tournament(spec.to_json(), [n.table for n in made])
        self._tournaments.append(Tournament(tid, spec, [[n.table for n in made]]))
        return {**self._tournament_state(self._tournaments[-1]), "new": made}

    def next_match(self) -> dict[str, Any]:
        """The current tournament's next match, seated by the standings, once every table of
        its match is over.  Returns ``tournament()`` and the new tables under ``"new"``."""
        t = self._current_tournament()
        state = self._tournament_state(t)
        if state["final"]:
            raise RoomSetupError(f"tournament {t.id} is over: its {t.spec.matches} matches were played")
        if not state["match_over"]:
            playing = [r.table for r in self._tournament_results(t) if r.match == len(t.matches) and not r.done]
            raise RoomSetupError(f"match {len(t.matches)} is still being played at table(s) "
                                 f"{', '.join(map(str, playing))}")
        ranking = [row["player"] for row in state["standings"]]
        previous = [self.table(i).players for i in t.matches[-1]]
        seatings = next_match(t.spec, ranking, previous, len(t.matches) + 1)
        made = self._seat_tables(t.spec, seatings)
        self.store.add_tournament_tables(t.id, len(t.matches) + 1, [n.table for n in made])
        t.matches.append([n.table for n in made])
        return {**self._tournament_state(t), "new": made}

    def tournament(self) -> dict[str, Any] | None:
        """The current tournament (None: none yet): its settings, matches, tables and the
        live standings (final once its last match is over)."""
        return self._tournament_state(self._tournaments[-1]) if self._tournaments else None

    def tournament_of(self, table_id: int) -> tuple[int, int] | None:
        """(tournament, match) of a table in a tournament, else None."""
        for t in self._tournaments:
            for m, ids in enumerate(t.matches, 1):
                if table_id in ids:
                    return t.id, m
        return None

    def _current_tournament(self) -> Tournament:
        if not self._tournaments:
            raise RoomSetupError("the room holds no tournament: make one first")
        return self._tournaments[-1]

    def _tournament(self, tid: int) -> Tournament:
        return next(t for t in self._tournaments if t.id == tid)

    def _seat_tables(self, spec: TournamentSpec, seatings: list[Seating]) -> list[NewTable]:
        """The tables of one match, all checked before any is made."""
        if len(self._tables) + len(seatings) > self.limits.tables:
            raise TooManyTables(f"the room holds at most {self.limits.tables} tables: {len(self._tables)} are made "
                                f"and this match needs {len(seatings)} more")
        plans = []
        for seating in seatings:
            table_spec(spec.kind, list(seating.players), ruleset=spec.ruleset, options=spec.options,
                       seed=seating.seed)
            seats = [spec.filler_bot if p in seating.fillers else spec.bots.get(p, HUMAN) for p in seating.players]
            for player, seat in zip(seating.players, seats, strict=True):
                if seat != HUMAN:
                    check_seat_kinds((player,), [seat])
                    self._check_bot(player, seat)
            plans.append((seating, seats))
        return [self.create_table(spec.kind, list(seating.players), ruleset=spec.ruleset, seats=seats,
                                  options=spec.options, seed=seating.seed) for seating, seats in plans]

    def _tournament_results(self, t: Tournament) -> list[TableResult]:
        out = []
        for m, ids in enumerate(t.matches, 1):
            for table_id in ids:
                table = self.table(table_id)
                rows = table.results()
                out.append(TableResult(m, table_id, table.players, {r["player"]: r["place"] for r in rows},
                                       {r["player"]: r["points"] for r in rows},
                                       done=table.is_over() or table.unscored is not None,
                                       scored=table.unscored is None))
        return out

    def _tournament_state(self, t: Tournament) -> dict[str, Any]:
        results = self._tournament_results(t)
        current = len(t.matches)
        match_over = all(r.done for r in results if r.match == current)
        spec = t.spec
        return {
            "id": t.id, "players": list(spec.players), "table_size": spec.table_size, "matches": spec.matches,
            "kind": spec.kind, "ruleset": spec.ruleset, "options": dict(spec.options), "seed": spec.seed,
            "bots": dict(spec.bots), "filler_bot": spec.filler_bot, "match": current, "match_over": match_over,
            "final": match_over and current == spec.matches,
            "tables": [[{"table": r.table, "players": list(r.players),
                         "fillers": [p for p in r.players if p not in spec.players], "done": r.done,
                         "scored": r.scored, "places": r.places} for r in results if r.match == m]
                       for m in range(1, current + 1)],
            "standings": [s.to_dict() for s in standings(spec, results)],
        }

    # --- learners' progress -----------------------------------------------------------------------------
    def report_progress(self, participant: str, section: str, challenge: str, done: bool = True) -> None:
        """A learner's challenge (solved, or not any more), by the name they joined with."""
        check_name(participant)
        check_text(section, "a section")
        check_text(challenge, "a challenge's id")
        if not isinstance(done, bool):
            raise RoomSetupError(f"done is True or False, not {done!r}")
        self.store.set_progress(participant, section, challenge, done)

    def progress(self) -> list[dict[str, Any]]:
        return self.store.progress()

    def learners_token(self, *, create: bool = True) -> str | None:
        """The learners' link's token (``<base>kabetopo-room/learn#TOKEN``) when this room made
        it; a room that has none yet makes one (``create``).  After a restart only its digest
        is left: None until ``reissue_learners``.  The token can only report progress."""
        if self._learners_shown is not None:
            return self._learners_shown
        if self._learners is None and create:
            return self.reissue_learners()
        return None

    def reissue_learners(self) -> str:
        """A new learners' link; the old one is revoked at once (its reports refused)."""
        token = new_token()
        digest = token_digest(token)
        self.store.replace_learners(digest)
        if self._learners is not None:
            self._learners_revoked.add(self._learners)
        self._learners, self._learners_shown = digest, token
        return token

    def check_learner(self, token: Any) -> None:
        """The live learners' token, or ``UnknownToken``/``RevokedToken`` (a seat's token is
        not one: it plays, and only the learners' link reports progress)."""
        if isinstance(token, str) and TOKEN.fullmatch(token):
            digest = token_digest(token)
            if self._learners is not None and hmac.compare_digest(self._learners, digest):
                return
            if digest in self._learners_revoked:
                raise RevokedToken("this learners' link was replaced by the teacher: ask for the new one, "
                                   "then join the room again with it")
        raise UnknownToken("this is not the room's learners' link: ask the teacher for it")

    def report_learner(self, token: Any, participant: Any, section: Any, challenge_id: Any,
                       done: Any = True) -> dict[str, Any]:
        """A learner's report through the learners' link: the token, then the name, the
        challenge (one of this package's, of that ``section``: its full name or number) and
        ``done``; each refused with a ``RoomError`` and nothing stored.  The row keeps the
        section's full name."""
        self.check_learner(token)
        return self._store_report(*self._check_report(participant, section, challenge_id, done))

    def report_learner_many(self, token: Any, participant: Any,
                            reports: list[tuple[Any, Any, Any]]) -> list[dict[str, Any]]:
        """Several reports of one learner (section, challenge, done), all checked before any is
        stored (one bad one refuses them all)."""
        self.check_learner(token)
        checked = [self._check_report(participant, *r) for r in reports]
        return [self._store_report(*c) for c in checked]

    def _check_report(self, participant: Any, section: Any, challenge_id: Any,
                      done: Any) -> tuple[str, str, str, bool]:
        check_name(participant)
        check_text(section, "a section")
        check_text(challenge_id, "a challenge's id")
        if not isinstance(done, bool):
            raise RoomSetupError(f"done is true or false, not {str(done)[:20]!r}")
        try:
            found = challenge(challenge_id)
        except KeyError:
            raise UnknownChallenge(f"there is no challenge {challenge_id!r} in kabetopo-nb's notebooks") from None
        if section not in (found.section, found.section.split("-")[0]):
            raise UnknownChallenge(f"the challenge {challenge_id!r} belongs to section {found.section!r}, "
                                   f"not {section!r}")
        return participant, found.section, found.id, done

    def _store_report(self, participant: str, section: str, challenge_id: str, done: bool) -> dict[str, Any]:
        self.report_progress(participant, section, challenge_id, done)
        return {"name": participant, "section": section, "challenge": challenge_id, "done": done}

    def learners(self) -> dict[str, Any]:
        """Every learner's progress, section by section (the sections in the notebooks' order):
        ``{"sections": [{"section", "total", "learners": {name: [solved ids]}}], "rows": [...]}``."""
        order: dict[str, list[str]] = {}
        for ch in challenges():
            order.setdefault(ch.section, []).append(ch.id)
        rows = self.progress()
        solved: dict[str, dict[str, set[str]]] = {}
        for row in rows:
            if row["done"]:
                solved.setdefault(row["section"], {}).setdefault(row["participant"], set()).add(row["challenge"])
        sections = []
        for section in [*order, *sorted(set(solved) - set(order))]:
            ids = order.get(section, [])
            learners = {name: sorted(done, key=lambda c: ids.index(c) if c in ids else len(ids))
                        for name, done in sorted(solved.get(section, {}).items())}
            sections.append({"section": section, "total": len(ids), "learners": learners})
        return {"sections": sections, "rows": rows,
                "names": sorted({row["participant"] for row in rows})}

    # --- participants ----------------------------------------------------------------------------------
    def identify(self, token: Any) -> Credential:
        """Check 1: the live token's table and seat; ``UnknownToken`` or ``RevokedToken``."""
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            raise UnknownToken("this link's token is not one of the room's")
        digest = token_digest(token)
        credential = self._live.get(digest)
        if credential is not None and hmac.compare_digest(credential.digest, digest):
            return credential
        revoked = self._revoked.get(digest)
        if revoked is not None and hmac.compare_digest(revoked.digest, digest):
            raise RevokedToken("this link was revoked by the teacher: ask for the new one")
        if self._learners is not None and hmac.compare_digest(self._learners, digest):
            raise UnknownToken("the learners' link only reports challenge progress: it joins no table")
        raise UnknownToken("this link's token is not one of the room's")

    def _seat_credential(self, token: Any) -> Credential:
        credential = self.identify(token)
        if credential.seat is None:
            raise ReadOnlyToken("a watcher's link only watches: it cannot act at the table")
        return credential

    def apply(self, token: Any, number: Any, action: Any) -> dict[str, Any]:
        """A participant's action (docs/ROOM.md's five checks); the reply, or a ``RoomError``.
        A repeat of the action stored under ``number`` is answered ok and changes nothing."""
        credential = self._seat_credential(token)
        assert credential.seat is not None  # a seat's credential (a watcher's is refused above)
        table = self.table(credential.table)
        events = table.apply(credential.seat, number, action)
        if not events:
            return {"ok": True, "repeat": True, "applied": number, "number": table.number}
        applied = events[0].data
        events += table.advance()
        self._emit(events)
        return {"ok": True, "repeat": False, "applied": applied["number"], "action": applied["action"],
                "text": applied["text"], "number": table.number}

    def next_round(self, token: Any, number: Any) -> dict[str, Any]:
        """A seat asks for a match's next round (any seat of the table may, as at a board)."""
        credential = self._seat_credential(token)
        table = self.table(credential.table)
        events = table.next_round(credential.seat, number)
        self._emit(events)
        return {"ok": True, "repeat": not events, "number": table.number, "round": table.play.round_index() + 1}

    def snapshot(self, token: Any) -> dict[str, Any]:
        """Where the token's table stands (after a reconnect): its number, position, whose turn."""
        credential = self.identify(token)
        table = self.table(credential.table)
        return {"ok": True, "seat": credential.seat, "read_only": credential.read_only, **table.summary()}

    def connect(self, token: Any, *, table: int | None = None) -> Connection:
        """A connection for ``token`` (at ``table``, when the address names one); the limits of
        connections per seat and watchers per table apply."""
        credential = self.identify(token)
        if table is not None and table != credential.table:
            raise WrongTable(f"this link is for table {credential.table}, not table {table}")
        count = self._connection_counts(credential.table).get(credential.seat, 0)
        limit = self.limits.watchers_per_table if credential.seat is None else self.limits.connections_per_seat
        if count >= limit:
            who = "watchers of this table" if credential.seat is None else "connections of one seat"
            raise TooManyConnections(f"at most {limit} {who}: close another page first")
        connection = Connection(self, token, credential, self._next_connection, self.clock)
        self._next_connection += 1
        self._connections[connection.id] = connection
        return connection

    def disconnect(self, connection: Connection) -> None:
        connection.close("disconnected")

    def _forget(self, connection: Connection) -> None:
        self._connections.pop(connection.id, None)

    def connections(self, table_id: int) -> list[Connection]:
        return [c for c in self._connections.values() if c.table == table_id]

    def _connection_counts(self, table_id: int) -> dict[int | None, int]:
        counts: dict[int | None, int] = {}
        for c in self._connections.values():
            if c.table == table_id:
                counts[c.seat] = counts.get(c.seat, 0) + 1
        return counts

    # --- bots -----------------------------------------------------------------------------------------
    def bots_due(self) -> list[tuple[int, int]]:
        """(table, seat) of every bot whose decision it is now and that is not thinking yet."""
        due = []
        for table in self._tables.values():
            if table.id in self._jobs or table.paused or table.unscored is not None:
                continue
            seat = table.to_move()
            if seat is not None and table.seats[seat].bot is not None:
                due.append((table.id, seat))
        return due

    def submit_bots(self) -> list[BotJob]:
        """Hand every due bot its decision in the executor; the jobs submitted."""
        if self.executor is None:
            raise RoomSetupError("the room has no executor for its bots: Room.open(path, executor=...)")
        jobs = []
        for table_id, seat in self.bots_due():
            table = self._tables[table_id]
            if table.state.ply >= MAX_ACTIONS:  # bots going round for ever: cut off (K-SIM-1)
                self._stop_bots(table, f"round {table.play.round_index() + 1} was cut off after {MAX_ACTIONS} "
                                       "actions (K-SIM-1)")
                continue
            bot = table.seats[seat].bot
            assert bot is not None  # bots_due lists bot seats only
            future = self.executor.submit(think, table.kind, table.state.save_json(), bot, table.play.bot_key(),
                                          self.bot_factory)
            job = self._jobs[table_id] = BotJob(table_id, seat, table.number, bot, future)
            jobs.append(job)
        return jobs

    def collect_bots(self) -> list[dict[str, Any]]:
        """Apply every finished bot decision through the numbered apply, under the number it
        was asked at; one reply per decision: applied, dropped (too late) or failed."""
        replies = []
        for table_id, job in list(self._jobs.items()):
            if not job.future.done():
                continue
            del self._jobs[table_id]
            table = self._tables.get(table_id)
            if table is None:
                continue
            try:
                kind, value = job.future.result()
            except Exception as exc:  # a worker that died (a broken process pool), a cancelled job
                kind, value = "failure", f"could not think: {type(exc).__name__}: {exc}"
            current = (table.number == job.number and table.seats[job.seat].bot == job.bot
                       and table.to_move() == job.seat and not table.paused)
            if not current:
                replies.append({"ok": False, "table": table_id, "seat": job.seat, "dropped": "stale",
                                "number": job.number})
                continue
            if kind == "failure":
                self._stop_bots(table, f"{table.players[job.seat]}'s bot ({job.bot}) {value}")
                replies.append({"ok": False, "table": table_id, "seat": job.seat, "bot_failure": value})
                continue
            try:
                events = table.apply(job.seat, job.number, value, by_bot=True)
            except RoomError as exc:
                replies.append({"ok": False, "table": table_id, "seat": job.seat, "dropped": exc.code,
                                "number": job.number})
                continue
            events += table.advance()
            self._emit(events)
            replies.append({"ok": True, "table": table_id, "seat": job.seat, "applied": job.number, "action": value})
        return replies

    def _stop_bots(self, table: Table, reason: str) -> None:
        reason = reason[:MAX_REASON]
        self.store.set_unscored(table.id, reason)
        table.unscored = reason
        self._emit([Event("bots-stopped", table.id, {"reason": reason})])

    def bot_moves(self, *, limit: int = 100_000, timeout: float | None = None) -> int:
        """Let the bots play (blocking) until none is due; the number of bot actions applied.
        ``timeout``: seconds to wait for a decision before giving up (None: no limit)."""
        played = 0
        while played < limit:
            self.submit_bots()
            if not self._jobs:
                break
            done, _ = concurrent.futures.wait([j.future for j in self._jobs.values()], timeout=timeout,
                                              return_when=concurrent.futures.FIRST_COMPLETED)
            if not done:
                break
            played += sum(1 for r in self.collect_bots() if r["ok"])
        return played

    async def run_bots(self, *, limit: int = 100_000) -> int:
        """The same as ``bot_moves`` on a running event loop: the loop goes on serving
        everything else while the bots think in the executor."""
        played = 0
        while played < limit:
            self.submit_bots()
            if not self._jobs:
                break
            await asyncio.wait([asyncio.wrap_future(j.future) for j in self._jobs.values()],
                               return_when=asyncio.FIRST_COMPLETED)
            played += sum(1 for r in self.collect_bots() if r["ok"])
        return played


__all__ = ["BotJob", "Connection", "Credential", "NewTable", "Room", "Tournament", "UnknownChallenge", "new_token",
           "think", "token_digest"]
