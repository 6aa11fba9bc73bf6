"""The guided first game on a board: the learner plays one seat, step by step.

    >>> from kabetopo_nb import GuidedGameBoard
    >>> GuidedGameBoard()                    # the script kabetopo_nb/challenges/guided/first-game.toml

The headline names the step in a few words ("Drop a wall"); the status line counts the
steps; the message, in plain type, says what to try (after the reply to the last click,
if any).  Clicks mean what they mean on the game's own board (the Kabetopo controller
reads them), but every action it would apply goes to the guided game's ``Walk.play``
instead, which asks the engine and the script: a refusal of the rules shows the engine's
verdict with its ruling IDs ("Not allowed"), a legal action the step does not ask for
shows "Not quite": what that click would have done and the hint, nothing about actions
the learner did not try; neither changes the game.  An accepted click is told in the
engine's words, with why it works, and the other seats' replies follow; it clears the
board's selection.  Buttons: Hint, Show me (plays the step for the learner), Start again.
The board has no move list or history slider: the script is one line of play.
"""
from __future__ import annotations

from typing import Any

from ..challenges.guided import GuidedGame, Walk, guided_game
from .challenge_board import RoutingController, routed_controller, ruling_cards
from .contract import View


class GuidedController(RoutingController):
    """The controller behind ``GuidedGameBoard`` (see the module docstring)."""

    # the script never passes or stops (Mischief): those buttons would leave it too
    LEAVING = RoutingController.LEAVING + ("pass", "stop")

    def __init__(self, game: GuidedGame):
        self.game = game
        self._start()

    def _start(self, message: str = "") -> None:
        self.walk = Walk(self.game)
        self.inner = routed_controller("kabetopo", self.walk.state, self)
        self.message = message
        self.refusal: dict | None = None
        self.hint_shown = False

    @property
    def state(self):
        return self.walk.state

    def _reply(self, feedback) -> dict:
        if feedback.accepted:
            self._sync_inner()
            self.hint_shown = False
            self.message, self.refusal = feedback.message, None
            return {"ok": True, "message": feedback.message}
        self.inner.clear_reply()
        self.refusal = {"rulings": list(feedback.rulings), "reason": feedback.message, "heading": feedback.heading}
        self.message = ""
        return {"ok": False, "refusal": self.refusal}

    def play(self, action) -> dict:
        """An action the game's controller would apply, judged by the guided game instead."""
        return self._reply(self.walk.play(str(action)))

    def apply(self, action) -> dict:
        """``board.apply(action)`` from code: judged like a click."""
        self._clear()
        return self.play(action)

    # --- intents -------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        self._clear()
        if self.walk.done:
            return self._error("the guided game is over: press 'Start again' to replay it")
        return self.inner.click(target)

    def button(self, button: str, value: Any = None) -> dict:
        self._clear()
        if button == "hint":
            step = self.walk.step
            if step is None:  # the walk is done
                return self._error("the guided game is over: there is nothing left to hint at")
            self.hint_shown = True
            self.message = f"Hint: {step.hint}"
            return {"ok": True, "message": self.message}
        if button == "show-me":
            return self._reply(self.walk.show_me())
        if button == "start-again":
            self._start("The game is back at its start.")
            return {"ok": True, "message": self.message}
        if self.walk.done:
            return self._error("the guided game is over: press 'Start again' to replay it")
        if self._leaves_the_line(button):
            return self._error(f"{button!r} is not part of the guided game: follow the step above the board")
        return self.inner.button(button, value)

    # --- what to draw --------------------------------------------------------------------
    def position_text(self) -> str:
        return self.inner.position_text()

    def history_texts(self) -> list[str]:
        return [str(a) for a in self.walk.state.history]

    def counter(self) -> str:
        n = len(self.game.steps)
        if self.walk.done:
            return f"{self.game.title}: finished, all {n} steps"
        return f"{self.game.title}: step {self.walk.index + 1} of {n} · you play {self.game.learner_name}"

    def headline(self) -> str:
        """A few words, drawn in large type: the step's name."""
        step = self.walk.step
        if step is None:  # the walk is done
            return "Tadaima, well played!"
        return step.title

    def task(self) -> str:
        """What to try now, in full (the panel's message: plain type, however long)."""
        step = self.walk.step
        if step is None:  # the walk is done
            return self.game.finale
        if self.walk.index == 0:
            return f"{self.game.intro} {step.say}"
        return step.say

    def view(self) -> View:
        view = self.inner.view()
        inner_panel = view.panel
        refusal = self.refusal or inner_panel.refusal
        groups = [] if self.walk.done else self._play_groups(inner_panel)
        groups.append({"name": "guide", "buttons": [
            {"id": "hint", "label": "Hint", "enabled": not self.walk.done, "pressed": self.hint_shown},
            {"id": "show-me", "label": "Show me", "enabled": not self.walk.done},
            {"id": "start-again", "label": "Start again", "enabled": True},
        ]})
        reply = self.message or ("" if self.refusal else inner_panel.message)
        task = self.task()
        if self.walk.done:  # the last step's reply ends with the finale already
            message = reply or task
        else:
            message = f"{reply} Now: {task}" if reply else task
        # "why not here?" belongs to the game board's own refusal of the clicked target; a
        # refusal of the walk's (an action tried that is not the step) says only what was tried
        options_at = (inner_panel.options_at or []) if refusal is not None and self.refusal is None else []
        return View(view.svg, view.style, inner_panel.but(
            status=self.counter(),
            headline=self.headline(),
            message=message,
            refusal=refusal,
            options_at=options_at,
            rulings_text=ruling_cards(refusal, options_at),
            announcement=reply or (refusal or {}).get("reason", "") or message,
            groups=groups,
            moves=None, ply=0, total=None, first_ply=None,  # one line of play: no move list or slider
            editing=False,
            problems=[],
        ))


def guided_controller(name: str = "first-game") -> GuidedController:
    """The controller of a board playing the guided game ``name`` (``kabetopo_nb.GuidedGameBoard``)."""
    return GuidedController(guided_game(name))


__all__ = ["GuidedController", "guided_controller"]
