"""What every game's controller shares: replies, refusals, and travelling through the history.

A controller (see ``kabetopo_nb.widget``) turns board intents into engine actions.  The
game-specific part is what a click means; this base class holds the rest: the reply
shapes the widget sends back, undo/redo/goto on the state's history, and the move list
and scrubber fields of the panel.
"""
from __future__ import annotations

from typing import Any

from ..core.verdict import IllegalActionError, NotationError, Verdict


class Controller:
    """Base class of the game controllers; ``state`` is a ``core.state.GameState``."""

    def __init__(self, state):
        self.state = state
        self.message = ""
        self.refusal: dict | None = None
        self.announcement = ""

    # --- replies -----------------------------------------------------------------------
    def _ok(self, message: str = "") -> dict:
        self.message, self.refusal = message, None
        if message:
            self.announcement = message
        return {"ok": True, "message": message}

    def _refuse(self, verdict: Verdict) -> dict:
        """A reasoned refusal: the ruling IDs and the engine's sentence; nothing changes."""
        self.refusal = {"rulings": list(verdict.rulings), "reason": verdict.reason}
        self.message = ""
        self.announcement = f"Refused: {verdict.reason}"
        return {"ok": False, "refusal": self.refusal}

    def _error(self, text: str) -> dict:
        """A refusal of a request that is not a move at all (a bad target, a forged button)."""
        self.refusal = {"rulings": [], "reason": text}
        self.message = ""
        return {"ok": False, "error": text}

    # --- acting ------------------------------------------------------------------------
    def apply(self, action) -> dict:
        """Apply an action (text or object); the reply carries the engine's sentence for it,
        or the refusal (a badly written action is an error, an illegal one a verdict)."""
        state = self.state
        try:
            done = state.apply(action)
        except NotationError as exc:
            return self._error(str(exc))
        except IllegalActionError as exc:
            return self._refuse(exc.verdict)
        _, before = state.last_step()
        return self._ok(self._after_apply(state.engine.explain(before, done).reason))

    def _after_apply(self, sentence: str) -> str:
        """Hook: update the game's selections after an action; returns the reply's message."""
        return sentence

    # --- time travel ---------------------------------------------------------------------
    def _after_time_travel(self) -> None:
        """Hook: forget selections that belonged to the position left behind."""

    def time_travel(self, button: str, value: Any = None) -> dict | None:
        """Handle ``undo``, ``redo`` and ``goto``; None for any other button."""
        state = self.state
        if button == "undo":
            if not state.can_undo():
                return self._error("nothing to undo")
            action = state.undo()
            self._after_time_travel()
            return self._ok(f"Took back {action}.")
        if button == "redo":
            if not state.can_redo():
                return self._error("nothing to redo")
            action = state.redo()
            self._after_time_travel()
            return self._ok(f"Redid {action}.")
        if button == "goto":
            if not isinstance(value, int) or isinstance(value, bool):
                return self._error("goto needs a ply number")
            total = len(state.history) + len(state.redo_actions)
            if not 0 <= value <= total:
                return self._error(f"ply {value} is outside the history (0..{total})")
            state.goto(value)
            self._after_time_travel()
            return self._ok(f"At ply {value} of {total}.")
        return None

    def history_buttons(self) -> list[dict]:
        return [
            {"id": "undo", "label": "Undo", "enabled": self.state.can_undo()},
            {"id": "redo", "label": "Redo", "enabled": self.state.can_redo()},
        ]

    def history_panel(self) -> dict:
        """The panel's move list (undone moves greyed) and scrubber position."""
        history = self.state.history
        future = self.state.redo_actions
        moves = [{"ply": i + 1, "text": str(a), "current": i + 1 == len(history)} for i, a in enumerate(history)]
        moves += [{"ply": len(history) + i + 1, "text": str(a), "current": False, "undone": True}
                  for i, a in enumerate(future)]
        return {"moves": moves, "ply": len(history), "total": len(history) + len(future)}

    def history_texts(self) -> list[str]:
        return [str(a) for a in self.state.history]
