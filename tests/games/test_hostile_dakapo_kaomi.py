"""Hostile input to Dakapo and Kaomi: only the documented errors come out, and nothing changes.

Regression tests for what fuzzing found, then a hypothesis suite per game:

(a) position text (arbitrary, built from tokens, real texts with a few characters changed,
    or with one number written in digits int() also reads, or with spaces added) and
    action text raise only NotationError or InvalidPositionError; position text that
    parses is exactly what the formatter writes, and action text reads back from str();
(b) hand-built Action objects with junk fields (floats, nan, inf, None, bools, strings,
    huge and negative numbers), in states reached by seeded random play: ``apply`` raises
    only IllegalActionError and leaves the position text and history as they were,
    ``explain`` never raises, and the two agree.

The settings are deterministic (``derandomize=True``) so CI sees the same examples.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from kabetopo_nb.core.verdict import IllegalActionError, InvalidPositionError, NotationError, Verdict
from kabetopo_nb.dakapo import Action as DakapoAction
from kabetopo_nb.dakapo import DakapoRules, DakapoState
from kabetopo_nb.dakapo import format_position as dakapo_text
from kabetopo_nb.dakapo import parse_position as parse_dakapo
from kabetopo_nb.dakapo.actions import KINDS as DAKAPO_KINDS
from kabetopo_nb.kaomi import Action as KaomiAction
from kabetopo_nb.kaomi import KaomiState
from kabetopo_nb.kaomi import format_position as kaomi_text
from kabetopo_nb.kaomi import parse_position as parse_kaomi
from kabetopo_nb.kaomi.actions import PLACE as KAOMI_PLACE
from kabetopo_nb.kaomi.actions import SWAP as KAOMI_SWAP

FUZZ = settings(derandomize=True, max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

DAKAPO_START = "rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;turn=1"
KAOMI_START = "kaomi 7 7/7/7/7/7/7/7 B"
HUGE = "9" * 5000  # more digits than Python's int() reads from text
ODD_DIGITS = ["²", "³", "٣", "٨", "０", "１", "８"]  # str.isdigit() or int() accept some of these


def _short(value) -> str:
    """A test id: the value in ASCII, cut short (some values are 5000 digits long)."""
    if isinstance(value, tuple):
        return "-".join(_short(v) for v in value)
    try:
        text = ascii(value)
    except ValueError:  # a whole number too long to write out
        text = f"{value.bit_length()}-bit-int"
    return text if len(text) <= 24 else f"{text[:20]}..{len(text)}"


def _refused_with_notation_error(parse, text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)


def _refused_unchanged(state, action) -> Verdict:
    """``apply`` refuses ``action`` and changes nothing; returns ``explain``'s verdict."""
    text, history = state.to_text(), state.history
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    assert state.to_text() == text and state.history == history
    verdict = state.explain(action)
    assert isinstance(verdict, Verdict) and not verdict.legal and verdict.reason
    assert refused.value.verdict == verdict
    return verdict


# --- Dakapo: notation --------------------------------------------------------------------


@pytest.mark.parametrize("run", ODD_DIGITS + [HUGE, "0" + HUGE], ids=_short)
def test_dakapo_board_runs_are_ascii_digits(run):
    _refused_with_notation_error(parse_dakapo, f"rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/{run};turn=1")
    _refused_with_notation_error(DakapoState.from_text, f"rules=dakapo;board={run}/8/8/3GY3/3RB3/8/8/8;turn=1")


@pytest.mark.parametrize("rules", [
    "dakapo+size١٠", "dakapo+size²", "dakapo+size１０", "dakapo+size" + HUGE,  # not ASCII digits, too long
    "dakapo+size010", "dakapo+size+10", "dakapo+size1_0", "dakapo+size 10",  # not canonical numbers
    "dakapo+size8",  # the default size is left out
    "dakapo+tabletop+size10",  # options in the formatter's order
    "dakapo+tabletop+tabletop", "dakapo+size10+size10", "dakapo+size10+size12",  # repeated options
], ids=_short)
def test_dakapo_rules_text_is_canonical(rules):
    board = "10/10/10/10/4GY4/4RB4/10/10/10/10" if "10" in rules else "8/8/8/3GY3/3RB3/8/8/8"
    _refused_with_notation_error(parse_dakapo, f"rules={rules};board={board};turn=1")
    _refused_with_notation_error(DakapoRules.parse, rules)


