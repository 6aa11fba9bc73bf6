"""Hostile files and inputs (issue 10): every load and parse refuses cleanly, in bounded
time and memory, with the documented exception, and nothing changes.

* the forged-save corpus ``tests/data/forged/`` (``scripts/make_forged_saves.py``), each
  file with the JSON path and words of its refusal;
* the defects found by attacking the project as an untrusted user would, one test each;
* the history: recorded outcomes plus a checkpoint every ``CHECKPOINT_EVERY`` actions give
  the same positions, undo, redo and copies as keeping every position did;
* the limits of docs/SAVE-FORMAT.md: the longest history, the biggest file.
"""
from __future__ import annotations

import json
import pathlib
import random
import tomllib

import pytest

from kabetopo_nb.core import state as state_module
from kabetopo_nb.core.savefile import MAX_SAVE_CHARS
from kabetopo_nb.core.state import CHECKPOINT_EVERY, MAX_HISTORY
from kabetopo_nb.core.verdict import HistoryError, InvalidPositionError, NotationError, SaveFormatError
from kabetopo_nb.dakapo import DakapoState
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kaomi import KaomiState

FORGED = pathlib.Path(__file__).parents[1] / "data" / "forged"
MANIFEST = tomllib.loads((FORGED / "manifest.toml").read_text(encoding="utf-8"))["save"]
LOADERS = {"kabetopo": KabetopoState.load, "dakapo": DakapoState.load, "kaomi": KaomiState.load,
           "match": Match.load}
START = KabetopoState.new_round("kabetopo-4p", seed=1).to_text()
SHUT_IN = ("lines=Wc2n,Wc2e,Wb2e,Wc1n;runners=Ec2,Sf1,Wa1,Na6;"
           "pools=E:w0m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E")


# --- the corpus ----------------------------------------------------------------------------


def test_the_corpus_is_the_generators():
    names = sorted(p.name for p in FORGED.glob("*.json"))
    assert names == sorted(case["file"] for case in MANIFEST)
    assert len(names) >= 25


@pytest.mark.parametrize("case", MANIFEST, ids=[case["file"] for case in MANIFEST])
def test_a_forged_save_is_refused_at_its_path(case):
    text = (FORGED / case["file"]).read_text(encoding="utf-8")
    with pytest.raises(SaveFormatError) as caught:
        LOADERS[case["loader"]](text)
    assert caught.value.path == case["path"], str(caught.value)
    assert case["words"] in str(caught.value)
    # the same content given as bytes is refused the same way
    with pytest.raises(SaveFormatError) as again:
        LOADERS[case["loader"]](text.encode("utf-8"))
    assert again.value.path == case["path"]


# --- 1. a forged start ----------------------------------------------------------------------


def save_of(start: str, actions=()) -> dict:
    return {"format": "kabetopo-nb-save", "version": 1, "game": "kabetopo", "start": start, "actions": list(actions)}


def test_a_start_the_rules_forbid_is_refused_naming_the_problem():
    # K-INV-1 (b): East walled in on four sides; it would then pass for ever
    with pytest.raises(SaveFormatError, match=r"K-INV-1.*shut in") as caught:
        KabetopoState.load(save_of(SHUT_IN, ["pass"]))
    assert caught.value.path == "$.start"


def test_a_runner_walled_in_next_to_the_mountain_is_a_position_play_reaches():
    # KNB-13: it may have stepped down from c4 across the wall (K-MTN-2; K-INV-5 does not
    # check moves), so the start loads; the same walls one square further away cannot
    pocket = "lines=Wb3e,Wc2n,Wc3e,Wc3n;runners=Ef6,Sf1,Wc3,Na6;pools=E:w2m1p1l1s1,S:w2m1p1l1s1,W:w2m1p1l1s1,N:w2m1p1l1s1;turn=E"
    assert KabetopoState.from_text(pocket).problems() == []
    assert "runners=Ee6,Sf1,Wc3" in KabetopoState.load(save_of(pocket, ["step e6"])).to_text()
    far = "lines=Wb2e,Wc1n,Wc2e,Wc2n;runners=Ef6,Sf1,Wc2,Na6;pools=E:w2m1p1l1s1,S:w2m1p1l1s1,W:w2m1p1l1s1,N:w2m1p1l1s1;turn=E"
    assert any("shut in" in p for p in KabetopoState.from_text(far).problems())
    with pytest.raises(SaveFormatError, match="shut in"):
        KabetopoState.load(save_of(far))


