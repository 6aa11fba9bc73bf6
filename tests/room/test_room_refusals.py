"""Every way the room refuses: each with its own error and code, a clear message, and no change
(the table's number, position and store stay as they were)."""
from __future__ import annotations

import json

import pytest
from room_helpers import PLAYERS4, choose, play_to

from kabetopo_nb.room import (
    BetweenRounds,
    BotSeat,
    ConnectionClosed,
    GameOver,
    IllegalAction,
    Limits,
    MessageError,
    NotBetweenRounds,
    NotYourTurn,
    RateLimited,
    ReadOnlyToken,
    RevokedToken,
    Room,
    RoomSetupError,
    StaleNumber,
    TablePaused,
    TooManyConnections,
    TooManyTables,
    UnknownTable,
    UnknownToken,
    WrongTable,
)
from kabetopo_nb.room.room import new_token


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _unchanged(room: Room, table_id: int):
    """A function that checks the table (memory and store) is as it was when this was called."""
    table = room.table(table_id)
    before = (table.number, table.state.to_text(), len(room.store.actions(table_id)))

    def check():
        assert (table.number, table.state.to_text(), len(room.store.actions(table_id))) == before

    return check


@pytest.fixture
def match(room):
    new = room.create_table("kabetopo", PLAYERS4, seed=1)
    return new, room.table(new.table)


def test_a_forged_token_is_unknown(room, match):
    new, table = match
    same = _unchanged(room, table.id)
    for forged in (new_token(), "x" * 43, "", None, 42, new.seat_tokens[0][:-1] + "A", new.seat_tokens[0] + "x"):
        if forged == new.seat_tokens[0]:
            continue
        with pytest.raises(UnknownToken, match="not one of the room's") as caught:
            room.apply(forged, table.number, "step e6")
        assert caught.value.reply()["error"] == "unknown-token"
    same()


def test_another_seats_token_cannot_act_for_the_seat_on_turn(room, match):
    new, table = match
    same = _unchanged(room, table.id)
    with pytest.raises(NotYourTurn, match="not Ben's decision: Aiko \\(East: main action\\)") as caught:
        room.apply(new.seat_tokens[1], table.number, "step e6")  # Ben (South) plays East's move
    assert caught.value.to_move == 0 and caught.value.reply()["to_move"] == 0
    same()


def test_a_watchers_token_only_watches(room, match):
    new, table = match
    same = _unchanged(room, table.id)
    with pytest.raises(ReadOnlyToken, match="only watches"):
        room.apply(new.watcher_token, table.number, "step e6")
    with pytest.raises(ReadOnlyToken):
        room.next_round(new.watcher_token, table.number)
    assert room.snapshot(new.watcher_token)["read_only"] is True  # it may look
    same()


def test_out_of_turn_after_the_turn_passed(room, match):
    new, table = match
    play_to(room, new.seat_tokens, table.id, lambda t: t.to_move() != 0)
    same = _unchanged(room, table.id)
    with pytest.raises(NotYourTurn, match="not Aiko's decision: Ben \\(South"):
        room.apply(new.seat_tokens[0], table.number, "end")
    same()


def test_a_stale_number_is_refused_with_the_current_one(room, match):
    new, table = match
    first = table.number
    room.apply(new.seat_tokens[0], first, "step e6")  # East's turn goes on (extras)
    assert table.to_move() == 0
    same = _unchanged(room, table.id)
    for number in (first, first - 3, first + 5):
        with pytest.raises(StaleNumber, match=f"it is {first + 1}") as caught:
            room.apply(new.seat_tokens[0], number, "end")
        assert caught.value.current == first + 1 and caught.value.reply()["number"] == first + 1
    same()


