"""Kaomi's golden playthroughs (OpenSpiel's playthroughs), made afresh.

One seeded random game per file, some with a fixed opening (the pie rule's swap): for each
step the position text and its diagram, the decision, the legal actions by name, the chosen
action and ``explain()`` of it.  ``golden_files()`` gives every file's text by its path
under ``tests/data``; ``scripts/regenerate_golden.py`` writes them.
"""
from __future__ import annotations

import random

from ..core.playthrough import playthrough_lines
from .game import KaomiState
from .rules import KaomiRules

PATTERNS = ("playthroughs/kaomi-*.txt",)


def playthrough_specs() -> list[tuple[str, KaomiRules, int, tuple[str, ...]]]:
    """(file name, rules, seed, fixed opening actions) of every Kaomi playthrough."""
    return [
        ("kaomi-7-seed1", KaomiRules(size=7), 1, ()),
        ("kaomi-5-swap-seed2", KaomiRules(size=5), 2, ("c3", "swap")),
        ("kaomi-squared-6-komi2-seed3", KaomiRules(size=6, squared=True, komi=2), 3, ()),
    ]


def playthrough(rules: KaomiRules, seed: int, opening: tuple[str, ...] = ()) -> str:
    state = KaomiState(rules=rules)
    rng = random.Random(seed)
    lines = [
        "# Kaomi playthrough: a seeded random game, written by scripts/regenerate_golden.py",
        f"# rules: {rules.to_text()}",
        f"# seed: {seed}",
        f"# opening: {' '.join(opening) if opening else '-'}",
        "",
    ]

    def choose(step: int, legal: list):
        return state.engine.parse_action(opening[step]) if step < len(opening) else rng.choice(legal)

    def end(state: KaomiState) -> str:
        result = state.result()
        assert result is not None  # the game is over: the board is full (M-5)
        return f"game over: {result.reason}"

    lines += playthrough_lines(
        state, choose,
        extra=lambda state: ["  " + row for row in state.position.diagram().splitlines()],
        end=end,
    )
    return "\n".join(lines) + "\n"


def playthrough_files() -> dict[str, str]:
    return {f"playthroughs/{name}.txt": playthrough(rules, seed, opening)
            for name, rules, seed, opening in playthrough_specs()}


def golden_files() -> dict[str, str]:
    """Every Kaomi golden file: path under ``tests/data`` -> text."""
    return playthrough_files()
