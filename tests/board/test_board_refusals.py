"""Refused clicks are answered from the ledger (issue 22, redesign of the board's refusals).

A click on a square or a line that the rules refuse is answered with the verdict of one of
the candidates the engine itself lists for that target (``state.options_at``), never with
the verdict of an action the board made up; where no candidate stands behind the refusal
(another seat's runner, a square no move of any kind reaches, the setup, a finished round),
the board's own words come from one module, ``play/refusals.py``.

Driven through the controller (``click`` with the front end's targets), without a widget.
"""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.geometry import LINES, NUM_SQUARES, line_name, square_name
from kabetopo_nb.play.kabetopo import KabetopoController

START = "runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E"
MID = "runners=Ec3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E"
LEAP = "runners=Eb4,Sf1,Wa1,Nb5;pools=E:w0m0p0l0s0;turn=E"
# a wall between East on b4 and North on b5: a leapfrog is a real candidate, and refused
LEAP_BLOCKED = "lines=Wb4n;runners=Eb4,Sf1,Wa1,Nb5;pools=E:w0m0p0l0s0;turn=E"
# c2n is a door (walls on b2n and d2n continue it), locked: it never opens (K-DOOR-3)
LOCKED_DOOR = "lines=Wb2n,Wc2n,Wd2n;locks=c2n;runners=Ec2,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E"
TELEPORT = "lines=P*b5e,P*e2n;runners=Eb5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E"
BUMP = "runners=Ec5,Sc4,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E"
MISCHIEF = ("rules=kabetopo-mp-v3+mischief;lines=P*e3n,P*b2e,Wd4n;locks=e3n;runners=Ef1+1,Sc3,Wa2,Nb6;"
            "pools=E:w1m1p0l1s0,S:w3m2p1l1s0,W:w2m2p1l1s0,N:w3m2p1l0s0;stones=3;order=E;homes=Ef1;turn=E")

# (position, the actions played before the clicks)
SITUATIONS = {
    "start": (START, []),
    "middle of the board": (MID, []),
    "leapfrog": (LEAP, []),
    "blocked leapfrog": (LEAP_BLOCKED, []),
    "locked door": (LOCKED_DOOR, []),
    "teleport open": (TELEPORT, []),
    "exit choice": (TELEPORT, ["teleport b5e"]),
    "bump choice": (BUMP, ["step c4"]),
    "speed token after the move": (START, ["step f5"]),
    "bonus move after a monolith": (MID, ["monolith a3n"]),
    "mischief": (MISCHIEF, []),
}


def controller(text: str, played=()) -> KabetopoController:
    state = KabetopoState.from_text(text)
    for action in played:
        state.apply(action)
    return KabetopoController(state)


def record_board_refusals(monkeypatch) -> list:
    """Every verdict ``play/refusals.py`` words from now on (its functions, wrapped)."""
    from kabetopo_nb.play import refusals

    worded: list = []
    for name, fn in inspect.getmembers(refusals, inspect.isfunction):
        if fn.__module__ != refusals.__name__ or name.startswith("_"):
            continue

        def wrapped(*args, _fn=fn, **kwargs):
            verdict = _fn(*args, **kwargs)
            worded.append(verdict)
            return verdict

        monkeypatch.setattr(refusals, name, wrapped)
    return worded


def targets():
    return [f"sq:{square_name(sq)}" for sq in range(NUM_SQUARES)] + [f"ln:{line_name(ln)}" for ln in LINES]


# --- the ledger answers, or the board's one module does ------------------------------------------


@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_no_refused_click_shows_a_verdict_for_an_action_options_at_does_not_list(situation, monkeypatch):
    text, played = SITUATIONS[situation]
    worded = record_board_refusals(monkeypatch)
    refused = 0
    for target in targets():
        c = controller(text, played)
        options = list(c.state.options_at(target.split(":", 1)[1]))
        worded.clear()
        reply = c.click(target)
        assert "error" not in reply, f"{situation}, {target}: {reply}"
        if reply["ok"]:
            continue
        refused += 1
        shown = (tuple(reply["refusal"]["rulings"]), reply["refusal"]["reason"])
        from_ledger = {(v.rulings, v.reason) for _, v in options if not v.legal}
        from_board = {(v.rulings, v.reason) for v in worded}
        assert shown in from_ledger | from_board, (
            f"{situation}, {target}: the refusal {shown} is neither a verdict of options_at "
            f"({[str(a) for a, _ in options]}) nor worded by play/refusals.py")
        assert shown[0], f"{situation}, {target}: a refusal cites its ruling"
        # the "why not here?" answers are the ledger's list for this target, or nothing
        assert c.why_not in (options, []), f"{situation}, {target}"
    assert refused