def test_a_repeat_is_a_harmless_ok(room, match):
    new, table = match
    events = []
    room.listen(events.append)
    first = table.number
    assert room.apply(new.seat_tokens[0], first, "step e6")["repeat"] is False
    same = _unchanged(room, table.id)
    for text in ("step e6", "  step e6"[2:]):
        reply = room.apply(new.seat_tokens[0], first, text)
        assert reply == {"ok": True, "repeat": True, "applied": first, "number": first + 1}
    same()
    # a repeat stays harmless after the turn has passed and while the table is paused
    play_to(room, new.seat_tokens, table.id, lambda t: t.to_move() != 0)
    room.pause(table.id)
    assert room.apply(new.seat_tokens[0], first, "step e6")["repeat"] is True
    # but only for the seat that made it, and only the same action
    with pytest.raises(ReadOnlyToken):
        room.apply(new.watcher_token, first, "step e6")
    with pytest.raises(TablePaused):
        room.apply(new.seat_tokens[1], first, "step e6")
    room.resume(table.id)
    with pytest.raises(NotYourTurn):
        room.apply(new.seat_tokens[0], first, "step f5")
    assert len([e for e in events if e.kind == "applied"]) == table.number - first


def test_an_illegal_action_carries_the_engines_ruling_and_sentence(room, match):
    new, table = match
    same = _unchanged(room, table.id)
    verdict = table.state.explain("step a1")
    with pytest.raises(IllegalAction) as caught:
        room.apply(new.seat_tokens[0], table.number, "step a1")
    assert caught.value.rulings == ("K-MOVE-1",) == verdict.rulings
    assert caught.value.reply()["refusal"] == {"rulings": ["K-MOVE-1"], "reason": verdict.reason}
    with pytest.raises(IllegalAction, match="no kabetopo action") as caught:
        room.apply(new.seat_tokens[0], table.number, "fly to the moon")
    assert caught.value.code == "notation" and caught.value.rulings == ()
    with pytest.raises(IllegalAction) as caught:  # a roll of the client's own: not in a main action
        room.apply(new.seat_tokens[0], table.number, "roll 3")
    assert caught.value.code == "illegal" and caught.value.rulings
    same()


def test_a_paused_table_refuses_every_action_until_resumed(room, match):
    new, table = match
    events = []
    room.listen(events.append)
    room.pause(table.id, "lunch")
    same = _unchanged(room, table.id)
    with pytest.raises(TablePaused, match="paused by the teacher: lunch") as caught:
        room.apply(new.seat_tokens[0], table.number, "step e6")
    assert caught.value.code == "paused"
    same()
    assert room.tables()[0]["paused"] and room.store.tables()[0].paused == 1
    room.resume(table.id)
    assert room.apply(new.seat_tokens[0], table.number, "step e6")["ok"]
    assert [e.kind for e in events[:2]] == ["paused", "resumed"]


def test_a_revoked_token_is_dead_at_once_and_its_connections_are_closed(room, match):
    new, table = match
    events = []
    room.listen(events.append)
    old = new.seat_tokens[0]
    connection = room.connect(old)
    other = room.connect(new.seat_tokens[1])
    fresh = room.revoke(table.id, 0)
    assert fresh != old and room.links(table.id)[0] == fresh
    same = _unchanged(room, table.id)
    with pytest.raises(RevokedToken, match="revoked by the teacher"):
        room.apply(old, table.number, "step e6")
    with pytest.raises(RevokedToken):
        room.connect(old)
    assert connection.closed and not other.closed
    reply = connection.receive(json.dumps({"type": "act", "number": table.number, "action": "step e6"}))
    assert reply["ok"] is False and reply["error"] == "closed"
    same()
    revoked = [e for e in events if e.kind == "seat-revoked"]
    assert revoked[0].data == {"seat": 0, "connections": [connection.id]}
    assert room.apply(fresh, table.number, "step e6")["ok"]
    # the watchers' link too
    watcher = room.revoke(table.id, None)
    with pytest.raises(RevokedToken):
        room.snapshot(new.watcher_token)
    assert room.snapshot(watcher)["read_only"]


