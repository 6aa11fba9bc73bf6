"""The 2x2 Field Setup and the rulesets: K-SETUP-1..3, K-SET-1.

The setup is a sequence of chance decisions: each ``roll N`` action is one d12 roll,
re-rolls included, so a setup can be replayed from its history.
"""
import pytest

from kabetopo_nb.core.verdict import IllegalActionError, InvalidPositionError, NotationError
from kabetopo_nb.kabetopo import Action, KabetopoState, Rules, line_name, parse_square
from kabetopo_nb.kabetopo.setup import field_line

CENTRE = "c3"
SIDE_FIELDS = ("c5", "e3", "c1", "a3")  # lower-left squares of c5-d6, e3-f4, c1-d2, a3-b4


def field_lines(origin: str) -> set[str]:
    lines = (field_line(parse_square(origin), label) for label in range(1, 13))
    return {line_name(ln) for ln in lines if ln is not None}


def setup_pieces(s: KabetopoState) -> list[str]:
    lines = s.to_text().split("lines=")[1].split(";")[0].split(",")
    return [p for p in lines if "*" in p]


def roll(s: KabetopoState, *labels: int) -> None:
    for n in labels:
        s.apply(f"roll {n}")


# --- K-SETUP-1: labels and re-rolls ---------------------------------------------------------


def test_K_SETUP_1_labels_of_the_centre_field():
    names = [line_name(field_line(parse_square(CENTRE), n)) for n in range(1, 13)]
    # 1-6: top, middle, bottom horizontal line, each left then right;
    # 7-12: left, middle, right vertical line, each top then bottom
    assert names == ["c4n", "d4n", "c3n", "d3n", "c2n", "d2n",
                     "b4e", "b3e", "c4e", "c3e", "d4e", "d3e"]


@pytest.mark.parametrize("origin, boundary", [
    ("c5", {1, 2}),  # the top line of c5-d6 is the board's edge
    ("e3", {11, 12}),  # the right line of e3-f4
    ("c1", {5, 6}),  # the bottom line of c1-d2
    ("a3", {7, 8}),  # the left line of a3-b4
    ("c3", set()),
])
def test_K_SETUP_1_labels_on_the_boundary(origin, boundary):
    found = {n for n in range(1, 13) if field_line(parse_square(origin), n) is None}
    assert found == boundary


def test_K_SETUP_1_rerolls_for_the_mountain_an_occupied_line_and_the_boundary():
    s = KabetopoState.before_setup()
    assert s.decision.kind == "setup roll"
    roll(s, 1, 3)  # monoliths on c4n and c3n: two sides of the Mountain
    assert setup_pieces(s) == ["M*c3n", "M*c4n"]
    verdict = s.explain("roll 7")  # b4e would block the Mountain on a third side
    assert verdict.legal and "K-SETUP-1" in verdict.rulings and "roll again" in verdict.reason
    before = s.to_text()
    roll(s, 7)
    assert s.to_text() == before  # nothing placed: roll again
    assert "already taken" in s.explain("roll 1").reason
    roll(s, 1)
    assert s.to_text() == before
    assert "a setup monolith goes on d3e" in s.explain("roll 12").reason
    roll(s, 12)  # the third monolith, on a line away from the Mountain
    assert setup_pieces(s) == ["M*c3n", "M*d3e", "M*c4n"]
    # the portals: each side field has boundary labels that must be rolled again
    assert "boundary" in s.explain("roll 1").reason
    roll(s, 1, 2, 3)  # c5-d6: 1 and 2 are the board's edge, 3 is c5n
    roll(s, 11, 9)  # e3-f4: 11 is the edge, 9 is e4e
    roll(s, 5, 4)  # c1-d2: 5 is the edge, 4 is d1n
    roll(s, 7, 10)  # a3-b4: 7 is the edge, 10 is a3e
    assert s.decision.kind == "main action" and s.current_seat == "East"
    assert sorted(setup_pieces(s)) == sorted(
        ["M*c3n", "M*c4n", "M*d3e", "P*c5n", "P*e4e", "P*d1n", "P*a3e"])
    assert s.is_valid()


def test_K_SETUP_1_rolls_only_during_the_setup():
    s = KabetopoState.before_setup()
    with pytest.raises(IllegalActionError) as err:
        s.apply("step e6")
    assert "K-SETUP-1" in err.value.verdict.rulings
    with pytest.raises(NotationError):
        Action.parse("roll 13")
    s = KabetopoState.new_round(seed=1)
    verdict = s.explain("roll 3")
    assert not verdict.legal and "K-SETUP-3" in verdict.rulings
    before = s.to_text()
    with pytest.raises(IllegalActionError):
        s.apply("roll 3")
    assert s.to_text() == before


# --- K-SETUP-2: where the setup pieces go ------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["kabetopo-4p", "kabetopo-3p"])
def test_K_SETUP_2_monoliths_in_the_centre_one_portal_per_side_field(ruleset):
    centre = field_lines(CENTRE)
    for seed in range(25):
        s = KabetopoState.new_round(ruleset, seed=seed)
        pieces = setup_pieces(s)
        monoliths = [p[2:] for p in pieces if p.startswith("M*")]
        portals = [p[2:] for p in pieces if p.startswith("P*")]
        assert len(monoliths) == 3 and set(monoliths) <= centre, (seed, pieces)
        for origin in SIDE_FIELDS:
            inside = [p for p in portals if p in field_lines(origin)]
            assert len(inside) == 1, (seed, origin, portals)
        assert len(portals) == 4
        assert len(pieces) == len(s.to_text().split("lines=")[1].split(";")[0].split(","))
        assert s.is_valid(), (seed, s.problems())


