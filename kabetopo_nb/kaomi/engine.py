"""The Kaomi rules engine in the shape ``core.state.GameState`` expects.

Decisions (whose turn, the pie rule), legal actions, applying them and verdicts with
ruling IDs.  Where pushes go is decided in ``pushes.py``; the end and the result in
``scoring.py``; the wording of a placement's pushes in ``explainer.py``.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.state import Decision, RulesEngine
from ..core.verdict import Verdict
from .actions import PLACE, SWAP, SWAP_ACTION, Action
from .position import BLACK, WHITE, Position, colour_name, format_position, parse_position
from .pushes import apply as apply_pushes
from .pushes import resolve
from .scoring import outcome

GAME_NAME = "kaomi"


@lru_cache(maxsize=None)
def _placements(size: int) -> tuple[Action, ...]:
    """One Action per square of a ``size`` board, indexed by square."""
    return tuple(Action(PLACE, sq % size, sq // size) for sq in range(size * size))


def square_of(position: Position, action: Action) -> int | None:
    """The square an action places on, or None when it is off this board (M-6)."""
    n = position.rules.size
    if not (0 <= action.file < n and 0 <= action.rank < n):
        return None
    return action.rank * n + action.file


def decision(position: Position) -> Decision:
    if position.is_full():
        result = outcome(position)
        return Decision("game over", None, result.reason)
    who = colour_name(position.turn)
    if position.can_swap():
        return Decision("place a stone", who, "or swap sides: pie rule")
    return Decision("place a stone", who)


def legal_actions(position: Position) -> list[Action]:
    if position.is_full():
        return []
    places = _placements(position.rules.size)
    actions = [places[sq] for sq, c in enumerate(position.cells) if not c]
    if position.can_swap():
        actions.append(SWAP_ACTION)
    return actions


def play(position: Position, action: Action) -> None:
    """Apply a legal action in place (GameState has checked that it is legal)."""
    if action.kind == SWAP:
        # KM-2: the players trade colours; the board stays, and White (now the first
        # player) places next
        position.swapped = True
        return
    sq = square_of(position, action)
    apply_pushes(position, resolve(position, sq))
    position.turn = WHITE if position.turn == BLACK else BLACK


def explain(position: Position, action) -> Verdict:
    """Legal or not, with the rulings that decide it and one sentence."""
    if not isinstance(action, Action) or action.kind not in (PLACE, SWAP):
        return Verdict(False, (), f"{action!r} is not a Kaomi action (a square such as 'd4', or 'swap')")
    if position.is_full():
        return Verdict(False, ("M-5",), f"the board is full, so the game is over: {outcome(position).reason}")
    who = colour_name(position.turn)
    if action.kind == SWAP:
        if position.rules.squared:
            return Verdict(False, ("M-5",), "Kaomi Squared compensates White with komi instead of the pie rule, "
                                            "so there is no swap")
        if position.swapped:
            return Verdict(False, ("M-5", "KM-2"), "the swap has already been used; the pie rule offers it once")
        if not position.can_swap():
            return Verdict(False, ("M-5", "KM-2"), "a swap is only possible on White's first turn, right after "
                                                   "Black's first stone")
        return Verdict(True, ("M-5", "KM-2"), "White takes over Black's side and its stone: the players trade "
                                              "colours, and the first player now places for White")
    sq = square_of(position, action)
    n = position.rules.size
    if sq is None:
        return Verdict(False, ("M-6",), f"{action} is not on this {n}x{n} board")
    if position.cells[sq]:
        return Verdict(False, ("KM-1",), f"{action} already holds a {colour_name(position.cells[sq]).lower()} "
                                         f"stone; a stone goes on an empty square")
    from .explainer import summary

    res = resolve(position, sq)
    return Verdict(True, ("KM-1",) + res.rulings, f"{who} places on {action}: {summary(position, res)}")


# The rules engine in the shape ``core.state.GameState`` expects.
def _ledger(pos, why=False):  # TEMPORARY adapter until Kaomi writes its own ledger
    from ..core.ledger import Ledger

    led = Ledger(why)
    for a in legal_actions(pos):
        led.allow(a, None)
    return led


def _words(pos, action, outcome=None):
    v = explain(pos, action)
    return v.rulings, v.reason


ENGINE = RulesEngine(
    GAME_NAME, decision=decision, ledger=_ledger, play=lambda pos, a, o: play(pos, a), describe=_words,
    shape=_words, format_position=format_position, parse_position=parse_position, parse_action=Action.parse,
)
