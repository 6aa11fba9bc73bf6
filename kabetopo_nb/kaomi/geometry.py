"""Squares and lines of a Kaomi board of any size from 5 to 9 (M-6).

A square is an ``int``: ``rank * size + file``, files a.. from the left, ranks 1.. from
the bottom, so on every size ``a1`` is 0.  Because the index depends on the size, actions
carry (file, rank) and the board converts.  Axes and directions:

* the *row* axis (same rank): directions ``east`` (+file) and ``west`` (-file);
* the *column* axis (same file): directions ``north`` (+rank) and ``south`` (-rank).

Two kinds of "next": ``neighbour`` stays on the board (adjacency never wraps, M-7; groups,
KM-4), ``step`` wraps round the edge (a stone pushed off the board, M-1).
"""
from __future__ import annotations

from ..core.verdict import NotationError

FILES = "abcdefghi"
EAST, WEST, NORTH, SOUTH = "east", "west", "north", "south"
DIRECTIONS = {EAST: (1, 0), WEST: (-1, 0), NORTH: (0, 1), SOUTH: (0, -1)}
ROW, COLUMN = "row", "column"
AXES = {ROW: (EAST, WEST), COLUMN: (NORTH, SOUTH)}


def coords_name(file: int, rank: int) -> str:
    return f"{FILES[file]}{rank + 1}"


def parse_coords(text: str) -> tuple[int, int]:
    """``"d4"`` -> (3, 3): a square's (file, rank) on a board of any size up to 9."""
    t = text.strip().lower() if isinstance(text, str) else text
    if not isinstance(t, str) or len(t) != 2 or t[0] not in FILES or t[1] not in "123456789":
        raise NotationError(f"not a Kaomi square: {text!r} (expected a file a-i and a rank 1-9, e.g. d4)")
    return FILES.index(t[0]), int(t[1]) - 1


def square_name(sq: int, size: int) -> str:
    return coords_name(sq % size, sq // size)


def parse_square(text: str, size: int) -> int:
    """The square index of ``text`` on a ``size`` board; NotationError when it is off it."""
    f, r = parse_coords(text)
    if f >= size or r >= size:
        raise NotationError(f"{text!r} is not on a {size}x{size} board (M-6)")
    return r * size + f


def neighbour(sq: int, direction: str, size: int) -> int | None:
    """The square next to ``sq`` in ``direction`` on the board itself; None past the edge.

    Adjacency never wraps (M-7): the square at the far end of the line is not a neighbour.
    """
    dx, dy = DIRECTIONS[direction]
    f, r = sq % size + dx, sq // size + dy
    return r * size + f if 0 <= f < size and 0 <= r < size else None


def step(sq: int, direction: str, size: int) -> tuple[int, bool]:
    """The next square in ``direction`` with wrap-around, and whether it crossed the edge.

    For a stone pushed along a chain (M-1): one pushed off the board comes back in at the
    far end of the same line.  Which squares are *next to* a stone is ``neighbour`` (M-7).
    """
    dx, dy = DIRECTIONS[direction]
    f, r = sq % size + dx, sq // size + dy
    wrapped = not (0 <= f < size and 0 <= r < size)
    return (r % size) * size + f % size, wrapped


def neighbours(sq: int, size: int) -> list[int]:
    """Orthogonal neighbours on the board itself, without wrap-around (groups, KM-4)."""
    f, r = sq % size, sq // size
    out = []
    if r + 1 < size:
        out.append(sq + size)
    if f + 1 < size:
        out.append(sq + 1)
    if r > 0:
        out.append(sq - size)
    if f > 0:
        out.append(sq - 1)
    return out


def line_squares(sq: int, axis: str, size: int) -> list[int]:
    """Every square of the row or column through ``sq``, in file or rank order."""
    f, r = sq % size, sq // size
    if axis == ROW:
        return [r * size + x for x in range(size)]
    return [y * size + f for y in range(size)]
