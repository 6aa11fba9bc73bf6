"""The Kabetopo rules engine (4-player Rules v4.0 as read by RULINGS.md)."""
from ..core.state import Decision
from ..core.verdict import (
    HistoryError,
    IllegalActionError,
    InvalidPositionError,
    NotationError,
    SaveFormatError,
    Verdict,
)
from .actions import Action, parse_action
from .game import KabetopoState, new_round
from .geometry import line_name, parse_line, parse_side, parse_square, side_name, square_name
from .notation import format_position, parse_position
from .position import Position
from .rules import EAST, NORTH, SOUTH, WEST, Rules

__all__ = [
    "Action", "Decision", "EAST", "HistoryError", "IllegalActionError", "InvalidPositionError",
    "KabetopoState", "NORTH", "NotationError", "Position", "Rules", "SOUTH", "SaveFormatError",
    "Verdict", "WEST", "format_position", "line_name", "new_round", "parse_action", "parse_line",
    "parse_position", "parse_side", "parse_square", "side_name", "square_name",
]
