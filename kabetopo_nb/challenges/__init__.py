"""Challenges: short goals on a board, checked by the engine, with a hint and a "show me".

    >>> from kabetopo_nb.challenges import challenges
    >>> ch = challenges(section="03-walls-and-the-path-rule")[0]
    >>> attempt = ch.start()
    >>> ch.goal
    "South's runner is one step from the Mountain. Drop one wall so that ..."
    >>> feedback = attempt.play("wall a1n")     # one click; or attempt.answer([...])
    >>> feedback.solved, feedback.message
    (False, 'Not enough: that runner now needs 1 move to its target (it needed 1 move); ...')

The challenges live in ``data/*.toml``, one file per notebook section; a file may set
``section`` and ``game`` once for all its challenges.  Each ``[[challenge]]`` has ``id``,
``title``, ``goal`` (in words), ``position`` (the game's position text), ``hint``,
``check`` (a table: ``kind`` and its parameters, see ``checkers.py``), ``solution``
(``actions = [...]`` for the kinds played on the board, ``answer = ...`` for the kinds
answered), and ``wrong``: at least one wrong attempt (``actions`` or ``answer``) with
``expect``, words the feedback must contain, and optionally the ``ruling`` it must quote.
A challenge whose position the validity check objects to says why in ``invalid_because``.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ..core.verdict import ChallengeError
from .checkers import Checker, Feedback, checker, new_state, play_action, refusal

GAMES = ("kabetopo", "dakapo", "kaomi")
_FIELDS = ("id", "section", "game", "title", "goal", "position", "check", "hint", "solution", "wrong")


@dataclass(frozen=True)
class WrongAttempt:
    """A wrong attempt and the words its feedback must contain."""

    actions: tuple[str, ...] = ()
    answer: Any = None
    expect: tuple[str, ...] = ()
    ruling: str | None = None


@dataclass(frozen=True)
class Challenge:
    id: str
    section: str
    game: str
    title: str
    goal: str
    position: str
    hint: str
    check: dict = field(compare=False)
    solution: dict = field(compare=False)
    wrong: tuple[WrongAttempt, ...] = ()
    invalid_because: str = ""
    source: str = ""

    @property
    def checker(self) -> Checker:
        return checker(self.check, self.game)

    @property
    def kind(self) -> str:
        return self.check["kind"]

    @property
    def answers(self) -> bool:
        """True when the learner answers a question rather than playing on the board."""
        return self.checker.answers

    def state(self):
        """A fresh engine state at the challenge's position."""
        return new_state(self.game, self.position)

    def start(self) -> Attempt:
        return Attempt(self)

    def show_me(self):
        """The stated solution: the actions to play, or the answer to give."""
        return tuple(self.solution["actions"]) if "actions" in self.solution else self.solution["answer"]

    def solve(self):
        """A solution found by the engine (a search over the legal turns or the choices);
        None when there is none (or, for ``only-legal-turn``, when more than one turn works)."""
        return self.checker.solve(self.state())

    def attempt_with(self, value) -> Feedback:
        """Play a whole solution or wrong attempt (actions or an answer) on a fresh attempt;
        the feedback of the last step."""
        attempt = self.start()
        if self.answers:
            return attempt.answer(value)
        feedback = refusal("nothing played")
        for action in value:
            feedback = attempt.play(action)
            if feedback.done or not feedback.message.startswith("Played"):
                break
        return feedback

    def __repr__(self) -> str:
        return f"<Challenge {self.id}: {self.title}>"


class Attempt:
    """One learner's try at a challenge: the engine state they are playing on."""

    def __init__(self, challenge: Challenge):
        self.challenge = challenge
        self._begin()

    def _begin(self) -> None:
        """The attempt at its start: the challenge's position, nothing played."""
        challenge = self.challenge
        self.checker = challenge.checker
        self.start_state = challenge.state()
        self.state = self.start_state.copy()
        from .checkers import turn_number

        self.start_turn = turn_number(self.state)
        self.goal = self.checker.goal(self.state)
        self.played: list[str] = []
        self.solved = False
        self.done = False

    def _record(self, feedback: Feedback) -> Feedback:
        self.solved = self.solved or feedback.solved
        self.done = self.done or feedback.done
        return feedback

    def play(self, action_text: str) -> Feedback:
        """One action, as the learner clicked it.  A refusal leaves the attempt as it was."""
        if self.done:
            return Feedback(self.solved, True, "This attempt is over: start a new one to try again.")
        if self.checker.answers:
            return refusal("This challenge asks for an answer, not a move on the board.")
        return self._record(play_action(self, str(action_text)))

    def answer(self, value) -> Feedback:
        """The learner's answer to a question challenge (choices, squares or points)."""
        if self.solved:
            return Feedback(True, True, "Already solved.")
        if not self.checker.answers:
            return refusal("This challenge is played on the board: play actions instead.")
        return self._record(self.checker.judge(self.state, value))

    def reset(self) -> None:
        self._begin()


