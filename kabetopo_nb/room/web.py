"""The room on the web (docs/ROOM.md): tornado handlers for the participants' page and socket
and for the teacher's API, over one ``Room`` driven by a ``RoomService``.

Every host (the Jupyter server extension, ``extension.py``; the standalone server and the hub
service later) mounts these classes under ``<base_url>kabetopo-room/`` and adds its own
authentication: participant routes are open (a seat's or the watchers' token is checked by
the room itself), teacher routes need the host's login.  ``ROUTES`` lists them::

    GET  join/<table>                  the participant's page (the token rides in the link's
                                       fragment, #<token>, so it never reaches a server log)
    WS   socket                        a participant's socket (the token in the first message)
    GET  static/<name>                 the page's files: board.js, board.css, room.js, room.css
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
    GET  learn                         the learners' page (open; the learners' token in the fragment)
    POST api/progress                  a learner's report (open; the learners' token in the body)
    GET  api/learners                  the learners' link and everyone's progress by section
    POST api/learners/reissue          a new learners' link, the old one refused
    GET  api/learners/qr.svg           the learners' link's QR code

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
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

import tornado.ioloop
import tornado.web
import tornado.websocket

from ..assets import front_end_bytes
from .dashboard import page_html
from .protocol import Event, MessageError, RateLimited, RoomError, TokenBucket, UnknownTable, parse_join
from .qr import qr_svg
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


def url_join(*parts: str) -> str:
    """``base_url`` and path parts joined with single slashes (a leading slash kept)."""
    out = "/".join(p.strip("/") for p in parts if p.strip("/"))
    return "/" + out


def other_site(request: Any, origin: str | None) -> str:
    """``origin`` when it names another site than the one the request was sent to ("" when it
    is this site's, or absent): a page of another site may neither join nor report."""
    host = request.headers.get("Host")
    if origin and host and urlparse(origin.lower()).netloc != host.lower():
        return origin
    return ""


def json_body(body: bytes, limit: int, what: str) -> Any:
    """A request's JSON body, at most ``limit`` bytes (``MessageError`` otherwise, saying ``what``)."""
    if len(body) > limit:
        raise MessageError(f"{what} has {len(body):,} bytes; at most {limit:,}", code="too-large")
    try:
        return json.loads(body)
    except ValueError as exc:
        raise MessageError(f"{what} is not JSON: {exc}") from None


def _reason(text: str) -> str:
    """A close reason: at most 123 bytes of UTF-8 (the WebSocket protocol's bound)."""
    data = text.encode("utf-8")[:120]
    return data.decode("utf-8", "ignore")


# --- the service: the room, its sockets, its bots --------------------------------------------------


class RoomService:
    """The room as the web layer drives it: the open sockets of every table, the events sent
    to them, every connection's board pushed after a change, and the bots' decisions."""

    def __init__(self, room: Room, *, base_url: str = "/", join_seconds: float = JOIN_SECONDS):
        self.room = room
        self.base_url = base_url
        self.join_seconds = join_seconds  # a socket that has not joined by then is closed
        self.sockets: dict[int, set[ParticipantSocket]] = {}
        self._dirty: set[int] = set()
        self._flushing = False
        self._bots_scheduled = False
        self._closed = False
        self._stop_listening = room.listen(self._on_event)
        self.progress_buckets = ClientBuckets()  # learners' reports: the rate limit per client address

    # links
    def join_path(self, table: int, token: str) -> str:
        """A seat's (or the watchers') join link, from the server's root: the token rides in
        the fragment, which browsers never send to the server."""
        return f"{url_join(self.base_url, PREFIX, 'join', str(table))}#{token}"

    def learn_path(self, token: str) -> str:
        """The learners' link, from the server's root (``learn#TOKEN``; see ``learners.py``)."""
        return f"{url_join(self.base_url, PREFIX, 'learn')}#{token}"

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
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>Kabetopo room: table {table}</title>
<link rel="stylesheet" href="{static}board.css">
<link rel="stylesheet" href="{static}room.css">
</head><body class="kr-page">
<main id="kabetopo-room" data-table="{table}" data-socket="{socket}">
<noscript><h1>Table {table}</h1><p>This page needs JavaScript to show the board.</p></noscript>
</main>
<script type="module">
// room.js reads the seat's token from location.hash (the link's fragment, never sent to a server)
// and sends it in the socket's first message
import {{ startPage }} from "{static}room.js";
startPage(document.getElementById("kabetopo-room"));
</script>
</body></html>
"""
# the files the page loads (``AssetHandler``): the board's front end and the room's, from the
# package ``kabetopo_nb.frontend`` (the top-level widgets/ folder), and their content types
ASSETS = {"board.js": "text/javascript; charset=utf-8", "board.css": "text/css; charset=utf-8",
          "room.js": "text/javascript; charset=utf-8", "room.css": "text/css; charset=utf-8"}


class JoinPage(tornado.web.RequestHandler):
    """The participant's page (``GET join/<table>``, ``widgets/room.js``): no credential of the
    server is in it and it sets no cookie; the seat's token stays in the link's fragment, read
    by the page's script.  Its scripts and the socket are addressed relative to the page
    (``../static/``, ``../socket``), so it works under any base URL (a hub's ``/user/<name>/``,
    Binder's) and behind a proxy that rewrites the prefix."""

    def render_join_page(self, table: str) -> None:
        service_of(self)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(PAGE.format(table=int(table), static="../static/", socket="../socket"))


class AssetHandler(tornado.web.RequestHandler):
    """``GET static/<name>``: one of ``ASSETS`` (the route's pattern names nothing else, so no
    other file of the package or the disk is ever reached), open to anyone."""

    def send_asset(self, name: str) -> None:

        kind = ASSETS.get(name)
        if kind is None:
            raise tornado.web.HTTPError(404)
        data = front_end_bytes(name)
        self.set_header("Content-Type", kind)
        self.set_header("Cache-Control", "no-cache")  # revalidated (tornado's ETag): a new version is seen
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(data)


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
        self._cross_origin = other_site(self.request, origin)
        return True

    def open(self, *args: Any, **kwargs: Any) -> None:
        if self._cross_origin:
            log.warning("refused a cross-origin room socket from %s", self._cross_origin[:100])
            self.close_for("cross-origin", f"a page of another site ({self._cross_origin[:60]}) cannot join this room")
            return
        self._join_timer = tornado.ioloop.IOLoop.current().call_later(service_of(self).join_seconds,
                                                                      self._join_timeout)

    def _join_timeout(self) -> None:
        if self.connection is None:
            self.close_for("join-timeout", f"no join message within {service_of(self).join_seconds:g} seconds")

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
        data = json_body(self.request.body or b"{}", MAX_BODY, "the request")
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


# --- the teacher's dashboard, tournament, Parquet and QR codes (docs/ROOM.md, "The teacher") ------

PARQUET_MISSING = ("the Parquet export needs pandas and pyarrow, which this server does not have: "
                   "pip install 'kabetopo-nb[study]' (the 'lab' extra includes it), then restart the server")


def results_parquet(rows: list[dict[str, Any]]) -> bytes:
    """The room's results as a Parquet file (pandas + pyarrow, the ``study`` extra; an
    ``ImportError`` without them): one row per table and player, as ``Room.results()``."""
    import pandas  # the study extra: imported only when asked for, so the room runs without it

    frame = pandas.DataFrame(rows)
    out = io.BytesIO()
    frame.to_parquet(out, engine="pyarrow", index=False)
    return out.getvalue()


def absolute(handler: tornado.web.RequestHandler, path: str) -> str:
    """A path of this server as a full address (what a phone scanning a code needs)."""
    return f"{handler.request.protocol}://{handler.request.host}{path}"


def send_qr(handler: tornado.web.RequestHandler, path: str | None, missing: str) -> None:
    """The QR code of this server's ``path`` as SVG, or 404 saying ``missing`` when the room
    cannot show that link (only its digest is kept)."""
    if path is None:
        handler.set_status(404)
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        handler.finish(missing)
        return
    handler.set_header("Content-Type", "image/svg+xml")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(qr_svg(absolute(handler, path)))


class DashboardPage(tornado.web.RequestHandler):
    """The teacher's dashboard page (``GET dashboard``): every control of the room in one
    page (``dashboard.py``, ``widgets/dashboard.js``).  What differs between hosts (the
    room's address, the XSRF token its POSTs carry) is passed into the page from here."""

    def render_dashboard(self) -> None:

        service = self.require_teacher()
        # always the host's XSRF value: a hub's single-user server turns tornado's check off
        # (``xsrf_cookies`` False) because the hub makes it itself, on POSTs and fetch() GETs
        xsrf = self.xsrf_token.decode("ascii")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(page_html(api=url_join(service.base_url, PREFIX) + "/", xsrf=xsrf))

    def require_teacher(self) -> RoomService:
        if not self.current_user:
            raise tornado.web.HTTPError(403, "the room's dashboard needs the server's login")
        return service_of(self)


class DashboardAPI(TeacherAPI):
    """``GET api/dashboard``: everything the dashboard shows, in one answer: every table (its
    tournament and match), every table's live links, the tournament, the learners' progress."""

    def send_dashboard(self) -> None:
        def state(service: RoomService) -> dict[str, Any]:
            room = service.room
            tables = room.tables()
            for table in tables:
                where = room.tournament_of(table["table"])
                table["tournament"], table["match"] = where if where else (None, None)
            learners = room.learners_token()  # a room with no learners' link yet makes one
            return {"tables": tables, "links": {str(t["table"]): service.links(t["table"]) for t in tables},
                    "tournament": room.tournament(), "progress": room.progress(),
                    "learners": {"link": service.learn_path(learners) if learners else None}}

        self.answer(state)


class TournamentAPI(TeacherAPI):
    """``GET api/tournament`` (the live standings; null: none), ``POST api/tournament`` (a new
    one: {players, table_size, matches, kind?, ruleset?, options?, seed?, bots?, filler_bot?})
    and ``POST api/tournament/next`` (the next match, seated by the standings)."""

    FIELDS = ("players", "table_size", "matches", "kind", "ruleset", "options", "seed", "bots", "filler_bot")

    def show_tournament(self) -> None:
        self.answer(lambda s: s.room.tournament())

    def _made(self, service: RoomService, state: dict[str, Any]) -> dict[str, Any]:
        new = state.pop("new")
        return {"ok": True, **state, "new_tables": [service.links(n.table) for n in new]}

    def create_tournament(self) -> None:
        def create(service: RoomService) -> dict[str, Any]:
            data = self.body_json()
            extra = sorted(set(data) - set(self.FIELDS))
            if extra or not {"players", "table_size", "matches"} <= set(data):
                raise MessageError("a tournament is {players, table_size, matches, kind?, ruleset?, options?, seed?, "
                                   f"bots?, filler_bot?}}{'; not ' + ', '.join(extra) if extra else ''}")
            return self._made(service, service.room.create_tournament(**data))

        self.answer(create, 201)

    def start_next_match(self) -> None:
        self.answer(lambda s: self._made(s, s.room.next_match()))


class ParquetAPI(TeacherAPI):
    def send_parquet(self) -> None:
        service = self.require_teacher()
        try:
            data = results_parquet(service.room.results())
        except ImportError:
            self.set_status(501)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(PARQUET_MISSING)
            return
        self.set_header("Content-Type", "application/vnd.apache.parquet")
        self.set_header("Content-Disposition", 'attachment; filename="kabetopo-room-results.parquet"')
        self.finish(data)


class QRAPI(TeacherAPI):
    """``GET api/tables/<table>/qr/<seat or watchers>.svg``: a live join link's QR code (the
    full address, fragment and token included), for the links this room process made."""

    def send_qr(self, table: str, who: str) -> None:
        service = self.require_teacher()
        seat: int | None = None if who == "watchers" else int(who)
        try:
            tid = service.room.table(int(table)).id
            token = service.room.links(tid).get(seat)
        except RoomError as exc:
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(str(exc))
            return
        send_qr(self, service.join_path(tid, token) if token else None,
                "this link was made before the room restarted (only its digest is kept): reissue it to show it")


class LearnersQRAPI(TeacherAPI):
    """``GET api/learners/qr.svg``: the learners' link's QR code (when this room process made it)."""

    def send_learners_qr(self) -> None:
        service = self.require_teacher()
        token = service.room.learners_token(create=False)
        send_qr(self, service.learn_path(token) if token else None,
                "the learners' link was made before the room restarted: reissue it to show it")


# --- learners' progress ----------------------------------------------------------------------------

PROGRESS_BODY = 16 * 1024  # a learner's report, in bytes (every challenge of the package at once: ~6 KiB)
PROGRESS_REPORTS = 100  # reports in one request (the package has fewer challenges)
PROGRESS_RATE, PROGRESS_BURST = 10.0, 60  # reports per second per client address, and at once
PROGRESS_CLIENTS = 4096  # client addresses remembered for the rate limit (then forgotten at once)
PROGRESS_STATUS = {"flood": 429, "too-large": 413, "unknown-token": 403, "revoked-token": 403, "cross-origin": 403}

LEARN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Kabetopo room: show your progress to the teacher</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:46rem;padding:0 1rem;line-height:1.5}
pre{white-space:pre-wrap;word-break:break-all;border:1px solid;padding:.75rem;border-radius:.25rem}
label{display:block;margin:.5rem 0}
input,button{font:inherit;padding:.3rem .6rem}
button:focus-visible,input:focus-visible{outline:3px solid;outline-offset:2px}
</style>
</head><body>
<main>
<h1>Show your progress to the teacher</h1>
<div id="has-link" hidden>
<p>Run these two lines in a notebook of kabetopo-nb (in this workshop's Jupyter or JupyterLite),
with your own name. From then on, every challenge you solve on a challenge board is reported to the
room, and so are those you had already solved. <code>leave_room()</code> stops it.</p>
<label>Your name <input id="name" autocomplete="name" maxlength="40" value=""></label>
<pre id="code"></pre>
<p><button type="button" id="copy">Copy the code</button></p>
<p>This link only reports which challenges you solved: it does not play or watch a table.</p>
</div>
<p id="no-link" hidden>This address has no learners' link in it: ask the teacher for the whole link
(it ends with <code>#</code> and a long code).</p>
<p id="status" role="status" aria-live="polite"></p>
</main>
<script>
// The learners' token rides in the link's fragment (never sent to the server); this page only
// shows the code that gives it to a notebook's kernel.
(function () {
  const token = location.hash.slice(1);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) { document.getElementById("no-link").hidden = false; return; }
  document.getElementById("has-link").hidden = false;
  const link = location.origin + location.pathname + "#" + token;
  const name = document.getElementById("name"), code = document.getElementById("code");
  const status = document.getElementById("status");
  function show() {
    const who = name.value.trim() || "Your name";
    code.textContent = "from kabetopo_nb.room.learners import join_room\\n" +
      "join_room(" + JSON.stringify(link) + ", name=" + JSON.stringify(who) + ")";
  }
  name.addEventListener("input", show);
  show();
  document.getElementById("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(code.textContent); status.textContent = "Copied: paste it in a notebook cell and run it."; }
    catch (e) {
      const range = document.createRange(); range.selectNodeContents(code);
      const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
      status.textContent = "Selected: press Ctrl+C (or Cmd+C) to copy it.";
    }
  });
})();
</script>
</body></html>
"""


class LearnPage(tornado.web.RequestHandler):
    """The learners' page (``GET learn``, open): from the link's fragment it shows the code a
    learner runs in a notebook to report their progress (``learners.join_room``)."""

    def render_learn_page(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(LEARN_PAGE)


class ClientBuckets:
    """The reports' rate limit: one ``TokenBucket`` per client address (``PROGRESS_RATE`` a
    second, ``PROGRESS_BURST`` at once), forgotten all at once past ``PROGRESS_CLIENTS``."""

    def __init__(self, rate: float = PROGRESS_RATE, burst: int = PROGRESS_BURST):
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, client: str) -> bool:
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) >= PROGRESS_CLIENTS:
                self.buckets.clear()
            bucket = self.buckets[client] = TokenBucket(self.rate, self.burst)
        return bucket.take()


class ProgressAPI(tornado.web.RequestHandler):
    """``POST api/progress`` (open): a learner's report, the learners' token in the JSON body
    (never in the address)::

        {"token", "name", "section", "challenge", "done": true}
        {"token", "name", "reports": [{"section", "challenge", "done"}, ...]}   # several at once

    Refused with a JSON error and nothing stored: a page of another site (``Origin``), more
    than ``PROGRESS_RATE`` reports a second from one address (429), a body above
    ``PROGRESS_BODY`` bytes (413), not JSON or not of this shape (400), a token that is not the
    live learners' link (403), a bad name, or a challenge the package does not have in that
    section (400).  No CORS headers: the learner's notebook is served by this same host."""

    def check_xsrf_cookie(self) -> None:
        """The credential is the token in the body, never a cookie: no cross-site form can
        report for a learner, so there is no XSRF cookie to check."""
        return None

    def report_progress(self) -> None:
        service = service_of(self)
        try:
            result = self._report(service)
        except RoomError as exc:
            self.set_status(PROGRESS_STATUS.get(exc.code, 400))
            result = {"ok": False, "error": exc.code, "message": str(exc)}
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(result))

    def _report(self, service: RoomService) -> dict[str, Any]:
        origin = other_site(self.request, self.request.headers.get("Origin"))
        if origin:
            raise MessageError(f"a page of another site ({origin[:60]}) cannot report to this room", code="cross-origin")
        if not service.progress_buckets.take(self.request.remote_ip or "?"):
            raise RateLimited(f"too many reports: at most {PROGRESS_RATE:g} a second from one address "
                              f"(bursts of {PROGRESS_BURST}); they are sent again with the next one")
        data = json_body(self.request.body or b"", PROGRESS_BODY, "the report")
        shape = "{token, name, section, challenge, done} or {token, name, reports: [{section, challenge, done}]}"
        if not isinstance(data, dict):
            raise MessageError(f"a report is a JSON object: {shape}")
        many = "reports" in data
        allowed = {"token", "name", "reports"} if many else {"token", "name", "section", "challenge", "done"}
        if set(data) - allowed or not {"token", "name"} <= set(data):
            raise MessageError(f"a report is {shape}, not {{{', '.join(sorted(data))[:120]}}}")
        if not many:
            if "section" not in data or "challenge" not in data:
                raise MessageError(f"a report is {shape}: 'section' and 'challenge' are missing")
            data["reports"] = [{k: data[k] for k in ("section", "challenge", "done") if k in data}]
        items = data["reports"]
        if not isinstance(items, list) or not 0 < len(items) <= PROGRESS_REPORTS:
            raise MessageError(f"'reports' is a list of 1 to {PROGRESS_REPORTS} reports")
        reports = []
        for item in items:
            if not isinstance(item, dict) or set(item) - {"section", "challenge", "done"} or \
                    not {"section", "challenge"} <= set(item):
                raise MessageError("each of 'reports' is {section, challenge, done}")
            reports.append((item["section"], item["challenge"], item.get("done", True)))
        return {"ok": True, "reported": service.room.report_learner_many(data["token"], data["name"], reports)}


