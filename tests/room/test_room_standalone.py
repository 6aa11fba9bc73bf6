"""The standalone room (``python -m kabetopo_nb.room``, ``kabetopo_nb/room/standalone.py``) started
as a subprocess for this module, on a free port, with a temporary room file and a small stand-in
for the JupyterLite site: the startup lines, the teacher's token (refused without it, accepted
in a header, or once in ``?token=`` which sets an HttpOnly SameSite=Strict cookie and redirects
without it), XSRF on cookie-authenticated POSTs, the Lite folder at ``/``, two participants'
sockets playing numbered Dakapo actions, and SIGKILL then a restart on the same file resuming
the table (and ``/`` telling how to build the site when there is none); SIGTERM stops it.

Nothing here is optional: a server that does not start fails the tests."""
from __future__ import annotations

import asyncio
import http.client
import json
import random
import re
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from room_server import Standalone
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from kabetopo_nb.games import GAMES
from kabetopo_nb.room import web

from helpers import run_async

REPO = Path(__file__).resolve().parents[2]
LITE_INDEX = "<!doctype html><title>stand-in Lite site</title><p>kabetopo-lite-index</p>"


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    base = tmp_path_factory.mktemp("standalone")
    lite = base / "lite"
    (lite / "lab").mkdir(parents=True)
    (lite / "index.html").write_text(LITE_INDEX)
    (lite / "lab" / "index.html").write_text("<!doctype html><title>lab</title>")
    server = Standalone(base, lite)
    try:
        server.start()
    except (RuntimeError, OSError) as exc:
        server.stop()
        pytest.fail(f"the standalone room did not start: {exc}", pytrace=False)
    yield server
    server.stop()


def cookies_of(headers: http.client.HTTPMessage) -> dict[str, tuple[str, str]]:
    """Each Set-Cookie's name: (value, the whole header)."""
    out = {}
    for raw in headers.get_all("Set-Cookie") or []:
        jar = SimpleCookie()
        jar.load(raw)
        for name, morsel in jar.items():
            out[name] = (morsel.value, raw)
    return out


def example_path(route: web.Route) -> str:
    """An address of ``route`` (table 1, its first command)."""
    pattern = re.sub(r"\(([^)|]+)(\|[^)]*)?\)", r"\1", route.pattern)  # each group: its first choice
    return f"/{web.PREFIX}" + pattern.replace(r"\d+", "1").replace("\\.", ".")


# --- a participant's socket -------------------------------------------------------------------


