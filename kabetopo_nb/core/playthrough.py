"""Golden playthroughs (OpenSpiel's integration_tests/playthroughs), for every game.

A playthrough is a seeded game written step by step: the position text, the decision, the
legal actions by name, the chosen action and its ``explain()`` verdict.  Each game's script
in ``scripts/`` supplies the state, how actions are chosen and any extra lines; the tests
regenerate the files in memory and diff them.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .state import GameState

S = TypeVar("S", bound=GameState)  # the game's state class: ``extra`` and ``end`` read its own methods


def playthrough_lines(state: S, choose: Callable[[int, list], object], *,
                      extra: Callable[[S], list[str]] | None = None,
                      end: Callable[[S], str] = lambda state: "round over",
                      max_actions: int | None = None, cut_message: str = "cut off") -> list[str]:
    """The steps of one game played from ``state`` (which is changed) by ``choose(step, legal)``."""
    lines: list[str] = []
    step = 0
    while True:
        lines.append(f"step {step}")
        lines.append(f"position: {state.to_text()}")
        if extra is not None:
            lines += extra(state)
        lines.append(f"decision: {state.decision}")
        if state.is_terminal():
            lines.append(end(state))
            break
        if max_actions is not None and step >= max_actions:
            lines.append(cut_message)
            break
        legal = list(state.legal_actions)
        lines.append(f"legal ({len(legal)}): {', '.join(str(a) for a in legal)}")
        action = choose(step, legal)
        lines.append(f"chosen: {action}")
        lines.append(f"explain: {state.explain(action)}")
        lines.append("")
        state.apply(action)
        step += 1
    return lines


def write_golden(files: dict[Path, str], *, root: Path, folder: Path, patterns: tuple[str, ...],
                 check: bool, up_to_date: str) -> int:
    """Write (or with ``check`` only compare) golden files; files in ``folder`` matching
    ``patterns`` that no longer have a generator are stale and removed.  Returns the exit code."""
    changed = [p for p, text in files.items() if not p.exists() or p.read_text() != text]
    stale = sorted({p for pattern in patterns for p in folder.glob(pattern)} - set(files))
    if not check:
        for path in changed:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(files[path])
        for path in stale:
            path.unlink()
    for path in changed + stale:
        print(("would change " if check else "wrote ") + str(path.relative_to(root)))
    if not changed and not stale:
        print(up_to_date)
    return 1 if check and (changed or stale) else 0
