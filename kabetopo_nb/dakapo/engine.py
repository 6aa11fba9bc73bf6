"""Where Dakapo's turn is decided: legal placements, the game's status, applying actions.

``status(pos)`` derives how things stand from the position alone:

* the last stone completes a same-coloured square (D-3): its player wins, at once, or,
  under the tabletop option, once ``claim`` is played (D-CLAIM-1);
* otherwise, every stone placed: a tie (D-END-2), except that under the tabletop option
  the player whose stone filled the board and completed a square may still claim it or
  ``pass`` (the *claim window*, D-CLAIM-1);
* otherwise, the player to move has no legal placement: that player loses (D-END-1).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.state import Decision
from .actions import CLAIM, PASS, PLACE, Action
from .geometry import neighbours
from .position import CLAIMED, NO_CLAIM, PASSED, Position
from .rules import COLOURS, EMPTY, PLAYERS
from .squares import squares_through

PLAYING, CLAIM_WINDOW, WIN, LOSS, TIE = "playing", "claim window", "win", "loss", "tie"


@dataclass(frozen=True)
class Status:
    """How the game stands.  ``winner`` is a player index; ``square`` the winning corners."""

    state: str
    winner: int | None = None
    ruling: str = ""
    square: tuple[int, ...] | None = None

    @property
    def is_over(self) -> bool:
        return self.state in (WIN, LOSS, TIE)


def last_squares(pos: Position) -> list[tuple[int, int, int, int]]:
    """The squares the last stone placed completes (D-3), if any."""
    if pos.last < 0 or pos.board[pos.last] == EMPTY:
        return []
    return squares_through(pos.board, pos.size, pos.last)


def placements(pos: Position) -> list[Action]:
    """Every placement D-PLACE-1..3 and D-2 allow, by colour then square (status ignored)."""
    n = pos.size
    board = pos.board
    barred = pos.last_colour  # D-PLACE-3 (EMPTY at the first placement: D-4)
    open_colours = [c for c in range(4) if c != barred and pos.supply(c) > 0]  # D-2
    out: list[list[Action]] = [[] for _ in range(4)]
    if not open_colours:
        return []
    for sq in range(n * n):
        if board[sq] != EMPTY:
            continue
        near = {board[x] for x in neighbours(sq, n)}
        near.discard(EMPTY)
        if not near:  # D-PLACE-1
            continue
        f, r = sq % n, sq // n
        for c in open_colours:
            if c not in near:  # D-PLACE-2
                out[c].append(Action(PLACE, c, f, r))
    return [a for group in out for a in group]


def has_placement(pos: Position) -> bool:
    return bool(placements(pos))


def status(pos: Position) -> Status:
    placer = 1 - pos.turn
    found = last_squares(pos)
    if found and (not pos.rules.tabletop or pos.claim == CLAIMED):
        return Status(WIN, placer, "D-3", found[0])
    if pos.is_full():
        if found and pos.claim != PASSED:
            return Status(CLAIM_WINDOW, None, "D-CLAIM-1", found[0])
        return Status(TIE, None, "D-END-2")
    if not has_placement(pos):
        return Status(LOSS, placer, "D-END-1")
    return Status(PLAYING)


def claimable(pos: Position) -> bool:
    """Tabletop option: the last stone completed a square and it is not yet claimed, and
    the opponent has not placed since (D-CLAIM-1)."""
    return pos.rules.tabletop and pos.claim == NO_CLAIM and bool(last_squares(pos))


def decision(pos: Position) -> Decision:
    st = status(pos)
    if st.is_over:
        return Decision("game over", None, result_text(pos, st))
    if st.state == CLAIM_WINDOW:
        return Decision("claim or pass", PLAYERS[1 - pos.turn], "the board is full")
    barred = pos.last_colour
    detail = "first placement, any colour (D-4)" if barred == EMPTY else f"not {COLOURS[barred]} (D-PLACE-3)"
    return Decision("placement", PLAYERS[pos.turn], detail)


def legal_actions(pos: Position) -> list[Action]:
    st = status(pos)
    if st.is_over:
        return []
    if st.state == CLAIM_WINDOW:
        return [Action(CLAIM), Action(PASS)]
    acts = placements(pos)
    if claimable(pos):
        acts.insert(0, Action(CLAIM))
    return acts


def play(pos: Position, action: Action) -> None:
    """Apply a legal action in place (``GameState.apply`` checks legality first)."""
    if action.kind == PLACE:
        n = pos.size
        sq = action.rank * n + action.file
        pos.board[sq] = action.colour
        pos.last = sq
        pos.turn = 1 - pos.turn
        pos.claim = NO_CLAIM
    elif action.kind == CLAIM:
        pos.claim = CLAIMED
    elif action.kind == PASS:
        pos.claim = PASSED
    else:  # pragma: no cover - apply() never lets an unknown kind through
        raise ValueError(f"unknown action kind {action.kind!r}")


def corners_text(pos: Position, corners) -> str:
    return "-".join(pos.square_name(s) for s in corners)


def result_text(pos: Position, st: Status | None = None) -> str:
    st = st or status(pos)
    if st.state == WIN:
        colour = COLOURS[pos.board[pos.last]]
        how = "claimed " if pos.rules.tabletop else ""
        return f"{PLAYERS[st.winner]} wins (D-3): {how}{colour} square {corners_text(pos, st.square)}"
    if st.state == LOSS:
        return f"{PLAYERS[1 - st.winner]} has no legal placement and loses (D-END-1); {PLAYERS[st.winner]} wins"
    if st.state == TIE:
        if pos.claim == PASSED:
            return "every stone is placed and the last square went unclaimed (D-CLAIM-1): a tie (D-END-2)"
        return "every stone is placed without a winning square: a tie (D-END-2)"
    return ""
