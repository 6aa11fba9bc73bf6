"""The one shape of a board's controller, and what it produces.

A *controller* turns a user's intents (a click on a named target such as ``"sq:c5"``, a
press of a panel button such as ``"undo"``) into engine actions, and says what the board
shows: a ``View``, the drawing and a typed ``Panel``.  It applies actions through a sink
(its own state by default; a challenge's attempt or a guided game's walk when it is
composed into one of those boards), and it owns no transport: the anywidget board
(``kabetopo_nb.widget``), the plain Python transport of the tests, or a room's server
drive it through a ``BoardSession`` (``play/session.py``) and show what it gives.

Every board kind (Kabetopo, Dakapo, Kaomi, match, challenge, guided game) is a
``Controller``: the games' own controllers share ``play.base.GameController``; the match,
challenge and guided boards *contain* a game controller and say what its clicks mean for
them.  A controller that plays bots has a ``runner`` (``play.bot_runner.BotRunner``) that
the session attaches to a loop; the others have ``runner = None``.

The reply to an intent is a dict: ``{"ok": True, "message": ...}``, a refusal
``{"ok": False, "refusal": {"rulings": [...], "reason": ...}}`` or an error
``{"ok": False, "error": ...}`` (a request that is not a move at all).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, NotRequired, Protocol, TypedDict, runtime_checkable


class Button(TypedDict):
    """A panel button: ``id`` is what a press sends."""
    id: str
    label: str
    enabled: bool
    pressed: NotRequired[bool]
    # a button of a group laid out as steppers: its row, column and step ("+" or "-")
    row: NotRequired[str]
    column: NotRequired[str]
    step: NotRequired[str]


class ButtonGroup(TypedDict):
    """A named group of buttons; ``layout`` "steppers" lays them out as a -/+ table by
    their ``row`` and ``column`` (any other group is a wrapping row)."""
    name: str
    buttons: list[Button]
    layout: NotRequired[str]


class Refusal(TypedDict):
    """Why an intent was refused: the ruling IDs and the sentence (and a heading where the
    board gives one, "Not quite")."""
    rulings: list[str]
    reason: str
    heading: NotRequired[str]


@dataclass
class Panel:
    """Everything the board shows beside its drawing (``widgets/board.js`` documents how
    each field is shown); ``to_dict`` is what goes to the front end.  The fields named in
    ``OPTIONAL`` belong to some boards only: left ``None``, they are not sent (a board
    with no history to travel through, a challenge or the guided game, sends no ``moves``
    and no ``total``, and the front end then draws no move list and no slider)."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({
        "headline", "error", "announcements", "options_at", "first_ply", "valid",
        "round", "unscored", "thinking", "seats", "scoresheet_html", "moves", "total", "cursor"})

    status: str = ""
    headline: str | None = None
    message: str = ""
    refusal: Refusal | dict | None = None
    error: str | None = None
    announcement: str = ""
    announcements: list[str] | None = None
    options_at: list[dict] | None = None
    rulings_text: dict[str, dict] = field(default_factory=dict)
    choices: list[dict] = field(default_factory=list)
    groups: list[ButtonGroup] = field(default_factory=list)
    moves: list[dict] | None = field(default_factory=list)
    ply: int = 0
    total: int | None = 0
    first_ply: int | None = 0
    editing: bool = False
    valid: bool | None = None
    problems: list[str] = field(default_factory=list)
    winner: str | None = None
    cursor: str | None = None  # the target the keyboard's cursor starts on (the runner to move, the first option)
    # a match board's
    round: str | None = None
    unscored: str | None = None
    thinking: str | None = None
    seats: list[dict] | None = None
    scoresheet_html: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {f.name: value for f in fields(self)
                if (value := getattr(self, f.name)) is not None or f.name not in self.OPTIONAL}

    def but(self, **changes: Any) -> Panel:
        """A copy with some fields changed (a board composed of another says its own)."""
        return replace(self, **changes)


@dataclass
class View:
    """What a board shows: the drawing (SVG with ``data-target`` names), its style sheet
    (sent once, not inside every drawing) and the panel."""

    svg: str
    style: str
    panel: Panel


@runtime_checkable
class Controller(Protocol):
    """The one contract every board kind meets (see the module docstring)."""

    runner: Any  # a BotRunner for a board with bots, else None

    @property
    def state(self) -> Any: ...

    def view(self) -> View: ...
    def click(self, target: str) -> dict: ...
    def button(self, button: str, value: Any = None) -> dict: ...
    def apply(self, action: Any) -> dict: ...
    def position_text(self) -> str: ...
    def history_texts(self) -> list[str]: ...


__all__ = ["Button", "ButtonGroup", "Controller", "Panel", "Refusal", "View"]
