"""KNB-11 and K-ROUND-4: a round that can no longer end.  Who is still in the race
(``kabetopo/race.py``).

A runner that can never reach its next target, whatever anyone does, is stranded: out of
the race, still on the board (K-INV-5 still counts it), and its player keeps taking turns
(K-ROUND-4; KNB-11 used to skip them).
The round ends when nobody still racing is left.  Each test has both sides: a runner that
looks stuck but can still be freed (an unlock, one portal drop, one door swing) stays in.
"""
from __future__ import annotations

import random

import pytest

from kabetopo_nb.core.verdict import InvalidPositionError
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.engine import _only_pass
from kabetopo_nb.kabetopo.race import deadlocked, next_targets, stranded
from kabetopo_nb.kabetopo.scenarios import all_scenarios
from kabetopo_nb.kabetopo.scoring import score_round

from helpers import assert_illegal, sq, state

SCENARIOS = {sc.name: sc for scs in all_scenarios().values() for sc in scs}
EMPTY_POOLS = "pools=E:w0m0p0l0s0,S:w0m0p0l0s0,W:w0m0p0l0s0,N:w0m0p0l0s0"
# East walled into b5-c5 (a pocket of two squares); two portals elsewhere on the board
POCKET = "Wb5n,Wc5n,Wa5e,Wc5e,Wb4n,Wc4n,Pa2n,Pf4n"


def test_the_seeded_round_that_never_ended_now_ends():
    s = SCENARIOS["runners-that-can-never-finish-end-the-round"].result()
    assert s.is_terminal() and s.position.stranded == [2, 3]
    assert "K-ROUND-4" in s.decision.detail
    score = score_round(s.position)  # scored like any round: West and North did not get home
    assert [t.seat for t in score.tadaima] == [0, 1]


def test_a_stranded_player_keeps_taking_turns_and_its_runner_still_counts():
    s = SCENARIOS["moves-are-not-checked-but-drops-are"].result()
    assert s.position.stranded == [0] and s.current_seat == "South"
    assert_illegal(s, "wall a3n", "K-INV-1")  # K-INV-5 still counts East's runner
    seen = []
    rng = random.Random(1)
    while len(seen) < 9:
        if s.decision.kind == "main action":
            seen.append(s.current_seat)
            if s.current_seat == "East":  # walled in: a pass is all it has (K-TURN-5, KNB-5)
                assert s.legal_actions.names() == ["pass"]
        s.apply(rng.choice([a for a in s.legal_actions if a.is_move] or list(s.legal_actions)))
    assert seen[:8] == ["South", "West", "North", "East"] * 2  # K-ROUND-4: nobody is skipped
    assert s.position.stranded == [0]


def test_a_stranded_player_with_resources_still_has_real_choices():
    s = SCENARIOS["out-of-the-race-but-not-out-of-the-game"].result()
    assert s.position.stranded == [3] and s.current_seat == "North"
    kinds = {a.kind for a in s.legal_actions}
    assert {"step", "wall", "monolith", "portal"} <= kinds, kinds
    s.apply("wall d5e")  # North walls West in a little: still its runner is out
    assert s.position.stranded == [3] and not s.is_terminal()


def test_one_portal_drop_could_free_the_runner_so_it_stays_in():
    text = f"lines={POCKET};runners=Ec5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m0p1l0s0,W:w0m0p0l0s0,N:w0m0p0l0s0;turn=S"
    s = state(text)
    assert not stranded(s.position, 0)
    assert "portal b5e" in s.legal_actions  # South may drop it (the drop restores K-INV-1)
    # without a portal in any pool nothing can free East
    s = state(text.replace("S:w0m0p1l0s0", "S:w0m0p0l0s0"))
    assert stranded(s.position, 0)


def test_two_runners_in_two_pockets_cannot_both_be_freed_by_one_drop():
    # West is walled into e2-e3: a single portal drop frees one pocket or the other, never
    # both, and K-INV-5 refuses any drop after which K-INV-1 fails, so neither is ever freed
    s = state(f"lines={POCKET},We3n,Wd3e,We3e,Wd2e,We2e,We1n;runners=Ec5,Sf1,We2,Na6;"
              "pools=E:w0m0p0l0s0,S:w0m0p1l0s0,W:w0m0p0l0s0,N:w0m0p0l0s0;turn=S")
    assert stranded(s.position, 0) and stranded(s.position, 2)
    assert not any(a.kind == "portal" for a in s.legal_actions)
    s.apply("step e1")
    assert s.position.stranded == [0, 2] and s.current_seat == "West"  # K-ROUND-4: West still plays


