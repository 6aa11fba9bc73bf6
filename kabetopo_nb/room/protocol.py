"""The room's messages, their limits and their checks (no I/O): what a client may send, what
the room answers, and every error the room gives, each with a code a page can act on.

A client (a participant's page, a notebook's board given a join link) sends JSON objects::

    {"type": "act", "number": 12, "action": "step e6"}      # an action, numbered (docs/ROOM.md)
    {"type": "next-round", "number": 57}                    # a Kabetopo match's next round
    {"type": "sync"}                                        # where the table stands now (after a reconnect)
    {"type": "intent", "kind": "click", "target": "sq:c5"}  # a board intent, for the seat's own view

each with an optional ``"id"`` (a whole number the reply carries back).  ``parse_message``
checks one message before anything reads it: its size in bytes (``Limits.message_bytes``),
that it is JSON, an object, of a known type, with exactly the fields of that type, each of
the right kind; anything else is a ``MessageError`` saying which.  ``TokenBucket`` bounds the
messages per second of one connection.  ``Limits`` holds every bound of the room.

Every error the room raises on purpose is a ``RoomError`` (a ``KabetopoNbError``) with a
``code`` and ``reply()``, the dict a client is sent; nothing changes when one is raised.
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..core.verdict import KabetopoNbError
from ..kabetopo.match import MAX_NAME, name_problem

MAX_ACTION_TEXT = 200  # characters of an action's text: far above any action of any game
MAX_NUMBER = 10**9  # an action's number: far above any table's (a round holds at most 50,000)
MAX_TEXT = 200  # characters of an intent's target or button, a section or a challenge id


@dataclass(frozen=True)
class Limits:
    """The room's bounds, each refused with a clear error and no change."""

    message_bytes: int = 8 * 1024  # one message from a client, in UTF-8 bytes
    messages_per_second: float = 10.0  # sustained, per connection (a token bucket)
    burst: int = 20  # messages a connection may send at once before the rate applies
    tables: int = 64  # tables in one room
    connections_per_seat: int = 4  # a participant's laptop and phone, a reloaded page, a notebook
    watchers_per_table: int = 64  # the projector, the teacher, onlookers

    def __post_init__(self) -> None:
        for name in ("message_bytes", "burst", "tables", "connections_per_seat", "watchers_per_table"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise RoomSetupError(f"Limits.{name} is a whole number of at least 1, not {value!r}")
        rate = self.messages_per_second
        if not isinstance(rate, (int, float)) or isinstance(rate, bool) or not rate > 0:
            raise RoomSetupError(f"Limits.messages_per_second is a number above 0, not {rate!r}")


# --- errors ---------------------------------------------------------------------------------------


class RoomError(KabetopoNbError):
    """The base of every error of the room: ``code`` names the kind for a client, ``reply()``
    is what the client is sent.  Nothing changed when one was raised."""

    code = "room-error"

    def details(self) -> dict[str, Any]:
        """What a reply carries besides the code and the message (the current number ...)."""
        return {}

    def reply(self, msg_id: int | None = None) -> dict[str, Any]:
        return {"type": "reply", "id": msg_id, "ok": False, "error": self.code, "message": str(self),
                **self.details()}


class RoomSetupError(RoomError, ValueError):
    """A table, a seat, a name, an option or a limit the room does not take (nothing was made)."""

    code = "setup"


class UnknownTable(RoomError, ValueError):
    """No table (or no seat at a table) has that number."""

    code = "unknown-table"


class MessageError(RoomError, ValueError):
    """A message that is not one the room reads: too large, not JSON, an unknown type, a
    missing, unexpected or ill-typed field."""

    code = "malformed"

    def __init__(self, message: str, *, code: str = "malformed"):
        super().__init__(message)
        self.code = code


class RateLimited(RoomError):
    """A connection sending more messages a second than ``Limits`` allows."""

    code = "flood"


class UnknownToken(RoomError):
    """A token that is no live token of this room (forged, mistyped, from another room)."""

    code = "unknown-token"


class RevokedToken(RoomError):
    """A seat's or the watchers' token the teacher revoked (a new link was issued)."""

    code = "revoked-token"


class ReadOnlyToken(RoomError):
    """A watcher's token used to act: watchers only watch."""

    code = "read-only"


class WrongTable(RoomError):
    """A token of one table used at another."""

    code = "wrong-table"


class TooManyTables(RoomError):
    code = "too-many-tables"


class TooManyConnections(RoomError):
    code = "too-many-connections"


class ConnectionClosed(RoomError):
    """A message on a connection the room closed (its link was revoked, it was disconnected)."""

    code = "closed"


class TablePaused(RoomError):
    code = "paused"


class GameOver(RoomError):
    code = "game-over"


class BetweenRounds(RoomError):
    """A Kabetopo match's round is over and scored: the next round starts first."""

    code = "round-over"


class NotBetweenRounds(RoomError):
    """The next round asked for while the round is still being played (or in a game of one round)."""

    code = "not-between-rounds"


class NotYourTurn(RoomError):
    """Another seat has the decision, or the room has it (a setup roll)."""

    code = "not-your-turn"

    def __init__(self, message: str, *, to_move: int | None):
        super().__init__(message)
        self.to_move = to_move

    def details(self) -> dict[str, Any]:
        return {"to_move": self.to_move}


class BotSeat(RoomError):
    """The seat is played by a bot now (the teacher let one take over): its token waits."""

    code = "bot-seat"


class StaleNumber(RoomError):
    """A number that is not the table's next one (and not a repeat of the action stored under it)."""

    code = "stale"

    def __init__(self, message: str, *, current: int):
        super().__init__(message)
        self.current = current

    def details(self) -> dict[str, Any]:
        return {"number": self.current}


class IllegalAction(RoomError, ValueError):
    """An action the engine refuses (``rulings`` and ``reason``, exactly as the board shows
    them), or text that is no action of the game (``code`` "notation", no rulings)."""

    code = "illegal"

    def __init__(self, message: str, *, rulings: tuple[str, ...] = (), reason: str = "", code: str = "illegal"):
        super().__init__(message)
        self.rulings, self.reason, self.code = tuple(rulings), reason or message, code

    def details(self) -> dict[str, Any]:
        return {"refusal": {"rulings": list(self.rulings), "reason": self.reason}}


class StoreError(RoomError):
    """A room's file that cannot be used: not a room's store, of another version, in use by
    another room, or unwritable.  The file is left as it was."""

    code = "store"


class DamagedStore(StoreError):
    """A room's store whose contents do not replay: ``table`` and ``row`` say where, ``reason``
    what is wrong.  Nothing is written to the file."""

    code = "damaged-store"

    def __init__(self, path: str, table: int | None, row: str, reason: str):
        self.path, self.table, self.row, self.reason = path, table, row, reason
        where = f"table {table}, {row}" if table is not None else row
        super().__init__(f"the room's store {path} is damaged at {where}: {reason}; it is left as it was")


# --- what the room tells ------------------------------------------------------------------------

EVENT_KINDS = (
    "table-created",  # a table was made (data: its summary)
    "applied",  # an action was applied (data: number, seat, action, text)
    "round-over",  # a Kabetopo round ended and was scored (data: round, points, totals)
    "round-started",  # the next round of a match began (data: round)
    "game-over",  # the game or the match ended (data: result, standings or winner)
    "paused", "resumed",  # the teacher paused or resumed the table (data: reason)
    "seat-changed",  # a bot took over a seat, or gave it back (data: seat, played_by)
    "seat-revoked",  # a seat's link (or the watchers') was revoked (data: seat, connections closed)
    "bots-stopped",  # the table's bots stopped: one failed, or a round was cut off (data: reason)
)


@dataclass(frozen=True)
class Event:
    """Something that happened at a table, for the room's listeners and, through the web
    layer, for the table's connections (``to_dict`` is the message sent)."""

    kind: str
    table: int
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "event", "event": self.kind, "table": self.table, **self.data}


