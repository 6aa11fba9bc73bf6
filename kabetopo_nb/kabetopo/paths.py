"""Shortest paths: how many moves a runner needs to reach a set of squares (K-ROUND-3).

Moves are steps across empty lines, stepping down from a Mountain site across anything
(K-MTN-2), and teleports, each counted as one move.  Runners, doors and speed tokens are
ignored, as the Unseen Path bonus asks.
"""
from __future__ import annotations

import functools
from collections import deque
from typing import Iterable

from .geometry import LINE_OF, NEIGHBOURS, SIZE, sides_of_line
from .position import Piece, Position

# each square's orthogonal neighbours as a bit mask (stepping down from a Mountain site)
_NEIGHBOUR_MASK = [sum(1 << nb for nb in NEIGHBOURS[sq] if nb is not None) for sq in range(SIZE * SIZE)]


def _teleport_table(pos: Position) -> dict[int, list[int]]:
    """For each portal line, the squares touching its unlocked sides."""
    table: dict[int, list[int]] = {}
    for line in pos.portals():
        table[line] = [sd >> 2 for sd in sides_of_line(line) if not pos.locks >> sd & 1]
    return table


def distances(pos: Position, start: int) -> list[int | None]:
    """Moves needed from ``start`` to every square (None where unreachable)."""
    mountains = pos.rules.geometry.mountains
    table = _teleport_table(pos)
    dist: list[int | None] = [None] * 36
    dist[start] = 0
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        nd = dist[sq] + 1
        for d in range(4):
            nb = NEIGHBOURS[sq][d]
            if nb is None:
                continue
            ln = LINE_OF[sq][d]
            targets = []
            if pos.lines[ln] == Piece.EMPTY or sq in mountains:
                targets.append(nb)
            if ln in table and not pos.locks >> (sq * 4 + d) & 1:
                for other, exits in table.items():
                    if other != ln:
                        targets.extend(exits)
            for t in targets:
                if dist[t] is None:
                    dist[t] = nd
                    todo.append(t)
    return dist


def _teleport_masks(pos: Position) -> dict[int, int]:
    """square -> the squares one teleport from it takes a runner to (``distances``'s moves)."""
    return _teleport_masks_of(pos.portal_lines, pos.locks)


@functools.lru_cache(maxsize=8192)
def _teleport_masks_of(portal_lines: int, locks: int) -> dict[int, int]:
    # a pure function of where the portals and locks are: the bots ask it for every
    # candidate action and every seat, mostly about the same few portal layouts
    exits: dict[int, int] = {}
    m = portal_lines
    while m:
        low = m & -m
        ln = low.bit_length() - 1
        m ^= low
        exits[ln] = sum(1 << (sd >> 2) for sd in sides_of_line(ln) if not locks >> sd & 1)
    if len(exits) < 2:
        return {}
    out: dict[int, int] = {}
    for ln in exits:
        others = 0
        for other, mask in exits.items():
            if other != ln:
                others |= mask
        for sd in sides_of_line(ln):
            if not locks >> sd & 1:
                out[sd >> 2] = out.get(sd >> 2, 0) | others
    return out


def moves_to_mask(pos: Position, start: int, targets: int) -> int | None:
    """The fewest moves from ``start`` to any square of the bit mask ``targets``: the moves
    of ``distances``, searched a whole distance at a time on bit masks, stopping at the
    first target (the bots ask this for every candidate action)."""
    if targets >> start & 1:
        return 0
    open_e, open_n = pos.open_e, pos.open_n
    open_w, open_s = open_e << 1, open_n << SIZE
    mountains = pos.rules.geometry.mountain_mask
    teleports = _teleport_masks(pos)
    hubs = sum(1 << sq for sq in teleports)
    seen = frontier = 1 << start
    moves = 0
    while frontier:
        moves += 1
        reached = (((frontier & open_e) << 1) | ((frontier & open_w) >> 1)
                   | ((frontier & open_n) << SIZE) | ((frontier & open_s) >> SIZE))
        for special, table in ((frontier & mountains, _NEIGHBOUR_MASK), (frontier & hubs, teleports)):
            while special:
                low = special & -special
                reached |= table[low.bit_length() - 1]
                special ^= low
        frontier = reached & ~seen
        if frontier & targets:
            return moves
        seen |= frontier
    return None


def moves_to(pos: Position, start: int, targets: Iterable[int]) -> int | None:
    """The fewest moves from ``start`` to any of ``targets`` (None if none can be reached)."""
    mask = 0
    for t in targets:
        mask |= 1 << t
    return moves_to_mask(pos, start, mask)


def shortest_path(pos: Position, start: int, targets: Iterable[int]) -> list[int] | None:
    """One shortest path (the squares visited, start first), for teaching diagrams."""
    targets = set(targets)
    mountains = pos.rules.geometry.mountains
    table = _teleport_table(pos)
    prev: dict[int, int | None] = {start: None}
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        if sq in targets:
            path = [sq]
            while prev[path[-1]] is not None:
                path.append(prev[path[-1]])
            return path[::-1]
        for d in range(4):
            nb = NEIGHBOURS[sq][d]
            if nb is None:
                continue
            ln = LINE_OF[sq][d]
            nexts = []
            if pos.lines[ln] == Piece.EMPTY or sq in mountains:
                nexts.append(nb)
            if ln in table and not pos.locks >> (sq * 4 + d) & 1:
                for other, exits in table.items():
                    if other != ln:
                        nexts.extend(exits)
            for t in nexts:
                if t not in prev:
                    prev[t] = sq
                    todo.append(t)
    return None
