"""Check that optimising the engine did not change its behaviour.

    python3 benchmarks/check_same_actions.py            # compare with expected_actions.txt
    python3 benchmarks/check_same_actions.py --record   # (re)write expected_actions.txt

``expected_actions.txt`` pins, for some 5,000 positions, the exact *ordered* list of
legal action names that ``engine.legal_actions`` gave before any optimisation (stored
as a count and a SHA-256 of the names, to keep the file small).  The positions are
stored as text, so the check does not depend on the engine reproducing the same games.

It also pins a digest of every position reached by seeded random playouts (four per
ruleset) through ``KabetopoState.apply``, which validates each action against the
legal actions.

Where the positions come from (all deterministic):

* seeded random play from the seeded setup, every phase (setup rolls, main actions,
  extras, exit choices, bump destinations), under several rulesets and options;
* the same with a policy that keeps resources for longer (many drops to check);
* "crowded" positions: runners put on random squares (leapfrogs, bumps, doors);
* "broken" positions: a random play position with extra pieces thrown onto random
  lines, so that some already break K-INV-1 and the drop checks take their slow path.

Record only with the engine whose behaviour is the reference.  When the rules change on
purpose, record with the new rules but without the optimisation under test, e.g. in a
copy of the tree with that change reverted, then check the optimised tree against it.
"""
from __future__ import annotations

import hashlib
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402
from kabetopo_nb.kabetopo.engine import legal_actions  # noqa: E402
from kabetopo_nb.kabetopo.geometry import LINES, NEIGHBOURS  # noqa: E402
from kabetopo_nb.kabetopo.notation import format_position, parse_position  # noqa: E402
from kabetopo_nb.kabetopo.position import Phase, Piece  # noqa: E402

MAIN, WALL, MONOLITH, PORTAL = Phase.MAIN, Piece.WALL, Piece.MONOLITH, Piece.PORTAL
from kabetopo_nb.kabetopo.rules import Rules  # noqa: E402

EXPECTED = pathlib.Path(__file__).resolve().parent / "expected_actions.txt"

RULESETS = [
    Rules.named("kabetopo-4p"),
    Rules.named("kabetopo-3p"),
    Rules.named("kabetopo-4p", leap_into_portal=True),
    Rules.named("kabetopo-4p", king_of_the_mountain=True, speed_any_turn=True),
    Rules.named("kabetopo-3p", leap_into_portal=True, king_of_the_mountain=True, play_to_last_tadaima=True),
]
# rulesets and options that came later: the 2-player game (two Mountain sites), Mischief
for _name, _options in (("kabetopo-2p", {}), ("kabetopo-mp-v3", {"mischief": True})):
    try:
        RULESETS.append(Rules.named(_name, **_options))
    except ValueError:
        pass


def pick(state: KabetopoState, rng: random.Random, thrifty: bool):
    acts = list(state.legal_actions)
    if thrifty and state.position.phase == MAIN:
        moves = [a for a in acts if a.is_move]
        if moves and rng.random() < 0.8:
            return rng.choice(moves)
    return rng.choice(acts)


