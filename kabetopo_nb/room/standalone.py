"""The room without Jupyter (docs/ROOM.md, "Hosts"): one command on the teacher's laptop serves
the workshop room and the JupyterLite site, so a room with no internet is the whole workshop::

    python -m kabetopo_nb.room [--port 8800] [--ip 0.0.0.0] [--room-file PATH] [--lite PATH]
                               [--bot-workers N]

It is a tornado application (Jupyter's own web stack) with

* the room's routes (``web.ROUTES``) under ``/kabetopo-room/``: the participants' page and
  socket open to anyone on the network (the room checks each seat's token), the teacher's
  routes behind the **teacher token**;
* the JupyterLite site at ``/`` (the folder ``scripts/build_lite.py`` builds, ``build/lite/site``,
  or ``--lite PATH``); without it ``/`` says how to build it and the room runs all the same.

**The teacher's login.**  A fresh ``secrets.token_urlsafe(32)`` at every start (or the
``KABETOPO_ROOM_TOKEN`` environment variable, to keep one across restarts) is printed with the
dashboard's address, ``http://<LAN address>:PORT/kabetopo-room/dashboard?token=...``.  A
request carries it as an ``Authorization: token ...`` header, or once in ``?token=`` on a GET:
the server then sets an HttpOnly, SameSite=Strict cookie (signed with a key derived from the
token, so a new token ends old sessions) and redirects to the same address without the token.
``/kabetopo-room/login`` takes the token in a form, for a teacher who has it but not the link.
Without the login, a teacher API route answers 403 and a teacher page sends to that form.
A POST authenticated by the cookie must carry the ``_xsrf`` value (tornado's
``xsrf_cookies``: the ``X-XSRFToken`` header or an ``_xsrf`` form field, matching the
``_xsrf`` cookie a teacher page sets with ``self.xsrf_token``, as in a Jupyter server); one
authenticated by the header needs none (a browser never adds that header by itself).

**Everything else** is the Jupyter host's (``extension.py``): the room's SQLite file (default
``./kabetopo-room.sqlite``), the bots in a spawn-context process pool, SIGTERM or SIGINT
closing every socket, the room and the pool.  Nothing at run time reaches any other host: the
LAN address printed is found by asking the kernel which interface would route to a private
address (a UDP socket's ``connect``, which sends nothing).

``hub.py`` builds its handlers with ``handlers_for`` below, with the hub's login instead.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import hmac
import html
import json
import logging
import mimetypes
import os
import secrets
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import tornado.httpserver
import tornado.web

from . import web
from .protocol import RoomError
from .room import Room
from .workers import NICENESS, bot_executor

log = logging.getLogger(__name__)

DEFAULT_PORT = 8800
DEFAULT_FILE = "kabetopo-room.sqlite"
TOKEN_ENV = "KABETOPO_ROOM_TOKEN"
COOKIE = "kabetopo-room-teacher"
# scripts/build_lite.py's SITE, for a source checkout (and the working folder's, first)
LITE_SITE = Path("build") / "lite" / "site"
REPO = Path(__file__).resolve().parents[2]

for _kind, _ext in (("application/wasm", ".wasm"), ("text/javascript", ".mjs"), ("application/json", ".ipynb"),
                    ("application/zip", ".whl"), ("application/json", ".map")):
    mimetypes.add_type(_kind, _ext)


# --- handlers from web.ROUTES, for any host with its own login ------------------------------------


def hide_tokens(uri: str) -> str:
    """An address with any ``token=`` value of its query hidden, for a log."""
    parts = urlsplit(uri)
    if "token" not in parts.query:
        return uri
    query = "&".join(f"{k}=[hidden]" if k == "token" else f"{k}={v}"
                     for k, v in parse_qsl(parts.query, keep_blank_values=True))
    return parts.path + (f"?{query}" if query else "")


class HostHandler(tornado.web.RequestHandler):
    """The base of a host's room handlers: the teacher's login is the host's
    (``get_current_user``, ``teacher_login_url``); a ``?token=`` never reaches a log."""

    def _request_summary(self) -> str:  # tornado's line for a warning about this request
        return f"{self.request.method} {hide_tokens(self.request.uri or '')} ({self.request.remote_ip})"

    def teacher_login_url(self) -> str | None:
        """Where a teacher page without a login sends the browser (None: answer 403)."""
        return None


class TeacherAPIBase(HostHandler):
    """A teacher's API route: 403 without the host's login, errors as JSON."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        message = getattr(exc, "log_message", None) or self._reason
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"ok": False, "error": status_code, "message": message}))


