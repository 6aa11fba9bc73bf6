"""Dakapo: every ruling both ways (D-1..D-4, D-PLACE-1..3, D-END-1/2, D-CLAIM-1, D-SIZE-1),
notation, the ledger that explain() and colour_verdict() read, the generic random
simulation, the golden playthroughs, the SVG and the widget controller."""
import difflib
import itertools
import json
import random
from pathlib import Path
from xml.etree import ElementTree

import pytest

from kabetopo_nb.core.simulation import random_simulation
from kabetopo_nb.core.verdict import SettingError
from kabetopo_nb.dakapo import (
    CLAIM,
    ENGINE,
    PASS,
    PLACE,
    Action,
    DakapoRules,
    DakapoState,
    IllegalActionError,
    InvalidPositionError,
    NotationError,
    Position,
    SaveFormatError,
    format_position,
    golden,
    parse_position,
)
from kabetopo_nb.dakapo.consistency import check_state, state_problems
from kabetopo_nb.dakapo.ending import CLAIM_WINDOW, LOSS, NO_RESULT, PLAYING, TIE, WIN
from kabetopo_nb.dakapo.geometry import parse_square
from kabetopo_nb.dakapo.rules import COLOURS, PLAYERS
from kabetopo_nb.dakapo.squares import all_squares, squares_through
from kabetopo_nb.dakapo.status import status_line

ROOT = Path(__file__).resolve().parents[2]
START = "rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;turn=1"


def custom(stones: dict, *, last=None, turn=1, rules="dakapo") -> DakapoState:
    """A state from stones given as {"d4": "green", ...} on an otherwise empty board."""
    pos = Position(DakapoRules.parse(rules), empty=True)
    for name, colour in stones.items():
        pos.board[parse_square(name, pos.size)] = COLOURS.index(colour)
    pos.turn = turn - 1
    pos.last = parse_square(last, pos.size) if last else -1
    return DakapoState(parse_position(format_position(pos)))


def rule_ids(state, action):
    return state.explain(action).rulings


# --- D-1, D-2, D-SIZE-1: board, setup, supplies ------------------------------------------

def test_d1_setup_on_the_centre_squares():
    state = DakapoState()
    assert state.to_text() == START
    pos = state.position
    names = {pos.square_name(sq): COLOURS[pos.board[sq]] for sq in pos.stones()}
    assert names == {"d5": "green", "e5": "yellow", "d4": "red", "e4": "blue"}
    assert state.decision.seat == "Player 1"


@pytest.mark.parametrize("size, centre", [(4, {"b3": "green", "c3": "yellow", "b2": "red", "c2": "blue"}),
                                          (10, {"e6": "green", "f6": "yellow", "e5": "red", "f5": "blue"})])
def test_d_size_1_other_sizes_keep_the_centre_setup(size, centre):
    pos = DakapoState(size=size).position
    assert {pos.square_name(sq): COLOURS[pos.board[sq]] for sq in pos.stones()} == centre
    assert pos.rules.stones_per_colour == size * size // 4


@pytest.mark.parametrize("size", [3, 7, 2, 28])
def test_d_size_1_odd_or_out_of_range_sizes_are_refused(size):
    with pytest.raises(ValueError, match="D-SIZE-1"):
        DakapoRules(size=size)


def test_d2_sixteen_stones_per_colour_setup_stone_included():
    pos = DakapoState().position
    assert DakapoRules().stones_per_colour == 16
    assert pos.supplies == {"red": 15, "yellow": 15, "green": 15, "blue": 15}


# size 4 boards (4 stones per colour): nearly full positions for D-2, D-END-1/2, D-CLAIM-1
NO_SQUARE_FULL = "YRBY/RBYR/GRGY/BGBG"  # a full 4x4 board without any square
RED_SQUARE_FULL = "GRYB/RYRY/BRGB/GYBG"  # red b2-a3-b4-c3 is a tilted square


def small(board: str, *, last: str, turn: int = 2, tabletop=False) -> DakapoState:
    """A 4x4 position; the boards here hold 15 stones: the setup and 11 placements, so
    Player 2 places next (D-4)."""
    rules = "dakapo+size4" + ("+tabletop" if tabletop else "")
    return DakapoState(f"rules={rules};board={board};turn={turn};last={last}")


def test_d2_an_empty_supply_cannot_be_placed():
    state = small("YRBY/RBYR/GRGY/BGB1", last="d2")  # d1 empty; only a green stone is left
    assert state.position.supplies == {"red": 0, "yellow": 0, "green": 1, "blue": 0}
    assert rule_ids(state, "red d1") == ("D-2",)
    assert "no red stones" in state.explain("red d1").reason
    assert state.legal_actions.names() == ["green d1"]


def test_d2_parse_refuses_more_stones_than_a_colour_has():
    with pytest.raises(InvalidPositionError, match="D-2"):
        parse_position("rules=dakapo+size4;board=RRRR/R3/4/4;turn=1")


# --- D-PLACE-1..3 and D-4 -----------------------------------------------------------------

def test_d_place_1_needs_an_orthogonal_neighbour():
    state = DakapoState()
    assert rule_ids(state, "red c6") == ("D-PLACE-1",)  # diagonal to d5 only
    assert rule_ids(state, "red a1") == ("D-PLACE-1",)
    assert state.explain("red c5")  # left of d5


def test_d_place_1_needs_an_empty_square():
    state = DakapoState()
    v = state.explain("yellow d4")
    assert not v and v.rulings == ("D-PLACE-1",) and "already holds a red stone" in v.reason


def test_d_place_2_differs_from_every_orthogonal_neighbour():
    state = DakapoState()
    assert rule_ids(state, "green c5") == ("D-PLACE-2",)  # next to green d5
    assert rule_ids(state, "red d3") == ("D-PLACE-2",)  # below red d4
    assert state.explain("green d3")  # below red d4, diagonal to nothing green
    assert state.explain("green f4")  # diagonal to yellow e5 and green... only blue e4 beside it


def test_d_place_3_bars_the_opponents_last_colour_for_one_turn():
    state = DakapoState()
    state.apply("green d3")
    assert rule_ids(state, "green f4") == ("D-PLACE-3",)
    assert "Player 1 placed last turn" in state.explain("green f4").reason
    assert state.explain("red f4")
    state.apply("red f4")
    # now only red is barred; green is allowed again for Player 1
    assert state.explain("green f5")
    assert rule_ids(state, "red c5") == ("D-PLACE-3",)


