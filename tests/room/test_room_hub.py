"""The room on a real JupyterHub, started for this module (one hub, ~30 s; tests/room_hub.py):
a temporary ``jupyterhub_config.py`` with the dummy authenticator, the simple local spawner, every user
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
import random
import time

import pytest
from room_hub import ROOM, SERVICE, Hub, login, running_hub, service_xsrf
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from kabetopo_nb.games import GAMES

from helpers import run_async

SINGLE_USER = "alice"


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    with running_hub(tmp_path_factory.mktemp("hub"), "the room's hub tests") as hub:
        yield hub


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
    prefix, token = hub.spawn(SINGLE_USER)
    yield prefix, token
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
