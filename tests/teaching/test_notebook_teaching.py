"""The notebooks teach by doing (issue 12): a board to try in every rule notebook, exercises
whose answers are not printed above them, one vocabulary, the plain case of passing first.

These tests read the notebook *sources* (``notebooks/src``) and, where a board or a position
must be judged, run the source's code cells in a namespace of their own and ask the engine
about what they built.  They never re-state a rule: "a door swing with a hinge choice" is
whatever the engine lists as ``door`` actions.
"""
from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import jupytext
import pytest

from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.game import KabetopoState
from kabetopo_nb.kabetopo.notation import line_name, parse_line

SOURCES = Path(__file__).resolve().parents[2] / "notebooks" / "src"
RULE_NOTEBOOKS = {p.stem[:2]: p for p in sorted(SOURCES.glob("*.py")) if 1 <= int(p.stem[:2]) <= 16}
ALL = sorted(SOURCES.glob("*.py"))


def read(source: Path):
    return jupytext.read(source, fmt="py:percent").cells


def run_cells(source: Path, upto: int | None = None, namespace: dict | None = None) -> dict:
    """Run a notebook source's code cells (``upto``: that cell index included) quietly."""
    ns = namespace if namespace is not None else {}
    ns.setdefault("__name__", "__notebook__")
    for i, cell in enumerate(read(source)):
        if upto is not None and i > upto:
            break
        if cell.cell_type != "code" or "ChallengeBoard(" in cell.source:
            continue
        code = "\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!")))
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, f"{source.stem}[{i}]", "exec"), ns)
    return ns


# --- a board in every rule notebook ------------------------------------------------------

def _state(board):
    controller = board.controller
    return controller.round.state if hasattr(controller, "round") else controller.state


def _within(state: KabetopoState, depth: int):
    """Every (state, legal action) pair reachable in ``depth`` actions from ``state``."""
    frontier = [state]
    for _ in range(depth):
        nxt = []
        for s in frontier:
            for a in list(s.legal_actions):
                yield s, a
                t = s.copy()
                t.apply(a)
                nxt.append(t)
        frontier = nxt


def _kinds_within(state, depth):
    return {(a.kind, bool(a.speed)) for _, a in _within(state, depth)}


def _refused_citing(state, kind: str, prefix: str) -> bool:
    for ln in range(len(state.position.lines)):
        try:
            text = f"{kind} {line_name(ln)}"
            verdict = state.explain(text)
        except Exception:
            continue
        if not verdict.legal and any(r.startswith(prefix) for r in verdict.rulings):
            return True
    return False


def _swings_with_a_hinge_choice(state) -> bool:
    doors: dict[str, set[str]] = {}
    for a in state.legal_actions:
        if a.kind == Kind.DOOR:
            words = str(a).split()
            doors.setdefault(words[1], set()).add(words[-1])
    return any(len(ends) >= 2 for ends in doors.values())


def _someone_gets_home(state) -> bool:
    for s, a in _within(state, 2):
        t = s.copy()
        t.apply(a)
        if len(t.position.homes) > len(s.position.homes):
            return True
    return False


