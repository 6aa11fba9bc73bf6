"""What a decision's ledger costs in each game; prints its figures (no assertions).

    python3 benchmarks/bench_ledgers.py

For Kabetopo (the pinned positions of ``positions.txt``), Dakapo and Kaomi (positions
from seeded random games), the median time per position of:

* the fast ledger, ``engine.ledger(position)``: the legal actions and their outcomes,
  what ``legal_actions`` and ``apply`` use;
* the ledger with reasons, ``engine.ledger(position, why=True)``: every refused candidate
  with its ruling and sentence, built only when someone asks why (``explain``,
  ``options_at``; a ``GameState`` builds it once per position).
"""
from __future__ import annotations

import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from kabetopo_nb.dakapo import DakapoState  # noqa: E402
from kabetopo_nb.kabetopo.game import ENGINE as KABETOPO  # noqa: E402
from kabetopo_nb.kabetopo.notation import parse_position  # noqa: E402
from kabetopo_nb.kaomi import KaomiState  # noqa: E402

POSITIONS = pathlib.Path(__file__).resolve().parent / "positions.txt"


def per_call(fn, n: int = 20, repeats: int = 7) -> float:
    fn()
    best = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        best.append((time.perf_counter() - t) / n)
    return statistics.median(best)


def played(make, plies: int, seeds: range) -> list:
    """The states of seeded random games after ``plies`` actions."""
    out = []
    for seed in seeds:
        state, rng = make(), random.Random(seed)
        for _ in range(plies):
            if state.is_terminal():
                break
            state.apply(rng.choice(list(state.legal_actions)))
        out.append(state)
    return out


def report(name: str, engine, positions: list) -> None:
    fast = statistics.median(per_call(lambda p=p: engine.ledger(p)) for p in positions)
    why = statistics.median(per_call(lambda p=p: engine.ledger(p, why=True), n=5) for p in positions)
    print(f"{name:28} fast ledger {fast * 1e6:8.1f} us   with reasons {why * 1e6:9.1f} us   "
          f"({len(positions)} positions)")


def main() -> None:
    print(f"Python {sys.version.split()[0]}: median time per position")
    texts = [t.strip() for t in POSITIONS.read_text().splitlines() if t.strip() and not t.startswith("#")]
    report("Kabetopo (positions.txt)", KABETOPO, [parse_position(t) for t in texts])
    dakapo = played(lambda: DakapoState(), 24, range(8))
    report("Dakapo 8x8, 24 stones in", dakapo[0].engine, [s.position for s in dakapo])
    kaomi = played(lambda: KaomiState.new_game(7), 24, range(8))
    report("Kaomi 7x7, 24 stones in", kaomi[0].engine, [s.position for s in kaomi])


if __name__ == "__main__":
    main()
