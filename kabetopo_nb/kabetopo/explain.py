"""``explain(position, action)``: legal or not, which rulings decide it, and why, in our words.

The verdict of an illegal action names the *first* rule it breaks, checked in the order a
player would think of them: is it the time for this kind of action, does the player have
the piece, is the target the right kind of place, what is in the way, and finally the
board's invariants.  The tests check that ``explain`` and ``legal_actions`` agree on every
action of a large universe of candidates in random positions.
"""
from __future__ import annotations

from ..core.verdict import Verdict
from .actions import (
    ARGS,
    BUMP,
    BUMP_THROUGH,
    DOOR,
    DROP_KINDS,
    END,
    EXIT,
    LEAP,
    LEAP_PORTAL,
    LOCK,
    MONOLITH,
    MOVE_KINDS,
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
from .engine import legal_actions, pending_exits, speed_available
from .geometry import (
    IS_LINE,
    LINE_OF,
    NEIGHBOURS,
    NUM_LINE_IDS,
    NUM_SQUARES,
    OPPOSITE,
    PERPENDICULAR,
    line_name,
    side_line,
    side_name,
    square_name,
)
from .invariants import violations
from .movement import (
    BUMPED,
    OWN,
    bump_banned,
    bump_options,
    exit_options,
    leap_landing,
    others_mask,
    portal_exits,
)
from .position import (
    BONUS_TELEPORT,
    BUMP as BUMP_PHASE,
    EMPTY,
    EXIT as EXIT_PHASE,
    EXTRAS,
    KIND,
    MAIN,
    NO_BONUS,
    OVER,
    PIECE_NAMES,
    SETUP_PHASE,
    Position,
)
from . import position as P
from .resources import corner_lines
from .rules import LOCKS, MONOLITHS, PORTALS, SPEED, WALLS, seat_name
from .setup import roll_outcome

_POOL_SLOT = {WALL: WALLS, MONOLITH: MONOLITHS, PORTAL: PORTALS}
_PIECE = {WALL: P.WALL, MONOLITH: P.MONOLITH, PORTAL: P.PORTAL}


def explain(pos: Position, action: object) -> Verdict:
    """A verdict for any action in ``pos``, legal or not."""
    # First the legal list, compared by equality as GameState.apply does, so an equal
    # look-alike (3.0 for 3) gets the same answer from both, and is described as listed.
    legal = legal_actions(pos)
    try:
        listed = legal[legal.index(action)]
    except (ValueError, TypeError):
        listed = None
    if listed is not None:
        rulings, sentence = describe(pos, listed)
        return Verdict(True, rulings, sentence)
    bad = _malformed(action)
    if bad:
        return Verdict(False, ("K-TURN-1",), bad)
    assert isinstance(action, Action)
    found = diagnose(pos, action)
    if found is None:  # every refusal should be named; this is the safety net
        found = ("K-TURN-1", f"{action} is not among the legal actions of this decision")
    return Verdict(False, (found[0],), found[1])


def _malformed(action: object) -> str | None:
    if not isinstance(action, Action):
        return f"{action!r} is not a Kabetopo action"
    spec = ARGS.get(action.kind)
    if spec is None:
        return f"{action.kind!r} is not a kind of Kabetopo action"
    if not isinstance(action.speed, bool):
        return "the speed flag must be True or False"
    if action.speed and action.kind not in MOVE_KINDS:
        return "only a move can be made with the speed token"
    limits = {"square": NUM_SQUARES, "side": NUM_SQUARES * 4, "line": NUM_LINE_IDS, "number": 13}
    for i, arg in enumerate(spec):
        value = (action.a, action.b)[i]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limits[arg]:
            return f"{action.kind} needs a {arg}, not {value!r}"
        if arg == "line" and not IS_LINE[value]:
            return f"{value} is not a line id (the boundary holds no pieces, K-GEO-3)"
        if arg == "side" and LINE_OF[value >> 2][value & 3] is None:
            return f"{side_name(value)} is on the boundary, which is not a line (K-GEO-3)"
    for i in range(len(spec), 2):
        if (action.a, action.b)[i] != -1:
            return f"{action.kind} takes {len(spec)} argument(s)"
    return None


# --- legal actions, described ---------------------------------------------------------


def describe(pos: Position, action: Action) -> tuple[tuple[str, ...], str]:
    who = seat_name(pos.turn)
    kind = action.kind
    sq = pos.runners[pos.turn]
    speed = " with the speed token" if action.speed else ""
    if pos.phase == EXTRAS and action.is_move and not action.speed:
        speed = " as the bonus " + ("teleport" if pos.bonus == BONUS_TELEPORT else "move")
    if kind == ROLL:
        _, text = roll_outcome(pos.copy(), action.a)
        return ("K-SETUP-1",), f"d12 roll {action.a}: {text}"
    if kind == STEP:
        dest = action.a
        rulings = ["K-MOVE-1"]
        extra = ""
        if sq in pos.rules.geometry.mountains and pos.lines[LINE_OF[sq][_dir(sq, dest)]] != EMPTY:
            rulings.append("K-MTN-2")
            extra = ", stepping down from the Mountain across the line"
        if dest in pos.rules.geometry.mountains:
            rulings.append("K-MTN-1")
            if others_mask(pos, pos.turn) >> dest & 1:
                rulings.append("K-MTN-3")
                extra = " and bumps the runner there"
        return tuple(rulings), f"{who} steps from {square_name(sq)} to {square_name(dest)}{speed}{extra}."
    if kind == LEAP:
        return ("K-LEAP-1",), f"{who} leapfrogs from {square_name(sq)} to {square_name(action.a)}{speed}."
    if kind == LEAP_PORTAL:
        return ("K-LEAP-2",), f"{who} leapfrogs into the portal on {side_name(action.a)}{speed} (option)."
    if kind == TELEPORT:
        return ("K-PORT-2",), f"{who} enters the portal on {line_name(side_line(action.a))}{speed}; the exit is chosen next."
    if kind == DOOR:
        return ("K-DOOR-2",), (
            f"{who} swings the door on {line_name(side_line(action.a))} onto {line_name(side_line(action.b))} "
            f"and steps to {square_name(action.b >> 2)}{speed}."
        )
    if kind == EXIT:
        outcome = dict(pending_exits(pos)).get(action.a)
        x = square_name(action.a >> 2)
        if outcome and outcome[0] == "leap":
            return ("K-PORT-2", "K-LEAP-2"), f"Out of the portal on {line_name(side_line(action.a))}: {x} is taken, so the runner leapfrogs to {square_name(outcome[1])}."
        if outcome and outcome[0] == "bump":
            return ("K-PORT-2", "K-MTN-3"), f"Out onto the occupied Mountain {x}: its runner is bumped."
        return ("K-PORT-2",), f"Out of the portal on {line_name(side_line(action.a))} onto {x}."
    if kind == BUMP:
        return ("K-MTN-3",), f"{who} puts {seat_name(pos.pending[1])}'s runner on {square_name(action.a)}."
    if kind == BUMP_THROUGH:
        return ("K-MTN-3",), f"{who} pushes {seat_name(pos.pending[1])}'s runner into the portal on {line_name(side_line(action.a))}; its exit is chosen next."
    if kind in DROP_KINDS:
        bonus = ""
        if pos.is_finished(pos.turn):
            return ("K-SET-1", "KNB-8", "K-INV-1"), f"{who} makes Mischief: a {kind} on {line_name(action.a)}, and that is the whole turn."
        if kind == MONOLITH:
            bonus = "; a bonus move follows (K-TURN-2)"
        elif kind == PORTAL and action.a in LINE_OF[sq]:
            bonus = "; it touches the runner's square, so a bonus teleport follows (K-TURN-2)"
        return ("K-TURN-1", "K-INV-1"), f"{who} drops a {kind} on {line_name(action.a)}{bonus}."
    if kind == LOCK:
        if pos.is_finished(pos.turn):
            return ("K-SET-1", "KNB-8", "K-INV-1"), f"{who} makes Mischief: a lock on {side_name(action.a)}, and that is the whole turn."
        if pos.phase == EXTRAS:
            return ("K-TURN-4", "K-TURN-10"), f"{who} locks {side_name(action.a)} behind the teleport (no bonus move)."
        return ("K-TURN-2", "K-INV-1"), f"{who} locks {side_name(action.a)}; a bonus move follows."
    if kind == UNLOCK:
        return ("K-INV-3",), f"{who} spends a lock to remove the lock on {side_name(action.a)}; both leave play."
    if kind == END:
        return ("K-TURN-1",), f"{who} ends the turn."
    if kind == STOP:
        return ("K-SET-1", "KNB-8"), f"{who} stops making Mischief for the rest of the round."
    if kind == PASS and pos.is_finished(pos.turn):
        return ("K-SET-1", "KNB-8"), f"{who} makes no Mischief this turn."
    if kind == PASS:
        return ("K-TURN-5",), f"{who} has no legal action and passes."
    return ("K-TURN-1",), str(action)


def _dir(a: int, b: int) -> int:
    for d in range(4):
        if NEIGHBOURS[a][d] == b:
            return d
    return -1


# --- illegal actions, diagnosed -------------------------------------------------------


def diagnose(pos: Position, action: Action) -> tuple[str, str] | None:
    kind = action.kind
    phase = pos.phase
    if phase == OVER:
        return ("K-ROUND-2", "the round is over: no more actions")
    if phase == SETUP_PHASE:
        if kind != ROLL:
            return ("K-SETUP-1", "the board is still being set up: the next decision is a d12 roll")
        return ("K-SETUP-1", "a d12 shows a number from 1 to 12")
    if kind == ROLL:
        return ("K-SETUP-3", "the setup is over: dice are rolled only during the 2x2 Field Setup")
    if phase == MAIN and pos.is_finished(pos.turn):
        return _diagnose_mischief(pos, action)
    if kind == STOP:
        return ("K-SET-1", "only a player who has declared Tadaima can stop, under the Mischief expansion")
    if kind == PASS:
        if phase == MAIN and legal_actions(pos) == [action]:
            return None
        return ("K-TURN-5", "a player who has a legal action may not pass")
    if phase == EXIT_PHASE:
        if kind != EXIT:
            return ("K-TURN-7", "a teleport is under way: choose where the runner comes out first")
        return _diagnose_exit(pos, action.a)
    if phase == BUMP_PHASE:
        if kind not in (BUMP, BUMP_THROUGH):
            return ("K-TURN-7", "a runner has been bumped off the Mountain: choose where it goes first")
        return _diagnose_bump(pos, action)
    if kind == EXIT:
        return ("K-PORT-2", "no teleport is under way, so there is no exit to choose")
    if kind in (BUMP, BUMP_THROUGH):
        return ("K-MTN-3", "nobody is being bumped off the Mountain now")
    seat = pos.turn
    if phase == MAIN:
        if kind == END:
            return ("K-TURN-1", "the turn's main action (a move or a resource) comes before ending the turn")
        if action.speed:
            return ("K-TURN-7", "the main action comes first; the speed token is cashed in after it")
        if action.is_move:
            return diagnose_move(pos, seat, action)
        return _diagnose_resource(pos, seat, action)
    # EXTRAS
    if kind in DROP_KINDS or kind == UNLOCK:
        return ("K-TURN-1", "one resource per turn: the main action has been taken")
    if kind == LOCK:
        return _diagnose_lock_behind(pos, seat, action.a)
    if kind == END:
        return None
    if action.speed:
        if pos.speed_used:  # checked first: a second speed move this turn is a K-TURN-8 matter
            return ("K-TURN-8", "the speed token gives one extra move per turn, and it was cashed in this turn")
        if not pos.pools[seat][SPEED]:
            return ("K-TURN-3", f"{seat_name(seat)}'s speed token is already spent (or was never there)")
        if not speed_available(pos):
            return ("K-TURN-3", "the speed token only adds a move to a turn that includes a move (the main action gave none)")
        return diagnose_move(pos, seat, action)
    if pos.bonus == NO_BONUS:
        if pos.pools[seat][SPEED] and speed_available(pos):
            return ("K-TURN-2", "no bonus move is open; write 'speed ...' to cash in the speed token for this move")
        return ("K-TURN-2", "no bonus move is open this turn")
    if pos.bonus == BONUS_TELEPORT and action.kind != TELEPORT:
        return ("K-TURN-9", "the portal-drop bonus is a teleport only")
    return diagnose_move(pos, seat, action)


def _diagnose_mischief(pos: Position, action: Action) -> tuple[str, str] | None:
    """A finished player's turn under Mischief (K-SET-1, KNB-8): one drop, pass, or stop."""
    kind = action.kind
    if kind in (PASS, STOP):
        return None
    if action.is_move or kind in (END, UNLOCK):
        return ("KNB-8", "a finished player's Mischief turn is one drop of a wall, monolith, portal or lock, a pass, or stop")
    return _diagnose_resource(pos, pos.turn, action)


def diagnose_move(pos: Position, seat: int, action: Action) -> tuple[str, str] | None:
    kind = action.kind
    sq = pos.runners[seat]
    geo = pos.rules.geometry
    occ = others_mask(pos, seat)
    if kind in (STEP, LEAP) and action.a == sq:
        return ("K-MOVE-3", "a move must take the runner to another square")
    if kind == STEP:
        dest = action.a
        d = _dir(sq, dest)
        if d < 0:
            return ("K-MOVE-1", f"{square_name(dest)} is not orthogonally next to {square_name(sq)}: a step goes one square, never diagonally")
        ln = LINE_OF[sq][d]
        piece = pos.lines[ln] & KIND
        if piece and sq not in geo.mountains:
            if piece == P.PORTAL:
                return ("K-PORT-1", f"a portal stands on {line_name(ln)}: it cannot be crossed on foot, only teleported through")
            return ("K-MOVE-1", f"a {PIECE_NAMES[piece]} on {line_name(ln)} is in the way")
        return _diagnose_arrival(pos, dest, occ)
    if kind == LEAP:
        dest = action.a
        for d in range(4):
            cur = NEIGHBOURS[sq][d]
            while cur is not None and cur != dest:
                cur = NEIGHBOURS[cur][d]
            if cur == dest:
                break
        else:
            return ("K-LEAP-1", "a leapfrog goes in a straight line; angled jumps are not allowed")
        first = NEIGHBOURS[sq][d]
        if not occ >> first & 1:
            return ("K-LEAP-1", f"there is no runner on {square_name(first)} to leapfrog")
        ln = LINE_OF[sq][d]
        if pos.lines[ln] != EMPTY:
            piece = pos.lines[ln] & KIND
            rid = "K-LEAP-4" if sq in geo.mountains else "K-LEAP-1"
            return (rid, f"a {PIECE_NAMES[piece]} on {line_name(ln)} stands between the runners")
        if geo.corner_mask >> first & 1:
            return ("K-LEAP-3", "the runner beside is on a corner: there is nowhere to land beyond it")
        landing = leap_landing(pos, first, d, occ)
        if landing[0] == "no":
            return (landing[1], landing[2])
        if landing[0] == "portal":
            return ("K-LEAP-2", f"the jump goes on into the portal on {side_name(landing[1])}: write 'leap-portal {side_name(landing[1])}'")
        if landing[1] != dest:
            return ("K-LEAP-1", f"a leapfrog lands on the first square beyond the jumped runners: here {square_name(landing[1])}")
        return None
    if kind == LEAP_PORTAL:
        if not pos.rules.leap_into_portal:
            return ("K-LEAP-2", "a leapfrog may not cross a portal line behind the jumped runner (the option that allows it is off)")
        return ("K-LEAP-2", "this leapfrog does not lead into that portal, or the portal has no free exit")
    if kind == TELEPORT:
        side = action.a
        if side >> 2 != sq:
            return ("K-PORT-2", f"the runner on {square_name(sq)} can only enter a portal on one of its own square's sides")
        ln = side_line(side)
        if pos.lines[ln] & KIND != P.PORTAL:
            return ("K-PORT-2", f"there is no portal on {line_name(ln)}")
        if pos.locks >> side & 1:
            return ("K-PORT-3", f"the portal's side {side_name(side)} is locked: it cannot be entered")
        if not portal_exits(pos, ln):
            return ("K-PORT-2", "no other portal has an unlocked side to come out of")
        if exit_options(pos, ln, occ, OWN, sq):
            return None
        return ("K-PORT-2", "every exit of the other portals is blocked (own square, or a leapfrog/bump that cannot be made)")
    if kind == DOOR:
        side, new_side = action.a, action.b
        if side >> 2 != sq:
            return ("K-DOOR-2", f"the runner on {square_name(sq)} can only open a door on its own square's side")
        ln = side_line(side)
        if pos.lines[ln] & KIND != P.WALL or not pos.is_door(ln):
            return ("K-DOOR-1", f"{line_name(ln)} is not a door: a door is a wall with a wall or monolith continuing it straight on at both ends")
        if pos.is_door_locked(ln):
            return ("K-DOOR-3", f"the door on {line_name(ln)} is locked and never opens")
        dest = NEIGHBOURS[sq][side & 3]
        if new_side >> 2 != dest or (new_side & 3) not in PERPENDICULAR[side & 3]:
            return ("K-DOOR-2", f"the door swings about one of its ends onto a side line of {square_name(dest)}, the square beyond it")
        nl = side_line(new_side)
        if pos.lines[nl] != EMPTY:
            return ("K-DOOR-2", f"the door cannot swing onto {line_name(nl)}: a {PIECE_NAMES[pos.lines[nl] & KIND]} is there")
        arrival = _diagnose_arrival(pos, dest, occ)
        if arrival:
            return arrival
        piece = pos.lines[ln]
        pos.set_line(ln, EMPTY)
        pos.set_line(nl, piece)
        pos.runners[seat] = dest
        try:
            bad = violations(pos, first_only=True)
        finally:
            pos.runners[seat] = sq
            pos.set_line(nl, EMPTY)
            pos.set_line(ln, piece)
        if bad:
            return ("K-INV-5", f"after the swing, {bad[0][1]}")
        return None
    return None


def _diagnose_arrival(pos: Position, dest: int, occ: int) -> tuple[str, str] | None:
    geo = pos.rules.geometry
    if not occ >> dest & 1 or geo.corner_mask >> dest & 1:
        return None
    if dest not in geo.mountains:
        return ("K-MOVE-2", f"{square_name(dest)} is taken: only corners hold more than one runner")
    if bump_banned(pos):
        return ("K-TURN-6", "King of the Mountain: no bump on the turn right after a bump")
    if not bump_options(pos, dest, occ):
        return ("K-MTN-3", "the runner on the Mountain has nowhere to be bumped to")
    return None


def _diagnose_exit(pos: Position, side: int) -> tuple[str, str] | None:
    _, who, entry, mode, origin = pos.pending
    ln = side_line(side)
    if pos.lines[ln] & KIND != P.PORTAL:
        return ("K-PORT-2", f"there is no portal on {line_name(ln)} to come out of")
    if ln == entry:
        return ("K-PORT-2", "the runner must come out of another portal than the one it entered")
    if pos.locks >> side & 1:
        return ("K-PORT-3", f"the side {side_name(side)} is locked: nothing comes out there")
    x = side >> 2
    if mode != BUMPED and x == origin:
        return ("K-MOVE-3", "this exit is the runner's own square: a move must change it")
    occ = others_mask(pos, pos.turn)
    if not occ >> x & 1 or pos.rules.geometry.corner_mask >> x & 1:
        return None
    if mode != OWN:
        return ("K-LEAP-4", f"{square_name(x)} is taken: a bumped runner (or a continuing leapfrog) lands only on an empty square")
    if x in pos.rules.geometry.mountains:
        return _diagnose_arrival(pos, x, occ)
    landing = leap_landing(pos, x, OPPOSITE[side & 3], occ)
    if landing[0] == "no":
        return (landing[1], f"{square_name(x)} is taken and the leapfrog through the portal fails: {landing[2]}")
    if landing[0] == "square":
        if landing[1] == origin:
            return ("K-MOVE-3", f"{square_name(x)} is taken and the leapfrog beyond it lands back on the runner's own square: a move must change it")
        return None
    return ("K-LEAP-2", "the leapfrog through the portal would go on into a portal with no free exit")


def _diagnose_bump(pos: Position, action: Action) -> tuple[str, str] | None:
    _, bumped, mountain = pos.pending
    occ = others_mask(pos, pos.turn)
    if action.kind == BUMP:
        if _dir(mountain, action.a) < 0:
            return ("K-MTN-3", f"a bumped runner goes to a square next to the Mountain, and {square_name(action.a)} is not")
        if not occ >> action.a & 1:
            return None
        return ("K-LEAP-4", f"{square_name(action.a)} is taken: a bumped runner goes only to an empty square")
    side = action.a
    if side >> 2 != mountain:
        return ("K-MTN-3", "a bumped runner goes through a portal on one of the Mountain's own sides")
    ln = side_line(side)
    if pos.lines[ln] & KIND != P.PORTAL:
        return ("K-MTN-3", f"there is no portal on {line_name(ln)}")
    if pos.locks >> side & 1:
        return ("K-PORT-3", f"the portal's Mountain side {side_name(side)} is locked")
    if not exit_options(pos, ln, occ, BUMPED, -1):
        return ("K-LEAP-4", "no other portal has an empty square to put the bumped runner on")
    return None


def _diagnose_resource(pos: Position, seat: int, action: Action) -> tuple[str, str] | None:
    kind = action.kind
    pool = pos.pools[seat]
    who = seat_name(seat)
    if kind in DROP_KINDS:
        if not pool[_POOL_SLOT[kind]]:
            return ("K-TURN-1", f"{who} has no {kind}s left in the pool")
        ln = action.a
        if pos.lines[ln] != EMPTY:
            return ("K-GEO-3", f"{line_name(ln)} already holds a {PIECE_NAMES[pos.lines[ln] & KIND]}: one piece per line")
        if kind == PORTAL and ln in corner_lines(pos):
            return ("K-INV-2", f"{line_name(ln)} is a line of a corner square: no portals there")
        pos.set_line(ln, _PIECE[kind])
        try:
            bad = violations(pos, first_only=True)
        finally:
            pos.set_line(ln, EMPTY)
        return bad[0] if bad else None
    if kind == LOCK:
        if not pool[LOCKS]:
            return ("K-TURN-1", f"{who} has no locks left in the pool")
        return _diagnose_lock_side(pos, action.a, main=True)
    if kind == UNLOCK:
        if not pool[LOCKS]:
            return ("K-INV-3", f"unlocking spends a lock from the pool, and {who} has none")
        if not pos.locks >> action.a & 1:
            return ("K-INV-3", f"there is no lock on {side_name(action.a)} to remove")
    return None


def _diagnose_lock_side(pos: Position, side: int, *, main: bool) -> tuple[str, str] | None:
    ln = side_line(side)
    kind = pos.lines[ln] & KIND
    if kind == P.PORTAL or (main and pos.is_door(ln)):
        pass
    elif main:
        return ("K-LOCK-1", f"{line_name(ln)} holds no portal and no door: locks go only on their sides")
    else:
        return ("K-TURN-10", f"{line_name(ln)} holds no portal")
    if pos.locks >> side & 1:
        return ("K-LOCK-1", f"{side_name(side)} is already locked")
    pos.locks |= 1 << side
    try:
        bad = violations(pos, first_only=True)
    finally:
        pos.locks &= ~(1 << side)
    return bad[0] if bad else None


def _diagnose_lock_behind(pos: Position, seat: int, side: int) -> tuple[str, str] | None:
    if pos.lb_used:
        return ("K-TURN-4", "lock it behind you is allowed once per turn")
    if not pos.lb_portals:
        return ("K-TURN-10", "lock it behind you needs a teleport of the mover's own earlier in this turn")
    if not pos.pools[seat][LOCKS]:
        return ("K-TURN-4", f"{seat_name(seat)} has no locks left in the pool")
    if side_line(side) not in pos.lb_portals:
        names = ", ".join(sorted({line_name(ln) for ln in pos.lb_portals}))
        return ("K-TURN-10", f"only a side of a portal teleported through this turn ({names}) can be locked behind you")
    return _diagnose_lock_side(pos, side, main=False)


