"""Small helpers for the teaching notebooks: show a position, ask the engine, check an answer.

Every example in the notebooks is a board followed by a live engine cell; these helpers
keep those cells short and their printed output stable (so ``pytest --nbval`` can compare
it run after run).

    >>> from kabetopo_nb.teach import example, show, ask, legal, check_answer, compare
    >>> state = example("leapfrog", "leap-over-two")     # a scenario from the data files
    >>> show(state, highlights={"e4": "move"})
    >>> ask(state, "leap e4")                              # the engine's verdict
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from IPython.display import SVG, display

from .core.verdict import NotationError
from .kabetopo.actions import Action
from .kabetopo.game import KabetopoState
from .kabetopo.notation import format_rules, parse_position, parse_rules
from .kabetopo.scenarios import Scenario, all_scenarios
from .render import board_svg


def scenario(file: str, name: str) -> Scenario:
    """A scenario from ``kabetopo_nb/data/scenarios/<file>.scn`` by name."""
    scenarios = all_scenarios()
    if file not in scenarios:
        raise KeyError(f"no scenario file {file!r}; files: {', '.join(sorted(scenarios))}")
    for sc in scenarios[file]:
        if sc.name == name:
            return sc
    raise KeyError(f"no scenario {name!r} in {file}.scn")


def example(file: str, name: str) -> KabetopoState:
    """The starting state of a scenario, ready to explore."""
    return scenario(file, name).state()


def position(text: str, **options: bool) -> KabetopoState:
    """A state from position text, optionally with rule options switched on."""
    pos = parse_position(text)
    if options:
        on = "".join(f"+{k.replace('_', '-')}" for k, v in options.items() if v)
        pos.rules = parse_rules(format_rules(pos.rules) + on)
    return KabetopoState(pos)


def show(state_or_position, **overlays):
    """Display a board (an SVG) with optional overlays (see ``kabetopo_nb.render.board_svg``)."""
    pos = state_or_position.position if isinstance(state_or_position, KabetopoState) else state_or_position
    overlays.setdefault("coordinates", True)
    display(SVG(board_svg(pos, **overlays)))


def field_labels(field: str) -> dict[str, str]:
    """The twelve die labels of a 2x2 field (K-SETUP-1), ready for ``show(..., line_labels=...)``.

    ``field`` is the field's lower-left square on the unturned grid (``"c3"`` for the
    centre field c3-d4).  Each label's line comes from the engine's own roll-to-line
    mapping, ``setup.field_line``; a label that lies on the board's rim (a roll the setup
    skips) has no line there, so it is keyed by the rim edge's name instead (``"c6n"``:
    the rim edge of c6), placed where the same label lies in a field of the board's
    middle, moved over to this field.
    """
    from .kabetopo.geometry import SIZE, line_name, parse_square, square_name
    from .kabetopo.setup import CENTRE_FIELD, field_line

    origin = parse_square(field)
    if origin % SIZE > SIZE - 2 or origin // SIZE > SIZE - 2:
        raise NotationError(f"a 2x2 field's lower-left square is a1..e5, not {field!r}")
    dx, dy = origin % SIZE - CENTRE_FIELD % SIZE, origin // SIZE - CENTRE_FIELD // SIZE
    out = {}
    for label in range(1, 13):
        line = field_line(origin, label)
        if line is not None:
            out[line_name(line)] = str(label)
            continue
        ref = field_line(CENTRE_FIELD, label)
        if ref is None:  # cannot happen: the centre field has no rim edge, every label is a line there
            raise AssertionError(f"label {label} of the centre field has no line")
        f, r = ref // 2 % SIZE + dx, ref // 2 // SIZE + dy
        if ref % 2 == 0:  # the edge above square (f, r): below square (f, r + 1) at the rim's foot
            out[f"{square_name(f + SIZE * r)}n" if r >= 0 else f"{square_name(f)}s"] = str(label)
        else:  # the edge right of square (f, r): left of square (f + 1, r) at the rim's left end
            out[f"{square_name(f + SIZE * r)}e" if f >= 0 else f"{square_name(SIZE * r)}w"] = str(label)
    return out


def count(n: int, noun: str) -> str:
    """``1 legal action``, ``2 legal actions``: a number with its noun in the right form."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def legal(state: KabetopoState, *, kinds: Iterable[str] | None = None) -> None:
    """Print the legal actions of the current decision, grouped by kind."""
    groups: dict[str, list[str]] = defaultdict(list)
    wanted = set(kinds) if kinds else None
    for a in state.legal_actions:
        kind = ("speed " if a.speed else "") + a.kind
        if wanted is None or a.kind in wanted:
            groups[kind].append(str(a).split(" ", 1 + a.speed)[-1] if " " in str(a) else str(a))
    print(f"{state.decision}: {count(state.legal_actions.count(), 'legal action')}")
    for kind, items in groups.items():
        print(f"  {kind} ({len(items)}): {', '.join(items)}")


def ask(state: KabetopoState, action: str | Action) -> None:
    """Print the engine's verdict on an action: legal or not, the rulings, and why."""
    print(f"{action}: {state.explain(action)}")


def play(state: KabetopoState, *actions: str) -> KabetopoState:
    """Apply actions one by one on a copy, printing each verdict; returns the new state."""
    s = state.copy()
    if not isinstance(s, KabetopoState):  # GameState.copy keeps the type (``type(self).__new__``)
        raise TypeError(f"a copy of a KabetopoState is a {type(s).__name__}")
    for text in actions:
        verdict = s.explain(text)
        s.apply(text)
        print(f"{text}: {verdict.reason}")
    return s


def check_answer(given, expected, *, hint: str = "") -> None:
    """For exercises: compare the reader's answer with the engine's, set-wise for collections."""
    if given is None:  # the placeholder a saved exercise cell starts with
        print("No answer yet: replace None with your answer and run the cell again.")
        return
    collection = isinstance(expected, (set, list, tuple, frozenset))
    norm = (lambda v: sorted(map(str, v)) if isinstance(v, (set, list, tuple, frozenset)) else [str(v)]) if collection else str
    if norm(given) == norm(expected):
        print("Correct!")
    else:
        print("Not quite." + (f" Hint: {hint}" if hint else "") + " Ask the engine to see why.")


def compare(text: str, readings: dict[str, dict], *, action: str | None = None, kinds: Iterable[str] | None = None) -> None:
    """Rules-lawyering: the same position under several readings (rule options), side by side.

    ``readings`` maps a label to rule options, e.g. ``{"default": {}, "K-TURN-6 option":
    {"king_of_the_mountain": True}}``.  Prints, per reading, the verdict on ``action`` (if
    given) and the legal actions that appear or disappear compared with the first reading.
    """
    states = {label: position(text, **opts) for label, opts in readings.items()}
    wanted = set(kinds) if kinds else None

    def names(s):
        return {str(a) for a in s.legal_actions if wanted is None or a.kind in wanted}

    base_label = next(iter(states))
    base = names(states[base_label])
    for label, s in states.items():
        line = f"{label}: {count(s.legal_actions.count(), 'legal action')}"
        if action is not None:
            line += f"; {action} -> {s.explain(action)}"
        print(line)
        if label != base_label:
            now = names(s)
            gained, lost = sorted(now - base), sorted(base - now)
            print(f"  appear: {', '.join(gained) if gained else 'none'}")
            print(f"  disappear: {', '.join(lost) if lost else 'none'}")
