"""Scoring a finished round (``scoring.score_round``): every line of every ruleset.

Each test builds the end of a round as position text (``phase=over``, ``homes=`` for the
Tadaimas in order, ``order=`` for the stones in the order they were taken, ``halfway=`` for
Halfway Home, runners carrying ``+n`` stones, the pools) and checks the points of one
scoring line, both where it scores and where it does not.

Rulesets and their tables (see ``scoring.py``):

* ``v4.0`` (kabetopo-4p, kabetopo-3p): First Stone 2, Second Stone 1, Tadaima 3/2/1,
  Natural Tadaima +1, Preservation 1 to every leader.  3 players: nothing for a third
  Tadaima, its natural bonus included (KNB-9).
* ``v3.0`` (kabetopo-mp-v3, 4 and 3 players): the same points; no Unseen Path.
* ``2p-v2.0`` (kabetopo-2p): First Stone 1, Halfway Home 2, Second Stone 1 (first to a
  second stone), Tadaima 3 (4 natural), Unseen Path, Preservation (a tie: nobody).
* ``2p-interim`` (kabetopo-2p-interim): First Stone 2 and no Second Stone, Tadaima 3
  (4 natural), Unseen Path (KNB-10 when the opponent still needs its stone), Preservation
  (a tie: nobody).
"""
import pytest

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.notation import parse_position
from kabetopo_nb.kabetopo.position import Position
from kabetopo_nb.kabetopo.scoring import (
    FIRST_STONE,
    HALFWAY_HOME,
    PRESERVATION,
    SECOND_STONE,
    TADAIMA,
    UNSEEN_PATH,
    describe,
    moves_to_tadaima,
    score_round,
    unseen_path_points,
)

E, S, W, N = 0, 1, 2, 3
POOL4 = "w3m1p1l1s1"  # the v4.0 starting pool
POOL3 = "w3m2p1l1s0"  # the v3.0 starting pool
POOL2 = "w3m2p2l2s1"  # the 2-player v2.0 starting pool


def pools(letters: str, pool: str, **special: str) -> str:
    return "pools=" + ",".join(f"{s}:{special.get(s, pool)}" for s in letters)


def end(text: str):
    """Score the round ending in ``text``; the position must be a valid one (no problems)."""
    state = KabetopoState.from_text(text + ";phase=over")
    assert state.problems() == [], state.problems()
    return score_round(state.position)


def end_as_is(text: str):
    """Score a hand-made end that play cannot reach (``problems()`` names why: a runner home
    without the stones it needs, issue 23): the table must still not invent points."""
    position = parse_position(text + ";phase=over")
    assert KabetopoState(position).problems(), "a reachable end: use end()"
    return score_round(position)


# A 4-player round after the third Tadaima: East took the first stone, South the second.
# East came home first on South's corner f1, South second on East's corner f6, West
# third on North's corner a6; North is still out, on the Mountain, carrying its stone.
FOUR = ("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=E,S,W,N;"
        "homes=Ef1,Sf6,Wa6;" + pools("ESWN", POOL4))


# --- v4.0: First Stone 2, Second Stone 1 ------------------------------------------------


def test_v4_first_and_second_stone():
    s = end(FOUR)
    assert s.points[FIRST_STONE] == {E: 2}
    assert s.points[SECOND_STONE] == {S: 1}
    assert (s.first_stone, s.second_stone) == (E, S)


def test_v4_stone_points_follow_the_stone_order_not_the_tadaima_order():
    # North took the first stone and West the second, yet neither came home first.
    s = end(FOUR.replace("order=E,S,W,N", "order=N,W,E,S"))
    assert s.points[FIRST_STONE] == {N: 2}
    assert s.points[SECOND_STONE] == {W: 1}
    assert s.line(FIRST_STONE, E) == 0 and s.line(SECOND_STONE, S) == 0


def test_v4_no_second_stone_when_only_one_runner_took_a_stone():
    # A round cannot end like this in 4p, but the table must not invent a Second Stone.
    s = end_as_is("rules=kabetopo-4p;runners=Ef1+1,Sf1,Wa1,Na6;stones=3;order=E;homes=Ef1,Sf1,Wa1;"
                  "turn=N;" + pools("ESWN", POOL4))
    assert s.points[FIRST_STONE] == {E: 2}
    assert s.points[SECOND_STONE] == {}
    assert s.second_stone is None


# --- v4.0: Tadaima 3/2/1 and Natural Tadaima ---------------------------------------------


