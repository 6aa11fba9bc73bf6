"""Kabetopo's seeded demo player, kept under its old names for notebooks and scripts.

``greedy_bot`` is ``kabetopo_nb.bots.GreedyBot`` (one bot for every game, ``bots/greedy.py``):
now and then (``wander``) a random legal action, otherwise the action that leaves its
runner fewest moves from its next target, a Tadaima above all.  ``play_match`` lets it
play every remaining action of a ``Match``.
"""
from __future__ import annotations

import random

from ..bots.greedy import GreedyBot


def greedy_bot(state, rng: random.Random, wander: float = 0.2):
    """The action a seeded, simple player picks in ``state``."""
    return GreedyBot(wander).choose(state, rng)


def play_match(match, rng: random.Random, wander: float = 0.2):
    """Let the bot play every remaining action of a ``Match``; returns the match."""
    bot = GreedyBot(wander)
    while not match.is_over():
        match.apply(bot.choose(match.state, rng))
    return match
