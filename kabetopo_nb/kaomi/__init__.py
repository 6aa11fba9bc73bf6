"""The Kaomi rules engine (RULINGS.md M-1..M-7, docs/RULINGS.md KM-1..KM-7).

The engine decides and words; drawing is ``kabetopo_nb.render.kaomi_svg`` (never imported here).

    >>> from kabetopo_nb.kaomi import KaomiState
    >>> state = KaomiState.new_game(size=7)
    >>> state.apply("d4"); state.apply("swap")
"""
from ..core.state import Decision
from ..core.verdict import HistoryError, IllegalActionError, NotationError, SaveFormatError, Verdict
from .actions import PLACE, SWAP, Action, parse_action
from .explain import PushExplanation, PushStep, explain_placement
from .game import ENGINE, GAME_NAME, KaomiState
from .geometry import parse_square, square_name
from .notation import format_position, parse_position
from .position import BLACK, EMPTY, WHITE, Position
from .pushes import AxisPush, Chain, Resolution, resolve
from .rules import KaomiRules
from .scoring import Group, Result, groups, remove_pairs, result, squared_scores
from .status import status_line

__all__ = [
    "Action", "AxisPush", "BLACK", "Chain", "Decision", "EMPTY", "ENGINE", "GAME_NAME", "Group", "HistoryError",
    "IllegalActionError", "KaomiRules", "KaomiState", "NotationError", "Result", "PLACE",
    "Position", "PushExplanation", "Resolution", "SWAP", "SaveFormatError", "PushStep", "Verdict", "WHITE",
    "explain_placement", "format_position", "groups", "parse_action", "parse_position", "result",
    "parse_square", "remove_pairs", "resolve", "square_name", "squared_scores", "status_line",
]
