"""Matches (``match.py``): rounds, turning the board (K-MATCH-1), pools (K-SET-3),
re-randomising the setup, the tiebreaker chains, Mischief, the 2-player v2.0 objectives and
the end of a round (K-ROUND-1/2).

Tiebreakers: each test builds a match whose round scores are written by hand (see
``scored_match``) so that two players tie on the total and on every step before the one
under test, which then decides.  Three steps can never decide, because the total already
fixes them once the earlier steps tie; ``test_steps_that_cannot_decide`` shows why.
"""
import random

import pytest

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.geometry import parse_square
from kabetopo_nb.kabetopo.match import TIEBREAKERS, Match, Standing
from kabetopo_nb.kabetopo.position import SETUP, Phase

ROLL, OVER = Kind.ROLL, Phase.OVER
from kabetopo_nb.kabetopo.rules import EAST, NORTH, SOUTH, START_SQUARE, WEST, Rules
from kabetopo_nb.kabetopo.scoring import (
    FIRST_STONE,
    HALFWAY_HOME,
    LINES,
    PRESERVATION,
    SECOND_STONE,
    TADAIMA,
    UNSEEN_PATH,
    RoundScore,
    TadaimaEntry,
)

E, S, W, N = EAST, SOUTH, WEST, NORTH


# --- playing rounds quickly ----------------------------------------------------------------


def play_round(match: Match, rng: random.Random, limit: int = 5000) -> None:
    """Play the current round to its end with seeded random actions, biased to moves."""
    scored = len(match.scores)
    for _ in range(limit):
        if len(match.scores) > scored:
            return
        actions = list(match.state.legal_actions)
        moves = [a for a in actions if a.is_move]
        match.apply(rng.choice(moves) if moves and rng.random() < 0.85 else rng.choice(actions))
    raise AssertionError(f"round {match.round_index + 1} not over after {limit} actions (K-SIM-1)")


def play_match(match: Match, seed: int = 0) -> Match:
    rng = random.Random(seed)
    while not match.is_over():
        play_round(match, rng)
    return match


def setup_lines(pos) -> dict[int, int]:
    return {ln: piece for ln, piece in pos.pieces() if piece & SETUP}


def rolls(state) -> list:
    return [a for a in state.history if a.kind == ROLL]


# --- rounds per ruleset ------------------------------------------------------------------


@pytest.mark.parametrize("name, players, rounds, choices", [
    ("kabetopo-4p", 4, 4, (4,)),
    ("kabetopo-3p", 3, 3, (3,)),
    ("kabetopo-mp-v3", 4, 4, (4,)),
    ("kabetopo-mp-v3-3p", 3, 3, (3,)),
    ("kabetopo-2p", 2, 4, (4, 6)),  # K-MATCH-2: 4 rounds, or 6 if agreed; 2 is no whole v2.0 match
    ("kabetopo-2p-interim", 2, 2, (2, 4, 6)),  # the interim rules keep their own length
])
def test_rounds_per_ruleset(name, players, rounds, choices):
    rules = Rules.named(name)
    assert rules.players == players
    assert Match(rules).rounds == rounds
    for n in choices:
        assert Match(rules, rounds=n).rounds == n
    for n in (1, 2, 3, 5, 7) if players == 2 else (1, 2, 5, 6):
        if n not in choices:
            with pytest.raises(ValueError, match="rounds"):
                Match(rules, rounds=n)


def test_kabetopo_mp_v3_for_three_players():
    assert Rules.named("kabetopo-mp-v3", players=3) == Rules.named("kabetopo-mp-v3-3p")
    assert Match(Rules.named("kabetopo-mp-v3", players=3)).rounds == 3


def test_players_must_fit_the_ruleset():
    with pytest.raises(ValueError, match="needs 4 players"):
        Match("kabetopo-4p", ["A", "B", "C"])
    with pytest.raises(ValueError, match="different names"):
        Match("kabetopo-2p", ["A", "A"])


@pytest.mark.parametrize("name, rounds", [("kabetopo-4p", 4), ("kabetopo-3p", 3), ("kabetopo-2p", 6)])
def test_a_match_plays_its_rounds_then_refuses_actions(name, rounds):
    match = play_match(Match(name, rounds=rounds, seed=3), seed=3)
    assert len(match.states) == len(match.scores) == rounds and match.is_over()
    assert all(s.position.phase == OVER for s in match.states)
    with pytest.raises(Exception, match="K-MATCH-1"):
        match.apply("pass")


