"""Whole matches: rounds, turning the board, grand totals and the tiebreaker chains.

K-MATCH-1: turning the board is modelled as reassigning players to runners; the setup
pieces keep their squares.  With 4 or 3 players each player takes the next runner
clockwise each round; with 2 players they swap.  Between rounds only dropped pieces leave
the board, runners and stones go back, pools are restored (K-SET-3), and the 2-player
rulesets re-randomise the setup pieces before rounds 3 and 5.  K-SETUP-3: one seeded
generator per match; every d12 roll is an action in its round's history, and loading a
save checks each recorded roll against that generator.

A match played on a board waits between rounds (``auto_next=False``): the finished round
stays on the board, scored, until ``next_round()``; a board that changes the round's state
directly (undo, redo, goto) calls ``sync_round()`` so the scores follow.  Undo on a board
stops after the round's setup rolls (``KabetopoController.first_ply``): they belong to the match's seeded
generator, and taking one back would let a re-roll change the board.

Teaching variants (``TEACHING``, chosen when the match is made and kept in its save): the
match's own rules with one of their options switched on for some rounds only.
``teaching="first-round-without-drops"`` plays round 1 with ``no_drops`` (KNB-15: the
players only move, as notebook 18's tips suggest for a first round); later rounds are
played as the ruleset says.  ``round_rules(i)`` gives each round's rules.
"""
from __future__ import annotations

import json
import random
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..core.savefile import check_action_texts, check_version, read_json
from ..core.verdict import IllegalActionError, NotationError, RulesOptionError, SaveFormatError, Verdict
from .actions import Action, Kind
from .game import KabetopoState
from .geometry import LINES
from .notation import format_rules, parse_rules
from .position import SETUP, Phase, Position
from .rules import Rules, seat_name
from .scoresheet import scoresheet_text
from .scoring import LINES as SCORING_LINES
from .scoring import RoundScore, score_round
from .tiebreakers import CHAINS, Ranking, RoundResult, Standing, Step, rank

MATCH_FORMAT = "kabetopo-nb-match"
MATCH_VERSION = 1
BOT_NAME = re.compile(r"[a-z][a-z0-9_.-]{0,39}")  # "human", "greedy", "mcts-200", "mcts-2s" ... (the board resolves it)
MAX_REASON = 500  # characters of a saved "not scored" reason
MAX_SEED = 2**64 - 1  # seeds are non-negative: random.Random(-s) is random.Random(s)
VIEWS = ("normal", "presentation")  # how the match board was last shown (kabetopo_nb.widget.VIEWS)
MAX_NAME = 40  # characters of a player's name: a headline's worth, and a save stays far under its limit
_JOINERS = "\u200c\u200d"  # zero-width (non-)joiners: parts of names in some scripts and of emoji


# The ruling that sets each ruleset's match length (the others' follow from their ruleset, K-SET-1).
_LENGTH_RULING = {"kabetopo-2p": "K-MATCH-2"}


@dataclass(frozen=True)
class TeachingVariant:
    """A way to ease a group into the game: ``option`` of the match's rules is switched on in
    ``rounds`` (1-based) only, under ``ruling``; ``note`` is what the scoresheet and the board
    say of such a round."""

    name: str
    rounds: tuple[int, ...]
    option: str
    ruling: str
    note: str  # "teaching round, no drops"
    detail: str  # what the players do differently in such a round
    after: str  # what changes once such a round is over


TEACHING: dict[str, TeachingVariant] = {
    "first-round-without-drops": TeachingVariant(
        "first-round-without-drops", (1,), "no_drops", "KNB-15", "teaching round, no drops",
        "the runners only move, and nobody drops a wall, monolith, portal or lock, or unlocks",
        "drops are allowed again"),
}


def teaching_variant(name: Any) -> TeachingVariant | None:
    """The teaching variant named ``name`` (None for None); RulesOptionError for anything else."""
    if name is None:
        return None
    if isinstance(name, str) and name in TEACHING:
        return TEACHING[name]
    raise RulesOptionError(f"unknown teaching variant {name!r}; known: {', '.join(map(repr, TEACHING))} (or None)")


