"""Movement rulings, one or more tests per ruling ID (RULINGS.md, docs/RULINGS.md).

Each test sets up a position where the ruling matters and asserts both sides: an action
the ruling allows and one it forbids, with the ruling's ID in ``explain(...).rulings``.
Illegal actions must raise IllegalActionError and leave the position text unchanged.
Most positions come from the rule examples in kabetopo_nb/data/scenarios/*.scn; the
tests here add what a scenario file cannot say (exact sets of options, reasons, results
several decisions deep).
"""


import pytest

from kabetopo_nb.core.verdict import InvalidPositionError
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.geometry import parse_line, parse_side
from kabetopo_nb.kabetopo.movement import arrival_refusal, has_bump, others_mask
from kabetopo_nb.kabetopo.scenarios import all_scenarios

from helpers import assert_illegal as illegal
from helpers import assert_legal as legal
from helpers import sq, where

MOVEMENT_FILES = ("movement", "teleport", "leapfrog", "mountain", "doors")
_ALL = all_scenarios()
SCENARIOS = {(stem, sc.name): sc for stem in MOVEMENT_FILES for sc in _ALL.get(stem, [])}


def scenario(stem, name):
    return SCENARIOS[(stem, name)]


def start(stem, name):
    """The starting state of a scenario."""
    return scenario(stem, name).state()


def after(stem, name):
    """The state after a scenario's ``apply`` actions."""
    return scenario(stem, name).result()


def moves(state):
    """The legal moves of the current decision, drops left out."""
    return {n for n in state.legal_actions.names() if n.split()[0] not in ("wall", "monolith", "portal", "lock", "unlock")}


def test_movement_scenario_files_are_present_and_valid():
    for stem in MOVEMENT_FILES:
        assert _ALL.get(stem), f"{stem}.scn is missing or empty"
    for (stem, name), sc in SCENARIOS.items():
        assert sc.state().problems() == [], f"{stem}:{name} starts from an invalid position"


# --- K-MOVE-1 -------------------------------------------------------------------------


def test_K_MOVE_1_steps_go_one_square_orthogonally():
    state = start("movement", "step-one-square-orthogonally")
    assert moves(state) == {"step d3", "step e2", "step d1", "step c2"}
    legal(state, "step d3", "K-MOVE-1")
    illegal(state, "step e3", "K-MOVE-1", "diagonally")
    illegal(state, "step d4", "K-MOVE-1")


def test_K_MOVE_1_no_step_off_the_board():
    state = start("movement", "edge-of-the-board")
    assert moves(state) == {"step f4", "step f2", "step e3"}
    illegal(state, "step e4", "K-MOVE-1")


def test_K_MOVE_1_walls_and_monoliths_block():
    state = start("movement", "walls-and-monoliths-block-steps")
    legal(state, "step c2", "K-MOVE-1")
    illegal(state, "step d3", "K-MOVE-1", "wall")
    illegal(state, "step e2", "K-MOVE-1", "monolith")


# --- K-MOVE-2 -------------------------------------------------------------------------


def test_K_MOVE_2_one_runner_per_ordinary_square():
    state = start("movement", "one-runner-per-square")
    legal(state, "step e3")
    illegal(state, "step f2", "K-MOVE-2")


def test_K_MOVE_2_corners_hold_several_runners():
    state = start("movement", "three-runners-on-one-corner")
    legal(state, "step f1", "K-MOVE-1")
    state.apply("step f1")
    assert state.position.runners_at(sq("f1")) == [0, 1, 2]  # East, South and West together
    assert state.decision.seat == "South"


# --- K-MOVE-3 -------------------------------------------------------------------------


def test_K_MOVE_3_a_move_changes_the_square():
    state = start("movement", "a-move-changes-the-square")
    legal(state, "step d3")
    illegal(state, "step d2", "K-MOVE-3")
    illegal(state, "leap d2", "K-MOVE-3")


def test_K_MOVE_3_no_teleport_exit_onto_the_own_square():
    state = after("movement", "no-teleport-back-to-the-own-square")
    assert state.legal_actions.names() == ["exit d2w"]
    legal(state, "exit d2w", "K-PORT-2")
    illegal(state, "exit c2e", "K-MOVE-3")


def test_K_MOVE_3_bumped_runner_may_be_put_on_the_movers_start():
    state = start("movement", "bumped-runner-may-go-to-the-movers-square")
    state.apply("step c4")
    assert set(state.legal_actions.names()) == {"bump c5", "bump d4", "bump c3", "bump b4"}
    legal(state, "bump c5", "K-MTN-3")
    illegal(state, "bump c6", "K-MTN-3")
    state.apply("bump c5")
    assert where(state, "E") == sq("c4") and where(state, "W") == sq("c5")