# --- K-MATCH-1: turning the board ----------------------------------------------------------


def test_K_MATCH_1_four_players_each_take_the_next_runner_clockwise():
    match = Match("kabetopo-4p", ["A", "B", "C", "D"])
    assert [[match.seat_of(p, r) for r in range(4)] for p in "ABCD"] == [
        [E, S, W, N], [S, W, N, E], [W, N, E, S], [N, E, S, W]]
    for r in range(4):
        assert [match.player_of(s, r) for s in (E, S, W, N)] == [
            "ABCD"[(i - r) % 4] for i in range(4)]


def test_K_MATCH_1_three_players_go_round_east_south_west():
    match = Match("kabetopo-3p", ["A", "B", "C"])
    assert [[match.seat_of(p, r) for r in range(3)] for p in "ABC"] == [
        [E, S, W], [S, W, E], [W, E, S]]


@pytest.mark.parametrize("name", ["kabetopo-2p", "kabetopo-2p-interim"])
def test_K_MATCH_1_two_players_swap_runners(name):
    match = Match(name, ["A", "B"], rounds=6)
    assert [match.seat_of("A", r) for r in range(6)] == [E, W, E, W, E, W]
    assert [match.seat_of("B", r) for r in range(6)] == [W, E, W, E, W, E]


def test_K_MATCH_1_points_go_to_the_player_of_each_runner():
    match = play_match(Match("kabetopo-4p", ["A", "B", "C", "D"], seed=5), seed=5)
    for r, score in enumerate(match.scores):
        for p in "ABCD":
            assert match.round_total(p, r) == score.total(match.seat_of(p, r))
    assert sum(match.totals().values()) == sum(sum(s.totals().values()) for s in match.scores)


# --- between rounds: what stays and what goes back ----------------------------------------------


@pytest.mark.parametrize("name", ["kabetopo-4p", "kabetopo-3p", "kabetopo-mp-v3", "kabetopo-2p", "kabetopo-2p-interim"])
def test_between_rounds_only_dropped_pieces_leave_the_setup_pieces_stay(name):
    match = Match(name, seed=11)
    rng = random.Random(11)
    play_round(match, rng)
    end = match.states[0].position
    assert any(not piece & SETUP for _, piece in end.pieces()), "the test wants some dropped pieces"
    start = match.states[1].initial_position
    assert start.pieces() == sorted(setup_lines(end).items())
    assert start.locks == 0 and start.locks_out == 0
    rules = match.rules
    for seat in rules.seats:
        assert start.runners[seat] == START_SQUARE[seat] and start.held[seat] == 0
        assert start.pools[seat] == list(rules.pool_for_round(2))
    assert start.site_stones == list(rules.stones)
    assert start.stone_order == start.homes == start.halfway == []
    assert start.round_number == 2 and start.turn == rules.seats[0]
    assert rolls(match.states[1]) == []  # no new setup


def test_K_SET_3_two_player_pools_every_round_by_default():
    match = Match("kabetopo-2p", rounds=4, seed=2)
    play_match(match, seed=2)
    for state in match.states:
        pos = state.initial_position
        assert pos.pools[E] == pos.pools[W] == [3, 2, 2, 2, 1]


def test_K_SET_3_option_later_round_pools_from_round_two():
    match = Match(Rules.named("kabetopo-2p", later_round_pools=True), rounds=4, seed=2)
    play_match(match, seed=2)
    pools = [state.initial_position.pools[E] for state in match.states]
    assert pools == [[3, 2, 2, 2, 1], [4, 3, 2, 2, 1], [4, 3, 2, 2, 1], [4, 3, 2, 2, 1]]
    assert all(s.initial_position.pools[W] == pools[i] for i, s in enumerate(match.states))


