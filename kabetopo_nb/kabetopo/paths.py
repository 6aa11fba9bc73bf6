"""Shortest paths: how many moves a runner needs to reach a set of squares (K-ROUND-3).

Moves are steps across empty lines, stepping down from a Mountain site across anything
(K-MTN-2), and teleports, each counted as one move.  Runners, doors and speed tokens are
ignored, as the Unseen Path bonus asks.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable

from .geometry import LINE_OF, NEIGHBOURS, sides_of_line
from .position import Piece, Position


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


def moves_to(pos: Position, start: int, targets: Iterable[int]) -> int | None:
    """The fewest moves from ``start`` to any of ``targets`` (None if none can be reached)."""
    dist = distances(pos, start)
    found = [dist[t] for t in targets if dist[t] is not None]
    return min(found) if found else None


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
