"""The room tests' clients: seated players who pick their moves among the engine's legal actions
(a seeded greedy choice), each acting with its own seat's token."""
from __future__ import annotations

import random

from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.room import Room, Table

PLAYERS4 = ["Aiko", "Ben", "Chidi", "Dana"]


def choose(table: Table, seed: int = 0) -> str:
    """A seated player's next action: one of the engine's legal actions, picked by the greedy
    bot with a generator seeded by the table's number (deterministic)."""
    state = table.state
    assert len(state.legal_actions) > 0
    return str(GreedyBot()(state, random.Random(f"{seed}/{table.number}")))


def play_to(room: Room, tokens, table_id: int, until, *, limit: int = 5_000, seed: int = 0) -> int:
    """Each seat plays with its own token when it has the decision, until ``until(table)``;
    returns how many actions were applied."""
    table = room.table(table_id)
    played = 0
    while not until(table):
        seat = table.to_move()
        assert seat is not None, table.decision_words()
        reply = room.apply(tokens[seat], table.number, choose(table, seed))
        assert reply["ok"] and not reply["repeat"]
        played += 1
        assert played < limit
    return played
