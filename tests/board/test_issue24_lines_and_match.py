"""Issue 24, items 9 and 14: "why not here?" on a line, and the story of a match.

* A line click that offers fewer choices than a player looks for (a piece the pool holds, a
  lock for a portal or a door, taking off a lock that is there) says why each missing one
  is refused, in the engine's own verdicts (``state.options_at`` of that line), and lists
  them first in the panel's ``options_at``; clicking another line replaces the choices.
* A match board keeps the story of the match (every scoring event so far) below its
  scoresheet while its log shows the newest announcements; its move list opens with the
  setup's rolls as one entry; while a bot has the decision it offers no play button.

Driven through the boards' intents, like the front end, without a browser.
"""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb import KabetopoBoard, MatchBoard
from kabetopo_nb.boards import MatchBoardWidget
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.geometry import LINES, line_name
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import MONOLITHS, PORTALS, WALLS
from kabetopo_nb.play.match_controller import MatchController
from kabetopo_nb.play.match_view import SHOWN_ANNOUNCEMENTS

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
# walls on two sides of the Mountain (c4n, c4e); twelve walls in all, so a valid position
MOUNTAIN = ("lines=Wc4n,Wc4e;runners=Ef6,Sf1,Wa1,Na6;"
            "pools=E:w3m1p1l1s1,S:w2m1p1l1s1,W:w2m1p1l1s1,N:w3m1p1l1s1;turn=E")
# East one step from a portal b5e and able to teleport: the exit choice comes next
TELEPORT = "rules=kabetopo-4p;lines=P*b5e,P*e2n;runners=Eb5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E"


def verdicts(state, line: str) -> dict[str, dict]:
    """The engine's verdict of every candidate aimed at ``line``, as the panel lists them."""
    return {str(a): {"action": str(a), "legal": v.legal, "rulings": list(v.rulings), "reason": v.reason}
            for a, v in state.options_at(line)}


def buttons(board) -> dict[str, dict]:
    return {b["id"]: b for g in board._panel["groups"] for b in g["buttons"]}


def match_board(text: str, **kw) -> MatchBoardWidget:
    """A match board whose first round starts from a hand-made position (no autosave)."""
    match = Match("kabetopo-4p", PLAYERS, seed=1, auto_next=False)
    match.states[0] = KabetopoState.from_text(text)
    return MatchBoardWidget(MatchController(match, **kw), bot_pause=0)


# --- item 9: "why not here?" on a line -----------------------------------------------------------


@pytest.mark.parametrize("make", [KabetopoBoard, match_board], ids=["single board", "match board"])
def test_the_mountain_s_third_side_says_why_the_wall_and_the_monolith_are_missing(make):
    board = make(MOUNTAIN)
    assert board.state.problems() == []
    reply = board.click("ln:c4w")  # c4w is b4e: walls on two sides already (K-INV-1)
    assert reply["ok"] is True
    panel = board._panel
    assert [c["label"] for c in panel["choices"]] == ["Drop a portal on b4e"]
    engine = verdicts(board.state, "c4w")
    wall, monolith = engine["wall b4e"], engine["monolith b4e"]
    assert not wall["legal"] and "K-INV-1" in wall["rulings"] and wall["reason"] == monolith["reason"]
    # said where the player reads (the message), in the engine's words, with the ruling ID
    assert f"wall b4e, monolith b4e (K-INV-1): {wall['reason']}" in panel["message"]
    assert "K-INV-1" in panel["rulings_text"]
    # the "why not here?" list: the missing ones first, every entry the engine's own
    assert panel["options_at"][:2] == [wall, monolith]
    assert all(entry == engine[entry["action"]] for entry in panel["options_at"])
    assert {e["action"] for e in panel["options_at"]} == {a for a, v in engine.items() if not v["legal"]}


def test_nothing_missing_nothing_said():
    board = KabetopoBoard(MOUNTAIN)
    assert board.click("ln:e5n")["ok"]  # wall, monolith and portal all offered
    assert len(board._panel["choices"]) == 3
    assert board._panel["message"] == "Choose what to do on e5n."


