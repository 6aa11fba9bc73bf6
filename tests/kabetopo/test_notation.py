"""Position and action notation: round trips and precise refusals."""
import pytest

from kabetopo_nb.core.verdict import InvalidPositionError, NotationError
from kabetopo_nb.kabetopo import Action, format_position, parse_position
from kabetopo_nb.kabetopo.actions import KINDS

ACTIONS = [
    "step c5", "leap c6", "teleport c4e", "exit e3n", "door c4n c5e", "bump d4",
    "bump-through c4e", "wall c4n", "monolith a1e", "portal b2n", "lock c5s", "unlock e3n",
    "speed step c5", "speed teleport c4e", "speed door c4n c5w", "leap-portal c5n", "end", "pass",
    "roll 12", "stop",
]


@pytest.mark.parametrize("text", ACTIONS)
def test_action_text_round_trips(text):
    action = Action.parse(text)
    assert str(action) == text and action.name == text
    assert Action.parse(str(action)) == action


def test_every_kind_appears_in_the_examples():
    used = {Action.parse(t).kind for t in ACTIONS}
    assert used == set(KINDS)


def test_lines_may_be_named_from_either_side_but_format_canonically():
    assert str(Action.parse("wall c5s")) == "wall c4n"
    assert str(Action.parse("wall d4w")) == "wall c4e"


@pytest.mark.parametrize("text, fragment", [
    ("", "empty"),
    ("hop c4", "unknown action"),
    ("step", "takes 1 argument"),
    ("step c4 c5", "takes 1 argument"),
    ("step c7", "not a square"),
    ("wall f3e", "boundary"),
    ("lock c4", "not a side"),
    ("roll 13", "d12"),
    ("speed end", "'speed' must be followed by a move"),
])
def test_bad_action_text_says_what_is_wrong(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        Action.parse(text)


def test_position_text_round_trips_mid_turn():
    text = ("rules=kabetopo-4p+king-of-the-mountain;lines=Pb2n,M*c3n,Wc4e,P*d5e;locks=e5w;"
            "runners=Ed5,Sf1+1,Wa1,Na6;pools=E:w2m1p0l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;"
            "stones=3;order=S;turn=E;phase=exit;flags=g;pending=exit:E:d5e:own:d5;turns=9")
    pos = parse_position(text)
    assert format_position(pos) == text
    assert parse_position(format_position(pos)) == pos


def test_defaults_fill_missing_fields():
    pos = parse_position("runners=Ef6,Sf1,Wa1,Na6")
    assert pos.pools[0] == [3, 1, 1, 1, 1] and pos.site_stones == [4]
    assert pos.phase == "main" and pos.turn == 0


@pytest.mark.parametrize("text, fragment", [
    ("runners=Ef6,Sf1,Wa1", "no square for seat"),
    ("runners=Ef6,Sf1,Wa1,Na6,Ef5", "given twice"),
    ("runners=Ef6,Sf1,Wa1,Na6;lines=Wc4n,Mc5s", "given twice"),
    ("runners=Ef6,Sf1,Wa1,Na6;lines=Xc4n", "not a piece"),
    ("runners=Ef6,Sf1,Wa1,Na6;lines=W*c4n", "walls are never setup"),
    ("runners=Ef6,Sf1,Wa1,Na6;colour=red", "unknown field"),
    ("runners=Ef6,Sf1,Wa1,Na6;turn=Q", "not a seat letter"),
    ("runners=Ef6,Sf1,Wa1,Na6;phase=dancing", "phase"),
    ("rules=kabetopo-9p", "unknown ruleset"),
    ("rules=kabetopo-4p+fly", "unknown option"),
    ("rules=kabetopo-3p;runners=Ef6,Sf1,Wa1,Na6", "does not play"),
    ("runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1", "not a pool"),
    ("runners", "key=value"),
])
def test_bad_position_text_is_a_notation_error(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_position(text)


@pytest.mark.parametrize("text, fragment", [
    ("runners=Ec4,Sc4,Wa1,Na6", "share c4"),
    ("runners=Ef6,Sf1,Wa1,Na6;locks=c4n", "no portal or wall"),
    ("runners=Ef6,Sf1,Wa1,Na6;phase=exit", "needs a pending"),
])
def test_impossible_positions_are_invalid_position_errors(text, fragment):
    with pytest.raises(InvalidPositionError, match=fragment):
        parse_position(text)


def test_piece_counts_beyond_the_box_are_problems_not_parse_errors():
    from kabetopo_nb.kabetopo import KabetopoState

    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;pools=E:w9m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1")
    assert any(p.startswith("K-INV-4") and "18 walls" in p for p in s.problems())
    fair = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Wc4n;pools=E:w2m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1")
    assert fair.problems() == []


def test_an_action_says_what_it_touches_so_nothing_reads_its_numbers():
    # issue 22: the board asks the action for its side, line and destination
    from kabetopo_nb.kabetopo.actions import Action
    from kabetopo_nb.kabetopo.geometry import line_name, side_name, square_name

    def touches(text):
        a = Action.parse(text)
        return (a.side is not None and side_name(a.side), a.line is not None and line_name(a.line),
                a.destination is not None and square_name(a.destination))

    assert touches("step c5") == (False, False, "c5")
    assert touches("speed leap c6") == (False, False, "c6")
    assert touches("bump d4") == (False, False, "d4")
    assert touches("door c4n c5e") == ("c4n", "c5e", "c5")  # the door's side; the line it swings to; beyond
    assert touches("exit d3n") == ("d3n", "d3n", "d3")
    assert touches("teleport d3s") == ("d3s", "d2n", False)  # the exit is chosen next
    assert touches("leap-portal d3n") == ("d3n", "d3n", False)
    assert touches("bump-through c4w") == ("c4w", "b4e", False)
    assert touches("wall c4n") == (False, "c4n", False)
    assert touches("lock c5s") == ("c5s", "c4n", False)
    assert touches("unlock c5s") == ("c5s", "c4n", False)
    for text in ("end", "pass", "stop", "roll 3"):
        assert touches(text) == (False, False, False)
