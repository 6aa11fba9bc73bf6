"""The room inside a Jupyter server (docs/ROOM.md): a jupyter_server extension, so that the
same addresses work in a local JupyterLab, a Binder session and a JupyterHub user server.

Enabled for ``jupyter lab`` by ``jupyter-config/jupyter_server_config.d/kabetopo_nb.room.json``
(installed with the package), or by hand::

    jupyter server --ServerApp.jpserver_extensions='{"kabetopo_nb.room": True}'

Its routes are ``web.ROUTES`` under ``<base_url>kabetopo-room/``.  The participant's page and
socket are open to anyone (``allow_unauthenticated``): they can do nothing but play the seat,
or watch the table, whose token the socket's first message gives; the room checks it.
Every teacher route needs the server's own login (its token, the hub's OAuth cookie) and the
authorizer's permission (``@authorized`` on the ``kabetopo_room`` resource); without it an
API route answers 403, as the server's own ``/api/contents`` does.

Configuration (``--RoomExtension.room_path=...`` or a config file):

* ``room_path``: the room's SQLite file (default ``<root_dir>/.kabetopo-room.sqlite``);
* ``bot_workers``: the processes the bots think in (default 2).
"""
from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from typing import Any

from jupyter_server.auth.decorator import allow_unauthenticated, authorized
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.extension.application import ExtensionApp
from jupyter_server.extension.handler import ExtensionHandlerMixin
from tornado import web as tornado_web
from traitlets import Int, Unicode

from . import web
from .room import Room

AUTH_RESOURCE = "kabetopo_room"
DEFAULT_FILE = ".kabetopo-room.sqlite"


# --- participants: open routes (the room checks the seat's token) -----------------------------------


class JoinPage(ExtensionHandlerMixin, JupyterHandler, web.JoinPage):
    @allow_unauthenticated
    def get(self, table: str) -> None:
        self.render_join_page(table)


class ParticipantSocket(web.ParticipantSocket, ExtensionHandlerMixin, JupyterHandler):
    def check_origin(self, origin: str = "") -> bool:  # the room's check (web.py), not the server's
        return web.ParticipantSocket.check_origin(self, origin)

    @allow_unauthenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        await web.ParticipantSocket.get(self, *args, **kwargs)


# --- the teacher: the server's login and authorizer ----------------------------------------------------


class TeacherHandler(ExtensionHandlerMixin, APIHandler):
    auth_resource = AUTH_RESOURCE


class TablesAPI(TeacherHandler, web.TablesAPI):
    @tornado_web.authenticated
    @authorized
    def get(self) -> None:
        self.list_tables()

    @tornado_web.authenticated
    @authorized
    def post(self) -> None:
        self.create_table()


class TableAPI(TeacherHandler, web.TableAPI):
    @tornado_web.authenticated
    @authorized
    def get(self, table: str) -> None:
        self.show_table(table)


class LinksAPI(TeacherHandler, web.LinksAPI):
    @tornado_web.authenticated
    @authorized
    def get(self, table: str) -> None:
        self.show_links(table)


class CommandAPI(TeacherHandler, web.CommandAPI):
    @tornado_web.authenticated
    @authorized
    def post(self, table: str, command: str) -> None:
        self.run_command(table, command)


class SaveAPI(TeacherHandler, web.SaveAPI):
    @tornado_web.authenticated
    @authorized
    def get(self, table: str) -> None:
        self.send_save(table)


class SavesAPI(TeacherHandler, web.SavesAPI):
    @tornado_web.authenticated
    @authorized
    def get(self) -> None:
        self.send_saves()


class ResultsAPI(TeacherHandler, web.ResultsAPI):
    @tornado_web.authenticated
    @authorized
    def get(self) -> None:
        self.send_results()

    def finish(self, *args: Any, **kwargs: Any) -> Any:  # CSV: not APIHandler's JSON content type
        return JupyterHandler.finish(self, *args, **kwargs)


HANDLERS: dict[str, type] = {
    "join": JoinPage, "socket": ParticipantSocket, "tables": TablesAPI, "table": TableAPI, "links": LinksAPI,
    "command": CommandAPI, "save": SaveAPI, "saves": SavesAPI, "results": ResultsAPI,
}


class RoomExtension(ExtensionApp):
    """The workshop room as a Jupyter server extension (see the module doc)."""

    name = "kabetopo_nb.room"
    load_other_extensions = True

    room_path = Unicode("", config=True,
                        help="The room's SQLite file (default: .kabetopo-room.sqlite in the server's root_dir).")
    bot_workers = Int(2, config=True, help="How many processes the room's bots think in.")

    service: web.RoomService | None = None
    executor: concurrent.futures.Executor | None = None

    def room_file(self) -> str:
        if self.room_path:
            return os.path.abspath(os.path.expanduser(self.room_path))
        assert self.serverapp is not None
        return os.path.join(os.path.abspath(os.path.expanduser(self.serverapp.root_dir)), DEFAULT_FILE)

    def initialize_settings(self) -> None:
        assert self.serverapp is not None
        # spawned workers: a forked copy of a running server (its threads, its sockets) is unsafe
        self.executor = concurrent.futures.ProcessPoolExecutor(
            max_workers=max(1, self.bot_workers), mp_context=multiprocessing.get_context("spawn"))
        path = self.room_file()
        room = Room.open(path, executor=self.executor)
        self.service = web.RoomService(room, base_url=self.serverapp.base_url)
        self.settings[web.SETTINGS_KEY] = self.service
        self.log.info("kabetopo_nb.room: the workshop room is at %s%s/ (its tables in %s)",
                      self.serverapp.base_url, web.PREFIX, path)

    def initialize_handlers(self) -> None:
        for name, pattern in web.ROUTES:
            self.handlers.append((f"/{web.PREFIX}{pattern}", HANDLERS[name]))

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