@pytest.mark.parametrize("name", ["kabetopo-2p", "kabetopo-2p-interim"])
def test_two_player_setup_is_rerandomised_before_rounds_3_and_5(name):
    match = play_match(Match(name, rounds=6, seed=21), seed=21)
    setups = [setup_lines(s.initial_position if i % 2 else s.position) for i, s in enumerate(match.states)]
    counts = [len(rolls(s)) for s in match.states]
    rules = match.rules
    pieces = rules.setup_monoliths + rules.setup_portals
    # rounds 1, 3, 5 begin with their own d12 rolls, recorded in that round's history
    assert [c >= pieces for c in counts] == [True, False, True, False, True, False]
    for i in (0, 2, 4):
        assert match.states[i].history[:counts[i]] == tuple(rolls(match.states[i]))
        assert len(setup_lines(match.states[i].position)) == pieces
    # rounds 2, 4, 6 keep the setup of the round before; 3 and 5 change it
    assert setups[1] == setups[0] and setups[3] == setups[2] and setups[5] == setups[4]
    assert setups[2] != setups[1] and setups[4] != setups[3]


def test_four_player_setup_is_never_rerandomised():
    match = play_match(Match("kabetopo-4p", seed=8), seed=8)
    first = setup_lines(match.states[0].position)
    assert len(rolls(match.states[0])) >= 7
    for state in match.states[1:]:
        assert rolls(state) == []
        assert setup_lines(state.initial_position) == first


# --- the end of a round (K-ROUND-1/2) ---------------------------------------------------------


@pytest.mark.parametrize("text, action, over", [
    # 4p: the third Tadaima ends the round, not the second
    ("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wa5+1,Nc3;stones=1;order=E,S,W;homes=Ef1,Sf6;turn=W", "step a6", True),
    ("rules=kabetopo-4p;runners=Ef1+1,Sf6,Wa5+1,Nc3;stones=2;order=E,W;homes=Ef1;turn=W", "step a6", False),
    # 3p: the second
    ("rules=kabetopo-3p;runners=Ef1+1,Sc3,Wa5+1;stones=2;order=E,W;homes=Ef1;turn=W", "step a6", True),
    ("rules=kabetopo-3p;runners=Ef3+1,Sc3,Wa5+1;stones=2;order=E,W;turn=W", "step a6", False),
    # 3p with the K-ROUND-2 option: the third
    ("rules=kabetopo-3p+play-to-last-tadaima;runners=Ef1+1,Sc3,Wa5+1;stones=2;order=E,W;homes=Ef1;turn=W", "step a6", False),
    ("rules=kabetopo-3p+play-to-last-tadaima;runners=Ef1+1,Sa5+1,Wa6+1;stones=1;order=E,W,S;homes=Ef1,Wa6;turn=S", "step a6", True),
    ("rules=kabetopo-mp-v3-3p;runners=Ef1+1,Sc3,Wa5+1;stones=2;order=E,W;homes=Ef1;turn=W", "step a6", True),
    # 2p: the first
    ("rules=kabetopo-2p-interim;runners=Ef3,Wa5+1;stones=3;order=W;turn=W", "step a6", True),
    ("rules=kabetopo-2p;runners=Ef3+1,Wa5+2;stones=1,0;order=E,W,W;halfway=Wf1;turn=W", "step a6", True),
])
def test_K_ROUND_2_round_ends_after_the_ruleset_s_tadaimas(text, action, over):
    state = KabetopoState.from_text(text)
    before = len(state.position.homes)
    state.apply(action)
    assert len(state.position.homes) == before + 1  # Tadaima, declared at once (K-ROUND-1)
    assert state.is_terminal() == over
    assert (state.position.phase == OVER) == over


def test_K_ROUND_1_tadaima_on_the_start_corner_is_not_declared():
    state = KabetopoState.from_text("rules=kabetopo-4p;runners=Ef5+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E")
    state.apply("step f6")
    assert state.position.homes == [] and state.decision.kind == "extras"


# --- Mischief (v3.0 expansion; KNB-8) --------------------------------------------------------------


# East is home (on South's corner) and may make mischief with its wall, monolith and lock.
MISCHIEF = ("rules=kabetopo-mp-v3+mischief;lines=P*e3n,P*b2e,Wd4n;locks=e3n;runners=Ef1+1,Sc3,Wa2,Nb6;"
            "pools=E:w1m1p0l1s0,S:w3m2p1l1s0,W:w2m2p1l1s0,N:w3m2p1l0s0;stones=3;order=E;homes=Ef1;turn={turn}")


