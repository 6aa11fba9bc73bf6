"""Seats, resource pools and the rules object: a named ruleset plus its options (K-SET-1).

A :class:`Rules` is frozen.  ``Rules.named("kabetopo-4p")`` gives a ruleset;
``Rules.named("kabetopo-4p", king_of_the_mountain=True)`` or
``rules.with_options(...)`` switch the readings that RULINGS.md marks as options.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .geometry import STANDARD, Geometry, parse_square

# Seats, in the order of play (K-TURN-5: East, South, West, North, clockwise).
EAST, SOUTH, WEST, NORTH = 0, 1, 2, 3
SEATS = (EAST, SOUTH, WEST, NORTH)
SEAT_NAMES = ("East", "South", "West", "North")
SEAT_LETTERS = "ESWN"
START_SQUARE = (parse_square("f6"), parse_square("f1"), parse_square("a1"), parse_square("a6"))
# The "natural" Tadaima square: the corner opposite the start.
OPPOSITE_SEAT = (WEST, NORTH, EAST, SOUTH)

# Pool slots.
WALLS, MONOLITHS, PORTALS, LOCKS, SPEED = 0, 1, 2, 3, 4
POOL_LETTERS = "wmpls"
POOL_NAMES = ("walls", "monoliths", "portals", "locks", "speed token")


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def parse_seat(text: str) -> int:
    t = text.strip()
    for i, (name, letter) in enumerate(zip(SEAT_NAMES, SEAT_LETTERS)):
        if t == letter or t.lower() == name.lower():
            return i
    raise ValueError(f"not a seat: {text!r} (expected E, S, W, N or East, South, West, North)")


# The options a ruleset may switch, each named after its ruling.
OPTION_RULINGS = {
    "leap_into_portal": "K-LEAP-2",
    "speed_any_turn": "K-TURN-3",
    "king_of_the_mountain": "K-TURN-6",
    "play_to_last_tadaima": "K-ROUND-2",
}


@dataclass(frozen=True)
class Rules:
    """Everything that differs between rulesets and options.

    Options (off by default, each the other reading of its ruling):

    * ``leap_into_portal`` (K-LEAP-2): a leapfrog whose landing would cross a portal
      line goes on through that portal as a teleport instead of being illegal.
    * ``speed_any_turn`` (K-TURN-3): the speed token may be cashed in on any turn,
      even one whose main action grants no move.
    * ``king_of_the_mountain`` (K-TURN-6): no bump on the turn right after a bump.
    * ``play_to_last_tadaima`` (K-ROUND-2): the round goes on until every player but
      none has declared Tadaima (the 3-player option).
    """

    name: str = "kabetopo-4p"
    seats: tuple[int, ...] = SEATS
    geometry: Geometry = STANDARD
    pool: tuple[int, int, int, int, int] = (3, 1, 1, 1, 1)
    stones: tuple[int, ...] = (4,)  # stones on each Mountain site, in geometry.mountains order
    stones_needed: int = 1
    setup_monoliths: int = 3
    setup_portals: int = 4
    leap_into_portal: bool = False
    speed_any_turn: bool = False
    king_of_the_mountain: bool = False
    play_to_last_tadaima: bool = False

    # --- named rulesets ----------------------------------------------------------
    @staticmethod
    def named(name: str, **options: bool) -> "Rules":
        if name not in RULESETS:
            raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}")
        return RULESETS[name].with_options(**options)

    def with_options(self, **options: bool) -> "Rules":
        unknown = set(options) - set(OPTION_RULINGS)
        if unknown:
            raise ValueError(
                f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(OPTION_RULINGS)}"
            )
        for key, value in options.items():
            if not isinstance(value, bool):
                raise TypeError(f"option {key} must be True or False, not {value!r}")
        return replace(self, **options)

    @property
    def options(self) -> dict[str, bool]:
        return {k: getattr(self, k) for k in OPTION_RULINGS}

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def tadaimas_to_end(self) -> int:
        """How many Tadaima declarations end the round (K-ROUND-2)."""
        return self.players if self.play_to_last_tadaima else self.players - 1

    def totals(self) -> dict[str, int]:
        """How many of each piece are in play, for the conservation check (K-INV-4)."""
        n = self.players
        return {
            "walls": self.pool[WALLS] * n,
            "monoliths": self.pool[MONOLITHS] * n + self.setup_monoliths,
            "portals": self.pool[PORTALS] * n + self.setup_portals,
            "locks": self.pool[LOCKS] * n,
            "speed": self.pool[SPEED] * n,
            "stones": sum(self.stones),
        }

    def describe(self) -> str:
        opts = [k for k, v in self.options.items() if v]
        return self.name + (f" (+{', +'.join(opts)})" if opts else "")

    def __repr__(self) -> str:
        opts = "".join(f", {k}=True" for k, v in self.options.items() if v)
        return f"Rules.named({self.name!r}{opts})"


def _option_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(Rules) if f.name in OPTION_RULINGS)


RULESETS: dict[str, Rules] = {
    # Rules v4.0, 4 players.
    "kabetopo-4p": Rules(name="kabetopo-4p"),
    # Rules v4.0, "The 3-Player Game": East, South and West; the round ends at the second Tadaima.
    "kabetopo-3p": Rules(name="kabetopo-3p", seats=(EAST, SOUTH, WEST)),
}
