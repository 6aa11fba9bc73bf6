"""The presentation view for projectors, in a real JupyterLab in Chromium (issue 1; issue 13, part).

The notebook (``presentation``, written by tests/browser/make_notebooks.py) shows a match
board autosaving to ``presentation.autosave.json``.

* At 1280x720 and at 1024x768, in JupyterLab's Light theme with its bars as they are, the
  board's "Presentation view" toggle puts the board SVG, the headline (whose turn, by name),
  the status line (what is left to decide), the play buttons, the latest announcements and
  the scoresheet inside the window together, none of them covered; once full screen (the
  toggle's press allows it here), once in the layout that covers the window without it (full
  screen left, and the view set from Python, where no press allows full screen); axe finds
  nothing serious in it.  The widget's height and what is on screen are printed.
* The toggle only asks: Python keeps the view (``board.view``) and the autosave records it;
  after a kernel restart, and after a page reload, running the notebook again brings the
  board back in presentation view, at the same position.  The stage hides while another
  tab is in front, and a board whose kernel restarted leaves it (its cell is to be run
  again).

While the stage covers the window JupyterLab's own cells cannot be clicked, so Python is
asked through the notebook's kernel connection (``kernel``), not through a new cell.
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from .conftest import LabNotebook, axe_script
from .test_board import renders, wait_for_redraw
from .test_match_board import keep_cells, restart_kernel

NOTEBOOK = "presentation"
NOTEBOOK_CELLS = 1
AUTOSAVE = "presentation.autosave.json"
STAGE = ".kb-stage"
PARTS = ("board", "headline", "status", "buttons", "announcements", "scoresheet")

# Run code in the notebook's kernel without a cell (the stage covers JupyterLab's cells);
# its stdout, or the exception.
KERNEL_RUN = """async ([name, code]) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (w.context && w.context.path === name && w.sessionContext.session) {
      const future = w.sessionContext.session.kernel.requestExecute({code, store_history: false});
      let out = '', error = null;
      future.onIOPub = (msg) => {
        if (msg.header.msg_type === 'stream') out += msg.content.text;
        if (msg.header.msg_type === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
      };
      await future.done;
      return {out, error};
    }
  }
  return {out: '', error: 'the notebook has no kernel'};
}"""

# Where each part of the presentation lies in the window, whether it is wholly inside it and
# whether it is on top there (not covered by JupyterLab's bars or anything else).
MEASURE = """() => {
  const stage = document.querySelector('.kb-stage');
  if (!stage || stage.hidden) return null;
  const root = stage.querySelector('.kb-root');
  const parts = {
    board: root.querySelector('svg.kb-board'),
    headline: root.querySelector('.kb-headline'),
    status: root.querySelector('.kb-panel-status'),
    buttons: root.querySelector('.kb-buttons.kb-group-play'),
    announcements: root.querySelector('ol.kb-log'),
    scoresheet: root.querySelector('.kb-sheet'),
  };
  const out = {};
  for (const [name, n] of Object.entries(parts)) {
    if (!n) { out[name] = null; continue; }
    const r = n.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
      && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    const probes = [[0.5, 0.5], [0.1, 0.1], [0.9, 0.9]].map(([fx, fy]) =>
      document.elementFromPoint(r.left + r.width * fx, r.top + Math.min(r.height * fy, r.height - 1)));
    out[name] = {box: [r.left, r.top, r.right, r.bottom].map(Math.round), inside,
                 onTop: probes.every((t) => !!t && (t === n || n.contains(t))),
                 text: n.textContent.replace(/\\s+/g, ' ').trim().slice(0, 70)};
  }
  const box = root.getBoundingClientRect();
  return {parts: out, width: Math.round(box.width), height: Math.round(box.height),
          viewport: [innerWidth, innerHeight], fullscreen: document.fullscreenElement === stage,
          sheetBelowBoard: root.classList.contains('kb-sheet-below')};
}"""


def kernel(nb, code: str) -> str:
    """Run ``code`` in the notebook's kernel (no cell); its stdout."""
    result = nb.page.evaluate(KERNEL_RUN, [nb.name, code])
    assert result["error"] is None, f"{code}: {result['error']}"
    return result["out"]


def python(nb, expression: str):
    return json.loads(kernel(nb, f"import json; print(json.dumps({expression}))"))


def measure(page) -> dict:
    page.wait_for_timeout(150)  # the stage's layout follows the window's size on the next frame
    m = page.evaluate(MEASURE)
    assert m is not None, "no presentation stage on show"
    return m


def assert_all_on_screen(m: dict, where: str) -> None:
    missing = [name for name in PARTS if m["parts"][name] is None]
    assert not missing, f"{where}: not shown at all: {missing}"
    outside = {name: m["parts"][name] for name in PARTS if not (m["parts"][name]["inside"] and m["parts"][name]["onTop"])}
    assert not outside, f"{where}: out of the {m['viewport']} window or covered: {outside}"


def report(m: dict, where: str) -> None:
    shown = ", ".join(f"{name} {m['parts'][name]['box']}" for name in PARTS)
    print(f"\npresentation view, {where}: widget {m['width']}x{m['height']} px in a {m['viewport'][0]}x"
          f"{m['viewport'][1]} window (full screen: {m['fullscreen']}; scoresheet "
          f"{'under the board' if m['sheetBelowBoard'] else 'in the side column'}); on screen: {shown}; "
          f"headline {m['parts']['headline']['text']!r}, status {m['parts']['status']['text']!r}")