def test_K_MOVE_3_leap_through_a_portal_may_not_land_on_the_start():
    # Engine bug found by this test: the leapfrog through the b3n portal landed East back on b5.
    state = after("leapfrog", "leap-through-a-portal-not-back-home")
    assert state.legal_actions.names() == ["exit b3n"]
    illegal(state, "exit b4s", "K-MOVE-3", "own square")
    legal(state, "exit b3n", "K-PORT-2")


def test_K_MOVE_3_teleport_not_offered_when_its_only_exit_returns_home():
    state = KabetopoState.from_text("lines=P*b5e,P*b3n;locks=b3n;runners=Eb5,Sb4,Wa1,Na6;"
                                    "pools=E:w0m0p0l0s0,S:w3m1p1l0s1;turn=E")
    illegal(state, "teleport b5e", "K-PORT-2")
    legal(state, "step b6")


# --- K-PORT-1 -------------------------------------------------------------------------


def test_K_PORT_1_portal_line_cannot_be_crossed_on_foot():
    state = start("teleport", "portal-line-not-crossed-on-foot")
    illegal(state, "step d5", "K-PORT-1", "teleported through")
    legal(state, "teleport c5e", "K-PORT-2")


def test_K_PORT_1_leapfrog_cannot_cross_a_portal_between_runners():
    state = start("leapfrog", "portal-between-the-runners")
    illegal(state, "leap d3", "K-LEAP-1", "portal")
    legal(state, "teleport b3e", "K-PORT-2")


# --- K-PORT-2 -------------------------------------------------------------------------


def test_K_PORT_2_teleport_exits_any_side_of_any_other_portal():
    state = start("teleport", "teleport-to-any-side-of-another-portal")
    legal(state, "teleport b5e", "K-PORT-2")
    state.apply("teleport b5e")
    assert state.decision.kind == "exit choice"
    assert set(state.legal_actions.names()) == {"exit e2n", "exit e3s"}
    illegal(state, "exit c5w", "K-PORT-2", "another portal")
    state.apply("exit e2n")
    assert where(state, "E") == sq("e2")


def test_K_PORT_2_only_from_a_square_touching_the_portal():
    state = start("teleport", "teleport-only-from-a-square-touching-the-portal")
    illegal(state, "teleport b5e", "K-PORT-2", "own square")
    legal(state, "step b5")


def test_K_PORT_2_reaching_a_portal_and_teleporting_are_two_moves():
    state = after("teleport", "reaching-a-portal-is-not-teleporting")
    illegal(state, "teleport b5e", "K-TURN-2")
    legal(state, "speed teleport b5e", "K-PORT-2")
    state.apply("speed teleport b5e")
    state.apply("exit e3s")
    assert where(state, "E") == sq("e3")
    assert state.position.pools[0][4] == 0  # the token is spent


# --- K-PORT-3 -------------------------------------------------------------------------


def test_K_PORT_3_locked_side_cannot_be_entered():
    state = start("teleport", "locked-side-cannot-be-entered")
    illegal(state, "teleport c2n", "K-PORT-3", "locked")
    legal(state, "teleport c2e", "K-PORT-2")


def test_K_PORT_3_locked_side_cannot_be_exited_but_the_other_side_can():
    state = after("teleport", "locked-side-cannot-be-exited")
    assert state.legal_actions.names() == ["exit e3s"]
    illegal(state, "exit e2n", "K-PORT-3")
    legal(state, "exit e3s", "K-PORT-2")


def test_K_PORT_3_double_locked_portal_is_useless():
    state = after("teleport", "double-locked-portal-is-useless")
    assert set(state.legal_actions.names()) == {"exit c2e", "exit d2w"}
    illegal(state, "exit b5e", "K-PORT-3")
    illegal(state, "exit c5w", "K-PORT-3")
    # and nobody can go in either: a runner on b5 has no teleport
    text = "lines=P*b5e,P*e2n,P*c2e;locks=b5e,c5w;runners=Eb5,Sf1,Wa1,Na6;pools=S:w3m1p1l0s1,W:w3m1p1l0s1;turn=E"
    other = KabetopoState.from_text(text)
    illegal(other, "teleport b5e", "K-PORT-3")
    legal(other, "step b6")


# --- K-LEAP-1 -------------------------------------------------------------------------


def test_K_LEAP_1_leap_over_one_runner_lands_right_behind_it():
    state = start("leapfrog", "leap-over-one-runner")
    legal(state, "leap d3", "K-LEAP-1")
    illegal(state, "leap e3", "K-LEAP-1", "first square beyond")
    state.apply("leap d3")
    assert where(state, "E") == sq("d3") and where(state, "S") == sq("c3")


def test_K_LEAP_1_leap_over_several_runners():
    state = start("leapfrog", "leap-over-several-runners")
    assert "leap d3" in moves(state)
    illegal(state, "leap c3", "K-LEAP-1")
    state.apply("leap d3")
    assert where(state, "E") == sq("d3")


