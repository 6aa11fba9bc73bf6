"""Bots think off the event loop, in the room's executor, and their moves enter through the same
numbered apply as a human's: concurrently at several tables while a human acts at another,
seeded (the same seed gives the same games), dropped when they come too late, stopped (and the
table marked not scored) when a bot fails or a round runs past K-SIM-1's cut-off."""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading

import pytest
from room_helpers import PLAYERS4, choose, play_to

from kabetopo_nb.bots import GreedyBot, make_bot
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.room import Room, RoomSetupError
from kabetopo_nb.room import room as room_module

from helpers import run_async

WAIT = 20.0  # seconds a test waits for a thread before calling it stuck


class WaitingBot(GreedyBot):
    """A greedy bot that, until ``released`` is set, first waits at ``barrier`` (or for ``gate``)."""

    def __init__(self, barrier=None, gate=None, released=None):
        super().__init__()
        self.barrier, self.gate, self.released = barrier, gate, released

    def choose(self, state, rng):
        if self.released is None or not self.released.is_set():
            if self.barrier is not None:
                self.barrier.wait(WAIT)
            if self.gate is not None and not self.gate.wait(WAIT):
                raise RuntimeError("the gate never opened")
        return super().choose(state, rng)


class BrokenBot(GreedyBot):
    def choose(self, state, rng):
        raise RuntimeError("out of batteries")


def factory(**bots):
    def make(name):
        if name in bots:
            return bots[name]()
        return make_bot(name)

    return make


@pytest.fixture
def threads():
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        yield pool


def test_bots_at_two_tables_think_at_once_while_a_human_acts_at_a_third(path, threads):
    barrier = threading.Barrier(3)  # the two bots and this test: it only opens if all three are inside
    released = threading.Event()
    room = Room.open(path, executor=threads,
                     bot_factory=factory(waiter=lambda: WaitingBot(barrier=barrier, released=released)))
    events = []
    room.listen(events.append)
    a = room.create_table("dakapo", ["Ann", "Bo"], seats=["waiter", "greedy"], seed=1)
    b = room.create_table("kaomi", ["Cy", "Di"], seats=["waiter", "greedy"], seed=2)
    c = room.create_table("dakapo", ["Ed", "Flo"], seed=3)
    jobs = room.submit_bots()
    assert sorted(j.table for j in jobs) == [a.table, b.table]
    assert room.tables()[0]["bot_thinking"] and not room.tables()[2]["bot_thinking"]
    human = room.table(c.table)
    reply = room.apply(c.seat_tokens[0], 0, choose(human))  # answered at once, bots still thinking
    assert reply["ok"] and not any(j.future.done() for j in jobs)
    barrier.wait(WAIT)  # both bots are inside their decision at the same time
    released.set()
    concurrent.futures.wait([j.future for j in jobs], timeout=WAIT)
    replies = room.collect_bots()
    assert sorted((r["table"], r["ok"], r["applied"]) for r in replies) == [(a.table, True, 0), (b.table, True, 0)]
    applied = [e.table for e in events if e.kind == "applied"]
    assert applied[0] == c.table and sorted(applied[1:3]) == [a.table, b.table]
    # the bots play their tables to the end; the human's table waits for its humans
    room.bot_moves(timeout=WAIT)
    assert room.table(a.table).is_over() and room.table(b.table).is_over()
    assert human.number == 1 and human.to_move() == 1
    room.close()


def _bot_games(path, seed: int, executor) -> dict:
    with Room.open(path, executor=executor) as room:
        tables = [
            room.create_table("kabetopo", ["Ann", "Bo"], seats=["greedy", "mcts-30"], seed=seed),
            room.create_table("dakapo", ["Cy", "Di"], seats=["random", "greedy"], seed=seed),
            room.create_table("kaomi", ["Ed", "Flo"], seats=["greedy", "mcts-20"], options={"size": 5}, seed=seed),
        ]
        room.bot_moves(timeout=60)
        assert all(room.table(t.table).is_over() for t in tables)  # a bots-only match plays every round
        match = Match.load(room.save(tables[0].table))
        assert match.is_over() and match.bots == {"Ann": "greedy", "Bo": "mcts-30"}
        return {t.table: list(room.table(t.table).log) for t in tables}


def test_the_same_seed_gives_the_same_bot_games(tmp_path, threads):
    first = _bot_games(tmp_path / "a.room", 17, threads)
    again = _bot_games(tmp_path / "b.room", 17, threads)
    other = _bot_games(tmp_path / "c.room", 18, threads)
    assert first == again
    assert first != other


def test_a_bot_move_that_comes_too_late_is_dropped(path, threads):
    gate = threading.Event()
    room = Room.open(path, executor=threads, bot_factory=factory(slow=lambda: WaitingBot(gate=gate)))
    new = room.create_table("dakapo", ["Ann", "Bo"], seats=["slow", "human"], seed=5)
    table = room.table(new.table)
    (job,) = room.submit_bots()
    room.give_back(new.table, 0)  # the player came back while the bot was thinking
    room.apply(new.seat_tokens[0], 0, choose(table))
    gate.set()
    job.future.result(timeout=WAIT)
    (reply,) = room.collect_bots()
    assert reply == {"ok": False, "table": new.table, "seat": 0, "dropped": "stale", "number": 0}
    assert table.log == [(0, table.log[0][1])] and table.number == 1
    # paused while thinking: dropped too, and asked again after the resume
    room.take_over(new.table, 1, "slow")
    gate.clear()
    (job,) = room.submit_bots()
    room.pause(new.table)
    gate.set()
    job.future.result(timeout=WAIT)
    assert room.collect_bots()[0]["dropped"] == "stale" and table.number == 1
    assert room.submit_bots() == []  # paused: no bot is asked
    room.resume(new.table)
    assert room.bot_moves(limit=1, timeout=WAIT) == 1 and table.log[1][0] == 1
    room.close()


