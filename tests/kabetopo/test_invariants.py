"""K-INV-1 against a plain reference, and explain() against legal_actions.

1. ``reference_problems`` below is the obviously correct K-INV-1: a breadth-first search
   over single moves for (a), a count of blocked sides for (b) and (c).  The bitboard
   ``violations`` must agree with it, part by part, on many random positions (random
   pieces, locks and runners, every ruleset's geometry), and the fast ``DropChecker``
   (``blocking_ok`` / ``portal_ok`` / ``lock_ok``) must agree with "place the piece, then
   ask the reference" on every empty line and every free lockable side of them.
2. For positions reached by seeded random play (setup, main, extras, exit and bump
   decisions, rule options), every action of a large universe of candidates gets a verdict
   from ``explain`` that agrees with ``legal_actions``, and an illegal verdict always
   names a ruling (K-... or KNB-...) found by the diagnosis, never by its safety net.
"""
from __future__ import annotations

import random
from collections import deque

import pytest

from kabetopo_nb.kabetopo import KabetopoState, Rules, engine
from kabetopo_nb.kabetopo import position as P
from kabetopo_nb.kabetopo.actions import Action, Kind
from kabetopo_nb.kabetopo.explain import explain
from kabetopo_nb.kabetopo.geometry import LINE_OF, LINES, NEIGHBOURS, NUM_SQUARES, sides_of_line
from kabetopo_nb.kabetopo.invariants import DropChecker, violations
from kabetopo_nb.kabetopo.rules import RULESETS

from helpers import kabetopo_universe

# --- the reference K-INV-1 --------------------------------------------------------------


