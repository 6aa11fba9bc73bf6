"""A Kaomi position and its text notation.

Position text (one line, its parts separated by single spaces, numbers in ASCII digits;
only the text ``format_position`` writes is read):

    kaomi 7 7/7/7/3B3/7/7/7 W
    kaomi 7 7/7/7/3B3/7/7/7 W swapped
    kaomi-squared 6 komi=4 6/6/2BW2/6/6/6 B

the ruleset and board size (and, for Squared, the komi); the rows from the top rank down
to rank 1, ``B`` a black stone, ``W`` a white stone, a digit a run of empty squares; the
colour to place next; ``swapped`` once White has used the pie rule (M-5, KM-2).

``Position.from_text`` reads it, ``str(position)`` / ``format_position`` writes it, and
``repr`` gives code that rebuilds the position.  A position that parses may still be one
no game reaches (stone counts that do not fit the turn, say); ``problems()`` says why
instead of raising, as python-chess's ``status()`` does.
"""
from __future__ import annotations

from ..core.verdict import InvalidPositionError, NotationError
from .geometry import FILES, parse_square, square_name
from .rules import KaomiRules

EMPTY, BLACK, WHITE = 0, 1, 2
COLOUR_NAMES = {BLACK: "Black", WHITE: "White"}
COLOUR_LETTERS = {BLACK: "B", WHITE: "W"}
LETTER_COLOURS = {"B": BLACK, "W": WHITE}


def other(colour: int) -> int:
    return WHITE if colour == BLACK else BLACK


def colour_name(colour: int) -> str:
    return COLOUR_NAMES[colour]