def test_a_failing_bot_stops_the_tables_bots_and_it_is_no_longer_scored(path, threads):
    room = Room.open(path, executor=threads, bot_factory=factory(broken=BrokenBot))
    events = []
    room.listen(events.append)
    new = room.create_table("kabetopo", PLAYERS4, seats=["broken", "human", "human", "human"], seed=2)
    table = room.table(new.table)
    before = table.number
    assert room.bot_moves(timeout=WAIT) == 0
    assert table.number == before
    assert table.unscored == "Aiko's bot (broken) raised RuntimeError: out of batteries"
    assert [e.data for e in events if e.kind == "bots-stopped"] == [{"reason": table.unscored}]
    assert room.submit_bots() == []  # the bots stay stopped
    assert Match.load(room.save(new.table)).unscored == table.unscored
    room.close()
    again = Room.open(path, executor=threads, bot_factory=factory(broken=BrokenBot))
    assert again.table(new.table).unscored == table.unscored and again.results()[0]["scored"] is False
    again.give_back(new.table, 0)  # the players play on by hand
    t = again.table(new.table)
    assert again.apply(new.seat_tokens[0], t.number, choose(t))["ok"]
    again.close()


def test_a_round_the_bots_cannot_end_is_cut_off(path, threads, monkeypatch):
    monkeypatch.setattr(room_module, "MAX_ACTIONS", 25)
    room = Room.open(path, executor=threads)
    new = room.create_table("kabetopo", ["Ann", "Bo"], seats=["random", "random"], seed=1)
    room.bot_moves(timeout=WAIT)
    table = room.table(new.table)
    assert table.state.ply == 25 and table.unscored == "round 1 was cut off after 25 actions (K-SIM-1)"
    room.close()


def test_a_bot_takes_over_a_seat_and_gives_it_back(path, threads):
    room = Room.open(path, executor=threads)
    events = []
    room.listen(events.append)
    new = room.create_table("kabetopo", PLAYERS4, seed=6)
    table = room.table(new.table)
    assert room.bot_moves() == 0  # humans only
    room.take_over(new.table, 0, "greedy")
    assert room.tables()[0]["seats"][0]["played_by"] == "greedy"
    played = room.bot_moves(timeout=WAIT)
    assert played >= 1 and table.to_move() == 1  # East's whole turn, by the bot
    assert all(seat == 0 for seat, _ in table.log[-played:])
    room.give_back(new.table, 0)
    changes = [e.data["played_by"] for e in events if e.kind == "seat-changed"]
    assert changes == ["greedy", "human"]
    play_to(room, new.seat_tokens, new.table, lambda t: t.to_move() == 0)
    assert room.bot_moves() == 0  # Aiko plays herself again
    assert room.apply(new.seat_tokens[0], table.number, choose(table))["ok"]
    with pytest.raises(RoomSetupError, match="unknown bot"):
        room.take_over(new.table, 1, "deep-blue")
    with pytest.raises(RoomSetupError, match="give_back"):
        room.take_over(new.table, 1, "human")
    room.close()


def test_run_bots_leaves_the_event_loop_free(path, threads):
    gate = threading.Event()

    async def workshop():
        # the room lives in the loop's thread, as a server's does (sqlite keeps to one thread)
        room = Room.open(path, executor=threads, bot_factory=factory(slow=lambda: WaitingBot(gate=gate)))
        bots = room.create_table("dakapo", ["Ann", "Bo"], seats=["slow", "slow"], seed=8)
        human = room.create_table("dakapo", ["Cy", "Di"], seed=9)
        thinking = asyncio.create_task(room.run_bots(limit=1))
        await asyncio.sleep(0.05)
        assert not thinking.done()
        reply = room.apply(human.seat_tokens[0], 0, choose(room.table(human.table)))  # the loop serves the human
        gate.set()  # only now may the bot decide
        played = await asyncio.wait_for(thinking, WAIT)
        number = room.table(bots.table).number
        room.close()
        return reply, played, number

    reply, played, number = run_async(workshop())
    assert reply["ok"] and played == 1 and number == 1


def test_bots_in_a_process_pool_play_the_same_game_as_in_threads(tmp_path, threads):
    def game(path, executor):
        with Room.open(path, executor=executor) as room:
            new = room.create_table("dakapo", ["Ann", "Bo"], seats=["greedy", "mcts-10"], seed=4)
            room.bot_moves(timeout=120)
            table = room.table(new.table)
            assert table.is_over()
            return list(table.log)

    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as processes:
        in_processes = game(tmp_path / "p.room", processes)
    assert in_processes == game(tmp_path / "t.room", threads)


def test_a_room_without_an_executor_says_so(room):
    room.create_table("dakapo", ["Ann", "Bo"], seats=["greedy", "greedy"])
    with pytest.raises(RoomSetupError, match="no executor"):
        room.bot_moves()
