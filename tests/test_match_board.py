"""The match board (``play/match_board.py``, issue 11), driven from Python like the front end.

``board.click(target)`` and ``board.press(button, value)`` send the intents the browser
sends; the tests read the synced traits (``position``, ``history``, ``_panel``) and the
match behind the board.  Bots are played with ``board.play_bots()`` (no event loop here),
except in the test of the kernel's loop, which runs one with ``asyncio.run``.  Autosave
files live in pytest's ``tmp_path``.
"""
from __future__ import annotations

import asyncio
import threading
import builtins
import json
import os
import random
import re
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat

import pytest

from kabetopo_nb import MatchBoard
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.bots import greedy_bot
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.scoring import score_round
from kabetopo_nb.play.match_board import BOTS, MatchBoardWidget, MatchController, resolve_bots

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
ALL_BOTS = {p: "greedy" for p in PLAYERS}
# East one step from a1 (West's start, so a Natural Tadaima for East) with a stone.
NEAR_HOME = "rules=kabetopo-4p;runners=Eb1+1,Sf1,Wc3,Nc5;stones=2;order=E;turn=E"
# North next to the Mountain; stepping on it takes the second stone.
NEAR_STONE = "rules=kabetopo-4p;runners=Eb1+1,Sf1,Wc3,Nc5;stones=2;order=E;turn=N"
# Two runners home; West's step onto f1 (South's start: not natural for West) ends the round.
LAST_HOME = ("rules=kabetopo-4p;runners=Ea1+1,Sa6+1,We1+1,Nc5;stones=0;order=E,S,W;"
             "homes=Ea1,Sa6;turn=W")


def board_from(text: str, **kw) -> MatchBoardWidget:
    """A match board whose first round starts from a hand-made position (no autosave)."""
    match = Match("kabetopo-4p", PLAYERS, seed=1, auto_next=False)
    match.states[0] = KabetopoState.from_text(text)
    return MatchBoardWidget(MatchController(match, **kw), bot_pause=0)


def buttons(board) -> dict[str, dict]:
    return {b["id"]: b for g in board._panel["groups"] for b in g["buttons"]}


def human_turn(board, rng: random.Random) -> None:
    """Play the human's decision with the greedy bot's choice, through the board's own
    intents (squares for moves, buttons for end/pass, act: targets for the rest)."""
    action = greedy_bot(board.state, rng)
    reply = board.apply(action)
    assert reply["ok"], reply


def play_to_the_end(board) -> None:
    while not board.match.is_over():
        board.play_bots()
        if board.match.between_rounds():
            assert buttons(board)["next-round"]["enabled"]
            assert board.press("next-round")["ok"]


# --- a whole match ---------------------------------------------------------------------------


def test_a_seeded_match_with_bots_in_every_seat_runs_to_the_final_ranking():
    runs = []
    for _ in range(2):
        board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, bots=ALL_BOTS, bot_pause=0)
        play_to_the_end(board)
        match = board.match
        assert match.is_over() and len(match.scores) == 4
        panel = board._panel
        assert panel["headline"] == (f"Match over: {match.winner()} wins" if match.winner() else "Match over: a drawn match")
        # the final ranking with what decided each place, in the announcements and the sheet
        final = board.announcements[-1]
        for st in match.standings():
            assert f"{st.place}. {', '.join(st.players)} {st.total} ({st.reason})" in final
        sheet = ET.fromstring(f"<div>{panel['scoresheet_html']}</div>")
        items = [li for li in sheet.iter("li")]
        assert [li.get("value") for li in items] == [str(st.place) for st in match.standings()]
        assert "next-round" not in buttons(board)
        runs.append(match.save_json())
    assert runs[0] == runs[1]  # the same seed: the same bot moves


def test_bots_take_seats_by_seat_name_or_player_name():
    match = Match("kabetopo-4p", PLAYERS, seed=1)
    bots = resolve_bots(match, {"North": "greedy", "Ben": "greedy"})
    assert set(bots) == {"Dan", "Ben"}  # North in round 1 is Dan; players keep their bots
    with pytest.raises(ValueError, match="neither a player"):
        resolve_bots(match, {"Zed": "greedy"})
    with pytest.raises(ValueError, match="unknown bot"):
        resolve_bots(match, {"North": "grandmaster"})
    assert BOTS["greedy"] is greedy_bot


