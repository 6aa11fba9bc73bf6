"""The room on the web (docs/ROOM.md): tornado handlers for the participants' page and socket
and for the teacher's API, over one ``Room`` driven by a ``RoomService``.

Every host (the Jupyter server extension, ``extension.py``; the standalone server and the hub
service later) mounts these classes under ``<base_url>kabetopo-room/`` and adds its own
authentication: participant routes are open (a seat's or the watchers' token is checked by
the room itself), teacher routes need the host's login.  ``ROUTES`` lists them::

    GET  join/<table>                  the participant's page (the token rides in the link's
                                       fragment, #<token>, so it never reaches a server log)
    WS   socket                        a participant's socket (the token in the first message)
    GET  api/tables                    every table as the dashboard lists it
    POST api/tables                    a new table: {kind, players, seats?, ruleset?, options?,
                                       seed?, teaching?} -> its number and join links
    GET  api/tables/<table>            one table
    GET  api/tables/<table>/links      its live links (those this room process made)
    POST api/tables/<table>/<command>  pause {reason?}, resume, take-over {seat, bot?},
                                       give-back {seat}, revoke {seat: n or null}, next-round
    GET  api/tables/<table>/save       its save file (JSON)
    GET  api/saves                     every table's save file
    GET  api/results.csv               one row per table and player

**The socket.**  The page opens ``socket`` and sends ``{"type": "join", "token": ...,
"table": n}`` first (``protocol.parse_join``; within ``JOIN_SECONDS``); the room answers
``{"type": "joined", ...the table's summary}`` and the connection's board
``{"type": "shown", svg, style, panel, position, number}``.  From then on every message is
``Connection.receive``'s (act, next-round, sync, intent; its size and rate bounded), each
event of the table is sent as it happens (``{"type": "event", ...}``) and, after the events
of one change, every connection's own board again.  A socket is closed with a code and a
reason a page can show (``CLOSE``): a token the room does not take, a revoked link, a page
of another site (the ``Origin`` is not this host), a join that never came, the room closing.
Messages above ``Limits.message_bytes`` are refused with a ``too-large`` reply; tornado's
``max_message_size`` (``TORNADO_SIZE_FACTOR`` times more) cuts anything larger at once.

**Bots.**  Whenever an event may make a bot due, ``RoomService`` hands every due bot its
decision in the room's executor (``Room.submit_bots``, a process pool in real use) and
collects each answer on the event loop as soon as it is ready (``Room.collect_bots``), so
one table's thinking bot never waits for another's.
"""
from __future__ import annotations

import csv
import io
import json
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import tornado.ioloop
import tornado.web
import tornado.websocket

from .protocol import Event, MessageError, RoomError, UnknownTable, parse_join
from .room import Connection, Room
from .views import SeatView, attach_view

log = logging.getLogger(__name__)

PREFIX = "kabetopo-room"
SETTINGS_KEY = "kabetopo_room"  # the tornado application setting that holds the RoomService
JOIN_SECONDS = 10.0  # a socket that has not joined by then is closed
TORNADO_SIZE_FACTOR = 4  # tornado cuts a frame above this many times Limits.message_bytes
MAX_BODY = 64 * 1024  # a teacher's request body, in bytes
COMMANDS = ("pause", "resume", "take-over", "give-back", "revoke", "next-round")
# close codes (4000-4999 are the application's) and what each means
CLOSE = {
    "unknown-token": 4001, "revoked-token": 4001, "wrong-table": 4001, "malformed": 4002, "too-large": 4002,
    "cross-origin": 4003, "too-many-connections": 4029, "revoked": 4010, "join-timeout": 4008,
    "room-closed": 1001,
}
ROUTES = (
    ("join", r"/join/(\d+)"), ("socket", r"/socket"), ("tables", r"/api/tables"),
    ("table", r"/api/tables/(\d+)"), ("links", r"/api/tables/(\d+)/links"),
    ("command", r"/api/tables/(\d+)/(" + "|".join(COMMANDS) + ")"), ("save", r"/api/tables/(\d+)/save"),
    ("saves", r"/api/saves"), ("results", r"/api/results\.csv"),
)


def url_join(*parts: str) -> str:
    """``base_url`` and path parts joined with single slashes (a leading slash kept)."""
    out = "/".join(p.strip("/") for p in parts if p.strip("/"))
    return "/" + out


def _reason(text: str) -> str:
    """A close reason: at most 123 bytes of UTF-8 (the WebSocket protocol's bound)."""
    data = text.encode("utf-8")[:120]
    return data.decode("utf-8", "ignore")


