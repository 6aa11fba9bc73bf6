"""The Kabetopo turn: whose decision is next, the ledger of that decision, and applying outcomes.

Rulings decided here: K-TURN-1 (a main action, then optional extras or the end of the
turn), K-TURN-2 (bonus moves open), K-TURN-3 and K-TURN-8 (the speed token), K-TURN-5
(the order of play; a forced pass, KNB-5), K-TURN-7 (the main action comes first), K-TURN-9
(the portal-drop bonus is a teleport), K-ROUND-1 (Tadaima ends the turn), K-ROUND-2 (the
end of the round), K-MTN-4 (stones), KNB-8 (Mischief turns).  Movement is decided in
``movement.py``, resources in ``resources.py``, the setup rolls in ``setup.py``; each
writes the decision's ledger, and ``play`` applies the outcome recorded there.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ..core.ledger import Ledger
from ..core.state import CHANCE, Decision
from ..core.verdict import SettingError
from .actions import Action, Kind
from .geometry import line_of_side
from .movement import bumps, exits, moves, others_mask
from .notation import format_position
from .outcomes import (
    OUTCOMES,
    BumpedOut,
    BumpThrough,
    BumpTo,
    DoorMove,
    Drop,
    EndTurn,
    ExitBump,
    ExitIntoPortal,
    ExitLeap,
    ExitOnto,
    ForcedPass,
    Leapfrog,
    LeapIntoPortal,
    LockBehind,
    LockDrop,
    MischiefDrop,
    MischiefPass,
    MischiefStop,
    Outcome,
    SetupRoll,
    Step,
    Teleport,
    Unlock,
)
from .position import Bonus, ExitMode, PendingBump, PendingExit, Phase, Piece, Position
from .race import deadlocked, strand
from .resources import drops, locks_behind
from .rules import LOCKS, MONOLITHS, PORTALS, SPEED, START_SQUARE, WALLS, seat_name
from .setup import describe_target, place, rolls

END_TURN = Action(Kind.END)
PASS_TURN = Action(Kind.PASS)
STOP_MISCHIEF = Action(Kind.STOP)
_POOL_OF = {Kind.WALL: WALLS, Kind.MONOLITH: MONOLITHS, Kind.PORTAL: PORTALS}
_MAIN, _EXTRAS, _EXIT, _BUMP, _SETUP, _OVER = Phase.MAIN, Phase.EXTRAS, Phase.EXIT, Phase.BUMP, Phase.SETUP, Phase.OVER
_TELEPORT = Kind.TELEPORT
MAIN_ACTION, MISCHIEF = "main action", "Mischief"  # the kinds of decision that begin a turn


# --- decisions --------------------------------------------------------------------------


def decision(pos: Position) -> Decision:
    phase = pos.phase
    if phase == _SETUP:
        return Decision("setup roll", CHANCE, describe_target(pos))
    if phase == _OVER:
        if len(pos.homes) < pos.rules.tadaimas_to_end:
            return Decision("round over", None, "K-ROUND-4: no runner still racing can finish")
        return Decision("round over", None)
    who = seat_name(pos.turn)
    if phase == _MAIN:
        if pos.is_finished(pos.turn):  # KNB-8: a finished player's turn is Mischief, not a main action
            return Decision(MISCHIEF, who, "KNB-8: one drop, a pass, or stop")
        return Decision(MAIN_ACTION, who)
    if phase == _EXTRAS:
        open_ = []
        owed = "owed " if owes_move(pos) else ""  # K-TURN-11: the speed move came first
        if pos.bonus == Bonus.MOVE:
            open_.append(owed + "bonus move")
        elif pos.bonus == Bonus.TELEPORT:
            open_.append(owed + "bonus teleport")
        if speed_available(pos):
            open_.append("speed token")
        if pos.lb_portals and not pos.lb_used and pos.pools[pos.turn][LOCKS] and not pos.rules.no_drops:  # KNB-15
            open_.append("lock it behind you")
        return Decision("extras", who, ", ".join(open_))
    # The phase says what is pending (the casts): EXIT goes with a PendingExit and BUMP with a
    # PendingBump, set and cleared together (``_play_*`` below; ``validity.structural_problems``
    # refuses a position text where they do not match).
    if phase == _EXIT:
        runner = cast(PendingExit, pos.pending).runner
        detail = "" if runner == pos.turn else f"for {seat_name(runner)}'s bumped runner"
        return Decision("exit choice", who, detail)
    if phase == _BUMP:
        return Decision("bump destination", who, f"for {seat_name(cast(PendingBump, pos.pending).runner)}'s runner")
    raise AssertionError(f"unknown phase {phase!r}")


def speed_available(pos: Position) -> bool:
    """K-TURN-3 / K-TURN-8: an unused token, not yet cashed this turn, on a turn with a move
    (made, or still open as a bonus: then K-TURN-11 asks that it can follow)."""
    return (
        bool(pos.pools[pos.turn][SPEED])
        and not pos.speed_used
        and (pos.grants_move or pos.rules.speed_any_turn)
    )


def owes_move(pos: Position) -> bool:
    """K-TURN-11: the speed move has been made (or is under way) before any other move of
    the mover's own, so the open bonus move must still follow before the turn may end.

    (The bonus stays open until the bonus move begins; a main move opens no bonus.)
    """
    return pos.speed_used and pos.bonus != Bonus.NONE and not pos.rules.speed_any_turn


def asked_of(pos: Position, seat: int) -> Position | None:
    """KNB-16: the position in which a referee's "may <seat> ...?" is judged.

    ``pos`` itself when the decision there is ``seat``'s.  Otherwise the start of
    ``seat``'s next turn on the board as it stands: the turn under way ends at this point
    (if it has begun: it is then the turn just before, for K-TURN-6) and ``seat``'s turn
    comes next, with nothing of a turn under way.  None when ``seat`` takes no more turns
    this round (the round is over, or it is home and makes no Mischief: ``Position.is_playing``).
    SettingError when no other seat's turn can be judged: during the Field Setup, and
    while another seat's move is under way (an exit or bump choice).
    """
    if pos.phase == _SETUP:
        raise SettingError(f"the board is still being set up (the next decision is a d12 roll): no seat decides "
                           f"until the 2x2 Field Setup is over, so {seat_name(seat)}'s turn cannot be judged yet")
    if pos.phase == _OVER or not pos.is_playing(seat):
        return None
    if pos.turn == seat:
        return pos
    if pos.phase in (_EXIT, _BUMP):
        d = decision(pos)
        raise SettingError(f"it is {d.seat}'s decision ({d.kind}): a move is under way, and "
                           f"{seat_name(seat)}'s turn can be judged only once it is over (or ask at an earlier "
                           "point of the history with ply=)")
    after = pos.copy()
    if pos.phase == _EXTRAS:  # the turn under way ends here
        end_turn(after)
        if after.phase == _OVER or not after.is_playing(seat):
            return None
    after._reset_turn()
    after.turn, after.phase = seat, _MAIN
    return after


# --- the ledger of a decision -----------------------------------------------------------


def ledger(pos: Position, why: bool = False) -> Ledger:
    """Every candidate action of the decision in ``pos``: allowed ones with their outcome,
    in the order of the legal actions, and (``why``) refused ones with the reason."""
    led = Ledger(why)
    phase = pos.phase
    seat = pos.turn
    if phase == _MAIN:
        _main(pos, seat, led)
    elif phase == _EXTRAS:
        extras(pos, seat, led)
    elif phase == _EXIT:  # the phase says what is pending (see ``decision``)
        exits(pos, cast(PendingExit, pos.pending), others_mask(pos, seat), led)
        if owes_move(pos):
            led = _keep_a_move_to_follow(pos, led)
    elif phase == _BUMP:
        bumps(pos, cast(PendingBump, pos.pending), others_mask(pos, seat), led)
        if owes_move(pos):
            led = _keep_a_move_to_follow(pos, led)
    elif phase == _SETUP:
        rolls(pos, led)
    return led


def legal_actions(pos: Position) -> list[Action]:
    return ledger(pos).actions


def turn_ends(pos: Position) -> set[str]:
    """Every distinct position (as text) in which the current turn can end: each sequence
    of the turn's decisions played out in full.  A whole-turn count, as a player sees it
    (perft counts atomic decisions instead)."""
    ends, todo, turn = set(), [pos], pos.turns_played
    while todo:
        p = todo.pop()
        if p.turns_played != turn or p.phase == _OVER:
            ends.add(format_position(p))
            continue
        led = ledger(p)
        for action, outcome in zip(led.actions, led.outcomes, strict=False):
            after = p.copy()
            play(after, action, outcome)
            todo.append(after)
    return ends


def _main(pos: Position, seat: int, led: Ledger) -> None:
    why = led.why
    if pos.is_finished(seat):  # Mischief (KNB-8): one drop, a pass, or stop for good
        drops(pos, seat, led, mischief=True)
        led.allow(PASS_TURN, MischiefPass())
        led.allow(STOP_MISCHIEF, MischiefStop())
        if why:
            scratch = Ledger(why=True)
            moves(pos, seat, scratch)
            led.overrule(scratch, "KNB-8", "a finished player's Mischief turn is one drop of a wall, monolith, "
                                           "portal or lock, a pass, or stop")
        return
    moves(pos, seat, led)
    drops(pos, seat, led)
    if not led.actions:  # K-TURN-5: a player with no legal action passes (KNB-5)
        led.allow(PASS_TURN, ForcedPass())
    elif why:
        led.reject(PASS_TURN, "K-TURN-5", "a player who has a legal action may not pass")
    if why:
        led.reject(STOP_MISCHIEF, "K-SET-1", "only a player who has declared Tadaima can stop, under the Mischief "
                                             "expansion")


def extras(pos: Position, seat: int, led: Ledger, *, with_end: bool = True) -> None:
    """The extras after the main action (K-TURN-7): the open bonus, the speed move, lock
    it behind you, and ending the turn."""
    why = led.why
    bonus = pos.bonus
    if bonus == Bonus.MOVE:  # K-TURN-2
        moves(pos, seat, led)
    elif bonus == Bonus.TELEPORT:  # K-TURN-9: the portal-drop bonus is a teleport only
        if why:
            scratch = Ledger(why=True)
            moves(pos, seat, scratch)
            for action, outcome in zip(scratch.actions, scratch.outcomes, strict=False):
                if action.kind == _TELEPORT:
                    led.allow(action, outcome)
                else:
                    led.reject(action, "K-TURN-9", "the portal-drop bonus is a teleport only")
            for action, refusal in (scratch.rejected or {}).items():  # (a why ledger: never None)
                if action.kind == _TELEPORT:
                    led.reject(action, refusal.rulings, refusal.reason)
                else:
                    led.reject(action, "K-TURN-9", "the portal-drop bonus is a teleport only")
        else:
            moves(pos, seat, led, teleport_only=True)
    elif why:
        scratch = Ledger(why=True)
        moves(pos, seat, scratch)
        if speed_available(pos):
            led.overrule(scratch, "K-TURN-2", "no bonus move is open; write 'speed ...' to cash in the speed "
                                              "token for this move")
        else:
            led.overrule(scratch, "K-TURN-2", "no bonus move is open this turn")
    if speed_available(pos):  # K-TURN-3, K-TURN-8
        if bonus != Bonus.NONE and not pos.rules.speed_any_turn:  # K-TURN-11: the bonus move must still follow
            scratch = Ledger(why)
            moves(pos, seat, scratch, speed=True)
            _merge(led, _keep_a_move_to_follow(pos, scratch))
        else:
            moves(pos, seat, led, speed=True)
    elif why:
        scratch = Ledger(why=True)
        moves(pos, seat, scratch, speed=True)
        if pos.speed_used:
            reason = ("K-TURN-8", "the speed token gives one extra move per turn, and it was cashed in this turn")
        elif not pos.pools[seat][SPEED]:
            reason = ("K-TURN-3", f"{seat_name(seat)}'s speed token is already spent (or was never there)")
        else:
            reason = ("K-TURN-3", "the speed token only adds a move to a turn that includes a move (the main "
                                  "action gave none)")
        led.overrule(scratch, *reason)
    if owes_move(pos):  # K-TURN-11: lock it behind you only if the owed move can still follow
        scratch = Ledger(why)
        locks_behind(pos, seat, scratch)
        _merge(led, _keep_a_move_to_follow(pos, scratch))
    else:
        locks_behind(pos, seat, led)  # K-TURN-4, K-TURN-10
    if not with_end:
        return
    if not owes_move(pos):
        led.allow(END_TURN, EndTurn())
    elif why:
        led.reject(END_TURN, "K-TURN-11", "the speed move needs another move of the mover's own in the same turn: "
                                          "make the bonus move before ending the turn")


def _merge(led: Ledger, other: Ledger) -> None:
    """Append ``other``'s entries to ``led``, in order."""
    if type(led) is _AnyAllowed and other.actions:
        raise _Found
    led.actions += other.actions
    led.outcomes += other.outcomes
    if led.why and other.rejected:
        for action, refusal in other.rejected.items():
            led.reject(action, refusal.rulings, refusal.reason)


