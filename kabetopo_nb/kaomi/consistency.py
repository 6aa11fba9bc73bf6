"""Kaomi's own invariants, checked after every action of a random simulation.

``check_state(state, action)`` is the game-supplied callback of
``kabetopo_nb.core.simulation.random_simulation``; it raises AssertionError naming what fails:

* KM-1, M-1..M-4: every placement adds exactly one stone, and pushes lose none;
* the position is one play can reach (``Position.problems``);
* M-5: a full board is the end of the game, with a result;
* the ledger lists the empty squares in order, then the swap the pie rule offers (M-5,
  KM-2), and with reasons it holds every candidate (each square, the swap); the fast
  ledger lists the same actions.
"""
from __future__ import annotations

from .actions import every_candidate


def check_state(state, action) -> None:
    pos = state.position
    placements = sum(1 for a in state.history if str(a) != "swap")
    assert pos.count() == placements, "every placement adds exactly one stone and pushes lose none"
    assert pos.problems() == [], pos.problems()
    if pos.is_full():
        assert state.result() is not None and state.is_terminal(), "M-5: a full board ends the game"
    led = state.ledger(why=True)
    expected = [pos.name(sq) for sq in pos.empty_squares()] if not pos.is_full() else []
    assert [str(a) for a in led.actions] == expected + (["swap"] if pos.can_swap() else [])
    assert set(led.candidates()) == set(every_candidate(state))
    assert state.ledger(why=False).actions == led.actions