def test_v4_tadaima_places_score_3_2_1_and_the_fourth_player_nothing():
    s = end(FOUR)
    assert s.points[TADAIMA] == {E: 3, S: 2, W: 1}
    assert [(t.seat, t.place, t.natural, t.points) for t in s.tadaima] == [
        (E, 1, False, 3), (S, 2, False, 2), (W, 3, False, 1)]
    assert s.line(TADAIMA, N) == 0


@pytest.mark.parametrize("place, homes, seat, points", [
    (1, "homes=Ea1,Sf6,Wa6", E, 4),   # East's opposite corner is a1 (West's start)
    (2, "homes=Ef1,Sa6,Wa6", S, 3),   # South's opposite corner is a6 (North's start)
    (3, "homes=Ef1,Sf6,Wf6", W, 2),   # West's opposite corner is f6 (East's start)
])
def test_v4_natural_tadaima_adds_one_at_every_place(place, homes, seat, points):
    text = FOUR.replace("homes=Ef1,Sf6,Wa6", homes)
    runners = {h[0]: h[1:] for h in homes[6:].split(",")}
    text = text.replace("runners=Ef1+1,Sf6+1,Wa6+1", "runners=" + ",".join(f"{k}{v}+1" for k, v in runners.items()))
    s = end(text)
    assert s.line(TADAIMA, seat) == points
    entry = s.tadaima[place - 1]
    assert entry.natural and entry.place == place and entry.seat == seat
    # nobody else came home on their opposite corner
    assert [t.natural for t in s.tadaima].count(True) == 1


def test_v4_no_natural_bonus_on_another_corner():
    s = end(FOUR)  # f1, f6, a6: none is the mover's opposite corner
    assert not any(t.natural for t in s.tadaima)
    assert "natural" not in " ".join(describe(s))


# --- 3 players: nothing for the third Tadaima (KNB-9) -----------------------------------


THREE = ("rules={rules};runners=Ea1+1,Sa6+1,Wf6+1;stones=1;order=E,S,W;homes=Ea1,Sa6,Wf6;"
         + pools("ESW", "{pool}"))


@pytest.mark.parametrize("rules, pool", [("kabetopo-3p+play-to-last-tadaima", POOL4),
                                         ("kabetopo-mp-v3-3p+play-to-last-tadaima", POOL3)])
def test_KNB_9_three_players_third_tadaima_scores_nothing_even_natural(rules, pool):
    s = end(THREE.format(rules=rules, pool=pool))
    # all three came home on their opposite corner: 4 and 3, then nothing at all
    assert [t.natural for t in s.tadaima] == [True, True, True]
    assert s.points[TADAIMA] == {E: 4, S: 3}
    assert s.tadaima[2].points == 0 and s.line(TADAIMA, W) == 0
    assert s.points[FIRST_STONE] == {E: 2} and s.points[SECOND_STONE] == {S: 1}


@pytest.mark.parametrize("rules, pool", [("kabetopo-3p", POOL4), ("kabetopo-mp-v3-3p", POOL3)])
def test_three_player_round_ends_at_the_second_tadaima_first_two_places_score(rules, pool):
    text = (f"rules={rules};runners=Ef1+1,Sf6+1,Wc3+1;stones=1;order=E,S,W;homes=Ef1,Sf6;"
            + pools("ESW", pool))
    s = end(text)
    assert s.points[TADAIMA] == {E: 3, S: 2}


# --- v3.0 (Multiplayer) -------------------------------------------------------------------


def test_v3_tadaima_natural_4_3_2_and_stones_2_1():
    text = ("rules=kabetopo-mp-v3;runners=Ea1+1,Sa6+1,Wf6+1,Nc4+1;stones=0;order=S,N,E,W;"
            "homes=Ea1,Sa6,Wf6;" + pools("ESWN", POOL3))
    s = end(text)
    assert s.points[TADAIMA] == {E: 4, S: 3, W: 2}
    assert s.points[FIRST_STONE] == {S: 2}
    assert s.points[SECOND_STONE] == {N: 1}


def test_v3_plain_tadaima_3_2_1():
    text = ("rules=kabetopo-mp-v3;runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=E,S,W,N;"
            "homes=Ef1,Sf6,Wa6;" + pools("ESWN", POOL3))
    assert end(text).points[TADAIMA] == {E: 3, S: 2, W: 1}


@pytest.mark.parametrize("rules, pool", [("kabetopo-4p", POOL4), ("kabetopo-mp-v3", POOL3)])
def test_multiplayer_has_no_unseen_path(rules, pool):
    # North is stuck far from the Mountain without a stone: still no Unseen Path points.
    text = (f"rules={rules};runners=Ef1+1,Sf6+1,Wa6+1,Na6;stones=1;order=E,S,W;"
            "homes=Ef1,Sf6,Wa6;" + pools("ESWN", pool))
    s = end(text)
    assert s.points[UNSEEN_PATH] == {} and s.unseen_path is None


