"""Playing a game with bots, and reporting a bot that fails.

``play_game(state, {"East": bot, ...}, seed=7)`` plays ``state`` to its end, asking each
seat's bot for its decisions (a seat without a bot is played by ``default``), and
returns a ``GameRecord``.  Before an action is applied the referee checks it:

* the bot must return one of ``state.legal_actions``;
* it must not raise;
* it must answer within its ``time_limit`` (the bot's own, or the referee's ``time_limit``).

A bot that breaks one of these is *reported*: the game stops there, the record says who
failed and why (``failure``), and it is marked not scored (``scored=False``), so a study
or a strength table never counts it.  A game still going after ``max_actions`` actions is
cut off and not scored either (K-SIM-1).  Die rolls (``chance``) are made by the
referee's generator.

Every decision's generator is seeded from ``seed`` and the number of actions played
(``decision_rng``), not from what other bots drew: the same seed gives the same game.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.state import CHANCE
from ..core.verdict import BotFailure, SettingError
from .evaluation import evaluation_for

MAX_ACTIONS = 5_000  # K-SIM-1: far above a real round (a greedy 4-player round is ~70)


def decision_rng(seed, ply: int) -> random.Random:
    """The generator a bot gets for the decision after ``ply`` actions of game ``seed``."""
    return random.Random(f"{seed}/{ply}")


def bot_name(bot: Any) -> str:
    return getattr(bot, "name", None) or getattr(bot, "__name__", None) or type(bot).__name__


def raised(seat: str, name: str, exc: Exception) -> BotFailure:
    """The failure of a bot that raised ``exc``."""
    return BotFailure(seat, name, f"raised {type(exc).__name__}: {exc}")


def check_time(seat: str, name: str, took: float, limit: float | None) -> None:
    """Raise ``BotFailure`` when ``took`` seconds are over the bot's ``limit``."""
    if limit is not None and took > limit:
        raise BotFailure(seat, name, f"took {took:.2f} s, over its limit of {limit:.2f} s")


def check_legal(seat: str, name: str, state, action: Any) -> None:
    """Raise ``BotFailure`` unless ``action`` is a legal action in ``state``."""
    try:
        legal = action in state.legal_actions
    except Exception:  # an object the game cannot even compare
        legal = False
    if not legal:
        raise BotFailure(seat, name, f"answered {action!r}, which is not a legal action here")


def ask(bot: Callable, state, rng: random.Random, *, time_limit: float | None = None) -> tuple[Any, float]:
    """``bot``'s action in ``state`` and the seconds it took; a bot that raises, answers an
    illegal action or takes longer than its limit raises ``BotFailure``."""
    seat = state.decision.seat
    name = bot_name(bot)
    start = time.perf_counter()
    try:
        action = bot(state, rng)
    except Exception as exc:  # any bug in a bot is reported, never allowed to stop a study
        raise raised(seat, name, exc) from exc
    took = time.perf_counter() - start
    check_time(seat, name, took, getattr(bot, "time_limit", None) or time_limit)
    check_legal(seat, name, state, action)
    return action, took


@dataclass
class GameRecord:
    """One game (a Kabetopo round) played by bots."""

    seed: Any
    bots: dict[str, str]  # seat -> bot name
    state: Any  # the final state (history included)
    scored: bool = True
    failure: str | None = None  # why the game is not scored
    failed_seat: str | None = None
    actions: int = 0
    decisions: dict[str, int] = field(default_factory=dict)  # seat -> decisions with a choice
    seconds: dict[str, float] = field(default_factory=dict)  # seat -> time spent choosing
    branching: list[int] = field(default_factory=list)  # legal actions at each decision with a choice

    @property
    def rewards(self) -> dict[str, float] | None:
        """Per seat, 1 for beating every other seat, 0.5 a tie (``evaluation.rewards``)."""
        if not self.scored:
            return None
        return evaluation_for(self.state).rewards(self.state.position)


@dataclass
class MatchRecord:
    """A whole Kabetopo match played by bots; ``bots`` and the counts are per *player* (a
    player changes seats between rounds, K-MATCH-1)."""

    seed: Any
    bots: dict[str, str]  # player -> bot name
    match: Any
    scored: bool = True
    failure: str | None = None
    failed_seat: str | None = None  # the failing bot's player
    actions: int = 0
    decisions: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    branching: list[int] = field(default_factory=list)


def play_match(match, bots: Mapping[str, Callable], *, seed=0, time_limit: float | None = None,
               max_actions: int = MAX_ACTIONS) -> MatchRecord:
    """Play a ``Match`` (changed in place) to its end, each player's decisions by its bot
    (``{player: bot}``), with the checks of ``play_game``; ``max_actions`` is per round."""
    from ..kabetopo.rules import parse_seat

    record = MatchRecord(seed=seed, bots={p: bot_name(b) for p, b in bots.items()}, match=match)
    in_round = 0
    while not match.is_over():
        state = match.state
        if in_round >= max_actions:
            record.scored = False
            record.failure = f"round {match.round_index + 1} cut off after {max_actions} actions (K-SIM-1)"
            break
        seat = state.decision.seat
        player = match.player_of(parse_seat(seat), match.round_index)
        choices = len(state.ledger(why=False).actions)
        try:
            action, took = ask(bots[player], state, decision_rng(f"{seed}/{match.round_index}", state.ply),
                               time_limit=time_limit)
        except BotFailure as failure:
            record.scored, record.failure, record.failed_seat = False, f"{player}: {failure}", player
            break
        if choices > 1:
            record.decisions[player] = record.decisions.get(player, 0) + 1
            record.branching.append(choices)
        record.seconds[player] = record.seconds.get(player, 0.0) + took
        before = match.round_index
        match.apply(action)
        record.actions += 1
        in_round = 0 if match.round_index != before else in_round + 1
    return record


def play_game(state, bots: Mapping[str, Callable], *, seed=0, default: Callable | None = None,
              time_limit: float | None = None, max_actions: int = MAX_ACTIONS) -> GameRecord:
    """Play ``state`` (changed in place) to its end with ``bots`` (see the module doc)."""
    names = {seat: bot_name(b) for seat, b in bots.items()}
    record = GameRecord(seed=seed, bots=names, state=state)
    chance = random.Random(f"{seed}/chance")
    while not state.is_terminal():
        if record.actions >= max_actions:
            record.scored = False
            record.failure = f"cut off after {max_actions} actions (K-SIM-1)"
            break
        seat = state.decision.seat
        if seat == CHANCE:
            actions = state.ledger(why=False).actions
            state.apply(chance.choice(actions))
            record.actions += 1
            continue
        bot = bots.get(seat, default)
        if bot is None:
            raise SettingError(f"no bot for {seat} (give one in bots=, or a default=)")
        choices = len(state.ledger(why=False).actions)
        try:
            action, took = ask(bot, state, decision_rng(seed, state.ply), time_limit=time_limit)
        except BotFailure as failure:
            record.scored = False
            record.failure = str(failure)
            record.failed_seat = seat
            break
        if choices > 1:
            record.decisions[seat] = record.decisions.get(seat, 0) + 1
            record.branching.append(choices)
        record.seconds[seat] = record.seconds.get(seat, 0.0) + took
        state.apply(action)
        record.actions += 1
    return record
