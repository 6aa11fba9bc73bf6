"""The match board and the projector scoresheet in a real JupyterLab in Chromium (issue 11).

The notebook (``match_board``, written by tests/browser/make_notebooks.py) shows a finished
match's scoresheet (``sheet``), a match board autosaving to ``match-board.autosave.json``
(``board``), a match board with bots in three seats (``bots``) and one with an mcts bot
for North (``seats``), whose seat picker the last test uses.

* The scoresheet's drawing is measured in the page (bug 9): each circle's box holds its
  digit, centred; a Natural Tadaima's bar is visible below its circle; round headers
  start where the row labels start, and player names are centred over their columns.
* The kernel is restarted mid-round (JupyterLab's restart: the REST API's
  ``POST /api/kernels/<id>/restart`` through the page's kernel connection), the notebook run again,
  and the board must come back at the same position with the same history (the time from
  the restart to the resumed board is printed; ``benchmarks/bench_resume.py`` reports it).
* Bots play their turns on the kernel's event loop, one action after another, while the
  kernel keeps answering.
* The seat picker (issue 14): each player's list is labelled (axe finds nothing serious);
  choosing a thinking bot (mcts, 2.5 s a decision) for the player to move makes it play
  at once, the kernel answering cells while it thinks; Stop the bots drops its thought.
"""
from __future__ import annotations

import json
import time

from playwright.sync_api import expect

from .conftest import axe_script

NOTEBOOK = "match_board"
NOTEBOOK_CELLS = 4  # the notebook's own cells (run_code adds more)
AUTOSAVE = "match-board.autosave.json"


def python(nb, expression: str):
    return json.loads(nb.run_code(f"import json; print(json.dumps({expression}))"))


def renders(widget) -> int:
    el = widget.locator(".kb-widget")
    return int(el.get_attribute("data-renders") or 0) + int(el.get_attribute("data-panels") or 0)


def click(widget, selector: str) -> None:
    before = renders(widget)
    widget.locator(selector).first.click()
    widget.page.wait_for_function(
        "([el, n]) => Number(el.dataset.renders || 0) + Number(el.dataset.panels || 0) > n",
        arg=[widget.locator(".kb-widget").element_handle(), before])


def play_a_step(nb, widget, name: str) -> str:
    """Click the first legal step of the player to move on board ``name``; returns it."""
    step = python(nb, f"next(str(a) for a in {name}.state.legal_actions if a.kind == 'step' and not a.speed)")
    click(widget, f'[data-target="sq:{step.split()[-1]}"]')
    return step


# --- the projector scoresheet (bug 9) ----------------------------------------------------------

MEASURE_SHEET = """(table) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; };
  const text = (el) => { const range = document.createRange(); range.selectNodeContents(el); return box(range); };
  const circles = [...table.querySelectorAll('.kb-circled')].map(c => ({
    circle: box(c), digit: text(c), border: parseFloat(getComputedStyle(c).borderTopWidth)}));
  const naturals = [...table.querySelectorAll('.kb-natural')].map(n => {
    const s = getComputedStyle(n);
    return {mark: box(n), circle: box(n.querySelector('.kb-circled')),
            style: s.borderBottomStyle, width: parseFloat(s.borderBottomWidth)};
  });
  const rows = [...table.querySelectorAll('tr')];
  const labels = rows.map(r => r.querySelector('td.kb-label')).filter(Boolean).map(text);
  const rounds = [...table.querySelectorAll('th')].filter(th => /^Round \\d/.test(th.textContent)).map(text);
  const heads = [...table.querySelector('tr').querySelectorAll('th')].slice(1).map(text);
  const columns = rows.filter(r => r.querySelector('td.kb-label')).map(
    r => [...r.querySelectorAll('td')].slice(1).map(text));
  return {circles, naturals, labels, rounds, heads, columns};
}"""


