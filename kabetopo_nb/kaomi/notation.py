"""Kaomi's position text: ``parse_position`` reads it, ``format_position`` writes it (the
format is described in ``position.py``, beside the record it writes down).
"""
from __future__ import annotations

from ..core.grid_text import format_rows, parse_rows, shown
from ..core.verdict import NotationError
from .position import COLOUR_LETTERS, EMPTY, LETTER_COLOURS, Position
from .rules import SQUARED, KaomiRules


def format_position(pos: Position) -> str:
    parts = [pos.rules.to_text(), format_rows(pos.cells, pos.rules.size, COLOUR_LETTERS, EMPTY), COLOUR_LETTERS[pos.turn]]
    if pos.swapped:
        parts.append("swapped")
    return " ".join(parts)


def parse_position(text: str) -> Position:
    """Read position text (see the module docstring); NotationError names what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"position text must be a string, not {type(text).__name__}")
    tokens = text.split(" ")

    def bad(why: str) -> NotationError:
        return NotationError(f"bad Kaomi position {shown(text, 80)}: {why}")

    if len(tokens) < 4:
        raise bad("expected '<ruleset> <size> [komi=N] <rows> <B|W> [swapped]'")
    if "" in tokens:
        raise bad("its parts are separated by single spaces, with none before or after")
    written = 3 if tokens[0] == SQUARED else 2  # the rules' own tokens (KaomiRules.to_text)
    try:
        rules = KaomiRules.from_text(" ".join(tokens[:written]))
    except NotationError as exc:
        raise bad(str(exc)) from None
    size = rules.size
    rest = tokens[written:]
    if len(rest) not in (2, 3):
        raise bad("expected the rows, the colour to place and optionally 'swapped'")
    try:
        cells = parse_rows(rest[0], size, COLOUR_LETTERS, EMPTY)
    except NotationError as exc:
        raise bad(str(exc)) from None
    if rest[1] not in LETTER_COLOURS:
        raise bad(f"the colour to place must be B or W, not {shown(rest[1])}")
    swapped = False
    if len(rest) == 3:
        if rest[2] != "swapped":
            raise bad(f"unexpected {shown(rest[2])} (the only flag is 'swapped')")
        if rules.squared:
            raise bad("Squared has no pie rule, so no swap (M-5)")
        swapped = True
    return Position(rules, cells, turn=LETTER_COLOURS[rest[1]], swapped=swapped)
