"""Using resources: dropping walls, monoliths, portals and locks, and unlocking.

The one place where resources are decided.  The generators write their candidates into
a ledger (``core/ledger.py``): allowed drops with their outcome, and, only when the
ledger asks why, refused ones with the ruling and a sentence.

Rulings decided here: K-TURN-1 (one resource from the pool as the main action), K-TURN-2
(which drops grant a bonus move or teleport), K-TURN-4 and K-TURN-10 (lock it behind
you), K-GEO-3 (one piece per line; locks on the sides of portals and doors), K-INV-1 and
K-INV-5 (every drop keeps the board's invariants, ``invariants.py``), K-INV-2 (no portal
on a corner's line), K-INV-3 (unlocking), K-LOCK-1 (where a lock may go), KNB-7 (lock it
behind you is a lock like any other, never on a door), KNB-8 (Mischief drops), KNB-15
(the ``no_drops`` option: a round without drops, nor unlocking, nor lock it behind you).
"""
from __future__ import annotations

from collections.abc import Sequence

from ..core.ledger import Ledger
from .actions import Action, Kind
from .geometry import LINE_OF, LINES, NUM_LINE_IDS, NUM_SQUARES, SIDES_OF_LINE, line_name, side_name
from .invariants import DropChecker, Failure, failures, refusal
from .outcomes import Drop, LockBehind, LockDrop, MischiefDrop, Outcome, Unlock
from .position import KIND, Bonus, Piece, Position
from .rules import LOCKS, MONOLITHS, PORTALS, WALLS, seat_name
from .trial import trying

_EMPTY, _WALL, _MONOLITH, _PORTAL = Piece.EMPTY, Piece.WALL, Piece.MONOLITH, Piece.PORTAL
_corner_lines_cache: dict = {}

# Actions and outcomes are immutable: each drop is made once here and shared.
_WALL_AT = [Action(Kind.WALL, ln) for ln in range(NUM_LINE_IDS)]
_MONOLITH_AT = [Action(Kind.MONOLITH, ln) for ln in range(NUM_LINE_IDS)]
_PORTAL_AT = [Action(Kind.PORTAL, ln) for ln in range(NUM_LINE_IDS)]
_LOCK_AT = [Action(Kind.LOCK, sd) for sd in range(NUM_SQUARES * 4)]
_UNLOCK_AT = [Action(Kind.UNLOCK, sd) for sd in range(NUM_SQUARES * 4)]
_WALL_DROP = [Drop(_WALL, ln) for ln in range(NUM_LINE_IDS)]
_MONOLITH_DROP = [Drop(_MONOLITH, ln, Bonus.MOVE) for ln in range(NUM_LINE_IDS)]  # K-TURN-2
_PORTAL_DROP = [Drop(_PORTAL, ln) for ln in range(NUM_LINE_IDS)]
_PORTAL_DROP_OWN = [Drop(_PORTAL, ln, Bonus.TELEPORT) for ln in range(NUM_LINE_IDS)]  # K-TURN-2, K-TURN-9
_LOCK_DROP = [LockDrop(sd) for sd in range(NUM_SQUARES * 4)]  # K-TURN-2: a bonus move
_LOCK_BEHIND = [LockBehind(sd) for sd in range(NUM_SQUARES * 4)]
_UNLOCK = [Unlock(sd) for sd in range(NUM_SQUARES * 4)]
# Mischief (KNB-8): the same drops by a finished player, with no bonus
_MISCHIEF_WALL = [MischiefDrop(_WALL, ln) for ln in range(NUM_LINE_IDS)]
_MISCHIEF_MONOLITH = [MischiefDrop(_MONOLITH, ln) for ln in range(NUM_LINE_IDS)]
_MISCHIEF_PORTAL = [MischiefDrop(_PORTAL, ln) for ln in range(NUM_LINE_IDS)]
_MISCHIEF_LOCK = [MischiefDrop(None, sd) for sd in range(NUM_SQUARES * 4)]
_POOL_OF = {Kind.WALL: WALLS, Kind.MONOLITH: MONOLITHS, Kind.PORTAL: PORTALS}


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
        if lines[ln] & KIND == _WALL and pos.is_door(ln):  # only walls are doors
            out.append(ln)
    return out


def _broken_by(pos: Position, line: int, piece: int, before: list[Failure]) -> tuple[tuple[str, ...], str]:
    """The first K-INV-1 violation with ``piece`` on ``line`` (the readable check); ``before``:
    the board's failures as it stands (a runner already shut in is said to be, KNB-11)."""
    with trying(pos, line, piece):
        return refusal(pos, before)


