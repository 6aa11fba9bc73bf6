"""Is a Kabetopo position one the rules could reach?  ``problems`` says why not.

* ``structural_problems``: what makes a position impossible to play from (two runners on
  one square, a lock on a line with no portal or door, a mid-turn state that does not
  fit, ...); ``parse_position`` refuses these.
* ``count_problems``: piece counts a real game could not reach (K-INV-4, K-SETUP-2);
  hand-made positions often leave the pools at their defaults while adding pieces, so
  these are only reported.
* ``problems``: all of the above, portals on a corner square's lines (K-INV-2), a setup
  that cannot finish (K-SETUP-1) and the board's invariants (K-INV-1, ``invariants.py``)
  where no play could have broken them (KNB-13).  A save's start must have none.
"""
from __future__ import annotations

from .geometry import LINES, line_name, side_line, side_name, square_name
from .invariants import NEIGHBOUR_MASK, fill, runner_squares, violations
from .position import KIND, SETUP, ExitMode, PendingBump, PendingExit, Phase, Piece, Position, count_pieces
from .rules import SEAT_LETTERS
from .setup import full_field


def bump_square(pos: Position) -> int | None:
    """The Mountain whose runner is being bumped (K-MTN-3): it holds two runners until then.

    That is during the bump decision, and during the exit choice of a bump through a portal
    (the bumped runner stays on the Mountain until its exit is chosen).
    """
    p = pos.pending
    if pos.phase == Phase.BUMP and isinstance(p, PendingBump):
        return p.mountain
    if pos.phase == Phase.EXIT and isinstance(p, PendingExit) and p.mode == ExitMode.BUMPED:
        return pos.runners[p.runner]
    return None


def structural_problems(pos: Position) -> list[str]:
    """What makes a position impossible to play from (not the K-INV-1 invariants: see ``problems``)."""
    rules = pos.rules
    out = []
    corners = rules.geometry.corners
    squares: dict[int, int] = {}
    for seat in rules.seats:
        sq = pos.runners[seat]
        bumping = sq == bump_square(pos)
        if sq in squares and sq not in corners and not bumping:
            out.append(f"{SEAT_LETTERS[squares[sq]]} and {SEAT_LETTERS[seat]} share {square_name(sq)}; only corners hold several runners (K-MOVE-2)")
        squares.setdefault(sq, seat)
        if pos.held[seat] > rules.stones_needed:
            out.append(f"{SEAT_LETTERS[seat]} carries {pos.held[seat]} stones; at most {rules.stones_needed} (K-MTN-4)")
    for sd in pos.lock_sides():
        ln = side_line(sd)
        if pos.lines[ln] & KIND not in (Piece.PORTAL, Piece.WALL):
            out.append(f"the lock on {side_name(sd)} stands on a line with no portal or wall (K-GEO-3)")
    setups = {Piece.MONOLITH: 0, Piece.PORTAL: 0}
    for ln in LINES:
        if pos.lines[ln] & SETUP:
            setups[pos.lines[ln] & KIND] += 1
    if pos.phase == Phase.SETUP and sum(setups.values()) != pos.setup_step:
        out.append(f"phase=setup with setup={pos.setup_step} but {sum(setups.values())} setup pieces on the board")
    elif pos.phase == Phase.SETUP and pos.setup_step >= rules.setup_monoliths + rules.setup_portals:
        out.append(f"phase=setup with all {pos.setup_step} setup pieces placed: the Field Setup is over (K-SETUP-2)")
    for ln in pos.lb_portals:
        if pos.lines[ln] & KIND != Piece.PORTAL:
            out.append(f"lb: {line_name(ln)} holds no portal to have teleported through (K-TURN-10)")
    p = pos.pending
    if pos.phase == Phase.EXIT and not isinstance(p, PendingExit):
        out.append("phase=exit needs a pending exit")
    if pos.phase == Phase.BUMP and not isinstance(p, PendingBump):
        out.append("phase=bump needs a pending bump")
    if p is not None and pos.phase not in (Phase.EXIT, Phase.BUMP):
        out.append("a pending exit or bump only belongs to phase exit or bump")
    if isinstance(p, PendingExit) and pos.lines[p.entry] & KIND != Piece.PORTAL:
        out.append("the pending exit's entry line holds no portal")
    if isinstance(p, PendingBump):
        if p.mountain not in rules.geometry.mountains or pos.runners[p.runner] != p.mountain:
            out.append("a pending bump needs the bumped runner on a Mountain site")
    for seat in pos.stranded:
        if pos.is_finished(seat):
            out.append(f"{SEAT_LETTERS[seat]} is home (Tadaima) and cannot also be stranded (KNB-11)")
    if len(set(pos.stranded)) != len(pos.stranded):
        out.append("a seat is stranded twice")
    if len(set(pos.stopped)) != len(pos.stopped):
        out.append("a seat has stopped its Mischief twice")
    if pos.phase == Phase.MAIN and not pos.is_playing(pos.turn):
        out.append(f"{SEAT_LETTERS[pos.turn]} has declared Tadaima or is out of the race and cannot be the one to move")
    return out


