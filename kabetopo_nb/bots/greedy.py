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
from .base import Bot, SeenPositions, first_fresh
from .evaluation import evaluation_for


class GreedyBot(Bot):
    """One step of look-ahead with the game's evaluation (see the module doc)."""

    def __init__(self, wander: float = 0.2):
        if not isinstance(wander, (int, float)) or isinstance(wander, bool) or not 0 <= wander <= 1:
            raise SettingError(f"wander is a probability from 0 to 1, not {wander!r}")
        self.wander = float(wander)
        self.seen = SeenPositions()  # the game's positions, not to be gone back to for ever
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
        groups: dict[Any, list] = {}  # key -> [(action, position after it)], best key first once sorted
        for action, outcome in zip(actions, ledger.outcomes, strict=False):
            after = pos.copy()
            play(after, action, outcome)
            groups.setdefault(evaluation.greedy_key(after, seat), []).append((action, after))
        choice = rng.choice(groups[min(groups)])  # among the best, as ever
        # but not back into a position the game has passed through REPEATS times, when another
        # choice exists: the drawn one first, then the others, best key first
        ranked = [choice] + [c for key in sorted(groups) for c in groups[key] if c is not choice]
        return first_fresh(state, self.seen, ranked, lambda c: c[1])[0]
