"""The challenge board in real JupyterLab and Chromium (issue 12): a learner solves the first
challenge of a section by clicking in the page, sees "Solved!", and Python's progress file
remembers it.  (``tests/teaching/test_challenge_board.py`` drives every button without a browser.)
"""
from __future__ import annotations

import json

import nbformat
from playwright.sync_api import expect

from .test_board import click_target, python, renders, wait_for_redraw

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def _section_03(jupyter_lab, open_notebook, page, progress, name: str):
    """A notebook holding section 03's challenge board on ``progress``, opened and run."""
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": KERNELSPEC})
    nb.cells = [nbformat.v4.new_code_cell(
        "from kabetopo_nb import ChallengeBoard\n"
        f"board = ChallengeBoard(section='03', progress={str(progress)!r})\n"
        "board")]
    jupyter_lab.add_notebook(nb, name)
    return open_notebook(page, name, widgets=1)


def test_solving_the_first_challenge_by_clicking_is_remembered(jupyter_lab, open_notebook, page, tmp_path):
    progress = tmp_path / "progress.json"
    notebook = _section_03(jupyter_lab, open_notebook, page, progress, "challenge_board")
    board = notebook.widget(0)
    expect(board.locator(".kb-panel-status")).to_have_text("Challenge 1 of 3 · 0 solved")
    expect(board.locator(".kb-widget")).to_contain_text("Put a wall in South's way")

    before = renders(board)
    board.locator('button[data-button="hint"]').click()  # the hint, from the panel
    wait_for_redraw(board, before)
    expect(board.locator(".kb-message")).to_contain_text("Hint:")

    click_target(board, "ln:c3n")  # a line offers its drops, as on the game's own board
    click_target(board, "act:wall c3n")
    expect(board.locator(".kb-message")).to_contain_text("Solved!")
    expect(board.locator(".kb-panel-status")).to_have_text("Challenge 1 of 3 · 1 solved · this one solved")
    assert python(notebook, "board.history") == ["wall c3n"]
    assert python(notebook, "sorted(board.controller.progress.solved)") == ["walls-block-south"]
    assert json.loads(progress.read_text(encoding="utf-8"))["solved"] == ["walls-block-south"]


def test_a_clicked_outline_is_not_carried_into_the_next_challenge(jupyter_lab, open_notebook, page, tmp_path):
    """Issue 24 items 2 and 15: the ring a click leaves is that click's: the next challenge
    (and any button) starts without it; the keyboard's ring stays (it is where the user is)."""
    notebook = _section_03(jupyter_lab, open_notebook, page, tmp_path / "progress.json", "challenge_outline")
    board = notebook.widget(0)
    before = renders(board)
    mover = python(notebook, "__import__('kabetopo_nb.kabetopo.geometry', fromlist=['x']).square_name("
                             "board.state.position.runners[board.state.position.turn])")
    board.locator(f'.kb-svg .kb-runner[data-target="sq:{mover}"]').first.click()  # selects the runner: outlined
    wait_for_redraw(board, before)
    expect(board.locator(".kb-svg .kb-focus")).to_have_count(1)
    before = renders(board)
    board.locator('button[data-button="next"]').click()
    wait_for_redraw(board, before)
    expect(board.locator(".kb-panel-status")).to_contain_text("Challenge 2 of 3")
    expect(board.locator(".kb-svg .kb-focus")).to_have_count(0)
    # the keyboard's ring is kept through a redraw
    board.locator(".kb-root").focus()
    page.keyboard.press("ArrowRight")
    expect(board.locator(".kb-svg .kb-focus")).to_have_count(1)
