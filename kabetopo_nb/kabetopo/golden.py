"""Kabetopo's golden files (OpenSpiel's playthroughs, python-chess's perft), made afresh.

* *Playthroughs*: one seeded random round per file, from before the 2x2 Field Setup, each
  step listing the position text, the decision, the legal actions by name, the chosen
  action and ``explain()`` of it; long rounds are cut after ``PLAYTHROUGH_ACTIONS``.
* *Match playthroughs*: one whole seeded match per ruleset, its scoring and scoresheet.
* *Perft*: pinned positions and the number of legal action sequences of each length (a
  chance decision counts each d12 roll as one action).

``golden_files()`` gives every file's text by its path under ``tests/data``;
``scripts/regenerate_golden.py`` writes them and the tests diff them.  Everything is
deterministic: seeded ``random.Random``, no clocks.
"""
from __future__ import annotations

import random

from ..core.playthrough import playthrough_lines
from ..core.verdict import DataFileError
from . import engine
from .actions import Kind
from .game import KabetopoState
from .match import Match
from .notation import format_position, format_rules, parse_position
from .rules import RULESETS, Rules, seat_name
from .scoring import describe

PLAYTHROUGH_ACTIONS = 300
PERFT_FILE = "perft/kabetopo.perft"
PATTERNS = ("playthroughs/kabetopo-*.txt", "playthroughs/match-*.txt", "perft/kabetopo.perft")


# --- playthroughs ------------------------------------------------------------------------

def playthrough_specs() -> list[tuple[str, str, dict, int]]:
    """(file name, ruleset, options, seed) of every playthrough: three 4-player rounds,
    one round of every other ruleset, and one with two rule options on."""
    specs: list[tuple[str, str, dict, int]] = [(f"kabetopo-4p-seed{s}", "kabetopo-4p", {}, s) for s in (1, 2, 3)]
    for name in RULESETS:
        if name != "kabetopo-4p":
            specs.append((f"{name}-seed1", name, {}, 1))
    specs.append((
        "kabetopo-4p-king-of-the-mountain-leap-into-portal-seed4", "kabetopo-4p",
        {"king_of_the_mountain": True, "leap_into_portal": True}, 4,
    ))
    return specs


def playthrough(ruleset: str, options: dict, seed: int, max_actions: int = PLAYTHROUGH_ACTIONS) -> str:
    """The text of one seeded random round, from before the setup rolls."""
    rules = Rules.named(ruleset, **options)
    state = KabetopoState.before_setup(rules)
    rng = random.Random(seed)
    lines = [
        "# Kabetopo playthrough: a seeded random round, written by scripts/regenerate_golden.py",
        f"# rules: {format_rules(rules)}",
        f"# seed: {seed}",
        f"# cut after {max_actions} actions",
        "",
    ]
    lines += playthrough_lines(
        state, lambda step, legal: rng.choice(legal), max_actions=max_actions,
        cut_message=f"cut off after {max_actions} actions (K-SIM-1)",
    )
    return "\n".join(lines) + "\n"


def playthrough_files() -> dict[str, str]:
    return {
        f"playthroughs/{name}.txt": playthrough(ruleset, options, seed)
        for name, ruleset, options, seed in playthrough_specs()
    }


# --- whole matches ----------------------------------------------------------------------

MATCH_MOVE_BIAS = 0.9  # a seeded random player that mostly moves, so rounds finish
MATCH_ROUND_CAP = 1500  # actions per round before a seed is given up (K-SIM-1)


def match_specs() -> list[tuple[str, str, int]]:
    """(file name, ruleset, first seed) of the one full match per ruleset."""
    return [(f"match-{name}", name, 1) for name in RULESETS]


def _play_match(ruleset: str, seed: int):
    """A complete match from the first seed at or after ``seed`` whose rounds all finish."""
    for s in range(seed, seed + 50):
        rules = Rules.named(ruleset)
        match = Match(rules, ["Ann", "Ben", "Cat", "Dan"][:rules.players], seed=s)
        rng = random.Random(s)
        complete = True
        while not match.is_over() and complete:
            scored = len(match.scores)
            for _ in range(MATCH_ROUND_CAP):
                actions = list(match.state.legal_actions)
                moves = [a for a in actions if a.is_move]
                match.apply(rng.choice(moves) if moves and rng.random() < MATCH_MOVE_BIAS else rng.choice(actions))
                if len(match.scores) > scored:
                    break
            else:
                complete = False
        if complete:
            return match, s
    raise RuntimeError(f"no complete {ruleset} match within 50 seeds")


def match_playthrough(ruleset: str, seed: int) -> str:
    """A whole seeded match: each round's actions, its scoring events, the scoresheet, the ranking."""
    match, used = _play_match(ruleset, seed)
    lines = [
        "# Kabetopo match playthrough: a seeded random match, written by scripts/regenerate_golden.py",
        f"# rules: {format_rules(match.rules)}",
        f"# seed: {used} (the first complete match from seed {seed}; policy: {MATCH_MOVE_BIAS:.0%} moves)",
        f"# players: {', '.join(match.players)}; rounds: {match.rounds}",
        "",
    ]
    for r, state in enumerate(match.states):
        seats = ", ".join(f"{p}={seat_name(match.seat_of(p, r))}" for p in match.players)
        lines.append(f"round {r + 1} (player=seat: {seats})")
        lines.append(f"start: {format_position(state.initial_position)}")
        for i, action in enumerate(state.history):
            lines.append(f"  {i + 1:4d} {action}")
        lines.append(f"end: {format_position(state.position)}")
        lines += [f"  score (by runner): {event}" for event in describe(match.scores[r])]
        lines.append("")
    lines.append(match.scoresheet())
    return "\n".join(lines) + "\n"


