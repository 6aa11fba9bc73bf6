"""The checkers of the challenges: one class per kind of goal.

Every checker asks the engine (``state.explain``, ``state.apply``, ``state.legal_actions``,
``state.options_at``, ``state.moves_to``, ``state.moves_home``, ``engine.turn_ends``,
``score_round``); none of them decides a rule itself.  A checker says whether a learner's
actions or answer meet the challenge's goal, and finds a solution by searching the legal
turns or the listed choices (``solve``), so every challenge is known to be solvable.

Kinds (the ``check.kind`` field of a challenge):

* ``reach``: play one turn so the runner stands on ``target`` (a square, ``"mountain"``
  or ``"summit"``) at some point of it;
* ``slow-down``: drop one piece (wall, monolith, portal or lock) so that ``runner`` needs
  at least ``by`` more moves to its next target (``state.moves_home``);
* ``only-legal-turn``: play the one legal turn that meets ``goal`` (``square``,
  ``"mountain"``, ``"tadaima"`` or ``"win"``); ``solve`` checks that exactly one turn does;
* ``which-legal``: answer with the ``choices`` that are legal;
* ``end-squares``: answer with every square where the runner can end this turn;
* ``score``: answer with each seat's points for the round that just ended.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.verdict import ChallengeError, IllegalActionError, NotationError, RulesOptionError, Verdict

if TYPE_CHECKING:
    from ..core.state import GameState

# the learner's actions so far (as text) and the state they reach: a step of a search over a turn
TurnSoFar = tuple[tuple[str, ...], "GameState"]

MAX_TURN_ACTIONS = 8  # a Kabetopo turn has at most a main action, a bonus, a speed move and exits


@dataclass(frozen=True)
class Feedback:
    """The result of one click or answer.

    ``solved``: the goal is met; ``done``: the attempt is over (solved, or the turn ended
    without meeting the goal); ``message``: what happened, in words (a refusal quotes the
    engine's verdict with its ruling IDs); ``rulings``: the ruling IDs involved;
    ``illegal``: the engine refused the action (the rules forbid it, or it is not an action
    at all), as against a legal try the challenge does not count, or a wrong answer.
    """

    solved: bool
    done: bool
    message: str
    rulings: tuple[str, ...] = ()
    details: tuple[tuple[str, str], ...] = ()  # which-legal: (choice, the engine's verdict) for each
    illegal: bool = False

    def __str__(self) -> str:
        return self.message


def refusal(message: str, rulings=(), *, illegal: bool = False) -> Feedback:
    return Feedback(False, False, message, tuple(rulings), illegal=illegal)


# --- shared helpers ------------------------------------------------------------------


def new_state(game: str, position: str):
    """A state of ``game`` (a name in the registry of games) from its position text."""
    from ..games import GAMES

    if game not in GAMES:
        raise ChallengeError(f"unknown game {game!r} (expected {', '.join(GAMES)})")
    return GAMES[game].from_text(position)


def turn_number(state) -> tuple:
    """Which turn the state is in: Kabetopo counts turns; in Dakapo and Kaomi one action is a turn."""
    turns = getattr(state.position, "turns_played", None)
    return (turns, state.is_terminal()) if turns is not None else (state.ply,)


def seat_index(state, seat: str | None) -> int:
    """A Kabetopo seat (``"E"``, ``"East"``) as its number; None: the seat to play.  A seat
    not at the table (North in a 2-player game) has no runner to ask about: refused."""
    from ..kabetopo.rules import parse_seat

    if seat is None:
        return state.position.turn
    index = parse_seat(seat)
    if index not in state.position.rules.seats:
        raise RulesOptionError(f"{seat!r} is not in play in this game")
    return index


def runner_square(state, seat: int) -> int:
    """The square of ``seat``'s runner (a seat in play: ``seat_index`` gives no other)."""
    return runner_on(state.position, seat)


def runner_on(position, seat: int) -> int:
    """The square of ``seat``'s runner in a Kabetopo position; only a seat not in play has none."""
    sq = position.runners[seat]
    if sq is None:
        raise RulesOptionError(f"seat {seat} is not in play: it has no runner")
    return sq


def square_of(name: str) -> int:
    from ..kabetopo.geometry import MOUNTAIN, SUMMIT, parse_square

    named = {"mountain": MOUNTAIN, "summit": SUMMIT}
    return named[name.lower()] if name.lower() in named else parse_square(name)


def place_name(target: str) -> str:
    """A target as the goal's words say it: "the Mountain", "the Summit" or a square."""
    return f"the {target.capitalize()}" if target.lower() in ("mountain", "summit") else target


def moves(n: int | None) -> str:
    return "no way at all" if n is None else f"{n} move" if n == 1 else f"{n} moves"


def square_name(sq: int) -> str:
    from ..kabetopo.geometry import square_name as name

    return name(sq)


def whole_turns(state: GameState, limit: int = MAX_TURN_ACTIONS) -> Iterator[TurnSoFar]:
    """Every way to play the current turn to its end: (actions, final state) pairs, found
    by applying the engine's legal actions one after another."""
    start = turn_number(state)
    todo: list[TurnSoFar] = [((), state)]
    while todo:
        actions, s = todo.pop()
        if turn_number(s) != start or s.is_terminal() or len(actions) >= limit:
            yield actions, s
            continue
        for action in list(s.legal_actions):
            after = s.copy()
            after.apply(action)
            todo.append((actions + (str(action),), after))


# --- the checkers --------------------------------------------------------------------


class Checker:
    """The base: a kind of goal with its parameters (``params``: the ``check`` table)."""

    kind = ""
    answers = False  # True: the learner answers a question; False: the learner plays actions
    required: tuple[str, ...] = ()

    def __init__(self, params: dict[str, Any], game: str):
        missing = [k for k in self.required if k not in params]
        if missing:
            raise ChallengeError(f"check kind {self.kind!r} needs {', '.join(missing)}")
        self.params = params
        self.game = game

    def goal(self, state):
        """What the attempt remembers from its start position (a play-kind's target)."""
        return None

    # play-kinds: called after each legal action the learner played
    def before(self, attempt, action) -> Feedback | None:
        """A refusal for an action that is legal but not what this challenge asks for."""
        return None

    def after(self, attempt) -> Feedback:
        """Feedback on the position the learner's actions reached (play kinds only)."""
        raise TypeError(f"a {self.kind!r} challenge is answered, not played")

    # answer-kinds
    def judge(self, state, value) -> Feedback:
        """Feedback on the learner's answer (answer kinds only)."""
        raise TypeError(f"a {self.kind!r} challenge is played, not answered")

    def solve(self, state):
        """A solution found by the engine: a tuple of actions, or an answer; None if none.
        Every kind defines its own (the base class has none to give)."""
        raise TypeError(f"the {self.kind!r} checker does not say how to solve it")


class Reach(Checker):
    kind = "reach"
    required = ("target",)

    def goal(self, state) -> tuple[int, int]:
        return seat_index(state, self.params.get("runner")), square_of(self.params["target"])

    def met(self, state, seat: int, target: int) -> bool:
        return runner_square(state, seat) == target

    def after(self, attempt) -> Feedback:
        seat, target = attempt.goal
        state = attempt.state
        where = runner_square(state, seat)
        if self.met(state, seat, target):
            return Feedback(True, True, f"Solved: the runner reached {place_name(self.params['target'])}.")
        if turn_number(state) != attempt.start_turn:
            return Feedback(False, True, f"The turn is over and the runner stands on "
                            f"{square_name(where)}, not on {place_name(self.params['target'])}.")
        return Feedback(False, False, f"Played; the runner is on {square_name(where)}. "
                        f"Keep going: the turn is not over yet.")

    def solve(self, state):
        seat, target = self.goal(state)
        start = turn_number(state)
        todo: list[TurnSoFar] = [((), state)]
        while todo:  # depth first over the turn's actions, stopping where the runner arrives
            actions, s = todo.pop()
            if self.met(s, seat, target):
                return actions
            if turn_number(s) != start or len(actions) >= MAX_TURN_ACTIONS:
                continue
            for action in reversed(list(s.legal_actions)):
                after = s.copy()
                after.apply(action)
                todo.append((actions + (str(action),), after))
        return None


class SlowDown(Checker):
    kind = "slow-down"
    required = ("runner", "by")

    def goal(self, state) -> tuple[int, int]:
        seat = seat_index(state, self.params["runner"])
        return seat, state.moves_home(seat)

    def before(self, attempt, action):
        from ..kabetopo.actions import Kind

        if action.kind not in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL, Kind.LOCK):
            return refusal(f"{action} is legal, but this challenge asks for a drop: a wall, "
                           f"a monolith, a portal or a lock.")
        return None

    def _gain(self, state, seat, before) -> int | None:
        now = state.moves_home(seat)
        return None if now is None or before is None else now - before

    def after(self, attempt) -> Feedback:
        seat, before = attempt.goal
        now = attempt.state.moves_home(seat)
        gain = self._gain(attempt.state, seat, before)
        words = f"that runner now needs {moves(now)} to its target (it needed {moves(before)})"
        if gain is not None and gain >= self.params["by"]:
            return Feedback(True, True, f"Solved: {words}.")
        return Feedback(False, True, f"Not enough: {words}; the goal is at least "
                        f"{moves(self.params['by'])} more.")

    def solve(self, state):
        seat, before = self.goal(state)
        from ..kabetopo.actions import Kind

        for action in state.legal_actions:
            if action.kind in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL, Kind.LOCK):
                after = state.copy()
                after.apply(action)
                gain = self._gain(after, seat, before)
                if gain is not None and gain >= self.params["by"]:
                    return (str(action),)
        return None


