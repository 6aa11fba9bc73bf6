#!/usr/bin/env python3
"""The JupyterLite site's figures (issue 13): size, start-up, clicks, engine speed in Pyodide.

Builds the site if its inputs changed (scripts/build_lite.py), serves it on 127.0.0.1 and
opens the start notebook in Chromium with every other host blocked
(tests/browser/lite_probe.py), then prints:

* the site's size;
* the time from opening the notebook (Run All pressed at once) to the kernel being ready,
  and to the first board drawn (target: within 15 s);
* click-to-redrawn-board latency measured inside the page over 60 clicks, median and p95
  (target: median at most 100 ms);
* ``legal_actions`` on benchmarks/positions.txt, median per call, in Pyodide and in this
  CPython, with the same timing code, in the same run.

No assertions on time: targets are printed beside the figures.

Usage: python3 benchmarks/bench_lite.py [--clicks N]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cpython_legal_actions_us() -> float:
    from tests.browser.lite_probe import TIMING_CODE, positions  # the code Pyodide runs too

    namespace: dict = {}
    exec(TIMING_CODE, namespace)
    return namespace["median_legal_actions_us"](positions())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=60)
    args = ap.parse_args()
    env = dict(os.environ, KB_LATENCY_CLICKS=str(max(30, args.clicks)))
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-p", "no:nbval",
                          "-o", "addopts=", "tests/browser/lite_probe.py"], cwd=ROOT, env=env, capture_output=True, text=True)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("LITE-FIGURES ")), None)
    if out.returncode != 0 or line is None:
        print(out.stdout[-4000:] + out.stderr[-2000:])
        return out.returncode or 1
    f = json.loads(line.removeprefix("LITE-FIGURES "))
    cpython = cpython_legal_actions_us()
    print(f"JupyterLite site: {f['site_mb']} MB; requests to other hosts while running: {f['offsite_requests']}")
    print(f"start notebook, Run All at once: kernel ready after {f['kernel_ready_s']} s, "
          f"first board drawn after {f['first_board_s']} s (target <= 15 s)")
    print(f"after a reload of the page: kernel ready after {f['reload_kernel_ready_s']} s, "
          f"first board drawn after {f['reload_first_board_s']} s")
    print(f"click-to-redrawn-board over {f['clicks']} clicks, in the page: median {f['click_median_ms']} ms "
          f"(target <= 100 ms), p95 {f['click_p95_ms']} ms")
    print(f"legal_actions median per call: Pyodide {f['legal_actions_pyodide_us']} us, "
          f"CPython {cpython} us ({f['legal_actions_pyodide_us'] / cpython:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
