"""Helpers shared by the test files (import them: ``from helpers import assert_legal``; pytest puts
``tests/`` on the import path, see pyproject.toml).

* ``state(text)``: a Kabetopo state from position text;
* ``assert_legal`` / ``assert_illegal``: one action's verdict, both ways: the verdict, the
  legal list, and (for an illegal action) that ``apply`` refuses it and changes nothing;
* ``sq``, ``where``: squares by name, and where a seat's runner stands;
* ``parse``, ``classes``, ``with_class``, ``by_id``: reading a drawing's SVG;
* ``unavailable(reason, what)``: a test that cannot run here skips, and fails under
  ``CI=true`` (nothing silently vanishes from CI);
* ``run_async(coro)``: a coroutine run to its end on a fresh event loop in its own thread
  (the browser tests' Playwright keeps a loop running in the main thread for the session);
* ``kabetopo_universe(state)``, ``dakapo_universe``, ``kaomi_universe``: every candidate
  action of a game, legal or not (each game's ``actions.every_candidate``), for the tests
  that compare ``explain`` with the legal actions.
"""
from __future__ import annotations

import asyncio
import os
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

import pytest

from kabetopo_nb.core.verdict import IllegalActionError
from kabetopo_nb.games import GAMES
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.geometry import parse_square


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


# --- every candidate action of each game (each game's actions.every_candidate) -------------

kabetopo_universe = GAMES["kabetopo"].module("actions").every_candidate
dakapo_universe = GAMES["dakapo"].module("actions").every_candidate
kaomi_universe = GAMES["kaomi"].module("actions").every_candidate


# --- reading a drawing (the SVG renderers' tests) ----------------------------------------

def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    for el in root.iter():  # drop the SVG namespace so tests read plain tag names
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.split("}", 1)[1]
    return root


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in classes(el)]


def by_id(root: ET.Element, suffix: str) -> ET.Element:
    """The element whose id is the drawing's prefix plus ``suffix``."""
    prefix = root.get("id")
    found = [el for el in root.iter() if el.get("id") == f"{prefix}-{suffix}"]
    assert len(found) == 1, f"no single element with id {prefix}-{suffix}"
    return found[0]


def run_async(coro):
    """Run ``coro`` to its end on a new event loop in a thread of its own, and return its
    result: ``asyncio.run`` refuses to start where a loop already runs (Playwright's sync API
    keeps one running in the main thread while the browser tests' session lasts)."""
    with ThreadPoolExecutor(1, thread_name_prefix="run-async") as pool:
        return pool.submit(asyncio.run, coro).result()


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def unavailable(reason: str, what: str = "this test"):
    """Skip, or fail under CI=true: a test that cannot run never silently vanishes from CI."""
    if in_ci():
        pytest.fail(f"{what} cannot run under CI=true: {reason}", pytrace=False)
    pytest.skip(reason)
