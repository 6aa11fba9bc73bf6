"""What an allowed Kabetopo action will do: one small frozen record per kind of outcome.

The generators (``movement.py``, ``resources.py``, ``setup.py``, ``engine.py``) decide an
action once and record its outcome in the decision's ledger (``core/ledger.py``);
``engine.play`` applies the recorded outcome, ``explain.describe`` words it.  Each record
names the rulings that allow it (``rulings``).  ``OUTCOMES`` is every subclass of
``Outcome``: one that ``engine.play`` or ``explain.describe`` does not handle makes the
engine fail to import, so a new kind of outcome cannot go without its sentence.

Squares, lines and sides are the ints of ``geometry.py``; seats are the ints of
``rules.py``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from .position import Bonus, Piece


@dataclass(frozen=True, slots=True)
class Outcome(ABC):
    """Base of every outcome; each kind has a ``rulings`` property, the rulings allowing it."""

    @property
    @abstractmethod
    def rulings(self) -> tuple[str, ...]:
        """The rulings that allow this outcome (each kind of outcome names its own)."""


# --- the start of a move (K-MOVE-1) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step(Outcome):
    """The runner steps to ``dest``; ``across`` is the piece on the line when it steps down
    from the Mountain across it (K-MTN-2); ``bumps`` the seat bumped off an occupied
    Mountain (K-MTN-3)."""

    origin: int
    dest: int
    onto_mountain: bool = False
    across: int = Piece.EMPTY  # the kind of piece (``lines[line] & KIND``), EMPTY when not across one
    bumps: int | None = None

    @property
    def rulings(self) -> tuple[str, ...]:
        out: tuple[str, ...] = ("K-MOVE-1",)
        if self.across:
            out += ("K-MTN-2",)
        if self.onto_mountain:
            out += ("K-MTN-1",)
        if self.bumps is not None:
            out += ("K-MTN-3",)
        return out


@dataclass(frozen=True, slots=True)
class Leapfrog(Outcome):
    """The runner jumps the runners on ``over`` and lands on ``dest`` (K-LEAP-1)."""

    origin: int
    over: tuple[int, ...]
    dest: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-LEAP-1",)


@dataclass(frozen=True, slots=True)
class LeapIntoPortal(Outcome):
    """Under the K-LEAP-2 option, the jump goes on into the portal on ``side``; an exit
    choice follows (KNB-3, K-LEAP-5)."""

    origin: int
    over: tuple[int, ...]
    side: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-LEAP-2", "K-LEAP-5")


@dataclass(frozen=True, slots=True)
class Teleport(Outcome):
    """The runner enters the portal on ``side``; an exit choice follows (K-PORT-2)."""

    origin: int
    side: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-PORT-2",)


@dataclass(frozen=True, slots=True)
class DoorMove(Outcome):
    """The door on ``door`` (a side of the runner's square) swings onto ``swing_to`` (a side
    of ``dest``) and the runner steps to ``dest`` (K-DOOR-2), bumping ``bumps`` if any."""

    origin: int
    door: int
    swing_to: int
    dest: int
    bumps: int | None = None

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-DOOR-2",) + (("K-MTN-3", "K-DOOR-4") if self.bumps is not None else ())


# --- out of a portal (K-PORT-2) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExitOnto(Outcome):
    """The runner comes out of the portal side ``side`` onto ``square`` (empty or a corner);
    ``continuing``: the move is a leapfrog that went on into a portal (K-LEAP-5)."""

    side: int
    square: int
    continuing: bool = False

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-PORT-2",) + (("K-LEAP-5",) if self.continuing else ())


@dataclass(frozen=True, slots=True)
class ExitLeap(Outcome):
    """The exit square is taken: the runner leapfrogs through the portal to ``dest`` (K-LEAP-2)."""

    side: int
    over: tuple[int, ...]
    dest: int
    continuing: bool = False

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-PORT-2", "K-LEAP-2") + (("K-LEAP-5",) if self.continuing else ())


@dataclass(frozen=True, slots=True)
class ExitBump(Outcome):
    """The exit square is the occupied Mountain: the runner there is bumped (K-MTN-3)."""

    side: int
    mountain: int
    bumps: int
    continuing: bool = False

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-PORT-2", "K-MTN-3") + (("K-LEAP-5",) if self.continuing else ())


@dataclass(frozen=True, slots=True)
class ExitIntoPortal(Outcome):
    """The exit square is taken and the leapfrog beyond it goes on into the portal on
    ``next_side`` (K-LEAP-2 option): another exit choice follows."""

    side: int
    over: tuple[int, ...]
    next_side: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-PORT-2", "K-LEAP-2", "K-LEAP-5")


@dataclass(frozen=True, slots=True)
class BumpedOut(Outcome):
    """The runner bumped through a portal comes out onto the empty ``square`` (K-MTN-3);
    ``door``: bumped by a door move, and K-INV-1 holds with it there (K-DOOR-4)."""

    side: int
    square: int
    door: bool = False

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-PORT-2",) + (("K-DOOR-4",) if self.door else ())


# --- a runner bumped off the Mountain (K-MTN-3) ----------------------------------------


@dataclass(frozen=True, slots=True)
class BumpTo(Outcome):
    """The bumped runner ``runner`` is put on the empty ``square`` next to the Mountain;
    ``door``: bumped by a door move, and K-INV-1 holds with it there (K-DOOR-4)."""

    runner: int
    square: int
    door: bool = False

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-MTN-3",) + (("K-DOOR-4",) if self.door else ())


@dataclass(frozen=True, slots=True)
class BumpThrough(Outcome):
    """The bumped runner is pushed into the portal on the Mountain's ``side``; the mover
    picks its exit next."""

    runner: int
    side: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-MTN-3",)


# --- resources (K-TURN-1, K-TURN-2, K-TURN-4) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Drop(Outcome):
    """A wall, monolith or portal from the pool goes on ``line``; ``bonus`` is what it grants."""

    piece: Piece
    line: int
    bonus: Bonus = Bonus.NONE

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-TURN-1", "K-INV-1")


@dataclass(frozen=True, slots=True)
class LockDrop(Outcome):
    """A lock from the pool goes on ``side`` as the main action; a bonus move follows (K-TURN-2)."""

    side: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-TURN-2", "K-INV-1")


@dataclass(frozen=True, slots=True)
class LockBehind(Outcome):
    """Lock it behind you: a lock on ``side`` of a portal teleported through (K-TURN-4, K-TURN-10)."""

    side: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-TURN-4", "K-TURN-10")


@dataclass(frozen=True, slots=True)
class Unlock(Outcome):
    """A lock from the pool and the lock on ``side`` both leave play (K-INV-3)."""

    side: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-INV-3",)


@dataclass(frozen=True, slots=True)
class MischiefDrop(Outcome):
    """Mischief (KNB-8): a finished player drops a piece (``piece``, None for a lock) on
    ``target`` (a line, or a side for a lock); that is the whole turn."""

    piece: Piece | None
    target: int

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-SET-1", "KNB-8", "K-INV-1")


# --- the turn (K-TURN-1, K-TURN-5) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EndTurn(Outcome):
    """The player ends the turn, leaving any open extras unused."""

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-TURN-1",)


@dataclass(frozen=True, slots=True)
class ForcedPass(Outcome):
    """The player has no legal action and passes (K-TURN-5, KNB-5)."""

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-TURN-5",)


@dataclass(frozen=True, slots=True)
class MischiefPass(Outcome):
    """A finished player makes no Mischief this turn (KNB-8)."""

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-SET-1", "KNB-8")


@dataclass(frozen=True, slots=True)
class MischiefStop(Outcome):
    """A finished player stops making Mischief for the rest of the round (KNB-8)."""

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-SET-1", "KNB-8")


@dataclass(frozen=True, slots=True)
class SetupRoll(Outcome):
    """A d12 of the 2x2 Field Setup: ``line`` gets the setup piece, or None and the die is
    rolled again; ``account`` says which (K-SETUP-1)."""

    label: int
    line: int | None
    account: str

    @property
    def rulings(self) -> tuple[str, ...]:
        return ("K-SETUP-1",)


# Every outcome type, for the exhaustiveness checks of ``engine.play`` and
# ``explain.describe``: every class defined above, so a new kind of outcome cannot be
# left out of them by accident.
# (``dataclass(slots=True)`` makes a new class, so the classes as first written are left
# out: only those bound to their names here count.)
OUTCOMES: tuple[type[Outcome], ...] = tuple(
    c for c in Outcome.__subclasses__() if globals().get(c.__name__) is c)
