"""Ruling IDs live where the rules are decided.

``grep K-DOOR-2`` must land on the code that decides doors, not only on the code that
words verdicts.  For every game, every ruling ID its engine can emit (in seeded random
play: the rulings of every allowed outcome, every refusal of the ledger with reasons, and
every reason about an action's shape; plus every ID written in the modules that word
verdicts) must be cited in at least one *deciding* module of that game, that is, any
module but the ones that only describe (``explain.py``, ``outcomes.py``, ``status.py``,
...).  Every ID of the project's own (KNB-*, KM-*, D-PLACE-*, ...) must be defined on
``docs/RULINGS.md``.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from kabetopo_nb.dakapo import DakapoState
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kaomi import KaomiState

from helpers import dakapo_universe, kabetopo_universe, kaomi_universe

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "kabetopo_nb"
ID = re.compile(r"\b(?:K|D|M|KM|KNB)-[A-Z]*-?\d+\b")
# modules that word verdicts, outcomes or the state of a game without deciding a rule
DESCRIBERS = {"explain.py", "outcomes.py", "status.py", "status_text.py", "explainer.py", "__init__.py"}


def deciding_sources(game: str) -> str:
    return "\n".join(p.read_text() for p in sorted((PACKAGE / game).glob("*.py")) if p.name not in DESCRIBERS)


def describing_ids(game: str) -> set[str]:
    return {m for p in (PACKAGE / game).glob("*.py") if p.name in DESCRIBERS for m in ID.findall(p.read_text())}


def emitted(make_states, universe) -> set[str]:
    """Every ruling ID in the verdicts of seeded random play."""
    ids: set[str] = set()
    for state in make_states():
        rng = random.Random(7)
        steps = 0
        while not state.is_terminal() and steps < 400:
            for action in universe(state):
                ids.update(state.explain(action).rulings)
            state.apply(rng.choice(list(state.legal_actions)))
            steps += 1
    return ids


def kabetopo_states():
    yield KabetopoState.before_setup("kabetopo-4p")
    yield KabetopoState.new_round("kabetopo-2p", seed=3)
    yield KabetopoState.new_round(Rules.named("kabetopo-mp-v3", mischief=True), seed=5)
    yield KabetopoState.new_round(Rules.named("kabetopo-4p", leap_into_portal=True, king_of_the_mountain=True), seed=4)


def dakapo_states():
    yield DakapoState()
    yield DakapoState(size=4, tabletop=True)


def kaomi_states():
    yield KaomiState.new_game(5)
    yield KaomiState.new_game(6, squared=True, komi=2)


CASES = [("kabetopo", kabetopo_states, kabetopo_universe), ("dakapo", dakapo_states, dakapo_universe),
         ("kaomi", kaomi_states, kaomi_universe)]


@pytest.mark.parametrize("game, states, universe", CASES, ids=[c[0] for c in CASES])
def test_every_emitted_ruling_is_cited_where_it_is_decided(game, states, universe):
    ids = emitted(states, universe) | describing_ids(game)
    assert len(ids) >= 8, sorted(ids)
    source = deciding_sources(game)
    missing = sorted(rid for rid in ids if not re.search(rf"\b{re.escape(rid)}\b", source))
    assert not missing, f"{game}: cited only where verdicts are worded, never where decided: {missing}"


def test_every_ruling_of_our_own_is_defined_on_our_rulings_page():
    # the shared page (K-*, D-1..4, M-*) lives outside this repository; our own IDs must be here
    own = re.compile(r"\b(?:KNB|KM)-\d+\b|\bD-(?:PLACE|END|CLAIM|SIZE)-\d+\b")
    defined = set(own.findall((ROOT / "docs" / "RULINGS.md").read_text()))
    cited = {m for p in PACKAGE.rglob("*.py") for m in own.findall(p.read_text())}
    cited |= {m for p in (PACKAGE / "data" / "scenarios").glob("*.scn") for m in own.findall(p.read_text())}
    assert len(cited) > 10 and not cited - defined, sorted(cited - defined)
