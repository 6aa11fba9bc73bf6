"""Dakapo's decisions: whose turn, the ledger of every candidate action, playing an outcome.

``ledger(pos, why=False)`` writes one decision's :class:`~kabetopo_nb.core.ledger.Ledger`
from the generators that decide the rules, and nothing else decides them again:

* while stones are being placed: ``claim`` first when a claim stands (``claims.py``), then
  every placement by colour, then square (``placements.py``);
* if the player to move has no placement, the game is over (D-END-1, ``ending.py``);
* in the claim window after the stone that fills the board: ``claim`` and ``pass``;
* once the game is over: nothing.

With ``why`` every other candidate is in the ledger too, refused with its rulings and a
sentence: each colour on each square of the board, ``claim`` and ``pass``.  ``play``
applies an allowed action's recorded outcome; the words for an allowed action are in
``explain.py``.
"""
from __future__ import annotations

from ..core.ledger import Ledger
from ..core.state import Decision
from .claims import Claim, Pass, write_claim, write_pass
from .ending import CLAIM_WINDOW, PLAYING, after_placements, result_text, settled, status
from .placements import Placement, placement_actions, write_placements
from .position import CLAIMED, NO_CLAIM, PASSED, Position
from .rules import COLOURS, EMPTY, PLAYERS
from .squares import last_squares
from .turns import player_from_stones


def decision(pos: Position) -> Decision:
    st = status(pos)
    if st.is_over:
        return Decision("game over", None, result_text(pos, st))
    if st.state == CLAIM_WINDOW:
        return Decision("claim or pass", PLAYERS[1 - pos.turn], "the board is full" + _inconsistent_note(pos))
    barred = pos.last_colour
    detail = "first placement, any colour (D-4)" if barred == EMPTY else f"not {COLOURS[barred]} (D-PLACE-3)"
    return Decision("placement", PLAYERS[pos.turn], detail + _inconsistent_note(pos))


def _inconsistent_note(pos: Position) -> str:
    """A position whose turn disagrees with its stones is played as written, and says so (``turns.py``)."""
    due = player_from_stones(pos)
    if due == pos.turn:
        return ""
    return "; inconsistent: " + (f"the stones say {PLAYERS[due]} places next" if due is not None
                                 else "fewer stones than the setup's (D-1)")


def ledger(pos: Position, why: bool = False) -> Ledger:
    """Every candidate action of the decision in ``pos`` with its verdict (see the module doc)."""
    led = Ledger(why)
    found = last_squares(pos)
    st = settled(pos, found)
    if st is None:
        claim_open = write_claim(pos, led, found)
        st = after_placements(pos, write_placements(pos, led, lets_go=claim_open) > 0)
        if st.state == PLAYING:
            write_pass(pos, led, found)
            return led
        led = Ledger(why)  # D-END-1: the game is over, and what was written above no longer stands
    if st.is_over:
        over = ((st.ruling,), f"the game is over: {result_text(pos, st)}")
        write_claim(pos, led, found, over=over)
        write_pass(pos, led, found, over=over)
        _refuse_every_placement(pos, led, *over)
        return led
    # the claim window (D-CLAIM-1): every stone is placed, the last one made a square
    write_claim(pos, led, found)
    write_pass(pos, led, found, window=True)
    _refuse_every_placement(pos, led, ("D-CLAIM-1", "D-END-2"),
                            f"every stone is placed; {PLAYERS[1 - pos.turn]} may only claim the square or pass")
    return led


def _refuse_every_placement(pos: Position, led: Ledger, rulings: tuple[str, ...], reason: str) -> None:
    if led.why:
        for row in placement_actions(pos.size):
            for action in row:
                led.reject(action, rulings, reason)


def play(pos: Position, action, outcome) -> None:
    """Apply an allowed action's outcome in place (``GameState.apply`` finds it in the ledger)."""
    if isinstance(outcome, Placement):
        pos.board[outcome.square] = outcome.colour
        if pos.given_supply is not None:  # a partial position counts its supplies itself (D-2)
            supply = list(pos.given_supply)
            supply[outcome.colour] -= 1
            pos.given_supply = tuple(supply)
        pos.last = outcome.square
        pos.turn = 1 - outcome.player
        pos.claim = NO_CLAIM  # an unclaimed square of the opponent no longer counts (D-CLAIM-1)
    elif isinstance(outcome, Claim):
        pos.claim = CLAIMED
    elif isinstance(outcome, Pass):
        pos.claim = PASSED
    else:  # pragma: no cover - only the ledger's outcomes reach play()
        raise TypeError(f"not a Dakapo outcome: {outcome!r} (for {action})")
