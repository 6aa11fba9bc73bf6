"""Turn structure and rounds: K-TURN-1..5, K-TURN-7..11, K-ROUND-1/2, KNB-5, KNB-7.

Each test builds a small position where the ruling decides something and checks both
sides: the allowed action (legal, generated, applied with the effect the ruling describes)
and the refused one (illegal, naming the ruling, and refused by ``apply`` without any
change to the state).  The positions are also told as scenarios in
``kabetopo_nb/data/scenarios/turn.scn``, ``locks.scn`` and ``round.scn``.
"""
import pytest

from kabetopo_nb.core.verdict import NotationError
from kabetopo_nb.kabetopo import Action, KabetopoState

from helpers import assert_illegal, assert_legal, state

# Two setup portals: e3n (between e3 and e4) and b2e (between b2 and c2).
PORTALS = "lines=P*e3n,P*b2e"


def pool(s: KabetopoState, seat: str) -> str:
    """A seat's pool as written in the position text, e.g. 'w3m1p1l1s1'."""
    pools = s.to_text().split("pools=")[1].split(";")[0]
    return dict(p.split(":") for p in pools.split(","))[seat]


# --- K-TURN-1: one main action, then optional extras -------------------------------------


def test_K_TURN_1_main_action_comes_before_ending_the_turn():
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    assert s.decision.kind == "main action"
    assert_illegal(s, "end", "K-TURN-1")
    assert_legal(s, "step e6", "K-MOVE-1")
    s.apply("step e6")
    # the speed token is still there: the turn waits in the extras, where ending is allowed
    assert s.decision.kind == "extras" and s.current_seat == "East"
    assert_legal(s, "end", "K-TURN-1")
    s.apply("end")
    assert s.current_seat == "South" and s.decision.kind == "main action"


def test_K_TURN_1_one_resource_per_turn():
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    s.apply("monolith c3n")
    assert_illegal(s, "wall d3n", "K-TURN-1")
    assert_illegal(s, "monolith d3n", "K-TURN-1")
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    s.apply("step e6")
    assert_illegal(s, "wall c3n", "K-TURN-1")
    assert_illegal(s, "step d6", "K-TURN-2")  # a second plain move is no bonus either


