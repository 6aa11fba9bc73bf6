"""Dakapo actions and their text notation.

======================  ==========================================================
``red d4``              place a red stone on d4 (colours: red, yellow, green, blue)
``claim``               (tabletop option, D-3 / D-CLAIM-1) the player who just placed
                        a stone claims the square it completed
``pass``                (tabletop option, D-CLAIM-1) after the stone that fills the
                        board, its player lets an unclaimed square go: a tie
======================  ==========================================================

A square is kept as 0-based (file, rank), not as an index, so an action is the same
object whatever the board size; ``explain`` refuses squares that are not on the board
(D-1).  ``malformed`` says why a hand-built Action is no Dakapo action at all.
"""
from __future__ import annotations

from typing import NamedTuple

from ..core.grid_text import is_index, shown
from ..core.verdict import NotationError
from .geometry import FILES, RANKS, coords_name, parse_coords
from .rules import COLOURS, colour_name, parse_colour

PLACE, CLAIM, PASS = "place", "claim", "pass"
KINDS = (PLACE, CLAIM, PASS)


class Action(NamedTuple):
    """One Dakapo action.  ``str(action)`` is its notation; ``Action.parse`` reads it."""

    kind: str
    colour: int = -1
    file: int = -1
    rank: int = -1

    @staticmethod
    def place(colour: int | str, square: str | tuple[int, int]) -> Action:
        """``Action.place("red", "d4")``."""
        c = parse_colour(colour) if isinstance(colour, str) else colour
        f, r = parse_coords(square) if isinstance(square, str) else square
        return Action(PLACE, c, f, r)

    @property
    def square(self) -> str:
        return coords_name(self.file, self.rank)

    def __str__(self) -> str:
        if malformed(self):
            return f"<bad action ({', '.join(shown(field, 20) for field in self)})>"
        if self.kind == PLACE:
            return f"{colour_name(self.colour)} {coords_name(self.file, self.rank)}"
        return self.kind

    @property
    def name(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """Read one action; NotationError says what is badly written."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text, not {type(text).__name__}")
        tokens = text.split()
        if not tokens:
            raise NotationError("empty action text")
        if tokens[0] in (CLAIM, PASS):
            if len(tokens) != 1:
                raise NotationError(f"{text!r}: {tokens[0]} takes no argument")
            return Action(tokens[0])
        if tokens[0] not in COLOURS:
            raise NotationError(f"{text!r}: expected a colour ({', '.join(COLOURS)}) and a square, "
                                f"or claim, or pass")
        if len(tokens) != 2:
            raise NotationError(f"{text!r}: a placement is a colour and a square, e.g. 'red d4'")
        try:
            f, r = parse_coords(tokens[1])
        except ValueError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        return Action(PLACE, COLOURS.index(tokens[0]), f, r)


def malformed(action: object) -> str | None:
    """Why ``action`` is no Dakapo action at all, or None: a kind it does not have, a colour
    that is not one of the four (D-2), a square with no name (files a-z, ranks 1-99), a
    claim or pass with a colour or a square.  Whether a named square is on the board is
    D-1, a question for the position (``explain.shape``)."""
    if not isinstance(action, Action):
        return f"{shown(action)} is not a Dakapo action"
    if not (isinstance(action.kind, str) and action.kind in KINDS):
        return f"unknown action kind {shown(action.kind)}"
    if action.kind != PLACE:
        if action[1:] != (-1, -1, -1):
            return f"{action.kind} takes no colour and no square"
        return None
    if not is_index(action.colour, len(COLOURS)):
        return f"{shown(action.colour)} is not a colour"
    if not (is_index(action.file, len(FILES)) and is_index(action.rank, RANKS)):
        return f"({shown(action.file)}, {shown(action.rank)}) is not a square"
    return None


def parse_action(text: str) -> Action:
    return Action.parse(text)


def every_candidate(state) -> list[Action]:
    """Every action the notation can write on this board, legal here or not: each colour on
    each square, a claim and a pass."""
    n = state.position.size
    return ([Action(PLACE, c, f, r) for c in range(len(COLOURS)) for f in range(n) for r in range(n)]
            + [Action(CLAIM), Action(PASS)])
