"""Shortest paths (K-ROUND-3): teleports count one move; runners and doors are ignored.

The last tests hold ``paths.search`` (the one search behind ``distances``, ``moves_to``
and ``shortest_path``) to a plain breadth-first search over single moves on random boards:
the same distances, and with ``parents`` the very path the plain search finds (N, E, S, W
from each square, a step before a teleport), so the teaching diagrams keep their routes.
"""
from __future__ import annotations

import random
from collections import deque

import pytest

from kabetopo_nb.kabetopo import KabetopoState, parse_square
from kabetopo_nb.kabetopo import position as P
from kabetopo_nb.kabetopo.geometry import LINE_OF, LINES, NEIGHBOURS, NUM_SQUARES, sides_of_line
from kabetopo_nb.kabetopo.paths import distances, moves_to, search, shortest_path
from kabetopo_nb.kabetopo.rules import RULESETS


def test_open_board_distance_is_manhattan():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6")
    assert s.moves_to("f6", ["c4"]) == 5
    assert s.moves_to("a1", ["f6"]) == 10
    assert s.moves_home("East") == 5  # needs a stone: the Mountain first


def test_runners_are_ignored_and_walls_are_not():
    s = KabetopoState.from_text("runners=Ef6,Se6,Wf5,Na6")
    assert s.moves_to("f6", ["e5"]) == 2
    walled = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=We6e,We5e,We4e,We3e,We2e")
    assert walled.moves_to("f6", ["e6"]) == 11  # all the way round through f1-e1


def test_a_teleport_counts_as_one_move():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n")
    # e6 touches the portal e5n; b2 and b1 (the sides of b1n) are one teleport away
    assert s.moves_to("e6", ["b2"]) == 1
    assert s.moves_to("e6", ["a1"]) == 2  # teleport out on b1, step to a1
    path = s.shortest_path("e6", ["a1"])
    assert [p for p in path] == [parse_square(x) for x in ("e6", "b1", "a1")]


def test_a_locked_side_is_no_way_in_or_out():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n;locks=e6s")
    # e6 cannot use the portal and cannot cross it on foot: it walks round to e5
    assert s.moves_to("e6", ["b2"]) == 4  # d6, d5, e5 on foot, then the unlocked side
    assert s.moves_to("e5", ["b2"]) == 1  # the other side still works


def test_stepping_down_from_the_mountain_ignores_walls():
    s = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Wc4n,Wc4e")
    assert s.moves_to("c4", ["c5"]) == 1
    assert s.moves_to("c5", ["c4"]) == 3  # going up needs an open line: round by b5-b4


def test_moves_home_after_the_stone_targets_other_corners():
    s = KabetopoState.from_text("runners=Ec4+1,Sf1,Wa1,Na6;stones=3;order=E")
    assert s.moves_home("East") == min(
        s.moves_to("c4", [c]) for c in ("a6", "f1", "a1")
    )


# --- the one search against a plain breadth-first search -----------------------------------


def reference_search(pos, start: int, targets: set[int]) -> tuple[dict[int, int], list[int] | None]:
    """(distance of every square reached, the path to the first target met): single moves,
    square by square, N, E, S, W from each, a step before the teleports through that side."""
    mountains = pos.rules.geometry.mountains
    exits = {ln: [sd >> 2 for sd in sides_of_line(ln) if not pos.locks >> sd & 1] for ln in pos.portals()}

    def moves(sq: int):
        for d in range(4):
            nb = NEIGHBOURS[sq][d]
            if nb is None:
                continue
            line = LINE_OF[sq][d]
            if pos.lines[line] == P.Piece.EMPTY or sq in mountains:  # a step; down from a Mountain (K-MTN-2)
                yield nb
            if line in exits and not pos.locks >> (sq * 4 + d) & 1:  # in by this side, out of another portal
                for other, squares in exits.items():
                    if other != line:
                        yield from squares

    dist, parent = {start: 0}, {start: None}
    todo = deque([start])
    found = None
    while todo:
        sq = todo.popleft()
        if sq in targets and found is None:
            found = sq
        for nb in moves(sq):
            if nb not in dist:
                dist[nb], parent[nb] = dist[sq] + 1, sq
                todo.append(nb)
    if found is None:
        return dist, None
    path = [found]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return dist, path[::-1]


def random_board(rng: random.Random):
    pos = P.Position(rng.choice(list(RULESETS.values())))
    density = rng.choice((0.1, 0.25, 0.4))
    for line in LINES:
        if rng.random() < density:
            pos.set_line(line, rng.choice((P.Piece.WALL, P.Piece.MONOLITH, P.Piece.PORTAL, P.Piece.PORTAL)))
    for line in pos.portals():
        for side in sides_of_line(line):
            if rng.random() < 0.25:
                pos.locks |= 1 << side
    return pos


@pytest.mark.parametrize("seed", range(3))
def test_search_agrees_with_a_plain_breadth_first_search(seed):
    rng = random.Random(seed)
    teleported = 0
    for _ in range(150):
        pos = random_board(rng)
        for start in range(NUM_SQUARES):
            targets = {sq for sq in range(NUM_SQUARES) if rng.random() < 0.08}
            dist, path = reference_search(pos, start, targets)
            assert distances(pos, start) == [dist.get(sq) for sq in range(NUM_SQUARES)]
            best = min((dist[t] for t in targets if t in dist), default=None)
            assert moves_to(pos, start, targets) == best
            assert shortest_path(pos, start, targets) == path
            fast, slow = search(pos, start, sum(1 << t for t in targets)), search(
                pos, start, sum(1 << t for t in targets), parents=True)
            assert fast.levels == slow.levels and fast.moves == slow.moves == best
            teleported += path is not None and any(abs(a - b) not in (1, 6) for a, b in zip(path, path[1:], strict=False))
    assert teleported  # some paths went through portals