# --- reading the data files ------------------------------------------------------------


def _wrong(entry, where: str) -> WrongAttempt:
    if not isinstance(entry, dict) or not ("actions" in entry or "answer" in entry):
        raise ChallengeError(f"{where}: each wrong attempt needs 'actions' or 'answer'")
    expect = entry.get("expect", ())
    expect = (expect,) if isinstance(expect, str) else tuple(expect)
    if not expect:
        raise ChallengeError(f"{where}: a wrong attempt needs 'expect' (words its feedback must contain)")
    return WrongAttempt(tuple(entry.get("actions", ())), entry.get("answer"), expect, entry.get("ruling"))


def parse_challenges(text: str, source: str = "<text>") -> list[Challenge]:
    """The challenges of one TOML file; a malformed one raises ChallengeError naming it."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ChallengeError(f"{source}: not valid TOML: {exc}") from None
    defaults = {k: data[k] for k in ("section", "game") if k in data}
    out = []
    for n, raw in enumerate(data.get("challenge", []), 1):
        entry = {**defaults, **raw}
        where = f"{source}: challenge {entry.get('id', '#' + str(n))}"
        entry.setdefault("game", "kabetopo")
        missing = [k for k in _FIELDS if k not in entry]
        if missing:
            raise ChallengeError(f"{where}: missing field(s) {', '.join(missing)}")
        if entry["game"] not in GAMES:
            raise ChallengeError(f"{where}: unknown game {entry['game']!r}")
        if not isinstance(entry["check"], dict):
            raise ChallengeError(f"{where}: 'check' must be a table with a 'kind'")
        try:
            kind = checker(entry["check"], entry["game"])
        except ValueError as exc:
            raise ChallengeError(f"{where}: {exc}") from None
        solution = entry["solution"]
        wanted = "answer" if kind.answers else "actions"
        if not isinstance(solution, dict) or wanted not in solution:
            raise ChallengeError(f"{where}: 'solution' needs '{wanted}' for check kind {kind.kind!r}")
        wrong = entry["wrong"]
        if not isinstance(wrong, list) or not wrong:
            raise ChallengeError(f"{where}: 'wrong' needs at least one wrong attempt")
        out.append(Challenge(
            id=entry["id"], section=entry["section"], game=entry["game"], title=entry["title"],
            goal=entry["goal"], position=entry["position"], hint=entry["hint"], check=entry["check"],
            solution=solution, wrong=tuple(_wrong(w, where) for w in wrong),
            invalid_because=entry.get("invalid_because", ""), source=source,
        ))
    return out


@lru_cache(maxsize=1)
def _all() -> tuple[Challenge, ...]:
    out: list[Challenge] = []
    folder = resources.files(__package__) / "data"
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".toml"):
            out.extend(parse_challenges(item.read_text(encoding="utf-8"), item.name))
    seen: set[str] = set()
    for ch in out:
        if ch.id in seen:
            raise ChallengeError(f"{ch.source}: challenge id {ch.id!r} is used twice")
        seen.add(ch.id)
    return tuple(out)


def challenges(section: str | None = None, game: str | None = None) -> list[Challenge]:
    """The challenges, in file order; ``section`` (e.g. "03-walls-and-the-path-rule", or its
    number "03") and ``game`` filter them."""
    return [c for c in _all()
            if (section is None or c.section == section or c.section.split("-")[0] == section)
            and (game is None or c.game == game)]


def challenge(id: str) -> Challenge:
    for c in _all():
        if c.id == id:
            return c
    raise KeyError(f"no challenge {id!r}")


__all__ = ["Attempt", "Challenge", "ChallengeError", "Feedback", "WrongAttempt", "challenge",
           "challenges", "parse_challenges"]
