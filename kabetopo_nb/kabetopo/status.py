"""Where a Kabetopo round stands, in words: the status line and the full text alternative.

The board's status bar, the widget's panel and the drawing's title and description all
read these, so a position is described the same way everywhere.
"""
from __future__ import annotations

from .engine import decision
from .geometry import line_name, side_name, square_name
from .position import KIND, SETUP, Piece, Position
from .rules import POOL_NAMES, SEAT_NAMES


def status_line(pos: Position) -> str:
    """One line for the board's status bar: whose decision and what kind (or the round is over)."""
    d = decision(pos)
    if d.seat is None:
        return "Round over"
    if d.kind == "setup roll":
        return f"Setup: {d.detail}"
    text = f"{d.seat} to play: {d.kind}"
    return text + (f" ({d.detail})" if d.detail else "")


def describe_position(pos: Position) -> str:
    """The text alternative: every runner, piece, lock and pool in words."""
    parts = []
    for seat in pos.rules.seats:
        sq = pos.square_of(seat)
        extra = f", carrying {pos.held[seat]} stone{'s' if pos.held[seat] != 1 else ''}" if pos.held[seat] else ""
        if pos.is_finished(seat):
            extra += ", home (Tadaima)"
        parts.append(f"{SEAT_NAMES[seat]}'s runner on {square_name(sq)}{extra}.")
    pieces = []
    for ln, piece in pos.pieces():
        kind = "door" if pos.is_door(ln) else Piece(piece & KIND).noun
        pieces.append(f"{'setup ' if piece & SETUP else ''}{kind} on {line_name(ln)}")
    parts.append("Pieces: " + (", ".join(pieces) if pieces else "none") + ".")
    if pos.locks:
        parts.append("Locks on " + ", ".join(side_name(s) for s in pos.lock_sides()) + ".")
    for m, n in zip(pos.rules.geometry.mountains, pos.site_stones, strict=False):
        parts.append(f"{n} stone{'s' if n != 1 else ''} on {square_name(m)}.")
    for seat in pos.rules.seats:
        pool = pos.pools[seat]
        items = ", ".join(f"{pool[i]} {POOL_NAMES[i] if pool[i] != 1 else POOL_NAMES[i][:-1]}" for i in range(4))
        speed = "speed token unused" if pool[4] else "no speed token"
        parts.append(f"{SEAT_NAMES[seat]}'s pool: {items}, {speed}.")
    return " ".join(parts)