class Seat:
    """A participant's socket: every message kept, requests answered by id."""

    def __init__(self, ws):
        self.ws, self.messages = ws, []

    @classmethod
    async def join(cls, server: Standalone, token: str, table: int) -> tuple[Seat, dict]:
        request = HTTPRequest(f"ws://127.0.0.1:{server.port}/{web.PREFIX}/socket",
                              headers={"Origin": f"http://127.0.0.1:{server.port}"})
        seat = cls(await websocket_connect(request))
        await seat.ws.write_message(json.dumps({"type": "join", "token": token, "table": table}))
        return seat, await seat.until(lambda m: m.get("type") == "joined" or m.get("ok") is False)

    async def until(self, predicate, timeout: float = 15.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            raw = await asyncio.wait_for(self.ws.read_message(), max(0.01, deadline - time.monotonic()))
            assert raw is not None, f"the socket closed: {self.ws.close_code} {self.ws.close_reason}"
            message = json.loads(raw)
            self.messages.append(message)
            if predicate(message):
                return message

    async def request(self, message: dict) -> dict:
        msg_id = random.randrange(10**6)
        await self.ws.write_message(json.dumps({**message, "id": msg_id}))
        return await self.until(lambda m: m.get("type") == "reply" and m.get("id") == msg_id)


async def play_one(seats: dict[int, Seat]) -> dict:
    """The seat with the decision plays the first legal action of the position it is sent."""
    sync = await seats[0].request({"type": "sync"})
    mover = sync["to_move"]["seat"]
    action = str(next(iter(GAMES["dakapo"].state.from_text(sync["position"]).legal_actions)))
    reply = await seats[mover].request({"type": "act", "number": sync["number"], "action": action})
    assert reply["ok"] and reply["applied"] == sync["number"] and reply["number"] == sync["number"] + 1, reply
    return reply


# --- the tests ------------------------------------------------------------------------------


def test_the_startup_lines_name_the_teachers_url_and_the_room_file(room):
    port = room.port
    assert room.teacher_url == f"http://127.0.0.1:{port}/{web.PREFIX}/dashboard?token={room.token}"
    assert len(room.token) >= 40
    text = "\n".join(room.lines)
    assert f"participants open http://127.0.0.1:{port}/" in text and "JupyterLite site" in text
    assert str(room.room_file) in text


def test_every_teacher_route_is_refused_without_the_token(room):
    teacher_routes = [r for r in web.ROUTES if r.who in ("teacher", "teacher-page")]
    assert {"tables", "command", "results"} <= {r.name for r in teacher_routes}
    for route in teacher_routes:
        path = example_path(route)
        for method in route.methods:
            for headers in ({}, {"Authorization": "token not-the-token"}):
                status, answer, _ = room.request(method.upper(), path, "{}" if method == "post" else None,
                                                 headers=headers)
                if route.who == "teacher-page" and method == "get":  # to the login form
                    assert status == 302 and answer["Location"].startswith(f"/{web.PREFIX}/login?"), (path, status)
                else:
                    assert status in (401, 403), (method, path, status)
    assert room.request("GET", f"/{web.PREFIX}/api/tables?token=not-the-token")[0] == 403
    assert room.teacher("GET", f"/{web.PREFIX}/api/tables")[0] == 200  # nothing was made meanwhile


def test_the_token_in_a_header_needs_no_xsrf(room):
    status, made = room.teacher("POST", f"/{web.PREFIX}/api/tables", {"kind": "dakapo", "players": ["Aiko", "Ben"]})
    assert status == 201 and made["ok"] and made["seats"][0]["link"].startswith(f"/{web.PREFIX}/join/")
    status, tables = room.teacher("GET", f"/{web.PREFIX}/api/tables")
    assert status == 200 and [t["table"] for t in tables] == [made["table"]]


def test_the_token_once_in_the_address_sets_a_strict_cookie_and_cookie_posts_need_xsrf(room):
    status, headers, _ = room.request("GET", f"/{web.PREFIX}/api/tables?token={room.token}&view=all")
    assert status == 302 and headers["Location"] == f"/{web.PREFIX}/api/tables?view=all"
    value, raw = cookies_of(headers)["kabetopo-room-teacher"]
    assert room.token not in raw and "HttpOnly" in raw and "SameSite=Strict" in raw and f"Path=/{web.PREFIX}/" in raw
    cookie = f"kabetopo-room-teacher={value}"
    status, _, text = room.request("GET", f"/{web.PREFIX}/api/tables", headers={"Cookie": cookie})
    assert status == 200 and isinstance(json.loads(text), list)
    before = len(json.loads(text))

    new = json.dumps({"kind": "dakapo", "players": ["Chidi", "Dana"]})
    status, _, text = room.request("POST", f"/{web.PREFIX}/api/tables", new, headers={"Cookie": cookie})
    assert status == 403 and "_xsrf" in text  # the cookie alone does not make a table
    # the XSRF value as the dashboard gets it (passed into the page, with tornado's _xsrf
    # cookie beside it), sent back in the header as the dashboard's POSTs do
    status, headers, page = room.request("GET", f"/{web.PREFIX}/dashboard", headers={"Cookie": cookie})
    xsrf = cookies_of(headers)["_xsrf"][0]
    given = re.search(r'"xsrf": "([^"]+)"', page)
    assert status == 200 and given and given.group(1) == xsrf
    status, _, text = room.request("POST", f"/{web.PREFIX}/api/tables", new,
                                   headers={"Cookie": f"{cookie}; _xsrf={xsrf}", "X-XSRFToken": xsrf})
    assert status == 201 and json.loads(text)["ok"]
    status, _, text = room.request("GET", f"/{web.PREFIX}/api/tables", headers={"Cookie": cookie})
    assert len(json.loads(text)) == before + 1

    # the login form: the token pasted (with the form's _xsrf) gives the same cookie
    status, _, page = room.request("GET", f"/{web.PREFIX}/login", headers={"Cookie": f"_xsrf={xsrf}"})
    assert status == 200 and 'name="_xsrf"' in page
    form = urlencode({"token": room.token, "_xsrf": xsrf, "next": f"/{web.PREFIX}/api/saves"})
    status, headers, _ = room.request("POST", f"/{web.PREFIX}/login", form, headers={
        "Cookie": f"_xsrf={xsrf}", "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 302 and headers["Location"] == f"/{web.PREFIX}/api/saves"
    assert "kabetopo-room-teacher" in cookies_of(headers)
    form = urlencode({"token": "wrong", "_xsrf": xsrf})
    status, headers, page = room.request("POST", f"/{web.PREFIX}/login", form, headers={
        "Cookie": f"_xsrf={xsrf}", "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403 and "not the room's teacher token" in page and not cookies_of(headers).get("kabetopo-room-teacher")


def test_the_lite_site_is_served_at_the_root_and_the_join_page_has_no_credential(room):
    status, headers, page = room.request("GET", "/")
    assert status == 200 and page == LITE_INDEX and "text/html" in headers["Content-Type"]
    assert room.request("GET", "/lab/")[2].startswith("<!doctype html><title>lab")
    assert room.request("GET", "/no-such-file.js")[0] == 404
    status, headers, page = room.request("GET", f"/{web.PREFIX}/join/1")
    assert status == 200 and room.token not in page and not headers.get_all("Set-Cookie")
    log = "\n".join(line for line in room.out.read_text().splitlines() if "the teacher's dashboard:" not in line)
    assert "token=[hidden]" in log and "not-the-token" not in log  # a ?token= never reaches the log
    assert room.token not in log


def test_two_participants_sockets_play_numbered_actions(room):
    status, made = room.teacher("POST", f"/{web.PREFIX}/api/tables", {"kind": "dakapo", "players": ["Emi", "Femi"]})
    assert status == 201
    table, tokens = made["table"], [s["token"] for s in made["seats"]]

    async def scenario():
        seats = {}
        for i, token in enumerate(tokens):
            seats[i], joined = await Seat.join(room, token, table)
            assert joined["type"] == "joined" and joined["seat"] == i and joined["number"] == 0
            assert (await seats[i].until(lambda m: m["type"] == "shown"))["svg"].startswith("<svg")
        replies = [await play_one(seats) for _ in range(3)]
        stale = await seats[0].request({"type": "act", "number": 0, "action": "red a1"})
        assert stale["ok"] is False and stale["error"] in ("stale", "not-your-turn")
        for seat in seats.values():
            seat.ws.close()
        return replies

    replies = run_async(scenario())
    assert [r["applied"] for r in replies] == [0, 1, 2]
    status, summary = room.teacher("GET", f"/{web.PREFIX}/api/tables/{table}")
    assert status == 200 and summary["number"] == 3
    room.dakapo = (table, tokens, [r["action"] for r in replies])


def test_sigkill_and_a_restart_on_the_same_file_resume_the_table(room):
    table, tokens, actions = room.dakapo
    before = room.token
    room.kill()
    missing = room.base / "no-site-here"
    room.start(lite=missing)  # the same file; this time without a Lite site
    assert room.token != before  # a fresh teacher token each start
    status, summary = room.teacher("GET", f"/{web.PREFIX}/api/tables/{table}")
    assert status == 200 and summary["number"] == len(actions)
    status, save = room.teacher("GET", f"/{web.PREFIX}/api/tables/{table}/save")
    assert status == 200 and save

    async def scenario():
        seats = {i: (await Seat.join(room, token, table))[0] for i, token in enumerate(tokens)}
        reply = await play_one(seats)
        for seat in seats.values():
            seat.ws.close()
        return reply

    assert run_async(scenario())["applied"] == len(actions)
    status, _, page = room.request("GET", "/")
    assert status == 200 and "scripts/build_lite.py" in page and str(missing) in page
    assert "no JupyterLite site" in room.out.read_text()


def test_sigterm_stops_the_room_cleanly(room):
    assert room.stop() == 0
    assert "kabetopo room: stopping" in room.out.read_text()
    assert urlsplit(room.teacher_url).port == room.port
    with pytest.raises(OSError):
        room.request("GET", "/", None)
