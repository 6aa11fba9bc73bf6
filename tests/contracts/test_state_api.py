"""The state API: decisions, legal actions as a live view, apply/undo/redo, copies, reprs."""
import pytest

from kabetopo_nb.core.state import CHANCE
from kabetopo_nb.core.verdict import HistoryError, IllegalActionError, NotationError
from kabetopo_nb.kabetopo import Action, KabetopoState, Position, Rules

OPEN = "runners=Ef6,Sf1,Wa1,Na6;turn=E"


def test_new_round_records_every_setup_roll_and_is_reproducible():
    a = KabetopoState.new_round(seed=7)
    b = KabetopoState.new_round(seed=7)
    c = KabetopoState.new_round(seed=8)
    assert a.history == b.history and a.to_text() == b.to_text()
    assert a.to_text() != c.to_text()
    assert all(act.kind == "roll" for act in a.history)
    assert len(a.history) >= 7  # 3 monoliths + 4 portals, plus any re-rolls (K-SETUP-3)
    assert a.decision.kind == "main action" and a.current_seat == "East"


def test_before_setup_is_a_chance_decision_with_twelve_outcomes():
    s = KabetopoState.before_setup()
    assert s.current_seat == CHANCE
    assert s.decision.kind == "setup roll"
    assert s.legal_actions.names() == [f"roll {n}" for n in range(1, 13)]


def test_legal_actions_view_supports_in_len_count_and_text():
    s = KabetopoState.from_text(OPEN)
    moves = s.legal_actions
    assert "step e6" in moves and Action.parse("step f5") in moves
    assert "step d4" not in moves and "garbage !!" not in moves
    assert len(moves) == moves.count() == len(list(moves)) > 2
    s.apply("step e6")  # the view is live: it follows the state
    assert "step e6" not in moves


def test_illegal_apply_raises_with_verdict_and_changes_nothing():
    s = KabetopoState.from_text(OPEN)
    before, history = s.to_text(), s.history
    with pytest.raises(IllegalActionError) as info:
        s.apply("step d4")
    assert info.value.verdict.rulings == ("K-MOVE-1",)
    assert "f6" in str(info.value)
    assert s.to_text() == before and s.history == history


def test_badly_written_action_is_a_notation_error_not_an_illegal_one():
    s = KabetopoState.from_text(OPEN)
    with pytest.raises(NotationError):
        s.apply("step z9")
    with pytest.raises(NotationError):
        s.apply("fly c4")
    with pytest.raises(NotationError):
        Action.parse("speed wall c4n")


def test_undo_redo_and_goto_walk_the_history():
    s = KabetopoState.from_text(OPEN)
    start = s.to_text()
    s.apply("step e6")
    after_one = s.to_text()
    s.apply(next(iter(s.legal_actions)))
    assert len(s.history) == 2
    assert s.undo() == s.redo_actions[0]
    assert s.to_text() == after_one
    s.goto(0)
    assert s.to_text() == start and not s.can_undo()
    s.goto(2)
    assert len(s.history) == 2 and not s.can_redo()
    with pytest.raises(HistoryError):
        s.redo()
    with pytest.raises(HistoryError):
        s.goto(3)
    s.goto(0)
    with pytest.raises(HistoryError):
        s.undo()


def test_a_new_action_after_undo_clears_redo():
    s = KabetopoState.from_text(OPEN)
    s.apply("step e6")
    s.undo()
    s.apply("step f5")
    assert not s.can_redo()


def test_copies_are_independent():
    s = KabetopoState.from_text(OPEN)
    t = s.copy()
    t.apply("step e6")
    assert s.history == () and len(t.history) == 1
    assert s.to_text() != t.to_text()
    p = s.position.copy()
    p.runners[0] = 0
    assert s.position.runners[0] != 0


def test_reprs_rebuild_the_objects():
    s = KabetopoState.new_round(seed=2)
    assert eval(repr(s.position), {"Position": Position}) == s.position
    assert eval(repr(Action.parse("speed door c4n c5e")), {"Action": Action}) == Action.parse("speed door c4n c5e")
    rules = Rules.named("kabetopo-4p", king_of_the_mountain=True)
    assert eval(repr(rules), {"Rules": Rules}) == rules
    assert repr(s).startswith("KabetopoState.from_text(")


