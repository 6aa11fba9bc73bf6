"""Where a runner can go: steps, leapfrogs, teleports, doors, the Mountain and bumps.

The one place where movement is decided.  Each generator writes the candidates it
considers into a ledger (``core/ledger.py``): an allowed move with its outcome
(``outcomes.py``), and, only when the ledger asks why, a rejected one with its ruling and a
sentence.  Nothing here changes the position for good (door swings are tried and undone,
``trial.py``).  Where teleports lead comes from ``topology.py``.

Rulings decided here:

* K-MOVE-1 (one square, orthogonally, never across a wall, monolith or portal line),
  K-MOVE-2 (one runner per non-corner square), K-MOVE-3 (a move changes the square; the
  mover's start counts as empty);
* K-PORT-1 (a portal line is not crossed on foot), K-PORT-2 (teleport: in by an unlocked
  side, out by an unlocked side of another portal), K-PORT-3 (locked sides);
* K-LEAP-1 (leapfrog over runners in a straight line onto the first free square),
  K-LEAP-2 (through a portal; the option: on into a portal), K-LEAP-3 (never onto a
  corner), K-LEAP-4 (no leapfrog across a line off the Mountain; a bumped runner lands only
  on an empty square);
* K-DOOR-1 (what a door is, read from ``Position.is_door``), K-DOOR-2 (swing and step),
  K-DOOR-3 (a locked door never opens), K-INV-5 (the board after a swing keeps K-INV-1);
* K-MTN-1 (up), K-MTN-2 (down across any line), K-MTN-3 (bumps), K-TURN-6 (King of the
  Mountain, an option).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from ..core.ledger import Ledger, Rejected
from .actions import Action, Kind
from .geometry import (
    ACROSS,
    LINE_OF,
    NEIGHBOUR_LINES,
    NEIGHBOURS,
    NUM_SQUARES,
    OPPOSITE,
    PERPENDICULAR,
    SIDES_OF_LINE,
    line_name,
    line_of_side,
    side_name,
    square_name,
)
from .invariants import Failure, failures, holds, refusal
from .outcomes import (
    BumpedOut,
    BumpThrough,
    BumpTo,
    DoorMove,
    ExitBump,
    ExitIntoPortal,
    ExitLeap,
    ExitOnto,
    Leapfrog,
    LeapIntoPortal,
    Outcome,
    Step,
    Teleport,
)
from .position import KIND, ExitMode, PendingBump, PendingExit, Piece, Position
from .topology import teleports
from .trial import trying

_EMPTY, _WALL, _PORTAL = Piece.EMPTY, Piece.WALL, Piece.PORTAL
_OWN, _BUMPED, _CONTINUATION = ExitMode.OWN, ExitMode.BUMPED, ExitMode.CONTINUATION
_STEP, _LEAP, _TELEPORT, _DOOR, _LEAP_PORTAL = Kind.STEP, Kind.LEAP, Kind.TELEPORT, Kind.DOOR, Kind.LEAP_PORTAL
_EXIT, _BUMP, _BUMP_THROUGH = Kind.EXIT, Kind.BUMP, Kind.BUMP_THROUGH

# Actions are immutable tuples: the common ones are made once here, indexed by
# [speed][square or side], and shared.
_STEP_AT = [[Action(_STEP, sq, -1, speed) for sq in range(NUM_SQUARES)] for speed in (False, True)]
_LEAP_AT = [[Action(_LEAP, sq, -1, speed) for sq in range(NUM_SQUARES)] for speed in (False, True)]
_TELEPORT_AT = [[Action(_TELEPORT, sd, -1, speed) for sd in range(NUM_SQUARES * 4)] for speed in (False, True)]
_EXIT_AT = [Action(_EXIT, sd) for sd in range(NUM_SQUARES * 4)]
_BUMP_AT = [Action(_BUMP, sq) for sq in range(NUM_SQUARES)]
_BUMP_THROUGH_AT = [Action(_BUMP_THROUGH, sd) for sd in range(NUM_SQUARES * 4)]


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


def runner_on(pos: Position, square: int, but: int | None) -> int | None:
    """The seat of a runner other than ``but``'s (None: any) on ``square`` (the one a bump pushes off)."""
    for s in pos.rules.seats:
        if s != but and pos.runners[s] == square:
            return s
    return None


