"""Kaomi: pushes (M-1..M-4, KM-3), the pie rule (M-5, KM-2), the end and scoring (M-5,
KM-4..KM-7), notation, verdicts, the push explainer, the generic random-simulation
check, the golden playthroughs and the widget controller.

Boards are written with ``Position.from_stones``; ``placed(pos, "d4")`` is the position
after placing on d4 through ``KaomiState.apply``.
"""
from __future__ import annotations

import difflib
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kabetopo_nb import KaomiBoard
from kabetopo_nb.core.simulation import random_simulation
from kabetopo_nb.core.verdict import IllegalActionError, NotationError, SaveFormatError
from kabetopo_nb.kaomi import (
    BLACK,
    WHITE,
    Action,
    KaomiRules,
    KaomiState,
    Position,
    explain_placement,
    format_position,
    golden,
    groups,
    parse_position,
    remove_pairs,
    resolve,
    squared_scores,
)
from kabetopo_nb.kaomi import (
    result as game_result,
)
from kabetopo_nb.kaomi.consistency import check_state
from kabetopo_nb.kaomi.engine import Placement, Swap
from kabetopo_nb.kaomi.game import ENGINE
from kabetopo_nb.kaomi.pushes import BLOCKED, COLLISION, MOVES, STILL
from kabetopo_nb.kaomi.status import describe_position, status_line
from kabetopo_nb.play.kaomi import KaomiController
from kabetopo_nb.render.kaomi_svg import board_svg, explanation_svgs, show
from kabetopo_nb.widget import BoardWidget

ROOT = Path(__file__).resolve().parents[2]


def pos_of(black=(), white=(), turn="B", size=7, **rules) -> Position:
    return Position.from_stones(KaomiRules(size=size, **rules), black=black, white=white, turn=turn)


def placed(pos: Position, square: str) -> Position:
    state = KaomiState(pos)
    state.apply(square)
    return state.position


def stones(pos: Position) -> dict[str, str]:
    return {pos.name(sq): "BW"[c - 1] for sq, c in enumerate(pos.cells) if c}


# --- pushes: M-1 .. M-4 ----------------------------------------------------------------------


def test_plain_push_in_all_four_directions_M4():
    pos = pos_of(black=["e4", "d5"], white=["c4", "d3"], turn="W")
    after = placed(pos, "d4")
    assert stones(after) == {"d4": "W", "f4": "B", "d6": "B", "b4": "W", "d2": "W"}
    assert after.turn == BLACK


def test_a_stone_not_touching_the_placed_stone_stays_M1():
    pos = pos_of(black=["f4", "b6"])
    after = placed(pos, "d4")
    assert stones(after) == {"d4": "B", "f4": "B", "b6": "B"}
    assert all(ax.outcome == STILL for ax in resolve(pos, pos.square("d4")).axes)


def test_chain_moves_one_square_each_M1_M4():
    pos = pos_of(black=["e4", "g4"], white=["f4"])
    # chain e4 f4 g4: its target wraps to a4
    after = placed(pos, "d4")
    assert stones(after) == {"d4": "B", "f4": "B", "g4": "W", "a4": "B"}
    pos = pos_of(black=["e4"], white=["f4"])
    after = placed(pos, "d4")
    assert stones(after) == {"d4": "B", "f4": "B", "g4": "W"}


def test_wrap_across_the_edge_M1():
    pos = pos_of(black=["g4"])
    after = placed(pos, "f4")
    assert stones(after) == {"f4": "B", "a4": "B"}
    res = resolve(pos, pos.square("f4"))
    east = res.axis("row").chains[0]
    assert east.direction == "east" and east.wrapped and east.target == pos.square("a4")
    # vertically: a stone on the top rank goes round to rank 1
    pos = pos_of(white=["c7"], turn="B")
    assert stones(placed(pos, "c6")) == {"c6": "B", "c1": "W"}
    # and from the bottom edge going south, to the top
    pos = pos_of(white=["c1"], turn="B")
    assert stones(placed(pos, "c2")) == {"c2": "B", "c7": "W"}


def test_wrap_into_an_occupied_square_pushes_on_toward_the_placed_stone_M1():
    pos = pos_of(black=["e4", "g4"], white=["f4", "a4"], turn="W")
    after = placed(pos, "d4")
    # e4->f4, f4->g4, g4->a4 (wraps), a4->b4 (target)
    assert stones(after) == {"d4": "W", "f4": "B", "g4": "W", "a4": "B", "b4": "W"}
    east = resolve(pos, pos.square("d4")).axis("row").chains[0]
    assert [pos.name(s) for s in east.squares] == ["e4", "f4", "g4", "a4"]
    assert pos.name(east.target) == "b4"


def test_collision_the_chain_that_wrapped_returns_M2():
    # one empty square (a4) on row 4; the east chain wraps to reach it, the west does not
    pos = pos_of(black=["b4", "c4", "g4"], white=["e4", "f4"])
    ax = resolve(pos, pos.square("d4")).axis("row")
    assert ax.outcome == COLLISION and ax.returned == ("east",)
    assert ax.rulings == ("M-1", "M-2", "M-4")
    after = placed(pos, "d4")
    assert stones(after) == {"a4": "B", "b4": "B", "d4": "B", "e4": "W", "f4": "W", "g4": "B"}


