"""Seeded random matches of every ruleset, checked end to end.

For each ruleset (and the Mischief and later-round-pools options) complete matches are
played with a seeded random policy that prefers moves, so rounds finish in a few hundred
actions.  Per match:

* every round ended the way its ruleset says (K-ROUND-2: the count of Tadaimas);
* the grand totals equal the sum of the scoresheet rows, round by round, and the running
  totals on the sheet agree;
* ``save_json`` / ``Match.load`` replays the match exactly: same save, totals, standings
  and scoresheet;
* a save whose recorded d12 roll was altered is refused (K-SETUP-3).

K-SIM-1: a round still running after ``MAX_ACTIONS`` is cut off.  Such a match is counted
and reported as unfinished, never scored; the tests require most matches to complete.
"""
import json
import random

import pytest

from kabetopo_nb.core.verdict import SaveFormatError
from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.match import TIEBREAKERS, Match
from kabetopo_nb.kabetopo.position import Phase

ROLL, OVER = Kind.ROLL, Phase.OVER
from kabetopo_nb.kabetopo.rules import Rules
from kabetopo_nb.kabetopo.scoresheet import scoresheet_rows

MAX_ACTIONS = 3000  # per round (K-SIM-1)
MOVE_BIAS = 0.85

CASES = [
    ("kabetopo-4p", {}, None, 4),
    ("kabetopo-3p", {}, None, 4),
    ("kabetopo-3p", {"play_to_last_tadaima": True}, None, 3),
    ("kabetopo-mp-v3", {}, None, 4),
    ("kabetopo-mp-v3", {"mischief": True}, None, 4),
    ("kabetopo-mp-v3-3p", {"mischief": True}, None, 3),
    ("kabetopo-4p", {"mischief": True}, None, 3),
    ("kabetopo-2p", {}, 4, 6),  # K-MATCH-2: 4 rounds, or 6
    ("kabetopo-2p", {}, 6, 3),
    ("kabetopo-2p", {"later_round_pools": True}, 4, 4),
    ("kabetopo-2p-interim", {}, 2, 6),
    ("kabetopo-2p-interim", {}, 6, 3),
]


class CutOff(Exception):
    """K-SIM-1: a round was cut off; the match is reported as unfinished."""


def play(match: Match, rng: random.Random) -> int:
    """Play ``match`` to its end; returns the number of actions.  Raises CutOff (K-SIM-1)."""
    count = 0
    while not match.is_over():
        scored = len(match.scores)
        for _ in range(MAX_ACTIONS):
            actions = list(match.state.legal_actions)
            moves = [a for a in actions if a.is_move]
            match.apply(rng.choice(moves) if moves and rng.random() < MOVE_BIAS else rng.choice(actions))
            count += 1
            if len(match.scores) > scored:
                break
        else:
            # never silently scored: the unfinished round has no score
            assert len(match.scores) == scored == match.round_index
            assert match.state.position.phase != OVER
            raise CutOff(f"round {match.round_index + 1} after {MAX_ACTIONS} actions")
    return count


def sheet_totals(match: Match) -> dict[str, int]:
    """Add up the scoresheet rows, checking each round's 'round / total' row on the way."""
    totals = {p: 0 for p in match.players}
    for r, rows in enumerate(scoresheet_rows(match)):
        *lines, (label, total_cells) = rows
        assert label == "Round / total"
        for i, p in enumerate(match.players):
            points = 0
            for _, cells in lines:
                cell = cells[i]
                points += cell.points or 0
                if cell.extra.startswith("+"):  # Unseen Path, written beside the Tadaima
                    points += int(cell.extra[1:])
            totals[p] += points
            assert total_cells[i].total == (points, totals[p]), (r, p)
            assert points == match.round_total(p, r)
    return totals


def check_match(match: Match) -> None:
    rules = match.rules
    assert match.is_over() and len(match.scores) == len(match.states) == match.rounds
    for state in match.states:
        pos = state.position
        assert pos.phase == OVER
        # K-ROUND-2, or KNB-11: the round ends early when nobody still racing can finish
        assert len(pos.homes) == rules.tadaimas_to_end or (
            pos.stranded and not any(pos.is_racing(s) for s in rules.seats))
    assert sheet_totals(match) == match.totals()
    text = match.scoresheet()
    for st in match.standings():
        assert f"{st.place}. {', '.join(st.players)}: {st.total} ({st.decided_by})" in text
    steps = ["total", "drawn"] + [name for name, _ in TIEBREAKERS[rules.tiebreakers]]
    assert all(st.decided_by in steps for st in match.standings())
    if match.winner() is None:
        assert match.standings()[0].decided_by == "drawn"