def test_bot_turns_are_announced_with_the_player_s_name_and_human_clicks_wait():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"South": "greedy"}, bot_pause=0)
    assert board._panel["headline"] == "Ann (East) to play" and board._panel["thinking"] == ""
    rng = random.Random(5)
    while board.state.decision.seat == "East":
        human_turn(board, rng)
    assert board._panel["headline"] == "Ben (South, bot) to play"
    assert board._panel["thinking"] == "Ben is thinking…"
    before = board.history
    reply = board.click("sq:f2")  # a human click on the bot's turn
    assert not reply["ok"] and "Ben (bot) plays this turn" in reply["error"] and board.history == before
    played = board.play_bots()
    assert played >= 1 and board.state.decision.seat == "West"
    said = [a for a in board.announcements if a.startswith("Ben (bot)")]
    assert len(said) == played and board._panel["message"] == said[-1]
    # each names what the engine said of the action, with the player instead of the seat
    first = board.state.history[len(before)]
    sentence = board.state.engine.explain(board.state.position_at(len(before)), first).reason
    assert said[0] in (f"Ben (bot){sentence[len('South'):]}", f"Ben (bot): {sentence}")


def test_stop_button_stops_the_bots_and_their_seat_is_played_by_hand():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"Ben": "greedy"}, bot_pause=0)
    rng = random.Random(5)
    while board.state.decision.seat == "East":
        human_turn(board, rng)
    assert board.press("stop-bots")["ok"]
    assert "start-bots" in buttons(board) and board._panel["thinking"] == ""
    assert board._panel["headline"] == "Ben (South, bot stopped: play by hand) to play"
    assert board.play_bots() == 0
    human_turn(board, rng)  # the teacher plays Ben's turn by hand
    assert board.press("start-bots")["ok"] and "stop-bots" in buttons(board)
    while not board.controller.bot_due():
        human_turn(board, rng)
    assert board.press("stop")["ok"] and not board.controller.bots_running  # "stop" while a bot thinks


def test_undo_steps_back_over_the_bots_to_the_human_s_last_decision():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"Ben": "greedy", "Cat": "greedy", "Dan": "greedy"},
                       bot_pause=0)
    rng = random.Random(5)
    while board.state.decision.seat == "East":
        human_turn(board, rng)
    mine = board.state.ply
    board.play_bots()
    assert board.state.decision.seat == "East" and board.state.ply > mine
    played = board.state.ply
    reply = board.press("undo")
    assert board.state.ply == mine - 1 and board.state.decision.seat == "East"
    assert reply["ok"] and reply["message"] == f"Took back {played - (mine - 1)} actions, the bots' too: Ann (East) decides again."
    assert not board.controller.bot_due()  # rewound: the bots wait (redo is possible)


