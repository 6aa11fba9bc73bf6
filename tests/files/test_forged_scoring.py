"""A save's start may not forge the scoring fields (``validity.scoring_problems``).

Position text carries the round's scoring record next to the board: ``order`` (stones
taken), ``halfway`` (Halfway Home), ``homes`` (Tadaima), ``stopped`` (Mischief over) and
``phase=over``.  Each must agree with the board, or a save could hand out points no play
earned: ``homes=Sa1`` alone gave South a first-place Tadaima with its runner still on f1.
Both sides are tested:

* every forged field is a problem naming the field and its ruling, and the save loader
  refuses a start holding it (``$.start``), so South scores nothing without an action;
* positions that legal play reaches are never refused: seeded random rounds of every
  ruleset and option, with ``problems()`` empty after every action, and hand-made
  positions that agree with their boards.

``stranded`` is not held against the board: the last test shows the engine listing a
runner as out of the race that later comes home (KNB-11, K-ROUND-4), so a listed runner
that can still reach its target is a position legal play reaches.
"""
from __future__ import annotations

import json
import random

import pytest

from kabetopo_nb.core.simulation import random_simulation
from kabetopo_nb.core.verdict import SaveFormatError
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.rules import SOUTH
from kabetopo_nb.kabetopo.scenarios import all_scenarios
from kabetopo_nb.kabetopo.scoring import TADAIMA, score_round


def save(start: str, actions: tuple[str, ...] = ()) -> str:
    return json.dumps({"format": "kabetopo-nb-save", "version": 1, "game": "kabetopo",
                       "start": start, "actions": list(actions)})


def refused(start: str) -> SaveFormatError:
    with pytest.raises(SaveFormatError) as info:
        KabetopoState.load(save(start))
    assert info.value.path == "$.start"
    return info.value


# --- the example: a Tadaima nobody declared ------------------------------------------

def test_south_cannot_score_a_first_place_tadaima_without_an_action():
    forged = "homes=Sa1"  # South's runner still stands on its start, f1, with no stone
    # what the save would pay if it loaded: 3 points for a first place
    assert score_round(KabetopoState.from_text(forged).position, partial=True).line(TADAIMA, SOUTH) == 3
    err = refused(forged)
    assert "K-ROUND-1: homes=Sa1" in str(err) and "stands on f1" in str(err)
    # the same with South's runner moved onto a1 by hand: still no stone, still no Tadaima
    err = refused("runners=Ef6,Sa1,Wa1,Na6;homes=Sa1")
    assert "K-ROUND-1: homes=Sa1" in str(err) and "carries 0 of the 1 stone" in str(err)


# --- every forged field -----------------------------------------------------------------------

V2 = "rules=kabetopo-2p;"
MISCHIEF = "rules=kabetopo-mp-v3+mischief;"
INTERIM = "rules=kabetopo-2p-interim;"

