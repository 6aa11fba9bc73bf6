#!/usr/bin/env python3
"""SVG size and render time of the board for a busy mid-game position (issue 4).

Takes the pinned benchmark position with the most pieces and locks on the board
(benchmarks/positions.txt), and the same position drawn the way the widget draws it
(interactive targets on every square and line, highlights and a path), and prints the
median and p95 render time and the SVG size in bytes (raw and gzipped, since notebooks
store the raw text). No assertions: figures only.

Usage: python3 benchmarks/bench_render.py [--repeat N]
"""
from __future__ import annotations

import argparse
import gzip
import statistics
import time
from pathlib import Path

from kabetopo_nb.kabetopo import parse_position
from kabetopo_nb.render import board_svg

HERE = Path(__file__).resolve().parent


def busiest_position():
    texts = [ln.strip() for ln in (HERE / "positions.txt").read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    positions = [parse_position(t) for t in texts]
    return max(positions, key=lambda p: len(p.pieces()) + len(p.lock_sides()))


def timed(fn, repeat: int) -> list[float]:
    fn()  # warm-up
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return sorted(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=60)
    args = ap.parse_args()
    pos = busiest_position()
    print(f"position: {len(pos.pieces())} pieces on lines, {len(pos.lock_sides())} locks")
    cases = {
        "static (notebook _repr_svg_)": lambda: board_svg(pos),
        "widget (interactive, overlays, style sent once)": lambda: board_svg(
            pos, coordinates=True, interactive=True, embed_style=False,
            highlights={"c5": "move", "d4": "move", "b4": "move"}, path=["f6", "e6", "b2"]),
    }
    for name, fn in cases.items():
        times = timed(fn, args.repeat)
        svg = fn()
        raw = len(svg.encode("utf-8"))
        packed = len(gzip.compress(svg.encode("utf-8")))
        p95 = times[max(0, int(round(0.95 * len(times))) - 1)]
        print(f"{name}: render median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms; "
              f"size {raw / 1024:.1f} KiB ({packed / 1024:.1f} KiB gzipped)")


if __name__ == "__main__":
    main()
