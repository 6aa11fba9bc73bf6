"""Whose turn it is, read from the stones (D-1, D-4), and positions whose turn disagrees.

A Dakapo position says whose turn it is (``turn``), but the stones say it too, and they
decide.  The four setup stones go on the board before anyone's turn (D-1); the player who
makes the first placement (D-4) is the engine's Player 1, and from then on the players
alternate, one stone a turn.  A claim or a pass (D-CLAIM-1) puts no stone down
and leaves the turn where it was, and no stone ever leaves the board.  So:

* the stones placed are the stones on the board; in a partial position, which shows only
  the squares that matter and gives each colour's supply (``notation.py``), they are every
  stone no longer in a supply, shown or not: 4 x stones per colour (D-2), minus the
  supplies;
* the placements made are the stones placed minus the four setup stones;
* Player 1 places next when that number is even, Player 2 when it is odd.  After 59
  placements on the 8x8 board (63 stones placed) it is Player 2's turn.

Fewer than four stones placed is no position of a game (D-1), and no turn follows from it.

``turn_problems`` says what is wrong, for ``problems()``.  Such a position is
*inconsistent*: it is still played as written, but no result is named from it
(``ending.status`` gives NO_RESULT instead of a win, a loss or a tie) and every verdict
from it says it is inconsistent (``explain.py``).
"""
from __future__ import annotations

from .position import Position
from .rules import PLAYERS

SETUP_STONES = 4  # D-1: one of each colour on the four centre squares, before the first turn


def stones_placed(pos: Position) -> int:
    """Every stone put on the board so far, setup stones included (D-2: the rest are in the supplies)."""
    return 4 * pos.rules.stones_per_colour - pos.stones_left()


def placements_made(pos: Position) -> int:
    """Placements by the players so far: the stones placed, less the setup stones (D-1)."""
    return stones_placed(pos) - SETUP_STONES


def player_from_stones(pos: Position) -> int | None:
    """The index into PLAYERS of the player the stones say places next (D-4: Player 1 made
    the first placement, then the players alternate); None when fewer stones than the
    setup's are placed (D-1)."""
    made = placements_made(pos)
    return None if made < 0 else made % 2


def _placed_words(pos: Position) -> str:
    """How many stones are placed, and how that is known: "63 stones are on the board", or
    in a partial position "24 of the 64 stones are placed (40 are left in the supplies)"."""
    placed = stones_placed(pos)
    if pos.given_supply is None:
        return f"{placed} stone{' is' if placed == 1 else 's are'} on the board"
    return (f"{placed} of the {4 * pos.rules.stones_per_colour} stones are placed ({pos.stones_left()} "
            f"{'is' if pos.stones_left() == 1 else 'are'} left in the supplies)")


def turn_problems(pos: Position) -> list[str]:
    """Why the turn the position gives disagrees with its stones (empty when it agrees)."""
    made = placements_made(pos)
    if made < 0:
        return [f"D-1: a game starts with its {SETUP_STONES} setup stones on the board, but {_placed_words(pos)}, "
                f"so whose turn it is cannot follow from them"]
    due = made % 2
    if pos.turn == due:
        return []
    return [f"D-4: {_placed_words(pos)}: the {SETUP_STONES} setup stones (D-1) and {made} "
            f"placement{'s' if made != 1 else ''}; Player 1 made the first and the players take turns, so "
            f"{PLAYERS[due]} places next, not {PLAYERS[pos.turn]} (turn={pos.turn + 1})"]


def is_consistent(pos: Position) -> bool:
    """Whether the turn the position gives is the one its stones say (``turn_problems`` is empty)."""
    made = placements_made(pos)
    return made >= 0 and made % 2 == pos.turn
