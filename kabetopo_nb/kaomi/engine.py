"""The Kaomi rules engine in the shape ``core.state.GameState`` expects.

Decisions (whose turn, the pie rule), the ledger of each decision (the legal actions with
their outcomes, and with ``why`` the reason every other candidate is refused), applying an
allowed action's outcome.  Where pushes go is decided in ``pushes.py``; the end and the
result in ``scoring.py``; the words of a verdict, and of a placement's pushes, in
``explain.py``; ``game.py`` puts them together as the game's ``ENGINE``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from ..core.ledger import Ledger
from ..core.state import Decision
from .actions import PLACE, SWAP_ACTION, Action
from .position import Position, colour_name, other
from .pushes import Resolution, resolve
from .pushes import apply as apply_pushes
from .scoring import result as game_result

# --- outcomes: what an allowed action will do ------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A stone of ``colour`` goes on the empty ``square`` and pushes (KM-1, M-1..M-4, M-7).

    Where the pushes go is worked out by ``pushes.resolve`` when the placement is played
    or described, not when the legal actions are listed: resolving every free square up
    front would make the list some forty times slower, and most placements are never
    played.  ``play`` resolves exactly once.
    """

    square: int
    colour: int

    def resolve(self, position: Position) -> Resolution:
        return resolve(position, self.square, self.colour)


@dataclass(frozen=True)
class Swap:
    """The pie rule (M-5, KM-2): the players trade colours; the board and the turn stay."""

    rulings: ClassVar[tuple[str, ...]] = ("M-5", "KM-2")


SWAP_OUTCOME = Swap()


@cache
def _placements(size: int) -> tuple[Action, ...]:
    """One Action per square of a ``size`` board, indexed by square."""
    return tuple(Action(PLACE, sq % size, sq // size) for sq in range(size * size))


@cache
def _placement_outcomes(size: int, colour: int) -> tuple[Placement, ...]:
    """One Placement per square of a ``size`` board for ``colour``, indexed by square."""
    return tuple(Placement(sq, colour) for sq in range(size * size))


def square_of(position: Position, action: Action) -> int | None:
    """The square an action places on, or None when it is off this board (M-6)."""
    n = position.rules.size
    if not (0 <= action.file < n and 0 <= action.rank < n):
        return None
    return action.rank * n + action.file


# --- the decision and its ledger -----------------------------------------------------------------


def decision(position: Position) -> Decision:
    result = game_result(position)  # None until the board is full (M-5)
    if result is not None:
        return Decision("game over", None, result.reason)
    who = colour_name(position.turn)
    if position.can_swap():
        return Decision("place a stone", who, "or swap sides: pie rule")
    return Decision("place a stone", who)


def ledger(position: Position, why: bool = False) -> Ledger:
    """The placements on every empty square (in square order), then the swap when the pie
    rule offers it; with ``why``, the reason for every other square and for a refused swap."""
    led = Ledger(why)
    size = position.rules.size
    places = _placements(size)
    if position.is_full():
        if why:
            result = game_result(position)
            assert result is not None  # the board is full (M-5)
            reason = f"the board is full, so the game is over: {result.reason}"
            for action in places + (SWAP_ACTION,):
                led.reject(action, "M-5", reason)
        return led
    cells = position.cells
    if why:  # written before the allowed ones, which reject() would search through
        for sq, c in enumerate(cells):
            if c:
                led.reject(places[sq], "KM-1", f"{places[sq]} already holds a {colour_name(c).lower()} stone; "
                                               f"a stone goes on an empty square")
        if not position.can_swap():
            rulings, reason = _no_swap(position)
            led.reject(SWAP_ACTION, rulings, reason)
    outcomes = _placement_outcomes(size, position.turn)
    for sq, c in enumerate(cells):
        if not c:
            led.allow(places[sq], outcomes[sq])
    if position.can_swap():
        led.allow(SWAP_ACTION, SWAP_OUTCOME)
    return led


def _no_swap(position: Position) -> tuple[tuple[str, ...], str]:
    """Why the pie rule offers no swap now (M-5, KM-2)."""
    if position.rules.squared:
        return ("M-5",), "Kaomi Squared compensates White with komi instead of the pie rule, so there is no swap"
    if position.swapped:
        return ("M-5", "KM-2"), "the swap has already been used; the pie rule offers it once"
    return ("M-5", "KM-2"), "a swap is only possible on White's first turn, right after Black's first stone"


# --- applying and wording an allowed action ------------------------------------------------------


def play(position: Position, action: Action, result: Placement | Swap) -> None:
    """Apply an allowed action's recorded outcome in place."""
    if isinstance(result, Swap):
        # KM-2: the players trade colours; the board stays, and White (now the first
        # player) places next
        position.swapped = True
        return
    apply_pushes(position, result.resolve(position))
    position.turn = other(result.colour)