def test_collision_mirror_the_west_chain_wrapped_returns_M2():
    # one empty square (g4): the east chain reaches it directly, the west one across the edge
    pos = pos_of(black=["a4", "b4"], white=["d4", "e4", "f4"], turn="W")
    ax = resolve(pos, pos.square("c4")).axis("row")
    assert ax.outcome == COLLISION and ax.returned == ("west",)
    after = placed(pos, "c4")
    assert stones(after) == {"a4": "B", "b4": "B", "c4": "W", "e4": "W", "f4": "W", "g4": "W"}


def test_collision_on_a_column_M2():
    # column c: only c7 empty; the south chain (c3 c2 c1) wraps to c7, the north (c5 c6) does not
    pos = pos_of(black=["c1", "c2", "c3"], white=["c5", "c6"], turn="W")
    ax = resolve(pos, pos.square("c4")).axis("column")
    assert ax.outcome == COLLISION and ax.returned == ("south",)
    assert stones(placed(pos, "c4")) == {"c1": "B", "c2": "B", "c3": "B", "c4": "W", "c6": "W", "c7": "W"}


def test_one_empty_chain_does_not_collide_KM3():
    # row 4: only e4 empty, right next to d4; the west chain runs c4 b4 a4, wraps, g4 f4 -> e4
    pos = pos_of(black=["a4", "b4", "c4"], white=["f4", "g4"])
    ax = resolve(pos, pos.square("d4")).axis("row")
    assert ax.outcome == MOVES and ax.returned == () and "KM-3" in ax.rulings
    after = placed(pos, "d4")
    assert stones(after) == {"a4": "B", "b4": "B", "d4": "B", "g4": "B", "e4": "W", "f4": "W"}
    # the placed stone on the edge: nothing lies west of a4 (M-7), the east chain moves alone
    pos = pos_of(black=["b4", "c4", "d4", "e4", "f4"], turn="W")
    ax = resolve(pos, pos.square("a4")).axis("row")
    assert ax.outcome == MOVES and ax.chains[1].squares == () and ax.chains[1].at_edge
    assert stones(placed(pos, "a4")) == {"a4": "W", "c4": "B", "d4": "B", "e4": "B", "f4": "B", "g4": "B"}


def test_a_chain_that_would_land_on_the_placed_stone_returns_the_whole_axis_M3():
    pos = pos_of(size=5, black=["a3", "b3"], white=["d3", "e3"], turn="B")
    ax = resolve(pos, pos.square("c3")).axis("row")
    assert ax.outcome == BLOCKED and set(ax.returned) == {"east", "west"}
    assert all(c.target is None for c in ax.chains)
    after = placed(pos, "c3")
    assert stones(after) == {"a3": "B", "b3": "B", "c3": "B", "d3": "W", "e3": "W"}


# --- M-7: adjacency never wraps ----------------------------------------------------------------


def row(pos: Position, rank: int) -> str:
    n = pos.size
    return " ".join(".BW"[pos.cells[(rank - 1) * n + f]] for f in range(n))


def test_the_stone_across_the_edge_is_not_a_neighbour_M7():
    # the ruling's own example: a3 Black, d3 White on 5x5, Black places e3
    pos = pos_of(size=5, black=["a3"], white=["d3"])
    assert row(placed(pos, "e3"), 3) == "B . W . B"
    ax = resolve(pos, pos.square("e3")).axis("row")
    east, west = ax.chains
    assert east.at_edge and east.squares == () and east.target is None and not east.lands_on_p
    assert [pos.name(s) for s in west.squares] == ["d3"] and pos.name(west.target) == "c3"
    assert ax.outcome == MOVES and pos.name(ax.across_edge) == "a3" and "M-7" in ax.rulings
    verdict = KaomiState(pos).explain("e3")
    assert verdict and verdict.rulings == ("KM-1", "M-1", "M-4", "M-7")
    assert "d3 pushed west to c3" in verdict.reason
    assert "a3 pushed" not in verdict.reason and "pushed east" not in verdict.reason
    assert "a3, at the far end of row 3, is not next to e3 and stays (M-7)" in verdict.reason


@pytest.mark.parametrize("far, edge", [("g4", "a4"), ("a4", "g4"), ("d1", "d7"), ("d7", "d1")])
def test_a_stone_placed_on_the_edge_pushes_nothing_across_it_M7(far, edge):
    pos = pos_of(black=[far], turn="W")
    after = placed(pos, edge)
    assert stones(after) == {far: "B", edge: "W"}
    res = resolve(pos, pos.square(edge))
    assert res.moves() == ()
    assert [ax.across_edge for ax in res.axes if ax.across_edge is not None] == [pos.square(far)]
    assert "M-7" in res.rulings and "stays (M-7)" in KaomiState(pos).explain(edge).reason
    # an empty far end: M-7 changes nothing there, so it is not cited
    quiet = resolve(pos_of(black=["c3"]), pos_of().square(edge))
    assert all(ax.across_edge is None for ax in quiet.axes) and "M-7" not in quiet.rulings


def test_in_a_corner_only_the_two_neighbours_on_the_board_are_pushed_M7():
    pos = pos_of(size=5, black=["b1", "a2", "e1", "a5"], turn="W")
    after = placed(pos, "a1")
    assert stones(after) == {"a1": "W", "c1": "B", "a3": "B", "e1": "B", "a5": "B"}
    res = resolve(pos, pos.square("a1"))
    assert sorted(pos.name(ax.across_edge) for ax in res.axes) == ["a5", "e1"]
    assert sorted(c.direction for ax in res.axes for c in ax.chains if c.at_edge) == ["south", "west"]


