"""Benchmark of the Kabetopo engine; prints its figures (no assertions: targets live here).

    python3 benchmarks/bench_engine.py            # about 20-30 s
    python3 benchmarks/bench_engine.py --quick    # fewer repeats, a few seconds
    python3 benchmarks/bench_engine.py --against 924e79f   # also time that commit's engine

Figures (one core, ``time.perf_counter``, warm-up before every measurement):

1. Legal-action enumeration, ``kabetopo_nb.kabetopo.engine.legal_actions`` (every
   candidate drop checked against K-INV-1), on the pinned mid-game 4-player positions
   of ``positions.txt``: per position the median over repeats of a batch's time per
   call; over the positions the median, p95 and max.
2. The yardstick: python-chess's ``list(board.legal_moves)`` on Kiwipete, and the
   ratio kabetopo-median / kiwipete.
3. Random playouts: decisions applied per second through ``KabetopoState.apply``
   (which enumerates the legal actions to validate each one; the random choice reads
   the same cached list, so there is one enumeration per decision).

4. With ``--against REF``: the same enumeration timed on the engine of another commit
   (extracted with ``git archive`` into a temporary folder), alternating the two trees in
   separate processes, so both medians and their ratio come from one run.

Targets (CPython 3.11): median <= 300 us, p95 <= 1 ms, ratio <= 8, playouts >= 3,000
decisions/s; an engine change keeps the median within 10% of the commit before it.
"""
from __future__ import annotations

import json
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402
from kabetopo_nb.kabetopo.engine import legal_actions  # noqa: E402
from kabetopo_nb.kabetopo.notation import parse_position  # noqa: E402
from kabetopo_nb.kabetopo.position import Phase  # noqa: E402

POSITIONS = pathlib.Path(__file__).resolve().parent / "positions.txt"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
TARGETS = {"median": 300e-6, "p95": 1e-3, "ratio": 8.0, "playouts": 3000.0}


def load_positions() -> list[str]:
    lines = POSITIONS.read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def time_per_call(fn, repeats: int, min_batch_time: float = 0.002) -> float:
    """Median over ``repeats`` batches of the time per call of ``fn()``; batches last >= min_batch_time."""
    for _ in range(3):  # warm-up
        fn()
    n = 1
    while True:  # batch size: long enough for the clock
        t = time.perf_counter()
        for _ in range(n):
            fn()
        if time.perf_counter() - t >= min_batch_time:
            break
        n *= 2
    samples = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        samples.append((time.perf_counter() - t) / n)
    return statistics.median(samples)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile by linear interpolation between closest ranks."""
    s = sorted(values)
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def bench_enumeration(repeats: int) -> list[float]:
    times = []
    for text in load_positions():
        pos = parse_position(text)
        times.append(time_per_call(lambda pos=pos: legal_actions(pos), repeats))
    return times


def bench_kiwipete(repeats: int) -> float | None:
    try:
        import chess
    except ImportError:
        return None
    board = chess.Board(KIWIPETE)
    assert len(list(board.legal_moves)) == 48
    return time_per_call(lambda: list(board.legal_moves), repeats)


def bench_playouts(seconds: float, developing: bool) -> tuple[float, int, int]:
    """Decisions per second of seeded random playouts (``developing``: prefer moves, keep resources)."""
    decisions = games = 0
    elapsed = 0.0
    seed = 0
    while elapsed < seconds:
        rng = random.Random(seed)
        state = KabetopoState.new_round("kabetopo-4p", seed=seed)
        seed += 1
        t = time.perf_counter()
        n = 0
        while not state.is_terminal() and n < 1000:
            acts = list(state.legal_actions)
            if developing and state.position.phase == Phase.MAIN:
                moves = [a for a in acts if a.is_move]
                if moves and rng.random() < 0.8:
                    acts = moves
            state.apply(rng.choice(acts))
            n += 1
        elapsed += time.perf_counter() - t
        decisions += n
        games += 1
    return decisions / elapsed, decisions, games


ROOT = pathlib.Path(__file__).resolve().parent.parent
# Run in a child process with another tree first on sys.path: the per-position medians of
# legal-action enumeration, as JSON.  Both engines have engine.legal_actions and
# notation.parse_position, and the positions file is this tree's.
_CHILD = """
import json, sys, time, statistics
sys.path.insert(0, sys.argv[1])
from kabetopo_nb.kabetopo.engine import legal_actions
from kabetopo_nb.kabetopo.notation import parse_position
out = []
for text in json.loads(sys.argv[2]):
    pos = parse_position(text)
    for _ in range(3):
        legal_actions(pos)
    samples = []
    for _ in range(int(sys.argv[3])):
        t = time.perf_counter()
        for _ in range(50):
            legal_actions(pos)
        samples.append((time.perf_counter() - t) / 50)
    out.append(statistics.median(samples))
print(json.dumps(out))
"""


def bench_against(ref: str, repeats: int) -> None:
    """Median enumeration time of this tree and of commit ``ref``, alternating, in one run."""
    texts = json.dumps(load_positions())
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", ref, "kabetopo_nb"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        best: dict[str, list[float]] = {}
        for _ in range(3):  # alternate, keep each position's best median
            for label, tree in (("this tree", str(ROOT)), (ref, tmp)):
                out = subprocess.run([sys.executable, "-c", _CHILD, tree, texts, str(repeats)],
                                     capture_output=True, text=True, check=True).stdout
                times = json.loads(out)
                best[label] = [min(a, b) for a, b in zip(best[label], times, strict=False)] if label in best else times
    now, then = statistics.median(best["this tree"]), statistics.median(best[ref])
    print(f"\nlegal_actions, this tree against {ref} (one run, alternating, best of 3 per position):")
    print(f"  this tree median {us(now)}")
    print(f"  {ref:9} median {us(then)}")
    print(f"  ratio this / {ref}: {now / then:5.2f}   (target <= 1.10)")


def us(seconds: float) -> str:
    return f"{seconds * 1e6:8.1f} us"


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    repeats = 5 if quick else 25
    play_seconds = 1.0 if quick else 4.0
    started = time.perf_counter()
    print(f"Python {sys.version.split()[0]}; {'quick run' if quick else 'full run'}")

    times = bench_enumeration(repeats)
    med, p95, worst = statistics.median(times), percentile(times, 0.95), max(times)
    print(f"\nlegal_actions on {len(times)} pinned mid-game 4-player positions ({POSITIONS.name}):")
    print(f"  median {us(med)}   (target <= {us(TARGETS['median']).strip()})")
    print(f"  p95    {us(p95)}   (target <= {us(TARGETS['p95']).strip()})")
    print(f"  max    {us(worst)}")
    print(f"  min    {us(min(times))}")

    kiwi = bench_kiwipete(repeats)
    if kiwi is None:
        print("\npython-chess is not installed: no Kiwipete yardstick")
    else:
        print(f"\npython-chess list(board.legal_moves), Kiwipete (48 moves): {us(kiwi)}")
        print(f"  ratio kabetopo-median / kiwipete: {med / kiwi:6.2f}   (target <= {TARGETS['ratio']:g})")

    for developing, label in ((False, "uniform random policy"), (True, "'developing' policy: 80% moves")):
        rate, decisions, games = bench_playouts(play_seconds, developing)
        print(f"\nrandom playouts ({label}): {rate:8.0f} decisions/s"
              f"   (target >= {TARGETS['playouts']:.0f}; {decisions} decisions in {games} rounds)")
    if "--against" in sys.argv[1:]:
        bench_against(sys.argv[sys.argv.index("--against") + 1], 5 if quick else 15)
    print(f"\n(benchmark took {time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
