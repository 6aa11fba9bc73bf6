"""The participant's page (``GET kabetopo-room/join/<table>``, widgets/room.js over board.js)
and the notebook's ``RoomBoard``, in Chromium against ONE real ``jupyter lab`` with the room's
extension for the whole module (tests/room_server.py's ``JupyterRoom``).

* A 4-player Kabetopo table made through the teacher's API (its first round a teaching round
  without drops, to keep it short): four participants, each in a browser context of their
  own, open their seat's link and play the whole round by clicking the board (every action
  picked from the position the page shows, with the engine, and clicked as a player would:
  the square, the line, the option's badge or choice, the panel's buttons), until every
  page's scoresheet shows the round's points, which the API's agree with; a fifth page opens
  the watchers' link in presentation view (``?view=presentation``, the projector's), follows
  the same position, and its click is refused on the page; no page has a move list or a
  scrubber (no time travel at a table), the log of the table's actions instead; and the
  teacher's dashboard, in a browser of its own, shows the table's points as every page's
  scoresheet does.
* A phone (360 x 740, touch): a tap plays a move; nothing is wider than the screen.
* axe-core on the page, in the light and the dark colour scheme: no serious or critical
  violation.
* ``RoomBoard(link)`` in a JupyterLab notebook joins a seat from the browser and a click on it
  reaches the table; a link of another site says so instead of connecting; its repr has no
  token.
* Faults, on one table: a participant's network dropped (offline, the socket closed) shows
  "Reconnecting…", refuses a click visibly, and comes back by itself at the same position,
  playing on; a page reloaded is the same seat at the same position; the server SIGKILLed
  mid-round and started again on the same port (the same SQLite file): every page reconnects
  by itself, shows the position it had before the kill, and the round plays on.  (Last: it
  restarts the module's server.)
"""
from __future__ import annotations

import json
import random
import re
import secrets
import time
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from room_server import JupyterRoom

from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.kabetopo.actions import Action, Kind
from kabetopo_nb.kabetopo.game import KabetopoState
from kabetopo_nb.kabetopo.geometry import line_name, square_name

from .conftest import LAB_SETTINGS, TIMINGS, LabNotebook, axe_script
from .test_presentation_view import PARTS, measure
from helpers import unavailable

PLAYERS4 = ["Aiko", "Ben", "Chidi", "Dana"]
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
# Kabetopo's diamond as drawn (board.js): Up is rank+1, Right file+1, Down rank-1, Left file-1
ARROWS = {(0, 1): "ArrowUp", (1, 0): "ArrowRight", (0, -1): "ArrowDown", (-1, 0): "ArrowLeft"}
BUTTONS = {Kind.END: "end", Kind.PASS: "pass", Kind.STOP: "stop"}
LINE_CLICKS = {Kind.TELEPORT, Kind.LEAP_PORTAL, Kind.BUMP_THROUGH, Kind.WALL, Kind.MONOLITH, Kind.PORTAL,
               Kind.LOCK, Kind.UNLOCK}
