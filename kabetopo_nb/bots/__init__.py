"""Computer players for every game, and the referee that plays games with them.

    >>> from kabetopo_nb.bots import make_bot, play_game
    >>> from kabetopo_nb.kabetopo import KabetopoState
    >>> record = play_game(KabetopoState.new_round("kabetopo-2p", seed=3),
    ...                    {"East": make_bot("greedy"), "West": make_bot("random")}, seed=3)
    >>> record.scored
    True

``make_bot(name)`` knows ``BOT_NAMES``: ``"random"``, ``"greedy"``, ``"mcts"`` (1 second a
decision), ``"mcts-200"`` (200 iterations a decision, any number) and ``"mcts-2s"``
(seconds).  Any function ``(state, rng) -> action`` can play too.
"""
from __future__ import annotations

import re

from ..core.verdict import SettingError
from .base import Bot, RandomBot, run_thinking
from .greedy import GreedyBot
from .mcts import MCTSBot
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
    m = re.fullmatch(r"mcts-(\d{1,7})", name)
    if m:
        return MCTSBot(int(m.group(1)))
    m = re.fullmatch(r"mcts-(\d{1,3}(?:\.\d{1,3})?)s", name)
    if m and 0 < float(m.group(1)) <= 600:
        return MCTSBot(seconds=float(m.group(1)))
    raise SettingError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}, mcts-<iterations>, mcts-<seconds>s")


__all__ = ["BOT_NAMES", "Bot", "BotFailure", "GameRecord", "GreedyBot", "MCTSBot", "MatchRecord", "RandomBot", "ask",
           "bot_name", "decision_rng", "make_bot", "play_game", "play_match", "run_thinking"]