def _keep_a_move_to_follow(pos: Position, led: Ledger) -> Ledger:
    """K-TURN-11: only the allowed actions of ``led`` after which the mover can still make
    its owed move (no Tadaima before it, the bonus move still possible)."""
    out = Ledger(led.why)
    for action, outcome in zip(led.actions, led.outcomes, strict=False):
        if _move_can_follow(pos, action, outcome):
            out.allow(action, outcome)
        elif led.why:
            out.reject(action, "K-TURN-11", "the speed move needs another move of the mover's own in this turn, and "
                                            "after this the bonus move could no longer be made")
    if led.rejected:  # (only a why ledger has any)
        for action, refusal in led.rejected.items():
            out.reject(action, refusal.rulings, refusal.reason)
    return out


def _move_can_follow(pos: Position, action: Action, outcome: Outcome) -> bool:
    seat = pos.turn
    after = pos.copy()
    play(after, action, outcome)
    if after.turn != seat or after.phase not in (_EXTRAS, _EXIT, _BUMP):
        return False  # the turn is over (a Tadaima) before the owed move
    if after.phase == _EXTRAS and not owes_move(after):
        return True
    if after.phase == _EXTRAS:
        led = Ledger()
        moves(after, seat, led, teleport_only=after.bonus == Bonus.TELEPORT)
        return bool(led.actions)
    return bool(ledger(after).actions)  # an exit or bump choice still under way


