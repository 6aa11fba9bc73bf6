"""The match board (``kabetopo_nb.boards``, issue 11), driven from Python like the front end.

``board.click(target)`` and ``board.press(button, value)`` send the intents the browser
sends; the tests read the synced traits (``position``, ``history``, ``_panel``) and the
match behind the board.  Bots are played with ``board.play_bots()`` (no event loop here),
except in the test of the kernel's loop, which runs one with ``asyncio.run``.  Autosave
files live in pytest's ``tmp_path``.
"""
from __future__ import annotations

import asyncio
import builtins
import json
import os
import random
import re
import textwrap
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

from kabetopo_nb import MatchBoard
from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import Kind

greedy_bot = GreedyBot().choose  # a seeded function(state, rng), as a board's bots= takes one
from kabetopo_nb.boards import MatchBoardWidget
from kabetopo_nb.core.verdict import SaveFormatError
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.scoring import score_round
from kabetopo_nb.play import bot_runner as bot_runner_module
from kabetopo_nb.play.match_controller import MatchController
from kabetopo_nb.play.match_opening import open_match
from kabetopo_nb.play.match_seats import resolve_bots

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


def test_bot_turns_are_announced_with_the_player_s_name_and_human_clicks_wait():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"South": "greedy"}, bot_pause=0)
    assert board._panel["headline"] == "Ann (East) to play" and board._panel["thinking"] == ""
    rng = random.Random(5)
    while board.state.decision.seat == "East":
        human_turn(board, rng)
    assert board._panel["headline"] == "Ben (South, bot) to play"
    assert board._panel["thinking"] == "Ben (greedy) is thinking…"
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
        assert board.controller.runner.pending  # scheduled, not played inside the click
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
        runner = board.controller.runner
        assert runner.pending
        board.close()  # e.g. its cell was run again
        for _ in range(20):
            await asyncio.sleep(0)
        return board, history, runner

    board, history, runner = run_in_own_loop(session())
    assert board.closed and not runner.pending and board.history == history


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
    # no temporary file left behind: the save, and the lock the board holds while it lives
    assert sorted(os.listdir(tmp_path)) == [".match.json.lock", "match.json"]


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
    assert again.announcements[0] == ("Resumed the saved match from match.json: round 1, "
                                      f"{sum(1 for a in history if not a.startswith('roll'))} actions. Bots: Dan: greedy.")
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

WORKSHOP = Path(__file__).resolve().parents[2] / "notebooks" / "18-workshop-hot-seat.ipynb"
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
    assert "step a1: East, main action: legal" in out  # the dispute snippet asked the engine (KNB-16: whose decision)
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


# --- bots from kabetopo_nb.bots, the seat picker, thinking in slices, failing bots (issue 14) ----


class FakeLoop:
    """Stands in for the kernel's event loop: records callbacks; the test runs them one by one."""

    class Handle:
        def __init__(self, callback, delay):
            self.callback, self.delay, self.cancelled = callback, delay, False

        def cancel(self):
            self.cancelled = True

    def __init__(self):
        self.queue: list[FakeLoop.Handle] = []

    def call_later(self, delay, callback):
        handle = self.Handle(callback, delay)
        self.queue.append(handle)
        return handle

    def call_soon(self, callback):
        return self.call_later(None, callback)

    def run_one(self) -> FakeLoop.Handle | None:
        """Run the next callback that was not cancelled; returns its handle, or None."""
        while self.queue:
            handle = self.queue.pop(0)
            if not handle.cancelled:
                handle.callback()
                return handle
        return None


@pytest.fixture
def fake_loop(monkeypatch):
    loop = FakeLoop()
    monkeypatch.setattr(bot_runner_module, "running_loop", lambda: loop)
    return loop


def seat_state(board) -> tuple:
    """Everything a refused seat message must leave as it was."""
    ctl = board.controller
    return (dict(ctl.bots), ctl.bots_running, board.position, list(board.history), list(board.announcements),
            [(s["player"], s["value"]) for s in board._panel["seats"]])