# --- K-SETUP-3: one seeded generator, every roll in the history -------------------------------


def test_K_SETUP_3_same_seed_same_setup_and_every_roll_recorded():
    rerolled = 0
    for seed in range(12):
        a = KabetopoState.new_round(seed=seed)
        b = KabetopoState.new_round(seed=seed)
        assert a.to_text() == b.to_text() and a.history == b.history
        assert all(act.kind == "roll" for act in a.history)
        # replaying the recorded rolls rebuilds the same board, re-rolls included
        replay = KabetopoState.before_setup()
        placed = 0
        for act in a.history:
            step = replay.position.setup_step
            replay.apply(act)
            if replay.position.phase != "setup" or replay.position.setup_step != step:
                placed += 1
        assert placed == 7
        assert replay.to_text() == a.to_text()
        rerolled += len(a.history) - 7
    assert rerolled > 0  # some seeds needed re-rolls, and those rolls are in the history
    setups = {KabetopoState.new_round(seed=seed).to_text() for seed in range(12)}
    assert len(setups) > 1  # the seed matters


def test_K_SETUP_3_undo_takes_back_a_single_roll():
    s = KabetopoState.before_setup()
    roll(s, 1, 3, 7)
    assert len(s.history) == 3
    s.undo()
    assert s.history == (Action.parse("roll 1"), Action.parse("roll 3"))
    assert s.position.setup_step == 2


# --- K-SET-1: named rulesets and their options -------------------------------------------------


@pytest.mark.parametrize("name, seats", [
    ("kabetopo-4p", 4), ("kabetopo-3p", 3), ("kabetopo-2p", 2),
    ("kabetopo-2p-interim", 2), ("kabetopo-mp-v3", 4),
])
def test_K_SET_1_named_rulesets(name, seats):
    rules = Rules.named(name)
    assert rules.name == name and rules.players == seats
    s = KabetopoState.new_round(name, seed=2)
    assert s.to_text().startswith(f"rules={name};")
    assert s.decision.kind == "main action"


def test_K_SET_1_unknown_rulesets_and_options_are_refused():
    with pytest.raises(ValueError, match="unknown ruleset"):
        Rules.named("kabetopo-5p")
    with pytest.raises(ValueError, match="unknown option"):
        Rules.named("kabetopo-4p", turbo=True)
    with pytest.raises(TypeError):
        Rules.named("kabetopo-4p", speed_any_turn="yes")
    with pytest.raises(ValueError):
        KabetopoState.new_round("kabetopo-5p", seed=1)
    with pytest.raises(NotationError, match="unknown"):
        KabetopoState.from_text("rules=kabetopo-5p;runners=Ef6,Sf1,Wa1,Na6;turn=E")
    with pytest.raises(NotationError, match="unknown option"):
        KabetopoState.from_text("rules=kabetopo-4p+turbo;runners=Ef6,Sf1,Wa1,Na6;turn=E")
    # the options that exist are accepted, each by its text name too
    assert Rules.named("kabetopo-4p", speed_any_turn=True).speed_any_turn
    assert Rules.named("kabetopo-3p", play_to_last_tadaima=True).tadaimas_to_end == 3
    assert Rules.named("kabetopo-3p").tadaimas_to_end == 2
    assert Rules.named("kabetopo-4p").tadaimas_to_end == 3
    s = KabetopoState.from_text("rules=kabetopo-4p+speed-any-turn;runners=Ef6,Sf1,Wa1,Na6;turn=E")
    assert s.rules.speed_any_turn and not Rules.named("kabetopo-4p").speed_any_turn


def test_K_SETUP_1_a_field_with_no_free_line_refuses_at_once():
    # every line of the centre field already holds a wall: no roll can place the monolith,
    # and rolling used to go on for ever
    walls = "Wc2n,Wd2n,Wb3e,Wc3n,Wc3e,Wd3n,Wd3e,Wb4e,Wc4n,Wc4e,Wd4n,Wd4e"
    s = KabetopoState.from_text(f"rules=kabetopo-4p;lines={walls};runners=Ef6,Sf1,Wa1,Na6;"
                                "turn=E;phase=setup;setup=0")
    assert any(p.startswith("K-SETUP-1") and "c3-d4" in p for p in s.problems())
    assert list(s.legal_actions) == []
    verdict = s.explain("roll 5")
    assert not verdict and verdict.rulings == ("K-SETUP-1",) and "field c3-d4" in verdict.reason
    with pytest.raises(InvalidPositionError, match="K-SETUP-1.*c3-d4"):
        s.roll_setup(1)
    assert s.history == ()
    # a later field that fills up refuses too, and the rolls made before are taken back
    walls = walls.replace("Wd3e,", "").replace("Wc4n,Wc4e,", "")  # the Mountain keeps two open sides
    s = KabetopoState.from_text(f"rules=kabetopo-4p;lines={walls};runners=Ef6,Sf1,Wa1,Na6;turn=E;phase=setup;setup=0")
    assert s.legal_actions.count() == 12  # d3e is free: the first monolith has a place ...
    before = s.to_text()
    with pytest.raises(InvalidPositionError, match="monolith 2 of 3 in field c3-d4"):  # ... the second none
        s.roll_setup(1)
    assert s.to_text() == before and s.history == ()
    # with room in every field the seeded setup runs to the end
    s = KabetopoState.from_text("rules=kabetopo-4p;lines=Wc2n,Wd2n,Wb3e,Wb4e;runners=Ef6,Sf1,Wa1,Na6;"
                                "turn=E;phase=setup;setup=0")
    assert s.roll_setup(1) and s.position.phase == "main"
