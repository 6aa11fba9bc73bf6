"""Tree-search budgets a Binder session can hold (issue item 8).

A tree search keeps ~5 KB an iteration (``benchmarks/bench_mcts_memory.py``): a budget
past ``MAX_ITERATIONS`` or ``MAX_SECONDS`` is refused, with the limit in the message, by
``make_bot`` and ``MCTSBot`` alike, and so by every door a name comes in by (a seat
message, a match save's bots, ``Study(bots=...)``, a study file); and the tree itself
stops at ``max_nodes`` whatever the budget, while ``think`` keeps yielding so Stop works.
"""
from __future__ import annotations

import json
import random
import time

import pytest

import kabetopo_nb.bots as bots_module
from kabetopo_nb.bots import MAX_ITERATIONS, MAX_NODES, MAX_SECONDS, MCTSBot, make_bot
from kabetopo_nb.bots import mcts as mcts_module
from kabetopo_nb.core.verdict import SettingError, StudyFileError
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.match import Match

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def test_the_limits_fit_a_binder_session():
    # ~5 KB a node (4.8-5.3 KB measured in 4-player openings): the caps keep a tree near
    # 100 MB (iterations) and under ~270 MB (nodes), in a session of 1-2 GB
    assert MAX_ITERATIONS * 5_300 <= 110 * 2**20
    assert MAX_NODES * 5_300 <= 270 * 2**20
    assert 1 <= MAX_SECONDS <= 10


@pytest.mark.parametrize("name, words", [
    ("mcts-9999999", "at most 20,000 iterations"),
    (f"mcts-{MAX_ITERATIONS + 1}", "at most 20,000 iterations"),
    ("mcts-" + "9" * 5000, "at most 20,000 iterations"),  # int() of 5,000 digits would raise a bare ValueError
    ("mcts-600s", "at most 10 seconds"),
    ("mcts-10.5s", "at most 10 seconds"),
], ids=["mcts-9999999", "mcts-20001", "mcts-5000 digits", "mcts-600s", "mcts-10.5s"])
def test_make_bot_refuses_a_budget_a_session_cannot_hold(name, words, monkeypatch):
    built = []
    monkeypatch.setattr(bots_module, "MCTSBot", lambda *a, **k: built.append((a, k)))
    with pytest.raises(SettingError, match=words) as refused:
        make_bot(name)
    assert "asks for too much" in str(refused.value) and len(str(refused.value)) < 300
    assert isinstance(refused.value, ValueError) and built == []  # refused before any bot is made


def test_the_largest_budgets_are_accepted():
    assert make_bot(f"mcts-{MAX_ITERATIONS}").iterations == MAX_ITERATIONS
    assert make_bot(f"mcts-{MAX_SECONDS:g}s").seconds == MAX_SECONDS
    assert make_bot("mcts-0.5s").seconds == 0.5 and make_bot("mcts-1.000000000000000000000s").seconds == 1.0


@pytest.mark.parametrize("kwargs", [{"iterations": 9_999_999}, {"iterations": MAX_ITERATIONS + 1},
                                    {"seconds": 600}, {"seconds": MAX_SECONDS + 0.001},
                                    {"iterations": 10, "max_nodes": MAX_NODES + 1}, {"iterations": 10, "max_nodes": 0},
                                    {"iterations": 10, "max_nodes": True}])
def test_the_constructor_refuses_them_too(kwargs):
    with pytest.raises(SettingError, match="at most|from 1 to"):
        MCTSBot(**kwargs)


def _think(bot, state, seed=0):
    """Run ``think`` a slice at a time: (action, slices, the longest slice in seconds)."""
    thinking = bot.think(state, random.Random(seed))
    slices, longest, last = 0, 0.0, time.perf_counter()
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value, slices, longest
        now = time.perf_counter()
        slices, longest, last = slices + 1, max(longest, now - last), now


def test_the_tree_stops_at_max_nodes_and_plays_its_best_action_so_far():
    state = KabetopoState.new_round("kabetopo-4p", seed=8)
    bot = MCTSBot(2_000, stop_early=False, max_nodes=150)
    action, slices, _ = _think(bot, state)
    assert action in state.legal_actions and bot.last_full and bot.last_nodes == 150
    assert bot.last_iterations < 2_000 and slices >= 2  # it still thought in slices
    assert action == bot(state, random.Random(0))  # and the same seed gives the same action
    tiny = MCTSBot(100, max_nodes=1)  # room for the root alone: the best first of the ordered actions
    assert tiny(state, random.Random(0)) in state.legal_actions and tiny.last_full and tiny.last_nodes == 1