def test_a_chain_pushed_off_the_board_still_wraps_M1_M7():
    # f4 is interior: its east neighbour g4 is pushed off the edge and comes back on a4,
    # and that wrap carries on into the stones there (M-1)
    pos = pos_of(black=["g4", "a4"], white=["b4"], turn="W")
    after = placed(pos, "f4")
    assert stones(after) == {"f4": "W", "a4": "B", "b4": "B", "c4": "W"}
    east = resolve(pos, pos.square("f4")).axis("row").chains[0]
    assert not east.at_edge and east.wrapped and pos.name(east.target) == "c4"
    assert "M-7" not in resolve(pos, pos.square("f4")).rulings


def test_a_full_line_through_an_edge_stone_is_blocked_M3_M7():
    # a3 on the edge: the east chain runs b3..e3, wraps and would land on a3 (M-3); the
    # west side is the edge, which has nothing to return
    pos = pos_of(size=5, black=["b3", "c3"], white=["d3", "e3"], turn="W")
    ax = resolve(pos, pos.square("a3")).axis("row")
    assert ax.outcome == BLOCKED and ax.returned == ("east",) and ax.rulings == ("M-1", "M-3")
    assert ax.chains[0].lands_on_p and ax.chains[1].at_edge and not ax.chains[1].lands_on_p
    assert row(placed(pos, "a3"), 3) == "W B B W W"


def test_the_explainer_and_the_arrows_match_the_pushes_at_the_edge_M7():
    pos = pos_of(size=5, black=["a3"], white=["d3"])
    ex = explain_placement(pos, "e3")
    a3 = pos.square("a3")
    assert all(a3 not in arrow[:2] for step in ex.steps for arrow in step.arrows)
    assert ex.steps[-1].arrows == tuple((a, b, "push") for a, b in ex.resolution.moves())
    edge_step = next(s for s in ex.steps if s.kind == "chain" and "east" in s.title)
    assert edge_step.rulings == ("M-7",) and edge_step.arrows == () and "nothing is pushed east" in edge_step.sentence
    row_step = next(s for s in ex.steps if s.kind == "axis" and s.title.startswith("Row"))
    assert "M-7" in row_step.rulings and "a3" in row_step.sentence
    assert ex.after == placed(pos, "e3")
    board = BoardWidget(KaomiController(KaomiState(pos)))
    assert board.click("sq:e3")["ok"]
    assert 'data-from="d3"' in board._svg and 'data-from="a3"' not in board._svg and 'data-to="a3"' not in board._svg


def test_both_axes_resolve_independently():
    # row 3 is full (M-3, nothing moves) while the column pushes as usual (M-4)
    pos = pos_of(size=5, black=["a3", "b3", "c4"], white=["d3", "e3", "c2"], turn="W")
    res = resolve(pos, pos.square("c3"))
    assert res.axis("row").outcome == BLOCKED and res.axis("column").outcome == MOVES
    after = placed(pos, "c3")
    assert stones(after) == {"a3": "B", "b3": "B", "c3": "W", "d3": "W", "e3": "W", "c5": "B", "c1": "W"}
    # a collision on the row and a wrap on the column in one placement
    pos = pos_of(black=["b4", "c4", "g4", "d7"], white=["e4", "f4", "d5", "d6"])
    res = resolve(pos, pos.square("d4"))
    assert res.axis("row").outcome == COLLISION and res.axis("column").outcome == MOVES
    after = placed(pos, "d4")
    assert stones(after) == {"a4": "B", "b4": "B", "d4": "B", "e4": "W", "f4": "W", "g4": "B",
                             "d6": "W", "d7": "W", "d1": "B"}
    assert res.rulings == ("M-1", "M-2", "M-4")


def test_pushes_keep_every_stone_and_colour():
    pos = pos_of(black=["b4", "c4", "g4", "d7", "a1"], white=["e4", "f4", "d5", "d6"])
    after = placed(pos, "d4")
    assert after.count(BLACK) == pos.count(BLACK) + 1 and after.count(WHITE) == pos.count(WHITE)


# --- the pie rule: M-5, KM-2 ----------------------------------------------------------------


def test_swap_only_on_whites_first_turn():
    state = KaomiState.new_game()
    assert "swap" not in state.legal_actions
    assert state.explain("swap").rulings == ("M-5", "KM-2")
    state.apply("d4")
    assert "swap" in state.legal_actions and state.position.can_swap()
    state.apply("swap")
    assert state.to_text() == "kaomi 7 7/7/7/3B3/7/7/7 W swapped"
    assert state.current_seat == "White" and "swap" not in state.legal_actions
    assert not state.explain("swap") and "already" in state.explain("swap").reason
    state.apply("e4")
    assert "swap" not in state.legal_actions
    state = KaomiState.new_game()
    state.apply("d4")
    state.apply("e5")
    state.apply("a1")
    assert not state.explain("swap")


def test_no_swap_in_squared():
    state = KaomiState.new_game(squared=True, komi=4)
    state.apply("d4")
    assert "swap" not in state.legal_actions
    verdict = state.explain("swap")
    assert not verdict and verdict.rulings == ("M-5",) and "komi" in verdict.reason


# --- the end and the result: M-5, KM-4 .. KM-7 ---------------------------------------------