# --- Preservation --------------------------------------------------------------------------


@pytest.mark.parametrize("what, east_pool, east_held", [
    ("a wall in the pool", "w2m0p0l0s0", 0),
    ("a monolith in the pool", "w1m1p0l0s0", 0),
    ("a portal in the pool", "w1m0p1l0s0", 0),
    ("a lock in the pool", "w1m0p0l1s0", 0),
    ("an unused speed token", "w1m0p0l0s1", 0),
    ("a stone carried", "w1m0p0l0s0", 1),
])
def test_preservation_counts_every_resource(what, east_pool, east_held):
    # Everyone holds one wall; East holds one more resource of one kind.
    held = {E: east_held, S: 1, W: 1, N: 0}
    runners = f"runners=Ef1{'+1' if east_held else ''},Sf6+1,Wa6+1,Nc3"
    order = "order=" + ",".join(["S", "W"] + (["E"] if east_held else []))
    stones = 4 - sum(held.values())
    text = (f"rules=kabetopo-4p;{runners};stones={stones};{order};homes=Ef1,Sf6,Wa6;"
            + pools("ESWN", "w1m0p0l0s0", E=east_pool))
    # South and West carry a stone too: give them nothing else so East leads by one
    text = text.replace("S:w1m0p0l0s0", "S:w0m0p0l0s0").replace("W:w1m0p0l0s0", "W:w0m0p0l0s0")
    s = end(text) if east_held else end_as_is(text)  # East home without a stone: hand-made
    assert s.resources == {E: 2, S: 1, W: 1, N: 1}, what
    assert s.points[PRESERVATION] == {E: 1}, what
    assert s.preservation == (E,)


def test_preservation_a_cashed_speed_token_does_not_count():
    text = ("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=E,S,W,N;"
            "homes=Ef1,Sf6,Wa6;" + pools("ESWN", POOL4, E="w3m1p1l1s0"))
    s = end(text)
    assert s.resources[E] == 7 and s.resources[S] == 8  # 7 pieces + 1 stone
    assert E not in s.points[PRESERVATION]
    assert s.points[PRESERVATION] == {S: 1, W: 1, N: 1}


@pytest.mark.parametrize("rules, pool", [("kabetopo-4p", POOL4), ("kabetopo-mp-v3", POOL3),
                                         ("kabetopo-3p", POOL4)])
def test_preservation_multiplayer_every_tied_leader_scores(rules, pool):
    s = end(FOUR.replace("kabetopo-4p", rules).replace(POOL4, pool) if "3p" not in rules else
            THREE.replace("homes=Ea1,Sa6,Wf6", "homes=Ea1,Sa6").format(rules=rules, pool=pool))
    assert len(set(s.resources.values())) == 1
    assert s.points[PRESERVATION] == {seat: 1 for seat in s.seats}


def test_preservation_multiplayer_tie_at_zero_still_scores():
    text = ("rules=kabetopo-4p;runners=Ef1,Sf6,Wa6,Nc3;stones=4;homes=Ef1,Sf6,Wa6;"
            + pools("ESWN", "w0m0p0l0s0"))
    # (a hand-made end: nobody holds anything at all)
    s = score_round(Position.from_text(text + ";phase=over"))
    assert s.resources == {E: 0, S: 0, W: 0, N: 0}
    assert s.points[PRESERVATION] == {E: 1, S: 1, W: 1, N: 1}


def test_preservation_multiplayer_only_the_leaders_score():
    text = ("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=E,S,W,N;"
            "homes=Ef1,Sf6,Wa6;" + pools("ESWN", "w2m1p1l1s1", E=POOL4, N=POOL4))
    s = end(text)
    assert s.points[PRESERVATION] == {E: 1, N: 1}


TWO_V2 = ("rules=kabetopo-2p;runners=Ef1+2,Wa6+2;stones=0,0;order=E,W,E,W;halfway=Ea1,Wf6;"
          "homes=Ef1;turn=W;")
TWO_INTERIM = "rules=kabetopo-2p-interim;runners=Ef1+1,Wa6+1;stones=2;order=E,W;homes=Ef1;turn=W;"


@pytest.mark.parametrize("base, pool", [(TWO_V2, POOL2), (TWO_INTERIM, POOL4)])
def test_preservation_two_players_a_tie_scores_nobody(base, pool):
    s = end(base + pools("EW", pool))
    assert s.resources[E] == s.resources[W]
    assert s.points[PRESERVATION] == {} and s.preservation == ()