@pytest.mark.parametrize("text", [
    " " + DAKAPO_START, DAKAPO_START + "\n", DAKAPO_START.replace("turn=1", "turn=01"),
    DAKAPO_START.replace("turn=1", "turn=１"), DAKAPO_START + ";last=d4\n", DAKAPO_START + ";last=d٤",
    DAKAPO_START + ";last=d04",
], ids=_short)
def test_dakapo_position_text_is_exactly_what_the_formatter_writes(text):
    _refused_with_notation_error(parse_dakapo, text)


@pytest.mark.parametrize("text", ["red d²", "red d٤", "red d４", "red d" + HUGE, "red d04", "red d+4", "red ４"], ids=_short)
def test_dakapo_action_text_reads_ascii_digits_only(text):
    _refused_with_notation_error(DakapoAction.parse, text)


# --- Dakapo: hand-built actions -------------------------------------------------------------


@pytest.mark.parametrize("action", [
    DakapoAction("place", 0, 3.5, 2), DakapoAction("place", 0, float("nan"), 2), DakapoAction("place", 0, 2, float("inf")),
    DakapoAction("place", None, 3, 2), DakapoAction("place", "red", 3, 2), DakapoAction("place", 1.5, 3, 2),
    DakapoAction("place", 0, "d", 2), DakapoAction("place", 0, None, None), DakapoAction("place", True, 30, 2),
    DakapoAction("place", 0, 10**9, 2), DakapoAction("place", 0, -1, 2), DakapoAction("place", 4, 3, 2),
    DakapoAction("place", 0, 2, 10**5000), DakapoAction("place", 10**5000, 2, 2),
    DakapoAction(None), DakapoAction(3), DakapoAction(3.0), DakapoAction("jump"), DakapoAction("x" * 5000),
    DakapoAction("claim", None), DakapoAction("pass", -1, 0), DakapoAction("claim", True),
], ids=_short)
def test_dakapo_junk_actions_are_refused_and_worded(action):
    verdict = _refused_unchanged(DakapoState(), action)
    assert len(verdict.reason) < 300
    assert str(action).startswith("<"), "a malformed action is not given a square's name"


def test_dakapo_a_named_square_off_the_board_is_d1():
    verdict = _refused_unchanged(DakapoState(), DakapoAction("place", 0, 8, 98))
    assert verdict.rulings == ("D-1",) and verdict.reason == "i99 is not on the 8x8 board"


def test_dakapo_look_alikes_of_a_legal_action_apply_the_engine_action():
    state = DakapoState()
    legal = state.legal_actions.count()
    applied = state.apply(DakapoAction("place", 1.0, 3.0, True + 1))
    assert applied == DakapoAction.parse("yellow d3") and type(applied.file) is int
    assert state.history == (applied,) and legal


# --- Kaomi: notation --------------------------------------------------------------------------


@pytest.mark.parametrize("size", ODD_DIGITS + ["٧", HUGE, "07", "+7", "7_", "-7", ""], ids=_short)
def test_kaomi_size_is_ascii_digits(size):
    _refused_with_notation_error(parse_kaomi, f"kaomi {size} 7/7/7/7/7/7/7 B")
    _refused_with_notation_error(KaomiState.from_text, f"kaomi {size} 7/7/7/7/7/7/7 B")


@pytest.mark.parametrize("run", ODD_DIGITS + ["٧", HUGE, "07"], ids=_short)
def test_kaomi_board_runs_are_ascii_digits(run):
    _refused_with_notation_error(parse_kaomi, f"kaomi 7 7/7/7/7/7/7/{run} B")


@pytest.mark.parametrize("komi", ["4_0", "+4", "04", "-0", "-04", "00", "-2", "6564", "٤", "４", "²", HUGE, "4" + HUGE, "", "-", "4.0"], ids=_short)
def test_kaomi_komi_is_canonical(komi):
    _refused_with_notation_error(parse_kaomi, f"kaomi-squared 6 komi={komi} 6/6/6/6/6/6 B")


def test_kaomi_komi_is_read_as_the_formatter_writes_it():
    # KM-5: an even number of points for White, 0 to 6,562
    for komi in (0, 2, 6_562):
        text = f"kaomi-squared 6 komi={komi} 6/6/6/6/6/6 B"
        assert kaomi_text(parse_kaomi(text)) == text