# KNB-13 (revised): a corner or Mountain site that nothing reaches, not even a runner coming
# down off the Mountain, is a board no play leads to (moves never close a line; every drop
# and door swing keeps K-INV-1), wherever the runners stand
WALLED_CORNER = ("rules=kabetopo-4p;lines=Wf5n,We6e;runners=Ee5,Sf1,Wa1,Na6;"
                 "pools=E:w1m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E")


def test_a_corner_nothing_can_reach_is_a_problem_wherever_the_runners_stand():
    problems = KabetopoState.from_text(WALLED_CORNER).problems()
    assert len(problems) == 1 and "f6" in problems[0] and "KNB-13" in problems[0], problems
    with pytest.raises(SaveFormatError, match=r"K-INV-1.*f6") as caught:
        KabetopoState.load(save_of(WALLED_CORNER))
    assert caught.value.path == "$.start"
    # every runner's own square may be one the Mountain reaches: the corner is still closed off
    for runners in ("Ee5,Sf1,Wa1,Na6", "Ec4,Sf1,Wa1,Na6", "Ed3,Sc3,Wb4,Nc5"):
        text = WALLED_CORNER.replace("Ee5,Sf1,Wa1,Na6", runners)
        assert any("f6" in p for p in KabetopoState.from_text(text).problems()), runners
    # one of the two walls gone: f6 is reachable again and the board is fine
    assert KabetopoState.from_text(WALLED_CORNER.replace("Wf5n,", "").replace("E:w1", "E:w2")).problems() == []


def test_a_corner_only_the_mountain_reaches_is_a_board_play_can_reach():
    # a6 lies in a pocket whose only way in is stepping down from the Mountain (c4) across
    # the wall on b4e: every runner can still climb the Mountain and come down into it
    pocket = ("lines=Wa3n,Wb3n,Wb4e,Wb5e,Wb6e;runners=Ef6,Sf1,Wa1,Nd6;"
              "pools=E:w0m1p1l1s1,S:w1m1p1l1s1,W:w1m1p1l1s1,N:w1m1p1l1s1;turn=E")
    assert KabetopoState.from_text(pocket).problems() == []
    assert KabetopoState.load(save_of(pocket, ["step e6"])).to_text()
    # a runner that came down into it is fine too (K-MTN-2), though it can reach no other corner
    inside = pocket.replace("Nd6", "Nb5")
    assert KabetopoState.from_text(inside).problems() == []
    # a smaller pocket round a6 (a5, a6, b6) lies beside no Mountain site: nothing gets in
    small = ("lines=Wa4n,Wb5n,Wa5e,Wb6e;runners=Ef6,Sf1,Wa1,Nd6;"
             "pools=E:w0m1p1l1s1,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E")
    assert any("a6" in p and "KNB-13" in p for p in KabetopoState.from_text(small).problems())


def test_a_start_the_rules_allow_still_loads():
    state = KabetopoState.new_round("kabetopo-4p", seed=1)
    state.apply("step e6")
    assert KabetopoState.load(state.save_json()).to_text() == state.to_text()


# --- 2. portals on corner lines (K-INV-2) -----------------------------------------------------


def test_problems_names_portals_on_a_corner_squares_lines():
    problems = KabetopoState.from_text("lines=Pa1n,Pf6w").problems()
    assert [p for p in problems if p.startswith("K-INV-2")] == [
        "K-INV-2: a portal stands on a1n, a line of a corner square",
        "K-INV-2: a portal stands on e6e, a line of a corner square",
    ]
    # a portal one line further in is no problem
    assert not [p for p in KabetopoState.from_text("lines=Pb1n").problems() if p.startswith("K-INV-2")]


# --- 3. a setup with every setup piece placed ----------------------------------------------


