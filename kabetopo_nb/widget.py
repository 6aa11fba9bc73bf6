"""The one anywidget class: a game-independent interactive board, and a transport only.

The front end (``widgets/board.js``) draws what Python sends, an SVG whose clickable
elements carry ``data-target`` names and a panel description (status, message, refusal,
choices, button groups, move list, scrubber), and reports what the user *intends*:

    {"type": "intent", "id": 7, "kind": "click", "target": "sq:c5"}
    {"type": "intent", "id": 8, "kind": "button", "button": "undo"}
    {"type": "intent", "id": 9, "kind": "button", "button": "goto", "value": 12}

The widget hands each message to its ``BoardSession`` (``play/session.py``), which checks
it and gives it to the board's *controller* (``play/contract.py``), which validates it with
the engine; the widget copies what the session shows into its synced traits and answers
with a reply (the same session drives the plain Python transport and a room's server):

    {"type": "reply", "id": 7, "ok": false, "refusal": {"rulings": ["K-MOVE-2"], "reason": "..."}}

A malformed or forged message gets ``ok: false`` with an ``error`` and changes nothing.

Public Python API (the traits prefixed ``_`` are internals synced with the front end):

* ``position`` (str, read-only for the front end): the current position text; observe it
  with ``board.observe(callback, names="position")``.
* ``history`` (list of str, read-only): the actions applied so far.
* ``last_reply`` (dict): the reply to the most recent intent.
* ``view`` (``"normal"`` or ``"presentation"``): how the board is shown.  ``"presentation"``
  is the projector's view: the board scaled to fit the window beside its panel (whose
  turn, what is left to decide, the buttons, the latest announcements, the scoresheet), all
  on screen together over JupyterLab's own bars, full screen where the browser allows it.
  Set it from code (``board.view = "presentation"``, or ``view=`` when the board is made);
  the board's "Presentation view" toggle sends the intent
  ``{"kind": "button", "button": "view", "value": "presentation"}``, which the widget checks
  (any other value is refused and changes nothing) and keeps: the front end writes no state.
  A match board keeps the choice in its autosave (``kabetopo_nb.boards``).
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

A reloaded page shows its boards, live (issue 24): a page reload (F5) shows the notebook as
last saved, and ipywidgets brings back from the kernel the board each saved view names.  A
board made by running a cell again (or the notebook in a restarted kernel) takes the model id
the cell's earlier board had (derived from the cell's id and the board's place in the run;
the earlier boards are closed first), so a view saved before the new run names the board the
kernel has now, never one that is gone ("Error displaying widget: model not found").
"""
from __future__ import annotations

import base64
import html
import importlib
import re
import sys
import uuid
import weakref
from typing import Any

import anywidget
import traitlets

from .assets import front_end
from .core.verdict import SettingError
from .play.contract import Controller
from .play.session import CLOSED, MAX_TEXT, BoardSession, Shown, check_intent

# Synced traits the front end may change (it reports intents as messages instead; see set_state).
FRONT_END_WRITABLE: frozenset[str] = frozenset()
# How a board may be shown (the ``view`` trait); a match save records it (``kabetopo.match.VIEWS``).
VIEWS = ("normal", "presentation")
VIEW_BUTTON = "view"  # the intent of the board's view toggle: {"kind": "button", "button": "view", "value": ...}


def _view_problem(view: Any) -> str:
    """Why ``view`` is no view mode ('' when it is one)."""
    if isinstance(view, str) and view in VIEWS:
        return ""
    choices = " or ".join(map(repr, VIEWS))
    if view is None:
        return f"the view toggle's intent needs a value: {choices}"
    return f"view must be {choices}, not {repr(view)[:40]}"


class _ViewTrait(traitlets.TraitType):
    """The ``view`` trait: one of ``VIEWS``; anything else (of any type) is a ``SettingError``."""

    default_value = VIEWS[0]
    info_text = " or ".join(map(repr, VIEWS))

    def validate(self, obj: Any, value: Any) -> str:
        problem = _view_problem(value)
        if problem:
            raise SettingError(problem)
        return value



