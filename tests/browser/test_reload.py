"""A page reload while the kernel runs brings every board back, live (issue 24, item 6).

A reload (F5) shows the notebook as it was last saved, and ipywidgets' JupyterLab manager
asks the kernel for its widgets (the ``jupyter.widget.control`` comm) and draws each saved
view whose model the kernel has.  JupyterLab saves a notebook every two minutes (autosave;
the tests' server has autosave off, so each test saves as autosave would), so the saved views
may be older than the boards on screen: here the notebook is saved, then run again (the
workshop's "run the board's cell again", or the whole notebook after a kernel restart), a
move is played, and the page is reloaded before the next save.  The saved views then name
the boards of the earlier run, which the kernel closed (or never had); before the fix the
cell said "Error displaying widget: model not found" until it was run again.  Now a board
made again by the same cell takes the same model id (``kabetopo_nb.widget``), so after the
reload every view shows the board the kernel has now, with the move played, and a click
still reaches Python.
"""
from __future__ import annotations

import json

import nbformat
from playwright.sync_api import expect

from .conftest import LabNotebook
from .test_board import click_target, python
from .test_match_board import click, play_a_step, restart_kernel

# The notebook's file holds what its page shows (the save JupyterLab's autosave would make).
SAVE = """async (name) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (w.context && w.context.path === name) { await w.context.save(); return !w.context.model.dirty; }
  }
  return false;
}"""

MATCH_AUTOSAVE = "reload.autosave.json"
MATCH_NOTEBOOK = nbformat.v4.new_notebook(
    metadata={"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
              "language_info": {"name": "python"}},
    cells=[nbformat.v4.new_code_cell(
        "from kabetopo_nb import MatchBoard\n"
        "board = MatchBoard('kabetopo-4p', ['Ann', 'Ben', 'Cat', 'Dan'], seed=11,\n"
        f"                   autosave={MATCH_AUTOSAVE!r})\n"
        "board", id="cell-0")])


def save(nb: LabNotebook) -> None:
    assert nb.page.evaluate(SAVE, nb.name), f"{nb.name} was not saved"


def reload(nb: LabNotebook, widgets: int) -> LabNotebook:
    """Reload the page (the kernel lives on) and wait until the notebook shows its WIDGETS
    board views; an "Error displaying widget" fails at once."""
    nb.page.reload()
    again = LabNotebook(nb.page, nb.name)
    again.wait_until_run(widgets=widgets)  # every cell has run already: nothing is run again
    expect(again.panel).not_to_contain_text("Error displaying widget")
    expect(again.panel).not_to_contain_text("model not found")
    return again


def test_a_reload_shows_the_board_the_kernel_has_and_clicks_still_reach_it(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    save(nb)
    nb.run_all(widgets=1)  # the board's cell run again: a new board replaces the saved one
    board = nb.widget(0)
    click_target(board, "sq:b1", runner=True)
    click_target(board, "sq:b2")
    assert python(nb, "board.history") == ["step b2"]

    again = reload(nb, widgets=1)
    board = again.widget(0)
    assert board.locator('.kb-runner[data-target="sq:b2"]').count() == 1  # the move played before
    expect(board.locator(".kb-panel-status")).to_contain_text("East to play: extras")
    click(board, 'button[data-button="undo"]')  # a click after the reload ...
    assert python(again, "board.history") == []  # ... reaches the kernel's board
    assert board.locator('.kb-runner[data-target="sq:b1"]').count() == 1


def test_after_a_kernel_restart_a_reload_shows_both_boards_and_the_second_view(page, open_notebook):
    # two boards made in one cell, shown by three cells (the first one twice)
    nb = open_notebook(page, "two_boards", widgets=3)
    save(nb)
    restart_kernel(nb)
    nb.run_all(widgets=3)  # a fresh kernel: new boards
    click_target(nb.widget(0), "sq:b1", runner=True)
    click_target(nb.widget(0), "sq:b2")
    assert python(nb, "[first.history, second.history]") == [["step b2"], []]

    again = reload(nb, widgets=3)
    on_b2 = [again.widget(i).locator('.kb-runner[data-target="sq:b2"]').count() for i in range(3)]
    assert on_b2 == [1, 0, 1], on_b2  # the first board, shown twice, with its move; the second as it was
    click_target(again.widget(1), "sq:b1", runner=True)
    click_target(again.widget(1), "sq:b2")
    assert python(again, "[first.history, second.history]") == [["step b2"], ["step b2"]]


def test_a_reload_shows_the_match_board_where_the_match_is(page, open_notebook, jupyter_lab):
    (jupyter_lab.root / MATCH_AUTOSAVE).unlink(missing_ok=True)
    name = jupyter_lab.add_notebook(MATCH_NOTEBOOK, "reload_match.ipynb")
    nb = open_notebook(page, name, widgets=1)
    save(nb)
    nb.run_all(widgets=1)  # the match board's cell run again: it resumes from its autosave
    step = play_a_step(nb, nb.widget(0), "board")
    history = python(nb, "board.history")
    assert history[-1] == step

    again = reload(nb, widgets=1)
    board = again.widget(0)
    assert board.locator(f'.kb-runner[data-target="sq:{step.split()[-1]}"]').count() == 1
    assert python(again, "board.history") == history  # the same kernel, the same match
    click(board, 'button[data-button="undo"]')
    assert python(again, "board.history") == history[:-1]
    saved = json.loads((jupyter_lab.root / MATCH_AUTOSAVE).read_text())
    assert saved["history"] == [history[:-1]], saved["history"]
