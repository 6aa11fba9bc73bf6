"""Issue 23 item 9: bots do not go round for ever, and a match board of bots has the
simulations' cut-off (K-SIM-1), reported as not scored."""
from __future__ import annotations

from kabetopo_nb import MatchBoard
from kabetopo_nb.bots import make_bot
from kabetopo_nb.bots.base import REPEATS, SeenPositions, first_fresh
from kabetopo_nb.bots.referee import play_match
from kabetopo_nb.kabetopo.game import KabetopoState
from kabetopo_nb.kabetopo.match import Match


def test_two_tree_searches_no_longer_bump_each_other_for_ever():
    # the seed: before, round 4 was East and West bumping each other off c4 until
    # the cut-off (positions that differ only in the count of turns played)
    match = Match("kabetopo-2p", seed=9008)
    record = play_match(match, {p: make_bot("mcts-50") for p in match.players}, seed=9008, max_actions=600)
    assert record.scored and record.failure is None, record.failure
    assert match.is_over() and all(len(s.history) < 600 for s in match.states)


def test_a_repeated_situation_is_counted_without_the_turn_counter():
    state = KabetopoState.new_round(seed=3)
    seen = SeenPositions()
    start = seen.counts(state)[state.engine.repeat_key(state.position)]
    assert start == 1
    # the turn counter is not part of what repeats
    later = state.position.copy()
    later.turns_played += 7
    assert state.engine.repeat_key(later) == state.engine.repeat_key(state.position)
    assert state.engine.format_position(later) != state.engine.format_position(state.position)


def test_the_first_fresh_choice_skips_what_would_repeat_and_keeps_order_otherwise():
    state = KabetopoState.new_round(seed=3)
    seen = SeenPositions()
    here = state.position
    other = [a for a in state.legal_actions][0]
    after = state.position.copy()
    state.engine.play(after, other, state.ledger(why=False).outcomes[0])
    counts = seen.counts(state)
    counts[state.engine.repeat_key(here)] = REPEATS  # as if play had come back here twice
    assert first_fresh(state, seen, ["back", "on"], lambda c: here if c == "back" else after) == "on"
    assert first_fresh(state, seen, ["on", "back"], lambda c: here if c == "back" else after) == "on"
    assert first_fresh(state, seen, ["back"], lambda c: here) == "back"  # nothing else: it may repeat


def test_the_counts_follow_undo_and_a_new_line_of_play():
    state = KabetopoState.new_round(seed=5)
    seen = SeenPositions()
    for action in list(state.legal_actions)[:1]:
        state.apply(action)
    key = state.engine.repeat_key(state.position)
    assert seen.counts(state)[key] == 1
    assert seen.counts(state)[key] == 1 and sum(seen.counts(state).values()) == state.ply + 1  # asked again: not counted twice
    state.undo()
    assert seen.counts(state)[key] == 0  # rebuilt: the undone position is no longer in the game


def test_a_match_board_of_bots_is_cut_off_and_not_scored():
    board = MatchBoard("kabetopo-4p", ["Ann", "Ben", "Cat", "Dan"], seed=4, bot_pause=0,
                       bots={p: "random" for p in ["Ann", "Ben", "Cat", "Dan"]})
    board.controller.max_actions = 40
    board.play_bots()
    ctl = board.controller
    assert board.state.ply == 40 and not board.match.between_rounds()
    assert not ctl.bots_running and "K-SIM-1" in (ctl.unscored or "")
    assert "cut off after 40 actions (K-SIM-1)" in board._panel["message"]
    assert "not scored" in board._panel["status"]
    # letting the bots play again meets the same cut-off, and says so again
    assert board.press("start-bots")["ok"]
    board.play_bots()
    assert board.state.ply == 40 and not ctl.bots_running
