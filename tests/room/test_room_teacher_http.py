"""The teacher's routes in a real Jupyter server with the room (``tests/room_server.py``): the
dashboard page behind the server's login, its state route, the tournament API (a bots' tournament
played to its final standings, which survive a SIGKILL and a restart), the Parquet export read
back with pandas (and a clear 501 in a server without pandas), and a join link's QR code (valid
SVG, as many modules as segno makes for that link; after a restart the link must be reissued).

Without jupyter_server these tests are skipped, except under ``CI=true``, where they fail."""
from __future__ import annotations

import io
import json
import os
import re
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

import pytest
from room_server import JupyterRoom

from kabetopo_nb.room.qr import BORDER, modules

from helpers import unavailable

ROOM = "/kabetopo-room"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def raw(server: JupyterRoom, path: str, *, token: bool = True) -> tuple[int, dict, bytes]:
    """A GET, redirects not followed: status, headers, body bytes."""
    headers = {"Authorization": f"token {server.token}"} if token else {}
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(urllib.request.Request(server.url + path, headers=headers), timeout=20) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def start(root, pythonpath: str | None = None) -> JupyterRoom:
    server = JupyterRoom(root)
    saved = os.environ.get("PYTHONPATH")
    if pythonpath is not None:
        os.environ["PYTHONPATH"] = pythonpath + (os.pathsep + saved if saved else "")
    try:
        server.start()
    except (RuntimeError, OSError) as exc:
        server.stop()
        pytest.fail(f"the Jupyter server with the room did not start: {exc}", pytrace=False)
    finally:
        if pythonpath is not None:
            if saved is None:
                os.environ.pop("PYTHONPATH", None)
            else:
                os.environ["PYTHONPATH"] = saved
    return server


@pytest.fixture(scope="module")
def room_root(tmp_path_factory):
    try:
        import jupyter_server  # noqa: F401
    except ImportError as exc:
        unavailable(f"jupyter_server is not importable ({exc}); pip install -e '.[test]'", "the teacher's HTTP tests")
    root = tmp_path_factory.mktemp("teacher-http") / "root"
    root.mkdir()
    return root


@pytest.fixture(scope="module")
def server(room_root):
    jupyter = start(room_root)
    yield jupyter
    jupyter.stop()


def wait_for(check, timeout: float = 60.0, what: str = "the room"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.3)
    raise AssertionError(f"{what} did not happen within {timeout:g} s")


def test_the_dashboard_page_needs_the_servers_login(server):
    status, headers, _ = raw(server, f"{ROOM}/dashboard", token=False)
    assert status == 302 and "/login" in headers["Location"]  # the server's login page
    for path in ("/api/dashboard", "/api/tournament", "/api/results.parquet", "/api/tables/1/qr/0.svg"):
        assert raw(server, ROOM + path, token=False)[0] == 403, path
    assert server.http("POST", f"{ROOM}/api/tournament", {"players": ["A", "B"], "table_size": 2, "matches": 1},
                       token=False)[0] == 403
    status, headers, body = raw(server, f"{ROOM}/dashboard")
    page = body.decode()
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    config = json.loads(re.search(r'<script type="application/json" id="kd-config">(.*?)</script>', page).group(1))
    assert config["api"] == "/kabetopo-room/" and config["xsrf"]  # the host's XSRF token, for its POSTs
    assert server.token not in page  # the server's own token is never put in the page
    assert "Print join cards" in page and 'id="kd-new-table"' in page