def match_files() -> dict[str, str]:
    return {f"playthroughs/{name}.txt": match_playthrough(ruleset, seed)
            for name, ruleset, seed in match_specs()}


# --- perft -----------------------------------------------------------------------------

def perft(pos, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``pos`` (python-chess style)."""
    led = engine.ledger(pos)
    if depth == 1:
        return len(led.actions)
    total = 0
    for action, outcome in zip(led.actions, led.outcomes, strict=False):
        child = pos.copy()
        engine.play(child, action, outcome)
        total += perft(child, depth - 1)
    return total


def _find(ruleset: str, seed: int, want, *, options: dict | None = None, limit: int = 3000) -> tuple[int, str]:
    """(seed, position text) of the first position where ``want`` holds, in seeded random
    rounds played from ``seed`` upward."""
    rules = Rules.named(ruleset, **(options or {}))
    for s in range(seed, seed + 200):
        state = KabetopoState.new_round(rules, seed=s)
        rng = random.Random(s)
        for _ in range(limit):
            if want(state):
                return s, format_position(state.position)
            if state.is_terminal():
                break
            state.apply(rng.choice(list(state.legal_actions)))
    raise RuntimeError(f"no wanted position in {ruleset} from seed {seed}")


def _phase(name):
    return lambda s: s.position.phase == name


def _has(kind):
    return lambda s: any(a.kind == kind for a in s.legal_actions)


def _in_main(s) -> bool:
    return s.position.phase == "main"


# (id, ruleset, options, first seed, wanted position, deepest depth)
FOUND = [
    ("midgame-4p", "kabetopo-4p", {}, 1,
     lambda s: _in_main(s) and len(s.position.pieces()) >= 14 and sum(s.position.pools[s.position.turn][:4]) >= 2, 3),
    ("locks-4p", "kabetopo-4p", {}, 2, lambda s: bin(s.position.locks).count("1") >= 2 and _in_main(s), 3),
    ("door-4p", "kabetopo-4p", {}, 3, _has(Kind.DOOR), 4),
    ("extras-4p", "kabetopo-4p", {}, 1, _phase("extras"), 4),
    ("extras-lock-behind-4p", "kabetopo-4p", {}, 5, lambda s: s.position.phase == "extras" and _has(Kind.LOCK)(s), 3),
    ("exit-4p", "kabetopo-4p", {}, 1, _phase("exit"), 4),
    ("bump-4p", "kabetopo-4p", {}, 6, _phase("bump"), 4),
    ("bump-exit-4p", "kabetopo-4p", {}, 6, lambda s: s.position.phase == "exit" and s.position.pending.mode == "bumped", 4),
    ("empty-pools-4p", "kabetopo-4p", {}, 1,
     lambda s: _in_main(s) and not any(sum(s.position.pools[x][:4]) for x in s.rules.seats), 4),
    ("leap-into-portal-koth", "kabetopo-4p", {"leap_into_portal": True, "king_of_the_mountain": True}, 4,
     lambda s: len(s.history) >= 150 and _in_main(s), 4),
]


def perft_positions() -> list[tuple[str, str, int]]:
    """(id, position text, deepest depth) of every pinned perft position."""
    out = [
        ("start-4p-seed1", format_position(KabetopoState.new_round("kabetopo-4p", seed=1).position), 3),
        ("start-3p-seed2", format_position(KabetopoState.new_round("kabetopo-3p", seed=2).position), 3),
        ("before-setup-4p", format_position(KabetopoState.before_setup("kabetopo-4p").position), 4),
    ]
    for ident, ruleset, options, seed, want, depth in FOUND:
        found_seed, text = _find(ruleset, seed, want, options=options)
        out.append((f"{ident}-seed{found_seed}", text, depth))
    return out


def perft_file() -> str:
    lines = [
        "# Kabetopo perft: legal action sequences of each length from pinned positions.",
        "# Written by scripts/regenerate_golden.py; checked by tests/kabetopo/test_perft.py.",
        "# A chance decision counts each d12 roll as one action.",
    ]
    for ident, text, depth in perft_positions():
        pos = parse_position(text)
        lines += ["", f"id {ident}", f"position {text}"]
        for d in range(1, depth + 1):
            lines.append(f"perft {d} {perft(pos, d)}")
    return "\n".join(lines) + "\n"


def read_perft(text: str) -> list[tuple[str, str, list[tuple[int, int]]]]:
    """Parse a perft file into (id, position text, [(depth, count), ...])."""
    out: list[tuple[str, str, list[tuple[int, int]]]] = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            out.append((value, "", []))
        elif key == "position":
            out[-1] = (out[-1][0], value, out[-1][2])
        elif key == "perft":
            depth, count = value.split()
            out[-1][2].append((int(depth), int(count)))
        else:
            raise DataFileError(f"unknown perft line {line!r}")
    return out


def golden_files() -> dict[str, str]:
    """Every Kabetopo golden file: path under ``tests/data`` -> text."""
    files = playthrough_files()
    files.update(match_files())
    files[PERFT_FILE] = perft_file()
    return files
