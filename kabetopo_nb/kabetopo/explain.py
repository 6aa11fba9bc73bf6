"""``explain(position, action)``: legal or not, which rulings decide it, and why, in our words.

Nothing here decides a rule.  The verdict is read from the decision's ledger, written by
the code that decides (``engine.py``, ``movement.py``, ``resources.py``, ``setup.py``):

* an allowed action is described from its recorded outcome (``describe``; every kind of
  outcome has its sentence, checked when this module loads);
* a refused candidate carries the ruling and sentence its generator gave;
* an action the generators never considered gets a short reason about its form
  (``shape``): malformed, not part of this decision, not next to the runner.

``options_at(position, "d5")`` lists every candidate of the decision that targets one
square or line, legal or not, with its verdict: "why can't I go there?".

Every verdict names the seat and the decision it judged (KNB-16: "South, main action");
``KabetopoState.explain(action, seat=...)`` answers about a given seat, at its next turn
when another seat decides (``engine.asked_of``; ``no_more_turns`` when it has none).  A legal verdict also lists its ``consequences``, found by applying
the action to a copy: a stone taken, the scoring events (``scoring.events``), a bump and
where the bumped runner may go, the end of the turn.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from ..core.ledger import Ledger, verdict
from ..core.state import CHANCE
from ..core.verdict import SettingError, Verdict
from . import engine
from .actions import ARGS, DROP_KINDS, MOVE_KINDS, Action, Kind
from .geometry import (
    IS_LINE,
    LINE_OF,
    NUM_LINE_IDS,
    NUM_SQUARES,
    line_name,
    line_of_side,
    other_side,
    parse_line,
    parse_square,
    side_name,
    side_words,
    square_name,
)
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
from .position import Bonus, ExitMode, PendingBump, PendingExit, Phase, Position
from .rules import seat_name
from .scoring import events


def explain(pos: Position, action: object, why: Ledger | None = None, *, asked: str | None = None) -> Verdict:
    """A verdict for any action in ``pos``, legal or not (``why``: the decision's ledger, if built).

    The verdict names the seat whose decision it judged and that decision (KNB-16); for a
    legal action it lists what the action brings about (``consequences``).  ``asked``: how
    the decision was reached when it is not the one in play (``NEXT_TURN``, KNB-16:
    ``KabetopoState.explain(action, seat=...)``).
    """
    if why is None:
        why = engine.ledger(pos, why=True)
    said = verdict(why, action, describe=lambda a, o: describe(pos, a, o), shape=lambda a: shape(pos, a))
    then: tuple[str, ...] = ()
    if said.legal:
        i = why.index(action)
        then = consequences(pos, why.actions[i], why.outcomes[i])
    seat, kind = judged(pos)
    return replace(said, seat=seat, decision=kind + (asked or ""), consequences=then)


def judged(pos: Position) -> tuple[str | None, str]:
    """(the seat whose decision is judged in ``pos``, or None for a d12 roll or a round
    that is over; the kind of decision: "main action", "Mischief", "extras", ...)."""
    d = engine.decision(pos)
    return (None if d.seat in (None, CHANCE) else d.seat), d.kind


NEXT_TURN = " of its next turn, on the board as it stands"  # how a verdict names a decision KNB-16 looked ahead to


def no_more_turns(pos: Position, seat: int) -> Verdict:
    """KNB-16 (3): the answer about a seat that takes no more turns this round, and why."""
    who = seat_name(seat)
    rules = pos.rules
    if pos.phase == Phase.OVER:
        why: tuple[tuple[str, ...], str] = (("K-ROUND-2",), "the round is over: no more actions")
    elif not rules.mischief:
        why = ("K-TURN-5", "K-ROUND-1"), f"{who} has declared Tadaima and takes no more turns this round"
    elif rules.no_drops:
        why = ("KNB-15",), f"{who} has declared Tadaima, and with no drops this round there is no Mischief to make"
    elif seat in pos.stopped:
        why = ("KNB-8",), f"{who} has stopped making Mischief for the rest of the round"
    else:
        why = ("KNB-8",), f"{who} has declared Tadaima and has nothing left in the pool to make Mischief with"
    return Verdict(False, *why, seat=who, decision="no more turns this round")


# --- what a legal action brings about ----------------------------------------------------


def consequences(pos: Position, action: Action, outcome: Outcome) -> tuple[str, ...]:
    """What applying ``action`` in ``pos`` brings about that a referee is asked about, one
    sentence each: a stone taken, the scoring events (First and Second Stone, Halfway Home,
    a Tadaima and its place, the round's end: ``scoring.events``), a runner bumped off a
    Mountain site and where it may go, a runner put out of the race, and the end of the
    turn.  Worked out by applying the action on a copy, so the rules are decided where they
    always are."""
    after = pos.copy()
    engine.play(after, action, outcome)
    out = []
    for s in pos.rules.seats:
        if after.held[s] > pos.held[s]:
            sq = after.square_of(s)
            site = pos.rules.geometry.mountains.index(sq)
            left = after.site_stones[site]
            out.append(f"{seat_name(s)}'s runner takes a stone on {square_name(sq)} ({left} left there) (K-MTN-4).")
    if (after.held != pos.held or after.halfway != pos.halfway or after.homes != pos.homes
            or after.phase == Phase.OVER):
        out += [_sentence(e) for e in events(pos, after)]
    if after.phase == Phase.BUMP and pos.phase != Phase.BUMP:
        bump = cast(PendingBump, after.pending)
        places = _listed(engine.ledger(after).actions)
        out.append(f"{seat_name(bump.runner)}'s runner is bumped off {square_name(bump.mountain)}, and "
                   f"{seat_name(after.turn)} chooses where it goes: {places} (K-MTN-3).")
    elif (after.phase == Phase.EXIT and pos.phase == Phase.BUMP
          and cast(PendingExit, after.pending).mode == ExitMode.BUMPED):
        exits_ = _listed(engine.ledger(after).actions)
        out.append(f"{seat_name(after.turn)} then chooses where it comes out: {exits_} (K-MTN-3).")
    for s in after.stranded[len(pos.stranded):]:
        out.append(f"{seat_name(s)}'s runner can never reach its next target now and is out of the race "
                   "(K-ROUND-4, KNB-11).")
    if after.turns_played > pos.turns_played and after.phase != Phase.OVER:
        d = engine.decision(after)
        out.append(f"{seat_name(pos.turn)}'s turn ends; {d.seat} plays next ({d.kind}).")
    return tuple(out)


def _sentence(event: str) -> str:
    return event if event.endswith((".", "!")) else event + "."


def _listed(actions: list[Action]) -> str:
    names = [f"'{a}'" for a in actions]
    if len(names) <= 1:
        return "".join(names) or "nowhere"
    return ", ".join(names[:-1]) + " or " + names[-1]


# --- allowed actions, described from their outcome --------------------------------------


def describe(pos: Position, action: Action, outcome: Outcome) -> tuple[tuple[str, ...], str]:
    """(rulings, sentence) for an allowed ``action`` whose recorded outcome is ``outcome``."""
    return outcome.rulings, _SENTENCES[type(outcome)](pos, action, outcome)


def _who(pos: Position) -> str:
    return seat_name(pos.turn)


def _how(pos: Position, action: Action) -> str:
    if action.speed:
        return " with the speed token"
    if pos.phase == Phase.EXTRAS:
        return " as the bonus " + ("teleport" if pos.bonus == Bonus.TELEPORT else "move")
    return ""


def _step(pos: Position, action: Action, o: Step) -> str:
    extra = ""
    if o.across:
        extra = ", stepping down from the Mountain across the line"
    if o.bumps is not None:
        extra = " and bumps the runner there"
    return f"{_who(pos)} steps from {square_name(o.origin)} to {square_name(o.dest)}{_how(pos, action)}{extra}."


def _leapfrog(pos: Position, action: Action, o: Leapfrog) -> str:
    return f"{_who(pos)} leapfrogs from {square_name(o.origin)} to {square_name(o.dest)}{_how(pos, action)}."


def _portal_by(side: int) -> str:
    """The portal a runner goes into by ``side``: its line, and the side when that is the
    line's other face (K-LEAP-6 counts sides)."""
    line = line_name(line_of_side(side))
    return line if side_name(side) == line else f"{line} from the {square_name(side >> 2)} side"


def _leap_into_portal(pos: Position, action: Action, o: LeapIntoPortal) -> str:
    return f"{_who(pos)} leapfrogs into the portal on {_portal_by(o.side)}{_how(pos, action)} (option)."


def _teleport(pos: Position, action: Action, o: Teleport) -> str:
    return (f"{_who(pos)} enters the portal on {line_name(line_of_side(o.side))}{_how(pos, action)}; "
            "the exit is chosen next.")


def _door(pos: Position, action: Action, o: DoorMove) -> str:
    bump = "" if o.bumps is None else (f", bumping {seat_name(o.bumps)}'s runner (the board is checked after the "
                                       "bump)")
    return (f"{_who(pos)} swings the door on {line_name(line_of_side(o.door))} "
            f"onto {line_name(line_of_side(o.swing_to))} "
            f"and steps to {square_name(o.dest)}{_how(pos, action)}{bump}.")


def _continuing(o) -> str:
    return " (the leapfrog goes on as a teleport)" if o.continuing else ""


def _exit_onto(pos: Position, action: Action, o: ExitOnto) -> str:
    return f"Out of the portal on {line_name(line_of_side(o.side))} onto {square_name(o.square)}{_continuing(o)}."


def _checked(o) -> str:
    return "; the board keeps K-INV-1 with it there (door move)" if o.door else ""


def _bumped_out(pos: Position, action: Action, o: BumpedOut) -> str:
    return f"Out of the portal on {line_name(line_of_side(o.side))} onto {square_name(o.square)}{_checked(o)}."


def _exit_leap(pos: Position, action: Action, o: ExitLeap) -> str:
    return (f"Out of the portal on {line_name(line_of_side(o.side))}: {square_name(o.side >> 2)} is taken, "
            f"so the runner leapfrogs to {square_name(o.dest)}{_continuing(o)}.")


def _exit_bump(pos: Position, action: Action, o: ExitBump) -> str:
    return f"Out onto the occupied Mountain {square_name(o.mountain)}: its runner is bumped{_continuing(o)}."


def _exit_into_portal(pos: Position, action: Action, o: ExitIntoPortal) -> str:
    return (f"Out of the portal on {line_name(line_of_side(o.side))}: {square_name(o.side >> 2)} is taken, so the "
            f"runner leapfrogs into the portal on {_portal_by(o.next_side)} and chooses another exit (option).")


def _bump_to(pos: Position, action: Action, o: BumpTo) -> str:
    return f"{_who(pos)} puts {seat_name(o.runner)}'s runner on {square_name(o.square)}{_checked(o)}."


def _bump_through(pos: Position, action: Action, o: BumpThrough) -> str:
    return (f"{_who(pos)} pushes {seat_name(o.runner)}'s runner into the portal on {line_name(line_of_side(o.side))}; "
            "its exit is chosen next.")


def _drop(pos: Position, action: Action, o: Drop) -> str:
    bonus = ""
    if o.bonus == Bonus.MOVE:
        bonus = "; a bonus move follows (K-TURN-2)"
    elif o.bonus == Bonus.TELEPORT:
        bonus = "; it touches the runner's square, so a bonus teleport follows (K-TURN-2)"
    return f"{_who(pos)} drops a {o.piece.noun} on {line_name(o.line)}{bonus}."


def _lock_drop(pos: Position, action: Action, o: LockDrop) -> str:
    return f"{_who(pos)} locks {side_words(o.side)}; a bonus move follows."


def _lock_behind(pos: Position, action: Action, o: LockBehind) -> str:
    return f"{_who(pos)} locks {side_words(o.side)} behind the teleport (no bonus move)."


def _unlock(pos: Position, action: Action, o: Unlock) -> str:
    return f"{_who(pos)} spends a lock to remove the lock on {side_words(o.side)}; both leave play."


def _mischief_drop(pos: Position, action: Action, o: MischiefDrop) -> str:
    what = f"a lock on {side_words(o.target)}" if o.piece is None else f"a {o.piece.noun} on {line_name(o.target)}"
    return f"{_who(pos)} makes Mischief: {what}, and that is the whole turn."


def _end(pos: Position, action: Action, o: EndTurn) -> str:
    return f"{_who(pos)} ends the turn."


def _forced_pass(pos: Position, action: Action, o: ForcedPass) -> str:
    return f"{_who(pos)} has no legal action and passes."


def _mischief_pass(pos: Position, action: Action, o: MischiefPass) -> str:
    return f"{_who(pos)} makes no Mischief this turn."


def _mischief_stop(pos: Position, action: Action, o: MischiefStop) -> str:
    return f"{_who(pos)} stops making Mischief for the rest of the round."


def _roll(pos: Position, action: Action, o: SetupRoll) -> str:
    return f"d12 roll {o.label}: {o.account}"


# outcome type -> its sentence; each function takes an outcome of its key's type (Any: the
# type system has no way to tie a value's parameter type to its key)
_SENTENCES: dict[type[Outcome], Callable[[Position, Action, Any], str]] = {
    Step: _step, Leapfrog: _leapfrog, LeapIntoPortal: _leap_into_portal, Teleport: _teleport, DoorMove: _door,
    ExitOnto: _exit_onto, ExitLeap: _exit_leap, ExitBump: _exit_bump, ExitIntoPortal: _exit_into_portal,
    BumpedOut: _bumped_out, BumpTo: _bump_to, BumpThrough: _bump_through,
    Drop: _drop, LockDrop: _lock_drop, LockBehind: _lock_behind, Unlock: _unlock, MischiefDrop: _mischief_drop,
    EndTurn: _end, ForcedPass: _forced_pass, MischiefPass: _mischief_pass, MischiefStop: _mischief_stop,
    SetupRoll: _roll,
}
if set(_SENTENCES) != set(OUTCOMES):  # a new kind of outcome must come with its sentence
    raise RuntimeError(f"explain.describe has no sentence for: "
                       f"{sorted(t.__name__ for t in set(OUTCOMES) - set(_SENTENCES))}")


# --- actions the generators never considered: their form ----------------------------------


def malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed Kabetopo action, or None."""
    if not isinstance(action, Action):
        return f"{action!r} is not a Kabetopo action"
    try:
        spec = ARGS.get(action.kind)
    except TypeError:
        spec = None
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


def shape(pos: Position, action: object) -> tuple[tuple[str, ...], str]:
    """The reason for an action no generator considered: its form, never a rule of play."""
    bad = malformed(action)
    if bad:
        return ("K-TURN-1",), bad
    assert isinstance(action, Action)  # malformed() said why anything else is not one
    ruling, reason = _shape(pos, action)
    return (ruling,), reason


def _shape(pos: Position, action: Action) -> tuple[str, str]:
    kind = action.kind
    phase = pos.phase
    if phase == Phase.OVER:
        return "K-ROUND-2", "the round is over: no more actions"
    if phase == Phase.SETUP:
        if kind != Kind.ROLL:
            return "K-SETUP-1", "the board is still being set up: the next decision is a d12 roll"
        return "K-SETUP-1", "a d12 shows a number from 1 to 12"
    if kind == Kind.ROLL:
        return "K-SETUP-3", "the setup is over: dice are rolled only during the 2x2 Field Setup"
    if phase == Phase.EXIT:
        if kind != Kind.EXIT:
            return "K-TURN-7", "a teleport is under way: choose where the runner comes out first"
        return "K-PORT-2", f"there is no portal on {line_name(line_of_side(action.a))} to come out of"
    if phase == Phase.BUMP:
        if kind not in (Kind.BUMP, Kind.BUMP_THROUGH):
            return "K-TURN-7", "a runner has been bumped off the Mountain: choose where it goes first"
        if kind == Kind.BUMP:
            return "K-MTN-3", (f"a bumped runner goes to a square next to the Mountain, and "
                               f"{square_name(action.a)} is not")
        return "K-MTN-3", "a bumped runner goes through a portal on one of the Mountain's own sides"
    if kind == Kind.PASS:
        return "K-TURN-5", "a player who has a legal action may not pass (to finish the turn, end it: 'end')"
    if kind == Kind.STOP:
        return "K-SET-1", "only a player who has declared Tadaima can stop, under the Mischief expansion"
    if kind == Kind.EXIT:
        return "K-PORT-2", "no teleport is under way, so there is no exit to choose"
    if kind in (Kind.BUMP, Kind.BUMP_THROUGH):
        return "K-MTN-3", "nobody is being bumped off the Mountain now"
    seat = pos.turn
    if phase == Phase.MAIN and pos.is_finished(seat):
        return "KNB-8", ("a finished player's Mischief turn is one drop of a wall, monolith, portal or lock, "
                         "a pass, or stop")
    if phase == Phase.MAIN:
        if kind == Kind.END:
            return "K-TURN-1", "the turn's main action (a move or a resource) comes before ending the turn"
        if action.speed:
            return "K-TURN-7", "the main action comes first; the speed token is cashed in after it"
    elif kind in DROP_KINDS or kind == Kind.UNLOCK:
        return "K-TURN-1", "one resource per turn: the main action has been taken"
    if action.is_move:
        return _shape_of_move(pos, seat, action)
    return "K-TURN-1", f"{action} is not among the legal actions of this decision"


def _shape_of_move(pos: Position, seat: int, action: Action) -> tuple[str, str]:
    """A move the generators did not consider: it does not start from the runner's square."""
    kind = action.kind
    sq = pos.square_of(seat)
    if kind in (Kind.STEP, Kind.LEAP) and action.a == sq:
        return "K-MOVE-3", "a move must take the runner to another square"
    if kind == Kind.STEP:
        return "K-MOVE-1", (f"{square_name(action.a)} is not orthogonally next to {square_name(sq)}: a step goes "
                            "one square, never diagonally")
    if kind == Kind.LEAP:
        return "K-LEAP-1", "a leapfrog goes in a straight line; angled jumps are not allowed"
    if kind == Kind.LEAP_PORTAL:
        if not pos.rules.leap_into_portal:
            return "K-LEAP-2", ("a leapfrog may not cross a portal line behind the jumped runner (the option that "
                                "allows it is off)")
        return "K-LEAP-2", "this leapfrog does not lead into that portal"
    if kind == Kind.TELEPORT:
        return "K-PORT-2", (f"the runner on {square_name(sq)} can only enter a portal on one of its own "
                            "square's sides")
    if action.a >> 2 != sq:  # a door
        return "K-DOOR-2", f"the runner on {square_name(sq)} can only open a door on its own square's side"
    dest = other_side(action.a) >> 2  # the square beyond the door (malformed() refused a side on the boundary)
    return "K-DOOR-2", (f"the door swings about one of its ends onto a side line of {square_name(dest)}, the "
                        "square beyond it")


# --- "why not here?" ---------------------------------------------------------------------


def targets(action: Action) -> tuple[set[int], set[int]]:
    """(squares, lines) an action points at, as a player would click them."""
    kind = action.kind
    squares: set[int] = set()
    lines: set[int] = set()
    spec = ARGS.get(kind, ())
    for arg, value in zip(spec, (action.a, action.b), strict=False):
        if arg == "square":
            squares.add(value)
        elif arg == "line":
            lines.add(value)
        elif arg == "side":
            lines.add(line_of_side(value))
    if kind == Kind.DOOR:
        squares.add(action.b >> 2)
    if kind == Kind.EXIT:
        squares.add(action.a >> 2)
    return squares, lines


def options_at(pos: Position, target: str | int, why: Ledger | None = None) -> list[tuple[Action, Verdict]]:
    """Every candidate of the current decision that targets ``target``, with its verdict.

    ``target`` is a square (``"d5"``) or a line, by either of its side names (``"c4n"`` or
    ``"c5s"``).  Allowed actions come first, in the order of the legal actions.
    """
    if isinstance(target, str) and len(target) == 2:
        square, line = parse_square(target), None
    elif isinstance(target, str):
        square, line = None, parse_line(target)
    else:
        raise SettingError(f"a target is a square or line name such as 'd5' or 'c4n', not {target!r}")
    if why is None:
        why = engine.ledger(pos, why=True)
    out = []
    for action in why.candidates():
        squares, lines = targets(action)
        if (square is not None and square in squares) or (line is not None and line in lines):
            out.append((action, explain(pos, action, why)))
    return out