def _open(name: str) -> Callable[..., Any]:
    def answer(self: Any, *args: str) -> Any:
        return getattr(self, name)(*args)
    return answer


def _teacher_api(name: str) -> Callable[..., Any]:
    def answer(self: Any, *args: str) -> Any:
        if not self.current_user:
            raise tornado.web.HTTPError(403, "the room's teacher routes need the teacher's login")
        return getattr(self, name)(*args)
    return answer


def _teacher_page(name: str) -> Callable[..., Any]:
    def answer(self: Any, *args: str) -> Any:
        if not self.current_user:
            url = self.teacher_login_url() if self.request.method in ("GET", "HEAD") else None
            if url is None:
                raise tornado.web.HTTPError(403, "the room's teacher pages need the teacher's login")
            self.redirect(url)
            return None
        return getattr(self, name)(*args)
    return answer


def handlers_for(prefix: str, routes: Sequence[web.Route], *, base: type[HostHandler],
                 socket_base: type | None = None) -> list[tuple[str, type]]:
    """Tornado's ``(pattern, handler)`` pairs of the room's routes under ``prefix`` (a path
    such as ``/kabetopo-room``), each a subclass of the route's handler and of ``base`` (which
    brings the host's login): open routes as they are, teacher routes refused (API) or sent
    to the login (page) without ``current_user``."""
    out: list[tuple[str, type]] = []
    for route in routes:
        if route.who == "socket":
            handler: type = route.handler if socket_base is None else type(
                f"Host{route.handler.__name__}", (socket_base, route.handler), {})
        elif route.who == "anyone":  # open: no login of any kind
            handler = type(f"Host{route.handler.__name__}", (HostHandler, route.handler),
                           {http: _open(name) for http, name in route.methods.items()})
        else:
            wrap = _teacher_page if route.who == "teacher-page" else _teacher_api
            bases: tuple[type, ...] = (base, route.handler) if route.who == "teacher-page" else (
                TeacherAPIBase, base, route.handler)
            handler = type(f"Host{route.handler.__name__}", bases,
                           {http: wrap(name) for http, name in route.methods.items()})
        out.append((prefix.rstrip("/") + route.pattern, handler))
    return out


# --- the standalone login: the teacher token ------------------------------------------------------


def _header_token(handler: tornado.web.RequestHandler) -> str | None:
    kind, _, value = handler.request.headers.get("Authorization", "").partition(" ")
    return value.strip() if kind.lower() in ("token", "bearer") and value.strip() else None


class TeacherToken(HostHandler):
    """The standalone server's login: the teacher token (``settings["teacher_token"]``) in the
    ``Authorization`` header, or the signed cookie a ``?token=`` (or the login form) set."""

    def _token_matches(self, given: str | None) -> bool:
        token = self.settings["teacher_token"]
        return bool(given) and hmac.compare_digest(str(given).encode(), token.encode())

    def header_authenticated(self) -> bool:
        return self._token_matches(_header_token(self))

    def get_current_user(self) -> str | None:
        if self.header_authenticated():
            return "teacher"
        if self.get_signed_cookie(COOKIE, max_age_days=2) == b"teacher":
            return "teacher"
        return None

    def check_xsrf_cookie(self) -> None:
        """A request with the token in its header needs no XSRF value (no browser adds that
        header by itself); a cookie-authenticated one does (tornado's check)."""
        if self.header_authenticated():
            return
        super().check_xsrf_cookie()

    def set_teacher_cookie(self) -> None:
        self.set_signed_cookie(COOKIE, "teacher", expires_days=None, httponly=True, samesite="Strict",
                               path=f"/{web.PREFIX}/")

    def prepare(self) -> Any:
        """``?token=`` on a GET: the cookie, then the same address without the token."""
        given = self.get_query_argument("token", None)
        if given is None or self.request.method not in ("GET", "HEAD"):
            return super().prepare()
        if not self._token_matches(given):
            raise tornado.web.HTTPError(403, "this is not the room's teacher token")
        self.set_teacher_cookie()
        parts = urlsplit(self.request.uri or "/")
        query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "token"])
        self.redirect(urlunsplit(("", "", parts.path, query, "")))
        return None

    def teacher_login_url(self) -> str | None:
        return f"/{web.PREFIX}/login?{urlencode({'next': self.request.uri or ''})}"


