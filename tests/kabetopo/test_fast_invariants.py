"""The fast K-INV-1 checks (``holds``, ``DropChecker``) agree with the readable ``violations``.

The engine's speed work (see benchmarks/) replaced full checks by shortcuts; here every
shortcut is compared with the plain check "apply the drop, then call violations()" on
positions from seeded random play, some of them with extra pieces thrown on at random.
"""
from __future__ import annotations

import random

import pytest

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.geometry import LINES, SIDES_OF_LINE, sides_of_line
from kabetopo_nb.kabetopo.invariants import DropChecker, holds, violations
from kabetopo_nb.kabetopo.position import Piece

MONOLITH, PORTAL, WALL = Piece.MONOLITH, Piece.PORTAL, Piece.WALL


def positions(seed: int, rules: str) -> list:
    rng = random.Random(seed)
    state = KabetopoState.new_round(rules, seed=seed)
    out = []
    while not state.is_terminal() and len(state.history) < 120:
        out.append(state.position.copy())
        state.apply(rng.choice(list(state.legal_actions)))
    for pos in out[::7]:  # extra pieces anywhere: some of these break K-INV-1
        pos = pos.copy()
        for ln in rng.sample([ln for ln in LINES if not pos.lines[ln]], 6):
            pos.set_line(ln, rng.choice((WALL, MONOLITH, PORTAL)))
        out.append(pos)
    return out


def test_sides_table_matches_function():
    assert all(SIDES_OF_LINE[ln] == sides_of_line(ln) for ln in LINES)


@pytest.mark.parametrize("seed, rules", [(1, "kabetopo-4p"), (2, "kabetopo-4p"), (3, "kabetopo-3p")])
def test_fast_checks_agree_with_violations(seed, rules):
    broken = 0
    for pos in positions(seed, rules):
        assert holds(pos) == (not violations(pos))
        broken += not holds(pos)
        checker = DropChecker(pos)
        for ln in LINES:
            if pos.lines[ln]:
                for side in SIDES_OF_LINE[ln]:
                    if not pos.locks >> side & 1:
                        after = pos.copy()
                        after.locks |= 1 << side
                        assert checker.lock_ok(side) == (not violations(after))
                continue
            for piece in (WALL, MONOLITH, PORTAL):
                after = pos.copy()
                after.set_line(ln, piece)
                ok = checker.portal_ok(ln) if piece == PORTAL else checker.blocking_ok(ln, piece)
                assert ok == (not violations(after)), (ln, piece)
    assert broken  # the slow paths were exercised too