# --- the service: the room, its sockets, its bots --------------------------------------------------


class RoomService:
    """The room as the web layer drives it: the open sockets of every table, the events sent
    to them, every connection's board pushed after a change, and the bots' decisions."""

    def __init__(self, room: Room, *, base_url: str = "/"):
        self.room = room
        self.base_url = base_url
        self.sockets: dict[int, set[ParticipantSocket]] = {}
        self._dirty: set[int] = set()
        self._flushing = False
        self._bots_scheduled = False
        self._closed = False
        self._stop_listening = room.listen(self._on_event)

    # links
    def join_path(self, table: int, token: str) -> str:
        """A seat's (or the watchers') join link, from the server's root: the token rides in
        the fragment, which browsers never send to the server."""
        return f"{url_join(self.base_url, PREFIX, 'join', str(table))}#{token}"

    def links(self, table: int) -> dict[str, Any]:
        room = self.room
        names = room.table(table).players
        shown = room.links(table)
        seats = [{"seat": s, "name": names[s], "token": shown.get(s),
                  "link": self.join_path(table, shown[s]) if s in shown else None} for s in range(len(names))]
        watch = shown.get(None)
        return {"table": table, "seats": seats, "watchers": {"token": watch, "link": self.join_path(table, watch)
                                                            if watch else None}}

    # sockets
    def attach(self, socket: ParticipantSocket) -> None:
        assert socket.connection is not None
        self.sockets.setdefault(socket.connection.table, set()).add(socket)

    def detach(self, socket: ParticipantSocket) -> None:
        connection = socket.connection
        if connection is not None:
            self.sockets.get(connection.table, set()).discard(socket)
            self.room.disconnect(connection)

    def _on_event(self, event: Event) -> None:
        message = event.to_dict()
        for socket in list(self.sockets.get(event.table, ())):
            connection = socket.connection
            if connection is not None and connection.closed:  # its link was revoked
                socket.close_for("revoked", connection.closed)
                continue
            socket.send(message)
        self._dirty.add(event.table)
        loop = tornado.ioloop.IOLoop.current()
        if not self._flushing:
            self._flushing = True
            loop.add_callback(self._flush)
        self.schedule_bots()

    def _flush(self) -> None:
        """Every connection of every changed table gets its own board again."""
        self._flushing = False
        dirty, self._dirty = self._dirty, set()
        for table in dirty:
            for socket in list(self.sockets.get(table, ())):
                socket.send_shown()

    # bots
    def schedule_bots(self) -> None:
        if not self._bots_scheduled and not self._closed and self.room.executor is not None:
            self._bots_scheduled = True
            tornado.ioloop.IOLoop.current().add_callback(self._submit_bots)

    def _submit_bots(self) -> None:
        self._bots_scheduled = False
        if self._closed:
            return
        loop = tornado.ioloop.IOLoop.current()
        for job in self.room.submit_bots():
            job.future.add_done_callback(lambda _f: loop.add_callback(self._collect_bots))

    def _collect_bots(self) -> None:
        if self._closed:
            return
        for reply in self.room.collect_bots():
            if not reply["ok"]:
                log.info("a bot's decision was not applied: %s", reply)
        self.schedule_bots()

    def close(self) -> None:
        """Close every socket and the room (the executor is its owner's)."""
        self._closed = True
        self._stop_listening()
        for sockets in self.sockets.values():
            for socket in list(sockets):
                socket.close_for("room-closed", "the room server is stopping")
        self.sockets.clear()
        self.room.close()


def service_of(handler: tornado.web.RequestHandler) -> RoomService:
    service = handler.settings.get(SETTINGS_KEY)
    if not isinstance(service, RoomService):
        raise tornado.web.HTTPError(503, "the room is not running on this server")
    return service