STRIPES_5 = ("5 BBBBB", "4 WWWWW", "3 BBBBB", "2 WWWWW", "1 BBBWW")  # 13 black, 12 white: White to place


def board(rows, size, turn="B", **rules) -> Position:
    black, white = [], []
    for row in rows:
        rank, cells = row.split()
        for f, ch in enumerate(cells):
            (black if ch == "B" else white).append(f"{'abcdefghi'[f]}{rank}")
    return pos_of(black=black, white=white, turn=turn, size=size, **rules)


def test_pairs_of_equal_groups_come_off_and_the_largest_left_wins_M5():
    pos = board(STRIPES_5, 5, turn="W")
    sizes = sorted((g.colour, g.size) for g in groups(pos))
    assert sizes == [(BLACK, 3), (BLACK, 5), (BLACK, 5), (WHITE, 5), (WHITE, 7)]
    pairs, left = remove_pairs(groups(pos))
    assert [(b.size, w.size) for b, w in pairs] == [(5, 5)]
    # KM-7: the pair is taken in board order: the black group of rank 3, not rank 5
    assert pos.name(pairs[0][0].squares[0]) == "a3"
    assert sorted((g.colour, g.size) for g in left) == [(BLACK, 3), (BLACK, 5), (WHITE, 7)]
    result = game_result(pos)
    assert result.winner == WHITE and "7 stones" in result.reason
    state = KaomiState(pos)
    assert state.is_terminal() and state.decision.seat is None and not list(state.legal_actions)
    verdict = state.explain("a1")
    assert not verdict and verdict.rulings == ("M-5",)


def test_groups_do_not_wrap_across_the_edge_KM4():
    pos = pos_of(size=5, black=["a3", "e3"])
    assert sorted(g.size for g in groups(pos)) == [1, 1]


STRIPES_6 = ("6 BBBBBB", "5 WWWWWW", "4 BBBBBB", "3 WWWWWW", "2 BBBBBB", "1 WWWWWW")


def test_nothing_remains_the_last_placer_loses_M5():
    # 36 placements: White placed the last stone, and loses; Black is to place (nobody can)
    pos = board(STRIPES_6, 6, turn="B")
    result = game_result(pos)
    assert len(result.removed) == 3 and result.remaining == ()
    assert result.winner == BLACK and "nothing is left" in result.reason
    assert "White placed the last stone and loses" in result.reason and not result.problems


@pytest.mark.parametrize("komi, winner", [(0, None), (2, WHITE)])
def test_squared_scores_sum_squares_plus_komi(komi, winner):
    pos = board(STRIPES_6, 6, squared=True, komi=komi)
    assert squared_scores(pos) == (108, 108 + komi)
    result = game_result(pos)
    assert result.winner == winner and result.removed == ()  # KM-6: no pairs in Squared
    if winner is None:
        assert result.rulings == ("M-5", "KM-6")


# a black group of 10 and a white group of 10 (a pair in the standard game) and two small ones
SQUARED_5 = ("5 BBBBB", "4 WWBWW", "3 BBBBW", "2 WWWWW", "1 BBBWW")


def test_squared_without_pair_removal_on_5x5():
    assert sorted((g.colour, g.size) for g in groups(board(SQUARED_5, 5, turn="W"))) == [
        (BLACK, 3), (BLACK, 10), (WHITE, 2), (WHITE, 10)]
    assert squared_scores(board(SQUARED_5, 5, turn="W", squared=True, komi=4)) == (109, 108)
    assert game_result(board(SQUARED_5, 5, turn="W", squared=True, komi=4)).winner == BLACK
    assert game_result(board(SQUARED_5, 5, turn="W", squared=True, komi=6)).winner == WHITE


def test_the_game_ends_when_the_board_is_full():
    pos = board(STRIPES_5, 5, turn="B")
    pos.cells[pos.square("a1")] = 0  # 12 stones each: Black places the last one
    state = KaomiState(pos)
    assert list(state.legal_actions) == [Action.parse("a1")]
    state.apply("a1")
    assert state.is_terminal() and state.result() is not None


# --- whose turn: the stones decide (KM-1), and a full board that disagrees has no result ------

ISSUE_BOARD = "kaomi 6 WBWWWB/WWWBBB/WBBWBB/BBBWWW/BBWBBW/WBWWBW"  # full: 18 black, 18 white
OLD_STRIPES_5 = ("5 BBBBB", "4 WWWWW", "3 BBBBB", "2 WWWWW", "1 BBBBW")  # full: 14 black, 11 white


def test_the_colour_to_place_follows_from_the_stones_KM1_KM2_M8():
    assert pos_of().colour_from_stones() == BLACK
    state = KaomiState.new_game(5)
    for action, due in (("c3", WHITE), ("swap", WHITE), ("d4", BLACK), ("a1", WHITE)):
        state.apply(action)  # a swap places no stone and keeps White to place (KM-2)
        assert state.position.colour_from_stones() == due and state.problems() == []
    # Squared: the komi and the colours are chosen before the first stone (M-8), so Black starts
    squared = KaomiState.new_game(6, squared=True, komi=2)
    assert squared.position.colour_from_stones() == BLACK and squared.problems() == []
    assert pos_of(black=["a1", "b1"], turn="W").colour_from_stones() is None
    assert pos_of(black=["a1"], white=["b1"], turn="W").problems() == [
        "KM-1: with 1 black and 1 white stones it is Black to place, not White"]


