"""The room on a real JupyterHub, started for this module (one hub, ~30 s): a temporary
``jupyterhub_config.py`` with the dummy authenticator, the simple local spawner, every user
allowed, loopback addresses and free ports, the hub's usual proxy (configurable-http-proxy,
from ``npm ci``: package.json), and

* the room as a hub-managed service (``kabetopo_nb/room/hub.py``) at
  ``/services/kabetopo-room/``: a teacher (a hub user in the ``kabetopo-room-teachers`` group,
  whose role grants ``access:services!service=kabetopo-room``) logs in through the hub, follows
  the OAuth redirects to the service and makes a table with the teacher's API (the cookie with
  its XSRF value, or the teacher's hub API token); another hub user is refused (403); a
  participant with no hub account plays a seat through the hub's proxy;
* the room's extension inside a hub single-user server (the way Binder runs one): a user's
  server spawned through the hub's REST API with the extension enabled, a table made with the
  user's own hub token, then, with no token or cookie at all, the participant's page and
  socket play the seat while contents, kernels, terminals, the lab and the teacher's API stay
  closed.

Without jupyterhub or the proxy these tests are skipped, except under ``CI=true``, where they
fail; a hub that does not start fails them."""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from kabetopo_nb.games import GAMES

from helpers import run_async, unavailable

REPO = Path(__file__).resolve().parents[2]
PROXY = REPO / "node_modules" / ".bin" / "configurable-http-proxy"
SERVICE = "kabetopo-room"
ROOM = f"/services/{SERVICE}/kabetopo-room"
SINGLE_USER = "alice"


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

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:]) if self.log.exists() else ""

    def api(self, method: str, path: str, body: dict | None = None, ok: tuple[int, ...] = (200, 201)):
        """The hub's REST API as the test's admin service."""
        import requests

        response = requests.request(method, f"{self.url}/hub/api{path}", json=body, timeout=20,
                                    headers={"Authorization": f"token {self.admin_token}"})
        assert response.status_code in ok, (method, path, response.status_code, response.text[:300])
        return response.json() if response.text else None


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    try:
        import jupyterhub  # noqa: F401
        import requests  # noqa: F401
    except ImportError as exc:
        unavailable(f"jupyterhub is not importable ({exc}); pip install -e '.[test]'", "the room's hub tests")
    if not PROXY.exists():
        unavailable(f"no {PROXY.relative_to(REPO)}: run `npm ci` in the repository (package.json)",
                    "the room's hub tests")
    started = time.monotonic()
    hub = Hub(tmp_path_factory.mktemp("hub"))
    try:
        hub.start()
    except (RuntimeError, OSError) as exc:
        hub.stop()
        pytest.fail(f"JupyterHub with the room service did not start: {exc}", pytrace=False)
    hub.started_in = time.monotonic() - started
    yield hub
    hub.stop()


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


# --- a participant's socket -------------------------------------------------------------------


async def seat_socket(hub: Hub, room_path: str, token: str, table: int):
    request = HTTPRequest(f"ws://127.0.0.1:{hub.proxy_port}{room_path}/socket", headers={"Origin": hub.url})
    ws = await websocket_connect(request)
    await ws.write_message(json.dumps({"type": "join", "token": token, "table": table}))
    return ws


