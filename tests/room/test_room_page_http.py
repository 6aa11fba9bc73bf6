"""The participant's page and its files over HTTP (a real ``jupyter server`` with the room's
extension), and ``RoomBoard``'s link and module without a browser (tests/browser/
test_room_page.py plays on them in Chromium).

* ``GET kabetopo-room/join/<table>``: HTML with no token, no cookie, its scripts and socket
  addressed relative to the page (any base URL); open to anyone.
* ``GET kabetopo-room/static/<name>``: board.js, board.css, room.js and room.css from the
  package, each with its content type, open to anyone; any other name (another file of the
  package, a path climbing out, an encoded one) is 404.
* ``RoomBoard(link)``: a full address or a path, the token after '#'; a bad link refused
  without echoing it; ``repr`` deterministic and without the token; its module is board.js
  (unchanged but its export) and room.js joined in one place, which node parses.
"""
from __future__ import annotations

import shutil
import subprocess
import urllib.request
from importlib.resources import files

import pytest
from room_server import JupyterRoom, running_room

from kabetopo_nb.core.verdict import SettingError
from kabetopo_nb.room.seat_board import BOARD_EXPORT, ROOM_IMPORT, JoinLink, RoomBoard, room_board_esm

from helpers import in_ci

TOKEN = "Ab3_-" * 8 + "xyz"  # 43 characters of token_urlsafe's alphabet


def asset(name: str) -> str:
    return (files("kabetopo_nb.frontend") / name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_room(tmp_path_factory.mktemp("room-page-http"), "the room page's HTTP tests") as jupyter:
        yield jupyter


def fetch(server: JupyterRoom, path: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(server.url + path)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def test_the_join_page_has_no_credential_and_addresses_everything_relative_to_itself(server):
    status, made = server.http("POST", "/kabetopo-room/api/tables", {"kind": "dakapo", "players": ["Ann", "Bo"]})
    assert status == 201
    token = made["seats"][0]["link"].split("#", 1)[1]
    status, headers, body = fetch(server, f"/kabetopo-room/join/{made['table']}")
    page = body.decode()
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "Set-Cookie" not in headers and headers.get("Referrer-Policy") == "no-referrer"
    assert server.token not in page and token not in page
    assert 'href="../static/board.css"' in page and 'href="../static/room.css"' in page
    assert 'from "../static/room.js"' in page and 'data-socket="../socket"' in page
    assert f'data-table="{made["table"]}"' in page and 'class="kr-page"' in page


@pytest.mark.parametrize("name, kind", [("board.js", "text/javascript"), ("room.js", "text/javascript"),
                                        ("board.css", "text/css"), ("room.css", "text/css")])
def test_the_page_s_files_are_served_to_anyone_with_their_content_type(server, name, kind):
    status, headers, body = fetch(server, f"/kabetopo-room/static/{name}")
    assert status == 200 and headers["Content-Type"] == f"{kind}; charset=utf-8", headers
    assert body.decode("utf-8") == asset(name) and "Set-Cookie" not in headers
    assert headers.get("X-Content-Type-Options") == "nosniff"


@pytest.mark.parametrize("path", ["__init__.py", "board.js.map", "room.html", "../room/web.py", "..%2Fboard.js",
                                  "%2e%2e/kabetopo-room/api/tables", "static/board.js", "Board.js", "board.jsx",
                                  "", "room.js%00.py"])
def test_no_other_file_is_served(server, path):
    status, _, body = fetch(server, f"/kabetopo-room/static/{path}")
    assert status == 404, (path, status, body[:200])


def test_a_join_link_is_read_with_its_token_and_never_shown():
    link = JoinLink(f"https://Workshop.example:8443/user/ada/kabetopo-room/join/3?view=presentation#{TOKEN}")
    assert (link.origin, link.socket, link.table, link.token, link.view) == (
        "https://workshop.example:8443", "/user/ada/kabetopo-room/socket", 3, TOKEN, "presentation")
    path = JoinLink(f"/kabetopo-room/join/12#{TOKEN}")
    assert (path.origin, path.socket, path.table, path.view) == ("", "/kabetopo-room/socket", 12, "normal")
    board = RoomBoard(f"http://127.0.0.1:8888/kabetopo-room/join/3#{TOKEN}")
    assert repr(board) == "RoomBoard(table=3, link='http://127.0.0.1:8888/kabetopo-room/join/3#…')"
    assert repr(board) == repr(RoomBoard(f"http://127.0.0.1:8888/kabetopo-room/join/3#{TOKEN}"))
    assert TOKEN not in repr(board) and board._token == TOKEN and board.table == 3
    for bad in (f"ftp://host/kabetopo-room/join/3#{TOKEN}", "http://host/kabetopo-room/join/3",
                f"kabetopo-room/join/3#{TOKEN}", f"http://host/kabetopo-room/learn#{TOKEN}",
                f"http://host/kabetopo-room/join/3#{TOKEN[:8]}", 3, ""):
        with pytest.raises(SettingError) as refused:
            RoomBoard(bad)
        assert TOKEN[:12] not in str(refused.value)
    with pytest.raises(SettingError):
        RoomBoard(f"/kabetopo-room/join/3#{TOKEN}", colour="red")


def test_the_room_board_s_module_is_board_js_and_room_js_joined_in_one_place(tmp_path):
    board_js, room_js = asset("board.js"), asset("room.js")
    esm = RoomBoard._esm
    assert esm == room_board_esm(board_js, room_js)
    body = board_js.replace(BOARD_EXPORT, "  return { render };")
    assert body in esm and room_js.replace(ROOM_IMPORT + "\n", "") in esm  # board.js as it is, but its export
    assert esm.count("export default") == 1 and "import " not in [line[:7] for line in esm.splitlines()]
    with pytest.raises(ValueError):
        room_board_esm(board_js + "\nexport const x = 1;\n", room_js)
    with pytest.raises(ValueError):
        room_board_esm(board_js, room_js.replace(ROOM_IMPORT, ""))
    node = shutil.which("node")
    if node is None:
        if in_ci():
            pytest.fail("node is needed to parse the widget's module under CI=true")
        return
    (tmp_path / "room-board.mjs").write_text(esm)
    checked = subprocess.run([node, "--check", str(tmp_path / "room-board.mjs")], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