def test_K_TURN_1_turn_ends_by_itself_when_no_extra_is_left():
    s = state("runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
    s.apply("step e6")
    assert s.current_seat == "South" and s.decision.kind == "main action"
    assert "turns=1" in s.to_text()


# --- K-TURN-2: which main actions grant a bonus -----------------------------------------


def test_K_TURN_2_monolith_grants_one_bonus_move():
    s = state("runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
    assert "K-TURN-2" in s.explain("monolith c3n").reason
    s.apply("monolith c3n")
    assert s.decision.kind == "extras" and "bonus move" in s.decision.detail
    assert_legal(s, "step e6")
    assert_legal(s, "end")
    s.apply("step e6")
    assert s.current_seat == "South"  # one bonus move only
    assert "Ee6" in s.to_text()


def test_K_TURN_2_wall_grants_nothing():
    s = state("runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
    s.apply("wall c3n")
    assert s.current_seat == "South"
    assert "Ef6" in s.to_text()


def test_K_TURN_2_lock_as_main_action_grants_one_bonus_move():
    s = state(f"{PORTALS};runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
    assert_legal(s, "lock e4s", "K-TURN-2")
    s.apply("lock e4s")
    assert s.decision.kind == "extras" and "bonus move" in s.decision.detail
    assert_legal(s, "step e6")
    s.apply("step e6")
    assert s.current_seat == "South"


def test_K_TURN_2_portal_on_own_square_grants_a_bonus_teleport_only():
    s = state(f"{PORTALS};runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
    s.apply("portal e3e")  # the east line of East's own square
    assert "bonus teleport" in s.decision.detail
    assert_legal(s, "teleport e3e")
    assert_legal(s, "teleport e3n")
    assert_illegal(s, "step d3", "K-TURN-9")
    assert_illegal(s, "step e2", "K-TURN-9")
    s.apply("teleport e3n")
    s.apply("exit c2w")
    assert "Ec2" in s.to_text()


def test_K_TURN_2_portal_away_from_own_square_grants_nothing():
    s = state(f"{PORTALS};runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
    s.apply("portal d3n")  # d3n does not touch e3
    assert s.current_seat == "South"
    assert "Ee3" in s.to_text()


def test_K_TURN_2_unlock_grants_nothing_even_with_a_speed_token():
    s = state(f"{PORTALS};locks=e4s;runners=Ef6,Sf1,Wa1,Na6;pools=S:w3m1p1l0s1;turn=E")
    assert_legal(s, "unlock e4s", "K-INV-3")
    s.apply("unlock e4s")
    assert s.current_seat == "South" and s.decision.kind == "main action"
    assert pool(s, "E") == "w3m1p1l0s1"  # the lock is spent, the speed token is not


# --- K-TURN-3 and K-TURN-11: when the speed token may be cashed in ----------------------------


def test_K_TURN_3_speed_token_needs_a_turn_with_a_move():
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    s.apply("wall c3n")
    assert s.current_seat == "South"
    assert pool(s, "E") == "w2m1p1l1s1"  # the token stays unused
    # and a hand-made extras phase after a plain drop refuses it for K-TURN-3
    s = state("lines=Wc3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w2m1p1l1s1;turn=E;phase=extras")
    assert_illegal(s, "speed step e6", "K-TURN-3")
    assert s.legal_actions.names() == ["end"]


def test_K_TURN_3_speed_after_a_move_gives_one_extra_move_never_a_drop():
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    s.apply("step e6")
    assert_legal(s, "speed step d6")
    assert_illegal(s, "wall c3n", "K-TURN-1")
    s.apply("speed step d6")
    assert "Ed6" in s.to_text() and pool(s, "E") == "w3m1p1l1s0"


def test_K_TURN_3_option_speed_any_turn():
    base = "runners=Ef6,Sf1,Wa1,Na6;turn=E"
    s = state("rules=kabetopo-4p+speed-any-turn;" + base)
    s.apply("wall c3n")
    assert s.decision.kind == "extras" and "speed token" in s.decision.detail
    assert_legal(s, "speed step e6")
    assert_illegal(s, "step e6", "K-TURN-2")
    s = state("rules=kabetopo-4p+speed-any-turn;" + PORTALS + ";locks=e4s;" + base + ";pools=S:w3m1p1l0s1")
    s.apply("unlock e4s")
    assert_legal(s, "speed step e6")
    # the default refuses the same turn
    s = state(PORTALS + ";locks=e4s;" + base + ";pools=S:w3m1p1l0s1")
    s.apply("unlock e4s")
    assert s.current_seat == "South"


@pytest.mark.parametrize("drop, where", [
    ("monolith c3n", "runners=Ef6,Sf1,Wa1,Na6"),
    ("lock e4s", "runners=Ef6,Sf1,Wa1,Na6"),
    ("portal e3e", "runners=Ee3,Sf1,Wa1,Na6"),
])
def test_K_TURN_11_speed_after_a_bonus_granting_drop_owes_the_bonus(drop, where):
    s = state(f"{PORTALS};{where};turn=E")
    s.apply(drop)
    speed = [a for a in s.legal_actions.names() if a.startswith("speed ")]
    assert speed, f"after {drop} the speed token should be offered (K-TURN-11: the bonus can follow)"
    s.apply(speed[0])
    while s.decision.kind in ("exit choice", "bump destination"):  # a speed teleport: its exit first
        s.apply(list(s.legal_actions)[0])
    assert s.current_seat == "East" and s.position.bonus != 0  # the bonus is still open ...
    assert pool(s, "E").endswith("s0")
    assert_illegal(s, "end", "K-TURN-11")  # ... and owed: the speed move never stands alone
    bonus = [a for a in s.legal_actions if a.is_move]
    assert bonus and all(not a.speed for a in bonus)


# --- K-TURN-4: lock it behind you ------------------------------------------------------------


def test_K_TURN_4_lock_behind_you_costs_no_move_grants_none_once_per_turn():
    s = state(f"{PORTALS};runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l2s1,S:w3m1p1l0s1;turn=E")
    s.apply("teleport e3n")
    s.apply("exit c2w")
    assert "lock it behind you" in s.decision.detail
    assert_legal(s, "lock e4s", "K-TURN-4")
    s.apply("lock e4s")
    assert s.decision.kind == "extras" and "bonus" not in s.decision.detail
    assert_illegal(s, "step c3", "K-TURN-2")  # no lock bonus move
    assert_illegal(s, "lock b2e", "K-TURN-4")  # once per turn, though a lock is left
    assert_legal(s, "speed step c3")  # it cost no move: the speed move is still there
    assert pool(s, "E") == "w3m1p1l1s1"


def test_K_TURN_4_lock_behind_you_takes_a_lock_from_the_pool():
    s = state(f"{PORTALS};locks=e4s;runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l0s1;turn=E")
    s.apply("teleport e3n")
    s.apply("exit c2w")
    assert_illegal(s, "lock b2e", "K-TURN-4")
    s = state(f"{PORTALS};runners=Ee3,Sf1,Wa1,Na6;turn=E")
    s.apply("teleport e3n")
    s.apply("exit c2w")
    s.apply("lock b2e")
    assert pool(s, "E") == "w3m1p1l0s1" and "locks=b2e" in s.to_text()


# --- K-TURN-5, KNB-5: order of play and passing ----------------------------------------------


def test_K_TURN_5_order_east_south_west_north():
    s = state("runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0,S:w3m1p1l1s0,W:w3m1p1l1s0,N:w3m1p1l1s0;turn=E")
    seen = []
    for move in ("step e6", "step e1", "step b1", "step b6"):
        seen.append(s.current_seat)
        s.apply(move)
    assert seen == ["East", "South", "West", "North"]
    assert s.current_seat == "East"


def test_K_TURN_5_three_players_skip_the_absent_north():
    s = state("rules=kabetopo-3p;runners=Ef6,Sf1,Wa1;pools=E:w3m1p1l1s0,S:w3m1p1l1s0,W:w3m1p1l1s0;turn=W")
    s.apply("step b1")
    assert s.current_seat == "East"


def test_K_TURN_5_finished_players_are_skipped():
    s = state("runners=Ee6,Sa6+1,Wa1,Nb6;pools=E:w3m1p1l1s0;stones=3;order=S;homes=Sa6;turn=E")
    s.apply("step d6")
    assert s.current_seat == "West"
    s = state("runners=Ee6,Sa6+1,Wa1,Nb6;pools=N:w3m1p1l1s0;stones=3;order=S;homes=Sa6;turn=N")
    s.apply("step c6")
    assert s.current_seat == "East"


POCKET = "lines=Wc4n,Wc5n,Wc5e,Wb5e;runners=Ec5+1,Sf1,Wa1,Na6;pools=E:w1m1p1l1s1,S:w1m1p1l1s1;stones=3;order=E;turn=E"


def test_K_TURN_5_KNB_5_pass_only_without_a_legal_action():
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    assert_illegal(s, "pass", "K-TURN-5")
    s = state(POCKET)  # walled in, and no drop keeps the board valid
    assert s.legal_actions.names() == ["pass"]
    assert_legal(s, "pass", "K-TURN-5")
    assert_illegal(s, "end", "K-TURN-1")
    s.apply("pass")
    assert s.history == (Action.parse("pass"),)  # KNB-5: recorded like any action
    assert s.current_seat == "South" and "turns=1" in s.to_text()
    assert_illegal(s, "pass", "K-TURN-5")  # South can move


# --- K-TURN-7, K-TURN-8: the order of the extras, one speed move ---------------------------


def test_K_TURN_7_extras_in_either_order():
    # bonus move first, then the speed move
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    s.apply("monolith c3n")
    s.apply("step e6")
    assert_legal(s, "speed step d6")
    s.apply("speed step d6")
    assert s.current_seat == "South" and "Ed6" in s.to_text()
    # speed move first, then the bonus move
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    s.apply("monolith c3n")
    s.apply("speed step e6")
    assert_legal(s, "step d6")
    s.apply("step d6")
    assert s.current_seat == "South" and "Ed6" in s.to_text()


def test_K_TURN_7_lock_behind_you_may_come_after_the_speed_move():
    s = state(f"{PORTALS};runners=Ee3,Sf1,Wa1,Na6;turn=E")
    s.apply("teleport e3n")
    s.apply("exit c2w")
    s.apply("speed step c3")  # away from both portals now
    assert_legal(s, "lock e4s", "K-TURN-10")
    assert_legal(s, "lock c2w", "K-TURN-10")


def test_K_TURN_7_main_action_first_and_exit_before_anything():
    s = state(f"{PORTALS};runners=Ee3,Sf1,Wa1,Na6;turn=E")
    assert_illegal(s, "speed step e2", "K-TURN-7")
    s.apply("teleport e3n")
    assert s.decision.kind == "exit choice"
    assert_illegal(s, "end", "K-TURN-7")
    assert_illegal(s, "lock e3n", "K-TURN-7")
    assert_legal(s, "exit b2e")


def test_K_TURN_8_one_speed_move_per_turn_cashed_with_its_move():
    s = state("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    s.apply("monolith c3n")
    s.apply("speed step e6")
    assert pool(s, "E").endswith("s0")
    assert_illegal(s, "speed step d6", "K-TURN-8")
    assert_legal(s, "step d6")
    # the token is never cashed on its own: "speed" must name its move
    with pytest.raises(NotationError):
        Action.parse("speed")
    with pytest.raises(NotationError):
        Action.parse("speed wall c3n")


# --- K-TURN-9: the portal bonus ------------------------------------------------------------------


def test_K_TURN_9_portal_bonus_is_teleport_only():
    s = state(f"{PORTALS};runners=Ed3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
    s.apply("portal d3n")
    names = s.legal_actions.names()
    assert "teleport d3n" in names and "end" in names
    assert all(a == "end" or a.startswith("teleport ") for a in names), names
    assert_illegal(s, "step d2", "K-TURN-9")
    assert_legal(s, "teleport d3n")


def test_K_TURN_9_bonus_teleport_through_any_portal_touching_the_square_when_taken():
    s = state(f"{PORTALS};runners=Ed3,Sf1,Wa1,Na6;turn=E")
    s.apply("portal d3n")
    s.apply("speed step e3")  # the bonus waits; e3 touches the older portal e3n only
    assert s.position.bonus != 0
    assert_legal(s, "teleport e3n")
    assert_illegal(s, "teleport d3n", "K-PORT-2")  # no longer the runner's square
    assert_illegal(s, "step f3", "K-TURN-9")


# --- K-TURN-10, KNB-7: whose teleport may be locked behind ------------------------------------


def test_K_TURN_10_lock_behind_needs_the_movers_own_teleport():
    s = state(f"{PORTALS};runners=Ed3,Sf1,Wa1,Na6;turn=E")
    s.apply("step e3")
    assert_illegal(s, "lock e3n", "K-TURN-10")
    s.apply("speed teleport e3n")
    s.apply("exit b2e")
    assert_legal(s, "lock e3n", "K-TURN-10")
    assert_legal(s, "lock c2w", "K-TURN-10")
    assert_illegal(s, "lock d2e", "K-TURN-10")


def test_K_TURN_10_leapfrog_through_a_portal_counts():
    s = state(f"{PORTALS};runners=Ee3,Sc2,Wa1,Na6;turn=E")
    s.apply("teleport e3n")
    s.apply("exit c2w")  # c2 is taken: East leapfrogs South to d2
    assert "Ed2" in s.to_text() and "Sc2" in s.to_text()
    assert_legal(s, "lock b2e", "K-TURN-10")
    assert_legal(s, "lock e4s", "K-TURN-10")


def test_K_TURN_10_a_runner_bumped_through_a_portal_does_not_count():
    s = state("lines=P*c4e,P*e3n;runners=Ec3,Sf1,Wa1,Nc4+1;stones=3;order=N;turn=E")
    s.apply("step c4")
    s.apply("bump-through c4e")
    s.apply("exit e3n")
    assert "Ne3" in s.to_text() and s.current_seat == "East"
    assert_illegal(s, "lock d4w", "K-TURN-10")
    assert_illegal(s, "lock e3n", "K-TURN-10")
    assert_legal(s, "end")


def test_K_TURN_10_lock_behind_after_the_lock_bonus_teleport():
    s = state(f"{PORTALS};runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l2s0,S:w3m1p1l0s1;turn=E")
    s.apply("lock b2e")  # main action: a bonus move follows
    s.apply("teleport e3n")
    s.apply("exit c2w")
    assert_legal(s, "lock c2w", "K-TURN-10")
    assert_illegal(s, "lock b2e", "K-LOCK-1")  # that side already holds a lock
    s.apply("lock e4s")
    assert s.current_seat == "South"  # no bonus move from lock it behind you


def test_KNB_7_lock_behind_never_on_a_door():
    s = state("lines=Wa3n,Wb3n,Wc3n,P*e3n,P*b2e;runners=Ee3,Sf1,Wa1,Na6;pools=E:w0m1p1l1s1;turn=E")
    assert_legal(s, "lock b3n", "K-TURN-2")  # as the main action the door may be locked
    s.apply("teleport e3n")
    s.apply("exit b2e")
    assert_illegal(s, "lock b3n", "K-TURN-10")
    assert_legal(s, "lock c2w", "K-TURN-4")


def test_KNB_7_lock_behind_is_checked_against_the_invariants():
    s = state("lines=Wb3n,Wa3e,Wb2n,P*b3e,P*e3n;runners=Ec3,Sf1,Wb3,Na6;pools=W:w0m1p1l1s1;turn=E")
    s.apply("teleport c3w")
    s.apply("exit e4s")
    verdict = s.explain("lock b3e")
    assert "(b)" in verdict.reason and "West" in verdict.reason
    assert_illegal(s, "lock b3e", "K-INV-1")
    assert_legal(s, "lock c3w")


# --- K-ROUND-1, K-ROUND-2: Tadaima and the end of the round -----------------------------------


def test_K_ROUND_1_tadaima_ends_the_turn_even_with_the_speed_token_unused():
    s = state("runners=Eb1+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E")
    s.apply("monolith d4e")
    s.apply("step a1")  # the monolith's bonus move; the speed token is still unused
    assert "homes=Ea1" in s.to_text()
    assert s.current_seat == "South" and s.decision.kind == "main action"
    assert s.position.bonus == 0 and s.position.pools[0][4] == 1


def test_K_TURN_11_no_speed_move_tadaima_before_another_move():
    # The speed move never stands alone: with the monolith's bonus still unused, a speed
    # move that would end the turn at once (Tadaima) is not offered; the same step as the
    # bonus move is, and after the bonus move the speed move may finish the turn.
    s = state("runners=Eb1+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E")
    s.apply("monolith d4e")
    verdict = s.explain("speed step a1")
    assert not verdict and verdict.rulings == ("K-TURN-11",)
    assert "speed step a1" not in s.legal_actions and "step a1" in s.legal_actions
    s = state("runners=Ec1+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E")
    s.apply("monolith d4e")
    s.apply("step b1")
    assert s.explain("speed step a1").legal
    s.apply("speed step a1")
    assert "homes=Ea1" in s.to_text() and s.current_seat == "South"


def test_K_TURN_11_the_option_lets_the_speed_move_stand_alone():
    s = state("rules=kabetopo-4p+speed-any-turn;runners=Eb1+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E")
    s.apply("monolith d4e")
    s.apply("speed step a1")  # allowed under speed_any_turn, the bonus still unused
    assert "homes=Ea1" in s.to_text() and s.current_seat == "South"


def test_K_ROUND_1_tadaima_only_with_a_stone():
    s = state("runners=Eb1,Sf1,Wa1,Na6;turn=E")
    s.apply("step a1")
    assert "homes" not in s.to_text()
    assert s.current_seat == "East" and s.decision.kind == "extras"


def test_K_ROUND_1_no_tadaima_on_the_own_start_corner():
    s = state("runners=Ee6+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E")
    s.apply("step f6")
    assert "homes" not in s.to_text() and s.current_seat == "East"
    s = state("runners=Ee6+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E")
    s.apply("step e5")
    s.apply("speed step f5")
    assert "homes" not in s.to_text()


def test_K_ROUND_1_several_runners_share_a_corner():
    s = state("runners=Ea1+1,Sb1+1,Wa2,Na6;stones=2;order=E,S;homes=Ea1;turn=S")
    assert_legal(s, "step a1")
    s.apply("step a1")
    assert "runners=Ea1+1,Sa1+1" in s.to_text() and "homes=Ea1,Sa1" in s.to_text()
    assert s.current_seat == "West"


def test_K_ROUND_2_four_players_end_at_the_third_tadaima():
    s = state("runners=Ea1+1,Sb1+1,Wa2,Na6+1;stones=1;order=E,S,N;homes=Ea1;turn=S")
    s.apply("step a1")  # the second Tadaima: play goes on
    assert s.decision.kind == "main action" and s.current_seat == "West"
    s = state("runners=Ea1+1,Sa6+1,Wa2,Nb1+1;stones=1;order=E,S,N;homes=Ea1,Sa6;turn=N")
    s.apply("step a1")
    assert s.decision.kind == "round over" and s.is_terminal()
    assert list(s.legal_actions) == []
    assert_illegal(s, "step a2", "K-ROUND-2")


def test_K_ROUND_2_three_players_end_at_the_second_tadaima():
    s = state("rules=kabetopo-3p;runners=Ea1+1,Sb1+1,Wa2;stones=2;order=E,S;homes=Ea1;turn=S")
    s.apply("step a1")
    assert s.decision.kind == "round over"
    assert_illegal(s, "step a3", "K-ROUND-2")


def test_K_ROUND_2_option_play_to_last_tadaima():
    s = state("rules=kabetopo-3p+play-to-last-tadaima;runners=Ea1+1,Sb1+1,Wa2+1;stones=1;order=E,S,W;homes=Ea1;turn=S")
    s.apply("step a1")
    assert s.decision.kind == "main action" and s.current_seat == "West"
    s.apply("step a3")
    s.apply("end")
    assert s.current_seat == "West"  # the only player left keeps playing
    s = state("rules=kabetopo-3p+play-to-last-tadaima;runners=Ea1+1,Sa1+1,Wb6+1;stones=1;order=E,S,W;homes=Ea1,Sa1;turn=W")
    s.apply("step a6")
    assert s.decision.kind == "round over"