class Position:
    """Stones on a square board, the colour to place next, and whether the pie swap happened."""

    __slots__ = ("rules", "cells", "turn", "swapped")

    def __init__(self, rules: KaomiRules | None = None, cells: list[int] | None = None, *,
                 turn: int = BLACK, swapped: bool = False):
        self.rules = rules if rules is not None else KaomiRules()
        n = self.rules.size
        self.cells = list(cells) if cells is not None else [EMPTY] * (n * n)
        if len(self.cells) != n * n:
            raise InvalidPositionError.because(f"a {n}x{n} board has {n * n} squares, not {len(self.cells)}")
        if turn not in (BLACK, WHITE):
            raise InvalidPositionError.because(f"turn must be BLACK or WHITE, not {turn!r}")
        self.turn = turn
        self.swapped = bool(swapped)

    # --- construction ------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Position:
        from .notation import parse_position

        return parse_position(text)

    @classmethod
    def from_stones(cls, rules: KaomiRules | None = None, *, black=(), white=(), turn: int | str = BLACK,
                    swapped: bool = False) -> Position:
        """A hand-built position: ``black`` and ``white`` are square names."""
        pos = cls(rules, turn=_turn(turn), swapped=swapped)
        n = pos.rules.size
        for names, colour in ((black, BLACK), (white, WHITE)):
            for name in names:
                sq = parse_square(name, n)
                if pos.cells[sq]:
                    raise InvalidPositionError.because(f"two stones on {name}")
                pos.cells[sq] = colour
        return pos

    def copy(self) -> Position:
        other_ = Position.__new__(Position)
        other_.rules = self.rules
        other_.cells = self.cells[:]
        other_.turn = self.turn
        other_.swapped = self.swapped
        return other_

    # --- reading -------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rules.size

    def square(self, name: str) -> int:
        return parse_square(name, self.rules.size)

    def name(self, sq: int) -> str:
        return square_name(sq, self.rules.size)

    def at(self, square: int | str) -> int:
        sq = self.square(square) if isinstance(square, str) else square
        return self.cells[sq]

    def stones(self, colour: int) -> list[int]:
        return [sq for sq, c in enumerate(self.cells) if c == colour]

    def count(self, colour: int | None = None) -> int:
        """Stones of ``colour`` on the board (all stones when None)."""
        if colour is None:
            return sum(1 for c in self.cells if c)
        return sum(1 for c in self.cells if c == colour)

    def empty_squares(self) -> list[int]:
        return [sq for sq, c in enumerate(self.cells) if not c]

    def is_full(self) -> bool:
        return all(self.cells)

    def can_swap(self) -> bool:
        """White's first turn under the pie rule: one stone (Black's) placed, no swap yet (M-5, KM-2)."""
        return self.rules.pie_rule and not self.swapped and self.turn == WHITE and self.count() == 1

    def last_placer(self) -> int:
        """The colour that placed the most recent stone: colours alternate, so not the one to move."""
        return other(self.turn)

    def colour_from_stones(self) -> int | None:
        """The colour the stones say places next (KM-1), or None when no game leaves these stones.

        Black places the first stone and the colours alternate, one stone a turn; a swap
        (KM-2) places nothing and keeps White to place, and the Squared komi and the
        choice of colours (M-8) are settled before the first stone.  Pushes move stones
        and never take one off (M-1..M-4).  So with as many black stones as white ones it
        is Black's turn, with one black stone more it is White's, and any other count is
        no game's.  On a full board nobody places, and the colour to place says who placed
        the last stone, which the standard game's result may need (M-5): White when the
        counts are equal, Black when Black has one more."""
        b, w = self.count(BLACK), self.count(WHITE)
        if b == w:
            return BLACK
        return WHITE if b == w + 1 else None

    def turn_problems(self) -> list[str]:
        """Why the colour to place disagrees with the stones (KM-1; empty when it agrees)."""
        b, w = self.count(BLACK), self.count(WHITE)
        due = self.colour_from_stones()
        if due is None:
            return [f"KM-1: Black places first and the colours alternate, so Black has as many stones as "
                    f"White or one more (here {b} and {w})"]
        if self.turn == due:
            return []
        if self.is_full():
            return [f"KM-1: with {b} black and {w} white stones {colour_name(other(due))} placed the last stone, "
                    f"so the colour to place is {colour_name(due)}, not {colour_name(self.turn)}"]
        return [f"KM-1: with {b} black and {w} white stones it is {colour_name(due)} to place, "
                f"not {colour_name(self.turn)}"]

    def problems(self) -> list[str]:
        """Why no game reaches this position (empty when one can).  A position with a
        problem is still played as written, but has no result (``scoring.result``)."""
        out = self.turn_problems()
        b, w = self.count(BLACK), self.count(WHITE)
        if self.swapped and (self.rules.squared or b + w == 0):
            out.append("M-5: a swap needs the pie rule (not in Squared) and Black's first stone on the board")
        return out

    # --- comparing and showing -------------------------------------------------------
    def _key(self):
        return (self.rules, tuple(self.cells), self.turn, self.swapped)

    def __eq__(self, other_: object) -> bool:
        return isinstance(other_, Position) and self._key() == other_._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        from .notation import format_position

        return format_position(self)

    def __repr__(self) -> str:
        return f"Position.from_text({str(self)!r})"

    def diagram(self) -> str:
        """A text picture: rank n at the top, ``X`` black, ``O`` white, ``.`` empty."""
        n = self.rules.size
        lines = []
        for r in range(n - 1, -1, -1):
            row = " ".join(".XO"[self.cells[r * n + f]] for f in range(n))
            lines.append(f"{r + 1} {row}")
        lines.append("  " + " ".join(FILES[:n]))
        return "\n".join(lines)


    def _repr_svg_(self) -> str:
        """Jupyter's picture of the position (the renderer is imported here, when asked:
        the renderer depends on the engine, never the reverse)."""
        from ..render.kaomi_svg import board_svg

        return board_svg(self, coordinates=True)

def _turn(value: int | str) -> int:
    if value in (BLACK, WHITE):
        return value
    if isinstance(value, str) and value[:1].upper() in LETTER_COLOURS:
        return LETTER_COLOURS[value[:1].upper()]
    raise NotationError(f"not a colour: {value!r} (expected 'B', 'W', BLACK or WHITE)")