# --- applying an outcome ----------------------------------------------------------------


def play(pos: Position, action: Action, outcome: Outcome) -> None:
    """Apply an allowed action in place, by the ``outcome`` its ledger recorded."""
    _PLAY[type(outcome)](pos, action, outcome)


def _begin_move(pos: Position, action: Action) -> None:
    if pos.phase == _MAIN:
        pos.grants_move = True  # K-TURN-3: this turn includes a move
    elif action.speed:
        pos.pools[pos.turn][SPEED] = 0  # K-TURN-8: cashed and moved in one step
        pos.speed_used = True
    else:
        pos.bonus = Bonus.NONE  # the bonus move is being made


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


def _enter(pos: Position, seat: int, dest: int, bumps: int | None, door: bool = False) -> None:
    """The mover ends a move on ``dest``, bumping ``bumps`` off the Mountain if recorded (K-MTN-3;
    after a door move, K-DOOR-4 checks where the bumped runner goes)."""
    arrive(pos, seat, dest)
    if bumps is not None:
        pos.bumped_this_turn = True
        pos.pending = PendingBump(bumps, dest, door)
        pos.phase = _BUMP
        return
    finish_move(pos)


def _play_step(pos: Position, action: Action, o: Step) -> None:
    _begin_move(pos, action)
    _enter(pos, pos.turn, o.dest, o.bumps)


