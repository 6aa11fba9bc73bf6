"""The match board's teaching variant: ``MatchBoard(..., teaching="first-round-without-drops")``
(KNB-15).  Round 1 is played without drops: the board only asks the engine, so a click on
a line is refused citing KNB-15 and changes nothing; the status line, the story and the
scoresheet say why.  Round 2 is an ordinary round.  The variant is kept in the autosave: a
restart resumes it, a board asking for another variant is offered the saved match rather
than resuming it silently, and a tampered value is refused, the file kept aside.
"""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb import MatchBoard
from kabetopo_nb.core.verdict import RulesOptionError
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.match import TEACHING

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
ALL_BOTS = {p: "greedy" for p in PLAYERS}
FIRST = "first-round-without-drops"
NOTE = "teaching round, no drops (KNB-15)"


def teaching_board(**kw) -> MatchBoard:
    return MatchBoard("kabetopo-4p", PLAYERS, seed=7, teaching=FIRST, bot_pause=0, **kw)


def buttons(board) -> dict[str, dict]:
    return {b["id"]: b for g in board._panel["groups"] for b in g["buttons"]}


def round_heads(board) -> list[str]:
    sheet = ET.fromstring(f"<div>{board._panel['scoresheet_html'].split('</style>')[1]}</div>")
    return [th.text or "" for th in sheet.iter("th") if th.get("class") == "kb-round"]


def free_line(board) -> str:
    """A line where the engine would allow a wall under the rules as they are (the same
    position without ``+no-drops``)."""
    plain = KabetopoState.from_text(board.state.to_text().replace("+no-drops", ""))
    return next(a for a in plain.legal_actions.names() if a.startswith("wall ")).split()[1]


def test_KNB_15_a_drop_clicked_in_the_teaching_round_is_refused_with_its_ruling():
    board = teaching_board()
    assert board.match.teaching is TEACHING[FIRST] and board.state.rules.no_drops
    status = board._panel["status"]
    assert status.startswith(f"Round 1 of 4, {NOTE} · ")
    line = free_line(board)
    before, history = board.position, list(board.history)
    reply = board.click(f"ln:{line}")
    assert not reply["ok"] and reply["refusal"]["rulings"] == ["KNB-15"]
    assert "played without drops" in reply["refusal"]["reason"]
    assert board.position == before and board.history == history  # a refused action changes nothing
    assert board._panel["refusal"]["rulings"] == ["KNB-15"]  # the panel shows it, the ruling's card one click away
    assert board._panel["announcement"].startswith("Refused: round 1 is played without drops")
    reply = board.apply(f"wall {line}")
    assert not reply["ok"] and board.position == before
    # the moves are there as always
    assert board.click("sq:e6")["ok"]


def test_the_story_says_what_the_teaching_round_changes():
    board = teaching_board()
    story = board._panel["scoresheet_html"]
    assert f"Round 1 is a {NOTE}: the runners only move" in story


def test_KNB_15_round_two_allows_drops_again_and_the_board_says_so():
    board = teaching_board(bots=ALL_BOTS)
    board.play_bots()
    match = board.match
    assert match.between_rounds() and not any(
        a.kind in ("wall", "monolith", "portal", "lock", "unlock") for a in match.states[0].history)
    assert round_heads(board) == [f"Round 1: {NOTE}"]
    assert board.press("next-round")["ok"]
    said = board.announcements
    assert "The teaching round is over: from round 2 on, drops are allowed again (KNB-15)." in said
    assert board._panel["status"].startswith("Round 2 of 4 · ")
    assert not board.state.rules.no_drops and board.state.rules == match.rules
    assert any(a.startswith("wall ") for a in board.state.legal_actions.names())


def test_a_restart_resumes_the_teaching_round_from_the_autosave(tmp_path):
    path = tmp_path / "match.json"
    board = teaching_board(autosave=path)
    assert board.click("sq:e6")["ok"] and board.press("end")["ok"]
    saved = json.loads(path.read_text())
    assert saved["teaching"] == FIRST
    again = teaching_board(autosave=path)  # after a kernel restart the notebook makes the board again
    assert again.announcements[0].startswith("Resumed the saved match from match.json")
    assert again.match.teaching is TEACHING[FIRST] and again.position == board.position
    assert again.state.rules.no_drops and again._panel["status"].startswith(f"Round 1 of 4, {NOTE}")
    line = free_line(again)
    assert again.click(f"ln:{line}")["refusal"]["rulings"] == ["KNB-15"]


def test_a_board_asking_for_no_teaching_variant_is_offered_the_saved_one(tmp_path):
    path = tmp_path / "match.json"
    teaching_board(autosave=path).click("sq:e6")
    plain = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert set(buttons(plain)) == {"resume-saved", "start-new"}
    assert f"teaching {FIRST}" in plain.announcements[-1]
    assert plain.press("resume-saved")["ok"]
    assert plain.match.teaching is TEACHING[FIRST] and plain.state.rules.no_drops


@pytest.mark.parametrize("value", ["no-walls", 2, None])
def test_a_tampered_teaching_value_in_the_autosave_is_refused_and_kept(tmp_path, value):
    path = tmp_path / "match.json"
    teaching_board(autosave=path).click("sq:e6")
    data = json.loads(path.read_text())
    data["teaching"] = value
    text = json.dumps(data)
    path.write_text(text)
    again = teaching_board(autosave=path)
    message = again._panel["message"]
    assert message.startswith("The autosave match.json was refused: $.teaching: expected one of "
                              f"'{FIRST}'"), message
    assert (tmp_path / "match.json.damaged-1").read_text() == text
    assert again.match.teaching is TEACHING[FIRST] and again.match.state.ply == again.controller.first_ply()


def test_an_unknown_teaching_variant_is_refused_when_the_board_is_made():
    with pytest.raises(RulesOptionError, match="unknown teaching variant 'first-round'"):
        MatchBoard("kabetopo-4p", PLAYERS, seed=7, teaching="first-round")