def test_a_refused_click_reads_one_ledger_and_keeps_its_list_as_why_not(monkeypatch):
    c = controller(MID)
    engine = c.state.engine
    built = []
    real = engine.ledger

    def counting(pos, why=False):
        built.append(why)
        return real(pos, why=why)

    monkeypatch.setattr(engine, "ledger", counting)
    for target in ("sq:c5", "sq:d4", "ln:c3n"):
        built.clear()
        c.click(target)
        assert built.count(True) <= 1, f"{target}: {built.count(True)} ledgers with reasons for one click"
        assert c.why_not == list(c.state.options_at(target[3:])) or c.choices
        assert built.count(True) <= 1, "why_not is the click's own list, not a second ledger"


# --- the known misclicks --------------------------------------------------------------------------


@pytest.mark.parametrize("text, played, square", [
    (MID, [], "c5"), (MID, [], "a3"), (MID, [], "e3"), (START, [], "f4"), (START, [], "d6"),
    (START, ["step f5"], "f2"),  # in the extras, with the speed token
])
def test_a_square_straight_on_with_nothing_to_leap_reads_as_a_step_of_one_square(text, played, square):
    c = controller(text, played)
    reply = c.click(f"sq:{square}")
    assert reply["ok"] is False
    refusal = reply["refusal"]
    assert refusal["rulings"] == ["K-MOVE-1"], refusal
    assert "a step goes one square" in refusal["reason"]
    assert "diagonal" not in refusal["reason"]  # straight on is not diagonal
    assert "nothing to leapfrog" in refusal["reason"]
    # the ledger's own answer for the leapfrog stays on show under "why not here?"
    assert any(a.kind == "leap" for a, _ in c.why_not)


def test_a_real_leapfrog_candidate_is_refused_with_the_ledgers_leapfrog_verdict():
    c = controller(LEAP_BLOCKED)
    reply = c.click("sq:b6")
    ledger = {str(a): v for a, v in c.state.options_at("b6")}
    assert reply["refusal"] == {"rulings": list(ledger["leap b6"].rulings), "reason": ledger["leap b6"].reason}
    assert reply["refusal"]["rulings"] == ["K-LEAP-1"] and "stands between" in reply["refusal"]["reason"]


@pytest.mark.parametrize("square, diagonal", [("d4", True), ("b2", True), ("e5", True), ("f2", False),
                                              ("d6", False), ("a4", False)])
def test_a_square_no_move_reaches_is_refused_in_plain_words(square, diagonal):
    c = controller(MID)
    assert c.state.options_at(square) == []  # no candidate of the decision aims there
    reply = c.click(f"sq:{square}")
    refusal = reply["refusal"]
    assert refusal["rulings"] == ["K-MOVE-1"]
    assert ("diagonal" in refusal["reason"]) is diagonal, refusal["reason"]
    assert "one square" in refusal["reason"] or "diagonal" in refusal["reason"]
    assert c.why_not == []


def test_a_square_a_teleport_could_reach_says_how_to_teleport():
    c = controller(TELEPORT)  # East on b5 beside a portal: the T is on the board
    reply = c.click("sq:e3")  # beside the other portal
    assert reply["refusal"]["rulings"] == ["K-MOVE-1"] and "T" in reply["refusal"]["reason"]


def test_a_square_beyond_a_locked_door_is_refused_for_the_door():
    c = controller(LOCKED_DOOR)
    reply = c.click("sq:c3")
    assert reply["refusal"]["rulings"] == ["K-DOOR-3"], reply


def test_a_portal_line_clicked_during_the_exit_choice_offers_its_exits():
    c = controller(TELEPORT, ["teleport b5e"])
    reply = c.click("ln:e2n")
    assert reply["ok"] is True
    assert [str(a) for a in c.choices] == ["exit e2n", "exit e3s"]
    assert c.click("act:exit e3s")["ok"] is True
    # the entry portal's line: the ledger says why not
    c = controller(TELEPORT, ["teleport b5e"])
    reply = c.click("ln:b5e")
    assert reply["refusal"]["rulings"] == ["K-PORT-2"] and "another portal" in reply["refusal"]["reason"]
    # a line with no candidate at all: finish the choice first
    assert c.click("ln:c5n")["refusal"]["rulings"] == ["K-TURN-7"]


