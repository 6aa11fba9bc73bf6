"""Resources and the board's invariants: K-INV-1..5, K-LOCK-1, K-GEO-3, empty pools.

Each test sets up a small position where the ruling matters and checks the allowed side
and the refused side (refused with the ruling's ID, and ``apply`` leaving the state
unchanged).  The same positions are told as scenarios in
``kabetopo_nb/data/scenarios/resources.scn``, ``locks.scn`` and ``invariants.scn``.
"""
import random

import pytest

from kabetopo_nb.core.verdict import NotationError
from kabetopo_nb.kabetopo import Action, KabetopoState, Rules
from kabetopo_nb.kabetopo.position import count_pieces

from helpers import assert_illegal, assert_legal, state

PORTALS = "lines=P*e3n,P*b2e"


def drops(s: KabetopoState) -> list[str]:
    return [a for a in s.legal_actions.names() if a.split()[0] in ("wall", "monolith", "portal", "lock")]


# --- K-INV-1: the three invariants ------------------------------------------------------------


def test_K_INV_1a_every_corner_stays_reachable():
    s = state("lines=Wa1n;runners=Ef6,Sf1,Wb2,Na6;pools=W:w2m1p1l1s1;turn=W")
    assert_illegal(s, "wall a1e", "K-INV-1", "(a)")
    assert_illegal(s, "monolith a1e", "K-INV-1", "(a)")
    assert_legal(s, "wall a2e", "K-INV-1")
    assert_legal(s, "wall b1n")


def test_K_INV_1a_teleports_count_as_a_way_in():
    region = "lines=Wa2n,Wb2n,Wb1e,Pa2e,P*e3n;locks=a2e;runners=Ef6,Sf1,Wa1,Na6;pools=W:w0m1p0l0s1;turn=E"
    s = state(region)
    assert_legal(s, "wall b2e")  # a1..b2 closed on foot, but b2w still leads into a portal
    s.apply("wall b2e")
    assert_illegal(s, "lock b2w", "K-INV-1", "(a)")  # the last way in
    assert_legal(s, "lock e3n")
    # without any portal in the region the same wall is refused
    s = state("lines=Wa2n,Wb2n,Wb1e,P*e3n;runners=Ef6,Sf1,Wa3,Na6;pools=W:w0m1p1l1s1;turn=E")
    assert_illegal(s, "wall b2e", "K-INV-1", "(a)")


def test_K_INV_1b_no_runner_shut_in_an_unlocked_portal_side_is_a_way_out():
    s = state("lines=Wb3n,Wa3e,Wb2n,P*b3e,P*e3n;runners=Ef6,Sf1,Wb3,Na6;pools=W:w0m1p1l1s1;turn=W")
    assert_legal(s, "teleport b3e")
    assert_illegal(s, "lock b3e", "K-INV-1", "(b)")
    assert_legal(s, "lock c3w", "K-INV-1")  # the far side: West still gets out
    # walls shut in as well as locks do
    s = state("lines=Wb3n,Wa3e,P*e3n;runners=Ef6,Sf1,Wb3,Na6;pools=W:w1m1p1l1s1;turn=W")
    assert_legal(s, "wall b2n")
    s = state("lines=Wb3n,Wa3e,Wb2n,P*e3n;runners=Ef6,Sf1,Wb3,Na6;pools=W:w0m1p1l1s1;turn=W")
    assert_illegal(s, "monolith b3e", "K-INV-1", "(b)")
    assert_legal(s, "portal b3e")  # an unlocked portal is no block


def test_K_INV_1c_mountain_at_most_two_lines_blocked():
    s = state("lines=Wc4n,Wb4e,P*e3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w1m1p1l1s1,W:w1m1p1l1s1;turn=E")
    assert_illegal(s, "wall c4e", "K-INV-1", "(c)")
    assert_illegal(s, "monolith c3n", "K-INV-1", "(c)")
    assert_legal(s, "portal c4e")  # an unlocked portal does not count
    assert_legal(s, "wall d4e")
    s.apply("portal c4e")
    s = state("lines=Wc4n,Wb4e,Pc4e,P*e3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w1m1p0l1s1,W:w1m1p1l1s1;turn=E")
    assert_illegal(s, "lock c4e", "K-INV-1", "(c)")  # locked on its Mountain side: a block
    assert_legal(s, "lock d4w")  # locked on the far side: not a block of the Mountain


# --- K-INV-2: portals off the boundary and the corners' lines ------------------------------


def test_K_INV_2_portals_never_on_corner_lines_or_the_boundary():
    s = state("runners=Ef5,Sf1,Wa1,Na6;turn=E")
    for line in ("e6e", "f5n", "a1n", "a1e", "e1e", "f1n", "a5n", "a6e"):
        assert_illegal(s, f"portal {line}", "K-INV-2")
    assert_legal(s, "portal e5e")
    assert_legal(s, "portal f4n")
    assert_legal(s, "wall e6e")  # the corner rule of K-INV-2 is for portals
    portals = [a for a in s.legal_actions.names() if a.startswith("portal ")]
    assert len(portals) == 60 - 8  # every line but the eight corner lines
    with pytest.raises(NotationError, match="boundary"):
        Action.parse("portal f6e")


