"""The Kabetopo rules engine: decisions, legal actions and applying them (the turn structure).

Rulings: K-TURN-1..10 (turn structure), K-ROUND-1/2 (Tadaima and the end of a round),
K-MTN-4 (stones).  Movement is in ``movement.py``, resources in ``resources.py``, the
verdicts of ``explain`` in ``explain.py``.
"""
from __future__ import annotations

from ..core.state import CHANCE, Decision
from .actions import (
    BUMP,
    DOOR,
    END,
    EXIT,
    LEAP,
    LEAP_PORTAL,
    LOCK,
    MONOLITH,
    PASS,
    PORTAL,
    ROLL,
    STEP,
    STOP,
    TELEPORT,
    UNLOCK,
    WALL,
    Action,
)
from .geometry import LINE_OF, NEIGHBOURS, OPPOSITE, side_line
from .movement import (
    BUMPED,
    CONTINUATION,
    OWN,
    bump_options,
    exit_options,
    generate_moves,
    leap_landing,
    others_mask,
)
from .position import (
    BONUS_MOVE,
    BONUS_TELEPORT,
    BUMP as BUMP_PHASE,
    EXIT as EXIT_PHASE,
    EXTRAS,
    MAIN,
    NO_BONUS,
    OVER,
    SETUP_PHASE,
    Position,
)
from . import position as P
from .resources import generate_drops, generate_locks_behind
from .rules import LOCKS, MONOLITHS, PORTALS, SPEED, START_SQUARE, WALLS, seat_name
from .setup import apply_roll, describe_target, setup_steps

ROLLS = tuple(Action(ROLL, n) for n in range(1, 13))
END_TURN = Action(END)
PASS_TURN = Action(PASS)
STOP_MISCHIEF = Action(STOP)
_DROP_SLOT = {WALL: WALLS, MONOLITH: MONOLITHS, PORTAL: PORTALS}
_DROP_PIECE = {WALL: P.WALL, MONOLITH: P.MONOLITH, PORTAL: P.PORTAL}


# --- decisions --------------------------------------------------------------------------


def decision(pos: Position) -> Decision:
    phase = pos.phase
    if phase == SETUP_PHASE:
        return Decision("setup roll", CHANCE, describe_target(pos))
    if phase == OVER:
        return Decision("round over", None)
    who = seat_name(pos.turn)
    if phase == MAIN:
        return Decision("main action", who)
    if phase == EXTRAS:
        open_ = []
        if pos.bonus == BONUS_MOVE:
            open_.append("bonus move")
        elif pos.bonus == BONUS_TELEPORT:
            open_.append("bonus teleport")
        if speed_available(pos):
            open_.append("speed token")
        if pos.lb_portals and not pos.lb_used and pos.pools[pos.turn][LOCKS]:
            open_.append("lock it behind you")
        return Decision("extras", who, ", ".join(open_))
    if phase == EXIT_PHASE:
        mover = pos.pending[1]
        detail = "" if mover == pos.turn else f"for {seat_name(mover)}'s bumped runner"
        return Decision("exit choice", who, detail)
    if phase == BUMP_PHASE:
        return Decision("bump destination", who, f"for {seat_name(pos.pending[1])}'s runner")
    raise AssertionError(f"unknown phase {phase!r}")


def speed_available(pos: Position) -> bool:
    """K-TURN-3 / K-TURN-8: an unused token, not yet cashed this turn, on a turn with a move."""
    return (
        bool(pos.pools[pos.turn][SPEED])
        and not pos.speed_used
        and (pos.grants_move or pos.rules.speed_any_turn)
    )


# --- legal actions ----------------------------------------------------------------------


def legal_actions(pos: Position) -> list[Action]:
    phase = pos.phase
    seat = pos.turn
    if phase == MAIN:
        if pos.is_finished(seat):  # Mischief: one drop, a pass, or stop for good
            drops = [a for a in generate_drops(pos, seat) if a.kind != UNLOCK]
            return drops + [PASS_TURN, STOP_MISCHIEF]
        out = generate_moves(pos, seat)
        out += generate_drops(pos, seat)
        return out or [PASS_TURN]
    if phase == EXTRAS:
        return extras(pos)
    if phase == EXIT_PHASE:
        return [Action(EXIT, sd) for sd, _ in pending_exits(pos)]
    if phase == BUMP_PHASE:
        _, bumped, mountain = pos.pending
        return bump_options(pos, mountain, others_mask(pos, seat))
    if phase == SETUP_PHASE:
        return list(ROLLS)
    return []