def test_K_LEAP_1_jump_is_straight():
    state = start("leapfrog", "leap-is-straight")
    legal(state, "leap d3")
    illegal(state, "leap d4", "K-LEAP-1", "straight line")


def test_K_LEAP_1_needs_a_runner_beside():
    state = start("leapfrog", "nothing-to-jump")
    legal(state, "step c3")
    illegal(state, "leap d3", "K-LEAP-1", "no runner")


def test_K_LEAP_1_wall_behind_the_jumped_runner():
    state = start("leapfrog", "wall-behind-the-jumped-runner")
    illegal(state, "leap d3", "K-LEAP-1", "behind the jumped runner")
    legal(state, "leap b5", "K-LEAP-1")


def test_K_LEAP_1_wall_between_the_runners():
    state = start("leapfrog", "wall-between-the-runners")
    illegal(state, "leap d3", "K-LEAP-1", "between the runners")
    legal(state, "leap b5")


def test_K_LEAP_1_board_edge_behind_the_jumped_runner():
    state = start("leapfrog", "board-edge-behind-the-jumped-runner")
    assert moves(state) == {"step e4", "step e2", "step d3"}
    legal(state, "step e4")
    illegal(state, "step f3", "K-MOVE-2")


# --- K-LEAP-2 and its option (KNB-3) ----------------------------------------------------


def test_K_LEAP_2_leapfrog_through_portal_lands_beyond():
    state = after("leapfrog", "leap-through-a-portal")
    verdict = legal(state, "exit e3s", "K-LEAP-2")
    assert "e4" in verdict.reason
    state.apply("exit e3s")
    assert where(state, "E") == sq("e4") and where(state, "W") == sq("e3")


def test_K_LEAP_2_leapfrog_through_portal_over_two_runners():
    state = after("leapfrog", "leap-through-two-runners-after-a-portal")
    assert where(state, "E") == sq("e5")


def test_K_LEAP_2_leapfrog_through_portal_blocked_by_a_wall():
    state = after("leapfrog", "leap-through-a-portal-blocked-by-a-wall")
    illegal(state, "exit e3s", "K-LEAP-1", "wall")
    legal(state, "exit e2n")


def test_K_LEAP_2_portal_behind_jumped_runner_is_illegal_by_default():
    state = start("leapfrog", "leap-into-a-portal-is-illegal-by-default")
    illegal(state, "leap d3", "K-LEAP-2", "portal")
    illegal(state, "leap-portal c3e", "K-LEAP-2", "option")
    legal(state, "step b4")


def test_K_LEAP_2_exit_with_portal_behind_the_runner_is_illegal_by_default():
    state = after("leapfrog", "exit-leap-into-a-portal-is-illegal-by-default")
    illegal(state, "exit e3s", "K-LEAP-2")
    legal(state, "exit e2n")


def test_K_LEAP_2_option_leap_into_portal_continues_like_a_teleport():
    state = start("leapfrog", "leap-into-a-portal-option")
    assert state.rules.leap_into_portal
    legal(state, "leap-portal c3e", "K-LEAP-2")
    illegal(state, "leap d3", "K-LEAP-2")
    state.apply("leap-portal c3e")
    assert set(state.legal_actions.names()) == {"exit b5e", "exit c5w"}
    illegal(state, "exit d3w", "K-PORT-2")
    state.apply("exit c5w")
    assert where(state, "E") == sq("c5")


def test_K_LEAP_5_continuation_comes_out_like_a_teleport_never_home():
    state = after("leapfrog", "leap-into-a-portal-option-comes-out-like-a-teleport")
    assert set(state.legal_actions.names()) == {"exit b5e", "exit b4s", "exit c5w"}
    legal(state, "exit c5w", "K-LEAP-2", "K-LEAP-5", words="leapfrogs to d5")  # over West, as a teleport would
    illegal(state, "exit b3n", "K-MOVE-3")
    state.apply("exit c5w")
    assert where(state, "E") == sq("d5")


def test_K_LEAP_5_continuation_leapfrogs_and_bumps():
    state = after("leapfrog", "leap-into-a-portal-option-leapfrogs-and-bumps-on-the-way-out")
    legal(state, "exit c5e", "K-LEAP-2", "K-LEAP-5", words="leapfrogs to b5")
    legal(state, "exit c4w", "K-MTN-3", "K-LEAP-5", words="bumped")
    state.apply("exit c4w")
    assert state.decision.kind == "bump destination" and where(state, "E") == sq("c4")