class LearnersAPI(TeacherAPI):
    """``GET api/learners``: the learners' link (when this room process made it; a room with
    none yet makes it now) and every learner's progress by section; ``POST
    api/learners/reissue``: a new link, the old one refused from now on."""

    def show_learners(self) -> None:
        def show(service: RoomService) -> dict[str, Any]:
            token = service.room.learners_token()
            return {"ok": True, "token": token, "link": service.learn_path(token) if token else None,
                    **service.room.learners()}

        self.answer(show)

    def reissue_learners(self) -> None:
        def reissue(service: RoomService) -> dict[str, Any]:
            token = service.room.reissue_learners()
            return {"ok": True, "token": token, "link": service.learn_path(token)}

        self.answer(reissue)


# --- the routes, for every host ------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One address of the room under ``<base_url>kabetopo-room``: its handler class (which
    defines no ``get``/``post``), which of the handler's methods answers each HTTP method, and
    who may reach it.  ``who`` is ``"anyone"`` (open: the room checks a token itself),
    ``"socket"`` (the participants' WebSocket), ``"teacher"`` (an API route behind the
    host's login: 403 without it) or ``"teacher-page"`` (an HTML page behind it: the host's
    login page without it).  ``json`` is False for a teacher route that answers something else
    (CSV, Parquet, SVG).  A host builds its handlers from this table (``extension.py``,
    ``standalone.py``, ``hub.py``), each adding its own authentication."""

    name: str
    pattern: str
    handler: type[tornado.web.RequestHandler]
    methods: dict[str, str] = field(default_factory=dict)
    who: str = "teacher"
    json: bool = True


ROUTES: list[Route] = [
    Route("join", r"/join/(\d+)", JoinPage, {"get": "render_join_page"}, who="anyone"),
    Route("socket", r"/socket", ParticipantSocket, who="socket"),
    Route("asset", r"/static/(board\.js|board\.css|room\.js|room\.css)", AssetHandler, {"get": "send_asset"},
          who="anyone"),
    Route("tables", r"/api/tables", TablesAPI, {"get": "list_tables", "post": "create_table"}),
    Route("table", r"/api/tables/(\d+)", TableAPI, {"get": "show_table"}),
    Route("links", r"/api/tables/(\d+)/links", LinksAPI, {"get": "show_links"}),
    Route("command", r"/api/tables/(\d+)/(" + "|".join(COMMANDS) + ")", CommandAPI, {"post": "run_command"}),
    Route("save", r"/api/tables/(\d+)/save", SaveAPI, {"get": "send_save"}),
    Route("saves", r"/api/saves", SavesAPI, {"get": "send_saves"}),
    Route("results", r"/api/results\.csv", ResultsAPI, {"get": "send_results"}, json=False),
    Route("learn", r"/learn", LearnPage, {"get": "render_learn_page"}, who="anyone"),
    Route("progress", r"/api/progress", ProgressAPI, {"post": "report_progress"}, who="anyone"),
    Route("learners", r"/api/learners", LearnersAPI, {"get": "show_learners"}),
    Route("learners-reissue", r"/api/learners/reissue", LearnersAPI, {"post": "reissue_learners"}),
    Route("dashboard", r"/dashboard", DashboardPage, {"get": "render_dashboard"}, who="teacher-page"),
    Route("dashboard-state", r"/api/dashboard", DashboardAPI, {"get": "send_dashboard"}),
    Route("tournament", r"/api/tournament", TournamentAPI, {"get": "show_tournament", "post": "create_tournament"}),
    Route("tournament-next", r"/api/tournament/next", TournamentAPI, {"post": "start_next_match"}),
    Route("results-parquet", r"/api/results\.parquet", ParquetAPI, {"get": "send_parquet"}, json=False),
    Route("qr", r"/api/tables/(\d+)/qr/(\d+|watchers)\.svg", QRAPI, {"get": "send_qr"}, json=False),
    Route("learners-qr", r"/api/learners/qr\.svg", LearnersQRAPI, {"get": "send_learners_qr"}, json=False),
]


__all__ = [
    "ASSETS", "CLOSE", "PREFIX", "ROUTES", "SETTINGS_KEY", "AssetHandler", "CommandAPI", "JoinPage", "LinksAPI", "ParticipantSocket",
    "DashboardAPI", "DashboardPage", "LearnersQRAPI", "ParquetAPI", "QRAPI", "TournamentAPI", "results_parquet",
    "ResultsAPI", "RoomService", "Route", "SaveAPI", "SavesAPI", "TableAPI", "TablesAPI", "TeacherAPI", "results_csv",
    "url_join", "ClientBuckets", "LearnPage", "LearnersAPI", "ProgressAPI",
]