def test_greedy_by_name_plays_move_for_move_what_greedy_bot_plays():
    named = MatchBoard("kabetopo-4p", PLAYERS, seed=11, bots={p: "greedy" for p in PLAYERS}, bot_pause=0)
    function = MatchBoard("kabetopo-4p", PLAYERS, seed=11, bots={p: greedy_bot for p in PLAYERS}, bot_pause=0)
    for board in (named, function):
        board.play_bots()
    assert named.match.between_rounds() and named.history == function.history
    assert named.announcements == function.announcements


def test_resolve_bots_takes_every_name_make_bot_takes():
    from kabetopo_nb.bots import MCTSBot, RandomBot

    match = Match("kabetopo-4p", PLAYERS, seed=1)
    bots = resolve_bots(match, {"Ann": "random", "Ben": "mcts", "Cat": "mcts-20", "Dan": "mcts-2.5s"})
    assert isinstance(bots["Ann"], RandomBot)
    assert isinstance(bots["Ben"], MCTSBot) and bots["Ben"].seconds == 1.0 and bots["Ben"].name == "mcts"
    assert bots["Cat"].iterations == 20 and bots["Dan"].seconds == 2.5
    with pytest.raises(ValueError, match="unknown bot 'mcts-'"):
        resolve_bots(match, {"Ann": "mcts-"})


def test_the_seat_picker_lists_human_and_every_bot_with_its_help_text():
    from kabetopo_nb.bots import BOT_NAMES

    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"North": "mcts-20"})
    seats = board._panel["seats"]
    assert [(s["player"], s["label"], s["value"]) for s in seats] == [
        ("Ann", "Ann (East)", "human"), ("Ben", "Ben (South)", "human"), ("Cat", "Cat (West)", "human"),
        ("Dan", "Dan (North)", "mcts-20")]
    choices = {c["value"]: c for c in seats[0]["choices"]}
    assert list(choices) == ["human", *BOT_NAMES, "mcts-20"]  # and the bot this board was given
    assert choices["human"]["label"] == "Human"
    for name, text in BOT_NAMES.items():
        assert choices[name]["help"] == text
    assert choices["mcts-20"]["help"] == "tree search, 20 iterations a decision"


def test_choosing_a_bot_in_the_picker_seats_it_at_once_and_it_plays():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0)
    assert not board.controller.bot_due() and "stop-bots" not in buttons(board)
    reply = board.press("seat:Ann", "mcts-20")  # what the front end sends
    assert reply["ok"] and reply["message"] == "Ann is now played by mcts-20."
    assert board.announcements[-1] == "Ann is now played by mcts-20."
    assert board._panel["seats"][0]["value"] == "mcts-20" and "stop-bots" in buttons(board)
    assert board._panel["headline"] == "Ann (East, bot) to play"
    assert board._panel["thinking"] == "Ann (mcts-20) is thinking…"
    played = board.play_bots()
    assert played >= 1 and board.state.decision.seat == "South"  # Ben is a human: the bots wait
    said = [a for a in board.announcements if a.startswith("Ann (bot)")]
    assert len(said) == played
    # seeded: the same seed gives the same mcts moves
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0)
    again.seat("Ann", "mcts-20")
    again.play_bots()
    assert again.history == board.history
    # back to a human
    assert board.seat("Ann", "human")["message"] == "Ann is now played by a human."
    assert board._panel["seats"][0]["value"] == "human" and "Ann" not in board.controller.bots
    assert board.seat("Ann", "human")["message"] == "Ann is already played by a human."


def test_a_bot_chosen_for_a_stopped_board_lets_the_bots_play_again():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"Dan": "greedy"}, bot_pause=0)
    assert board.press("stop-bots")["ok"] and not board.controller.bots_running
    reply = board.seat("Ann", "random")
    assert reply["message"] == "Ann is now played by random. The bots play again (Dan, Ann)."
    assert board.controller.bot_due()


@pytest.mark.parametrize("button, value, why", [
    ("seat:Zed", "mcts", "there is no player 'Zed'"),
    ("seat:", "mcts", "there is no player ''"),
    ("seat:Ann", "grandmaster", "unknown bot 'grandmaster'"),
    ("seat:Ann", "mcts-0s", "unknown bot 'mcts-0s'"),
    ("seat:Ann", None, "choose who plays Ann"),
    ("seat:Ann", 3, "choose who plays Ann"),
    ("seat:Ann", "Human", "unknown bot 'Human'"),
])
def test_a_forged_seat_message_is_refused_with_a_reason_and_changes_nothing(button, value, why):
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"Dan": "greedy"}, bot_pause=0)
    before = seat_state(board)
    message = {"type": "intent", "id": 4, "kind": "button", "button": button}
    if value is not None:
        message["value"] = value
    reply = board._intent(message)
    assert not reply["ok"] and why in reply["error"], reply
    assert seat_state(board) == before