class OnlyLegalTurn(Checker):
    kind = "only-legal-turn"
    required = ("goal",)

    def goal(self, state):
        return state.position.turn if self.game == "kabetopo" else None

    def met(self, start_state, seat, state) -> bool:
        goal = self.params["goal"]
        if goal == "win":
            return winner(state) == start_state.decision.seat
        if goal == "tadaima":
            return any(s == seat for s, _ in state.position.homes) and not any(
                s == seat for s, _ in start_state.position.homes)
        return runner_square(state, seat) == square_of(goal)

    def after(self, attempt) -> Feedback:
        state = attempt.state
        if turn_number(state) == attempt.start_turn and not state.is_terminal():
            return Feedback(False, False, "Played; the turn goes on: finish it (click end when "
                            "nothing else is wanted).")
        if self.met(attempt.start_state, attempt.goal, state):
            return Feedback(True, True, "Solved: this turn does it.")
        return Feedback(False, True, "The turn is over but it does not do what the goal asks.")

    def turns_meeting(self, state) -> dict[str, tuple]:
        """The distinct end positions that meet the goal, each with one way to play there."""
        seat = self.goal(state)
        found: dict[str, tuple] = {}
        for actions, end in whole_turns(state):
            if self.met(state, seat, end):
                found.setdefault(end.to_text(), actions)
        return found

    def solve(self, state):
        found = self.turns_meeting(state)
        if len(found) != 1:  # none, or more than one: the challenge's claim is wrong
            return None
        return next(iter(found.values()))


