"""Fuzzing with hypothesis: junk in, only the documented errors out, and nothing changes.

(a) ``parse_position`` and ``Action.parse`` on arbitrary and almost-right text raise only
    NotationError or InvalidPositionError; whatever parses round-trips.
(b) ``apply`` of arbitrary Action objects (any kind string, any numbers, any speed flag)
    or arbitrary objects, in states reached by seeded random play, raises only
    IllegalActionError (NotationError for text) and leaves the position and history as
    they were; an action *equal* to a legal one is applied as the engine's own object.
(c) damaged save files (state and match saves, forged starts, deeply nested JSON) raise
    only SaveFormatError, and whatever loads starts from a position with no problems.

The settings are deterministic (``derandomize=True``) so CI sees the same examples.
"""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kabetopo_nb.core.verdict import IllegalActionError, InvalidPositionError, NotationError, SaveFormatError
from kabetopo_nb.kabetopo import Action, KabetopoState
from kabetopo_nb.kabetopo.actions import KINDS
from kabetopo_nb.kabetopo.geometry import LINES, line_name, side_name, sides_of_line, square_name
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.notation import FIELDS, format_position, parse_position

FUZZ = settings(derandomize=True, max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _played_states() -> list[KabetopoState]:
    """States from seeded random play, every decision kind among them."""
    out = [KabetopoState.before_setup("kabetopo-4p")]
    for name, seed in (("kabetopo-4p", 1), ("kabetopo-3p", 2), ("kabetopo-2p", 3), ("kabetopo-mp-v3", 4)):
        rng = random.Random(seed)
        state = KabetopoState.new_round(name, seed=seed)
        phases: set = set()
        while not state.is_terminal():
            if state.position.phase not in phases or len(state.history) % 97 == 0:
                phases.add(state.position.phase)
                out.append(state.copy())
            state.apply(rng.choice(list(state.legal_actions)))
        out.append(state)
    return out


STATES = _played_states()
TEXTS = [format_position(s.position) for s in STATES]

# --- (a) notation ------------------------------------------------------------------------

SQUARES = [square_name(sq) for sq in range(36)]
SIDES = [side_name(sd) for ln in LINES for sd in sides_of_line(ln)]
TOKENS = SQUARES + SIDES + [line_name(ln) for ln in LINES] + list(KINDS) + [
    "speed", "a7", "g1", "a6n", "f3e", "0", "13", "-1", "1", "12", "E", "S", "W", "N", "+1", "*",
    "Wc4n", "M*c3n", "P*c4n", "Ec4+1", "E:w3m1p1l1s1", "main", "extras", "exit", "bump", "over",
    "setup", "move", "teleport", "own", "bumped", "cont", "exit:E:c4n:own:c3", "bump:S:c4",
    "kabetopo-4p", "kabetopo-3p", "kabetopo-2p", "+leap-into-portal", "gmslbx", "-", ",", ";", "=", ":",
    # numbers Python's int() reads but the notation must not (issue 10): other scripts'
    # digits, superscripts, underscores, signs, thousands of digits
    "\u0663", "\u00b2", "\u00b3", "\uff13", "4_0", "+3", "-0", "007", "9" * 5000, "E:w" + "9" * 4400 + "m1p1l1s1",
]

field_text = st.builds(
    lambda key, vals, sep: f"{key}={sep.join(vals)}",
    st.sampled_from(FIELDS + ("bogus",)),
    st.lists(st.sampled_from(TOKENS), max_size=5),
    st.sampled_from([",", "", " "]),
)
position_like = st.lists(field_text, min_size=1, max_size=8).map(";".join)


@st.composite
def mutated_position(draw):
    """A real position text with a few characters deleted, replaced or inserted."""
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["delete", "replace", "insert", "field"]))
        ch = draw(st.sampled_from(list("abcdef0123456789nesw;=,:+*-EWSNMPWxs ")))
        if op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "replace":
            text = text[:i] + ch + text[i + 1:]
        elif op == "insert":
            text = text[:i] + ch + text[i:]
        else:
            text = text + ";" + draw(field_text)
    return text


def _check_position_text(text: str) -> None:
    try:
        pos = parse_position(text)
    except (NotationError, InvalidPositionError):
        return
    again = format_position(pos)
    assert parse_position(again) == pos
    assert format_position(parse_position(again)) == again


@FUZZ
@given(st.one_of(st.text(max_size=200), position_like, mutated_position()))
def test_parse_position_raises_only_notation_errors_and_round_trips(text):
    _check_position_text(text)


