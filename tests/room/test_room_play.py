"""Whole games played through the room by the seats' own tokens: a Kabetopo 4-player round to
its scoresheet (and on into the next round), a Dakapo game and a Kaomi game to their end.
Every result is checked against the engine replaying the same actions on its own."""
from __future__ import annotations

import random

import pytest
from room_helpers import PLAYERS4, play_to

from kabetopo_nb.dakapo import DakapoState
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kaomi import KaomiState
from kabetopo_nb.room import NotYourTurn, Room, Seat, Table, table_spec


def _replay_match(room: Room, table_id: int) -> Match:
    """The same match, played by the engine alone from the table's numbered actions."""
    table = room.table(table_id)
    match = Match(table.spec.ruleset, list(table.players), seed=table.spec.seed, auto_next=False)
    first = True
    for seat, text in table.log:
        if match.between_rounds():
            match.next_round()
        if first and seat is None:  # the room's rolls are the match's own seeded rolls
            continue
        first = False
        match.apply(text)
    return match


def test_a_kabetopo_round_played_by_four_tokens_reaches_its_scoresheet(room):
    events = []
    room.listen(events.append)
    new = room.create_table("kabetopo", PLAYERS4, seed=2024)
    table = room.table(new.table)
    # the setup's d12s were rolled by the room, from the match's seeded generator (K-SETUP-3)
    rolls = [text for seat, text in table.log]
    own = Match("kabetopo-4p", PLAYERS4, seed=2024)
    assert rolls == [str(a) for a in own.state.history] and all(seat is None for seat, _ in table.log)
    assert table.number == len(rolls) >= 9 and table.players[table.to_move()] == "Aiko"

    played = play_to(room, new.seat_tokens, new.table, lambda t: t.play.between_rounds())
    assert played > 20
    summary = next(s for s in room.tables() if s["table"] == new.table)
    sheet = summary["scoresheet"]
    assert summary["round"] == 1 and summary["between_rounds"] and len(sheet["rounds"]) == 1
    engine = _replay_match(room, new.table)
    assert engine.state.to_text() == table.state.to_text()
    expected = {p: engine.round_total(p, 0) for p in PLAYERS4}
    assert sheet["rounds"][0]["points"] == expected == summary["scores"]
    assert sum(expected.values()) > 0
    assert sheet["rounds"][0]["seats"] == {"Aiko": "East", "Ben": "South", "Chidi": "West", "Dana": "North"}
    for player in PLAYERS4:
        assert player in sheet["text"]
    over = [e for e in events if e.kind == "round-over"]
    assert len(over) == 1 and over[0].data["points"] == expected and over[0].data["round"] == 1
    applied = [e for e in events if e.kind == "applied"]
    assert [e.data["number"] for e in applied] == list(range(table.number))
    assert applied[-1].data["seat"] is not None and applied[-1].data["text"]

    # round 2: any seat asks for it; the board turns (K-MATCH-1); a repeat of the request is harmless
    number = table.number
    reply = room.next_round(new.seat_tokens[2], number)
    assert reply["ok"] and not reply["repeat"] and reply["round"] == 2
    assert room.next_round(new.seat_tokens[1], number) == {**reply, "repeat": True}
    assert table.play.engine_seat_of(0) == "South" and table.players[table.to_move()] == "Dana"  # Dana is East now
    play_to(room, new.seat_tokens, new.table, lambda t: t.number >= number + 12)
    assert _replay_match(room, new.table).state.to_text() == table.state.to_text()


def test_a_whole_two_player_match_ends_with_its_standings_and_the_save_replays(room):
    events = []
    room.listen(events.append)
    new = room.create_table("kabetopo", ["Ann", "Bo"], seed=7, options={"auto_next": True})
    table = room.table(new.table)
    play_to(room, new.seat_tokens, new.table, lambda t: t.is_over(), limit=20_000)
    match = table.play.match
    assert match.is_over() and len(match.scores) == match.rounds == 4
    # kabetopo-2p re-randomises the setup before round 3 (K-SETUP-3): rolled by the room again
    assert sum(1 for seat, _ in table.log if seat is None) > 9
    over = [e for e in events if e.kind == "game-over"]
    assert len(over) == 1 and over[0].data["standings"] == table.play.standings()
    loaded = Match.load(room.save(new.table))
    assert loaded.totals() == match.totals() and loaded.is_over()
    rows = room.results()
    assert {r["player"]: r["points"] for r in rows} == match.totals()
    assert sorted(r["place"] for r in rows) in ([1, 2], [1, 1])


