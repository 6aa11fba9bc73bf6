#!/usr/bin/env python3
"""Time to execute every notebook, and each notebook kernel's peak memory (issue 5).

Each notebook runs in a fresh kernel (nbclient, from the notebooks folder, as nbval
does); after its last cell the kernel reports its own peak resident memory
(``resource.getrusage(...).ru_maxrss``).  Prints one line per notebook and the totals.
Targets (from the issue): all notebooks in at most 120 s together; at most 250 MB peak
per kernel.  No assertions: figures only.

Usage: python3 benchmarks/bench_notebooks.py [NAME ...]
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
PEAK = "import os, resource; print('PEAK_KB', os.getpid(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"


def run(path: Path) -> tuple[float, float]:
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(PEAK))
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    peak_kb = int(text.split()[-1])
    return elapsed, peak_kb / 1024


def main(names: list[str]) -> None:
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if names:
        paths = [p for p in paths if p.stem in names]
    total = 0.0
    worst = 0.0
    for path in paths:
        elapsed, peak = run(path)
        total += elapsed
        worst = max(worst, peak)
        print(f"{path.name:45s} {elapsed:6.2f} s  peak {peak:6.1f} MB")
    print(f"all {len(paths)} notebooks: {total:.1f} s (target <= 120 s); highest kernel peak {worst:.1f} MB (target <= 250 MB)")


if __name__ == "__main__":
    main(sys.argv[1:])
