"""The one anywidget class: a game-independent interactive board.

The front end (``widgets/board.js``) draws what Python sends, an SVG whose clickable
elements carry ``data-target`` names and a panel description (status, message, refusal,
choices, button groups, move list, scrubber), and reports what the user *intends*:

    {"type": "intent", "id": 7, "kind": "click", "target": "sq:c5"}
    {"type": "intent", "id": 8, "kind": "button", "button": "undo"}
    {"type": "intent", "id": 9, "kind": "button", "button": "goto", "value": 12}

Python checks the message, hands it to the game's *controller* (see ``kabetopo_nb.play``),
which validates it with the engine, and answers with new state or a refusal:

    {"type": "reply", "id": 7, "ok": false, "refusal": {"rulings": ["K-MOVE-2"], "reason": "..."}}

A malformed or forged message gets ``ok: false`` with an ``error`` and changes nothing.

Public Python API (the traits prefixed ``_`` are internals synced with the front end):

* ``position`` (str, read-only for the front end): the current position text; observe it
  with ``board.observe(callback, names="position")``.
* ``history`` (list of str): the actions applied so far.
* ``last_reply`` (dict): the reply to the most recent intent.
* ``state``: the game state behind the board; ``apply(action)``, ``undo()``, ``redo()``
  change it from code and redraw every view of the board at once.
"""
from __future__ import annotations

from importlib.resources import files
from typing import Any, Protocol

import anywidget
import traitlets

MAX_TEXT = 200
INTENT_KINDS = ("click", "button")


class Controller(Protocol):  # pragma: no cover - typing aid
    def view(self) -> dict: ...
    def click(self, target: str) -> dict: ...
    def button(self, button: str, value: Any = None) -> dict: ...
    def apply(self, action: Any) -> dict: ...
    def position_text(self) -> str: ...
    def history_texts(self) -> list[str]: ...


def _asset(name: str) -> str:
    return (files("kabetopo_nb.frontend") / name).read_text(encoding="utf-8")


class BoardWidget(anywidget.AnyWidget):
    """An interactive board for any game that supplies a controller."""

    _esm = _asset("board.js")
    _css = _asset("board.css")

    _svg = traitlets.Unicode("").tag(sync=True)
    _style = traitlets.Unicode("").tag(sync=True)  # the board's CSS, sent once, not inside every SVG
    _panel = traitlets.Dict().tag(sync=True)
    _theme = traitlets.Unicode("auto").tag(sync=True)

    position = traitlets.Unicode("", help="the current position text").tag(sync=True)
    history = traitlets.List(traitlets.Unicode(), help="actions applied so far").tag(sync=True)
    last_reply = traitlets.Dict(help="the reply to the most recent intent")

    def __init__(self, controller: Controller, *, theme: str = "auto", **kwargs):
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise TypeError(f"unknown keyword argument(s): {', '.join(sorted(unknown))}")
        if theme not in ("auto", "light", "dark"):
            raise ValueError(f"theme must be 'auto', 'light' or 'dark', not {theme!r}")
        super().__init__(_theme=theme, **kwargs)
        self.controller = controller
        self.on_msg(self._on_message)
        self.refresh()

    def __repr__(self) -> str:
        # stable text for saved notebook outputs (nbval compares it run after run)
        return f"{type(self).__name__}(position={self.position!r})"

    # --- Python API ------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the controller's current state (after changing it from code)."""
        view = self.controller.view()
        with self.hold_sync():
            self._style = view.get("style", "")
            self._svg = view["svg"]
            self._panel = view["panel"]
            self.position = self.controller.position_text()
            self.history = self.controller.history_texts()

    @property
    def state(self):
        """The game state behind the board (a ``core.state.GameState``): read it, ask it."""
        return self.controller.state

    def apply(self, action) -> dict:
        """Apply an action from code (text or an action object); the board redraws at once.

        Returns the reply the front end would get: ``ok`` or a refusal with ruling IDs.
        """
        reply = self.controller.apply(action)
        self.refresh()
        self.last_reply = {"type": "reply", "id": None, **reply}
        return self.last_reply

    def undo(self) -> dict:
        return self.press("undo")

    def redo(self) -> dict:
        return self.press("redo")

    def click(self, target: str) -> dict:
        """Act as if the user clicked ``target`` (e.g. ``"sq:c5"``); returns the reply."""
        return self._intent({"type": "intent", "id": 0, "kind": "click", "target": target})

    def press(self, button: str, value: Any = None) -> dict:
        """Act as if the user pressed a panel button (``undo``, ``redo``, ``end``, ``goto`` ...)."""
        msg = {"type": "intent", "id": 0, "kind": "button", "button": button}
        if value is not None:
            msg["value"] = value
        return self._intent(msg)

    # --- the protocol ------------------------------------------------------------------
    def _on_message(self, _widget, content, _buffers) -> None:
        reply = self._intent(content)
        self.send(reply)

    def _intent(self, content: Any) -> dict:
        problem = check_intent(content)
        raw_id = content.get("id") if isinstance(content, dict) else None
        msg_id = raw_id if isinstance(raw_id, int) and not isinstance(raw_id, bool) else None
        if problem:
            reply = {"type": "reply", "id": msg_id, "ok": False, "error": f"malformed message: {problem}"}
        else:
            try:
                if content["kind"] == "click":
                    result = self.controller.click(content["target"])
                else:
                    result = self.controller.button(content["button"], content.get("value"))
            except Exception as exc:  # a controller bug must not kill the widget; report it
                result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
            reply = {"type": "reply", "id": msg_id, **result}
            self.refresh()
        self.last_reply = reply
        return reply


def check_intent(content: Any) -> str | None:
    """Why a message from the front end is malformed, or None when it is well formed."""
    if not isinstance(content, dict):
        return f"expected an object, got {type(content).__name__}"
    if content.get("type") != "intent":
        return "type must be 'intent'"
    if not isinstance(content.get("id"), int) or isinstance(content.get("id"), bool):
        return "id must be a whole number"
    kind = content.get("kind")
    if kind not in INTENT_KINDS:
        return f"kind must be one of {', '.join(INTENT_KINDS)}"
    allowed = {"type", "id", "kind", "target"} if kind == "click" else {"type", "id", "kind", "button", "value"}
    extra = sorted(set(content) - allowed)
    if extra:
        return f"unexpected field(s): {', '.join(extra)}"
    key = "target" if kind == "click" else "button"
    value = content.get(key)
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        return f"{key} must be text of 1 to {MAX_TEXT} characters"
    if kind == "button" and "value" in content:
        v = content["value"]
        if not (isinstance(v, (int, str)) and not isinstance(v, bool)) or (isinstance(v, str) and len(v) > MAX_TEXT):
            return "value must be a whole number or short text"
    return None