def check_save(match: Match) -> None:
    saved = match.save_json()
    loaded = Match.load(saved)
    assert loaded.save_json() == saved
    assert loaded.totals() == match.totals()
    assert loaded.standings() == match.standings()
    assert loaded.winner() == match.winner()
    assert loaded.scoresheet() == match.scoresheet()
    assert [s.position for s in loaded.states] == [s.position for s in match.states]


def check_altered_roll(match: Match, rng: random.Random) -> None:
    """K-SETUP-3: every recorded roll must be the one the match's seeded generator gives."""
    data = json.loads(match.save_json())
    where = [(r, i) for r, actions in enumerate(data["history"]) for i, a in enumerate(actions)
             if a.startswith(ROLL + " ")]
    assert where, "a match records its setup rolls"
    r, i = rng.choice(where)
    value = int(data["history"][r][i].split()[1])
    data["history"][r][i] = f"{ROLL} {value % 12 + 1}"
    with pytest.raises(SaveFormatError, match="K-SETUP-3") as err:
        Match.load(json.dumps(data))
    assert f"$.history[{r}][{i}]" in str(err.value)


@pytest.mark.parametrize("name, options, rounds, matches", CASES,
                         ids=[f"{n}{''.join('+' + o for o in opts)}-{r or 'default'}" for n, opts, r, _ in CASES])
def test_random_matches(name, options, rounds, matches):
    rules = Rules.named(name, **options)
    rng = random.Random(f"{name}{sorted(options)}{rounds}")
    completed, cut_off, actions = 0, [], 0
    for _ in range(matches + 3):
        if completed == matches:
            break
        seed = rng.randrange(10**6)
        match = Match(rules, rounds=rounds, seed=seed)
        try:
            actions += play(match, random.Random(seed))
        except CutOff as exc:
            cut_off.append(f"seed {seed}: {exc}")
            continue
        completed += 1
        check_match(match)
        check_save(match)
        check_altered_roll(match, rng)
    report = f"{rules.describe()}: {completed} matches completed, {actions} actions; cut off (K-SIM-1): {cut_off or 'none'}"
    print(report)
    assert completed == matches, report
    assert not cut_off, report  # KNB-11: every round ends


def test_mischief_is_used_in_random_matches():
    """The Mischief option really plays: finished players drop, pass and stop (KNB-8)."""
    rules = Rules.named("kabetopo-mp-v3", mischief=True)
    seen = set()
    for seed in range(2):
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            pos = match.state.position
            actions = list(match.state.legal_actions)
            if pos.phase == "main" and pos.is_finished(pos.turn):
                # a Mischief turn: pick drop, pass or stop with equal chances
                assert not any(a.is_move for a in actions)
                kinds = {"pass": [], "stop": [], "drop": []}
                for a in actions:
                    kinds[a.kind if a.kind in ("pass", "stop") else "drop"].append(a)
                kind = rng.choice([k for k, v in kinds.items() if v])
                seen.add(kind)
                match.apply(rng.choice(kinds[kind]))
                continue
            moves = [a for a in actions if a.is_move]
            match.apply(rng.choice(moves) if moves and rng.random() < MOVE_BIAS else rng.choice(actions))
        check_match(match)
        check_save(match)
        assert any(s.position.stopped for s in match.states)
    assert seen == {"drop", "pass", "stop"}


def test_a_cut_off_round_is_reported_not_scored():
    global MAX_ACTIONS
    saved, MAX_ACTIONS = MAX_ACTIONS, 5
    try:
        match = Match("kabetopo-4p", seed=1)
        with pytest.raises(CutOff, match="round 1"):
            play(match, random.Random(1))
        assert match.scores == [] and not match.is_over() and match.winner() is None
    finally:
        MAX_ACTIONS = saved
