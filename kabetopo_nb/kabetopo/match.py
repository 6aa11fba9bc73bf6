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
from .scoring import (
    FIRST_STONE,
    HALFWAY_HOME,
    PRESERVATION,
    SECOND_STONE,
    TADAIMA,
    UNSEEN_PATH,
    RoundScore,
    score_round,
)

MATCH_FORMAT = "kabetopo-nb-match"
MATCH_VERSION = 1
BOT_NAME = re.compile(r"[a-z][a-z0-9_.-]{0,39}")  # "human", "greedy", "mcts-200", "mcts-2s" ... (the board resolves it)
MAX_REASON = 500  # characters of a saved "not scored" reason
MAX_SEED = 2**64 - 1  # seeds are non-negative: random.Random(-s) is random.Random(s)
VIEWS = ("normal", "presentation")  # how the match board was last shown (kabetopo_nb.widget.VIEWS)
MAX_NAME = 40  # characters of a player's name: a headline's worth, and a save stays far under its limit
_JOINERS = "\u200c\u200d"  # zero-width (non-)joiners: parts of names in some scripts and of emoji


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


@dataclass(frozen=True)
class Standing:
    """One place in the final ranking: the players sharing it and the step that separated them."""

    place: int
    players: tuple[str, ...]
    total: int
    decided_by: str  # "total", a tiebreaker step, or "drawn"

    @property
    def reason(self) -> str:
        """``decided_by`` in words, for a scoresheet: "total", "tie-break: <step>" or "drawn"."""
        if self.decided_by in ("total", "drawn"):
            return self.decided_by
        return f"tie-break: {self.decided_by}"


# Tiebreaker chains, step name -> key function(match, player) (higher wins), in rulebook order.
def _round_scores(m: Match, p: str) -> tuple[int, ...]:
    return tuple(sorted((m.round_total(p, r) for r in range(len(m.scores))), reverse=True))


def _line_total(name: str):
    return lambda m, p: sum(m.line_points(p, r, name) for r in range(len(m.scores)))


def _places(place: int):
    return lambda m, p: sum(1 for r in range(len(m.scores)) for t in m.scores[r].tadaima
                            if t.place == place and m.player_of(t.seat, r) == p)


def _naturals(m: Match, p: str) -> int:
    return sum(1 for r in range(len(m.scores)) for t in m.scores[r].tadaima if t.natural and m.player_of(t.seat, r) == p)


def _stone_points(m: Match, p: str) -> int:
    return _line_total(FIRST_STONE)(m, p) + _line_total(SECOND_STONE)(m, p)


def _count_of(attr: str):
    return lambda m, p: sum(1 for r in range(len(m.scores))
                            if getattr(m.scores[r], attr) is not None and m.player_of(getattr(m.scores[r], attr), r) == p)


def _resources_final(m: Match, p: str) -> int:
    last = len(m.scores) - 1
    return m.scores[last].resources.get(m.seat_of(p, last), 0) if m.scores else 0


TIEBREAKERS: dict[str, tuple[tuple[str, Any], ...]] = {
    "v4.0": (
        ("single round scores", _round_scores),
        ("Tadaima points", _line_total(TADAIMA)),
        ("1st place Tadaimas", _places(1)),
        ("Natural Tadaimas", _naturals),
        ("Stone points", _stone_points),
        ("First Stones", _count_of("first_stone")),
        ("Preservation points", _line_total(PRESERVATION)),
        ("resources after the final round", _resources_final),
    ),
    "v3.0": (
        ("single round scores", _round_scores),
        ("Tadaima points", _line_total(TADAIMA)),
        ("1st, then 2nd, then 3rd place Tadaimas", lambda m, p: (_places(1)(m, p), _places(2)(m, p), _places(3)(m, p))),
        ("Natural Tadaimas", _naturals),
        ("Stone points", _stone_points),
        ("First Stones", _count_of("first_stone")),
        ("Second Stones", _count_of("second_stone")),
        ("Preservation points", _line_total(PRESERVATION)),
        ("resources after the final round", _resources_final),
    ),
    "2p-v2.0": (
        ("single round scores", _round_scores),
        ("Tadaima plus Halfway Home points", lambda m, p: _line_total(TADAIMA)(m, p) + _line_total(HALFWAY_HOME)(m, p)),
        ("Stone points", _stone_points),
        ("Preservation points", _line_total(PRESERVATION)),
        ("Unseen Path points", _line_total(UNSEEN_PATH)),
        ("resources after the final round", _resources_final),
    ),
}