async def read_until(ws, predicate, timeout: float = 15.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        raw = await asyncio.wait_for(ws.read_message(), max(0.01, deadline - time.monotonic()))
        assert raw is not None, f"the socket closed: {ws.close_code} {ws.close_reason}"
        message = json.loads(raw)
        if predicate(message):
            return message


async def play_first_action(hub: Hub, room_path: str, table: int, tokens: list[str]) -> dict:
    """Each seat joins through the hub's proxy; the seat to move plays a legal action."""
    sockets = [await seat_socket(hub, room_path, token, table) for token in tokens]
    try:
        for i, ws in enumerate(sockets):
            joined = await read_until(ws, lambda m: m.get("type") == "joined" or m.get("ok") is False)
            assert joined["type"] == "joined" and joined["seat"] == i, joined
            assert (await read_until(ws, lambda m: m.get("type") == "shown"))["svg"].startswith("<svg")
        msg_id = random.randrange(10**6)
        await sockets[0].write_message(json.dumps({"type": "sync", "id": msg_id}))
        sync = await read_until(sockets[0], lambda m: m.get("id") == msg_id)
        mover = sync["to_move"]["seat"]
        action = str(next(iter(GAMES["dakapo"].state.from_text(sync["position"]).legal_actions)))
        msg_id += 1
        await sockets[mover].write_message(json.dumps({"type": "act", "id": msg_id, "number": sync["number"],
                                                       "action": action}))
        return await read_until(sockets[mover], lambda m: m.get("id") == msg_id)
    finally:
        for ws in sockets:
            ws.close()


# --- the room as a hub-managed service --------------------------------------------------------


def test_a_teacher_logs_in_through_the_hub_and_makes_a_table(hub):
    session = login(hub, "teacher")
    home = session.get(f"{hub.url}/services/{SERVICE}/", timeout=30)  # the OAuth redirects, followed
    assert home.status_code == 200 and home.url == f"{hub.url}{ROOM}/dashboard", (home.status_code, home.url)
    assert any("oauth_callback" in r.url for r in home.history) and "/hub/api/oauth2/authorize" in home.history[1].url
    xsrf = service_xsrf(session)
    assert xsrf in home.text  # the dashboard carries it for its POSTs

    new = {"kind": "dakapo", "players": ["Aiko", "Ben"]}
    refused = session.post(f"{hub.url}{ROOM}/api/tables", json=new, timeout=20)  # the cookie alone
    assert refused.status_code == 403
    made = session.post(f"{hub.url}{ROOM}/api/tables", json=new, headers={"X-XSRFToken": xsrf}, timeout=20)
    assert made.status_code == 201, made.text[:300]
    made = made.json()
    assert made["seats"][0]["link"].startswith(f"{ROOM}/join/{made['table']}#")
    listed = session.get(f"{hub.url}{ROOM}/api/tables", timeout=20)
    assert listed.status_code == 200 and made["table"] in [t["table"] for t in listed.json()]
    # a page's fetch() (Sec-Fetch-Mode: cors) is cookie-authenticated by the hub only with the
    # XSRF value, even for a GET: the dashboard sends X-XSRFToken on every request
    fetch = {"Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "same-origin"}
    assert session.get(f"{hub.url}{ROOM}/api/tables", headers=fetch, timeout=20).status_code == 403
    assert session.get(f"{hub.url}{ROOM}/api/tables", headers={**fetch, "X-XSRFToken": xsrf},
                       timeout=20).status_code == 200

    # the teacher's own hub API token in the header: no cookie, no XSRF value needed
    token = hub.api("POST", "/users/teacher/tokens", {"note": "room test", "expires_in": 600})["token"]
    import requests

    by_token = requests.post(f"{hub.url}{ROOM}/api/tables", json={"kind": "dakapo", "players": ["Chidi", "Dana"]},
                             headers={"Authorization": f"token {token}"}, timeout=20)
    assert by_token.status_code == 201, by_token.text[:300]
    hub.service_table = (made["table"], [s["token"] for s in made["seats"]])


def test_a_hub_user_who_is_not_a_teacher_is_refused(hub):
    import requests

    session = login(hub, "student")
    home = session.get(f"{hub.url}/services/{SERVICE}/", timeout=30)
    assert home.status_code == 403, (home.status_code, home.url)
    for method, path in (("GET", "/api/tables"), ("POST", "/api/tables"), ("GET", "/api/results.csv"),
                         ("GET", "/dashboard")):
        answer = session.request(method, f"{hub.url}{ROOM}{path}", json={"kind": "dakapo", "players": ["X", "Y"]},
                                 timeout=30)
        assert answer.status_code == 403, (method, path, answer.status_code, answer.url)
    token = hub.api("POST", "/users/student/tokens", {"note": "room test", "expires_in": 600})["token"]
    with_token = requests.get(f"{hub.url}{ROOM}/api/tables", headers={"Authorization": f"token {token}"}, timeout=20)
    assert with_token.status_code == 403
    assert requests.get(f"{hub.url}{ROOM}/api/tables", timeout=20).status_code == 403  # nobody


def test_a_participant_plays_through_the_hubs_proxy_without_a_hub_login(hub):
    import requests

    table, tokens = hub.service_table
    page = requests.get(f"{hub.url}{ROOM}/join/{table}", timeout=20)
    assert page.status_code == 200 and "location.hash" in page.text and not page.cookies
    reply = run_async(play_first_action(hub, ROOM, table, tokens))
    assert reply["ok"] and reply["applied"] == 0 and reply["number"] == 1, reply


# --- the extension in a hub single-user server (as on Binder) ----------------------------------


@pytest.fixture(scope="module")
def single_user(hub):
    """``alice``'s server, spawned through the hub's REST API, and her own hub API token."""
    hub.api("POST", f"/users/{SINGLE_USER}", ok=(201, 409))
    hub.api("POST", f"/users/{SINGLE_USER}/server", ok=(201, 202))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        server = hub.api("GET", f"/users/{SINGLE_USER}")["servers"].get("")
        if server and server.get("ready"):
            break
        time.sleep(0.3)
    else:
        pytest.fail(f"{SINGLE_USER}'s server did not start:\n{hub.log_tail()}", pytrace=False)
    token = hub.api("POST", f"/users/{SINGLE_USER}/tokens", {"note": "room test", "expires_in": 600})["token"]
    yield f"/user/{SINGLE_USER}", token
    hub.api("DELETE", f"/users/{SINGLE_USER}/server", ok=(202, 204))


def test_the_extension_in_a_single_user_server_opens_only_the_participants_pages(hub, single_user):
    import requests

    prefix, token = single_user
    room = f"{prefix}/kabetopo-room"
    made = requests.post(f"{hub.url}{room}/api/tables", json={"kind": "dakapo", "players": ["Emi", "Femi"]},
                         headers={"Authorization": f"token {token}"}, timeout=20)
    assert made.status_code == 201, made.text[:300]
    made = made.json()
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    assert made["seats"][0]["link"].startswith(f"{room}/join/{table}#")

    # from here on: no token, no cookie
    page = requests.get(f"{hub.url}{room}/join/{table}", timeout=20, allow_redirects=False)
    assert page.status_code == 200 and "location.hash" in page.text
    assert token not in page.text and hub.admin_token not in page.text and "token=" not in page.text
    reply = run_async(play_first_action(hub, room, table, tokens))
    assert reply["ok"] and reply["applied"] == 0, reply

    for path in ("/api/contents", "/api/kernels", "/api/terminals", "/lab", "/api/sessions",
                 "/kabetopo-room/api/tables", "/kabetopo-room/dashboard"):
        answer = requests.get(f"{hub.url}{prefix}{path}", timeout=20, allow_redirects=False)
        refused = answer.status_code == 403 or (answer.status_code in (301, 302, 303, 307)
                                               and answer.headers["Location"].split("?")[0].endswith(
                                                   ("/hub/login", "/hub/api/oauth2/authorize")))
        assert refused, (path, answer.status_code, answer.headers.get("Location"))
        assert answer.status_code == 403 or not path.startswith(("/api/", "/kabetopo-room/api/")), path
    posted = requests.post(f"{hub.url}{room}/api/tables", json={"kind": "dakapo", "players": ["X", "Y"]}, timeout=20)
    assert posted.status_code == 403
    listed = requests.get(f"{hub.url}{room}/api/tables", headers={"Authorization": f"token {token}"}, timeout=20)
    assert [t["table"] for t in listed.json()] == [table]  # nothing else was made


def test_the_hub_module_stays_within_its_budget(hub):
    assert hub.started_in < 45, f"the hub took {hub.started_in:.1f} s to start"
