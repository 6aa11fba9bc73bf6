"""Dakapo's own invariants, checked after every action of a random simulation.

``check_state(state, action)`` is the game-supplied callback of
``kabetopo_nb.core.simulation.random_simulation``; it raises AssertionError naming the
ruling that fails:

* D-2: no colour has more stones on the board than it owns; stones are conserved;
* D-PLACE-2: no two orthogonally adjacent stones share a colour;
* D-PLACE-1: every stone is connected to the setup stones through orthogonal neighbours
  (not asked of a partial position, which shows only the squares that matter);
* D-1, D-4: the turn is the one the stones say (``turns.py``), and only a position where
  it is not ends with no result;
* D-3: a game won by a square is won by one through the last stone; a game still going
  (automatic wins) has no square through the last stone;
* D-END-1 / D-END-2: the game ends exactly when it should.
"""
from __future__ import annotations

from .ending import CLAIM_WINDOW, LOSS, NO_RESULT, PLAYING, TIE, WIN, status
from .geometry import neighbours, setup_squares
from .notation import invalid_reasons, position_problems
from .placements import has_placement
from .position import Position
from .rules import EMPTY
from .squares import last_squares
from .turns import turn_problems


def connected_problems(pos: Position) -> list[str]:
    if pos.is_partial:
        return []
    n = pos.size
    start = [sq for sq in setup_squares(n) if pos.board[sq] != EMPTY]
    seen = set(start)
    todo = list(start)
    while todo:
        sq = todo.pop()
        for x in neighbours(sq, n):
            if x not in seen and pos.board[x] != EMPTY:
                seen.add(x)
                todo.append(x)
    loose = [pos.square_name(sq) for sq in pos.stones() if sq not in seen]
    return [f"D-PLACE-1: stones not connected to the setup: {', '.join(loose)}"] if loose else []


def state_problems(pos: Position) -> list[str]:
    out = invalid_reasons(pos) + position_problems(pos) + connected_problems(pos)
    st = status(pos)
    found = last_squares(pos)
    if st.state == WIN and (not found or st.square not in found):
        out.append("D-3: a win without a square through the last stone")
    if st.state == PLAYING:
        if found and not pos.rules.tabletop:
            out.append("D-3: the last stone completes a square but the game goes on")
        if not has_placement(pos):
            out.append("D-END-1: the game goes on but the player to move has no placement")
        if pos.is_full():
            out.append("D-END-2: the game goes on with every stone placed")
    if st.state == TIE and not pos.is_full():
        out.append("D-END-2: a tie before every stone is placed")
    if st.state == LOSS and has_placement(pos):
        out.append("D-END-1: a loss while a placement is possible")
    if st.is_over and (st.state == NO_RESULT) != bool(turn_problems(pos)):
        out.append("D-4: no result exactly when the game ends from a position whose turn disagrees with its stones")
    if st.state == CLAIM_WINDOW and not (pos.rules.tabletop and found and pos.is_full()):
        out.append("D-CLAIM-1: a claim window without a full board and a square")
    return out


def check_state(state, action=None) -> None:
    """The ``check`` callback of ``random_simulation``: raise AssertionError on any problem."""
    problems = state_problems(state.position)
    if problems:
        raise AssertionError("; ".join(problems))
