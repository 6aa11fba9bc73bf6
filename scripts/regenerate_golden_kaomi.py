#!/usr/bin/env python3
"""Regenerate Kaomi's golden playthroughs: ``tests/data/playthroughs/kaomi-*.txt``.

    python3 scripts/regenerate_golden_kaomi.py            # rewrite the files
    python3 scripts/regenerate_golden_kaomi.py --check    # exit 1 if a file would change

Each file is one seeded random game (OpenSpiel's playthroughs): for every step the
position text, a diagram, the decision, the legal actions by name, the chosen action and
``explain()`` of it (which names every push), and at the end the result (M-5).
``tests/test_kaomi.py`` regenerates each in memory and diffs it with the file.
Deterministic: a seeded ``random.Random``, an optional fixed opening, nothing else.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kabetopo_nb.core.playthrough import playthrough_lines, write_golden
from kabetopo_nb.kaomi import KaomiRules, KaomiState  # noqa: E402

PLAYTHROUGH_DIR = ROOT / "tests" / "data" / "playthroughs"


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
        "# Kaomi playthrough: a seeded random game, written by scripts/regenerate_golden_kaomi.py",
        f"# rules: {rules.to_text()}",
        f"# seed: {seed}",
        f"# opening: {' '.join(opening) if opening else '-'}",
        "",
    ]

    def choose(step: int, legal: list):
        return state.engine.parse_action(opening[step]) if step < len(opening) else rng.choice(legal)

    lines += playthrough_lines(
        state, choose,
        extra=lambda state: ["  " + row for row in state.position.diagram().splitlines()],
        end=lambda state: f"game over: {state.outcome().reason}",
    )
    return "\n".join(lines) + "\n"


def playthrough_files() -> dict[Path, str]:
    return {PLAYTHROUGH_DIR / f"{name}.txt": playthrough(rules, seed, opening)
            for name, rules, seed, opening in playthrough_specs()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if any file would change")
    args = parser.parse_args(argv)
    return write_golden(playthrough_files(), root=ROOT, folder=PLAYTHROUGH_DIR, patterns=("kaomi-*.txt",),
                        check=args.check, up_to_date="Kaomi golden files are up to date")


if __name__ == "__main__":
    sys.exit(main())