FORGED = [
    # homes (K-ROUND-1, K-ROUND-2)
    ("homes-runner-elsewhere", "homes=Sa1", "K-ROUND-1", "homes=Sa1", "stands on f1"),
    ("homes-without-its-stone", "runners=Ef6,Sa6,Wa1,Na6;homes=Sa6", "K-ROUND-1", "homes=Sa6", "carries 0 of the 1"),
    ("homes-on-its-own-start", "runners=Ef6,Sf1+1,Wa1,Na6;stones=3;order=S;homes=Sf1", "K-ROUND-1", "homes=Sf1",
     "starting corner"),
    ("homes-not-a-corner", "runners=Ef6,Sc3+1,Wa1,Na6;stones=3;order=S;homes=Sc3", "K-ROUND-1", "homes=Sc3",
     "c3 is none"),
    ("homes-twice", "runners=Ef6,Sa6+1,Wa1,Na6;stones=3;order=S;homes=Sa6,Sa6", "K-ROUND-1", "homes=Sa6",
     "listed twice"),
    ("homes-without-its-second-stone", V2 + "runners=Ef1+1,Wa6;stones=1,2;order=E;halfway=Ea1;homes=Ef1;turn=W",
     "K-ROUND-1", "homes=Ef1", "carries 1 of the 2"),
    ("homes-beyond-the-round", INTERIM + "runners=Ef1+1,Wa6+1;stones=2;order=E,W;homes=Ef1,Wa6;phase=over",
     "K-ROUND-2", "homes lists 2", "ends once 1"),
    ("homes-and-the-round-goes-on", INTERIM + "runners=Ef1+1,Wa6;stones=3;order=E;homes=Ef1;turn=W", "K-ROUND-2",
     "homes lists 1", "yet phase=main"),
    ("homes-and-the-turn-goes-on", "runners=Ef6,Sa6+1,Wa1,Na6;stones=3;order=S;homes=Sa6;turn=S;phase=extras",
     "K-ROUND-1", "homes", "ends its turn"),
    # order and stones (K-MTN-4)
    ("order-stones-never-taken", "order=S,S", "K-MTN-4", "order", "carries 0 stone"),
    ("order-more-than-missing", "runners=Ec4+1,Sf1,Wa1,Na6;order=E", "K-MTN-4", "order records 1", "0 are missing"),
    ("order-missing-a-carried-stone", "runners=Ec4+1,Sf1,Wa1,Na6;stones=3", "K-MTN-4", "order lists E 0",
     "carries 1 stone"),
    ("order-another-seat", "runners=Ec4+1,Sf1,Wa1,Na6;stones=3;order=S", "K-MTN-4", "order lists S 1",
     "carries 0 stone"),
    ("stones-above-the-start", V2 + "runners=Ec5+1,Wa1;stones=3,0;order=E", "K-MTN-4", "stones: c4 holds 3",
     "starts the round with 2"),
    # halfway (K-ROUND-1: only kabetopo-2p, after the first stone, on a corner, once)
    ("halfway-in-a-ruleset-without-it", "halfway=Ea1", "K-ROUND-1", "halfway=Ea1", "no Halfway Home"),
    ("halfway-without-a-stone", V2 + "halfway=Ea1", "K-ROUND-1", "halfway=Ea1", "carries no stone"),
    ("halfway-not-a-corner", V2 + "runners=Ec3+1,Wa1;stones=1,2;order=E;halfway=Ec3", "K-ROUND-1", "halfway=Ec3",
     "c3 is none"),
    ("halfway-twice", V2 + "runners=Ec4+1,Wa1;stones=1,2;order=E;halfway=Ea1,Ea6", "K-ROUND-1", "halfway=Ea6",
     "listed twice"),
    # stopped (KNB-8)
    ("stopped-without-mischief", "runners=Ef6,Sa6+1,Wa1,Na6;stones=3;order=S;homes=Sa6;stopped=S", "KNB-8",
     "stopped=S", "without it"),
    ("stopped-before-tadaima", MISCHIEF + "stopped=W", "KNB-8", "stopped=W", "has not declared Tadaima"),
    # the round's end (K-ROUND-2) and the Field Setup (K-SETUP-2)
    ("over-with-everyone-racing", "phase=over", "K-ROUND-2", "phase=over", "E,S,W,N still race"),
    ("setup-with-a-stone-taken", "runners=Ec4+1,Sf1,Wa1,Na6;stones=3;order=E;phase=setup;setup=0", "K-SETUP-2",
     "phase=setup", "order"),
]


@pytest.mark.parametrize("text, ruling, field, words", [f[1:] for f in FORGED], ids=[f[0] for f in FORGED])
def test_a_forged_scoring_field_is_a_problem_naming_it(text, ruling, field, words):
    found = [p for p in KabetopoState.from_text(text).problems() if p.startswith(f"{ruling}: ") and field in p]
    assert found and any(words in p for p in found), KabetopoState.from_text(text).problems()


@pytest.mark.parametrize("text, ruling, field, words", [f[1:] for f in FORGED], ids=[f[0] for f in FORGED])
def test_a_save_starting_from_a_forged_scoring_field_is_refused(text, ruling, field, words):
    err = refused(text)
    assert f"{ruling}: " in str(err) and field in str(err) and words in str(err)


def test_a_forged_end_cannot_be_scored_through_a_save():
    # a 2-player round "won" by East without any of it on the board
    err = refused(INTERIM + "homes=Ef1;phase=over;turn=W")
    assert "homes=Ef1" in str(err) and "stands on f6" in str(err)


# --- what play reaches is never refused ---------------------------------------------------------

AGREEING = [
    # South home on North's corner, sharing it with North's runner; West to move
    "runners=Ef6,Sa6+1,Wa1,Na6;stones=3;order=S;homes=Sa6;turn=W",
    # three Tadaimas end a 4-player round; North is still out, on the Mountain with its stone
    "runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=E,S,W,N;homes=Ef1,Sf6,Wa6;turn=N;phase=over",
    # 2-player v2.0: Halfway Home on any corner, its own start included
    V2 + "runners=Ec4+1,Wa1;stones=1,2;order=E;halfway=Ef6;turn=W",
    V2 + "runners=Ef1+2,Wa6+2;stones=0,0;order=E,W,E,W;halfway=Ea1,Wf6;homes=Ef1;turn=W;phase=over",
    INTERIM + "runners=Ef1+1,Wa6+1;stones=2;order=E,W;homes=Ef1;turn=W;phase=over",
    # Mischief: a finished player stops
    MISCHIEF + "runners=Ea1+1,Sb2,Wa2,Nb1+1;stones=2;order=E,N;homes=Ea1;stopped=E;turn=S",
    # a stone left out of the game (as every hand-made count below the box, K-INV-4)
    "runners=Ec4+1,Sf1,Wa1,Na6;stones=2;order=E",
]