def _lock_broken_by(pos: Position, side: int, before: list[Failure]) -> tuple[tuple[str, ...], str]:
    """The first K-INV-1 violation with a lock on ``side``."""
    with trying(pos, lock=side):
        return refusal(pos, before)


def drops(pos: Position, seat: int, led: Ledger, checker: DropChecker | None = None, *,
          mischief: bool = False) -> None:
    """Every main-action use of a resource into ``led``: walls, monoliths and portals per line,
    then locks, then unlocks.  ``mischief``: a finished player's drop (KNB-8), no unlocking."""
    why = led.why
    if pos.rules.no_drops:  # KNB-15: a round without drops uses nothing from the pools
        if why:
            _refuse_without_drops(pos, led)
        return
    pool = pos.pools[seat]
    walls, monoliths, portals, locks = pool[WALLS], pool[MONOLITHS], pool[PORTALS], pool[LOCKS]
    if not (walls or monoliths or portals or locks) and not why:
        return
    checker = checker or DropChecker(pos)
    lines = pos.lines
    add_action, add_outcome = led.actions.append, led.outcomes.append  # the hot loop: led.allow inlined
    if walls or monoliths or portals:
        no_portal = corner_lines(pos)
        blocking = walls or monoliths
        blocking_ok, portal_ok = checker.blocking_ok, checker.portal_ok
        own = pos.runners[seat]
        own_lines = LINE_OF[own] if own is not None else ()  # K-TURN-2: a portal here grants a teleport
        wall_out: Sequence[Outcome]  # a Drop, or a MischiefDrop, per line
        monolith_out: Sequence[Outcome]
        portal_out: Sequence[Outcome]
        own_portal_out: Sequence[Outcome]
        if mischief:
            wall_out, monolith_out, portal_out, own_portal_out = (
                _MISCHIEF_WALL, _MISCHIEF_MONOLITH, _MISCHIEF_PORTAL, _MISCHIEF_PORTAL)
        else:
            wall_out, monolith_out, portal_out, own_portal_out = _WALL_DROP, _MONOLITH_DROP, _PORTAL_DROP, _PORTAL_DROP_OWN
        for ln in LINES:
            if lines[ln] != _EMPTY:
                continue
            if blocking and blocking_ok(ln):  # K-INV-1 with a wall or monolith on ln
                if walls:
                    add_action(_WALL_AT[ln])
                    add_outcome(wall_out[ln])
                if monoliths:
                    add_action(_MONOLITH_AT[ln])
                    add_outcome(monolith_out[ln])
            if portals and ln not in no_portal and portal_ok(ln):  # K-INV-2, K-INV-1
                add_action(_PORTAL_AT[ln])
                add_outcome(own_portal_out[ln] if ln in own_lines else portal_out[ln])
    if why:
        _refuse_drops(pos, seat, led)
    if locks:
        for ln in lockable_lines(pos):
            for side in SIDES_OF_LINE[ln]:
                if not pos.locks >> side & 1 and checker.lock_ok(side):
                    led.allow(_LOCK_AT[side], _MISCHIEF_LOCK[side] if mischief else _LOCK_DROP[side])
        if not mischief:  # KNB-8: unlocking is not Mischief
            for side in pos.lock_sides():
                led.allow(_UNLOCK_AT[side], _UNLOCK[side])
    if why:
        _refuse_locks(pos, seat, led, mischief)


def _refuse_without_drops(pos: Position, led: Ledger) -> None:
    """KNB-15: in a round without drops every drop, lock and unlock is refused, whatever
    the pool holds and wherever it would go."""
    why_not = (f"round {pos.round_number} is played without drops: walls, monoliths, portals and locks "
               "stay in the pools, and every main action is a move")
    for ln in LINES:
        for at in (_WALL_AT, _MONOLITH_AT, _PORTAL_AT):
            led.reject(at[ln], "KNB-15", why_not)
        for side in SIDES_OF_LINE[ln]:
            led.reject(_LOCK_AT[side], "KNB-15", why_not)
            led.reject(_UNLOCK_AT[side], "KNB-15", f"round {pos.round_number} is played without drops: "
                                                   "unlocking spends a lock from the pool, so it waits too")


