"""Is a Kabetopo position one the rules could reach?  ``problems`` says why not.

* ``structural_problems``: what makes a position impossible to play from (two runners on
  one square, a lock on a line with no portal or door, a mid-turn state that does not
  fit, ...); ``parse_position`` refuses these.
* ``count_problems``: piece counts a real game could not reach (K-INV-4, K-SETUP-2);
  hand-made positions often leave the pools at their defaults while adding pieces, so
  these are only reported, and pools all at their defaults are not counted (KNB-17).
* ``scoring_problems``: scoring fields that do not agree with the board (stones taken,
  Halfway Home, Tadaima, Mischief stopped, the round's end): a forged field would hand out
  points no play earned.  (``stranded`` is not held against the board: see
  ``scoring_problems``.)
* ``problems``: all of the above, portals on a corner square's lines (K-INV-2), a setup
  that cannot finish (K-SETUP-1) and the board's invariants (K-INV-1, ``invariants.py``)
  where no play could have broken them, and corners or Mountain sites that nothing reaches
  (KNB-13).  A save's start must have none.
"""
from __future__ import annotations

from .geometry import LINES, SIZE, line_name, side_line, side_name, square_name
from .invariants import fill, runner_squares, violations
from .position import KIND, SETUP, ExitMode, PendingBump, PendingExit, Phase, Piece, Position, count_pieces
from .rules import LOCKS, MONOLITHS, PORTALS, SEAT_LETTERS, START_SQUARE, WALLS, seat_name
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
    """Piece counts a real game could not reach (K-INV-4, K-SETUP-2), reported by
    ``KabetopoState.problems()`` rather than refused on parsing.

    KNB-17: hand-made positions often leave the pools at their defaults (no ``pools=``)
    while adding pieces to the board.  Kind by kind, when every seat's pool holds exactly
    the round's starting number of that kind, the pools are read as left at their defaults
    and only the pieces on the board (and locks out of play) count against the ruleset's
    total; once a pool of that kind holds another number, pools, board and out of play
    count together.
    """
    rules = pos.rules
    out = []
    totals = rules.totals(pos.round_number)
    start = rules.pool_for_round(pos.round_number)
    seats = rules.seats
    for name, n in count_pieces(pos).items():
        kind = _POOL_INDEX.get(name)
        if kind is not None and all(pos.pools[s][kind] == start[kind] for s in seats):  # KNB-17: left at defaults
            n -= sum(pos.pools[s][kind] for s in seats)
            if n > totals[name]:
                where = "on the board and out of play" if kind == LOCKS else "on the board"
                out.append(f"K-INV-4: {n} {name} {where}; {rules.name} has only {totals[name]} "
                           "(KNB-17: the pools are left at their defaults, so they are not counted)")
        elif n > totals[name]:
            out.append(f"K-INV-4: {n} {name} in play; {rules.name} has only {totals[name]}")
    setups: dict[int, int] = {Piece.MONOLITH: 0, Piece.PORTAL: 0}  # by ``piece & KIND``
    for ln in LINES:
        if pos.lines[ln] & SETUP:
            setups[pos.lines[ln] & KIND] += 1
    if setups[Piece.MONOLITH] > rules.setup_monoliths or setups[Piece.PORTAL] > rules.setup_portals:
        out.append("K-SETUP-2: more setup pieces than the ruleset sets up")
    return out


_POOL_INDEX = {"walls": WALLS, "monoliths": MONOLITHS, "portals": PORTALS, "locks": LOCKS}  # kinds a pool holds


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
        return out + [f"{rid}: {why}" for rid, why in violations(pos, now=True)]


def _seats(seats: list[int]) -> str:
    return ",".join(SEAT_LETTERS[s] for s in seats)