@pytest.mark.parametrize("text", [
    "kaomi  7 7/7/7/7/7/7/7 B", " " + KAOMI_START, KAOMI_START + " ", KAOMI_START + "\n",
    "kaomi\t7 7/7/7/7/7/7/7 B", "kaomi-squared 6 komi=4 komi=4 6/6/6/6/6/6 B", "kaomi-squared 6 6/6/6/6/6/6 B komi=4",
], ids=_short)
def test_kaomi_position_text_is_exactly_what_the_formatter_writes(text):
    _refused_with_notation_error(parse_kaomi, text)


@pytest.mark.parametrize("text", ["d²", "d٤", "d４", "d" + HUGE, "d04", "٤4", "place d٤"], ids=_short)
def test_kaomi_action_text_reads_ascii_digits_only(text):
    _refused_with_notation_error(KaomiAction.parse, text)


# --- Kaomi: hand-built actions --------------------------------------------------------------


@pytest.mark.parametrize("action", [
    KaomiAction(KAOMI_PLACE, None, 2), KaomiAction(KAOMI_PLACE, "d", 2), KaomiAction(KAOMI_PLACE, 3, b"4"),
    KaomiAction(KAOMI_PLACE, 3.5, 2), KaomiAction(KAOMI_PLACE, float("nan"), 2), KaomiAction(KAOMI_PLACE, 2, float("-inf")),
    KaomiAction(KAOMI_PLACE, 10**9, 2), KaomiAction(KAOMI_PLACE, -1, 2), KaomiAction(KAOMI_PLACE, 9, 0),
    KaomiAction(KAOMI_PLACE, True, 10**5000), KaomiAction(KAOMI_PLACE, [3], 2),
    KaomiAction(None), KaomiAction(3), KaomiAction("pass"), KaomiAction("x" * 5000), KaomiAction(KAOMI_SWAP, 3),
    KaomiAction(KAOMI_SWAP, None, None),
], ids=_short)
def test_kaomi_junk_actions_are_refused_and_worded(action):
    verdict = _refused_unchanged(KaomiState(), action)
    assert len(verdict.reason) < 300
    assert str(action).startswith("<"), "a malformed action is not given a square's name"


def test_kaomi_a_named_square_off_the_board_is_m6():
    verdict = _refused_unchanged(KaomiState(), KaomiAction(KAOMI_PLACE, 7, 0))
    assert verdict.rulings == ("M-6",) and verdict.reason == "h1 is not on this 7x7 board"


def test_kaomi_look_alikes_of_a_legal_action_apply_the_engine_action():
    state = KaomiState()
    applied = state.apply(KaomiAction(KAOMI_PLACE, 3.0, True + 2))
    assert applied == KaomiAction.parse("d4") and type(applied.file) is int and state.history == (applied,)


# --- the fuzz suite: states from seeded random play ---------------------------------------------


def _played(states: list, seed: int) -> list:
    """Copies of each state in ``states`` as seeded random play goes from it to the end."""
    out = []
    rng = random.Random(seed)
    for state in states:
        out.append(state.copy())
        while not state.is_terminal():
            state.apply(rng.choice(list(state.legal_actions)))
            if rng.random() < 0.15 or state.is_terminal():
                out.append(state.copy())
    for state in out:  # build each position's ledgers once: the copies made below share them
        state.ledger(why=True)
        state.ledger(why=False)
    return out


DAKAPO_STATES = _played([DakapoState(size=4), DakapoState(size=6, tabletop=True), DakapoState(),
                         DakapoState(tabletop=True), DakapoState(size=10),
                         # partial positions (stones= and supply=), played on from there
                         DakapoState("rules=dakapo+size4;stones=Gb2,Rb3;supply=R2,Y3,G2,B1;turn=1"),
                         DakapoState("rules=dakapo+tabletop;stones=Gd2,Gc3,Ge3,Rd5;supply=R9,Y12,G7,B12;turn=1;"
                                     "last=d5")], seed=5)
KAOMI_STATES = _played([KaomiState.new_game(5), KaomiState.new_game(6, squared=True, komi=2), KaomiState.new_game(7),
                        KaomiState.new_game(9, squared=True, komi=4)], seed=6)
DAKAPO_TEXTS = [s.to_text() for s in DAKAPO_STATES]
KAOMI_TEXTS = [s.to_text() for s in KAOMI_STATES]
DAKAPO_ACTION_TEXTS = sorted({str(a) for s in DAKAPO_STATES for a in s.ledger(why=True).candidates()})
KAOMI_ACTION_TEXTS = sorted({str(a) for s in KAOMI_STATES for a in s.ledger(why=True).candidates()})

