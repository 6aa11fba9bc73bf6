"""Dakapo's golden playthroughs (OpenSpiel's playthroughs), made afresh.

One seeded random game per file: for each step the position text, the decision, the legal
actions by name, the chosen action and ``explain()`` of it.  ``golden_files()`` gives every
file's text by its path under ``tests/data``; ``scripts/regenerate_golden.py`` writes them.
"""
from __future__ import annotations

import random

from ..core.playthrough import playthrough_lines
from .game import DakapoState
from .rules import DakapoRules

PATTERNS = ("playthroughs/dakapo-*.txt",)


def playthrough_specs() -> list[tuple[str, DakapoRules, int]]:
    """(file name, rules, seed) of every Dakapo playthrough."""
    return [
        ("dakapo-seed1", DakapoRules(), 1),
        ("dakapo-seed2", DakapoRules(), 2),
        ("dakapo-tabletop-seed3", DakapoRules(tabletop=True), 3),
        ("dakapo-size6-seed4", DakapoRules(size=6), 4),
    ]


def playthrough(rules: DakapoRules, seed: int) -> str:
    """The text of one seeded random game from the D-1 setup."""
    state = DakapoState(rules=rules)
    rng = random.Random(seed)
    lines = [
        "# Dakapo playthrough: a seeded random game, written by scripts/regenerate_golden.py",
        f"# rules: {rules}",
        f"# seed: {seed}",
        "",
    ]
    lines += playthrough_lines(state, lambda step, legal: rng.choice(legal),
                               end=lambda state: f"game over: {state.result()}")
    return "\n".join(lines) + "\n"


def playthrough_files() -> dict[str, str]:
    return {f"playthroughs/{name}.txt": playthrough(rules, seed) for name, rules, seed in playthrough_specs()}


def golden_files() -> dict[str, str]:
    """Every Dakapo golden file: path under ``tests/data`` -> text."""
    return playthrough_files()
