#!/usr/bin/env python3
"""Time from a kernel restart to the resumed match board (issue 11).

Two figures, printed, no assertions on time:

* in JupyterLab/Chromium: the kernel restarted mid-round through JupyterLab's REST API,
  the notebook run again, and the board back at its saved position (the real-browser
  test ``tests/browser/test_match_board.py::test_a_kernel_restart_mid_round_resumes_the_same_position``
  prints it; run ``--runs`` times);
* in this Python, the part that is the board's own: making a ``MatchBoard`` that resumes
  an autosaved match (reading the file and replaying every action), for a match saved in
  its last round with bots having played everything before.

Usage: python3 benchmarks/bench_resume.py [--runs N] [--no-browser]
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TEST = "tests/browser/test_match_board.py::test_a_kernel_restart_mid_round_resumes_the_same_position"


def in_the_browser(runs: int) -> None:
    figures = []
    for _ in range(runs):
        cmd = [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", TEST]
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        found = re.search(r"restart-to-resumed: ([\d.]+) s", out.stdout)
        if out.returncode != 0 or not found:
            print(out.stdout[-3000:] + out.stderr[-1500:])
            return
        figures.append(float(found.group(1)))
    print(f"kernel restart -> resumed match board in JupyterLab/Chromium over {len(figures)} run(s): "
          f"median {statistics.median(figures):.2f} s, min {min(figures):.2f} s, max {max(figures):.2f} s "
          "(restart through the REST API, run all cells, board at the saved position)")


def in_python(repeats: int = 5) -> None:
    from kabetopo_nb import MatchBoard

    players = ["Ann", "Ben", "Cat", "Dan"]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "match.json")
        board = MatchBoard("kabetopo-4p", players, seed=7, autosave=path, bots={p: "greedy" for p in players},
                           bot_pause=0)
        while board.match.round_index < 3:
            board.play_bots()
            board.press("next-round")
        for _ in range(20):  # a few actions into the last round
            if board.controller.bot_due():
                board.controller.play_bot()
        board.refresh()
        actions = sum(len(s.history) for s in board.match.states)
        size = os.path.getsize(path)
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            again = MatchBoard("kabetopo-4p", players, seed=7, autosave=path, bots={p: "greedy" for p in players},
                               bot_pause=0)
            times.append(time.perf_counter() - t0)
            assert again.position == board.position
            board = again
    print(f"resuming a MatchBoard from its autosave ({actions} actions over 4 rounds, {size:,} bytes), "
          f"in Python: median {statistics.median(times) * 1000:.0f} ms over {repeats} runs")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    in_python()
    if not args.no_browser:
        in_the_browser(max(1, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
