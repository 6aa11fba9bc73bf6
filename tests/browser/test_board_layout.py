"""How the board lays out a panel's button groups, in a real JupyterLab in Chromium.

A group is a table of -/+ steppers only when Python declares it (``layout: "steppers"``,
each button with its ``row``, ``column`` and ``step``); the front end never reads a layout
out of the labels, so a group whose labels merely look like "a b +" is a row of buttons.

Notebooks: ``board_panel`` (a scripted controller whose panel the test writes) and ``board``
(the Kabetopo board, whose position editor declares its pools as steppers).
"""
from __future__ import annotations

from playwright.sync_api import expect

from .test_board import python, renders, wait_for_redraw
from .test_board_drawing import set_panel


def stepper(bid: str, row: str, column: str, step: str, label: str, enabled: bool = True) -> dict:
    return {"id": bid, "label": label, "enabled": enabled, "row": row, "column": column, "step": step}


def cells(table) -> list[list[str]]:
    """The table's text, row by row (header first), each cell's text stripped."""
    return table.evaluate(
        "t => [...t.rows].map(r => [...r.cells].map(c => c.textContent.trim()))")


def test_only_a_group_declared_as_steppers_is_a_table_of_steppers(page, open_notebook):
    nb = open_notebook(page, "board_panel", widgets=1)
    board = nb.widget(0)
    # labels that no pattern would read as "<row> <column> +|-"
    pools = [stepper(f"pool:{seat}:{kind[0]}:{step}", kind, seat, step, f"{step} one {kind} for {seat}")
             for seat in ("E", "W") for kind in ("walls", "locks") for step in "+-"]
    # the challenge's points: a row per seat, one column
    points = [stepper(f"points:{seat}:{step}", seat, "points", step, f"{seat} points {step}", step == "+")
              for seat in ("North", "East") for step in "-+"]
    # labels that look like steppers, but no layout declared: plain buttons
    lookalike = [{"id": f"look:{i}", "label": label, "enabled": True}
                 for i, label in enumerate(["a b +", "a b -", "c b +", "c b -"])]
    set_panel(nb, board, groups=[{"name": "pools", "layout": "steppers", "buttons": pools},
                                 {"name": "points", "layout": "steppers", "buttons": points},
                                 {"name": "lookalike", "buttons": lookalike}])
    panel = board.locator(".kb-panel")

    table = panel.locator("table.kb-steppers.kb-group-pools")
    expect(table).to_have_count(1)
    # rows and columns in the order first met; in each cell "-" then "+"
    assert cells(table) == [["", "E", "W"], ["walls", "−+", "−+"], ["locks", "−+", "−+"]]
    minus = table.locator('button[data-button="pool:W:l:-"]')
    expect(minus).to_have_text("−")
    expect(minus).to_have_attribute("aria-label", "- one locks for W")  # the label names it
    expect(table.locator("th[scope=col]")).to_have_text(["E", "W"])
    expect(table.locator("th[scope=row]")).to_have_text(["walls", "locks"])

    points_table = panel.locator("table.kb-steppers.kb-group-points")
    assert cells(points_table) == [["", "points"], ["North", "−+"], ["East", "−+"]]
    expect(points_table.locator('button[data-button="points:East:-"]')).to_be_disabled()

    expect(panel.locator(".kb-group-lookalike")).to_have_count(1)
    row = panel.locator("div.kb-buttons.kb-group-lookalike")
    expect(row).to_have_attribute("role", "group")
    expect(row.locator("button")).to_have_text(["a b +", "a b -", "c b +", "c b -"])
    assert "kb-compact" not in (row.get_attribute("class") or "")
    expect(panel.locator("table.kb-steppers")).to_have_count(2)

    # a stepper sends its button's id
    before = renders(board)
    minus.click()
    wait_for_redraw(board, before)
    assert python(nb, "ctl.pressed") == ["pool:W:l:-"]


def test_the_position_editor_shows_its_pools_as_steppers(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    before = renders(board)
    board.locator('button[data-button="edit"]').click()
    wait_for_redraw(board, before)
    table = board.locator("table.kb-steppers.kb-group-pools")
    expect(table).to_have_count(1)
    rows = cells(table)
    assert rows[0] == ["", "E", "S", "W", "N"]
    assert [r[0] for r in rows[1:]] == ["walls", "monoliths", "portals", "locks", "speed"]
    assert all(cell == "−+" for r in rows[1:] for cell in r[1:])
    before = renders(board)
    table.locator('button[data-button="pool:E:w:+"]').click()
    wait_for_redraw(board, before)
    assert python(nb, "board.controller.editor.position.pools[0][0]") == 4
