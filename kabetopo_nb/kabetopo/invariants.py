"""The board's invariants (K-INV-1), checked after every drop, door swing and setup placement.

(a) From every runner's square, every corner and every Mountain site can be reached by
    moves (steps, teleports, stepping down from a Mountain), ignoring runners, speed
    tokens and doors.
(b) No runner is shut in on all four sides by walls, monoliths, the boundary or locked
    sides facing it.
(c) No Mountain site has more than two of its lines blocked by a wall, a monolith or a
    portal locked on the Mountain's side.

Reachability is computed with bitboards: a set of squares is an ``int`` with bit
``square`` set, and one flood-fill step moves the whole set one square in every open
direction at once.  Teleports are modelled as a *hub* (``topology.py``): when at least two
portals have an unlocked side, every square touching an unlocked portal side can reach
every other.  ``tests/kabetopo/test_invariants.py`` checks this against a plain breadth-first search.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .geometry import LINE_OF, NEIGHBOUR_LINES, NEIGHBOUR_MASK, SIDES_OF_LINE, SIZE, square_name
from .position import KIND, Piece, Position
from .topology import teleports
from .trial import trying

_EMPTY, _WALL, _MONOLITH, _PORTAL = Piece.EMPTY, Piece.WALL, Piece.MONOLITH, Piece.PORTAL
from .rules import seat_name

# Per square: (line, side facing the square) for each direction that is not the boundary,
# and how many of its directions are the boundary.  Tables for the hot checks below.
SQUARE_EDGES: list[tuple[tuple[int, int], ...]] = [
    tuple((ln, sq * 4 + d) for d, _, ln in NEIGHBOUR_LINES[sq]) for sq in range(SIZE * SIZE)
]
BOUNDARY_SIDES = [sum(1 for d in range(4) if LINE_OF[sq][d] is None) for sq in range(SIZE * SIZE)]


def fill(start: int, open_e: int, open_n: int, hub: int, mountains: int) -> int:
    """Every square reachable from the set ``start``; ``mountains`` may step down anywhere (K-MTN-2)."""
    open_w = open_e << 1
    open_s = open_n << SIZE
    r = start
    while True:
        n = r | ((r & open_e) << 1) | ((r & open_w) >> 1) | ((r & open_n) << SIZE) | ((r & open_s) >> SIZE)
        if hub and n & hub:
            n |= hub
        if mountains and n & mountains:
            mm = n & mountains
            while mm:
                low = mm & -mm
                n |= NEIGHBOUR_MASK[low.bit_length() - 1]
                mm ^= low
        if n == r:
            return r
        r = n


def connected(a: int, b: int, open_e: int, open_n: int, hub: int) -> bool:
    """Are squares ``a`` and ``b`` joined by two-way moves (steps and teleports only)?"""
    open_w = open_e << 1
    open_s = open_n << SIZE
    target = 1 << b
    r = 1 << a
    while True:
        n = r | ((r & open_e) << 1) | ((r & open_w) >> 1) | ((r & open_n) << SIZE) | ((r & open_s) >> SIZE)
        if hub and n & hub:
            n |= hub
        if n & target:
            return True
        if n == r:
            return False
        r = n


def blocked_sides(pos: Position, square: int) -> int:
    """How many sides of ``square`` shut a runner in (K-INV-1 b): boundary, wall, monolith, locked side."""
    return BOUNDARY_SIDES[square] + _blocked_lines(pos.lines, pos.locks, square)


def _blocked_lines(lines: list[int], locks: int, square: int) -> int:
    """How many lines around ``square`` hold a wall, a monolith or a portal locked on its side."""
    count = 0
    for ln, sd in SQUARE_EDGES[square]:
        k = lines[ln] & KIND
        if k == _WALL or k == _MONOLITH:
            count += 1
        elif k == _PORTAL and locks >> sd & 1:
            count += 1
    return count


def mountain_blocked_lines(pos: Position, square: int) -> int:
    """How many lines of a Mountain site count against K-INV-1 (c)."""
    return _blocked_lines(pos.lines, pos.locks, square)


def runner_squares(pos: Position) -> list[tuple[int, int]]:
    return [(seat, sq) for seat in pos.rules.seats if (sq := pos.runners[seat]) is not None]


class Failure(NamedTuple):
    """One way a board breaks K-INV-1: what fails (``key``: ("c", site), ("b", seat,
    square) or ("a", seat, square)), the corners and sites cut off (``missing``, (a) only)
    and the sentence as said after an action (``would``), of the board as it stands
    (``now``), and of a board where it held before the action too (``already``)."""

    key: tuple[Any, ...]
    missing: int
    would: str
    now: str
    already: str


def failures(pos: Position, *, first_only: bool = False) -> list[Failure]:
    """Every way ``pos`` breaks K-INV-1 (``violations`` in words)."""
    out: list[Failure] = []
    geo = pos.rules.geometry
    for m in geo.mountains:
        n = mountain_blocked_lines(pos, m)
        if n > 2:
            what = f"blocked on {n} sides; at most 2 are allowed (c)"
            site = f"the Mountain site {square_name(m)}"
            out.append(Failure(("c", m), 0, f"{site} would be {what}", f"{site} is {what}", f"{site} is already {what}"))
            if first_only:
                return out
    runners = runner_squares(pos)
    for seat, sq in runners:
        if blocked_sides(pos, sq) == 4:
            who = f"{seat_name(seat)}'s runner on {square_name(sq)}"
            what = "shut in on all four sides (b)"
            out.append(Failure(("b", seat, sq), 0, f"{who} would be {what}", f"{who} is {what}", f"{who} is already {what}"))
            if first_only:
                return out
    targets = geo.corner_mask | geo.mountain_mask
    hub = teleports(pos).hub
    mountains = geo.mountain_mask
    done: dict[int, int] = {}
    for seat, sq in runners:
        reach = None
        for comp, r in done.items():
            if comp >> sq & 1:
                reach = r
                break
        if reach is None:
            comp = fill(1 << sq, pos.open_e, pos.open_n, hub, 0)
            reach = fill(comp, pos.open_e, pos.open_n, hub, mountains)
            done[comp] = reach
        missing = targets & ~reach
        if missing:
            names = ", ".join(square_name(t) for t in range(SIZE * SIZE) if missing >> t & 1)
            who = f"{seat_name(seat)}'s runner on {square_name(sq)}"
            out.append(Failure(("a", seat, sq), missing, f"{who} could no longer reach {names} (a)",
                               f"{who} cannot reach {names} (a)", f"{who} is already cut off from {names} (a)"))
            if first_only:
                return out
    return out


def violations(pos: Position, *, first_only: bool = False, now: bool = False) -> list[tuple[str, str]]:
    """Every way ``pos`` breaks K-INV-1, as (ruling, sentence) pairs; empty when it holds.
    The sentences speak of the board after an action ("would be shut in"), or with ``now``
    of the board as it stands ("is shut in").

    ``holds`` and ``DropChecker`` below are fast versions of this check: keep them in step.
    """
    return [("K-INV-1", f.now if now else f.would) for f in failures(pos, first_only=first_only)]


def refusal(pos: Position, before: list[Failure]) -> tuple[tuple[str, ...], str]:
    """Why a drop or door swing that leaves the board ``pos`` is refused: its first K-INV-1
    failure.  ``before``: the failures of the board before the action (``failures``).  A
    failure that was there already (a runner that came down into a pocket, K-MTN-2, and is
    shut in or cut off) is said as it is, not as the action's doing: while it lasts, K-INV-5
    allows only a drop or swing after which K-INV-1 holds again (KNB-11)."""
    first = failures(pos, first_only=True)[0]
    was = next((f for f in before if f.key == first.key and first.missing & ~f.missing == 0), None)
    if was is None:
        return ("K-INV-1",), first.would
    return ("K-INV-1", "K-INV-5", "KNB-11"), (
        f"{was.already}, and stays so after this: while a runner is shut in or cut off, K-INV-5 allows only "
        "a drop or door swing after which K-INV-1 holds again (KNB-11)")


def holds(pos: Position) -> bool:
    """Does ``pos`` keep K-INV-1?  The same answer as ``not violations(pos)``, without the sentences.

    This is the engine's hot check (every drop that needs a closer look, every lock, every
    door swing), so it works on the tables above; ``violations`` is the readable version.
    """
    geo = pos.rules.geometry
    lines, locks = pos.lines, pos.locks
    for m in geo.mountains:  # (c)
        if _blocked_lines(lines, locks, m) > 2:
            return False
    runners = pos.runners
    squares = [sq for seat in pos.rules.seats if (sq := runners[seat]) is not None]
    for sq in squares:  # (b)
        if BOUNDARY_SIDES[sq] + _blocked_lines(lines, locks, sq) == 4:
            return False
    return _all_reach(pos, squares, teleports(pos).hub)


def reach_and_mountains_hold(pos: Position) -> bool:
    """K-INV-1 (a) and (c) only, for the runners where they stand (KNB-11 asks this of a
    board no drop or swing has made yet: whether the rules could ever allow it)."""
    lines, locks = pos.lines, pos.locks
    for m in pos.rules.geometry.mountains:  # (c)
        if _blocked_lines(lines, locks, m) > 2:
            return False
    runners = pos.runners
    squares = [sq for seat in pos.rules.seats if (sq := runners[seat]) is not None]
    return _all_reach(pos, squares, teleports(pos).hub)


def _all_reach(pos: Position, squares: list[int], hub: int) -> bool:
    """K-INV-1 (a) for runners on ``squares``, with the teleport hub ``hub``: one fill per
    group of runners that can walk to each other."""
    geo = pos.rules.geometry
    mountains = geo.mountain_mask
    targets = geo.corner_mask | mountains
    open_e, open_n = pos.open_e, pos.open_n
    checked = 0  # squares known to reach every target
    for sq in squares:
        if checked >> sq & 1:
            continue
        comp = fill(1 << sq, open_e, open_n, hub, 0)
        if targets & ~fill(comp, open_e, open_n, hub, mountains):
            return False
        checked |= comp
    return True


class DropChecker:
    """Answers "does K-INV-1 still hold after this drop?" fast, for one position.

    The position is examined once; each candidate line then costs a few bit operations:
    a line whose two squares stay joined without it (a short way round, or a flood fill)
    cannot change what anyone can reach, so only (b) and (c) need a look.  Anything
    unusual (the position already breaking K-INV-1) falls back to the full check.
    """

    __slots__ = ("pos", "base_ok", "hub", "working", "single", "forbidden", "_squares")

    def __init__(self, pos: Position):
        self.pos = pos
        self.base_ok = holds(pos)
        tele = teleports(pos)
        self.hub, self.working, self.single = tele.hub, tele.working, tele.single
        self._squares: list[int] | None = None
        # Squares where one more blocked line breaks K-INV-1: a runner's square already shut
        # on three sides (b), a Mountain site with two blocked lines (c).
        forbidden = 0
        for _, sq in runner_squares(pos):
            if blocked_sides(pos, sq) == 3:
                forbidden |= 1 << sq
        for m in pos.rules.geometry.mountains:
            if mountain_blocked_lines(pos, m) == 2:
                forbidden |= 1 << m
        self.forbidden = forbidden

    def _runner_squares(self) -> list[int]:
        if self._squares is None:
            self._squares = [sq for _, sq in runner_squares(self.pos)]
        return self._squares

    def _reach_without(self, line: int, piece: int) -> bool:
        """K-INV-1 (a) with a wall or monolith on ``line``, when (b) and (c) are known to
        hold: a blocking piece leaves the teleport hub as it is."""
        with trying(self.pos, line, piece) as pos:
            return _all_reach(pos, self._runner_squares(), self.hub)

    def _slow(self, line: int, piece: int) -> bool:
        with trying(self.pos, line, piece) as pos:
            return holds(pos)

    def _still_joined(self, line: int, a: int, b: int) -> bool:
        pos = self.pos
        if self.hub >> a & 1 and self.hub >> b & 1:
            return True
        bit = 1 << (line >> 1)
        if line & 1:
            oe, on = pos.open_e & ~bit, pos.open_n
            # a short way round: a -> north -> east -> south to b, or through the south
            if on >> a & 1 and oe >> (a + SIZE) & 1 and on >> b & 1:
                return True
            if a >= SIZE and on >> (a - SIZE) & 1 and oe >> (a - SIZE) & 1 and on >> (b - SIZE) & 1:
                return True
        else:
            oe, on = pos.open_e, pos.open_n & ~bit
            if oe >> a & 1 and on >> (a + 1) & 1 and oe >> b & 1:
                return True
            if a % SIZE and oe >> (a - 1) & 1 and on >> (a - 1) & 1 and oe >> (b - 1) & 1:
                return True
        return connected(a, b, oe, on, self.hub)

    def blocking_ok(self, line: int, piece: int = _WALL) -> bool:
        """May a wall or monolith go on the empty ``line``?"""
        if not self.base_ok:
            return self._slow(line, piece)
        a, b = line >> 1, (line >> 1) + (1 if line & 1 else SIZE)
        if (self.forbidden >> a | self.forbidden >> b) & 1:
            return False
        if self._still_joined(line, a, b):
            return True
        return self._reach_without(line, piece)

    def portal_ok(self, line: int) -> bool:
        """May a portal go on the empty ``line``?  (It blocks feet but joins the teleport hub.)"""
        if not self.base_ok:
            return self._slow(line, _PORTAL)
        if self.working >= 1:
            return True  # both its squares join a working hub: nothing is cut off
        a, b = line >> 1, (line >> 1) + (1 if line & 1 else SIZE)
        if self._still_joined(line, a, b):
            return True
        return self._slow(line, _PORTAL)

    def lock_ok(self, side: int) -> bool:
        """May a lock go on ``side``?"""
        pos = self.pos
        line = LINE_OF[side >> 2][side & 3]
        if line is None or pos.locks >> side & 1 or pos.lines[line] & KIND != _PORTAL:
            # K-INV-1 reads locks only on the sides of portals ((b), (c) and the teleport
            # hub), so a lock anywhere else (a door) or a second one changes nothing it reads.
            return self.base_ok
        if not self.base_ok:
            with trying(pos, lock=side):
                return holds(pos)
        sq = side >> 2
        if self.forbidden >> sq & 1:
            return False  # the locked portal side is one more blocked side of its square
        # (b) and (c) hold for every other square as before; (a) reads locks only through
        # the teleport hub, which loses ``sq`` (if no other unlocked portal side faces it)
        # and, if the portal's other side is locked already, one working portal.
        s1, s2 = SIDES_OF_LINE[line]
        other = s2 if side == s1 else s1
        working = self.working - (1 if pos.locks >> other & 1 else 0)
        if working < 2:
            hub = 0
        elif self.single >> sq & 1:
            hub = self.hub & ~(1 << sq)
        else:
            hub = self.hub
        if hub == self.hub:
            return True
        return _all_reach(pos, self._runner_squares(), hub)