def test_mischief_a_finished_player_drops_passes_or_stops():
    state = KabetopoState.from_text(MISCHIEF.format(turn="E"))
    assert state.problems() == []
    kinds = {a.split()[0] for a in state.legal_actions.names()}
    assert kinds == {"wall", "monolith", "lock", "pass", "stop"}  # no moves, no unlock (KNB-8)
    assert not any(a.is_move for a in state.legal_actions)


def test_mischief_a_monolith_ends_the_turn_without_a_bonus_move():
    state = KabetopoState.from_text(MISCHIEF.format(turn="E"))
    state.apply("monolith c2n")
    assert state.decision.seat == "South" and state.decision.kind == "main action"
    assert state.position.pools[E] == [1, 0, 0, 1, 0]


def test_mischief_pass_keeps_the_player_in_play_and_stop_ends_its_turns():
    state = KabetopoState.from_text(MISCHIEF.format(turn="E"))
    state.apply("pass")
    assert state.decision.seat == "South"
    assert state.position.is_playing(E)
    state = KabetopoState.from_text(MISCHIEF.format(turn="E"))
    state.apply("stop")
    assert state.position.stopped == [E] and not state.position.is_playing(E)
    # North's turn ends: East is skipped, South plays
    state = KabetopoState.from_text(MISCHIEF.format(turn="N").replace("homes=Ef1", "homes=Ef1;stopped=E"))
    state.apply("step a6")
    state.apply("end") if state.decision.kind == "extras" else None
    assert state.decision.seat == "South"


def test_mischief_a_finished_player_with_an_empty_pool_is_skipped():
    text = MISCHIEF.format(turn="N").replace("E:w1m1p0l1s0", "E:w0m0p0l0s0").replace("N:w3m2p1l0s0", "N:w3m2p1l1s0")
    state = KabetopoState.from_text(text.replace("locks=e3n;", ""))
    assert not state.position.is_playing(E)
    state.apply("wall c5n")
    assert state.decision.seat == "South"


def test_mischief_turn_comes_round_for_the_finished_player():
    state = KabetopoState.from_text(MISCHIEF.format(turn="N"))
    state.apply("wall c5n")
    # issue 25 item 17: announced as Mischief (KNB-8), not as a main action
    assert state.decision.seat == "East" and state.decision.kind == "Mischief"


def test_without_mischief_a_finished_player_is_skipped():
    text = MISCHIEF.format(turn="N").replace("+mischief", "")
    state = KabetopoState.from_text(text)
    assert not state.position.is_playing(E)
    state.apply("wall c5n")
    assert state.decision.seat == "South"


def test_mischief_is_a_multiplayer_option_and_plays_whole_matches():
    with pytest.raises(ValueError, match="multiplayer"):
        Rules.named("kabetopo-2p-interim", mischief=True)
    match = play_match(Match(Rules.named("kabetopo-4p", mischief=True), seed=4), seed=4)
    assert all(len(s.position.homes) == 3 for s in match.states)


# --- 2-player v2.0: stone, Halfway Home, stone, Tadaima ------------------------------------------


P2 = "pools=E:w3m2p2l2s1,W:w3m2p2l2s1"


def two(text: str) -> KabetopoState:
    state = KabetopoState.from_text("rules=kabetopo-2p;" + text + ("" if "pools=" in text else ";" + P2))
    assert state.problems() == [], state.problems()
    return state


@pytest.mark.parametrize("start, site, stones", [("c5", "c4", "1,2"), ("d2", "d3", "2,1")])
def test_v2_first_stone_from_the_mountain_or_the_summit(start, site, stones):
    state = two(f"runners=E{start},Wa1;turn=E")
    state.apply(f"step {site}")
    pos = state.position
    assert pos.held[E] == 1 and pos.stone_order == [E]
    assert ",".join(map(str, pos.site_stones)) == stones


@pytest.mark.parametrize("corner", ["f6", "f1", "a6", "a1"])
def test_v2_halfway_home_on_any_corner_including_the_own_start(corner):
    before = {"f6": "f5", "f1": "f2", "a6": "a5", "a1": "a2"}[corner]
    state = two(f"runners=E{before}+1,Wc3;stones=1,2;order=E;turn=E")
    state.apply(f"step {corner}")
    pos = state.position
    assert pos.halfway == [(E, parse_square(corner))]
    assert pos.homes == [] and not state.is_terminal()  # not a Tadaima: one stone only
    assert state.decision.seat == "East"  # the turn goes on