def winner(state) -> str | None:
    """The winning seat's name once a game of Dakapo or Kaomi is won (the engine's verdict)."""
    if hasattr(state, "outcome") and callable(state.outcome):
        out = state.result()
        return out.winner_name if out is not None else None
    return getattr(state, "winner", None)


def verdict_on(state, text: str) -> Verdict:
    """The engine's verdict on a listed choice; text that is not an action is never legal."""
    try:
        return state.explain(text)
    except NotationError as exc:
        return Verdict(False, (), f"not an action: {exc}")


class WhichLegal(Checker):
    kind = "which-legal"
    answers = True
    required = ("choices",)

    def judge(self, state, value) -> Feedback:
        choices = [str(c) for c in self.params["choices"]]
        chosen = [value] if isinstance(value, str) else list(value)
        unknown = [c for c in chosen if c not in choices]
        if unknown:
            return refusal(f"{', '.join(unknown)} is not one of the choices: {', '.join(choices)}.")
        wrong: list[str] = []
        rulings: list[str] = []
        details: list[tuple[str, str]] = []
        for c in choices:
            verdict = verdict_on(state, c)
            details.append((c, str(verdict)))
            if verdict.legal != (c in chosen):
                said = "legal" if c in chosen else "illegal"
                wrong.append(f"{c}: you said {said}, the engine says {verdict}")
                rulings.extend(r for r in verdict.rulings if r not in rulings)
        if not wrong:
            return Feedback(True, True, "Solved: exactly those are legal.", details=tuple(details))
        return Feedback(False, False, "Not quite. " + " | ".join(wrong), tuple(rulings), tuple(details))

    def solve(self, state):
        return [str(c) for c in self.params["choices"] if verdict_on(state, str(c)).legal]


