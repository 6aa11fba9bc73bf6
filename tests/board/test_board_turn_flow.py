"""The board in a workshop room (issue 11): turn flow without traps, nothing lost.

Driven from Python through the same intents the front end sends (``board.click``,
``board.press``); the real-browser versions are in ``tests/browser/test_board_workshop.py``.
Each test is one of the issue's bugs, or a piece of "nothing lost" and "why not?".
"""
from __future__ import annotations

import pytest

from kabetopo_nb import DakapoBoard, KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.geometry import square_name

from test_widget import lit, snapshot

START = "runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E"
TELEPORT = "lines=P*b5e,P*e2n;runners=Eb5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E"
# East on b4 below North's runner on b5: a leapfrog lands on b6
LEAP = "runners=Eb4,Sf1,Wa1,Nb5;pools=E:w0m0p0l0s0;turn=E"


# --- bug 2: undo at the start of a round ---------------------------------------------------


def test_undo_never_takes_back_a_setup_roll():
    board = KabetopoBoard(seed=3)  # a new round: its eight d12 rolls are in the history
    assert all(a.kind == Kind.ROLL for a in board.state.history)
    before = snapshot(board)
    reply = board.press("undo")
    assert reply["ok"] is False and reply["refusal"]["rulings"] == ["K-SETUP-3"]
    assert snapshot(board) == before
    assert not {b["id"]: b for b in board._panel["groups"][0]["buttons"]}["undo"]["enabled"]
    # scrubbing back into the setup is refused the same way
    assert board.press("goto", 3)["ok"] is False
    assert snapshot(board) == before and board._panel["first_ply"] == 8
    # a move made after the setup can be taken back, down to the start of play
    board.click("sq:f5")
    assert board.press("undo")["ok"] is True
    assert board.press("undo")["ok"] is False
    assert board.state.position == before[2] and len(board.history) == 8


# --- bug 3: Edit position -> Play from here ----------------------------------------------


def test_play_from_an_edited_position_refuses_an_invalid_one():
    board = KabetopoBoard(START)
    board.click("sq:f5")
    game = board.state
    board.press("edit")
    board.press("tool:wall")
    for line in ("f5n", "e5e", "f4n"):  # wall East's runner in on f5: K-INV-1 forbids it
        board.click(f"ln:{line}")
    reply = board.press("edit-done")
    assert reply["ok"] is False and "K-INV-1" in reply["refusal"]["rulings"]
    assert board.controller.editor is not None  # still editing, the game untouched
    assert board.state is game and board.history == ["step f5"]


def test_play_from_an_edited_position_keeps_the_game_it_replaces():
    board = KabetopoBoard(START)
    board.click("sq:f5")
    board.press("end")
    played = board.state.to_text()
    board.press("edit")
    board.press("tool:wall")
    board.click("ln:c3n")
    reply = board.press("edit-done")
    assert reply["ok"] is True and "kept" in reply["message"]
    assert board.history == [] and "Wc3n" in board.position
    buttons = {b["id"]: b for b in board._panel["groups"][0]["buttons"]}
    assert buttons["other-line"]["label"] == "Back to the game before editing"
    assert board.press("other-line")["ok"] is True
    assert board.state.to_text() == played and board.history == ["step f5", "end"]
    # and forth again: the edited position is the other line now
    board.press("other-line")
    assert "Wc3n" in board.position


# --- bug 4: the next player gets a nonsense refusal --------------------------------------


@pytest.mark.parametrize("square, seat", [("f1", "South"), ("a1", "West"), ("a6", "North")])
def test_another_players_runner_clicked_during_an_open_turn_says_whose_turn_it_is(square, seat):
    board = KabetopoBoard(START)
    board.click("sq:f5")  # East moved; its turn stays open (speed token, end)
    before = snapshot(board)
    reply = board.click(f"sq:{square}")
    assert reply["ok"] is False and reply["refusal"]["rulings"] == ["K-TURN-5"]
    reason = reply["refusal"]["reason"]
    assert reason.startswith(f"it is East's turn, not {seat}'s")
    assert "speed token" in reason and "end the turn" in reason
    assert "leapfrog" not in reason and "orthogonally" not in reason
    assert snapshot(board) == before


def test_the_headline_says_whose_turn_and_what_is_left():
    board = KabetopoBoard(START)
    assert board._panel["headline"] == "East to play: make a move or drop a piece"
    board.click("sq:f5")
    assert board._panel["headline"] == "East to play: use the speed token or end the turn (End turn)"
    board.press("end")
    assert board._panel["headline"].startswith("South to play")


# --- bug 5: the speed token is never spent silently ------------------------------------


def test_a_square_only_the_speed_token_reaches_is_not_taken_by_a_plain_click():
    board = KabetopoBoard(START)
    board.click("sq:f5")
    speed = {square_name(a.destination) for a in board.state.legal_actions if a.speed}
    assert "e5" in speed and lit(board, "speed") == speed
    assert not lit(board, "move")  # no bonus move: every lit square needs the token
    before = snapshot(board)
    reply = board.click("sq:e5")
    assert reply["ok"] is False and reply["refusal"]["rulings"] == ["K-TURN-3"]
    assert "Speed token" in reply["refusal"]["reason"]
    assert snapshot(board) == before and board.state.position.pools[0][4] == 1
    board.press("speed")
    assert board.click("sq:e5")["ok"] is True
    assert board.history == ["step f5", "speed step e5"]


