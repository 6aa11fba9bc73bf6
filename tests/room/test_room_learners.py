"""Learners' progress (docs/ROOM.md, "Learners' progress"): the room's learners' link, the
reports it takes and refuses, and a learner's notebook joining a real Jupyter server's room
(``kabetopo_nb.room.learners.join_room``) with its challenges reported, kept while the room is
down and delivered when it is back.

Without jupyter_server the server tests are skipped, except under ``CI=true``, where they fail."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import room_server
from room_server import JupyterRoom, running_room
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from kabetopo_nb.challenges import challenge, challenges
from kabetopo_nb.challenges.progress import Progress, room_path
from kabetopo_nb.play.challenge_board import challenge_controller
from kabetopo_nb.room import Room, RoomSetupError, UnknownToken
from kabetopo_nb.room.learners import (
    DamagedMembership,
    LearnersLinkError,
    check_link,
    join_room,
    leave_room,
    membership,
    report_solved,
)
from kabetopo_nb.room.protocol import RevokedToken
from kabetopo_nb.room.room import UnknownChallenge

from helpers import run_async

REPO = Path(__file__).resolve().parents[2]
TOKEN = "A" * 43


# --- the link ---------------------------------------------------------------------------------------


def test_a_learners_link_is_checked():
    endpoint, token = check_link(f"https://hub.example/user/t/kabetopo-room/learn#{TOKEN}")
    assert (endpoint, token) == ("https://hub.example/user/t/kabetopo-room/api/progress", TOKEN)
    assert check_link(f"http://127.0.0.1:8888/kabetopo-room/learn#{TOKEN}")[0] == \
        "http://127.0.0.1:8888/kabetopo-room/api/progress"
    with pytest.raises(LearnersLinkError, match="not the whole address.*https://"):
        check_link(f"/kabetopo-room/learn#{TOKEN}")
    with pytest.raises(LearnersLinkError, match="no code after '#'"):
        check_link("https://hub.example/kabetopo-room/learn")
    with pytest.raises(LearnersLinkError, match="no code after '#'"):
        check_link(f"https://hub.example/kabetopo-room/learn#{TOKEN[:20]}")
    with pytest.raises(LearnersLinkError, match="not a learners' link"):
        check_link(f"https://hub.example/kabetopo-room/join/3#{TOKEN}")
    with pytest.raises(LearnersLinkError, match="https:// or http://"):
        check_link(f"ftp://hub.example/kabetopo-room/learn#{TOKEN}")
    with pytest.raises(LearnersLinkError):
        join_room(f"https://hub.example/kabetopo-room/learn#{TOKEN}", name="")


# --- the room's side -----------------------------------------------------------------------------


def test_the_learners_link_reports_only(path):
    room = Room.open(path)
    new = room.create_table("kaomi", ["Aiko", "Ben"])
    token = room.learners_token()
    assert token is not None and room.learners_token() == token  # made once, shown while the room runs
    room.report_learner(token, "Aiko", "03", "walls-block-south")  # a section's number or its full name
    room.report_learner(token, "Aiko", "02-moving-and-passing", "move-edge")
    before = room.progress()
    assert [(r["participant"], r["section"], r["challenge"]) for r in before] == [
        ("Aiko", "02-moving-and-passing", "move-edge"), ("Aiko", "03-walls-and-the-path-rule", "walls-block-south")]
    refusals = [
        (UnknownToken, lambda: room.report_learner(TOKEN, "Aiko", "03", "walls-block-south")),
        (UnknownToken, lambda: room.report_learner(new.seat_tokens[0], "Aiko", "03", "walls-block-south")),
        (UnknownChallenge, lambda: room.report_learner(token, "Aiko", "03", "no-such-challenge")),
        (UnknownChallenge, lambda: room.report_learner(token, "Aiko", "05", "walls-block-south")),
        (RoomSetupError, lambda: room.report_learner(token, "A\x07", "03", "walls-block-south")),
        (RoomSetupError, lambda: room.report_learner(token, "Aiko", "03", "walls-block-south", done="yes")),
        (UnknownChallenge, lambda: room.report_learner_many(token, "Ben", [("03", "walls-block-south", True),
                                                                           ("03", "nope", True)])),
    ]
    for error, call in refusals:
        with pytest.raises(error):
            call()
        assert room.progress() == before  # nothing stored, not even the good half of a batch
    # the learners' token joins no table, and a seat's token reports nothing
    with pytest.raises(UnknownToken, match="only reports challenge progress"):
        room.connect(token)
    with pytest.raises(UnknownToken, match="only reports challenge progress"):
        room.snapshot(token)
    new_token = room.reissue_learners()
    with pytest.raises(RevokedToken, match="replaced"):
        room.report_learner(token, "Aiko", "03", "walls-block-sout" + "h")
    room.report_learner(new_token, "Ben", "21", challenges(section="21")[0].id)
    room.close()
    again = Room.open(path)  # only digests were kept: the link is not shown, but still taken
    assert again.learners_token() is None
    again.report_learner(new_token, "Ben", "03", "walls-block-south")
    with pytest.raises(RevokedToken):
        again.report_learner(token, "Ben", "03", "walls-block-south")
    learners = again.learners()
    by_section = {s["section"]: s for s in learners["sections"]}
    assert by_section["03-walls-and-the-path-rule"]["learners"] == {"Aiko": ["walls-block-south"],
                                                                    "Ben": ["walls-block-south"]}
    assert by_section["03-walls-and-the-path-rule"]["total"] == len(challenges(section="03"))
    assert learners["names"] == ["Aiko", "Ben"]
    shown = again.reissue_learners()
    assert again.learners_token() == shown
    again.close()


# --- the learner's side, without a room ----------------------------------------------------------


def test_no_room_joined_changes_nothing_for_a_board(tmp_path):
    record = Progress(tmp_path / "progress.json")
    assert record.mark_solved("walls-block-south") and record.room_note == ""
    assert not room_path(record.path).exists()
    assert report_solved(record.path, "walls-block-south") == ""
    assert leave_room(tmp_path / "progress.json") == "You were not in a workshop room."


def test_a_damaged_room_file_is_told_and_set_aside(tmp_path):
    progress = tmp_path / "progress.json"
    room_path(progress).write_text("{not json", encoding="utf-8")
    with pytest.raises(DamagedMembership, match="damaged.*join_room"):
        membership(progress)
    record = Progress(progress)
    assert record.mark_solved("walls-block-south")  # the board goes on
    assert "damaged" in record.room_note and "join_room" in record.room_note
    # joining again sets the damaged file aside; a room that does not answer keeps the reports
    joined = join_room(f"http://127.0.0.1:9/kabetopo-room/learn#{TOKEN}", name="Aiko", progress=progress)
    assert (tmp_path / "progress-room.json.damaged-1").read_text(encoding="utf-8") == "{not json"
    assert "kept as progress-room.json.damaged-1" in joined.message
    assert len(joined.pending) == 1 and "pending" in repr(joined) and TOKEN not in repr(joined)
    assert "Not reported yet" in joined.message
    assert leave_room(progress).startswith("You left") and not room_path(progress).exists()


def test_the_learners_module_needs_no_sqlite_and_no_tornado():
    """JupyterLite's kernel (Pyodide) has no _sqlite3 and no tornado: the learner's side imports there."""
    code = ("import sys; sys.modules['_sqlite3'] = None; sys.modules['tornado'] = None\n"
            "from kabetopo_nb.room.learners import join_room\n"
            "from kabetopo_nb.room import Room, StoreError\n"
            "try:\n    Room.open('x.room')\nexcept StoreError as e:\n    print('refused:', e)\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "refused: this Python has no sqlite3" in done.stdout


# --- a real Jupyter server ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_room(tmp_path_factory.mktemp("room-learners"), "the learners' server tests") as jupyter:
        yield jupyter


def post(server: JupyterRoom, body: bytes | dict, headers: dict | None = None) -> tuple[int, dict]:
    """A learner's report as a notebook's kernel sends it: no server login, no cookie."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(server.url + "/kabetopo-room/api/progress", data=data, method="POST",
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def learners(server: JupyterRoom) -> dict:
    status, data = server.http("GET", "/kabetopo-room/api/learners")
    assert status == 200, data
    assert isinstance(data, dict)
    return data