def test_an_unlock_could_free_the_runner_so_it_stays_in():
    # East's pocket joins the rest only through the portal on c5e, locked on East's side;
    # South holds a lock, so it may unlock (never checked, K-INV-5) and open the way
    base = "lines=Wb5n,Wc5n,Wa5e,Wb4n,Wc4n,Pc5e,Pa2n;locks=c5e;runners=Ec5,Sf1,Wa1,Na6"
    s = state(base + ";pools=E:w0m0p0l0s0,S:w0m0p0l1s0,W:w0m0p0l0s0,N:w0m0p0l0s0;turn=S")
    assert not stranded(s.position, 0) and "unlock c5e" in s.legal_actions
    s = state(base + f";{EMPTY_POOLS};turn=S")
    assert stranded(s.position, 0)


def test_a_door_could_free_the_runner_so_it_stays_in():
    s = SCENARIOS["leaving-the-pocket-frees-the-drops"].state()
    pos = s.position
    assert all(not stranded(pos, seat) for seat in pos.rules.seats)


def test_next_targets_follow_the_objectives():
    s = state("runners=Ec5,Sf1+1,Wa1,Na6;stones=3;order=S;turn=E")
    assert next_targets(s.position, 0) == 1 << sq("c4")  # a stone first
    assert next_targets(s.position, 1) == sum(1 << sq(c) for c in ("a1", "a6", "f6"))  # a corner, not f1
    s = state("rules=kabetopo-2p;runners=Ec5+1,Wa1;stones=1,2;order=E;turn=E")
    assert next_targets(s.position, 0) == sum(1 << sq(c) for c in ("a1", "f1", "a6", "f6"))  # Halfway Home
    s = state("rules=kabetopo-2p;runners=Ec5+1,Wa1;stones=1,2;order=E;halfway=Ea1;turn=E")
    assert next_targets(s.position, 0) == (1 << sq("c4")) | (1 << sq("d3"))  # the second stone
    s = state("runners=Ec5,Sf1,Wa1,Na6;stones=0;turn=E")  # no stone left anywhere
    assert next_targets(s.position, 0) == 0 and stranded(s.position, 0)


def test_deadlock_when_everyone_can_only_pass():
    # every runner walled in on all four sides and every pool empty: nobody has anything
    # but a pass; one runner with a free side breaks the deadlock
    walls = "Wa2n,Wa2e,Wa3n,Wb2n,Wb3n,Wa3e,Wb3e,Wc2n,Wc3e,Wc2e,Wb1n,Wc1n"
    shut = state(f"lines={walls};runners=Ea3,Sb3,Wb2,Nc2;{EMPTY_POOLS};turn=E")
    assert all(_only_pass(p) for p in _each_seat(shut.position))
    assert deadlocked(shut.position, _only_pass)
    free = state(f"lines={walls.replace(',Wc2e', '')};runners=Ea3,Sb3,Wb2,Nc2;{EMPTY_POOLS};turn=E")
    assert not deadlocked(free.position, _only_pass)


def _each_seat(pos):
    for seat in pos.rules.seats:
        q = pos.copy()
        q.turn = seat
        yield q


def test_stranded_is_part_of_the_position_text():
    s = SCENARIOS["moves-are-not-checked-but-drops-are"].result()
    text = s.to_text()
    assert ";stranded=E;" in text and KabetopoState.from_text(text).position == s.position
    with pytest.raises(InvalidPositionError, match="KNB-11"):  # home and out of the race at once
        state("runners=Ea1+1,Sf1,Wa1,Na6;stones=3;order=E;homes=Ea1;stranded=E;turn=S")


def test_a_stranded_opponent_is_unreachable_for_the_unseen_path():
    # interim 2-player game: West is walled into b5-c5; East comes home and ends the round
    s = state(f"rules=kabetopo-2p-interim;lines={POCKET};runners=Eb1+1,Wc5;"
              "pools=E:w0m0p0l0s0,W:w0m0p0l0s0;stones=3;order=E;turn=E")
    s.apply("step a1")
    assert s.is_terminal() and s.position.stranded == [2]
    score = score_round(s.position)
    assert score.unseen_path == (0, 3, None)  # no path at all: the most points (K-ROUND-3)
