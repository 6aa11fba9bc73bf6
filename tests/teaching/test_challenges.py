"""The challenges (kabetopo_nb/challenges): every one valid, solvable by the engine, its stated
solution accepted, its wrong attempts refused with the intended words, and refusals that
leave an attempt as it was; plus the counts per notebook and the data format's errors."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kabetopo_nb.challenges import ChallengeError, challenge, challenges, parse_challenges

ALL = challenges()
IDS = [c.id for c in ALL]
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "src"
RULE_NOTEBOOKS = sorted(p.stem for p in NOTEBOOKS.glob("*.py") if 1 <= int(p.stem[:2]) <= 16)


def _feedback_of(ch, attempt_value):
    return ch.attempt_with(attempt_value)


@pytest.mark.parametrize("ch", ALL, ids=IDS)
def test_position_is_valid(ch):
    problems = ch.state().problems()
    if ch.invalid_because:
        assert problems, f"{ch.id} says its position is invalid ({ch.invalid_because}) but it is valid"
    else:
        assert problems == []


@pytest.mark.parametrize("ch", ALL, ids=IDS)
def test_engine_finds_a_solution_and_it_passes(ch):
    found = ch.solve()
    assert found is not None, f"{ch.id}: the engine finds no solution"
    feedback = _feedback_of(ch, found)
    assert feedback.solved and feedback.done, feedback.message


@pytest.mark.parametrize("ch", ALL, ids=IDS)
def test_stated_solution_passes(ch):
    feedback = _feedback_of(ch, ch.show_me())
    assert feedback.solved, f"{ch.id}: the stated solution fails: {feedback.message}"
    assert feedback.message.startswith("Solved")


@pytest.mark.parametrize("ch", ALL, ids=IDS)
def test_wrong_attempts_fail_with_the_intended_feedback(ch):
    assert ch.wrong, f"{ch.id} lists no wrong attempt"
    for wrong in ch.wrong:
        feedback = _feedback_of(ch, wrong.answer if ch.answers else wrong.actions)
        assert not feedback.solved, f"{ch.id}: a wrong attempt is accepted: {wrong}"
        for words in wrong.expect:
            assert words in feedback.message, f"{ch.id}: {words!r} not in {feedback.message!r}"
        if wrong.ruling:
            assert wrong.ruling in feedback.rulings and wrong.ruling in feedback.message


def _illegal_action(state, game):
    """Some well-formed action the engine refuses here (the engine says which)."""
    if game == "kabetopo":
        from kabetopo_nb.kabetopo.geometry import SQUARE_NAMES

        candidates = [f"step {sq}" for sq in SQUARE_NAMES] + ["end", "unlock a2s"]
    elif game == "dakapo":
        candidates = [f"red {f}{r}" for f in "abcdefgh" for r in range(1, 9)]
    else:
        candidates = [f"{f}{r}" for f in "abcdefg" for r in range(1, 8)]
    return next(a for a in candidates if not state.explain(a).legal)


def _snapshot(attempt):
    return attempt.state.to_text(), attempt.state.history, tuple(attempt.played), attempt.solved, attempt.done


@pytest.mark.parametrize("ch", ALL, ids=IDS)
def test_refusals_leave_the_attempt_unchanged(ch):
    attempt = ch.start()
    if ch.answers:
        before = _snapshot(attempt)
        refused = attempt.play("step a1")
        assert not refused.solved and not refused.done and "answer" in refused.message
        nonsense = attempt.answer(["zz99"]) if ch.kind != "score" else attempt.answer("zz99")
        assert not nonsense.solved
        assert _snapshot(attempt) == before
        return
    if len(ch.show_me()) > 1:  # refuse in the middle of the turn too
        attempt.play(ch.show_me()[0])
    before = _snapshot(attempt)
    nonsense = attempt.play("jump to the moon")
    assert not nonsense.solved and not nonsense.done and nonsense.message.startswith("Not an action")
    illegal = _illegal_action(attempt.state, ch.game)
    refused = attempt.play(illegal)
    verdict = attempt.state.explain(illegal)
    assert not refused.solved and not refused.done
    assert refused.rulings == verdict.rulings and verdict.reason in refused.message
    assert _snapshot(attempt) == before


def test_counts_per_notebook():
    per = Counter(c.section for c in ALL)
    assert len(RULE_NOTEBOOKS) == 16
    short = {nb: per[nb] for nb in RULE_NOTEBOOKS if per[nb] < 3}
    assert not short, f"rule notebooks with fewer than 3 challenges: {short}"
    assert sum(per[nb] for nb in RULE_NOTEBOOKS) >= 45
    assert per["20-dakapo"] >= 3 and per["21-kaomi"] >= 3
    sections = {p.stem for p in NOTEBOOKS.glob("*.py")}
    assert set(per) <= sections, f"challenges for unknown notebooks: {set(per) - sections}"


def test_ids_are_unique_and_found():
    assert len(IDS) == len(set(IDS))
    assert challenge(IDS[0]) is ALL[0]
    with pytest.raises(KeyError):
        challenge("no-such-challenge")


def test_filters():
    walls = challenges(section="03")
    assert walls and all(c.section == "03-walls-and-the-path-rule" for c in walls)
    assert challenges(section="03-walls-and-the-path-rule") == walls
    assert {c.game for c in challenges(game="dakapo")} == {"dakapo"}
    assert len(challenges(game="kabetopo")) + len(challenges(game="dakapo")) + len(challenges(game="kaomi")) == len(ALL)


def test_hint_and_show_me():
    ch = challenge("walls-block-south")
    assert ch.hint and ch.goal and ch.title
    assert ch.show_me() == ("wall c3n",)
    assert challenge("walls-which-steps").show_me() == ["step c2", "step d1"]


def test_only_legal_turn_claims_exactly_one_turn():
    for ch in ALL:
        if ch.kind == "only-legal-turn":
            assert len(ch.checker.turns_meeting(ch.state())) == 1, ch.id


def test_a_finished_attempt_stays_finished():
    attempt = challenge("walls-block-south").start()
    assert attempt.play("wall a1n").done
    again = attempt.play("wall c3n")
    assert again.done and not again.solved and "over" in again.message


GOOD = '''
section = "03-walls-and-the-path-rule"
[[challenge]]
id = "sample"
title = "A sample"
goal = "Get East to e6."
position = "runners=Ef6,Sf1,Wa1,Na6;turn=E"
hint = "One step."
check = { kind = "reach", target = "e6" }
solution = { actions = ["step e6"] }
[[challenge.wrong]]
actions = ["step e5"]
expect = ["Refused"]
'''


def test_a_well_formed_sample_parses_and_plays():
    (ch,) = parse_challenges(GOOD, "sample.toml")
    assert ch.section == "03-walls-and-the-path-rule" and ch.game == "kabetopo"
    assert ch.attempt_with(["step e6"]).solved


@pytest.mark.parametrize("broken, words", [
    (GOOD.replace('goal = "Get East to e6."\n', ""), ["sample.toml", "challenge sample", "goal"]),
    (GOOD.replace('kind = "reach"', 'kind = "teleport-home"'), ["challenge sample", "unknown check kind"]),
    (GOOD.replace('target = "e6"', 'aim = "e6"'), ["challenge sample", "target"]),
    (GOOD.replace('actions = ["step e6"]', 'answer = ["e6"]'), ["challenge sample", "'actions'"]),
    (GOOD.replace('expect = ["Refused"]', ""), ["challenge sample", "expect"]),
    (GOOD.replace("[[challenge.wrong]]", "").replace('actions = ["step e5"]\nexpect = ["Refused"]', ""),
     ["challenge sample", "wrong"]),
    (GOOD.replace('id = "sample"', 'id = "sample'), ["sample.toml", "not valid TOML"]),
    (GOOD.replace('section = ', 'game = "chess"\nsection = '), ["unknown game"]),
])
def test_a_malformed_challenge_gets_a_clear_error(broken, words):
    with pytest.raises(ChallengeError) as info:
        parse_challenges(broken, "sample.toml")
    for w in words:
        assert w in str(info.value)


def test_which_legal_gives_the_engines_verdict_for_every_choice():
    for ch in ALL:
        if ch.kind == "which-legal":
            feedback = ch.start().answer(ch.show_me())
            state = ch.state()
            assert [c for c, _ in feedback.details] == list(ch.check["choices"])
            for choice, words in feedback.details:
                try:
                    assert words == str(state.explain(choice))
                except ValueError:  # a choice that is not even an action: refused as such
                    assert words.startswith("illegal: not an action")


def test_the_data_files_ship_with_the_package():
    import tomllib

    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "kabetopo_nb.challenges" in config["packages"]
    assert "data/*.toml" in config["package-data"]["kabetopo_nb.challenges"]
    shipped = {p.name for p in (root / "kabetopo_nb" / "challenges" / "data").glob("*.toml")}
    assert {c.source for c in ALL} == shipped
