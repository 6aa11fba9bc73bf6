"""Is a Kabetopo position one the rules could reach?  ``problems`` says why not.

* ``structural_problems``: what makes a position impossible to play from (two runners on
  one square, a lock on a line with no portal or door, a mid-turn state that does not
  fit, ...); ``parse_position`` refuses these.
* ``count_problems``: piece counts a real game could not reach (K-INV-4, K-SETUP-2);
  hand-made positions often leave the pools at their defaults while adding pieces, so
  these are only reported.
* ``problems``: all of the above, portals on a corner square's lines (K-INV-2), a setup
  that cannot finish (K-SETUP-1) and the board's invariants (K-INV-1, ``invariants.py``)
  where no play could have broken them, and corners or Mountain sites that nothing reaches
  (KNB-13).  A save's start must have none.
"""
from __future__ import annotations

from .geometry import LINES, SIZE, line_name, side_line, side_name, square_name
from .invariants import fill, runner_squares, violations
from .position import KIND, SETUP, ExitMode, PendingBump, PendingExit, Phase, Piece, Position, count_pieces
from .rules import SEAT_LETTERS
from .setup import full_field
from .topology import teleports
from .trial import trying


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
        if sq is not None:  # (a runner off the board shares no square)
            bumping = sq == bump_square(pos)
            if sq in squares and sq not in corners and not bumping:
                out.append(f"{SEAT_LETTERS[squares[sq]]} and {SEAT_LETTERS[seat]} share {square_name(sq)}; "
                           "only corners hold several runners (K-MOVE-2)")
            squares.setdefault(sq, seat)
        if pos.held[seat] > rules.stones_needed:
            out.append(f"{SEAT_LETTERS[seat]} carries {pos.held[seat]} stones; at most {rules.stones_needed} (K-MTN-4)")
    for sd in pos.lock_sides():
        ln = side_line(sd)
        if ln is None or pos.lines[ln] & KIND not in (Piece.PORTAL, Piece.WALL):  # (the boundary is no line)
            out.append(f"the lock on {side_name(sd)} stands on a line with no portal or wall (K-GEO-3)")
    setups: dict[int, int] = {Piece.MONOLITH: 0, Piece.PORTAL: 0}  # by ``piece & KIND``
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
    if isinstance(p, PendingExit):
        if pos.lines[p.entry] & KIND != Piece.PORTAL:
            out.append("the pending exit's entry line holds no portal")
        facing = p.origin if p.mode == ExitMode.OWN else pos.runners[p.runner] if p.mode == ExitMode.BUMPED else None
        if facing is not None and p.side >> 2 != facing:
            out.append(f"the pending exit went in by {side_name(p.side)}, a side that does not face "
                       f"{square_name(facing)}, the square it went in from")
        for sd in p.entered:
            ln = side_line(sd)
            if ln is None or pos.lines[ln] & KIND != Piece.PORTAL:
                out.append(f"the pending exit went in by {side_name(sd)} before, a side of no portal")
        if len(set(p.sides_entered)) != len(p.sides_entered):
            out.append("the pending exit went in by one portal side twice (K-LEAP-6)")
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
        out.append(f"{SEAT_LETTERS[pos.turn]} has declared Tadaima and cannot be the one to move (K-TURN-5)")
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
    setups: dict[int, int] = {Piece.MONOLITH: 0, Piece.PORTAL: 0}  # by ``piece & KIND``
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


def reach_from_the_mountain(pos: Position) -> tuple[int, int]:
    """(squares, missing): every square moves can reach from a Mountain site (any site, in
    the 2-player game's Mountain and Summit), and the corners and Mountain sites that the
    best-placed site cannot reach (0 on any board play can lead to, KNB-13)."""
    geo = pos.rules.geometry
    targets = geo.corner_mask | geo.mountain_mask
    hub = teleports(pos).hub
    squares, missing = 0, targets
    for m in geo.mountains:
        reach = fill(1 << m, pos.open_e, pos.open_n, hub, geo.mountain_mask)
        squares |= reach
        if (targets & ~reach).bit_count() < missing.bit_count():
            missing = targets & ~reach
    return squares, missing


def invariant_problems(pos: Position) -> list[str]:
    """The K-INV-1 failures no play can produce (KNB-13).

    Every board after a drop, a door swing or a setup placement keeps K-INV-1 (K-INV-5), and
    on such a board some Mountain site reaches every corner and every site: a runner reaches
    them all, and the first site on its way is joined to it by two-way moves (steps and
    teleports), so that site reaches all the runner reaches.  Moves never change a line and
    unlocking only opens one, so this stays true: a corner or site that no Mountain site
    reaches is always a problem.  A runner may break (a) or (b) only by having come down from
    a Mountain site into a pocket (stepping down, K-MTN-2, or bumped off, K-MTN-3, neither
    checked): its square is then one a Mountain site reaches.  Any other runner's failures
    are problems.
    """
    from_mountain, missing = reach_from_the_mountain(pos)
    out = []
    if missing:
        names = ", ".join(square_name(sq) for sq in range(SIZE * SIZE) if missing >> sq & 1)
        out.append(f"K-INV-1: nothing reaches {names}, not even a runner stepping down from the Mountain; moves never "
                   "close a line, and every drop and door swing keeps them reachable, so no play leads here (KNB-13)")
    # a runner a Mountain site reaches may have come down into a pocket: its own (a) and (b)
    # are no problem, so it is set aside
    aside: dict[int, int | None] = {seat: None for seat, sq in runner_squares(pos) if from_mountain >> sq & 1}
    with trying(pos, runners=aside):
        return out + [f"{rid}: {why}" for rid, why in violations(pos)]


def problems(pos: Position) -> list[str]:
    """Why ``pos`` is not a Kabetopo position the rules can reach (empty when it is)."""
    return (structural_problems(pos) + count_problems(pos) + portal_problems(pos) + setup_problems(pos)
            + invariant_problems(pos))
