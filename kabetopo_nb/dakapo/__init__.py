"""The Dakapo rules engine: four colours, two players, a square wins (RULINGS.md D-*).

    >>> from kabetopo_nb.dakapo import DakapoState
    >>> state = DakapoState()
    >>> state.legal_actions.count()
    >>> state.apply("green d3")
"""
from ..core.state import Decision
from ..core.verdict import (
    HistoryError,
    IllegalActionError,
    InvalidPositionError,
    NotationError,
    SaveFormatError,
    Verdict,
)
from .actions import CLAIM, PASS, PLACE, Action, parse_action
from .ending import Status, status
from .game import ENGINE, DakapoState
from .geometry import parse_square, square_name
from .notation import format_position, parse_position
from .position import Position
from .rules import COLOURS, PLAYERS, DakapoRules

__all__ = [
    "CLAIM",
    "COLOURS",
    "PASS",
    "PLACE",
    "PLAYERS",
    "Action",
    "ENGINE",
    "DakapoRules",
    "DakapoState",
    "Decision",
    "HistoryError",
    "IllegalActionError",
    "InvalidPositionError",
    "NotationError",
    "Position",
    "SaveFormatError",
    "Status",
    "Verdict",
    "format_position",
    "parse_action",
    "parse_position",
    "parse_square",
    "square_name",
    "status",
]