def test_oversized_and_malformed_messages(room, match):
    new, table = match
    connection = room.connect(new.seat_tokens[0])
    same = _unchanged(room, table.id)
    cases = {
        "x" * (8 * 1024 + 1): ("too-large", "at most 8,192"),
        json.dumps({"type": "act", "number": 9, "action": "step e6" + " " * 9000}): ("too-large", "bytes"),
        "{not json": ("malformed", "not JSON"),
        "[1, 2]": ("malformed", "JSON object, not list"),
        json.dumps({"type": "shout"}): ("malformed", "unknown message type"),
        json.dumps({"type": "act", "number": "9", "action": "step e6"}): ("malformed", "number is"),
        json.dumps({"type": "act", "number": True, "action": "step e6"}): ("malformed", "number is"),
        json.dumps({"type": "act", "number": 9}): ("malformed", "needs 'action'"),
        json.dumps({"type": "act", "number": 9, "action": ""}): ("malformed", "action is"),
        json.dumps({"type": "act", "number": 9, "action": "step e6", "seat": 3}): ("malformed", "no field(s) 'seat'"),
        json.dumps({"type": "sync", "id": -1}): ("malformed", "id is"),
        "[" * 100_0: ("malformed", "not JSON"),
    }
    for raw, (code, words) in cases.items():
        reply = connection.receive(raw)
        assert reply["ok"] is False and reply["error"] == code, (raw[:40], reply)
        assert words in reply["message"], (raw[:40], reply)
    with pytest.raises(MessageError):
        from kabetopo_nb.room import parse_message

        parse_message(b"\xff\xfe")
    same()
    reply = connection.receive(json.dumps({"type": "act", "number": table.number, "action": "step e6", "id": 7}))
    assert reply["ok"] and reply["id"] == 7


def test_a_flood_is_cut_off_and_the_rate_comes_back(path):
    clock = Clock()
    with Room.open(path, clock=clock, limits=Limits(messages_per_second=5, burst=3)) as room:
        new = room.create_table("dakapo", ["Ann", "Bo"])
        connection = room.connect(new.seat_tokens[0])
        sync = json.dumps({"type": "sync"})
        assert [connection.receive(sync)["ok"] for _ in range(3)] == [True] * 3
        reply = connection.receive(json.dumps({"type": "act", "number": 0, "action": "red e3"}))
        assert reply["error"] == RateLimited.code == "flood" and "at most 5 a second" in reply["message"]
        assert room.table(new.table).number == 0
        other = room.connect(new.seat_tokens[1])  # another connection has its own bucket
        assert other.receive(sync)["ok"]
        clock.now += 0.2  # a fifth of a second: one message more
        assert connection.receive(json.dumps({"type": "act", "number": 0, "action": "red e3"}))["ok"]
        assert connection.receive(sync)["error"] == "flood"


def test_too_many_tables_and_connections(path):
    with Room.open(path, limits=Limits(tables=2, connections_per_seat=2, watchers_per_table=1)) as room:
        a = room.create_table("dakapo", ["Ann", "Bo"])
        room.create_table("kaomi", ["Ann", "Bo"])
        with pytest.raises(TooManyTables, match="at most 2 tables"):
            room.create_table("dakapo", ["Cy", "Di"])
        assert len(room.store.tables()) == 2
        first, second = room.connect(a.seat_tokens[0]), room.connect(a.seat_tokens[0])
        with pytest.raises(TooManyConnections, match="at most 2 connections of one seat"):
            room.connect(a.seat_tokens[0])
        room.connect(a.seat_tokens[1])  # another seat counts for itself
        room.disconnect(first)
        room.connect(a.seat_tokens[0])  # a closed one frees its place
        room.connect(a.watcher_token)
        with pytest.raises(TooManyConnections, match="watchers"):
            room.connect(a.watcher_token)
        assert second.receive(json.dumps({"type": "sync"}))["ok"]
        assert first.receive(json.dumps({"type": "sync"}))["error"] == ConnectionClosed.code


