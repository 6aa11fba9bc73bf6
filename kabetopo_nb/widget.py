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
* ``close()`` / ``closed``: a closed board has no views and no game; its ``position`` and
  ``history`` stay readable.

Three things keep a notebook honest and small (issue 11):

* **The front end writes no state.** It reports intents as messages; an ``update`` of a
  synced trait coming from it (a forged or buggy front end) is refused and the front end's
  copy is put back (``set_state``), so Python code and observers only ever see what the
  controller decided.  ``FRONT_END_WRITABLE`` names the exceptions (none today).
* **A saved notebook shows its boards.** Displaying a board also gives a static
  ``text/html`` picture of it (the SVG with its style, as an image, and the status line),
  which a reader without the live widget shows: JupyterLab for an untrusted notebook,
  nbconvert's HTML (nbviewer), other notebook viewers.  ``scripts/build_notebooks.py``
  keeps only that picture in the saved notebooks (a saved widget view needs its model:
  "model not found" otherwise).
* **A replaced board is closed.** Running a cell again makes new boards; the boards the
  cell's earlier run made are closed then (a workshop re-runs "the board for this round"
  cell every round; the old boards would otherwise stay registered with ipywidgets, and
  IPython's ``Out`` keeps each displayed one).  Boards of one run of a cell, or of other
  cells, are never closed behind the user's back.
"""
from __future__ import annotations

import base64
import html
import re
import sys
import weakref
from importlib.resources import files
from typing import Any, Protocol

import anywidget
import traitlets

from .core.verdict import SettingError

MAX_TEXT = 200
INTENT_KINDS = ("click", "button")
# Synced traits the front end may change (it reports intents as messages instead; see set_state).
FRONT_END_WRITABLE: frozenset[str] = frozenset()
CLOSED = "this board was closed (running its cell again made a new board): use the new board"


class Controller(Protocol):  # pragma: no cover - typing aid
    @property
    def state(self) -> Any: ...

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
            raise SettingError(f"unknown keyword argument(s): {', '.join(sorted(unknown))}")
        if theme not in ("auto", "light", "dark"):
            raise SettingError(f"theme must be 'auto', 'light' or 'dark', not {theme!r}")
        super().__init__(_theme=theme, **kwargs)
        self._own_layout = "layout" not in kwargs  # a layout passed in may be shared: not ours to close
        self.controller: Controller | None = controller
        self._error = ""  # the last intent's error, shown in the panel of every view (see refresh)
        self.on_msg(self._on_message)
        self.refresh()
        _replace_boards_of_this_cell(self)

    def __repr__(self) -> str:
        # stable text for saved notebook outputs (nbval compares it run after run)
        return f"{type(self).__name__}(position={self.position!r})"

    def _repr_mimebundle_(self, **kwargs):
        """The live widget view, and beside it a static picture for readers without the
        widget's model (saved notebooks; see the module's docstring)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        data["text/html"] = self.picture_html()
        return data, metadata

    def picture_html(self) -> str:
        """The board as it stands, as static HTML: the drawing as a self-contained SVG image
        (the board's style inside it, the board's theme applied) and the status line (the
        panel's headline where it has one).
        Deterministic: the same board gives the same bytes (strict nbval)."""
        svg = _standalone_svg(self._svg, self._style, self._theme)
        src = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
        panel = self._panel or {}
        status = next((t for t in (panel.get("headline"), panel.get("status")) if isinstance(t, str) and t), "")
        label = _svg_label(svg) or status or "game board"
        line = f"<p>{html.escape(status)}</p>" if status else ""
        return (f'<div class="kb-picture"><img src="{src}" alt="{html.escape(label)}" '
                f'style="max-width:100%;height:auto">{line}'
                "<p><em>A picture of the board as it was saved: run the notebook to play on it.</em></p></div>")

    # --- Python API ------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        """True once the board is closed (``close()``, or replaced by its cell's next run)."""
        return getattr(self, "controller", None) is None

    def close(self) -> None:
        """Close the board: its views go, ipywidgets forgets it, and the game it held (the
        controller and its state) is released; ``position`` and ``history`` stay readable."""
        super().close()
        if getattr(self, "_own_layout", False) and self.layout is not None:
            self.layout.close()  # a widget of its own, registered with ipywidgets too
        self.controller = None
        self._svg, self._panel, self._style = "", {}, ""

    def refresh(self) -> None:
        """Redraw from the controller's current state (after changing it from code)."""
        controller = getattr(self, "controller", None)
        if controller is None:
            return
        view = controller.view()
        panel = view["panel"]
        error = getattr(self, "_error", "")
        if error and (panel.get("refusal") or {}).get("reason") != error:
            # an error the controller's own panel does not show (a malformed message, a
            # bug of the controller's): the model carries it, so every view of the board says it
            panel = {**panel, "error": error}
        with self.hold_sync():
            self._style = view.get("style", "")
            self._svg = view["svg"]
            self._panel = panel
            self.position = controller.position_text()
            self.history = controller.history_texts()

    @property
    def state(self):
        """The game state behind the board (a ``core.state.GameState``): read it, ask it."""
        if self.controller is None:
            raise RuntimeError(CLOSED)
        return self.controller.state

    def apply(self, action) -> dict:
        """Apply an action from code (text or an action object); the board redraws at once.

        Returns the reply the front end would get: ``ok`` or a refusal with ruling IDs.
        """
        if self.controller is None:
            return {"type": "reply", "id": None, "ok": False, "error": CLOSED}
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
    def set_state(self, sync_data: dict) -> None:
        """A front end's ``update`` of synced traits (ipywidgets calls this for the comm's
        ``{"method": "update", "state": {...}}`` messages, and only for them).  The board's
        state is Python's alone: every trait outside ``FRONT_END_WRITABLE`` is refused, so
        it never changes and no observer sees the front end's value, and the front end is
        sent the current value back, which puts its copy of the model right again."""
        allowed = {name: value for name, value in sync_data.items() if name in FRONT_END_WRITABLE}
        refused = [name for name in sync_data if name not in FRONT_END_WRITABLE and name in self.keys]
        if allowed:
            super().set_state(allowed)
        if refused:
            self.send_state(refused)

    def _on_message(self, _widget, content, _buffers) -> None:
        reply = self._intent(content)
        self.send(reply)

    def _intent(self, content: Any) -> dict[str, Any]:
        problem = check_intent(content)
        raw_id = content.get("id") if isinstance(content, dict) else None
        msg_id = raw_id if isinstance(raw_id, int) and not isinstance(raw_id, bool) else None
        controller = self.controller
        if controller is None:
            return {"type": "reply", "id": msg_id, "ok": False, "error": CLOSED}
        if problem:
            error = f"malformed message: {problem}"
            reply = {"type": "reply", "id": msg_id, "ok": False, "error": error}
            self._error = error
            self.refresh()
        else:
            try:
                if content["kind"] == "click":
                    result = controller.click(content["target"])
                else:
                    result = controller.button(content["button"], content.get("value"))
            except Exception as exc:  # a controller bug must not kill the widget; report it
                result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
            reply = {"type": "reply", "id": msg_id, **result}
            self._error = str(result.get("error") or "") if not result.get("ok") else ""
            self.refresh()
        self.last_reply = reply
        return reply


