"""A seat's board in a notebook: ``RoomBoard(link)`` joins a workshop room's table with the
join link the teacher gave (docs/ROOM.md, "The participant's page").

    >>> from kabetopo_nb.room.seat_board import RoomBoard
    >>> RoomBoard("https://workshop.example/kabetopo-room/join/3#TOKEN")   # doctest: +SKIP

The board is the participant's page in a cell: the same front end (``widgets/board.js``,
unchanged, over the model adapter of ``widgets/room.js``) opens the room's socket from the
browser itself, so the kernel is not in the loop: it works in JupyterLite too, where Python
cannot open a socket.  The kernel knows the link, not the game: the position is the room's,
shown in the page.

The link is a full address (``http://host/.../kabetopo-room/join/3#TOKEN``) or a path from
the server's root (``/user/ada/kabetopo-room/join/3#TOKEN``); ``?view=presentation`` in it
opens the board in presentation view.  The room takes only pages of its own site (its
``Origin`` check), so a full address must be on the host this notebook is served from; the
board says so, instead of connecting, when it is not.

The token is the seat's credential: ``repr`` (and so a saved notebook's text output) never
shows it.  It is a synced trait, so the front end can join: a notebook saved *with its
widget state* (JupyterLab's "Save Widget State Automatically") would keep it.

Importing this module loads neither SQLite nor the room's server side (``kabetopo_nb.room``
imports them only when used).
"""
from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import anywidget
import traitlets

from ..assets import front_end
from ..core.verdict import SettingError

# a join link's path: <base>kabetopo-room/join/<table> (web.py's ROUTES, under its PREFIX)
JOIN_PATH = re.compile(r"^(?P<base>/(?:.*/)?)kabetopo-room/join/(?P<table>[0-9]{1,9})/?$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,200}$")  # secrets.token_urlsafe's alphabet
VIEWS = ("normal", "presentation")

# the lines that make board.js and room.js one module (``room_board_esm``)
BOARD_EXPORT = "export default { render };"
ROOM_IMPORT = 'import boardModule from "./board.js";'



def room_board_esm(board_js: str, room_js: str) -> str:
    """One ES module of ``board.js`` and ``room.js`` (anywidget takes one module): board.js,
    unchanged but for its ``export default`` line, in a function scope of its own (its names
    cannot meet room.js's), whose ``render`` becomes room.js's ``boardModule``.  The page
    loads the two files as they are (room.js imports board.js); this is the only place they
    are joined."""
    board_lines, room_lines = board_js.splitlines(), room_js.splitlines()
    if board_lines.count(BOARD_EXPORT) != 1 or any(
            line.startswith(("import ", "export ")) for line in board_lines if line != BOARD_EXPORT):
        raise ValueError(f"board.js is expected to have one export, {BOARD_EXPORT!r}, and no import")
    if room_lines.count(ROOM_IMPORT) != 1 or sum(line.startswith("import ") for line in room_lines) != 1:
        raise ValueError(f"room.js is expected to import board.js once, as {ROOM_IMPORT!r}")
    board_body = "\n".join("  return { render };" if line == BOARD_EXPORT else line for line in board_lines)
    room_body = "\n".join(line for line in room_lines if line != ROOM_IMPORT)
    return f"const boardModule = (() => {{\n{board_body}\n}})();\n{room_body}\n"


class JoinLink:
    """A join link read: the site's origin ("" for a path), the path of the room's socket,
    the table, the token and the view the link asks for."""

    def __init__(self, link: Any):
        if not isinstance(link, str) or not link.strip():
            raise SettingError(f"a join link is the address the teacher gave, as text, not {str(link)[:60]!r}")
        text = link.strip()
        parts = urlsplit(text)
        if parts.scheme or parts.netloc:
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise SettingError(f"a join link's address starts with http:// or https://, not "
                                   f"{parts.scheme or 'no scheme'}:// (nothing of the link is shown here: it holds a token)")
            self.origin = f"{parts.scheme}://{parts.netloc}".lower()
        else:
            self.origin = ""
        match = JOIN_PATH.match(parts.path)
        if match is None:
            raise SettingError("a join link looks like http://host/.../kabetopo-room/join/3#TOKEN (or its path from "
                               "/), not this one")
        token = unquote(parts.fragment)
        if not TOKEN.match(token):
            raise SettingError("this join link has no seat's token after its '#': copy the whole link the teacher "
                               "gave")
        view = parse_qs(parts.query).get("view", ["normal"])[0]
        self.table = int(match.group("table"))
        self.socket = f"{match.group('base')}kabetopo-room/socket"
        self.path = parts.path
        self.token = token
        self.view = view if view in VIEWS else "normal"

    def shown(self) -> str:
        """The link without its token (what ``repr`` prints)."""
        return f"{self.origin}{self.path}#…"


class RoomBoard(anywidget.AnyWidget):
    """A seat's (or the watchers') board at a room's table, from its join link (see the module
    doc).  ``table`` and ``link`` (without the token) are read-only."""

    _esm = room_board_esm(front_end("board.js"), front_end("room.js"))
    _css = front_end("board.css") + "\n" + front_end("room.css")

    _origin = traitlets.Unicode("").tag(sync=True)  # the link's site ("" for a path)
    _socket = traitlets.Unicode("").tag(sync=True)  # the room's socket, from the site's root
    _table = traitlets.Int(0).tag(sync=True)
    _token = traitlets.Unicode("").tag(sync=True)
    _theme = traitlets.Unicode("auto").tag(sync=True)
    view = traitlets.Unicode("normal", help="how the board is first shown: 'normal' or 'presentation'").tag(sync=True)

    def __init__(self, link: str, *, view: str | None = None, **kwargs: Any):
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise SettingError(f"unknown keyword argument(s): {', '.join(sorted(unknown))}")
        parsed = JoinLink(link)
        if view is not None and view not in VIEWS:
            raise SettingError(f"view must be 'normal' or 'presentation', not {view!r}")
        self._link = parsed
        super().__init__(_origin=parsed.origin, _socket=parsed.socket, _table=parsed.table, _token=parsed.token,
                         view=view or parsed.view, **kwargs)

    @property
    def table(self) -> int:
        return self._link.table

    @property
    def link(self) -> str:
        """The join link without its token."""
        return self._link.shown()

    def __repr__(self) -> str:
        # deterministic, and never the token (a saved notebook's text output shows it)
        return f"RoomBoard(table={self.table}, link={self.link!r})"


__all__ = ["JoinLink", "RoomBoard", "room_board_esm"]
