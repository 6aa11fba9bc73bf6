"""A real JupyterHub for the tests that need one (tests/room/test_room_hub.py,
tests/browser/test_room_hub_dashboard.py): a temporary ``jupyterhub_config.py`` with the dummy
authenticator, the simple local spawner, every user allowed, loopback addresses and free
ports, the hub's usual proxy (configurable-http-proxy from ``npm ci``: package.json), the room
as the hub-managed service ``kabetopo-room`` (teachers: the group ``kabetopo-room-teachers``,
holding ``teacher``), an admin service for the tests' REST calls, and the room's extension in
every user's single-user server.

* ``running_hub(base, what)``: a context manager giving a started ``Hub`` (skipped, or failed
  under ``CI=true``, without jupyterhub or the proxy; failed when it does not start), stopped
  at the end however the tests went;
* ``Hub``: ``start``/``stop``, ``url``, ``api(method, path, body)`` as the admin service,
  ``spawn(name)`` a user's server (and that user's own API token), ``log_tail()``;
* ``login(hub, name)``: a ``requests`` session logged in through the hub's login form;
  ``service_xsrf(session)``: the XSRF value the room service set for its path."""
from __future__ import annotations

import contextlib
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import unavailable

REPO = Path(__file__).resolve().parents[1]
PROXY = REPO / "node_modules" / ".bin" / "configurable-http-proxy"
SERVICE = "kabetopo-room"
ROOM = f"/services/{SERVICE}/kabetopo-room"
TEACHER = "teacher"  # in the group whose role reaches the room service


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


CONFIG = """\
import sys
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {proxy_port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {base!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///{base}/hub.sqlite"
c.JupyterHub.cookie_secret_file = {base!r} + "/cookie_secret"
c.JupyterHub.pid_file = {base!r} + "/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.Authenticator.allow_all = True
c.JupyterHub.cleanup_servers = True
c.JupyterHub.services = [
    {{
        "name": "{service}",
        "url": "http://127.0.0.1:{service_port}",
        "command": [sys.executable, "-m", "kabetopo_nb.room.hub",
                    "--room-file", {base!r} + "/service-room.sqlite", "--bot-workers", "1"],
        "oauth_no_confirm": True,
    }},
    {{"name": "test-admin", "api_token": {admin_token!r}}},
]
c.JupyterHub.load_groups = {{"kabetopo-room-teachers": {{"users": ["teacher"]}}}}
c.JupyterHub.load_roles = [
    {{"name": "kabetopo-room-teacher", "scopes": ["access:services!service={service}"],
      "groups": ["kabetopo-room-teachers"]}},
    {{"name": "test-admin", "scopes": ["admin:users", "admin:servers", "tokens"], "services": ["test-admin"]}},
]
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]


def room_args(spawner):  # each user's server: the room's extension, its own room file
    spawner.args = ["--allow-root", "--ServerApp.jpserver_extensions=kabetopo_nb.room=True",
                    "--RoomExtension.room_path=" + {base!r} + "/rooms/" + spawner.user.name + ".sqlite",
                    "--RoomExtension.bot_workers=1"]


c.Spawner.pre_spawn_hook = room_args
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
c.SimpleLocalProcessSpawner.home_dir_template = {base!r} + "/home/{{username}}"
"""