# --- K-INV-3: unlocking ------------------------------------------------------------------------


def test_K_INV_3_unlocking_spends_a_lock_and_both_leave_play():
    s = state(f"{PORTALS};locks=e4s;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0,S:w3m1p1l0s1;turn=E")
    before = count_pieces(s.position)["locks"]
    assert_illegal(s, "unlock e3n", "K-INV-3", "no lock")  # the other side of that line is free
    assert_illegal(s, "unlock b2e", "K-INV-3")
    assert_legal(s, "unlock e4s", "K-INV-3")
    s.apply("unlock e4s")
    assert s.position.locks == 0 and s.position.locks_out == 2
    assert s.position.pools[0][3] == 0
    assert count_pieces(s.position)["locks"] == before == 4


def test_K_INV_3_unlocking_needs_a_lock_in_the_pool():
    s = state(f"{PORTALS};locks=e4s;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l0s1;turn=E")
    assert_illegal(s, "unlock e4s", "K-INV-3", "none")


# --- K-INV-4: conservation -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["kabetopo-4p", "kabetopo-3p"])
def test_K_INV_4_every_piece_is_in_exactly_one_place(ruleset):
    rng = random.Random(4)
    totals = Rules.named(ruleset).totals()
    kinds_seen = set()
    for seed in range(3):
        s = KabetopoState.new_round(ruleset, seed=seed)
        for _ in range(250):
            counts = count_pieces(s.position)
            assert set(counts) <= set(totals)
            assert counts == {k: totals[k] for k in counts}, s.to_text()
            if s.is_terminal():
                break
            actions = list(s.legal_actions)
            resources = [a for a in actions if a.kind in ("wall", "monolith", "portal", "lock", "unlock")]
            action = rng.choice(resources if resources and rng.random() < 0.5 else actions)
            kinds_seen.add(action.kind)
            s.apply(action)
    assert {"wall", "monolith", "portal", "lock", "step"} <= kinds_seen


def test_K_INV_4_too_many_pieces_is_not_a_valid_position():
    # the walls' pools are written (East's differs from the start): 11 in the pools + 2 on the board
    s = state("lines=Wc3n,Wd3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w2m1p1l1s1;turn=E")
    assert any("K-INV-4" in p for p in s.problems()) and not s.is_valid()
    s = state("lines=Wc3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w2m1p1l1s1;turn=E")
    assert s.problems() == [] and s.is_valid()
    # KNB-17: pools all left at their defaults are not counted (issue 25 item 17)
    assert state("lines=Wc3n;runners=Ef6,Sf1,Wa1,Na6;turn=E").problems() == []


# --- K-INV-5: when the invariants are checked ----------------------------------------------


POCKET_DOOR = ("lines=Wc4n,Wb5e,Wc5e,Wc5n,Wb5n,Wd5n;runners=Ec4+1,Sf1,Wa1,Na6;"
               "pools=E:w3m1p1l1s0,S:w0m1p1l1s0,W:w0m1p1l1s0,N:w3m1p1l1s0;stones=3;order=E;turn=E")


def test_K_INV_5_a_runner_in_a_pocket_blocks_every_drop_until_it_leaves():
    s = state(POCKET_DOOR)
    assert drops(s)  # before: the usual drops
    assert_legal(s, "step c5", "K-MTN-2")  # plain moves are not checked
    s.apply("step c5")  # down from the Mountain into a pocket closed by walls and a door
    assert s.current_seat == "South"
    assert drops(s) == []
    assert_illegal(s, "monolith a3n", "K-INV-1", "East's runner on c5")
    assert_illegal(s, "portal a3n", "K-INV-1")
    s.apply("step e1")
    s.apply("step b1")
    assert drops(s) == [] and s.current_seat == "North"
    assert_illegal(s, "wall a3n", "K-INV-1")
    s.apply("step b6")
    # East leaves through the door (a door swing is checked, and this one keeps the board valid)
    assert_legal(s, "door c5n c6w")
    s.apply("door c5n c6w")
    assert s.current_seat == "South"
    assert "monolith a3n" in s.legal_actions  # drops are back


def test_K_INV_5_unlocking_is_not_checked():
    s = state("lines=Wc4n,Wc5n,Wc5e,Wb5e,P*e3n,P*b2e;locks=e4s;runners=Ec5+1,Sf1,Wa1,Na6;"
              "pools=E:w1m1p1l1s1,S:w1m1p1l0s1;stones=3;order=E;turn=E")
    assert s.legal_actions.names() == ["unlock e4s"]
    assert_illegal(s, "lock e3n", "K-INV-1")
    assert_illegal(s, "pass", "K-TURN-5")  # the unlock is a legal action, so no pass
    s.apply("unlock e4s")
    assert s.position.locks == 0