def test_K_LEAP_2_a_teleport_exit_that_goes_on_into_a_portal_is_told_as_it_is():
    # the exit used to be described as "Out of the portal on b2n onto b3", without K-LEAP-2
    state = start("leapfrog", "teleport-exit-over-a-runner-into-another-portal")
    verdict = legal(state, "exit b3s", "K-LEAP-2", "K-LEAP-5", words="leapfrogs into the portal on b3n")
    assert "onto b3" not in verdict.reason
    state.apply("exit b3s")
    assert state.decision.kind == "exit choice" and where(state, "E") == sq("d5")


def test_K_LEAP_6_a_continuation_never_enters_the_same_portal_side_twice():
    state = after("leapfrog", "leap-into-a-portal-option-never-enters-a-portal-side-twice")
    illegal(state, "exit d3n", "K-LEAP-6")
    assert state.legal_actions.names() == ["exit d4s"]


def test_K_LEAP_6_a_continuation_may_enter_a_used_portal_by_its_other_side():
    # KNB-12 refused this (the same portal twice); K-LEAP-6 refuses only the same side
    scenario = "leap-into-a-portal-option-never-enters-a-portal-side-twice"
    state = start("leapfrog", scenario)
    state.apply("leap-portal d2n")  # in from below, by d2n
    legal(state, "exit d3n", "K-LEAP-2", "K-LEAP-5", words="leapfrogs into the portal")
    assert state.legal_actions.names() == ["exit d3n", "exit d4s"]
    state.apply("exit d3n")  # over West, back into d2n from above, by d3s
    assert state.decision.kind == "exit choice" and state.position.pending.sides_entered == (parse_side("d2n"), parse_side("d3s"))
    state = after("leapfrog", "leap-into-a-portal-option-may-use-the-other-side-of-a-portal")
    assert set(state.legal_actions.names()) == {"exit d4s", "exit c5e", "exit d5w"}
    state.apply("exit d5w")
    assert where(state, "E") == sq("d5")


def test_K_LEAP_6_the_sides_gone_in_by_are_part_of_the_position_text():
    state = after("leapfrog", "leap-into-a-portal-option-may-use-the-other-side-of-a-portal")
    text = state.to_text()
    assert "pending=exit:E:d3s:cont:d2:via=d2n" in text
    again = KabetopoState.from_text(text)
    assert again.position == state.position and again.legal_actions.names() == state.legal_actions.names()
    with pytest.raises(InvalidPositionError, match="K-LEAP-6"):  # one side twice cannot happen
        KabetopoState.from_text(text.replace("via=d2n", "via=d3s"))
    with pytest.raises(InvalidPositionError, match="a side of no portal"):
        KabetopoState.from_text(text.replace("via=d2n", "via=a2n"))


def test_a_pending_teleport_names_the_side_it_went_in_by_and_old_texts_still_read():
    state = KabetopoState.from_text("lines=Pd2n,Pc5e;runners=Ed3,Sf1,Wa1,Na6;turn=E")
    state.apply("teleport d3s")  # from d3, down through the portal on d2n
    text = state.to_text()
    assert text.endswith("pending=exit:E:d3s:own:d3")
    # texts written before K-LEAP-6 named the line (d2n); the mover's own teleport goes in
    # by the face toward its square, so such a text reads as that face
    old = KabetopoState.from_text(text.replace("exit:E:d3s", "exit:E:d2n"))
    assert old.position == state.position and old.to_text() == text
    # a side facing neither the mover's square nor its line is no teleport it made
    forged = "lines=Pd2n,Pc5e,Pa3n;runners=Ed3,Sf1,Wa1,Na6;turn=E;phase=exit;flags=g;pending=exit:E:a3n:own:d3"
    with pytest.raises(InvalidPositionError, match="does not face d3"):
        KabetopoState.from_text(forged)


def test_K_LEAP_2_option_applies_to_a_leapfrog_through_a_portal_too():
    text = "rules=kabetopo-4p+leap-into-portal;lines=P*b5e,P*e2n,P*e3n;runners=Eb5,Sf1,We3,Na6;pools=E:w0m0p0l0s0;turn=E"
    state = KabetopoState.from_text(text)
    state.apply("teleport b5e")
    legal(state, "exit e3s", "K-PORT-2")
    state.apply("exit e3s")
    assert state.decision.kind == "exit choice"
    # out of the e3n portal: not the origin b5, not the e3n portal itself; over West on e3
    # again is a leapfrog back into e3n by its side e3n, the side this move went in by (K-LEAP-6)
    assert set(state.legal_actions.names()) == {"exit e2n", "exit c5w"}
    illegal(state, "exit e4s", "K-PORT-2")  # the portal it has just leapt into
    illegal(state, "exit e3s", "K-LEAP-6")  # West's square: the leapfrog beyond would re-enter e3n by e3n
    illegal(state, "exit b5e", "K-MOVE-3")  # East's own starting square
    state.apply("exit c5w")
    assert where(state, "E") == sq("c5")


