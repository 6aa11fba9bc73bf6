"""Make the pinned mid-game positions of the legal-action benchmark (``positions.txt``).

    python3 benchmarks/make_positions.py            # rewrites benchmarks/positions.txt

Deterministic: each position comes from one seeded 4-player round (the seeded 2x2
Field Setup, then seeded play).  Pure random play empties the pools in a few turns,
so the policy here is "a player who is still developing": on a main action it moves
most of the time, drops a resource now and then (walls a bit more often when the wall
makes a door), and always spends an open bonus.  After a few turns per player the
position is kept only if it is demanding, which is what a mid-game looks like:

* at least three players still hold resources (so drops are enumerated and checked),
* at least four pieces dropped by players and at least one lock on the board,
* runners spread out (at most one still on its start corner), nobody home yet,
* the decision is a main action.

The benchmark (``bench_engine.py``) reads the pinned file, never this script, so the
figures stay comparable; rerun this only on purpose.
"""
from __future__ import annotations

import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402
from kabetopo_nb.kabetopo.actions import DROP_KINDS, Kind  # noqa: E402
from kabetopo_nb.kabetopo.position import SETUP, Phase  # noqa: E402
from kabetopo_nb.kabetopo.rules import START_SQUARE  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent / "positions.txt"
WANTED = 24
WITH_DOOR = 6  # at least this many of them have a door on the board


def makes_door(state: KabetopoState, action) -> bool:
    """Would this wall drop leave a door on the board?"""
    pos = state.position.copy()
    pos.set_line(action.a, 1)
    return any(pos.is_door(ln) for ln in range(len(pos.lines)) if pos.lines[ln])


def choose(state: KabetopoState, rng: random.Random):
    acts = list(state.legal_actions)
    pos = state.position
    if pos.phase != Phase.MAIN:
        real = [a for a in acts if a.kind != "end"]  # spend open bonuses
        return rng.choice(real or acts)
    moves = [a for a in acts if a.is_move]
    drops = [a for a in acts if a.kind in DROP_KINDS or a.kind == Kind.LOCK]
    if drops and (not moves or rng.random() < 0.3):
        doors = [a for a in drops if a.kind == Kind.WALL and makes_door(state, a)]
        if doors and rng.random() < 0.5:
            return rng.choice(doors)
        return rng.choice(drops)
    return rng.choice(moves or acts)


def demanding(state: KabetopoState) -> bool:
    pos = state.position
    if pos.phase != Phase.MAIN or pos.homes:
        return False
    holding = sum(1 for s in pos.seats if sum(pos.pools[s][:4]) >= 2)
    dropped = sum(1 for piece in pos.lines if piece and not piece & SETUP)
    at_start = sum(1 for s in pos.seats if pos.runners[s] == START_SQUARE[s])
    return holding >= 3 and dropped >= 4 and pos.locks and at_start <= 1


def has_door(state: KabetopoState) -> bool:
    pos = state.position
    return any(pos.is_door(ln) for ln in range(len(pos.lines)) if pos.lines[ln])


def make(seed: int) -> tuple[str, KabetopoState] | None:
    rng = random.Random(seed)
    state = KabetopoState.new_round("kabetopo-4p", seed=seed)
    turns = rng.randint(12, 27)  # three to six turns per player
    while state.position.turns_played < turns:
        if state.is_terminal():
            return None
        state.apply(choose(state, rng))
    if not demanding(state):
        return None
    return f"# seed {seed}: setup seed {seed}, then {turns} turns of seeded 'developing' play", state


def main() -> None:
    with_door, without_door = [], []
    seed = 0
    while len(with_door) + len(without_door) < WANTED or len(with_door) < WITH_DOOR:
        made = make(seed)
        seed += 1
        if made is None:
            continue
        if has_door(made[1]):
            with_door.append(made)
        elif len(without_door) < WANTED - WITH_DOOR:
            without_door.append(made)
    chosen = with_door[:WITH_DOOR] + without_door[: WANTED - WITH_DOOR]
    chosen += with_door[WITH_DOOR : WITH_DOOR + WANTED - len(chosen)]
    lines = ["# Pinned mid-game 4-player positions for benchmarks/bench_engine.py.",
             "# Made by benchmarks/make_positions.py (deterministic); one comment line, then the position.",
             ""]
    for comment, state in chosen:
        door = " (door on the board)" if has_door(state) else ""
        lines += [comment + door, state.to_text()]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(chosen)} positions to {OUT} (seeds tried: {seed})")


if __name__ == "__main__":
    main()