def test_v2_halfway_home_needs_the_first_stone():
    state = two("runners=Ef5,Wc3;turn=E")
    state.apply("step f6")
    assert state.position.halfway == []


def test_v2_halfway_home_is_recorded_once_and_in_order():
    state = two("runners=Ea5+1,Wf2+1;stones=1,1;order=E,W;halfway=Ea6;turn=W")
    state.apply("step f1")
    assert state.position.halfway == [(E, parse_square("a6")), (W, parse_square("f1"))]


@pytest.mark.parametrize("start, site", [("c5", "c4"), ("d2", "d3")])
def test_v2_no_second_stone_before_halfway_home(start, site):
    state = two(f"runners=E{start}+1,Wa1;stones=1,2;order=E;turn=E")
    state.apply(f"step {site}")
    pos = state.position
    assert pos.held[E] == 1 and pos.stone_order == [E] and pos.site_stones == [1, 2]


@pytest.mark.parametrize("start, site, stones", [("c5", "c4", [0, 2]), ("d2", "d3", [1, 1])])
def test_v2_second_stone_after_halfway_home_from_either_site(start, site, stones):
    state = two(f"runners=E{start}+1,Wa1;stones=1,2;order=E;halfway=Ef6;turn=E")
    state.apply(f"step {site}")
    pos = state.position
    assert pos.held[E] == 2 and pos.stone_order == [E, E] and pos.site_stones == stones


def test_v2_tadaima_needs_the_second_stone_and_another_corner_than_the_start():
    # with two stones, back on its start corner: nothing happens
    state = two("runners=Ef5+2,Wc3;stones=0,2;order=E,E;halfway=Ea6;turn=E")
    state.apply("step f6")
    assert state.position.homes == [] and not state.is_terminal()
    # with two stones on another corner: Tadaima, and the 2-player round is over
    state = two("runners=Ea5+2,Wc3;stones=0,2;order=E,E;halfway=Ef6;turn=E")
    state.apply("step a6")
    assert state.position.homes == [(E, parse_square("a6"))] and state.is_terminal()
    # with one stone after Halfway Home, another corner is no Tadaima
    state = two("runners=Ea5+1,Wc3;stones=1,2;order=E;halfway=Ef6;turn=E")
    state.apply("step a6")
    assert state.position.homes == [] and state.position.halfway == [(E, parse_square("f6"))]


def test_v2_summit_follows_K_INV_1c():
    # the Summit d3 has walls on two of its lines: a third is refused, as on the Mountain
    state = two("lines=Wd3n,Wd3e;runners=Ef6,Wa1;turn=E;pools=E:w2m2p2l2s1,W:w1m2p2l2s1")
    verdict = state.explain("wall c3e")
    assert not verdict.legal and "K-INV-1" in verdict.rulings and "(c)" in verdict.reason
    assert state.explain("wall d2e").legal
    # ... and so does the Mountain of the 2-player game
    state = two("lines=Wc4n,Wc4e;runners=Ef6,Wa1;turn=E;pools=E:w2m2p2l2s1,W:w1m2p2l2s1")
    assert not state.explain("wall b4e").legal


def test_v2_summit_bump():
    state = two("runners=Ed2+1,Wd3+1;stones=1,1;order=W,E;turn=E")
    state.apply("step d3")
    assert state.decision.kind == "bump destination"
    assert "bump c3" in state.legal_actions.names()
    state.apply("bump c3")
    pos = state.position
    assert pos.runners[E] == parse_square("d3") and pos.runners[W] == parse_square("c3")
    assert pos.held[E] == 1  # no Halfway Home yet: no second stone


# --- tiebreakers ---------------------------------------------------------------------------


