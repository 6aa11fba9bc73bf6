"""Why an action is legal or not, read from the decision's ledger (``engine.ledger``).

Nothing here decides a rule: the generators write every verdict into the ledger, and this
module only puts allowed actions into words.

* ``describe(pos, action, outcome)``: the rulings and sentence of an allowed action, from
  its recorded outcome;
* ``shape(pos, action)``: for a candidate the generators never consider (not a Dakapo
  action, not a colour, a square off the board: D-1), a reason about its form;
* ``explain(pos, action)``: the verdict on any action, legal or not; a refused placement
  on an empty square also says whether it would have completed a square (D-3, found by
  ``squares.squares_made``, the engine's own square finder);
* ``colour_verdict(pos, colour)``: may the player to move place this colour anywhere?
  Read from the ledger's entries for that colour.

A position whose turn disagrees with its stones is played as written (``turns.py``), so
every verdict from it says that it is inconsistent, and none names a winner.
"""
from __future__ import annotations

from dataclasses import replace

from ..core.ledger import Ledger, Rejected, verdict
from ..core.verdict import Verdict
from .actions import PLACE, Action, malformed
from .claims import Claim, Pass
from .ending import inconsistent_words
from .engine import ledger
from .geometry import coords_name, on_board
from .placements import Placement, placement_actions
from .position import Position
from .rules import COLOURS, EMPTY, PLAYERS
from .squares import squares_made
from .status import square_words
from .turns import is_consistent, turn_problems


def describe(pos: Position, action: Action, outcome) -> tuple[tuple[str, ...], str]:
    """The rulings and the sentence of an allowed ``action`` with its ``outcome``."""
    if isinstance(outcome, Placement):
        return _placement_words(outcome, is_consistent(pos))
    if isinstance(outcome, Claim):
        square = square_words(outcome.corners, outcome.colour, pos.size)
        wins = " and wins" if is_consistent(pos) else ""
        return ("D-3", "D-CLAIM-1"), f"{PLAYERS[outcome.player]} claims {square}{wins}"
    if isinstance(outcome, Pass):
        return ("D-CLAIM-1", "D-END-2"), f"{PLAYERS[outcome.player]} lets the square go unclaimed: the game is a tie"
    raise TypeError(f"not a Dakapo outcome: {outcome!r} (for {action})")


def _placement_words(placed: Placement, consistent: bool = True) -> tuple[tuple[str, ...], str]:
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
        elif consistent:
            reason += f", completing {square}: {player} wins"
        else:  # no winner is named from an inconsistent position (``turns.py``)
            reason += f", completing {square}"
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
    v = verdict(why, action, describe=lambda a, outcome: describe(pos, a, outcome), shape=lambda a: shape(pos, a))
    return amend_verdict(pos, action, v)


def amend_verdict(pos: Position, action, v: Verdict) -> Verdict:
    """What Dakapo adds to the verdict ``v`` on ``action`` (the engine's ``explain`` calls
    this too): a refused placement says whether it would have completed a square (D-3),
    and a verdict from an inconsistent position says so."""
    if not v.legal:
        made = _would_make(pos, action)
        if made is not None:
            v = replace(v, reason=f"{v.reason}; {made}")
    return _said_inconsistent(pos, v)


def placement_squares(pos: Position, action) -> list[tuple[int, int, int, int]] | None:
    """The squares a placement on an empty square of the board would complete (D-3), found
    by the engine's own ``squares.squares_made``, whether the rules allow it or not; None
    for anything else (not a placement, off the board, a taken square)."""
    if malformed(action) or action.kind != PLACE or not on_board(action.file, action.rank, pos.size):
        return None
    sq = action.rank * pos.size + action.file
    if pos.board[sq] != EMPTY:
        return None
    return squares_made(pos.board, pos.size, sq, action.colour)


def _would_make(pos: Position, action) -> str | None:
    """Whether a placement would have completed a square, in words (see ``placement_squares``)."""
    made = placement_squares(pos, action)
    if made is None:
        return None
    if not made:
        return f"it would not have completed a {COLOURS[action.colour]} square (D-3)"
    return ("had it been allowed, it would have completed "
            + " and ".join(square_words(corners, action.colour, pos.size) for corners in made) + " (D-3)")


def _said_inconsistent(pos: Position, v: Verdict) -> Verdict:
    """``v``, saying that the position is inconsistent when its turn disagrees with its stones."""
    problems = turn_problems(pos)
    if not problems or "this position is inconsistent" in v.reason:
        return v
    return replace(v, reason=f"{v.reason}; {inconsistent_words(problems)}")


def colour_verdict(pos: Position, colour: int, why: Ledger | None = None) -> Verdict:
    """May the player to move place ``colour`` anywhere?  (For a colour picked in the widget.)

    Read from the ledger's entries for ``colour`` on every square: legal with the count of
    squares it may go on; otherwise refused with the rules every square gives (the game is
    over, the claim window, D-PLACE-3, D-2), or, when the squares disagree, D-PLACE-1 and
    D-PLACE-2."""
    if why is None:
        why = ledger(pos, why=True)
    return _said_inconsistent(pos, _colour_verdict(pos, colour, why))


def _colour_verdict(pos: Position, colour: int, why: Ledger) -> Verdict:
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
