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
``_jupyter_server_extension_points``), imported only by a server.  For notebooks:
``RoomBoard(link)`` (a seat's board), ``join_room(link, name)`` / ``leave_room()`` (a learner's
progress) and ``RoomDashboard()`` (the teacher's dashboard in a frame), none of which needs SQLite.
"""
import importlib
from typing import Any

# Imported when first used (PEP 562), so a learner's kernel that only reports progress or
# shows a seat's board (``learners``, ``seat_board``; JupyterLite's Pyodide too) does not load
# SQLite and the room's server side.
_WHERE = {
    "BetweenRounds": "protocol", "BotJob": "room", "BotSeat": "protocol", "Connection": "room",
    "ConnectionClosed": "protocol", "Credential": "room", "DamagedStore": "protocol", "EVENT_KINDS": "protocol",
    "Event": "protocol", "GameOver": "protocol", "IllegalAction": "protocol", "Limits": "protocol",
    "Message": "protocol", "MessageError": "protocol", "NewTable": "room", "NotBetweenRounds": "protocol",
    "NotYourTurn": "protocol", "RateLimited": "protocol", "ReadOnlyToken": "protocol", "RevokedToken": "protocol",
    "Room": "room", "RoomError": "protocol", "RoomSetupError": "protocol", "Seat": "tables",
    "StaleNumber": "protocol", "Store": "store", "StoreError": "protocol", "Table": "tables",
    "TablePaused": "protocol", "TableSpec": "tables", "TokenBucket": "protocol", "TooManyConnections": "protocol",
    "TooManyTables": "protocol", "UnknownTable": "protocol", "UnknownToken": "protocol", "WrongTable": "protocol",
    "parse_message": "protocol", "table_spec": "tables", "think": "room", "token_digest": "room",
    # a participant's and a teacher's notebook (``from kabetopo_nb.room import RoomBoard``)
    "RoomBoard": "seat_board", "join_room": "learners", "leave_room": "learners", "RoomDashboard": "teacher",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "EVENT_KINDS", "BetweenRounds", "BotJob", "BotSeat", "Connection", "ConnectionClosed", "Credential", "DamagedStore",
    "Event", "GameOver", "IllegalAction", "Limits", "Message", "MessageError", "NewTable", "NotBetweenRounds",
    "NotYourTurn", "RateLimited", "ReadOnlyToken", "RevokedToken", "Room", "RoomBoard", "RoomDashboard", "RoomError",
    "RoomSetupError", "Seat",
    "StaleNumber", "Store", "StoreError", "Table", "TablePaused", "TableSpec", "TokenBucket", "TooManyConnections",
    "TooManyTables", "UnknownTable", "UnknownToken", "WrongTable", "join_room", "leave_room", "parse_message",
    "table_spec", "think", "token_digest",
]


def _jupyter_server_extension_points() -> list[dict]:
    """The Jupyter server extension of this package (``extension.RoomExtension``), imported
    only when a server loads it."""
    from .extension import RoomExtension

    return [{"module": "kabetopo_nb.room.extension", "app": RoomExtension}]
