"""The bots' processes (``kabetopo_nb.room.workers``): below the server's priority, and gone
when the server dies without shutting its pool down (SIGKILL), each case against a real
process pool."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from kabetopo_nb.room.workers import NICENESS, bot_executor

REPO = Path(__file__).resolve().parents[2]


def _niceness() -> int:
    return os.nice(0)


def _pid() -> int:
    return os.getpid()


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state != "Z"  # a zombie has ended (its parent has not read its status yet)


def test_a_bot_worker_thinks_below_the_servers_priority():
    base = os.nice(0)
    with bot_executor(1) as pool:
        assert pool.submit(_niceness).result(timeout=60) == min(19, base + NICENESS)
    with bot_executor(1, niceness=0) as pool:  # a host may choose the server's own priority
        assert pool.submit(_niceness).result(timeout=60) == base


def test_the_workers_of_a_killed_server_end_by_themselves(tmp_path):
    script = textwrap.dedent("""
        import os, sys, time
        from kabetopo_nb.room.workers import bot_executor

        def pid():
            return os.getpid()

        if __name__ == "__main__":
            pool = bot_executor(2)
            pids = {pool.submit(pid).result(timeout=60) for _ in range(8)}
            print(" ".join(map(str, sorted(pids))), flush=True)
            time.sleep(600)
    """)
    (tmp_path / "server.py").write_text(script)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    server = subprocess.Popen([sys.executable, str(tmp_path / "server.py")], stdout=subprocess.PIPE, text=True,
                              env=env, cwd=tmp_path)
    try:
        line = server.stdout.readline() if server.stdout else ""
        workers = [int(p) for p in line.split()]
        assert workers and all(alive(p) for p in workers), line
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(p) for p in workers):
            time.sleep(0.2)
        assert not any(alive(p) for p in workers), f"workers left behind: {[p for p in workers if alive(p)]}"
    finally:
        if server.poll() is None:
            server.kill()
        for pid in workers if "workers" in locals() else []:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