class BoardWidget(anywidget.AnyWidget):
    """An interactive board for any game that supplies a controller (``play/contract.py``):
    a transport only.  Its ``BoardSession`` takes the intents and says what to show; the
    widget copies that into its synced traits and sends the replies over the comm."""

    _esm = front_end("board.js")
    _css = front_end("board.css")

    _svg = traitlets.Unicode("").tag(sync=True)
    _style = traitlets.Unicode("").tag(sync=True)  # the board's CSS, sent once, not inside every SVG
    _panel = traitlets.Dict().tag(sync=True)
    _theme = traitlets.Unicode("auto").tag(sync=True)

    position = traitlets.Unicode("", help="the current position text").tag(sync=True)
    view = _ViewTrait(help="how the board is shown: 'normal' or 'presentation'").tag(sync=True)
    last_reply = traitlets.Dict(help="the reply to the most recent intent")

    def __init__(self, controller: Controller, *, theme: str = "auto", view: str = "normal", bot_pause: float = 1.0,
                 **kwargs):
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise SettingError(f"unknown keyword argument(s): {', '.join(sorted(unknown))}")
        if theme not in ("auto", "light", "dark"):
            raise SettingError(f"theme must be 'auto', 'light' or 'dark', not {theme!r}")
        if _view_problem(view):
            raise SettingError(_view_problem(view))
        if not isinstance(bot_pause, (int, float)) or isinstance(bot_pause, bool) or not 0 <= bot_pause <= 60:
            raise SettingError(f"bot_pause is a number of seconds from 0 to 60, not {bot_pause!r}")
        super().__init__(_theme=theme, view=view, model_id=_model_id_in_this_cell(), **kwargs)
        self._own_layout = "layout" not in kwargs  # a layout passed in may be shared: not ours to close
        self.bot_pause = float(bot_pause)
        self.session = BoardSession(controller, show=self._show, told=self._told, bot_pause=self.bot_pause)
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
    def history(self) -> list[str]:
        """The actions applied so far (read when asked: a long round does not send its
        whole history to the page after every action)."""
        session = getattr(self, "session", None)
        return session.history() if session is not None else []

    @property
    def controller(self) -> Any:
        """The controller behind the board (None once the board is closed)."""
        session = getattr(self, "session", None)
        return session.controller if session is not None else None

    @property
    def closed(self) -> bool:
        """True once the board is closed (``close()``, or replaced by its cell's next run)."""
        return self.controller is None

    def close(self) -> None:
        """Close the board: its views go, ipywidgets forgets it, and the game it held (the
        controller and its state) is released; ``position`` and ``history`` stay readable."""
        session = getattr(self, "session", None)
        if session is not None:
            session.close()
        super().close()
        if getattr(self, "_own_layout", False) and self.layout is not None:
            self.layout.close()  # a widget of its own, registered with ipywidgets too
        self._svg, self._panel, self._style = "", {}, ""

    def refresh(self) -> None:
        """Redraw from the controller's current state (after changing it from code)."""
        session = getattr(self, "session", None)
        if session is not None:
            session.refresh()

    def _show(self, shown: Shown) -> None:
        with self.hold_sync():
            self._style = shown.style
            self._svg = shown.svg
            self._panel = shown.panel
            self.position = shown.position

    def _told(self, reply: dict) -> None:
        self.last_reply = reply

    @property
    def state(self):
        """The game state behind the board (a ``core.state.GameState``): read it, ask it."""
        controller = self.controller
        if controller is None:
            raise RuntimeError(CLOSED)
        return controller.state

    def apply(self, action) -> dict:
        """Apply an action from code (text or an action object); the board redraws at once.

        Returns the reply the front end would get: ``ok`` or a refusal with ruling IDs.
        """
        return self.session.apply(action)

    def undo(self) -> dict:
        return self.press("undo")

    def redo(self) -> dict:
        return self.press("redo")

    def click(self, target: str) -> dict:
        """Act as if the user clicked ``target`` (e.g. ``"sq:c5"``); returns the reply."""
        return self.session.click(target)

    def press(self, button: str, value: Any = None) -> dict:
        """Act as if the user pressed a panel button (``undo``, ``redo``, ``end``, ``goto`` ...;
        ``view`` with ``"normal"`` or ``"presentation"``, as the view toggle does)."""
        if button == VIEW_BUTTON:
            msg: dict[str, Any] = {"type": "intent", "id": 0, "kind": "button", "button": button}
            if value is not None:
                msg["value"] = value
            return self._intent(msg)
        return self.session.press(button, value)

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
        self.send(self._intent(content))

    def _intent(self, content: Any) -> dict[str, Any]:
        """A raw message as the front end sends it (possibly malformed or forged).  The view
        toggle's intent is the transport's own (how the board is shown, not the game); every
        other goes to the session."""
        if (isinstance(content, dict) and content.get("kind") == "button" and content.get("button") == VIEW_BUTTON
                and check_intent(content) is None and not self.closed):
            return self._view_intent(content)
        return self.session.intent(content)

    def _view_intent(self, content: dict) -> dict[str, Any]:
        """The view toggle: a known view mode is kept (``view``); any other value is refused
        with the reason and changes nothing."""
        msg_id = content["id"]
        problem = _view_problem(content.get("value"))
        result: dict[str, Any] = {"ok": False, "error": problem} if problem else {"ok": True}
        if not problem:
            self.view = content["value"]
        reply = {"type": "reply", "id": msg_id, **result}
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


# the model ids of the boards made in a cell (see the module's docstring: a reloaded page)
_MODEL_IDS = uuid.UUID("0d6c7a52-4b1e-4c55-9a35-6b6f2a6e2d41")


def _model_id_in_this_cell() -> str | None:
    """Before a board is made: close the boards an earlier run of the running cell made, and
    give the model id the new board takes there: the same in every run of the cell, in any
    kernel.  None (a random id) outside a cell, or when that id is still a live widget's."""
    run = _current_run()
    if run is None:
        return None
    cell, run_id = run
    made_by, boards = _BOARDS_OF_CELL.get(cell, (None, []))
    if made_by != run_id:
        # closed before the new board's comm opens: one of them has the id it takes
        for ref in boards:
            old = ref()
            if old is not None and not old.closed:
                old.close()
        boards = []
        _BOARDS_OF_CELL[cell] = (run_id, boards)
    model_id = uuid.uuid5(_MODEL_IDS, f"{cell}\n{len(boards)}").hex
    live = importlib.import_module("ipywidgets.widgets.widget")._instances  # ipywidgets' open widgets, by model id
    return None if model_id in live else model_id


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


__all__ = ["BoardWidget", "CLOSED", "FRONT_END_WRITABLE", "MAX_TEXT", "VIEWS", "check_intent"]