def test_a_setup_phase_with_every_setup_piece_placed_is_refused_when_parsing():
    text = START + ";phase=setup;setup=7"
    with pytest.raises(InvalidPositionError, match="Field Setup is over"):
        KabetopoState.from_text(text)
    with pytest.raises(SaveFormatError, match="Field Setup is over"):
        KabetopoState.load(save_of(text, ["roll 5"]))
    # one piece short of the end is a setup still going on
    six = START.replace(",P*f4n", "") + ";phase=setup;setup=6"
    assert KabetopoState.from_text(six).decision.seat == "chance"


def test_the_board_refuses_a_finished_setup_with_a_reason():
    from kabetopo_nb import KabetopoBoard

    with pytest.raises(InvalidPositionError):
        KabetopoBoard(START + ";phase=setup;setup=7")


# --- 4. undocumented exceptions -------------------------------------------------------------


@pytest.mark.parametrize("loader", sorted(LOADERS))
def test_deeply_nested_json_is_a_save_format_error(loader):
    with pytest.raises(SaveFormatError, match="nested too deeply"):
        LOADERS[loader]("[" * 200_000)


@pytest.mark.parametrize("text", [
    "turns=\u0663", "round=\u0662", "turns=\uff13", "pools=E:w\u00b3m1p1l1s1", "runners=Ef6+\u0661,Sf1,Wa1,Na6",
    "pools=E:w" + "9" * 4400 + "m1p1l1s1", "turns=" + "9" * 5000, "turns=4_0", "turns=+3",
], ids=["arabic-turns", "arabic-round", "fullwidth-turns", "superscript-pool", "arabic-stones-carried",
        "pool-4400-digits", "turns-5000-digits", "underscore", "plus-sign"])
def test_numbers_in_kabetopo_text_are_ascii_digits_of_bounded_length(text):
    with pytest.raises(NotationError):
        KabetopoState.from_text(text)


def test_repeated_flags_and_lb_lines_without_a_portal_are_refused():
    with pytest.raises(NotationError, match="given twice"):
        KabetopoState.from_text(START + ";phase=extras;flags=gg")
    with pytest.raises(InvalidPositionError, match="K-TURN-10"):
        KabetopoState.from_text(START + ";phase=extras;lb=c3n")
    # a portal teleported through twice in one turn (a move and a bonus move) is real play
    text = START + ";phase=extras;lb=c4n,c4n"
    assert KabetopoState.from_text(text).to_text() == text.replace(";phase=extras", ";phase=extras")


# --- 5. amplification -------------------------------------------------------------------------


def test_a_history_longer_than_the_limit_is_refused_before_any_replay():
    data = save_of(SHUT_IN.replace("Wc1n", "Wd1n"), ["pass"] * (MAX_HISTORY + 1))
    with pytest.raises(SaveFormatError, match="at most 50,000") as caught:
        KabetopoState.load(data)
    assert caught.value.path == "$.actions"
    # actions and undone actions share the limit
    data = save_of(START, ["step e6"]) | {"undone": ["end"] * MAX_HISTORY}
    with pytest.raises(SaveFormatError, match="at most") as caught:
        KabetopoState.load(data)
    assert caught.value.path == "$.undone"


def test_a_file_bigger_than_the_limit_is_refused_unread():
    text = json.dumps(save_of(START)) + " " * MAX_SAVE_CHARS
    with pytest.raises(SaveFormatError, match="characters") as caught:
        KabetopoState.load(text)
    assert caught.value.path == "$"


def test_a_match_round_longer_than_the_limit_is_refused():
    data = Match("kabetopo-4p", seed=7).save()
    data["history"][0] = data["history"][0] + ["end"] * MAX_HISTORY
    with pytest.raises(SaveFormatError, match="at most") as caught:
        Match.load(data)
    assert caught.value.path == "$.history[0]"


def test_a_state_refuses_to_grow_past_the_limit_and_stays_as_it_was():
    state = KabetopoState.new_round("kabetopo-4p", seed=1)
    state.max_history = len(state.history) + 2  # an instance limit, to keep the test short
    state.apply("step e6")
    state.apply("end")
    before = (state.to_text(), state.history)
    with pytest.raises(HistoryError, match="at most"):
        state.apply("step e1")
    assert (state.to_text(), state.history) == before