class Match:
    """A match of ``rounds`` rounds between named players under one ruleset."""

    def __init__(self, rules: Rules | str = "kabetopo-4p", players: list[str] | None = None, *,
                 rounds: int | None = None, seed: int = 0, auto_setup: bool = True, auto_next: bool = True):
        self.rules = Rules.named(rules) if isinstance(rules, str) else rules
        n = self.rules.players
        self.players = list(players) if players is not None else [seat_name(s) for s in self.rules.seats]
        problem = next((p for p in map(name_problem, self.players) if p), None)
        if problem:
            raise RulesOptionError(problem)
        if len(self.players) != n or len(set(self.players)) != n:
            raise RulesOptionError(f"{self.rules.name} needs {n} players with different names, got {self.players!r}")
        self.rounds = rounds if rounds is not None else self.rules.rounds
        if self.rounds not in self.rules.round_choices:
            raise RulesOptionError(f"{self.rules.name} is played over {', '.join(map(str, self.rules.round_choices))} rounds, not {self.rounds}")
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
                       rounds: int | None = None) -> Match:
        """A match whose rounds ended in the given positions (text or Position), each scored.

        For scoresheets, teaching examples and tests: no round is played, so there is no
        history or replay.  Positions are in seat terms; ``seat_of`` maps them to players
        as K-MATCH-1 turns the board.  Every position must be over (``score_round``).
        ``rounds`` is the match length (the ruleset's by default); fewer positions than
        rounds give a match still in progress.
        """
        match = cls(rules, players, rounds=rounds, auto_setup=False)
        if len(positions) > match.rounds:
            raise RulesOptionError(f"{len(positions)} positions for a {match.rounds}-round match")
        match.states = [KabetopoState(p) for p in positions]
        if any(s.rules != match.rules for s in match.states):
            raise RulesOptionError(f"every position must be played under {format_rules(match.rules)}")
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
    @property
    def round_index(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> KabetopoState:
        """The round being played (or the last one)."""
        return self.states[-1]

    def _start_round(self) -> None:
        number = len(self.states) + 1
        pos = Position(self.rules, number)
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
        chain = TIEBREAKERS[self.rules.tiebreakers]
        return (self.total(player),) + tuple(fn(self, player) for _, fn in chain)

    def standings(self) -> list[Standing]:
        """The ranking: groups of players with equal keys, each with the step that placed it."""
        chain = ("total",) + tuple(name for name, _ in TIEBREAKERS[self.rules.tiebreakers])
        keys = {p: self.tiebreak_key(p) for p in self.players}
        order = sorted(self.players, key=lambda p: keys[p], reverse=True)
        groups: list[list[str]] = []
        for p in order:
            if groups and keys[groups[-1][0]] == keys[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        def separated_at(a: list[str], b: list[str]) -> int:
            """The first step of the chain on which two neighbouring places differ."""
            ka, kb = keys[a[0]], keys[b[0]]
            return next(s for s in range(len(chain)) if ka[s] != kb[s])

        out = []
        place = 1
        for i, group in enumerate(groups):
            # A place is fixed by both neighbours: a player ahead of the next one on total
            # but level on total with the one above is placed by the tie-break (issue 11).
            steps = [separated_at(group, groups[j]) for j in (i - 1, i + 1) if 0 <= j < len(groups)]
            if len(group) > 1:
                decided = "drawn"
            else:
                decided = chain[max(steps)] if steps else "total"
            out.append(Standing(place, tuple(group), self.total(group[0]), decided))
            place += len(group)
        return out

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
                                    "bots", "unscored", "view"})
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
            match = cls(rules, players, rounds=data["rounds"], seed=data["seed"], auto_setup=False, auto_next=False)
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
        return (f"Match({format_rules(self.rules)!r}, {self.players!r}, rounds={self.rounds}, seed={self.seed})"
                f"  # round {self.round_index + 1}, {len(self.scores)} scored")

