"""Every rule example in kabetopo_nb/data/scenarios/*.scn agrees with the engine.

The scenario files are shared with the notebooks; this test only loads them, so any new
``*.scn`` file is checked as soon as it is added.
"""
import re

import pytest

from kabetopo_nb.kabetopo.scenarios import (
    SCENARIO_DIR,
    ScenarioError,
    all_scenarios,
    load_scenarios,
    parse_scenarios,
)

ALL = all_scenarios()
CASES = [pytest.param(sc, id=f"{stem}:{sc.name}") for stem, scs in ALL.items() for sc in scs]
RULING_ID = re.compile(r"^(K|D|M)-[A-Z]+-\d+$|^KNB-\d+$")


def test_scenario_files_exist_and_are_not_empty():
    assert ALL, f"no *.scn files in {SCENARIO_DIR}"
    for stem, scenarios in ALL.items():
        assert scenarios, f"{stem}.scn holds no scenario"


@pytest.mark.parametrize("scenario", CASES)
def test_scenario_agrees_with_the_engine(scenario):
    assert scenario.check() == []


@pytest.mark.parametrize("scenario", CASES)
def test_scenario_names_its_rulings_and_checks_something(scenario):
    assert scenario.rulings, f"{scenario.source}: {scenario.name} names no ruling"
    for rid in scenario.rulings:
        assert RULING_ID.match(rid), f"{scenario.source}: {rid!r} is not a ruling ID"
    for _, rid in scenario.illegal + scenario.after_illegal:
        assert RULING_ID.match(rid), f"{scenario.source}: {rid!r} is not a ruling ID"
    checks = (scenario.legal, scenario.illegal, scenario.after_legal, scenario.after_illegal)
    assert any(checks) or scenario.expect is not None or scenario.count is not None, (
        f"{scenario.source}: {scenario.name} asserts nothing"
    )


BAD = {
    "missing position": "name: a\nrulings: K-MOVE-1\nlegal: step c5\n",
    "unknown key": "name: a\nposition: turn=E\nbogus: 1\n",
    "illegal without ruling": "name: a\nposition: turn=E\nillegal: step c5\n",
    "repeated name": "name: a\nposition: turn=E\n\nname: a\nposition: turn=E\n",
    "count not a number": "name: a\nposition: turn=E\ncount: many\n",
    "line without colon": "name: a\nposition turn=E\n",
    "key given twice": "name: a\nname: b\nposition: turn=E\n",
}


@pytest.mark.parametrize("text", BAD.values(), ids=BAD.keys())
def test_malformed_scenario_text_is_rejected(text):
    with pytest.raises(ScenarioError):
        parse_scenarios(text, "bad.scn")


def test_malformed_scenario_file_is_rejected(tmp_path):
    path = tmp_path / "broken.scn"
    path.write_text("name: x\nrulings: K-MOVE-1\nillegal: step d4\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="broken.scn"):
        load_scenarios(path)


def test_a_well_formed_scenario_parses_and_a_wrong_one_fails_its_check():
    text = (
        "name: good\nrulings: K-MOVE-1\nposition: runners=Ed2,Sf1,Wa1,Na6;turn=E\n"
        "legal: step d3\nillegal: step e3 -> K-MOVE-1\n\n"
        "name: wrong\nrulings: K-MOVE-1\nposition: runners=Ed2,Sf1,Wa1,Na6;turn=E\n"
        "legal: step e3\nillegal: step d3 -> K-MOVE-1\n"
    )
    good, wrong = parse_scenarios(text, "t.scn")
    assert good.check() == []
    assert len(wrong.check()) == 2