def test_d_place_2_and_3_are_named_together_when_both_fail():
    state = DakapoState()
    state.apply("yellow f4")  # beside blue e4
    v = state.explain("yellow f5")  # beside yellow e5 and yellow f4, and yellow was just placed
    assert v.rulings == ("D-PLACE-2", "D-PLACE-3")


def test_d4_the_first_placement_may_use_any_colour():
    state = DakapoState()
    assert state.decision.detail == "first placement, any colour (D-4)"
    colours = {a.colour for a in state.legal_actions}
    assert colours == {0, 1, 2, 3}
    assert state.legal_actions.count() == 24
    assert "D-4" in rule_ids(state, "green d3")
    state.apply("green d3")
    assert "D-4" not in rule_ids(state, "red f4") and "D-PLACE-3" in rule_ids(state, "red f4")
    assert state.decision.detail == "not green (D-PLACE-3)"


# --- D-3: squares of any size and angle --------------------------------------------------

SQUARES = [
    # (corners in order around the square, index of the corner placed last)
    (("d2", "e3", "d4", "c3"), 2),  # tilted, side 1 across 1 up
    (("c2", "e3", "d5", "b4"), 2),  # tilted 2x1
    (("b1", "e2", "d5", "a4"), 3),  # tilted 3x1
    (("d1", "f4", "c6", "a3"), 1),  # tilted 2x3
    (("d1", "h4", "e8", "a5"), 2),  # tilted 4x3: side 5, the largest on 8x8
    (("a1", "c1", "c3", "a3"), 1),  # upright 3x3
    (("a1", "h1", "h8", "a8"), 3),  # upright, the whole board
    (("b2", "f2", "f6", "b6"), 0),  # upright 5x5
]


def _beside(name: str, avoid) -> str:
    f, r = ord(name[0]) - 97, int(name[1:]) - 1
    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        g, s = f + df, r + dr
        cand = f"{chr(97 + g)}{s + 1}"
        if 0 <= g < 8 and 0 <= s < 8 and cand not in avoid:
            return cand
    raise AssertionError(name)


@pytest.mark.parametrize("corners, placed", SQUARES, ids=["-".join(c) for c, _ in SQUARES])
def test_d3_a_square_of_any_size_and_angle_wins(corners, placed):
    last = corners[placed]
    helper = _beside(last, corners)
    stones = {c: "green" for c in corners if c != last}
    stones[helper] = "red"
    state = custom(stones, last=helper)
    verdict = state.explain(f"green {last}")
    assert verdict and "D-3" in verdict.rulings and "Player 1 wins" in verdict.reason
    state.apply(f"green {last}")
    assert state.is_terminal() and state.winner == "Player 1"
    assert sorted(state.winning_square()) == sorted(corners)
    assert state.status.ruling == "D-3"
    assert state.legal_actions.count() == 0