def test_scoresheet_circles_hold_their_digits_and_headers_line_up(page, open_notebook):
    nb = open_notebook(page, NOTEBOOK)
    table = nb.cell(0).locator("table.kb-scoresheet")
    expect(table).to_be_visible()
    m = table.evaluate(MEASURE_SHEET)
    assert m["circles"], "no circled Tadaima on the sheet"
    for c in m["circles"]:
        circle, digit, border = c["circle"], c["digit"], c["border"]
        # the circle's box holds the digit's box, inside its border ...
        assert circle["l"] + border <= digit["l"] and digit["r"] <= circle["r"] - border, c
        assert circle["t"] <= digit["t"] and digit["b"] <= circle["b"], c
        # ... with the digit in the middle, not against one side
        width = circle["r"] - circle["l"]
        middle = (circle["l"] + circle["r"]) / 2
        assert abs((digit["l"] + digit["r"]) / 2 - middle) <= 0.1 * width, c
    assert len(m["naturals"]) == 2  # one Natural Tadaima in rounds 2 and 4
    for n in m["naturals"]:
        # a visible bar, below the circle (an underline on the circle's own edge is not seen)
        assert n["style"] == "solid" and n["width"] >= 2, n
        assert n["mark"]["b"] - n["width"] >= n["circle"]["b"], n
    # round headers start where the row labels start
    left = min(label["l"] for label in m["labels"])
    assert len(m["rounds"]) == 4
    for header in m["rounds"]:
        assert abs(header["l"] - left) <= 1, (header, left)
    # player names are centred over their columns' values
    for i, head in enumerate(m["heads"]):
        centre = (head["l"] + head["r"]) / 2
        for row in m["columns"]:
            cell = row[i]
            assert abs((cell["l"] + cell["r"]) / 2 - centre) <= 6, (i, head, cell)


# --- nothing lost: a kernel restart mid-round ----------------------------------------------------


# JupyterLab's own kernel restart (what Kernel > Restart Kernel does after its dialog): the
# front end asks the server (POST /api/kernels/<id>/restart), then reconnects and waits for
# the new kernel.  The statuses the page sees are recorded to know the restart happened.
RESTART = """async (name) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (w.context && w.context.path === name && w.sessionContext.session) {
      const kernel = w.sessionContext.session.kernel;
      window.kbKernelStatuses = [];
      kernel.statusChanged.connect((_, status) => window.kbKernelStatuses.push(status));
      await kernel.restart();
      return kernel.id;
    }
  }
  return null;
}"""

RESTARTED = """(name) => {
  const seen = window.kbKernelStatuses || [];
  const at = seen.lastIndexOf('restarting');
  if (at < 0) return false;
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (w.context && w.context.path === name && w.sessionContext.session) {
      const kernel = w.sessionContext.session.kernel;
      return seen.slice(at).includes('idle') && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
    }
  }
  return false;
}"""


def restart_kernel(nb) -> None:
    """Restart the notebook's kernel as JupyterLab does, and wait until it is back and idle."""
    assert nb.page.evaluate(RESTART, nb.name), "the notebook has no kernel"
    nb.page.wait_for_function(RESTARTED, arg=nb.name, timeout=60_000, polling=50)


def keep_cells(nb, count: int) -> None:
    """Delete the cells ``run_code`` added after the notebook's own ``count`` cells, so that
    running all cells again runs the notebook as the teacher has it."""
    nb.page.evaluate("""([name, count]) => {
      for (const w of window.jupyterapp.shell.widgets('main')) {
        if (w.context && w.context.path === name && w.content && w.content.model) {
          const shared = w.content.model.sharedModel;
          shared.deleteCellRange(count, shared.cells.length);
        }
      }
    }""", [nb.name, count])


def test_a_kernel_restart_mid_round_resumes_the_same_position(page, open_notebook, jupyter_lab):
    (jupyter_lab.root / AUTOSAVE).unlink(missing_ok=True)
    nb = open_notebook(page, NOTEBOOK, widgets=2)
    board = nb.widget(0)
    first = play_a_step(nb, board, "board")  # Ann (East)
    click(board, 'button[data-button="end"]')
    second = play_a_step(nb, board, "board")  # Ben (South)
    position, history = python(nb, "board.position"), python(nb, "board.history")
    assert history[-3:] == [first, "end", second]
    saved = json.loads((jupyter_lab.root / AUTOSAVE).read_text())
    assert saved["history"] == [history]

    keep_cells(nb, NOTEBOOK_CELLS)
    t0 = time.perf_counter()
    restart_kernel(nb)
    nb.wait_for_kernel_idle()
    t1 = time.perf_counter()
    assert python(nb, "'board' in globals()") is False  # a fresh kernel: nothing survived in memory
    keep_cells(nb, NOTEBOOK_CELLS)
    checking = time.perf_counter() - t1  # not part of the figure
    nb.run_all(widgets=2)  # the board is drawn again when this returns
    seconds = time.perf_counter() - t0 - checking
    resumed_position, resumed_history = python(nb, "board.position"), python(nb, "board.history")
    assert resumed_position == position
    assert resumed_history == history
    said = python(nb, "board.announcements")
    assert said[0] == f"Resumed the saved match from {AUTOSAVE}: round 1, 3 actions."
    # the resumed board plays on from there
    board = nb.widget(0)
    expect(board.locator("svg")).to_be_visible()
    click(board, 'button[data-button="end"]')  # Ben ends the turn he began before the restart
    third = play_a_step(nb, board, "board")  # Cat (West)
    assert python(nb, "board.history")[-2:] == ["end", third]
    assert json.loads((jupyter_lab.root / AUTOSAVE).read_text())["history"][0][-2:] == ["end", third]
    print(f"\nrestart-to-resumed: {seconds:.2f} s (kernel restart, run all, board resumed from {AUTOSAVE})")