def _shown(value: Any) -> str:
    """A saved value as an error message shows it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a player's name, or None: a name is text of 1 to ``MAX_NAME``
    characters, with no space at either end and no control characters (line breaks, tabs,
    escape codes, invisible direction marks)."""
    if not isinstance(name, str):
        return f"a player's name is text, not {type(name).__name__}"
    shown = repr(name if len(name) <= MAX_NAME else name[:MAX_NAME] + "...")
    if not 1 <= len(name) <= MAX_NAME:
        return f"a player's name has 1 to {MAX_NAME} characters, not {len(name):,} ({shown})"
    if name != name.strip():
        return f"a player's name has no space at either end ({shown})"
    for c in name:
        category = unicodedata.category(c)
        if category in ("Cc", "Cs", "Zl", "Zp") or (category == "Cf" and c not in _JOINERS):
            return f"a player's name has no control characters ({shown} holds U+{ord(c):04X})"
    return None


# Tiebreaker chains, step name -> key function(match, player) (higher wins), in rulebook
# order: the steps of ``tiebreakers.CHAINS`` read from a match's scored rounds.
def _on_match(step: Step):
    return lambda m, p: step.key(results_of(m)[p])


TIEBREAKERS: dict[str, tuple[tuple[str, Any], ...]] = {
    chain: tuple((step.name, _on_match(step)) for step in steps) for chain, steps in CHAINS.items()
}


def results_of(match: Match) -> dict[str, list[RoundResult]]:
    """Each player's scored rounds, as a scoresheet records them (K-MATCH-1: a player's seat
    changes from round to round)."""
    out: dict[str, list[RoundResult]] = {p: [] for p in match.players}
    for r, score in enumerate(match.scores):
        tadaima = {t.seat: t for t in score.tadaima}
        for p in match.players:
            seat = match.seat_of(p, r)
            t = tadaima.get(seat)
            out[p].append(RoundResult(score.total(seat), {line: score.line(line, seat) for line in SCORING_LINES},
                                      t.place if t else None, bool(t and t.natural), score.resources.get(seat, 0)))
    return out


