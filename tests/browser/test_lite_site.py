"""The JupyterLite site, offline, in Chromium (issue 13).

The site is built by ``scripts/build_lite.py`` (skipped when its inputs have not changed),
served by ``python3 -m http.server`` on 127.0.0.1, and opened in a browser context where
every request to any other host is aborted and recorded: the record must stay empty.  The
kernel is Pyodide, in the page; nothing of JupyterLab's server runs.  The tests open the
start notebook, the workshop notebook and the Kaomi notebook, run all their cells, check
there is no error output, click a board and read the Python state back through the
kernel; the workshop match survives a page reload through its autosave file, which
JupyterLite keeps in the browser's storage.
"""
from __future__ import annotations

import time

from .conftest import KERNEL_START, TIMINGS, LabNotebook, LiteSite
from .test_board import click_target, python


def open_in_lite(page, site: LiteSite, name: str, *, widgets: int | None = None) -> LabNotebook:
    t0 = time.perf_counter()
    page.goto(site.notebook_url(name))
    nb = LabNotebook(page, name)
    nb.wait_for_kernel_idle(KERNEL_START)
    nb.run_all(KERNEL_START, widgets)
    TIMINGS.append((f"Lite: open {name} + run all", time.perf_counter() - t0))
    return nb


def assert_no_error_output(nb: LabNotebook) -> None:
    state = nb.state()
    assert not state["errors"], state["errors"][0]
    stderr = nb.panel.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.first.inner_text()


def step_by_clicks(nb: LabNotebook, state: str, widget: int = 0) -> str:
    """Click the runner on turn, then the square of its first legal step (asked of the
    kernel), on the notebook's board number ``widget``; returns the step played."""
    step = python(nb, f"[str(a) for a in {state}.legal_actions if str(a).startswith(('step', 'speed step'))][0]")
    runner = python(nb, "__import__('kabetopo_nb.kabetopo.geometry', fromlist=['square_name']).square_name("
                        f"{state}.position.runners[{state}.position.turn])")
    board = nb.widget(widget)
    if step.startswith("speed"):
        board.locator('button[data-button="speed"]').click()
    else:
        click_target(board, f"sq:{runner}", runner=True)
    click_target(board, f"sq:{step.split()[-1]}")
    return step


def test_the_start_notebook_runs_offline_and_its_board_answers_clicks(lite_page, lite_site):
    nb = open_in_lite(lite_page, lite_site, "00-start-here.ipynb", widgets=2)
    assert_no_error_output(nb)
    assert python(nb, "__import__('sys').platform") == "emscripten"  # Python in the page, not on a server
    before = python(nb, "board.history")
    step = step_by_clicks(nb, "board.controller.state", widget=1)  # widget 0 is the guided game
    assert python(nb, "board.history") == before + [step]
    # the learner's progress file is kept in the browser's storage, beside the notebooks
    assert python(nb, "str(__import__('kabetopo_nb.challenges.progress', fromlist=['x']).default_path())") == \
        "/drive/kabetopo-progress.json"
    assert not lite_page.offsite


def test_the_kaomi_notebook_runs_offline(lite_page, lite_site):
    nb = open_in_lite(lite_page, lite_site, "21-kaomi.ipynb", widgets=1)
    assert_no_error_output(nb)
    before = python(nb, "play.history")  # the notebook's own cells placed d4 and swapped
    square = python(nb, "str(next(iter(play.controller.state.legal_actions)))")  # a placement the engine allows
    click_target(nb.widget(0), f"sq:{square}")
    assert python(nb, "play.history") == before + [square]
    assert not lite_page.offsite


def test_the_workshop_match_runs_offline_and_survives_a_reload(lite_page, lite_site):
    name = "18-workshop-hot-seat.ipynb"
    nb = open_in_lite(lite_page, lite_site, name, widgets=1)
    assert_no_error_output(nb)
    step = step_by_clicks(nb, "board.controller.round.state")
    assert python(nb, "board.history")[-1:] == [step]
    assert python(nb, "__import__('os').path.getsize(AUTOSAVE) > 0") is True

    lite_page.reload()  # a participant's tab reloaded: a new kernel, the notebook run again
    nb = LabNotebook(lite_page, name)
    nb.wait_for_kernel_idle(KERNEL_START)
    nb.run_all(KERNEL_START, 1)
    assert python(nb, "board.history")[-1:] == [step], "the match did not resume from its autosave"
    assert not lite_page.offsite


def test_a_request_to_another_host_is_caught(lite_page, lite_site):
    """The guard itself: a page that asks another host is recorded (and refused), so a site
    that reached the network would fail the tests above."""
    lite_page.goto(f"{lite_site.url}/jupyter-lite.json")
    lite_page.evaluate("() => fetch('https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs').catch(() => null)")
    assert lite_page.offsite == ["https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs"]
    lite_page.offsite.clear()  # seen and refused: this test is about the guard, not the site
