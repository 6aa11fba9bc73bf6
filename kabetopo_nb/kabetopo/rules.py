"""Seats, resource pools and the rules object: a named ruleset plus its options (K-SET-1).

A :class:`Rules` is frozen.  ``Rules.named("kabetopo-4p")`` gives a ruleset;
``Rules.named("kabetopo-4p", king_of_the_mountain=True)`` or
``rules.with_options(...)`` switch the readings that RULINGS.md marks as options.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.verdict import RulesOptionError
from .geometry import STANDARD, WITH_SUMMIT, Geometry, parse_square

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
    for i, (name, letter) in enumerate(zip(SEAT_NAMES, SEAT_LETTERS, strict=False)):
        if t == letter or t.lower() == name.lower():
            return i
    raise RulesOptionError(f"not a seat: {text!r} (expected E, S, W, N or East, South, West, North)")


# The options a ruleset may switch, each named after its ruling.
OPTION_RULINGS = {
    "leap_into_portal": "K-LEAP-2",
    "speed_any_turn": "K-TURN-3",
    "king_of_the_mountain": "K-TURN-6",
    "play_to_last_tadaima": "K-ROUND-2",
    "mischief": "K-SET-1",
    "later_round_pools": "K-SET-3",
    "no_drops": "KNB-15",
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
    * ``play_to_last_tadaima`` (K-ROUND-2): the round goes on until every player has
      declared Tadaima (the 3-player option).
    * ``mischief`` (K-SET-1, Multiplayer v3.0 expansion): finished players may keep
      dropping one resource a turn, pass, or stop.  Multiplayer rulesets only.
    * ``later_round_pools`` (K-SET-3): in ``kabetopo-2p``, rounds 2 and later start with
      the larger pools of the rulebook's "subsequent rounds" step.
    * ``no_drops`` (KNB-15, the project's teaching round): nobody drops a wall, monolith,
      portal or lock, nor unlocks; every main action is a move.  Any ruleset.  A match
      switches it on for its first round only with ``Match(..., teaching=
      "first-round-without-drops")``.

    The match fields say what ``match.py`` needs: ``rounds`` (and the other lengths in
    ``round_choices``), the board turn between rounds (``turn_degrees``, K-MATCH-1),
    re-randomising the setup pieces every ``rerandomise_every`` rounds, the ``scoring``
    table and the ``tiebreakers`` chain, each named after its rulebook.
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
    mischief: bool = False
    later_round_pools: bool = False
    no_drops: bool = False
    # objectives, scoring and matches
    halfway_home: bool = False  # 2-Player v2.0: stone, corner, stone, Tadaima
    later_pool: tuple[int, int, int, int, int] | None = None
    scoring: str = "v4.0"
    tiebreakers: str = "v4.0"
    rounds: int = 4
    round_choices: tuple[int, ...] = (4,)
    turn_degrees: int = 90
    rerandomise_every: int = 0

    # --- named rulesets ----------------------------------------------------------
    @staticmethod
    def named(name: str, players: int | None = None, **options: bool) -> Rules:
        """A named ruleset (K-SET-1); ``players=3`` picks the 3-player form of ``kabetopo-mp-v3``."""
        if players is not None:
            base = RULESETS.get(name)
            if base is None:
                raise RulesOptionError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}")
            if players != base.players:
                alt = f"{name}-{players}p"
                if alt not in RULESETS:
                    raise RulesOptionError(f"{name} is not played by {players} players")
                name = alt
        if name not in RULESETS:
            raise RulesOptionError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}")
        return RULESETS[name].with_options(**options)

    def with_options(self, **options: bool) -> Rules:
        unknown = set(options) - set(OPTION_RULINGS)
        if unknown:
            raise RulesOptionError(
                f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(OPTION_RULINGS)}"
            )
        for key, value in options.items():
            if not isinstance(value, bool):
                raise RulesOptionError(f"option {key} must be True or False, not {value!r}")
        if options.get("mischief") and self.players < 3:
            raise RulesOptionError("mischief is an option of the multiplayer rulesets (K-SET-1)")
        if options.get("later_round_pools") and self.later_pool is None:
            raise RulesOptionError(f"later_round_pools belongs to kabetopo-2p (K-SET-3), not {self.name}")
        if options.get("play_to_last_tadaima") and self.players != 3:
            # a 2-player round would be scored after the opponent got home (no Unseen Path)
            raise RulesOptionError(f"play_to_last_tadaima is an option of the 3-player rulesets (K-ROUND-2), not {self.name}")
        # every key is one of OPTION_RULINGS and every value a bool (checked above): the
        # boolean fields of those names; ``replace`` is typed per field, so it takes them as Any
        changes: dict[str, Any] = options
        return replace(self, **changes)

    def pool_for_round(self, number: int) -> tuple[int, int, int, int, int]:
        """The starting pool of round ``number`` (1-based), K-SET-3."""
        if number > 1 and self.later_round_pools and self.later_pool is not None:
            return self.later_pool
        return self.pool

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

    def totals(self, round_number: int = 1) -> dict[str, int]:
        """How many of each piece are in play in a round, for the conservation check (K-INV-4)."""
        n = self.players
        pool = self.pool_for_round(round_number)
        return {
            "walls": pool[WALLS] * n,
            "monoliths": pool[MONOLITHS] * n + self.setup_monoliths,
            "portals": pool[PORTALS] * n + self.setup_portals,
            "locks": pool[LOCKS] * n,
            "speed": pool[SPEED] * n,
            "stones": sum(self.stones),
        }

    def describe(self) -> str:
        opts = [k for k, v in self.options.items() if v]
        return self.name + (f" (+{', +'.join(opts)})" if opts else "")

    def __repr__(self) -> str:
        opts = "".join(f", {k}=True" for k, v in self.options.items() if v)
        return f"Rules.named({self.name!r}{opts})"


THREE = (EAST, SOUTH, WEST)
TWO = (EAST, WEST)

RULESETS: dict[str, Rules] = {
    # Rules v4.0, 4 players: 4 rounds, the board turning 90 degrees each time.
    "kabetopo-4p": Rules(name="kabetopo-4p"),
    # Rules v4.0, "The 3-Player Game": East, South and West; 3 rounds; no third-place points.
    "kabetopo-3p": Rules(name="kabetopo-3p", seats=THREE, rounds=3, round_choices=(3,)),
    # 2-Player Rules v2.0: the Summit, four objectives in order, its own pools and scores;
    # a match of 4 rounds, or 6 if agreed (K-MATCH-2).
    "kabetopo-2p": Rules(
        name="kabetopo-2p", seats=TWO, geometry=WITH_SUMMIT, pool=(3, 2, 2, 2, 1),
        later_pool=(4, 3, 2, 2, 1), stones=(2, 2), stones_needed=2, halfway_home=True,
        scoring="2p-v2.0", tiebreakers="2p-v2.0", rounds=4, round_choices=(4, 6),  # K-MATCH-2
        turn_degrees=180, rerandomise_every=2,
    ),
    # Rules v4.0, the interim "2-Player Game" section: the 4-player game for East and West;
    # 2 rounds, or 4 or 6 (its own length, K-MATCH-2).
    "kabetopo-2p-interim": Rules(
        name="kabetopo-2p-interim", seats=TWO, scoring="2p-interim", tiebreakers="v4.0",
        rounds=2, round_choices=(2, 4, 6), turn_degrees=180, rerandomise_every=2,
    ),
    # Multiplayer Rules v3.0 (4 players; 3 players below): more monoliths, no speed tokens.
    "kabetopo-mp-v3": Rules(name="kabetopo-mp-v3", pool=(3, 2, 1, 1, 0), scoring="v3.0", tiebreakers="v3.0"),
    "kabetopo-mp-v3-3p": Rules(
        name="kabetopo-mp-v3-3p", seats=THREE, pool=(3, 2, 1, 1, 0), scoring="v3.0",
        tiebreakers="v3.0", rounds=3, round_choices=(3,),
    ),
}