def _refuse_drops(pos: Position, seat: int, led: Ledger) -> None:
    """Why each wall, monolith or portal drop that was not allowed is refused."""
    pool = pos.pools[seat]
    who = seat_name(seat)
    no_portal = corner_lines(pos)
    before = failures(pos)
    for ln in LINES:
        for kind, at, piece in ((Kind.WALL, _WALL_AT, _WALL), (Kind.MONOLITH, _MONOLITH_AT, _MONOLITH),
                                (Kind.PORTAL, _PORTAL_AT, _PORTAL)):
            action = at[ln]
            if not pool[_POOL_OF[kind]]:
                led.reject(action, "K-TURN-1", f"{who} has no {kind}s left in the pool")
            elif pos.lines[ln] != _EMPTY:
                led.reject(action, "K-GEO-3", f"{line_name(ln)} already holds a "
                                              f"{Piece(pos.lines[ln] & KIND).noun}: one piece per line")
            elif kind == Kind.PORTAL and ln in no_portal:
                led.reject(action, "K-INV-2", f"{line_name(ln)} is a line of a corner square: no portals there")
            elif action not in led.actions:
                led.reject(action, *_broken_by(pos, ln, piece, before))


def _refuse_locks(pos: Position, seat: int, led: Ledger, mischief: bool) -> None:
    """Why each lock and unlock that was not allowed is refused."""
    pool = pos.pools[seat]
    who = seat_name(seat)
    before = failures(pos)
    for ln in LINES:
        kind = pos.lines[ln] & KIND
        lockable = kind == _PORTAL or pos.is_door(ln)
        for side in SIDES_OF_LINE[ln]:
            lock, unlock = _LOCK_AT[side], _UNLOCK_AT[side]
            if mischief:
                led.reject(unlock, "KNB-8", "unlocking is not Mischief: it takes an obstacle away")
            elif not pool[LOCKS]:
                led.reject(unlock, "K-INV-3", f"unlocking spends a lock from the pool, and {who} has none")
            elif not pos.locks >> side & 1:
                led.reject(unlock, "K-INV-3", f"there is no lock on {side_name(side)} to remove")
            if not pool[LOCKS]:
                led.reject(lock, "K-TURN-1", f"{who} has no locks left in the pool")
            elif not lockable:
                led.reject(lock, "K-LOCK-1", f"{line_name(ln)} holds no portal and no door: locks go only on their sides")
            elif pos.locks >> side & 1:
                led.reject(lock, "K-LOCK-1", f"{side_name(side)} is already locked")
            elif lock not in led.actions:
                led.reject(lock, *_lock_broken_by(pos, side, before))


def locks_behind(pos: Position, seat: int, led: Ledger) -> None:
    """Lock it behind you (K-TURN-4, K-TURN-10): a free side of a portal teleported through this turn."""
    why = led.why
    if pos.rules.no_drops:  # KNB-15: lock it behind you drops a lock from the pool
        if why:
            lock_behind = (f"round {pos.round_number} is played without drops: lock it behind you drops a "
                           "lock, so it waits for a round with drops")
            for ln in LINES:
                for side in SIDES_OF_LINE[ln]:
                    led.reject(_LOCK_AT[side], "KNB-15", lock_behind)
            _refuse_without_drops(pos, led)  # and the rest of the pool waits too (not only the main action's)
        return
    if pos.lb_used or not pos.lb_portals or not pos.pools[seat][LOCKS]:
        if why:
            if pos.lb_used:
                reason = ("K-TURN-4", "lock it behind you is allowed once per turn")
            elif not pos.lb_portals:
                reason = ("K-TURN-10", "lock it behind you needs a teleport of the mover's own earlier in this turn")
            else:
                reason = ("K-TURN-4", f"{seat_name(seat)} has no locks left in the pool")
            for ln in LINES:
                for side in SIDES_OF_LINE[ln]:
                    led.reject(_LOCK_AT[side], *reason)
        return
    checker = DropChecker(pos)
    seen = set()
    for ln in pos.lb_portals:
        if ln in seen or pos.lines[ln] & KIND != _PORTAL:
            continue
        seen.add(ln)
        for side in SIDES_OF_LINE[ln]:
            if not pos.locks >> side & 1 and checker.lock_ok(side):
                led.allow(_LOCK_AT[side], _LOCK_BEHIND[side])
    if why:
        names = ", ".join(sorted({line_name(ln) for ln in pos.lb_portals}))
        before = failures(pos)
        for ln in LINES:
            for side in SIDES_OF_LINE[ln]:
                action = _LOCK_AT[side]
                if pos.lines[ln] & KIND != _PORTAL:
                    led.reject(action, "K-TURN-10", f"{line_name(ln)} holds no portal" +
                               (" (KNB-7: never a door)" if pos.is_door(ln) else ""))
                elif ln not in pos.lb_portals:
                    led.reject(action, "K-TURN-10", "only a side of a portal teleported through this turn "
                                                    f"({names}) can be locked behind you")
                elif pos.locks >> side & 1:
                    led.reject(action, "K-LOCK-1", f"{side_name(side)} is already locked")
                elif action not in led.actions:
                    led.reject(action, *_lock_broken_by(pos, side, before))
