"""The public face of the Kabetopo engine: ``KabetopoState`` and ``new_round``.

    >>> from kabetopo_nb.kabetopo import KabetopoState
    >>> state = KabetopoState.new_round("kabetopo-4p", seed=1)
    >>> state.decision
    Decision(kind='main action', seat='East', detail='')
    >>> state.apply("step e6")
"""
from __future__ import annotations

import random

from ..core.state import GameState, RulesEngine
from ..core.verdict import InvalidPositionError, RulesOptionError, SettingError, Verdict
from . import engine as _engine
from .actions import Action, Kind
from .explain import describe, options_at, shape
from .geometry import parse_square
from .notation import format_position, parse_position, repeat_key
from .paths import moves_to, shortest_path
from .position import Phase, Position
from .race import moves_home
from .rules import Rules, parse_seat
from .setup import full_field
from .validity import problems

GAME_NAME = "kabetopo"


# The rules engine in the shape ``core.state.GameState`` expects.
ENGINE = RulesEngine(
    GAME_NAME, decision=_engine.decision, ledger=_engine.ledger, play=_engine.play, describe=describe,
    shape=shape, format_position=format_position, parse_position=parse_position, parse_action=Action.parse,
    repeat_key=repeat_key,
)


def _rules(rules: Rules | str | None) -> Rules:
    if rules is None:
        return Rules.named("kabetopo-4p")
    if isinstance(rules, str):
        return Rules.named(rules)
    if isinstance(rules, Rules):
        return rules
    raise RulesOptionError(f"rules must be a Rules or a ruleset name, not {type(rules).__name__}")


class KabetopoState(GameState):
    """A Kabetopo round in progress: position, decisions, legal actions, history."""

    game_name = GAME_NAME

    def __init__(self, position: Position | str | None = None, *, rules: Rules | str | None = None):
        if isinstance(position, str):
            position = parse_position(position)
        elif position is None:
            position = Position(_rules(rules))
        elif not isinstance(position, Position):
            raise SettingError(f"position must be a Position or position text, not {type(position).__name__}")
        super().__init__(ENGINE, position)

    # --- construction ------------------------------------------------------------
    @classmethod
    def new_round(cls, rules: Rules | str | None = None, *, seed: int = 0) -> KabetopoState:
        """A round after the fixed setup and a seeded 2x2 Field Setup; every roll is in the history."""
        pos = Position(_rules(rules))
        pos.phase = Phase.SETUP
        state = cls(pos)
        state.roll_setup(seed)
        return state

    @classmethod
    def before_setup(cls, rules: Rules | str | None = None) -> KabetopoState:
        """The fixed part of the setup only; the next decisions are d12 rolls (K-SETUP-3)."""
        pos = Position(_rules(rules))
        pos.phase = Phase.SETUP
        return cls(pos)

    def roll_setup(self, seed: int) -> list[Action]:
        """Roll the remaining setup d12s with a seeded generator; returns the rolls applied.

        A field with no line left for its piece (K-SETUP-1) would be rolled for ever: that
        raises InvalidPositionError at once, and the rolls already made are taken back.
        """
        rng = random.Random(seed)
        rolls: list[Action] = []
        while self.position.phase == Phase.SETUP:
            why = full_field(self.position)
            if why:  # no face places the piece: the dice would be rolled for ever
                text = self.to_text()
                for _ in rolls:
                    self.undo()
                raise InvalidPositionError([f"K-SETUP-1: {why}"], text)
            rolls.append(self.apply(Action(Kind.ROLL, rng.randint(1, 12))))
        return rolls

    @classmethod
    def from_text(cls, text: str) -> KabetopoState:
        return cls(parse_position(text))


    @property
    def rules(self) -> Rules:
        return self.position.rules

    # --- questions -----------------------------------------------------------------
    def options_at(self, target) -> list[tuple[Action, Verdict]]:
        """Every candidate of the current decision aimed at one square or line (``"d5"``,
        ``"c4n"``), legal or not, with its verdict: why a square is not lit, why a drop
        is missing from a line."""
        return options_at(self.position, target, self.ledger(why=True))

    def problems(self) -> list[str]:
        """Why this position is not a valid Kabetopo position (empty when it is)."""
        return problems(self.position)

    def is_valid(self) -> bool:
        return not self.problems()

    def moves_to(self, start, targets) -> int | None:
        """Fewest moves from ``start`` (a square or its name) to any of ``targets`` (K-ROUND-3)."""
        return moves_to(self.position, _square(start), [_square(t) for t in targets])

    def shortest_path(self, start, targets) -> list[int] | None:
        return shortest_path(self.position, _square(start), [_square(t) for t in targets])

    def moves_home(self, seat) -> int | None:
        """Fewest moves for a runner to its next target (``race.next_targets``): a Mountain
        site with a stone while it needs one, Halfway Home in the 2-player v2.0 game, then a
        corner other than its start."""
        return moves_home(self.position, parse_seat(seat) if isinstance(seat, str) else seat)

    # --- drawing ---------------------------------------------------------------------
    def svg(self, **options) -> str:
        """The position as SVG; keyword options as ``kabetopo_nb.render.board_svg``."""
        from ..render import board_svg

        return board_svg(self.position, **options)

    def _repr_svg_(self) -> str:
        return self.svg()

    def save_svg(self, path, **options) -> None:
        """Write the drawing to a file."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.svg(**options))

def _square(value) -> int:
    return parse_square(value) if isinstance(value, str) else value


def new_round(rules: Rules | str | None = None, *, seed: int = 0) -> KabetopoState:
    return KabetopoState.new_round(rules, seed=seed)