# --- static pictures ---------------------------------------------------------------------

_SVG_OPEN = re.compile(r"<svg\b[^>]*>")


def _standalone_svg(svg: str, style: str, theme: str) -> str:
    """The board's SVG with its style inside (the widget sends the style once, apart from
    the drawing) and its theme applied as the front end applies it; ``auto`` keeps the
    drawing's own ``kb-auto`` (it follows the reader's colour scheme)."""
    opening = _SVG_OPEN.search(svg)
    if opening is None:
        return svg
    tag = opening.group(0)
    if theme in ("light", "dark"):
        def themed(match: re.Match) -> str:
            classes = [c for c in match.group(1).split() if c not in ("kb-auto", "kb-light", "kb-dark")]
            classes.insert(1 if classes[:1] == ["kb-board"] else 0, f"kb-{theme}")
            return f'class="{" ".join(classes)}"'
        tag = re.sub(r'class="([^"]*)"', themed, tag, count=1)
    inner = f"<style><![CDATA[{style}]]></style>" if style and "]]>" not in style else ""
    return svg[:opening.start()] + tag + inner + svg[opening.end():]


def _svg_label(svg: str) -> str:
    opening = _SVG_OPEN.search(svg)
    label = re.search(r'aria-label="([^"]*)"', opening.group(0)) if opening else None
    return html.unescape(label.group(1)) if label else ""


# --- replaced boards --------------------------------------------------------------------

# cell id -> (the run that made the boards, weak references to them)
_BOARDS_OF_CELL: dict[str, tuple[str, list[weakref.ref]]] = {}


def _current_run() -> tuple[str, str] | None:
    """The notebook cell being run and this run of it, ``(cell id, request id)``, from the
    kernel's execute request (JupyterLab sends the cell's id); None outside a cell."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    kernel = getattr(shell, "kernel", None)
    if kernel is None or not hasattr(kernel, "get_parent"):
        return None
    try:
        parent = kernel.get_parent("shell") or {}
    except TypeError:  # JupyterLite's Pyodide kernel has one channel: get_parent() takes no name
        parent = kernel.get_parent() or {}
    if not isinstance(parent, dict):
        return None
    header = parent.get("header") or {}
    cell = (parent.get("metadata") or {}).get("cellId")
    if header.get("msg_type") != "execute_request" or not cell or not header.get("msg_id"):
        return None
    return str(cell), str(header["msg_id"])


def _replace_boards_of_this_cell(board: BoardWidget) -> None:
    """Close the boards an earlier run of the running cell made (see the module docstring)."""
    run = _current_run()
    if run is None:
        return
    cell, run_id = run
    made_by, boards = _BOARDS_OF_CELL.get(cell, (None, []))
    if made_by != run_id:
        for ref in boards:
            old = ref()
            if old is not None and old is not board and not old.closed:
                old.close()
        boards = []
    boards.append(weakref.ref(board))
    _BOARDS_OF_CELL[cell] = (run_id, boards)


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
