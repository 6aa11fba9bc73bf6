"""Where a stone may go, and what it does there (D-2, D-4, D-PLACE-1..3; D-3, D-END-2, D-CLAIM-1).

``write_placements(pos, ledger, lets_go)`` is the one place Dakapo's placement rules are
decided.  A colour on a square is allowed when

* the square is empty and shares a side with a stone (D-PLACE-1),
* no stone sharing a side with it has that colour (D-PLACE-2),
* the colour is not the one the opponent placed just before (D-PLACE-3; before the first
  placement no colour is barred, D-4),
* and the colour's supply is not empty (D-2).

The allowed placements go into the ledger by colour, then square, each with its outcome,
a :class:`Placement`.  With a ``why`` ledger every other colour on every square of the
board is rejected, naming every rule it breaks at once (the rulebook's own examples cite
two rules together): the square's rules first, then the colour's, one sentence each,
joined by "; ".

What a placement does is in its outcome: the squares of four same-coloured stones it
completes (``made``, D-3), whether it is the last stone of the supply, which fills the
board (``fills_board``, D-END-2), and whether it lets the opponent's unclaimed square go
(``lets_go``, D-CLAIM-1, decided by the caller in ``claims.py``).  ``made`` is worked
out by ``squares.squares_made`` the first time it is read and then kept: listing the
legal actions never reads it, and working it out for every candidate would make that
list several times slower.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property

from ..core.ledger import Ledger
from .actions import PLACE, Action
from .geometry import neighbour_table, square_name
from .position import Position
from .rules import COLOURS, EMPTY, PLAYERS
from .squares import squares_made


@dataclass(frozen=True)
class Turn:
    """What every placement of one turn shares, decided once when the turn's placements are found."""

    player: int  # who places: an index into PLAYERS
    first: bool  # D-4: the game's first placement, so no colour is barred
    last_stone: bool  # D-END-2: one stone is left in the supply; placing it fills the board
    lets_go: bool  # D-CLAIM-1: placing lets the opponent's unclaimed square go
    tabletop: bool  # the D-3 option: a square made counts only once claimed (D-CLAIM-1)
    size: int
    board: tuple[int, ...] = field(repr=False)  # the board before the placement


@dataclass(frozen=True)
class Placement:
    """The outcome of one allowed placement: a stone of ``colour`` on ``square``."""

    square: int
    colour: int
    turn: Turn = field(repr=False)

    @cached_property
    def made(self) -> tuple[tuple[int, int, int, int], ...]:
        """The same-coloured squares the stone completes (D-3), corners in order around each."""
        turn = self.turn
        return tuple(squares_made(turn.board, turn.size, self.square, self.colour))

    @property
    def player(self) -> int:
        return self.turn.player

    @property
    def fills_board(self) -> bool:
        """The last stone of the supply: the board is full once it is placed (D-END-2)."""
        return self.turn.last_stone

    @property
    def lets_go(self) -> bool:
        """The opponent's unclaimed square no longer counts once this stone is placed (D-CLAIM-1)."""
        return self.turn.lets_go


@cache
def placement_actions(size: int) -> tuple[tuple[Action, ...], ...]:
    """Every placement on a ``size`` board, ``[colour][square]``: each action built once."""
    return tuple(tuple(Action(PLACE, c, sq % size, sq // size) for sq in range(size * size)) for c in range(4))


def write_placements(pos: Position, ledger: Ledger, lets_go: bool = False) -> int:
    """Allow every placement the rules allow, with its outcome (and, when ``ledger.why``,
    reject every other colour on every square, with its reasons); returns how many."""
    n = pos.size
    board = pos.board
    why = ledger.why
    barred = pos.last_colour  # D-PLACE-3; EMPTY at the first placement (D-4)
    left = [pos.supply(c) for c in range(4)]  # D-2
    colour_rules = [(("D-PLACE-3",) if c == barred else ()) + (("D-2",) if left[c] <= 0 else ()) for c in range(4)]
    open_colours = [c for c in range(4) if not colour_rules[c]]
    if not (open_colours or why):
        return 0
    # a colour that is barred or spent is refused on every square, so the fast path skips it
    colours = range(4) if why else open_colours
    actions = placement_actions(n)
    # the sentences of the colour's own rules, for the refusals (built only when asked why)
    colour_words = [[(rid, _colour_words(pos, c, rid)) for rid in colour_rules[c]] for c in range(4)] if why else []
    allowed: list[list[int]] = [[], [], [], []]
    for sq, beside in enumerate(neighbour_table(n)):
        here = board[sq]
        if here != EMPTY:  # D-PLACE-1: taken
            if why:
                taken = ("D-PLACE-1", f"{square_name(sq, n)} already holds a {COLOURS[here]} stone")
                for c in colours:
                    _refuse(ledger, actions[c][sq], [taken, *colour_words[c]])
            continue
        near = {board[x] for x in beside}
        near.discard(EMPTY)
        if not near:  # D-PLACE-1: no stone shares a side with it
            if why:
                alone = ("D-PLACE-1", f"{square_name(sq, n)} has no stone above, below, left or right of it")
                for c in colours:
                    _refuse(ledger, actions[c][sq], [alone, *colour_words[c]])
            continue
        for c in colours:
            touches = c in near  # D-PLACE-2
            if not touches and not colour_rules[c]:
                allowed[c].append(sq)
            elif why:
                broken = colour_words[c]
                if touches:
                    broken = [("D-PLACE-2", f"{square_name(sq, n)} touches a {COLOURS[c]} stone orthogonally"), *broken]
                _refuse(ledger, actions[c][sq], broken)
    count = sum(len(squares) for squares in allowed)
    if count:
        turn = Turn(pos.turn, barred == EMPTY, sum(left) == 1, lets_go, pos.rules.tabletop, n, tuple(board))
        for c, squares in enumerate(allowed):
            row = actions[c]
            for sq in squares:
                ledger.allow(row[sq], Placement(sq, c, turn))
    return count


def has_placement(pos: Position) -> bool:
    """Whether the player to move has any placement allowed (D-END-1 reads this)."""
    return write_placements(pos, Ledger()) > 0


def _colour_words(pos: Position, colour: int, ruling: str) -> str:
    name = COLOURS[colour]
    if ruling == "D-PLACE-3":
        return f"{name} is the colour {PLAYERS[1 - pos.turn]} placed last turn"
    return f"no {name} stones are left in the supply"  # D-2


def _refuse(ledger: Ledger, action: Action, broken: list[tuple[str, str]]) -> None:
    ledger.reject(action, tuple(rid for rid, _ in broken), "; ".join(words for _, words in broken))