def extras(pos: Position, *, with_end: bool = True) -> list[Action]:
    seat = pos.turn
    out: list[Action] = []
    if pos.bonus == BONUS_MOVE:
        out += generate_moves(pos, seat)
    elif pos.bonus == BONUS_TELEPORT:
        out += generate_moves(pos, seat, teleport_only=True)
    if speed_available(pos):
        out += generate_moves(pos, seat, speed=True)
    out += generate_locks_behind(pos, seat)
    if with_end:
        out.append(END_TURN)
    return out


def pending_exits(pos: Position) -> list[tuple[int, object]]:
    _, who, entry, mode, origin = pos.pending
    return exit_options(pos, entry, others_mask(pos, pos.turn), mode, origin)


# --- applying ---------------------------------------------------------------------------


def play(pos: Position, action: Action) -> None:
    """Apply a legal action in place.  Callers check legality first (``GameState.apply``)."""
    kind = action.kind
    phase = pos.phase
    seat = pos.turn
    if phase == SETUP_PHASE:
        apply_roll(pos, action.a)
        if pos.setup_step >= setup_steps(pos):
            pos.phase = MAIN
            pos.setup_step = 0
        return
    if phase == MAIN:
        if kind == PASS:
            end_turn(pos)
            return
        if pos.is_finished(seat):  # a Mischief turn: the drop is the whole turn (KNB-8)
            if kind == STOP:
                pos.stopped.append(seat)
            else:
                _drop(pos, seat, action)
            end_turn(pos)
            return
        if action.is_move:
            pos.grants_move = True
            start_move(pos, seat, action)
            return
        _drop(pos, seat, action)
        if kind == MONOLITH or kind == LOCK:
            pos.bonus, pos.grants_move = BONUS_MOVE, True  # K-TURN-2
        elif kind == PORTAL and action.a in LINE_OF[pos.runners[seat]]:
            pos.bonus, pos.grants_move = BONUS_TELEPORT, True  # K-TURN-2, K-TURN-9
        elif kind == UNLOCK:
            pool = pos.pools[seat]
            pool[LOCKS] -= 1  # K-INV-3: both locks leave play
            pos.locks &= ~(1 << action.a)
            pos.locks_out += 2
        after_action(pos)
        return
    if phase == EXTRAS:
        if kind == END:
            end_turn(pos)
            return
        if kind == LOCK:  # lock it behind you (K-TURN-4)
            pos.pools[seat][LOCKS] -= 1
            pos.locks |= 1 << action.a
            pos.lb_used = True
            after_action(pos)
            return
        if action.speed:
            pos.pools[seat][SPEED] = 0  # K-TURN-8: cashed and moved in one step
            pos.speed_used = True
        else:
            pos.bonus = NO_BONUS
        start_move(pos, seat, action)
        return
    if phase == EXIT_PHASE:
        resolve_exit(pos, action.a)
        return
    if phase == BUMP_PHASE:
        _, bumped, mountain = pos.pending
        if kind == BUMP:
            arrive(pos, bumped, action.a)
            finish_move(pos)
        else:
            entry = side_line(action.a)
            pos.pending = ("exit", bumped, entry, BUMPED, -1)
            pos.phase = EXIT_PHASE
        return
    raise AssertionError(f"no action applies in phase {phase!r}")


def _drop(pos: Position, seat: int, action: Action) -> None:
    """Take a wall, monolith, portal or lock from the pool and put it on the board."""
    kind = action.kind
    if kind == LOCK:
        pos.pools[seat][LOCKS] -= 1
        pos.locks |= 1 << action.a
    elif kind in _DROP_SLOT:
        pos.pools[seat][_DROP_SLOT[kind]] -= 1
        pos.set_line(action.a, _DROP_PIECE[kind])


def arrive(pos: Position, seat: int, square: int) -> None:
    """Put a runner on ``square``; K-MTN-4: it takes a stone if it needs one and one is there."""
    pos.runners[seat] = square
    mountains = pos.rules.geometry.mountains
    if square in mountains and pos.needs_stone(seat):
        i = mountains.index(square)
        if pos.site_stones[i] > 0:
            pos.site_stones[i] -= 1
            pos.held[seat] += 1
            pos.stone_order.append(seat)