def test_a_bot_changed_after_it_was_made_still_never_grows_past_the_caps(monkeypatch):
    # the caps hold in the search itself, not only in the constructor (smaller caps here, to be quick)
    state = KabetopoState.new_round("kabetopo-4p", seed=8)
    bot = MCTSBot(50, stop_early=False)
    bot.iterations, bot.max_nodes = 10**9, 10**9
    monkeypatch.setattr(mcts_module, "MAX_NODES", 120)
    assert bot(state, random.Random(0)) in state.legal_actions
    assert bot.last_full and bot.last_nodes == 120
    monkeypatch.setattr(mcts_module, "MAX_NODES", 10**6)
    monkeypatch.setattr(mcts_module, "MAX_ITERATIONS", 70)
    bot.max_nodes = 10**6
    bot(state, random.Random(0))
    assert bot.last_iterations == 70 and not bot.last_full


def test_at_the_largest_time_budget_think_yields_regularly_so_stop_works():
    state = KabetopoState.new_round("kabetopo-4p", seed=8)
    thinking = make_bot(f"mcts-{MAX_SECONDS:g}s").think(state, random.Random(0))
    started = last = time.perf_counter()
    longest = 0.0
    slices = 0
    while time.perf_counter() - started < 0.6:  # a board's Stop: it stops asking for slices
        next(thinking)
        now = time.perf_counter()
        slices, longest, last = slices + 1, max(longest, now - last), now
    thinking.close()
    assert slices >= 5 and longest < 0.5, (slices, longest)


# --- every door a bot's name comes in by ------------------------------------------------------
def test_a_forged_seat_message_asking_too_much_is_refused_with_the_limit():
    from kabetopo_nb import MatchBoard

    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, bots={"Dan": "greedy"}, bot_pause=0)
    before = dict(board.controller.bots)
    for value in ("mcts-9999999", "mcts-600s"):
        reply = board._intent({"type": "intent", "id": 4, "kind": "button", "button": "seat:Ann", "value": value})
        assert not reply["ok"] and "asks for too much" in reply["error"], reply
    assert dict(board.controller.bots) == before


def _save_naming(tmp_path, bots):
    match = Match("kabetopo-4p", PLAYERS, seed=3)
    match.bots = bots
    path = tmp_path / "match.json"
    path.write_text(match.save_json())
    return path, match


def test_a_save_naming_a_huge_budget_resumes_with_that_seat_played_by_hand(tmp_path, monkeypatch):
    from kabetopo_nb.play.match_seats import bots_from_save

    path, _ = _save_naming(tmp_path, {"Ann": "human", "Ben": "mcts-9999999", "Cat": "greedy"})
    built = []
    real = bots_module.MCTSBot
    monkeypatch.setattr(bots_module, "MCTSBot", lambda *a, **k: built.append((a, k)) or real(*a, **k))
    saved = Match.load(json.loads(path.read_text()))
    seated, problems = bots_from_save(saved, {})
    assert "Ben" not in seated and seated["Cat"].name == "greedy"
    assert len(problems) == 1 and "Ben is played by hand" in problems[0] and "asks for too much" in problems[0]
    assert built == []  # the bot was never made


def test_a_board_resuming_that_save_plays_the_seat_by_hand(tmp_path):
    from kabetopo_nb import MatchBoard

    path, match = _save_naming(tmp_path, {"Ann": "human", "Ben": "mcts-600s", "Cat": "greedy"})
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path, bot_pause=0)
    assert "Ben" not in board.controller.bots and board.controller.seat_value("Cat") == "greedy"
    assert "The save says Ben is played by 'mcts-600s'" in board._panel["message"]
    assert "at most 10 seconds" in board._panel["message"]
    assert board.match.save()["history"] == match.save()["history"]  # the match itself is resumed


@pytest.mark.parametrize("bots", ["mcts-9999999", ["mcts-600s", "greedy"], {"East": "greedy", "West": "mcts-20001"}])
def test_a_study_refuses_them_before_anything_runs(bots):
    from kabetopo_nb.lab import Study

    with pytest.raises(SettingError, match="asks for too much"):
        Study("kabetopo-2p", bots=bots, rounds=3)


def test_a_study_description_naming_one_is_refused():
    from kabetopo_nb.lab import Study

    # load_study reads a file's description with from_json (tests/bots_lab/test_study_files.py)
    text = Study("kabetopo-2p", bots="greedy", rounds=3).to_json().replace('"greedy"', '"mcts-9999999"')
    with pytest.raises(StudyFileError, match="asks for too much"):
        Study.from_json(text)
