"""The Kabetopo board widget in a real JupyterLab in Chromium (issue 4).

Each test opens a notebook in a fresh kernel, acts on the rendered board with the mouse
or the keyboard, and then asks the kernel what the Python state is.  The board notebook
(tests/browser/make_notebooks.py) has East on b1, next to the corner a1, with setup
portals on b1e and e4n.
"""
from __future__ import annotations

import json

from playwright.sync_api import expect


def renders(widget) -> int:
    """How many times the front end has drawn the board and the panel (a refusal redraws only the panel)."""
    el = widget.locator(".kb-widget")
    return int(el.get_attribute("data-renders") or 0) + int(el.get_attribute("data-panels") or 0)


def wait_for_redraw(widget, before: int) -> None:
    widget.page.wait_for_function(
        "([el, n]) => Number(el.dataset.renders || 0) + Number(el.dataset.panels || 0) > n",
        arg=[widget.locator(".kb-widget").element_handle(), before],
    )


def click_target(widget, target: str, *, runner: bool = False) -> None:
    before = renders(widget)
    selector = f'.kb-runner[data-target="{target}"]' if runner else f'[data-target="{target}"]'
    widget.locator(selector).first.click()
    wait_for_redraw(widget, before)


def python(nb, expression: str):
    return json.loads(nb.run_code(f"import json; print(json.dumps({expression}))"))