WHAT_TO_TRY = {
    "01": ("the 2x2 Field Setup's die rolls", lambda s, b: (Kind.ROLL, False) in _kinds_within(s, 1)),
    "02": ("a step", lambda s, b: (Kind.STEP, False) in _kinds_within(s, 1)),
    "03": ("a wall drop the path rule refuses", lambda s, b: (Kind.WALL, False) in _kinds_within(s, 1) and _refused_citing(s, "wall", "K-INV-1")),
    "04": ("a monolith and its bonus move", lambda s, b: (Kind.MONOLITH, False) in _kinds_within(s, 1)),
    "05": ("a teleport", lambda s, b: (Kind.TELEPORT, False) in _kinds_within(s, 1)),
    "06": ("a lock", lambda s, b: (Kind.LOCK, False) in _kinds_within(s, 2)),
    "07": ("a speed token", lambda s, b: any(speed for _, speed in _kinds_within(s, 1))),
    "08": ("a leapfrog", lambda s, b: (Kind.LEAP, False) in _kinds_within(s, 1)),
    "09": ("the Mountain", lambda s, b: any(a.kind == Kind.STEP and a.a in s.position.rules.geometry.mountains for _, a in _within(s, 2))),
    "10": ("a door swing with a choice of hinge", lambda s, b: _swings_with_a_hinge_choice(s)),
    "11": ("a drop the corners forbid", lambda s, b: _refused_citing(s, "wall", "K-") and any(
        not s.explain(f"{k} {line_name(ln)}").legal for k in ("portal", "wall") for ln in s.position.rules.geometry.corner_lines())),
    "12": ("a Tadaima that ends the round", lambda s, b: _someone_gets_home(s)),
    "13": ("a whole match", lambda s, b: hasattr(b.controller, "match")),
    "14": ("the 3-player game", lambda s, b: s.position.rules.players == 3),
    "15": ("the 2-player game with the Summit", lambda s, b: s.position.rules.name == "kabetopo-2p"),
    "16": ("Mischief of the v3.0 expansion", lambda s, b: s.position.rules.mischief),
}


def _board_cells(source: Path) -> list[int]:
    return [i for i, c in enumerate(read(source)) if c.cell_type == "code"
            and re.search(r"^board\s*=\s*(KabetopoBoard|MatchBoard)\(", c.source, re.M)]


def test_every_rule_notebook_is_checked():
    assert sorted(RULE_NOTEBOOKS) == sorted(WHAT_TO_TRY)


@pytest.mark.parametrize("section", sorted(WHAT_TO_TRY))
def test_every_rule_notebook_has_a_board_where_its_rule_is_the_thing_to_try(section, tmp_path, monkeypatch):
    source = RULE_NOTEBOOKS[section]
    monkeypatch.chdir(tmp_path)  # a MatchBoard's autosave file lands here, not in notebooks/
    monkeypatch.setenv("KABETOPO_NB_PROGRESS", str(tmp_path / "progress.json"))
    what, check = WHAT_TO_TRY[section]
    cells = _board_cells(source)
    assert cells, f"{source.stem}: no `board = KabetopoBoard(...)` or `MatchBoard(...)` cell to try {what}"
    found = []
    for i in cells:
        before = read(source)[i - 1]
        assert before.cell_type == "markdown" and re.search(r"\b(try|click)\b", before.source, re.I), (
            f"{source.stem}: the board in cell {i} needs a line above it saying what to try")
        board = run_cells(source, upto=i)["board"]
        found.append(check(_state(board), board))
    assert any(found), f"{source.stem}: none of its boards lets the learner try {what}"


# --- exercises that test ---------------------------------------------------------------

def _exercises(source: Path):
    """(first cell of the exercise, index of its check cell) for every exercise."""
    cells = read(source)
    out = []
    for i, c in enumerate(cells):
        if c.cell_type == "code" and "check_answer(" in c.source:
            start = max(j for j in range(i) if cells[j].cell_type == "markdown" and "xercise" in cells[j].source)
            out.append((start, i))
    return out


