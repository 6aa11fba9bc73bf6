"""Loading save files: time, peak memory, and history memory per action (no assertions).

    python3 benchmarks/bench_saves.py

Prints, for the two saves of issue 10 (built here, not stored):

* a legal Kabetopo save of 20,000 actions: the runners step back and forth (~0.2 MB);
  target: loads in under 2 s and under 50 MB;
* a forged 1.6 MB save: every runner shut in on four sides, then 200,000 ``pass``;
  target: refused in under 1 s;
* the memory the history takes per action, in a state of 20,000 actions.

Time is the median of 3 loads; peak memory is measured by ``tracemalloc`` in a separate
load (tracing slows Python down, so it is not timed).
"""
from __future__ import annotations

import json
import pathlib
import statistics
import sys
import time
import tracemalloc

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from kabetopo_nb.core.verdict import SaveFormatError  # noqa: E402
from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402
from kabetopo_nb.kabetopo.geometry import square_name  # noqa: E402

# every runner walled into its corner (K-INV-1 forbids it): all anyone can do is pass
SHUT_IN = ("lines=Wa1n,Wa1e,Wf1n,We1e,We6e,Wf5n,Wa5n,Wa6e;runners=Ef6,Sf1,Wa1,Na6;"
           "pools=E:w1m1p1l1s1,S:w1m1p1l1s1,W:w1m1p1l1s1,N:w1m1p1l1s1;turn=E")


def back_and_forth(actions: int) -> KabetopoState:
    """A legal round: each runner steps away and back, turn after turn."""
    state = KabetopoState.new_round("kabetopo-4p", seed=1)
    came_from: dict[int, int] = {}
    while state.ply < actions:
        legal = state.legal_actions.names()
        if state.decision.kind == "main action":
            seat = state.position.turn
            back = came_from.get(seat)
            step = f"step {square_name(back)}" if back is not None else None
            came_from[seat] = state.position.runners[seat]
            state.apply(step if step in legal else next(a for a in legal if a.startswith("step")))
        else:
            state.apply("end")
    return state


def forged_shut_in() -> str:
    data = {"format": "kabetopo-nb-save", "version": 1, "game": "kabetopo", "start": SHUT_IN,
            "actions": ["pass"] * 200_000}
    return json.dumps(data)


def timed(fn) -> float:
    times = []
    for _ in range(3):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def peak_mb(fn) -> float:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def refuse(text: str) -> None:
    try:
        KabetopoState.load(text)
    except SaveFormatError:
        return
    raise SystemExit("the forged save loaded!")


def main() -> None:
    legal = back_and_forth(20_000).save_json()
    print(f"legal save, 20,000 actions ({len(legal) / 1e6:.2f} MB): "
          f"loads in {timed(lambda: KabetopoState.load(legal)):.2f} s, "
          f"peak {peak_mb(lambda: KabetopoState.load(legal)):.1f} MB   (targets: 2 s, 50 MB)")
    forged = forged_shut_in()
    print(f"forged save, shut in + 200,000 pass ({len(forged) / 1e6:.2f} MB): "
          f"refused in {timed(lambda: refuse(forged)):.3f} s, "
          f"peak {peak_mb(lambda: refuse(forged)):.1f} MB   (target: 1 s)")
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    state = back_and_forth(20_000)
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    print(f"history memory: {held / state.ply:.0f} bytes per action ({state.ply:,} actions, {held / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