def rows(server: JupyterRoom) -> list:
    return [(r["participant"], r["section"], r["challenge"], r["done"]) for r in learners(server)["rows"]]


@pytest.fixture(scope="module")
def link(server):
    data = learners(server)
    assert data["token"] and data["link"] == f"/kabetopo-room/learn#{data['token']}"
    return server.url + data["link"]


def test_the_learners_page_shows_the_code_to_run(server, link):
    status, page = server.http("GET", "/kabetopo-room/learn", token=False)
    assert status == 200 and isinstance(page, str)
    token = link.partition("#")[2]
    assert token not in page and "join_room(" in page and 'role="status"' in page
    # the teacher's route needs the server's login
    assert server.http("GET", "/kabetopo-room/api/learners", token=False)[0] == 403
    assert server.http("POST", "/kabetopo-room/api/learners/reissue", {}, token=False)[0] == 403


def test_a_learner_joins_and_the_teacher_sees_each_section(server, link, tmp_path):
    progress = tmp_path / "aiko-progress.json"
    past = Progress(progress)
    past.mark_solved("board-climb-the-mountain")  # solved before joining: no room yet
    past.mark_solved("move-edge")
    assert past.room_note == ""
    joined = join_room(link, name="Aiko", progress=progress)
    assert "2 challenges reported" in repr(joined) and link.partition("#")[2] not in repr(joined)
    assert joined.pending == [] and "2 challenges reported to the workshop room" in joined.message
    assert sorted(rows(server)) == [("Aiko", "01-board-pieces-and-setup", "board-climb-the-mountain", True),
                                    ("Aiko", "02-moving-and-passing", "move-edge", True)]
    # a challenge solved on a board, as the ChallengeBoard records it: reported at once
    board = challenge_controller("03", progress=progress)
    assert board.challenge.id == "walls-block-south"
    reply = board.apply("wall c3n")
    assert reply["ok"] and "Solved!" in reply["message"] and "Reported to the workshop room." in reply["message"]
    # another kernel (a new Progress, the room remembered beside the progress file) reports too
    again = Progress(progress)
    assert again.mark_solved("monolith-block-south") and again.room_note == "Reported to the workshop room."
    data = learners(server)
    sections = {s["section"]: s for s in data["sections"]}
    assert sections["03-walls-and-the-path-rule"]["learners"] == {"Aiko": ["walls-block-south"]}
    assert sections["04-monoliths-and-bonus-moves"]["learners"] == {"Aiko": ["monolith-block-south"]}
    assert sections["01-board-pieces-and-setup"]["total"] == len(challenges(section="01"))
    assert data["names"] == ["Aiko"]
    state = json.loads(room_path(progress).read_text(encoding="utf-8"))
    assert state["name"] == "Aiko" and state["pending"] == []


