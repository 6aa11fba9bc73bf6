"""Using resources: dropping walls, monoliths, portals and locks, and unlocking.

Rulings: K-TURN-1, K-TURN-2, K-TURN-4, K-TURN-10, K-INV-1..3, K-INV-5, K-LOCK-1, K-GEO-3.
"""
from __future__ import annotations

from .actions import LOCK, MONOLITH, PORTAL, UNLOCK, WALL, Action
from .geometry import LINES, NUM_LINE_IDS, NUM_SQUARES, SIDES_OF_LINE
from .invariants import DropChecker
from .position import EMPTY, KIND, Position
from .position import PORTAL as PORTAL_PIECE
from .position import WALL as WALL_PIECE
from .rules import LOCKS, MONOLITHS, PORTALS, WALLS

_corner_lines_cache: dict = {}

# Actions are immutable tuples: each drop action is made once here and shared.
_WALL_AT = [Action(WALL, ln) for ln in range(NUM_LINE_IDS)]
_MONOLITH_AT = [Action(MONOLITH, ln) for ln in range(NUM_LINE_IDS)]
_PORTAL_AT = [Action(PORTAL, ln) for ln in range(NUM_LINE_IDS)]
_LOCK_AT = [Action(LOCK, sd) for sd in range(NUM_SQUARES * 4)]
_UNLOCK_AT = [Action(UNLOCK, sd) for sd in range(NUM_SQUARES * 4)]


def corner_lines(pos: Position) -> frozenset[int]:
    geo = pos.rules.geometry
    cached = _corner_lines_cache.get(geo)
    if cached is None:
        cached = _corner_lines_cache[geo] = geo.corner_lines()
    return cached


def lockable_lines(pos: Position) -> list[int]:
    """Lines a lock may stand on now: portal lines and door lines (K-GEO-3, K-LOCK-1)."""
    out = pos.portals()
    lines = pos.lines
    for ln in LINES:
        if lines[ln] & KIND == WALL_PIECE and pos.is_door(ln):  # only walls are doors
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
        blocking = walls or monoliths
        blocking_ok, portal_ok = checker.blocking_ok, checker.portal_ok
        for ln in LINES:
            if lines[ln] != EMPTY:
                continue
            if blocking and blocking_ok(ln):
                if walls:
                    out.append(_WALL_AT[ln])
                if monoliths:
                    out.append(_MONOLITH_AT[ln])
            if portals and ln not in no_portal and portal_ok(ln):
                out.append(_PORTAL_AT[ln])
    if locks:
        for ln in lockable_lines(pos):
            for side in SIDES_OF_LINE[ln]:
                if not pos.locks >> side & 1 and checker.lock_ok(side):
                    out.append(_LOCK_AT[side])
        for side in pos.lock_sides():
            out.append(_UNLOCK_AT[side])
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
        for side in SIDES_OF_LINE[ln]:
            if not pos.locks >> side & 1 and checker.lock_ok(side):
                out.append(_LOCK_AT[side])
    return out