LOGIN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kabetopo room: the teacher's login</title>
<style>body{{font-family:system-ui,sans-serif;margin:2rem;max-width:40rem}}
input{{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}}
button{{font:inherit;padding:.4rem 1rem;margin-top:.5rem}}
.error{{color:#a00000}}@media (prefers-color-scheme:dark){{body{{background:#111;color:#eee}}.error{{color:#ff9a9a}}}}</style>
</head><body>
<h1>The teacher's login</h1>
<p>The room printed the teacher's link when it started (the line <q>the teacher's dashboard</q>
in its terminal). Open that link, or paste the token that ends it here.</p>
{error}
<form method="post" action="/{prefix}/login">{xsrf}
<input type="hidden" name="next" value="{next}">
<label for="token">Teacher token</label>
<input id="token" name="token" type="password" autocomplete="off" required autofocus>
<button type="submit">Log in</button>
</form>
</body></html>
"""


class LoginPage(TeacherToken):
    """``/kabetopo-room/login``: a form for the teacher token (XSRF-checked), then the page
    the teacher was going to (a path of the room only)."""

    def _next(self) -> str:
        target = self.get_argument("next", "")
        if not target.startswith(f"/{web.PREFIX}/") or target.startswith("//") or "\\" in target:
            target = f"/{web.PREFIX}/dashboard"
        return target

    def _form(self, error: str = "") -> None:
        self.set_header("Cache-Control", "no-store")
        self.finish(LOGIN_PAGE.format(prefix=web.PREFIX, xsrf=self.xsrf_form_html(), next=html.escape(self._next()),
                                      error=f'<p class="error" role="alert">{html.escape(error, quote=False)}</p>' if error else ""))

    def get(self) -> None:
        self._form()

    def post(self) -> None:
        if not self._token_matches(self.get_body_argument("token", "")):
            self.set_status(403)
            self._form("That is not the room's teacher token.")
            return
        self.set_teacher_cookie()
        self.redirect(self._next())


class RoomHome(TeacherToken):
    """``/kabetopo-room/``: to the teacher's dashboard."""

    def get(self) -> None:
        self.redirect(f"/{web.PREFIX}/dashboard")


NO_SITE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kabetopo room</title>
<style>body{{font-family:system-ui,sans-serif;margin:2rem;max-width:44rem}}
@media (prefers-color-scheme:dark){{body{{background:#111;color:#eee}}a{{color:#9cf}}}}</style></head>
<body><h1>The Kabetopo workshop room</h1>
<p>The room is running: participants open the join link of their seat.</p>
<p>The JupyterLite site (the notebooks in the browser) is not served here: no built site was
found at <code>{lite}</code>. Build it once, with internet, in the project's folder with
<code>python3 scripts/build_lite.py</code>, then start the room again (or give its folder with
<code>--lite PATH</code>).</p></body></html>
"""


class NoSite(tornado.web.RequestHandler):
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.finish(NO_SITE.format(lite=html.escape(str(self.settings["lite_path"]))))


class LiteFiles(tornado.web.StaticFileHandler):
    """The JupyterLite site's files; ``/`` is its ``index.html``."""

    def set_extra_headers(self, path: str) -> None:
        if path.endswith(".html") or not path:
            self.set_header("Cache-Control", "no-cache")


# --- the application ----------------------------------------------------------------------------


def default_lite() -> Path:
    """The built JupyterLite site: ``build/lite/site`` in the working folder if there is one,
    else in this source checkout."""
    here = Path.cwd() / LITE_SITE
    return here if here.is_dir() else REPO / LITE_SITE


def log_request(handler: tornado.web.RequestHandler) -> None:
    """tornado's access log, with any ``token=`` value of an address hidden (the teacher's
    ``?token=`` never lands in a log)."""
    status = handler.get_status()
    level = logging.INFO if status < 400 else logging.WARNING if status < 500 else logging.ERROR
    uri = hide_tokens(handler.request.uri or "")
    logging.getLogger("tornado.access").log(level, "%d %s %s (%s) %.2fms", status, handler.request.method, uri,
                                            handler.request.remote_ip, 1000.0 * handler.request.request_time())


def make_app(service: web.RoomService, *, teacher_token: str, lite: Path | None) -> tornado.web.Application:
    """The standalone server's tornado application (see the module doc)."""
    prefix = f"/{web.PREFIX}"
    handlers: list[Any] = handlers_for(prefix, web.ROUTES, base=TeacherToken)
    handlers += [(f"{prefix}/login", LoginPage), (f"{prefix}/?", RoomHome)]
    if lite is not None and (lite / "index.html").is_file():
        handlers.append((r"/(.*)", LiteFiles, {"path": str(lite), "default_filename": "index.html"}))
    else:
        handlers.append((r"/", NoSite))
    secret = hashlib.sha256(b"kabetopo-room cookie\0" + teacher_token.encode()).hexdigest()
    settings: dict[str, Any] = {
        "cookie_secret": secret, "xsrf_cookies": True, "xsrf_cookie_kwargs": {"samesite": "Strict", "path": "/"},
        "log_function": log_request, "teacher_token": teacher_token, "lite_path": lite, web.SETTINGS_KEY: service}
    return tornado.web.Application(handlers, **settings)


def lan_address(ip: str) -> str:
    """The address participants use: the one given, or (listening on every interface) the
    interface that would route to a private network, found without sending anything."""
    if ip not in ("", "0.0.0.0", "::"):
        return ip
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))  # UDP: chooses a route, sends nothing
                address = str(s.getsockname()[0])
        except OSError:
            continue
        if not address.startswith("0."):
            return address
    return "127.0.0.1"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m kabetopo_nb.room",
                                     description="The Kabetopo workshop room and the JupyterLite site, offline.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    parser.add_argument("--ip", default="0.0.0.0", help="the address to listen on (default: every interface)")
    parser.add_argument("--room-file", default=DEFAULT_FILE,
                        help=f"the room's SQLite file (default ./{DEFAULT_FILE})")
    parser.add_argument("--lite", default=None,
                        help=f"the built JupyterLite site (default {LITE_SITE}, from scripts/build_lite.py)")
    parser.add_argument("--bot-workers", type=int, default=2, help="the processes the bots think in (default 2)")
    parser.add_argument("--bot-niceness", type=int, default=NICENESS,
                        help=f"how much lower the bots' priority is than the server's (default {NICENESS})")
    return parser.parse_args(argv)


async def run_room(path: str, args: argparse.Namespace, *, base_url: str,
                   app: Callable[[web.RoomService], tornado.web.Application], port: int, address: str,
                   started: Callable[[web.RoomService], None], say: Callable[[str], None]) -> None:
    """A room process from start to stop, for this host and the hub's (``hub.py``): the room
    opened on ``path`` with its bots' workers (``--bot-workers``, ``--bot-niceness``), ``app``
    listening on ``address:port``, ``started`` told, then every table kept until SIGINT or
    SIGTERM closes the sockets, the room and the workers.  A port taken or a room file
    refused raises (``OSError``, ``RoomError``) with nothing left running."""
    executor = bot_executor(args.bot_workers, args.bot_niceness)
    try:
        room = Room.open(path, executor=executor)
    except BaseException:
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    service = web.RoomService(room, base_url=base_url)
    server = tornado.httpserver.HTTPServer(app(service), xheaders=False)
    try:
        server.listen(port, address=address)
    except OSError:
        service.close()
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    started(service)
    service.schedule_bots()  # a table whose bot was due when the room stopped
    try:
        await stop.wait()
    finally:
        say("kabetopo room: stopping")
        server.stop()
        service.close()
        executor.shutdown(wait=False, cancel_futures=True)
        await server.close_all_connections()


async def serve(args: argparse.Namespace) -> None:
    path = os.path.abspath(os.path.expanduser(args.room_file))
    lite = Path(args.lite).expanduser().resolve() if args.lite else default_lite()
    token = os.environ.get(TOKEN_ENV) or secrets.token_urlsafe(32)

    def say(text: str) -> None:
        print(text, flush=True)

    def started(_service: web.RoomService) -> None:
        host = lan_address(args.ip)
        site = f"http://{host}:{args.port}/"
        has_site = (lite / "index.html").is_file()
        say(f"kabetopo room: the room's tables are in {path}")
        say(f"kabetopo room: participants open http://{host}:{args.port}/ on the room's network"
            + (" (the JupyterLite site)" if has_site else f" (no JupyterLite site: none built at {lite})")
            + " and the join link of their seat")
        say(f"kabetopo room: the teacher's dashboard: {site}{web.PREFIX}/dashboard?token={token}")
        say("kabetopo room: Ctrl+C stops the room (every table is kept in its file)")

    await run_room(path, args, base_url="/", app=lambda service: make_app(service, teacher_token=token, lite=lite),
                   port=args.port, address=args.ip, started=started, say=say)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    try:
        asyncio.run(serve(args))
    except (OSError, RoomError) as exc:  # the port taken, the file locked by another room, damaged
        print(f"kabetopo room: cannot start: {exc}", file=sys.stderr)
        return 1
    return 0


__all__ = ["COOKIE", "DEFAULT_FILE", "DEFAULT_PORT", "HostHandler", "TeacherToken", "handlers_for", "lan_address",
           "main", "make_app"]
