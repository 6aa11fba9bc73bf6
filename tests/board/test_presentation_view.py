"""The board's view mode (issue 1; issue 13, part), driven from Python like the front end.

``view`` is a synced trait Python keeps: ``"normal"`` or ``"presentation"`` (the projector's
view, drawn by widgets/board.js).  The front end's toggle sends the intent
``{"kind": "button", "button": "view", "value": ...}``; a forged value is refused and changes
nothing, and a front end's ``update`` of the trait is reverted like any other.  A match board
keeps a chosen view in its autosave (the save's optional ``view``), so a kernel restart (a
new board on the same file) shows it again.  The real browser is in
tests/browser/test_presentation_view.py.
"""
from __future__ import annotations

import json

import pytest

from kabetopo_nb import KabetopoBoard, MatchBoard
from kabetopo_nb.core.verdict import SaveFormatError, SettingError
from kabetopo_nb.kabetopo import match as match_module
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.widget import FRONT_END_WRITABLE, VIEWS

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def view_intent(value=..., msg_id: int = 7) -> dict:
    msg = {"type": "intent", "id": msg_id, "kind": "button", "button": "view"}
    if value is not ...:
        msg["value"] = value
    return msg


def forge_update(board, state: dict) -> None:
    """What ipywidgets' comm delivers when the front end's model is changed and saved."""
    board._handle_msg({"content": {"comm_id": board.model_id,
                                   "data": {"method": "update", "state": state, "buffer_paths": []}},
                       "buffers": []})


def test_the_view_is_a_synced_trait_python_keeps():
    board = KabetopoBoard()
    assert board.view == "normal" and board.trait_metadata("view", "sync")
    assert "view" not in FRONT_END_WRITABLE  # the toggle sends an intent, never an update
    assert VIEWS == match_module.VIEWS == ("normal", "presentation")  # what a match save may record
    reply = board._intent(view_intent("presentation"))
    assert reply == {"type": "reply", "id": 7, "ok": True} and board.view == "presentation"
    assert board.press("view", "normal")["ok"] and board.view == "normal"
    board.view = "presentation"
    assert KabetopoBoard(view="presentation").view == "presentation"


@pytest.mark.parametrize("value", ["huge", "Presentation", "", "large", 3, -1, ...])
def test_a_forged_view_value_is_refused_and_changes_nothing(tmp_path, value):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    seen = []
    board.observe(lambda change: seen.append(change["name"]), names="view")
    reply = board._intent(view_intent(value))
    assert reply["ok"] is False and reply["id"] == 7
    assert "view" in reply["error"] and "'normal' or 'presentation'" in reply["error"]
    assert board.view == "normal" and seen == [] and board.last_reply == reply
    assert not path.exists()  # nothing chosen, nothing written
    assert board.controller.match.view is None


@pytest.mark.parametrize("message", [
    {"type": "intent", "id": 7, "kind": "button", "button": "view", "value": ["presentation"]},
    {"type": "intent", "id": 7, "kind": "button", "button": "view", "value": True},
    {"type": "intent", "id": 7, "kind": "button", "button": "view", "value": None},
    {"type": "intent", "id": 7, "kind": "button", "button": "view", "value": "presentation", "extra": 1},
    {"type": "intent", "id": "7", "kind": "button", "button": "view", "value": "presentation"},
])
def test_a_malformed_view_message_is_refused_before_it_is_read(message):
    board = KabetopoBoard()
    reply = board._intent(message)
    assert reply["ok"] is False and "malformed message" in reply["error"] and board.view == "normal"


def test_a_front_end_update_of_the_view_is_reverted():
    board = KabetopoBoard()
    sent: list = []
    board.comm.send = lambda data=None, buffers=None, **kw: sent.append(data)
    forge_update(board, {"view": "presentation"})
    assert board.view == "normal"
    assert any(m.get("method") == "update" and m["state"].get("view") == "normal" for m in sent), sent


@pytest.mark.parametrize("value", ["huge", 3, None])
def test_a_view_set_from_code_is_checked(value):
    with pytest.raises(SettingError, match="view must be|needs a value"):
        KabetopoBoard(view=value)
    with pytest.raises(SettingError):
        MatchBoard("kabetopo-4p", PLAYERS, seed=7, view=value)
    board = KabetopoBoard()
    with pytest.raises(SettingError):
        board.view = value
    assert board.view == "normal"


def test_a_closed_board_refuses_the_view_intent():
    board = KabetopoBoard()
    board.close()
    reply = board._intent(view_intent("presentation"))
    assert reply["ok"] is False and board.view == "normal"


# --- the match board keeps the view in its autosave ------------------------------------------------


def test_the_chosen_view_is_saved_and_a_kernel_restart_shows_it_again(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert not path.exists()
    assert board._intent(view_intent("presentation"))["ok"]  # the toggle, before any action
    assert json.loads(path.read_text())["view"] == "presentation"  # a choice worth a file
    board.apply(next(a for a in board.state.legal_actions if a.kind.value == "step"))
    history = board.history
    # a kernel restart: the notebook's cell makes a new board for the same file (without view=)
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert again.view == "presentation" and again.history == history
    # set from code this time, back to normal: saved too, and it wins over the code's view=
    again.view = "normal"
    assert json.loads(path.read_text())["view"] == "normal"
    third = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, view="presentation")
    assert third.view == "normal"


def test_view_given_when_the_board_is_made_is_not_a_choice_to_save(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, view="presentation")
    assert board.view == "presentation" and not path.exists()
    board.apply(next(a for a in board.state.legal_actions if a.kind.value == "step"))
    assert "view" not in json.loads(path.read_text())  # the code says it again after a restart


def test_a_saved_match_resumed_from_the_offer_brings_its_view(tmp_path):
    path = tmp_path / "match.json"
    saved = Match("kabetopo-4p", PLAYERS, seed=7)
    saved.view = "presentation"
    path.write_text(saved.save_json())
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, resume="ask")
    assert board.view == "normal"  # only offered so far
    assert board.press("resume-saved")["ok"]
    assert board.view == "presentation"
    # a view chosen on the board while the offer was open wins over the save's, and is saved
    saved.view = "normal"
    path.write_text(saved.save_json())
    other = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, resume="ask")
    assert other._intent(view_intent("presentation"))["ok"] is True
    assert json.loads(path.read_text())["view"] == "normal"  # the offered save is not written meanwhile
    assert other.press("resume-saved")["ok"]
    assert other.view == "presentation" and other.match.view == "presentation"
    other.apply(next(a for a in other.state.legal_actions if a.kind.value == "step"))
    assert json.loads(path.read_text())["view"] == "presentation"


@pytest.mark.parametrize("value", ["huge", 3, "", ["presentation"], True])
def test_a_tampered_view_field_is_refused(tmp_path, value):
    data = Match("kabetopo-4p", PLAYERS, seed=7).save()
    data["view"] = value
    with pytest.raises(SaveFormatError) as caught:
        Match.load(json.dumps(data))
    assert caught.value.path == "$.view"
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert "$.view" in board._panel["message"] and (tmp_path / "match.json.damaged-1").exists()
    assert board.view == "normal"


def test_a_save_without_a_view_loads_as_before():
    match = Match("kabetopo-4p", PLAYERS, seed=7)
    data = match.save()
    assert "view" not in data
    assert Match.load(json.dumps(data)).view is None
    match.view = "presentation"
    assert Match.load(match.save_json()).view == "presentation"