def test_click_runner_then_destination_moves_it_in_python(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    click_target(board, "sq:b1", runner=True)
    assert board.locator(".kb-hl").count() >= 2  # its legal moves light up
    assert board.locator('.kb-runner.kb-selected').count() == 1
    click_target(board, "sq:b2")
    assert python(nb, "board.history") == ["step b2"]
    assert "Eb2" in python(nb, "board.position")
    expect(board.locator(".kb-panel-status")).to_contain_text("East to play: extras")
    # the latency probe is off unless the page asks for it (benchmarks/bench_widget_latency.py)
    assert board.locator(".kb-widget").evaluate("el => el.kbLatencies === undefined")


def test_illegal_click_shows_its_ruling_and_changes_nothing(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    click_target(board, "sq:d4")
    refusal = board.locator(".kb-refusal")
    expect(refusal).to_be_visible()
    expect(refusal.locator(".kb-ruling")).to_have_text("K-MOVE-1")
    expect(refusal).to_contain_text("no move goes from b1 to d4")  # the board's words (play/refusals.py)
    assert python(nb, "board.history") == []
    assert python(nb, "board.last_reply['ok']") is False


def test_teleport_with_an_exit_choice_on_the_board(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    click_target(board, "sq:b1", runner=True)
    click_target(board, "act:teleport b1e")
    exits = board.locator('.kb-svg [data-target^="act:exit"]')
    expect(exits).to_have_count(2)
    click_target(board, "act:exit e5s")
    assert python(nb, "board.history") == ["teleport b1e", "exit e5s"]
    assert "Ee5" in python(nb, "board.position")


def test_drop_a_wall_on_a_line(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    click_target(board, "ln:c3n")
    choice = board.locator('button.kb-choice[data-target="act:wall c3n"]')
    expect(choice).to_be_visible()
    before = renders(board)
    choice.click()
    wait_for_redraw(board, before)
    assert python(nb, "board.history") == ["wall c3n"]
    expect(board.locator('.kb-wall[id$="-piece-c3n"]')).to_have_count(1)


def test_undo_takes_the_move_back(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    click_target(board, "sq:b2")
    assert python(nb, "board.history") == ["step b2"]
    before = renders(board)
    board.locator('button[data-button="undo"]').click()
    wait_for_redraw(board, before)
    assert python(nb, "board.history") == []
    assert "Eb1" in python(nb, "board.position")
    expect(board.locator('button[data-button="redo"]')).to_be_enabled()


def test_keyboard_move_and_jupyterlab_shortcuts_stay_quiet(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    cells_before = nb.cells.count()
    board.locator(".kb-root").focus()  # the ring starts on the runner to move
    expect(board.locator(".kb-focus")).to_have_attribute("data-target", "sq:b1")
    board.page.keyboard.press("ArrowLeft")  # file-1
    expect(board.locator(".kb-focus")).to_have_attribute("data-target", "sq:a1")
    board.page.keyboard.press("Escape")  # cancel: no focus (nothing was selected, so no redraw)
    expect(board.locator(".kb-focus")).to_have_count(0)
    board.page.keyboard.press("ArrowDown")  # the first press shows the ring on the runner to move
    expect(board.locator(".kb-focus")).to_have_attribute("data-target", "sq:b1")
    board.page.keyboard.press("ArrowLeft")
    expect(board.locator(".kb-focus")).to_have_attribute("data-target", "sq:a1")
    board.page.keyboard.press("b")  # in command mode JupyterLab would insert a cell
    before = renders(board)
    board.page.keyboard.press("Enter")
    wait_for_redraw(board, before)
    assert nb.cells.count() == cells_before
    assert python(nb, "board.history") == ["step a1"]
    expect(board.locator(".kb-live")).to_contain_text("East steps from b1 to a1")


def test_dark_theme_renders(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    svg = board.locator("svg.kb-board")
    assert "kb-light" in svg.get_attribute("class")
    light_fill = svg.locator(".kb-square").first.evaluate("n => getComputedStyle(n).fill")
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_function("() => document.querySelector('svg.kb-board').classList.contains('kb-dark')")
    dark_fill = svg.locator(".kb-square").first.evaluate("n => getComputedStyle(n).fill")
    assert dark_fill != light_fill
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
    page.wait_for_function("() => !document.querySelector('svg.kb-board').classList.contains('kb-dark')")


def test_two_boards_are_independent_and_a_board_shown_twice_stays_in_sync(page, open_notebook):
    nb = open_notebook(page, "two_boards", widgets=3)
    first, second, first_again = nb.widget(0), nb.widget(1), nb.widget(2)
    before_again = renders(first_again)
    click_target(first, "sq:b2")
    wait_for_redraw(first_again, before_again)
    expect(first_again.locator('.kb-runner[data-target="sq:b2"]')).to_have_count(1)
    expect(second.locator('.kb-runner[data-target="sq:b1"]')).to_have_count(1)
    assert python(nb, "[first.history, second.history]") == [["step b2"], []]
    # re-running the cells leaves no dead views: the old views are replaced, not added to
    nb.run_all(widgets=3)
    assert nb.widgets.count() == 3


def test_edit_mode_shows_whether_the_position_is_valid_and_why_not(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    before = renders(board)
    board.locator('button[data-button="edit"]').click()
    wait_for_redraw(board, before)
    expect(board.locator(".kb-valid")).to_have_text("Valid position")
    before = renders(board)
    board.locator('button[data-button="tool:wall"]').click()
    wait_for_redraw(board, before)
    for line in ("ln:a1n", "ln:a1e"):  # wall West's runner into its corner
        click_target(board, line)
    expect(board.locator(".kb-invalid")).to_be_visible()
    expect(board.locator(".kb-problems")).to_contain_text("K-INV-1")
    expect(board.locator(".kb-problems")).to_contain_text("a1")
    assert "Wa1n" in python(nb, "board.position") and python(nb, "board.history") == []


def test_dakapo_and_kaomi_play_on_the_same_front_end(page, open_notebook):
    nb = open_notebook(page, "other_games", widgets=2)
    dakapo, kaomi = nb.widget(0), nb.widget(1)
    click_target(dakapo, "sq:d6")  # Dakapo offers the colours that fit this square
    choice = dakapo.locator('button.kb-choice[data-target="act:red d6"]')
    expect(choice).to_be_visible()
    before = renders(dakapo)
    choice.click()
    wait_for_redraw(dakapo, before)
    click_target(kaomi, "sq:d4")
    assert python(nb, "[dakapo.history, kaomi.history]") == [["red d6"], ["d4"]]
    click_target(kaomi, "sq:d4")  # now taken: refused with its rule ID, nothing changes
    expect(kaomi.locator(".kb-refusal .kb-ruling").first).to_contain_text("KM-1")
    assert python(nb, "kaomi.history") == ["d4"]
