"""The board as a workshop room meets it, in real JupyterLab and Chromium (issue 11).

One test per bug the issue lists for the board's turn flow: undo into the setup rolls,
Edit -> Play, the next player's refusal, the speed token spent silently, rewinding then
clicking, and Dakapo's new game.  Each acts on the rendered board with the mouse, then
asks the kernel what the Python state is.  (``tests/board/test_board_turn_flow.py`` drives the
same cases without a browser.)
"""
from __future__ import annotations

import json

import nbformat
import pytest
from playwright.sync_api import expect

from .test_board import click_target, python, renders, wait_for_redraw

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
START = "runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E"


@pytest.fixture
def board_notebook(jupyter_lab, open_notebook, page):
    """Open a one-board notebook made from ``code`` (the board is the cell's value)."""

    def _open(name: str, code: str, widgets: int = 1):
        nb = nbformat.v4.new_notebook(metadata={"kernelspec": KERNELSPEC})
        nb.cells = [nbformat.v4.new_code_cell(code)]
        jupyter_lab.add_notebook(nb, name)
        return open_notebook(page, name, widgets=widgets)

    return _open


def test_an_error_shows_in_every_view_of_the_board(board_notebook):
    # two views of one board (a projector and the teacher's screen show the same model); a
    # request the board cannot take is said in both, not only in the view that sent it
    nb = board_notebook("workshop_two_views", f"from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard({START!r})\n"
                                              "display(board)\nboard", widgets=2)
    first, second = nb.widget(0), nb.widget(1)
    before = renders(second)
    assert python(nb, "board._intent({'type': 'intent', 'id': 3, 'kind': 'click', 'target': 42})['ok']") is False
    wait_for_redraw(second, before)
    for view in (first, second):
        expect(view.locator(".kb-error")).to_contain_text("malformed message")
    click_target(first, "sq:f5")  # the next request that goes through clears it in both
    for view in (first, second):
        expect(view.locator(".kb-error")).to_have_count(0)


def press(widget, button: str) -> None:
    before = renders(widget)
    widget.locator(f'button[data-button="{button}"]').click()
    wait_for_redraw(widget, before)


def test_undo_at_the_start_of_a_round_keeps_the_setup_rolls(board_notebook):
    nb = board_notebook("workshop_setup", "from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard(seed=3)\nboard")
    board = nb.widget(0)
    expect(board.locator('button[data-button="undo"]')).to_be_disabled()
    start = python(nb, "board.position")
    click_target(board, "sq:f5")
    press(board, "undo")
    expect(board.locator('button[data-button="undo"]')).to_be_disabled()
    assert python(nb, "board.position") == start
    assert python(nb, "[a.split()[0] for a in board.history]") == ["roll"] * 8
    assert python(nb, "'Roll d12' in str(board._panel)") is False


def test_edit_then_play_refuses_an_invalid_position_and_keeps_the_game(board_notebook):
    nb = board_notebook("workshop_edit", f"from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard({START!r})\nboard")
    board = nb.widget(0)
    click_target(board, "sq:f5")
    press(board, "end")
    press(board, "edit")
    press(board, "tool:wall")
    for line in ("f5n", "e5e", "f4n"):  # East's runner walled in: K-INV-1
        click_target(board, f"ln:{line}")
    press(board, "edit-done")
    expect(board.locator(".kb-refusal")).to_contain_text("K-INV-1")
    assert python(nb, "board.history") == ["step f5", "end"]  # nothing erased
    for line in ("f5n", "e5e", "f4n"):  # take the walls away again, then play from a valid position
        click_target(board, f"ln:{line}")
    press(board, "tool:wall")
    click_target(board, "ln:c2n")
    press(board, "edit-done")
    assert python(nb, "board.history") == []
    press(board, "other-line")
    assert python(nb, "board.history") == ["step f5", "end"]


def test_the_next_player_is_told_whose_turn_it_is(board_notebook):
    nb = board_notebook("workshop_turn", f"from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard({START!r})\nboard")
    board = nb.widget(0)
    click_target(board, "sq:f5")
    click_target(board, "sq:f1", runner=True)  # South reaches for its runner while East's turn is open
    refusal = board.locator(".kb-refusal")
    expect(refusal).to_contain_text("it is East's turn, not South's")
    expect(refusal).to_contain_text("end the turn")
    expect(refusal).not_to_contain_text("leapfrog")
    assert python(nb, "board.history") == ["step f5"]


def test_the_speed_token_is_not_spent_by_a_plain_click(board_notebook):
    nb = board_notebook("workshop_speed", f"from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard({START!r})\nboard")
    board = nb.widget(0)
    click_target(board, "sq:f5")
    expect(board.locator(".kb-hl-speed").first).to_be_attached()  # drawn as speed moves, not as steps
    click_target(board, "sq:e5")
    expect(board.locator(".kb-refusal")).to_contain_text("speed token")
    assert python(nb, "board.history") == ["step f5"]
    assert python(nb, "board.state.position.pools[0][4]") == 1
    press(board, "speed")
    click_target(board, "sq:e5")
    assert python(nb, "board.history") == ["step f5", "speed step e5"]


def test_rewinding_then_clicking_keeps_the_rest_of_the_game(board_notebook):
    nb = board_notebook("workshop_rewind", f"from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard({START!r})\nboard")
    board = nb.widget(0)
    for step in ("sq:f5", "end", "sq:f2", "end"):
        press(board, "end") if step == "end" else click_target(board, step)
    full = python(nb, "board.history")
    press(board, "undo")
    press(board, "undo")
    press(board, "undo")
    press(board, "speed")
    click_target(board, "sq:e5")
    expect(board.locator(".kb-message")).to_contain_text("kept")
    press(board, "other-line")
    nb.run_code("board.state.goto(4); board.refresh()")
    assert python(nb, "board.history") == full


def test_dakapo_new_game_can_be_taken_back(board_notebook):
    nb = board_notebook("workshop_dakapo", "from kabetopo_nb import DakapoBoard\nboard = DakapoBoard()\nboard")
    board = nb.widget(0)
    nb.run_code("board.apply(next(iter(board.state.legal_actions)))")
    played = python(nb, "board.position")
    press(board, "new")
    assert python(nb, "board.history") == []
    press(board, "other-line")
    assert python(nb, "board.position") == played
    assert json.loads(json.dumps(python(nb, "len(board.history)"))) == 1
