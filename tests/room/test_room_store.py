"""Nothing lost: every accepted action is committed before it is applied; a new Room on the same
SQLite file resumes every table exactly (also after a crash between the commit and the apply);
a damaged, tampered, foreign or busy file is refused with a specific error and left as it was."""
from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing

import pytest
from room_helpers import PLAYERS4, choose, play_to

from kabetopo_nb.room import DamagedStore, Room, StoreError, UnknownToken
from kabetopo_nb.room.room import token_digest


def _tables(room: Room) -> dict:
    """Every table as a restart must give it back: number, log, position, round, seats, pause."""
    out = {}
    for tid in room.table_ids:
        t = room.table(tid)
        out[tid] = (t.number, list(t.log), t.state.to_text(), t.play.rounds_begun(), t.play.between_rounds(),
                    [(s.name, s.kind, s.bot) for s in t.seats], t.paused, t.pause_reason, t.unscored,
                    t.summary()["scores"])
    return out


def _bytes(path) -> bytes:
    return path.read_bytes()


@pytest.fixture
def busy_room(path):
    """A room with a match mid-round, a finished round waiting for the next, a Dakapo game and
    a Kaomi game under way, a paused table and a bot seat: closed, ready to be reopened."""
    room = Room.open(path)
    a = room.create_table("kabetopo", PLAYERS4, seed=31)
    play_to(room, a.seat_tokens, a.table, lambda t: t.number >= 30)
    b = room.create_table("kabetopo", ["Ann", "Bo"], seed=8, seats=["human", "greedy"])
    room.take_over(b.table, 1, "random")
    room.give_back(b.table, 1)  # a bot seat handed to a human
    c = room.create_table("dakapo", ["Cy", "Di"], seed=2)
    play_to(room, c.seat_tokens, c.table, lambda t: t.number >= 5)
    d = room.create_table("kaomi", ["Ed", "Flo"], ruleset="kaomi-squared", options={"size": 5, "komi": 2})
    play_to(room, d.seat_tokens, d.table, lambda t: t.number >= 7)
    room.pause(d.table, "back after lunch")
    e = room.create_table("kabetopo", PLAYERS4, seed=5)
    play_to(room, e.seat_tokens, e.table, lambda t: t.play.between_rounds())
    room.next_round(e.seat_tokens[0], room.table(e.table).number)  # round 2 begun, nothing played in it yet
    before = _tables(room)
    tokens = {"a": a, "b": b, "c": c, "d": d, "e": e}
    room.close()
    return before, tokens


def test_a_new_room_on_the_same_file_resumes_every_table_exactly(path, busy_room):
    before, tokens = busy_room
    room = Room.open(path)
    assert _tables(room) == before
    # and play goes on: the same tokens act, at the same numbers, with the same results as a room
    # that never stopped would give (the seeded rolls of a next round included)
    a = tokens["a"]
    table = room.table(a.table)
    seat = table.to_move()
    reply = room.apply(a.seat_tokens[seat], table.number, choose(table))
    assert reply["ok"] and reply["applied"] == before[a.table][0]
    assert room.table(tokens["e"].table).play.round_index() == 1
    with pytest.raises(Exception, match="paused"):
        d = room.table(tokens["d"].table)
        room.apply(tokens["d"].seat_tokens[d.to_move()], d.number, choose(d))
    room.close()


def test_a_restarted_room_plays_on_exactly_as_one_that_never_stopped(tmp_path):
    def play(restart: bool) -> list:
        path = tmp_path / f"{restart}.room"
        room = Room.open(path)
        new = room.create_table("kabetopo", ["Ann", "Bo"], seed=99, options={"auto_next": True})
        for stop in (40, 120, 200, 10_000):
            play_to(room, new.seat_tokens, new.table, lambda t, s=stop: t.number >= s or t.is_over())
            if restart:
                room.close()
                room = Room.open(path)
        log = list(room.table(new.table).log)
        room.close()
        return log

    kept, restarted = play(False), play(True)
    assert kept == restarted and len(kept) > 200


