"""Trying a change to a position and undoing it: ``with trying(pos, line, piece): ...``.

The engine asks many questions of the form "with this piece on that line (this lock on that
side, this door swung, this runner moved), would K-INV-1 still hold?": before a drop
(K-INV-1, K-INV-5), a lock, a door swing (K-DOOR-2, K-INV-5), the landing square of a
runner bumped by a door move (K-DOOR-4), a setup roll (K-SETUP-1), and when a runner may be
out of the race (KNB-11).  Copying the position for each would be slow, so the change is
made in place, the question asked, and everything put back, whatever the block does
(returns, raises).  This module is the one place that does it.
"""
from __future__ import annotations

from .position import Piece, Position

_EMPTY = Piece.EMPTY


class trying:
    """A context manager: inside the ``with`` block ``pos`` has the change, after it ``pos``
    is exactly as before.

    * ``line``, ``piece``: ``piece`` (or EMPTY) on ``line``;
    * ``lock``: a lock on the side ``lock``;
    * ``swing``: (door line, resting line): the door's piece moved onto the resting line
      and its own line emptied (K-DOOR-2);
    * ``runners``: seat -> square (None: off the board) for the runners to move.

    The changes are made in that order and undone in the opposite one.  ``with`` gives the
    position itself.
    """

    __slots__ = ("pos", "line", "piece", "lock", "swing", "runners", "_undo_line", "_undo_swing", "_undo_locks",
                 "_undo_runners")
    _undo_line: int
    _undo_swing: tuple[int, int]
    _undo_locks: int
    _undo_runners: list[tuple[int, int | None]]

    def __init__(self, pos: Position, line: int | None = None, piece: int = _EMPTY, *, lock: int | None = None,
                 swing: tuple[int, int] | None = None, runners: dict[int, int | None] | None = None) -> None:
        self.pos = pos
        self.line = line
        self.piece = piece
        self.lock = lock
        self.swing = swing
        self.runners = runners

    def __enter__(self) -> Position:
        pos = self.pos
        if self.line is not None:
            self._undo_line = pos.lines[self.line]
            pos.set_line(self.line, self.piece)
        if self.swing is not None:
            door, resting = self.swing
            self._undo_swing = (pos.lines[door], pos.lines[resting])
            pos.set_line(resting, pos.lines[door])
            pos.set_line(door, _EMPTY)
        if self.lock is not None:
            self._undo_locks = pos.locks
            pos.locks |= 1 << self.lock
        if self.runners is not None:
            self._undo_runners = [(seat, pos.runners[seat]) for seat in self.runners]
            for seat, square in self.runners.items():
                pos.runners[seat] = square
        return pos

    def __exit__(self, *exc: object) -> None:
        pos = self.pos
        if self.runners is not None:
            for seat, square in reversed(self._undo_runners):
                pos.runners[seat] = square
        if self.lock is not None:
            pos.locks = self._undo_locks
        if self.swing is not None:
            door, resting = self.swing
            door_piece, resting_piece = self._undo_swing
            pos.set_line(resting, resting_piece)
            pos.set_line(door, door_piece)
        if self.line is not None:
            pos.set_line(self.line, self._undo_line)
