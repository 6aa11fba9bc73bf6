"""The teleport topology: where teleporting takes a runner, for one layout of portals and locks.

A runner teleports in through an unlocked side of a portal on a line of its own square and
comes out through an unlocked side of *another* portal (K-PORT-2); a locked side is no way
in or out (K-PORT-3).  So everything the engine asks about teleporting depends only on
which lines hold portals (``Position.portal_lines``) and where the locks stand
(``Position.locks``): ``teleports`` works it out once per layout and caches it, and every
module asks it rather than walking the portals itself.

* ``exits[line]``: the sides a runner going into the portal on ``line`` may come out of,
  in the order of the portals' lines and then their sides (the order of the exit decision,
  ``movement.py``); ``sides``: every unlocked portal side, in that order.
* ``reach[square]``: the squares one teleport takes a runner on ``square`` to (the moves
  of the shortest paths, ``paths.py``, K-ROUND-3).
* ``hub``: the squares touching an unlocked portal side, when at least two portals have
  one, else 0.  For what can be *reached* (K-INV-1 (a), ``invariants.py``) the hub is one
  clique: from any hub square a teleport leads to every square facing another portal's
  unlocked side, and a second teleport back through that portal to the rest.
* ``working``: how many portals have an unlocked side; ``single``: the squares that only
  one unlocked portal side faces (one more lock takes them out of the hub,
  ``DropChecker.lock_ok``).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from .geometry import SIDES_OF_LINE, Line, Side, Square
from .position import Position


@dataclass(frozen=True, slots=True)
class Teleports:
    """The teleport topology of one layout of portals and locks (see the module docstring)."""

    portals: tuple[Line, ...]
    sides: tuple[Side, ...]
    exits: dict[Line, tuple[Side, ...]]
    reach: dict[Square, int]
    hub: int
    working: int
    single: int


def teleports(pos: Position) -> Teleports:
    """The teleport topology of ``pos`` (cached per layout of portals and locks)."""
    return teleports_of(pos.portal_lines, pos.locks)


@functools.lru_cache(maxsize=8192)
def teleports_of(portal_lines: int, locks: int) -> Teleports:
    """The teleport topology for portals on the lines of the bit mask ``portal_lines`` and
    locks on the sides of the bit mask ``locks``.

    A pure function of its two ints: the engine and the bots ask it for every candidate
    action, mostly about the same few layouts.
    """
    portals: list[Line] = []
    unlocked: list[tuple[Side, ...]] = []  # per portal, its unlocked sides (K-PORT-3)
    m = portal_lines
    while m:
        low = m & -m
        m ^= low
        ln = low.bit_length() - 1
        portals.append(ln)
        unlocked.append(tuple(sd for sd in SIDES_OF_LINE[ln] if not locks >> sd & 1))
    sides = tuple(sd for open_sides in unlocked for sd in open_sides)
    exits: dict[Line, tuple[Side, ...]] = {}
    for i, ln in enumerate(portals):  # K-PORT-2: out of another portal than the one entered
        exits[ln] = tuple(sd for j, open_sides in enumerate(unlocked) if j != i for sd in open_sides)
    working = sum(1 for open_sides in unlocked if open_sides)
    facing: dict[Square, int] = {}  # square -> how many unlocked portal sides face it
    for sd in sides:
        facing[sd >> 2] = facing.get(sd >> 2, 0) + 1
    single = 0
    for sq, n in facing.items():
        if n == 1:
            single |= 1 << sq
    hub = 0
    reach: dict[Square, int] = {}
    if working >= 2:
        for sq in facing:
            hub |= 1 << sq
        for ln, open_sides in zip(portals, unlocked, strict=False):
            out = 0
            for sd in exits[ln]:
                out |= 1 << (sd >> 2)
            for sd in open_sides:
                reach[sd >> 2] = reach.get(sd >> 2, 0) | out
    return Teleports(tuple(portals), sides, exits, reach, hub, working, single)