def test_rules_options_are_named_and_checked():
    r = Rules.named("kabetopo-4p", leap_into_portal=True, speed_any_turn=True)
    assert r.options == {"leap_into_portal": True, "speed_any_turn": True,
                         "king_of_the_mountain": False, "play_to_last_tadaima": False,
                         "mischief": False, "later_round_pools": False, "no_drops": False}
    with pytest.raises(ValueError, match="multiplayer"):
        Rules.named("kabetopo-2p", mischief=True)
    with pytest.raises(ValueError, match="K-SET-3"):
        Rules.named("kabetopo-4p", later_round_pools=True)
    assert Rules.named("kabetopo-mp-v3", players=3).seats == (0, 1, 2)
    with pytest.raises(ValueError, match="not played by 2"):
        Rules.named("kabetopo-mp-v3", players=2)
    with pytest.raises(ValueError, match="unknown option"):
        Rules.named("kabetopo-4p", fly=True)
    with pytest.raises(ValueError, match="unknown ruleset"):
        Rules.named("chess")
    with pytest.raises(TypeError):
        Rules.named("kabetopo-4p", leap_into_portal="yes")


def test_problems_reports_an_invalid_hand_made_position():
    ok = KabetopoState.from_text(OPEN)
    assert ok.is_valid() and ok.problems() == []
    walled = KabetopoState.from_text(
        "runners=Ef6,Sf1,Wa1,Na6;lines=Wa1n,Wa1e;turn=E;"
        "pools=E:w1m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1")
    problems = walled.problems()
    assert problems and all(p.startswith("K-INV-1") for p in problems)
    assert any("West's runner on a1 is shut in" in p for p in problems)  # the board as it stands (issue 25)


def test_options_at_says_why_a_square_is_not_lit_and_a_drop_is_missing():
    s = KabetopoState.from_text("lines=We6e,Wb1n,Wa2e;runners=Ef6,Sf1,Wa1,Na6;pools=E:w1m0p1l1s1;turn=E")
    at_e6 = {str(a): v for a, v in s.options_at("e6")}
    assert not at_e6["step e6"] and at_e6["step e6"].rulings == ("K-MOVE-1",)
    assert "wall on e6e is in the way" in at_e6["step e6"].reason
    at_f5 = s.options_at("f5")
    assert str(at_f5[0][0]) == "step f5" and at_f5[0][1].legal  # the allowed ones come first
    at_a1n = {str(a): v for a, v in s.options_at("a1n")}
    assert at_a1n["wall a1n"].legal
    assert at_a1n["monolith a1n"].rulings == ("K-TURN-1",)  # none left in the pool
    assert at_a1n["portal a1n"].rulings == ("K-INV-2",)  # a corner's line
    assert at_a1n["lock a1n"].rulings == ("K-LOCK-1",)
    # a line named from either side is the same line, and every verdict is the state's own
    assert [str(a) for a, _ in s.options_at("a2s")] == list(at_a1n)
    assert all(s.explain(a) == v for a, v in s.options_at("a1n"))


def test_options_at_follows_the_decision():
    s = KabetopoState.from_text("lines=P*e3n,P*b2e;runners=Ee3,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E")
    s.apply("teleport e3n")  # now an exit choice: only exits are candidates
    assert {str(a) for a, _ in s.options_at("c2")} == {"exit c2w"}
    assert all(v.legal for _, v in s.options_at("c2"))
    with pytest.raises(TypeError):
        s.options_at(12)


def test_a_new_kind_of_outcome_without_a_sentence_fails_loudly():
    # Every outcome type must be applied by engine.play and worded by explain.describe; a
    # module that defines one more and stops there makes the engine fail to import.
    import subprocess
    import sys

    code = ("from dataclasses import dataclass\n"
            "import kabetopo_nb.kabetopo.outcomes as o\n"
            "@dataclass(frozen=True, slots=True)\n"
            "class Teleportation(o.Outcome):\n    square: int = 0\n"
            "o.OUTCOMES += (Teleportation,)\n"
            "import importlib, kabetopo_nb.kabetopo.engine as e\n"
            "importlib.reload(e)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode != 0 and "Teleportation" in run.stderr and "RuntimeError" in run.stderr
    # and the real set is complete: every outcome has its application and its sentence
    from kabetopo_nb.kabetopo import engine, explain, outcomes

    assert set(engine._PLAY) == set(explain._SENTENCES) == set(outcomes.OUTCOMES)
    assert len(outcomes.OUTCOMES) == 22


@pytest.mark.parametrize("name", ["kabetopo", "dakapo", "kaomi"])
def test_the_last_verdict_is_worded_from_the_recorded_outcome_as_explain_words_it(name):
    # the board words a legal click from the outcome recorded when it was applied (one
    # ledger per click), and that must be what explain() says in the position before it
    import random

    from kabetopo_nb.games import GAMES

    state = GAMES[name].new_state()
    assert GAMES[name].from_text(state.to_text()).last_verdict() is None  # nothing applied yet
    rng = random.Random(4)
    for _ in range(60):
        if state.is_terminal():
            break
        before = state.copy()
        action = rng.choice(list(state.legal_actions))
        state.apply(action)
        said, explained = state.last_verdict(), before.explain(action)
        assert said is not None and said.legal
        assert (tuple(said.rulings), said.reason) == (tuple(explained.rulings), explained.reason)
