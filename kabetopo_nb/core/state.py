"""A game-independent state with history: decisions, legal actions, apply, undo, redo.

Each game supplies a :class:`RulesEngine`: its rule functions bundled in one shape.

* ``decision(position) -> Decision``: whose decision is next and of what kind;
* ``ledger(position, why=False) -> Ledger``: every candidate action of that decision
  with its verdict (``core/ledger.py``); the allowed ones, in order, are the legal actions;
* ``play(position, action, outcome) -> None``: apply an allowed action's recorded outcome
  to ``position`` in place;
* ``describe(position, action, outcome) -> (rulings, sentence)``: words for an allowed
  action; ``shape(position, action) -> (rulings, sentence)``: the reason for a candidate
  the generators never considered (malformed, wrong phase, not adjacent);
* ``format_position(position) -> str`` / ``parse_position(text)``;
* ``parse_action(text)``: one action in the game's notation.

``GameState`` adds what every game shares: a history (the actions with their recorded
outcomes, and a position every ``CHECKPOINT_EVERY`` actions to replay the others from),
undo and redo, refusals that leave the state untouched, and cheap copies.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .ledger import Ledger, verdict
from .savefile import dump, dumps, load
from .verdict import HistoryError, IllegalActionError, NotationError, Verdict

CHANCE = "chance"
CHECKPOINT_EVERY = 64  # a full position is kept once per this many actions of history
MAX_HISTORY = 50_000  # actions one state keeps (and one save holds): far above any real game


@dataclass(frozen=True)
class Decision:
    """Whose decision is next and of what kind.

    ``seat`` names the seat at the table that decides (``"East"``, ``"Black"``,
    ``"Player 1"``), ``"chance"`` for a die roll, or None once the game is over.  A seat
    is a place at the table; the people who sit there are *players* (a match's players
    change seats between rounds).
    """

    kind: str
    seat: str | None
    detail: str = ""

    def __str__(self) -> str:
        who = self.seat if self.seat is not None else "nobody"
        return f"{who}: {self.kind}" + (f" ({self.detail})" if self.detail else "")


class RulesEngine:
    """A game's rule functions bundled in the shape ``GameState`` expects (see the module doc)."""

    def __init__(self, name: str, *, decision: Callable, ledger: Callable, play: Callable,
                 describe: Callable, shape: Callable, format_position: Callable,
                 parse_position: Callable, parse_action: Callable, repeat_key: Callable | None = None):
        self.name = name
        self.decision = decision
        self.ledger = ledger
        self.play = play
        self.describe = describe
        self.shape = shape
        self.format_position = format_position
        self.parse_position = parse_position
        self.parse_action = parse_action
        # what says play has come back to a position (bots avoid going round for ever): the
        # position text unless the game counts something that never repeats (turns played)
        self.repeat_key: Callable[[Any], Any] = repeat_key or format_position

    def legal_actions(self, position: Any) -> list:
        return self.ledger(position).actions

    def explain(self, position: Any, action: Any, why: Ledger | None = None) -> Verdict:
        """The verdict on ``action``, read from the decision's ledger (built if not given)."""
        if why is None:
            why = self.ledger(position, why=True)
        return verdict(
            why, action,
            describe=lambda a, outcome: self.describe(position, a, outcome),
            shape=lambda a: self.shape(position, a),
        )

    def __repr__(self) -> str:
        return f"<RulesEngine {self.name}>"


class LegalActions:
    """A live, read-only view of the legal actions for the current decision.

    Supports ``in`` (with an action or its text), iteration, ``len`` and ``count()``,
    as python-chess's ``board.legal_moves`` does.
    """

    __slots__ = ("_state",)

    def __init__(self, state: GameState):
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


