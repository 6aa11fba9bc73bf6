"""Verdicts and the exceptions every game in the project raises.

A :class:`Verdict` answers "is this legal, and why (not)?": a boolean, the ruling IDs
from the rulings page that decide it, and one sentence in the project's own words.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    legal: bool
    rulings: tuple[str, ...]
    reason: str

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        ids = ", ".join(self.rulings)
        word = "legal" if self.legal else "illegal"
        return f"{word} ({ids}): {self.reason}" if ids else f"{word}: {self.reason}"


class NotationError(ValueError):
    """Text that is not well-formed notation (a position or an action).  Badly written, not illegal."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow in this state.  The state is unchanged."""

    def __init__(self, action, verdict: Verdict, position_text: str = ""):
        self.action = action
        self.verdict = verdict
        self.position_text = position_text
        where = f" in {position_text}" if position_text else ""
        super().__init__(f"illegal action {str(action)!r}{where}: {verdict}")


class InvalidPositionError(ValueError):
    """A position that parses but breaks the rules' invariants or piece counts."""

    def __init__(self, reasons: list[str], position_text: str = ""):
        self.reasons = list(reasons)
        self.position_text = position_text
        super().__init__("invalid position: " + "; ".join(self.reasons))


class SaveFormatError(ValueError):
    """A save file that cannot be loaded: not JSON, wrong version, a missing or bad field."""

    def __init__(self, path: str, message: str):
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


class HistoryError(ValueError):
    """Undo with no history, or redo with nothing undone."""