def test_bad_reports_are_refused_and_change_nothing(server, link):
    token = link.partition("#")[2]
    before = rows(server)
    good = {"token": token, "name": "Ben", "section": "03", "challenge": "walls-block-south", "done": True}
    cases = [
        ({**good, "token": "B" * 43}, 403, "unknown-token"),
        ({**good, "token": "short"}, 403, "unknown-token"),
        ({**good, "challenge": "no-such-challenge"}, 400, "unknown-challenge"),
        ({**good, "section": "05"}, 400, "unknown-challenge"),
        ({**good, "name": ""}, 400, "setup"),
        ({**good, "done": "yes"}, 400, "setup"),
        ({**good, "extra": 1}, 400, "malformed"),
        ({"token": token, "name": "Ben"}, 400, "malformed"),
        ({"token": token, "name": "Ben", "reports": []}, 400, "malformed"),
        ({"token": token, "name": "Ben", "reports": [{"section": "03", "challenge": "walls-block-south"},
                                                     {"section": "03", "challenge": "nope"}]}, 400, "unknown-challenge"),
        (b"{not json", 400, "malformed"),
        (b"[1, 2]", 400, "malformed"),
        (json.dumps({**good, "name": "x" * 20_000}).encode(), 413, "too-large"),
    ]
    for body, status, code in cases:
        got, answer = post(server, body)
        assert (got, answer["ok"], answer["error"]) == (status, False, code), (body, answer)
        assert answer["message"]
    got, answer = post(server, good, headers={"Origin": "https://elsewhere.example"})
    assert (got, answer["error"]) == (403, "cross-origin")
    assert rows(server) == before
    # the same report, well formed and from this host, is taken
    assert post(server, good, headers={"Origin": server.url})[0] == 200
    assert ("Ben", "03-walls-and-the-path-rule", "walls-block-south", True) in rows(server)


