"""Where a runner can go: steps, leapfrogs, teleports, doors, the Mountain and bumps.

Pure queries on a position; nothing here changes it (door swings are tried and undone).
Rulings: K-MOVE-*, K-PORT-*, K-LEAP-*, K-DOOR-*, K-MTN-*.
"""
from __future__ import annotations

from .actions import BUMP, BUMP_THROUGH, DOOR, LEAP, LEAP_PORTAL, STEP, TELEPORT, Action
from .geometry import LINE_OF, NEIGHBOURS, NUM_SQUARES, OPPOSITE, PERPENDICULAR, SIDES_OF_LINE, side_line
from .invariants import holds
from .position import EMPTY, KIND, PORTAL, WALL, Position

# How an exit decision was reached.
OWN = 0  # the mover's own teleport
BUMPED = 1  # the mover pushes a bumped runner through a portal (K-MTN-3)
CONTINUATION = 2  # a leapfrog that went on into a portal (option of K-LEAP-2)

# Actions are immutable tuples: the common moves are made once here, indexed by
# [speed][square or side], and shared.
_STEP_AT = [[Action(STEP, sq, -1, speed) for sq in range(NUM_SQUARES)] for speed in (False, True)]
_LEAP_AT = [[Action(LEAP, sq, -1, speed) for sq in range(NUM_SQUARES)] for speed in (False, True)]
_TELEPORT_AT = [[Action(TELEPORT, sd, -1, speed) for sd in range(NUM_SQUARES * 4)] for speed in (False, True)]


def others_mask(pos: Position, seat: int) -> int:
    """Squares held by runners other than ``seat``'s (K-MOVE-3: the mover's own square counts as empty)."""
    m = 0
    for s in pos.rules.seats:
        if s != seat:
            sq = pos.runners[s]
            if sq is not None:
                m |= 1 << sq
    return m


def bump_banned(pos: Position) -> bool:
    """K-TURN-6 (option): no bump on the turn directly after a bump."""
    return pos.rules.king_of_the_mountain and pos.bump_banned


def portal_exits(pos: Position, entry_line: int) -> list[int]:
    """Unlocked sides of every portal other than ``entry_line`` (K-PORT-2, K-PORT-3)."""
    locks = pos.locks
    out = []
    m = pos.portal_lines & ~(1 << entry_line)
    while m:
        low = m & -m
        m ^= low
        for sd in SIDES_OF_LINE[low.bit_length() - 1]:
            if not locks >> sd & 1:
                out.append(sd)
    return out


def leap_landing(pos: Position, first: int, direction: int, occ: int):
    """Where a leapfrog over the runner on ``first`` (and any behind it) lands (K-LEAP-1..3).

    Returns ``("square", sq)``, ``("portal", side)`` when the jump would go on into a portal
    and the K-LEAP-2 option allows it, or ``("no", ruling, why)``.
    """
    corners = pos.rules.geometry.corner_mask
    lines = pos.lines
    cur = first
    while True:
        ln = LINE_OF[cur][direction]
        if ln is None:
            return ("no", "K-LEAP-1", "the board's edge is right behind the jumped runner")
        piece = lines[ln]
        if piece != EMPTY:
            if piece & KIND == PORTAL:
                side = cur * 4 + direction
                if pos.rules.leap_into_portal and not pos.locks >> side & 1:
                    return ("portal", side)
                return ("no", "K-LEAP-2", "a portal stands right behind the jumped runner; a leapfrog cannot cross it")
            what = "wall" if piece & KIND == WALL else "monolith"
            return ("no", "K-LEAP-1", f"a {what} stands right behind the jumped runner")
        nxt = NEIGHBOURS[cur][direction]
        if occ >> nxt & 1:
            cur = nxt
            continue
        if corners >> nxt & 1:
            return ("no", "K-LEAP-3", "the landing square is a corner, and no leapfrog lands on a corner")
        return ("square", nxt)


