"""Golden playthroughs (OpenSpiel's integration_tests/playthroughs): regenerate and diff.

Each file under ``tests/data/playthroughs`` is one seeded random round: position text,
decision, legal actions by name, chosen action and its ``explain()`` verdict, step by step.
A difference means the rules engine changed behaviour; if the change is intended, run
``python3 scripts/regenerate_golden.py`` and review the diff of the golden files.
"""
import difflib
import re
from pathlib import Path

import pytest

from kabetopo_nb.kabetopo import golden
from kabetopo_nb.kabetopo.rules import RULESETS

PLAYTHROUGH_DIR = Path(__file__).resolve().parents[1] / "data" / "playthroughs"
SPECS = golden.playthrough_specs()


@pytest.mark.parametrize("name, ruleset, options, seed", SPECS, ids=[s[0] for s in SPECS])
def test_playthrough_matches_its_golden_file(name, ruleset, options, seed):
    path = PLAYTHROUGH_DIR / f"{name}.txt"
    assert path.exists(), f"{path.name} is missing: run python3 scripts/regenerate_golden.py"
    expected = path.read_text()
    actual = golden.playthrough(ruleset, options, seed)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", n=1, lineterm="",
        )
        shown = "\n".join(line[:200] for line in list(diff)[:40])
        pytest.fail(f"{path.name} differs from a fresh playthrough (run scripts/regenerate_golden.py "
                    f"if the change is intended):\n{shown}")


def test_every_ruleset_has_a_playthrough():
    covered = set()
    for path in PLAYTHROUGH_DIR.glob("kabetopo-*.txt"):
        m = re.search(r"^# rules: ([\w-]+)", path.read_text(), re.M)
        assert m, f"{path.name} names no ruleset"
        covered.add(m.group(1))
    missing = sorted(set(RULESETS) - covered)
    assert not missing, f"rulesets without a golden playthrough: {missing}"


def test_no_stale_playthrough_files():
    names = {f"{s[0]}.txt" for s in SPECS}
    stale = sorted(p.name for p in PLAYTHROUGH_DIR.glob("kabetopo-*.txt") if p.name not in names)
    assert not stale, f"playthrough files no script writes: {stale}"


def test_playthroughs_are_deterministic_and_small():
    name, ruleset, options, seed = SPECS[0]
    assert golden.playthrough(ruleset, options, seed) == golden.playthrough(ruleset, options, seed)
    for path in PLAYTHROUGH_DIR.glob("kabetopo-*.txt"):
        assert path.stat().st_size < 400_000, path.name


MATCH_SPECS = golden.match_specs()


@pytest.mark.parametrize("name, ruleset, seed", MATCH_SPECS, ids=[s[0] for s in MATCH_SPECS])
def test_match_playthrough_matches_its_golden_file(name, ruleset, seed):
    """One full match per ruleset (issue 3): every round's actions, scores and the scoresheet."""
    path = PLAYTHROUGH_DIR / f"{name}.txt"
    assert path.exists(), f"{path.name} is missing: run python3 scripts/regenerate_golden.py"
    expected = path.read_text()
    actual = golden.match_playthrough(ruleset, seed)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "golden", "now", n=1, lineterm="")
        pytest.fail(f"{path.name} differs from a fresh match (run scripts/regenerate_golden.py if intended):\n"
                    + "\n".join(line[:200] for line in list(diff)[:40]))


def test_every_ruleset_has_a_full_match_playthrough():
    covered = {re.search(r"^# rules: ([\w-]+)", p.read_text(), re.M).group(1)
               for p in PLAYTHROUGH_DIR.glob("match-*.txt")}
    assert covered == set(RULESETS)
    for path in PLAYTHROUGH_DIR.glob("match-*.txt"):
        text = path.read_text()
        rounds = int(re.search(r"rounds: (\d+)", text).group(1))
        assert text.count("\nround ") == rounds and f"{rounds} of {rounds} rounds scored" in text