def enter(pos: Position, seat: int, dest: int) -> None:
    """The mover ends a move on ``dest``: bump whoever is on an occupied Mountain (K-MTN-3)."""
    bumped = None
    if dest in pos.rules.geometry.mountains:
        for s in pos.rules.seats:
            if s != seat and pos.runners[s] == dest:
                bumped = s
    arrive(pos, seat, dest)
    if bumped is not None:
        pos.bumped_this_turn = True
        pos.pending = ("bump", bumped, dest)
        pos.phase = BUMP_PHASE
        return
    finish_move(pos)


def start_move(pos: Position, seat: int, action: Action) -> None:
    kind = action.kind
    origin = pos.runners[seat]
    if kind == STEP or kind == LEAP:
        enter(pos, seat, action.a)
    elif kind == TELEPORT:
        pos.pending = ("exit", seat, side_line(action.a), OWN, origin)
        pos.phase = EXIT_PHASE
    elif kind == LEAP_PORTAL:
        pos.pending = ("exit", seat, side_line(action.a), CONTINUATION, origin)
        pos.phase = EXIT_PHASE
    elif kind == DOOR:
        door_line, new_line = side_line(action.a), side_line(action.b)
        piece = pos.lines[door_line]
        pos.set_line(door_line, P.EMPTY)
        pos.set_line(new_line, piece)
        enter(pos, seat, NEIGHBOURS[origin][action.a & 3])
    else:
        raise AssertionError(f"{action} is not a move")


def resolve_exit(pos: Position, side: int) -> None:
    _, who, entry, mode, origin = pos.pending
    exit_line = side_line(side)
    x = side >> 2
    if mode == BUMPED:
        arrive(pos, who, x)
        finish_move(pos)
        return
    pos.lb_portals = pos.lb_portals + (entry, exit_line)  # K-TURN-10
    occ = others_mask(pos, who)
    if mode == CONTINUATION or not occ >> x & 1 or pos.rules.geometry.corner_mask >> x & 1:
        enter(pos, who, x)
        return
    if x in pos.rules.geometry.mountains:
        enter(pos, who, x)  # bump (K-PORT-2, K-MTN-3)
        return
    landing = leap_landing(pos, x, OPPOSITE[side & 3], occ)  # leapfrog through the portal (K-LEAP-2)
    if landing[0] == "square":
        enter(pos, who, landing[1])
    else:  # the K-LEAP-2 option: the jump goes on into another portal
        pos.pending = ("exit", who, side_line(landing[1]), CONTINUATION, origin)


def finish_move(pos: Position) -> None:
    """After a complete move: Tadaima ends the turn at once (K-ROUND-1, K-TURN-7)."""
    pos.pending = ()
    seat = pos.turn
    pos.moved = True
    sq = pos.runners[seat]
    rules = pos.rules
    if sq in rules.geometry.corners:
        if sq != START_SQUARE[seat] and pos.held[seat] >= rules.stones_needed:
            pos.homes.append((seat, sq))
            end_turn(pos)
            return
        if rules.halfway_home and pos.held[seat] == 1 and not pos.reached_halfway(seat):
            pos.halfway.append((seat, sq))  # any corner, the start included (2-Player v2.0)
    after_action(pos)


def after_action(pos: Position) -> None:
    """Offer the optional extras if any is legal, else the turn ends by itself (K-TURN-1)."""
    pos.phase = EXTRAS
    if not extras(pos, with_end=False):
        end_turn(pos)


def end_turn(pos: Position) -> None:
    rules = pos.rules
    pos.bump_banned = pos.bumped_this_turn  # K-TURN-6 reads this when its option is on
    pos.turns += 1
    pos._reset_turn()
    if len(pos.homes) >= rules.tadaimas_to_end:  # K-ROUND-2
        pos.phase = OVER
        return
    seats = rules.seats
    i = seats.index(pos.turn)
    for k in range(1, len(seats) + 1):
        nxt = seats[(i + k) % len(seats)]
        if pos.is_playing(nxt):  # K-TURN-5: finished players are skipped (unless Mischief)
            pos.turn = nxt
            pos.phase = MAIN
            return
    pos.phase = OVER
