"""Benchmark of the balance lab's throughput on Dask (issue 14); prints its figures.

    python3 benchmarks/bench_lab.py              # 400 greedy kabetopo-4p rounds per run
    python3 benchmarks/bench_lab.py --rounds 1000

The same seeded study (greedy bots in every seat, ``kabetopo-4p``) is played on a
``LocalCluster`` of 1 worker process, then of 2 (one thread each), each started and warmed
up before the clock starts, so the figures are rounds per second of play, not of start-up.
Printed: rounds/s with 1 and 2 workers, the speed-up and the scaling efficiency
(speed-up / 2).  Target on this 2-core machine: efficiency >= 0.8.  The two runs' rows
are compared too: they must be equal (seeds per game, not per worker).
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from distributed import Client  # noqa: E402

from kabetopo_nb.lab import Study, local_cluster, run_study  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400)
    args = parser.parse_args()
    study = Study("kabetopo-4p", bots="greedy", rounds=args.rounds, seed=5, chunk=20, name="bench")
    warm = Study("kabetopo-4p", bots="greedy", rounds=8, seed=99, chunk=4)
    rates, frames = {}, {}
    for workers in (1, 2):
        with local_cluster(workers) as cluster, Client(cluster) as client:
            run_study(warm, client=client, progress=False)  # imports and caches in every worker
            start = time.perf_counter()
            frames[workers] = run_study(study, client=client, progress=False)
            took = time.perf_counter() - start
        rates[workers] = args.rounds / took
        print(f"{workers} worker{'s' if workers > 1 else ''}: {args.rounds} rounds in {took:.1f} s, "
              f"{rates[workers]:.1f} rounds/s", flush=True)
    speedup = rates[2] / rates[1]
    print(f"speed-up at 2 workers: {speedup:.2f}; scaling efficiency {speedup / 2:.2f} (target >= 0.8)")
    same = frames[1].drop(columns="think_seconds").equals(frames[2].drop(columns="think_seconds"))
    print(f"the two runs' rows are equal: {same}")


if __name__ == "__main__":
    main()
