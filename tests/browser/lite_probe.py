"""Figures of the JupyterLite site in Chromium, offline (run by benchmarks/bench_lite.py).

Not a test (the file name keeps it out of the normal run).  It opens the start notebook
in the built site with every other host blocked, presses Run All at once (JupyterLab
queues the cells until the kernel is up), and times from opening the page to the kernel
being ready and to the first board drawn; then it clicks the board (select the runner,
step, undo, in turn) and reads the click-to-redrawn-board times measured inside the page;
finally it times ``legal_actions`` on the benchmark positions in Pyodide with the same
code as in CPython.  Prints one JSON line, ``LITE-FIGURES {...}``.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import time

from .conftest import KERNEL_START, REPO, LabNotebook
from .test_board import python

CLICKS = int(os.environ.get("KB_LATENCY_CLICKS", "60"))

# The same timing code runs in CPython (benchmarks/bench_lite.py) and in Pyodide.
TIMING_CODE = """
import statistics, time
from kabetopo_nb.kabetopo.engine import legal_actions
from kabetopo_nb.kabetopo.notation import parse_position

def median_legal_actions_us(texts, repeats=15):
    per_position = []
    for text in texts:
        pos = parse_position(text)
        for _ in range(3):
            legal_actions(pos)
        samples = []
        for _ in range(repeats):
            t = time.perf_counter()
            for _ in range(5):
                legal_actions(pos)
            samples.append((time.perf_counter() - t) / 5)
        per_position.append(statistics.median(samples))
    return round(statistics.median(per_position) * 1e6, 1)
"""


def positions() -> list[str]:
    lines = (REPO / "benchmarks" / "positions.txt").read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def run_all_timed(page, name: str, t0: float) -> tuple[LabNotebook, float, float]:
    """Run all of the notebook the page shows; the seconds since ``t0`` until its kernel
    answered and until its first board was drawn."""
    nb = LabNotebook(page, name)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    nb._wait(lambda s: s["cells"] > 0, "the notebook", 60)
    nb.activate()
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu:visible .lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    nb._wait(lambda s: s["kernel"] in ("idle", "busy"), "the kernel", KERNEL_START)
    ready = time.perf_counter() - t0
    page.locator(".kb-widget svg").first.wait_for(state="visible", timeout=KERNEL_START * 1000)
    return nb, ready, time.perf_counter() - t0


def test_lite_figures(lite_page, lite_site):
    page = lite_page
    name = "00-start-here.ipynb"
    t0 = time.perf_counter()
    page.add_init_script("globalThis.kbLatencyProbe = true")  # the board keeps timings only where asked
    page.goto(lite_site.notebook_url(name))
    nb, kernel_ready, first_board = run_all_timed(page, name, t0)
    nb.wait_until_run(KERNEL_START, 2)

    board = nb.widget(1)  # the tour's KabetopoBoard (widget 0 is the guided game)
    runner = python(nb, "__import__('kabetopo_nb.kabetopo.geometry', fromlist=['x']).square_name("
                        "board.controller.state.position.runners[board.controller.state.position.turn])")
    step = python(nb, "[str(a).split()[-1] for a in board.controller.state.legal_actions if str(a).startswith('step')][0]")
    cycle = [f'.kb-runner[data-target="sq:{runner}"]', f'[data-target="sq:{step}"]', 'button[data-button="undo"]']
    widget = board.locator(".kb-widget")
    start = len(widget.evaluate("el => el.kbLatencies || []"))
    for i in range(CLICKS):
        before = int(widget.get_attribute("data-renders") or 0)
        board.locator(cycle[i % len(cycle)]).first.click()
        page.wait_for_function("([el, n]) => Number(el.dataset.renders || 0) > n", arg=[widget.element_handle(), before])
    times = sorted(widget.evaluate("el => el.kbLatencies")[start:start + CLICKS])
    p95 = times[max(0, int(round(0.95 * len(times))) - 1)]

    nb.run_code(TIMING_CODE, timeout=60)
    texts = json.dumps(positions())
    pyodide_us = float(nb.run_code(f"print(median_legal_actions_us({texts}))", timeout=300))
    # a reload of the page (issue 24 item 16): the browser has the site cached, the kernel starts again
    t1 = time.perf_counter()
    page.reload()
    nb, reload_ready, reload_board = run_all_timed(page, name, t1)
    figures = {
        "reload_kernel_ready_s": round(reload_ready, 1),
        "reload_first_board_s": round(reload_board, 1),
        "site_mb": round(json.loads((lite_site.folder / "kabetopo-lite.json").read_text())["size_bytes"] / 1e6, 1),
        "kernel_ready_s": round(kernel_ready, 1),
        "first_board_s": round(first_board, 1),
        "clicks": len(times),
        "click_median_ms": round(statistics.median(times), 1),
        "click_p95_ms": round(p95, 1),
        "legal_actions_pyodide_us": pyodide_us,
        "offsite_requests": len(page.offsite),
    }
    print("\nLITE-FIGURES " + json.dumps(figures))