# every WebSocket a page opens, kept where a test can close it (the network dropping it)
TRACK_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.__roomSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__roomSockets.push(this); }
  };
})()"""


# --- the server ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def room(_browser_requirements, tmp_path_factory):
    try:
        import jupyter_server  # noqa: F401
        import jupyterlab  # noqa: F401
    except ImportError as exc:
        unavailable(f"jupyter_server or jupyterlab is not importable ({exc}); pip install -e '.[test]'",
                    "the room page's browser tests")
    base = tmp_path_factory.mktemp("room-page")
    root, settings, workspaces = base / "root", base / "lab-settings", base / "lab-workspaces"
    for folder in (root, settings, workspaces):
        folder.mkdir()
    for rel, values in LAB_SETTINGS.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    jupyter = JupyterRoom(root, app="lab", extra_args=("--LabApp.news_url=", "--LabApp.expose_app_in_browser=True"),
                          env={"JUPYTERLAB_SETTINGS_DIR": str(settings), "JUPYTERLAB_WORKSPACES_DIR": str(workspaces)})
    t0 = time.perf_counter()
    try:
        jupyter.start(timeout=120)
    except (RuntimeError, OSError) as exc:  # the room's own failure: never a skip
        jupyter.stop()
        pytest.fail(f"JupyterLab with the room did not start: {exc}", pytrace=False)
    TIMINGS.append(("JupyterLab with the room: start", time.perf_counter() - t0))
    try:
        yield jupyter
    finally:
        shut_down_kernels(jupyter)
        jupyter.stop()


def shut_down_kernels(jupyter: JupyterRoom) -> None:
    status, sessions = jupyter.http("GET", "/api/sessions")
    for session in sessions if status == 200 and isinstance(sessions, list) else []:
        jupyter.http("DELETE", f"/api/sessions/{session['id']}")


def new_table(room: JupyterRoom, seed: int, **fields) -> dict:
    body = {"kind": "kabetopo", "players": PLAYERS4, "seed": seed, **fields}
    status, made = room.http("POST", "/kabetopo-room/api/tables", body)
    assert status == 201 and isinstance(made, dict) and made["ok"], made
    return made


def summary(room: JupyterRoom, table: int) -> dict:
    status, answer = room.http("GET", f"/kabetopo-room/api/tables/{table}")
    assert status == 200 and isinstance(answer, dict), (status, answer)
    return answer


# --- the participants ------------------------------------------------------------------------------


class Participant:
    """One person's browser context and page, on a seat's (or the watchers') link."""

    def __init__(self, browser, room: JupyterRoom, link: str, name: str, **context):
        self.room, self.link, self.name = room, link, name
        self.context = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **context})
        self.context.add_init_script(TRACK_SOCKETS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"[{m.type}] {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"[pageerror] {e}"))

    @property
    def root(self):
        return self.page.locator(".kr-room")

    def open(self) -> Participant:
        self.page.goto(self.room.url + self.link)
        self.wait_joined()
        return self

    def wait_joined(self) -> None:
        expect(self.root).to_have_attribute("data-state", "open", timeout=30_000)
        self.page.locator(".kb-svg svg").wait_for()
        self.page.wait_for_function("() => document.querySelector('.kr-room')?.dataset.number !== undefined")

    def data(self, name: str) -> str:
        return self.root.get_attribute(f"data-{name}") or ""

    def number(self) -> int:
        return int(self.data("number"))

    def position(self) -> str:
        return self.data("position")

    def wait_number(self, number: int, timeout: float = 20_000) -> None:
        self.page.wait_for_function(
            "n => Number(document.querySelector('.kr-room')?.dataset.number) === n", arg=number, timeout=timeout)

    def replies(self) -> int:
        return int(self.data("replies") or 0)

    def click(self, locator, *, tap: bool = False) -> None:
        """Click (or tap) and wait for the room's reply."""
        before = self.replies()
        if tap:
            locator.tap()
        else:
            locator.click()
        self.page.wait_for_function(
            "n => Number(document.querySelector('.kr-room')?.dataset.replies || 0) > n", arg=before)

    def status(self) -> str:
        return self.page.locator(".kr-status").inner_text()

    def close(self) -> None:
        try:
            self.context.close()
        except PlaywrightError:
            pass


@pytest.fixture
def crowd(browser, room, request, tmp_path):
    """Open participants (``crowd(link, name, **context)``), closed after the test; on a failure
    each page's screenshot and console log are kept in the test's tmp_path."""
    people: list[Participant] = []

    def join(link: str, name: str, **context) -> Participant:
        person = Participant(browser, room, link, name, **context)
        people.append(person)
        return person.open()

    yield join
    report = getattr(request.node, "_browser_report_call", None)
    for person in people:
        if report is not None and report.failed:
            try:
                person.page.screenshot(path=str(tmp_path / f"{person.name}.png"), full_page=True)
            except PlaywrightError:
                pass
            (tmp_path / f"{person.name}.console.log").write_text("\n".join(person.console))
        person.close()
    if report is not None and report.failed:
        print(f"\nroom page artefacts in {tmp_path}; server log {room.log}")


# --- playing by clicks -------------------------------------------------------------------------------


def chosen(position: str, rng: random.Random) -> Action:
    """The action a test player picks: the engine's legal actions in the position the page
    shows, the greedy bot's choice."""
    state = KabetopoState.from_text(position)
    assert state.legal_actions, position
    return GreedyBot()(state, rng)


def play(person: Participant, action: Action, *, tap: bool = False) -> None:
    """Play ``action`` on the page as a player does: the Speed token first for a speed move;
    then the option's own badge or choice when the board shows one, else the square the
    runner goes to or the line the action is on (and then its badge or choice, when the board
    asks which), or the panel's button; until the table's number moves on."""
    page, text = person.page, str(action)
    before = person.number()
    if action.speed:
        person.click(page.locator('button[data-button="speed"]'), tap=tap)
    option = page.locator(f'[data-target="act:{text}"]')
    if action.kind in BUTTONS:
        person.click(page.locator(f'button[data-button="{BUTTONS[action.kind]}"]'), tap=tap)
    elif option.count():
        person.click(option.first, tap=tap)
    else:
        destination = action.destination
        if action.kind in LINE_CLICKS or destination is None:
            target = f"ln:{line_name(action.line)}"
        else:
            target = f"sq:{square_name(destination)}"
        person.click(page.locator(f'.kb-svg [data-target="{target}"]').last, tap=tap)
        if person.number() == before and person.data("state") == "open" and option.count():
            person.click(option.first, tap=tap)
    try:
        page.wait_for_function("n => Number(document.querySelector('.kr-room')?.dataset.number) > n", arg=before,
                               timeout=10_000)
    except PlaywrightError:
        panel = page.locator(".kb-panel").inner_text()
        raise AssertionError(f"{person.name}: {text!r} was not played by its clicks; the panel says:\n{panel}") from None


def plain_move(position: str) -> Action | None:
    """A legal move to a square without the speed token, if the position has one."""
    return next((a for a in KabetopoState.from_text(position).legal_actions
                 if a.kind == Kind.STEP and not a.speed), None)


def play_turns(room: JupyterRoom, table: int, seats: list[Participant], count: int, rng: random.Random,
               *, until=None) -> int:
    """The seat to move plays, ``count`` times (or until ``until(summary)``); returns how many."""
    played = 0
    while played < count:
        now = summary(room, table)
        if until is not None and until(now):
            break
        mover = now["to_move"]
        assert mover is not None, now["status"]
        person = seats[mover["seat"]]
        person.wait_number(now["number"])
        assert person.position() == now["position"], "the page shows another position than the table's"
        play(person, chosen(person.position(), rng))
        played += 1
    return played


def round_points(person: Participant) -> list[tuple[int, int]]:
    """(round, total) per player, from the page's scoresheet (its first "Round / total" row)."""
    cells = person.page.locator(".kb-sheet tr.kb-total").first.locator("td.kb-points").all_inner_texts()
    out = []
    for cell in cells:
        match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", cell)
        assert match, f"{person.name}: a scoresheet cell reads {cell!r}"
        out.append((int(match.group(1)), int(match.group(2))))
    return out


# --- a whole round ---------------------------------------------------------------------------------


def test_four_participants_play_a_whole_round_by_clicking_and_a_watcher_follows(room, crowd, browser):
    made = new_table(room, seed=7, teaching="first-round-without-drops")
    table = made["table"]
    t0 = time.perf_counter()
    seats = [crowd(s["link"], s["name"]) for s in made["seats"]]
    path, token = made["watchers"]["link"].split("#")
    watcher = crowd(f"{path}?view=presentation#{token}", "watcher",  # the teacher's projector
                    viewport={"width": 1280, "height": 720})
    expect(watcher.page.locator(".kb-stage .kb-presentation")).to_be_visible()
    expect(watcher.page.locator(".kb-view-toggle")).to_have_attribute("aria-pressed", "true")
    for i, person in enumerate(seats):
        expect(person.page.locator(".kr-you")).to_have_text(f"{PLAYERS4[i]} (you)")
        expect(person.page.locator(".kr-title")).to_have_text(f"Table {table} · Kabetopo")
        expect(person.page.locator(".kr-status")).to_have_text("Connected")
    expect(watcher.page.locator(".kr-players")).to_contain_text("Watching: Aiko, Ben, Chidi, Dana")
    expect(watcher.page.locator(".kb-headline")).to_contain_text("watching")
    assert watcher.page.locator(".kr-you").count() == 0
    # whose turn: the panel's headline says it, on every page
    first = summary(room, table)
    expect(seats[first["to_move"]["seat"]].page.locator(".kb-headline")).to_contain_text(
        f"{first['to_move']['name']} (")

    rng = random.Random(2026)
    played = play_turns(room, table, seats, 3, rng)
    played += play_turns(room, table, seats, 20, rng, until=lambda s: plain_move(s["position"]) is not None)
    # the watcher sees the same position, and its click (a move the mover could make) is refused on its page
    now = summary(room, table)
    watcher.wait_number(now["number"])
    assert watcher.position() == now["position"] == seats[0].position()
    step = plain_move(now["position"])
    assert step is not None
    watcher.click(watcher.page.locator(f'.kb-svg [data-target="sq:{square_name(step.destination)}"]').last)
    expect(watcher.page.locator(".kb-error, .kb-refusal").first).to_contain_text("watch")
    assert summary(room, table)["number"] == now["number"]

    played += play_turns(room, table, seats, 400, rng, until=lambda s: s["between_rounds"])
    seconds = time.perf_counter() - t0
    TIMINGS.append((f"room page: a 4-player round by clicks ({played} actions)", seconds))
    print(f"\na whole round by clicks: {played} actions in {seconds:.1f} s")

    end = summary(room, table)
    assert end["between_rounds"] and end["round"] == 1
    sheet = end["scoresheet"]
    expected = [(sheet["rounds"][0]["points"][p], sheet["totals"][p]) for p in PLAYERS4]
    for person in [*seats, watcher]:
        person.wait_number(end["number"])
        assert person.position() == end["position"]
        expect(person.page.locator(".kb-sheet caption")).to_contain_text("1 of 4 rounds scored")
        assert round_points(person) == expected, person.name
    assert {p: total for p, (_, total) in zip(PLAYERS4, expected, strict=True)} == end["scores"]
    # the projector at 1280x720: the board, whose turn, the status, the log and the scoresheet
    # all on screen and uncovered (the watcher has no play buttons)
    shown = measure(watcher.page)
    outside = {name: shown["parts"][name] for name in PARTS if name != "buttons"
               and not (shown["parts"][name] and shown["parts"][name]["inside"] and shown["parts"][name]["onTop"])}
    assert not outside, f"the projector's view at 1280x720: out of the window or covered: {outside}"
    # between rounds a seat is offered the next round, the watcher is not
    expect(seats[0].page.locator('button[data-button="next-round"]')).to_be_enabled()
    assert watcher.page.locator('button[data-button="next-round"]').count() == 0
    # no move list and no scrubber at a shared table (no time travel): the log of its latest actions
    for person in (seats[0], watcher):
        assert person.page.locator(".kb-moves, .kb-scrubber").count() == 0
        expect(person.page.locator(".kb-log-item").first).to_contain_text(": ")

    # the teacher's dashboard (another browser, logged in with the server's token) shows the
    # table's points as every page's scoresheet does
    pages = {person.name: dict(zip(PLAYERS4, (total for _, total in round_points(person)), strict=True))
             for person in [*seats, watcher]}
    teacher = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        dashboard = teacher.new_page()
        dashboard.goto(f"{room.url}/kabetopo-room/dashboard?token={room.token}")
        card = dashboard.locator(f"article.kd-table[data-table='{table}']")
        expect(card).to_be_visible(timeout=20_000)
        for name in PLAYERS4:
            expect(card.locator(f".kd-score[data-player='{name}']")).to_have_text(str(pages["Aiko"][name]))
        shown = dict(zip(PLAYERS4, (int(card.locator(f".kd-score[data-player='{name}']").inner_text())
                                    for name in PLAYERS4), strict=True))
        assert all(points == shown for points in pages.values()), (shown, pages)
    finally:
        teacher.close()


# --- RoomBoard in a notebook ----------------------------------------------------------------------


def test_a_room_board_in_a_jupyterlab_notebook_plays_a_seat(room, browser, tmp_path):
    made = new_table(room, seed=11, options={"no_drops": True})
    table = made["table"]
    start = summary(room, table)
    link = room.url + made["seats"][start["to_move"]["seat"]]["link"]
    token = link.split("#", 1)[1]
    elsewhere = f"http://localhost:9/kabetopo-room/join/{table}#{'x' * 43}"
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": KERNELSPEC})
    nb.cells = [nbformat.v4.new_code_cell(f"from kabetopo_nb.room.seat_board import RoomBoard\n"
                                          f"board = RoomBoard({link!r})\nboard"),
                nbformat.v4.new_code_cell(f"RoomBoard({elsewhere!r})")]
    name = f"room-board-{secrets.token_hex(3)}.ipynb"
    (Path(room.root) / name).write_text(nbformat.writes(nb))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        t0 = time.perf_counter()
        page.goto(f"{room.url}/lab/workspaces/room-{secrets.token_hex(4)}/tree/{name}?token={room.token}")
        notebook = LabNotebook(page, name)
        notebook.wait_for_kernel_idle(90)
        notebook.run_all(90, widgets=2)
        TIMINGS.append(("room page: a RoomBoard notebook opened and run", time.perf_counter() - t0))
        widget = notebook.widget(0)
        expect(widget.locator(".kr-room")).to_have_attribute("data-state", "open")
        expect(widget.locator(".kr-you")).to_have_text(f"{start['to_move']['name']} (you)")
        state = KabetopoState.from_text(widget.locator(".kr-room").get_attribute("data-position") or "")
        step = next(a for a in state.legal_actions if a.kind == Kind.STEP and not a.speed)
        widget.locator(f'.kb-svg [data-target="sq:{square_name(step.destination)}"]').last.click()
        deadline = time.monotonic() + 15
        while summary(room, table)["number"] == start["number"] and time.monotonic() < deadline:
            time.sleep(0.1)
        after = summary(room, table)
        assert after["number"] == start["number"] + 1, "the click on the notebook's board did not reach the table"
        expect(widget.locator(".kr-room")).to_have_attribute("data-number", str(after["number"]))
        # a link of another site: said, and no socket opened
        expect(notebook.widget(1).locator(".kr-notice")).to_contain_text("This link is for http://localhost:9")
        assert notebook.widget(1).locator(".kr-room").count() == 0
        # the kernel's text of the board: deterministic, without the token
        text = notebook.run_code("print(repr(board))")
        assert text == f"RoomBoard(table={table}, link='{room.url}/kabetopo-room/join/{table}#…')"
        outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
        assert not any(token in out for out in outputs)
    finally:
        context.close()
        shut_down_kernels(room)


# --- a phone ---------------------------------------------------------------------------------------


NO_OVERFLOW = """() => {
  const page = document.documentElement;
  const wide = [...document.querySelectorAll('body *')].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.right > page.clientWidth + 0.5 && !n.closest('.kb-sheet');
  }).map((n) => n.tagName + '.' + (n.getAttribute('class') || ''));
  return {scroll: page.scrollWidth, client: page.clientWidth, wide: wide.slice(0, 5)};
}"""


def test_a_phone_plays_a_move_by_tapping_and_nothing_overflows(room, crowd):
    made = new_table(room, seed=3)
    table = made["table"]
    start = summary(room, table)
    phone = crowd(made["seats"][start["to_move"]["seat"]]["link"], "phone", viewport={"width": 360, "height": 740},
                  has_touch=True, is_mobile=True, device_scale_factor=2)
    fits = phone.page.evaluate(NO_OVERFLOW)
    assert fits["scroll"] <= fits["client"] == 360 and not fits["wide"], fits
    board = phone.page.locator(".kb-svg svg").bounding_box()
    assert board is not None and board["width"] <= 360 and board["width"] > 300, board
    state = KabetopoState.from_text(phone.position())
    step = next(a for a in state.legal_actions if a.kind == Kind.STEP and not a.speed)
    square = phone.page.locator(f'.kb-svg [data-target="sq:{square_name(step.destination)}"]').last
    size = square.bounding_box()
    assert size is not None and min(size["width"], size["height"]) >= 24, size  # a usable tap target
    play(phone, step, tap=True)
    assert summary(room, table)["number"] == start["number"] + 1
    fits = phone.page.evaluate(NO_OVERFLOW)
    assert fits["scroll"] <= fits["client"] and not fits["wide"], fits


# --- accessibility ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_passes_axe_in_light_and_dark(room, crowd, scheme):
    made = new_table(room, seed=5)
    person = crowd(made["seats"][0]["link"], f"axe-{scheme}", color_scheme=scheme)
    page = person.page
    dark = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert (dark == "rgb(18, 18, 18)") == (scheme == "dark"), dark
    svg_class = page.locator(".kb-svg svg").get_attribute("class") or ""
    assert f"kb-{scheme}" in svg_class.split(), svg_class
    page.add_script_tag(path=str(axe_script()))
    violations = page.evaluate("""async () => {
      const result = await window.axe.run(document, {resultTypes: ['violations']});
      return result.violations.filter(v => ['serious', 'critical'].includes(v.impact)).map(v => ({
        id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary).slice(0, 5)}));
    }""")
    assert violations == [], json.dumps(violations, indent=1)
    assert page.locator("[role=status].kr-status").count() == 1 and page.locator("h1").count() == 1

    # the keyboard plays as on the notebook's board: Tab reaches the board, its ring starts on
    # the runner to move, an arrow goes to the next square, Enter moves there
    state = KabetopoState.from_text(person.position())
    runner = square_name(state.position.runners[state.position.turn])
    step = next(a for a in state.legal_actions if a.kind == Kind.STEP and not a.speed)
    key = ARROWS[(ord(square_name(step.destination)[0]) - ord(runner[0]), int(square_name(step.destination)[1:])
                  - int(runner[1:]))]
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.classList.contains('kb-root')"):
            break
    board = page.locator(".kr-board.kb-widget")
    expect(board).to_have_attribute("data-focus", f"sq:{runner}")
    page.keyboard.press(key)
    expect(board).to_have_attribute("data-focus", f"sq:{square_name(step.destination)}")
    before = person.number()
    page.keyboard.press("Enter")
    person.wait_number(before + 1)
    assert summary(room, made["table"])["number"] == before + 1
    # the view toggle is the page's own (as the notebook widget's is): no message to the room
    replies = person.replies()
    page.locator(".kb-view-toggle").click()
    expect(page.locator(".kb-stage .kb-presentation")).to_be_visible()
    page.locator(".kb-view-toggle").click()
    expect(page.locator(".kb-stage")).to_have_count(0)
    assert person.replies() == replies and person.number() == before + 1


# --- faults: a dropped connection, a reload, the server killed ----------------------------------------


def test_pages_come_back_by_themselves_after_a_drop_a_reload_and_a_server_kill(room, crowd):
    made = new_table(room, seed=19, options={"no_drops": True})
    table = made["table"]
    seats = [crowd(s["link"], s["name"]) for s in made["seats"]]
    rng = random.Random(19)
    play_turns(room, table, seats, 3, rng)

    # (i) the mover's network drops: offline, and its socket gone
    now = summary(room, table)
    person = seats[now["to_move"]["seat"]]
    person.wait_number(now["number"])
    person.context.set_offline(True)
    person.page.evaluate("() => window.__roomSockets.forEach((s) => s.close())")
    expect(person.page.locator(".kr-status")).to_have_text("Reconnecting…")
    assert person.page.locator(".kb-panel button[data-button]:not([disabled])").count() == 0  # nothing to press
    step = next((a for a in KabetopoState.from_text(now["position"]).legal_actions if a.destination is not None), None)
    square = f"sq:{square_name(step.destination)}" if step is not None else "sq:c4"
    person.page.locator(f'.kb-svg [data-target="{square}"]').last.click()
    expect(person.page.locator(".kr-notice")).to_contain_text("Not connected to the room: that was not sent")
    time.sleep(0.3)
    assert summary(room, table)["number"] == now["number"]  # nothing was queued
    person.context.set_offline(False)
    expect(person.page.locator(".kr-status")).to_have_text("Connected", timeout=15_000)
    person.wait_number(now["number"])
    assert person.position() == now["position"]
    play_turns(room, table, seats, 2, rng)

    # (ii) a page reloaded: the same seat, the same position
    now = summary(room, table)
    reloaded = seats[(now["to_move"]["seat"] + 1) % 4]
    reloaded.page.reload()
    reloaded.wait_joined()
    assert reloaded.data("seat") == str(seats.index(reloaded))
    reloaded.wait_number(now["number"])
    assert reloaded.position() == now["position"]
    play_turns(room, table, seats, 3, rng)

    # (iii) the server SIGKILLed mid-round, started again on the same port and file
    before = summary(room, table)
    for p in seats:
        p.wait_number(before["number"])
    room.kill()
    for p in seats:
        expect(p.page.locator(".kr-status")).to_have_text("Reconnecting…", timeout=15_000)
    t0 = time.perf_counter()
    room.start(timeout=120, same_port=True)
    for p in seats:
        expect(p.root).to_have_attribute("data-state", "open", timeout=30_000)
    back = time.perf_counter() - t0
    TIMINGS.append(("room page: server restarted, every page back", back))
    print(f"\nafter a SIGKILL: the server restarted and all four pages rejoined in {back:.1f} s")
    after = summary(room, table)
    assert (after["number"], after["position"]) == (before["number"], before["position"])
    for p in seats:
        p.wait_number(before["number"])
        assert p.position() == before["position"], p.name
        expect(p.page.locator(".kr-status")).to_have_text("Connected")
    play_turns(room, table, seats, 3, rng)
    assert summary(room, table)["number"] == before["number"] + 3