@pytest.mark.parametrize("text", AGREEING)
def test_scoring_fields_that_agree_with_the_board_are_no_problem(text):
    assert KabetopoState.from_text(text).problems() == []
    KabetopoState.load(save(text))


def test_the_round_that_ended_with_runners_out_of_the_race_is_no_problem():
    sc = next(s for s in all_scenarios()["round"] if s.name == "runners-that-can-never-finish-end-the-round")
    end = sc.result()
    assert end.position.stranded and end.is_terminal()
    assert end.problems() == []


RULESETS = [
    Rules.named("kabetopo-4p"),
    Rules.named("kabetopo-4p", leap_into_portal=True, king_of_the_mountain=True, speed_any_turn=True),
    Rules.named("kabetopo-3p"),
    Rules.named("kabetopo-3p", play_to_last_tadaima=True),
    Rules.named("kabetopo-2p"),
    Rules.named("kabetopo-2p-interim"),
    Rules.named("kabetopo-mp-v3"),
    Rules.named("kabetopo-mp-v3", mischief=True),
    Rules.named("kabetopo-mp-v3-3p", mischief=True, play_to_last_tadaima=True),
]


def no_problems(state, action) -> None:
    problems = state.problems()
    assert not problems, f"after {action}: {state.to_text()}: {problems}"


@pytest.mark.parametrize("rules", RULESETS, ids=[r.describe() for r in RULESETS])
def test_seeded_random_rounds_never_reach_a_problem(rules):
    # every action of whole rounds, from the setup rolls to the end (some end with runners
    # out of the race); problems() must stay empty throughout
    report = random_simulation(lambda seed: KabetopoState.new_round(rules, seed=seed), seed=5000, rounds=4,
                               max_actions=4000, check=no_problems, save_every_step_rounds=0, max_rounds=4)
    assert report.completed == 4 and report.cut_off == 0, report


@pytest.mark.parametrize("rules", RULESETS, ids=[r.describe() for r in RULESETS])
def test_seeded_rounds_that_keep_their_resources_never_reach_a_problem(rules):
    # uniform random play spends every pool early, so finished players seldom have Mischief
    # left: here players mostly move, get home with resources and take Mischief turns
    seen = {"homes": 0, "stopped": 0, "mischief turns": 0}
    for seed in range(6):
        s = KabetopoState.new_round(rules, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = list(s.legal_actions)
            moves = [a for a in legal if a.is_move]
            action = rng.choice(moves if moves and rng.random() < 0.9 else legal)
            if s.position.phase == "main" and s.position.is_finished(s.position.turn):
                seen["mischief turns"] += 1
                stop = [a for a in legal if str(a) == "stop"]
                action = stop[0] if stop and rng.random() < 0.25 else action
            s.apply(action)
            no_problems(s, action)
        seen["homes"] += len(s.position.homes)
        seen["stopped"] += len(s.position.stopped)
    assert seen["homes"] >= 6, seen
    if rules.mischief:
        assert seen["mischief turns"] and seen["stopped"], seen


def test_a_runner_out_of_the_race_never_comes_home():
    """KNB-14: the engine puts a runner out looking one drop or swing ahead; in this seeded
    game a way opened later and the runner came home as a Tadaima, leaving a position the
    notation refuses ("home and stranded").  A runner out stays out: no Tadaima."""
    rules = Rules.named("kabetopo-mp-v3", mischief=True)
    seed = 20143  # found by seeded play that mostly moves
    s = KabetopoState.new_round(rules, seed=seed)
    rng = random.Random(seed)
    p_move = rng.choice([0.5, 0.8, 0.95])
    while not s.is_terminal() and s.position.turns_played < 400:
        legal = list(s.legal_actions)
        moves = [a for a in legal if a.is_move]
        s.apply(rng.choice(moves if moves and rng.random() < p_move else legal))
        pos = s.position
        assert not [seat for seat in pos.stranded if pos.is_finished(seat)], s.to_text()
        KabetopoState(s.to_text())  # every position of the game reads back