def test_a_tournament_over_http_to_its_final_standings_and_after_a_restart(server, room_root):
    players = [f"P{i}" for i in range(7)]  # tables of 3: 3, 2 and 2 players, two filled by bots
    status, made = server.http("POST", f"{ROOM}/api/tournament", {
        "players": players, "table_size": 3, "matches": 2, "seed": 9, "options": {"auto_next": True},
        "bots": dict.fromkeys(players, "greedy")})
    assert status == 201 and made["ok"] and made["match"] == 1, made
    assert [len(t["fillers"]) for t in made["tables"][0]] == [0, 1, 1]
    assert [len(t["seats"]) for t in made["new_tables"]] == [3, 3, 3] and all(t["watchers"]["link"]
                                                                              for t in made["new_tables"])
    status, refused = server.http("POST", f"{ROOM}/api/tournament/next", {})
    assert status == 400 and refused["error"] == "setup" and "still being played" in refused["message"]
    status, refused = server.http("POST", f"{ROOM}/api/tournament", {"players": players, "table_size": 5,
                                                                     "matches": 1})
    assert status == 400 and refused["ok"] is False
    status, refused = server.http("POST", f"{ROOM}/api/tournament", {"players": players, "size": 3})
    assert status == 400 and refused["error"] == "malformed"

    def tournament():
        return server.http("GET", f"{ROOM}/api/tournament")[1]

    first = wait_for(lambda: (t := tournament())["match_over"] and t, what="match 1's end")
    # the standings come from the tables' own places, as the API shows each table
    tables = {t["table"]: t for t in server.http("GET", f"{ROOM}/api/tables")[1]}
    points = dict.fromkeys(players, 0.0)
    for entry in first["tables"][0]:
        places = {p: s["place"] for s in tables[entry["table"]]["standings"] for p in s["players"]}
        for p in entry["players"]:
            if p in points:
                points[p] += sum(1.0 if places[q] > places[p] else 0.5 if places[q] == places[p] else 0.0
                                 for q in entry["players"] if q != p)
    assert {r["player"]: r["tournament_points"] for r in first["standings"]} == points
    status, second = server.http("POST", f"{ROOM}/api/tournament/next", {})
    assert status == 200 and second["match"] == 2 and len(second["new_tables"]) == 3
    assert first["standings"][0]["player"] in second["tables"][1][0]["players"]
    final = wait_for(lambda: (t := tournament())["final"] and t, what="the final standings")
    assert [r["played"] for r in final["standings"]] == [2] * 7

    # the Parquet export: one row per table and player, with the tournament's columns
    import pandas

    status, headers, body = raw(server, f"{ROOM}/api/results.parquet")
    assert status == 200 and headers["Content-Disposition"].endswith('.parquet"')
    frame = pandas.read_parquet(io.BytesIO(body))
    assert len(frame) == 18 and {"table", "player", "place", "points", "tournament", "match",
                                 "tournament_points"} <= set(frame.columns)
    earned = frame[frame["player"].isin(players)].groupby("player")["tournament_points"].sum().to_dict()
    assert earned == {r["player"]: r["tournament_points"] for r in final["standings"]}

    # a restart (SIGKILL) keeps the tournament; a server without pandas answers 501 for Parquet
    server.kill()
    blocker = room_root.parent / "no-pandas"
    (blocker / "pandas").mkdir(parents=True, exist_ok=True)
    (blocker / "pandas" / "__init__.py").write_text("raise ImportError('pandas is hidden by the test')\n")
    again = start(room_root, pythonpath=str(blocker))
    try:
        assert again.http("GET", f"{ROOM}/api/tournament")[1] == final
        status, headers, body = raw(again, f"{ROOM}/api/results.parquet")
        assert status == 501 and b"pip install 'kabetopo-nb[study]'" in body
        assert raw(again, f"{ROOM}/api/results.csv")[0] == 200  # the CSV needs nothing more
    finally:
        again.kill()
    server.start()  # the module's server, on the same file, for the tests after this one


def test_a_join_links_qr_code_is_svg_with_the_links_modules(server):
    status, made = server.http("POST", f"{ROOM}/api/tables", {"kind": "dakapo", "players": ["Aiko", "Ben"]})
    assert status == 201
    table = made["table"]
    for who, link in [("0", made["seats"][0]["link"]), ("watchers", made["watchers"]["link"])]:
        status, headers, body = raw(server, f"{ROOM}/api/tables/{table}/qr/{who}.svg")
        assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")
        svg = ET.fromstring(body)
        assert svg.tag == "{http://www.w3.org/2000/svg}svg"
        size = modules(server.url + link) + 2 * BORDER  # the full address, token in its fragment
        assert svg.get("viewBox") == f"0 0 {size} {size}"
        assert body == raw(server, f"{ROOM}/api/tables/{table}/qr/{who}.svg")[2]  # deterministic
    assert raw(server, f"{ROOM}/api/tables/{table}/qr/5.svg")[0] == 404  # no such seat
    assert raw(server, f"{ROOM}/api/tables/999/qr/0.svg")[0] == 404
    # after a restart only digests are left: the code needs the link reissued
    server.kill()
    server.start()
    status, _, body = raw(server, f"{ROOM}/api/tables/{table}/qr/0.svg")
    assert status == 404 and b"reissue" in body
    status, state = server.http("GET", f"{ROOM}/api/dashboard")
    assert state["links"][str(table)]["seats"][0]["link"] is None
    status, reissued = server.http("POST", f"{ROOM}/api/tables/{table}/revoke", {"seat": 0})
    assert status == 200
    status, _, body = raw(server, f"{ROOM}/api/tables/{table}/qr/0.svg")
    size = modules(server.url + reissued["link"]) + 2 * BORDER
    assert status == 200 and ET.fromstring(body).get("viewBox") == f"0 0 {size} {size}"
