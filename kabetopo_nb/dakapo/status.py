"""Where a Dakapo game stands, in words: the status line, the text alternative, a square.

The board's header, the widget's panel and the drawing's text alternative all read these,
so a position is told the same way everywhere.  The result sentence itself comes with
the ending that decides it (``ending.result_text``).

    >>> status_line(Position())
    'Player 1 to play: placement (first placement, any colour (D-4))'
"""
from __future__ import annotations

from .ending import WIN, status
from .engine import decision
from .position import Position
from .rules import COLOURS
from .squares import corners_text, is_tilted, side_vector
from .turns import stones_placed


def status_line(pos: Position) -> str:
    """One line: who decides what next, or the result."""
    d = decision(pos)
    if d.seat is None:
        return "Game over: " + d.detail
    return f"{d.seat} to play: {d.kind}" + (f" ({d.detail})" if d.detail else "")


def describe_position(pos: Position) -> str:
    """The text alternative: every stone, the supplies, the last stone, the winning square."""
    parts = []
    for c, name in enumerate(COLOURS):
        where = [pos.square_name(sq) for sq in pos.stones(c)]
        parts.append(f"{name.capitalize()} stones on {', '.join(where) if where else 'no square'}; "
                     f"{pos.supply(c)} left in the supply.")
    if pos.is_partial:
        unseen = stones_placed(pos) - len(pos.stones())
        parts.append(f"A partial position: only the stones that matter are shown, and {unseen} more "
                     f"{'is' if unseen == 1 else 'are'} placed on squares it does not describe.")
    if pos.last >= 0:
        parts.append(f"Last stone placed: {COLOURS[pos.board[pos.last]]} on {pos.square_name(pos.last)}.")
    st = status(pos)
    if st.state == WIN:
        assert st.square is not None  # a win names its square (``ending.settled``)
        parts.append("Winning square: " + ", ".join(pos.square_name(s) for s in st.square) + ".")
    return " ".join(parts)


def square_words(corners, colour: int, size: int) -> str:
    """``a tilted green square d5-f6-e8-c7 (each side 2 across, 1 up)`` /
    ``an upright red square a1-c1-c3-a3 (3x3 squares)``."""
    name = COLOURS[colour]
    dx, dy = side_vector(corners, size)
    if is_tilted(corners, size):
        return f"a tilted {name} square {corners_text(corners, size)} (each side {dx} across, {dy} up)"
    side = dx or dy
    return f"an upright {name} square {corners_text(corners, size)} ({side + 1}x{side + 1} squares)"


def describe_square(pos: Position, corners) -> str:
    """A square of stones on the board of ``pos``, in words (see ``square_words``)."""
    return square_words(corners, pos.board[corners[0]], pos.size)