def test_KNB_3_continuation_counts_as_a_teleport_for_lock_it_behind_you():
    state = after("leapfrog", "leap-into-a-portal-option-allows-lock-it-behind-you")
    legal(state, "lock d3w", "K-TURN-4")
    legal(state, "lock c5w")
    illegal(state, "lock e2n", "K-TURN-10")


# --- K-LEAP-3 -------------------------------------------------------------------------


def test_K_LEAP_3_no_leapfrog_onto_a_corner():
    state = start("leapfrog", "no-leap-onto-a-corner")
    illegal(state, "leap f6", "K-LEAP-3", "corner")
    legal(state, "leap d4", "K-LEAP-1")


def test_K_LEAP_3_no_leapfrog_onto_a_corner_through_a_portal():
    state = after("leapfrog", "leap-through-a-portal-never-onto-a-corner")
    assert state.legal_actions.names() == ["exit d6e"]
    illegal(state, "exit e6w", "K-LEAP-3")
    legal(state, "exit d6e", "K-PORT-2")


# --- K-LEAP-4 -------------------------------------------------------------------------


def test_K_LEAP_4_leapfrog_onto_the_mountain_takes_a_stone():
    state = start("mountain", "leapfrog-onto-the-mountain")
    legal(state, "leap c4", "K-LEAP-1")
    illegal(state, "leap c5", "K-LEAP-1")
    state.apply("leap c4")
    assert where(state, "E") == sq("c4") and state.position.held[0] == 1


def test_K_LEAP_4_leapfrog_from_the_mountain_needs_an_open_line():
    state = start("mountain", "leapfrog-from-the-mountain")
    legal(state, "leap e4", "K-LEAP-1")
    illegal(state, "leap c6", "K-LEAP-4", "wall")
    assert "step b4" in moves(state) and "step c3" in moves(state)


def test_K_LEAP_4_leapfrog_over_the_mountain():
    state = start("mountain", "leapfrog-over-the-mountain")
    legal(state, "leap c5", "K-LEAP-1")
    state.apply("leap c5")
    assert where(state, "E") == sq("c5") and where(state, "W") == sq("c4")
    assert state.position.held[0] == 0 and state.position.site_stones == [3]
    blocked = start("mountain", "leapfrog-over-the-mountain-blocked")
    illegal(blocked, "leap c5", "K-LEAP-1", "wall")


def test_K_LEAP_4_bumped_runner_goes_only_to_an_empty_square():
    state = after("mountain", "bump-to-any-free-neighbour")
    illegal(state, "bump b4", "K-LEAP-4", "taken")
    legal(state, "bump d4", "K-MTN-3")
    through = after("mountain", "bumped-runner-exits-onto-an-empty-square-only")
    illegal(through, "exit e3s", "K-LEAP-4")
    legal(through, "exit e2n", "K-PORT-2")


# --- K-DOOR-1 -------------------------------------------------------------------------


def test_K_DOOR_1_middle_of_three_walls_is_a_door():
    state = start("doors", "three-walls-in-a-row-make-a-door")
    assert state.position.is_door(parse_line("c2n"))
    assert not state.position.is_door(parse_line("b2n"))  # its west continuation a2n is empty
    legal(state, "door c2n c3w", "K-DOOR-2")
    illegal(state, "step c3", "K-MOVE-1", "wall")


def test_K_DOOR_1_board_edge_does_not_count():
    state = start("doors", "edge-of-the-board-is-no-door-end")
    illegal(state, "door a2n a3e", "K-DOOR-1", "not a door")
    state.apply("step b2")
    legal(state, "speed door b2n b3w", "K-DOOR-2")


def test_K_DOOR_1_monoliths_are_never_doors():
    state = start("doors", "monolith-is-never-a-door")
    illegal(state, "door d2n d3w", "K-DOOR-1")
    state.apply("step c2")
    legal(state, "speed door c2n c3w", "K-DOOR-2")


def test_K_DOOR_1_door_status_follows_the_board():
    state = start("doors", "monolith-drop-makes-a-door")
    illegal(state, "door c2n c3w", "K-DOOR-1")
    state.apply("monolith d2n")
    legal(state, "door c2n c3w", "K-DOOR-2")
    state.apply("door c2n c3w")
    # once swung onto b3e the wall has no wall or monolith continuing it: no longer a door
    assert not state.position.is_door(parse_line("b3e"))


# --- K-DOOR-2 -------------------------------------------------------------------------


def test_K_DOOR_2_open_and_step_is_one_move_about_either_end():
    state = start("doors", "door-swings-onto-a-side-line")
    assert {m for m in moves(state) if m.startswith("door")} == {"door c2n c3w", "door c2n c3e"}
    illegal(state, "door c2n c3n", "K-DOOR-2")
    state.apply("door c2n c3w")
    text = state.to_text()
    assert "Wb3e" in text and "Wc2n" not in text and where(state, "E") == sq("c3")
    assert state.decision.seat == "South"  # the door and the step were one move


