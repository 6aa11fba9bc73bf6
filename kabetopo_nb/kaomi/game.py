"""The public face of the Kaomi engine: ``KaomiState``.

    >>> from kabetopo_nb.kaomi import KaomiState
    >>> state = KaomiState.new_game(size=7)
    >>> state.apply("d4")
    >>> state.decision
    Decision(kind='place a stone', seat='White', detail='or swap sides: pie rule')

The engine never draws: a state's board is ``kabetopo_nb.render.kaomi_svg.state_svg(state)``,
and ``show(state)`` from the same module displays it in a notebook.
"""
from __future__ import annotations

from ..core.grid_text import is_index, shown
from ..core.state import GameState, RulesEngine
from ..core.verdict import IllegalActionError, NotationError, SettingError
from . import engine as _engine
from .actions import Action
from .explain import PushExplanation, describe, explain_placement, shape
from .notation import format_position, parse_position
from .position import Position
from .rules import DEFAULT_SIZE, KaomiRules
from .scoring import Result
from .scoring import result as game_result

GAME_NAME = "kaomi"

ENGINE = RulesEngine(
    GAME_NAME, decision=_engine.decision, ledger=_engine.ledger, play=_engine.play, describe=describe, shape=shape,
    format_position=format_position, parse_position=parse_position, parse_action=Action.parse,
)

class KaomiState(GameState):
    """A Kaomi game in progress: position, decisions, legal actions, history, undo/redo."""

    game_name = GAME_NAME

    def __init__(self, position: Position | str | None = None, *, rules: KaomiRules | None = None):
        if isinstance(position, str):
            position = parse_position(position)
        elif position is None:
            position = Position(rules if rules is not None else KaomiRules())
        elif not isinstance(position, Position):
            raise SettingError(f"position must be a kaomi Position or position text, not {type(position).__name__}")
        super().__init__(ENGINE, position)

    @classmethod
    def new_game(cls, size: int = DEFAULT_SIZE, *, squared: bool = False, komi: int = 0) -> KaomiState:
        """An empty board: Black to place first."""
        return cls(rules=KaomiRules(size=size, squared=squared, komi=komi))

    @classmethod
    def from_text(cls, text: str) -> KaomiState:
        return cls(parse_position(text))

    @property
    def rules(self) -> KaomiRules:
        return self.position.rules

    # --- questions -----------------------------------------------------------------
    def result(self) -> Result | None:
        """The result once the board is full (M-5), else None."""
        return game_result(self.position)

    def outcome(self) -> Result | None:
        """Deprecated: ``result()`` (an *outcome* is what an allowed action does)."""
        import warnings

        warnings.warn("KaomiState.outcome() is now result()", DeprecationWarning, stacklevel=2)
        return self.result()

    def explain_placement(self, square) -> PushExplanation:
        """The step-by-step story of placing on ``square`` now (see ``explain.py``); a
        placement the rules refuse raises IllegalActionError with the engine's verdict."""
        pos = self.position
        if not isinstance(square, str):
            if not is_index(square, pos.size * pos.size):
                raise NotationError(f"{shown(square)} is not a square of the {pos.size}x{pos.size} board (M-6)")
            square = pos.name(square)
        verdict = self.explain(square)
        if not verdict.legal:
            raise IllegalActionError(square, verdict, self.to_text())
        return explain_placement(pos, square)

    def problems(self) -> list[str]:
        return self.position.problems()

    # --- drawing (the renderer depends on the engine: imported here, when asked) -------
    def svg(self, **options) -> str:
        """The position as SVG; keyword options as ``kabetopo_nb.render.kaomi_svg.board_svg``."""
        from ..render.kaomi_svg import board_svg

        if "last" not in options and self.history and str(self.history[-1]) != "swap":
            options["last"] = str(self.history[-1])
        return board_svg(self.position, **options)

    def _repr_svg_(self) -> str:
        return self.svg(coordinates=True)
