"""Issue 25, what a referee reads: the Unseen Path says why it gives its points, and a
match length that the rules do not allow is refused citing the ruling that sets it."""
from __future__ import annotations

import pytest

from kabetopo_nb.core.verdict import RulesOptionError
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.notation import parse_position
from kabetopo_nb.kabetopo.scoring import describe, score_round

# East home on f6 with both stones; West holds both stones too, on b3
OVER = "rules=kabetopo-2p;runners=Ef6+2,Wb3+2;stones=0,0;homes=Ef6;phase=over"
WALLED = ";lines=Wb3n,Wb3e,Wb2n,Wa3e"  # ... and walled in on b3: it can never get home


def unseen_path_line(text: str) -> str:
    return next(line for line in describe(score_round(parse_position(text))) if line.startswith("Unseen Path"))


def test_an_opponent_with_both_stones_who_cannot_get_home_is_not_before_its_second_stone():
    line = unseen_path_line(OVER + WALLED)
    assert line == "Unseen Path: East +3 (the opponent could not get home any more)"
    assert "second stone" not in line


def test_an_opponent_with_both_stones_on_its_way_home_is_counted_in_moves():
    assert unseen_path_line(OVER) == "Unseen Path: East +2 (the opponent was 4 moves from home)"


def test_an_opponent_before_its_second_stone_is_said_so():
    assert unseen_path_line(OVER.replace("Wb3+2", "Wb3+1")) == "Unseen Path: East +3 (before the opponent's second stone)"


def test_a_match_length_the_rules_do_not_allow_cites_the_ruling_that_sets_it():
    with pytest.raises(RulesOptionError, match=r"kabetopo-2p is played over 4 or 6 rounds, not 2 \(K-MATCH-2\)"):
        Match("kabetopo-2p", ["Ann", "Ben"], rounds=2)
    assert Match("kabetopo-2p", ["Ann", "Ben"], rounds=6).rounds == 6
