"""The bot interface, shared by every game: a bot picks one legal action of a ``GameState``.

A bot is called like a function, ``bot(state, rng) -> action``, on any game's state
(``core/state.py``): it reads ``state.decision`` (whose decision), ``state.legal_actions``,
and may look ahead with ``state.engine`` on copies of positions; it never changes
``state``.  All its chance comes from ``rng`` (a ``random.Random`` the caller seeds), so
the same state and seed give the same action.  A bot that needs time to think also offers
``think(state, rng)``, a generator that does a slice of its work per step and returns the
action (``return action``): a board runs it a slice at a time so the kernel stays
responsive, and can stop it between slices.

Bots here: ``RandomBot`` (a uniformly random legal action), ``GreedyBot`` (``greedy.py``)
and ``MCTSBot`` (``mcts.py``).  ``referee.py`` plays games with them and reports a bot
that fails.
"""
from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from typing import Any

#: a position the game has already passed through this often is not gone back to by a bot
#: that has another choice: two bots never bump each other back and forth for ever (K-SIM-1
#: cuts such a round off, but a bot should not need it)
REPEATS = 2


class Bot:
    """A computer player.  Subclasses implement ``choose`` (or ``think``)."""

    name = "bot"
    #: seconds one decision may take, or None; the referee reports a bot that takes longer
    time_limit: float | None = None

    def choose(self, state, rng: random.Random) -> Any:
        """The action this bot plays in ``state``."""
        raise TypeError(f"{type(self).__name__} must define choose() or think()")

    def think(self, state, rng: random.Random) -> Generator[None, None, Any]:
        """The same choice in slices: ``yield`` between slices, ``return`` the action."""
        return self.choose(state, rng)
        yield  # a generator

    def __call__(self, state, rng: random.Random) -> Any:
        return self.choose(state, rng)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(Bot):
    """A uniformly random legal action: the weakest opponent, and the baseline of the tables."""

    name = "random"

    def choose(self, state, rng: random.Random) -> Any:
        actions = state.ledger(why=False).actions
        return actions[0] if len(actions) == 1 else rng.choice(actions)


class SeenPositions:
    """How often each position occurred in one state's game (by the engine's
    ``repeat_key``), brought up to date as the game grows; rebuilt when the state or its
    past changed."""

    def __init__(self) -> None:
        self._state: Callable[[], Any] = lambda: None
        self._keys: list = []
        self._counts: Counter = Counter()

    def counts(self, state) -> Counter:
        fmt = state.engine.repeat_key
        keys = self._keys
        fresh = self._state() is not state or len(keys) > state.ply + 1 or (
            keys and len(keys) <= state.ply + 1 and keys[-1] != fmt(state.position_at(len(keys) - 1)))
        if fresh:
            self._state = weakref.ref(state)
            keys = self._keys = []
            self._counts = Counter()
        for ply in range(len(keys), state.ply + 1):
            key = fmt(state.position_at(ply))
            keys.append(key)
            self._counts[key] += 1
        return self._counts


def first_fresh(state, seen: SeenPositions, ranked: Sequence, after: Callable[[Any], Any]) -> Any:
    """The first of ``ranked`` (best first) that does not lead to a position the game has
    passed through ``REPEATS`` times already (``after(choice)`` is where it leads); the
    first of all when every one would repeat.  Only as many positions as needed are
    written out, so a game without repetitions costs one look per decision."""
    counts = seen.counts(state)
    fmt = state.engine.repeat_key
    for choice in ranked:
        if counts[fmt(after(choice))] < REPEATS:
            return choice
    return ranked[0]


def run_thinking(thinking: Generator) -> Any:
    """Run a ``think`` generator to the end and return its action."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