def test_K_DOOR_2_swing_target_line_must_be_empty():
    state = start("doors", "swing-target-must-be-free")
    illegal(state, "door c2n c3e", "K-DOOR-2", "portal")
    legal(state, "door c2n c3w", "K-DOOR-2")


def test_K_DOOR_2_destination_follows_step_rules():
    state = start("doors", "door-destination-must-be-free")
    illegal(state, "door c2n c3w", "K-MOVE-2")
    legal(state, "step b2")


def test_K_DOOR_2_door_onto_the_occupied_mountain_bumps():
    state = start("doors", "door-onto-the-occupied-mountain")
    legal(state, "door c3n c4w", "K-DOOR-2")
    state.apply("door c3n c4w")
    assert state.decision.kind == "bump destination"
    legal(state, "bump b4", "K-MTN-3")  # across the door's new resting line


def test_K_DOOR_2_reaching_a_door_and_opening_it_are_two_moves():
    state = after("doors", "reaching-a-door-then-speed-door")
    illegal(state, "door c2n c3w", "K-TURN-2")
    legal(state, "speed door c2n c3w", "K-DOOR-2")


# --- K-DOOR-3 -------------------------------------------------------------------------


def test_K_DOOR_3_lock_on_the_far_side_keeps_the_door_shut():
    state = start("doors", "locked-door-never-opens")
    illegal(state, "door c2n c3w", "K-DOOR-3", "locked")
    illegal(state, "door c2n c3e", "K-DOOR-3")
    legal(state, "door c2w b2s", "K-DOOR-2")


def test_K_DOOR_3_lock_on_the_near_side_keeps_the_door_shut():
    state = start("doors", "door-locked-on-the-near-side")
    illegal(state, "door c2n c3w", "K-DOOR-3")
    unlocked = KabetopoState.from_text(state.to_text().replace(";locks=c2n", ""))
    legal(unlocked, "door c2n c3w", "K-DOOR-2")


# --- K-MTN-1 --------------------------------------------------------------------------


def test_K_MTN_1_going_up_across_an_open_line_takes_a_stone():
    state = start("mountain", "step-up-takes-a-stone")
    legal(state, "step c4", "K-MTN-1")
    state.apply("step c4")
    assert state.position.held[0] == 1 and state.position.site_stones == [3]


def test_K_MTN_1_a_wall_or_portal_blocks_the_way_up():
    state = start("mountain", "wall-blocks-the-way-up")
    illegal(state, "step c4", "K-MOVE-1", "wall")
    portal = start("mountain", "portal-blocks-the-way-up-on-foot")
    illegal(portal, "step c4", "K-PORT-1")
    legal(portal, "teleport d4w", "K-PORT-2")


def test_K_MTN_1_teleport_onto_the_mountain():
    state = after("mountain", "teleport-onto-the-mountain")
    legal(state, "exit c4e", "K-PORT-2")
    legal(state, "exit d4w")
    state.apply("exit c4e")
    assert where(state, "E") == sq("c4") and state.position.held[0] == 1


# --- K-MTN-2 --------------------------------------------------------------------------


def test_K_MTN_2_step_down_whatever_is_on_the_line():
    state = start("mountain", "step-down-across-anything")
    assert moves(state) == {"step c5", "step b4", "step d4", "step c3"}
    legal(state, "step c5", "K-MTN-2")
    legal(state, "step b4", "K-MTN-2")
    illegal(state, "teleport c4w", "K-PORT-3")


def test_K_MTN_2_the_way_down_is_not_a_way_up():
    state = after("mountain", "stepping-down-is-one-way")
    illegal(state, "speed step c4", "K-MOVE-1")
    legal(state, "speed step c6")


def test_K_MTN_2_teleport_off_the_mountain():
    state = start("mountain", "teleport-off-the-mountain")
    legal(state, "teleport c4e", "K-PORT-2")
    legal(state, "step d4", "K-MTN-2")
    state.apply("teleport c4e")
    state.apply("exit e3s")
    assert where(state, "E") == sq("e3")
    locked = KabetopoState.from_text(
        "lines=P*c4e,P*e2n;locks=c4e;runners=Ec4+1,Sf1,Wa1,Na6;pools=S:w3m1p1l0s1;stones=3;order=E;turn=E")
    illegal(locked, "teleport c4e", "K-PORT-3")
    legal(locked, "step d4", "K-MTN-2")


# --- K-MTN-3 --------------------------------------------------------------------------


def test_K_MTN_3_bump_to_any_empty_neighbour_whatever_the_line():
    state = after("mountain", "bump-to-any-free-neighbour")
    assert set(state.legal_actions.names()) == {"bump c5", "bump d4", "bump c3"}
    legal(state, "bump c5", "K-MTN-3")  # across the wall on c4n
    illegal(state, "bump c6", "K-MTN-3", "next to the Mountain")
    illegal(state, "step d4", "K-TURN-7")


