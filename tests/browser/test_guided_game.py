"""The guided first game in real JupyterLab and Chromium (issue 12): a learner plays East
from the first step to Tadaima by clicking in the page, sees a wrong click explained, and
the kernel's game follows.  (``tests/teaching/test_guided_game.py`` checks the script and every
button without a browser.)
"""
from __future__ import annotations

import nbformat
from playwright.sync_api import expect

from kabetopo_nb.challenges.guided import guided_game

from .test_board import click_target, python, renders, wait_for_redraw

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

def press(board, button: str) -> None:
    before = renders(board)
    board.locator(f'button[data-button="{button}"]').click()
    wait_for_redraw(board, before)


def test_the_guided_first_game_is_played_to_tadaima_by_clicking(jupyter_lab, open_notebook, page):
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": KERNELSPEC})
    nb.cells = [nbformat.v4.new_code_cell("from kabetopo_nb import GuidedGameBoard\nboard = GuidedGameBoard()\nboard")]
    jupyter_lab.add_notebook(nb, "guided_game")
    notebook = open_notebook(page, "guided_game", widgets=1)
    board = notebook.widget(0)
    expect(board.locator(".kb-panel-status")).to_contain_text("step 1 of 10")
    expect(board.locator(".kb-widget")).to_contain_text("click your runner on f6, then f5")

    click_target(board, "sq:f6", runner=True)  # a legal move the step does not ask for
    click_target(board, "sq:e6")
    expect(board.locator(".kb-widget")).to_contain_text("Not quite")
    assert python(notebook, "board.controller.walk.index") == 0

    for n, step in enumerate(guided_game().steps):  # the clicks the script says play each step
        expect(board.locator(".kb-panel-status")).to_contain_text(f"step {n + 1} of 10")
        for click in step.clicks:
            if click.startswith("button:"):
                press(board, click.removeprefix("button:"))
            else:
                click_target(board, click.removeprefix("runner:"), runner=click.startswith("runner:"))
    expect(board.locator(".kb-panel-status")).to_contain_text("finished")
    expect(board.locator(".kb-widget")).to_contain_text("Tadaima")
    assert python(notebook, "board.controller.walk.done") is True
    assert python(notebook, "board.controller.walk.state.position.is_finished(0)") is True