HOSTILE = ODD_DIGITS + [HUGE, "_", "+", "-", "0", "00", " ", "\n", "\t", ";", "=", "/", "1_0", "+4", "-2", "٤"]
DAKAPO_TOKENS = HOSTILE + [
    "rules", "board", "turn", "last", "claim", "dakapo", "+size", "+size10", "size8", "+tabletop", "tabletop",
    "claimed", "passed", "R", "Y", "G", "B", "X", "1", "2", "3", "8", "10", "26", "d4", "a1", "z99", "red", "pass",
    "stones", "supply", ",", "Gd4", "R0", "B15", "R16",
]
KAOMI_TOKENS = HOSTILE + [
    "kaomi", "kaomi-squared", "komi=", "komi=4", "komi=-2", "swapped", "B", "W", "X", "1", "5", "7", "9", "10",
    "d4", "i9", "swap", "place",
]


def _mutated(texts: list[str], tokens: list[str]):
    pieces = st.one_of(st.sampled_from(list("0123456789RYGBWX/;=+-_ ")), st.sampled_from(tokens))

    @st.composite
    def mutated(draw):
        """A real position text, as it is or with a few characters deleted, replaced or inserted."""
        text = draw(st.sampled_from(texts))
        for _ in range(draw(st.integers(0, 3))):
            i = draw(st.integers(0, len(text)))
            piece = draw(pieces)
            op = draw(st.sampled_from(["delete", "replace", "insert"]))
            if op == "delete":
                text = text[:i] + text[i + 1:]
            elif op == "replace":
                text = text[:i] + piece + text[i + 1:]
            else:
                text = text[:i] + piece + text[i:]
        return text
    return mutated()


LOOK_ALIKE_DIGITS = [
    lambda d: chr(0xFF10 + int(d)),  # full-width
    lambda d: chr(0x0660 + int(d)),  # Arabic-Indic
    lambda d: "⁰¹²³⁴⁵⁶⁷⁸⁹"[int(d)],  # superscript
    lambda d: "0" + d, lambda d: "+" + d, lambda d: "-" + d, lambda d: d + "_", lambda d: d * 2000,
]
SPACES = [lambda t: " " + t, lambda t: t + "\n", lambda t: t.replace(" ", "  ", 1), lambda t: t.replace(";", "; ", 1)]


@st.composite
def _look_alike(draw, texts: list[str]):
    """A real position text with one number written another way int() reads, or with spaces added."""
    text = draw(st.sampled_from(texts))
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    if digits and draw(st.booleans()):
        i = draw(st.sampled_from(digits))
        return text[:i] + draw(st.sampled_from(LOOK_ALIKE_DIGITS))(text[i]) + text[i + 1:]
    return draw(st.sampled_from(SPACES))(text)


def _texts(texts: list[str], tokens: list[str], separator: str):
    return st.one_of(
        st.text(max_size=120),
        st.lists(st.sampled_from(tokens), min_size=1, max_size=12).map(separator.join),
        _mutated(texts, tokens),
        _look_alike(texts),
    )


def _reads_exactly(parse, fmt, text: str) -> None:
    """``text`` parses only into a position the formatter writes as ``text`` itself."""
    try:
        pos = parse(text)
    except (NotationError, InvalidPositionError) as exc:
        event(type(exc).__name__)
        return
    event("parsed")
    assert fmt(pos) == text
    assert parse(fmt(pos)) == pos


@FUZZ
@given(_texts(DAKAPO_TEXTS, DAKAPO_TOKENS, ";"))
def test_fuzz_dakapo_position_text(text):
    _reads_exactly(parse_dakapo, dakapo_text, text)
    try:
        DakapoState.from_text(text)
    except (NotationError, InvalidPositionError):
        pass


@FUZZ
@given(_texts(KAOMI_TEXTS, KAOMI_TOKENS, " "))
def test_fuzz_kaomi_position_text(text):
    _reads_exactly(parse_kaomi, kaomi_text, text)
    try:
        KaomiState.from_text(text)
    except (NotationError, InvalidPositionError):
        pass


def _action_round_trip(action_type, text: str) -> None:
    try:
        action = action_type.parse(text)
    except NotationError:
        event("NotationError")
        return
    event("parsed")
    assert action_type.parse(str(action)) == action