# --- bots on the kernel's event loop -----------------------------------------------------------


def test_bots_play_their_turns_while_the_kernel_stays_responsive(page, open_notebook):
    nb = open_notebook(page, NOTEBOOK, widgets=2)
    bots = nb.widget(1)
    play_a_step(nb, bots, "bots")
    click(bots, 'button[data-button="end"]')
    # no cell runs the bots: they play on the kernel's loop, a pause between actions; the
    # kernel answers in the meantime (each run_code below is a new execution)
    answers = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answers += 1
        if python(nb, "bots.state.decision.seat") == "East":
            break
        page.wait_for_timeout(250)
    assert python(nb, "bots.state.decision.seat") == "East", "the bots did not finish their turns"
    said = python(nb, "bots.announcements")
    for player in ("Ben", "Cat", "Dan"):
        assert any(a.startswith(f"{player} (bot)") for a in said), said
    assert answers >= 1
    # the board shows the bots' actions: its move list has them
    history = python(nb, "bots.history")
    expect(bots.locator(".kb-move").last).to_contain_text(history[-1])


# --- the seat picker and a thinking bot (issue 14) -----------------------------------------------


def test_a_bot_chosen_in_the_seat_picker_plays_while_the_kernel_answers(page, open_notebook):
    nb = open_notebook(page, NOTEBOOK, widgets=3)
    seats = nb.widget(2)
    # one labelled list per player (its accessible name), the choice's help text as its description
    for label, value in (("Ann (East)", "human"), ("Ben (South)", "human"), ("Cat (West)", "human"),
                         ("Dan (North)", "mcts-2.5s")):
        expect(seats.get_by_role("combobox", name=label)).to_have_value(value)
    dan = seats.get_by_role("combobox", name="Dan (North)")
    expect(dan).to_have_accessible_description("tree search, 2.5 seconds a decision")
    picker = seats.get_by_role("combobox", name="Ann (East)")
    expect(picker).to_have_accessible_description("played by hand, at the board")
    assert picker.locator("option").all_text_contents() == ["Human", "random", "greedy", "mcts", "mcts-2.5s"]
    picker.focus()  # reachable from the keyboard
    expect(picker).to_be_focused()
    page.add_script_tag(path=str(axe_script()))
    violations = seats.locator(".kb-widget").evaluate("""async (el) => {
      const result = await window.axe.run(el, {resultTypes: ['violations']});
      return result.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}));
    }""")
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    print(f"axe, the match board with its seat picker: {[(v['id'], v['impact']) for v in violations]}")
    assert not serious, serious

    # Ann is to play: give her seat the thinking bot; it plays at once, the kernel answering meanwhile
    before = python(nb, "len(seats.history)")
    picker.select_option("mcts-2.5s")
    log = seats.locator(".kb-log")
    expect(log).to_contain_text("Ann is now played by mcts-2.5s.")
    expect(seats.locator(".kb-thinking")).to_have_text("Ann (mcts-2.5s) is thinking…")
    answered_while_thinking = 0
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and answered_while_thinking < 2:
        thinking, played = python(nb, "[seats.controller.thought is not None, len(seats.history)]")
        if played > before:
            break
        answered_while_thinking += thinking
    assert answered_while_thinking >= 1, "no cell ran while the bot was thinking"
    expect(log).to_contain_text("Ann (bot)", timeout=30_000)
    said = python(nb, "seats.announcements")
    assert any(a.startswith("Ann (bot)") for a in said) and python(nb, "seats.controller.unscored") is None
    expect(picker).to_have_value("mcts-2.5s")

    # Stop the bots: a thought under way is dropped, nothing more is played
    click(seats, 'button[data-button="stop-bots"]')
    history = python(nb, "seats.history")
    page.wait_for_timeout(3000)
    assert python(nb, "[seats.history, seats.controller.thought]") == [history, None]
    expect(seats.locator(".kb-thinking")).to_have_count(0)