def test_K_MTN_3_bump_through_a_portal_and_the_bumper_picks_the_exit():
    state = after("mountain", "bump-through-a-portal")
    legal(state, "bump-through c4e", "K-MTN-3")
    state.apply("bump-through c4e")
    assert state.decision.kind == "exit choice" and state.decision.seat == "East"
    assert set(state.legal_actions.names()) == {"exit e2n", "exit e3s"}
    illegal(state, "exit d4w", "K-PORT-2")
    state.apply("exit e2n")
    assert where(state, "W") == sq("e2") and state.position.held[2] == 1
    assert state.decision.seat == "South"


def test_K_MTN_3_no_bump_through_a_portal_without_a_free_exit():
    state = KabetopoState.from_text(
        "lines=P*c4e,P*e2n;runners=Ec3,Se2,Wc4+1,Ne3;pools=E:w0m0p0l0s0;stones=3;order=W;turn=E")
    state.apply("step c4")
    illegal(state, "bump-through c4e", "K-LEAP-4", "no other portal")
    legal(state, "bump d4", "K-MTN-3")


def test_K_MTN_3_no_bump_through_a_locked_mountain_side():
    state = after("mountain", "no-bump-through-a-locked-side")
    illegal(state, "bump-through c4e", "K-PORT-3")
    legal(state, "bump d4", "K-MTN-3")


def test_K_MTN_3_bump_needs_a_destination():
    # In play a bump always has a destination: the mover's own starting square counts as
    # empty (K-MOVE-3), or, after a teleport, the bumped runner can be pushed back through
    # the portal to it.  The rule is therefore checked on the engine's own helper: with
    # every neighbour of the Mountain taken, the Mountain cannot be entered.
    state = KabetopoState.from_text("runners=Ec5,Sd4,Wc4+1,Nb4;stones=3;order=W;turn=E")
    pos = state.position
    occ = others_mask(pos, 0)
    assert arrival_refusal(pos, sq("c4"), occ, True) is None  # c5, the mover's square, is free once it moves
    legal(state, "step c4", "K-MTN-3")
    full = occ | 1 << sq("c5") | 1 << sq("c3")
    assert not has_bump(pos, sq("c4"), full)
    refusal = arrival_refusal(pos, sq("c4"), full, True)
    assert refusal is not None and refusal.rulings == ("K-MTN-3",)


# --- K-MTN-4 --------------------------------------------------------------------------


def test_K_MTN_4_stone_taken_on_arrival_in_order():
    state = start("mountain", "stones-in-the-order-taken")
    legal(state, "step c4", "K-MTN-1")
    state.apply("step c4")
    assert state.position.stone_order == [1, 0]  # South first, then East
    assert state.position.held[0] == 1 and state.position.site_stones == [2]


def test_K_MTN_4_only_a_runner_that_needs_a_stone_takes_one():
    state = start("mountain", "no-second-stone")
    state.apply("step c4")
    assert state.position.held[0] == 1 and state.position.site_stones == [3]
    bumped = after("mountain", "bumped-runner-keeps-its-stone")
    assert bumped.position.held[2] == 1 and bumped.position.held[0] == 1
    assert bumped.position.site_stones == [2]


def test_K_MTN_4_no_stone_when_the_site_is_empty():
    state = start("mountain", "no-stones-left")
    state.apply("step c4")
    assert state.position.held[2] == 0 and state.position.site_stones == [0, 2]


# --- K-TURN-6 (option king_of_the_mountain) ---------------------------------------------


def test_K_TURN_6_option_no_bump_right_after_a_bump():
    state = after("mountain", "king-of-the-mountain-option")
    assert state.rules.king_of_the_mountain
    illegal(state, "step c4", "K-TURN-6")
    legal(state, "step d5")


def test_K_TURN_6_default_allows_bumping_back():
    state = after("mountain", "king-of-the-mountain-is-an-option")
    assert not state.rules.king_of_the_mountain
    legal(state, "step c4", "K-MTN-3")


def test_K_TURN_6_option_ban_lasts_one_turn():
    state = start("mountain", "king-of-the-mountain-lasts-one-turn")
    legal(state, "step c4", "K-MTN-3")
    banned = KabetopoState.from_text(state.to_text() + ";flags=x")
    illegal(banned, "step c4", "K-TURN-6")


def test_K_TURN_6_option_also_stops_a_teleport_bump():
    text = ("rules=kabetopo-4p+king-of-the-mountain;lines=P*b5e,P*c4e;runners=Eb5,Sf1,Wc4+1,Na6;"
            "pools=E:w0m0p0l0s0;stones=3;order=W;turn=E;flags=x")
    state = KabetopoState.from_text(text)
    state.apply("teleport b5e")
    illegal(state, "exit c4e", "K-TURN-6")
    legal(state, "exit d4w", "K-PORT-2")


