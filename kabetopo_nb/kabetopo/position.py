"""The Kabetopo position: everything needed to continue a round, including mid-turn state.

A position is a plain mutable record with a cheap :meth:`Position.copy`.  The engine
(``engine.py``) is the only code that changes one during play; hand-made positions
are parsed from text (``notation.py``) or built in the board's edit mode.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from ..core.verdict import RulesOptionError
from .geometry import (
    COLLINEAR,
    LINES,
    NUM_LINE_IDS,
    side_line,
    sides_of_line,
)
from .rules import LOCKS, START_SQUARE, Rules


class Piece(IntEnum):
    """What a line holds (K-GEO-3).  ``lines[line]`` is one of these, plus the SETUP flag."""

    EMPTY = 0
    WALL = 1
    MONOLITH = 2
    PORTAL = 3

    @property
    def noun(self) -> str:
        return self.name.lower()


SETUP = 4  # flag: a setup piece, "with a hole" (K-SETUP-2); never removed between rounds
KIND = 3  # mask: ``lines[line] & KIND`` is the Piece
PIECE_LETTERS: dict[int, str] = {Piece.WALL: "W", Piece.MONOLITH: "M", Piece.PORTAL: "P"}  # by ``piece & KIND``
_EMPTY, _WALL, _MONOLITH, _PORTAL = Piece.EMPTY, Piece.WALL, Piece.MONOLITH, Piece.PORTAL


class Phase(StrEnum):
    """Which kind of decision is next."""

    SETUP = "setup"  # chance: a d12 roll of the 2x2 Field Setup
    MAIN = "main"  # the turn's main action (or a forced pass)
    EXTRAS = "extras"  # optional bonus move, speed move, lock it behind you, or end turn
    EXIT = "exit"  # choose where a teleporting (or bumped-through) runner comes out
    BUMP = "bump"  # choose where the bumped runner goes
    OVER = "over"  # the round has ended


class Bonus(IntEnum):
    """The bonus a main action left open (K-TURN-2)."""

    NONE = 0
    MOVE = 1  # after a monolith, or a lock as the main action
    TELEPORT = 2  # after a portal on a line of the runner's own square (K-TURN-9)


class ExitMode(StrEnum):
    """How a runner came into the portal whose exit is being chosen."""

    OWN = "own"  # the mover's own teleport (or leapfrog through a portal)
    BUMPED = "bumped"  # a runner bumped off the Mountain through a portal (K-MTN-3)
    CONTINUATION = "cont"  # a leapfrog that went on into a portal (option of K-LEAP-2, K-LEAP-5)


@dataclass(frozen=True, slots=True)
class PendingExit:
    """A runner is inside a portal: the mover picks the side it comes out of (K-PORT-2).

    ``runner`` is the seat whose runner comes out (the bumped runner's, in BUMPED mode);
    ``side`` the portal side it went in by (its line is ``entry``); ``origin`` the mover's
    square when the move began (None for a bumped runner, K-MOVE-3); ``entered`` the portal
    sides this move went in by before ``side`` (K-LEAP-6: never the same side twice);
    ``door``: the runner was bumped by a door move, so K-INV-1 is checked where it lands
    (K-DOOR-4).
    """

    runner: int
    side: int  # the portal side it went in by
    mode: ExitMode
    origin: int | None
    entered: tuple[int, ...] = ()
    door: bool = False

    @property
    def entry(self) -> int:
        """The line of the portal it went into."""
        line = side_line(self.side)
        assert line is not None  # a side of a line, never the boundary
        return line

    @property
    def sides_entered(self) -> tuple[int, ...]:
        """Every portal side this move went in by, this one last (K-LEAP-6)."""
        return self.entered + (self.side,)


@dataclass(frozen=True, slots=True)
class PendingBump:
    """A runner has been bumped off the Mountain site ``mountain``: the mover picks where it goes.

    ``door``: the bump comes from a door move, so K-INV-1 is checked with the bumped runner
    on its destination (K-DOOR-4).
    """

    runner: int
    mountain: int
    door: bool = False


Pending = PendingExit | PendingBump

class Position:
    """A Kabetopo position.

    Board: ``lines[line]`` holds a :class:`Piece` (EMPTY, WALL, MONOLITH, PORTAL), plus the
    SETUP flag for setup pieces; ``locks`` is a bit set over side ids.  Runners:
    ``runners[seat]`` is a square or None for a seat not in play; ``held[seat]`` counts
    the stones a runner carries.  ``pools[seat]`` is ``[walls, monoliths, portals, locks,
    speed]`` where speed is 1 while the token is "+1" side up.
    """

    __slots__ = (
        "rules", "lines", "locks", "open_e", "open_n", "portal_lines",
        "runners", "held", "pools", "site_stones", "locks_out",
        "stone_order", "homes", "halfway", "stopped", "stranded", "phase", "turn", "setup_step",
        "bonus", "grants_move", "moved", "lb_portals", "lb_used", "speed_used", "pending",
        "bumped_this_turn", "bump_banned", "turns_played", "round_number",
    )

    def __init__(self, rules: Rules | None = None, round_number: int = 1):
        self.rules = rules or Rules()
        self.round_number = round_number  # K-SET-3: pools may differ from round 2 on
        self.lines: list[int] = [_EMPTY] * NUM_LINE_IDS  # a Piece, plus the SETUP flag
        self.locks = 0
        self.open_e = 0
        self.open_n = 0
        for ln in LINES:
            self._set_open(ln, True)
        self.portal_lines = 0
        self.runners: list[int | None] = [None] * 4
        self.held = [0] * 4
        self.pools = [[0] * 5 for _ in range(4)]
        for seat in self.rules.seats:
            self.runners[seat] = START_SQUARE[seat]
            self.pools[seat] = list(self.rules.pool_for_round(round_number))
        self.site_stones = list(self.rules.stones)
        self.locks_out = 0
        self.stone_order: list[int] = []
        self.homes: list[tuple[int, int]] = []  # (seat, square) in Tadaima order
        self.halfway: list[tuple[int, int]] = []  # (seat, square) in Halfway Home order (2-player v2.0)
        self.stopped: list[int] = []  # finished players who stopped their Mischief
        self.stranded: list[int] = []  # runners out of the race: they can never finish (KNB-11, K-ROUND-4)
        self.phase = Phase.MAIN
        self.turn = self.rules.seats[0]
        self.setup_step = 0
        self._reset_turn()
        self.bump_banned = False
        self.turns_played = 0

    def _reset_turn(self) -> None:
        self.bonus = Bonus.NONE
        self.grants_move = False  # the main action was a move or granted one (K-TURN-3)
        self.moved = False
        self.lb_portals: tuple[int, ...] = ()  # portals the mover teleported through (K-TURN-10)
        self.lb_used = False
        self.speed_used = False
        self.pending: Pending | None = None
        self.bumped_this_turn = False

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.rules = self.rules
        p.lines = self.lines[:]
        p.locks = self.locks
        p.open_e = self.open_e
        p.open_n = self.open_n
        p.portal_lines = self.portal_lines
        p.runners = self.runners[:]
        p.held = self.held[:]
        p.pools = [pl[:] for pl in self.pools]
        p.site_stones = self.site_stones[:]
        p.locks_out = self.locks_out
        p.stone_order = self.stone_order[:]
        p.homes = self.homes[:]
        p.halfway = self.halfway[:]
        p.stopped = self.stopped[:]
        p.stranded = self.stranded[:]
        p.phase = self.phase
        p.turn = self.turn
        p.setup_step = self.setup_step
        p.bonus = self.bonus
        p.grants_move = self.grants_move
        p.moved = self.moved
        p.lb_portals = self.lb_portals
        p.lb_used = self.lb_used
        p.speed_used = self.speed_used
        p.pending = self.pending
        p.bumped_this_turn = self.bumped_this_turn
        p.bump_banned = self.bump_banned
        p.turns_played = self.turns_played
        p.round_number = self.round_number
        return p

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    # mutable, so unhashable: defining __eq__ without __hash__ sets __hash__ to None

    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    def to_text(self) -> str:
        from .notation import format_position  # notation imports this module

        return format_position(self)

    def _repr_svg_(self) -> str:
        from ..render import board_svg  # the renderer depends on the engine, never the reverse

        return board_svg(self)

    @staticmethod
    def from_text(text: str) -> Position:
        from .notation import parse_position

        return parse_position(text)

    # --- the board ---------------------------------------------------------------
    def _set_open(self, line: int, is_open: bool) -> None:
        sq = line // 2
        bit = 1 << sq
        if line % 2 == 0:
            self.open_n = (self.open_n | bit) if is_open else (self.open_n & ~bit)
        else:
            self.open_e = (self.open_e | bit) if is_open else (self.open_e & ~bit)

    def set_line(self, line: int, piece: int) -> None:
        """Put ``piece`` (or EMPTY) on ``line``, keeping the derived masks in step."""
        self.lines[line] = piece
        self._set_open(line, piece == _EMPTY)
        if piece & KIND == _PORTAL:
            self.portal_lines |= 1 << line
        else:
            self.portal_lines &= ~(1 << line)

    def is_setup_piece(self, line: int) -> bool:
        return bool(self.lines[line] & SETUP)

    def is_locked(self, side: int) -> bool:
        return bool(self.locks >> side & 1)

    def lock_sides(self) -> list[int]:
        out, m = [], self.locks
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    def portals(self) -> list[int]:
        out, m = [], self.portal_lines
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    def pieces(self) -> list[tuple[int, int]]:
        """(line, piece) for every occupied line, in line order."""
        lines = self.lines
        return [(ln, lines[ln]) for ln in LINES if lines[ln]]

    def is_door(self, line: int) -> bool:
        """K-DOOR-1: a wall whose straight continuations at both ends hold a wall or a monolith."""
        if self.lines[line] & KIND != _WALL:
            return False
        a, b = COLLINEAR[line]
        if a is None or b is None:
            return False
        ka, kb = self.lines[a] & KIND, self.lines[b] & KIND
        return ka in (_WALL, _MONOLITH) and kb in (_WALL, _MONOLITH)

    def is_door_locked(self, line: int) -> bool:
        s1, s2 = sides_of_line(line)
        return bool(self.locks >> s1 & 1 or self.locks >> s2 & 1)

    # --- runners -----------------------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        return self.rules.seats

    def runner_at(self, square: int) -> int | None:
        """A seat whose runner stands on ``square`` (the first in seat order), or None."""
        for seat in self.rules.seats:
            if self.runners[seat] == square:
                return seat
        return None

    def square_of(self, seat: int) -> int:
        """The square of ``seat``'s runner: a seat in play always has one on the board (only
        the seats a ruleset leaves out have None); RulesOptionError (a ValueError) for a seat with none."""
        square = self.runners[seat]
        if square is None:
            raise RulesOptionError(f"seat {seat} has no runner on the board")
        return square

    def runners_at(self, square: int) -> list[int]:
        return [s for s in self.rules.seats if self.runners[s] == square]

    def is_finished(self, seat: int) -> bool:
        for s, _ in self.homes:
            if s == seat:
                return True
        return False

    def needs_stone(self, seat: int) -> bool:
        """K-MTN-4; in the 2-player v2.0 game the second stone waits for Halfway Home."""
        held = self.held[seat]
        if held >= self.rules.stones_needed:
            return False
        return held == 0 or not self.rules.halfway_home or self.reached_halfway(seat)

    def reached_halfway(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.halfway)

    def is_racing(self, seat: int) -> bool:
        """Is ``seat``'s runner still racing: neither home (Tadaima) nor out of the race
        (stranded, KNB-11 and K-ROUND-4)?"""
        return not self.is_finished(seat) and seat not in self.stranded

    def is_playing(self, seat: int) -> bool:
        """Does ``seat`` still take turns?  Finished players do only for Mischief (v3.0
        expansion); a player whose runner is out of the race still does (K-ROUND-4).  In a
        round without drops a finished player has no Mischief to make (KNB-15)."""
        if not self.is_finished(seat):
            return True
        if not self.rules.mischief or self.rules.no_drops or seat in self.stopped:
            return False
        pool = self.pools[seat]
        return bool(pool[0] or pool[1] or pool[2] or pool[3])


def portal_side_squares(pos: Position, portal: int) -> list[tuple[int, int]]:
    """(side, square) for each unlocked side of a portal line."""
    out = []
    for sd in sides_of_line(portal):
        if not pos.locks >> sd & 1:
            out.append((sd, sd // 4))
    return out


def preservation_count(pos: Position, seat: int) -> int:
    """Resources for Preservation: pool walls, monoliths, portals, locks, unused speed token, stones held."""
    return sum(pos.pools[seat]) + pos.held[seat]


def count_pieces(pos: Position) -> dict[str, int]:
    """Where every piece is (K-INV-4): pools + board + out of play, per kind."""
    rules = pos.rules
    seats = rules.seats
    walls = monoliths = portals = 0
    for ln in LINES:
        k = pos.lines[ln] & KIND
        if k == _WALL:
            walls += 1
        elif k == _MONOLITH:
            monoliths += 1
        elif k == _PORTAL:
            portals += 1
    return {
        "walls": walls + sum(pos.pools[s][0] for s in seats),
        "monoliths": monoliths + sum(pos.pools[s][1] for s in seats),
        "portals": portals + sum(pos.pools[s][2] for s in seats),
        "locks": bin(pos.locks).count("1") + sum(pos.pools[s][LOCKS] for s in seats) + pos.locks_out,
        "stones": sum(pos.site_stones) + sum(pos.held[s] for s in seats),
    }