def test_a_crash_between_the_commit_and_the_apply_resumes_with_the_action(path):
    room = Room.open(path)
    new = room.create_table("kabetopo", PLAYERS4, seed=3)
    table = room.table(new.table)
    play_to(room, new.seat_tokens, new.table, lambda t: t.number >= 15)
    seat, number, text = table.to_move(), table.number, choose(table)
    room.store.append_action(new.table, number, seat, text)  # committed; the room died before applying it
    expected = table.state.copy()
    expected.apply(text)
    room.store.close()  # the process is gone: nothing else was written

    again = Room.open(path)
    resumed = again.table(new.table)
    assert resumed.number == number + 1 and resumed.log[-1] == (seat, text)
    assert resumed.state.to_text() == expected.to_text()
    # the client that sent it (and heard nothing) sends it again: a harmless repeat
    assert again.apply(new.seat_tokens[seat], number, text)["repeat"] is True
    again.close()


def test_a_crash_in_the_middle_of_the_setup_rolls_is_finished_by_the_next_room(path):
    room = Room.open(path)
    new = room.create_table("kabetopo", PLAYERS4, seed=12)
    rolls = list(room.table(new.table).log)
    room.close()
    _tamper(path, "DELETE FROM actions WHERE number >= 3")  # as if the room had died after three rolls
    again = Room.open(path)
    assert again.table(new.table).log == rolls  # the same seeded d12s, rolled again (K-SETUP-3)
    again.close()


def test_only_token_digests_are_stored(path):
    room = Room.open(path)
    new = room.create_table("dakapo", ["Ann", "Bo"])
    fresh = room.revoke(new.table, 1)
    room.close()
    data = path.read_bytes()
    with closing(sqlite3.connect(path)) as db:
        digests = {d for (d,) in db.execute("SELECT digest FROM tokens")}
        revoked = {d for (d,) in db.execute("SELECT digest FROM tokens WHERE revoked IS NOT NULL")}
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
    tokens = [*new.seat_tokens, new.watcher_token, fresh]
    assert digests == {token_digest(t) for t in tokens} and revoked == {token_digest(new.seat_tokens[1])}
    assert all(t.encode() not in data for t in tokens)
    assert token_digest(fresh) == hashlib.sha256(fresh.encode()).hexdigest()
    assert mode == "wal"
    again = Room.open(path)
    assert again.links(new.table) == {}  # a restarted room has only digests: it cannot show them
    assert again.snapshot(fresh)["seat"] == 1
    with pytest.raises(Exception, match="revoked"):
        again.snapshot(new.seat_tokens[1])
    again.close()


# --- damaged and foreign files -------------------------------------------------------------------


def _tamper(path, sql: str, params: tuple = ()) -> None:
    db = sqlite3.connect(path)
    db.execute(sql, params)
    db.commit()
    db.close()