def test_a_dakapo_game_is_played_to_its_end(room):
    events = []
    room.listen(events.append)
    new = room.create_table("dakapo", ["Ann", "Bo"], seed=3)
    table = room.table(new.table)
    assert table.number == 0 and table.to_move() == 0
    play_to(room, new.seat_tokens, new.table, lambda t: t.is_over())
    engine = DakapoState()
    for _, text in table.log:
        engine.apply(text)
    assert engine.is_terminal() and engine.to_text() == table.state.to_text()
    winner = {"Player 1": "Ann", "Player 2": "Bo"}.get(engine.winner)
    over = [e for e in events if e.kind == "game-over"]
    assert len(over) == 1 and over[0].data["winner"] == winner and over[0].data["result"] == engine.result()
    assert DakapoState.load(room.save(new.table)).to_text() == engine.to_text()


def test_a_kaomi_game_with_the_pie_rule_is_played_to_its_end(room):
    new = room.create_table("kaomi", ["Ann", "Bo"], options={"size": 5})
    table = room.table(new.table)
    room.apply(new.seat_tokens[0], 0, "c3")
    room.apply(new.seat_tokens[1], 1, "swap")  # KM-2: Bo takes Black, Ann holds White and places next
    assert table.play.engine_seat_of(0) == "White" and table.to_move() == 0
    play_to(room, new.seat_tokens, new.table, lambda t: t.is_over())
    engine = KaomiState.new_game(size=5)
    for _, text in table.log:
        engine.apply(text)
    result = engine.result()
    assert result is not None and engine.to_text() == table.state.to_text()
    colour_holder = {"Black": "Bo", "White": "Ann"}  # after the swap
    assert room.tables()[0]["winner"] == colour_holder[result.winner_name]
    assert [r["winner"] for r in room.results()] == [colour_holder[result.winner_name] == p for p in ("Ann", "Bo")]


def test_the_setup_rolls_are_the_rooms_and_a_client_cannot_roll():
    # a table before the room made its rolls (as a room that stopped in the middle of them)
    spec = table_spec("kabetopo", PLAYERS4, seed=11)
    stored = []
    table = Table(1, spec, [Seat(i, p, "human") for i, p in enumerate(PLAYERS4)],
                  commit=lambda number, seat, text: stored.append((number, seat, text)))
    assert table.number == 0 and table.play.is_chance()
    with pytest.raises(NotYourTurn, match="rolled by the room") as caught:
        table.apply(0, 0, "roll 3")
    assert caught.value.to_move is None and table.number == 0 and stored == []
    events = table.advance()
    own = Match("kabetopo-4p", PLAYERS4, seed=11)
    assert [text for _, seat, text in stored] == [str(a) for a in own.state.history]
    assert all(seat is None for _, seat, _ in stored) and [e.kind for e in events] == ["applied"] * len(stored)
    assert table.state.to_text() == own.state.to_text() and not table.play.is_chance()


def test_same_seed_same_setup_and_another_seed_another(tmp_path):
    boards = []
    for name, seed in (("a", 5), ("b", 5), ("c", 6)):
        with Room.open(tmp_path / f"{name}.room") as room:
            new = room.create_table("kabetopo", PLAYERS4, seed=seed)
            boards.append(room.table(new.table).state.to_text())
    assert boards[0] == boards[1] != boards[2]


def test_a_three_player_multiplayer_match_with_options_and_a_teaching_round(room):
    new = room.create_table("kabetopo", ["Ann", "Bo", "Cy"], ruleset="kabetopo-mp-v3",
                            options={"mischief": True}, teaching="first-round-without-drops", seed=4)
    table = room.table(new.table)
    summary = room.tables()[0]
    assert summary["ruleset"] == "kabetopo-mp-v3-3p" and summary["rules"] == "kabetopo-mp-v3-3p+mischief"
    assert table.state.rules.no_drops  # KNB-15 in round 1 only
    rng = random.Random(1)
    for _ in range(5):
        seat = table.to_move()
        actions = table.state.legal_actions.names()
        assert not any(a.startswith(("wall", "monolith", "portal", "lock")) for a in actions)
        room.apply(new.seat_tokens[seat], table.number, rng.choice(actions))