# --- leapfrogs (K-LEAP-1..4) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a leapfrog over the runners on ``over`` ends: on ``dest``; into the portal
    side ``portal`` (the K-LEAP-2 option); or nowhere, for the reason ``ruling``/``why``."""

    over: tuple[int, ...]
    dest: int | None = None
    portal: int | None = None
    ruling: str = ""
    why: str = ""


def leap_landing(pos: Position, first: int, direction: int, occ: int) -> Landing:
    """The leapfrog over the runner on ``first`` (and any right behind it) in ``direction``."""
    corners = pos.rules.geometry.corner_mask
    lines = pos.lines
    cur = first
    over = [first]
    while True:
        across = ACROSS[cur][direction]
        if across is None:  # K-LEAP-1: the landing square must be on the board
            return Landing(tuple(over), ruling="K-LEAP-1", why="the board's edge is right behind the jumped runner")
        ln, nxt = across
        piece = lines[ln]
        if piece != _EMPTY:
            if piece & KIND == _PORTAL:
                side = cur * 4 + direction
                if not pos.rules.leap_into_portal:  # K-LEAP-2: no leapfrog crosses a portal line (KNB-3: the option)
                    return Landing(tuple(over), ruling="K-LEAP-2",
                                   why="a portal stands right behind the jumped runner; a leapfrog cannot cross it")
                if pos.locks >> side & 1:  # K-PORT-3: a locked side is never entered
                    return Landing(tuple(over), ruling="K-PORT-3",
                                   why=f"the portal right behind the jumped runner is locked on {side_name(side)}")
                return Landing(tuple(over), portal=side)
            what = "wall" if piece & KIND == _WALL else "monolith"  # K-LEAP-1: lines crossed must be free
            return Landing(tuple(over), ruling="K-LEAP-1", why=f"a {what} stands right behind the jumped runner")
        if occ >> nxt & 1:
            cur = nxt
            over.append(nxt)
            continue
        if corners >> nxt & 1:  # K-LEAP-3
            return Landing(tuple(over), ruling="K-LEAP-3",
                           why="the landing square is a corner, and no leapfrog lands on a corner")
        return Landing(tuple(over), dest=nxt)


# --- out of a portal (K-PORT-2, K-LEAP-2, K-MTN-3) ----------------------------------------


def portal_exits(pos: Position, entry_line: int) -> tuple[int, ...]:
    """Unlocked sides of every portal other than ``entry_line`` (K-PORT-2, K-PORT-3)."""
    tele = teleports(pos)
    return tele.exits.get(entry_line, tele.sides)


def exit_entries(pos: Position, entry: int, occ: int, mode: ExitMode, origin: int | None,
                 why: bool, runner: int, entered: tuple[int, ...],
                 door: bool = False) -> Iterator[tuple[int, Outcome | Rejected]]:
    """(exit side, outcome or Rejected) for the ways out of the portal on ``entry``.

    Allowed exits come in the order of the portals' lines and sides; rejected ones
    (wrong portal, locked side, and every exit the rules refuse) only when ``why``.
    ``mode`` says who is coming out: the mover (OWN, or CONTINUATION after a leapfrog into
    a portal, which K-LEAP-5 treats exactly like a teleport) or a runner bumped through a
    portal (BUMPED); ``runner`` is its seat.  ``entered``: every portal side this move went
    in by, the one into ``entry`` last (K-LEAP-6: none twice); ``door``: a runner bumped by
    a door move lands only where K-INV-1 holds (K-DOOR-4).
    """
    geo = pos.rules.geometry
    mountains = geo.mountain_mask
    corners = geo.corner_mask
    if why:
        for sd in SIDES_OF_LINE[entry]:
            yield sd, Rejected(("K-PORT-2",), "the runner must come out of another portal than the one it entered")
        for other in teleports(pos).portals:
            if other != entry:
                for sd in SIDES_OF_LINE[other]:
                    if pos.locks >> sd & 1:
                        yield sd, Rejected(("K-PORT-3",), f"the side {side_name(sd)} is locked: nothing comes out there")
    for sd in portal_exits(pos, entry):
        x = sd >> 2
        if mode != _BUMPED and x == origin:  # K-MOVE-3
            if why:
                yield sd, Rejected(("K-MOVE-3",), "this exit is the runner's own square: a move must change it")
            continue
        if not occ >> x & 1 or corners >> x & 1:
            if mode != _BUMPED:
                yield sd, ExitOnto(sd, x, mode == _CONTINUATION)
                continue
            problem = landing_problem(pos, runner, x, why) if door else None  # K-DOOR-4
            if problem is None:
                yield sd, BumpedOut(sd, x, door)
            elif why:
                yield sd, problem
            continue
        if mode == _BUMPED:  # K-LEAP-4: a bumped runner lands only on an empty square
            if why:
                yield sd, Rejected(("K-LEAP-4",), f"{square_name(x)} is taken: a bumped runner lands only on an "
                                                  "empty square")
            continue
        # K-LEAP-5: the mover's own teleport and a continuing leapfrog come out alike
        if mountains >> x & 1:  # K-PORT-2: out onto the occupied Mountain bumps (K-MTN-3)
            refusal = mountain_refusal(pos, x, occ, why)
            if refusal is None:
                # x is in occ, so a runner other than the mover (``runner``, still on ``origin``) stands on it
                bumped = cast(int, runner_on(pos, x, runner))
                yield sd, ExitBump(sd, x, bumped, mode == _CONTINUATION)
            elif why:
                yield sd, refusal
            continue
        landing = leap_landing(pos, x, OPPOSITE[sd & 3], occ)  # K-LEAP-2: leapfrog through the portal
        if landing.dest is not None:
            if landing.dest != origin:  # K-MOVE-3: not back onto the mover's own square
                yield sd, ExitLeap(sd, landing.over, landing.dest, mode == _CONTINUATION)
            elif why:
                yield sd, Rejected(("K-MOVE-3",), f"{square_name(x)} is taken and the leapfrog beyond it lands back "
                                                  "on the runner's own square: a move must change it")
        elif landing.portal is not None:  # the K-LEAP-2 option: on into another portal (K-LEAP-5)
            if landing.portal in entered:  # K-LEAP-6: never the same portal side twice in one move
                if why:
                    yield sd, Rejected(("K-LEAP-6",), f"{square_name(x)} is taken and the leapfrog beyond it would go "
                                                      "back into the portal on "
                                                      f"{line_name(line_of_side(landing.portal))} "
                                                      f"from the {square_name(landing.portal >> 2)} side, the side this move "
                                                      "already went in by")
            elif has_exit(pos, line_of_side(landing.portal), occ, _CONTINUATION, origin, entered + (landing.portal,),
                          runner=runner):
                yield sd, ExitIntoPortal(sd, landing.over, landing.portal)
            elif why:
                yield sd, Rejected(("K-LEAP-2",), "the leapfrog through the portal would go on into a portal with "
                                                  "no free exit")
        elif why:
            yield sd, Rejected((landing.ruling,), f"{square_name(x)} is taken and the leapfrog through the portal "
                                                  f"fails: {landing.why}")


def has_exit(pos: Position, entry: int, occ: int, mode: ExitMode, origin: int | None,
             entered: tuple[int, ...], *, runner: int, door: bool = False) -> bool:
    """Is there at least one way out of the portal on ``entry`` (``exit_entries`` allows one)?
    ``entered``: every portal side this move went in by, the one into ``entry`` last;
    ``runner``: the seat whose runner comes out (the mover's, or the bumped runner's)."""
    if not door:
        corners = pos.rules.geometry.corner_mask
        for sd in portal_exits(pos, entry):  # the common case first: an empty square or a corner
            x = sd >> 2
            if (mode == _BUMPED or x != origin) and (not occ >> x & 1 or corners >> x & 1):
                return True
    for _ in exit_entries(pos, entry, occ, mode, origin, False, runner, entered, door):  # as the decision decides
        return True
    return False


def exits(pos: Position, pending: PendingExit, occ: int, led: Ledger) -> None:
    """The exit decision: every way out of the pending portal into ``led``."""
    p = pending
    for sd, outcome in exit_entries(pos, p.entry, occ, p.mode, p.origin, led.why, p.runner, p.sides_entered, p.door):
        if isinstance(outcome, Rejected):
            led.reject(_EXIT_AT[sd], outcome.rulings, outcome.reason)
        else:
            led.allow(_EXIT_AT[sd], outcome)


# --- bumps (K-MTN-3) ---------------------------------------------------------------------


def bump_entries(pos: Position, mountain: int, occ: int, bumped: int,
                 why: bool = False, door: bool = False) -> Iterator[tuple[Action, BumpTo | BumpThrough | Rejected]]:
    """(action, outcome or Rejected) for where the runner on ``mountain`` (seat ``bumped``) may be pushed.

    ``occ`` holds it and every runner but the mover.  Rejections only when ``why``.
    ``door``: the bump comes from a door move, and K-INV-1 must hold with the bumped runner
    where it lands (K-DOOR-4).
    """
    lines, locks = pos.lines, pos.locks
    for d, nb, ln in NEIGHBOUR_LINES[mountain]:
        if not occ >> nb & 1:  # any empty neighbour, whatever stands on the line between
            problem = landing_problem(pos, bumped, nb, why) if door else None
            if problem is None:
                yield _BUMP_AT[nb], BumpTo(bumped, nb, door)
            elif why:
                yield _BUMP_AT[nb], problem
        elif why:
            yield _BUMP_AT[nb], Rejected(("K-LEAP-4",), f"{square_name(nb)} is taken: a bumped runner goes only to "
                                                         "an empty square")
        side = mountain * 4 + d
        if lines[ln] & KIND == _PORTAL:  # or through a portal whose Mountain side is unlocked
            if locks >> side & 1:
                if why:
                    yield _BUMP_THROUGH_AT[side], Rejected(("K-PORT-3",), f"the portal's Mountain side "
                                                                          f"{side_name(side)} is locked")
            elif has_exit(pos, ln, occ, _BUMPED, None, (side,), runner=bumped, door=door):
                yield _BUMP_THROUGH_AT[side], BumpThrough(bumped, side)
            elif why:
                reason = ("no other portal has an empty square to put the bumped runner on" if not door else
                          "no other portal has an empty square where the bumped runner keeps K-INV-1 (K-DOOR-4)")
                yield _BUMP_THROUGH_AT[side], Rejected(("K-DOOR-4",) if door else ("K-LEAP-4",), reason)
        elif why:
            yield _BUMP_THROUGH_AT[side], Rejected(("K-MTN-3",), f"there is no portal on {line_name(ln)}")


def has_bump(pos: Position, mountain: int, occ: int, bumped: int | None = None, door: bool = False) -> bool:
    """Can the runner on ``mountain`` be bumped somewhere (``bump_entries`` allows a destination)?
    ``bumped``: its seat, looked up when not given (only a door move's check reads it, K-DOOR-4)."""
    if bumped is None:
        bumped = runner_on(pos, mountain, None)
        if bumped is None:
            return False  # nobody stands there to be bumped
    for _ in bump_entries(pos, mountain, occ, bumped, False, door):
        return True
    return False


def bumps(pos: Position, pending: PendingBump, occ: int, led: Ledger) -> None:
    """The bump decision: every destination of the runner bumped off the Mountain into ``led``."""
    p = pending
    for action, outcome in bump_entries(pos, p.mountain, occ, p.runner, led.why, p.door):
        if isinstance(outcome, Rejected):
            led.reject(action, outcome.rulings, outcome.reason)
        else:
            led.allow(action, outcome)


# --- arriving (K-MOVE-2, K-MTN-1, K-MTN-3) -------------------------------------------------

_NO = Rejected((), "")  # a refusal whose sentence nobody asked for (the hot path)


def mountain_refusal(pos: Position, mountain: int, occ: int, why: bool) -> Rejected | None:
    """None if a move may end on the occupied ``mountain`` (bumping its runner), else why not."""
    if bump_banned(pos):  # K-TURN-6 (option)
        return Rejected(("K-TURN-6",), "King of the Mountain: no bump on the turn right after a bump") if why else _NO
    if not has_bump(pos, mountain, occ):  # K-MTN-3: the bumped runner needs somewhere to go
        return Rejected(("K-MTN-3",), "the runner on the Mountain has nowhere to be bumped to") if why else _NO
    return None



def arrival_refusal(pos: Position, dest: int, occ: int, why: bool) -> Rejected | None:
    """None if a moving runner may end on ``dest`` (K-MOVE-2, K-MTN-3), else why not."""
    if not occ >> dest & 1:
        return None
    geo = pos.rules.geometry
    if geo.corner_mask >> dest & 1:  # K-MOVE-2: corners hold any number of runners
        return None
    if geo.mountain_mask >> dest & 1:
        return mountain_refusal(pos, dest, occ, why)
    if why:
        return Rejected(("K-MOVE-2",), f"{square_name(dest)} is taken: only corners hold more than one runner")
    return _NO


def _invariants_refusal(pos: Position, ruling: str, after: str, why: bool,
                        before: list[Failure] | None = None) -> Rejected | None:
    """None if K-INV-1 holds on ``pos`` as it stands, else the refusal (its sentence only if
    ``why``).  ``before``: the failures of the board before the action; one that was there
    already is said to be (a runner already shut in, KNB-11)."""
    if holds(pos):
        return None
    if not why:
        return _NO
    rulings, sentence = refusal(pos, before or [])
    if "KNB-11" in rulings:  # already so before the action: said as it is
        return Rejected((ruling,) + tuple(r for r in rulings if r != ruling), sentence)
    return Rejected((ruling,), f"{after}, {sentence}")


def landing_problem(pos: Position, runner: int, square: int, why: bool) -> Rejected | None:
    """K-DOOR-4: does K-INV-1 hold with the bumped ``runner`` put on ``square``?"""
    with trying(pos, runners={runner: square}):
        return _invariants_refusal(pos, "K-DOOR-4", "after the door move's bump", why)


# --- doors (K-DOOR-2, K-INV-5, K-DOOR-4) ----------------------------------------------------


def door_swing_problem(pos: Position, seat: int, door_line: int, new_line: int, dest: int, occ: int,
                       why: bool) -> Rejected | None:
    """K-INV-5: the board after the swing, with the mover on ``dest``, must keep K-INV-1 (KNB-6).

    K-DOOR-4: onto the occupied Mountain, the check comes after the bump, so the door move
    needs at least one bump destination where K-INV-1 holds with the bumped runner on it.
    """
    before = failures(pos) if why else None
    with trying(pos, swing=(door_line, new_line), runners={seat: dest}):
        bumped = runner_on(pos, dest, seat) if occ >> dest & 1 and pos.rules.geometry.mountain_mask >> dest & 1 else None
        if bumped is not None:
            if has_bump(pos, dest, occ, bumped, door=True):
                return None
            if not why:
                return _NO
            return Rejected(("K-DOOR-4",), "the door move bumps the runner on the Mountain, and wherever it could be "
                                           "put, the board would break K-INV-1")
        return _invariants_refusal(pos, "K-INV-5", "after the swing", why, before)


# --- moves (K-MOVE-1) ----------------------------------------------------------------------


def moves(pos: Position, seat: int, led: Ledger, *, speed: bool = False, teleport_only: bool = False) -> None:
    """Every move of ``seat``'s runner (one unit of movement, K-MOVE-1) into ``led``.

    Allowed moves come per direction (N, E, S, W): teleport, step, leapfrog, doors.
    ``teleport_only`` (the portal-drop bonus, K-TURN-9) leaves out the rest.
    """
    sq = pos.runners[seat]
    if sq is None:
        return
    why = led.why
    occ = others_mask(pos, seat)
    lines = pos.lines
    geo = pos.rules.geometry
    corners = geo.corner_mask
    mountains = geo.mountain_mask
    on_mountain = mountains >> sq & 1
    allow = led.allow
    for d, nb, ln in NEIGHBOUR_LINES[sq]:
        piece = lines[ln]
        kind = piece & KIND
        side = sq * 4 + d
        # teleport (K-PORT-2): in through an unlocked side of a portal on the runner's square
        if kind == _PORTAL:
            if pos.locks >> side & 1:
                if why:
                    led.reject(_TELEPORT_AT[speed][side], "K-PORT-3",
                               f"the portal's side {side_name(side)} is locked: it cannot be entered")
            elif has_exit(pos, ln, occ, _OWN, sq, (side,), runner=seat):
                allow(_TELEPORT_AT[speed][side], Teleport(sq, side))
            elif why:
                if portal_exits(pos, ln):
                    reason = "every exit of the other portals is blocked (own square, or a leapfrog/bump that cannot be made)"
                else:
                    reason = "no other portal has an unlocked side to come out of"
                led.reject(_TELEPORT_AT[speed][side], "K-PORT-2", reason)
        elif why:
            led.reject(_TELEPORT_AT[speed][side], "K-PORT-2", f"there is no portal on {line_name(ln)}")
        if teleport_only:
            continue
        # step (K-MOVE-1); off the Mountain across any line (K-MTN-2)
        if piece == _EMPTY and not occ >> nb & 1 and not on_mountain:  # the common case
            allow(_STEP_AT[speed][nb], _plain_step(sq, nb, bool(mountains >> nb & 1)))
        elif piece == _EMPTY or on_mountain:
            refusal = arrival_refusal(pos, nb, occ, why)
            if refusal is None:
                bumped = runner_on(pos, nb, seat) if occ >> nb & 1 and mountains >> nb & 1 else None
                allow(_STEP_AT[speed][nb], Step(sq, nb, bool(mountains >> nb & 1), kind if on_mountain else _EMPTY, bumped))
            elif why:
                led.reject(_STEP_AT[speed][nb], refusal.rulings, refusal.reason)
        elif why:
            if kind == _PORTAL:
                led.reject(_STEP_AT[speed][nb], "K-PORT-1",
                           f"a portal stands on {line_name(ln)}: it cannot be crossed on foot, only teleported through")
            else:
                led.reject(_STEP_AT[speed][nb], "K-MOVE-1", f"a {Piece(kind).noun} on {line_name(ln)} is in the way")
        # leapfrog (K-LEAP-1): over the runner(s) right beside, across free lines only
        if piece == _EMPTY and occ >> nb & 1 and not corners >> nb & 1:
            landing = leap_landing(pos, nb, d, occ)
            if landing.dest is not None:
                allow(_LEAP_AT[speed][landing.dest], Leapfrog(sq, landing.over, landing.dest))
                if why:
                    _reject_leaps(led, sq, d, speed, "K-LEAP-1", "a leapfrog lands on the first square beyond the "
                                  f"jumped runners: here {square_name(landing.dest)}")
            elif landing.portal is not None:  # the K-LEAP-2 option
                action = Action(_LEAP_PORTAL, landing.portal, -1, speed)
                if has_exit(pos, line_of_side(landing.portal), occ, _CONTINUATION, sq, (landing.portal,),
                            runner=seat):  # K-LEAP-5
                    allow(action, LeapIntoPortal(sq, landing.over, landing.portal))
                elif why:
                    led.reject(action, "K-LEAP-2", "this leapfrog goes on into the portal on "
                               f"{side_name(landing.portal)}, which has no free exit")
                if why:
                    _reject_leaps(led, sq, d, speed, "K-LEAP-2", "the jump goes on into the portal on "
                                  f"{side_name(landing.portal)}: write 'leap-portal {side_name(landing.portal)}'")
            elif why:
                _reject_leaps(led, sq, d, speed, landing.ruling, landing.why)
        elif why:
            if not occ >> nb & 1:
                no_leap = ("K-LEAP-1", f"there is no runner on {square_name(nb)} to leapfrog")
            elif piece != _EMPTY:
                no_leap = ("K-LEAP-4" if on_mountain else "K-LEAP-1",
                           f"a {Piece(kind).noun} on {line_name(ln)} stands between the runners")
            else:
                no_leap = ("K-LEAP-3", "the runner beside is on a corner: there is nowhere to land beyond it")
            _reject_leaps(led, sq, d, speed, *no_leap)
        # door (K-DOOR-2): swing it open about either end and step through
        if kind == _WALL and pos.is_door(ln):
            locked = pos.is_door_locked(ln)
            for pd in PERPENDICULAR[d]:
                nl = LINE_OF[nb][pd]
                if nl is None:
                    continue  # the board's edge is not a line: no door rests there
                action = Action(_DOOR, side, nb * 4 + pd, speed)
                if locked:
                    if why:
                        led.reject(action, "K-DOOR-3", f"the door on {line_name(ln)} is locked and never opens")
                    continue
                if lines[nl] != _EMPTY:
                    if why:
                        led.reject(action, "K-DOOR-2", f"the door cannot swing onto {line_name(nl)}: a "
                                                       f"{Piece(lines[nl] & KIND).noun} is there")
                    continue
                refusal = arrival_refusal(pos, nb, occ, why) or door_swing_problem(pos, seat, ln, nl, nb, occ, why)
                if refusal is None:
                    bumped = runner_on(pos, nb, seat) if occ >> nb & 1 and mountains >> nb & 1 else None
                    allow(action, DoorMove(sq, side, nb * 4 + pd, nb, bumped))
                elif why:
                    led.reject(action, refusal.rulings, refusal.reason)
        elif why:
            for pd in PERPENDICULAR[d]:
                if LINE_OF[nb][pd] is not None:
                    led.reject(Action(_DOOR, side, nb * 4 + pd, speed), "K-DOOR-1",
                               f"{line_name(ln)} is not a door: a door is a wall with a wall or monolith "
                               "continuing it straight on at both ends")


_PLAIN_STEPS: dict[tuple[int, int, bool], Step] = {}


def _plain_step(origin: int, dest: int, onto_mountain: bool) -> Step:
    """The outcome of a step onto an empty square across an empty line (made once, shared)."""
    key = (origin, dest, onto_mountain)
    step = _PLAIN_STEPS.get(key)
    if step is None:
        step = _PLAIN_STEPS[key] = Step(origin, dest, onto_mountain)
    return step


def _reject_leaps(led: Ledger, sq: int, d: int, speed: bool, ruling: str, reason: str) -> None:
    """Refuse ``leap X`` for every square X straight on from ``sq`` in direction ``d``."""
    cur = NEIGHBOURS[sq][d]
    while cur is not None:
        led.reject(_LEAP_AT[speed][cur], ruling, reason)
        cur = NEIGHBOURS[cur][d]