def test_the_learners_token_joins_no_table_and_reaches_no_teacher_route(server, link):
    token = link.partition("#")[2]
    status, made = server.http("POST", "/kabetopo-room/api/tables", {"kind": "kaomi", "players": ["Aiko", "Ben"]})
    assert status == 201, made

    async def join() -> tuple:
        url = f"ws://127.0.0.1:{server.port}/kabetopo-room/socket"
        ws = await websocket_connect(HTTPRequest(url, headers={"Origin": server.url}))
        await ws.write_message(json.dumps({"type": "join", "token": token, "table": made["table"]}))
        replies = []
        while (message := await ws.read_message()) is not None:
            replies.append(json.loads(message))
        return ws.close_code, ws.close_reason, replies

    code, reason, replies = run_async(join())
    assert code == 4001 and "only reports challenge progress" in reason
    assert replies[0]["error"] == "unknown-token"
    for method, route in [("GET", "/kabetopo-room/api/learners"), ("POST", "/kabetopo-room/api/learners/reissue"),
                          ("GET", "/kabetopo-room/api/tables"), ("GET", "/kabetopo-room/api/results.csv")]:
        request = urllib.request.Request(server.url + route, method=method, data=b"{}" if method == "POST" else None,
                                         headers={"Authorization": f"token {token}"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=20)
        assert refused.value.code == 403, route


def test_a_down_room_keeps_the_reports_until_it_is_back(server, link, tmp_path, monkeypatch):
    progress = tmp_path / "chidi-progress.json"
    joined = join_room(link, name="Chidi", progress=progress)
    assert joined.pending == [] and joined.reported == 0
    port = server.port
    server.kill()
    record = Progress(progress)
    assert record.mark_solved("walls-block-south")  # the board is not broken by a room that is down
    assert "Not reported yet" in record.room_note and "1 kept" in record.room_note
    board = challenge_controller("04", progress=progress)
    board.button("next")
    assert board.challenge.id == "monolith-block-south"
    reply = board.apply("monolith c3n")
    assert reply["ok"] and "Solved!" in reply["message"] and "2 kept" in reply["message"]
    state = json.loads(room_path(progress).read_text(encoding="utf-8"))
    assert [p["challenge"] for p in state["pending"]] == ["walls-block-south", "monolith-block-south"]
    assert "pending" in repr(membership(progress))
    monkeypatch.setattr(room_server, "_free_port", lambda: port)  # back at the same address
    server.start()
    assert Progress(progress).mark_solved("move-edge")
    assert "3 challenges reported" in membership(progress).message  # type: ignore[union-attr]
    assert {r[2] for r in rows(server) if r[0] == "Chidi"} == {"walls-block-south", "monolith-block-south",
                                                               "move-edge"}
    data = learners(server)
    assert data["token"] is None and data["link"] is None  # a restarted room shows the link only when reissued
    assert json.loads(room_path(progress).read_text(encoding="utf-8"))["pending"] == []


def test_a_reissued_link_refuses_the_old_one(server, link, tmp_path):
    old = link.partition("#")[2]
    progress = tmp_path / "dana-progress.json"
    joined = join_room(link, name="Dana", progress=progress)
    status, data = server.http("POST", "/kabetopo-room/api/learners/reissue", {})
    assert status == 200 and data["token"] != old
    before = rows(server)
    got, answer = post(server, {"token": old, "name": "Dana", "section": "03", "challenge": "walls-block-south"})
    assert (got, answer["error"]) == (403, "revoked-token") and "replaced" in answer["message"]
    record = Progress(progress)
    assert record.mark_solved("walls-block-south")
    assert "refused this link" in record.room_note and "join_room" in record.room_note
    assert rows(server) == before
    rejoined = join_room(server.url + data["link"], name="Dana", progress=progress)
    assert joined is not rejoined and not rejoined.blocked and rejoined.message == "Reported to the workshop room."
    assert ("Dana", "03-walls-and-the-path-rule", "walls-block-south", True) in rows(server)


def test_a_flood_of_reports_is_refused(server):
    token = learners(server)["token"]
    assert token  # made by the reissue above
    good = {"token": token, "name": "Eve", "section": "03", "challenge": "walls-block-south"}
    statuses = [post(server, good)[0] for _ in range(120)]
    assert statuses[0] == 200 and 429 in statuses
    got, answer = post(server, good)
    assert (got, answer["error"]) == (429, "flood") and "at most" in answer["message"]
    assert challenge("walls-block-south").section == "03-walls-and-the-path-rule"
