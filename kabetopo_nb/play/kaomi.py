"""What clicks on a Kaomi board mean: the controller behind ``kaomi_board``.

Click an empty square to place a stone of the colour to move; the pushes it caused are
drawn as arrows until the next placement.  The Swap button appears while the pie rule
allows it (White's first turn, not in Squared).  Anything illegal is refused with the
engine's verdict: ruling IDs and a sentence; a refusal changes nothing.
"""
from __future__ import annotations

from typing import Any

from ..core.verdict import IllegalActionError, NotationError
from ..kaomi.actions import SWAP, SWAP_ACTION, Action
from ..kaomi.engine import square_of
from ..kaomi.game import KaomiState
from ..kaomi.position import Position
from ..kaomi.pushes import resolve
from ..kaomi.rules import KaomiRules
from ..render.kaomi_svg import board_svg, status_line


class KaomiController:
    """Turns board intents into Kaomi actions, and the state into a drawing and a panel."""

    def __init__(self, state: KaomiState, *, coordinates: bool = True, show_pushes: bool = True):
        self.state = state
        self.coordinates = coordinates
        self.show_pushes = show_pushes
        self.message = ""
        self.refusal: dict | None = None
        self.announcement = ""

    # --- helpers -------------------------------------------------------------------------
    def _ok(self, message: str) -> dict:
        self.message, self.refusal, self.announcement = message, None, message
        return {"ok": True, "message": message}

    def _refuse(self, verdict) -> dict:
        self.refusal = {"rulings": list(verdict.rulings), "reason": verdict.reason}
        self.message = ""
        self.announcement = f"Refused: {verdict.reason}"
        return {"ok": False, "refusal": self.refusal}

    def _error(self, text: str) -> dict:
        self.refusal = {"rulings": [], "reason": text}
        self.message = ""
        return {"ok": False, "error": text}

    def apply(self, action: Action | str) -> dict:
        state = self.state
        try:
            action = state._coerce(action)
            verdict = state.explain(action)
            state.apply(action)
        except NotationError as exc:
            return self._error(str(exc))
        except IllegalActionError as exc:
            return self._refuse(exc.verdict)
        text = verdict.reason
        result = state.outcome()
        if result is not None:
            text += f" The board is full. {result.reason}"
        return self._ok(text)

    # --- intents ---------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        kind, _, name = target.partition(":")
        if kind == "sq":
            try:
                return self.apply(Action.parse(name))
            except NotationError as exc:
                return self._error(f"unknown target {target!r}: {exc}")
        if kind == "act":
            return self.apply(name)
        return self._error(f"unknown target {target!r}")

    def button(self, button: str, value: Any = None) -> dict:
        state = self.state
        if button == "swap":
            return self.apply(SWAP_ACTION)
        if button == "undo":
            if not state.can_undo():
                return self._error("nothing to undo")
            return self._ok(f"Took back {state.undo()}.")
        if button == "redo":
            if not state.can_redo():
                return self._error("nothing to redo")
            return self._ok(f"Redid {state.redo()}.")
        if button == "goto":
            if not isinstance(value, int) or isinstance(value, bool):
                return self._error("goto needs a ply number")
            total = len(state.history) + len(state.redo_actions)
            if not 0 <= value <= total:
                return self._error(f"ply {value} is outside the history (0..{total})")
            state.goto(value)
            return self._ok(f"At ply {value} of {total}.")
        if button == "pushes":
            self.show_pushes = not self.show_pushes
            return self._ok("Push arrows shown." if self.show_pushes else "Push arrows hidden.")
        return self._error(f"unknown button {button!r}")

    # --- what to draw ------------------------------------------------------------------------
    def position_text(self) -> str:
        return self.state.to_text()

    def history_texts(self) -> list[str]:
        return [str(a) for a in self.state.history]

    def last_pushes(self) -> tuple[str | None, list]:
        """The last placement's square name and its push arrows (none after a swap)."""
        state = self.state
        if not state.history:
            return None, []
        action, before = state._past[-1]
        if action.kind == SWAP:
            return None, []
        sq = square_of(before, action)
        res = resolve(before, sq)
        arrows = [(a, b, "push") for a, b in res.moves()] if self.show_pushes else []
        return str(action), arrows

    def view(self) -> dict:
        last, arrows = self.last_pushes()
        svg = board_svg(self.state.position, coordinates=self.coordinates, last=last, arrows=arrows or None,
                        interactive=True)
        return {"svg": svg, "panel": self._panel()}

    def _panel(self) -> dict:
        state = self.state
        pos = state.position
        play = [
            {"id": "undo", "label": "Undo", "enabled": state.can_undo()},
            {"id": "redo", "label": "Redo", "enabled": state.can_redo()},
        ]
        if pos.rules.pie_rule:
            play.append({"id": "swap", "label": "Swap sides (pie rule)", "enabled": pos.can_swap()})
        play.append({"id": "pushes", "label": "Push arrows", "enabled": True, "pressed": self.show_pushes})
        history, future = state.history, state.redo_actions
        moves = [{"ply": i + 1, "text": str(a), "current": i + 1 == len(history)} for i, a in enumerate(history)]
        moves += [{"ply": len(history) + i + 1, "text": str(a), "current": False, "undone": True}
                  for i, a in enumerate(future)]
        return {
            "status": status_line(pos),
            "message": self.message,
            "refusal": self.refusal,
            "announcement": self.announcement,
            "choices": [],
            "groups": [{"name": "play", "buttons": play}],
            "moves": moves,
            "ply": len(history),
            "total": len(history) + len(future),
            "editing": False,
            "problems": [],
        }


def kaomi_board(source: KaomiState | Position | str | None = None, *, size: int = 7, squared: bool = False,
                komi: int = 0, coordinates: bool = True, show_pushes: bool = True, theme: str = "auto"):
    """An interactive Kaomi board: from a state, a position, position text, or a new game."""
    from ..widget import BoardWidget

    if isinstance(source, KaomiState):
        state = source
    elif isinstance(source, (Position, str)):
        state = KaomiState(source)
    elif source is None:
        state = KaomiState(rules=KaomiRules(size=size, squared=squared, komi=komi))
    else:
        raise TypeError(f"a Kaomi board is made from a KaomiState, a Position or position text, "
                        f"not {type(source).__name__}")
    return BoardWidget(KaomiController(state, coordinates=coordinates, show_pushes=show_pushes), theme=theme)