def _made_positions(code: str) -> list[str]:
    """The expressions a cell builds its positions from (right-hand sides of assignments)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            targets = {t.id for t in node.targets if isinstance(t, ast.Name)}
            if targets & {"answer", "expected"} or not targets:
                continue
            out.append(ast.dump(node.value))
    return out


def _calls(code: str) -> set[str]:
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    return {n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", "") for n in ast.walk(tree) if isinstance(n, ast.Call)}


# what an exercise may do before its answer is checked: build and draw its position
ALLOWED_BEFORE_THE_ANSWER = {"show", "example", "position", "KabetopoState", "parse_position", "stones", "board",
                             "DakapoState", "KaomiState", "copy", "apply", "before_setup", "new_round", "dict", "set", "print"}


@pytest.mark.parametrize("source", ALL, ids=lambda p: p.stem)
def test_no_exercise_answer_is_printed_above_it(source):
    cells = read(source)
    for start, check in _exercises(source):
        above = [ast_ for c in cells[:start] if c.cell_type == "code" for ast_ in _made_positions(c.source)]
        for i in range(start, check + 1):
            if cells[i].cell_type != "code":
                continue
            for made in _made_positions(cells[i].source):
                assert made not in above, (
                    f"{source.stem}, exercise at cell {start}: its position was already explored above "
                    f"(cell {i} builds it again); give the exercise a position of its own")
            if i < check:
                extra = _calls(cells[i].source) - ALLOWED_BEFORE_THE_ANSWER
                assert not extra, f"{source.stem}, exercise at cell {start}: cell {i} prints the answer's material ({', '.join(sorted(extra))})"
                assert "print(" not in cells[i].source or "legal" not in cells[i].source, f"{source.stem}: cell {i} prints legal actions before the answer"


# --- one vocabulary ------------------------------------------------------------------

COMPASS = re.compile(r"\b(north|south|east|west)(-(east|west))?\b|\bnorth(east|west)\b|\bsouth(east|west)\b")
PLY = re.compile(r"\bpl(y|ies)\b", re.I)
# a piece named by its line ("wall c4n", "door on b1n"); a door *action* starts with a side
# of the mover's square ("door b2s b1e": its first word is a side, not a line's name)
LINE_PIECE = re.compile(r"\b(?:(?:wall|monolith|portal|line)s?\s+(?:on\s+)?|doors?\s+on\s+)`?([a-f][1-6][nesw])\b")


def _prose(source: Path) -> list[str]:
    """Markdown text outside code spans and fenced blocks."""
    out = []
    for c in read(source):
        if c.cell_type == "markdown":
            text = re.sub(r"```.*?```", "", c.source, flags=re.S)
            out.append(re.sub(r"`[^`]*`", "", text))
    return out


@pytest.mark.parametrize("source", ALL, ids=lambda p: p.stem)
def test_prose_uses_the_diamonds_directions_and_no_engine_jargon(source):
    for text in _prose(source):
        assert not COMPASS.search(text), (
            f"{source.stem}: grid compass words in prose ({COMPASS.search(text).group(0)!r}); directions are the diamond's as a player sees "
            "it (up-left, up-right, down-left, down-right, towards a corner); the n/e/s/w letters live only inside line and side names")
        assert not PLY.search(text), f"{source.stem}: engine jargon {PLY.search(text).group(0)!r} in learner-facing prose"


@pytest.mark.parametrize("source", ALL, ids=lambda p: p.stem)
def test_every_line_has_one_name(source):
    """A line's piece is named by the engine's name for the line (c4n, never c5s)."""
    for c in read(source):
        for name in LINE_PIECE.findall(c.source):
            assert line_name(parse_line(name)) == name, (
                f"{source.stem}: the line {name} is called {line_name(parse_line(name))} everywhere else")


# --- the passing lesson: the plain case first ------------------------------------------

def test_the_passing_lesson_shows_the_plain_case_first(monkeypatch):
    """The first position where notebook 02 asks about passing has a runner that cannot move
    and a pool that is empty: no edge case (a walled pocket with pieces it may not drop)."""
    import kabetopo_nb.teach as teach

    asked = []
    real_ask, real_play = teach.ask, teach.play

    def ask(state, action):
        asked.append((state, str(action)))
        return real_ask(state, action)

    def play(state, *actions):
        asked.extend((state, str(a)) for a in actions)
        return real_play(state, *actions)

    monkeypatch.setattr(teach, "ask", ask)
    monkeypatch.setattr(teach, "play", play)
    run_cells(RULE_NOTEBOOKS["02"])
    passes = [s for s, a in asked if a == "pass"]
    assert passes, "notebook 02 never asks about passing"
    first = passes[0]
    assert [str(a) for a in first.legal_actions] == ["pass"]
    assert not any(first.position.pools[first.position.turn]), "the first passing example should have an empty pool (the plain case)"
