"""The balance lab's first study, saved with the project (studies/*.parquet) and shown in
notebooks/22-balance-lab.ipynb:

* first-player advantage and seat balance of ``kabetopo-4p`` and ``kabetopo-2p`` with
  greedy bots in every seat, 5,000 rounds each;
* the effect of the ``speed_any_turn`` and ``king_of_the_mountain`` options on
  ``kabetopo-4p`` (2,500 rounds each, compared with the first 2,500 of the plain study).

    python3 scripts/run_first_study.py              # all of it, on a LocalCluster
    python3 scripts/run_first_study.py --workers 2  # a given number of worker processes

Every study is seeded: running this again gives the same rows (all but ``think_seconds``,
the time the bots spent choosing, which is measured).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from kabetopo_nb.lab import Study, local_cluster, run_study, save_study

ROOT = Path(__file__).resolve().parent.parent / "studies"
STUDIES = {
    "kabetopo-4p-greedy": Study("kabetopo-4p", bots="greedy", rounds=5000, seed=2026, name="kabetopo-4p-greedy"),
    "kabetopo-2p-greedy": Study("kabetopo-2p", bots="greedy", rounds=5000, seed=2026, name="kabetopo-2p-greedy"),
    "kabetopo-4p-speed-any-turn": Study("kabetopo-4p", bots="greedy", rounds=2500, seed=2026,
                                        options={"speed_any_turn": True}, name="kabetopo-4p-speed-any-turn"),
    "kabetopo-4p-king-of-the-mountain": Study("kabetopo-4p", bots="greedy", rounds=2500, seed=2026,
                                              options={"king_of_the_mountain": True},
                                              name="kabetopo-4p-king-of-the-mountain"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--only", nargs="*", default=None, help="study names to run (default: all)")
    args = parser.parse_args()
    ROOT.mkdir(exist_ok=True)
    from distributed import Client

    with local_cluster(args.workers) as cluster, Client(cluster) as client:
        for name, study in STUDIES.items():
            if args.only and name not in args.only:
                continue
            start = time.perf_counter()
            frame = run_study(study, client=client)
            took = time.perf_counter() - start
            save_study(frame, study, ROOT / f"{name}.parquet")
            print(f"{name}: {study.rounds} rounds in {took:.0f} s ({study.rounds / took:.1f} rounds/s)", flush=True)


if __name__ == "__main__":
    main()
