"""The room's tournament (``kabetopo_nb/room/tournament.py``, ``Room.create_tournament``,
``next_match``, ``tournament``): the pure seating and standings, both sides of each choice
(pairing by standings, players not a multiple of the table size, rematches avoided and
allowed when unavoidable, the seed), then a room playing a whole tournament, restarted
between matches, its standings the tables' own places."""
from __future__ import annotations

import concurrent.futures
import itertools

import pytest
from room_helpers import play_to

from kabetopo_nb.room import Room, RoomSetupError
from kabetopo_nb.room.tournament import (
    SEARCH_BUDGET,
    TableResult,
    filler_names,
    first_match,
    group,
    least_rematches,
    next_match,
    pairs_of,
    players_per_table,
    standings,
    table_points,
    tournament_spec,
)

TWELVE = [f"P{i:02d}" for i in range(12)]


# --- pure ---------------------------------------------------------------------------------------


def test_the_first_match_is_a_seeded_draw_the_same_for_the_same_seed():
    spec = tournament_spec(TWELVE, table_size=4, matches=3, seed=7)
    one, again, other = first_match(spec), first_match(spec), first_match(tournament_spec(TWELVE, table_size=4,
                                                                                           matches=3, seed=8))
    assert [s.players for s in one] == [s.players for s in again]
    assert [s.seed for s in one] == [s.seed for s in again]
    assert [s.players for s in one] != [s.players for s in other]
    assert len(one) == 3 and all(len(s.players) == 4 and not s.fillers for s in one)
    assert sorted(p for s in one for p in s.players) == TWELVE
    assert len({s.seed for s in one}) == 3  # each table its own game seed


def test_players_not_a_multiple_of_the_table_size_get_bots_at_the_last_tables():
    assert players_per_table(12, 4) == [4, 4, 4]
    assert players_per_table(10, 4) == [4, 3, 3]
    assert players_per_table(5, 4) == [3, 2]
    assert players_per_table(7, 2) == [2, 2, 2, 1]
    spec = tournament_spec(TWELVE[:10], table_size=4, matches=2, seed=1)
    seatings = first_match(spec)
    assert [len(s.fillers) for s in seatings] == [0, 1, 1]
    assert all(len(s.players) == 4 for s in seatings)
    assert filler_names(("Bot 1", "Ann"), 2) == ["Bot 2", "Bot 3"]  # never a player's name


def test_table_points_come_from_the_places_shared_places_share():
    assert table_points({"a": 1, "b": 2, "c": 3, "d": 4}) == {"a": 3, "b": 2, "c": 1, "d": 0}
    assert table_points({"a": 1, "b": 1}) == {"a": 0.5, "b": 0.5}
    assert table_points({"a": 1, "b": 2, "c": 2}) == {"a": 2, "b": 0.5, "c": 0.5}


def _result(match, table, places, points=None, done=True, scored=True):
    players = tuple(places)
    return TableResult(match, table, players, places, points or dict.fromkeys(players, 0), done, scored)


def test_standings_order_by_tournament_points_then_game_points_then_the_draw():
    spec = tournament_spec(["A", "B", "C", "D"], table_size=2, matches=2, seed=3)
    results = [_result(1, 1, {"A": 1, "B": 2}, {"A": 10, "B": 5}),
               _result(1, 2, {"C": 1, "D": 2}, {"C": 12, "D": 5})]
    rows = standings(spec, results)
    assert [r.player for r in rows[:2]] == ["C", "A"]  # equal tournament points: game points decide
    assert [r.rank for r in rows] == [1, 2, 3, 3]  # B and D: equal on both, a shared rank
    # B and D, equal on both counts, keep the draw's order (seeded): the same every time
    from kabetopo_nb.room.tournament import draw
    order = draw(spec)
    assert [r.player for r in rows[2:]] == sorted(["B", "D"], key=order.index)
    # a table still being played counts for nothing; one not scored gives nothing, but was played
    rows = standings(spec, [_result(1, 1, {"A": 1, "B": 2}, done=False),
                            _result(1, 2, {"C": 1, "D": 2}, scored=False)])
    assert all(r.tournament_points == 0 for r in rows)
    assert {r.player: r.played for r in rows} == {"A": 0, "B": 0, "C": 1, "D": 1}