def test_a_square_away_from_the_mountain_in_the_bump_choice():
    c = controller(BUMP, ["step c4"])
    reply = c.click("sq:e5")
    assert reply["refusal"]["rulings"] == ["K-MTN-3"] and "e5" in reply["refusal"]["reason"]
    assert c.why_not == []
    assert c.click("sq:b4")["ok"] is True


def test_a_click_during_the_setup_is_a_refusal_with_its_ruling():
    c = KabetopoController(KabetopoState.before_setup())
    for target in ("sq:c3", "ln:c3n"):
        reply = c.click(target)
        assert reply["ok"] is False and reply["refusal"]["rulings"] == ["K-SETUP-1"]
        assert "Roll" in reply["refusal"]["reason"]


# --- one place for the board's own words -------------------------------------------------------

PLAY = Path(__file__).resolve().parents[2] / "kabetopo_nb" / "play"
RULING_ID = r"(K|KNB|D|M|KM)(-[A-Z]+)*-\d+"
# Dakapo's square refusal (play/dakapo.py, _square_verdict) joins the engine's verdicts
# for every colour into a Verdict of its own: reported, left to the Dakapo board's owner.
NOT_YET = {"dakapo.py"}


def _not_wording(tree: ast.AST) -> set[int]:
    """The string constants that word nothing: docstrings, and a ruling ID looked for in a
    verdict the ledger gave (``"K-LEAP-1" in verdict.rulings``)."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
        if isinstance(node, ast.Compare) and all(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            ids.add(id(node.left))
    return ids


@pytest.mark.parametrize("module", sorted(p.name for p in PLAY.glob("*.py")
                                          if p.name not in {"refusals.py", "__init__.py"} | NOT_YET))
def test_refusals_py_is_the_only_play_module_that_words_a_refusal(module):
    import re

    tree = ast.parse((PLAY / module).read_text(encoding="utf-8"))
    docs = _not_wording(tree)
    made = [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Verdict"]
    assert not made, f"play/{module} makes a Verdict of its own (lines {made}): word it in play/refusals.py"
    ids = [(node.lineno, node.value) for node in ast.walk(tree)
           if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
           and re.fullmatch(RULING_ID, node.value)]
    assert not ids, f"play/{module} cites ruling IDs itself: {ids}"
    assert "Verdict(False, (" not in (PLAY / module).read_text(encoding="utf-8")


# --- buttons with nothing to do: the ledger's verdict of that kind, else the board's words ---

def _after_setup(seed: int):
    from kabetopo_nb.play.kabetopo import kabetopo_controller

    c = kabetopo_controller(seed=seed)
    while c.state.position.phase == "setup":
        assert c.button("roll")["ok"]
    return c


def test_speed_and_lock_behind_with_nothing_to_do_are_refused_by_their_own_rules():
    c = _after_setup(1)
    before = c.state.position
    speed = c.button("speed")
    lock = c.button("lock-behind")
    assert not speed["ok"] and speed["refusal"]["rulings"] == ["K-TURN-3"]
    # a lock drop of the main phase is not "lock it behind you": its (legal) verdict is never shown
    assert not lock["ok"] and lock["refusal"]["rulings"] == ["K-TURN-4"], lock
    assert "teleport" in lock["refusal"]["reason"] and "bonus move follows" not in lock["refusal"]["reason"]
    assert c.state.position is before and not c.use_speed and not c.lock_behind


def test_a_refused_speed_press_never_shows_a_legal_verdict():
    for seed in range(6):
        c = _after_setup(seed)
        for _ in range(12):
            reply = c.button("speed")
            if reply["ok"]:
                c.button("speed")  # put it back
            else:
                reason = reply["refusal"]["reason"]
                assert reply["refusal"]["rulings"], reply
                assert not any(c.state.explain(a).legal and c.state.explain(a).reason == reason
                               for a in c.state.legal_actions), reply
            legal = [a for a in c.state.legal_actions if a.kind.name != "ROLL"]
            if not legal:
                break
            c.apply(legal[0])
