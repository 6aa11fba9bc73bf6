"""A one-step greedy player for every game: the action whose result the game's
evaluation likes best for the mover (``evaluation.py``: for Kabetopo, fewest moves to its
next target), ties broken by the seeded generator.

Now and then (``wander``, 20% by default) it plays a random legal action instead, so a
room playing against it, or a study of self-play, does not see the same game every time.
"""
from __future__ import annotations

import random
from typing import Any

from ..core.verdict import SettingError
from .base import Bot
from .evaluation import evaluation_for


class GreedyBot(Bot):
    """One step of look-ahead with the game's evaluation (see the module doc)."""

    def __init__(self, wander: float = 0.2):
        if not isinstance(wander, (int, float)) or isinstance(wander, bool) or not 0 <= wander <= 1:
            raise SettingError(f"wander is a probability from 0 to 1, not {wander!r}")
        self.wander = float(wander)
        self.name = "greedy" if wander == 0.2 else f"greedy(wander={wander:g})"

    def choose(self, state, rng: random.Random) -> Any:
        ledger = state.ledger(why=False)
        actions = ledger.actions
        if len(actions) == 1:
            return actions[0]
        if rng.random() < self.wander:
            return rng.choice(actions)
        evaluation = evaluation_for(state)
        seat = state.decision.seat
        pos, play = state.position, state.engine.play
        best, best_key = [], None
        for action, outcome in zip(actions, ledger.outcomes, strict=False):
            after = pos.copy()
            play(after, action, outcome)
            key = evaluation.greedy_key(after, seat)
            if best_key is None or key < best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return rng.choice(best)
