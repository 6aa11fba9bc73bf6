"""Using resources: dropping walls, monoliths, portals and locks, and unlocking.

Rulings: K-TURN-1, K-TURN-2, K-TURN-4, K-TURN-10, K-INV-1..3, K-INV-5, K-LOCK-1, K-GEO-3.
"""
from __future__ import annotations

from .actions import LOCK, MONOLITH, PORTAL, UNLOCK, WALL, Action
from .geometry import LINES, sides_of_line
from .invariants import DropChecker
from .position import EMPTY, KIND, Position
from .position import PORTAL as PORTAL_PIECE
from .rules import LOCKS, MONOLITHS, PORTALS, WALLS

_corner_lines_cache: dict = {}


def corner_lines(pos: Position) -> frozenset[int]:
    geo = pos.rules.geometry
    cached = _corner_lines_cache.get(geo)
    if cached is None:
        cached = _corner_lines_cache[geo] = geo.corner_lines()
    return cached


def lockable_lines(pos: Position) -> list[int]:
    """Lines a lock may stand on now: portal lines and door lines (K-GEO-3, K-LOCK-1)."""
    out = pos.portals()
    for ln in LINES:
        if pos.is_door(ln):
            out.append(ln)
    return out


def generate_drops(pos: Position, seat: int, checker: DropChecker | None = None) -> list[Action]:
    """Every legal main-action use of a resource: drops of each kind, locks, unlocks."""
    pool = pos.pools[seat]
    walls, monoliths, portals, locks = pool[WALLS], pool[MONOLITHS], pool[PORTALS], pool[LOCKS]
    out: list[Action] = []
    if not (walls or monoliths or portals or locks):
        return out
    checker = checker or DropChecker(pos)
    lines = pos.lines
    if walls or monoliths or portals:
        no_portal = corner_lines(pos)
        for ln in LINES:
            if lines[ln] != EMPTY:
                continue
            if (walls or monoliths) and checker.blocking_ok(ln):
                if walls:
                    out.append(Action(WALL, ln))
                if monoliths:
                    out.append(Action(MONOLITH, ln))
            if portals and ln not in no_portal and checker.portal_ok(ln):
                out.append(Action(PORTAL, ln))
    if locks:
        for ln in lockable_lines(pos):
            for side in sides_of_line(ln):
                if not pos.locks >> side & 1 and checker.lock_ok(side):
                    out.append(Action(LOCK, side))
        for side in pos.lock_sides():
            out.append(Action(UNLOCK, side))
    return out


def generate_locks_behind(pos: Position, seat: int) -> list[Action]:
    """Lock it behind you (K-TURN-4, K-TURN-10): a free side of a portal teleported through this turn."""
    if pos.lb_used or not pos.lb_portals or not pos.pools[seat][LOCKS]:
        return []
    checker = DropChecker(pos)
    out = []
    seen = set()
    for ln in pos.lb_portals:
        if ln in seen or pos.lines[ln] & KIND != PORTAL_PIECE:
            continue
        seen.add(ln)
        for side in sides_of_line(ln):
            if not pos.locks >> side & 1 and checker.lock_ok(side):
                out.append(Action(LOCK, side))
    return out