def test_a_malformed_seat_message_is_refused_before_the_controller():
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0)
    before = seat_state(board)
    reply = board._intent({"type": "intent", "id": 5, "kind": "button", "button": "seat:Ann", "value": ["mcts"]})
    assert not reply["ok"] and "malformed message" in reply["error"]
    assert seat_state(board) == before


def test_the_bot_runner_needs_no_widget_only_a_loop_it_is_given():
    # the runner belongs to the controller; whatever shows the board injects the loop (here
    # a loop of the test's own, no widget, no kernel) and is told each reply
    controller = open_match("kabetopo-4p", PLAYERS, seed=3, bots={"South": "greedy"})
    loop, replies = FakeLoop(), []

    def told(reply):  # what a transport does with a reply: show it, then let the bots go on
        replies.append(reply)
        controller.runner.schedule()

    controller.runner.attach(pause=0.25, on_reply=told, loop=lambda: loop)
    rng = random.Random(5)
    while controller.state.decision.seat == "East":
        controller.apply(rng.choice(list(controller.state.legal_actions)))
    controller.runner.schedule()
    assert [h.delay for h in loop.queue] == [0.25] and controller.runner.pending
    while loop.run_one() is not None:
        pass
    assert replies and all(r["ok"] for r in replies)
    assert any(a.startswith("Ben (bot)") for a in controller.announcements)
    assert not controller.runner.pending and controller.state.decision.seat == "West"  # a human's turn: it stops


def test_a_thinking_bot_runs_a_slice_per_loop_callback(fake_loop):
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0.5)
    board.seat("Ann", "mcts-200")  # 200 iterations: several slices of 32
    assert [h.delay for h in fake_loop.queue] == [0.5]  # the pause before the bot's action
    ply = board.state.ply
    slices = 0
    while board.state.ply == ply:
        handle = fake_loop.run_one()
        assert handle is not None
        slices += 1
        if board.state.ply == ply:  # between two slices: the loop is free, nothing is played yet
            assert board.controller.thought is not None and board.controller.thought.player == "Ann"
            assert board._panel["thinking"] == "Ann (mcts-200) is thinking…"
            assert [h.delay for h in fake_loop.queue if not h.cancelled] == [None]  # call_soon: the next slice
    assert slices >= 200 // 32
    assert board.announcements[-1].startswith("Ann (bot)") and board.controller.thought is None
    # the same action as the bot's own run to the end: slicing changes nothing
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0)
    again.seat("Ann", "mcts-200")
    again.play_bots(limit=1)
    assert again.history == board.history


@pytest.mark.parametrize("how", ["stop-bots", "stop", "seat to human", "close"])
def test_stopping_a_bot_mid_thought_drops_its_search_and_plays_nothing(fake_loop, how):
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0)
    board.seat("Ann", "mcts-200")
    fake_loop.run_one()  # the pause
    fake_loop.run_one()  # a slice more
    thought = board.controller.thought
    assert thought is not None and thought.slices == 2
    history = list(board.history)
    if how == "seat to human":
        assert board.seat("Ann", "human")["ok"]
    elif how == "close":
        board.close()
    else:
        reply = board.press(how)
        assert reply["ok"] and reply["message"].endswith("Ann's unfinished thinking is dropped: nothing was played.")
        assert board._panel["thinking"] == ""
    assert all(h.cancelled for h in fake_loop.queue)  # the next slice will not run
    while fake_loop.run_one():
        pass
    assert board.history == history
    if how != "close":
        assert board.controller.thought is None and board.state.ply == len(history)
        assert not any(a.startswith("Ann (bot)") for a in board.announcements)