def stone_problems(pos: Position) -> list[str]:
    """K-MTN-4: a runner takes a stone only by entering a Mountain site that has one, and
    ``order`` records each one taken; no stone ever goes back.  So each seat appears in
    ``order`` as often as its runner carries stones, no site holds more than it started
    with, and ``order`` records no more stones than are missing from the Mountain (and
    Summit).  Fewer is a stone left out of the game, as ``count_problems`` allows fewer
    pieces of every kind (K-INV-4): hand-made positions do that, and it scores nothing."""
    rules = pos.rules
    out = []
    for seat in rules.seats:
        listed = pos.stone_order.count(seat)
        if listed != pos.held[seat]:
            out.append(f"K-MTN-4: order lists {SEAT_LETTERS[seat]} {listed} time(s), but {seat_name(seat)}'s runner "
                       f"carries {pos.held[seat]} stone(s): every stone taken is in order, and none is given back")
    geo = rules.geometry
    for sq, left, start in zip(geo.mountains, pos.site_stones, rules.stones, strict=True):
        if left > start:
            out.append(f"K-MTN-4: stones: {square_name(sq)} holds {left} stones; it starts the round with {start} "
                       "and never gets one back")
    missing = sum(rules.stones) - sum(pos.site_stones)
    if len(pos.stone_order) > missing:
        where = "the Mountain and the Summit" if len(geo.mountains) > 1 else "the Mountain"
        out.append(f"K-MTN-4: order records {len(pos.stone_order)} stone(s) taken, but {max(missing, 0)} are "
                   f"missing from {where}")
    return out


def halfway_problems(pos: Position) -> list[str]:
    """Halfway Home (2-Player v2.0, K-ROUND-1): only where the ruleset has it, once per
    runner, on a corner (any corner, its start included), after the first stone.

    (A runner carrying its second stone, or home, without a Halfway Home is not reported:
    teaching positions start that way, and skipping it earns nothing.)"""
    rules = pos.rules
    if not rules.halfway_home:
        if pos.halfway:
            field = ",".join(SEAT_LETTERS[s] + square_name(sq) for s, sq in pos.halfway)
            return [f"K-ROUND-1: halfway={field}: {rules.name} has no Halfway Home "
                    "(only the 2-player v2.0 game, kabetopo-2p, has one)"]
        return []
    out = []
    seen: set[int] = set()
    corners = rules.geometry.corners
    for seat, sq in pos.halfway:
        field = f"halfway={SEAT_LETTERS[seat]}{square_name(sq)}"
        if seat in seen:
            out.append(f"K-ROUND-1: {field}: {seat_name(seat)} is listed twice; a runner reaches Halfway Home once")
        seen.add(seat)
        if sq not in corners:
            out.append(f"K-ROUND-1: {field}: Halfway Home is reached on a corner, and {square_name(sq)} is none")
        if pos.held[seat] < 1:
            out.append(f"K-ROUND-1: {field}: {seat_name(seat)}'s runner carries no stone; Halfway Home comes "
                       "after the first stone")
    return out


def home_problems(pos: Position) -> list[str]:
    """Tadaima (K-ROUND-1, K-ROUND-2): once per runner, on a corner other than its start,
    with the stones it needs; its runner stays there (nothing moves a finished runner: it
    takes no more moves, and a corner is no Mountain site to be bumped from), the
    declaration ends its turn, and the round ends with the Tadaima K-ROUND-2 names."""
    rules = pos.rules
    out = []
    seen: set[int] = set()
    corners = rules.geometry.corners
    for seat, sq in pos.homes:
        field = f"homes={SEAT_LETTERS[seat]}{square_name(sq)}"
        who = seat_name(seat)
        if seat in seen:
            out.append(f"K-ROUND-1: {field}: {who} is listed twice; a runner declares Tadaima once a round")
        seen.add(seat)
        if sq not in corners:
            out.append(f"K-ROUND-1: {field}: Tadaima is declared on a corner, and {square_name(sq)} is none")
        elif sq == START_SQUARE[seat]:
            out.append(f"K-ROUND-1: {field}: {square_name(sq)} is {who}'s starting corner; Tadaima needs another")
        if pos.runners[seat] != sq:
            out.append(f"K-ROUND-1: {field}: {who}'s runner stands on {square_name(pos.square_of(seat))}; a runner "
                       "that declared Tadaima stays on its corner")
        if pos.held[seat] < rules.stones_needed:
            out.append(f"K-ROUND-1: {field}: {who}'s runner carries {pos.held[seat]} of the {rules.stones_needed} "
                       "stone(s) it needs to declare Tadaima")
    if len(pos.homes) > rules.tadaimas_to_end:
        out.append(f"K-ROUND-2: homes lists {len(pos.homes)} Tadaimas; in {rules.describe()} the round ends once "
                   f"{rules.tadaimas_to_end} are declared")
    if pos.phase in (Phase.EXTRAS, Phase.EXIT, Phase.BUMP) and pos.is_finished(pos.turn):
        out.append(f"K-ROUND-1: homes: {seat_name(pos.turn)} has declared Tadaima, which ends its turn, yet the "
                   f"turn goes on (phase={pos.phase})")
    return out