def test_a_missing_unlock_is_explained_too():
    # Mischief (KNB-8): East is home with a lock in the pool; e3n holds a locked portal
    board = KabetopoBoard("rules=kabetopo-mp-v3+mischief;lines=P*e3n,P*b2e,Wd4n;locks=e3n;runners=Ef1+1,Sc3,Wa2,Nb6;"
                          "pools=E:w1m1p0l1s0,S:w3m2p1l1s0,W:w2m2p1l1s0,N:w3m2p1l0s0;stones=3;order=E;homes=Ef1;turn=E")
    reply = board.click("ln:e3n")
    assert reply["ok"] and [c["target"] for c in board._panel["choices"]] == ["act:lock e4s"]
    unlock = verdicts(board.state, "e3n")["unlock e3n"]
    assert not unlock["legal"] and unlock["rulings"] == ["KNB-8"]
    assert f"unlock e3n (KNB-8): {unlock['reason']}" in reply["message"]
    assert unlock in board._panel["options_at"][:3]


def test_every_piece_the_pool_holds_is_offered_or_explained_on_every_line():
    rng = random.Random(24)
    state = KabetopoState.new_round("kabetopo-4p", seed=24)
    seen = 0
    for _ in range(40):
        if state.position.phase == "main" and not state.position.is_finished(state.position.turn):
            board = KabetopoBoard(state.copy())
            pool = state.position.pools[state.position.turn]
            for ln in LINES:
                name = line_name(ln)
                if not board.click(f"ln:{name}")["ok"]:
                    continue
                offered = {c["target"].split()[0][len("act:"):] for c in board._panel["choices"]}
                engine = verdicts(board.state, name)
                for kind, slot in ((Kind.WALL, WALLS), (Kind.MONOLITH, MONOLITHS), (Kind.PORTAL, PORTALS)):
                    if not pool[slot] or str(kind) in offered:
                        continue
                    refused = next(v for a, v in engine.items() if a.startswith(f"{kind} "))
                    assert f"{refused['action']}" in board._panel["message"], (name, kind)
                    assert refused["reason"] in board._panel["message"]
                    seen += 1
        state.apply(rng.choice(list(state.legal_actions)))
    assert seen  # some line did offer fewer drops than the pool holds


def test_clicking_another_line_replaces_the_drop_choices():
    board = KabetopoBoard(MOUNTAIN)
    assert board.click("ln:c4w")["ok"]
    assert [c["target"] for c in board._panel["choices"]] == ["act:portal b4e"]
    assert board.click("ln:c4n")["ok"] is False  # a wall stands there: nothing to drop
    assert board._panel["choices"] == []  # no stale "Drop a portal on b4e"
    assert 'data-target="ln:c4n"' in board._svg
    assert board.click("ln:e5n")["ok"]
    assert {c["target"] for c in board._panel["choices"]} == {"act:wall e5n", "act:monolith e5n", "act:portal e5n"}
    assert board.click("ln:c4w")["ok"]
    assert [c["target"] for c in board._panel["choices"]] == ["act:portal b4e"]


def test_a_stale_choice_is_gone_on_the_match_board_too():
    board = match_board(MOUNTAIN)
    assert board.click("ln:c4w")["ok"]
    assert board.click("ln:c4n")["ok"] is False
    assert board._panel["choices"] == []


# --- item 14: the story of the match ---------------------------------------------------------------


def story_of(panel: dict) -> list[str]:
    """The story as the panel shows it, below the scoresheet."""
    sheet = ET.fromstring(f"<div>{panel['scoresheet_html']}</div>")
    return [item.text or "" for item in sheet.iter("div") if item.get("role") == "listitem"]


def test_the_story_keeps_every_scoring_event_after_the_log_has_moved_on():
    from kabetopo_nb.play.match_view import match_story

    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, bots={p: "greedy" for p in PLAYERS}, bot_pause=0)
    board.play_bots()
    assert board.match.between_rounds()
    assert board.press("next-round")["ok"]
    panel = board._panel
    first = next(a for a in board.announcements if a.startswith("First Stone!"))
    assert first not in panel["announcements"] and len(panel["announcements"]) == SHOWN_ANNOUNCEMENTS
    story = story_of(panel)
    assert story == match_story(board.match)
    assert f"Round 1: {first}" in story
    # every scoring event of round 1 the board announced is in the story, in the same words
    scoring = ("First Stone!", "Second Stone!", "Tadaima!", "Preservation", "Unseen Path", "Round 1 of 4 is over")
    said = [a for a in board.announcements if a.startswith(scoring)]
    assert said and all(a in story or f"Round 1: {a}" in story for a in said)
    ET.fromstring(f"<div>{panel['scoresheet_html']}</div>")  # still well formed
    assert [li.get("value") for li in ET.fromstring(f"<div>{panel['scoresheet_html']}</div>").iter("li")] == []


