"""The room with no internet (issue 26): the standalone server (``python -m kabetopo_nb.room``)
serving both the workshop room and the JupyterLite site, in Chromium, where every request to
any other host is aborted and recorded (the record must stay empty).

Two participants play a whole Dakapo game at one table: one on the room's join page, the
other from a JupyterLite notebook (Python in the page, Pyodide) with ``RoomBoard(link)``, the
board widget given the join link, whose socket the browser opens; both play by clicking the
board, every action picked with the engine from the position the page shows.  The same
notebook joins the room as a learner (``join_room``: the learners' link from the teacher's
dashboard) and solves a challenge, which Pyodide reports with a synchronous XMLHttpRequest;
the teacher's dashboard (logged in with the printed teacher token) shows that learner's
progress and the table's result.
"""
from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import expect
from room_server import Standalone

from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.dakapo import DakapoState

from .conftest import KERNEL_START, TIMINGS, LabNotebook, LiteSite

PLAYERS = ["Ines", "Oskar"]


@pytest.fixture(scope="module")
def offline_room(lite_site: LiteSite, tmp_path_factory):
    """The standalone room serving the built JupyterLite site (the session's ``lite_site``
    builds it, or finds it up to date)."""
    base = tmp_path_factory.mktemp("room-lite")
    server = Standalone(base, lite_site.folder)
    try:
        server.start(timeout=60)
    except (RuntimeError, OSError) as exc:  # the room's own failure: never a skip
        server.stop()
        pytest.fail(f"the standalone room did not start: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


class Offline:
    """Browser contexts that reach the room's server and nothing else (each other request
    aborted and recorded in ``offsite``)."""

    def __init__(self, browser, server: Standalone):
        self.browser, self.base = browser, f"http://127.0.0.1:{server.port}"
        self.offsite: list[str] = []
        self.contexts: list = []

    def page(self, **options):
        context = self.browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **options})

        def route(r):
            if r.request.url.startswith(self.base + "/"):
                r.continue_()
            else:
                self.offsite.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def offline(browser, offline_room):
    rooms = Offline(browser, offline_room)
    yield rooms
    rooms.close()
    assert not rooms.offsite, f"a page asked other hosts: {rooms.offsite[:5]}"


def board_state(root) -> tuple[int, str]:
    """The table's number and position as the board's page shows them (room.js's data)."""
    return int(root.get_attribute("data-number") or -1), root.get_attribute("data-position") or ""


def wait_number(root, number: int, timeout: float = 20_000) -> None:
    root.page.wait_for_function("([el, n]) => Number(el.dataset.number) >= n",
                                arg=[root.element_handle(), number], timeout=timeout)


def click_action(root, action: str) -> None:
    """Play a Dakapo action as a player does: the colour's stone in the tray, then the
    square; or the panel's Claim / Pass button."""
    if action in ("claim", "pass"):
        root.locator(f'button[data-button="{action}"]').click()
        return
    colour, square = action.split()
    root.locator(f'.kb-svg [data-target="col:{colour}"]').first.click()
    root.locator(f'.kb-svg [data-target="sq:{square}"]').first.click()


def test_two_participants_play_dakapo_offline_and_a_learners_progress_reaches_the_dashboard(
        offline_room, offline, lite_site):
    server = offline_room
    status, made = server.teacher("POST", "/kabetopo-room/api/tables", {"kind": "dakapo", "players": PLAYERS,
                                                                        "seed": 7})
    assert status == 201 and isinstance(made, dict), made
    table = made["table"]
    links = [server_url(server) + seat["link"] for seat in made["seats"]]
    status, learners = server.teacher("GET", "/kabetopo-room/api/learners")
    assert status == 200 and isinstance(learners, dict) and learners["link"], learners
    learners_link = server_url(server) + learners["link"]

    # Ines: the join page
    t0 = time.perf_counter()
    ines = offline.page()
    ines.goto(links[0])
    ines_root = ines.locator(".kr-room")
    expect(ines_root).to_have_attribute("data-state", "open")

    # Oskar: a JupyterLite notebook, served by the same room; the board widget joins his seat
    oskar = offline.page()
    oskar.goto(f"{server_url(server)}/lab/index.html?path=00-start-here.ipynb")
    nb = LabNotebook(oskar, "00-start-here.ipynb")
    nb.wait_for_kernel_idle(KERNEL_START)
    out = nb.run_code("import sys\nfrom kabetopo_nb.room.seat_board import RoomBoard\n"
                      f"seat = RoomBoard({links[1]!r})\ndisplay(seat)\nprint(sys.platform, repr(seat))",
                      timeout=120)
    assert "emscripten" in out and made["seats"][1]["link"].split("#")[1] not in out, out  # no token in the repr
    oskar_root = nb.panel.locator(".kr-room").last
    expect(oskar_root).to_have_attribute("data-state", "open")
    TIMINGS.append(("room offline: the Lite kernel started, RoomBoard joined", time.perf_counter() - t0))

    # the game, by clicks, each page playing its own seat
    rng = random.Random(2026)
    roots = [ines_root, oskar_root]
    played = []
    for _ in range(200):
        status, summary = server.teacher("GET", f"/kabetopo-room/api/tables/{table}")
        assert status == 200 and isinstance(summary, dict), summary
        if summary["over"]:
            break
        seat = summary["to_move"]["seat"]
        root = roots[seat]
        number, position = board_state(root)
        if number != summary["number"]:
            wait_number(root, summary["number"])
            number, position = board_state(root)
        state = DakapoState.from_text(position)
        action = str(GreedyBot()(state, rng))
        click_action(root, action)
        wait_number(root, number + 1)
        played.append(action)
    else:
        raise AssertionError(f"the game did not end in 200 actions: {played[-5:]}")
    assert played, "no action was played"
    for root in roots:  # both boards show the end, the same final position
        wait_number(root, len(played))
    assert board_state(ines_root)[1] == board_state(oskar_root)[1] == summary["position"]
    TIMINGS.append((f"room offline: a Dakapo game of {len(played)} actions by clicks",
                    time.perf_counter() - t0))

    # the learner: join the room with a name, solve a challenge; Pyodide reports it
    out = nb.run_code("from kabetopo_nb.room.learners import join_room\n"
                      f"member = join_room({learners_link!r}, name='Oskar')\n"
                      "from kabetopo_nb.challenges.progress import Progress\n"
                      "p = Progress()\np.mark_solved('move-edge')\nprint(p.room_note)", timeout=60)
    assert "Reported to the workshop room." in out, out
    status, listed = server.teacher("GET", "/kabetopo-room/api/learners")
    rows = [r for r in listed["rows"]] if isinstance(listed, dict) else []
    assert any(r.get("participant") == "Oskar" and r.get("challenge") == "move-edge" for r in rows), listed

    # the teacher's dashboard: the table's result and the learner's progress
    teacher = offline.page()
    teacher.goto(f"{server_url(server)}/kabetopo-room/dashboard?token={server.token}")
    expect(teacher.locator("body")).to_have_attribute("data-ready", "true")
    progress = teacher.locator("#kd-progress")
    expect(progress).to_contain_text("Oskar")
    expect(progress).to_contain_text("move-edge")
    slot = teacher.locator(f'.kd-table-slot[data-table="{table}"]')
    expect(slot).to_contain_text(summary["result"] or "over")
    expect(teacher.locator("#kd-learners-link")).to_have_text(learners_link)
    assert json.loads(json.dumps(offline.offsite)) == []


def server_url(server: Standalone) -> str:
    return f"http://127.0.0.1:{server.port}"
