"""Helpers shared by the test files (import them: ``from conftest import assert_legal``).

* ``state(text)``: a Kabetopo state from position text;
* ``assert_legal`` / ``assert_illegal``: one action's verdict, both ways: the verdict, the
  legal list, and (for an illegal action) that ``apply`` refuses it and changes nothing;
* ``sq``, ``where``: squares by name, and where a seat's runner stands;
* ``kabetopo_universe(state)``, ``dakapo_universe``, ``kaomi_universe``: every candidate
  action of a game, legal or not, for the tests that compare ``explain`` with the legal
  actions.
"""
from __future__ import annotations

import pytest

from kabetopo_nb.core.verdict import IllegalActionError
from kabetopo_nb.dakapo.actions import CLAIM as DK_CLAIM
from kabetopo_nb.dakapo.actions import PASS as DK_PASS
from kabetopo_nb.dakapo.actions import PLACE as DK_PLACE
from kabetopo_nb.dakapo.actions import Action as DakapoAction
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import KINDS, Action, Kind
from kabetopo_nb.kabetopo.geometry import LINE_OF, LINES, NUM_SQUARES, parse_square, sides_of_line
from kabetopo_nb.kaomi.actions import PLACE as KM_PLACE
from kabetopo_nb.kaomi.actions import SWAP_ACTION
from kabetopo_nb.kaomi.actions import Action as KaomiAction


def state(text: str) -> KabetopoState:
    return KabetopoState.from_text(text)


def sq(name: str) -> int:
    return parse_square(name)


def where(s: KabetopoState, seat: str) -> int:
    """The square of ``seat``'s runner (a seat letter, E S W N)."""
    return s.position.runners["ESWN".index(seat)]


def assert_legal(s, action: str, *rulings: str, words: str | None = None):
    """``action`` is legal, listed, and its verdict cites each of ``rulings`` (and says ``words``)."""
    verdict = s.explain(action)
    assert verdict.legal, f"{action!r} should be legal: {verdict}"
    assert action in s.legal_actions, f"{action!r} is not listed: {s.legal_actions}"
    for ruling in rulings:
        assert ruling in verdict.rulings, f"{action!r}: {verdict} does not cite {ruling}"
    if words is not None:
        assert words in verdict.reason, f"{action!r}: {verdict.reason!r} does not say {words!r}"
    return verdict


def assert_illegal(s, action: str, ruling: str, words: str | None = None):
    """Refused for ``ruling`` (saying ``words``), not listed, and ``apply`` changes nothing."""
    verdict = s.explain(action)
    assert not verdict.legal, f"{action!r} should be illegal ({ruling})"
    assert ruling in verdict.rulings, f"{action!r}: expected {ruling}, got {verdict}"
    if words is not None:
        assert words in verdict.reason, f"{action!r}: {verdict.reason!r} does not say {words!r}"
    assert action not in s.legal_actions
    before, history = s.to_text(), s.history
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    assert ruling in err.value.verdict.rulings
    assert s.to_text() == before and s.history == history
    return verdict


# --- every candidate Kabetopo action -----------------------------------------------------

ALL_SIDES = [side for line in LINES for side in sides_of_line(line)]
_MOVES = [Action(Kind.STEP, sq) for sq in range(NUM_SQUARES)] + [Action(Kind.LEAP, sq) for sq in range(NUM_SQUARES)]
_MOVES += [Action(Kind.TELEPORT, side) for side in ALL_SIDES] + [Action(Kind.LEAP_PORTAL, side) for side in ALL_SIDES]
KABETOPO_FIXED = (
    _MOVES
    + [a._replace(speed=True) for a in _MOVES]
    + [Action(kind, side) for kind in (Kind.EXIT, Kind.BUMP_THROUGH, Kind.LOCK, Kind.UNLOCK) for side in ALL_SIDES]
    + [Action(Kind.BUMP, sq) for sq in range(NUM_SQUARES)]
    + [Action(kind, line) for kind in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL) for line in LINES]
    + [Action(Kind.END), Action(Kind.PASS), Action(Kind.STOP), Action(Kind.WALL, LINES[0], -1, True)]
    + [Action(Kind.ROLL, n) for n in range(1, 13)]
)
assert {a.kind for a in KABETOPO_FIXED} | {Kind.DOOR} == set(KINDS)


def kabetopo_universe(state) -> list:
    """Every candidate: the fixed list plus door swings from the mover's four sides onto any side."""
    out = list(KABETOPO_FIXED)
    pos = state.position
    sq = pos.runners[pos.turn]
    for d in range(4):
        if LINE_OF[sq][d] is not None:
            for side in ALL_SIDES:
                out.append(Action(Kind.DOOR, sq * 4 + d, side))
                out.append(Action(Kind.DOOR, sq * 4 + d, side, True))
    return out


def dakapo_universe(state) -> list:
    n = state.position.size
    return ([DakapoAction(DK_PLACE, c, f, r) for c in range(4) for f in range(n) for r in range(n)]
            + [DakapoAction(DK_CLAIM), DakapoAction(DK_PASS)])


def kaomi_universe(state) -> list:
    n = state.position.rules.size
    return [KaomiAction(KM_PLACE, f, r) for f in range(n) for r in range(n)] + [SWAP_ACTION]
