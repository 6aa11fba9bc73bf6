#!/usr/bin/env python3
"""Regenerate the golden files under ``tests/data/`` of every registered game.

    python3 scripts/regenerate_golden.py                    # rewrite every file
    python3 scripts/regenerate_golden.py --check            # exit 1 if a file would change
    python3 scripts/regenerate_golden.py --game kaomi       # one game only

Each game's ``golden`` module (``kabetopo_nb/<game>/golden.py``, found through the registry
of games, ``kabetopo_nb/games.py``) makes its files afresh: playthroughs for every game
(OpenSpiel's ``integration_tests/playthroughs``), whole matches and perft counts for
Kabetopo (python-chess's ``examples/perft``).  The tests regenerate them in memory and diff
them with the files; after an intended change, run this and review the diff.  A file that
matches a game's ``PATTERNS`` but that the game no longer makes is stale and removed.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kabetopo_nb.core.playthrough import write_golden  # noqa: E402
from kabetopo_nb.games import GAMES  # noqa: E402

DATA = ROOT / "tests" / "data"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if any file would change")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (default: all)")
    args = parser.parse_args(argv)
    code = 0
    for name in args.game or list(GAMES):
        game = GAMES[name]
        files = {DATA / path: text for path, text in game.golden_files().items()}
        code |= write_golden(files, root=ROOT, folder=DATA, patterns=game.module("golden").PATTERNS,
                             check=args.check, up_to_date=f"{game.title}'s golden files are up to date")
    return code


if __name__ == "__main__":
    sys.exit(main())
