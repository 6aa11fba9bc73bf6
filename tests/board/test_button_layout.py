"""A panel's button groups declare their layout; the front end reads no layout out of labels.

The position editor's pools are -/+ steppers: the group says ``layout: "steppers"`` and each
button its ``row`` (the kind of piece), ``column`` (the seat) and ``step``, which agree with
the button's id (``pool:<seat>:<kind letter>:<step>``).  Its other groups are plain rows.
"""
from __future__ import annotations

from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import parse_position
from kabetopo_nb.kabetopo.rules import POOL_LETTERS, POOL_NAMES, SEAT_LETTERS
from kabetopo_nb.play.kabetopo_edit import PositionEditor

START = "runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E"
KINDS = [name.split()[0] for name in POOL_NAMES]  # walls, monoliths, portals, locks, speed


def groups_by_name(groups: list[dict]) -> dict[str, dict]:
    return {group["name"]: group for group in groups}


def test_the_editors_pools_are_declared_as_steppers():
    editor = PositionEditor(parse_position(START))
    groups = groups_by_name(editor.button_groups())
    pools = groups["pools"]
    assert pools["layout"] == "steppers"
    seats = [SEAT_LETTERS[s] for s in editor.position.rules.seats]
    cells = set()
    for button in pools["buttons"]:
        _, seat, letter, step = button["id"].split(":")
        assert button["column"] == seat
        assert button["row"] == KINDS[POOL_LETTERS.index(letter)]
        assert button["step"] == step and step in ("+", "-")
        cells.add((button["row"], button["column"], button["step"]))
    assert len(cells) == len(pools["buttons"])  # one button per row, column and step
    assert cells == {(kind, seat, step) for kind in KINDS for seat in seats for step in "+-"}
    # the rows and columns come in the order first met: the kinds down, the seats across
    assert list(dict.fromkeys(b["row"] for b in pools["buttons"])) == KINDS
    assert list(dict.fromkeys(b["column"] for b in pools["buttons"])) == seats
    for name, group in groups.items():
        if name != "pools":
            assert "layout" not in group, name
            assert not any({"row", "column", "step"} & set(b) for b in group["buttons"]), name


def test_the_board_sends_the_declaration_to_the_front_end():
    board = KabetopoBoard(START)
    assert board.press("edit")["ok"]
    groups = groups_by_name(board._panel["groups"])
    assert groups["pools"]["layout"] == "steppers"
    assert all({"row", "column", "step"} <= set(b) for b in groups["pools"]["buttons"])
    assert "layout" not in groups["tools"]
