"""Who plays each player of a match: people at the board, or bots (see ``match_board``).

The bots a seat can be given by name are ``kabetopo_nb.bots``'s (``make_bot``,
``BOT_NAMES``); code may also give a function ``(state, rng) -> action``.  The seat picker
is a list per player (Human, or a bot); what it chose is kept in the match (and so in its
save) as names.  The match controller owns the choice; this module words and checks it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots import BOT_NAMES, bot_name, make_bot
from ..core.verdict import SettingError
from ..kabetopo.match import BOT_NAME, Match
from ..kabetopo.rules import SEAT_NAMES, seat_name

HUMAN = "human"  # the seat picker's value for a seat played by people
HUMAN_HELP = "played by hand, at the board"


def resolve_bots(match: Match, bots: dict | None, *, strict: bool = True) -> dict[str, Callable]:
    """player -> bot, from ``{seat name or player name: bot name or function}`` (a name is
    one ``kabetopo_nb.bots.make_bot`` knows: ``"greedy"``, ``"mcts"``, ``"mcts-200"`` ...).

    A seat name means the player who sits there in round 1 (players keep their bot when
    the board turns).  Unknown names raise ``SettingError`` when ``strict``, else are left
    out (a resumed match may have other players than the board was set up with).
    """
    out: dict[str, Callable] = {}
    for who, bot in (bots or {}).items():
        if who in match.players:
            player = who
        elif who in (seat_name(s) for s in match.rules.seats):
            player = match.player_of(SEAT_NAMES.index(who), 0)
        elif strict:
            raise SettingError(f"bots: {who!r} is neither a player ({', '.join(match.players)}) nor a seat of {match.rules.name}")
        else:
            continue
        if isinstance(bot, str):
            try:
                bot = make_bot(bot)
            except ValueError as exc:
                raise SettingError(f"bots: {exc}") from None
        if not callable(bot):
            raise SettingError(f"bots: {who!r} needs a bot name or a function(state, rng), not {bot!r}")
        out[player] = bot
    return out


def describe_bot(bot) -> str:
    """The seat picker's help text for a bot: ``BOT_NAMES``'s description, or its budget."""
    return BOT_NAMES.get(bot_name(bot)) or getattr(bot, "help", None) or "a bot given in code"


def seat_value(bots: dict[str, Callable], player: str) -> str:
    """The seat picker's value for ``player``: ``"human"`` or the bot's name."""
    bot = bots.get(player)
    return HUMAN if bot is None else bot_name(bot)


def seat_picker(match: Match, bots: dict[str, Callable], spec: dict) -> list[dict]:
    """The seat picker: per player, its seat this round, who plays it, and the choices
    (Human, ``BOT_NAMES``, and the other bots the board was given by name in ``spec``)."""
    common = [{"value": HUMAN, "label": "Human", "help": HUMAN_HELP}]
    common += [{"value": name, "label": name, "help": text} for name, text in BOT_NAMES.items()]
    known = {c["value"] for c in common}
    for given in spec.values():
        if isinstance(given, str) and given not in known:
            try:
                bot = make_bot(given)
            except ValueError:
                continue
            common.append({"value": given, "label": given, "help": describe_bot(bot)})
            known.add(given)
    out = []
    for player in match.players:
        value = seat_value(bots, player)
        choices = list(common)
        if value not in known:
            choices.append({"value": value, "label": value, "help": describe_bot(bots[player])})
        seat = seat_name(match.seat_of(player, match.round_index))
        out.append({"player": player, "seat": seat, "label": f"{player} ({seat})", "value": value,
                    "choices": choices})
    return out


def choose_bot(match: Match, player: Any, value: Any) -> tuple[str, Callable | None]:
    """A seat-picker choice checked: ``("", bot)`` (``None`` for a human), or why it is
    refused and ``None``."""
    players = match.players
    if player not in players:
        return f"there is no player {player!r} in this match (players: {', '.join(players)})", None
    if not isinstance(value, str) or not value:
        return f"choose who plays {player}: 'human' or a bot ({', '.join(BOT_NAMES)})", None
    if value == HUMAN:
        return "", None
    try:
        return "", make_bot(value)
    except ValueError as exc:
        return f"{player} cannot be played by {value!r}: {exc}", None


def remembered_seats(match: Match, bots: dict[str, Callable]) -> dict[str, str]:
    """Who plays each player, as the match (and its save) keeps it: the bots' names (a bot
    given in code as a function is kept by its name when that is one)."""
    values = {p: seat_value(bots, p) for p in match.players}
    return {p: v for p, v in values.items() if BOT_NAME.fullmatch(v)}


def bots_from_save(saved: Match, spec: dict) -> tuple[dict[str, Callable], list[str]]:
    """After resuming: the seats as the saved match had them (the seat picker's last
    choices win over the code's ``bots=``), and a problem for every saved name that is no
    bot here (that player is played by hand)."""
    code = resolve_bots(saved, spec, strict=False)
    if not saved.bots:  # saved before any choice on the picker: the code says
        return code, []
    bots: dict[str, Callable] = {}
    problems = []
    for player in saved.players:
        value = saved.bots.get(player, HUMAN)
        if value == HUMAN:
            continue
        if player in code and bot_name(code[player]) == value:
            bots[player] = code[player]
            continue
        try:
            bots[player] = make_bot(value)
        except ValueError as exc:
            problems.append(f"The save says {player} is played by {value!r}, which is not a bot here ({exc}); "
                            f"{player} is played by hand.")
    return bots, problems


__all__ = ["HUMAN", "bots_from_save", "choose_bot", "describe_bot", "remembered_seats", "resolve_bots",
           "seat_picker", "seat_value"]
