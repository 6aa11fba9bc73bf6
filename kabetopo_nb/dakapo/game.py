"""The public face of the Dakapo engine: ``DakapoState``.

    >>> from kabetopo_nb.dakapo import DakapoState
    >>> state = DakapoState()                      # 8x8, wins detected automatically
    >>> state.apply("green d3")
    >>> state.explain("green c4")                  # D-PLACE-3: green was just placed
    >>> DakapoState(rules=DakapoRules(tabletop=True))
"""
from __future__ import annotations

from ..core.grid_text import is_index, shown
from ..core.state import GameState, RulesEngine
from ..core.verdict import NotationError, RulesOptionError, SettingError, Verdict
from . import engine as _engine
from .actions import PLACE, Action, malformed
from .ending import WIN, Status, result_text
from .ending import status as game_status
from .explain import amend_verdict, colour_verdict, describe, placement_squares, shape
from .notation import format_position, parse_position, position_problems
from .position import Position
from .rules import COLOURS, PLAYERS, DakapoRules, parse_colour
from .squares import last_squares
from .status import describe_square, square_words

GAME_NAME = "dakapo"


class DakapoEngine(RulesEngine):
    """The rules engine in the shape ``core.state.GameState`` expects, whose verdicts say what
    ``explain.amend_verdict`` adds: a refused placement also says whether it would have
    completed a square (D-3), and a verdict from an inconsistent position says so."""

    def explain(self, position, action, why=None) -> Verdict:
        return amend_verdict(position, action, super().explain(position, action, why))


ENGINE = DakapoEngine(
    GAME_NAME, decision=_engine.decision, ledger=_engine.ledger, play=_engine.play, describe=describe, shape=shape,
    format_position=format_position, parse_position=parse_position, parse_action=Action.parse,
)


def _rules(rules, size, tabletop) -> DakapoRules:
    if rules is not None:
        if size is not None or tabletop is not None:
            raise RulesOptionError("give either rules or size/tabletop, not both")
        if isinstance(rules, str):
            return DakapoRules.parse(rules)
        if isinstance(rules, DakapoRules):
            return rules
        raise RulesOptionError(f"rules must be DakapoRules or rules text, not {type(rules).__name__}")
    return DakapoRules(size if size is not None else 8, bool(tabletop))


class DakapoState(GameState):
    """A Dakapo game in progress: position, decisions, legal actions, history."""

    game_name = GAME_NAME

    def __init__(self, position: Position | str | None = None, *, rules: DakapoRules | str | None = None,
                 size: int | None = None, tabletop: bool | None = None):
        if isinstance(position, str):
            position = parse_position(position)
        elif position is None:
            position = Position(_rules(rules, size, tabletop))
        elif not isinstance(position, Position):
            raise SettingError(f"position must be a Position or position text, not {type(position).__name__}")
        elif rules is not None or size is not None or tabletop is not None:
            raise RulesOptionError("rules, size and tabletop apply only to a new game")
        super().__init__(ENGINE, position)

    @classmethod
    def from_text(cls, text: str) -> DakapoState:
        return cls(parse_position(text))

    @property
    def rules(self) -> DakapoRules:
        return self.position.rules

    # --- questions -----------------------------------------------------------------
    @property
    def status(self) -> Status:
        return game_status(self.position)

    @property
    def winner(self) -> str | None:
        """The winner's name, or None (game on, or a tie)."""
        st = self.status
        return PLAYERS[st.winner] if st.winner is not None else None

    def result(self) -> str:
        """The result in words ("" while the game goes on)."""
        return result_text(self.position)

    def winning_square(self) -> list[str] | None:
        """The corners of the winning square, by name, once the game is won by D-3."""
        st = self.status
        if st.state != WIN:
            return None
        assert st.square is not None  # a win names its square (``ending.settled``)
        return [self.position.square_name(s) for s in st.square]

    def squares_of_last_stone(self) -> list[str]:
        """Every square the last stone completes, described in words (claimed or not)."""
        return [describe_square(self.position, c) for c in last_squares(self.position)]

    def squares_made_by(self, action: Action | str) -> list[str]:
        """Every square a placement would complete on the board as it stands (D-3), in
        words, whether the rules allow the placement or not ([] when it completes none).
        ``explain`` of a refused placement says the same.  SettingError for a taken square."""
        action = Action.parse(action) if isinstance(action, str) else action
        if malformed(action) or action.kind != PLACE:
            raise NotationError(f"squares_made_by takes a placement such as 'red d4', not {shown(action)}")
        made = placement_squares(self.position, action)
        if made is None:
            n = self.position.size
            if action.file >= n or action.rank >= n:
                raise NotationError(f"{action.square} is not on the {n}x{n} board (D-1)")
            raise SettingError(f"{action.square} already holds a stone, so nothing can be placed there (D-PLACE-1)")
        return [square_words(corners, action.colour, self.position.size) for corners in made]

    def can_place(self, colour: str | int) -> Verdict:
        """May the player to move place this colour anywhere (D-2, D-PLACE-1..3)?"""
        colour = parse_colour(colour) if isinstance(colour, str) else colour
        if not is_index(colour, len(COLOURS)):
            raise NotationError(f"a colour is one of {', '.join(COLOURS)} (or 0-3), not {shown(colour)}")
        return colour_verdict(self.position, colour, self.ledger(why=True))

    def problems(self) -> list[str]:
        """Things in this position that play cannot produce (empty for reachable positions),
        a turn that disagrees with the stones among them (``turns.py``): such a position is
        played as written, but names no winner."""
        return position_problems(self.position)

    # --- drawing ---------------------------------------------------------------------
    def svg(self, **options) -> str:
        """The position as SVG; keyword options as ``kabetopo_nb.render.dakapo_svg.board_svg``."""
        # imported here: the renderer imports the engine, and the engine never loads a renderer
        # until something is drawn
        from ..render.dakapo_svg import board_svg

        return board_svg(self.position, **options)

    def _repr_svg_(self) -> str:
        return self.svg()


__all__ = ["COLOURS", "ENGINE", "GAME_NAME", "DakapoState"]