def test_a_full_board_whose_colour_to_place_disagrees_has_no_result_KM1_M5():
    wrong = KaomiState(f"{ISSUE_BOARD} W")
    assert wrong.problems() == ["KM-1: with 18 black and 18 white stones White placed the last stone, so the colour "
                                "to place is Black, not White"]
    result = wrong.result()
    assert result.winner is None and result.winner_name is None and not result.is_draw
    assert result.problems == tuple(wrong.problems()) and result.rulings == ("KM-1",)
    assert result.reason.startswith("No result: the board is full, but this position is inconsistent, so no "
                                    "winner is named from it: KM-1: with 18 black")
    assert "wins" not in result.reason and result.removed == () and result.remaining == ()
    with pytest.warns(DeprecationWarning):
        assert wrong.outcome() == result
    assert wrong.is_terminal() and wrong.decision.detail == result.reason
    assert not wrong.explain("a1") and "No result" in wrong.explain("a1").reason
    assert status_line(wrong.position).startswith("Game over: no result, the position is inconsistent (KM-1:")
    assert 'class="kb-hl kb-hl-removed' not in board_svg(wrong.position)  # no pairs taken off: no result
    # with the colour the stones give: White placed the 36th stone, nothing is left, Black wins
    right = KaomiState(f"{ISSUE_BOARD} B")
    assert right.problems() == [] and right.result().winner == BLACK and not right.result().problems
    assert "White placed the last stone and loses, so Black wins" in right.result().reason
    assert 'class="kb-hl kb-hl-removed' in board_svg(right.position)


@pytest.mark.parametrize("rules", [{}, {"squared": True, "komi": 2}])
def test_a_full_board_no_game_fills_has_no_result_even_where_the_groups_would_decide_KM1(rules):
    pos = board(OLD_STRIPES_5, 5, turn="W", **rules)
    assert pos.problems() == ["KM-1: Black places first and the colours alternate, so Black has as many stones "
                              "as White or one more (here 14 and 11)"]
    assert game_result(pos).winner is None and game_result(pos).problems == tuple(pos.problems())
    assert game_result(board(STRIPES_5, 5, turn="W", **rules)).winner == WHITE  # 13 and 12: a game's board


# --- rules object and notation ------------------------------------------------------------


def test_rules_options():
    assert KaomiRules() == KaomiRules(size=7, squared=False, komi=0)
    assert KaomiRules.named("kaomi-squared", size=9, komi=6).name == "kaomi-squared"
    for bad in (dict(size=4), dict(size=10), dict(squared=True, komi=3), dict(komi=2),
                dict(squared=True, komi=-2), dict(squared=True, komi=6_564)):
        with pytest.raises(ValueError):
            KaomiRules(**bad)


@pytest.mark.parametrize("text", [
    "kaomi 7 7/7/7/7/7/7/7 B",
    "kaomi 7 7/7/7/3B3/7/7/7 W swapped",
    "kaomi 5 BWBWB/W4/5/2B1W/5 W",
    "kaomi-squared 6 komi=4 6/6/2BW2/6/6/6 B",
    "kaomi-squared 9 komi=6 9/9/9/9/4W4/9/9/9/B8 W",
])
def test_position_text_round_trip(text):
    pos = parse_position(text)
    assert format_position(pos) == text
    assert parse_position(format_position(pos)) == pos
    assert eval(repr(pos), {"Position": Position}) == pos
    state = KaomiState.from_text(text)
    assert eval(repr(state), {"KaomiState": KaomiState}).position == pos


@pytest.mark.parametrize("text", [
    "", "kaomi", "kaomi 7 7/7/7 B", "kaomi 4 4/4/4/4 B", "kaomi 7 7/7/7/8/7/7/7 B", "kaomi 7 7/7/7/3X3/7/7/7 B",
    "kaomi 7 7/7/7/7/7/7/7 G", "kaomi-squared 6 6/6/6/6/6/6 B", "kaomi-squared 6 komi=3 6/6/6/6/6/6 B",
    "kaomi 7 7/7/7/7/7/7/7 B extra", "kaomi-squared 6 komi=0 6/6/6/6/6/6 B swapped", "kaomi 5 5/5/5/5/41 B",
    "go 7 7/7/7/7/7/7/7 B",
])
def test_bad_position_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_position(text)


def test_action_notation():
    assert str(Action.parse("d4")) == "d4" and str(Action.parse(" SWAP ")) == "swap"
    assert Action.parse("i9") == Action("place", 8, 8)
    for bad in ("", "z1", "d0", "d10", "pass", "d"):
        with pytest.raises(NotationError):
            Action.parse(bad)


def test_problems_describe_unreachable_positions():
    assert pos_of(black=["a1"], turn="W").problems() == []
    assert pos_of(black=["a1", "b1"], turn="W").problems()
    assert pos_of(black=["a1"], turn="B").problems()


# --- verdicts and refusals ------------------------------------------------------------------


def test_explain_names_the_rulings():
    pos = pos_of(black=["b4", "c4", "g4"], white=["e4", "f4"])
    state = KaomiState(pos)
    v = state.explain("d4")
    assert v and v.rulings == ("KM-1", "M-1", "M-2", "M-4") and "goes back (M-2)" in v.reason
    v = state.explain("b4")
    assert not v and v.rulings == ("KM-1",) and "b4" in v.reason
    v = state.explain("h8")
    assert not v and v.rulings == ("M-6",)
    v = KaomiState(pos_of(size=5, black=["a3", "b3"], white=["d3", "e3"])).explain("c3")
    assert v and "M-3" in v.rulings