def test_code_that_changes_the_position_drops_the_thought_about_the_old_one(fake_loop):
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0)
    board.seat("Ann", "mcts-200")
    fake_loop.run_one()
    old = board.controller.thought
    assert old is not None
    step = next(a for a in board.state.legal_actions if a.kind == "step")
    assert board.apply(step)["ok"]  # from code: Ann's step, played for her
    assert board.controller.thought is not old
    assert not any(a.startswith("Ann (bot)") for a in board.announcements)  # the old search played nothing
    ply = board.state.ply
    while board.state.ply == ply and fake_loop.run_one():
        pass
    # Ann's bot decides again, about the position on the board (her extras or End turn)
    assert board.state.ply == ply + 1 and board.announcements[-1].startswith("Ann (bot)")


def failing(kind: str):
    """A bot that fails the referee's checks: it raises, answers an illegal action, or thinks too long."""
    if kind == "raises":
        def broken(state, rng):
            raise RuntimeError("out of ideas")
        return broken
    if kind == "illegal":
        def cheat(state, rng):
            return "step a1"
        return cheat

    from kabetopo_nb.bots import Bot

    class Endless(Bot):  # never decides: stopped at its limit, not awaited for ever
        name, time_limit = "endless", 0.05

        def think(self, state, rng):
            while True:
                time.sleep(0.01)
                yield

    return Endless()


@pytest.mark.parametrize("kind, reason", [
    ("raises", "Ben's bot (broken) raised RuntimeError: out of ideas"),
    ("illegal", "Ben's bot (cheat) answered 'step a1', which is not a legal action here"),
    ("overrun", "Ben's bot (endless) took 0.0"),
])
def test_a_failing_bot_stops_the_bots_and_the_match_is_not_scored(kind, reason):
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"Ben": failing(kind), "Cat": "greedy"}, bot_pause=0)
    assert board.controller.unscored is None and "unscored" not in board._panel
    rng = random.Random(5)
    while board.state.decision.seat == "East":
        human_turn(board, rng)
    history = list(board.history)
    assert board.play_bots() == 0  # Ben's bot fails: nothing is played
    ctl = board.controller
    assert board.history == history and not ctl.bots_running and ctl.thought is None
    assert ctl.unscored.startswith(reason)
    if kind == "overrun":
        assert ctl.unscored.endswith("over its limit of 0.05 s")
    said = board.announcements[-1]
    assert said.startswith(f"The bots are stopped: {ctl.unscored}.") and "not scored" in said
    panel = board._panel
    assert panel["unscored"] == f"This match is not scored: {ctl.unscored}."
    assert panel["status"].startswith("Round 1 of 4 (not scored) · ")
    assert panel["headline"] == "Ben (South, bot stopped: play by hand) to play"
    # the players play on by hand; the note stays
    human_turn(board, rng)
    assert board._panel["unscored"] == panel["unscored"] and board.controller.unscored == ctl.unscored
    # the failed seat can be given another bot: the bots play on, the match stays unscored
    assert board.seat("Ben", "greedy")["ok"] and board.controller.bots_running
    board.play_bots()
    assert board.controller.unscored.startswith(reason) and "(not scored)" in board._panel["status"]


def test_a_failing_bot_on_the_kernel_s_loop_is_reported_and_the_match_to_its_end_says_not_scored(fake_loop):
    board = MatchBoard("kabetopo-2p", ["Ann", "Ben"], seed=2, rounds=4, bots={"Ben": failing("raises")}, bot_pause=0)
    rng = random.Random(3)
    while board.state.decision.seat != "West" or not board.controller.bot_due():
        human_turn(board, rng)
    fake_loop.run_one()
    assert board.controller.unscored == "Ben's bot (broken) raised RuntimeError: out of ideas"
    assert board.last_reply["ok"] is False and board.last_reply["bot_failure"] == board.controller.unscored
    assert not fake_loop.run_one()  # nothing more scheduled: the bots are stopped
    while not board.match.is_over():  # the rest of the match by hand
        if board.match.between_rounds():
            assert board.press("next-round")["ok"]
        else:
            human_turn(board, rng)
    assert board._panel["headline"].endswith("(not scored)")
    assert board.announcements[-1].endswith(f"This match is not scored: {board.controller.unscored}.")


