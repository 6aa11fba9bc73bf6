"""A guided first game: a short scripted round in which the learner plays one seat.

    >>> from kabetopo_nb.challenges.guided import guided_game
    >>> game = guided_game()                 # "first-game", from guided/first-game.toml
    >>> walk = game.start()
    >>> walk.step.say                         # what to try now, in words
    >>> feedback = walk.play("step e6")       # one click of the learner
    >>> feedback.accepted, feedback.message   # (False, "Not quite: ...") - nothing changed

The script is a round (its ruleset and the seed of its setup), the learner's seat, and a
list of steps.  Each step is one decision of the learner: ``say`` (what to try, and how to
click it), ``title`` (a few words naming it, for the board's headline; by default the
words for what it ``teaches``), ``why`` (the rule behind it, with its ruling IDs),
``hint``, ``expect`` (the actions that count: usually one), ``then``: the other seats'
actions that follow, played by the script until the learner decides again, and
``clicks``: how the step is played on the board (the tests replay them).

The engine judges every click.  An action the rules refuse gets the engine's verdict (its
sentence and ruling IDs); a legal action the step does not ask for gets "Not quite" with
what it would have done and the step's hint; neither changes the game.  An expected action
is applied, with the engine's sentence for it and the step's ``why``, and the script plays
the other seats' actions, each told in the engine's words.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..core.verdict import GuidedGameError, NotationError
from ..kabetopo.game import KabetopoState
from ..kabetopo.rules import SEAT_LETTERS, seat_name
from ..kabetopo.scoring import events

_STEP_FIELDS = {"say", "why", "hint", "expect", "then", "teaches", "clicks", "title"}
# a step's short name (the board's headline) by what it teaches, where the script names none
TEACHES = {"move": "A plain move", "end": "End the turn", "wall": "Drop a wall", "teleport": "Through a portal",
           "mountain": "Onto the Mountain", "monolith": "Drop a monolith", "bonus": "The bonus move",
           "tadaima": "Home: Tadaima!"}
_GAME_FIELDS = {"id", "title", "intro", "rules", "seed", "learner", "finale", "step"}


@dataclass(frozen=True)
class GuidedStep:
    """One decision of the learner, and the other seats' actions after it."""

    say: str
    why: str
    hint: str
    expect: tuple[str, ...]
    then: tuple[str, ...] = ()
    teaches: str = ""
    clicks: tuple[str, ...] = ()  # how the step is played on the board ("runner:sq:f6", "button:end", ...)
    name: str = ""  # the script's short name for it, if it gives one (``title`` in the file)

    @property
    def title(self) -> str:
        """A few words naming the step (the board's headline): the script's, else the words
        for what it teaches."""
        return self.name or TEACHES.get(self.teaches, self.teaches.capitalize())


@dataclass(frozen=True)
class StepFeedback:
    """What one click did: ``accepted`` (the step's action was played), ``message``, the
    ruling IDs quoted, and ``heading`` ("Not allowed" for a refusal of the rules, "Not quite"
    for a legal action the step does not ask for, "" when accepted)."""

    accepted: bool
    message: str
    rulings: tuple[str, ...] = ()
    heading: str = ""


@dataclass(frozen=True)
class GuidedGame:
    id: str
    title: str
    intro: str
    rules: str
    seed: int
    learner: int  # the learner's seat
    steps: tuple[GuidedStep, ...]
    finale: str

    @property
    def learner_name(self) -> str:
        return seat_name(self.learner)

    def state(self) -> KabetopoState:
        """The round at its start, after the seeded setup."""
        return KabetopoState.new_round(self.rules, seed=self.seed)

    def start(self) -> Walk:
        return Walk(self)


