"""Teaching variants of a match (``match.py``, ``TEACHING``): ``teaching="first-round-without-drops"``
plays round 1 under the ``no_drops`` option (KNB-15) and every later round as the ruleset
says.  The variant is chosen when the match is made, kept in its save (a value that is no
variant's name is refused), replayed on loading, and marked on the scoresheet.
"""
from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb.core.verdict import IllegalActionError, RulesOptionError, SaveFormatError
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.match import TEACHING, Match
from kabetopo_nb.kabetopo.scoresheet import round_note
from kabetopo_nb.render.kabetopo_scoresheet import scoresheet_html

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
FIRST = "first-round-without-drops"
DROP_KINDS = ("wall", "monolith", "portal", "lock", "unlock")


def teaching_match(seed: int = 7, **kw) -> Match:
    return Match("kabetopo-4p", PLAYERS, seed=seed, teaching=FIRST, **kw)


def play_round(match: Match, seed: int = 7, limit: int = 5000) -> None:
    """Play the current round to its end with seeded random actions."""
    rng, scored = random.Random(seed), len(match.scores)
    for _ in range(limit):
        if len(match.scores) > scored:
            return
        match.apply(rng.choice(list(match.state.legal_actions)))
    raise AssertionError(f"round {match.round_index + 1} not over after {limit} actions (K-SIM-1)")


def drops(state: KabetopoState) -> list[str]:
    return [a for a in state.legal_actions.names() if a.split()[0] in DROP_KINDS]


def test_the_teaching_variant_is_named_after_its_ruling():
    variant = TEACHING[FIRST]
    assert (variant.rounds, variant.option, variant.ruling) == ((1,), "no_drops", "KNB-15")
    with pytest.raises(RulesOptionError, match="unknown teaching variant 'no-walls'"):
        Match("kabetopo-4p", PLAYERS, teaching="no-walls")
    with pytest.raises(RulesOptionError, match=FIRST):
        Match("kabetopo-4p", PLAYERS, teaching=True)  # type: ignore[arg-type]


def test_KNB_15_round_one_is_played_without_drops_and_round_two_with_them():
    match = teaching_match()
    assert match.rules == Rules.named("kabetopo-4p")  # the match's own rules are untouched
    assert match.state.rules == Rules.named("kabetopo-4p", no_drops=True) == match.round_rules(0)
    assert match.state.position.round_number == 1 and drops(match.state) == []
    verdict = match.state.explain("wall a2n")
    assert not verdict.legal and verdict.rulings == ("KNB-15",)
    with pytest.raises(IllegalActionError, match="KNB-15"):
        match.apply("wall a2n")
    assert match.state.to_text().startswith("rules=kabetopo-4p+no-drops;")
    play_round(match)
    assert match.round_index == 1 and match.round_rules(1) == match.rules
    assert match.state.rules == match.rules and not match.state.rules.no_drops
    assert "wall a2n" in drops(match.state)  # round 2: drops are back
    text = match.state.to_text()
    assert text.startswith("rules=kabetopo-4p;") and text.endswith(";round=2")
    assert all(state.rules == match.round_rules(r) for r, state in enumerate(match.states))


def test_without_a_variant_every_round_allows_drops():
    match = Match("kabetopo-4p", PLAYERS, seed=7)
    assert match.teaching is None and match.teaching_note(0) is None
    assert "wall a2n" in drops(match.state)
    assert "teaching" not in match.save()


def test_KNB_15_the_save_keeps_the_variant_and_loading_replays_round_one_without_drops():
    match = teaching_match()
    play_round(match)
    match.apply(match.state.legal_actions.names()[0])
    data = match.save()
    assert data["teaching"] == FIRST
    again = Match.load(json.dumps(data))
    assert again.teaching is TEACHING[FIRST] and again.save() == data
    assert again.states[0].rules.no_drops and not again.state.rules.no_drops
    assert [s.to_text() for s in again.states] == [s.to_text() for s in match.states]
    assert "teaching='first-round-without-drops'" in repr(again)


@pytest.mark.parametrize("value, words", [
    ("no-walls", "not 'no-walls'"),
    ("First-Round-Without-Drops", "not 'First-Round-Without-Drops'"),
    (1, "not 1"),
    (None, "not None"),
    (["first-round-without-drops"], "not ['first-round-without-drops']"),
])
def test_a_tampered_teaching_field_is_refused_with_its_path(value, words):
    data = teaching_match().save()
    data["teaching"] = value
    with pytest.raises(SaveFormatError, match=r"\$\.teaching") as err:
        Match.load(json.dumps(data))
    assert words in str(err.value) and FIRST in str(err.value)


def test_KNB_15_a_drop_forged_into_the_teaching_round_is_refused():
    data = teaching_match().save()
    rolls = len(data["history"][0])
    data["history"][0].append("wall a2n")
    with pytest.raises(SaveFormatError, match=rf"\$\.history\[0\]\[{rolls}\].*KNB-15"):
        Match.load(json.dumps(data))


def test_the_scoresheet_marks_the_teaching_round():
    match = teaching_match()
    play_round(match)
    text = match.scoresheet()
    assert "Round 1: teaching round, no drops (KNB-15)" in text.splitlines()
    match.apply(match.state.legal_actions.names()[0])
    play_round(match, seed=8)
    lines = match.scoresheet().splitlines()
    assert "Round 2" in lines and not any(line.startswith("Round 2:") for line in lines)
    assert [round_note(match, r) for r in range(2)] == ["teaching round, no drops (KNB-15)", ""]
    html = scoresheet_html(match)
    heads = [th.text for th in ET.fromstring(f"<div>{html.split('</style>')[1]}</div>").iter("th")
             if th.get("class") == "kb-round"]
    assert heads == ["Round 1: teaching round, no drops (KNB-15)", "Round 2"]


def test_the_live_scoresheet_marks_the_teaching_round_being_played():
    match = teaching_match()
    match.apply(match.state.legal_actions.names()[0])
    assert "Round 1 (so far): teaching round, no drops (KNB-15)" in scoresheet_html(match, live=True)


def test_a_match_without_drops_throughout_is_marked_on_every_round():
    match = Match(Rules.named("kabetopo-2p-interim", no_drops=True), ["Ann", "Ben"], seed=3)
    play_round(match)
    play_round(match, seed=8)
    assert [round_note(match, r) for r in range(2)] == ["no drops (KNB-15)"] * 2


def test_from_positions_takes_the_teaching_round_s_rules():
    over = Match("kabetopo-4p", PLAYERS, seed=7)
    play_round(over)
    plain = over.states[0].position
    taught = teaching_match()
    play_round(taught)
    first = taught.states[0].position
    match = Match.from_positions("kabetopo-4p", PLAYERS, [first, over.states[0].position], teaching=FIRST)
    assert match.teaching_note(0) and len(match.scores) == 2
    with pytest.raises(RulesOptionError, match=r"under kabetopo-4p\+no-drops, the rules of its round \(round 1\)"):
        Match.from_positions("kabetopo-4p", PLAYERS, [plain], teaching=FIRST)
