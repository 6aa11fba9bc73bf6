"""A game-independent state with history: decisions, legal actions, apply, undo, redo.

Each game supplies a *rules engine* object with these methods (see ``GameEngine``):

* ``decision(position) -> Decision``: whose decision is next and of what kind;
* ``legal_actions(position) -> list``: the actions for that decision;
* ``play(position, action) -> None``: apply a legal action to ``position`` in place;
* ``explain(position, action) -> Verdict``: legal or not, with ruling IDs and a reason;
* ``format_position(position) -> str`` / ``parse_position(text)``;
* ``parse_action(text)``: one action in the game's notation.

``GameState`` adds what every game shares: a history of (action, position before) pairs,
undo and redo, refusals that leave the state untouched, and cheap copies.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Protocol

from .verdict import HistoryError, IllegalActionError, NotationError

CHANCE = "chance"


@dataclass(frozen=True)
class Decision:
    """Whose decision is next (a player's name, ``"chance"`` or None when over) and its kind."""

    kind: str
    player: str | None
    detail: str = ""

    def __str__(self) -> str:
        who = self.player if self.player is not None else "nobody"
        return f"{who}: {self.kind}" + (f" ({self.detail})" if self.detail else "")


class GameEngine(Protocol):  # pragma: no cover - a typing aid
    name: str

    def decision(self, position: Any) -> Decision: ...
    def legal_actions(self, position: Any) -> list: ...
    def play(self, position: Any, action: Any) -> None: ...
    def explain(self, position: Any, action: Any) -> Any: ...
    def format_position(self, position: Any) -> str: ...
    def parse_position(self, text: str) -> Any: ...
    def parse_action(self, text: str) -> Any: ...


class RulesEngine:
    """A game's rule functions bundled in the shape ``GameState`` expects (``GameEngine``)."""

    def __init__(self, name: str, *, decision, legal_actions, play, explain,
                 format_position, parse_position, parse_action):
        self.name = name
        self.decision = decision
        self.legal_actions = legal_actions
        self.play = play
        self.explain = explain
        self.format_position = format_position
        self.parse_position = parse_position
        self.parse_action = parse_action

    def __repr__(self) -> str:
        return f"<RulesEngine {self.name}>"


class LegalActions:
    """A live, read-only view of the legal actions for the current decision.

    Supports ``in`` (with an action or its text), iteration, ``len`` and ``count()``,
    as python-chess's ``board.legal_moves`` does.
    """

    __slots__ = ("_state",)

    def __init__(self, state: "GameState"):
        self._state = state

    def _list(self) -> list:
        return self._state._legal_list()

    def __iter__(self) -> Iterator:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    def count(self) -> int:
        return len(self._list())

    def __bool__(self) -> bool:
        return bool(self._list())

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = self._state.engine.parse_action(action)
            except NotationError:
                return False
        return action in self._state._legal_set()

    def names(self) -> list[str]:
        return [str(a) for a in self._list()]

    def __repr__(self) -> str:
        return f"<LegalActions ({self.count()}): {', '.join(self.names())}>"


class GameState:
    """A position plus its history.  The position object itself must not be mutated by callers.

    Subclasses set ``game_name`` (the save files' ``game`` field) and a ``from_text``
    classmethod; saving, loading and the position text are shared here.
    """

    game_name = ""

    def __init__(self, engine: GameEngine, position: Any):
        self.engine = engine
        self._position = position
        self._past: list[tuple[Any, Any]] = []  # (action, position before it)
        self._future: list[Any] = []  # undone actions, most recent last
        self._cache_key: int | None = None
        self._cache_list: list | None = None
        self._cache_set: frozenset | None = None

    # --- reading ---------------------------------------------------------------
    @property
    def position(self) -> Any:
        """The current position (a private copy is cheap: ``state.position.copy()``)."""
        return self._position

    @property
    def decision(self) -> Decision:
        return self.engine.decision(self._position)

    @property
    def current_player(self) -> str | None:
        return self.decision.player

    def is_terminal(self) -> bool:
        return self.decision.player is None

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def _legal_list(self) -> list:
        key = id(self._position)
        if self._cache_key != key or self._cache_list is None:
            self._cache_list = self.engine.legal_actions(self._position)
            self._cache_set = None
            self._cache_key = key
        return self._cache_list

    def _legal_set(self) -> frozenset:
        lst = self._legal_list()
        if self._cache_set is None:
            self._cache_set = frozenset(lst)
        return self._cache_set

    @property
    def history(self) -> tuple:
        """Every action applied since the start, oldest first."""
        return tuple(a for a, _ in self._past)

    def last_step(self) -> tuple[Any, Any] | None:
        """(the last action applied, the position before it), or None at the start."""
        return self._past[-1] if self._past else None

    @property
    def initial_position(self) -> Any:
        return self._past[0][1] if self._past else self._position

    def _coerce(self, action: Any) -> Any:
        if isinstance(action, str):
            return self.engine.parse_action(action)
        return action

    def explain(self, action: Any):
        """A verdict for any action, legal or not, in the current position."""
        return self.engine.explain(self._position, self._coerce(action))

    # --- changing --------------------------------------------------------------
    def apply(self, action: Any) -> Any:
        """Apply one action; an illegal one raises IllegalActionError and changes nothing."""
        action = self._coerce(action)
        try:
            # a scan of the list, not a set: the action is usually the very object listed
            # (found by identity), and building a set of every legal action costs more.
            # The listed object is the one applied, so an equal look-alike (a 3.0 or a True
            # where the engine has 3 or 1) never reaches play().
            listed = self._legal_list()
            action = listed[listed.index(action)]
            legal = True
        except (ValueError, TypeError):  # not listed, or junk that cannot even be compared
            legal = False
        if not legal:
            verdict = self.engine.explain(self._position, action)
            if verdict.legal:  # the two must agree; a mismatch is an engine bug worth hearing about
                raise AssertionError(f"explain() calls {action!r} legal but it is not generated")
            raise IllegalActionError(action, verdict, self.engine.format_position(self._position))
        before = self._position
        after = before.copy()
        self.engine.play(after, action)
        self._past.append((action, before))
        self._future.clear()
        self._position = after
        return action

    def undo(self) -> Any:
        """Take back the last action and return it."""
        if not self._past:
            raise HistoryError("nothing to undo: the state is at the start of its history")
        action, before = self._past.pop()
        self._future.append(action)
        self._position = before
        return action

    def redo(self) -> Any:
        """Re-apply the most recently undone action."""
        if not self._future:
            raise HistoryError("nothing to redo")
        action = self._future.pop()
        future = self._future
        self._future = []
        try:
            self.apply(action)
        finally:
            self._future = future
        return action

    def can_undo(self) -> bool:
        return bool(self._past)

    def can_redo(self) -> bool:
        return bool(self._future)

    @property
    def redo_actions(self) -> tuple:
        """The undone actions that redo() would re-apply, next first."""
        return tuple(reversed(self._future))

    def goto(self, ply: int) -> None:
        """Time travel: undo or redo until ``ply`` actions of the history are applied."""
        total = len(self._past) + len(self._future)
        if not 0 <= ply <= total:
            raise HistoryError(f"ply {ply} is outside the history (0..{total})")
        while len(self._past) > ply:
            self.undo()
        while len(self._past) < ply:
            self.redo()

    def copy(self) -> "GameState":
        """An independent state sharing the (never mutated) stored positions."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._past = list(self._past)
        other._future = list(self._future)
        return other

    # --- text and save files -------------------------------------------------------
    def to_text(self) -> str:
        """The current position in the game's position notation."""
        return self.engine.format_position(self._position)

    def save(self) -> dict:
        """The versioned save (``core/savefile.py``): start, actions, undone actions, position."""
        from . import savefile

        return savefile.dump(self, self.game_name)

    def save_json(self) -> str:
        from . import savefile

        return savefile.dumps(self, self.game_name)

    @classmethod
    def load(cls, data):
        """Rebuild a state from a save (JSON text or parsed), replaying and checking every action."""
        from . import savefile

        return savefile.load(data, cls.game_name, cls.from_text)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_text({self.engine.format_position(self._position)!r})"