def test_leapfrog_targets_are_drawn_apart_from_steps():
    board = KabetopoBoard(LEAP)
    board.click("sq:b4")  # select East
    assert "b6" in lit(board, "leap")  # over North on b5
    assert "b6" not in lit(board, "move") and {"a4", "c4", "b3"} & lit(board, "move")


# --- bug 6: rewinding then clicking -------------------------------------------------------


def test_acting_from_a_rewound_point_keeps_the_rest_of_the_game():
    board = KabetopoBoard(START)
    for target in ("sq:f5", None, "sq:f2", None):
        board.click(target) if target else board.press("end")
    full = board.state.to_text()
    board.press("goto", 1)  # back to after East's step
    reply = board.press("speed")
    reply = board.click("sq:e5")
    assert reply["ok"] is True and "kept" in reply["message"]
    assert board.history == ["step f5", "speed step e5"]
    assert board.press("other-line")["ok"] is True
    assert board.state.ply == 1 and len(board.state.redo_actions) == 3  # as it was left
    board.press("goto", 4)
    assert board.state.to_text() == full


# --- bug 7: the board announces scoring ----------------------------------------------------


def test_a_first_stone_and_a_tadaima_are_announced():
    # East one step from the Mountain with its stone to take, then home
    board = KabetopoBoard("runners=Ec5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E")
    reply = board.click("sq:c4")
    assert "First Stone! East +2" in reply["message"]  # 4-player: 2 points (Rules v4.0 scoring)
    assert board._panel["announcements"] == ["First Stone! East +2"]
    home = KabetopoBoard("runners=Eb1+1,Sf1,Wa1,Na6;stones=3;order=E;pools=E:w0m0p0l0s0;turn=E")
    reply = home.click("sq:a1")
    assert "Tadaima! East is home on a1, 1st place" in reply["message"]
    assert any(a.startswith("Tadaima! East") for a in home._panel["announcements"])


# --- "why not?" on the board ----------------------------------------------------------------


def test_a_line_that_offers_nothing_lists_the_verdict_of_every_option_there():
    board = KabetopoBoard("runners=Ef6,Sf1,Wa1,Na6;lines=Wc4n,Wc4e;pools=E:w3m0p0l0s1;turn=E")
    reply = board.click("ln:b4e")  # East holds only walls; a third by the Mountain: K-INV-1 (c)
    assert reply["ok"] is False
    answers = board._panel["options_at"]
    assert answers and all(not a["legal"] for a in answers)
    assert any(a["action"] == "wall b4e" and "K-INV-1" in a["rulings"] for a in answers)
    assert answers == [{"action": str(a), "legal": v.legal, "rulings": list(v.rulings), "reason": v.reason}
                       for a, v in board.state.options_at("b4e")]


def test_a_line_with_fewer_drops_than_the_pool_holds_says_why_the_others_are_missing():
    board = KabetopoBoard("runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E")
    reply = board.click("ln:a1n")  # a corner's line: no portal there (K-INV-2)
    assert reply["ok"] is True
    missing = {a["action"]: a for a in board._panel["options_at"]}
    assert "portal a1n" in missing and "K-INV-2" in missing["portal a1n"]["rulings"]


# --- exit and bump choices can be backed out of ---------------------------------------------


def test_back_out_of_an_exit_choice():
    board = KabetopoBoard(TELEPORT)
    board.click("sq:b5")
    board.click("act:teleport b5e")
    assert board.state.position.phase == "exit"
    assert {b["id"] for b in board._panel["groups"][0]["buttons"]} >= {"back"}
    assert board.press("back")["ok"] is True
    assert board.state.position.phase == "main" and board.history == []


# --- bug 11: Dakapo's new game -----------------------------------------------------------------


def test_dakapo_new_game_keeps_the_previous_game():
    board = DakapoBoard()
    board.apply(next(iter(board.state.legal_actions)))
    played = board.state.to_text()
    reply = board.press("new")
    assert reply["ok"] is True and board.history == []
    assert board.press("other-line")["ok"] is True
    assert board.state.to_text() == played and len(board.history) == 1


def test_the_state_behind_a_board_is_a_kabetopo_state():
    assert isinstance(KabetopoBoard(START).state, KabetopoState)


# --- every ruling ID on show can be read -----------------------------------------------------


def test_the_panel_carries_the_reference_entry_of_every_ruling_id_shown():
    from kabetopo_nb.reference import ruling_card

    board = KabetopoBoard("runners=Ef6,Sf1,Wa1,Na6;lines=Wc4n,Wc4e;pools=E:w3m0p0l0s1;turn=E")
    board.click("sq:d4")
    assert board._panel["rulings_text"] == {"K-MOVE-1": ruling_card("K-MOVE-1")}
    board.click("ln:b4e")  # the "why not here?" answers bring their IDs too
    shown = set(board._panel["refusal"]["rulings"]) | {r for a in board._panel["options_at"] for r in a["rulings"]}
    assert set(board._panel["rulings_text"]) == shown
    board.click("sq:f5")  # a legal move: no refusal, no entries
    assert board._panel["rulings_text"] == {}
