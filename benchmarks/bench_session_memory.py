#!/usr/bin/env python3
"""A two-hour workshop session in a real kernel: memory and live widgets, round by round (issue 11).

The hot-seat pattern: every round, the teacher runs the same "board for this round" cell
again (``board = KabetopoBoard(...)`` then ``board``, so IPython's ``Out`` keeps each board
shown), and the round is played on it, every action through the board's controller
(seeded: the greedy bot of ``kabetopo_nb.bots``, which plays a random legal action
with probability ``--wander`` and otherwise heads for its goal).

Two kernels play the same session, the cells sent as JupyterLab sends them (with the cell's
id, which is how a board knows it replaces the one the cell made before):

* ``before``: the old behaviour, simulated by switching off the replacement of a cell's
  earlier boards (``kabetopo_nb.widget._replace_boards_of_this_cell``): every board stays
  registered with ipywidgets, with its game;
* ``after``: the board as it is: the board a cell made before is closed and its game released.

After each round it prints the kernel's memory (tracemalloc's current Python allocations
since the session began, and the process's resident set size) and the live widgets
(registered with ipywidgets; boards among them; board objects still holding a game).
Figures only, no assertions (the test is ``tests/board/test_widget.py``).

Usage: python3 benchmarks/bench_session_memory.py [--rounds 20] [--seed 2024] [--wander 0.2]
"""
from __future__ import annotations

import argparse
import json
import textwrap

from jupyter_client.manager import start_new_kernel

SETUP = """
import gc, json, random, tracemalloc
from ipywidgets.widgets import widget as _ipywidgets
import kabetopo_nb.widget
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.widget import BoardWidget
if {old!r}:
    kabetopo_nb.widget._replace_boards_of_this_cell = lambda board: None  # the old behaviour
tracemalloc.start()
"""

BOARD_CELL = """
board = KabetopoBoard(KabetopoState.new_round(seed={seed}))
board
"""

PLAY_CELL = """
rng = random.Random({seed})
state = board.controller.state
while not state.is_terminal():
    reply = board.controller.apply(GreedyBot({wander}).choose(state, rng))
    assert reply["ok"], reply
board.refresh()
"""

MEASURE_CELL = """
gc.collect()
def _rss_mb():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
print(json.dumps({
    "actions": len(board.history),
    "traced_mb": tracemalloc.get_traced_memory()[0] / 2**20,
    "rss_mb": _rss_mb(),
    "widgets": len(_ipywidgets._instances),
    "boards": sum(isinstance(w, BoardWidget) for w in _ipywidgets._instances.values()),
    "with_game": sum(1 for o in gc.get_objects() if isinstance(o, BoardWidget) and not o.closed),
}))
"""


def run_cell(kc, code: str, cell_id: str, timeout: float = 600) -> str:
    """Run CODE as JupyterLab runs a cell (its id in the request's metadata); its stdout."""
    content = {"code": textwrap.dedent(code), "silent": False, "store_history": True,
               "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}
    msg = kc.session.msg("execute_request", content, metadata={"cellId": cell_id})
    kc.shell_channel.send(msg)
    out = []
    while True:
        reply = kc.get_iopub_msg(timeout=timeout)
        if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        kind, body = reply["msg_type"], reply["content"]
        if kind == "stream" and body["name"] == "stdout":
            out.append(body["text"])
        elif kind == "error":
            raise RuntimeError("\n".join(body["traceback"]))
        elif kind == "status" and body["execution_state"] == "idle":
            return "".join(out)


def session(old: bool, rounds: int, seed: int, wander: float) -> list[dict]:
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        run_cell(kc, SETUP.format(old=old), "setup")
        rows = []
        for r in range(rounds):
            run_cell(kc, BOARD_CELL.format(seed=seed + r), "board-for-this-round")
            run_cell(kc, PLAY_CELL.format(seed=seed + r, wander=wander), "play")
            rows.append(json.loads(run_cell(kc, MEASURE_CELL, "measure")))
        return rows
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--wander", type=float, default=0.2)
    args = ap.parse_args()
    results = {}
    for label, old in (("before", True), ("after", False)):
        rows = results[label] = session(old, args.rounds, args.seed, args.wander)
        print(f"\n{label}: {'old pattern, no board closed' if old else 'replaced boards closed'}")
        print("round  actions  traced MB  RSS MB  widgets  boards  with a game")
        for r, row in enumerate(rows, 1):
            print(f"{r:5d}  {row['actions']:7d}  {row['traced_mb']:9.2f}  {row['rss_mb']:6.1f}"
                  f"  {row['widgets']:7d}  {row['boards']:6d}  {row['with_game']:11d}")
    print("\nper round after the first (mean growth):")
    for label, rows in results.items():
        n = max(1, len(rows) - 1)
        traced = (rows[-1]["traced_mb"] - rows[0]["traced_mb"]) / n
        rss = (rows[-1]["rss_mb"] - rows[0]["rss_mb"]) / n
        print(f"  {label:6s}: traced {traced:+.3f} MB/round, RSS {rss:+.2f} MB/round; "
              f"after {len(rows)} rounds {rows[-1]['boards']} board(s) registered, "
              f"{rows[-1]['widgets']} widget(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
