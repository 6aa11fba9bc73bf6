"""The random-simulation check every game must pass (OpenSpiel's generic game test).

``random_simulation`` plays seeded random rounds through :class:`~.state.GameState` and,
after every action, checks what any game's engine must get right:

* the game's own invariants, through a ``check(state, action)`` callback;
* a decision that is not over offers at least one legal action, and the chosen action's
  name parses back to the same action;
* the position text round-trips: ``parse_position(format_position(p)) == p`` and formats
  to the same text;
* the save file round-trips (``state.save_json()`` -> ``type(state).load(...)`` gives the
  same position text, history and redo list).  Loading replays the whole history, so
  this runs after every action only in the first ``save_every_step_rounds`` rounds, and
  at the end of every round after that.

At the end of each round it undoes every action back to the start, checking each position
on the way against the text recorded when it was first reached, compares the start with
the round's initial position, saves and loads with a redo list half way, and redoes
everything back to the end.

A round that has not ended after ``max_actions`` actions is cut off (K-SIM-1: reported as
unfinished, never scored); new seeds are played until ``rounds`` rounds have *completed*
or ``max_rounds`` rounds have been tried.  The report says how many were cut off.

    >>> from kabetopo_nb.kabetopo import KabetopoState
    >>> from kabetopo_nb.kabetopo.consistency import check_state
    >>> report = random_simulation(lambda seed: KabetopoState.new_round(seed=seed),
    ...                            seed=0, rounds=2, check=check_state)
    >>> report.completed
    2
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .state import GameState


class SimulationFailure(AssertionError):
    """A check failed during a random simulation; says where, so the failure can be replayed."""

    def __init__(self, seed: int, ply: int, what: str, state: GameState | None = None):
        self.seed = seed
        self.ply = ply
        self.what = what
        self.history = [str(a) for a in state.history] if state is not None else []
        where = ""
        if state is not None:
            where = f"\n  position: {state.engine.format_position(state.position)}"
            where += f"\n  last actions: {', '.join(self.history[-8:])}"
        super().__init__(f"round seed {seed}, action {ply}: {what}{where}")


@dataclass
class SimulationReport:
    """What a random simulation did.  ``cut_off`` rounds are unfinished (K-SIM-1)."""

    completed: int = 0
    cut_off: int = 0
    actions: int = 0
    seeds_cut_off: list[int] = field(default_factory=list)
    longest: int = 0  # the most actions applied in one completed round
    save_round_trips: int = 0

    @property
    def rounds(self) -> int:
        """Rounds played, completed or cut off."""
        return self.completed + self.cut_off

    def __str__(self) -> str:
        cut = f", {self.cut_off} cut off after the action limit (K-SIM-1)" if self.cut_off else ""
        return (
            f"{self.rounds} rounds: {self.completed} completed{cut}; {self.actions} actions applied, "
            f"longest completed round {self.longest} actions, {self.save_round_trips} save round trips"
        )


def check_position_text(state: GameState) -> str:
    """Position text -> position -> text gives back an equal position and the same text."""
    engine = state.engine
    pos = state.position
    text = engine.format_position(pos)
    again = engine.parse_position(text)
    if again != pos:
        text2 = engine.format_position(again)
        raise AssertionError(f"parse_position(format_position(p)) differs from p: {text!r} -> {text2!r}")
    # equal positions format to the same text (formatting reads nothing but the position),
    # so ``format_position(again) == text`` needs no second formatting here
    return text


def check_save_round_trip(state: GameState) -> None:
    """save_json -> load gives the same position text, history and redo list."""
    engine = state.engine
    loaded = type(state).load(state.save_json())
    if engine.format_position(loaded.position) != engine.format_position(state.position):
        raise AssertionError("a saved and loaded state has another position")
    if loaded.position != state.position:
        raise AssertionError("a saved and loaded state's position is not equal to the original")
    if [str(a) for a in loaded.history] != [str(a) for a in state.history]:
        raise AssertionError("a saved and loaded state has another history")
    if loaded.redo_actions != state.redo_actions:
        raise AssertionError("a saved and loaded state has another redo list")
    if loaded.initial_position != state.initial_position:
        raise AssertionError("a saved and loaded state starts from another position")


def _can_save(state: GameState) -> bool:
    return hasattr(state, "save_json") and hasattr(type(state), "load")


def play_round(
    state: GameState,
    rng: random.Random,
    *,
    seed: int,
    max_actions: int,
    check: Callable[[GameState, Any], None] | None = None,
    save_every_step: bool = False,
) -> tuple[bool, int, int]:
    """Play random actions until the round is over or ``max_actions`` have been applied.

    Returns (completed, actions applied, save round trips).  Raises SimulationFailure.
    """
    engine = state.engine
    can_save = _can_save(state)
    saves = 0
    start_len = len(state.history)
    start_text = engine.format_position(state.initial_position)
    start_pos = state.initial_position

    def run(what: str, fn: Callable[[], Any], ply: int) -> Any:
        try:
            return fn()
        except SimulationFailure:
            raise
        except Exception as exc:  # any error is a failure, reported with the round and action
            raise SimulationFailure(seed, ply, f"{what}: {type(exc).__name__}: {exc}", state) from exc

    texts = [run("position text", lambda: check_position_text(state), 0)]
    if check is not None:
        run("game check", lambda: check(state, None), 0)
    applied = 0
    while not state.is_terminal() and applied < max_actions:
        legal = list(state.legal_actions)
        if not legal:
            raise SimulationFailure(seed, applied, f"the decision {state.decision} offers no legal action", state)
        action = rng.choice(legal)
        name = str(action)
        if run("action name", partial(engine.parse_action, name), applied) != action:
            raise SimulationFailure(seed, applied, f"the action name {name!r} does not parse back to {action!r}", state)
        run(f"apply {name}", partial(state.apply, action), applied)
        applied += 1
        if check is not None:
            run(f"game check after {name}", partial(check, state, action), applied)
        texts.append(run(f"position text after {name}", lambda: check_position_text(state), applied))
        if save_every_step and can_save:
            run(f"save round trip after {name}", lambda: check_save_round_trip(state), applied)
            saves += 1
    completed = state.is_terminal()
    end_pos = state.position

    # The end of the round: save, undo to the start checking every position, redo back.
    if can_save:
        run("save round trip at the end", lambda: check_save_round_trip(state), applied)
        saves += 1
    total = len(state.history)
    for k in range(applied, 0, -1):
        state.undo()
        if engine.format_position(state.position) != texts[k - 1]:
            raise SimulationFailure(seed, k - 1, "undo gives another position than the one first reached", state)
        if can_save and k == applied // 2 and k:
            run("save round trip with a redo list", lambda: check_save_round_trip(state), k - 1)
            saves += 1
    while state.can_undo():
        state.undo()
    if len(state.history) != 0:
        raise SimulationFailure(seed, 0, "undo did not reach the start of the history", state)
    if state.position != start_pos or engine.format_position(state.position) != start_text:
        raise SimulationFailure(seed, 0, "undo back to the start does not restore the initial position", state)
    while state.can_redo():
        run("redo", state.redo, len(state.history) - start_len)
    if len(state.history) != total or state.position != end_pos:
        raise SimulationFailure(seed, applied, "redo back to the end does not restore the last position", state)
    if engine.format_position(state.position) != texts[-1]:
        raise SimulationFailure(seed, applied, "redo back to the end gives another position text", state)
    return completed, applied, saves


def random_simulation(
    make_state: Callable[[int], GameState],
    *,
    seed: int = 0,
    rounds: int = 1,
    max_actions: int = 2000,
    check: Callable[[GameState, Any], None] | None = None,
    save_every_step_rounds: int = 5,
    max_rounds: int | None = None,
) -> SimulationReport:
    """Play seeded random rounds until ``rounds`` have completed; see the module docstring.

    ``make_state(round_seed)`` gives a fresh round (it may already hold history, e.g. setup
    rolls); round ``i`` uses ``round_seed = seed + i`` both for it and for the
    ``random.Random`` that picks the actions (chance decisions included), so every round
    can be replayed alone.  ``check(state, action)`` raises (AssertionError) when the
    game's own invariants fail after ``action`` (None for the starting position).
    ``max_rounds`` (default ``2 * rounds + 10``) bounds the rounds tried; the report's
    ``completed`` may then be short of ``rounds``, which the caller should assert on.
    """
    if max_rounds is None:
        max_rounds = 2 * rounds + 10
    report = SimulationReport()
    i = 0
    while report.completed < rounds and i < max_rounds:
        round_seed = seed + i
        state = make_state(round_seed)
        rng = random.Random(round_seed)
        completed, applied, saves = play_round(
            state, rng, seed=round_seed, max_actions=max_actions, check=check,
            save_every_step=i < save_every_step_rounds,
        )
        report.actions += applied
        report.save_round_trips += saves
        if completed:
            report.completed += 1
            report.longest = max(report.longest, applied)
        else:
            report.cut_off += 1
            report.seeds_cut_off.append(round_seed)
        i += 1
    return report