def _play_leapfrog(pos: Position, action: Action, o: Leapfrog) -> None:
    _begin_move(pos, action)
    _enter(pos, pos.turn, o.dest, None)


def _play_teleport(pos: Position, action: Action, o: Teleport) -> None:
    _begin_move(pos, action)
    pos.pending = PendingExit(pos.turn, o.side, ExitMode.OWN, o.origin)
    pos.phase = _EXIT


def _play_leap_into_portal(pos: Position, action: Action, o: LeapIntoPortal) -> None:
    _begin_move(pos, action)
    pos.pending = PendingExit(pos.turn, o.side, ExitMode.CONTINUATION, o.origin)
    pos.phase = _EXIT


def _play_door(pos: Position, action: Action, o: DoorMove) -> None:
    _begin_move(pos, action)
    door_line, new_line = line_of_side(o.door), line_of_side(o.swing_to)
    piece = pos.lines[door_line]
    pos.set_line(door_line, Piece.EMPTY)
    pos.set_line(new_line, piece)
    _enter(pos, pos.turn, o.dest, o.bumps, door=True)


def _through(pos: Position, side: int) -> PendingExit:
    """The mover came out of the portal side ``side``: both portals count for K-TURN-10."""
    p = cast(PendingExit, pos.pending)  # an exit is chosen in the EXIT phase (see ``decision``)
    pos.lb_portals = pos.lb_portals + (p.entry, line_of_side(side))
    return p