class Match:
    """A match of ``rounds`` rounds between named players under one ruleset."""

    def __init__(self, rules: Rules | str = "kabetopo-4p", players: list[str] | None = None, *,
                 rounds: int | None = None, seed: int = 0, auto_setup: bool = True, auto_next: bool = True,
                 teaching: str | None = None):
        self.rules = Rules.named(rules) if isinstance(rules, str) else rules
        # a teaching variant: some rounds played with one more option (``round_rules``)
        self.teaching = teaching_variant(teaching)
        n = self.rules.players
        self.players = list(players) if players is not None else [seat_name(s) for s in self.rules.seats]
        problem = next((p for p in map(name_problem, self.players) if p), None)
        if problem:
            raise RulesOptionError(problem)
        if len(self.players) != n or len(set(self.players)) != n:
            raise RulesOptionError(f"{self.rules.name} needs {n} players with different names, got {self.players!r}")
        self.rounds = rounds if rounds is not None else self.rules.rounds
        if self.rounds not in self.rules.round_choices:
            raise RulesOptionError(f"{self.rules.name} is played over {' or '.join(map(str, self.rules.round_choices))} rounds, "
                                   f"not {self.rounds} ({_LENGTH_RULING.get(self.rules.name, 'K-SET-1')})")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise RulesOptionError(f"a match's seed is a whole number 0..2**64-1, not {seed!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.auto_setup = auto_setup
        self.auto_next = auto_next  # start the next round as soon as one is scored
        self.states: list[KabetopoState] = []
        self.scores: list[RoundScore] = []
        # how the match is being played, kept in its save so a restart loses none of it:
        # who plays each player ("human" or a bot's name, as the match board's seat picker
        # set it; empty: as the code that opened the board says) and, once a bot failed
        # (the referee's check), why the match is not scored
        self.bots: dict[str, str] = {}
        self.unscored: str | None = None
        # and how the match board was last chosen to be shown (``VIEWS``; None: as the code
        # that opened the board says), so a restart brings back the projector's view
        self.view: str | None = None
        self._start_round()

    @classmethod
    def from_positions(cls, rules: Rules | str, players: list[str] | None, positions, *,
                       rounds: int | None = None, teaching: str | None = None) -> Match:
        """A match whose rounds ended in the given positions (text or Position), each scored.

        For scoresheets, teaching examples and tests: no round is played, so there is no
        history or replay.  Positions are in seat terms; ``seat_of`` maps them to players
        as K-MATCH-1 turns the board.  Every position must be over (``score_round``).
        ``rounds`` is the match length (the ruleset's by default); fewer positions than
        rounds give a match still in progress.
        """
        match = cls(rules, players, rounds=rounds, auto_setup=False, teaching=teaching)
        if len(positions) > match.rounds:
            raise RulesOptionError(f"{len(positions)} positions for a {match.rounds}-round match")
        match.states = [KabetopoState(p) for p in positions]
        for r, s in enumerate(match.states):
            if s.rules != match.round_rules(r):
                raise RulesOptionError(f"every position must be played under {format_rules(match.round_rules(r))}, "
                                       f"the rules of its round (round {r + 1})")
        match.scores = [score_round(s.position) for s in match.states]
        return match

    # --- who plays which runner (K-MATCH-1) ----------------------------------------
    def seat_of(self, player: str, round_index: int) -> int:
        """The seat (runner) ``player`` plays in round ``round_index`` (0-based)."""
        seats = self.rules.seats
        i = self.players.index(player)
        return seats[(i + round_index) % len(seats)]

    def player_of(self, seat: int, round_index: int) -> str:
        seats = self.rules.seats
        return self.players[(seats.index(seat) - round_index) % len(seats)]

    # --- rounds --------------------------------------------------------------------
    def round_rules(self, round_index: int) -> Rules:
        """The rules round ``round_index`` (0-based) is played under: the match's, with the
        teaching variant's option switched on in its rounds (KNB-15 for a round without drops)."""
        variant = self.teaching
        if variant is not None and round_index + 1 in variant.rounds:
            return self.rules.with_options(**{variant.option: True})
        return self.rules

    def teaching_note(self, round_index: int) -> str | None:
        """What the teaching variant makes of round ``round_index`` (0-based), with its ruling
        ("teaching round, no drops (KNB-15)"), or None for a round played as the rules say."""
        variant = self.teaching
        if variant is None or round_index + 1 not in variant.rounds:
            return None
        return f"{variant.note} ({variant.ruling})"

    @property
    def round_index(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> KabetopoState:
        """The round being played (or the last one)."""
        return self.states[-1]

    def _start_round(self) -> None:
        number = len(self.states) + 1
        pos = Position(self.round_rules(number - 1), number)
        rerandomise = number == 1 or (
            self.rules.rerandomise_every and (number - 1) % self.rules.rerandomise_every == 0
        )
        if not rerandomise:  # keep the setup pieces (with their holes) where they are
            previous = self.states[-1].position
            for ln in LINES:
                if previous.lines[ln] & SETUP:
                    pos.set_line(ln, previous.lines[ln])
        else:
            pos.phase = Phase.SETUP
        state = KabetopoState(pos)
        self.states.append(state)
        if self.auto_setup:
            self.roll_setup()

    def roll_setup(self) -> None:
        """Roll the current round's setup d12s with the match's generator (K-SETUP-3)."""
        state = self.state
        while state.position.phase == Phase.SETUP:
            state.apply(Action(Kind.ROLL, self.rng.randint(1, 12)))

    def apply(self, action) -> Action:
        """Apply an action to the current round; a finished round is scored, and the next
        begins (at once, or with ``next_round()`` when ``auto_next`` is off)."""
        if self.is_over():
            raise IllegalActionError(action, Verdict(False, ("K-MATCH-1",), "the match is over: every round has been played"))
        if self.between_rounds():
            raise IllegalActionError(action, Verdict(False, ("K-MATCH-1",), f"round {self.round_index + 1} is over: start the next round first"))
        done = self.state.apply(action)
        self._after_action()
        return done

    def _after_action(self) -> None:
        if self.state.is_terminal() and len(self.scores) < len(self.states):
            self.scores.append(score_round(self.state.position))
            if self.auto_next and len(self.states) < self.rounds:
                self._start_round()

    def is_over(self) -> bool:
        return len(self.scores) == self.rounds

    def between_rounds(self) -> bool:
        """The current round is over and scored, and the next one has not begun yet."""
        return len(self.scores) == len(self.states) < self.rounds

    def next_round(self) -> KabetopoState:
        """Begin the next round (K-MATCH-1: the players take their next runners); returns it."""
        if not self.between_rounds():
            what = "the match is over" if self.is_over() else f"round {self.round_index + 1} is still being played"
            raise IllegalActionError("next round", Verdict(False, ("K-MATCH-1",), what))
        self._start_round()
        return self.state

    def sync_round(self) -> None:
        """Score or unscore the current round after its state was changed directly.

        A board undoes, redoes and jumps through the round's history on ``match.state``
        itself; this keeps ``scores`` in line: a round that has come to its end is scored,
        and one taken back from its end (undo) loses its score again.  Only the current
        round can change, so only its score is touched.
        """
        scored = len(self.scores) == len(self.states)
        if self.state.is_terminal() and not scored:
            self._after_action()
        elif scored and not self.state.is_terminal():
            self.scores.pop()


    # --- totals and ranking ------------------------------------------------------------
    def round_total(self, player: str, round_index: int) -> int:
        return self.scores[round_index].total(self.seat_of(player, round_index))

    def line_points(self, player: str, round_index: int, line: str) -> int:
        return self.scores[round_index].line(line, self.seat_of(player, round_index))

    def total(self, player: str) -> int:
        return sum(self.round_total(player, r) for r in range(len(self.scores)))

    def totals(self) -> dict[str, int]:
        return {p: self.total(p) for p in self.players}

    def tiebreak_key(self, player: str) -> tuple:
        ranking = self.ranking()
        return tuple(ranking.value(player, k) for k in range(len(ranking.steps)))

    def ranking(self) -> Ranking:
        """The players ranked by the total and the ruleset's tiebreaker chain (``tiebreakers.py``),
        with the step that placed each pair."""
        return rank(self.players, results_of(self), self.rules.tiebreakers)

    def standings(self) -> list[Standing]:
        """The ranking: groups of players level on every step, each with the step that placed it."""
        return self.ranking().standings()

    def winner(self) -> str | None:
        """The match winner, or None for a drawn match (or one still being played)."""
        if not self.is_over():
            return None
        top = self.standings()[0]
        return top.players[0] if len(top.players) == 1 else None

    # --- saving ------------------------------------------------------------------------
    def save(self) -> dict:
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "rules": format_rules(self.rules),
            "players": list(self.players),
            "rounds": self.rounds,
            "seed": self.seed,
            "history": [[str(a) for a in s.history] for s in self.states],
            **({"teaching": self.teaching.name} if self.teaching else {}),
            **({"bots": dict(self.bots)} if self.bots else {}),
            **({"unscored": self.unscored} if self.unscored else {}),
            **({"view": self.view} if self.view else {}),
        }

    def save_json(self) -> str:
        return json.dumps(self.save(), indent=1)

    @classmethod
    def load(cls, data, *, auto_next: bool = True) -> Match:
        """Replay a saved match; every field and every action is checked (SaveFormatError).

        A save whose last round is over: with ``auto_next`` the next round begins at once
        (its setup rolled), without it the match waits between rounds (``next_round()``).
        """
        data = read_json(data)
        extra = sorted(set(data) - {"format", "version", "rules", "players", "rounds", "seed", "history",
                                    "teaching", "bots", "unscored", "view"})
        if extra:
            raise SaveFormatError("$", f"unknown field(s): {', '.join(extra)}")
        if data.get("format") != MATCH_FORMAT:
            raise SaveFormatError("$.format", f"expected {MATCH_FORMAT!r}")
        check_version(data, MATCH_VERSION)
        try:
            rules = parse_rules(data.get("rules") if isinstance(data.get("rules"), str) else "")
        except NotationError as exc:
            raise SaveFormatError("$.rules", str(exc)) from None
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveFormatError("$.players", "expected a list of player names")
        problem = next((p for p in map(name_problem, players) if p), None)
        if problem:
            raise SaveFormatError("$.players", problem)
        for key in ("rounds", "seed"):
            if not isinstance(data.get(key), int) or isinstance(data.get(key), bool):
                raise SaveFormatError(f"$.{key}", "expected a whole number")
        if not 0 <= data["seed"] <= MAX_SEED:  # Random(-s) is Random(s): a negated seed would pass unseen
            raise SaveFormatError("$.seed", f"expected a whole number 0..2**64-1, got {data['seed']}")
        teaching = data.get("teaching")  # written only when a variant was chosen: null is no name either
        if "teaching" in data and not (isinstance(teaching, str) and teaching in TEACHING):
            raise SaveFormatError("$.teaching", f"expected one of {', '.join(map(repr, TEACHING))}: the teaching "
                                                f"variant chosen when the match began, not {_shown(teaching)}")
        bots = data.get("bots", {})
        if not isinstance(bots, dict) or not all(
                p in players and isinstance(name, str) and BOT_NAME.fullmatch(name) for p, name in bots.items()):
            raise SaveFormatError("$.bots", "expected {player: 'human' or a bot's name} for players of this match")
        unscored = data.get("unscored")
        if unscored is not None and not (isinstance(unscored, str) and 0 < len(unscored) <= MAX_REASON):
            raise SaveFormatError("$.unscored", f"expected the reason the match is not scored (1 to {MAX_REASON} characters)")
        view = data.get("view")
        if view is not None and view not in VIEWS:
            raise SaveFormatError("$.view", f"expected one of {', '.join(map(repr, VIEWS))}")
        history = data.get("history")
        if not isinstance(history, list) or not history or not all(isinstance(r, list) for r in history):
            raise SaveFormatError("$.history", "expected a list of rounds, each a list of actions")
        if len(history) > data["rounds"]:
            raise SaveFormatError("$.history", f"{len(history)} rounds recorded in a {data['rounds']}-round match")
        for r, actions in enumerate(history):
            check_action_texts(actions, f"$.history[{r}]", KabetopoState.max_history)
        try:
            match = cls(rules, players, rounds=data["rounds"], seed=data["seed"], auto_setup=False, auto_next=False,
                        teaching=teaching)
        except ValueError as exc:
            raise SaveFormatError("$", str(exc)) from None
        for r, actions in enumerate(history):
            if r and match.between_rounds():
                match.next_round()
            if r != match.round_index:
                raise SaveFormatError(f"$.history[{r}]", "the previous round did not end where the save says")
            for i, text in enumerate(actions):
                where = f"$.history[{r}][{i}]"
                if not isinstance(text, str):
                    raise SaveFormatError(where, "expected action text")
                try:
                    action = match.state.engine.parse_action(text)
                    if action.kind == Kind.ROLL and match.state.position.phase == Phase.SETUP:
                        expected = match.rng.randint(1, 12)
                        if action.a != expected:
                            raise SaveFormatError(where, f"the match's seeded d12 gives {expected} here, not {action.a} (K-SETUP-3)")
                    match.apply(action)
                except (NotationError, IllegalActionError) as exc:
                    raise SaveFormatError(where, str(exc)) from None
                if len(match.scores) == len(match.states) and i != len(actions) - 1:
                    raise SaveFormatError(where, "the round ended before its recorded actions did")
        match.bots, match.unscored, match.view = dict(bots), unscored, view
        match.auto_setup, match.auto_next = True, auto_next
        if auto_next and match.between_rounds():
            match.next_round()
        if match.state.position.phase == Phase.SETUP:
            match.roll_setup()
        return match

    def scoresheet(self) -> str:
        """The scoresheet as plain text (``scoresheet.py``)."""
        return scoresheet_text(self)

    def _repr_html_(self) -> str:
        """Jupyter's picture of the match: its scoresheet (the renderer is imported here,
        when asked: it depends on the engine, never the reverse)."""
        from ..render.kabetopo_scoresheet import scoresheet_html

        return scoresheet_html(self)

    def __repr__(self) -> str:
        teaching = f", teaching={self.teaching.name!r}" if self.teaching else ""
        return (f"Match({format_rules(self.rules)!r}, {self.players!r}, rounds={self.rounds}, seed={self.seed}{teaching})"
                f"  # round {self.round_index + 1}, {len(self.scores)} scored")