def mischief_problems(pos: Position) -> list[str]:
    """KNB-8: only Mischief lets a finished player stop, so ``stopped`` needs the option and
    lists only seats that have declared Tadaima."""
    if not pos.stopped:
        return []
    if not pos.rules.mischief:
        return [f"KNB-8: stopped={_seats(pos.stopped)}: only the Mischief expansion lets a finished player stop, "
                f"and {pos.rules.describe()} is played without it"]
    return [f"KNB-8: stopped={SEAT_LETTERS[seat]}: {seat_name(seat)} has not declared Tadaima (homes); only a "
            "finished player's Mischief turns can stop" for seat in dict.fromkeys(pos.stopped)
            if not pos.is_finished(seat)]


def end_problems(pos: Position) -> list[str]:
    """When the round is over (K-ROUND-2, K-ROUND-4): exactly when enough Tadaimas are in
    ``homes`` or no runner is still racing; and nothing is scored during the Field Setup,
    before any runner has moved (K-SETUP-2)."""
    rules = pos.rules
    out = []
    racing = [s for s in rules.seats if pos.is_racing(s)]
    over = len(pos.homes) >= rules.tadaimas_to_end or not racing
    if pos.phase == Phase.OVER and not over:
        out.append(f"K-ROUND-2: phase=over, but homes lists {len(pos.homes)} of the {rules.tadaimas_to_end} "
                   f"Tadaimas that end the round and {_seats(racing)} still race (K-ROUND-4)")
    elif pos.phase != Phase.OVER and over:
        why = f"homes lists {len(pos.homes)} Tadaimas" if racing else "no runner is still racing (K-ROUND-4)"
        out.append(f"K-ROUND-2: {why}, so the round is over, yet phase={pos.phase}")
    if pos.phase == Phase.SETUP:
        early = [name for name, filled in (("order", pos.stone_order), ("halfway", pos.halfway), ("homes", pos.homes),
                                           ("stopped", pos.stopped), ("stranded", pos.stranded)) if filled]
        if any(pos.held[s] for s in rules.seats):
            early.append("runners' stones")
        if early:
            out.append(f"K-SETUP-2: phase=setup, yet {', '.join(early)} already filled: runners start only once "
                       "the Field Setup is over")
    return out


def scoring_problems(pos: Position) -> list[str]:
    """Scoring fields that do not agree with the board: each would hand out points (or end
    the round) without the play that earns them.

    ``stranded`` is checked only for what play keeps true (a runner not also home, listed
    once: ``structural_problems``), not against the board: the engine puts a runner out of
    the race when ``race.stranded`` finds no way it could ever finish with the others where
    they stand, and once they move a door swing may free it after all, while it stays listed
    (KNB-11, K-ROUND-4).  Until that test weighs the others' moves, a listed runner that can
    reach its next target is a position legal play reaches."""
    return (stone_problems(pos) + halfway_problems(pos) + home_problems(pos) + mischief_problems(pos)
            + end_problems(pos))


def problems(pos: Position) -> list[str]:
    """Why ``pos`` is not a Kabetopo position the rules can reach (empty when it is)."""
    return (structural_problems(pos) + count_problems(pos) + portal_problems(pos) + setup_problems(pos)
            + invariant_problems(pos) + scoring_problems(pos))

