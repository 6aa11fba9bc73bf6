"""``trial.trying``: a change made for a ``with`` block and undone after it, whatever happens.

The engine's "would K-INV-1 still hold?" questions (drops, locks, door swings, door-move
bumps, setup rolls, stranded runners) all go through it, so it must put back exactly what
was there: the line's piece (a setup piece too), the masks ``set_line`` keeps, the locks,
the runners.
"""
from __future__ import annotations

import pytest

from kabetopo_nb.kabetopo.geometry import parse_line, parse_side, parse_square
from kabetopo_nb.kabetopo.invariants import holds
from kabetopo_nb.kabetopo.position import SETUP, Piece, Position
from kabetopo_nb.kabetopo.trial import trying

BOARD = "runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n,Wc2n,Wd2n,Mb2n"


def test_a_line_is_changed_inside_and_put_back_after():
    pos = Position.from_text(BOARD)
    before = pos.copy()
    ln = parse_line("c3n")
    with trying(pos, ln, Piece.PORTAL) as inside:
        assert inside is pos
        assert pos.lines[ln] == Piece.PORTAL and pos.portal_lines >> ln & 1
        assert not pos.open_n >> parse_square("c3") & 1
    assert pos == before and (pos.open_e, pos.open_n, pos.portal_lines) == (before.open_e, before.open_n,
                                                                             before.portal_lines)
    with trying(pos, parse_line("e5n"), Piece.EMPTY):  # taking a piece away, a setup flag kept
        assert pos.open_n >> parse_square("e5") & 1
    with trying(pos, ln, Piece.MONOLITH | SETUP):
        assert pos.is_setup_piece(ln)
    assert pos == before and pos.portal_lines == before.portal_lines


def test_a_lock_a_door_swing_and_runners():
    pos = Position.from_text(BOARD)
    before = pos.copy()
    side = parse_side("e6s")
    with trying(pos, lock=side):
        assert pos.is_locked(side)
    door, resting = parse_line("c2n"), parse_line("c3e")
    with trying(pos, swing=(door, resting), runners={0: parse_square("d3"), 2: None}):
        assert pos.lines[door] == Piece.EMPTY and pos.lines[resting] == Piece.WALL
        assert pos.runners[0] == parse_square("d3") and pos.runners[2] is None
    assert pos == before and (pos.open_e, pos.open_n) == (before.open_e, before.open_n)


def test_everything_is_undone_when_the_block_returns_or_raises():
    pos = Position.from_text(BOARD)
    before = pos.copy()

    def check() -> bool:
        with trying(pos, parse_line("c3n"), Piece.WALL, lock=parse_side("b1n"), runners={1: parse_square("c3")}):
            return holds(pos)

    check()
    assert pos == before
    with pytest.raises(RuntimeError):
        with trying(pos, parse_line("c3n"), Piece.WALL, runners={1: parse_square("c3")}):
            raise RuntimeError
    assert pos == before
    with trying(pos, parse_line("c3n"), Piece.WALL):  # nested: each puts back its own change
        with trying(pos, parse_line("c3e"), Piece.PORTAL):
            pass
        assert pos.lines[parse_line("c3e")] == Piece.EMPTY and pos.lines[parse_line("c3n")] == Piece.WALL
    assert pos == before
