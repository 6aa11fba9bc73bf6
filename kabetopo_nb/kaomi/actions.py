"""Kaomi actions and their text notation.

==========  ==========================================================
``d4``      place a stone of the colour to move on d4 (KM-1), pushing (M-1..M-4, M-7)
``swap``    the pie rule: White, on its first turn, takes over Black's side (M-5, KM-2)
==========  ==========================================================

An action names a square by (file, rank), so it parses without knowing the board size;
whether it is on the board is a question of legality (M-6), not of notation.
``malformed`` says why a hand-built Action is no Kaomi action at all.
"""
from __future__ import annotations

from typing import NamedTuple

from ..core.grid_text import is_index, shown
from ..core.verdict import NotationError
from .geometry import FILES, coords_name, parse_coords

PLACE, SWAP = "place", "swap"


class Action(NamedTuple):
    """One Kaomi action.  ``str(action)`` is its notation; ``Action.parse`` reads it back."""

    kind: str
    file: int = -1
    rank: int = -1

    def __str__(self) -> str:
        if malformed(self):
            return f"<bad action ({', '.join(shown(field, 20) for field in self)})>"
        if self.kind == SWAP:
            return SWAP
        return coords_name(self.file, self.rank)

    @classmethod
    def parse(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text such as 'd4' or 'swap', not {type(text).__name__}")
        t = text.strip().lower()
        if t == SWAP:
            return SWAP_ACTION
        if t.startswith("place "):
            t = t[6:].strip()
        try:
            f, r = parse_coords(t)
        except NotationError:
            raise NotationError(f"not a Kaomi action: {text!r} (expected a square such as 'd4', or 'swap')") from None
        return cls(PLACE, f, r)

    @classmethod
    def place(cls, square: str) -> Action:
        f, r = parse_coords(square)
        return cls(PLACE, f, r)

    @property
    def square_name(self) -> str | None:
        return str(self) if self.kind == PLACE else None


SWAP_ACTION = Action(SWAP)


def malformed(action: object) -> str | None:
    """Why ``action`` is no Kaomi action at all, or None: a kind it does not have, a swap
    naming a square, a square with no name (files a-i, ranks 1-9, on the largest board,
    M-6).  Whether a named square is on this board is M-6, a question for the position
    (``engine.shape``)."""
    if not isinstance(action, Action):
        return f"{shown(action)} is not a Kaomi action (a square such as 'd4', or 'swap')"
    if not (isinstance(action.kind, str) and action.kind in (PLACE, SWAP)):
        return f"unknown action kind {shown(action.kind)}"
    if action.kind == SWAP:
        return None if action[1:] == (-1, -1) else "the swap names no square ('swap')"
    if not (is_index(action.file, len(FILES)) and is_index(action.rank, len(FILES))):
        return f"({shown(action.file)}, {shown(action.rank)}) is not a square"
    return None


def parse_action(text: str) -> Action:
    return Action.parse(text)


def every_candidate(state) -> list[Action]:
    """Every action the notation can write on this board, legal here or not: a stone on each
    square, and the swap."""
    n = state.position.rules.size
    return [Action(PLACE, f, r) for f in range(n) for r in range(n)] + [SWAP_ACTION]
