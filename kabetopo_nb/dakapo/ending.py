"""Where a Dakapo game ends, and how the result is told (D-3, D-END-1, D-END-2, D-CLAIM-1).

``status(pos)`` derives how things stand from the position alone:

* the last stone completes a same-coloured square (D-3): its player wins, at once, or,
  under the tabletop option, once ``claim`` is played (D-CLAIM-1);
* otherwise, every stone placed: a tie (D-END-2), except that under the tabletop option
  the player whose stone filled the board and completed a square may still claim it or
  ``pass`` (the *claim window*, D-CLAIM-1);
* otherwise, the player to move has no legal placement: that player loses (D-END-1).

The first two are read from the board alone (``settled``); the last needs the placement
generator, so the engine's ledger, which runs the generator anyway, hands its count to
``after_placements`` instead of running it twice.

A position whose turn disagrees with its stones (``turns.turn_problems``) is played as
written, but where it would end in a win, a loss or a tie it ends with *no result*
(``NO_RESULT``): who placed the last stone, and who is stuck, is exactly what the
disagreement leaves open, so no winner is named and the result says why.  A referee
handed such a position asks for it to be put right first; the problem says what the
stones imply.
"""
from __future__ import annotations

from dataclasses import dataclass

from .placements import has_placement
from .position import CLAIMED, PASSED, Position
from .rules import COLOURS, PLAYERS
from .squares import corners_text, last_squares
from .turns import turn_problems

PLAYING, CLAIM_WINDOW, WIN, LOSS, TIE = "playing", "claim window", "win", "loss", "tie"
NO_RESULT = "no result"  # a game that ends as written, from a position whose turn disagrees with its stones


@dataclass(frozen=True)
class Status:
    """How the game stands.  ``winner`` is a player index; ``square`` the winning corners.

    With no result (``NO_RESULT``), ``ended`` is how the game ends as written (WIN, LOSS
    or TIE) and ``problems`` why no result is named (``turns.turn_problems``)."""

    state: str
    winner: int | None = None
    ruling: str = ""
    square: tuple[int, ...] | None = None
    ended: str = ""
    problems: tuple[str, ...] = ()

    @property
    def is_over(self) -> bool:
        return self.state in (WIN, LOSS, TIE, NO_RESULT)


GOING_ON = Status(PLAYING)


def settled(pos: Position, found: list[tuple[int, int, int, int]]) -> Status | None:
    """What the board alone decides, given ``found``, the squares the last stone completes:
    a win (D-3), the claim window or a tie once every stone is placed (D-CLAIM-1, D-END-2);
    None while stones remain to be placed."""
    if found and (not pos.rules.tabletop or pos.claim == CLAIMED):
        return _unless_inconsistent(pos, Status(WIN, 1 - pos.turn, "D-3", found[0]))
    if pos.is_full():
        if found and pos.claim != PASSED:
            return Status(CLAIM_WINDOW, None, "D-CLAIM-1", found[0])
        return _unless_inconsistent(pos, Status(TIE, None, "D-END-2"))
    return None


def after_placements(pos: Position, can_place: bool) -> Status:
    """D-END-1, for a position ``settled`` leaves open: a player to move with no placement
    allowed has lost, and the other player wins."""
    return GOING_ON if can_place else _unless_inconsistent(pos, Status(LOSS, 1 - pos.turn, "D-END-1"))


def _unless_inconsistent(pos: Position, ending: Status) -> Status:
    """``ending``, or no result when the position's turn disagrees with its stones (see the module doc)."""
    problems = turn_problems(pos)
    if not problems:
        return ending
    return Status(NO_RESULT, None, problems[0].split(":", 1)[0], ending.square, ending.state, tuple(problems))


def status(pos: Position) -> Status:
    st = settled(pos, last_squares(pos))
    return st if st is not None else after_placements(pos, has_placement(pos))


def result_text(pos: Position, st: Status | None = None) -> str:
    """The result in words, "" while the game goes on."""
    st = st or status(pos)
    if st.state == WIN:
        assert st.winner is not None and st.square is not None  # a win names both (``settled``)
        colour = COLOURS[pos.board[pos.last]]
        how = "claimed " if pos.rules.tabletop else ""
        return f"{PLAYERS[st.winner]} wins (D-3): {how}{colour} square {corners_text(st.square, pos.size)}"
    if st.state == LOSS:
        assert st.winner is not None  # a loss names the winner (``after_placements``)
        return f"{PLAYERS[1 - st.winner]} has no legal placement and loses (D-END-1); {PLAYERS[st.winner]} wins"
    if st.state == NO_RESULT:
        return f"no result: {_ended_words(pos, st)}, but {inconsistent_words(st.problems)}"
    if st.state == TIE:
        if pos.claim == PASSED:
            return "every stone is placed and the last square went unclaimed (D-CLAIM-1): a tie (D-END-2)"
        return "every stone is placed without a winning square: a tie (D-END-2)"
    return ""


def inconsistent_words(problems) -> str:
    """Why no result is named: the position's turn disagrees with its stones (``turns.py``)."""
    return "this position is inconsistent, so no winner is named from it: " + "; ".join(problems)


def _ended_words(pos: Position, st: Status) -> str:
    """How a game with no result ends as written (D-3, D-END-1, D-END-2)."""
    if st.ended == WIN:
        assert st.square is not None  # a win names its square (``settled``)
        return (f"the last stone completes a {COLOURS[pos.board[pos.last]]} square "
                f"{corners_text(st.square, pos.size)} (D-3)")
    if st.ended == LOSS:
        return f"{PLAYERS[pos.turn]}, to place as written, has no legal placement (D-END-1)"
    return "every stone is placed (D-END-2)"