def sample_positions() -> list[str]:
    out: list[str] = []
    for r, rules in enumerate(RULESETS):
        for game in range(12):
            seed = 1000 * r + game
            rng = random.Random(seed)
            state = KabetopoState.before_setup(rules)
            thrifty = game % 2 == 1
            every = rng.randint(2, 4)
            n = 0
            while not state.is_terminal() and n < 200:
                # late positions with empty pools are alike: keep fewer of them
                late = not any(sum(state.position.pools[s][:4]) for s in rules.seats)
                if n % every == 0 and (not late or rng.random() < 0.3):
                    out.append(state.to_text())
                state.apply(pick(state, rng, thrifty))
                n += 1
            out.append(state.to_text())
    # broken positions: pieces taken from the pools and thrown onto random lines with no
    # regard for K-INV-1 (piece counts stay right, so the text still parses)
    rng = random.Random(99)
    base = [t for t in out if ";phase=" not in t and "w0m0p0" not in t and _reads_back(t)]
    for _ in range(600):
        pos = parse_position(rng.choice(base))
        empty = [ln for ln in LINES if not pos.lines[ln]]
        for ln in rng.sample(empty, min(len(empty), rng.randint(2, 10))):
            kind = rng.choice((WALL, WALL, MONOLITH, PORTAL))
            slot = {WALL: 0, MONOLITH: 1, PORTAL: 2}[kind]
            holders = [s for s in pos.seats if pos.pools[s][slot]]
            others = [s for s in holders if s != pos.turn]
            if holders:
                pos.pools[rng.choice(others or holders)][slot] -= 1
                pos.set_line(ln, kind)
        out.append(format_position(pos))
    # crowded positions: the runners put on random squares, often next to each other and
    # on the Mountain, for leapfrogs, bumps and doors
    for _ in range(500):
        text = rng.choice(base + out[-600:])
        if not _reads_back(text):
            continue
        pos = parse_position(text)
        squares = rng.sample(range(36), len(pos.seats))
        mountain = pos.rules.geometry.mountains[0]
        if rng.random() < 0.5 and mountain not in squares:
            squares[rng.randrange(len(squares))] = mountain
        if rng.random() < 0.5:  # the mover next to the Mountain
            squares[pos.seats.index(pos.turn)] = rng.choice([n for n in NEIGHBOURS[mountain] if n not in squares])
        for seat, sq in zip(pos.seats, squares, strict=False):
            pos.runners[seat] = sq
        out.append(format_position(pos))
    # dedupe, keeping the order; keep only text that reads back (a made-up position can
    # be structurally wrong, e.g. a runner moved onto a corner it already declared home)
    return [t for t in dict.fromkeys(out) if _reads_back(t)]


def _reads_back(text: str) -> bool:
    try:
        parse_position(text)
    except ValueError:  # NotationError and InvalidPositionError
        return False
    return True


def digest(names: list[str]) -> str:
    return hashlib.sha256("\n".join(names).encode()).hexdigest()[:16]


def names_of(text: str) -> list[str]:
    return [str(a) for a in legal_actions(parse_position(text))]


def playout_digest() -> str:
    """A digest of every position of some seeded random playouts, through ``KabetopoState.apply``."""
    h = hashlib.sha256()
    for seed, rules in enumerate(RULESETS * 4):
        rng = random.Random(seed)
        state = KabetopoState.new_round(rules, seed=seed)
        while not state.is_terminal() and len(state.history) < 400:
            state.apply(pick(state, rng, seed % 2 == 1))
            h.update(state.to_text().encode())
    return h.hexdigest()[:16]


def record() -> None:
    rows = [f"playouts\t{playout_digest()}\t"]
    for text in sample_positions():
        names = names_of(text)
        rows.append(f"{len(names)}\t{digest(names)}\t{text}")
    EXPECTED.write_text("\n".join(rows) + "\n")
    print(f"recorded {len(rows) - 1} positions in {EXPECTED} ({EXPECTED.stat().st_size // 1024} KB)")


def check() -> int:
    bad = 0
    rows = EXPECTED.read_text().splitlines()
    _, want, _ = rows.pop(0).split("\t")
    if playout_digest() != want:
        bad += 1
        print("DIFFERENT: the seeded playouts through KabetopoState.apply reach other positions")
    for row in rows:
        count, want, text = row.split("\t")
        names = names_of(text)
        if len(names) != int(count) or digest(names) != want:
            bad += 1
            if bad <= 5:
                print(f"DIFFERENT: {text}\n  expected {count} actions, got {len(names)}: {names}")
    print(f"{len(rows) - bad}/{len(rows)} positions (and the playouts) give the same ordered legal actions")
    return 1 if bad else 0


if __name__ == "__main__":
    if "--record" in sys.argv[1:]:
        record()
    else:
        sys.exit(check())
