#!/usr/bin/env python3
"""A long round on the autosaving match board: what opening it and each action cost (issue 12).

    python3 benchmarks/bench_long_round.py [--actions 20000 49000] [--repeat 100]

For each length, a saved 2-player round (``kabetopo-2p``, seed 1) is built of that many
actions: after the setup rolls the two runners step back and forth (``step f5``, ``end``,
``step a2``, ``end``, ``step f6``, ``end``, ``step a1``, ``end``, over and over: legal for
ever, and the round never ends).  It is written as the board's autosave file, and then:

* **open**: ``MatchBoard(..., autosave=PATH)`` resuming it (reading the file, replaying and
  checking every action, drawing the board);
* **per action, controller**: ``controller.apply(action)`` for ``--repeat`` further actions
  of the loop: the action, its announcements and the autosave (a journal line, see
  ``kabetopo_nb/play/autosave.py``), without drawing: the median, and the slowest;
* **per action, with the view**: ``board.apply(action)``: the same and the board's view
  (the panel, the drawing, the synced traits), the median;
* **rewrite**: one rewrite of the whole save (what the journal's compaction costs, once per
  ``actions / COMPACT_RATIO`` actions), and that cost spread over those actions.

No assertions: the figures are printed (README and docs/SAVE-FORMAT.md quote them).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from kabetopo_nb import MatchBoard  # noqa: E402
from kabetopo_nb.kabetopo.match import Match  # noqa: E402

RULES, PLAYERS, SEED = "kabetopo-2p", ["Ann", "Ben"], 1
LOOP = ["step f5", "end", "step a2", "end", "step f6", "end", "step a1", "end"]  # seed 1's runners, back and forth


def saved_round(actions: int) -> tuple[str, int]:
    """The save of a round of ``actions`` actions (setup rolls included), and its rolls."""
    match = Match(RULES, PLAYERS, seed=SEED, auto_next=False)
    rolls = [str(a) for a in match.state.history]
    data = match.save()
    data["history"] = [rolls + [LOOP[i % len(LOOP)] for i in range(actions - len(rolls))]]
    return json.dumps(data, indent=1), len(rolls)


def next_action(state, rolls: int) -> str:
    return LOOP[(state.ply - rolls) % len(LOOP)]


def bench(actions: int, repeat: int) -> None:
    text, rolls = saved_round(actions)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "match.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        t0 = time.perf_counter()
        board = MatchBoard(RULES, PLAYERS, seed=SEED, autosave=path, bot_pause=0)
        opened = time.perf_counter() - t0
        assert board.state.ply == actions, (board.state.ply, board._panel.get("message"))
        controller = board.controller
        plain = []
        for _ in range(repeat):
            action = next_action(controller.state, rolls)
            t = time.perf_counter()
            reply = controller.apply(action)
            plain.append(time.perf_counter() - t)
            assert reply["ok"], reply
        board.refresh()
        viewed = []
        for _ in range(repeat):
            action = next_action(controller.state, rolls)
            t = time.perf_counter()
            reply = board.apply(action)
            viewed.append(time.perf_counter() - t)
            assert reply["ok"], reply
        store = controller.autosave
        journal_path = getattr(store, "journal", None)  # (a release before the journal has none)
        journal = journal_path.stat().st_size if journal_path is not None and journal_path.exists() else 0
        problem = getattr(store, "problem", "")
        rewrite = None
        if hasattr(store, "_write_full"):  # the journal's compaction: one rewrite of the whole save
            t = time.perf_counter()
            store._write_full(controller.match)
            rewrite = time.perf_counter() - t
        size = os.path.getsize(path)
    print(f"{actions:,} actions ({size:,} bytes saved):")
    print(f"  open (MatchBoard resuming the autosave):           {opened:7.2f} s")
    print(f"  per action, controller (apply + autosave):         median {statistics.median(plain) * 1e3:7.2f} ms, "
          f"slowest {max(plain) * 1e3:7.2f} ms  ({repeat} actions)")
    print(f"  per action, with the board's view (board.apply):   median {statistics.median(viewed) * 1e3:7.2f} ms, "
          f"slowest {max(viewed) * 1e3:7.2f} ms  ({repeat} actions)")
    if rewrite is not None:
        from kabetopo_nb.play.autosave import COMPACT_RATIO

        print(f"  journal after {2 * repeat} actions: {journal:,} bytes; one rewrite of the whole save: "
              f"{rewrite * 1e3:.1f} ms, once per {actions // COMPACT_RATIO:,} actions "
              f"({rewrite / (actions // COMPACT_RATIO) * 1e3:.3f} ms an action)")
    if problem:
        print(f"  (the board said: {problem})")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, nargs="+", default=[20_000, 49_000])
    ap.add_argument("--repeat", type=int, default=100)
    args = ap.parse_args()
    for actions in args.actions:
        bench(actions, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
