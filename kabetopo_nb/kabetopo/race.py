"""Who is still in the race: runners that can never finish, and a race that cannot move
(KNB-11, K-ROUND-4).

The rulebooks are silent on a round that can no longer end.  It happens: a runner may
step down from the Mountain across a wall into a pocket no corner can be reached from
(legal, K-MTN-2 and K-INV-5), and while it is there K-INV-5 refuses every drop and door
swing that does not open a way out at once.  The shared page's K-ROUND-4 and our KNB-11
(docs/RULINGS.md) decide:

1. A runner still racing is **stranded** (out of the race) when, whatever anyone does, it
   can never reach its next target (``next_targets``): not by its own moves (steps,
   teleports, stepping down from the Mountain, other runners set aside, as K-INV-1 (a)
   counts them), not after every lock is removed (if a player still taking turns holds a
   lock and one stands on the board: unlocking is never checked), and not after any drop
   or door swing the rules could still allow.  While it is cut off, K-INV-1 fails, so
   K-INV-5 allows a drop or a swing only if K-INV-1 holds again right after it, for every
   runner: one action has to open the way, and a wall, monolith or lock never opens one.
   So it is enough to try every portal drop (if a player still taking turns holds a
   portal) and every door swing, each after the unlocks, and ask whether K-INV-1 (a) and
   (c) then hold for the runners where they stand (their reach only shrinks as they move;
   (b) is left out, since a runner may still step off a square that would be shut in).
   A stranded runner will not score a Tadaima this round and is scored as a runner that
   did not come home; it stays on the board, and K-INV-5 still counts it.  Its player
   **keeps taking turns** (K-ROUND-4: it may still move where the runner can go, drop,
   unlock or pass; only absent and finished players are skipped, K-TURN-5).
2. When every player still taking turns has had to pass, and every one of them would have
   to pass again, nothing can ever change: the race is **deadlocked**, and every runner
   still racing is out as in 1.
3. The round ends when K-ROUND-2 says, or as soon as no runner that can still finish is
   racing.
"""
from __future__ import annotations

from .geometry import LINE_OF, LINES, PERPENDICULAR, SIDES_OF_LINE, other_side
from .invariants import fill, reach_and_mountains_hold
from .paths import moves_to_mask
from .position import KIND, Phase, Piece, Position
from .resources import corner_lines
from .rules import LOCKS, PORTALS, START_SQUARE
from .topology import teleports
from .trial import trying


def next_targets(pos: Position, seat: int) -> int:
    """The squares (a bit mask) where ``seat``'s runner makes its next step towards Tadaima:
    a Mountain site with a stone while it needs one (K-MTN-4), Halfway Home (any corner, in
    the 2-player v2.0 game), then a corner other than its starting corner (K-ROUND-1)."""
    geo = pos.rules.geometry
    if pos.needs_stone(seat):
        mask = 0
        for i, sq in enumerate(geo.mountains):
            if pos.site_stones[i] > 0:
                mask |= 1 << sq
        return mask
    if pos.held[seat] < pos.rules.stones_needed:  # 2-Player v2.0: Halfway Home comes first
        return geo.corner_mask
    return geo.corner_mask & ~(1 << START_SQUARE[seat])


def moves_home(pos: Position, seat: int) -> int | None:
    """Fewest moves for ``seat``'s runner to its next target (``next_targets``), None if none
    can be reached (K-ROUND-3's moves: steps, teleports, stepping down)."""
    return moves_to_mask(pos, pos.square_of(seat), next_targets(pos, seat))


def _reaches(pos: Position, square: int, targets: int) -> bool:
    """K-INV-1 (a)'s moves: steps, teleports and stepping down, runners set aside."""
    mountains = pos.rules.geometry.mountain_mask
    return bool(fill(1 << square, pos.open_e, pos.open_n, teleports(pos).hub, mountains) & targets)


def stranded(pos: Position, seat: int) -> bool:
    """KNB-11 (1), K-ROUND-4: can ``seat``'s runner never again reach its next target, whatever anyone does?"""
    targets = next_targets(pos, seat)
    if not targets:
        return True  # no stone left anywhere that it still needs
    square = pos.square_of(seat)
    if _reaches(pos, square, targets):
        return False
    # KNB-15: in a round without drops nobody unlocks or drops a portal, so only a door swing is left to try
    players = [] if pos.rules.no_drops else [s for s in pos.rules.seats if pos.is_playing(s) or s == seat]
    probe = pos.copy()
    if probe.locks and any(probe.pools[s][LOCKS] for s in players):
        probe.locks = 0  # every lock may still be removed by unlocking (never checked, K-INV-5)
        if _reaches(probe, square, targets):
            return False
    if any(probe.pools[s][PORTALS] for s in players):
        no_portal = corner_lines(probe)
        for line in LINES:  # one portal drop (K-INV-2: never on a corner's line)
            if probe.lines[line] == Piece.EMPTY and line not in no_portal:
                with trying(probe, line, Piece.PORTAL):
                    if reach_and_mountains_hold(probe):
                        return False
    for line, resting in _door_swings(probe):  # one door swing (K-DOOR-2)
        with trying(probe, swing=(line, resting)):
            if reach_and_mountains_hold(probe):
                return False
    return True


def _door_swings(pos: Position) -> list[tuple[int, int]]:
    """(door line, resting line) for every way a door on the board could swing, whoever
    opened it (K-DOOR-1, K-DOOR-2; K-DOOR-3: a locked door stays shut)."""
    out = []
    for line in LINES:
        if pos.lines[line] & KIND != Piece.WALL or not pos.is_door(line) or pos.is_door_locked(line):
            continue
        for side in SIDES_OF_LINE[line]:
            beyond = other_side(side) >> 2  # the square across the door from the side's own
            for pd in PERPENDICULAR[side & 3]:
                resting = LINE_OF[beyond][pd]
                if resting is not None and pos.lines[resting] == Piece.EMPTY:
                    out.append((line, resting))
    return out


def strand(pos: Position) -> list[int]:
    """Put every runner that can no longer finish out of the race (KNB-11, K-ROUND-4); returns
    them.  Their players go on taking turns."""
    racing = [seat for seat in pos.rules.seats if pos.is_racing(seat)]
    if all(next_targets(pos, seat) for seat in racing) and reach_and_mountains_hold(pos):
        return []  # the usual case: every runner reaches every corner and Mountain site
    out = []
    for seat in racing:
        if stranded(pos, seat):
            pos.stranded.append(seat)
            out.append(seat)
    return out


def deadlocked(pos: Position, only_pass) -> bool:
    """KNB-11 (2), K-ROUND-4: would every player still taking turns (those whose runners are
    out of the race included) have nothing to do but pass?

    ``only_pass(position)`` says whether the player to move in ``position`` has no action
    but a pass (or Mischief's pass and stop).  After passes nothing on the board changes,
    so if that holds for everyone now, it holds for ever.
    """
    for seat in pos.rules.seats:
        if not pos.is_playing(seat):
            continue
        probe = pos.copy()
        probe.turn, probe.phase, probe.bump_banned = seat, Phase.MAIN, False  # a pass bumps nobody (K-TURN-6)
        if not only_pass(probe):
            return False
    return True
