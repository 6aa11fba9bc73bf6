"""Why an action is legal or not, read from the decision's ledger (``engine.ledger``).

Nothing here decides a rule: the generators write every verdict into the ledger, and this
module only puts allowed actions into words.

* ``describe(pos, action, outcome)``: the rulings and sentence of an allowed action, from
  its recorded outcome;
* ``shape(pos, action)``: for a candidate the generators never consider (not a Dakapo
  action, not a colour, a square off the board: D-1), a reason about its form;
* ``explain(pos, action)``: the verdict on any action, legal or not;
* ``colour_verdict(pos, colour)``: may the player to move place this colour anywhere?
  Read from the ledger's entries for that colour.
"""
from __future__ import annotations

from ..core.ledger import Ledger, Rejected, verdict
from ..core.verdict import Verdict
from .actions import PLACE, Action, malformed
from .claims import Claim, Pass
from .engine import ledger
from .geometry import coords_name, on_board
from .placements import Placement, placement_actions
from .position import Position
from .rules import COLOURS, PLAYERS
from .status import square_words


def describe(pos: Position, action: Action, outcome) -> tuple[tuple[str, ...], str]:
    """The rulings and the sentence of an allowed ``action`` with its ``outcome``."""
    if isinstance(outcome, Placement):
        return _placement_words(outcome)
    if isinstance(outcome, Claim):
        square = square_words(outcome.corners, outcome.colour, pos.size)
        return ("D-3", "D-CLAIM-1"), f"{PLAYERS[outcome.player]} claims {square} and wins"
    if isinstance(outcome, Pass):
        return ("D-CLAIM-1", "D-END-2"), f"{PLAYERS[outcome.player]} lets the square go unclaimed: the game is a tie"
    raise TypeError(f"not a Dakapo outcome: {outcome!r} (for {action})")


def _placement_words(placed: Placement) -> tuple[tuple[str, ...], str]:
    turn = placed.turn
    player = PLAYERS[turn.player]
    rulings = ["D-PLACE-1", "D-PLACE-2", "D-4" if turn.first else "D-PLACE-3"]
    n = turn.size
    reason = f"{player} places a {COLOURS[placed.colour]} stone on {coords_name(placed.square % n, placed.square // n)}"
    if turn.first:
        reason += "; the first placement may use any colour"
    if placed.made:
        rulings.append("D-3")
        square = square_words(placed.made[0], placed.colour, n)
        if turn.tabletop:
            rulings.append("D-CLAIM-1")
            reason += f", completing {square}; it wins only if claimed before the opponent's next placement"
        else:
            reason += f", completing {square}: {player} wins"
    elif placed.fills_board:
        rulings.append("D-END-2")
        reason += ", the last stone: the board is full"
    if placed.lets_go:
        if "D-CLAIM-1" not in rulings:
            rulings.append("D-CLAIM-1")
        reason += f"; {PLAYERS[1 - turn.player]}'s unclaimed square no longer counts"
    return tuple(rulings), reason


def shape(pos: Position, action) -> tuple[tuple[str, ...], str]:
    """Why a candidate the ledger never considers is no action here; decides no rule.

    The ledger holds every colour on every square of the board, ``claim`` and ``pass``, so
    what reaches here is malformed (``actions.malformed``) or a square off the board (D-1)."""
    bad = malformed(action)
    if bad:
        return (), bad
    n = pos.size
    if action.kind == PLACE and not on_board(action.file, action.rank, n):
        return ("D-1",), f"{action.square} is not on the {n}x{n} board"
    return (), f"{action} is not among the candidates of this decision"  # pragma: no cover - a ledger gap


def explain(pos: Position, action, why: Ledger | None = None) -> Verdict:
    """The verdict on ``action`` in ``pos``, read from the decision's ledger (built if not given)."""
    if why is None:
        why = ledger(pos, why=True)
    return verdict(why, action, describe=lambda a, outcome: describe(pos, a, outcome),
                   shape=lambda a: shape(pos, a))


def colour_verdict(pos: Position, colour: int, why: Ledger | None = None) -> Verdict:
    """May the player to move place ``colour`` anywhere?  (For a colour picked in the widget.)

    Read from the ledger's entries for ``colour`` on every square: legal with the count of
    squares it may go on; otherwise refused with the rules every square gives (the game is
    over, the claim window, D-PLACE-3, D-2), or, when the squares disagree, D-PLACE-1 and
    D-PLACE-2."""
    if why is None:
        why = ledger(pos, why=True)
    name = COLOURS[colour]
    spots = [outcome for outcome in why.outcomes if isinstance(outcome, Placement) and outcome.colour == colour]
    if spots:
        n = len(spots)
        return Verdict(True, ("D-PLACE-1", "D-PLACE-2", "D-4" if spots[0].turn.first else "D-PLACE-3"),
                       f"{name} can go on {n} square{'s' if n != 1 else ''}")
    refusals: list[Rejected] = []
    for action in placement_actions(pos.size)[colour]:
        refusal = why.rejection(action)
        assert refusal is not None, f"no verdict on {action}"  # a why ledger refuses every placement not allowed
        refusals.append(refusal)
    common = tuple(rid for rid in refusals[0].rulings if all(rid in r.rulings for r in refusals))
    if common:
        # Every refusal names its square's own rules first, in sentences without "; ",
        # then the rules shared by every square: keep the shared part.
        first = refusals[0]
        own = len(first.rulings) - len(common)
        return Verdict(False, common, first.reason.split("; ", own)[own])
    return Verdict(False, ("D-PLACE-1", "D-PLACE-2"),
                   f"every empty square next to a stone already touches a {name} stone")
