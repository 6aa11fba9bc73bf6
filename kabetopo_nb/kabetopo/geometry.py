"""Board geometry of Kabetopo: squares, lines, sides, corners and the Mountain.

The board is the unrotated 6x6 grid of K-GEO-1: files a-f, ranks 1-6, with
a6 = North, f6 = East, f1 = South and a1 = West.  Turning the grid 45 degrees
clockwise gives the diamond the players see.

* A **square** is an ``int`` 0..35: ``square = (rank - 1) * 6 + file``.
* A **line** (K-GEO-3) is the segment between two orthogonally adjacent squares.
  Its id is ``square * 2`` for the line on the north side of ``square`` and
  ``square * 2 + 1`` for the line on its east side.  Its canonical name is written
  from the south/west square: ``c4n`` (between c4 and c5), ``c4e`` (between c4
  and d4).  The board's outer boundary is not a line and never holds a piece.
* A **side** is one face of a line, the face looking at one of its two squares.
  Its id is ``square * 4 + direction``; its name is the square and the direction
  in which the line lies from it: ``c5s`` is the side of line ``c4n`` facing c5.
  Locks stand on sides; teleports enter and exit through sides.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..core.verdict import NotationError

FILES = "abcdef"
SIZE = 6
NUM_SQUARES = SIZE * SIZE

Square = int
Line = int
Side = int

# Directions, clockwise from North on the unrotated grid.
N, E, S, W = 0, 1, 2, 3
DIRECTIONS = (N, E, S, W)
DIRECTION_NAMES = "nesw"
OPPOSITE = (S, W, N, E)
PERPENDICULAR = ((W, E), (N, S), (W, E), (N, S))

SQUARE_NAMES = [f"{FILES[sq % SIZE]}{sq // SIZE + 1}" for sq in range(NUM_SQUARES)]
for _sq, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _sq  # A1 .. F6 constants, as in python-chess
del _sq, _name


def square_file(square: Square) -> int:
    return square % SIZE


def square_rank(square: Square) -> int:
    return square // SIZE


def square(file: int, rank: int) -> Square:
    """The square at 0-based ``file`` and ``rank``."""
    return rank * SIZE + file


def neighbour(square: Square, direction: int) -> Square | None:
    """The orthogonal neighbour of ``square`` in ``direction``, or None off the board."""
    f, r = square % SIZE, square // SIZE
    if direction == N:
        return square + SIZE if r < SIZE - 1 else None
    if direction == S:
        return square - SIZE if r > 0 else None
    if direction == E:
        return square + 1 if f < SIZE - 1 else None
    return square - 1 if f > 0 else None


NEIGHBOURS: list[tuple[Square | None, ...]] = [
    tuple(neighbour(sq, d) for d in DIRECTIONS) for sq in range(NUM_SQUARES)
]
# The same as bit masks of squares: where stepping down from a Mountain site may go (K-MTN-2).
NEIGHBOUR_MASK: list[int] = [sum(1 << nb for nb in NEIGHBOURS[sq] if nb is not None) for sq in range(NUM_SQUARES)]


def line_of(square: Square, direction: int) -> Line | None:
    """The line on the ``direction`` side of ``square``, or None for the boundary."""
    if NEIGHBOURS[square][direction] is None:
        return None
    if direction == N:
        return square * 2
    if direction == E:
        return square * 2 + 1
    if direction == S:
        return (square - SIZE) * 2
    return (square - 1) * 2 + 1


LINE_OF: list[tuple[Line | None, ...]] = [
    tuple(line_of(sq, d) for d in DIRECTIONS) for sq in range(NUM_SQUARES)
]

# The same, with the square across each line: ``ACROSS[square][direction]`` is (the line on
# that side of ``square``, the square beyond it), or None for the boundary; ``NEIGHBOUR_LINES
# [square]`` lists (direction, neighbour, line) for each direction that is not the boundary,
# in the order N, E, S, W.  Tables for the engine's hot loops (movement.py): no None to test.
ACROSS: list[tuple[tuple[Line, Square] | None, ...]] = [
    tuple(None if ln is None or nb is None else (ln, nb) for ln, nb in zip(LINE_OF[sq], NEIGHBOURS[sq], strict=True))
    for sq in range(NUM_SQUARES)
]
NEIGHBOUR_LINES: list[tuple[tuple[int, Square, Line], ...]] = [
    tuple((d, across[1], across[0]) for d, across in enumerate(ACROSS[sq]) if across is not None)
    for sq in range(NUM_SQUARES)
]

LINES: tuple[Line, ...] = tuple(
    sorted(ln for sq in range(NUM_SQUARES) for ln in LINE_OF[sq] if ln is not None and ln // 2 == sq)
)
NUM_LINE_IDS = NUM_SQUARES * 2
IS_LINE = [False] * NUM_LINE_IDS
for _ln in LINES:
    IS_LINE[_ln] = True
del _ln


def line_squares(line: Line) -> tuple[Square, Square]:
    """The two squares a line separates: (south or west one, north or east one)."""
    sq = line // 2
    return (sq, sq + SIZE) if line % 2 == 0 else (sq, sq + 1)


LINE_SQUARES: dict[Line, tuple[Square, Square]] = {ln: line_squares(ln) for ln in LINES}


def is_horizontal(line: Line) -> bool:
    """True for a line that separates a square from the one north of it."""
    return line % 2 == 0


def side(square: Square, direction: int) -> Side:
    return square * 4 + direction


def side_square(side_id: Side) -> Square:
    return side_id // 4


def side_direction(side_id: Side) -> int:
    return side_id % 4


def side_line(side_id: Side) -> Line | None:
    return LINE_OF[side_id // 4][side_id % 4]


def line_of_side(side_id: Side) -> Line:
    """The line a side belongs to, for a side known to face a line (a portal's, a door's, a
    lock's): ``side_line`` without the None; NotationError (a ValueError) for a side on the boundary."""
    line = LINE_OF[side_id >> 2][side_id & 3]
    if line is None:
        raise NotationError(f"{side_name(side_id)} is on the boundary, which is not a line (K-GEO-3)")
    return line


def sides_of_line(line: Line) -> tuple[Side, Side]:
    """The two sides of a line: facing its south/west square, facing its north/east square."""
    a, b = LINE_SQUARES[line]
    if line % 2 == 0:
        return side(a, N), side(b, S)
    return side(a, E), side(b, W)


# The same as a table, for the hot loops of the engine (the invariant checks, drops).
SIDES_OF_LINE: dict[Line, tuple[Side, Side]] = {ln: sides_of_line(ln) for ln in LINES}


def other_side(side_id: Side) -> Side:
    sq, d = side_id // 4, side_id % 4
    nb = NEIGHBOURS[sq][d]
    if nb is None:
        raise NotationError(f"{side_name(side_id)} is on the boundary")
    return side(nb, OPPOSITE[d])


def collinear_lines(line: Line) -> tuple[Line | None, Line | None]:
    """The lines continuing ``line`` straight on at each of its two ends (None past the boundary).

    Used for doors (K-DOOR-1): a wall is a door when both continuations hold a wall or monolith.
    """
    a, _ = LINE_SQUARES[line]
    if line % 2 == 0:  # north line of a: continuations are north lines of a's west/east neighbours
        w, e = NEIGHBOURS[a][W], NEIGHBOURS[a][E]
        return (LINE_OF[w][N] if w is not None else None, LINE_OF[e][N] if e is not None else None)
    s, n = NEIGHBOURS[a][S], NEIGHBOURS[a][N]
    return (LINE_OF[s][E] if s is not None else None, LINE_OF[n][E] if n is not None else None)


COLLINEAR: dict[Line, tuple[Line | None, Line | None]] = {ln: collinear_lines(ln) for ln in LINES}

# --- names ---------------------------------------------------------------------------


def square_name(square: Square) -> str:
    return SQUARE_NAMES[square]


def parse_square(text: str) -> Square:
    """Parse ``a1`` .. ``f6``; raises NotationError (a ValueError) for anything else."""
    if len(text) != 2 or text[0] not in FILES or text[1] not in "123456":
        raise NotationError(f"not a square: {text!r} (expected a1..f6)")
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def side_name(side_id: Side) -> str:
    return SQUARE_NAMES[side_id // 4] + DIRECTION_NAMES[side_id % 4]


def side_words(side_id: Side) -> str:
    """A side as people read it: its line by the line's own name, then the square it faces
    (``c1w`` is "b1e on the c1 side"), so one line carries one name on one screen."""
    return f"{line_name(line_of_side(side_id))} on the {SQUARE_NAMES[side_id // 4]} side"


def parse_side(text: str) -> Side:
    """Parse a side name such as ``c5s``; the boundary is refused."""
    if "|" in text:  # a line written between its squares names no side: say which two it could be
        a, b = sides_between(text)
        raise NotationError(f"{text!r} names a line, and a side also says which square it faces: "
                            f"{side_name(a)} (facing {square_name(a >> 2)}) or {side_name(b)} (facing "
                            f"{square_name(b >> 2)})")
    if len(text) != 3 or text[2] not in DIRECTION_NAMES:
        raise NotationError(f"not a side: {text!r} (expected a square and n/e/s/w, e.g. c4n)")
    sq = parse_square(text[:2])
    d = DIRECTION_NAMES.index(text[2])
    if NEIGHBOURS[sq][d] is None:
        raise NotationError(f"{text!r} lies on the board's boundary, which is not a line (K-GEO-3)")
    return side(sq, d)


def line_name(line: Line) -> str:
    return SQUARE_NAMES[line // 2] + ("n" if line % 2 == 0 else "e")


def parse_line(text: str) -> Line:
    """Parse a line by any of its side names (``c4n`` and ``c5s`` are the same line), or by
    the two squares it lies between, in either order: ``c4|c5`` (spaces around the bar
    allowed: ``c4 | c5``)."""
    if "|" in text:
        return _line_between(text)
    ln = side_line(parse_side(text))
    assert ln is not None
    return ln


def _line_between(text: str) -> Line:
    """The line written ``c4|c5``: between two orthogonally adjacent squares (K-GEO-3)."""
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 2 or not all(parts):
        raise NotationError(f"not a line: {text!r} (a line between two squares is written like c4|c5)")
    a, b = (parse_square(p) for p in parts)
    for d in DIRECTIONS:
        if NEIGHBOURS[a][d] == b:
            ln = LINE_OF[a][d]
            assert ln is not None  # two squares side by side always have a line between them
            return ln
    why = f"names {parts[0]} twice" if a == b else f"names {parts[0]} and {parts[1]}, which are not side by side"
    raise NotationError(f"not a line: {text!r} {why}; a line lies between two orthogonally adjacent squares "
                        "(K-GEO-3)")


def sides_between(text: str) -> tuple[Side, Side]:
    """The two sides of the line written ``c4|c5``, facing the first square and the second."""
    ln = _line_between(text)
    first = parse_square(text.split("|")[0].strip())
    s1, s2 = sides_of_line(ln)
    return (s1, s2) if s1 >> 2 == first else (s2, s1)


# --- the board's layout ----------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """Where the home squares and the Mountain(s) are (K-GEO-1, K-GEO-2, K-GEO-4).

    ``mountains`` lists every square that follows the Mountain rules: the Mountain
    itself and, in the 2-player v2.0 game, the Summit.
    """

    mountains: tuple[Square, ...] = (2 + 3 * SIZE,)  # c4
    corners: tuple[Square, ...] = (5 * SIZE, 5 * SIZE + 5, 5, 0)  # a6 N, f6 E, f1 S, a1 W

    # cached: the engine asks for these masks in its hot loops (the dataclass is frozen)
    @cached_property
    def mountain_mask(self) -> int:
        m = 0
        for sq in self.mountains:
            m |= 1 << sq
        return m

    @cached_property
    def corner_mask(self) -> int:
        m = 0
        for sq in self.corners:
            m |= 1 << sq
        return m

    def corner_lines(self) -> frozenset[Line]:
        """The inner lines of the corner squares, where portals may not go (K-INV-2)."""
        return frozenset(ln for sq in self.corners for ln in LINE_OF[sq] if ln is not None)


MOUNTAIN = 2 + 3 * SIZE  # c4
SUMMIT = 3 + 2 * SIZE  # d3
STANDARD = Geometry()
WITH_SUMMIT = Geometry(mountains=(MOUNTAIN, SUMMIT))