def _play_exit_onto(pos: Position, action: Action, o: ExitOnto) -> None:
    _enter(pos, _through(pos, o.side).runner, o.square, None)


def _play_exit_leap(pos: Position, action: Action, o: ExitLeap) -> None:
    _enter(pos, _through(pos, o.side).runner, o.dest, None)


def _play_exit_bump(pos: Position, action: Action, o: ExitBump) -> None:
    _enter(pos, _through(pos, o.side).runner, o.mountain, o.bumps)


def _play_exit_into_portal(pos: Position, action: Action, o: ExitIntoPortal) -> None:
    p = _through(pos, o.side)
    pos.pending = PendingExit(p.runner, o.next_side, ExitMode.CONTINUATION, p.origin, p.sides_entered)


def _play_bumped_out(pos: Position, action: Action, o: BumpedOut) -> None:
    arrive(pos, cast(PendingExit, pos.pending).runner, o.square)  # the EXIT phase (see ``decision``)
    finish_move(pos)


def _play_bump_to(pos: Position, action: Action, o: BumpTo) -> None:
    arrive(pos, o.runner, o.square)
    finish_move(pos)


def _play_bump_through(pos: Position, action: Action, o: BumpThrough) -> None:
    door = cast(PendingBump, pos.pending).door  # the BUMP phase (see ``decision``)
    pos.pending = PendingExit(o.runner, o.side, ExitMode.BUMPED, None, door=door)
    pos.phase = _EXIT


def _play_drop(pos: Position, action: Action, o: Drop) -> None:
    pos.pools[pos.turn][_POOL_OF[action.kind]] -= 1
    pos.set_line(o.line, o.piece)
    if o.bonus:
        pos.bonus, pos.grants_move = o.bonus, True  # K-TURN-2
    after_action(pos)


def _play_lock_drop(pos: Position, action: Action, o: LockDrop) -> None:
    pos.pools[pos.turn][LOCKS] -= 1
    pos.locks |= 1 << o.side
    pos.bonus, pos.grants_move = Bonus.MOVE, True  # K-TURN-2
    after_action(pos)


def _play_lock_behind(pos: Position, action: Action, o: LockBehind) -> None:
    pos.pools[pos.turn][LOCKS] -= 1
    pos.locks |= 1 << o.side
    pos.lb_used = True
    after_action(pos)


def _play_unlock(pos: Position, action: Action, o: Unlock) -> None:
    pos.pools[pos.turn][LOCKS] -= 1  # K-INV-3: both locks leave play
    pos.locks &= ~(1 << o.side)
    pos.locks_out += 2
    after_action(pos)


def _play_mischief_drop(pos: Position, action: Action, o: MischiefDrop) -> None:
    seat = pos.turn
    if o.piece is None:
        pos.pools[seat][LOCKS] -= 1
        pos.locks |= 1 << o.target
    else:
        pos.pools[seat][_POOL_OF[action.kind]] -= 1
        pos.set_line(o.target, o.piece)
    end_turn(pos)  # KNB-8: the drop is the whole turn


def _play_mischief_stop(pos: Position, action: Action, o: MischiefStop) -> None:
    pos.stopped.append(pos.turn)
    end_turn(pos)


def _play_end(pos: Position, action: Action, o: Outcome) -> None:
    end_turn(pos)


def _play_forced_pass(pos: Position, action: Action, o: ForcedPass) -> None:
    end_turn(pos, forced_pass=True)


def _play_roll(pos: Position, action: Action, o: SetupRoll) -> None:
    place(pos, o)