# --- messages -------------------------------------------------------------------------------------

# type -> {field: kind} (every field required but "id"; an intent's own fields are checked
# by the board session, ``kabetopo_nb.play.session.check_intent``)
MESSAGE_FIELDS: dict[str, dict[str, str]] = {
    "act": {"number": "number", "action": "action"},
    "next-round": {"number": "number"},
    "sync": {},
    "intent": {},
}
INTENT_FIELDS = ("kind", "target", "button", "value")


@dataclass(frozen=True)
class Message:
    """A checked message: its ``type``, its ``id`` (or None) and its fields."""

    type: str
    id: int | None = None
    number: int | None = None
    action: str | None = None
    intent: dict[str, Any] = field(default_factory=dict)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_size(raw: object, limits: Limits) -> None:
    """A message is text (or bytes) of at most ``limits.message_bytes`` bytes."""
    if isinstance(raw, str):
        size = len(raw.encode("utf-8", "surrogatepass"))
    elif isinstance(raw, (bytes, bytearray)):
        size = len(raw)
    else:
        raise MessageError(f"a message is text, not {type(raw).__name__}")
    if size > limits.message_bytes:
        raise MessageError(f"the message has {size:,} bytes; the room reads at most {limits.message_bytes:,}",
                           code="too-large")


def parse_message(raw: str | bytes, limits: Limits = Limits()) -> Message:
    """The message ``raw`` checked (see the module doc); ``MessageError`` says what is wrong."""
    _check_size(raw, limits)
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise MessageError(f"the message is not JSON: {exc}") from None
    except RecursionError:
        raise MessageError("the message is not JSON the room reads: nested too deeply") from None
    if not isinstance(data, dict):
        raise MessageError(f"a message is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind not in MESSAGE_FIELDS:
        known = ", ".join(repr(k) for k in MESSAGE_FIELDS)
        raise MessageError(f"unknown message type {str(kind)[:40]!r}; the room reads {known}")
    msg_id = data.get("id")
    if "id" in data and not (_whole(msg_id) and 0 <= msg_id <= MAX_NUMBER):
        raise MessageError(f"id is a whole number 0..{MAX_NUMBER}")
    wanted = MESSAGE_FIELDS[kind]
    allowed = {"type", "id", *wanted} | (set(INTENT_FIELDS) if kind == "intent" else set())
    extra = sorted(set(data) - allowed)
    if extra:
        raise MessageError(f"a {kind!r} message has no field(s) {', '.join(map(repr, extra))}")
    missing = [f for f in wanted if f not in data]
    if missing:
        raise MessageError(f"a {kind!r} message needs {', '.join(map(repr, missing))}")
    number, action = data.get("number"), data.get("action")
    if "number" in wanted and not (_whole(number) and 0 <= number <= MAX_NUMBER):
        raise MessageError(f"number is the action's number, a whole number 0..{MAX_NUMBER}, not {str(number)[:40]}")
    if "action" in wanted and not (isinstance(action, str) and 0 < len(action) <= MAX_ACTION_TEXT):
        raise MessageError(f"action is the action's text, 1 to {MAX_ACTION_TEXT} characters")
    intent = {k: data[k] for k in INTENT_FIELDS if k in data}
    return Message(kind, msg_id, number, action, intent)


@dataclass(frozen=True)
class Join:
    """A socket's first message, checked: the link's ``token``, the ``table`` its address
    names (or None) and the message's ``id``."""

    token: str
    table: int | None = None
    id: int | None = None


JOIN_FIELDS = ("type", "id", "token", "table")
MAX_TOKEN_TEXT = 100  # characters of a join message's token: a room's tokens have 43


def parse_join(raw: str | bytes, limits: Limits = Limits()) -> Join:
    """A socket's first message, ``{"type": "join", "token": ..., "table": n}`` (``table``
    and ``id`` optional), checked as ``parse_message`` checks the others; the token is sent
    in a message rather than in the socket's address so that it never reaches a server log."""
    _check_size(raw, limits)
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise MessageError("the first message is not JSON: it is {\"type\": \"join\", \"token\": ...}") from None
    if not isinstance(data, dict) or data.get("type") != "join":
        raise MessageError("the first message joins the table: {\"type\": \"join\", \"token\": ...}")
    extra = sorted(set(data) - set(JOIN_FIELDS))
    if extra:
        raise MessageError(f"a 'join' message has no field(s) {', '.join(map(repr, extra))}")
    token, table, msg_id = data.get("token"), data.get("table"), data.get("id")
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_TEXT:
        raise MessageError("a 'join' message needs 'token', the text after '#' in the join link")
    if table is not None and not (_whole(table) and 0 <= table <= MAX_NUMBER):
        raise MessageError(f"table is the table's number, a whole number 0..{MAX_NUMBER}")
    if msg_id is not None and not (_whole(msg_id) and 0 <= msg_id <= MAX_NUMBER):
        raise MessageError(f"id is a whole number 0..{MAX_NUMBER}")
    return Join(token, table, msg_id)


def check_name(name: Any) -> str:
    """A player's name as the match board accepts it (``kabetopo.match.name_problem``)."""
    problem = name_problem(name)
    if problem:
        raise RoomSetupError(problem)
    return name


def check_text(value: Any, what: str, limit: int = MAX_TEXT) -> str:
    """Short text with no control characters (a section, a challenge's id)."""
    if not isinstance(value, str) or not 0 < len(value) <= limit or not value.isprintable() or value != value.strip():
        raise RoomSetupError(f"{what} is printable text of 1 to {limit} characters with no space at either end, "
                             f"not {str(value)[:60]!r}")
    return value


class TokenBucket:
    """A connection's messages per second: ``burst`` at once, then ``rate`` a second.

    ``take()`` spends one message (False, and nothing spent, when the bucket is empty);
    ``clock`` is ``time.monotonic`` unless a test gives its own."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = float(rate), burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


__all__ = [
    "MAX_NAME", "BetweenRounds", "BotSeat", "ConnectionClosed", "DamagedStore", "GameOver", "IllegalAction", "Limits",
    "Message", "MessageError", "NotBetweenRounds", "NotYourTurn", "RateLimited", "ReadOnlyToken", "RevokedToken",
    "EVENT_KINDS", "Event", "Join", "RoomError", "RoomSetupError", "StaleNumber", "StoreError", "TablePaused", "TokenBucket", "TooManyConnections",
    "TooManyTables", "UnknownTable", "UnknownToken", "WrongTable", "check_name", "check_text", "parse_join", "parse_message",
]
