"""Where a Kaomi game stands, in words: whose turn, which player holds which colour, the result.

The board's header, the widget's panel and the drawing's text alternative all read these,
so a position is described the same way everywhere.

    >>> status_line(Position.from_text("kaomi 7 7/7/7/3B3/7/7/7 W"))
    'White to place (or swap: pie rule)'
"""
from __future__ import annotations

from .position import BLACK, WHITE, Position, colour_name
from .scoring import result as game_result


def status_line(position: Position) -> str:
    """One line: whose turn it is (and who holds that colour after a swap, KM-2), or the result."""
    result = game_result(position)
    if result is not None:
        if result.problems:  # an inconsistent position names no winner (``scoring.result``)
            return "Game over: no result, the position is inconsistent (" + "; ".join(result.problems) + ")"
        winner = result.winner_name  # None for a draw
        return f"Game over: {winner + ' wins' if winner is not None else 'a draw'}"
    who = colour_name(position.turn)
    extra = " (or swap: pie rule)" if position.can_swap() else ""
    person = ""
    if position.swapped:
        person = " - the first player" if position.turn == WHITE else " - the second player"
    return f"{who} to place{person}{extra}"


def describe_position(position: Position) -> str:
    """The rules, the stones of each colour and the status line, in sentences."""
    parts = [position.rules.describe() + "."]
    for colour in (BLACK, WHITE):
        names = [position.name(s) for s in position.stones(colour)]
        parts.append(f"{colour_name(colour)} stones ({len(names)}): {', '.join(names) if names else 'none'}.")
    parts.append(status_line(position) + ".")
    return " ".join(parts)
