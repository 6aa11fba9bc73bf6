"""A Dakapo position: the board, whose turn, the last stone placed, and a claim's state.

Supplies are not stored: a colour's supply is its stones (D-2) minus those on the board,
so stones are conserved by construction.  The exception is a *partial* position, which
shows only the squares that matter and gives each colour's supply instead
(``given_supply``; written ``stones=...;supply=...``, see ``notation.py``): the squares
it does not show count as empty, and the stones placed there are counted by the
supplies alone.  The "previous opponent colour" of D-PLACE-3 is the colour of the last
stone placed (``last``); at the start there is none (D-4).  Whose turn it is follows from
the stones placed (``turns.py``).
"""
from __future__ import annotations

from .geometry import setup_squares, square_name
from .rules import COLOURS, EMPTY, PLAYERS, DakapoRules

NO_CLAIM, CLAIMED, PASSED = "", "claimed", "passed"


class Position:
    """Mutable; engines copy before playing.  ``Position()`` is the D-1 setup on 8x8."""

    __slots__ = ("board", "claim", "given_supply", "last", "rules", "turn")

    def __init__(self, rules: DakapoRules | None = None, *, empty: bool = False):
        self.rules = rules if rules is not None else DakapoRules()
        n = self.rules.size
        self.board: list[int] = [EMPTY] * (n * n)
        if not empty:
            for sq, colour in setup_squares(n).items():
                self.board[sq] = colour
        self.turn = 0  # index into PLAYERS: who places next
        self.last = -1  # square of the last stone placed in play; -1: none yet (D-4)
        self.claim = NO_CLAIM  # tabletop option: the last placement's square claimed/passed
        # a partial position's supplies (red, yellow, green, blue); None: they follow from the board (D-2)
        self.given_supply: tuple[int, ...] | None = None

    # --- copying and comparing ---------------------------------------------------------
    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.rules = self.rules
        p.board = self.board[:]
        p.turn = self.turn
        p.last = self.last
        p.claim = self.claim
        p.given_supply = self.given_supply
        return p

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    # mutable, so unhashable: defining __eq__ without __hash__ sets __hash__ to None

    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    def to_text(self) -> str:
        # imported here: notation.py reads and builds Positions, so it imports this module
        from .notation import format_position

        return format_position(self)

    @staticmethod
    def from_text(text: str) -> Position:
        # imported here: notation.py imports this module (see to_text)
        from .notation import parse_position

        return parse_position(text)

    # --- reading ---------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rules.size

    @property
    def player(self) -> str:
        """The name of the player who places next."""
        return PLAYERS[self.turn]

    def square_name(self, sq: int) -> str:
        return square_name(sq, self.rules.size)

    def count(self, colour: int) -> int:
        return self.board.count(colour)

    @property
    def is_partial(self) -> bool:
        """A partial position: it shows only some squares and gives each colour's supply."""
        return self.given_supply is not None

    def supply(self, colour: int) -> int:
        """D-2: stones of ``colour`` not yet on the board (in a partial position, as it gives them)."""
        if self.given_supply is not None:
            return self.given_supply[colour]
        return self.rules.stones_per_colour - self.count(colour)

    @property
    def supplies(self) -> dict[str, int]:
        return {name: self.supply(c) for c, name in enumerate(COLOURS)}

    def stones_left(self) -> int:
        return sum(self.supply(c) for c in range(4))

    def is_full(self) -> bool:
        """Every stone is placed (with D-SIZE-1's counts this is exactly a full board)."""
        return self.stones_left() == 0 or EMPTY not in self.board

    @property
    def last_colour(self) -> int:
        """The colour D-PLACE-3 bars now, or EMPTY at the first placement (D-4)."""
        return self.board[self.last] if self.last >= 0 else EMPTY

    def stones(self, colour: int | None = None) -> list[int]:
        return [sq for sq, c in enumerate(self.board) if c != EMPTY and (colour is None or c == colour)]