# --- the ledger: every candidate of a decision and its verdict ------------------------------------


def every_candidate(pos: Position) -> set:
    n = pos.size
    return {Action("place", f, r) for f in range(n) for r in range(n)} | {Action.parse("swap")}


def test_the_ledger_lists_placements_by_square_then_the_swap_with_their_outcomes():
    pos = pos_of(size=5, black=["c3"], turn="W")
    led = ENGINE.ledger(pos)
    assert [str(a) for a in led.actions] == [pos.name(sq) for sq in pos.empty_squares()] + ["swap"]
    assert led.rejected is None  # the fast ledger writes no reasons
    for action, result in zip(led.actions, led.outcomes, strict=False):
        if action.kind == "swap":
            assert isinstance(result, Swap) and result.rulings == ("M-5", "KM-2")
        else:
            assert isinstance(result, Placement) and pos.name(result.square) == str(action)
            assert result.colour == WHITE
    assert ENGINE.legal_actions(pos) == led.actions


def test_the_why_ledger_refuses_every_other_candidate_with_its_ruling():
    pos = pos_of(size=5, black=["c3", "a1"], white=["e5"], turn="W")
    led = ENGINE.ledger(pos, why=True)
    assert set(led.candidates()) == every_candidate(pos)
    assert [str(a) for a in led.actions] == [pos.name(sq) for sq in pos.empty_squares()]
    for name in ("c3", "a1", "e5"):
        rulings, reason = led.rejection(Action.parse(name))
        colour = "black" if name != "e5" else "white"
        assert rulings == ("KM-1",) and f"{name} already holds a {colour} stone" in reason
    assert led.rejection(Action.parse("swap")).rulings == ("M-5", "KM-2")


@pytest.mark.parametrize("make, rulings, words", [
    (lambda: KaomiState.new_game(size=5), ("M-5", "KM-2"), "first turn"),
    (lambda: KaomiState("kaomi 5 5/5/2B2/5/5 W swapped"), ("M-5", "KM-2"), "already been used"),
    (lambda: KaomiState("kaomi 5 5/5/2BW1/5/5 B"), ("M-5", "KM-2"), "first turn"),
    (lambda: KaomiState("kaomi-squared 5 komi=2 5/5/2B2/5/5 W"), ("M-5",), "komi"),
])
def test_each_refused_swap_names_its_reason_M5_KM2(make, rulings, words):
    state = make()
    rejected = state.ledger(why=True).rejection(Action.parse("swap"))
    assert rejected.rulings == rulings and words in rejected.reason
    assert state.explain("swap").reason == rejected.reason


def test_on_a_full_board_every_candidate_is_refused_by_the_end_M5():
    pos = board(STRIPES_5, 5, turn="W")
    led = ENGINE.ledger(pos, why=True)
    assert led.actions == [] and set(led.rejected) == every_candidate(pos)
    assert {r.rulings for r in led.rejected.values()} == {("M-5",)}
    assert all(game_result(pos).reason in r.reason for r in led.rejected.values())
    # off the board is a question of shape, not of the end (M-6)
    assert ENGINE.explain(pos, Action.parse("h8")).rulings == ("M-6",)


def test_shape_answers_only_for_what_the_ledger_never_considered():
    pos = pos_of(size=5, black=["c3"], turn="W")
    assert ENGINE.shape(pos, Action.parse("h8")) == (("M-6",), "h8 is not on this 5x5 board")
    verdict = ENGINE.explain(pos, 42)
    assert not verdict and verdict.rulings == () and "not a Kaomi action" in verdict.reason
    assert not ENGINE.explain(pos, Action("swap", 2, 2)) and ENGINE.explain(pos, Action("swap"))


def test_describe_words_an_allowed_action_from_its_outcome():
    pos = pos_of(size=5, black=["a3"], white=["d3"])
    led = ENGINE.ledger(pos)
    i = led.index(Action.parse("e3"))
    rulings, sentence = ENGINE.describe(pos, led.actions[i], led.outcomes[i])
    verdict = KaomiState(pos).explain("e3")
    assert (rulings, sentence) == (verdict.rulings, verdict.reason)
    assert sentence.startswith("Black places on e3: d3 pushed west to c3")


def test_listing_resolves_no_push_and_playing_resolves_once(monkeypatch):
    from kabetopo_nb.kaomi import engine

    calls = []

    def counting(position, square, colour=None):
        calls.append(square)
        return resolve(position, square, colour)

    monkeypatch.setattr(engine, "resolve", counting)
    state = KaomiState(pos_of(black=["b4", "c4", "g4", "d7"], white=["e4", "f4", "d5", "d6"]))
    assert len(state.legal_actions) == 49 - 8 and calls == []
    state.apply("d4")
    assert calls == [state.position.square("d4")]


def test_play_applies_the_recorded_outcome():
    # play takes the outcome at its word: here a placement recorded for e5, listed under d4
    pos = pos_of(size=5)
    ENGINE.play(pos, Action.parse("d4"), Placement(pos.square("e5"), BLACK))
    assert stones(pos) == {"e5": "B"} and pos.turn == WHITE
    ENGINE.play(pos, Action.parse("swap"), Swap())
    assert pos.swapped and pos.turn == WHITE and stones(pos) == {"e5": "B"}


