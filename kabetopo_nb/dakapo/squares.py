"""Where the winning square is decided (D-3): four stones of one colour on the corners of
a square of any size and any angle, one of them a given stone.

Every square with corner p has two sides starting at p.  So for each other stone q of
p's colour, the side p-q is turned a quarter turn either way: the square p, q, q+r, p+r
(r = q-p rotated) is there when both new corners are on the board and hold p's colour.
Each square is found twice (from both of p's sides) and reported once, its corners in
order around it, starting at the lowest square index.
"""
from __future__ import annotations

from .geometry import square_name
from .rules import EMPTY


def _canonical(cycle: list[int]) -> tuple[int, int, int, int]:
    i = cycle.index(min(cycle))
    a, b, c, d = cycle[i:] + cycle[:i]
    if d < b:  # walk the cycle towards the smaller neighbour
        return a, d, c, b
    return a, b, c, d


def squares_through(board: list[int], size: int, sq: int) -> list[tuple[int, int, int, int]]:
    """Every same-coloured square with a corner on ``sq`` (its corners in cyclic order)."""
    colour = board[sq]
    if colour == EMPTY:
        return []
    pf, pr = sq % size, sq // size
    found = set()
    for q, c in enumerate(board):
        if c != colour or q == sq:
            continue
        dx, dy = q % size - pf, q // size - pr
        for rx, ry in ((-dy, dx), (dy, -dx)):
            af, ar = pf + dx + rx, pr + dy + ry  # q + r
            bf, br = pf + rx, pr + ry  # p + r
            if 0 <= af < size and 0 <= ar < size and 0 <= bf < size and 0 <= br < size:
                a, b = ar * size + af, br * size + bf
                if board[a] == colour and board[b] == colour:
                    found.add(_canonical([sq, q, a, b]))
    return sorted(found)


def squares_made(board, size: int, sq: int, colour: int) -> list[tuple[int, int, int, int]]:
    """Every square a stone of ``colour`` put on the empty ``sq`` would complete (D-3)."""
    after = list(board)
    after[sq] = colour
    return squares_through(after, size, sq)


def last_squares(pos) -> list[tuple[int, int, int, int]]:
    """The squares the last stone placed in ``pos`` completes (D-3), if any."""
    if pos.last < 0 or pos.board[pos.last] == EMPTY:
        return []
    return squares_through(pos.board, pos.size, pos.last)


def all_squares(board: list[int], size: int) -> list[tuple[int, int, int, int]]:
    """Every same-coloured square anywhere on the board (for checks and teaching)."""
    found = set()
    for sq, c in enumerate(board):
        if c != EMPTY:
            found.update(squares_through(board, size, sq))
    return sorted(found)


def is_tilted(corners: tuple[int, ...], size: int) -> bool:
    """True when the square's sides are not parallel to the board's edges."""
    a, b = corners[0], corners[1]
    return a % size != b % size and a // size != b // size


def side_vector(corners: tuple[int, ...], size: int) -> tuple[int, int]:
    """(files, ranks) from the first corner to the second: (3, 0) is a 3x3 upright square,
    (2, 1) a tilted square whose side crosses 2 files and 1 rank."""
    a, b = corners[0], corners[1]
    return abs(b % size - a % size), abs(b // size - a // size)


def corners_text(corners: tuple[int, ...], size: int) -> str:
    """The corners by name in order around the square: ``d2-c3-d4-e3``."""
    return "-".join(square_name(s, size) for s in corners)