@pytest.mark.parametrize("base, pool, less", [(TWO_V2, POOL2, "w2m2p2l2s1"),
                                              (TWO_INTERIM, POOL4, "w2m1p1l1s1")])
def test_preservation_two_players_more_resources_scores(base, pool, less):
    s = end(base + pools("EW", pool, E=less))
    assert s.resources[W] == s.resources[E] + 1
    assert s.points[PRESERVATION] == {W: 1}


# --- 2-player v2.0: First Stone 1, Halfway Home 2, Second Stone 1 --------------------------


def test_v2_first_stone_1_and_second_stone_to_the_first_runner_with_two():
    # West took the first stone, but East was first to its second stone.
    s = end("rules=kabetopo-2p;runners=Ef1+2,Wc2+1;stones=1,0;order=W,E,E;halfway=Wa1,Ef6;"
            "homes=Ef1;turn=W;" + pools("EW", POOL2))
    assert s.points[FIRST_STONE] == {W: 1}
    assert s.points[SECOND_STONE] == {E: 1}
    assert (s.first_stone, s.second_stone) == (W, E)


def test_v2_second_stone_goes_to_whoever_reached_two_first():
    s = end(TWO_V2.replace("order=E,W,E,W", "order=E,W,W,E") + pools("EW", POOL2))
    assert s.points[FIRST_STONE] == {E: 1}
    assert s.points[SECOND_STONE] == {W: 1}


def test_v2_no_second_stone_line_when_nobody_took_two_stones():
    # A hand-made end (the round needs a second stone to end): only first stones taken.
    pos = Position.from_text("rules=kabetopo-2p;runners=Ef1+1,Wa1+1;stones=1,1;order=E,W;"
                             "halfway=Ef6;homes=Ef1;turn=W;phase=over;" + pools("EW", POOL2))
    s = score_round(pos)
    assert s.points[FIRST_STONE] == {E: 1}
    assert s.points[SECOND_STONE] == {} and s.second_stone is None


def test_v2_halfway_home_2_to_the_first_runner_on_a_corner_even_its_own_start():
    # East's start is f6: coming back there with the first stone is Halfway Home.
    s = end("rules=kabetopo-2p;runners=Ef1+2,Wa6+2;stones=0,0;order=W,E,E,W;halfway=Ef6,Wa1;"
            "homes=Ef1;turn=W;" + pools("EW", POOL2))
    assert s.points[HALFWAY_HOME] == {E: 2}
    assert s.halfway_home == (E, Position.from_text("runners=Ef6,Sf1,Wa1,Na6").runners[E])
    assert s.line(HALFWAY_HOME, W) == 0  # second to a corner scores nothing


def test_v2_halfway_home_missing_scores_nobody():
    pos = Position.from_text("rules=kabetopo-2p;runners=Ec4+1,Wd3+1;stones=1,1;order=E,W;"
                             "turn=W;phase=over;" + pools("EW", POOL2))
    s = score_round(pos, partial=True)
    assert s.points[HALFWAY_HOME] == {} and s.halfway_home is None


def test_v2_tadaima_3_and_natural_4():
    plain = end(TWO_V2 + pools("EW", POOL2))
    assert plain.points[TADAIMA] == {E: 3}
    natural = end(TWO_V2.replace("Ef1+2", "Ea1+2").replace("homes=Ef1", "homes=Ea1")
                  .replace("halfway=Ea1", "halfway=Ef1") + pools("EW", POOL2))
    assert natural.points[TADAIMA] == {E: 4}
    assert natural.tadaima[0].natural


# --- Unseen Path (K-ROUND-3): 2-player rulesets ------------------------------------------


@pytest.mark.parametrize("moves, points", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (11, 3), (None, 3)])
def test_unseen_path_bands(moves, points):
    assert unseen_path_points(moves) == points


@pytest.mark.parametrize("west, moves, points", [
    ("a5", 1, 0),  # one step from a6
    ("a4", 2, 1),
    ("a3", 3, 1),  # a1 is nearer, but it is West's start and does not count
    ("a2", 4, 2),
    ("c3", 5, 2),
])
def test_v2_unseen_path_by_the_opponents_remaining_moves(west, moves, points):
    text = TWO_V2.replace("Wa6+2", f"W{west}+2") + pools("EW", POOL2)
    s = end(text)
    assert s.unseen_path == (E, points, moves)
    assert s.points[UNSEEN_PATH] == ({E: points} if points else {})