def exit_options(pos: Position, entry_line: int, occ: int, mode: int, origin: int) -> list[tuple[int, object]]:
    """(exit side, outcome) for every legal way out of a teleport entered through ``entry_line``.

    ``outcome`` is ``("square", sq)``, ``("bump", sq)``, ``("leap", landing)`` or
    ``("portal", side)`` (a leapfrog going on into another portal, K-LEAP-2 option).
    """
    geo = pos.rules.geometry
    mountains = geo.mountain_mask
    corners = geo.corner_mask
    out: list[tuple[int, object]] = []
    for sd in portal_exits(pos, entry_line):
        x = sd >> 2
        if mode != BUMPED and x == origin:
            continue  # K-MOVE-3: a move must change the mover's square
        if not occ >> x & 1 or corners >> x & 1:
            out.append((sd, ("square", x)))
            continue
        if mode != OWN:
            continue  # K-LEAP-4: bumped runners and continuations land only on empty squares
        if mountains >> x & 1:
            if not bump_banned(pos) and bump_options(pos, x, occ):
                out.append((sd, ("bump", x)))
            continue
        landing = leap_landing(pos, x, OPPOSITE[sd & 3], occ)
        if landing[0] == "square":
            if landing[1] != origin:  # K-MOVE-3: not back onto the mover's own square
                out.append((sd, ("leap", landing[1])))
        elif landing[0] == "portal":
            if exit_options(pos, side_line(landing[1]), occ, CONTINUATION, origin):
                out.append((sd, landing))
    return out


def bump_options(pos: Position, mountain: int, occ: int) -> list[Action]:
    """Where the runner on ``mountain`` may be pushed (K-MTN-3); ``occ`` holds it and all but the mover."""
    out = []
    for d in range(4):
        nb = NEIGHBOURS[mountain][d]
        if nb is None:
            continue
        if not occ >> nb & 1:
            out.append(Action(BUMP, nb))
        ln = LINE_OF[mountain][d]
        side = mountain * 4 + d
        if pos.lines[ln] & KIND == PORTAL and not pos.locks >> side & 1:
            if exit_options(pos, ln, occ, BUMPED, -1):
                out.append(Action(BUMP_THROUGH, side))
    return out


def can_enter(pos: Position, dest: int, occ: int) -> bool:
    """May a moving runner end on ``dest`` (K-MOVE-2, K-MTN-3)?"""
    if not occ >> dest & 1:
        return True
    geo = pos.rules.geometry
    if geo.corner_mask >> dest & 1:
        return True
    if geo.mountain_mask >> dest & 1:
        return not bump_banned(pos) and bool(bump_options(pos, dest, occ))
    return False


def door_swing_ok(pos: Position, seat: int, door_line: int, new_line: int, dest: int) -> bool:
    """K-INV-5: the board after the swing, with the mover on ``dest``, must keep K-INV-1."""
    piece = pos.lines[door_line]
    origin = pos.runners[seat]
    pos.set_line(door_line, EMPTY)
    pos.set_line(new_line, piece)
    pos.runners[seat] = dest
    try:
        return holds(pos)
    finally:
        pos.runners[seat] = origin
        pos.set_line(new_line, EMPTY)
        pos.set_line(door_line, piece)


def generate_moves(pos: Position, seat: int, *, speed: bool = False, teleport_only: bool = False) -> list[Action]:
    """Every legal move of ``seat``'s runner (one unit of movement, K-MOVE-1)."""
    sq = pos.runners[seat]
    if sq is None:
        return []
    occ = others_mask(pos, seat)
    lines = pos.lines
    geo = pos.rules.geometry
    corners = geo.corner_mask
    on_mountain = geo.mountain_mask >> sq & 1
    out: list[Action] = []
    for d in range(4):
        nb = NEIGHBOURS[sq][d]
        if nb is None:
            continue
        ln = LINE_OF[sq][d]
        piece = lines[ln]
        kind = piece & KIND
        if kind == PORTAL and not pos.locks >> (sq * 4 + d) & 1:
            if exit_options(pos, ln, occ, OWN, sq):
                out.append(_TELEPORT_AT[speed][sq * 4 + d])
        if teleport_only:
            continue
        if (piece == EMPTY or on_mountain) and can_enter(pos, nb, occ):
            out.append(_STEP_AT[speed][nb])
        if piece == EMPTY and occ >> nb & 1 and not corners >> nb & 1:
            landing = leap_landing(pos, nb, d, occ)
            if landing[0] == "square":
                out.append(_LEAP_AT[speed][landing[1]])
            elif landing[0] == "portal":
                if exit_options(pos, side_line(landing[1]), occ, CONTINUATION, sq):
                    out.append(Action(LEAP_PORTAL, landing[1], -1, speed))
        if kind == WALL and pos.is_door(ln) and not pos.is_door_locked(ln) and can_enter(pos, nb, occ):
            for pd in PERPENDICULAR[d]:
                nl = LINE_OF[nb][pd]
                if nl is not None and lines[nl] == EMPTY and door_swing_ok(pos, seat, ln, nl, nb):
                    out.append(Action(DOOR, sq * 4 + d, nb * 4 + pd, speed))
    return out