def test_the_story_follows_undo_and_a_resumed_save(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, bots={p: "greedy" for p in PLAYERS}, bot_pause=0,
                       autosave=str(path))
    board.play_bots()
    story = story_of(board._panel)
    assert story[-1].startswith("Round 1 of 4 is over")
    assert board.press("stop-bots")["ok"] and board.press("undo")["ok"]  # the round-ending action
    assert not board.match.between_rounds()
    assert not any(s.startswith("Round 1 of 4 is over") for s in story_of(board._panel))
    assert board.press("redo")["ok"]
    assert story_of(board._panel) == story
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, bots={p: "greedy" for p in PLAYERS}, bot_pause=0,
                       autosave=str(path))
    assert story_of(again._panel) == story  # read from the rounds, not from what this board heard


def test_player_names_in_the_story_are_escaped():
    board = MatchBoard("kabetopo-4p", ["<b>Ann</b>", "B&B", "Cat", "Dan"], seed=7,
                       bots={p: "greedy" for p in ["<b>Ann</b>", "B&B", "Cat", "Dan"]}, bot_pause=0)
    board.play_bots()
    html = board._panel["scoresheet_html"]
    assert "<b>Ann</b>" not in html
    assert any("B&B" in s for s in story_of(board._panel))


def test_the_move_list_opens_with_the_setup_rolls_as_one_entry():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=1)
    first = board.controller.first_ply()
    rolls = [str(a) for a in board.state.history[:first]]
    assert len(rolls) > 1 and all(r.startswith("roll ") for r in rolls)
    moves = board._panel["moves"]
    assert moves == [{"ply": first, "text": "setup: " + ", ".join(rolls), "current": True}]
    step = next(a for a in board.state.legal_actions if a.kind == Kind.STEP)
    assert board.apply(step)["ok"]
    moves = board._panel["moves"]
    assert [m["text"] for m in moves] == ["setup: " + ", ".join(rolls), str(step)]
    assert not any(m["text"].startswith("roll ") for m in moves)
    assert board.press("goto", moves[0]["ply"])["ok"]  # the entry goes to the board as the setup left it
    assert board.state.ply == first and board._panel["moves"][0]["current"]


# --- item 14: no play button while a bot decides ---------------------------------------------------


def test_no_play_button_is_offered_while_a_bot_has_the_decision():
    board = match_board(TELEPORT, bots={"Ann": "greedy"})
    assert board.controller.bot_due()
    assert board.apply("teleport b5e")["ok"]  # from code: the bot's exit choice is next
    assert board.state.position.phase == "exit" and board.controller.bot_due()
    shown = buttons(board)
    assert "back" not in shown  # "Back (another move)" is not offered while Ann's bot decides
    play = {b["id"] for b in board._panel["groups"][0]["buttons"]}
    assert play <= {"undo", "redo", "other-line"}
    assert shown["stop-bots"]["enabled"] and board._panel["choices"] == []
    assert board._panel["thinking"] == "Ann (greedy) is thinking…"
    # stopped: the players decide, and Back is offered again
    assert board.press("stop-bots")["ok"]
    assert buttons(board)["back"]["enabled"] is True
    assert board.press("back")["ok"] and board.state.position.phase == "main"


def test_a_player_s_open_choices_go_when_a_bot_takes_the_seat():
    board = match_board(MOUNTAIN)  # Ann (East) plays by hand
    assert board.click("ln:c4w")["ok"] and board._panel["choices"]
    assert board.seat("Ann", "greedy")["ok"]  # the seat picker hands Ann's seat to a bot
    assert board.controller.bot_due()
    assert board._panel["choices"] == []  # her "Drop a portal" is no button for the room to press
    assert {b["id"] for b in board._panel["groups"][0]["buttons"]} <= {"undo", "redo", "other-line"}
    assert board.seat("Ann", "human")["ok"]
    assert board.click("ln:c4w")["ok"] and board._panel["choices"]
