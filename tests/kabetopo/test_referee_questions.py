"""What a referee asks the engine (issue 25, items 12, 13, 14, 16 and 17).

* 12 (KNB-16): every verdict names the seat and the decision it judged; ``seat=`` asks about
  a seat whose decision it is not (its next turn, on the board as it stands), ``ply=``
  rewinds to a decision already taken.
* 13: ``tiebreakers.rank_results`` ranks results typed in by hand by every ruleset's chain
  and says which step decided each pair; ``Match`` ranks through the same code, and
  notebook 17's ``hand_scored`` uses it.
* 14: a legal verdict lists what the action brings about (a stone, First/Second Stone,
  Halfway Home, Tadaima and its place, a bump and where the bumped runner may go).
* 16: ``c4|c5`` for a line wherever a line is read; a door move named by its line alone is
  refused with the forms that work; a runner already shut in is said to be (K-INV-5, KNB-11).
* 17 (KNB-17): ``problems()`` does not count pools left at their defaults; a Mischief turn
  is announced as Mischief.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kabetopo_nb.core.verdict import NotationError, RulesOptionError, ScoringError, SettingError
from kabetopo_nb.kabetopo import KabetopoState, parse_line, parse_position
from kabetopo_nb.kabetopo.actions import Action
from kabetopo_nb.kabetopo.geometry import parse_side, side_name
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import Rules
from kabetopo_nb.kabetopo.scoring import LINES, TADAIMA
from kabetopo_nb.kabetopo.status import status_line
from kabetopo_nb.kabetopo.tiebreakers import CHAINS, rank_results

from helpers import state

ROOT = Path(__file__).resolve().parents[2]
OPEN = "runners=Ef6,Sf1,Wa1,Na6"

# --- 12: whose verdict is it? (KNB-16) ---------------------------------------------------------


def test_after_a_turn_ends_the_verdict_says_it_judged_the_next_seat():
    s = state(f"{OPEN};pools=E:w3m1p1l1s0,S:w3m1p1l1s0,W:w0m1p1l1s0,N:w3m1p1l1s0;turn=S")
    s.apply("step e1")  # South has no speed token: the step ends its turn
    verdict = s.explain("wall e2n")
    assert (verdict.seat, verdict.decision) == ("West", "main action")
    assert str(verdict).startswith("West, main action: illegal (K-TURN-1)")
    assert not verdict.legal  # West has no walls; South would have


def test_seat_asks_about_a_seat_at_the_start_of_its_next_turn_on_this_board():
    s = state(f"{OPEN};pools=E:w3m1p1l1s0,S:w3m1p1l1s0,W:w0m1p1l1s0,N:w3m1p1l1s0;turn=W")
    assert not s.explain("wall e2n").legal  # West's own decision
    south = s.explain("wall e2n", seat="S")
    assert south.legal and south.seat == "South"
    assert south.decision == "main action of its next turn, on the board as it stands"
    assert str(south).startswith("South, main action of its next turn, on the board as it stands: legal")
    # the seat deciding is judged as it stands, named either way
    assert s.explain("wall e2n", seat="West") == s.explain("wall e2n")
    assert s.to_text() == state(f"{OPEN};pools=E:w3m1p1l1s0,S:w3m1p1l1s0,W:w0m1p1l1s0,N:w3m1p1l1s0;"
                                "turn=W").to_text()  # nothing changed


def test_seat_during_another_seats_extras_ends_that_turn_first():
    # West bumped this turn under King of the Mountain (K-TURN-6): South's next turn comes
    # directly after it, so South may not bump in turn; the bonus West still has is given up
    text = ("rules=kabetopo-4p+king-of-the-mountain;runners=Ef6,Sc5,Wc4+1,Nd4;order=W;stones=3;turn=W;"
            "phase=extras;flags=gmb;pools=W:w3m1p1l1s1")
    s = state(text)
    assert s.decision.kind == "extras"
    verdict = s.explain("step c4", seat="S")
    assert not verdict.legal and "K-TURN-6" in verdict.rulings
    assert verdict.decision.startswith("main action of its next turn")
    # without the bump this turn, South may go up and bump
    assert s.explain("step c4", seat="S").seat == "South"
    assert state(text.replace("flags=gmb", "flags=gm")).explain("step c4", seat="S").legal


def test_seat_that_takes_no_more_turns_is_told_so():
    s = state("runners=Ef1+1,Sc3,Wa1,Na6;order=E;stones=3;homes=Ef1;turn=S")
    verdict = s.explain("wall c3n", seat="E")
    assert not verdict.legal and verdict.rulings == ("K-TURN-5", "K-ROUND-1")
    assert "takes no more turns" in verdict.reason and verdict.seat == "East"
    mischief = state("rules=kabetopo-mp-v3+mischief;runners=Ef1+1,Sc3,Wa1,Na6;order=E;stones=3;homes=Ef1;turn=S;"
                     "stopped=E")
    assert mischief.explain("wall c3n", seat="E").rulings == ("KNB-8",)


def test_seat_cannot_be_asked_while_a_move_is_under_way_or_during_the_setup():
    s = state("runners=Ec5,Sc4+1,Wa1,Na6;order=S;stones=3;turn=E")
    s.apply("step c4")  # bumps South: East chooses where South's runner goes
    assert s.decision.kind == "bump destination"
    with pytest.raises(SettingError, match="East's decision \\(bump destination\\)"):
        s.explain("wall e2n", seat="W")
    assert s.explain("bump d4", seat="E").legal  # the seat deciding is asked as usual
    with pytest.raises(SettingError, match="being set up"):
        KabetopoState.before_setup().explain("wall e2n", seat="S")
    with pytest.raises(RulesOptionError, match="does not play"):
        state("rules=kabetopo-3p;runners=Ef6,Sf1,Wa1").explain("wall e2n", seat="N")


def test_ply_rewinds_to_a_decision_already_taken_without_changing_the_state():
    s = state(f"{OPEN};pools=E:w3m1p1l1s0,S:w3m1p1l1s0,W:w0m1p1l1s0,N:w3m1p1l1s0;turn=S")
    before = s.explain("wall e2n")
    s.apply("step e1")
    began = s.turn_began("S")
    assert began == 0 and s.turn_began("N") is None
    assert s.explain("wall e2n", ply=began) == before and s.ply == 1
    assert s.explain("wall e2n", seat="S", ply=began) == before
    last = s.last_verdict()
    assert (last.seat, last.decision) == ("South", "main action")
    assert "South's turn ends; West plays next (main action)." in last.consequences


# --- 13: tiebreakers on results written by hand -----------------------------------------------


PLAYERS = {2: ["A", "B"], 3: ["A", "B", "C"], 4: ["A", "B", "C", "D"]}


def typed_from(match: Match) -> list[dict]:
    """The match's scoresheet typed in by hand: every line, the Tadaima places, and the
    resources left after the final round."""
    rounds = []
    for r, score in enumerate(match.scores):
        places = {t.seat: t.place for t in score.tadaima}
        rnd = {}
        for p in match.players:
            seat = match.seat_of(p, r)
            row = {line: score.line(line, seat) for line in LINES if score.line(line, seat)}
            if seat in places:
                row["place"] = places[seat]
            if r == len(match.scores) - 1:
                row["resources"] = score.resources[seat]
            rnd[p] = row
        rounds.append(rnd)
    return rounds


@pytest.mark.parametrize("name", ["kabetopo-4p", "kabetopo-3p", "kabetopo-2p", "kabetopo-2p-interim",
                                  "kabetopo-mp-v3", "kabetopo-mp-v3-3p"])
def test_results_typed_from_a_scoresheet_rank_as_the_match_does(name):
    from test_match import play_match

    rules = Rules.named(name)
    match = play_match(Match(name, PLAYERS[rules.players], seed=7), seed=7)
    ranking = rank_results(name, typed_from(match), players=match.players)
    assert ranking.standings() == match.standings() and ranking.winner() == match.winner()
    assert ranking.chain == rules.tiebreakers and ranking.totals() == match.totals()
    # by round scores alone, the same totals
    scores_only = [{p: match.round_total(p, r) for p in match.players} for r in range(len(match.scores))]
    assert rank_results(name, scores_only, players=match.players).totals() == match.totals()


TIED = [{"Ann": {"Tadaima": 3, "place": 1}, "Ben": {"Tadaima": 2, "place": 3}},
        {"Ann": {"Tadaima": 2, "place": 2}, "Ben": {"Tadaima": 3, "place": 1}}, {}, {}]


@pytest.mark.parametrize("name, winner, step", [
    ("kabetopo-4p", "Ben", "Natural Tadaimas"),  # v4.0 goes from first places to naturals
    ("kabetopo-mp-v3", "Ann", "1st, then 2nd, then 3rd place Tadaimas"),  # v3.0 counts second places first
])
def test_the_same_typed_results_are_ranked_by_each_chain_and_the_step_is_named(name, winner, step):
    ranking = rank_results(name, TIED, players=["Ann", "Ben", "Cat", "Dan"], resources={"Cat": 2, "Dan": 1})
    decided = ranking.decided("Ann", "Ben")
    assert ranking.winner() == winner and decided.ahead == winner and decided.step == step
    assert decided.level[0] == ("total", 5) and f"by {step}" in str(decided)
    assert [(s.players, s.decided_by) for s in ranking.standings()][2:] == [(("Cat",), "resources after the "
                                                                             "final round"), (("Dan",), "resources "
                                                                             "after the final round")]
    assert step in ranking.explain()
    assert [(p.ahead, p.behind) for p in ranking.pairs()][:1] == [(winner, "Ben" if winner == "Ann" else "Ann")]


def test_two_player_v2_chain_on_typed_results():
    # level on the total and round scores; v2.0 compares Tadaima plus Halfway Home first
    rounds = [{"A": {"First Stone": 1, "Halfway Home": 2, "Second Stone": 1, "Tadaima": 3}, "B": {"Preservation": 1}},
              {"A": {"Preservation": 1}, "B": {"First Stone": 1, "Tadaima": 4, "natural": True, "Unseen Path": 2}},
              {}, {"A": {"resources": 3}, "B": {"resources": 3}}]
    ranking = rank_results("kabetopo-2p", rounds)
    assert ranking.totals() == {"A": 8, "B": 8}
    decided = ranking.decided("A", "B")
    assert (decided.ahead, decided.step, decided.values) == ("A", "Tadaima plus Halfway Home points", (5, 4))


def test_typed_results_are_checked_against_the_scoring_table():
    players = {"players": ["A", "B", "C", "D"]}
    with pytest.raises(ScoringError, match="First Stone 1: under the v4.0 scoring it is worth 0 or 2"):
        rank_results("kabetopo-4p", [{"A": {"First Stone": 1}}], **players)
    with pytest.raises(ScoringError, match="give its place"):
        rank_results("kabetopo-4p", [{"A": {"Tadaima": 3}}], **players)
    with pytest.raises(ScoringError, match="Tadaima 4 for place 2: under the v4.0 scoring that place is worth 2, "
                                           "or 3 when natural"):
        rank_results("kabetopo-4p", [{"A": {"Tadaima": 4, "place": 2}}], **players)
    with pytest.raises(ScoringError, match="Tadaima 2 for place 1"):
        rank_results("kabetopo-4p", [{"A": {"Tadaima": 2, "place": 1, "natural": True}}], **players)
    with pytest.raises(ScoringError, match="place 1 typed twice"):
        rank_results("kabetopo-4p", [{"A": {"place": 1}, "B": {"place": 1}}], **players)
    with pytest.raises(ScoringError, match="add up to 5, not the score 6"):
        rank_results("kabetopo-4p", [{"A": {"Tadaima": 3, "place": 1, "First Stone": 2, "score": 6}}], **players)
    with pytest.raises(ScoringError, match="unknown 'Tadiama'"):
        rank_results("kabetopo-4p", [{"A": {"Tadiama": 3}}], **players)
    with pytest.raises(RulesOptionError, match="name them all"):
        rank_results("kabetopo-4p", [{"A": 3, "B": 2}])
    # the scoresheet's Stones row, and a place whose points follow from it
    ranking = rank_results("kabetopo-4p", [{"A": {"Stones": 2, "place": 2}, "B": {"Stones": 1, "place": 1,
                                                                               "natural": True}}], **players)
    assert ranking.totals() == {"A": 4, "B": 5, "C": 0, "D": 0}


def test_a_step_the_typed_results_cannot_answer_is_an_error_not_a_draw():
    rounds = [{"A": 5, "B": 3}, {"A": 3, "B": 5}]  # round scores only: level on total and round scores
    with pytest.raises(ScoringError, match="A and B are level on 'total', 'single round scores'.*give its scoring "
                                           "lines"):
        rank_results("kabetopo-4p", rounds, players=["A", "B", "C", "D"], resources={"C": 1, "D": 0}).winner()
    partial = rank_results("kabetopo-4p", [{"A": {"place": 1}}], players=["A", "B", "C", "D"])
    assert partial.totals() == {"A": 3, "B": 0, "C": 0, "D": 0} and partial.decided("A", "B").step == "total"
    with pytest.raises(ScoringError, match="resources left after the final round were not written"):
        partial.standings()  # B, C and D are level on everything the sheet says


def test_match_ranks_with_the_same_chains():
    assert set(CHAINS) == {Rules.named(n).tiebreakers for n in ("kabetopo-4p", "kabetopo-mp-v3", "kabetopo-2p")}
    match = Match.from_positions("kabetopo-2p-interim", ["A", "B"], [
        "rules=kabetopo-2p-interim;runners=Ea1+1,Wc3;order=E;stones=3;homes=Ea1;phase=over"])
    assert match.ranking().decided("A", "B").step == "total"


def test_notebook_17_ranks_its_hand_written_rounds_with_the_public_function():
    source = (ROOT / "notebooks" / "src" / "17-rules-lawyering.py").read_text()
    helper = source[source.index("def hand_scored"):source.index("# %% [markdown]", source.index("def hand_scored"))]
    assert "rank_results(" in helper
    for private in ("RoundScore(", "TadaimaEntry(", ".scores =", "match.scores"):
        assert private not in helper, private


# --- 14: consequences in verdicts ---------------------------------------------------------------


def test_a_verdict_says_a_stone_is_taken_and_the_first_stone_scored():
    s = state("runners=Ec5,Sc3,Wa1,Na6;turn=E;pools=E:w0m0p0l0s0")
    verdict = s.explain("step c4")
    assert verdict.consequences[:2] == ("East's runner takes a stone on c4 (3 left there) (K-MTN-4).",
                                        "First Stone! East +2.")
    assert "Then: East's runner takes a stone on c4" in str(verdict)


def test_a_verdict_says_who_is_bumped_and_where_it_may_go():
    s = state("runners=Ec5,Sc4+1,Wa1,Na6;order=S;stones=3;turn=E")
    then = s.explain("step c4").consequences
    assert "Second Stone! East +1." in then
    assert ("South's runner is bumped off c4, and East chooses where it goes: 'bump c5', 'bump d4', 'bump c3' or "
            "'bump b4' (K-MTN-3).") in then


def test_a_verdict_says_tadaima_its_place_and_the_end_of_the_turn():
    s = state("runners=Ea2+1,Sc4+1,Wa1,Na6;order=S,E;stones=2;turn=E")
    then = s.explain("step a1").consequences
    assert then == ("Tadaima! East is home on a1, 1st place, a Natural Tadaima (the corner opposite its start, +1): "
                    "+4.", "East's turn ends; South plays next (main action).")


def test_a_verdict_says_halfway_home_in_the_two_player_game():
    s = state("rules=kabetopo-2p;runners=Ea5+1,Wc3;order=E;turn=E;stones=1,2")
    assert s.explain("step a6").consequences == ("Halfway Home! East reaches a6: +2.",)


def test_nothing_to_say_for_a_plain_move_or_a_refusal():
    s = state(f"{OPEN};turn=E")
    assert s.explain("step e6").consequences == ()
    assert s.explain("step d4").consequences == ()


# --- 16: notation a person writes ---------------------------------------------------------------


def test_a_line_between_two_squares_is_read_everywhere_a_line_is():
    assert parse_line("c4|c5") == parse_line("c5 | c4") == parse_line("c4n") == parse_line("c5s")
    assert parse_line("d4|c4") == parse_line("c4e")
    assert str(Action.parse("wall c4|c5")) == str(Action.parse("wall c4 | c5")) == "wall c4n"
    assert parse_position(f"lines=Wc4|c5,M*d3|d4;{OPEN}").lines == parse_position(f"lines=Wc4n,M*d3n;{OPEN}").lines
    s = state(f"{OPEN};turn=E")
    assert [str(a) for a, _ in s.options_at("c4|c5")] == [str(a) for a, _ in s.options_at("c4n")]
    assert s.explain("wall c4|c5") == s.explain("wall c4n")


@pytest.mark.parametrize("text, words", [
    ("c4|c6", "names c4 and c6, which are not side by side"), ("c4|c4", "names c4 twice"), ("c4|", "written like c4|c5"),
])
def test_a_line_between_squares_that_are_not_side_by_side_is_refused(text, words):
    with pytest.raises(NotationError, match=words):
        parse_line(text)


def test_a_side_is_not_a_line_between_two_squares():
    with pytest.raises(NotationError, match="c4n \\(facing c4\\) or c5s \\(facing c5\\)"):
        parse_side("c4|c5")
    with pytest.raises(NotationError, match="c5s \\(facing c5\\) or c4n \\(facing c4\\)"):
        Action.parse("lock c5|c4")
    assert side_name(parse_side("c5s")) == "c5s"


DOOR = "lines=Wb2n,Wc2n,Wd2n;runners=Ec2,Sf1,Wa1,Na6;turn=E"  # c2n is a door (K-DOOR-1)


def test_a_door_move_named_by_its_line_is_refused_with_the_forms_that_work():
    s = state(DOOR)
    assert {str(a) for a in s.legal_actions if a.kind == "door"} == {"door c2n c3w", "door c2n c3e"}
    for text in ("door c2n", "door c3s", "door c2|c3"):
        with pytest.raises(NotationError, match="here it is 'door c2n c3w' or 'door c2n c3e'"):
            s.explain(text)
        with pytest.raises(NotationError, match="names only the door's line"):
            s.apply(text)
    assert s.ply == 0
    with pytest.raises(NotationError, match="no door move through b2n is legal here"):
        s.explain("door b2n")
    with pytest.raises(NotationError, match="e.g. 'door c4n c5e'"):
        Action.parse("door c2n")  # no position: the form only


POCKET_DOOR = ("lines=Wc4n,Wb5e,Wc5e,Wc5n,Wb5n,Wd5n;runners=Ec4+1,Sf1,Wa1,Na6;"
               "pools=E:w3m1p1l1s0,S:w0m1p1l1s0,W:w0m1p1l1s0,N:w3m1p1l1s0;stones=3;order=E;turn=E")


def test_a_runner_already_shut_in_is_said_to_be_not_that_it_would_be():
    s = state(POCKET_DOOR)
    fresh = s.explain("wall c3e")
    assert fresh.legal
    s.apply("step c5")  # down from the Mountain into a pocket closed by walls and a door (K-MTN-2)
    verdict = s.explain("monolith a3n")
    assert not verdict.legal and verdict.rulings == ("K-INV-1", "K-INV-5", "KNB-11")
    assert verdict.reason.startswith("East's runner on c5 is already shut in on all four sides (b)")
    assert "would be" not in verdict.reason
    assert "is already shut in" in s.explain("lock c5n").reason
    # a drop that shuts a runner in is still said as its doing
    t = state("lines=Wb2n,Wb1n,Wa2e;runners=Ef6,Sb2,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E")
    assert t.explain("wall b2e").reason == "South's runner on b2 would be shut in on all four sides (b)"


def test_a_runner_already_cut_off_is_said_to_be():
    pocket = "Wb5n,Wc5n,Wa5e,Wc5e,Wb4n,Wc4n,Pa2n,Pf4n"  # East walled into b5-c5
    s = state(f"lines={pocket};runners=Ec5,Sf1,Wa1,Na6;pools=S:w3m1p1l1s1;turn=S")
    verdict = s.explain("wall e2n")
    assert not verdict.legal and "KNB-11" in verdict.rulings
    assert verdict.reason.startswith("East's runner on c5 is already cut off from")


def test_problems_describe_the_board_as_it_stands():
    walled = state("runners=Ef6,Sf1,Wa1,Na6;lines=Wa1n,Wa1e;turn=E;pools=E:w1m1p1l1s1")
    assert any("West's runner on a1 is shut in on all four sides" in p for p in walled.problems())
    assert not any("would be" in p for p in walled.problems())


# --- 17: noise ------------------------------------------------------------------------------------


def test_pools_left_at_their_defaults_are_not_counted():
    assert state(f"lines=Wa2n,Wb3n,Wc2n,Wd5n;{OPEN};turn=E").problems() == []  # KNB-17
    # written pools count with the board, as before
    written = state(f"lines=Wa2n,Wb3n;{OPEN};pools=E:w2m1p1l1s1;turn=E").problems()
    assert written == ["K-INV-4: 13 walls in play; kabetopo-4p has only 12"]
    # more on the board than the ruleset owns is a problem whatever the pools say
    thirteen = ",".join(f"W{f}{r}n" for f in "abcde" for r in "235")[:13 * 5 - 1]
    problems = state(f"lines={thirteen};{OPEN};turn=E").problems()
    assert problems == ["K-INV-4: 13 walls on the board; kabetopo-4p has only 12 (KNB-17: the pools are left at "
                        "their defaults, so they are not counted)"]


def test_a_mischief_turn_is_announced_as_mischief():
    s = state("rules=kabetopo-mp-v3+mischief;runners=Ef1+1,Sc3,Wa1,Na6;order=E;stones=3;homes=Ef1;turn=E")
    assert s.decision.kind == "Mischief" and "KNB-8" in s.decision.detail
    assert status_line(s.position).startswith("East to play: Mischief")
    assert str(s.explain("wall c3n")).startswith("East, Mischief: legal")
    s.apply("pass")
    assert s.decision.kind == "main action" and s.current_seat == "South"


def test_random_play_every_legal_verdict_names_its_seat_and_decision():
    rng = random.Random(25)
    s = KabetopoState.new_round("kabetopo-mp-v3", seed=25)
    for _ in range(150):
        if s.is_terminal():
            break
        action = rng.choice(list(s.legal_actions))
        verdict = s.explain(action)
        assert verdict.legal and verdict.seat == s.current_seat and verdict.decision == s.decision.kind
        s.apply(action)
        assert s.last_verdict() == verdict
    assert TADAIMA in LINES