class GameState(ABC):
    """A position plus its history.  The position object itself must not be mutated by callers.

    Subclasses set ``game_name`` (the save files' ``game`` field) and a ``from_text``
    classmethod; saving, loading and the position text are shared here.
    """

    game_name = ""
    max_history = MAX_HISTORY

    def __init__(self, engine: RulesEngine, position: Any):
        self.engine = engine
        self._position = position
        # The history is the applied actions with their recorded outcomes, plus the
        # position every CHECKPOINT_EVERY actions; any other earlier position is replayed
        # from the checkpoint before it (no ledger needed: the outcomes are recorded).
        self._steps: list[tuple[Any, Any]] = []  # (action, outcome) in the order applied
        self._checkpoints: list[Any] = [position]  # the position at ply k * CHECKPOINT_EVERY
        self._window: tuple[int, list] = (0, [])  # (first ply, positions from it): recent ones
        self._future: list[Any] = []  # undone actions, most recent last
        # the current position's ledgers, fast and with reasons, built when first asked
        self._fast: tuple[Any, Ledger] | None = None
        self._why: tuple[Any, Ledger] | None = None
        self._legal_set_cache: tuple[Any, frozenset] | None = None

    # --- reading ---------------------------------------------------------------
    @property
    def position(self) -> Any:
        """The current position (a private copy is cheap: ``state.position.copy()``)."""
        return self._position

    @property
    def decision(self) -> Decision:
        return self.engine.decision(self._position)

    @property
    def current_seat(self) -> str | None:
        return self.decision.seat

    def is_terminal(self) -> bool:
        return self.decision.seat is None

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def ledger(self, *, why: bool = True) -> Ledger:
        """The current decision's ledger: with the reasons for every rejected candidate
        when ``why`` (built once per position), or only the allowed actions and outcomes."""
        pos = self._position
        if why:
            if self._why is None or self._why[0] is not pos:
                self._why = (pos, self.engine.ledger(pos, why=True))
            return self._why[1]
        if self._fast is None or self._fast[0] is not pos:
            self._fast = (pos, self.engine.ledger(pos))
        return self._fast[1]

    def _legal_list(self) -> list:
        return self.ledger(why=False).actions

    def _legal_set(self) -> frozenset:
        pos = self._position
        if self._legal_set_cache is None or self._legal_set_cache[0] is not pos:
            self._legal_set_cache = (pos, frozenset(self._legal_list()))
        return self._legal_set_cache[1]

    @property
    def history(self) -> tuple:
        """Every action applied since the start, oldest first."""
        return tuple(a for a, _ in self._steps)

    def actions(self, start: int = 0, stop: int | None = None) -> tuple:
        """The applied actions from ply ``start`` up to ``stop``: a slice of ``history`` that
        costs what it holds, not the whole history (a long round's board reads a few)."""
        return tuple(a for a, _ in self._steps[start:stop])

    @property
    def ply(self) -> int:
        """How many actions have been applied since the start."""
        return len(self._steps)

    def last_step(self) -> tuple[Any, Any] | None:
        """(the last action applied, the position before it), or None at the start."""
        if not self._steps:
            return None
        return self._steps[-1][0], self.position_at(len(self._steps) - 1)

    def last_verdict(self) -> Verdict | None:
        """The verdict of the last action applied, worded from its recorded outcome (the
        same words ``explain`` gives in the position before it, without building that
        position's ledger again), or None at the start."""
        if not self._steps:
            return None
        action, outcome = self._steps[-1]
        rulings, sentence = self.engine.describe(self.position_at(len(self._steps) - 1), action, outcome)
        return Verdict(True, tuple(rulings), sentence)

    @property
    def initial_position(self) -> Any:
        return self._checkpoints[0]

    def position_at(self, ply: int) -> Any:
        """The position after the first ``ply`` actions of the history (0: the start)."""
        n = len(self._steps)
        if not 0 <= ply <= n:
            raise HistoryError(f"ply {ply} is outside the history (0..{n})")
        if ply == n:
            return self._position
        base, window = self._window
        if base <= ply < base + len(window):
            return window[ply - base]
        # replay the recorded outcomes from the checkpoint before ``ply``, keeping the
        # positions up to the current one or the next checkpoint for the next questions
        base = ply - ply % CHECKPOINT_EVERY
        pos = self._checkpoints[base // CHECKPOINT_EVERY]
        window = [pos]
        for action, outcome in self._steps[base:min(base + CHECKPOINT_EVERY, n) - 1]:
            pos = pos.copy()
            self.engine.play(pos, action, outcome)
            window.append(pos)
        self._window = (base, window)
        return window[ply - base]

    def _coerce(self, action: Any) -> Any:
        if isinstance(action, str):
            return self.engine.parse_action(action)
        return action

    def explain(self, action: Any) -> Verdict:
        """A verdict for any action, legal or not, in the current position."""
        return self.engine.explain(self._position, self._coerce(action), self.ledger(why=True))

    # --- changing --------------------------------------------------------------
    def apply(self, action: Any) -> Any:
        """Apply one action; an illegal one raises IllegalActionError and changes nothing."""
        action = self._coerce(action)
        ledger = self.ledger(why=False)
        # The listed object is the one applied, so an equal look-alike (a 3.0 or a True
        # where the engine has 3 or 1) never reaches play(); its recorded outcome is
        # applied, not worked out again.
        i = ledger.find(action)
        if i is None:
            verdict = self.explain(action)
            if verdict.legal:  # the two read one ledger; a mismatch is an engine bug worth hearing about
                raise AssertionError(f"explain() calls {action!r} legal but it is not generated")
            raise IllegalActionError(action, verdict, self.engine.format_position(self._position))
        ply = len(self._steps)
        if ply >= self.max_history:
            raise HistoryError(f"the history is full: a {self.game_name} state keeps at most "
                               f"{self.max_history} actions (docs/SAVE-FORMAT.md)")
        action = ledger.actions[i]
        before = self._position
        after = before.copy()
        self.engine.play(after, action, ledger.outcomes[i])
        self._steps.append((action, ledger.outcomes[i]))
        base, window = self._window
        if ply % CHECKPOINT_EVERY and base + len(window) == ply:
            window.append(before)
        else:  # a new block begins (or the window holds other plies): start a new window
            self._window = (ply, [before])
        if (ply + 1) % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(after)
        self._future.clear()
        self._position = after
        return action

    def undo(self) -> Any:
        """Take back the last action and return it."""
        if not self._steps:
            raise HistoryError("nothing to undo: the state is at the start of its history")
        n = len(self._steps)
        before = self.position_at(n - 1)
        action, _ = self._steps.pop()
        if n % CHECKPOINT_EVERY == 0:
            self._checkpoints.pop()
        base, window = self._window
        del window[max(0, n - 1 - base):]  # keep only plies before the new current one
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
        return bool(self._steps)

    def can_redo(self) -> bool:
        return bool(self._future)

    @property
    def redo_actions(self) -> tuple:
        """The undone actions that redo() would re-apply, next first."""
        return tuple(reversed(self._future))

    def goto(self, ply: int) -> None:
        """Time travel: undo or redo until ``ply`` actions of the history are applied."""
        total = len(self._steps) + len(self._future)
        if not 0 <= ply <= total:
            raise HistoryError(f"ply {ply} is outside the history (0..{total})")
        while len(self._steps) > ply:
            self.undo()
        while len(self._steps) < ply:
            self.redo()

    def copy(self) -> GameState:
        """An independent state sharing the (never mutated) stored positions."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._steps = list(self._steps)
        other._checkpoints = list(self._checkpoints)
        other._window = (self._window[0], list(self._window[1]))
        other._future = list(self._future)
        return other

    # --- text and save files -------------------------------------------------------
    @classmethod
    @abstractmethod
    def from_text(cls, text: str) -> GameState:
        """A state from the game's position text: each game's state class reads its own."""

    def to_text(self) -> str:
        """The current position in the game's position notation."""
        return self.engine.format_position(self._position)

    def save(self) -> dict:
        """The versioned save (``core/savefile.py``): start, actions, undone actions, position."""
        return dump(self, self.game_name)

    def save_json(self) -> str:
        return dumps(self, self.game_name)

    @classmethod
    def load(cls, data):
        """Rebuild a state from a save (JSON text or parsed), replaying and checking every action."""
        return load(data, cls.game_name, cls.from_text, cls.max_history)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_text({self.engine.format_position(self._position)!r})"
