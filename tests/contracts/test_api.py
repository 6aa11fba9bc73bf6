"""One API test for every game (OpenSpiel's api test, Pgx's ``api_test``).

Seeded random play through ``core.simulation.random_simulation`` (position text and save
files round-trip, every round is undone to its start and redone), and at every decision:

* ``explain(a).legal == (a in legal_actions)``, both ways: every legal action is explained
  as legal, and every other candidate of a universe of actions (every square, line, side,
  colour and kind the game has, not only the plausible ones) as illegal, with a reason;
* every verdict of a Kabetopo action names rulings, and no refusal falls back on the
  "not among the legal actions" net: the generators, or the shape of the action, say why;
* the fast ledger and the one with reasons list the same actions with the same outcomes.

The verdicts all come from one ledger per decision (``core/ledger.py``), so disagreement
is impossible by construction; this test keeps it so.  The number of verdicts checked per
game is printed (``pytest -s tests/contracts/test_api.py``).
"""
from __future__ import annotations

import pytest

from kabetopo_nb.core.simulation import random_simulation
from kabetopo_nb.dakapo import DakapoState
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kaomi import KaomiState

from helpers import dakapo_universe, kabetopo_universe, kaomi_universe

# --- the universes of candidate actions ---------------------------------------------------

# --- the games --------------------------------------------------------------------------

GAMES = {
    # name: (make_state(seed), universe(state), rounds, names rulings always)
    "kabetopo-4p": (lambda seed: KabetopoState.new_round("kabetopo-4p", seed=seed), kabetopo_universe, 2, True),
    "kabetopo-2p": (lambda seed: KabetopoState.new_round("kabetopo-2p", seed=seed), kabetopo_universe, 1, True),
    "kabetopo-mp-v3-mischief": (
        lambda seed: KabetopoState.new_round(Rules.named("kabetopo-mp-v3", mischief=True), seed=seed),
        kabetopo_universe, 1, True),
    "kabetopo-4p-every-movement-option": (
        lambda seed: KabetopoState.new_round(Rules.named(
            "kabetopo-4p", leap_into_portal=True, king_of_the_mountain=True, speed_any_turn=True), seed=seed),
        kabetopo_universe, 1, True),
    "kabetopo-3p-from-the-setup": (lambda seed: KabetopoState.before_setup("kabetopo-3p"), kabetopo_universe, 1, True),
    "dakapo-8": (lambda seed: DakapoState(), dakapo_universe, 3, False),
    "dakapo-6-tabletop": (lambda seed: DakapoState(size=6, tabletop=True), dakapo_universe, 3, False),
    "kaomi-7": (lambda seed: KaomiState.new_game(7), kaomi_universe, 3, False),
    "kaomi-5-squared": (lambda seed: KaomiState.new_game(5, squared=True, komi=2), kaomi_universe, 3, False),
}

CHECKED: dict[str, int] = {}


def agreement(name: str, universe, names_rulings: bool):
    def check(state, action) -> None:
        legal = list(state.legal_actions)
        fast, why = state.ledger(why=False), state.ledger(why=True)
        assert why.actions == fast.actions and why.outcomes == fast.outcomes, "the two ledgers disagree"
        for candidate in legal + [a for a in universe(state) if a not in set(legal)]:
            verdict = state.explain(candidate)
            assert verdict.legal == (candidate in legal), (str(candidate), str(verdict), state.to_text())
            assert verdict.reason, (str(candidate), "a verdict without a sentence")
            if names_rulings:
                assert verdict.rulings, (str(candidate), str(verdict))
                assert "is not among the legal actions" not in verdict.reason, (str(candidate), str(verdict))
            CHECKED[name] = CHECKED.get(name, 0) + 1
    return check


@pytest.mark.parametrize("name", sorted(GAMES))
def test_explain_agrees_with_the_legal_actions_at_every_decision(name):
    make, universe, rounds, names_rulings = GAMES[name]
    # long Kabetopo rounds are cut off after 250 actions (K-SIM-1): the first 250 decisions
    # of a round already hold every kind (setup, drops, moves, exits, bumps, extras)
    report = random_simulation(make, seed=11, rounds=rounds, max_actions=250, max_rounds=rounds,
                               check=agreement(name, universe, names_rulings), save_every_step_rounds=1)
    print(f"{name}: {CHECKED[name]:,} verdicts agreed with the legal actions ({report})")
    assert report.rounds == rounds and CHECKED[name] > 1000


def test_every_game_has_an_api_test():
    games = {name.split("-")[0] for name in GAMES}
    assert games == {"kabetopo", "dakapo", "kaomi"}