def rematches(groups, avoid) -> int:
    return sum(frozenset(p) in avoid for g in groups for p in itertools.combinations(g, 2))


def test_pairing_puts_the_leaders_together_and_avoids_the_last_matchs_tables():
    order = [f"R{i:02d}" for i in range(16)]  # the standings, best first
    # no rematch to avoid: the leaders sit together, in order
    assert group(order, [4, 4, 4, 4], set()) == [order[0:4], order[4:8], order[8:12], order[12:16]]
    # 16 at 4 tables of 4 after the same four tables: every table takes one of each, none meet again
    previous = [order[0:4], order[4:8], order[8:12], order[12:16]]
    avoid = pairs_of(previous)
    groups = group(order, [4, 4, 4, 4], avoid, least=least_rematches(previous, 4))
    assert groups[0] == ["R00", "R04", "R08", "R12"]  # the leader with the best who did not sit with them
    assert rematches(groups, avoid) == 0
    assert sorted(p for g in groups for p in g) == order


def test_twelve_at_three_tables_of_four_meet_again_as_little_as_possible():
    order = [f"R{i:02d}" for i in range(12)]
    previous = [order[0:4], order[4:8], order[8:12]]
    avoid = pairs_of(previous)
    assert least_rematches(previous, 3) == 3  # 4 players of a table at 3 tables: one pair each
    groups = group(order, [4, 4, 4], avoid, least=3)
    assert rematches(groups, avoid) == 3
    assert groups[0][:2] == ["R00", "R01"]  # the two leaders together (their one rematch)
    # the same without the bound given: the search climbs from 0 to the same seating
    assert group(order, [4, 4, 4], avoid) == groups


