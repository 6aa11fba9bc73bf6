"""Claiming a square under the tabletop option (the D-3 option, D-CLAIM-1): ``claim`` and ``pass``.

Under the tabletop option a square made by the last stone counts only once its player
claims it, which that player may do until the opponent places a stone (so ``claim`` is
offered among the opponent's actions).  After the stone that fills the board the player
may instead ``pass``: the square goes unclaimed and the game is a tie (D-END-2).

``claimable`` decides whether a claim stands; ``write_claim`` and ``write_pass`` put the
two actions into a decision's ledger, allowed with their outcomes (:class:`Claim`,
:class:`Pass`) or, when the ledger asks why, refused with the rule that refuses them.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.ledger import Ledger
from .actions import CLAIM, PASS, Action
from .position import CLAIMED, NO_CLAIM, Position
from .rules import PLAYERS

CLAIM_ACTION, PASS_ACTION = Action(CLAIM), Action(PASS)

Corners = tuple[int, int, int, int]
Refusal = tuple[tuple[str, ...], str]


@dataclass(frozen=True)
class Claim:
    """The outcome of a claim that stands: ``player`` wins with the square ``corners`` (D-3, D-CLAIM-1)."""

    player: int
    corners: Corners
    colour: int


@dataclass(frozen=True)
class Pass:
    """The outcome of a pass: ``player`` lets the square ``corners`` go, and the full board is a tie
    (D-CLAIM-1, D-END-2)."""

    player: int
    corners: Corners
    colour: int


def claimable(pos: Position, found: list[Corners]) -> bool:
    """Tabletop option: the last stone completed the squares ``found``, and its player has
    neither claimed one nor let them go (D-CLAIM-1).  The opponent's next placement lets
    them go (``play`` clears the claim state)."""
    return pos.rules.tabletop and pos.claim == NO_CLAIM and bool(found)


def write_claim(pos: Position, ledger: Ledger, found: list[Corners], over: Refusal | None = None) -> bool:
    """Allow ``claim`` when a claim stands now; ``over`` is the refusal for every action once
    the game is over.  Returns whether ``claim`` is allowed."""
    if not pos.rules.tabletop:
        refusal: Refusal = (("D-3",), "wins are detected automatically; claims belong to the tabletop option")
    elif over is not None:
        refusal = over
    elif claimable(pos, found):
        ledger.allow(CLAIM_ACTION, Claim(1 - pos.turn, found[0], pos.board[pos.last]))
        return True
    elif pos.last < 0:
        refusal = (("D-3", "D-CLAIM-1"), "no stone has been placed yet, so there is no square to claim")
    elif not found:
        placer = PLAYERS[1 - pos.turn]
        refusal = (("D-3", "D-CLAIM-1"),
                   f"{placer}'s last stone on {pos.square_name(pos.last)} completes no same-coloured square")
    else:  # claimed or let go already: play reaches this only once the game is over (``over``)
        done = "claimed" if pos.claim == CLAIMED else "let go"
        refusal = (("D-CLAIM-1",), f"the square of the last stone was already {done}")
    if ledger.why:
        ledger.reject(CLAIM_ACTION, *refusal)
    return False


def write_pass(pos: Position, ledger: Ledger, found: list[Corners], *, window: bool = False,
               over: Refusal | None = None) -> None:
    """Allow ``pass`` in the claim window (``window``: the board is full and the last stone's
    square is unclaimed, see ``ending.settled``); ``over`` as for ``write_claim``."""
    if over is not None:
        refusal = over
    elif window:
        ledger.allow(PASS_ACTION, Pass(1 - pos.turn, found[0], pos.board[pos.last]))
        return
    else:
        refusal = (("D-CLAIM-1",), ("passing is only for letting a square go after the stone that fills "
                                    "the board (tabletop option)"))
    if ledger.why:
        ledger.reject(PASS_ACTION, *refusal)
