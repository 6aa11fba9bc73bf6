"""The processes the room's bots think in (docs/ROOM.md, "Bots"), made the same way by every
host (``extension.py``, ``standalone.py``, ``hub.py``): ``bot_executor(workers, niceness)``.

* **Spawned**, not forked: a forked copy of a running server (its threads, its sockets) is
  unsafe.
* **Below the server's priority** (``niceness``, 10 by default): a thinking bot uses a whole
  CPU for as long as it may; at the server's priority it competes with the event loop that
  answers every participant, and on a two-CPU laptop that put the 95th percentile of an
  action's way to every client at 108-600 ms; at niceness 10 it was 13-28 ms, while the bots
  played as many moves (benchmarks/bench_room.py).
* **Gone with the server**: a worker whose server died (SIGKILL, a crash: no chance to shut
  the pool down) would wait on its pipe forever, each holding a hundred MiB; a thread in every
  worker checks once a second that the process which started it is still its parent, and ends
  the worker when it is not.
"""
from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
import time

NICENESS = 10  # how much lower than the server's the bots' priority is
WATCH_SECONDS = 1.0  # how often a worker checks that its server is alive


def _watch_parent(parent: int, every: float) -> None:
    while True:
        time.sleep(every)
        if os.getppid() != parent:  # the server is gone: this worker was handed to init
            os._exit(0)


def start_worker(parent: int, niceness: int, every: float = WATCH_SECONDS) -> None:
    """Each worker's initializer: lower its priority, and watch its server."""
    if niceness > 0 and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:  # not allowed here: think at the server's priority
            pass
    threading.Thread(target=_watch_parent, args=(parent, every), name="kabetopo-room-watch", daemon=True).start()


def bot_executor(workers: int, niceness: int = NICENESS) -> concurrent.futures.ProcessPoolExecutor:
    """The room's bots' process pool (see the module doc)."""
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=max(1, workers), mp_context=multiprocessing.get_context("spawn"),
        initializer=start_worker, initargs=(os.getpid(), max(0, niceness)))


__all__ = ["NICENESS", "bot_executor", "start_worker"]
