"""How ``problems()`` judges random boards, against K-INV-1 itself (KNB-13).

    python3 benchmarks/check_problems.py [--boards 3000]

Random boards: every runner on a random square (corners included), then up to 14 walls,
monoliths and portals (within the ruleset's counts, taken from the pools) thrown onto
random lines with no regard for the rules, portals never on a corner's lines (K-INV-2 is
another check).  For each ruleset it prints how many boards break K-INV-1, how many
``problems()`` calls impossible, and why: a corner or Mountain site that nothing reaches,
not even a runner coming down off the Mountain (always impossible, KNB-13), or a runner
shut in or cut off on a square no Mountain site reaches; the rest of the K-INV-1 failures
are runners in pockets they may have stepped down into, which play can reach.

Every board ``problems()`` accepts must be one where K-INV-1 fails only for runners on
squares a Mountain site reaches: the script checks that and exits 1 if not.
"""
from __future__ import annotations

import argparse
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402
from kabetopo_nb.kabetopo.geometry import LINES  # noqa: E402
from kabetopo_nb.kabetopo.invariants import violations  # noqa: E402
from kabetopo_nb.kabetopo.notation import format_position  # noqa: E402
from kabetopo_nb.kabetopo.position import Piece  # noqa: E402
from kabetopo_nb.kabetopo.validity import reach_from_the_mountain  # noqa: E402

KINDS = ((Piece.WALL, 0), (Piece.WALL, 0), (Piece.MONOLITH, 1), (Piece.PORTAL, 2))


def random_board(ruleset: str, rng: random.Random) -> KabetopoState:
    state = KabetopoState.new_round(ruleset, seed=rng.randrange(10**6))
    pos = state.position
    for seat, square in zip(pos.rules.seats, rng.sample(range(36), len(pos.rules.seats)), strict=False):
        pos.runners[seat] = square
    no_portal = pos.rules.geometry.corner_lines()
    empty = [ln for ln in LINES if pos.lines[ln] == Piece.EMPTY]
    for ln in rng.sample(empty, rng.randint(2, 14)):
        kind, slot = rng.choice(KINDS)
        if kind == Piece.PORTAL and ln in no_portal:
            continue
        holders = [s for s in pos.rules.seats if pos.pools[s][slot]]
        if holders:
            pos.pools[rng.choice(holders)][slot] -= 1
            pos.set_line(ln, kind)
    return KabetopoState.from_text(format_position(pos))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=3000, help="boards per ruleset")
    args = parser.parse_args()
    wrong = 0
    for ruleset in ("kabetopo-4p", "kabetopo-2p"):
        rng = random.Random(2026)
        counts = dict.fromkeys(("boards", "K-INV-1 fails", "rejected", "a target nothing reaches",
                                "a runner nothing brings there", "accepted: runners in pockets"), 0)
        for _ in range(args.boards):
            state = random_board(ruleset, rng)
            pos = state.position
            counts["boards"] += 1
            fails = bool(violations(pos))
            counts["K-INV-1 fails"] += fails
            found = [p for p in state.problems() if p.startswith("K-INV-1")]
            if found:
                counts["rejected"] += 1
                counts["a target nothing reaches"] += any("KNB-13" in p for p in found)
                counts["a runner nothing brings there"] += any("KNB-13" not in p for p in found)
            elif fails:
                counts["accepted: runners in pockets"] += 1
                squares, missing = reach_from_the_mountain(pos)
                if missing or any(sq is not None and not squares >> sq & 1 for sq in pos.runners):
                    wrong += 1
                    print("accepted, but no play leads here:", state.to_text())
        print(ruleset + ": " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