class EndSquares(Checker):
    kind = "end-squares"
    answers = True

    def truth(self, state) -> set[str]:
        from ..kabetopo.engine import turn_ends
        from ..kabetopo.notation import parse_position

        seat = seat_index(state, self.params.get("runner"))
        return {square_name(runner_on(parse_position(text), seat)) for text in turn_ends(state.position)}

    def judge(self, state, value) -> Feedback:
        try:
            said = {square_name(square_of(v)) for v in ([value] if isinstance(value, str) else value)}
        except (ValueError, NotationError) as exc:
            return refusal(f"not a list of squares: {exc}")
        truth = self.truth(state)
        missing, extra = sorted(truth - said), sorted(said - truth)
        if not missing and not extra:
            return Feedback(True, True, f"Solved: the runner can end on {', '.join(sorted(truth))}.")
        parts: list[str] = []
        rulings: list[str] = []
        if missing:
            parts.append(f"missing: {len(missing)} more square(s) can end the turn")
        for sq in extra:
            why = [(a, v) for a, v in state.options_at(sq) if not v.legal][:1]
            reason = f" (first move there: {why[0][0]}: {why[0][1]})" if why else ""
            parts.append(f"{sq} cannot end this turn{reason}")
            for _, v in why:
                rulings.extend(r for r in v.rulings if r not in rulings)
        return Feedback(False, False, "Not quite: " + "; ".join(parts) + ".", tuple(rulings))

    def solve(self, state):
        return sorted(self.truth(state))


class Score(Checker):
    """Points per seat for the whole round, or (``line``) for one line of the scoresheet."""

    kind = "score"
    answers = True

    def __init__(self, params, game):
        super().__init__(params, game)
        from ..kabetopo.scoring import LINES

        if "line" in params and params["line"] not in LINES:
            raise ChallengeError(f"unknown scoring line {params['line']!r} (expected one of {', '.join(LINES)})")

    def truth(self, state) -> dict[str, int]:
        from ..kabetopo.rules import seat_name
        from ..kabetopo.scoring import score_round

        score = score_round(state.position)
        if "line" in self.params:
            return {seat_name(s): score.line(self.params["line"], s) for s in score.seats}
        return {seat_name(s): t for s, t in score.totals().items()}

    def judge(self, state, value) -> Feedback:
        from ..kabetopo.rules import parse_seat, seat_name

        if not isinstance(value, dict):
            return refusal("answer with points per seat, e.g. {'East': 3, 'South': 1}")
        try:
            said = {seat_name(parse_seat(k)): int(v) for k, v in value.items()}
        except (ValueError, KeyError, TypeError) as exc:
            return refusal(f"not points per seat: {exc}")
        truth = self.truth(state)
        wrong = [f"{seat}: {said.get(seat, 0)} is {'too low' if said.get(seat, 0) < pts else 'too high'}"
                 for seat, pts in truth.items() if said.get(seat, 0) != pts]
        if not wrong:
            what = f"the {self.params['line']} line" if "line" in self.params else "the round"
            return Feedback(True, True, f"Solved: those are the points of {what}.")
        return Feedback(False, False, "Not quite: " + "; ".join(wrong) + ".")

    def solve(self, state):
        return self.truth(state)


CHECKERS = {c.kind: c for c in (Reach, SlowDown, OnlyLegalTurn, WhichLegal, EndSquares, Score)}
KABETOPO_ONLY = {"reach", "slow-down", "end-squares", "score"}


def checker(params: dict[str, Any], game: str) -> Checker:
    kind = params.get("kind")
    if kind not in CHECKERS:
        raise ChallengeError(f"unknown check kind {kind!r} (expected one of {', '.join(CHECKERS)})")
    if game != "kabetopo" and kind in KABETOPO_ONLY:
        raise ChallengeError(f"check kind {kind!r} is for Kabetopo only")
    return CHECKERS[kind](params, game)


def play_action(attempt, text: str) -> Feedback:
    """One click of the learner: refused (the attempt unchanged) or applied and judged."""
    state = attempt.state
    try:
        verdict = state.explain(text)
    except (NotationError, ValueError) as exc:
        return refusal(f"Not an action: {exc}", illegal=True)
    if not verdict.legal:
        return refusal(f"Refused: {text}: {verdict}", verdict.rulings, illegal=True)
    action = state.engine.parse_action(text)
    refused = attempt.checker.before(attempt, action)
    if refused is not None:
        return refused
    after = state.copy()
    try:
        after.apply(action)
    except IllegalActionError as exc:  # explain() and apply() read one ledger: not expected
        return refusal(f"Refused: {exc.verdict}", exc.verdict.rulings, illegal=True)
    attempt.state = after
    attempt.played.append(str(action))
    return attempt.checker.after(attempt)


__all__ = ["Feedback", "Checker", "CHECKERS", "checker", "new_state", "play_action", "whole_turns"]
