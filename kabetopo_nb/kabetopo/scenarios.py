"""Rule examples as data: a small readable scenario format shared by tests and notebooks.

A scenario file (``*.scn``) holds blocks separated by blank lines; ``#`` starts a comment.
Each block is a list of ``key: value`` lines::

    name: leap-over-two
    rulings: K-LEAP-1
    about: A runner may leapfrog two runners standing in a row.
    position: runners=Eb4,Sc4,Wd4,Na6;turn=E
    legal: leap e4
    illegal: leap d4 -> K-LEAP-1
    apply: leap e4
    expect: runners=Ee4,Sc4,Wd4,Na6;turn=E;phase=extras;...

Keys:

* ``name`` (required, unique in its file), ``rulings`` (IDs the example is about),
  ``about`` (one sentence, the project's own words), ``options`` (rule options switched
  on, comma-separated, e.g. ``king-of-the-mountain``);
* ``position`` (required): position text, see ``notation.py``;
* ``legal: <action>`` / ``illegal: <action> -> <ruling ID>``: checked in the starting
  position (repeatable);
* ``count: <n>``: the number of legal actions in the starting position;
* ``apply: <action>``: applied in order (repeatable), then ``expect: <position text>``
  is compared with the result, and ``after-legal`` / ``after-illegal`` are checked there.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.verdict import IllegalActionError, NotationError, ScenarioError
from .game import KabetopoState
from .notation import format_rules, parse_position, parse_rules

KEYS = ("name", "rulings", "about", "options", "position", "legal", "illegal", "count", "apply",
        "expect", "after-legal", "after-illegal")
REPEATABLE = {"legal", "illegal", "apply", "after-legal", "after-illegal"}


@dataclass
class Scenario:
    name: str
    position: str
    rulings: tuple[str, ...] = ()
    about: str = ""
    options: tuple[str, ...] = ()
    legal: list[str] = field(default_factory=list)
    illegal: list[tuple[str, str]] = field(default_factory=list)
    count: int | None = None
    apply: list[str] = field(default_factory=list)
    expect: str | None = None
    after_legal: list[str] = field(default_factory=list)
    after_illegal: list[tuple[str, str]] = field(default_factory=list)
    source: str = ""

    def state(self) -> KabetopoState:
        """The starting state, with the scenario's options switched on."""
        pos = parse_position(self.position)
        if self.options:
            rules_text = format_rules(pos.rules) + "".join(f"+{o}" for o in self.options)
            pos.rules = parse_rules(rules_text)
        return KabetopoState(pos)

    def result(self) -> KabetopoState:
        """The state after the scenario's ``apply`` actions."""
        state = self.state()
        for text in self.apply:
            state.apply(text)
        return state

    def check(self) -> list[str]:
        """Every way the engine disagrees with this scenario (empty when it agrees)."""
        failures: list[str] = []
        state = self.state()
        _check_verdicts(state, self.legal, self.illegal, failures, "")
        if self.count is not None and state.legal_actions.count() != self.count:
            failures.append(f"expected {self.count} legal actions, found {state.legal_actions.count()}: {state.legal_actions.names()}")
        for text in self.apply:
            try:
                state.apply(text)
            except (IllegalActionError, NotationError) as exc:
                failures.append(f"apply {text!r} failed: {exc}")
                return failures
        if self.expect is not None:
            want = parse_position(self.expect)
            if self.options:
                want.rules = state.position.rules
            if want != state.position:
                failures.append(f"after {self.apply}: expected\n  {self.expect}\nfound\n  {state.to_text()}")
        _check_verdicts(state, self.after_legal, self.after_illegal, failures, "after applying: ")
        return failures


def _check_verdicts(state, legal, illegal, failures, prefix):
    for text in legal:
        verdict = state.explain(text)
        if not verdict.legal:
            failures.append(f"{prefix}{text!r} should be legal: {verdict}")
    for text, ruling in illegal:
        verdict = state.explain(text)
        if verdict.legal:
            failures.append(f"{prefix}{text!r} should be illegal ({ruling}) but is legal")
        elif ruling not in verdict.rulings:
            failures.append(f"{prefix}{text!r} is illegal as expected, but for {verdict} instead of {ruling}")


def parse_scenarios(text: str, source: str = "") -> list[Scenario]:
    out: list[Scenario] = []
    names: set[str] = set()
    for block, first_line in _blocks(text):
        where = f"{source}:{first_line}"
        data: dict[str, list[str]] = {}
        for key, value in block:
            if key not in KEYS:
                raise ScenarioError(f"{where}: unknown key {key!r}; known: {', '.join(KEYS)}")
            if key in data and key not in REPEATABLE:
                raise ScenarioError(f"{where}: {key!r} given twice")
            data.setdefault(key, []).append(value)
        for key in ("name", "position"):
            if key not in data:
                raise ScenarioError(f"{where}: a scenario needs {key!r}")
        name = data["name"][0]
        if name in names:
            raise ScenarioError(f"{where}: scenario name {name!r} is used twice")
        names.add(name)

        def pairs(key, data=data, where=where):
            result = []
            for value in data.get(key, []):
                action, arrow, ruling = value.partition("->")
                if not arrow or not ruling.strip():
                    raise ScenarioError(f"{where}: {key}: write '<action> -> <ruling ID>'")
                result.append((action.strip(), ruling.strip()))
            return result

        count = data.get("count", [None])[0]
        if count is not None and not count.isdigit():
            raise ScenarioError(f"{where}: count must be a whole number")
        out.append(Scenario(
            name=name,
            position=data["position"][0],
            rulings=tuple(r.strip() for r in data.get("rulings", [""])[0].split(",") if r.strip()),
            about=data.get("about", [""])[0],
            options=tuple(o.strip() for o in data.get("options", [""])[0].split(",") if o.strip()),
            legal=data.get("legal", []),
            illegal=pairs("illegal"),
            count=int(count) if count is not None else None,
            apply=data.get("apply", []),
            expect=data.get("expect", [None])[0],
            after_legal=data.get("after-legal", []),
            after_illegal=pairs("after-illegal"),
            source=where,
        ))
    return out


def _blocks(text: str):
    block: list[tuple[str, str]] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            if block:
                yield block, start
                block = []
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise ScenarioError(f"line {number}: expected 'key: value', got {line!r}")
        if not block:
            start = number
        block.append((key.strip(), value.strip()))
    if block:
        yield block, start


def load_scenarios(path: str | Path) -> list[Scenario]:
    path = Path(path)
    return parse_scenarios(path.read_text(encoding="utf-8"), path.name)


SCENARIO_DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"


def all_scenarios() -> dict[str, list[Scenario]]:
    """Every scenario file shipped with the package, by file stem."""
    return {p.stem: load_scenarios(p) for p in sorted(SCENARIO_DIR.glob("*.scn"))}
