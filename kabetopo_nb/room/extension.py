"""The room inside a Jupyter server (docs/ROOM.md): a jupyter_server extension, so that the
same addresses work in a local JupyterLab, a Binder session and a JupyterHub user server.

Enabled for ``jupyter lab`` by ``jupyter-config/jupyter_server_config.d/kabetopo_nb.room.json``
(installed with the package), or by hand::

    jupyter lab --ServerApp.jpserver_extensions=kabetopo_nb.room=True

Its routes are ``web.ROUTES`` under ``<base_url>kabetopo-room/``.  The participant's page and
socket are open to anyone (``allow_unauthenticated``): they can do nothing but play the seat,
or watch the table, whose token the socket's first message gives; the room checks it.
Every teacher route needs the server's own login (its token, the hub's OAuth cookie) and the
authorizer's permission (``@authorized`` on the ``kabetopo_room`` resource); without it an
API route answers 403, as the server's own ``/api/contents`` does.

Configuration (``--RoomExtension.room_path=...`` or a config file):

* ``room_path``: the room's SQLite file (default ``<root_dir>/.kabetopo-room.sqlite``);
* ``bot_workers``: the processes the bots think in (default 2; ``workers.py``);
* ``bot_niceness``: how much lower their priority is than the server's (default 10);
* ``join_seconds``: how long a participant's socket may wait before its join message (default 10).
"""
from __future__ import annotations

import concurrent.futures
import os
from collections.abc import Callable
from typing import Any

from jupyter_server.auth.decorator import allow_unauthenticated, authorized
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.extension.application import ExtensionApp
from jupyter_server.extension.handler import ExtensionHandlerMixin
from tornado import web as tornado_web
from traitlets import Float, Int, Unicode

from . import web
from .room import Room
from .workers import NICENESS, bot_executor

AUTH_RESOURCE = "kabetopo_room"
DEFAULT_FILE = ".kabetopo-room.sqlite"


# --- the handlers, built from web.ROUTES ----------------------------------------------------------


class ParticipantSocket(web.ParticipantSocket, ExtensionHandlerMixin, JupyterHandler):
    def check_origin(self, origin: str = "") -> bool:  # the room's check (web.py), not the server's
        return web.ParticipantSocket.check_origin(self, origin)

    @allow_unauthenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        await web.ParticipantSocket.get(self, *args, **kwargs)


class TeacherHandler(ExtensionHandlerMixin, APIHandler):
    """A teacher's API route: the server's login (403 without it) and its authorizer."""

    auth_resource = AUTH_RESOURCE


class TeacherPage(ExtensionHandlerMixin, JupyterHandler):
    """A teacher's HTML page: the server's login page without it, then its authorizer."""

    auth_resource = AUTH_RESOURCE


class OtherContent:
    """A teacher's route that answers something other than JSON (CSV, Parquet, SVG): not
    ``APIHandler``'s JSON content type."""

    def finish(self, *args: Any, **kwargs: Any) -> Any:
        return JupyterHandler.finish(self, *args, **kwargs)  # type: ignore[arg-type]


class OpenRoute:
    """An open route (``who="anyone"``): its only credential is a room token in the request
    (a learner's report carries it in its body), never a cookie, so the server's XSRF cookie
    check has nothing to protect; the route refuses a page of another site itself."""

    def check_xsrf_cookie(self) -> None:
        return None


def _open(name: str) -> Callable[..., Any]:
    @allow_unauthenticated
    def answer(self: Any, *args: str) -> Any:
        return getattr(self, name)(*args)
    return answer


def _teacher(name: str) -> Callable[..., Any]:
    @tornado_web.authenticated
    @authorized
    def answer(self: Any, *args: str) -> Any:
        return getattr(self, name)(*args)
    return answer


def handler_for(route: web.Route) -> type:
    """The Jupyter server's handler of one of the room's routes (see ``web.Route``)."""
    if route.who == "socket":
        return ParticipantSocket
    if route.who == "anyone":
        bases: tuple[type, ...] = (OpenRoute, ExtensionHandlerMixin, JupyterHandler, route.handler)
        wrap = _open
    elif route.who == "teacher-page":
        bases, wrap = (TeacherPage, route.handler), _teacher
    else:
        bases = (TeacherHandler, route.handler) if route.json else (OtherContent, TeacherHandler, route.handler)
        wrap = _teacher
    methods = {http: wrap(name) for http, name in route.methods.items()}
    return type(f"Jupyter{route.handler.__name__}", bases, methods)


HANDLERS: dict[str, type] = {route.name: handler_for(route) for route in web.ROUTES}


class RoomExtension(ExtensionApp):
    """The workshop room as a Jupyter server extension (see the module doc)."""

    name = "kabetopo_nb.room"
    load_other_extensions = True

    room_path = Unicode("", config=True,
                        help="The room's SQLite file (default: .kabetopo-room.sqlite in the server's root_dir).")
    bot_workers = Int(2, config=True, help="How many processes the room's bots think in.")
    bot_niceness = Int(NICENESS, config=True,
                       help="How much lower the bots' priority is than the server's (workers.py).")
    join_seconds = Float(web.JOIN_SECONDS, config=True,
                         help="Seconds a participant's socket has to send its join message before it is closed.")

    service: web.RoomService | None = None
    executor: concurrent.futures.Executor | None = None

    def room_file(self) -> str:
        if self.room_path:
            return os.path.abspath(os.path.expanduser(self.room_path))
        assert self.serverapp is not None
        return os.path.join(os.path.abspath(os.path.expanduser(self.serverapp.root_dir)), DEFAULT_FILE)

    def initialize_settings(self) -> None:
        assert self.serverapp is not None
        self.executor = bot_executor(self.bot_workers, self.bot_niceness)
        path = self.room_file()
        room = Room.open(path, executor=self.executor)
        self.service = web.RoomService(room, base_url=self.serverapp.base_url,
                                       join_seconds=self.join_seconds)
        self.settings[web.SETTINGS_KEY] = self.service
        self.log.info("kabetopo_nb.room: the workshop room is at %s%s/ (its tables in %s)",
                      self.serverapp.base_url, web.PREFIX, path)

    def initialize_handlers(self) -> None:
        for route in web.ROUTES:
            self.handlers.append((f"/{web.PREFIX}{route.pattern}", HANDLERS[route.name]))

    async def _start_jupyter_server_extension(self, serverapp: Any) -> None:
        if self.service is not None:
            self.service.schedule_bots()  # a table whose bot was due when the room stopped

    async def stop_extension(self) -> None:
        if self.service is not None:
            self.service.close()
            self.service = None
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None


__all__ = ["AUTH_RESOURCE", "HANDLERS", "RoomExtension"]
