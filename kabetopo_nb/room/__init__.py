"""The workshop room (issue 26, docs/ROOM.md): the authority that holds every table of a
workshop, checks every action with the engine, stores it, then tells the clients.

    >>> from kabetopo_nb.room import Room
    >>> room = Room.open("workshop.room")
    >>> new = room.create_table("kabetopo", ["Aiko", "Ben", "Chidi", "Dana"], seed=2024)
    >>> room.apply(new.seat_tokens[0], 9, "step e6")       # the table's number 9: after 9 setup rolls

Its modules, each with one job: ``protocol`` (the messages, their limits and checks, and the
room's errors), ``store`` (SQLite: tables, seats, token digests, numbered actions, progress),
``tables`` (a table: one game, its seats, the numbered ``apply``), ``room`` (the tables, the
tokens, the bots off the event loop, the listeners).  None of them imports a web framework
or a UI; the web layer drives ``Room`` and its ``Connection``s: ``web`` (tornado handlers)
and ``extension`` (the Jupyter server extension ``kabetopo_nb.room``, found through
``_jupyter_server_extension_points``), imported only by a server.
"""
from .protocol import (
    EVENT_KINDS,
    BetweenRounds,
    BotSeat,
    ConnectionClosed,
    DamagedStore,
    Event,
    GameOver,
    IllegalAction,
    Limits,
    Message,
    MessageError,
    NotBetweenRounds,
    NotYourTurn,
    RateLimited,
    ReadOnlyToken,
    RevokedToken,
    RoomError,
    RoomSetupError,
    StaleNumber,
    StoreError,
    TablePaused,
    TokenBucket,
    TooManyConnections,
    TooManyTables,
    UnknownTable,
    UnknownToken,
    WrongTable,
    parse_message,
)
from .room import BotJob, Connection, Credential, NewTable, Room, think, token_digest
from .store import Store
from .tables import Seat, Table, TableSpec, table_spec

__all__ = [
    "EVENT_KINDS", "BetweenRounds", "BotJob", "BotSeat", "Connection", "ConnectionClosed", "Credential", "DamagedStore",
    "Event", "GameOver", "IllegalAction", "Limits", "Message", "MessageError", "NewTable", "NotBetweenRounds",
    "NotYourTurn", "RateLimited", "ReadOnlyToken", "RevokedToken", "Room", "RoomError", "RoomSetupError", "Seat",
    "StaleNumber", "Store", "StoreError", "Table", "TablePaused", "TableSpec", "TokenBucket", "TooManyConnections",
    "TooManyTables", "UnknownTable", "UnknownToken", "WrongTable", "parse_message", "table_spec", "think",
    "token_digest",
]


def _jupyter_server_extension_points() -> list[dict]:
    """The Jupyter server extension of this package (``extension.RoomExtension``), imported
    only when a server loads it."""
    from .extension import RoomExtension

    return [{"module": "kabetopo_nb.room.extension", "app": RoomExtension}]
