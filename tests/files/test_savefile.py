"""The versioned JSON save format: round trips, redo lists, and precise refusals."""
import json

import pytest

from kabetopo_nb.core.verdict import SaveFormatError
from kabetopo_nb.kabetopo import KabetopoState


def played(seed=4, actions=12):
    s = KabetopoState.new_round(seed=seed)
    for _ in range(actions):
        s.apply(next(iter(s.legal_actions)))
    return s


def test_round_trip_keeps_position_history_and_undone_actions():
    s = played()
    s.undo()
    s.undo()
    t = KabetopoState.load(s.save_json())
    assert t.to_text() == s.to_text()
    assert t.history == s.history
    assert t.redo_actions == s.redo_actions and len(t.redo_actions) == 2
    t.redo()
    s.redo()
    assert t.to_text() == s.to_text()


def test_the_file_is_readable_json_with_a_version():
    data = json.loads(played().save_json())
    assert data["format"] == "kabetopo-nb-save" and data["version"] == 1
    assert data["game"] == "kabetopo"
    assert data["actions"][0].startswith("roll ")


@pytest.mark.parametrize("change, path, fragment", [
    (lambda d: d.update(version=2), "$.version", "not supported"),
    (lambda d: d.update(version="1"), "$.version", "whole number"),
    (lambda d: d.update(format="other"), "$.format", "expected"),
    (lambda d: d.update(game="dakapo"), "$.game", "expected"),
    (lambda d: d.update(extra=1), "$", "unknown field"),
    (lambda d: d.pop("start"), "$.start", "position text"),
    (lambda d: d.update(start="runners=Zz9"), "$.start", "runners"),
    (lambda d: d.update(actions="step e6"), "$.actions", "list"),
    (lambda d: d["actions"].__setitem__(3, 7), "$.actions[3]", "action text"),
    (lambda d: d["actions"].__setitem__(9, "fly away"), "$.actions[9]", "unknown action"),
    (lambda d: d["actions"].__setitem__(9, "step a1"), "$.actions[9]", "illegal when replayed"),
    (lambda d: d.update(position=d["position"].replace("turn=", "turns=99;turn=")), "$.position", "does not match"),
    (lambda d: d.update(undone=["wall z9n"]), "$.undone[0]", "cannot be redone"),
])
def test_damaged_saves_name_the_bad_field(change, path, fragment):
    data = played(actions=14).save()
    change(data)
    with pytest.raises(SaveFormatError, match=fragment) as info:
        KabetopoState.load(json.dumps(data))
    assert info.value.path == path


def test_not_json_and_not_an_object():
    with pytest.raises(SaveFormatError, match="not JSON"):
        KabetopoState.load("{truncated")
    with pytest.raises(SaveFormatError, match="expected an object"):
        KabetopoState.load("[1, 2]")
