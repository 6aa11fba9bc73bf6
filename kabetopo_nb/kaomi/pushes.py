"""Where the pushes of a placement go: chains, targets, wrap-around, returns (M-1..M-4).

A placed stone p pushes along its row and its column, each axis on its own (M-1):

* in each direction the *chain* is the unbroken run of stones starting next to p,
  continuing across the board edge to the far end of the same line (wrap-around), and
  ending before the first empty square, the chain's *target*;
* when the line holds no empty square at all, both chains would end on p itself: nothing
  on that axis moves (M-3);
* when both chains of an axis hold stones and end at the same target, the chain whose path
  crossed the board edge goes back where it was and the other one moves (M-2);
* otherwise every stone of each chain moves one square along it (M-4).

A chain with no stones moves nothing and so collides with nothing (KM-3).  The two axes
share only p, which never moves, so they cannot interfere.

``resolve(position, square)`` answers with a :class:`Resolution` (pure data); ``apply``
puts it on the board.  The step-by-step explainer (``explainer.py``) and the renderer's
arrows read the same data, so what is shown is what is played.
"""
from __future__ import annotations

from dataclasses import dataclass

from .geometry import AXES, COLUMN, ROW, step
from .position import EMPTY, Position

MOVES, COLLISION, BLOCKED, STILL = "moves", "collision", "blocked", "still"


@dataclass(frozen=True)
class Chain:
    """The stones pushed in one direction, nearest to p first."""

    direction: str
    squares: tuple[int, ...]
    target: int | None  # the first empty square; None when the chain would end on p (M-3)
    wrapped: bool  # the path from p to the target crosses the board edge

    @property
    def destinations(self) -> tuple[int, ...]:
        """Where each stone of the chain would go: one square further along it."""
        if self.target is None:
            return ()
        return self.squares[1:] + (self.target,)

    def moves(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.squares, self.destinations))

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
    """The chain from next to ``p`` in ``direction`` (M-1); ``cells`` has p occupied."""
    squares = []
    wrapped = False
    cur = p
    while True:
        nxt, crossed = step(cur, direction, size)
        wrapped = wrapped or crossed
        if nxt == p:
            return Chain(direction, tuple(squares), None, wrapped)
        if cells[nxt] == EMPTY:
            return Chain(direction, tuple(squares), nxt, wrapped)
        squares.append(nxt)
        cur = nxt


def resolve_axis(cells: list[int], p: int, axis: str, size: int) -> AxisPush:
    first, second = (chain(cells, p, d, size) for d in AXES[axis])
    chains = (first, second)
    if first.target is None or second.target is None:
        # the line is full: each chain would put its last stone on p (M-3)
        return AxisPush(axis, chains, BLOCKED, tuple(c.direction for c in chains), ("M-1", "M-3"))
    if not first.squares and not second.squares:
        return AxisPush(axis, chains, STILL, (), ("M-1",))
    if first.target == second.target:
        if first.squares and second.squares:
            # one empty square left in the line and both chains head for it (M-2)
            loser = first if first.wrapped else second
            return AxisPush(axis, chains, COLLISION, (loser.direction,), ("M-1", "M-2", "M-4"))
        # only one chain holds stones: a single stone reaches the target (KM-3)
        return AxisPush(axis, chains, MOVES, (), ("M-1", "M-4", "KM-3"))
    return AxisPush(axis, chains, MOVES, (), ("M-1", "M-4"))


def resolve(position: Position, square: int, colour: int | None = None) -> Resolution:
    """What placing a stone on the empty ``square`` would do, before doing it."""
    size = position.rules.size
    if position.cells[square] != EMPTY:
        raise ValueError(f"{position.name(square)} is occupied")
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
    for (_, b), c in zip(moves, colours):
        cells[b] = c
