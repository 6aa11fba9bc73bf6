"""Game-independent machinery: decisions, verdicts, history, save files, random simulation."""
from .verdict import (
    HistoryError,
    IllegalActionError,
    InvalidPositionError,
    NotationError,
    SaveFormatError,
    Verdict,
)

__all__ = [
    "HistoryError",
    "IllegalActionError",
    "InvalidPositionError",
    "NotationError",
    "SaveFormatError",
    "Verdict",
]