def test_history_keeps_checkpoints_not_a_position_per_action():
    state = KabetopoState.new_round("kabetopo-4p", seed=2)
    rng = random.Random(2)
    while state.ply < 5 * CHECKPOINT_EVERY + 7:
        state.apply(rng.choice(list(state.legal_actions)))
    assert len(state._checkpoints) == 1 + state.ply // CHECKPOINT_EVERY
    assert len(state._window[1]) <= CHECKPOINT_EVERY


@pytest.mark.parametrize("every", [5, CHECKPOINT_EVERY])
@pytest.mark.parametrize("make", [
    lambda: KabetopoState.before_setup("kabetopo-4p"),
    lambda: KabetopoState.before_setup("kabetopo-2p"),
    lambda: DakapoState(),
    lambda: KaomiState(),
], ids=["kabetopo-4p", "kabetopo-2p", "dakapo", "kaomi"])
def test_the_history_gives_back_every_position_it_passed(make, every, monkeypatch):
    """Random play with undo, redo, goto and copies, against a list of every position."""
    monkeypatch.setattr(state_module, "CHECKPOINT_EVERY", every)
    state, rng = make(), random.Random(5)
    seen = [state.to_text()]  # seen[p]: the position after p actions
    for step in range(700):
        roll = rng.random()
        if state.is_terminal() or (roll < 0.15 and state.ply):
            state.undo()
            seen.pop()
        elif roll < 0.2 and state.ply > 3:
            ply = rng.randrange(state.ply)
            copy = state.copy()
            copy.goto(ply)
            assert copy.to_text() == seen[ply]
            assert state.to_text() == seen[-1]  # the copy did not change the original
        elif roll < 0.25 and state.can_redo():
            state.redo()
            seen.append(state.to_text())
        else:
            state.apply(rng.choice(list(state.legal_actions)))
            seen.append(state.to_text())
        assert state.to_text() == seen[-1] and state.ply == len(seen) - 1
        if step % 25 == 0 and state.ply:
            ply = rng.randrange(state.ply + 1)
            assert state.engine.format_position(state.position_at(ply)) == seen[ply]
            action, before = state.last_step()
            assert state.engine.format_position(before) == seen[-2]
    assert len(state._checkpoints) == 1 + state.ply // every
    loaded = type(state).load(state.save_json())
    assert [loaded.engine.format_position(loaded.position_at(p)) for p in range(0, loaded.ply + 1, 3)] == seen[::3]


def test_undo_all_the_way_back_over_several_checkpoints():
    state = KabetopoState.before_setup("kabetopo-4p")
    rng = random.Random(6)
    texts = [state.to_text()]
    while state.ply < 3 * CHECKPOINT_EVERY + 5 and not state.is_terminal():
        state.apply(rng.choice(list(state.legal_actions)))
        texts.append(state.to_text())
    assert state.ply == 3 * CHECKPOINT_EVERY + 5
    while state.can_undo():
        state.undo()
        assert state.to_text() == texts[state.ply]
    assert state.ply == 0 and len(state._checkpoints) == 1
    state.goto(len(texts) - 1)
    assert state.to_text() == texts[-1]


# --- 6. match saves and canonical text --------------------------------------------------------


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_a_match_save_wants_a_whole_number_version(version):
    data = Match("kabetopo-4p", seed=7).save() | {"version": version}
    with pytest.raises(SaveFormatError) as caught:
        Match.load(data)
    assert caught.value.path == "$.version"


@pytest.mark.parametrize("seed", [-7, -1, 2**64, True])
def test_a_match_seed_is_a_whole_number_from_0_to_2_64(seed):
    data = Match("kabetopo-4p", seed=7).save() | {"seed": seed}
    with pytest.raises(SaveFormatError) as caught:
        Match.load(data)
    assert caught.value.path == "$.seed"
    with pytest.raises(ValueError):
        Match("kabetopo-4p", seed=seed)


def test_a_match_seed_of_zero_and_the_largest_load():
    for seed in (0, 2**64 - 1):
        match = Match("kabetopo-4p", seed=seed)
        assert Match.load(match.save_json()).save() == match.save()