class Walk:
    """One learner's way through a guided game: the engine state and the step reached."""

    def __init__(self, game: GuidedGame):
        self.game = game
        self.state = game.state()
        self.index = 0
        self.told: list[str] = []  # what happened so far, in the engine's words, oldest first

    @property
    def done(self) -> bool:
        return self.index >= len(self.game.steps)

    @property
    def step(self) -> GuidedStep | None:
        return None if self.done else self.game.steps[self.index]

    def play(self, text: str) -> StepFeedback:
        """One action of the learner (its notation).  Refused or not the step's: nothing changes."""
        if self.done:
            return StepFeedback(False, "The guided game is over: start it again to replay it.", heading="Not quite")
        step = self.game.steps[self.index]
        state = self.state
        try:
            verdict = state.explain(text)
        except (NotationError, ValueError) as exc:
            return StepFeedback(False, f"Not an action: {exc}", heading="Not allowed")
        if not verdict.legal:
            return StepFeedback(False, verdict.reason, tuple(verdict.rulings), heading="Not allowed")
        action = state.engine.parse_action(text)
        if str(action) not in step.expect:
            would = verdict.reason.strip().rstrip(".")
            return StepFeedback(False, f"That would be legal ({would}), but this step asks for something else. {step.hint}",
                            tuple(verdict.rulings), heading="Not quite")
        said = self._apply(action, verdict.reason)
        others = []
        for other in step.then:  # the other seats' actions, told in the engine's words
            told = self._apply(other)
            if other != "end":  # "X ends the turn" after every reply: true, but noise
                others += told
        self.index += 1
        message = f"{' '.join(said)} {step.why}"
        if others:
            message += " Then: " + " ".join(others)
        if self.done:
            message += f" {self.game.finale}"
        return StepFeedback(True, message.strip(), tuple(verdict.rulings))

    def _apply(self, action, reason: str | None = None) -> list[str]:
        """Apply one action; what it did in the engine's words, scoring events included."""
        state = self.state
        if reason is None:
            reason = state.explain(action).reason
        before = state.position.copy()
        state.apply(action)
        said = [_sentence(reason)] + [_sentence(e) for e in events(before, state.position)]
        self.told += said
        return said

    def show_me(self) -> StepFeedback:
        """Play the step's expected action for the learner."""
        if self.done:
            return StepFeedback(False, "The guided game is over.", heading="Not quite")
        return self.play(self.game.steps[self.index].expect[0])


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _words(text: str) -> str:
    """A script's text as one paragraph: line breaks and runs of spaces become one space."""
    if not isinstance(text, str):
        raise GuidedGameError(f"expected text, not {text!r}")
    return " ".join(text.split())


def _read(data: dict, where: str) -> GuidedGame:
    unknown = set(data) - _GAME_FIELDS
    if unknown:
        raise GuidedGameError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    try:
        if data["learner"] not in SEAT_LETTERS:
            raise GuidedGameError(f"{where}: learner must be one of {', '.join(SEAT_LETTERS)}, not {data['learner']!r}")
        learner = SEAT_LETTERS.index(data["learner"])
        steps = []
        for i, raw in enumerate(data["step"], 1):
            extra = set(raw) - _STEP_FIELDS
            if extra:
                raise GuidedGameError(f"{where}, step {i}: unknown field(s) {', '.join(sorted(extra))}")
            steps.append(GuidedStep(say=_words(raw["say"]), why=_words(raw["why"]), hint=_words(raw["hint"]),
                              expect=tuple(raw["expect"]), then=tuple(raw.get("then", ())), teaches=raw.get("teaches", ""),
                              clicks=tuple(raw.get("clicks", ())), name=_words(raw.get("title", ""))))
        return GuidedGame(id=data["id"], title=data["title"], intro=_words(data["intro"]), rules=data["rules"],
                          seed=int(data["seed"]), learner=learner, steps=tuple(steps), finale=_words(data["finale"]))
    except KeyError as exc:
        raise GuidedGameError(f"{where}: missing field {exc}") from None
    except ValueError as exc:
        raise GuidedGameError(f"{where}: {exc}") from None


@cache
def guided_game(name: str = "first-game") -> GuidedGame:
    """A guided game by name (``kabetopo_nb/challenges/guided/<name>.toml``)."""
    folder = resources.files("kabetopo_nb.challenges") / "guided"
    path = folder / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))
        raise GuidedGameError(f"no guided game {name!r}; there is: {', '.join(known)}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise GuidedGameError(f"{name}.toml: {exc}") from None
    return _read(data, f"{name}.toml")


__all__ = ["StepFeedback", "GuidedGame", "GuidedGameError", "GuidedStep", "Walk", "guided_game"]