@pytest.mark.parametrize("action", ["b4", "h8", "swap"])
def test_an_illegal_apply_raises_and_changes_nothing(action):
    state = KaomiState(pos_of(black=["b4", "c4"], white=["e4"]))
    before, history = state.to_text(), state.history
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.verdict.rulings and state.to_text() == before and state.history == history


def test_undo_redo_and_save_load():
    state = KaomiState.new_game(size=5)
    for a in ("c3", "swap", "c4", "a1", "b3"):
        state.apply(a)
    text = state.to_text()
    state.undo()
    saved = state.save_json()
    loaded = KaomiState.load(saved)
    assert loaded.to_text() == state.to_text() and [str(a) for a in loaded.redo_actions] == ["b3"]
    loaded.redo()
    assert loaded.to_text() == text
    data = json.loads(saved)
    data["actions"][2] = "c3"  # occupied when replayed
    with pytest.raises(SaveFormatError, match=r"\$\.actions\[2\]"):
        KaomiState.load(data)
    data["game"] = "kabetopo"
    with pytest.raises(SaveFormatError, match=r"\$\.game"):
        KaomiState.load(data)


# --- the push explainer ------------------------------------------------------------------------


def test_explainer_steps_for_a_collision_and_a_wrap():
    pos = pos_of(black=["b4", "c4", "g4", "d7"], white=["e4", "f4", "d5", "d6"])
    ex = explain_placement(pos, "d4")
    kinds = [s.kind for s in ex.steps]
    assert kinds == ["place", "chain", "chain", "axis", "chain", "chain", "axis", "result"]
    row_result = ex.steps[3]
    assert "M-2" in row_result.rulings and "east chain" in row_result.sentence
    assert {pos.name(s) for s, k in row_result.highlights.items() if k == "returned"} == {"e4", "f4", "g4"}
    north = ex.steps[4]
    assert "over the edge" in north.sentence and "d1" in north.sentence
    assert ex.after == placed(pos, "d4")
    svgs = explanation_svgs(ex)
    assert len(svgs) == len(ex.steps) and all(s.startswith("<svg") for s in svgs)
    assert 'class="kb-arrow kb-return"' in svgs[3] and 'class="kb-arrow kb-proposed"' in svgs[1]
    assert len(ex.text().splitlines()) == len(ex.steps)


def test_explainer_blocked_axis_and_quiet_placement():
    ex = explain_placement(pos_of(size=5, black=["a3", "b3"], white=["d3", "e3"]), "c3")
    row = [s for s in ex.steps if s.kind == "axis"][0]
    assert row.rulings == ("M-3",) and "full" in row.sentence
    ex = explain_placement(pos_of(), "d4")
    assert [s.kind for s in ex.steps] == ["place", "axis", "axis", "result"]


# --- drawing ---------------------------------------------------------------------------------


def test_svg_is_stable_semantic_and_targets_only_when_interactive():
    pos = pos_of(black=["d4"], white=["e4"])
    a, b = board_svg(pos), board_svg(pos)
    assert a == b and 'class="kb-stone kb-black"' in a and "kb-sq-d4" in a
    assert 'data-target="' not in a
    c = board_svg(pos, interactive=True)
    assert 'data-target="sq:d4"' in c and c.count('data-target="sq:') == 49
    ET.fromstring(c)
    assert board_svg(pos_of(black=["a1"])) != a  # another position, other ids


def test_a_wrapping_arrow_is_drawn_in_two_halves():
    pos = pos_of(black=["a4"])
    svg = board_svg(pos, arrows=[("g4", "a4", "push"), ("b4", "c4")])
    assert svg.count('data-from="g4"') == 2 and svg.count('data-from="b4"') == 1
    with pytest.raises(ValueError):
        board_svg(pos, arrows=[("a4", "b4", "sideways")])


# --- the generic random-simulation check ---------------------------------------------------------


check_kaomi = check_state  # kabetopo_nb/kaomi/consistency.py


SIZES = (5, 6, 7, 8, 9)


@pytest.mark.parametrize("squared", [False, True])
def test_random_simulation_over_every_size(squared):
    def make(seed):
        return KaomiState.new_game(size=SIZES[seed % len(SIZES)], squared=squared, komi=2 if squared else 0)

    report = random_simulation(make, seed=0, rounds=20, check=check_kaomi, save_every_step_rounds=2)
    assert report.completed == 20 and report.cut_off == 0, report


# --- golden playthroughs --------------------------------------------------------------------------


PLAYTHROUGH_DIR = ROOT / "tests" / "data" / "playthroughs"
SPECS = golden.playthrough_specs()


@pytest.mark.parametrize("name, rules, seed, opening", SPECS, ids=[s[0] for s in SPECS])
def test_playthrough_matches_its_golden_file(name, rules, seed, opening):
    path = PLAYTHROUGH_DIR / f"{name}.txt"
    assert path.exists(), f"{path.name} is missing: run python3 scripts/regenerate_golden.py"
    expected, actual = path.read_text(), golden.playthrough(rules, seed, opening)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "golden", "now", n=1, lineterm="")
        pytest.fail(f"{path.name} differs (run scripts/regenerate_golden.py if intended):\n"
                    + "\n".join(line[:200] for line in list(diff)[:40]))


def test_every_kaomi_ruleset_has_a_playthrough_and_none_is_stale():
    assert {rules.name for _, rules, _, _ in SPECS} == {"kaomi", "kaomi-squared"}
    names = {f"{s[0]}.txt" for s in SPECS}
    assert sorted(p.name for p in PLAYTHROUGH_DIR.glob("kaomi-*.txt")) == sorted(names)


