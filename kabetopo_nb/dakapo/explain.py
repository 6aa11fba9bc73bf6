"""Why an action is legal or not: a Verdict with ruling IDs and a sentence of our own.

A placement is checked against every rule at once, so a refusal names each rule it
breaks (the rulebook's own examples cite "rules 2 and 3" together).
"""
from __future__ import annotations

from ..core.verdict import Verdict
from .actions import CLAIM, PASS, PLACE, Action
from .engine import (
    CLAIM_WINDOW,
    PLAYING,
    claimable,
    corners_text,
    last_squares,
    result_text,
    status,
)
from .geometry import coords_name, neighbours
from .position import Position
from .rules import COLOURS, EMPTY, PLAYERS
from .squares import is_tilted, side_vector, squares_through


def describe_square(pos: Position, corners) -> str:
    """``a tilted green square d5-f6-e8-c7 (side 2x1)`` / ``an upright red square ... (3x3)``."""
    colour = COLOURS[pos.board[corners[0]]]
    dx, dy = side_vector(corners, pos.size)
    if is_tilted(corners, pos.size):
        return f"a tilted {colour} square {corners_text(pos, corners)} (each side {dx} across, {dy} up)"
    side = dx or dy
    return f"an upright {colour} square {corners_text(pos, corners)} ({side + 1}x{side + 1} squares)"


def explain(pos: Position, action) -> Verdict:
    if not isinstance(action, Action):
        return Verdict(False, (), f"{action!r} is not a Dakapo action")
    if action.kind == PLACE:
        return _explain_place(pos, action)
    if action.kind == CLAIM:
        return _explain_claim(pos)
    if action.kind == PASS:
        return _explain_pass(pos)
    return Verdict(False, (), f"unknown action kind {action.kind!r}")


def _over(pos: Position, st) -> Verdict | None:
    if st.is_over:
        return Verdict(False, (st.ruling,), f"the game is over: {result_text(pos, st)}")
    return None


def _explain_place(pos: Position, action: Action) -> Verdict:
    n = pos.size
    if not (0 <= action.colour < 4):
        return Verdict(False, (), f"{action.colour!r} is not a colour")
    if not (0 <= action.file < n and 0 <= action.rank < n):
        return Verdict(False, ("D-1",), f"{coords_name(action.file, action.rank)} is not on the {n}x{n} board")
    st = status(pos)
    over = _over(pos, st)
    if over is not None:
        return over
    if st.state == CLAIM_WINDOW:
        return Verdict(False, ("D-CLAIM-1", "D-END-2"),
                       f"every stone is placed; {PLAYERS[1 - pos.turn]} may only claim the square or pass")
    sq = action.rank * n + action.file
    colour = COLOURS[action.colour]
    square = coords_name(action.file, action.rank)
    broken: list[tuple[str, str]] = []
    if pos.board[sq] != EMPTY:
        broken.append(("D-PLACE-1", f"{square} already holds a {COLOURS[pos.board[sq]]} stone"))
    else:
        near = {pos.board[x] for x in neighbours(sq, n)} - {EMPTY}
        if not near:
            broken.append(("D-PLACE-1", f"{square} has no stone above, below, left or right of it"))
        if action.colour in near:
            broken.append(("D-PLACE-2", f"{square} touches a {colour} stone orthogonally"))
    if pos.last_colour == action.colour:
        broken.append(("D-PLACE-3", f"{colour} is the colour {PLAYERS[1 - pos.turn]} placed last turn"))
    if pos.supply(action.colour) <= 0:
        broken.append(("D-2", f"no {colour} stones are left in the supply"))
    if broken:
        return Verdict(False, tuple(r for r, _ in broken), "; ".join(why for _, why in broken))
    # legal: say what it does
    rulings = ["D-PLACE-1", "D-PLACE-2", "D-PLACE-3" if pos.last >= 0 else "D-4"]
    after = pos.board[:]
    after[sq] = action.colour
    found = squares_through(after, n, sq)
    reason = f"{PLAYERS[pos.turn]} places a {colour} stone on {square}"
    if pos.last < 0:
        reason += "; the first placement may use any colour"
    if found:
        rulings.append("D-3")
        probe = pos.copy()
        probe.board = after
        desc = describe_square(probe, found[0])
        if pos.rules.tabletop:
            rulings.append("D-CLAIM-1")
            reason += f", completing {desc}; it wins only if claimed before the opponent's next placement"
        else:
            reason += f", completing {desc}: {PLAYERS[pos.turn]} wins"
    elif sum(pos.supply(c) for c in range(4)) == 1:
        rulings.append("D-END-2")
        reason += ", the last stone: the board is full"
    if claimable(pos):
        rulings.append("D-CLAIM-1")
        reason += f"; {PLAYERS[1 - pos.turn]}'s unclaimed square no longer counts"
    return Verdict(True, tuple(rulings), reason)


def _explain_claim(pos: Position) -> Verdict:
    if not pos.rules.tabletop:
        return Verdict(False, ("D-3",), "wins are detected automatically; claims belong to the tabletop option")
    st = status(pos)
    over = _over(pos, st)
    if over is not None:
        return over
    if pos.last < 0:
        return Verdict(False, ("D-3", "D-CLAIM-1"), "no stone has been placed yet, so there is no square to claim")
    found = last_squares(pos)
    placer = PLAYERS[1 - pos.turn]
    if not found:
        return Verdict(False, ("D-3", "D-CLAIM-1"),
                       f"{placer}'s last stone on {pos.square_name(pos.last)} completes no same-coloured square")
    return Verdict(True, ("D-3", "D-CLAIM-1"),
                   f"{placer} claims {describe_square(pos, found[0])} and wins")


def _explain_pass(pos: Position) -> Verdict:
    st = status(pos)
    over = _over(pos, st)
    if over is not None:
        return over
    if st.state != CLAIM_WINDOW:
        return Verdict(False, ("D-CLAIM-1",),
                       "passing is only for letting a square go after the stone that fills the board (tabletop option)")
    return Verdict(True, ("D-CLAIM-1", "D-END-2"),
                   f"{PLAYERS[1 - pos.turn]} lets the square go unclaimed: the game is a tie")


def colour_verdict(pos: Position, colour: int) -> Verdict:
    """May the player to move place ``colour`` anywhere?  (For a colour picked in the widget.)"""
    name = COLOURS[colour]
    st = status(pos)
    over = _over(pos, st)
    if over is not None:
        return over
    if st.state not in (PLAYING,):
        return Verdict(False, ("D-CLAIM-1",), "every stone is placed: claim the square or pass")
    if pos.supply(colour) <= 0:
        return Verdict(False, ("D-2",), f"no {name} stones are left in the supply")
    if pos.last_colour == colour:
        return Verdict(False, ("D-PLACE-3",), f"{name} is the colour {PLAYERS[1 - pos.turn]} placed last turn")
    from .engine import placements

    spots = [a for a in placements(pos) if a.colour == colour]
    if not spots:
        return Verdict(False, ("D-PLACE-1", "D-PLACE-2"),
                       f"every empty square next to a stone already touches a {name} stone")
    return Verdict(True, ("D-PLACE-1", "D-PLACE-2", "D-PLACE-3" if pos.last >= 0 else "D-4"),
                   f"{name} can go on {len(spots)} square{'s' if len(spots) != 1 else ''}")
