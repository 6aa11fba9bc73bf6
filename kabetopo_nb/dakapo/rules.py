"""Dakapo's rule options and fixed vocabulary: colours, players, ruling IDs.

The rulings (shared page ``RULINGS.md`` and the project's ``docs/RULINGS.md``):

=============  =====================================================================
D-1            board size (default 8x8) and the setup on the four centre squares
D-2            stones per colour (16 on 8x8, the setup stone included); empty supply
D-3            win: four same-coloured stones on the corners of a square, any size or
               angle, the placed stone among them (option ``tabletop``: claim it)
D-4            the first placement of a game ignores D-PLACE-3
D-PLACE-1      a stone goes on an empty square orthogonally next to a stone
D-PLACE-2      its colour differs from every orthogonally adjacent stone
D-PLACE-3      its colour differs from the opponent's stone placed just before
D-END-1        a player who cannot place any stone loses
D-END-2        every stone placed (the board full) and no win: a tie
D-CLAIM-1      how claims work under the tabletop option
D-SIZE-1       other board sizes: even sizes 4..26, size*size/4 stones per colour
=============  =====================================================================
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.grid_text import parse_count, shown
from ..core.verdict import NotationError, RulesOptionError

COLOURS = ("red", "yellow", "green", "blue")
COLOUR_LETTERS = "RYGB"
RED, YELLOW, GREEN, BLUE = range(4)
EMPTY = -1

PLAYERS = ("Player 1", "Player 2")
DEFAULT_SIZE = 8
MIN_SIZE, MAX_SIZE = 4, 26

RULINGS = {
    "D-1": "the board and the setup on the four centre squares",
    "D-2": "each colour's supply of stones",
    "D-3": "the square that wins",
    "D-4": "the first placement",
    "D-PLACE-1": "next to a stone, on an empty square",
    "D-PLACE-2": "unlike its orthogonal neighbours",
    "D-PLACE-3": "unlike the opponent's last stone",
    "D-END-1": "no legal placement loses",
    "D-END-2": "all stones placed: a tie",
    "D-CLAIM-1": "claims under the tabletop option",
    "D-SIZE-1": "other board sizes",
}


def parse_colour(text: str) -> int:
    """``"red"`` -> 0 (also a colour's letter ``R``); NotationError (a ValueError) otherwise."""
    if isinstance(text, str):
        t = text.strip().lower()
        if t in COLOURS:
            return COLOURS.index(t)
        if len(t) == 1 and t.upper() in COLOUR_LETTERS:
            return COLOUR_LETTERS.index(t.upper())
    raise NotationError(f"not a colour: {shown(text)} (expected one of {', '.join(COLOURS)})")


def colour_name(colour: int) -> str:
    return COLOURS[colour]


@dataclass(frozen=True)
class DakapoRules:
    """The rule options: ``size`` (D-1, D-SIZE-1) and ``tabletop`` (the D-3 option).

    ``DakapoRules()`` is the rulebook game: 8x8, wins detected automatically.
    ``str(rules)`` is its text (``dakapo``, ``dakapo+size10+tabletop``), read back by
    ``DakapoRules.parse``.
    """

    size: int = DEFAULT_SIZE
    tabletop: bool = False

    def __post_init__(self):
        if not isinstance(self.size, int) or isinstance(self.size, bool):
            raise RulesOptionError(f"size must be a whole number, not {type(self.size).__name__}")
        if not MIN_SIZE <= self.size <= MAX_SIZE or self.size % 2:
            raise RulesOptionError(f"D-SIZE-1: the board size must be even, {MIN_SIZE} to {MAX_SIZE}; got {self.size}")
        if not isinstance(self.tabletop, bool):
            raise RulesOptionError("tabletop must be True or False")

    @property
    def stones_per_colour(self) -> int:
        """D-2 / D-SIZE-1: a quarter of the squares (16 on the 8x8 board), setup stone included."""
        return self.size * self.size // 4

    @property
    def name(self) -> str:
        return "dakapo"

    def __str__(self) -> str:
        text = "dakapo"
        if self.size != DEFAULT_SIZE:
            text += f"+size{self.size}"
        if self.tabletop:
            text += "+tabletop"
        return text

    def __repr__(self) -> str:
        args = []
        if self.size != DEFAULT_SIZE:
            args.append(f"size={self.size}")
        if self.tabletop:
            args.append("tabletop=True")
        return f"DakapoRules({', '.join(args)})"

    @staticmethod
    def parse(text: str) -> DakapoRules:
        """Read rules text exactly as ``str(rules)`` writes it (``dakapo+size10+tabletop``:
        the options in that order, each once, the default size left out); NotationError
        (a ValueError) when badly written."""
        if not isinstance(text, str):
            raise NotationError(f"rules are text, not {type(text).__name__}")
        name, *options = text.split("+")
        if name != "dakapo":
            raise NotationError(f"rules must start with 'dakapo', got {shown(text)}")
        size, tabletop = DEFAULT_SIZE, False
        seen = set()
        for opt in options:
            key = "size" if opt.startswith("size") else opt
            if key in seen:
                raise NotationError(f"option {shown(key)} given twice in {shown(text)}")
            seen.add(key)
            if opt == "tabletop":
                tabletop = True
            elif key == "size":
                size = parse_count(opt[4:], "the board size (D-SIZE-1)", MAX_SIZE)
            else:
                raise NotationError(f"unknown rules option {shown(opt)} in {shown(text)} (known: size<n>, tabletop)")
        try:
            rules = DakapoRules(size, tabletop)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        if str(rules) != text:  # the default size written out, or the options out of order
            raise NotationError(f"write these rules as {str(rules)!r}, not {shown(text)}")
        return rules