def step_on_stage(nb, cell_widget) -> str:
    """Click the first legal step of the player to move, on the stage; returns it."""
    step = python(nb, "next(str(a) for a in board.state.legal_actions if a.kind == 'step' and not a.speed)")
    before = renders(cell_widget)
    nb.page.locator(f'{STAGE} [data-target="sq:{step.split()[-1]}"]').first.click()
    wait_for_redraw(cell_widget, before)  # the cell's element keeps counting the stage's redraws
    return step


def axe_on_stage(page) -> list:
    page.add_script_tag(path=str(axe_script()))
    violations = page.locator(STAGE).evaluate("""async (el) => {
      const result = await window.axe.run(el, {resultTypes: ['violations']});
      return result.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}));
    }""")
    return [v for v in violations if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)], ids=["1280x720", "1024x768"])
def test_the_presentation_view_shows_board_turn_buttons_announcements_and_scoresheet_together(
        page, open_notebook, jupyter_lab, size):
    width, height = size
    (jupyter_lab.root / AUTOSAVE).unlink(missing_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    nb = open_notebook(page, NOTEBOOK, widgets=1)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == "true"  # JupyterLab Light
    cell = nb.widget(0)
    toggle = cell.locator('button[data-key="view"]')
    expect(toggle).to_have_attribute("aria-pressed", "false")
    kernel(nb, "board.seat('Dan', 'greedy'); board.seat('Dan', 'human')")  # two announcements
    expect(cell.locator("ol.kb-log li")).to_have_count(2)

    # the toggle sends an intent; Python keeps the view and the page follows the trait
    toggle.click()
    stage = page.locator(STAGE)
    expect(stage).to_be_visible()
    expect(stage.locator('button[data-key="view"]')).to_have_attribute("aria-pressed", "true")
    assert python(nb, "board.view") == "presentation"
    expect(cell.locator(".kb-stage-note")).to_be_visible()  # the cell says where the board went
    step = step_on_stage(nb, cell)  # the board on the stage plays
    assert python(nb, "board.history")[-1] == step
    expect(stage.locator(".kb-headline")).to_have_text("Ann (East) to play")
    expect(stage.locator(".kb-panel-status")).to_contain_text("East to play: extras")

    pressed = measure(page)  # full screen, where the browser allows it (headless Chromium does)
    assert_all_on_screen(pressed, f"{width}x{height}, after the toggle")
    report(pressed, f"{width}x{height}, after the toggle")
    serious = axe_on_stage(page)
    assert not serious, serious

    # out of full screen (Escape, F11): the stage still covers the window
    page.evaluate("() => document.fullscreenElement && document.exitFullscreen()")
    page.wait_for_function("() => !document.fullscreenElement")
    covering = measure(page)
    assert not covering["fullscreen"]
    assert_all_on_screen(covering, f"{width}x{height}, without full screen")
    report(covering, f"{width}x{height}, without full screen")

    # set from Python: back into the cell, and out again (no press: never full screen)
    kernel(nb, "board.view = 'normal'")
    expect(stage).to_have_count(0)
    expect(cell.locator("svg.kb-board")).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    kernel(nb, "board.view = 'presentation'")
    expect(stage).to_be_visible()
    from_code = measure(page)
    assert not from_code["fullscreen"]
    assert_all_on_screen(from_code, f"{width}x{height}, set from Python")

    # the toggle again: back in the cell
    stage.locator('button[data-key="view"]').click()
    expect(stage).to_have_count(0)
    assert python(nb, "board.view") == "normal"
    expect(cell.locator("svg.kb-board")).to_be_visible()


def test_the_presentation_view_survives_a_kernel_restart_and_a_reload(page, open_notebook, jupyter_lab):
    (jupyter_lab.root / AUTOSAVE).unlink(missing_ok=True)
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = open_notebook(page, NOTEBOOK, widgets=1)
    nb.widget(0).locator('button[data-key="view"]').click()
    expect(page.locator(STAGE)).to_be_visible()
    step = step_on_stage(nb, nb.widget(0))
    history = python(nb, "board.history")
    saved = json.loads((jupyter_lab.root / AUTOSAVE).read_text())
    assert saved["view"] == "presentation" and saved["history"] == [history]

    # another tab in front (a launcher): the stage hides with its notebook, and comes back with it
    page.evaluate("() => window.jupyterapp.commands.execute('launcher:create')")
    expect(page.locator(STAGE)).to_be_hidden()
    expect(page.locator(".jp-Launcher")).to_be_visible()
    nb.activate()
    expect(page.locator(STAGE)).to_be_visible()

    # a kernel restart, and the notebook run again: the board resumes in presentation view
    keep_cells(nb, NOTEBOOK_CELLS)
    restart_kernel(nb)
    nb.wait_for_kernel_idle()
    assert python(nb, "'board' in globals()") is False  # a fresh kernel
    # the old board's kernel went away: it leaves the stage, which would hide the cell to run again
    expect(page.locator(STAGE)).to_have_count(0)
    nb.run_all(widgets=1)
    expect(page.locator(STAGE)).to_be_visible()
    assert python(nb, "[board.view, board.history]") == ["presentation", history]
    assert python(nb, "board.announcements")[0].startswith(f"Resumed the saved match from {AUTOSAVE}")
    assert_all_on_screen(measure(page), "1280x720, after a kernel restart")

    # a page reload (the kernel lives on), and the notebook run again
    page.reload()
    again = LabNotebook(page, nb.name)
    again.wait_for_kernel_idle()
    expect(page.locator(STAGE)).to_have_count(0)
    again.run_all(widgets=1)
    expect(page.locator(STAGE)).to_be_visible()
    assert python(again, "[board.view, board.history[-1]]") == ["presentation", step]
    assert_all_on_screen(measure(page), "1280x720, after a page reload")
