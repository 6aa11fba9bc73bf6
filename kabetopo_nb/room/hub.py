"""The room as a JupyterHub managed service (docs/ROOM.md, "Hosts"): the hub starts it, its proxy
routes ``/services/kabetopo-room/`` to it, and the hub says who the teachers are.

**Addresses.**  The proxy passes the service's prefix through (it is not stripped), and the
room is mounted as on every host, at ``<base_url>kabetopo-room/`` with ``base_url`` the
service's prefix (``$JUPYTERHUB_SERVICE_PREFIX``): a seat's link is
``/services/kabetopo-room/kabetopo-room/join/3#TOKEN``, the dashboard
``/services/kabetopo-room/kabetopo-room/dashboard``, the API ``.../kabetopo-room/api/tables``
(one rule for every host, so the pages and notebooks build the same paths from a base URL).
``/services/kabetopo-room/`` itself sends a teacher to the dashboard.

**Who is who.**  Participants need no hub account: their page and socket are open, and the
room checks each seat's token (the socket goes through the hub's proxy like any request).
A teacher is a hub user (or a hub API token) with the scope
``access:services!service=kabetopo-room``: the service's routes use hub OAuth
(``HubOAuthenticated``; the OAuth callback is ``/services/kabetopo-room/oauth_callback``), so
a teacher page sends a browser through the hub's login, and a user without that scope is
refused (403) by the hub.  Hub admins have it (the ``admin`` role's ``access:services``);
give it to other teachers with a role, for example to a group, as below.  A POST
authenticated by the service's cookie carries the ``_xsrf`` value (the hub's XSRF check,
``X-XSRFToken``, from the ``_xsrf`` cookie that a teacher page sets through
``self.xsrf_token``); a request with the teacher's hub API token in its
``Authorization: token ...`` header needs none.

**Configuration** (a complete ``jupyterhub_config.py`` for a workshop; the room's SQLite file
should be an absolute path on a disk that survives a restart)::

    import sys
    c.JupyterHub.services = [{
        "name": "kabetopo-room",
        "url": "http://127.0.0.1:10101",          # where the service listens (loopback)
        "command": [sys.executable, "-m", "kabetopo_nb.room.hub",
                    "--room-file", "/srv/kabetopo/room.sqlite", "--bot-workers", "2"],
        "oauth_no_confirm": True,                  # teachers are not asked to authorize it
        "display": True,                           # listed in the hub's Services menu
    }]
    c.JupyterHub.load_groups = {"kabetopo-room-teachers": {"users": ["teacher"]}}
    c.JupyterHub.load_roles = [{
        "name": "kabetopo-room-teacher",
        "scopes": ["access:services!service=kabetopo-room"],
        "groups": ["kabetopo-room-teachers"],
    }]

The service's command takes ``--room-file PATH`` (default ``./kabetopo-room.sqlite`` in the
service's working folder, the hub's unless the service has a ``"cwd"``) and ``--bot-workers N``
(default 2); the rest comes from the hub's environment (``JUPYTERHUB_SERVICE_URL``,
``JUPYTERHUB_SERVICE_PREFIX``, the OAuth client and API token).  SIGTERM (the hub stopping it)
closes every socket, the room and the bots' process pool.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import sys
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import tornado.httpserver
import tornado.web
from jupyterhub.services.auth import (  # type: ignore[import-untyped]  # (jupyterhub ships no types)
    HubOAuthCallbackHandler,
    HubOAuthenticated,
)

from . import web
from .protocol import RoomError
from .standalone import DEFAULT_FILE, HostHandler, handlers_for, log_request, run_room
from .workers import NICENESS

log = logging.getLogger(__name__)

SERVICE_NAME = "kabetopo-room"


class HubTeacher(HubOAuthenticated, HostHandler):
    """The hub's login for the room's teacher routes: hub OAuth, a user (or token) with
    ``access:services!service=<this service>``; a teacher page without it goes to the hub's
    login (and a signed-in user without the scope gets the hub's 403)."""

    def teacher_login_url(self) -> str | None:
        return str(self.get_login_url())

    def check_xsrf_cookie(self) -> None:
        """The hub's XSRF check (a cookie-authenticated POST carries ``X-XSRFToken``).  Tornado
        asks before the hub has looked at the request: one with an ``Authorization`` header (which
        no browser adds to a cross-site request) waits for the hub's own check, which takes the
        token or, failing it, asks here again before accepting the cookie."""
        if "_cached_hub_user" not in self.__dict__ and self.request.headers.get("Authorization"):
            return
        self.hub_auth.check_xsrf_cookie(self)


class ServiceHome(HubTeacher):
    """``<service prefix>``: the hub's login, then the teacher's dashboard."""

    @tornado.web.authenticated
    def get(self) -> None:
        self.redirect(web.url_join(self.settings["service_prefix"], web.PREFIX, "dashboard"))


def make_app(service: web.RoomService, prefix: str) -> tornado.web.Application:
    """The service's tornado application: the room's routes under ``<prefix>kabetopo-room``,
    the OAuth callback, and the service's home (see the module doc)."""
    prefix = web.url_join(prefix) + "/" if prefix.strip("/") else "/"
    handlers: list[Any] = handlers_for(re.escape(prefix) + web.PREFIX, web.ROUTES, base=HubTeacher)
    handlers += [(re.escape(prefix) + "oauth_callback", HubOAuthCallbackHandler), (re.escape(prefix) + "?", ServiceHome)]
    settings: dict[str, Any] = {"cookie_secret": os.urandom(32), "xsrf_cookies": True, "log_function": log_request,
                                "service_prefix": prefix, web.SETTINGS_KEY: service}
    return tornado.web.Application(handlers, **settings)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m kabetopo_nb.room.hub",
                                     description="The Kabetopo workshop room as a JupyterHub managed service.")
    parser.add_argument("--room-file", default=DEFAULT_FILE, help=f"the room's SQLite file (default ./{DEFAULT_FILE})")
    parser.add_argument("--bot-workers", type=int, default=2, help="the processes the bots think in (default 2)")
    parser.add_argument("--bot-niceness", type=int, default=NICENESS,
                        help=f"how much lower the bots' priority is than the server's (default {NICENESS})")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    url = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/")
    path = os.path.abspath(os.path.expanduser(args.room_file))

    def started(_service: web.RoomService) -> None:
        log.info("kabetopo room: the hub service listens at %s://%s, routed at %s%s/ (its tables in %s)",
                 url.scheme, url.netloc, prefix, web.PREFIX, path)

    await run_room(path, args, base_url=prefix, app=lambda service: make_app(service, prefix),
                   port=url.port or 80, address=url.hostname or "127.0.0.1", started=started, say=log.info)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    try:
        asyncio.run(serve(args))
    except (OSError, RoomError) as exc:
        print(f"kabetopo room (hub service): cannot start: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["SERVICE_NAME", "HubTeacher", "ServiceHome", "main", "make_app"]
