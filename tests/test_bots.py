"""The seeded demo bot: legal, reproducible, and it actually finishes rounds."""
import random

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.bots import greedy_bot, play_match
from kabetopo_nb.kabetopo.match import Match


def test_bot_plays_only_legal_actions_and_is_reproducible():
    runs = []
    for _ in range(2):
        state = KabetopoState.new_round(seed=4)
        rng = random.Random(9)
        for _ in range(80):
            if state.is_terminal():
                break
            action = greedy_bot(state, rng)
            assert action in state.legal_actions
            state.apply(action)
        runs.append(state.history)
    assert runs[0] == runs[1]


def test_without_wandering_it_heads_for_the_mountain():
    state = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    action = greedy_bot(state, random.Random(0), wander=0.0)
    assert str(action) in ("step e6", "step f5")  # both take East one move nearer to c4
    after = state.copy()
    after.apply(action)
    assert after.moves_home("East") == state.moves_home("East") - 1


def test_a_bot_match_finishes_with_a_scored_ranking():
    match = play_match(Match("kabetopo-2p", ["Ann", "Bob"], seed=1), random.Random(1))
    assert match.is_over() and len(match.scores) == match.rounds
    assert sum(match.totals().values()) > 0