def scored_match(name: str, rounds: list[dict[str, str]], players: str = "AB", **kw) -> Match:
    """A match whose round scores are written by hand, one dict per round: player -> events.

    Events: ``F`` First Stone, ``S`` Second Stone, ``H`` Halfway Home, ``T<place>`` a
    Tadaima (``T<place>n`` a natural one), ``P`` Preservation, ``U<k>`` Unseen Path
    points, ``R<k>`` resources at the end of the round.  Points follow the ruleset's
    table (checked line by line in ``test_scoring.py``).
    """
    match = Match(name, list(players), rounds=len(rounds), **kw)
    kind = match.rules.scoring
    three = match.rules.players == 3
    stone_points = {"2p-v2.0": (1, 1)}.get(kind, (2, 1))
    scores = []
    for r, events in enumerate(rounds):
        score = RoundScore(kind, match.rules.seats)
        score.points = {line: {} for line in LINES}
        score.resources = {s: 0 for s in match.rules.seats}
        for player, text in events.items():
            seat = match.seat_of(player, r)
            for token in text.split():
                pts = score.points
                if token == "F":
                    score.first_stone = seat
                    pts[FIRST_STONE][seat] = stone_points[0]
                elif token == "S":
                    score.second_stone = seat
                    pts[SECOND_STONE][seat] = stone_points[1]
                elif token == "H":
                    score.halfway_home = (seat, 0)
                    pts[HALFWAY_HOME][seat] = 2
                elif token.startswith("T"):
                    place, natural = int(token[1]), token.endswith("n")
                    points = (0 if three and place == 3 else (3, 2, 1)[place - 1] + natural)
                    score.tadaima.append(TadaimaEntry(seat, 0, place, natural, points))
                    pts[TADAIMA][seat] = points
                elif token == "P":
                    score.preservation += (seat,)
                    pts[PRESERVATION][seat] = 1
                elif token.startswith("U"):
                    score.unseen_path = (seat, int(token[1:]), None)
                    pts[UNSEEN_PATH][seat] = int(token[1:])
                elif token.startswith("R"):
                    score.resources[seat] = int(token[1:])
                else:
                    raise ValueError(token)
        score.tadaima.sort(key=lambda t: t.place)
        scores.append(score)
    match.scores = scores
    assert match.is_over()
    return match


def check_decided(match: Match, step: str, winner: str = "A", second: str = "B") -> None:
    totals = match.totals()
    assert totals[winner] == totals[second], totals
    top, nxt = match.standings()[:2]
    assert top == Standing(1, (winner,), totals[winner], step)
    assert nxt.players == (second,) and nxt.place == 2 and nxt.decided_by == step
    assert match.winner() == winner
    names = [name for name, _ in TIEBREAKERS[match.rules.tiebreakers]]
    k = names.index(step)
    keys = {p: match.tiebreak_key(p) for p in (winner, second)}
    assert keys[winner][:k + 1] == keys[second][:k + 1]  # tied on the total and every earlier step
    assert keys[winner][k + 1] > keys[second][k + 1]


def four(*rounds: dict[str, str]) -> list[dict[str, str]]:
    """Four rounds; C and D come last (C holds the most resources at the end)."""
    out = [dict(r) for r in rounds] + [{} for _ in range(4 - len(rounds))]
    out[-1].setdefault("C", "R9")
    return out


# v4.0 (kabetopo-4p) and v3.0 (kabetopo-mp-v3) share their first six steps.
MULTI_CASES = {
    "single round scores": four({"A": "T1n P", "B": "T2 S"}, {"B": "F"}),
    "Tadaima points": four({"A": "T1", "B": "T2 S"}, {"A": "T2", "B": "F"}),
    "Natural Tadaimas": four({"A": "T2n"}, {"A": "T3 S"}, {"B": "T2 S"}, {"B": "T2"}),
    "Stone points": four({"A": "T1 F"}, {"B": "T1 S P"}),
    "First Stones": four({"A": "F", "B": "S P"}, {"A": "P", "B": "S"}),
}


@pytest.mark.parametrize("step", list(MULTI_CASES) + ["1st place Tadaimas", "resources after the final round"])
def test_v4_tiebreaker_steps(step):
    rounds = {
        "1st place Tadaimas": four({"A": "T1 P", "B": "T2n P"}, {"A": "T3"}, {"B": "T3"}),
        "resources after the final round": four({"A": "T1"}, {"B": "T1"}, {}, {"A": "R5", "B": "R3", "C": "P R9"}),
    }.get(step) or MULTI_CASES[step]
    check_decided(scored_match("kabetopo-4p", rounds, "ABCD"), step)


