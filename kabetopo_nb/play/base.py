"""What every game's own controller shares: replies, refusals, and travelling through the history.

A controller (the contract: ``play/contract.py``) turns board intents into engine actions.
The game-specific part is what a click means; ``GameController`` holds the rest: the reply
shapes, applying through the sink, undo/redo/goto on the state's history, and the move
list and scrubber fields of the panel.

A game controller applies what a click means through its *sink*: its own state by default
(``apply_here``); a challenge or guided-game board passes its own ``play`` instead, so the
attempt or the walk judges every action (the game controller is composed into those boards,
never subclassed).

Nothing a player did is lost without a way back: acting from a rewound point, starting a
new game or playing from an edited position keeps the game left behind as the *other
line*, and the ``other-line`` button swaps back to it (and back again).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.verdict import IllegalActionError, NotationError, Verdict
from ..reference import ruling_card
from .contract import Button, Panel

MOVES_BEFORE = 200  # the move list shows this many moves before the current one
MOVES_AFTER = 50  # and this many undone moves after it


def cards_for(ids) -> dict[str, dict]:
    """The rule reference's entry for each ruling ID (each once, in order); an ID the
    reference does not know is left out, and the board shows it as plain text."""
    out = {}
    for rid in dict.fromkeys(ids):
        try:
            out[rid] = ruling_card(rid)
        except KeyError:
            pass
    return out


class GameController:
    """Base class of the games' own controllers; ``state`` is a ``core.state.GameState``,
    ``sink`` what applies an action (see the module docstring)."""

    runner = None  # no bots: see play/contract.py

    def __init__(self, state, *, sink: Callable[[Any], dict] | None = None):
        self.state = state
        self.sink: Callable[[Any], dict] = sink if sink is not None else self.apply_here
        self.message = ""
        self.refusal: dict | None = None
        self.announcement = ""
        self.other_line = None  # the game left behind (a state), and what to call it
        self.other_label = ""

    # --- replies -----------------------------------------------------------------------
    def tell(self, message: str = "") -> dict:
        """Reply ok with ``message``, shown as the panel's message and announced (also a
        composing board's news, shown on this board)."""
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

    def refuse_request(self, text: str) -> dict:
        """A refusal of a request that is not a move at all (a bad target, a forged button)."""
        self.refusal = {"rulings": [], "reason": text}
        self.message = ""
        return {"ok": False, "error": text}

    def ruling_cards(self) -> dict[str, dict]:
        """The rule reference's entry for every ruling ID on show (the refusal's, and the
        "why not here?" answers'), so the board can open each one when it is clicked."""
        ids = list((self.refusal or {}).get("rulings", []))
        for _, verdict in getattr(self, "why_not", []):
            ids += verdict.rulings
        return cards_for(ids)

    def clear_reply(self) -> None:
        """Forget the last reply's message and refusal (a composing board speaks instead)."""
        self.message, self.refusal = "", None

    def follow(self, state) -> None:
        """Show ``state`` (the composing board's, after it changed): selections of the
        position left behind are forgotten, and so is the last reply."""
        self.state = state
        self._after_time_travel()
        self.clear_reply()

    # --- acting ------------------------------------------------------------------------
    def apply(self, action) -> dict:
        """What a click or code means to apply: handed to the sink (``apply_here`` unless
        the board is composed into another)."""
        return self.sink(action)

    def apply_here(self, action) -> dict:
        """Apply an action (text or object) to this controller's state; the reply carries
        the engine's sentence for it, or the refusal (a badly written action is an error, an
        illegal one a verdict)."""
        state = self.state
        later = len(state.redo_actions)
        kept = state.copy() if later else None  # acting from a rewound point: keep what followed
        try:
            done = state.apply(action)
        except NotationError as exc:
            return self.refuse_request(str(exc))
        except IllegalActionError as exc:
            return self._refuse(exc.verdict)
        if kept is not None:
            self.other_line, self.other_label = kept, f"Back to the other line ({later} later action{'s' if later > 1 else ''})"
        said = state.last_verdict()  # worded from the recorded outcome: no second ledger
        message = self._after_apply(said.reason if said is not None else str(done))
        if kept is not None:
            message += f" The {later} action{'s' if later > 1 else ''} that followed {'are' if later > 1 else 'is'} kept: press '{self.other_label}' to return to them."
        return self.tell(message)

    def leave_for(self, state, label: str) -> None:
        """Play on with ``state``, keeping the current game as the other line (``label``)."""
        self.other_line, self.other_label = self.state, label
        self.state = state
        self._after_time_travel()

    def _swap_lines(self) -> dict:
        if self.other_line is None:
            return self.refuse_request("there is no other line to go back to")
        self.other_line, self.state = self.state, self.other_line
        self.other_label = "Back to the line you left"
        self._after_time_travel()
        return self.tell("Switched back; the line you left is kept (press the same button to switch again).")

    def _after_apply(self, sentence: str) -> str:
        """Hook: update the game's selections after an action; returns the reply's message."""
        return sentence

    # --- time travel ---------------------------------------------------------------------
    def _after_time_travel(self) -> None:
        """Hook: forget selections that belonged to the position left behind."""

    def first_ply(self) -> int:
        """The earliest ply undo and goto may reach (a game may keep chance rolls out of reach)."""
        return 0

    def _before_first_ply(self) -> dict:
        return self.refuse_request("nothing to undo")

    def time_travel(self, button: str, value: Any = None) -> dict | None:
        """Handle ``undo``, ``redo``, ``goto`` and ``other-line``; None for any other button."""
        state = self.state
        if button == "other-line":
            return self._swap_lines()
        if button == "undo":
            if not state.can_undo():
                return self.refuse_request("nothing to undo")
            if state.ply <= self.first_ply():
                return self._before_first_ply()
            action = state.undo()
            self._after_time_travel()
            return self.tell(f"Took back {action}.")
        if button == "redo":
            if not state.can_redo():
                return self.refuse_request("nothing to redo")
            action = state.redo()
            self._after_time_travel()
            return self.tell(f"Redid {action}.")
        if button == "goto":
            if not isinstance(value, int) or isinstance(value, bool):
                return self.refuse_request("goto needs the number of actions to go to")
            total = state.ply + len(state.redo_actions)
            if not 0 <= value <= total:
                return self.refuse_request(f"{value} is outside the history: choose 0 to {total} actions")
            if value < self.first_ply():
                return self._before_first_ply()
            state.goto(value)
            self._after_time_travel()
            return self.tell(f"After action {value} of {total}.")
        return None

    def history_buttons(self) -> list[Button]:
        buttons: list[Button] = [
            {"id": "undo", "label": "Undo", "enabled": self.state.ply > self.first_ply()},
            {"id": "redo", "label": "Redo", "enabled": self.state.can_redo()},
        ]
        if self.other_line is not None:
            buttons.append({"id": "other-line", "label": self.other_label, "enabled": True})
        return buttons

    def panel(self, **fields: Any) -> Panel:
        """The game's panel: ``fields`` (status, groups, choices ...) with what every game
        controller shows alike: the last reply, its ruling cards, and the move list."""
        return Panel(message=self.message, refusal=self.refusal, rulings_text=self.ruling_cards(),
                     announcement=self.announcement, **self.history_panel(), **fields)

    def history_panel(self) -> dict:
        """The panel's move list (undone moves greyed) and scrubber position.  The list holds
        the moves around the current one (``MOVES_BEFORE`` before it, ``MOVES_AFTER`` undone
        ones after it), so its cost does not grow with the history; the scrubber reaches all."""
        state = self.state
        ply, future = state.ply, state.redo_actions
        start = max(0, ply - MOVES_BEFORE)
        moves = [{"ply": start + i + 1, "text": self.move_text(a), "current": start + i + 1 == ply}
                 for i, a in enumerate(state.actions(start, ply))]
        moves += [{"ply": ply + i + 1, "text": self.move_text(a), "current": False, "undone": True}
                  for i, a in enumerate(future[:MOVES_AFTER])]
        return {"moves": moves, "ply": ply, "total": ply + len(future), "first_ply": self.first_ply()}

    def move_text(self, action) -> str:
        """How the move list shows an action (a game may word it for people; notation by default)."""
        return str(action)

    def history_texts(self) -> list[str]:
        return [str(a) for a in self.state.history]