# --- the widget: BoardWidget(KaomiController) -------------------------------------------------------


def test_widget_click_places_and_refuses_with_the_ruling():
    board = BoardWidget(KaomiController(KaomiState.new_game(size=5)))
    reply = board.click("sq:c3")
    assert reply["ok"] and board.history == ["c3"] and board.position == "kaomi 5 5/5/2B2/5/5 W"
    reply = board.click("sq:c3")
    assert not reply["ok"] and reply["refusal"]["rulings"] == ["KM-1"]
    assert board.history == ["c3"] and board._panel["refusal"]["rulings"] == ["KM-1"]
    reply = board.click("sq:h8")
    assert not reply["ok"] and reply["refusal"]["rulings"] == ["M-6"]
    assert not board.click("sq:zz")["ok"] and not board.click("ln:c3n")["ok"]
    assert board.history == ["c3"]


def test_widget_swap_button_follows_the_pie_rule():
    board = KaomiBoard(size=5)
    swap = lambda: next(b for b in board._panel["groups"][0]["buttons"] if b["id"] == "swap")  # noqa: E731
    assert not swap()["enabled"]
    refused = board.press("swap")
    assert not refused["ok"] and refused["refusal"]["rulings"] == ["M-5", "KM-2"]
    board.click("sq:c3")
    assert swap()["enabled"]
    assert board.press("swap")["ok"] and board.history == ["c3", "swap"]
    assert "the first player" in board._panel["status"] and not swap()["enabled"]
    squared = KaomiBoard(size=5, squared=True, komi=2)
    assert all(b["id"] != "swap" for b in squared._panel["groups"][0]["buttons"])


def test_widget_shows_pushes_and_undoes():
    board = KaomiBoard("kaomi 7 7/7/7/1BB1WWB/7/7/7 B")
    assert board.click("sq:d4")["ok"]
    assert "kb-arrow kb-push" in board._svg and "kb-hl-last" in board._svg
    assert board.press("pushes")["ok"] and 'class="kb-arrow' not in board._svg
    assert board.press("undo")["ok"] and board.history == []
    assert board.press("redo")["ok"] and board.history == ["d4"]
    assert board.press("goto", 0)["ok"] and board.history == []
    assert not board.press("goto", 5)["ok"] and not board.press("nonsense")["ok"]
    with pytest.raises(TypeError):
        KaomiBoard(42)


def test_widget_announces_the_result():
    pos = board(STRIPES_5, 5, turn="B")
    pos.cells[pos.square("a1")] = 0
    w = KaomiBoard(pos)
    reply = w.click("sq:a1")
    assert reply["ok"] and "White wins" in reply["message"] and w._panel["status"].startswith("Game over")
    assert "kb-hl-removed" in w._svg and "kb-hl-winner" in w._svg


# --- status words and the layering: the engine never draws ------------------------------------------


def test_status_line_is_the_games_words():
    assert status_line(pos_of()) == "Black to place"
    assert status_line(pos_of(black=["d4"], turn="W")) == "White to place (or swap: pie rule)"
    assert status_line(parse_position("kaomi 7 7/7/7/3B3/7/7/7 W swapped")) == "White to place - the first player"
    assert status_line(parse_position("kaomi 7 7/7/7/3BW2/7/7/7 B swapped")) == "Black to place - the second player"
    assert status_line(board(STRIPES_5, 5, turn="W")) == "Game over: White wins"
    assert status_line(board(STRIPES_6, 6, squared=True)) == "Game over: a draw"
    pos = pos_of(black=["d4"], turn="W")
    svg = board_svg(pos)
    assert f">{status_line(pos)}</text>" in svg and describe_position(pos) in svg


def test_using_the_engine_loads_no_renderer():
    code = ("import sys\nfrom kabetopo_nb.kaomi import KaomiState, explain_placement\n"
            "s = KaomiState.new_game(size=5)\nfor a in ('c3', 'swap', 'e3'): s.apply(a)\n"
            "s.explain('c3'); explain_placement(s.position, 'a3').text()\n"
            "print(sorted(m for m in sys.modules if m.startswith(('kabetopo_nb.render', 'kabetopo_nb.play', "
            "'kabetopo_nb.widget', 'IPython', 'svgwrite'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_show_draws_the_chosen_steps_of_an_explanation(monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    ex = explain_placement(pos_of(black=["b4", "c4", "g4", "d7"], white=["e4", "f4", "d5", "d6"]), "d4")
    show(ex, kinds=("chain", "result"))
    assert len(shown) == sum(1 for s in ex.steps if s.kind in ("chain", "result"))
    assert all(isinstance(x, IPython.display.SVG) for x in shown)
    shown.clear()
    quiet = explain_placement(pos_of(), "d4")  # nothing moves: the two axis steps keep their sentence only
    show(quiet)
    assert len(shown) == 2
    shown.clear()
    state = KaomiState(pos_of(black=["d4"], turn="W"))
    state.apply("e4")
    show(state)
    show(state.position)
    assert len(shown) == 2 and 'class="kb-hl kb-hl-last"' in shown[0].data
    assert 'class="kb-hl kb-hl-last"' not in shown[1].data
    with pytest.raises(TypeError):
        show(state, kinds=("result",))
    with pytest.raises(TypeError):
        show("d4")