class Hub:
    """A JupyterHub subprocess (``start``/``stop``) and plain requests to it."""

    def __init__(self, base: Path):
        self.base = base
        self.proxy_port, self.hub_port, self.proxy_api_port, self.service_port = free_ports(4)
        self.admin_token = secrets.token_hex(24)
        self.url = f"http://127.0.0.1:{self.proxy_port}"
        self.log = base / "hub.log"
        self.proc: subprocess.Popen | None = None
        self.started_in = 0.0  # seconds until the hub and its room service answered (``running_hub``)

    def start(self, timeout: float = 45.0) -> None:
        import requests

        config = self.base / "jupyterhub_config.py"
        config.write_text(CONFIG.format(
            proxy_port=self.proxy_port, hub_port=self.hub_port, proxy_api_port=self.proxy_api_port,
            service_port=self.service_port, proxy=str(PROXY), base=str(self.base), service=SERVICE,
            admin_token=self.admin_token))
        (self.base / "home").mkdir(exist_ok=True)
        (self.base / "rooms").mkdir(exist_ok=True)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
        with open(self.log, "a") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], stdout=log,
                                         stderr=subprocess.STDOUT, cwd=self.base, env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the hub exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                hub = requests.get(f"{self.url}/hub/login", timeout=5)
                room = requests.get(f"{self.url}{ROOM}/join/1", timeout=5)
                if hub.status_code == 200 and room.status_code == 200 and "location.hash" in room.text:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"the hub and its room service did not answer within {timeout:g} s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)  # the hub stops its servers, its service and its proxy
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def spawn(self, name: str, timeout: float = 60.0) -> tuple[str, str]:
        """``name``'s single-user server, spawned through the REST API (the room's extension in
        it): its prefix ``/user/<name>`` and the user's own API token."""
        self.api("POST", f"/users/{name}", ok=(201, 409))
        self.api("POST", f"/users/{name}/server", ok=(201, 202))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            server = self.api("GET", f"/users/{name}")["servers"].get("")
            if server and server.get("ready"):
                break
            time.sleep(0.3)
        else:
            pytest.fail(f"{name}'s server did not start:\n{self.log_tail()}", pytrace=False)
        token = self.api("POST", f"/users/{name}/tokens", {"note": "room test", "expires_in": 600})["token"]
        return f"/user/{name}", token

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:]) if self.log.exists() else ""

    def api(self, method: str, path: str, body: dict | None = None, ok: tuple[int, ...] = (200, 201)):
        """The hub's REST API as the test's admin service."""
        import requests

        response = requests.request(method, f"{self.url}/hub/api{path}", json=body, timeout=20,
                                    headers={"Authorization": f"token {self.admin_token}"})
        assert response.status_code in ok, (method, path, response.status_code, response.text[:300])
        return response.json() if response.text else None


def login(hub: Hub, name: str):
    """A browser's session logged in to the hub as ``name`` (the dummy authenticator)."""
    import requests

    session = requests.Session()
    form = session.get(f"{hub.url}/hub/login", timeout=20)
    xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', form.text)
    assert form.status_code == 200 and xsrf, form.text[:500]
    done = session.post(f"{hub.url}/hub/login?next=/hub/home", data={"username": name, "password": "any", "_xsrf": xsrf.group(1)},
                        timeout=30)
    assert done.status_code == 200 and session.cookies.get("jupyterhub-session-id"), (done.status_code, done.url)
    return session


def service_xsrf(session) -> str:
    """The XSRF value the service set for its own path (the hub sets another one for /hub/)."""
    values = [c.value for c in session.cookies if c.name == "_xsrf" and (c.path or "").startswith(f"/services/{SERVICE}")]
    assert values, [(c.name, c.path) for c in session.cookies]
    return values[-1]


@contextlib.contextmanager
def running_hub(base: Path, what: str) -> Iterator[Hub]:
    """A started ``Hub`` in the folder ``base`` (see the module doc), stopped at the end;
    ``hub.started_in`` is how long it took to answer."""
    try:
        import jupyterhub  # noqa: F401
        import requests  # noqa: F401
    except ImportError as exc:
        unavailable(f"jupyterhub is not importable ({exc}); pip install -e '.[test]'", what)
    if not PROXY.exists():
        unavailable(f"no {PROXY.relative_to(REPO)}: run `npm ci` in the repository (package.json)", what)
    started = time.monotonic()
    hub = Hub(base)
    try:
        hub.start()
    except (RuntimeError, OSError) as exc:
        hub.stop()
        pytest.fail(f"JupyterHub with the room service did not start: {exc}", pytrace=False)
    hub.started_in = time.monotonic() - started
    try:
        yield hub
    finally:
        hub.stop()