def test_a_token_for_another_table_and_unknown_tables(room):
    a = room.create_table("dakapo", ["Ann", "Bo"])
    b = room.create_table("dakapo", ["Cy", "Di"])
    with pytest.raises(WrongTable, match=f"for table {a.table}, not table {b.table}"):
        room.connect(a.seat_tokens[0], table=b.table)
    assert room.connect(a.seat_tokens[0], table=a.table).table == a.table
    with pytest.raises(UnknownTable):
        room.pause(99)
    with pytest.raises(RoomSetupError, match="no seat 5"):
        room.revoke(a.table, 5)


def test_game_over_between_rounds_and_no_next_round_while_playing(room, match):
    new, table = match
    with pytest.raises(NotBetweenRounds, match="round 1 is still being played"):
        room.next_round(new.seat_tokens[0], table.number)
    play_to(room, new.seat_tokens, table.id, lambda t: t.play.between_rounds())
    same = _unchanged(room, table.id)
    with pytest.raises(BetweenRounds, match="round 1 is over"):
        room.apply(new.seat_tokens[0], table.number, "step e6")
    with pytest.raises(StaleNumber):
        room.next_round(new.seat_tokens[0], table.number - 1)
    same()
    dakapo = room.create_table("dakapo", ["Ann", "Bo"])
    play_to(room, dakapo.seat_tokens, dakapo.table, lambda t: t.is_over())
    with pytest.raises(GameOver):
        room.apply(dakapo.seat_tokens[0], room.table(dakapo.table).number, "red e3")


def test_a_seat_a_bot_took_over_waits(room, match):
    new, table = match
    room.take_over(table.id, 0, "greedy")
    same = _unchanged(room, table.id)
    with pytest.raises(BotSeat, match="played by a bot \\(greedy\\) now"):
        room.apply(new.seat_tokens[0], table.number, choose(table))
    same()
    room.give_back(table.id, 0)
    assert room.apply(new.seat_tokens[0], table.number, choose(table))["ok"]


def test_tables_and_seats_the_room_does_not_take(room):
    bad = [
        (("chess", ["A", "B"]), {}, "unknown game"),
        (("kabetopo", ["A", "B", "C", "D", "E"]), {}, "2 to 4 players"),
        (("kabetopo", ["Ann", "Ann"]), {}, "different"),
        (("kabetopo", ["Ann", " Bo"]), {}, "no space at either end"),
        (("kabetopo", ["Ann", "B\x1bo"]), {}, "control characters"),
        (("kabetopo", ["Ann", "x" * 41]), {}, "1 to 40 characters"),
        (("kabetopo", ["A", "B", "C", "D"]), {"ruleset": "kabetopo-2p"}, "not played by 4 players"),
        (("kabetopo", ["A", "B", "C", "D"]), {"options": {"fly": True}}, "unknown option"),
        (("kabetopo", ["A", "B", "C", "D"]), {"options": {"mischief": "yes"}}, "True or False"),
        (("kabetopo", ["A", "B", "C", "D"]), {"options": {"rounds": 9}}, "rounds"),
        (("kabetopo", ["A", "B", "C", "D"]), {"seed": -1}, "seed"),
        (("kabetopo", ["A", "B", "C", "D"]), {"teaching": "no-dice"}, "teaching variant"),
        (("kabetopo", ["A", "B", "C", "D"]), {"seats": ["human", "deep-blue", "human", "human"]}, "unknown bot"),
        (("kabetopo", ["A", "B", "C", "D"]), {"seats": ["human", "mcts-99999", "human", "human"]}, "too much"),
        (("kabetopo", ["A", "B", "C", "D"]), {"seats": {"Zed": "greedy"}}, "not a player"),
        (("dakapo", ["A", "B"]), {"options": {"size": 7}}, "D-SIZE-1"),
        (("kaomi", ["A", "B"]), {"options": {"komi": 4}}, "KM-5"),
        (("kaomi", ["A", "B"]), {"teaching": "first-round-without-drops"}, "Kabetopo's"),
    ]
    for args, kwargs, words in bad:
        with pytest.raises(RoomSetupError, match=words):
            room.create_table(*args, **kwargs)
    assert room.store.tables() == [] and room.tables() == []