def reference_reach(pos, start: int) -> set[int]:
    """Every square a runner on ``start`` can reach by moves, ignoring runners and doors (a)."""
    geo = pos.rules.geometry
    exits: dict[int, list[int]] = {}  # portal line -> squares its unlocked sides face
    for line in pos.portals():
        for side in sides_of_line(line):
            if not pos.locks >> side & 1:
                exits.setdefault(line, []).append(side // 4)

    def moves(sq: int):
        for d in range(4):
            nb = NEIGHBOURS[sq][d]
            if nb is None:
                continue
            line = LINE_OF[sq][d]
            if pos.lines[line] == P.Piece.EMPTY or sq in geo.mountains:  # a step; down from a Mountain (K-MTN-2)
                yield nb
            if pos.lines[line] & P.KIND == P.Piece.PORTAL and not pos.locks >> (sq * 4 + d) & 1:
                for other, squares in exits.items():  # a teleport out of any other portal
                    if other != line:
                        yield from squares

    seen = {start}
    todo = deque([start])
    while todo:
        for nb in moves(todo.popleft()):
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen


def reference_blocked(pos, sq: int, *, mountain: bool) -> int:
    """Blocked sides of a square: (b) counts the boundary, (c) does not."""
    count = 0
    for d in range(4):
        line = LINE_OF[sq][d]
        if line is None:
            count += not mountain
            continue
        kind = pos.lines[line] & P.KIND
        if kind in (P.Piece.WALL, P.Piece.MONOLITH) or (kind == P.Piece.PORTAL and pos.locks >> (sq * 4 + d) & 1):
            count += 1
    return count


def reference_problems(pos) -> dict[str, int]:
    """How many runners break (a) and (b), and how many Mountain sites break (c)."""
    geo = pos.rules.geometry
    targets = set(geo.corners) | set(geo.mountains)
    out = {"a": 0, "b": 0, "c": 0}
    for seat in pos.rules.seats:
        sq = pos.runners[seat]
        if sq is None:
            continue
        out["a"] += not targets <= reference_reach(pos, sq)
        out["b"] += reference_blocked(pos, sq, mountain=False) == 4
    for m in geo.mountains:
        out["c"] += reference_blocked(pos, m, mountain=True) > 2
    return out


def reference_ok(pos) -> bool:
    return not any(reference_problems(pos).values())


def bitboard_problems(pos) -> dict[str, int]:
    out = {"a": 0, "b": 0, "c": 0}
    for rid, why in violations(pos):
        assert rid == "K-INV-1"
        out[why[-2]] += 1  # each sentence ends with its part: "(a)", "(b)" or "(c)"
    return out


# --- random positions ----------------------------------------------------------------


def random_position(rng: random.Random):
    rules = rng.choice(list(RULESETS.values()))
    pos = P.Position(rules)
    density = rng.choice((0.1, 0.25, 0.4, 0.6))
    for line in LINES:
        if rng.random() < density:
            pos.set_line(line, rng.choice((P.Piece.WALL, P.Piece.WALL, P.Piece.MONOLITH, P.Piece.PORTAL, P.Piece.PORTAL)))
    for line in LINES:
        if pos.lines[line] & P.KIND in (P.Piece.PORTAL, P.Piece.WALL):
            for side in sides_of_line(line):
                if rng.random() < 0.3:
                    pos.locks |= 1 << side
    corners = rules.geometry.corners
    taken: set[int] = set()
    for seat in rules.seats:
        while True:
            sq = rng.randrange(NUM_SQUARES)
            if sq not in taken or sq in corners:
                break
        taken.add(sq)
        pos.runners[seat] = sq
    return pos


def random_positions(seed: int, n: int) -> list:
    rng = random.Random(seed)
    return [random_position(rng) for _ in range(n)]


@pytest.mark.parametrize("seed", range(4))
def test_bitboard_violations_agree_with_the_reference(seed):
    broken = {"a": 0, "b": 0, "c": 0}
    for pos in random_positions(seed, 1500):
        expected = reference_problems(pos)
        assert bitboard_problems(pos) == expected, pos.__class__.__name__
        for part, n in expected.items():
            broken[part] += bool(n)
    assert all(broken.values()), broken  # each part was seen failing


@pytest.mark.parametrize("seed", range(3))
def test_drop_checker_agrees_with_place_and_check(seed):
    positions = random_positions(100 + seed, 40)
    # and positions from play, where the fast paths are taken most
    rng = random.Random(seed)
    state = KabetopoState.new_round(rng.choice(sorted(RULESETS)), seed=seed)
    while not state.is_terminal() and len(state.history) < 200:
        if len(state.history) % 10 == 0:
            positions.append(state.position.copy())
        state.apply(rng.choice(list(state.legal_actions)))
    checked = 0
    for pos in positions:
        checker = DropChecker(pos)
        for line in LINES:
            if pos.lines[line] == P.Piece.EMPTY:
                for piece in (P.Piece.WALL, P.Piece.MONOLITH, P.Piece.PORTAL):
                    after = pos.copy()
                    after.set_line(line, piece)
                    fast = checker.portal_ok(line) if piece == P.Piece.PORTAL else checker.blocking_ok(line, piece)
                    assert fast == reference_ok(after), (line, piece)
                    checked += 1
            elif pos.lines[line] & P.KIND == P.Piece.PORTAL or pos.is_door(line):
                for side in sides_of_line(line):
                    if not pos.locks >> side & 1:
                        after = pos.copy()
                        after.locks |= 1 << side
                        assert checker.lock_ok(side) == reference_ok(after), side
                        checked += 1
    assert checked > 1000


# --- explain agrees with legal_actions ---------------------------------------------------

def played_positions() -> list:
    """Positions from seeded random play, every decision kind included."""
    games = [("kabetopo-4p", {}, 1), ("kabetopo-3p", {}, 2), ("kabetopo-2p", {}, 3), ("kabetopo-mp-v3", {"mischief": True}, 4),
             ("kabetopo-4p", {"leap_into_portal": True, "king_of_the_mountain": True, "speed_any_turn": True}, 5),
             ("kabetopo-4p", {}, 6)]
    out = []
    for name, options, seed in games:
        rng = random.Random(seed)
        state = KabetopoState.before_setup(Rules.named(name, **options))
        seen = dict.fromkeys(("setup", "main", "extras", "exit", "bump", "over"), 0)
        every = {"setup": 3, "main": 20, "extras": 2, "exit": 6, "bump": 1, "over": 1}
        while True:
            phase = state.position.phase
            if seen[phase] % every[phase] == 0:
                out.append(state.position.copy())
            seen[phase] += 1
            if state.is_terminal():
                break
            state.apply(rng.choice(list(state.legal_actions)))
    return out


POSITIONS = played_positions()


def test_the_played_positions_cover_every_decision_kind():
    phases = {pos.phase for pos in POSITIONS}
    assert {"setup", "main", "extras", "exit", "bump", "over"} <= phases


@pytest.mark.parametrize("chunk", range(4))
def test_explain_agrees_with_legal_actions(chunk):
    for pos in POSITIONS[chunk::4]:
        legal = set(engine.legal_actions(pos))
        why = engine.ledger(pos, why=True)
        candidates = kabetopo_universe(KabetopoState(pos))
        assert legal <= set(candidates), sorted(map(str, legal - set(candidates)))
        for action in candidates:
            verdict = explain(pos, action, why)  # the ledger with reasons, built once per position
            assert verdict.legal == (action in legal), (str(action), str(verdict))
            assert verdict.rulings and all(r.startswith(("K-", "KNB-")) for r in verdict.rulings), (str(action), verdict)
            # every refusal names the broken rule itself, never the "not among the legal actions" net
            assert "is not among the legal actions" not in verdict.reason, (str(action), str(verdict))


def test_explain_of_junk_is_an_illegal_verdict():
    pos = POSITIONS[10]
    for junk in (None, "step c4", 3, Action("fly", 1), Action(Kind.STEP, -1), Action(Kind.STEP, 10**9),
                 Action(Kind.STEP, 1, -1, "yes"), Action(Kind.END, 3), Action(Kind.WALL, 1, 2)):
        verdict = explain(pos, junk)
        assert not verdict.legal and verdict.rulings[0].startswith("K-")
