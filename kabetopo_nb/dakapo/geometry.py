"""Squares of a Dakapo board: files a.. from the left, ranks 1.. from the bottom (D-1).

A square is an index ``rank * size + file``; its name is file letter + rank number
(``d4``).  Names are read without a board size as (file, rank) pairs, so an action can
be written down before it is known whether the square exists on a given board.
"""
from __future__ import annotations

import re
from functools import cache

from ..core.grid_text import shown
from ..core.verdict import NotationError
from .rules import BLUE, GREEN, RED, YELLOW

FILES = "abcdefghijklmnopqrstuvwxyz"
RANKS = 99  # the names read below: ranks 1 to 99, whatever the board size
_SQUARE = re.compile(r"([a-z])([1-9][0-9]?)")  # ASCII digits only: [0-9], not \d


def parse_coords(text: str) -> tuple[int, int]:
    """``"d4"`` -> (3, 3): 0-based file and rank; NotationError (a ValueError) when badly written."""
    m = _SQUARE.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise NotationError(f"not a square name: {shown(text)} (expected a file letter and a rank, e.g. d4)")
    return FILES.index(m.group(1)), int(m.group(2)) - 1


def coords_name(file: int, rank: int) -> str:
    return f"{FILES[file]}{rank + 1}"


def square_name(sq: int, size: int) -> str:
    return coords_name(sq % size, sq // size)


def parse_square(text: str, size: int) -> int:
    """A square's index on a ``size`` board; NotationError (a ValueError) when badly written or off the board."""
    f, r = parse_coords(text)
    if f >= size or r >= size:
        raise NotationError(f"{text!r} is not on a {size}x{size} board")
    return r * size + f


def on_board(file: int, rank: int, size: int) -> bool:
    return 0 <= file < size and 0 <= rank < size


def neighbours(sq: int, size: int) -> list[int]:
    """The orthogonally adjacent squares (above, below, left, right) that exist."""
    f, r = sq % size, sq // size
    out = []
    if r + 1 < size:
        out.append(sq + size)
    if r > 0:
        out.append(sq - size)
    if f > 0:
        out.append(sq - 1)
    if f + 1 < size:
        out.append(sq + 1)
    return out


@cache
def neighbour_table(size: int) -> tuple[tuple[int, ...], ...]:
    """``neighbours`` of every square of a ``size`` board, worked out once per size."""
    return tuple(tuple(neighbours(sq, size)) for sq in range(size * size))


def setup_squares(size: int) -> dict[int, int]:
    """D-1: square -> colour of the four setup stones on the centre squares:
    green top-left, yellow top-right, red bottom-left, blue bottom-right."""
    lo = size // 2 - 1  # the lower/left of the two central files and ranks
    return {
        (lo + 1) * size + lo: GREEN, (lo + 1) * size + lo + 1: YELLOW,
        lo * size + lo: RED, lo * size + lo + 1: BLUE,
    }