def run_in_own_loop(coroutine):
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright session, when
    it runs in the same pytest process, keeps an event loop running in the main thread."""
    out = {}

    def target():
        try:
            out["value"] = asyncio.run(coroutine)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_the_kernel_s_event_loop_plays_the_bots_on_its_own():
    async def session():
        board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"South": "greedy", "West": "greedy"},
                           bot_pause=0)
        rng = random.Random(5)
        while board.state.decision.seat == "East":
            human_turn(board, rng)
        assert board._bot_timer is not None  # scheduled, not played inside the click
        for _ in range(500):  # the loop stays free between the bots' actions
            if board.state.decision.seat == "North":
                break
            await asyncio.sleep(0)
        return board

    board = run_in_own_loop(session())
    assert board.state.decision.seat == "North"
    assert any(a.startswith("Cat (bot)") for a in board.announcements)


def test_closing_a_board_cancels_its_bots_pending_move():
    async def session():
        board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"South": "greedy"}, bot_pause=0)
        rng = random.Random(5)
        while board.state.decision.seat == "East":
            human_turn(board, rng)
        history = list(board.history)
        assert board._bot_timer is not None
        board.close()  # e.g. its cell was run again
        for _ in range(20):
            await asyncio.sleep(0)
        return board, history

    board, history = run_in_own_loop(session())
    assert board.closed and board._bot_timer is None and board.history == history


# --- rounds, announcements and the scoresheet ------------------------------------------------


def test_a_natural_tadaima_is_announced_with_place_and_bonus():
    board = board_from(NEAR_HOME)
    assert board.click("sq:b1")["ok"]  # select the runner
    assert board.click("sq:a1")["ok"]
    entry = score_round(board.state.position, partial=True).tadaima[0]
    assert entry.natural and entry.place == 1
    assert (f"Tadaima! Ann (East) is home on a1, 1st place, a Natural Tadaima (the corner opposite its start, "
            f"+1): +{entry.points}") in board.announcements
    assert entry.points == 4  # 3 for the first place and the natural bonus (v4.0)
    assert board._panel["announcements"][-1].startswith("Tadaima! Ann")
    # the scoresheet shows the round so far, live
    assert "Round 1 (so far)" in board._panel["scoresheet_html"]


def test_the_second_stone_is_announced():
    board = board_from(NEAR_STONE)
    assert board.click("sq:c4")["ok"]
    assert "Second Stone! Dan (North) +1" in board.announcements


def test_the_end_of_a_round_is_announced_and_next_round_turns_the_board():
    board = board_from(LAST_HOME)
    assert buttons(board).get("next-round") is None
    assert board.press("next-round")["ok"] is False
    assert board.click("sq:f1")["ok"]
    match = board.match
    assert match.between_rounds() and len(match.scores) == 1
    said = board.announcements
    assert "Tadaima! Cat (West) is home on f1, 3rd place: +1" in said
    totals = ", ".join(f"{p} +{match.round_total(p, 0)} (total {match.total(p)})" for p in PLAYERS)
    assert f"Round 1 of 4 is over: {totals}." in said
    assert board._panel["headline"] == "Round 1 of 4 is over"
    # clicks wait for the next round
    reply = board.click("sq:e6")
    assert not reply["ok"] and "press 'Next round'" in reply["error"]
    assert buttons(board)["next-round"]["label"] == "Next round (2 of 4)"
    assert board.press("next-round")["ok"]
    # K-MATCH-1: each player takes the next runner clockwise: Dan is East in round 2
    assert board._panel["headline"] == "Dan (East) to play"
    assert board._panel["status"].startswith("Round 2 of 4 · ")
    assert "Round 2 of 4: the board turns (K-MATCH-1): Ann plays South, Ben plays West, Cat plays North, Dan plays East." in board.announcements
    assert "Round 1" in board._panel["scoresheet_html"]  # the scoresheet stays


def test_undo_of_the_action_that_ended_the_round_reopens_it():
    board = board_from(LAST_HOME)
    board.click("sq:f1")
    assert board.match.between_rounds()
    assert board.press("undo")["ok"]
    assert not board.match.between_rounds() and board.match.scores == []
    assert "Round 1 goes on: the action that ended it was taken back." in board.announcements
    assert board.press("redo")["ok"] and len(board.match.scores) == 1


def test_player_names_are_escaped_in_the_scoresheet_and_headline_is_plain_text():
    board = MatchBoard("kabetopo-4p", ["<b>Ann</b>", "B&B", "Cat", "Dan"], seed=1)
    html = board._panel["scoresheet_html"]
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html and "B&amp;B" in html
    ET.fromstring(f"<div>{html}</div>")  # well formed


def test_match_board_offers_no_edit_and_no_roll():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=1)
    ids = buttons(board)
    assert "edit" not in ids and "roll" not in ids
    before = board.position
    for name in ("edit", "roll", "tool:wall", "edit-done"):
        reply = board.press(name)
        assert not reply["ok"] and "not available on a match board" in reply["error"]
    assert board.position == before and board.controller.round.editor is None


# --- undo never crosses into the setup rolls (bug 2) -------------------------------------------


def test_undo_stops_at_the_first_action_after_the_setup_rolls():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7)
    rolls = len(board.history)
    assert rolls > 0 and all(a.kind == Kind.ROLL for a in board.state.history)
    assert buttons(board)["undo"]["enabled"] is False
    reply = board.press("undo")
    assert not reply["ok"] and "setup rolls" in reply["error"] and "K-SETUP-3" in reply["error"]
    assert len(board.history) == rolls and "roll" not in buttons(board)
    assert not board.press("goto", rolls - 1)["ok"] and len(board.history) == rolls
    assert board.click("sq:e6")["ok"]
    assert buttons(board)["undo"]["enabled"] is True
    assert board.press("undo")["ok"] and len(board.history) == rolls
    assert not board.press("undo")["ok"]
    # the match still records and reloads: no roll was taken back
    assert Match.load(board.match.save_json()).save() == board.match.save()


def test_undo_stops_at_the_start_of_a_later_round():
    # kabetopo-2p re-randomises its setup before round 3: that round begins with rolls
    board = MatchBoard("kabetopo-2p", ["Ann", "Ben"], seed=2, rounds=4, bots={"Ann": "greedy", "Ben": "greedy"},
                       bot_pause=0)
    while len(board.match.scores) < 2:
        board.play_bots()
        if board.match.between_rounds():
            board.press("next-round")
    board.press("stop-bots")
    state = board.state
    assert board.match.round_index == 2 and state.ply == board.controller.first_ply() > 0
    assert not board.press("undo")["ok"] and state.ply == board.controller.first_ply()
    assert len(board.match.scores) == 2


# --- autosave and resume ------------------------------------------------------------------------


def test_nothing_is_written_before_the_first_action_then_after_every_action(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert not path.exists()
    assert board.click("sq:e6")["ok"]
    assert Match.load(path.read_text()).save() == board.match.save()
    assert board.press("end")["ok"]
    assert json.loads(path.read_text())["history"][0][-1] == "end"
    assert board.press("undo")["ok"]
    assert json.loads(path.read_text())["history"][0][-1] == "step e6"
    assert sorted(os.listdir(tmp_path)) == ["match.json"]  # no temporary file left behind


def test_an_autosave_that_cannot_be_written_is_said_on_the_board(tmp_path):
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=tmp_path / "no such folder" / "match.json")
    assert board.click("sq:e6")["ok"]  # the game goes on
    assert board.press("end")["ok"]
    message = board._panel["message"]
    assert message.startswith("Autosave failed (FileNotFoundError") and "not saved to match.json" in message
    assert message.endswith("East ends the turn.")
    assert sum(a.startswith("Autosave failed") for a in board.announcements) == 1  # said once, shown while it lasts


def test_a_new_board_on_the_same_file_resumes_the_same_position(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, bots={"Dan": "greedy"}, bot_pause=0)
    rng = random.Random(2)
    for _ in range(12):
        if board.controller.bot_due():
            board.play_bots()
        else:
            human_turn(board, rng)
    position, history, save = board.position, list(board.history), board.match.save()
    # after a kernel restart the notebook makes the board again
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, bots={"Dan": "greedy"}, bot_pause=0)
    assert again.position == position and again.history == history and again.match.save() == save
    assert again.announcements[0] == f"Resumed the saved match from match.json: round 1, {sum(1 for a in history if not a.startswith('roll'))} actions."
    # the older board on the same file is retired: it neither plays nor saves
    reply = board.click("sq:e6")
    assert not reply["ok"] and "replaced by a newer board" in reply["error"]
    assert board._panel["headline"] == "This board was replaced by a newer one"


def test_resume_between_rounds_shows_the_finished_round(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, bots=ALL_BOTS, bot_pause=0)
    board.play_bots()
    assert board.match.between_rounds()
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, bots=ALL_BOTS, bot_pause=0)
    assert again.match.between_rounds() and again.position == board.position
    assert "next-round" in buttons(again)
    assert any(a.startswith("Round 1 of 4 is over") for a in again.announcements)


def test_a_different_saved_match_is_offered_not_resumed_silently(tmp_path):
    path = tmp_path / "match.json"
    first = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    first.click("sq:e6")
    saved_position = first.position
    other = MatchBoard("kabetopo-4p", PLAYERS, seed=8, autosave=path)  # another seed
    assert other._panel["headline"] == "A saved match was found: resume it, or start a new one"
    ids = buttons(other)
    assert set(ids) == {"resume-saved", "start-new"}
    assert ids["resume-saved"]["label"] == "Resume the saved match (round 1, 1 action)"
    assert other.position == saved_position  # it shows what would be resumed
    assert not other.click("sq:e5")["ok"]
    assert other.press("start-new")["ok"]
    assert (tmp_path / "match.json.replaced-1").exists() and not path.exists()
    assert other.match.seed == 8 and other.position != saved_position


def test_resume_ask_and_resume_false(tmp_path):
    path = tmp_path / "match.json"
    MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path).click("sq:e6")
    asked = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, resume="ask")
    assert "resume-saved" in buttons(asked)
    assert asked.press("resume-saved")["ok"] and asked.history[-1] == "step e6"
    assert "next-round" not in buttons(asked) and "resume-saved" not in buttons(asked)
    fresh = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, resume=False)
    assert not fresh.history or fresh.history[-1].startswith("roll")
    assert (tmp_path / "match.json.replaced-1").exists()
    with pytest.raises(ValueError, match="resume"):
        MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, resume="maybe")


@pytest.mark.parametrize("damage", ["not json", "tampered roll", "illegal action", "other format"])
def test_a_damaged_autosave_is_refused_visibly_and_kept(tmp_path, damage):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    board.click("sq:e6")
    data = json.loads(path.read_text())
    if damage == "not json":
        text = path.read_text()[:-20]
    elif damage == "tampered roll":
        data["history"][0][0] = "roll 12" if data["history"][0][0] != "roll 12" else "roll 1"
        text = json.dumps(data)
    elif damage == "illegal action":
        data["history"][0].append("step a1")
        text = json.dumps(data)
    else:
        text = KabetopoState.new_round(seed=1).save_json()
    path.write_text(text)
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    kept = tmp_path / "match.json.damaged-1"
    assert kept.read_text() == text  # kept as it was
    message = again._panel["message"]
    assert message.startswith("The autosave match.json was refused: $") and "kept as match.json.damaged-1" in message
    assert again.announcements[0] == message
    assert not path.exists()  # the new match writes its own file from its first action on
    assert again.click("sq:e6")["ok"] and path.exists() and kept.read_text() == text
    # a second damaged file never overwrites the first
    path.write_text("{}")
    MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert (tmp_path / "match.json.damaged-2").read_text() == "{}" and kept.read_text() == text


# --- the workshop notebook (bug 10: its tips called functions it never imported) ----------------

WORKSHOP = Path(__file__).resolve().parent.parent / "notebooks" / "18-workshop-hot-seat.ipynb"
FENCED = re.compile(r"^([ \t]*)```python\n(.*?)^[ \t]*```", re.S | re.M)
INLINE_CALL = re.compile(r"`([A-Za-z_]\w*)(?:\.\w+)*\(")


def markdown_snippets(text: str) -> list[str]:
    """The ```python blocks of a markdown cell (indented ones in lists too), dedented."""
    return [textwrap.dedent("\n".join(line[len(indent):] if line.startswith(indent) else line
                                      for line in body.splitlines()))
            for indent, body in FENCED.findall(text)]


def run_workshop_notebook(path: Path) -> tuple[dict, list[str], set[str]]:
    """Execute every code cell, then every code snippet shown in the markdown, in one
    namespace; returns it, the snippets and the names the markdown's inline code calls."""
    nb = nbformat.read(path, as_version=4)
    namespace: dict = {"__name__": "__main__"}
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            exec(compile(cell.source, f"{path.name}[{i}]", "exec"), namespace)
    snippets, called = [], set()
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            for snippet in markdown_snippets(cell.source):
                exec(compile(snippet, f"{path.name}[{i}] snippet", "exec"), namespace)
                snippets.append(snippet)
            called |= set(INLINE_CALL.findall(FENCED.sub("", cell.source)))
    return namespace, snippets, called


def test_the_workshop_notebook_and_every_snippet_of_its_tips_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # the autosave file goes next to the notebook: here, a scratch folder
    namespace, snippets, called = run_workshop_notebook(WORKSHOP)
    assert len(snippets) >= 3  # the tips show runnable code: asking the engine, options, keeping a copy
    # every function the text names in inline code exists where the reader is
    missing = sorted(name for name in called if name not in namespace and not hasattr(builtins, name))
    assert not missing, f"the notebook's text calls {missing}, which it never defines or imports"
    out = capsys.readouterr().out
    assert "step a1: legal" in out  # the dispute snippet asked the engine
    assert isinstance(namespace["board"], MatchBoardWidget) and namespace["demo"].match.is_over()
    assert (tmp_path / "workshop-match-copy.json").exists()
    assert not (tmp_path / "workshop-match.json").exists()  # nothing played: nothing autosaved


# --- what the match board needs from Match ---------------------------------------------------------


def test_a_match_can_wait_between_rounds_and_its_save_loads_either_way():
    from kabetopo_nb.core.verdict import IllegalActionError

    match = Match("kabetopo-4p", PLAYERS, seed=7, auto_next=False)
    rng = random.Random(1)
    while not match.between_rounds():
        match.apply(greedy_bot(match.state, rng))
    assert len(match.states) == len(match.scores) == 1 and not match.is_over()
    with pytest.raises(IllegalActionError, match="K-MATCH-1"):
        match.apply(next(iter(match.state.legal_actions), "end"))
    saved = match.save_json()
    waiting = Match.load(saved, auto_next=False)
    assert waiting.between_rounds() and waiting.save_json() == saved
    going_on = Match.load(saved)  # the default, as before: the next round has begun
    assert not going_on.between_rounds() and going_on.round_index == 1
    assert Match.load(going_on.save_json(), auto_next=False).round_index == 1
    match.next_round()
    assert match.save() == going_on.save()
    with pytest.raises(IllegalActionError, match="still being played"):
        match.next_round()


def test_sync_round_follows_undo_and_redo_of_the_round_s_last_action():
    match = Match("kabetopo-4p", PLAYERS, seed=7, auto_next=False)
    rng = random.Random(1)
    while not match.between_rounds():
        match.apply(greedy_bot(match.state, rng))
    match.state.undo()
    match.sync_round()
    assert match.scores == [] and not match.between_rounds()
    match.state.redo()
    match.sync_round()
    assert len(match.scores) == 1 and match.between_rounds()