def test_d3_tilted_squares_are_described_as_tilted():
    state = custom({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5")
    assert "tilted green square d2-c3-d4-e3" in state.explain("green d4").reason
    state = custom({"a1": "green", "c1": "green", "a3": "green", "c2": "red"}, last="c2")
    assert "upright green square a1-c1-c3-a3 (3x3 squares)" in state.explain("green c3").reason


def test_d3_no_win_when_the_placed_stone_is_not_a_corner():
    # a complete green square on the board, but the last stone and the next are elsewhere
    stones = {"d2": "green", "e3": "green", "d4": "green", "c3": "green", "d3": "red", "f3": "blue"}
    state = custom(stones, last="f3")
    assert state.status.state == PLAYING
    state.apply("green g3")
    assert not state.is_terminal() and state.winner is None


def test_d3_no_win_with_a_corner_of_another_colour():
    state = custom({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5")
    v = state.explain("yellow d4")
    assert v and "D-3" not in v.rulings
    state.apply("yellow d4")
    assert not state.is_terminal()


def _brute_squares(board, size, sq):
    """Every 4-set of same-coloured stones through sq whose points form a square."""
    colour = board[sq]
    pts = [q for q, c in enumerate(board) if c == colour and q != sq]
    out = set()
    for trio in itertools.combinations(pts, 3):
        quad = (sq,) + trio
        xy = [(q % size, q // size) for q in quad]
        d = sorted((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 for a, b in itertools.combinations(xy, 2))
        if d[0] > 0 and d[0] == d[3] and d[4] == d[5] == 2 * d[0]:
            out.add(frozenset(quad))
    return out


def test_d3_square_finder_agrees_with_brute_force():
    rng = random.Random(7)
    for _ in range(60):
        size = rng.choice([4, 6, 8])
        board = [rng.choice([-1, -1, 0, 1]) for _ in range(size * size)]
        for sq in range(size * size):
            if board[sq] == -1:
                continue
            found = {frozenset(c) for c in squares_through(board, size, sq)}
            assert found == _brute_squares(board, size, sq)
    assert all_squares([0, 0, 0, 0], 2) == [(0, 1, 3, 2)]


# --- D-END-1, D-END-2 ----------------------------------------------------------------------

def test_d_end_1_no_legal_placement_loses():
    state = small("1RBY/RBYR/GRGY/BGBG", last="d4")  # only yellow is left, and it is barred
    assert state.status.state == LOSS and state.status.ruling == "D-END-1"
    assert state.is_terminal() and state.winner == "Player 1"
    assert "Player 2 has no legal placement" in state.result()
    v = state.explain("yellow a4")
    assert not v and v.rulings == ("D-END-1",)


def test_d_end_1_a_player_who_can_place_does_not_lose():
    state = small("1RBY/RBYR/GRGY/BGBG", last="d1")  # green last: yellow a4 is allowed
    assert state.status.state == PLAYING
    assert state.legal_actions.names() == ["yellow a4"]


def test_d_end_2_the_last_stone_without_a_square_is_a_tie():
    state = small("1RBY/RBYR/GRGY/BGBG", last="d1")
    v = state.explain("yellow a4")
    assert "D-END-2" in v.rulings
    state.apply("yellow a4")
    assert state.status.state == TIE and state.winner is None and state.is_terminal()
    assert "tie (D-END-2)" in state.result()


def test_d3_beats_d_end_2_when_the_last_stone_makes_a_square():
    state = small("G1YB/RYRY/BRGB/GYBG", last="d4")
    state.apply("red b4")
    assert state.status.state == WIN and state.winner == "Player 2"


# --- whose turn: the stones decide (D-1, D-4), and an inconsistent position names no winner ---

# 63 stones on the board: the 4 setup stones and 59 placements, so Player 2 places next;
# h8 is the only empty square and no colour may go there
LAST_SQUARE = "GBGRYGB1/BGBGBRYR/YRYBYGBY/RBRGRBRB/GYGRGYGR/BGRBRGYB/YBYGBYRY/GRBYGRYR"


def test_whose_turn_follows_from_the_stones_on_the_board_D1_D4():
    state = DakapoState()
    assert state.problems() == []  # 4 setup stones, no placement yet: Player 1
    for action in ("green d3", "red f4", "yellow c4"):
        state.apply(action)
        assert state.problems() == []
    assert state.decision.seat == "Player 2"
    assert DakapoState(START.replace("turn=1", "turn=2")).problems() == [
        "D-4: 4 stones are on the board: the 4 setup stones (D-1) and 0 placements; Player 1 made the first and "
        "the players take turns, so Player 1 places next, not Player 2 (turn=2)"]
    assert custom({"d4": "red", "d5": "green"}).problems() == [
        "D-1: a game starts with its 4 setup stones on the board, but 2 stones are on the board, so whose turn it "
        "is cannot follow from them"]


def test_a_typed_turn_that_disagrees_is_a_problem_and_no_result_is_named_D4():
    wrong = DakapoState(f"rules=dakapo;board={LAST_SQUARE};turn=1;last=a2")
    assert wrong.problems() == [
        "D-4: 63 stones are on the board: the 4 setup stones (D-1) and 59 placements; Player 1 made the first and "
        "the players take turns, so Player 2 places next, not Player 1 (turn=1)"]
    assert wrong.status.state == NO_RESULT and wrong.status.ended == LOSS and wrong.status.ruling == "D-4"
    assert wrong.winner is None and wrong.is_terminal() and wrong.decision.seat is None
    result = wrong.result()
    assert result.startswith("no result: Player 1, to place as written, has no legal placement (D-END-1), but this "
                             "position is inconsistent, so no winner is named from it: D-4: 63 stones")
    assert "wins" not in result and status_line(wrong.position) == f"Game over: {result}"
    v = wrong.explain("red h8")
    assert not v and v.rulings == ("D-4",) and "no winner is named" in v.reason and "wins" not in v.reason
    # the same board with the turn the stones give: Player 2 is stuck, Player 1 wins (D-END-1)
    right = DakapoState(f"rules=dakapo;board={LAST_SQUARE};turn=2;last=a2")
    assert right.problems() == [] and right.status.state == LOSS and right.winner == "Player 1"
    assert right.result() == "Player 2 has no legal placement and loses (D-END-1); Player 1 wins"


def test_an_inconsistent_position_is_played_as_written_and_every_verdict_says_so():
    stones = {"d2": "green", "e3": "green", "c3": "green", "d5": "red"}
    right, wrong = custom(stones, last="d5", turn=1), custom(stones, last="d5", turn=2)
    assert right.explain("green d4").reason.endswith("(each side 1 across, 1 up): Player 1 wins")
    assert "inconsistent" not in right.decision.detail and "inconsistent" not in right.can_place("blue").reason
    v = wrong.explain("green d4")
    assert v and "Player 2 places a green stone on d4, completing a tilted green square" in v.reason
    assert "wins" not in v.reason and "this position is inconsistent" in v.reason
    assert "Player 1 places next, not Player 2" in v.reason
    assert "this position is inconsistent" in wrong.explain("green a1").reason
    assert "this position is inconsistent" in wrong.can_place("blue").reason
    assert wrong.decision.detail.endswith("inconsistent: the stones say Player 1 places next")
    wrong.apply("green d4")
    assert wrong.status.state == NO_RESULT and wrong.status.ended == WIN and wrong.winner is None
    assert wrong.winning_square() is None and wrong.squares_of_last_stone()  # the square is there, unawarded
    assert wrong.result().startswith("no result: the last stone completes a green square d2-c3-d4-e3 (D-3), but")
    right.apply("green d4")
    assert right.status.state == WIN and right.winner == "Player 1"


def test_a_tabletop_claim_from_an_inconsistent_position_wins_nothing():
    stones = {"d2": "green", "e3": "green", "c3": "green", "d5": "red"}
    state = custom(stones, last="d5", turn=2, rules="dakapo+tabletop")
    state.apply("green d4")
    v = state.explain("claim")
    assert v and v.reason.startswith("Player 2 claims a tilted green square") and "and wins" not in v.reason
    state.apply("claim")
    assert state.status.state == NO_RESULT and state.winner is None


def test_a_save_whose_start_names_the_wrong_player_is_refused():
    data = json.loads(DakapoState(f"rules=dakapo;board={LAST_SQUARE};turn=2;last=a2").save_json())
    assert DakapoState.load(data).winner == "Player 1"
    data["start"] = data["start"].replace("turn=2", "turn=1")
    with pytest.raises(SaveFormatError, match=r"\$\.start.*D-4: 63 stones"):
        DakapoState.load(data)


# --- the tabletop option (D-3 option, D-CLAIM-1) -----------------------------------------

def tabletop_square():
    """Player 1 completes the diamond d2-e3-d4-c3 with green d4; Player 2 is to move."""
    state = custom({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5", rules="dakapo+tabletop")
    verdict = state.explain("green d4")
    assert "D-CLAIM-1" in verdict.rulings and "only if claimed" in verdict.reason
    state.apply("green d4")
    return state


def test_tabletop_a_square_does_not_win_until_claimed():
    state = tabletop_square()
    assert not state.is_terminal() and state.winner is None
    assert state.decision.seat == "Player 2"
    assert "claim" in state.legal_actions
    assert state.explain("claim").rulings == ("D-3", "D-CLAIM-1")
    state.apply("claim")
    assert state.is_terminal() and state.winner == "Player 1"
    assert state.to_text().endswith(";claim=claimed")
    assert state.winning_square() == ["d2", "c3", "d4", "e3"]


def test_tabletop_a_square_expires_at_the_opponents_next_placement():
    state = tabletop_square()
    v = state.explain("red c4")
    assert v and "no longer counts" in v.reason and "D-CLAIM-1" in v.rulings
    state.apply("red c4")
    assert not state.is_terminal()
    assert "claim" not in state.legal_actions
    v = state.explain("claim")
    assert not v and v.rulings == ("D-3", "D-CLAIM-1") and "completes no" in v.reason


def test_tabletop_a_false_claim_is_refused_and_changes_nothing():
    state = DakapoState(tabletop=True)
    state.apply("green d3")
    before = state.to_text()
    with pytest.raises(IllegalActionError) as info:
        state.apply("claim")
    assert info.value.verdict.rulings == ("D-3", "D-CLAIM-1")
    assert state.to_text() == before and len(state.history) == 1
    assert not DakapoState(tabletop=True).explain("claim")  # nothing placed yet


def test_claims_belong_to_the_tabletop_option_only():
    state = custom({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5")
    state.apply("green d4")  # automatic: the game is already won
    assert state.is_terminal()
    assert DakapoState().explain("claim").rulings == ("D-3",)
    with pytest.raises(InvalidPositionError, match="D-CLAIM-1"):
        parse_position(START + ";last=d4;claim=claimed")


def test_tabletop_full_board_claim_window_claim_wins():
    state = small("G1YB/RYRY/BRGB/GYBG", last="d4", tabletop=True)
    state.apply("red b4")
    assert state.status.state == CLAIM_WINDOW
    assert state.decision.seat == "Player 2" and state.decision.kind == "claim or pass"
    assert state.legal_actions.names() == ["claim", "pass"]
    assert rule_ids(state, "red a1") == ("D-CLAIM-1", "D-END-2")
    state.apply("claim")
    assert state.winner == "Player 2"


def test_tabletop_full_board_claim_window_pass_ties():
    state = small("G1YB/RYRY/BRGB/GYBG", last="d4", tabletop=True)
    state.apply("red b4")
    state.apply("pass")
    assert state.status.state == TIE and "unclaimed" in state.result()
    assert not DakapoState(tabletop=True).explain("pass")


def test_tabletop_opponent_without_placement_loses_even_unclaimed():
    # 6x6, d4 and f4 empty, one red stone left: red d4 completes b2-d2-d4-b4, and then
    # Player 2's only stone is red, barred by D-PLACE-3: D-END-1 decides, no claim needed
    text = "rules=dakapo+size6+tabletop;board=GYGBGB/RGBGBG/GRY1Y1/RYBYRY/BRGRGB/YBYBRY;turn=1;last=e4"
    state = DakapoState(text)
    state.apply("red d4")
    assert state.status.state == LOSS and state.status.ruling == "D-END-1"
    assert state.winner == "Player 1" and state.is_terminal()
    assert state.squares_of_last_stone() == ["an upright red square b2-d2-d4-b4 (3x3 squares)"]


# --- notation ------------------------------------------------------------------------------

def test_position_text_round_trip_and_repr_rebuilds():
    state = DakapoState(tabletop=True, size=10)
    rng = random.Random(3)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(rng.choice(list(state.legal_actions)))
        text = state.to_text()
        assert format_position(parse_position(text)) == text
        assert parse_position(text) == state.position
    pos = state.position
    assert eval(repr(pos), {"Position": Position}) == pos
    assert eval(repr(state), {"DakapoState": DakapoState}).position == pos
    assert repr(DakapoRules(size=6, tabletop=True)) == "DakapoRules(size=6, tabletop=True)"
    assert DakapoRules.parse(str(DakapoRules(size=12, tabletop=True))) == DakapoRules(12, True)


def test_action_notation_round_trip():
    for text in ("red d4", "yellow a1", "blue h8", "green j10", "claim", "pass"):
        assert str(Action.parse(text)) == text
        assert eval(repr(Action.parse(text)), {"Action": Action}) == Action.parse(text)
    assert Action.place("red", "d4") == Action.parse("red d4")
    for action in DakapoState().legal_actions:
        assert Action.parse(str(action)) == action


@pytest.mark.parametrize("text", ["", "red", "purple d4", "red d", "red d0", "red d4 e5", "claim now", "d4 red", 7])
def test_bad_action_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        Action.parse(text)


@pytest.mark.parametrize("text", [
    "board=8/8/8/3GY3/3RB3/8/8/8;turn=1",  # no rules
    "rules=dakapo;board=8/8/8/3GY3/3RB3/8/8;turn=1",  # 7 ranks
    "rules=dakapo;board=8/8/8/3GX3/3RB3/8/8/8;turn=1",
    "rules=dakapo;board=8/8/8/3GY4/3RB3/8/8/8;turn=1",
    "rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;turn=3",
    "rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;turn=1;last=z9",
    "rules=dakapo;turn=1;board=8/8/8/3GY3/3RB3/8/8/8",  # field order
    "rules=dakapo+fast;board=8/8/8/3GY3/3RB3/8/8/8;turn=1",
    "rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;turn=1;claim=maybe",
])
def test_bad_position_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_position(text)


def test_positions_the_rules_cannot_hold_are_invalid():
    with pytest.raises(InvalidPositionError, match="holds no stone"):
        parse_position(START + ";last=a1")
    with pytest.raises(InvalidPositionError, match="D-CLAIM-1"):
        parse_position("rules=dakapo+tabletop;board=8/8/8/3GY3/3RB3/8/8/8;turn=2;last=d4;claim=claimed")


# --- partial positions: the squares that matter and each colour's supply (D-2) ----------------

# Player 1 to place: 24 of the 64 stones are placed (40 left in the supplies), 4 of them shown
PARTIAL = "rules=dakapo;stones=Gd2,Gc3,Ge3,Rd5;supply=R9,Y12,G7,B12;turn=1;last=d5"


@pytest.mark.parametrize("text", [
    PARTIAL,
    "rules=dakapo;stones=-;supply=R15,Y15,G15,B15;turn=1",
    "rules=dakapo+size6+tabletop;stones=Ra1,Yb1,Gc4;supply=R0,Y3,G8,B1;turn=1;last=c4",
    "rules=dakapo+tabletop;stones=Gd2,Gc3,Ge3,Gd4,Rd5;supply=R9,Y12,G6,B12;turn=2;last=d4;claim=claimed",
])
def test_a_partial_position_round_trips(text):
    pos = parse_position(text)
    assert pos.is_partial and format_position(pos) == text and parse_position(format_position(pos)) == pos
    assert eval(repr(pos), {"Position": Position}) == pos
    assert DakapoState(text).problems() == []


def test_a_partial_position_takes_its_supplies_as_written_and_counts_them_down_D2():
    state = DakapoState(PARTIAL)
    assert state.position.supplies == {"red": 9, "yellow": 12, "green": 7, "blue": 12}
    assert state.position.board.count(-1) == 60  # the squares not listed count as empty
    state.apply("green d4")
    assert state.winner == "Player 1"
    assert state.to_text() == "rules=dakapo;stones=Gd2,Gc3,Ge3,Gd4,Rd5;supply=R9,Y12,G6,B12;turn=2;last=d4"
    assert state.problems() == [] and parse_position(state.to_text()) == state.position
    # 60 stones placed elsewhere: D-2 and whose turn come from the supplies
    last = DakapoState("rules=dakapo+size4;stones=Gb2,Rb3;supply=R0,Y1,G0,B0;turn=2")
    assert {a.colour for a in last.legal_actions} == {1} and "yellow a2" in last.legal_actions
    assert "D-2" in last.explain("red a2").rulings
    last.apply("yellow a2")
    assert last.status.state == TIE and last.position.is_full()
    assert DakapoState("rules=dakapo+size4;stones=Gb2,Rb3;supply=R0,Y1,G0,B0;turn=1").problems() == [
        "D-4: 15 of the 16 stones are placed (1 is left in the supplies): the 4 setup stones (D-1) and 11 "
        "placements; Player 1 made the first and the players take turns, so Player 2 places next, not Player 1 "
        "(turn=1)"]


@pytest.mark.parametrize("text, words", [
    ("rules=dakapo;stones=Gd2,Gc3;turn=1", "give each colour's supply too"),
    ("rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;supply=R15,Y15,G15,B15;turn=1", "supply= belongs to a partial"),
    ("rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;stones=-;supply=R15,Y15,G15,B15;turn=1", "give the board once"),
    ("rules=dakapo;supply=R15,Y15,G15,B15;turn=1", "missing field 'board'"),
    ("rules=dakapo;stones=Gc3,Gd2;supply=R9,Y12,G7,B12;turn=1", "board order .*: Gd2,Gc3"),
    ("rules=dakapo;stones=Gd2,Rd2;supply=R9,Y12,G7,B12;turn=1", "d2 is listed twice"),
    ("rules=dakapo;stones=Xd2;supply=R9,Y12,G7,B12;turn=1", "'Xd2' is not a stone"),
    ("rules=dakapo;stones=green d2;supply=R9,Y12,G7,B12;turn=1", "is not a stone"),
    ("rules=dakapo;stones=;supply=R9,Y12,G7,B12;turn=1", "'' is not a stone"),
    ("rules=dakapo;stones=Gj2;supply=R9,Y12,G7,B12;turn=1", "stones: 'j2' is not on a 8x8 board"),
    ("rules=dakapo;stones=-;supply=Y12,R9,G7,B12;turn=1", "in the order red, yellow, green, blue"),
    ("rules=dakapo;stones=-;supply=R9,Y12,G7;turn=1", "in the order red, yellow, green, blue"),
    ("rules=dakapo;stones=-;supply=R9,Y12,G07,B12;turn=1", "green supply is written without leading zeros"),
    ("rules=dakapo;stones=-;supply=R9,Y12,G,B12;turn=1", "green supply is written with the digits"),
    ("rules=dakapo;stones=-;supply=R9,Y12,G7,B1000;turn=1", "blue supply is at most 999"),
    ("rules=dakapo;stones=-;turn=1;supply=R9,Y12,G7,B12", "fields must come in the order"),
])
def test_a_badly_written_partial_position_is_a_notation_error_saying_what_is_wrong(text, words):
    with pytest.raises(NotationError, match=words):
        parse_position(text)


@pytest.mark.parametrize("text, words", [
    ("rules=dakapo;stones=-;supply=R16,Y15,G15,B15;turn=1", "D-2: at most 15 red stones can be left in the supply"),
    ("rules=dakapo+size4;stones=Ga1,Gc1,Ga3;supply=R3,Y3,G2,B3;turn=1", "D-2: 3 green stones listed and 2 left"),
    ("rules=dakapo;stones=Gd2;supply=R9,Y12,G7,B12;turn=1;last=d5", "last: d5 holds no stone"),
])
def test_a_partial_position_the_rules_cannot_hold_is_invalid(text, words):
    with pytest.raises(InvalidPositionError, match=words):
        parse_position(text)


# --- an illegal placement: would it have completed a square? (D-3) ---------------------------

def test_an_illegal_placement_says_whether_it_would_have_completed_a_square_D3():
    # green is used up (D-2): green d4 would close the diamond d2-c3-d4-e3, green a1 nothing
    state = DakapoState("rules=dakapo;stones=Gd2,Gc3,Ge3,Rd5;supply=R9,Y12,G0,B15;turn=1;last=d5")
    v = state.explain("green d4")
    assert not v and v.rulings == ("D-2",)
    assert v.reason == ("no green stones are left in the supply; had it been allowed, it would have completed a "
                        "tilted green square d2-c3-d4-e3 (each side 1 across, 1 up) (D-3)")
    assert state.explain("green c2").reason.endswith("; it would not have completed a green square (D-3)")
    assert state.squares_made_by("green d4") == ["a tilted green square d2-c3-d4-e3 (each side 1 across, 1 up)"]
    assert state.squares_made_by("blue d4") == []
    # barred by D-PLACE-3 and D-PLACE-2 on a whole board: still told
    barred = custom({"d2": "green", "e3": "green", "c3": "green", "c4": "green", "d5": "red", "e5": "blue"},
                    last="c4")
    v = barred.explain("green d4")
    assert v.rulings == ("D-PLACE-2", "D-PLACE-3") and "it would have completed a tilted green square" in v.reason
    assert barred.explain("blue d4").legal and "would" not in barred.explain("blue d4").reason
    # a taken square, or one off the board, is no placement: nothing about squares
    assert "square (D-3)" not in state.explain("red d5").reason
    assert state.explain("red j9").rulings == ("D-1",)
    with pytest.raises(SettingError, match="already holds a stone"):
        state.squares_made_by("red d5")
    with pytest.raises(NotationError):
        state.squares_made_by("claim")


# --- explain, apply, history ------------------------------------------------------------------

def test_explain_names_the_rules_of_a_legal_placement():
    state = DakapoState()
    assert rule_ids(state, "green d3") == ("D-PLACE-1", "D-PLACE-2", "D-4")
    state.apply("green d3")
    assert rule_ids(state, "red f4") == ("D-PLACE-1", "D-PLACE-2", "D-PLACE-3")
    assert rule_ids(state, "red z9") == ("D-1",)
    assert state.explain(Action.parse("red j9")).rulings == ("D-1",)


def test_an_illegal_apply_raises_and_changes_nothing():
    state = DakapoState()
    state.apply("green d3")
    before, history = state.to_text(), state.history
    for bad in ("green f4", "red a1", "red d4", "red j9", "pass"):
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)
        assert info.value.verdict.rulings
        assert state.to_text() == before and state.history == history
    with pytest.raises(NotationError):
        state.apply("orange d3")
    assert state.to_text() == before


def test_after_the_game_every_action_is_refused_by_the_ending_rule():
    state = small("1RBY/RBYR/GRGY/BGBG", last="d1")
    state.apply("yellow a4")
    assert rule_ids(state, "red a4") == ("D-END-2",)
    assert rule_ids(state, "pass") == ("D-END-2",)


def test_undo_redo_and_save_round_trip():
    state = DakapoState(tabletop=True)
    for text in ("green d3", "red f4", "yellow c4"):
        state.apply(text)
    state.undo()
    data = json.loads(state.save_json())
    assert data["game"] == "dakapo" and data["actions"] == ["green d3", "red f4"] and data["undone"] == ["yellow c4"]
    loaded = DakapoState.load(data)
    assert loaded.position == state.position and loaded.redo_actions == state.redo_actions
    loaded.redo()
    assert loaded.history[-1] == Action.parse("yellow c4")
    data["actions"][1] = "green f4"  # D-PLACE-3: a forged save is refused on replay
    with pytest.raises(SaveFormatError, match=r"\$\.actions\[1\]"):
        DakapoState.load(data)
    data["game"] = "kabetopo"
    with pytest.raises(SaveFormatError, match=r"\$\.game"):
        DakapoState.load(data)


# --- the ledger: one place decides, explain() and colour_verdict read it ------------------

def _play_out(state: DakapoState, seed: int) -> list[DakapoState]:
    """Every state along a seeded random game from ``state`` (which is not changed)."""
    state, rng = state.copy(), random.Random(seed)
    seen = [state.copy()]
    while not state.is_terminal():
        state.apply(rng.choice(list(state.legal_actions)))
        seen.append(state.copy())
    return seen


def sampled_states() -> list[DakapoState]:
    """States of seeded random games (automatic wins and tabletop; 8x8, 6x6, 4x4), and the
    tabletop scenarios: a claim offered mid-game, and the claim window after the stone that
    fills the board, with the positions after claiming and after passing."""
    states = []
    for options, seeds in (({}, 2), ({"tabletop": True}, 2), ({"size": 6, "tabletop": True}, 3),
                           ({"size": 4}, 4), ({"size": 4, "tabletop": True}, 6)):
        for seed in range(seeds):
            states += _play_out(DakapoState(**options), seed)
    offered = tabletop_square()
    window = small("G1YB/RYRY/BRGB/GYBG", last="d4", tabletop=True)
    window.apply("red b4")
    for state in (offered, window):
        for follow in state.legal_actions.names()[:2]:  # claim, then a placement or pass
            after = state.copy()
            after.apply(follow)
            states.append(after)
        states += _play_out(state, 1)
    return states


SAMPLED = sampled_states()


def every_candidate(pos: Position) -> list[Action]:
    """Each colour on each square of the board, claim and pass."""
    n = pos.size
    return [Action(PLACE, c, f, r) for c in range(4) for r in range(n) for f in range(n)] + [
        Action(CLAIM), Action(PASS)]


def test_the_samples_visit_every_kind_of_decision():
    kinds = {s.decision.kind for s in SAMPLED}
    assert kinds == {"placement", "claim or pass", "game over"}
    assert any(s.decision.kind == "placement" and "claim" in s.legal_actions for s in SAMPLED)
    assert {s.status.state for s in SAMPLED} == {PLAYING, CLAIM_WINDOW, WIN, LOSS, TIE}


def test_explain_agrees_with_the_legal_actions_for_every_candidate():
    for state in SAMPLED:
        legal = set(state.legal_actions)
        why = state.ledger(why=True)
        for action in every_candidate(state.position):
            verdict = state.explain(action)
            assert verdict.legal == (action in legal), (state.to_text(), str(action), verdict)
            assert verdict.rulings, (state.to_text(), str(action))
            # every candidate is in the ledger: shape() never answers for a well-formed one
            assert action in why or why.rejection(action) is not None, (state.to_text(), str(action))


def test_the_fast_and_the_why_ledgers_list_the_same_actions_and_outcomes():
    for state in SAMPLED:
        fast, why = ENGINE.ledger(state.position), ENGINE.ledger(state.position, why=True)
        assert fast.actions == why.actions == list(state.legal_actions)
        assert fast.outcomes == why.outcomes
        assert fast.rejected is None and why.rejected  # the hot path words no refusal
        assert not set(why.actions) & set(why.rejected)  # nothing is both allowed and refused


def test_legal_actions_come_in_the_order_claim_then_colour_then_square():
    for state in SAMPLED:
        legal = list(state.legal_actions)
        places = [a for a in legal if a.kind == PLACE]
        assert places == sorted(places, key=lambda a: (a.colour, a.rank, a.file))
        if state.decision.kind == "claim or pass":
            assert legal == [Action(CLAIM), Action(PASS)]
        else:
            assert legal in (places, [Action(CLAIM), *places])


def test_a_placement_outcome_says_what_playing_it_does():
    """D-3, D-END-2, D-CLAIM-1: each outcome is checked against the position after it is played."""
    for state in SAMPLED:
        if state.position.size == 8 and state.position.rules.tabletop:
            continue  # the 8x8 automatic games are enough at that size
        claim_open = "claim" in state.legal_actions
        fast = ENGINE.ledger(state.position)
        for action, outcome in zip(fast.actions, fast.outcomes, strict=False):
            if action.kind != PLACE:
                continue
            after = state.copy()
            after.apply(action)
            pos = after.position
            assert (pos.square_name(outcome.square), COLOURS[outcome.colour]) == (action.square, COLOURS[action.colour])
            assert outcome.made == tuple(squares_through(pos.board, pos.size, pos.last))
            assert outcome.fills_board == pos.is_full()
            assert outcome.lets_go == claim_open
            if outcome.made and not pos.rules.tabletop:
                assert after.status.state == WIN and after.winner == PLAYERS[outcome.player]


def test_listing_the_legal_actions_works_out_no_square():
    """D-3 is worked out for a placement only when someone reads what it completes."""
    pos = next(s for s in SAMPLED if s.decision.kind == "placement" and len(s.history) > 10).position
    outcomes = ENGINE.ledger(pos).outcomes
    assert outcomes and all("made" not in vars(o) for o in outcomes)
    why = ENGINE.ledger(pos, why=True)
    assert ENGINE.explain(pos, why.actions[0], why)
    assert "made" in vars(why.outcomes[0]) and all("made" not in vars(o) for o in why.outcomes[1:])


def test_a_refusal_names_every_rule_it_breaks():
    state = small("YRBY/RBYR/GRGY/BGB1", last="d2")  # yellow was placed last and is used up
    v = state.explain("yellow d1")  # beside yellow d2, yellow just placed, no yellow left
    assert v.rulings == ("D-PLACE-2", "D-PLACE-3", "D-2")
    assert v.reason == ("d1 touches a yellow stone orthogonally; yellow is the colour Player 1 placed last "
                        "turn; no yellow stones are left in the supply; it would not have completed a yellow square "
                        "(D-3)")
    assert state.explain("yellow a4").rulings == ("D-PLACE-1", "D-PLACE-3", "D-2")
    assert state.explain("blue d1").rulings == ("D-PLACE-2", "D-2")


def test_colour_verdict_agrees_with_the_ledger():
    for state in SAMPLED:
        pos = state.position
        legal = list(state.legal_actions)
        why = state.ledger(why=True)
        playing = state.status.state == PLAYING
        for c in range(4):
            verdict = state.can_place(c)
            spots = [a for a in legal if a.kind == PLACE and a.colour == c]
            assert verdict.legal == bool(spots), (state.to_text(), c, verdict)
            if spots:
                assert f"can go on {len(spots)} square" in verdict.reason
                continue
            refusals = [why.rejection(a) for a in every_candidate(pos) if a.kind == PLACE and a.colour == c]
            if verdict.rulings != ("D-PLACE-1", "D-PLACE-2"):
                assert all(set(verdict.rulings) <= set(r.rulings) for r in refusals)
                assert all(verdict.reason in r.reason for r in refusals)
            if playing:
                assert ("D-PLACE-3" in verdict.rulings) == (c == pos.last_colour)
                assert ("D-2" in verdict.rulings) == (pos.supply(c) == 0)


def test_colour_verdict_names_a_barred_and_used_up_colour_by_both_rules():
    state = small("YRBY/RBYR/GRGY/BGB1", last="d2")
    v = state.can_place("yellow")
    assert not v and v.rulings == ("D-PLACE-3", "D-2")
    assert v.reason == "yellow is the colour Player 1 placed last turn; no yellow stones are left in the supply"
    assert state.can_place("green") and state.can_place("green").reason == "green can go on 1 square"


def test_explain_is_read_from_the_engines_ledger():
    from kabetopo_nb.dakapo.explain import explain

    for state in SAMPLED[::15]:
        for action in every_candidate(state.position)[::11]:
            assert explain(state.position, action) == ENGINE.explain(state.position, action) == state.explain(action)


def test_candidates_never_considered_get_a_reason_about_their_form():
    state = DakapoState()
    assert state.explain(Action(PLACE, 7, 3, 3)).reason == "7 is not a colour"
    assert state.explain(Action(PLACE, 0, 8, 0)).rulings == ("D-1",)
    assert state.explain(Action(PLACE, 0, 3.5, 2)).reason == "(3.5, 2) is not a square"
    assert state.explain(Action(CLAIM, 2)).reason == "claim takes no colour and no square"
    assert state.explain(Action("fly")).reason == "unknown action kind 'fly'"
    assert state.explain(42).reason == "42 is not a Dakapo action"


# --- the generic random simulation (core.simulation) -------------------------------------

@pytest.mark.parametrize("options, rounds", [({}, 40), ({"tabletop": True}, 25), ({"size": 6}, 25),
                                             ({"size": 4, "tabletop": True}, 25)])
def test_random_simulation(options, rounds):
    report = random_simulation(lambda seed: DakapoState(**options), seed=100, rounds=rounds, check=check_state,
                               save_every_step_rounds=2, max_actions=500)
    assert report.completed == rounds and report.cut_off == 0, report


def test_the_check_catches_broken_positions():
    state = custom({"d4": "red", "d5": "red"})
    assert any("D-PLACE-2" in p for p in state_problems(state.position))
    with pytest.raises(AssertionError, match="D-PLACE-2"):
        check_state(state)
    assert any("D-PLACE-1" in p for p in state_problems(custom({"d4": "red", "a1": "blue"}).position))


# --- golden playthroughs ------------------------------------------------------------------

PLAYTHROUGH_DIR = ROOT / "tests" / "data" / "playthroughs"


@pytest.mark.parametrize("name, rules, seed", golden.playthrough_specs(), ids=[s[0] for s in golden.playthrough_specs()])
def test_playthrough_matches_its_golden_file(name, rules, seed):
    path = PLAYTHROUGH_DIR / f"{name}.txt"
    assert path.exists(), f"{path.name} is missing: run python3 scripts/regenerate_golden.py"
    expected = path.read_text()
    actual = golden.playthrough(rules, seed)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "golden", "now", n=1, lineterm="")
        pytest.fail(f"{path.name} differs (run scripts/regenerate_golden.py if intended):\n"
                    + "\n".join(line[:200] for line in list(diff)[:40]))


def test_no_stale_dakapo_playthroughs():
    names = {f"{s[0]}.txt" for s in golden.playthrough_specs()}
    assert {p.name for p in PLAYTHROUGH_DIR.glob("dakapo-*.txt")} == names


# --- SVG -----------------------------------------------------------------------------------

def test_svg_is_deterministic_and_marks_targets():
    from kabetopo_nb.render.dakapo_svg import board_svg

    pos = DakapoState().position
    a = board_svg(pos, interactive=True)
    assert a == board_svg(pos, interactive=True)
    assert 'data-target="sq:d4"' in a and 'data-target="col:red"' in a
    assert "dk-stone dk-green" in a and "kb-sq-h8" in a and "<title>" in a
    plain = board_svg(pos)
    assert 'data-target="' not in plain
    assert a.split('id="', 2)[1] != board_svg(pos, interactive=True, highlights={"d3": "move"}).split('id="', 2)[1]


def test_svg_highlights_the_winning_square():
    state = custom({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5")
    assert 'class="dk-win"' not in state.svg()
    state.apply("green d4")
    svg = state.svg()
    assert 'class="dk-win"' in svg and "Winning square: d2, c3, d4, e3" in svg
    assert 'class="dk-win"' not in state.svg(show_win=False)


def test_the_status_line_is_worded_by_the_game_and_shown_by_drawing_and_panel():
    from kabetopo_nb.dakapo.status import status_line

    shown = {}
    for state in SAMPLED:
        kind = state.decision.kind
        if kind in shown:
            continue
        line = status_line(state.position)
        shown[kind] = line
        root = ElementTree.fromstring(state.svg())
        texts = [e.text for e in root.iter() if e.get("id", "").endswith("-status")]
        assert texts == [line]
        assert board(state)._panel["status"] == line
        if kind == "game over":
            assert line == f"Game over: {state.result()}"
        else:
            assert line.startswith(f"{state.decision.seat} to play: {kind}")
    assert shown["claim or pass"].endswith("claim or pass (the board is full)")


# --- the widget controller -----------------------------------------------------------------

def board(source=None, **kw):
    from kabetopo_nb.play.dakapo import DakapoController
    from kabetopo_nb.widget import BoardWidget

    state = source if isinstance(source, DakapoState) else DakapoState(source, **kw) if source else DakapoState(**kw)
    return BoardWidget(DakapoController(state))


def test_widget_pick_a_colour_then_a_square():
    w = board()
    assert w.click("col:green")["ok"]
    assert 'kb-hl kb-hl-move' in w._svg and w._panel["groups"][0]["buttons"][2]["pressed"]
    reply = w.click("sq:d3")
    assert reply["ok"] and w.history == ["green d3"]
    assert w.position.endswith("last=d3")
    assert w.press("undo")["ok"] and w.history == []
    assert w.press("redo")["ok"] and w.history == ["green d3"]


def test_widget_refuses_a_barred_colour_by_rule_id():
    w = board()
    w.click("col:green")
    w.click("sq:d3")
    reply = w.click("col:green")
    assert not reply["ok"] and reply["refusal"]["rulings"] == ["D-PLACE-3"]
    reply = w.press("colour:green")
    assert reply["refusal"]["rulings"] == ["D-PLACE-3"]
    assert w._panel["refusal"]["rulings"] == ["D-PLACE-3"]


def test_widget_refuses_an_empty_supply_by_rule_id():
    w = board(small("YRBY/RBYR/GRGY/BGB1", last="d2"))
    assert w.click("col:red")["refusal"]["rulings"] == ["D-2"]


def test_widget_refuses_an_illegal_square_with_the_rules_broken():
    w = board()
    w.click("col:green")
    reply = w.click("sq:c5")
    assert reply["refusal"]["rulings"] == ["D-PLACE-2"]
    assert w.history == []
    reply = w.click("sq:a1")
    assert reply["refusal"]["rulings"] == ["D-PLACE-1"]


def test_widget_square_first_offers_the_colours_that_fit():
    w = board()
    w.click("sq:c4")  # beside red d4
    labels = [c["target"] for c in w._panel["choices"]]
    assert labels == ["act:yellow c4", "act:green c4", "act:blue c4"]
    assert w.click("act:red c4")["ok"] is False
    assert w.click("act:blue c4")["ok"] and w.history == ["blue c4"]
    reply = w.click("sq:h8")
    assert reply["refusal"]["rulings"] == ["D-PLACE-1"]


def test_widget_tabletop_claim_and_game_over():
    w = board(tabletop_square())
    buttons = {b["id"] for g in w._panel["groups"] for b in g["buttons"]}
    assert "claim" in buttons and "pass" not in buttons
    assert w.press("claim")["ok"]
    assert w._panel["winner"] == "Player 1" and 'class="dk-win"' in w._svg
    reply = w.click("sq:c4")
    assert not reply["ok"] and reply["refusal"]["rulings"] == ["D-3"]
    assert w.press("new")["ok"] and w.history == [] and "tabletop" in w.position


def test_widget_rejects_junk():
    w = board()
    assert w.click("sq:z99")["ok"] is False
    assert w.click("col:purple")["ok"] is False
    assert w.click("xx:1")["ok"] is False
    assert w.press("fly")["ok"] is False
    assert w.press("goto", 5)["ok"] is False
    assert w.history == []


def test_dakapo_board_factory():
    import kabetopo_nb

    w = kabetopo_nb.DakapoBoard(size=6, tabletop=True)
    assert w.position.startswith("rules=dakapo+size6+tabletop;")
    assert kabetopo_nb.DakapoBoard(START).position == START
    with pytest.raises(TypeError):
        kabetopo_nb.DakapoBoard(START, size=6)
    # the old name still works for one release, and says so
    with pytest.warns(DeprecationWarning, match="DakapoBoard"):
        assert kabetopo_nb.dakapo_board(START).position == START
