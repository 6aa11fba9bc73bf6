"""Simple seeded players, for demonstrations, workshops and balance experiments.

``greedy_bot`` now and then (``wander``) plays a random legal action; otherwise it plays
the action that leaves its runner fewest moves from its next target (a stone first, then
Halfway Home in the 2-player v2.0 game, then a corner), preferring a Tadaima above all.
Ties are broken with the seeded generator, so a game is the same run after run.
"""
from __future__ import annotations

import random

from .game import KabetopoState


def greedy_bot(state: KabetopoState, rng: random.Random, wander: float = 0.2):
    """The action a seeded, simple player picks in ``state``."""
    actions = list(state.legal_actions)
    if len(actions) == 1:
        return actions[0]
    if rng.random() < wander:
        return rng.choice(actions)
    me = state.position.turn
    best, best_value = [], None
    for action in actions:
        after = state.copy()
        after.apply(action)
        pos = after.position
        if any(seat == me for seat, _ in pos.homes):
            value = -1000
        else:
            dist = KabetopoState(pos).moves_home(me)
            value = (99 if dist is None else dist) * 10 - 100 * pos.held[me] - 200 * sum(s == me for s, _ in pos.halfway)
        if best_value is None or value < best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return rng.choice(best)


def play_match(match, rng: random.Random, wander: float = 0.2):
    """Let the bot play every remaining action of a ``Match``; returns the match."""
    while not match.is_over():
        match.apply(greedy_bot(match.state, rng, wander))
    return match