def count_problems(pos: Position) -> list[str]:
    """Piece counts a real game could not reach (K-INV-4, K-SETUP-2).

    Hand-made positions often leave the pools at their defaults while adding pieces, so
    these are reported by ``KabetopoState.problems()`` rather than refused on parsing.
    """
    rules = pos.rules
    out = []
    totals = rules.totals(pos.round_number)
    for name, n in count_pieces(pos).items():
        if n > totals[name]:
            out.append(f"K-INV-4: {n} {name} in play; {rules.name} has only {totals[name]}")
    setups = {Piece.MONOLITH: 0, Piece.PORTAL: 0}
    for ln in LINES:
        if pos.lines[ln] & SETUP:
            setups[pos.lines[ln] & KIND] += 1
    if setups[Piece.MONOLITH] > rules.setup_monoliths or setups[Piece.PORTAL] > rules.setup_portals:
        out.append("K-SETUP-2: more setup pieces than the ruleset sets up")
    return out


def portal_problems(pos: Position) -> list[str]:
    """Portals where none may stand: on a corner square's lines (K-INV-2; the boundary
    holds no line at all, K-GEO-3)."""
    return [f"K-INV-2: a portal stands on {line_name(ln)}, a line of a corner square"
            for ln in sorted(pos.rules.geometry.corner_lines()) if pos.lines[ln] & KIND == Piece.PORTAL]


def setup_problems(pos: Position) -> list[str]:
    """A setup that can never finish: the current 2x2 field has no line left for its piece."""
    why = full_field(pos)
    return [f"K-SETUP-1: {why}"] if why else []


def came_down_into(pos: Position, sq: int) -> bool:
    """Could a runner on ``sq`` have got there by moves although K-INV-1 fails for it?
    Only by stepping down from a Mountain site (K-MTN-2) or being bumped off it (K-MTN-3)
    into a pocket: the squares it can walk to then include a neighbour of that site (KNB-13)."""
    near = 0
    for m in pos.rules.geometry.mountains:
        near |= NEIGHBOUR_MASK[m]
    return bool(fill(1 << sq, pos.open_e, pos.open_n, 0, 0) & near)


def invariant_problems(pos: Position) -> list[str]:
    """The K-INV-1 failures no play can produce (KNB-13): every one but those of runners
    that came down from the Mountain into a pocket (K-INV-5 lets moves do that)."""
    probe = pos
    for seat, sq in runner_squares(pos):
        if came_down_into(pos, sq):
            if probe is pos:
                probe = pos.copy()
            probe.runners[seat] = None  # its own (a) and (b) are no problem
    return [f"{rid}: {why}" for rid, why in violations(probe)]


def problems(pos: Position) -> list[str]:
    """Why ``pos`` is not a Kabetopo position the rules can reach (empty when it is)."""
    return (structural_problems(pos) + count_problems(pos) + portal_problems(pos) + setup_problems(pos)
            + invariant_problems(pos))