def test_v4_tiebreaker_preservation_points_in_the_interim_two_player_game():
    # The v4.0 chain also ranks kabetopo-2p-interim, where Unseen Path points can make up
    # for a Preservation point, so step 7 can decide there.
    match = scored_match("kabetopo-2p-interim", [{"A": "T1 P", "B": "F"}, {"A": "F", "B": "T1 U1"}])
    check_decided(match, "Preservation points")


V3_STEPS = [step for step in MULTI_CASES if step != "Natural Tadaimas"]


@pytest.mark.parametrize("step", V3_STEPS + ["1st, then 2nd, then 3rd place Tadaimas", "resources after the final round"])
def test_v3_tiebreaker_steps(step):
    rounds = {
        "1st, then 2nd, then 3rd place Tadaimas": four({"A": "T1 P", "B": "T2n P"}, {"A": "T3"}, {"B": "T3"}),
        "resources after the final round": four({"A": "T1"}, {"B": "T1"}, {}, {"A": "R5", "B": "R3", "C": "P R9"}),
    }.get(step) or MULTI_CASES[step]
    check_decided(scored_match("kabetopo-mp-v3", rounds, "ABCD"), step)


@pytest.mark.parametrize("rounds", [
    # the same number of first places; A has more second places
    four({"A": "T1", "B": "T3n"}, {"A": "T2", "B": "T1"}),
    # the same first and second places; A has a third place more
    four({"A": "T1 P"}, {"A": "T2", "B": "T1n"}, {"A": "T3", "B": "T2"}, {"B": "P"}),
])
def test_v3_tiebreaker_places_compare_second_then_third_places(rounds):
    check_decided(scored_match("kabetopo-mp-v3", rounds, "ABCD"),
                  "1st, then 2nd, then 3rd place Tadaimas")


def test_v3_tiebreaker_natural_tadaimas_only_with_a_pointless_third_place():
    # v3.0 compares 1st, 2nd and 3rd places before naturals, and with equal places the
    # Tadaima points differ exactly by the naturals.  Only a natural third Tadaima of the
    # 3-player game, which scores nothing (KNB-9), can still make the difference.
    rules = Rules.named("kabetopo-mp-v3", players=3, play_to_last_tadaima=True)
    rounds = [{"A": "T1 F", "B": "T2", "C": "T3"}, {"B": "T1 F", "C": "T2", "A": "T3n"},
              {"C": "T1", "A": "T2", "B": "T3"}]
    match = scored_match(rules, rounds, "ABC")
    assert [t.points for t in match.scores[1].tadaima] == [3, 2, 0]
    check_decided(match, "Natural Tadaimas")
    assert match.standings()[2] == Standing(3, ("C",), 5, "total")


TWO_CASES = {
    "single round scores": [{"A": "F H S T1", "B": "P"}, {"B": "H T1 P"}],
    "Tadaima plus Halfway Home points": [{"A": "H T1", "B": "P"}, {"A": "P", "B": "T1 F S"}],
    "Stone points": [{"A": "F T1"}, {"B": "T1 P"}],
    "Preservation points": [{"A": "T1 P"}, {"B": "T1 U1"}],
    "resources after the final round": [{"A": "T1", "B": "P"}, {"A": "P R6", "B": "T1 R4"}],
}


@pytest.mark.parametrize("step", list(TWO_CASES))
def test_v2_tiebreaker_steps(step):
    # K-MATCH-2: a v2.0 match has 4 rounds; the first two score nothing here
    check_decided(scored_match("kabetopo-2p", [{}, {}] + TWO_CASES[step]), step)