# outcome type -> how it is applied; each function takes an outcome of its key's type (Any:
# the type system has no way to tie a value's parameter type to its key)
_PLAY: dict[type[Outcome], Callable[[Position, Action, Any], None]] = {
    Step: _play_step, Leapfrog: _play_leapfrog, LeapIntoPortal: _play_leap_into_portal,
    Teleport: _play_teleport, DoorMove: _play_door,
    ExitOnto: _play_exit_onto, ExitLeap: _play_exit_leap, ExitBump: _play_exit_bump,
    ExitIntoPortal: _play_exit_into_portal, BumpedOut: _play_bumped_out,
    BumpTo: _play_bump_to, BumpThrough: _play_bump_through,
    Drop: _play_drop, LockDrop: _play_lock_drop, LockBehind: _play_lock_behind, Unlock: _play_unlock,
    MischiefDrop: _play_mischief_drop, MischiefStop: _play_mischief_stop, MischiefPass: _play_end,
    EndTurn: _play_end, ForcedPass: _play_forced_pass, SetupRoll: _play_roll,
}
if set(_PLAY) != set(OUTCOMES):  # a new kind of outcome must say how it is applied
    raise RuntimeError(f"engine.play does not apply: {sorted(t.__name__ for t in set(OUTCOMES) - set(_PLAY))}")


# --- the end of a move, a turn, a round ---------------------------------------------------


def finish_move(pos: Position) -> None:
    """After a complete move: Tadaima ends the turn at once (K-ROUND-1, K-TURN-7)."""
    pos.pending = None
    seat = pos.turn
    pos.moved = True
    sq = pos.runners[seat]
    rules = pos.rules
    if sq in rules.geometry.corners:
        # a runner put out of the race stays out for the round (K-ROUND-4, KNB-14): no Tadaima
        if sq != START_SQUARE[seat] and pos.held[seat] >= rules.stones_needed and seat not in pos.stranded:
            pos.homes.append((seat, sq))
            end_turn(pos)
            return
        if rules.halfway_home and pos.held[seat] == 1 and not pos.reached_halfway(seat):
            pos.halfway.append((seat, sq))  # any corner, the start included (2-Player v2.0)
    after_action(pos)


class _Found(Exception):
    """An allowed action was found: the only question ``_AnyAllowed`` answers."""


class _AnyAllowed(Ledger):
    """A ledger that stops at the first allowed action (is there any?): the generators call
    ``allow`` for each, so this answers as soon as one exists instead of listing all."""

    __slots__ = ()

    def allow(self, action, outcome) -> None:
        raise _Found


def after_action(pos: Position) -> None:
    """Offer the optional extras if any is legal, else the turn ends by itself (K-TURN-1)."""
    pos.phase = _EXTRAS
    try:
        extras(pos, pos.turn, _AnyAllowed(), with_end=False)
    except _Found:
        return
    end_turn(pos)


def end_turn(pos: Position, *, forced_pass: bool = False) -> None:
    rules = pos.rules
    pos.bump_banned = pos.bumped_this_turn  # K-TURN-6 reads this when its option is on
    pos.turns_played += 1
    pos._reset_turn()
    strand(pos)  # KNB-11 (1): a runner that can never finish leaves the race (its player plays on, K-ROUND-4)
    if len(pos.homes) >= rules.tadaimas_to_end or not any(pos.is_racing(s) for s in rules.seats):
        pos.phase = _OVER  # K-ROUND-2, or KNB-11 (3): nobody still racing
        return
    seats = rules.seats
    i = seats.index(pos.turn)
    for k in range(1, len(seats) + 1):
        nxt = seats[(i + k) % len(seats)]
        if pos.is_playing(nxt):  # K-TURN-5: finished players are skipped (unless Mischief); K-ROUND-4: not stranded ones
            pos.turn = nxt
            pos.phase = _MAIN
            break
    else:
        pos.phase = _OVER
        return
    if forced_pass and deadlocked(pos, _only_pass):  # KNB-11 (2), K-ROUND-4: nothing can ever change
        pos.stranded += [s for s in seats if pos.is_racing(s)]
        pos.phase = _OVER


def _only_pass(pos: Position) -> bool:
    return all(isinstance(o, (ForcedPass, MischiefPass, MischiefStop)) for o in ledger(pos).outcomes)
