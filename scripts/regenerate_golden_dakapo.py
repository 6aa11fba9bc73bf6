#!/usr/bin/env python3
"""Regenerate Dakapo's golden playthroughs under ``tests/data/playthroughs/dakapo-*.txt``.

    python3 scripts/regenerate_golden_dakapo.py            # rewrite every file
    python3 scripts/regenerate_golden_dakapo.py --check    # exit 1 if a file would change

One seeded random game per file (OpenSpiel's playthroughs): for each step the position
text, the decision, the legal actions by name, the chosen action and ``explain()`` of it.
``tests/test_dakapo.py`` regenerates each in memory and diffs it with the file.
(``scripts/regenerate_golden.py`` writes Kabetopo's files and has no hook for other
games, so Dakapo keeps its own script.)
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kabetopo_nb.core.playthrough import playthrough_lines, write_golden
from kabetopo_nb.dakapo import DakapoRules, DakapoState

PLAYTHROUGH_DIR = ROOT / "tests" / "data" / "playthroughs"


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
        "# Dakapo playthrough: a seeded random game, written by scripts/regenerate_golden_dakapo.py",
        f"# rules: {rules}",
        f"# seed: {seed}",
        "",
    ]
    lines += playthrough_lines(state, lambda step, legal: rng.choice(legal),
                               end=lambda state: f"game over: {state.result()}")
    return "\n".join(lines) + "\n"


def playthrough_files() -> dict[Path, str]:
    return {PLAYTHROUGH_DIR / f"{name}.txt": playthrough(rules, seed) for name, rules, seed in playthrough_specs()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if any file would change")
    args = parser.parse_args(argv)
    return write_golden(playthrough_files(), root=ROOT, folder=PLAYTHROUGH_DIR, patterns=("dakapo-*.txt",),
                        check=args.check, up_to_date="Dakapo golden files are up to date")


if __name__ == "__main__":
    sys.exit(main())
