"""Shortest paths: how many moves a runner needs to reach a set of squares (K-ROUND-3).

Moves are steps across empty lines, stepping down from a Mountain site across anything
(K-MTN-2), and teleports (``topology.py``), each counted as one move.  Runners, doors and
speed tokens are ignored, as the Unseen Path bonus asks.

``search`` is the one breadth-first search: every other function here reads its answer.
It goes a whole distance at a time on bit masks (the bots ask for every candidate action);
asked for ``parents``, it also visits the squares one by one in the order a plain search
meets them (N, E, S, W from each square; a step before a teleport), so that a path can be
rebuilt (``Search.path``).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .geometry import LINE_OF, NEIGHBOUR_MASK, NEIGHBOURS, SIZE
from .position import Position
from .topology import Teleports, teleports


@dataclass(slots=True)
class Search:
    """What ``search`` found.

    ``levels[k]``: the bit mask of the squares first reached after ``k`` moves (the start
    alone at 0).  ``target``: the first target reached, None if none (then ``levels`` holds
    every square that can be reached).  ``parent`` (when asked for): the square each
    reached square was first reached from, None for the start.
    """

    levels: list[int]
    target: int | None
    parent: dict[int, int | None] | None = None

    @property
    def moves(self) -> int | None:
        """The fewest moves to a target (None if none can be reached)."""
        return len(self.levels) - 1 if self.target is not None else None

    def path(self) -> list[int] | None:
        """The squares of one shortest path to ``target``, the start first (needs ``parent``)."""
        if self.target is None:
            return None
        assert self.parent is not None, "search(..., parents=True) keeps the parents"
        path = [self.target]
        while (before := self.parent[path[-1]]) is not None:
            path.append(before)
        return path[::-1]


def search(pos: Position, start: int, targets: int = 0, *, parents: bool = False) -> Search:
    """Breadth-first search from ``start``, stopping at the first distance that reaches a
    square of the bit mask ``targets`` (with no targets: everything reachable)."""
    frontier = 1 << start
    levels = [frontier]
    parent: dict[int, int | None] | None = {start: None} if parents else None
    if targets & frontier:
        return Search(levels, start, parent)
    open_e, open_n = pos.open_e, pos.open_n
    open_w, open_s = open_e << 1, open_n << SIZE
    mountains = pos.rules.geometry.mountain_mask
    tele = teleports(pos)
    hub, reach = tele.hub, tele.reach
    order = [start]  # with parents: the last distance's squares, in the order they were met
    seen = frontier
    while True:
        if parent is None:
            reached = (((frontier & open_e) << 1) | ((frontier & open_w) >> 1)
                       | ((frontier & open_n) << SIZE) | ((frontier & open_s) >> SIZE))
            special = frontier & mountains  # K-MTN-2: down across any line
            while special:
                low = special & -special
                reached |= NEIGHBOUR_MASK[low.bit_length() - 1]
                special ^= low
            special = frontier & hub  # K-PORT-2: out of any other portal
            while special:
                low = special & -special
                reached |= reach[low.bit_length() - 1]
                special ^= low
            frontier = reached & ~seen
        else:
            order = _next_in_order(pos, tele, mountains, order, parent)
            frontier = 0
            for sq in order:
                frontier |= 1 << sq
        if not frontier:
            return Search(levels, None, parent)
        levels.append(frontier)
        found = frontier & targets
        if found:
            if parent is None:
                return Search(levels, (found & -found).bit_length() - 1, None)
            return Search(levels, next(sq for sq in order if found >> sq & 1), parent)
        seen |= frontier


def _next_in_order(pos: Position, tele: Teleports, mountains: int, order: list[int],
                   parent: dict[int, int | None]) -> list[int]:
    """The squares one move beyond those of ``order`` and not met yet, in the order a plain
    search meets them; records where each was met from in ``parent``."""
    lines, locks, portal_lines, exits = pos.lines, pos.locks, pos.portal_lines, tele.exits
    out = []
    for sq in order:
        for d in range(4):
            nb, ln = NEIGHBOURS[sq][d], LINE_OF[sq][d]
            if nb is None or ln is None:
                continue
            if (lines[ln] == 0 or mountains >> sq & 1) and nb not in parent:  # a step; down (K-MTN-2)
                parent[nb] = sq
                out.append(nb)
            if portal_lines >> ln & 1 and not locks >> (sq * 4 + d) & 1:  # a teleport (K-PORT-2, K-PORT-3)
                for sd in exits[ln]:
                    if sd >> 2 not in parent:
                        parent[sd >> 2] = sq
                        out.append(sd >> 2)
    return out


def distances(pos: Position, start: int) -> list[int | None]:
    """Moves needed from ``start`` to every square (None where unreachable)."""
    dist: list[int | None] = [None] * (SIZE * SIZE)
    for moves, level in enumerate(search(pos, start).levels):
        while level:
            low = level & -level
            dist[low.bit_length() - 1] = moves
            level ^= low
    return dist


def moves_to_mask(pos: Position, start: int, targets: int) -> int | None:
    """The fewest moves from ``start`` to any square of the bit mask ``targets`` (None if none
    can be reached)."""
    return search(pos, start, targets).moves


def moves_to(pos: Position, start: int, targets: Iterable[int]) -> int | None:
    """The fewest moves from ``start`` to any of ``targets`` (None if none can be reached)."""
    return moves_to_mask(pos, start, _mask(targets))


def shortest_path(pos: Position, start: int, targets: Iterable[int]) -> list[int] | None:
    """One shortest path (the squares visited, start first), for teaching diagrams."""
    return search(pos, start, _mask(targets), parents=True).path()


def _mask(squares: Iterable[int]) -> int:
    mask = 0
    for sq in squares:
        mask |= 1 << sq
    return mask