ONE_WAY = "lines=Wa5n,Wb5n,Wc4n,Wb5e,Wc5e;pools=S:w0m1p1l1s1,W:w1m1p1l1s1;turn=E"


def test_K_INV_5_finished_runners_are_checked_too():
    # a6..c6 and c5 can be entered only by stepping down from the Mountain
    s = state(ONE_WAY + ";runners=Ef6,Sf1,Wa1,Nb2")
    assert_legal(s, "wall c6e")  # nobody inside: every runner still reaches every target
    s = state(ONE_WAY + ";runners=Ef6,Sa6+1,Wa1,Nb2;stones=3;order=S;homes=Sa6")
    assert_illegal(s, "wall c6e", "K-INV-1", "South's runner on a6")
    assert_legal(s, "wall d6e")


# --- K-LOCK-1 and K-GEO-3: where locks and pieces stand -------------------------------------------

DOOR = "lines=Wa3n,Wb3n,Wc3n,Wd5e,P*e3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w0m1p1l1s0,S:w2m1p1l1s1"


def test_K_LOCK_1_locks_only_on_portal_or_door_lines():
    s = state(DOOR + ";turn=E")
    for side in ("b3n", "b4s", "e3n", "e4s"):  # the door b3n and the portal e3n
        assert_legal(s, f"lock {side}", "K-TURN-2")
    assert_illegal(s, "lock a3n", "K-LOCK-1")  # a wall but not a door (the boundary is no continuation)
    assert_illegal(s, "lock d5e", "K-LOCK-1")  # a plain wall
    assert_illegal(s, "lock c4n", "K-LOCK-1")  # an empty line
    locks = [a for a in s.legal_actions.names() if a.startswith("lock ")]
    assert sorted(locks) == ["lock b3n", "lock b4s", "lock e3n", "lock e4s"]


def test_K_LOCK_1_a_door_locked_on_one_side_takes_a_lock_on_the_other():
    s = state(DOOR.replace("S:w2m1p1l1s1", "S:w2m1p1l0s1") + ";locks=b3n;turn=E")
    assert_illegal(s, "lock b3n", "K-LOCK-1")
    assert_legal(s, "lock b4s")
    s.apply("lock b4s")
    assert "locks=b3n,b4s" in s.to_text()


def test_K_LOCK_1_unlocking_removes_any_one_lock_a_door_lock_included():
    s = state(DOOR.replace("S:w2m1p1l1s1", "S:w2m1p1l0s1") + ";locks=b3n,e4s;turn=E")
    assert_legal(s, "unlock b3n", "K-INV-3")
    assert_legal(s, "unlock e4s", "K-INV-3")
    s.apply("unlock b3n")
    assert "locks=e4s" in s.to_text() and s.position.locks_out == 2


def test_K_GEO_3_one_piece_per_line():
    s = state("lines=Wb2n,P*e3n;runners=Ef6,Sf1,Wa1,Na6;pools=S:w2m1p1l1s1;turn=E")
    assert_illegal(s, "wall b2n", "K-GEO-3")
    assert_illegal(s, "portal b3s", "K-GEO-3")  # the same line, named from b3
    assert_illegal(s, "monolith e3n", "K-GEO-3")
    assert_legal(s, "wall b3n")
    assert_legal(s, "monolith b2e")
    with pytest.raises(NotationError, match="K-GEO-3"):
        state("lines=Wb2n,Mb3s;runners=Ef6,Sf1,Wa1,Na6;pools=S:w2m0p1l1s1;turn=E")


def test_drops_are_refused_when_the_pool_is_empty():
    s = state("lines=Wb2n,We2n,Wd5e,Ma4e,Pd2e,P*e3n;locks=e4s;runners=Ef6,Sf1,Wa1,Na6;"
              "pools=E:w0m0p0l0s0;turn=E")
    assert sorted(s.legal_actions.names()) == ["step e6", "step f5"]
    for action in ("wall c3n", "monolith c3n", "portal c3n", "lock e3n"):
        assert_illegal(s, action, "K-TURN-1", "no ")
    assert_illegal(s, "unlock e4s", "K-INV-3")
    # South, with a full pool, may drop each kind on the same lines
    s = state("lines=Wb2n,We2n,Wd5e,Ma4e,Pd2e,P*e3n;locks=e4s;runners=Ef6,Sf1,Wa1,Na6;"
              "pools=E:w0m0p0l0s0;turn=S")
    for action in ("wall c3n", "monolith c3n", "portal c3n", "lock e3n", "unlock e4s"):
        assert_legal(s, action)