@FUZZ
@given(st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4).map(" ".join),
))
def test_action_parse_raises_only_notation_errors_and_round_trips(text):
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert Action.parse(str(action)) == action
    assert str(Action.parse(str(action))) == str(action)


@FUZZ
@given(st.one_of(st.none(), st.integers(), st.binary(max_size=10), st.lists(st.integers(), max_size=3)))
def test_parsers_refuse_non_text_with_notation_errors(junk):
    for parse in (parse_position, Action.parse):
        try:
            parse(junk)
        except NotationError:
            continue
        raise AssertionError(f"{parse.__name__} accepted {junk!r}")


# --- (b) applying junk ---------------------------------------------------------------------

numbers = st.one_of(
    st.integers(-3, 200),
    st.integers(),
    st.sampled_from([10**30, -(10**30)]),
    st.booleans(),
    st.floats(allow_nan=True),
    st.none(),
    st.text(max_size=3),
)
actions = st.builds(
    Action,
    st.one_of(st.sampled_from(KINDS), st.text(max_size=8), st.none(), st.integers()),
    numbers,
    numbers,
    st.one_of(st.booleans(), st.integers(-1, 2), st.none(), st.text(max_size=2)),
)
junk = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=5),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.tuples(st.sampled_from(KINDS), st.integers(0, 200)), st.just(object()), st.just(Action),
)
texts = st.one_of(st.text(max_size=30), st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3).map(" ".join))


def _apply_and_check(state: KabetopoState, action) -> None:
    before_text = format_position(state.position)
    before_history = state.history
    legal = list(state.legal_actions)
    try:
        applied = state.apply(action)
    except IllegalActionError as exc:
        assert exc.verdict.rulings and exc.verdict.rulings[0].startswith(("K-", "KNB-"))
    except NotationError:
        assert isinstance(action, str)
    else:
        # an action equal to a legal one: applied as the engine's own object
        listed = legal[legal.index(applied)]
        assert type(applied) is Action and tuple(applied) == tuple(listed)
        assert all(type(v) is int for v in (applied.a, applied.b)) and type(applied.speed) is bool
        assert state.history == before_history + (listed,)
        state.undo()
    assert format_position(state.position) == before_text
    assert state.history == before_history


@FUZZ
@given(st.integers(0, len(STATES) - 1), actions)
def test_applying_arbitrary_actions_raises_only_illegal_action_errors(i, action):
    _apply_and_check(STATES[i].copy(), action)


@FUZZ
@given(st.integers(0, len(STATES) - 1), st.one_of(junk, texts))
def test_applying_arbitrary_objects_and_text_changes_nothing(i, thing):
    _apply_and_check(STATES[i].copy(), thing)


@FUZZ
@given(st.integers(0, len(STATES) - 1), st.data())
def test_look_alikes_of_legal_actions_are_applied_as_the_legal_action(i, data):
    state = STATES[i].copy()
    legal = list(state.legal_actions)
    if not legal:
        return
    a = data.draw(st.sampled_from(legal))
    look_alike = Action(a.kind, float(a.a) if data.draw(st.booleans()) else a.a, a.b, int(a.speed))
    _apply_and_check(state, look_alike)


# --- (c) damaged save files ------------------------------------------------------------------

SAVES = [s.save() for s in STATES[::4]]


def _with(data: dict, key: str, value) -> dict:
    out = dict(data)
    out[key] = value
    return out


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=6,
)


@st.composite
def damaged_save(draw):
    data = dict(draw(st.sampled_from(SAVES)))
    how = draw(st.sampled_from(["field", "drop", "version", "action", "swap", "truncate", "extra", "undone", "bytes"]))
    if how == "field":
        key = draw(st.sampled_from(sorted(data)))
        return _with(data, key, draw(json_values))
    if how == "drop":
        key = draw(st.sampled_from([k for k in ("format", "version", "game", "start", "actions") if k in data]))
        data.pop(key)
        return data
    if how == "version":
        return _with(data, "version", draw(st.one_of(st.integers(), st.text(max_size=3), st.floats(), st.just(True))))
    if how == "action":
        acts = list(data["actions"])
        if acts:
            i = draw(st.integers(0, len(acts) - 1))
            acts[i] = draw(st.one_of(texts, st.sampled_from(["end", "pass", "roll 13", "step a1", "wall c4n", "exit c4n"])))
        else:
            acts.append(draw(texts))
        return _with(data, "actions", acts)
    if how == "swap":
        acts = list(data["actions"])
        if len(acts) >= 2:
            i = draw(st.integers(0, len(acts) - 2))
            acts[i], acts[i + 1] = acts[i + 1], acts[i]
        return _with(_with(data, "actions", acts), "position", data["position"] + ";turns=0")
    if how == "truncate":
        text = json.dumps(data)
        return text[: draw(st.integers(0, max(0, len(text) - 1)))]
    if how == "extra":
        return _with(data, draw(st.text(min_size=1, max_size=6)).upper() + "x", draw(json_values))
    if how == "undone":
        return _with(data, "undone", draw(st.lists(st.one_of(texts, json_values), min_size=1, max_size=3)))
    return json.dumps(data).encode("utf-8")[:-1] + draw(st.binary(min_size=1, max_size=3))