def test_an_unavoidable_rematch_is_allowed_with_as_few_as_possible():
    # two players, one table: the same pair again
    assert group(["A", "B"], [2], pairs_of([["A", "B"]])) == [["A", "B"]]
    # five players at tables of 3 and 2 after [A, B, C] and [D, E]: no seating without a rematch
    avoid = pairs_of([["A", "B", "C"], ["D", "E"]])
    groups = group(["A", "B", "C", "D", "E"], [3, 2], avoid)
    rematches = sum(frozenset(p) in avoid for g in groups for p in itertools.combinations(g, 2))
    best = min(sum(frozenset(p) in avoid for g in (list(c), [x for x in "ABCDE" if x not in c])
                   for p in itertools.combinations(g, 2))
               for c in itertools.combinations("ABCDE", 3))
    assert rematches == best == 1
    # the bounded search gives up on a large hopeless case and still seats everyone
    many = [f"Q{i}" for i in range(40)]
    everyone = pairs_of([many])  # all sat together: every seating is a rematch
    groups = group(many, [4] * 10, everyone, budget=SEARCH_BUDGET // 100)
    assert sorted(p for g in groups for p in g) == sorted(many)


def test_next_match_seats_by_the_ranking_and_the_seed():
    spec = tournament_spec(TWELVE, table_size=4, matches=3, seed=11)
    ranking = list(reversed(TWELVE))
    previous = [s.players for s in first_match(spec)]
    one = next_match(spec, ranking, previous, 2)
    assert [s.players for s in one] == [s.players for s in next_match(spec, ranking, previous, 2)]
    avoid = pairs_of(previous)
    assert rematches([s.players for s in one], avoid) == 3
    assert ranking[0] in one[0].players and ranking[1] in one[0].players  # the leaders at the first table


def test_a_tournament_spec_is_checked():
    for bad, words in [(dict(table_size=5), "seats"), (dict(table_size=3, kind="dakapo"), "dakapo table"),
                       (dict(matches=0), "matches"), (dict(seed=-1), "seed"), (dict(kind="chess"), "plays"),
                       (dict(bots={"Zed": "greedy"}), "not a player")]:
        settings = {"table_size": 4, "matches": 2, **bad}
        with pytest.raises(RoomSetupError, match=words):
            tournament_spec(TWELVE, **settings)
    with pytest.raises(RoomSetupError, match="different"):
        tournament_spec(["A", "A"], table_size=2, matches=1)
    with pytest.raises(RoomSetupError, match="2 to"):
        tournament_spec(["A"], table_size=2, matches=1)


# --- in a room ------------------------------------------------------------------------------------


@pytest.fixture
def executor():
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        yield pool


def finish(room: Room, new) -> None:
    """Play every new table to its end: people by their tokens, bots in the executor."""
    for made in new:
        table = room.table(made.table)
        tokens = dict(enumerate(made.seat_tokens))
        while not table.is_over():
            if table.play.between_rounds():
                room.start_next_round(made.table)
            elif table.seats[table.to_move()].bot is not None:
                room.bot_moves(limit=1)
            else:
                play_to(room, tokens, made.table, lambda t: t.is_over() or t.play.between_rounds()
                        or t.seats[t.to_move()].bot is not None)


def places_of(room: Room, table_id: int) -> dict[str, int]:
    """A table's places as the table itself reports them (the engine's standings)."""
    return {row["player"]: row["place"] for row in room.table(table_id).results()}


def test_a_room_plays_a_tournament_across_a_restart(path, executor):
    players = [f"P{i}" for i in range(5)]  # 5 at tables of 3: one bot fills the second table
    room = Room.open(path, executor=executor)
    try:
        made = room.create_tournament(players, table_size=3, matches=2, seed=4)
        assert [len(t["players"]) for t in made["tables"][0]] == [3, 3]
        assert [t["fillers"] for t in made["tables"][0]] == [[], ["Bot 1"]]
        assert room.table(made["tables"][0][1]["table"]).seats[
            made["tables"][0][1]["players"].index("Bot 1")].bot == "greedy"
        with pytest.raises(RoomSetupError, match="still being played"):
            room.next_match()
        with pytest.raises(RoomSetupError, match="still being played"):
            room.create_tournament(players, table_size=3, matches=2)
        finish(room, made["new"])
        live = room.tournament()
        assert live["match_over"] and not live["final"]
        # the standings are the tables' own places, turned into points
        expected: dict[str, float] = dict.fromkeys(players, 0.0)
        for t in live["tables"][0]:
            for p, pts in table_points(places_of(room, t["table"])).items():
                if p in expected:
                    expected[p] += pts
        assert {r["player"]: r["tournament_points"] for r in live["standings"]} == expected
        before = live
    finally:
        room.close()
    room = Room.open(path, executor=executor)  # the tournament survives a restart
    try:
        assert room.tournament() == before
        second = room.next_match()
        assert second["match"] == 2 and len(second["tables"]) == 2
        ranking = [r["player"] for r in before["standings"]]
        assert ranking[0] in second["tables"][1][0]["players"]  # the leader at the first table
        assert all(n.table not in [t["table"] for t in before["tables"][0]] for n in second["new"])
        finish(room, second["new"])
        final = room.tournament()
        assert final["final"] and [r["played"] for r in final["standings"]] == [2] * 5
        with pytest.raises(RoomSetupError, match="is over"):
            room.next_match()
        rows = room.results()
        tour_rows = [r for r in rows if r["tournament"] == 1]
        assert len(tour_rows) == 12 and {r["match"] for r in tour_rows} == {1, 2}
        assert all(r["tournament_points"] is None for r in tour_rows if r["player"] == "Bot 1")
        by_player = {p: sum(r["tournament_points"] for r in tour_rows if r["player"] == p) for p in players}
        assert by_player == {r["player"]: r["tournament_points"] for r in final["standings"]}
        again = room.create_tournament(players, table_size=2, matches=1, kind="dakapo", seed=1)  # once over: a new one
        assert again["id"] == 2 and room.tournament()["id"] == 2
    finally:
        room.close()
    room = Room.open(path, executor=executor)
    try:
        assert room.tournament()["id"] == 2 and room.tournament()["match"] == 1
    finally:
        room.close()


def test_a_tournament_that_the_room_cannot_seat_makes_no_table(room):
    with pytest.raises(RoomSetupError):
        room.create_tournament(TWELVE, table_size=4, matches=2, options={"rounds": 1})  # 4p plays 4 rounds
    assert room.table_ids == [] and room.tournament() is None
    with pytest.raises(RoomSetupError, match="no tournament"):
        room.next_match()
