"""Tree-search memory at the largest budgets a bot accepts (issue item 8); prints figures, no assertions.

    python3 benchmarks/bench_mcts_memory.py            # ~1-2 min on 2 cores
    python3 benchmarks/bench_mcts_memory.py --quick    # the iteration budget only

One decision of a 4-player Kabetopo round, thought by ``MCTSBot`` with ``stop_early=False``
(the whole budget is spent):

* ``iterations``: ``MAX_ITERATIONS`` iterations (``mcts-20000``), the largest iteration
  budget ``make_bot`` accepts, at the round's opening (the decision with the most
  actions, ~160, where a node costs the most memory);
* ``seconds``: ``MAX_SECONDS`` seconds (``mcts-10s``), the largest time budget, at the
  same opening: how many nodes fit depends on the machine's speed, ``MAX_NODES`` caps them;
* ``cap``: the same budget in a mid-game decision (seeded random play, 40 actions in),
  where iterations are faster and a tampered bot (``bot.seconds = 10**6`` set after it
  was made, which no constructor accepts; ``think`` still stops at ``MAX_SECONDS``):
  the search stops at ``MAX_NODES`` nodes, however fast the machine.

The ceiling printed last is ``MAX_NODES`` times the most bytes a node took.

Each runs in a fresh process, twice: once under ``tracemalloc`` (the peak of Python's
allocations during the decision, with bytes per node and per iteration; tracing slows
the search some 3 times, so a budget in seconds builds a smaller tree there) and once
untraced (the process's peak resident set size, ``ru_maxrss``, above what it held before
the decision, and the iterations per second).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import resource
import subprocess
import sys
import time
import tracemalloc

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from bench_bots import mid_game  # noqa: E402  (the same mid-game positions as the bots' benchmark)

from kabetopo_nb.bots import MAX_ITERATIONS, MAX_NODES, MAX_SECONDS, MCTSBot  # noqa: E402
from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402

MB = 1024 * 1024


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux


def one(budget: str, traced: bool, seed: int) -> dict:
    """One decision at ``budget``, in this process: its figures."""
    if budget == "iterations":
        state = KabetopoState.new_round("kabetopo-4p", seed=seed)
        bot = MCTSBot(MAX_ITERATIONS, stop_early=False)
    elif budget == "seconds":
        state = KabetopoState.new_round("kabetopo-4p", seed=seed)
        bot = MCTSBot(seconds=MAX_SECONDS, stop_early=False)
    else:  # "cap": a faster decision, and a budget no constructor accepts, set afterwards
        state = mid_game(seed)
        bot = MCTSBot(seconds=MAX_SECONDS, stop_early=False)
        bot.seconds = 10**6
    MCTSBot(50, stop_early=False)(state, random.Random(0))  # warm up (imports, caches) before measuring
    before = _peak_rss()
    if traced:
        tracemalloc.start()
    started = time.perf_counter()
    thinking = bot.think(state, random.Random(seed))
    slices, longest, last = 0, 0.0, started
    while True:
        try:
            next(thinking)
        except StopIteration:
            break
        now = time.perf_counter()
        slices, longest, last = slices + 1, max(longest, now - last), now
    took = time.perf_counter() - started
    out = {"budget": budget, "traced": traced, "actions": len(state.legal_actions), "iterations": bot.last_iterations,
           "nodes": bot.last_nodes, "full": bot.last_full, "seconds": took, "slices": slices,
           "longest_slice": longest}
    if traced:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        out["traced_peak"] = peak
    else:
        out["rss_growth"] = _peak_rss() - before
        out["rss_peak"] = _peak_rss()
    return out


def run(budget: str, traced: bool, seed: int) -> dict:
    """``one`` in a fresh interpreter, so each peak is its own."""
    cmd = [sys.executable, __file__, "--one", budget, "--seed", str(seed)] + (["--traced"] if traced else [])
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", choices=["iterations", "seconds", "cap"], help=argparse.SUPPRESS)
    parser.add_argument("--traced", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help="the round's setup seed")
    parser.add_argument("--quick", action="store_true", help="the iteration budget only")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one, args.traced, args.seed)))
        return
    print(f"limits: MAX_ITERATIONS {MAX_ITERATIONS:,}, MAX_SECONDS {MAX_SECONDS:g}, MAX_NODES {MAX_NODES:,}")
    budgets = ["iterations"] if args.quick else ["iterations", "seconds", "cap"]
    labels = {"iterations": f"mcts-{MAX_ITERATIONS}, a kabetopo-4p opening decision",
              "seconds": f"mcts-{MAX_SECONDS:g}s, a kabetopo-4p opening decision",
              "cap": "seconds=10**6 set after construction, a kabetopo-4p mid-game decision"}
    per_node = 0.0
    for budget in budgets:
        traced, plain = run(budget, True, args.seed), run(budget, False, args.seed)
        per_node = max(per_node, traced["traced_peak"] / max(traced["nodes"], 1))
        print(f"\n{labels[budget]} ({plain['actions']} actions):")
        print(f"  tracemalloc: peak {traced['traced_peak'] / MB:,.1f} MB for {traced['nodes']:,} nodes, "
              f"{traced['iterations']:,} iterations: {traced['traced_peak'] / max(traced['nodes'], 1):,.0f} B a node, "
              f"{traced['traced_peak'] / max(traced['iterations'], 1):,.0f} B an iteration"
              f"{' (stopped at MAX_NODES)' if traced['full'] else ''}")
        print(f"  untraced: {plain['iterations']:,} iterations, {plain['nodes']:,} nodes"
              f"{' (stopped at MAX_NODES)' if plain['full'] else ''} in {plain['seconds']:.1f} s "
              f"({plain['iterations'] / plain['seconds']:,.0f} iterations/s); peak RSS {plain['rss_peak'] / MB:,.0f} MB, "
              f"{plain['rss_growth'] / MB:,.0f} MB above the process before the decision")
        print(f"  think yielded {plain['slices']:,} times, the longest slice {plain['longest_slice'] * 1000:.0f} ms "
              f"(a board's Stop acts between slices)")
    print(f"\nceiling: MAX_NODES {MAX_NODES:,} x {per_node:,.0f} B a node = {MAX_NODES * per_node / MB:,.0f} MB of tree")


if __name__ == "__main__":
    main()