@settings(derandomize=True, max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(damaged_save())
def test_damaged_save_files_raise_only_save_format_errors(data):
    try:
        state = KabetopoState.load(data)
    except SaveFormatError:
        return
    # the damage happened to leave a valid save (e.g. a legal swap): it must round-trip
    again = KabetopoState.load(state.save_json())
    assert format_position(again.position) == format_position(state.position)
    assert again.history == state.history


@settings(derandomize=True, max_examples=100, deadline=None)
@given(json_values)
def test_any_json_value_is_refused_as_a_save_format_error(value):
    for data in (value, json.dumps(value)):
        try:
            KabetopoState.load(data)
        except SaveFormatError:
            continue
        raise AssertionError(f"{data!r} loaded")


nesting = st.builds(
    lambda depth, opener, tail: opener * depth + tail,
    st.integers(900, 60_000),
    st.sampled_from(["[", '{"a":', '[{"b":', '{"actions": [']),
    st.sampled_from(["", "1", "]", "}" * 3]),
)


@settings(derandomize=True, max_examples=40, deadline=None)
@given(nesting)
def test_deeply_nested_json_is_refused_as_a_save_format_error(text):
    for load in (KabetopoState.load, Match.load):
        try:
            load(text)
        except SaveFormatError:
            continue
        raise AssertionError("a nested document loaded")


@settings(derandomize=True, max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.one_of(position_like, mutated_position()))
def test_a_forged_start_loads_only_if_the_rules_allow_it(start):
    data = {"format": "kabetopo-nb-save", "version": 1, "game": "kabetopo", "start": start, "actions": []}
    try:
        state = KabetopoState.load(data)
    except SaveFormatError as exc:
        assert exc.path == "$.start"
        return
    assert state.problems() == []


def test_every_position_reached_in_play_loads_as_a_start():
    # the other side of the test above: a start the rules allow is never refused
    for text in TEXTS:
        data = {"format": "kabetopo-nb-save", "version": 1, "game": "kabetopo", "start": text, "actions": []}
        assert KabetopoState.load(data).to_text() == text


MATCH_SAVES = [Match(name, seed=seed).save() for name, seed in (("kabetopo-4p", 1), ("kabetopo-2p", 2))]
_played = Match("kabetopo-3p", seed=3)
_rng = random.Random(3)
while _played.round_index == 0:
    _played.apply(_rng.choice(list(_played.state.legal_actions)))
MATCH_SAVES.append(_played.save())


@st.composite
def damaged_match_save(draw):
    data = dict(draw(st.sampled_from(MATCH_SAVES)))
    how = draw(st.sampled_from(["field", "drop", "number", "round", "truncate", "extra"]))
    if how == "field":
        return _with(data, draw(st.sampled_from(sorted(data))), draw(json_values))
    if how == "drop":
        data.pop(draw(st.sampled_from(sorted(data))))
        return data
    if how == "number":
        key = draw(st.sampled_from(["version", "seed", "rounds"]))
        return _with(data, key, draw(st.one_of(st.integers(), st.floats(), st.booleans(), st.sampled_from([-data["seed"] - 1, 2**64]))))
    if how == "round":
        history = [list(r) for r in data["history"]]
        r = draw(st.integers(0, len(history) - 1))
        i = draw(st.integers(0, len(history[r])))
        history[r][i:i + 1] = [draw(st.one_of(texts, st.sampled_from(["roll 1", "roll 12", "end", "pass", "step e6"])))]
        return _with(data, "history", history)
    if how == "truncate":
        text = json.dumps(data)
        return text[: draw(st.integers(0, max(0, len(text) - 1)))]
    return _with(data, draw(st.text(min_size=1, max_size=6)).upper() + "x", draw(json_values))


@settings(derandomize=True, max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(damaged_match_save())
def test_damaged_match_saves_raise_only_save_format_errors(data):
    try:
        match = Match.load(data)
    except SaveFormatError:
        return
    again = Match.load(match.save_json())  # a harmless change: it must round-trip
    assert again.save() == match.save()
    assert 0 <= match.seed < 2**64