# --- participants ----------------------------------------------------------------------------------

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kabetopo room: table {table}</title>
<style>body{{font-family:system-ui,sans-serif;margin:1rem}}#board svg{{max-width:100%;height:auto}}</style>
</head><body>
<h1>Table {table}</h1>
<p id="status" role="status">Connecting&hellip;</p>
<div id="board"></div>
<script>
// A minimal page until room.js: the token is read from the link's fragment and sent in the
// socket's first message, so it never appears in an address the server logs.
(function () {{
  const token = decodeURIComponent(location.hash.slice(1));
  const status = document.getElementById("status"), board = document.getElementById("board");
  if (!token) {{ status.textContent = "This link has no seat: ask the teacher for yours."; return; }}
  const url = new URL({socket}, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(url);
  ws.onopen = () => ws.send(JSON.stringify({{type: "join", token: token, table: {table}}}));
  ws.onmessage = (e) => {{
    const m = JSON.parse(e.data);
    if (m.type === "shown") {{ board.innerHTML = m.svg; status.textContent = (m.panel && m.panel.status) || ""; }}
    else if (m.type === "reply" && m.ok === false) {{ status.textContent = m.message; }}
  }};
  ws.onclose = (e) => {{ status.textContent = "Disconnected: " + (e.reason || "the connection dropped"); }};
}})();
</script>
</body></html>
"""


class JoinPage(tornado.web.RequestHandler):
    """The participant's page (``GET join/<table>``): no credential of the server is in it;
    the seat's token stays in the link's fragment, read by the page's script."""

    def render_join_page(self, table: str) -> None:
        service = service_of(self)
        socket = url_join(service.base_url, PREFIX, "socket")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(PAGE.format(table=int(table), socket=json.dumps(socket)))

    def get(self, table: str) -> None:
        self.render_join_page(table)


class ParticipantSocket(tornado.websocket.WebSocketHandler):
    """One participant's socket (see the module doc): a seat's or a watcher's ``Connection``
    once the first message has joined it."""

    connection: Connection | None = None
    view: SeatView | None = None
    _join_timer: Any = None
    _cross_origin: str = ""

    @property
    def max_message_size(self) -> int:
        return service_of(self).room.limits.message_bytes * TORNADO_SIZE_FACTOR

    def check_origin(self, origin: str) -> bool:
        """Every handshake is accepted; ``open`` closes a cross-origin one with its reason
        (a refused handshake would tell the page nothing)."""
        host = self.request.headers.get("Host")
        if origin and host and urlparse(origin.lower()).netloc != host.lower():
            self._cross_origin = origin
        return True

    def open(self, *args: Any, **kwargs: Any) -> None:
        if self._cross_origin:
            log.warning("refused a cross-origin room socket from %s", self._cross_origin[:100])
            self.close_for("cross-origin", f"a page of another site ({self._cross_origin[:60]}) cannot join this room")
            return
        self._join_timer = tornado.ioloop.IOLoop.current().call_later(JOIN_SECONDS, self._join_timeout)

    def _join_timeout(self) -> None:
        if self.connection is None:
            self.close_for("join-timeout", f"no join message within {JOIN_SECONDS:g} seconds")

    def send(self, message: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(json.dumps(message))
        except tornado.websocket.WebSocketClosedError:
            pass

    def send_shown(self) -> None:
        if self.view is not None and self.connection is not None and not self.connection.closed:
            self.send({"type": "shown", "number": service_of(self).room.table(self.connection.table).number,
                       **self.view.shown()})

    def close_for(self, why: str, message: str) -> None:
        self.close(CLOSE[why], _reason(message))

    def on_message(self, message: str | bytes) -> None:
        service = service_of(self)
        if self._cross_origin:
            return
        if self.connection is None:
            self._join(service, message)
            return
        self.send(self.connection.receive(message))

    def _join(self, service: RoomService, raw: str | bytes) -> None:
        room = service.room
        msg_id = None
        try:
            join = parse_join(raw, room.limits)
            msg_id = join.id
            connection = room.connect(join.token, table=join.table)
        except RoomError as exc:
            self.send(exc.reply(msg_id))
            self.close_for(exc.code if exc.code in CLOSE else "malformed", str(exc))
            return
        if self._join_timer is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(self._join_timer)
        self.connection = connection
        self.view = attach_view(room, connection)
        service.attach(self)
        self.send({"type": "joined", "id": msg_id, **room.table(connection.table).summary(),
                   "seat": connection.seat, "read_only": connection.credential.read_only})
        self.send_shown()

    def on_close(self) -> None:
        if self._join_timer is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(self._join_timer)
        service = self.settings.get(SETTINGS_KEY)
        if isinstance(service, RoomService):
            service.detach(self)


# --- the teacher ---------------------------------------------------------------------------------


class TeacherAPI(tornado.web.RequestHandler):
    """The base of the teacher's routes: JSON in and out, a ``RoomError`` answered 400 (an
    unknown table 404) with its code and sentence.  These classes define no ``get`` or
    ``post``: a host's subclass does, behind its own login (``extension.py``), calling the
    named method; ``require_teacher`` refuses any request the host did not authenticate."""

    def require_teacher(self) -> RoomService:
        if not self.current_user:
            raise tornado.web.HTTPError(403, "the room's teacher routes need the server's login")
        return service_of(self)

    def body_json(self) -> dict[str, Any]:
        body = self.request.body or b"{}"
        if len(body) > MAX_BODY:
            raise MessageError(f"the request has {len(body):,} bytes; at most {MAX_BODY:,}", code="too-large")
        try:
            data = json.loads(body)
        except ValueError as exc:
            raise MessageError(f"the request is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise MessageError("the request is a JSON object")
        return data

    def answer(self, work: Callable[[RoomService], Any], status: int = 200) -> None:
        service = self.require_teacher()
        try:
            result = work(service)
        except RoomError as exc:
            self.set_status(404 if isinstance(exc, UnknownTable) else 400)
            result = {"ok": False, "error": exc.code, "message": str(exc)}
        else:
            self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(result))


class TablesAPI(TeacherAPI):
    def list_tables(self) -> None:
        self.answer(lambda s: s.room.tables())

    def create_table(self) -> None:
        def create(service: RoomService) -> dict[str, Any]:
            data = self.body_json()
            allowed = {"kind", "players", "seats", "ruleset", "options", "seed", "teaching"}
            extra = sorted(set(data) - allowed)
            if extra or "kind" not in data or "players" not in data:
                raise MessageError(f"a new table is {{kind, players, seats?, ruleset?, options?, seed?, teaching?}}"
                                   f"{'; not ' + ', '.join(extra) if extra else ''}")
            new = service.room.create_table(data["kind"], data["players"], seats=data.get("seats"),
                                            ruleset=data.get("ruleset"), options=data.get("options"),
                                            seed=data.get("seed", 0), teaching=data.get("teaching"))
            return {"ok": True, **service.links(new.table)}

        self.answer(create, 201)



class TableAPI(TeacherAPI):
    def show_table(self, table: str) -> None:
        self.answer(lambda s: s.room.table(int(table)).summary())


class LinksAPI(TeacherAPI):
    def show_links(self, table: str) -> None:
        self.answer(lambda s: s.links(s.room.table(int(table)).id))


def seat_of(data: dict[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MessageError(f"'seat' is a seat's number, not {str(seat)[:40]}")
    return seat


class CommandAPI(TeacherAPI):
    """``POST api/tables/<table>/<command>``: the teacher's commands on one table."""

    def run_command(self, table: str, command: str) -> None:
        def run(service: RoomService) -> dict[str, Any]:
            room, tid, data = service.room, int(table), self.body_json()
            room.table(tid)
            if command == "pause":
                room.pause(tid, data.get("reason", ""))
            elif command == "resume":
                room.resume(tid)
            elif command == "take-over":
                room.take_over(tid, seat_of(data), data.get("bot", "greedy"))
            elif command == "give-back":
                room.give_back(tid, seat_of(data))
            elif command == "revoke":
                if "seat" not in data:
                    raise MessageError("revoke needs 'seat': a seat's number, or null for the watchers' link")
                token = room.revoke(tid, data["seat"])
                return {"ok": True, "seat": data["seat"], "token": token, "link": service.join_path(tid, token)}
            elif command == "next-round":
                return room.start_next_round(tid)
            return {"ok": True, **room.table(tid).summary()}

        self.answer(run)


class SaveAPI(TeacherAPI):
    def send_save(self, table: str) -> None:
        self.answer(lambda s: json.loads(s.room.save(int(table))))


class SavesAPI(TeacherAPI):
    def send_saves(self) -> None:
        self.answer(lambda s: {str(t): json.loads(text) for t, text in s.room.saves().items()})


def results_csv(rows: list[dict[str, Any]]) -> str:
    """The room's results as CSV: one row per table and player, the columns in order of
    first appearance (a value that is not text or a number is written as JSON)."""
    columns: list[str] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: v if isinstance(v, (str, int, float, bool)) or v is None else json.dumps(v)
                         for k, v in row.items()})
    return out.getvalue()


class ResultsAPI(TeacherAPI):
    def send_results(self) -> None:
        service = self.require_teacher()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="kabetopo-room-results.csv"')
        self.finish(results_csv(service.room.results()))


__all__ = [
    "CLOSE", "PREFIX", "ROUTES", "SETTINGS_KEY", "CommandAPI", "JoinPage", "LinksAPI", "ParticipantSocket",
    "ResultsAPI", "RoomService", "SaveAPI", "SavesAPI", "TableAPI", "TablesAPI", "TeacherAPI", "results_csv",
    "url_join",
]
