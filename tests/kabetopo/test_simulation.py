"""The random-simulation check (OpenSpiel's generic game test) on Kabetopo.

Seeded random rounds are played through ``KabetopoState``; after every action the position
text and (in the first rounds) the save file must round-trip and Kabetopo's invariants must
hold (``kabetopo_nb.kabetopo.consistency``: K-INV-1 after drops, door swings and setup
placements, K-INV-4 conservation, K-MOVE-2); each round is undone to its start and redone.
Rounds still running after ``MAX_ACTIONS`` are cut off (K-SIM-1) and reported, and new seeds
are played until enough rounds have completed.
"""
import pytest

from kabetopo_nb.core.simulation import SimulationFailure, random_simulation
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.consistency import check_state, position_problems
from kabetopo_nb.kabetopo.rules import OPTION_RULINGS, RULESETS

# K-SIM-1 cut-off, far above what a round needs: with KNB-11 every seeded round must end
# (1,200 seeded rounds of four rulesets needed at most 1,637 actions)
MAX_ACTIONS = 4000


def _rounds(rules):
    return lambda seed: KabetopoState.new_round(rules, seed=seed)


def test_two_hundred_complete_four_player_rounds():
    report = random_simulation(
        _rounds("kabetopo-4p"), seed=0, rounds=200, max_actions=MAX_ACTIONS,
        check=check_state, save_every_step_rounds=1, max_rounds=300,
    )
    print(report)
    assert report.completed == 200, report
    assert report.cut_off == 0, report  # KNB-11: no seeded round is left unfinished
    assert report.actions > 200 * 100


def test_three_player_rounds():
    report = random_simulation(
        _rounds("kabetopo-3p"), seed=1000, rounds=20, max_actions=MAX_ACTIONS,
        check=check_state, save_every_step_rounds=1, max_rounds=40,
    )
    print(report)
    assert report.completed == 20 and report.cut_off == 0, report


def _ruleset_with(option):
    """The first ruleset that offers ``option`` (some options belong to some rulesets only)."""
    for name in RULESETS:
        try:
            return Rules.named(name, **{option: True})
        except ValueError:
            continue
    pytest.fail(f"no ruleset offers the option {option}")


@pytest.mark.parametrize("option", sorted(OPTION_RULINGS))
def test_rounds_with_each_rule_option(option):
    report = random_simulation(
        _rounds(_ruleset_with(option)), seed=2000, rounds=3, max_actions=MAX_ACTIONS,
        check=check_state, save_every_step_rounds=0, max_rounds=12,
    )
    assert report.completed == 3 and report.cut_off == 0, report


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_rounds_of_every_ruleset(name):
    report = random_simulation(
        _rounds(name), seed=3000, rounds=2, max_actions=MAX_ACTIONS,
        check=check_state, save_every_step_rounds=0, max_rounds=8,
    )
    assert report.completed == 2 and report.cut_off == 0, report


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_save_round_trip_after_every_action_of_every_ruleset(name):
    # the first 150 actions of a round (setup rolls, first drops and moves), then cut off
    report = random_simulation(
        _rounds(name), seed=4000, rounds=1, max_actions=150,
        check=check_state, save_every_step_rounds=1, max_rounds=1,
    )
    assert report.rounds == 1 and report.save_round_trips >= min(150, report.actions), report


def test_a_cut_off_round_is_reported_not_hidden():
    report = random_simulation(_rounds("kabetopo-4p"), seed=0, rounds=1, max_actions=20, max_rounds=2,
                               save_every_step_rounds=0)
    assert report.completed == 0 and report.cut_off == 2 and report.seeds_cut_off == [0, 1]
    assert report.actions == 40
    assert "2 cut off" in str(report)


def test_a_failing_check_names_the_round_and_the_action():
    def fussy(state, action):
        if len(state.history) > 30:
            raise AssertionError("too long")

    with pytest.raises(SimulationFailure, match=r"round seed 7, action \d+: game check after .*too long"):
        random_simulation(_rounds("kabetopo-4p"), seed=7, rounds=1, check=fussy, save_every_step_rounds=0)


def test_the_checks_catch_a_broken_position():
    pos = KabetopoState.new_round("kabetopo-4p", seed=0).position.copy()
    assert position_problems(pos) == []
    pos.runners[1] = pos.runners[0] = 2 * 6 + 2  # East and South both on c3
    assert any("K-MOVE-2" in p for p in position_problems(pos))
    pos.runners[1] = 5
    pos.pools[0][0] -= 1  # a wall vanishes
    assert any("K-INV-4" in p for p in position_problems(pos))
