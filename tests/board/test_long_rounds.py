"""Issue 23 item 12: a board's per-action work does not grow with the history.

A click on a board with a long history must not read the whole history (the panel lists
the moves around the current one; the page is not sent the history after every action).
Timings live in ``benchmarks/bench_long_round.py``; here the structure is checked.
"""
from __future__ import annotations

import random

import pytest

from kabetopo_nb import DakapoBoard, KabetopoBoard
from kabetopo_nb.core.state import GameState
from kabetopo_nb.kabetopo.game import KabetopoState
from kabetopo_nb.play.base import MOVES_AFTER, MOVES_BEFORE


def long_state(min_plies: int) -> KabetopoState:
    """Seeded random play of 4-player rounds, continuing a round until it is over, as long
    as the history is shorter than ``min_plies`` (a round that ends is played again from
    the start of a new one, keeping the longest)."""
    best = None
    for seed in range(200):
        rng = random.Random(seed)
        state = KabetopoState.new_round(seed=seed)
        while not state.is_terminal() and state.ply < min_plies:
            state.apply(rng.choice(list(state.legal_actions)))
        if best is None or state.ply > best.ply:
            best = state
        if best.ply >= min_plies:
            break
    assert best is not None and best.ply > MOVES_BEFORE + 20, best.ply if best else None
    return best


@pytest.fixture(scope="module")
def long_board():
    state = long_state(MOVES_BEFORE + 60)
    for _ in range(MOVES_AFTER + 10):  # some undone moves too
        state.undo()
    return KabetopoBoard(state)


def test_the_move_list_holds_the_moves_around_the_current_one(long_board):
    panel = long_board._panel
    state = long_board.state
    moves = panel["moves"]
    assert panel["ply"] == state.ply and panel["total"] == state.ply + len(state.redo_actions)
    assert len(moves) == MOVES_BEFORE + MOVES_AFTER
    assert moves[0]["ply"] == state.ply - MOVES_BEFORE + 1 and moves[MOVES_BEFORE - 1]["current"]
    assert [m["text"] for m in moves[:MOVES_BEFORE]] == [a.words for a in state.history[-MOVES_BEFORE:]]
    assert [m["text"] for m in moves[MOVES_BEFORE:]] == [a.words for a in state.redo_actions[:MOVES_AFTER]]
    assert all(m["undone"] for m in moves[MOVES_BEFORE:])


def test_a_click_and_a_redraw_never_read_the_whole_history(long_board, monkeypatch):
    board = long_board
    reads = []
    whole = GameState.history

    def counted(self):
        reads.append(self.ply)
        return whole.fget(self)

    monkeypatch.setattr(GameState, "history", property(counted))
    state = board.state
    action = state.redo_actions[0]
    assert board.press("redo")["ok"] and board.state.history[-1] == action
    reads.clear()
    mover = board.state.position.runners[board.state.position.turn]
    from kabetopo_nb.kabetopo.geometry import square_name

    board.click(f"sq:{square_name(mover)}")
    board.press("undo")
    board.refresh()
    assert reads == [], f"the whole history was read {len(reads)} times for one click"
    assert "history" not in board.keys  # and it is not sent to the page


def test_other_games_list_a_window_too():
    board = DakapoBoard(size=4)
    rng = random.Random(2)
    while not board.state.is_terminal():
        board.apply(rng.choice(list(board.state.legal_actions)))
    assert len(board._panel["moves"]) == min(board.state.ply, MOVES_BEFORE)


def test_a_match_board_click_never_reads_the_whole_history(monkeypatch):
    """The match board's panel (scoresheet, moves, buttons) reads the round's last actions
    only: a long round costs no more per action to show (issue 23 item 12; the autosave's
    share is checked in test_autosave_file.py)."""
    from kabetopo_nb.kabetopo.match import Match
    from kabetopo_nb.play.match_controller import MatchController
    from kabetopo_nb.widget import BoardWidget

    loop = ["step f5", "end", "step a2", "end", "step f6", "end", "step a1", "end"]  # seed 1, back and forth
    match = Match("kabetopo-2p", ["Ann", "Ben"], seed=1, auto_next=False)
    for i in range(800):
        match.apply(loop[i % len(loop)])
    board = BoardWidget(MatchController(match), bot_pause=0)
    reads = []
    whole = GameState.history
    monkeypatch.setattr(GameState, "history", property(lambda self: reads.append(self.ply) or whole.fget(self)))
    for i in range(8):
        assert board.apply(loop[i])["ok"]
    assert reads == [], f"the whole history was read {len(reads)} times in 8 actions"
    assert board._panel["scoresheet_html"] and len(board._panel["moves"]) == MOVES_BEFORE