DAMAGE = {
    "bad action text": ("UPDATE actions SET action = 'jump over the moon' WHERE number = 20",
                        "action 20", "no kabetopo action"),
    "an illegal action": ("UPDATE actions SET action = 'step a1' WHERE number = 20", "action 20", "K-MOVE-1"),
    "a number gap": ("DELETE FROM actions WHERE number = 20", "action 21", "action number 20 is missing"),
    "a forged roll": ("UPDATE actions SET action = CASE action WHEN 'roll 1' THEN 'roll 2' ELSE 'roll 1' END "
                      "WHERE number = 2", "action 2", "seeded d12"),
    "a roll made by a seat": ("UPDATE actions SET seat = 0 WHERE number = 1", "action 1", "room rolls them"),
    "an action by the wrong seat": ("UPDATE actions SET seat = (seat + 1) % 4 WHERE number = 20", "action 20",
                                    "decision"),
    "a digest of the wrong length": ("UPDATE tokens SET digest = substr(digest, 1, 40) WHERE seat = 2",
                                     "(seat 2)", "not 40"),
    "two live tokens for a seat": ("INSERT INTO tokens VALUES ('" + "a" * 64 + "', 1, 0, 'now', NULL)",
                                   "(seat 0)", "two live tokens"),
    "a seat without a token": ("DELETE FROM tokens WHERE seat = 3", "(seat 3)", "no live token"),
    "a bad seed": ("UPDATE tables SET seed = 'x12'", "its tables row", "seed"),
    "a forged ruleset": ("UPDATE tables SET ruleset = 'kabetopo-9p'", "its tables row", "unknown Kabetopo ruleset"),
    "players that are not JSON": ("UPDATE tables SET players = '[\"Aiko\", '", "its tables row", "not JSON"),
    "a renamed seat": ("UPDATE seats SET name = 'Mallory' WHERE seat = 1", "seat 1", "not the table's"),
    "an unknown bot": ("UPDATE seats SET bot = 'deep-blue' WHERE seat = 1", "seat 1", "not one"),
    "an action after the end": None,  # made in the test: a Dakapo game over, then one more action
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_store_is_refused_naming_the_table_and_row_and_left_as_it_was(path, damage):
    room = Room.open(path)
    if DAMAGE[damage] is None:
        new = room.create_table("dakapo", ["Ann", "Bo"])
        play_to(room, new.seat_tokens, new.table, lambda t: t.is_over())
        n = room.table(new.table).number
        sql, row, words = (f"INSERT INTO actions VALUES ({new.table}, {n}, 0, 'red a1', 'now')", f"action {n}",
                           "after the end of the game")
    else:
        new = room.create_table("kabetopo", PLAYERS4, seed=21)
        play_to(room, new.seat_tokens, new.table, lambda t: t.number >= 30)
        sql, row, words = DAMAGE[damage]
    room.close()
    _tamper(path, sql)
    data = _bytes(path)
    with pytest.raises(DamagedStore) as caught:
        Room.open(path)
    error = caught.value
    assert error.table == new.table and words in error.reason, str(error)
    assert error.row == row or (row.startswith("(seat") and error.row.endswith(row)), error.row
    assert f"table {new.table}, {error.row}: " in str(error) and "left as it was" in str(error)
    assert _bytes(path) == data  # nothing written: not even the journal mode
    with pytest.raises(DamagedStore):  # and it says the same again
        Room.open(path)
    assert _bytes(path) == data


def test_files_that_are_no_room_store_are_refused_and_left_alone(tmp_path):
    junk = tmp_path / "junk.room"
    junk.write_bytes(b"this is not a database, just some text" * 100)
    with pytest.raises(StoreError, match="not a room's store"):
        Room.open(junk)
    assert junk.read_bytes() == b"this is not a database, just some text" * 100
    other = tmp_path / "other.sqlite"
    _tamper(other, "CREATE TABLE notes (text)")
    data = other.read_bytes()
    with pytest.raises(StoreError, match="no table"):
        Room.open(other)
    assert other.read_bytes() == data
    newer = tmp_path / "newer.room"
    Room.open(newer).close()
    _tamper(newer, "UPDATE meta SET value = '2' WHERE key = 'version'")
    with pytest.raises(StoreError, match="version '2'"):
        Room.open(newer)
    with pytest.raises(StoreError, match="not a file"):
        Room.open(tmp_path)


def test_a_file_in_use_by_another_room_is_refused(path):
    first = Room.open(path)
    first.create_table("dakapo", ["Ann", "Bo"])
    with pytest.raises(StoreError, match="in use by another room"):
        Room.open(path)
    first.close()
    again = Room.open(path)
    assert again.table_ids == [1]
    again.close()


def test_an_action_is_on_disk_before_the_listeners_hear_of_it(path):
    room = Room.open(path)
    new = room.create_table("dakapo", ["Ann", "Bo"])
    heard = []

    def listener(event):
        if event.kind == "applied":
            rows = room.store.actions(event.table)
            heard.append((event.data["number"], [r.action for r in rows]))

    room.listen(listener)
    room.apply(new.seat_tokens[0], 0, "red e3")
    assert heard == [(0, ["red e3"])]
    # and a failing commit applies nothing
    table = room.table(new.table)
    position = table.state.to_text()
    room.store.close()
    with pytest.raises(StoreError):
        room.apply(new.seat_tokens[1], 1, choose(table))
    assert table.number == 1 and table.state.to_text() == position and table.state.ply == 1 and len(heard) == 1


def test_progress_is_kept(path):
    room = Room.open(path)
    room.report_progress("Aiko", "03", "walls-block-south")
    room.report_progress("Aiko", "03", "walls-block-south", done=False)
    room.report_progress("Ben", "05", "portal-exit")
    room.close()
    again = Room.open(path)
    rows = [(r["participant"], r["section"], r["challenge"], r["done"]) for r in again.progress()]
    assert rows == [("Aiko", "03", "walls-block-south", False), ("Ben", "05", "portal-exit", True)]
    with pytest.raises(Exception, match="control characters"):
        again.report_progress("A\x07", "03", "x")
    with pytest.raises(UnknownToken):
        again.snapshot("nope")
    again.close()