def _action_texts(texts: list[str], tokens: list[str]):
    return st.one_of(
        st.text(max_size=20),
        st.lists(st.sampled_from(tokens), min_size=1, max_size=3).map(" ".join),
        _mutated(texts, tokens),
        _look_alike(texts),
    )


@FUZZ
@given(_action_texts(DAKAPO_ACTION_TEXTS, DAKAPO_TOKENS))
def test_fuzz_dakapo_action_text(text):
    _action_round_trip(DakapoAction, text)


@FUZZ
@given(_action_texts(KAOMI_ACTION_TEXTS, KAOMI_TOKENS))
def test_fuzz_kaomi_action_text(text):
    _action_round_trip(KaomiAction, text)


numbers = st.one_of(
    st.integers(-3, 12),
    st.integers(),
    st.sampled_from([10**9, -(10**9), 10**30, 10**5000]),
    st.booleans(),
    st.floats(allow_nan=True),
    st.none(),
    st.text(max_size=3),
    st.lists(st.integers(0, 3), max_size=2),
)


def kinds(known):
    return st.one_of(st.sampled_from(known), st.text(max_size=6), st.none(), st.integers(), st.floats())


def _apply_and_check(state, action) -> None:
    text, history = state.to_text(), state.history
    verdict = state.explain(action)
    assert isinstance(verdict, Verdict) and verdict.reason
    legal = list(state.legal_actions)
    try:
        applied = state.apply(action)
    except IllegalActionError as exc:
        event(f"IllegalActionError {exc.verdict.rulings}")
        assert not verdict.legal and exc.verdict == verdict
        assert state.to_text() == text and state.history == history
        assert str(exc)  # the message quotes the action, however hostile
        return
    # an action equal to a legal one: applied as the engine's own object
    event("applied")
    assert verdict.legal
    assert any(applied is a for a in legal) and state.history == history + (applied,)
    state.undo()
    assert state.to_text() == text and state.history == history


@FUZZ
@given(st.integers(0, len(DAKAPO_STATES) - 1), st.builds(DakapoAction, kinds(DAKAPO_KINDS), numbers, numbers, numbers))
def test_fuzz_dakapo_apply_arbitrary_actions(i, action):
    _apply_and_check(DAKAPO_STATES[i].copy(), action)


@FUZZ
@given(st.integers(0, len(KAOMI_STATES) - 1), st.builds(KaomiAction, kinds((KAOMI_PLACE, KAOMI_SWAP)), numbers, numbers))
def test_fuzz_kaomi_apply_arbitrary_actions(i, action):
    _apply_and_check(KAOMI_STATES[i].copy(), action)


@FUZZ
@given(st.integers(0, len(DAKAPO_STATES) - 1), st.data())
def test_fuzz_dakapo_look_alikes_apply_the_engine_action(i, data):
    state = DAKAPO_STATES[i].copy()
    legal = list(state.legal_actions)
    if legal:
        a = data.draw(st.sampled_from(legal))
        _apply_and_check(state, DakapoAction(a.kind, float(a.colour), a.file + 0.0, a.rank == 1 or a.rank))


@FUZZ
@given(st.integers(0, len(KAOMI_STATES) - 1), st.data())
def test_fuzz_kaomi_look_alikes_apply_the_engine_action(i, data):
    state = KAOMI_STATES[i].copy()
    legal = list(state.legal_actions)
    if legal:
        a = data.draw(st.sampled_from(legal))
        _apply_and_check(state, KaomiAction(a.kind, float(a.file), a.rank == 1 or a.rank))


# --- the teaching questions refuse junk too ---------------------------------------------------


@pytest.mark.parametrize("colour", [7, -1, None, 1.0, True, "purple"])
def test_dakapo_can_place_refuses_what_is_not_a_colour(colour):
    state = DakapoState()
    before = (state.to_text(), state.history)
    with pytest.raises(NotationError):
        state.can_place(colour)
    assert (state.to_text(), state.history) == before
    assert state.can_place("red").legal


@pytest.mark.parametrize("square", [None, 99, -1, 3.0, True, "z9"])
def test_kaomi_explain_placement_refuses_what_is_not_a_square(square):
    with pytest.raises(NotationError):
        KaomiState().explain_placement(square)


def test_kaomi_explain_placement_refuses_a_taken_square_with_the_engines_verdict():
    state = KaomiState()
    state.apply("d4")
    with pytest.raises(IllegalActionError) as caught:
        state.explain_placement("d4")
    assert caught.value.verdict == state.explain("d4")
    assert state.explain_placement("d5").steps