# --- the project's rulings ---------------------------------------------------------------


def test_KNB_1_runner_bumped_onto_the_summit_takes_a_stone():
    state = after("mountain", "bumped-onto-the-summit-takes-a-stone")
    assert set(state.legal_actions.names()) == {"exit d3e", "exit e3w"}
    legal(state, "exit d3e", "K-PORT-2")
    illegal(state, "exit d4w", "K-PORT-2")
    state.apply("exit d3e")
    assert where(state, "W") == sq("d3")
    assert state.position.held[2] == 1 and state.position.site_stones == [0, 1]
    assert state.position.stone_order[-1] == 2


def test_KNB_1_runner_bumped_elsewhere_takes_no_stone():
    state = after("mountain", "bumped-onto-the-summit-takes-a-stone")
    state.apply("exit e3w")
    assert state.position.held[2] == 0 and state.position.site_stones == [0, 2]


def test_KNB_4_teleport_onto_the_occupied_mountain_bumps():
    state = after("mountain", "teleport-onto-the-occupied-mountain-bumps")
    assert state.decision.kind == "bump destination"
    assert {"bump d4", "bump-through c4e"} <= set(state.legal_actions.names())
    legal(state, "bump d4", "K-MTN-3")  # on foot across the portal line
    legal(state, "bump-through c4e", "K-MTN-3")  # or through that portal
    illegal(state, "bump e4", "K-MTN-3")
    state.apply("bump-through c4e")
    # back out of the b5e portal: b5 (East's start) or c5
    assert set(state.legal_actions.names()) == {"exit b5e", "exit c5w"}


def test_KNB_6_door_swing_checked_with_the_board_after_the_move():
    state = start("doors", "door-swing-may-not-shut-a-runner-in")
    illegal(state, "door c2n c3w", "K-INV-5", "after the swing")
    legal(state, "door c2n c3e", "K-DOOR-2")


def test_K_DOOR_4_door_onto_the_mountain_is_checked_after_the_bump():
    state = start("doors", "door-onto-the-occupied-mountain")
    legal(state, "door c3n c4e", "K-DOOR-2", "K-DOOR-4")
    state.apply("door c3n c4e")
    assert where(state, "W") == sq("c4") and where(state, "E") == sq("c4")
    assert set(state.legal_actions.names()) == {"bump b4", "bump c3", "bump c5", "bump d4"}
    # the smallest case of K-DOOR-4: the swung door walls d4 in on its fourth side
    state = start("doors", "door-bump-keeps-the-invariants")
    state.apply("door c5s c4e")
    illegal(state, "bump d4", "K-DOOR-4", "shut in on all four sides")
    assert set(state.legal_actions.names()) == {"bump b4", "bump c3", "bump c5"}
    # the same square after a plain step onto the Mountain: not checked (K-INV-5)
    state = start("doors", "plain-bump-is-not-checked")
    state.apply("step c4")
    legal(state, "bump d4", "K-MTN-3")


# --- the rulebook's speed-token combinations (K-TURN-3 with movement) ----------------------


def test_rulebook_speed_step_then_leapfrog():
    state = after("leapfrog", "step-then-speed-leapfrog")
    illegal(state, "leap d3", "K-TURN-2")
    legal(state, "speed leap d3", "K-LEAP-1")
    state.apply("speed leap d3")
    assert where(state, "E") == sq("d3")
    assert state.decision.seat == "South"  # the token was the last extra: the turn is over
    assert state.position.pools[0][4] == 0


def test_rulebook_speed_leapfrog_then_step():
    state = after("leapfrog", "leapfrog-then-speed-step")
    legal(state, "speed step d2", "K-MOVE-1")
    illegal(state, "speed step c3", "K-MOVE-2")


def test_rulebook_speed_teleport_then_step():
    state = after("teleport", "teleport-then-speed-step")
    legal(state, "speed step d3", "K-MOVE-1")
    illegal(state, "speed step e2", "K-PORT-1")
    state.apply("speed step d3")
    assert where(state, "E") == sq("d3") and state.decision.seat == "South"


def test_rulebook_speed_door_then_step():
    state = after("doors", "door-then-speed-step")
    legal(state, "speed step d3", "K-MOVE-1")
    illegal(state, "speed step b3", "K-MOVE-1", "wall")


def test_rulebook_speed_after_monolith_bonus_move():
    state = after("movement", "monolith-bonus-then-speed-move")
    legal(state, "speed step d4", "K-MOVE-1")
    illegal(state, "step d4", "K-TURN-2")
    state.apply("speed step d4")
    assert where(state, "E") == sq("d4") and state.decision.seat == "South"
