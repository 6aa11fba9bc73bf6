"""Shortest paths (K-ROUND-3): teleports count one move; runners and doors are ignored."""
from kabetopo_nb.kabetopo import KabetopoState, parse_square


def test_open_board_distance_is_manhattan():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6")
    assert s.moves_to("f6", ["c4"]) == 5
    assert s.moves_to("a1", ["f6"]) == 10
    assert s.moves_home("East") == 5  # needs a stone: the Mountain first


def test_runners_are_ignored_and_walls_are_not():
    s = KabetopoState.from_text("runners=Ef6,Se6,Wf5,Na6")
    assert s.moves_to("f6", ["e5"]) == 2
    walled = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=We6e,We5e,We4e,We3e,We2e")
    assert walled.moves_to("f6", ["e6"]) == 11  # all the way round through f1-e1


def test_a_teleport_counts_as_one_move():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n")
    # e6 touches the portal e5n; b2 and b1 (the sides of b1n) are one teleport away
    assert s.moves_to("e6", ["b2"]) == 1
    assert s.moves_to("e6", ["a1"]) == 2  # teleport out on b1, step to a1
    path = s.shortest_path("e6", ["a1"])
    assert [p for p in path] == [parse_square(x) for x in ("e6", "b1", "a1")]


def test_a_locked_side_is_no_way_in_or_out():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n;locks=e6s")
    # e6 cannot use the portal and cannot cross it on foot: it walks round to e5
    assert s.moves_to("e6", ["b2"]) == 4  # d6, d5, e5 on foot, then the unlocked side
    assert s.moves_to("e5", ["b2"]) == 1  # the other side still works


def test_stepping_down_from_the_mountain_ignores_walls():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Wc4n,Wc4e")
    assert s.moves_to("c4", ["c5"]) == 1
    assert s.moves_to("c5", ["c4"]) == 3  # going up needs an open line: round by b5-b4


def test_moves_home_after_the_stone_targets_other_corners():
    s = KabetopoState.from_text("runners=Ec4+1,Sf1,Wa1,Na6;stones=3;order=E")
    assert s.moves_home("East") == min(
        s.moves_to("c4", [c]) for c in ("a6", "f1", "a1")
    )
