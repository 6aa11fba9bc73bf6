#!/usr/bin/env python3
"""Click-to-redrawn-board latency of the widget in a real browser (issue 4).

Starts JupyterLab and Chromium through the browser-test fixtures (tests/browser), clicks
the board at least 50 times (select the runner, move, undo, in turn) and prints the
median and p95 of the time measured inside the page, from the click to the redrawn
board.  Targets: median at most 50 ms, p95 at most 100 ms.  No assertions on time.

Usage: python3 benchmarks/bench_widget_latency.py [--clicks N]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=60)
    args = ap.parse_args()
    env = dict(os.environ, KB_LATENCY_CLICKS=str(max(50, args.clicks)))
    cmd = [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
           "tests/browser/latency_probe.py"]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    lines = [ln for ln in out.stdout.splitlines() if "latency" in ln or "passed" in ln or "failed" in ln]
    print("\n".join(lines) if out.returncode == 0 else out.stdout[-4000:] + out.stderr[-2000:])
    return out.returncode


if __name__ == "__main__":
    sys.exit(main())
