"""Click-to-redrawn-board latency, measured inside the page (run by benchmarks/bench_widget_latency.py).

Not a test (the file name keeps it out of the normal run): it times, with
``performance.now()`` in the front end, from each click to the moment the board's DOM
has been redrawn from Python's answer, and prints the figures.  Playwright's own waits
are not in the figure.
"""
from __future__ import annotations

import json
import os
import statistics

CLICKS = int(os.environ.get("KB_LATENCY_CLICKS", "60"))


def _redraws(widget) -> int:
    return int(widget.locator(".kb-widget").get_attribute("data-renders") or 0)


def _click_and_wait(widget, selector: str) -> None:
    before = _redraws(widget)
    widget.locator(selector).first.click()
    widget.page.wait_for_function(
        "([el, n]) => Number(el.dataset.renders || 0) > n",
        arg=[widget.locator(".kb-widget").element_handle(), before],
    )


def _probe(board, cycle: list[str], what: str) -> None:
    for i in range(CLICKS):
        _click_and_wait(board, cycle[i % len(cycle)])
    times = board.locator(".kb-widget").evaluate("el => el.kbLatencies")
    assert len(times) >= CLICKS, f"only {len(times)} timings for {CLICKS} clicks"
    times = sorted(times[:CLICKS])
    p95 = times[max(0, int(round(0.95 * len(times))) - 1)]
    print(f"\n{what}: click-to-redrawn-board latency over {len(times)} clicks (in the page): "
          f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms "
          f"(targets: median <= 50 ms, p95 <= 100 ms)")


PROBE = "globalThis.kbLatencyProbe = true"  # the board keeps timings only where the page asks


def test_click_to_redraw_latency(page, open_notebook):
    page.add_init_script(PROBE)
    nb = open_notebook(page, "board", widgets=1)
    # a mix of what players do: select the runner (highlights), move, undo
    _probe(nb.widget(0), ['.kb-runner[data-target="sq:b1"]', '[data-target="sq:b2"]', 'button[data-button="undo"]'],
           "single board")


def test_match_board_latency(page, open_notebook):
    """The 4-player match board (names, scoresheet, announcements in the panel)."""
    page.add_init_script(PROBE)
    nb = open_notebook(page, "match_board", widgets=2)
    code = ("import json; print(json.dumps(next(str(a).split()[1] for a in board.state.legal_actions "
            "if str(a).startswith('step '))))")
    step = json.loads(nb.run_code(code))
    runner = json.loads(nb.run_code("import json; from kabetopo_nb.kabetopo.geometry import square_name; "
                                    "print(json.dumps(square_name(board.state.position.runners[0])))"))
    _probe(nb.widget(0), [f'.kb-runner[data-target="sq:{runner}"]', f'[data-target="sq:{step}"]',
                          'button[data-button="undo"]'], "4-player match board")
