"""Where the pushes of a placement go: chains, targets, wrap-around, returns (M-1..M-4, M-7).

A placed stone p pushes along its row and its column, each axis on its own (M-1):

* only the stones on the squares next to p *on the board* are pushed (M-7): a stone placed
  on an edge square pushes nothing toward that edge, and the stone at the far end of its
  line (across the edge) is not its neighbour and stays;
* in each direction the *chain* is the unbroken run of stones starting on the square next
  to p, continuing across the board edge to the far end of the same line if it is pushed
  off the board (wrap-around), and ending before the first empty square, the chain's
  *target*;
* when the line holds no empty square at all, a chain would end on p itself: nothing on
  that axis moves (M-3);
* when both chains of an axis hold stones and end at the same target, the chain whose
  stones crossed the board edge goes back where it was and the other one moves (M-2);
* otherwise every stone of each chain moves one square along it (M-4).

A chain with no stones moves nothing and so collides with nothing (KM-3); a chain on the
edge side of p (``Chain.at_edge``) has neither stones nor a target.  The two axes share
only p, which never moves, so they cannot interfere.

``resolve(position, square)`` answers with a :class:`Resolution` (pure data); ``apply``
puts it on the board.  The step-by-step explainer (``explain.py``) and the renderer's
arrows read the same data, so what is shown is what is played.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.verdict import SettingError
from .geometry import AXES, COLUMN, ROW, neighbour, step
from .position import EMPTY, Position

MOVES, COLLISION, BLOCKED, STILL = "moves", "collision", "blocked", "still"


@dataclass(frozen=True)
class Chain:
    """The stones pushed in one direction, nearest to p first.

    Its shapes: stones then their ``target`` (the first empty square); no stones and the
    empty square next to p as target (nothing is pushed); stones all round the line back
    to p, ``target`` None (M-3); or, with ``at_edge``, no stones and no target because p
    sits on the board edge on this side and has no neighbour there (M-7).
    """

    direction: str
    squares: tuple[int, ...]
    target: int | None  # the first empty square; None when the chain would end on p (M-3) or at_edge
    wrapped: bool  # a stone of the chain is pushed across the board edge
    at_edge: bool = False  # p is on the edge on this side: nothing is pushed this way (M-7)

    @property
    def lands_on_p(self) -> bool:
        """Whether the chain runs round the whole line and would put its last stone on p (M-3)."""
        return self.target is None and not self.at_edge

    @property
    def destinations(self) -> tuple[int, ...]:
        """Where each stone of the chain would go: one square further along it."""
        if self.target is None:
            return ()
        return self.squares[1:] + (self.target,)

    def moves(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.squares, self.destinations, strict=False))

    def crossing(self, size: int) -> tuple[int, int] | None:
        """The (from, to) step of a stone of this chain that crosses the edge, if one does."""
        for a, b in self.moves():
            if _crosses(a, b, self.direction, size):
                return a, b
        return None


@dataclass(frozen=True)
class AxisPush:
    """The outcome on one axis (``row`` or ``column``)."""

    axis: str
    chains: tuple[Chain, Chain]
    outcome: str  # MOVES, COLLISION (M-2), BLOCKED (M-3) or STILL (no stone next to p)
    returned: tuple[str, ...]  # directions whose chain goes back (M-2 / M-3)
    rulings: tuple[str, ...]
    # a stone at the far end of the line, across the edge from p: not p's neighbour, so it
    # stays (M-7); None when p is not on an edge of this line or that square is empty
    across_edge: int | None = None

    def moving_chains(self) -> tuple[Chain, ...]:
        return tuple(c for c in self.chains if c.direction not in self.returned and c.squares)

    def moves(self) -> tuple[tuple[int, int], ...]:
        return tuple(m for c in self.moving_chains() for m in c.moves())


@dataclass(frozen=True)
class Resolution:
    """Everything a placement does: the square, the colour, both axes, and the moves."""

    square: int
    colour: int
    size: int
    axes: tuple[AxisPush, AxisPush]

    def moves(self) -> tuple[tuple[int, int], ...]:
        return tuple(m for ax in self.axes for m in ax.moves())

    @property
    def rulings(self) -> tuple[str, ...]:
        ids = []
        for ax in self.axes:
            for r in ax.rulings:
                if r not in ids:
                    ids.append(r)
        return tuple(sorted(ids, key=_ruling_order))

    def axis(self, name: str) -> AxisPush:
        return self.axes[0] if name == ROW else self.axes[1]


def _ruling_order(rid: str) -> tuple:
    prefix, _, num = rid.partition("-")
    return (prefix != "M", prefix, int(num) if num.isdigit() else 0)


def _crosses(a: int, b: int, direction: str, size: int) -> bool:
    """Whether the step from a to b (its neighbour in ``direction``) crosses the board edge."""
    return step(a, direction, size)[1]


def chain(cells: list[int], p: int, direction: str, size: int) -> Chain:
    """The chain from the square next to ``p`` in ``direction`` (M-1, M-7); ``cells`` has p occupied."""
    cur = neighbour(p, direction, size)
    if cur is None:  # p is on the edge: adjacency never wraps (M-7)
        return Chain(direction, (), None, False, at_edge=True)
    squares = []
    wrapped = False
    while cells[cur] != EMPTY:
        squares.append(cur)
        cur, crossed = step(cur, direction, size)  # pushed off the board: back in at the far end
        wrapped = wrapped or crossed
        if cur == p:
            return Chain(direction, tuple(squares), None, wrapped)
    return Chain(direction, tuple(squares), cur, wrapped)


def resolve_axis(cells: list[int], p: int, axis: str, size: int) -> AxisPush:
    first, second = (chain(cells, p, d, size) for d in AXES[axis])
    chains = (first, second)
    if first.lands_on_p or second.lands_on_p:
        # the line is full: a chain would put its last stone on p (M-3)
        return AxisPush(axis, chains, BLOCKED, tuple(c.direction for c in chains if c.squares), ("M-1", "M-3"))
    across = None
    for c in chains:
        if c.at_edge:
            far = step(p, c.direction, size)[0]
            if cells[far] != EMPTY:
                across = far
    edge = ("M-7",) if across is not None else ()
    if not first.squares and not second.squares:
        return AxisPush(axis, chains, STILL, (), ("M-1",) + edge, across)
    if first.target == second.target:  # never true of a chain at_edge: it has no target
        if first.squares and second.squares:
            # one empty square left in the line and both chains head for it (M-2)
            loser = first if first.wrapped else second
            return AxisPush(axis, chains, COLLISION, (loser.direction,), ("M-1", "M-2", "M-4"))
        # only one chain holds stones: a single stone reaches the target (KM-3)
        return AxisPush(axis, chains, MOVES, (), ("M-1", "M-4", "KM-3"))
    return AxisPush(axis, chains, MOVES, (), ("M-1", "M-4") + edge, across)


def resolve(position: Position, square: int, colour: int | None = None) -> Resolution:
    """What placing a stone on the empty ``square`` would do, before doing it."""
    size = position.rules.size
    if position.cells[square] != EMPTY:
        raise SettingError(f"{position.name(square)} is occupied")
    colour = position.turn if colour is None else colour
    cells = position.cells[:]
    cells[square] = colour
    axes = (resolve_axis(cells, square, ROW, size), resolve_axis(cells, square, COLUMN, size))
    return Resolution(square, colour, size, axes)


def apply(position: Position, res: Resolution) -> None:
    """Put the placed stone and every move of ``res`` on the board, in place."""
    cells = position.cells
    cells[res.square] = res.colour
    moves = res.moves()
    colours = [cells[a] for a, _ in moves]
    for a, _ in moves:
        cells[a] = EMPTY
    for (_, b), c in zip(moves, colours, strict=False):
        cells[b] = c