def test_the_kernel_s_loop_answers_between_the_slices_of_a_thinking_bot():
    async def session():
        board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bot_pause=0)
        board.seat("Ann", "mcts-300")
        ticks_while_thinking = 0
        for _ in range(5000):  # another task of the same loop: a cell, a click ...
            await asyncio.sleep(0)
            if board.controller.thought is not None:
                ticks_while_thinking += 1
            if board.state.decision.seat != "East" or any(a.startswith("Ann (bot)") for a in board.announcements):
                break
        board.stop_bots()
        return board, ticks_while_thinking

    board, ticks = run_in_own_loop(session())
    assert ticks >= 3, ticks  # the loop ran other work while the search went on
    assert any(a.startswith("Ann (bot)") for a in board.announcements)


# --- what the seat picker chose and the not-scored mark survive a kernel restart ----------------
def test_the_seat_picker_s_choices_survive_a_kernel_restart(tmp_path):
    # issue 14 review: after a restart the board took the code's bots= again, so a seat the
    # room had given to mcts (or taken back by hand) silently changed hands
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path, bots={"Dan": "greedy"}, bot_pause=0)
    rng = random.Random(4)
    human_turn(board, rng)  # something played: the file exists
    assert board.seat("Ben", "mcts-20")["ok"] and board.seat("Dan", "human")["ok"]
    assert json.loads(path.read_text())["bots"] == {"Ann": "human", "Ben": "mcts-20", "Cat": "human", "Dan": "human"}
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path, bots={"Dan": "greedy"}, bot_pause=0)
    assert {p: again.controller.seat_value(p) for p in PLAYERS} == {
        "Ann": "human", "Ben": "mcts-20", "Cat": "human", "Dan": "human"}
    assert again.announcements[0].endswith("Bots: Ben: mcts-20.")
    assert [s["value"] for s in again._panel["seats"]] == ["human", "mcts-20", "human", "human"]


def test_a_match_marked_not_scored_stays_so_after_a_kernel_restart(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path,
                       bots={"Ben": failing("raises"), "Cat": "greedy"}, bot_pause=0)
    rng = random.Random(5)
    while board.state.decision.seat == "East":
        human_turn(board, rng)
    board.play_bots()
    reason = board.controller.unscored
    assert reason.startswith("Ben's bot (broken) raised") and json.loads(path.read_text())["unscored"] == reason
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path,
                       bots={"Ben": failing("raises"), "Cat": "greedy"}, bot_pause=0)
    assert again.controller.unscored == reason
    assert again._panel["unscored"] == f"This match is not scored: {reason}."
    assert "(not scored)" in again._panel["status"] and "This match is not scored" in again.announcements[0]


@pytest.mark.parametrize("field, value, where", [
    ("bots", {"Zed": "greedy"}, "$.bots"),  # no such player
    ("bots", {"Ann": "<script>"}, "$.bots"),
    ("bots", ["greedy"], "$.bots"),
    ("bots", {"Ann": 3}, "$.bots"),
    ("unscored", 5, "$.unscored"),
    ("unscored", "", "$.unscored"),
    ("unscored", "x" * 501, "$.unscored"),
])
def test_a_tampered_seat_or_not_scored_field_is_refused(tmp_path, field, value, where):
    match = Match("kabetopo-4p", PLAYERS, seed=3)
    data = match.save()
    data[field] = value
    with pytest.raises(SaveFormatError) as caught:
        Match.load(json.dumps(data))
    assert caught.value.path == where
    # on the board: the file is refused with the reason and kept, a new match starts
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path)
    assert where in board._panel["message"] and (tmp_path / "match.json.damaged-1").exists()


def test_a_saved_bot_name_that_is_no_bot_here_is_said_and_the_seat_is_played_by_hand(tmp_path):
    path = tmp_path / "match.json"
    match = Match("kabetopo-4p", PLAYERS, seed=3)
    match.bots = {"Ann": "human", "Ben": "mcts-0s", "Cat": "greedy"}
    path.write_text(match.save_json())
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path, bot_pause=0)
    assert "Ben" not in board.controller.bots and board.controller.seat_value("Cat") == "greedy"
    assert "The save says Ben is played by 'mcts-0s', which is not a bot here" in board._panel["message"]
    assert board.match.save()["history"] == match.save()["history"]  # the match itself is resumed
