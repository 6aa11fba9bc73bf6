"""Benchmark of the bots (issue 14); prints its figures (targets live here, not in tests).

    python3 benchmarks/bench_bots.py speed               # greedy round + MCTS iterations/s, ~1 min
    python3 benchmarks/bench_bots.py strength            # the strength table (~30 min on 2 cores)
    python3 benchmarks/bench_bots.py strength --pairs mcts:greedy \
        --families kabetopo-2p kabetopo-4p               # the 1-second target (~1 h on 2 cores)

1. ``speed``:
   * a greedy-bot ``kabetopo-4p`` round (setup to the end, four greedy bots through the
     referee): the median over seeded rounds, beside python-chess's Kiwipete legal-move
     enumeration timed in the same run (the engine benchmark's yardstick).
     Target: median <= 100 ms (0.45 s before issue 14).
   * MCTS iterations per second in mid-game 4-player positions (seeded random play from a
     seeded setup, 40 actions in), a 2-second budget each.
2. ``strength``: for each ruleset family and each pair of bots, a study (``kabetopo_nb.lab``,
   on a Dask LocalCluster) in which the two bots take turns in the seats (``rotate``; in
   the 4-player game the first bot plays one seat against three of the second).  Printed:
   the first bot's win rate with its 95% Wilson interval, its mean points and the
   second's.  The table's bots are random, greedy and tree search at two budgets of
   iterations (``mcts-200``, ``mcts-50``: the same games on any machine), every pair, the
   stronger first (one tree search against three of the other in 4-player rounds).
   Target (``--pairs mcts:greedy``): ``mcts`` at 1 second a decision wins >= 65% of
   ``kabetopo-2p`` rounds against ``greedy`` and outscores it on average in
   ``kabetopo-4p``.  Each study is saved under ``benchmarks/results/`` and ``--extend``
   adds rounds to the saved ones instead of replaying them.
"""
from __future__ import annotations

import argparse
import itertools
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from bench_engine import bench_kiwipete  # noqa: E402

from kabetopo_nb.bots import MCTSBot, make_bot, play_game  # noqa: E402
from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402

RESULTS = pathlib.Path(__file__).resolve().parent / "results"
FAMILIES = ("kabetopo-4p", "kabetopo-2p", "dakapo", "kaomi")


def greedy_rounds(n: int) -> list[float]:
    times = []
    for seed in range(n):
        start = time.perf_counter()
        state = KabetopoState.new_round("kabetopo-4p", seed=seed)
        play_game(state, {s: make_bot("greedy") for s in ("East", "South", "West", "North")}, seed=seed)
        times.append(time.perf_counter() - start)
    return times


def mid_game(seed: int) -> KabetopoState:
    state = KabetopoState.new_round("kabetopo-4p", seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        state.apply(rng.choice(list(state.legal_actions)))
    while len(state.legal_actions) < 10:
        state.apply(rng.choice(list(state.legal_actions)))
    return state


def speed(rounds: int) -> None:
    play_game(KabetopoState.new_round("kabetopo-4p", seed=999), {s: make_bot("greedy") for s in
                                                                    ("East", "South", "West", "North")})
    times = greedy_rounds(rounds)
    kiwi = bench_kiwipete(200)
    med = statistics.median(times)
    print(f"greedy kabetopo-4p round, {rounds} seeded rounds: median {med * 1000:.0f} ms, "
          f"p90 {sorted(times)[int(0.9 * len(times))] * 1000:.0f} ms (target <= 100 ms)")
    if kiwi is not None:
        print(f"yardstick, python-chess Kiwipete legal moves: {kiwi * 1e6:.1f} us "
              f"(a greedy round = {med / kiwi:,.0f} Kiwipete enumerations)")
    rates = []
    for seed in (1, 2, 3):
        state = mid_game(seed)
        bot = MCTSBot(seconds=2.0)
        start = time.perf_counter()
        bot(state, random.Random(seed))
        took = time.perf_counter() - start
        rates.append(bot.last_iterations / took)
        print(f"MCTS, mid-game 4-player position (seed {seed}, {len(state.legal_actions)} legal actions): "
              f"{bot.last_iterations / took:,.0f} iterations/s")
    print(f"MCTS iterations/s, median of 3 positions: {statistics.median(rates):,.0f}")


def strength(families, bots, pairs, rounds: int, workers: int | None, extend: bool) -> None:
    from distributed import Client

    from kabetopo_nb.lab import Study, extend_study, load_study, local_cluster, metrics, run_study, save_study

    RESULTS.mkdir(exist_ok=True)
    pairs = [tuple(p.split(":")) for p in pairs] if pairs else list(itertools.combinations(bots, 2))
    rows = []
    with local_cluster(workers) as cluster, Client(cluster) as client:
        for family in families:
            for a, b in pairs:
                seats = Study(family).seats()
                lineup = [a] + [b] * (len(seats) - 1)
                name = f"strength-{family}-{a}-vs-{b}"
                path = RESULTS / f"{name}.parquet"
                start = time.perf_counter()
                if extend and path.exists():
                    study, frame = load_study(path)
                    if study.rounds < rounds:
                        frame = extend_study(path, rounds - study.rounds, client=client)
                else:
                    study = Study(family, bots=lineup, rotate=True, rounds=rounds, seed=14, name=name, chunk=5)
                    frame = run_study(study, client=client)
                    save_study(frame, study, path)
                took = time.perf_counter() - start
                row = metrics.strength_table([(study, frame)]).iloc[0]
                rows.append((row, took))
                print(f"{family:12} {a:>9} vs {b:<9} {row['rounds']:4} rounds: {a} wins {row['win rate']:6.1%} "
                      f"(95% {row['win low']:.1%}-{row['win high']:.1%}), mean points {_points(row)}, "
                      f"{row['not scored']} not scored  [{took:.0f} s]", flush=True)
    print("\nfamily        first bot vs second    rounds  first's win rate (95%)      mean points    not scored  seconds")
    for row, took in rows:
        print(f"{row['family']:12}  {row['first']:>9} vs {row['second']:<9} {row['rounds']:5}   {row['win rate']:6.1%} "
              f"({row['win low']:.1%}-{row['win high']:.1%})   {_points(row)}   {row['not scored']:5}   {took:7.0f}")


def _points(row) -> str:
    first, second = row["first's points"], row["second's points"]
    return f"{first:.2f} vs {second:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("speed", "strength"))
    parser.add_argument("--rounds", type=int, default=None, help="speed: 60 greedy rounds; strength: 200 per pairing")
    parser.add_argument("--families", nargs="*", default=list(FAMILIES))
    parser.add_argument("--bots", nargs="*", default=["mcts-200", "mcts-50", "greedy", "random"],
                        help="every pair of these, the first named first (it takes the single seat in 4p)")
    parser.add_argument("--pairs", nargs="*", default=None, help="a:b pairs (default: every pair of --bots)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--extend", action="store_true", help="add rounds to saved studies instead of replaying")
    args = parser.parse_args()
    if args.part == "speed":
        speed(args.rounds or 60)
    else:
        strength(args.families, args.bots, args.pairs, args.rounds or 200, args.workers, args.extend)


if __name__ == "__main__":
    main()
