"""Computer players for every game, and the referee that plays games with them.

    >>> from kabetopo_nb.bots import make_bot, play_game
    >>> from kabetopo_nb.kabetopo import KabetopoState
    >>> record = play_game(KabetopoState.new_round("kabetopo-2p", seed=3),
    ...                    {"East": make_bot("greedy"), "West": make_bot("random")}, seed=3)
    >>> record.scored
    True

``make_bot(name)`` knows ``BOT_NAMES``: ``"random"``, ``"greedy"``, ``"mcts"`` (1 second a
decision), ``"mcts-200"`` (200 iterations a decision, from 1 to ``MAX_ITERATIONS``, 20,000)
and ``"mcts-2s"`` (seconds, above 0 and at most ``MAX_SECONDS``, 10).  A bigger budget is
refused (``SettingError``, a ``ValueError``) before any bot is made: a tree search keeps
~5 KB an iteration, and a decision must fit a Binder session's memory (``mcts.py``).
Any function ``(state, rng) -> action`` can play too.
"""
from __future__ import annotations

import re

from ..core.verdict import SettingError
from .base import Bot, RandomBot, run_thinking
from .greedy import GreedyBot
from .mcts import MAX_ITERATIONS, MAX_NODES, MAX_SECONDS, MCTSBot
from .referee import BotFailure, GameRecord, MatchRecord, ask, bot_name, decision_rng, play_game, play_match

# The bots a seat can be given by name (the match board's seat picker offers these).
BOT_NAMES = {
    "random": "random legal actions",
    "greedy": "heads for its next target, now and then a random action",
    "mcts": "tree search, 1 second a decision",
}


def make_bot(name: str) -> Bot:
    """A bot by name: one of ``BOT_NAMES``, ``"mcts-<iterations>"`` or ``"mcts-<seconds>s"``."""
    if not isinstance(name, str):
        raise SettingError(f"a bot is named by text ({', '.join(BOT_NAMES)}), not {name!r}")
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "mcts":
        return MCTSBot(seconds=1.0, name="mcts")
    # the budget is checked here, before a bot is made (the constructor checks it again)
    shown = repr(name) if len(name) <= 40 else repr(name[:40]) + "..."
    m = re.fullmatch(r"mcts-(\d+)", name)
    if m:
        digits = m.group(1).lstrip("0") or "0"
        iterations = int(digits) if len(digits) <= 12 else MAX_ITERATIONS + 1  # int() of 5,000 digits raises
        if iterations < 1:
            raise SettingError(f"unknown bot {shown}: a tree search runs at least 1 iteration a decision")
        if iterations > MAX_ITERATIONS:
            raise SettingError(f"bot {shown} asks for too much: a tree search runs at most {MAX_ITERATIONS:,} "
                               f"iterations a decision (mcts-{MAX_ITERATIONS}), so that its tree (~5 KB an "
                               f"iteration) fits a Binder session's memory")
        return MCTSBot(iterations)
    m = re.fullmatch(r"mcts-(\d+(?:\.\d+)?)s", name)
    if m:
        seconds = float(m.group(1))  # any length parses (to inf at worst), unlike int()
        if seconds <= 0:
            raise SettingError(f"unknown bot {shown}: a tree search thinks more than 0 seconds a decision")
        if seconds > MAX_SECONDS:
            raise SettingError(f"bot {shown} asks for too much: a tree search thinks at most {MAX_SECONDS:g} "
                               f"seconds a decision (mcts-{MAX_SECONDS:g}s)")
        return MCTSBot(seconds=seconds)
    raise SettingError(f"unknown bot {shown}; known: {', '.join(BOT_NAMES)}, mcts-<iterations> (1 to "
                       f"{MAX_ITERATIONS:,}), mcts-<seconds>s (at most {MAX_SECONDS:g})")


__all__ = ["BOT_NAMES", "MAX_ITERATIONS", "MAX_NODES", "MAX_SECONDS", "Bot", "BotFailure", "GameRecord", "GreedyBot",
           "MCTSBot", "MatchRecord", "RandomBot", "ask", "bot_name", "decision_rng", "make_bot", "play_game",
           "play_match", "run_thinking"]