def test_v2_unseen_path_six_or_more_moves_scores_3():
    # West on a2 between walls a1n and a2n, with b1n and c1n walled too: it must leave by
    # b2 and needs 6 moves to a6 (by b3 or the b-file) or to f1 (by d2 and d1).
    text = (TWO_V2.replace("Wa6+2", "Wa2+2") + "lines=Wa1n,Wa2n,Wb1n,Wc1n;"
            + pools("EW", POOL2, E="w1m2p2l2s1", W="w1m2p2l2s1"))
    s = end(text)
    assert s.unseen_path == (E, 3, 6)
    assert s.points[UNSEEN_PATH] == {E: 3}


def test_v2_unseen_path_counts_a_teleport_as_one_move():
    pool = "w3m2p1l2s1"
    without = end(TWO_V2.replace("Wa6+2", "Wc3+2") + pools("EW", POOL2))
    assert without.unseen_path == (E, 2, 5)
    # Portals on c3e and f4n: West teleports from c3 to f5, then steps to f6.
    with_portals = end(TWO_V2.replace("Wa6+2", "Wc3+2") + "lines=Pc3e,Pf4n;" + pools("EW", pool))
    assert with_portals.unseen_path == (E, 1, 2)


def test_v2_unseen_path_3_when_the_opponent_has_not_its_second_stone():
    # West stands one step from a corner but holds one stone: the bonus is 3 anyway.
    text = ("rules=kabetopo-2p;runners=Ef1+2,Wa5+1;stones=1,0;order=E,W,E;halfway=Ea1;"
            "homes=Ef1;turn=W;" + pools("EW", POOL2))
    s = end(text)
    assert s.unseen_path == (E, 3, None)
    assert s.points[UNSEEN_PATH] == {E: 3}
    assert any("second stone" in line for line in describe(s))


def test_interim_unseen_path_with_the_opponents_stone_counts_moves_to_a_corner():
    s = end(TWO_INTERIM.replace("Wa6+1", "Wa4+1") + pools("EW", POOL4))
    assert s.unseen_path == (E, 1, 2)
    assert s.points[UNSEEN_PATH] == {E: 1}


def test_interim_unseen_path_scores_nothing_one_move_away():
    s = end(TWO_INTERIM.replace("Wa6+1", "Wa5+1") + pools("EW", POOL4))
    assert s.unseen_path == (E, 0, 1)
    assert s.points[UNSEEN_PATH] == {}


def test_KNB_10_interim_opponent_without_its_stone_goes_by_the_mountain():
    # West on b4 without a stone: a6 is 3 steps away, but first it must reach the
    # Mountain c4 (1 move), then a corner other than a1 (c4 -> a6: 4 moves): 5 in all.
    text = ("rules=kabetopo-2p-interim;runners=Ef1+1,Wb4;stones=3;order=E;homes=Ef1;turn=W;"
            + pools("EW", POOL4))
    s = end(text)
    assert s.unseen_path == (E, 2, 5)
    assert s.points[UNSEEN_PATH] == {E: 2}
    assert moves_to_tadaima(Position.from_text(text), W) == 5
    # from its start a1: 5 moves to c4, then 4 to a6: 9 moves, 3 points
    s = end(text.replace("Wb4", "Wa1"))
    assert s.unseen_path == (E, 3, 9)


def test_interim_first_stone_2_no_second_stone_tadaima_3_or_4():
    s = end(TWO_INTERIM + pools("EW", POOL4))
    assert s.points[FIRST_STONE] == {E: 2}
    assert s.points[SECOND_STONE] == {} and s.second_stone is None
    assert s.points[TADAIMA] == {E: 3}
    natural = end(TWO_INTERIM.replace("Ef1+1", "Ea1+1").replace("homes=Ef1", "homes=Ea1") + pools("EW", POOL4))
    assert natural.points[TADAIMA] == {E: 4}
    assert natural.points[HALFWAY_HOME] == {}


# --- whole rounds -----------------------------------------------------------------------


def test_round_total_is_the_sum_of_its_lines():
    s = end(TWO_V2.replace("Wa6+2", "Wc3+2") + pools("EW", POOL2, W="w2m2p2l2s1"))
    # E: First Stone 1 + Halfway Home 2 + Second Stone 1 + Tadaima 3 + Unseen Path 2 + Preservation 1
    assert s.total(E) == 10 and s.total(W) == 0
    assert s.totals() == {E: 10, W: 0}


def test_an_unfinished_round_is_never_silently_scored():
    pos = Position.from_text("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wc3,Na6;stones=2;order=E,S;homes=Ef1,Sf6;turn=W")
    with pytest.raises(ValueError, match="K-SIM-1"):
        score_round(pos)
    assert score_round(pos, partial=True).points[TADAIMA] == {E: 3, S: 2}
