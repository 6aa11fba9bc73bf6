"""A board as every transport drives it: intents in, replies and views out.

``BoardSession`` holds one controller (``play/contract.py``) and is all a transport needs:
it checks each message from a front end (``check_intent``: a malformed or forged message
is refused with the reason and changes nothing), hands intents to the controller, keeps
the last error so that *every* view of the board shows it (the panel's ``error``), and
after each change gives the transport the whole ``Shown``: the drawing, its style, the
panel and the position text.  A controller with bots has its runner attached
here, to the loop the transport chooses, and each bot's reply is shown the same way.

Two transports use it: the anywidget board (``kabetopo_nb.widget.BoardWidget``, which
copies ``Shown`` into its synced traits and sends replies over the comm) and
``PlainBoard`` below, plain Python with no widget and no loop (tests; the seam a room's
server drives).  Neither holds game logic.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .contract import Controller

MAX_TEXT = 200
INTENT_KINDS = ("click", "button")
CLOSED = "this board was closed (running its cell again made a new board): use the new board"


@dataclass(frozen=True)
class Shown:
    """What every view of a board shows after a change.  (The whole history is not part of
    it: its cost would grow with every action; ``history()`` reads it when asked.)"""

    svg: str
    style: str
    panel: dict[str, Any]
    position: str

    def to_dict(self) -> dict[str, Any]:
        return {"svg": self.svg, "style": self.style, "panel": self.panel, "position": self.position}


def _ignore(_value: Any) -> None:
    pass


class BoardSession:
    """One controller behind one board, for any transport (see the module docstring).

    ``show(shown)`` is called after every change; ``told(reply)`` with every reply (a
    user's intent, an action from code, a bot's action).  ``loop`` and ``bot_pause`` are the
    bot runner's (``BotRunner.attach``): the running loop by default, none for ``lambda: None``.
    """

    def __init__(self, controller: Controller, *, show: Callable[[Shown], None] = _ignore,
                 told: Callable[[dict], None] = _ignore, loop: Callable[[], Any] | None = None,
                 bot_pause: float = 1.0):
        self.controller: Controller | None = controller
        self.show, self.told = show, told
        self.error = ""  # the last intent's error, shown in the panel of every view (see shown)
        self.last_reply: dict[str, Any] = {}
        self.last_shown: Shown | None = None  # the last view the controller drew
        self._history_at_close: list[str] = []
        runner = controller.runner
        if runner is not None:
            runner.attach(pause=bot_pause, on_reply=self._bot_replied, loop=loop)

    @property
    def closed(self) -> bool:
        return self.controller is None

    def history(self) -> list[str]:
        """The actions applied so far (kept when the session is closed)."""
        if self.controller is None:
            return list(self._history_at_close)
        return self.controller.history_texts()

    def close(self) -> None:
        """Stop the bots and let the controller go; the session answers every later intent
        with ``CLOSED``."""
        self.stop_bots()
        if self.controller is not None:
            self._history_at_close = self.controller.history_texts()
        self.controller = None

    # --- what is shown ---------------------------------------------------------------------
    def shown(self) -> Shown | None:
        """What the board shows now.  A controller whose ``view`` raises (a bug of the
        board's own) is never silence: the last view it drew stays, with the error in its
        panel (and the reply to the intent that led there says it too)."""
        controller = self.controller
        if controller is None:
            return None
        try:
            view = controller.view()
            position = controller.position_text()
        except Exception as exc:  # noqa: BLE001 - reported on the board, never raised into the transport
            self.error = f"the board could not be drawn: {type(exc).__name__}: {exc}"
            last = self.last_shown
            panel = {**(last.panel if last is not None else {}), "error": self.error}
            return Shown(last.svg if last else "", last.style if last else "", panel,
                         last.position if last else "")
        panel = view.panel.to_dict()
        error = self.error
        if error and (panel.get("refusal") or {}).get("reason") != error:
            # an error the controller's own panel does not show (a malformed message, a
            # bug of the controller's): every view of the board says it
            panel["error"] = error
        self.last_shown = Shown(view.svg, view.style, panel, position)
        return self.last_shown

    def refresh(self) -> None:
        """Show the controller's current state (after a change from code too); a bot due
        to play is scheduled on the runner's loop."""
        controller = self.controller
        if controller is None:
            return
        runner = controller.runner
        if runner is not None:
            runner.check()
        shown = self.shown()
        if shown is not None:
            self.show(shown)
        if runner is not None and self.controller is not None:
            runner.schedule()

    def _reply(self, msg_id: int | None, result: dict) -> dict:
        reply = {"type": "reply", "id": msg_id, **result}
        self.last_reply = reply
        self.told(reply)
        return reply

    # --- intents -------------------------------------------------------------------------
    def intent(self, content: Any) -> dict:
        """A message from a front end: checked, then handed to the controller; the reply."""
        raw_id = content.get("id") if isinstance(content, dict) else None
        msg_id = raw_id if isinstance(raw_id, int) and not isinstance(raw_id, bool) else None
        controller = self.controller
        if controller is None:
            return self._reply(msg_id, {"ok": False, "error": CLOSED})
        problem = check_intent(content)
        if problem:
            result: dict = {"ok": False, "error": f"malformed message: {problem}"}
        else:
            try:
                if content["kind"] == "click":
                    result = controller.click(content["target"])
                else:
                    result = controller.button(content["button"], content.get("value"))
            except Exception as exc:  # a controller bug must not kill the board; report it
                result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        self.error = str(result.get("error") or "") if not result.get("ok") else ""
        self.refresh()
        if self.error and not result.get("error"):  # the view failed: the reply says so
            result = {"ok": False, "error": self.error}
        return self._reply(msg_id, result)

    def click(self, target: str) -> dict:
        return self.intent({"type": "intent", "id": 0, "kind": "click", "target": target})

    def press(self, button: str, value: Any = None) -> dict:
        msg: dict[str, Any] = {"type": "intent", "id": 0, "kind": "button", "button": button}
        if value is not None:
            msg["value"] = value
        return self.intent(msg)

    def apply(self, action: Any) -> dict:
        """An action from code (text or an action object)."""
        controller = self.controller
        if controller is None:
            return self._reply(None, {"ok": False, "error": CLOSED})
        result = controller.apply(action)
        self.refresh()
        return self._reply(None, result)

    # --- bots ----------------------------------------------------------------------------
    def _bot_replied(self, result: dict) -> None:
        if self.controller is None:
            return
        self.last_reply = {"type": "reply", "id": None, **result}
        self.refresh()
        self.told(self.last_reply)

    def stop_bots(self) -> None:
        """Cancel a bot's pending slice and drop its unfinished thought (nothing is played)."""
        runner = self.controller.runner if self.controller is not None else None
        if runner is not None:
            runner.stop()

    def play_bots(self, limit: int = 100_000) -> int:
        """Play every bot action due now, at once (see ``BotRunner.play_all``); shown once."""
        runner = self.controller.runner if self.controller is not None else None
        played = runner.play_all(limit) if runner is not None else 0
        self.refresh()
        return played


class PlainBoard:
    """The plain Python transport: a board with no widget and no event loop.  It records
    everything it was shown (``views``) and told (``replies``); ``send`` takes a message as
    a front end sends it.  Bots play only when ``play_bots()`` is called."""

    def __init__(self, controller: Controller):
        self.views: list[Shown] = []
        self.replies: list[dict] = []
        self.session = BoardSession(controller, show=self.views.append, told=self.replies.append,
                                    loop=lambda: None)
        self.session.refresh()

    @property
    def controller(self) -> Controller | None:
        return self.session.controller

    @property
    def latest(self) -> Shown:
        return self.views[-1]

    @property
    def history(self) -> list[str]:
        return self.session.history()

    def send(self, message: Any) -> dict:
        return self.session.intent(message)

    def click(self, target: str) -> dict:
        return self.session.click(target)

    def press(self, button: str, value: Any = None) -> dict:
        return self.session.press(button, value)

    def apply(self, action: Any) -> dict:
        return self.session.apply(action)

    def play_bots(self, limit: int = 100_000) -> int:
        return self.session.play_bots(limit)


def check_intent(content: Any) -> str | None:
    """Why a message from a front end is malformed, or None when it is well formed."""
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


__all__ = ["BoardSession", "CLOSED", "PlainBoard", "Shown", "check_intent"]
