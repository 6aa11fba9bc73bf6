"""Kabetopo's own invariants, checked after every action of a random simulation.

``check_state(state, action)`` is the game-supplied callback of
``kabetopo_nb.core.simulation.random_simulation``; it raises AssertionError naming the
ruling that fails:

* K-INV-1 holds after every drop (wall, monolith, portal, lock, lock it behind you), every
  door swing and every setup placement.  K-INV-5: plain moves and unlocking are not
  checked, so after those the board may break K-INV-1 (a runner stepping into a pocket).
* K-INV-4: every piece is in exactly one place: pools + board + out of play equal the
  ruleset's totals, kind by kind (the speed token never leaves its owner and is left out).
* K-MOVE-2: no two runners share a square other than a corner, except the mover and the
  bumped runner on the Mountain while the bump destination (or, for a bump through a
  portal, its exit) is pending (K-MTN-3).
"""
from __future__ import annotations

from .actions import Kind
from .geometry import square_name
from .invariants import violations
from .position import Position, count_pieces
from .rules import seat_name
from .validity import bump_square

# The actions after which K-INV-1 must hold (K-INV-1, K-INV-5, KNB-7).
CHECKED_KINDS = frozenset({Kind.WALL, Kind.MONOLITH, Kind.PORTAL, Kind.LOCK, Kind.DOOR, Kind.ROLL})


def conservation_problems(pos: Position) -> list[str]:
    """K-INV-4: where the piece counts differ from the ruleset's totals."""
    totals = dict(pos.rules.totals(pos.round_number))
    totals.pop("speed")
    counts = count_pieces(pos)
    return [
        f"K-INV-4: {counts[name]} {name} in pools, on the board and out of play; {pos.rules.name} has {n}"
        for name, n in totals.items()
        if counts.get(name) != n
    ]


def shared_square_problems(pos: Position) -> list[str]:
    """K-MOVE-2: runners sharing a non-corner square outside a pending bump."""
    corners = pos.rules.geometry.corners
    out = []
    seen: dict[int, int] = {}
    for seat in pos.rules.seats:
        sq = pos.runners[seat]
        if sq is None:
            continue
        if sq in seen and sq not in corners:
            if sq != bump_square(pos):
                out.append(f"K-MOVE-2: {seat_name(seen[sq])} and {seat_name(seat)} share {square_name(sq)}")
        seen.setdefault(sq, seat)
    return out


def position_problems(pos: Position, action=None) -> list[str]:
    """Every Kabetopo invariant that fails in ``pos``, reached by ``action`` (None: any)."""
    out = conservation_problems(pos) + shared_square_problems(pos)
    if action is not None and action.kind in CHECKED_KINDS:
        out += [f"{rid} after {action}: {why}" for rid, why in violations(pos, now=True)]
    return out


def check_state(state, action=None) -> None:
    """The ``check`` callback of ``random_simulation``: raise AssertionError on any problem."""
    problems = position_problems(state.position, action)
    if problems:
        raise AssertionError("; ".join(problems))