@pytest.mark.parametrize("name, players, rounds", [
    ("kabetopo-4p", "ABCD", four({"A": "T1 F"}, {"B": "T1 F"}, {}, {"A": "R4", "B": "R4", "C": "P R9"})),
    ("kabetopo-mp-v3", "ABCD", four({"A": "T1 F"}, {"B": "T1 F"}, {}, {"A": "R4", "B": "R4", "C": "P R9"})),
    ("kabetopo-2p", "AB", [{}, {}, {"A": "T1 F H S"}, {"A": "R3", "B": "T1 F H S R3"}]),  # K-MATCH-2: 4 rounds
    ("kabetopo-2p-interim", "AB", [{"A": "T1 U2"}, {"A": "R3", "B": "T1 U2 R3"}]),
])
def test_a_fully_tied_match_is_drawn(name, players, rounds):
    match = scored_match(name, rounds, players)
    top = match.standings()[0]
    assert top.players == ("A", "B") and top.decided_by == "drawn" and top.place == 1
    assert match.winner() is None
    if len(players) == 4:
        assert match.standings()[1].place == 3  # C, below the two tied players


def test_totals_decide_first():
    match = scored_match("kabetopo-4p", four({"A": "T1", "B": "T2", "C": "T3"}), "ABCD")
    assert [(s.players, s.decided_by) for s in match.standings()] == [
        (("A",), "total"), (("B",), "total"), (("C",), "total"), (("D",), "total")]
    assert match.winner() == "A"


def test_no_winner_before_the_match_is_over():
    match = Match("kabetopo-2p")
    assert match.winner() is None


@pytest.mark.parametrize("chain, step, parts", [
    # total = Tadaima + Stone + Preservation points: once the first two tie, so does the last
    ("v4.0", "Preservation points", (TADAIMA, FIRST_STONE, SECOND_STONE, PRESERVATION)),
    ("v3.0", "Preservation points", (TADAIMA, FIRST_STONE, SECOND_STONE, PRESERVATION)),
    # Stone points = 2 x First Stones + Second Stones
    ("v3.0", "Second Stones", ()),
    # total = Tadaima + Halfway Home + Stone + Preservation + Unseen Path points
    ("2p-v2.0", "Unseen Path points", LINES),
])
def test_steps_that_cannot_decide(chain, step, parts):
    """These steps are fixed by the total and the earlier steps; they are kept for the record."""
    assert step in [name for name, _ in TIEBREAKERS[chain]]
    rng = random.Random(0)
    name = {"v4.0": "kabetopo-4p", "v3.0": "kabetopo-mp-v3", "2p-v2.0": "kabetopo-2p"}[chain]
    for _ in range(4):
        match = play_match(Match(name, seed=rng.randrange(10**6)), seed=rng.randrange(10**6))
        for p in match.players:
            lines = sum(match.line_points(p, r, line) for r in range(len(match.scores)) for line in parts)
            if parts:
                assert lines == match.total(p)
            else:
                firsts = dict(TIEBREAKERS[chain])["First Stones"](match, p)
                seconds = dict(TIEBREAKERS[chain])["Second Stones"](match, p)
                assert dict(TIEBREAKERS[chain])["Stone points"](match, p) == 2 * firsts + seconds


# --- saving a match in progress -----------------------------------------------------------------


@pytest.mark.parametrize("name, rounds", [("kabetopo-2p", 6), ("kabetopo-4p", 4)])
def test_a_match_saved_in_the_middle_of_a_round_goes_on_identically(name, rounds):
    match = Match(name, ["A", "B", "C", "D"][:Rules.named(name).players], rounds=rounds, seed=13)
    rng = random.Random(13)
    for _ in range(2):
        play_round(match, rng)
    for _ in range(7):  # a few actions into round 3 (re-randomised in kabetopo-2p)
        match.apply(rng.choice(list(match.state.legal_actions)))
    loaded = Match.load(match.save_json())
    assert loaded.save() == match.save()
    assert loaded.state.to_text() == match.state.to_text()
    assert loaded.scores and [s.totals() for s in loaded.scores] == [s.totals() for s in match.scores]
    play_match(match, seed=99)  # the same seeded actions from here on
    play_match(loaded, seed=99)
    assert loaded.save_json() == match.save_json()
    assert loaded.standings() == match.standings()


def test_play_to_last_tadaima_is_a_three_player_option():
    assert Rules.named("kabetopo-mp-v3", players=3, play_to_last_tadaima=True).tadaimas_to_end == 3
    for name in ("kabetopo-4p", "kabetopo-2p", "kabetopo-2p-interim", "kabetopo-mp-v3"):
        with pytest.raises(ValueError, match="K-ROUND-2"):
            Rules.named(name, play_to_last_tadaima=True)
