"""A table: one game of any kind the room seats, its seats, and the numbered ``apply``.

A table holds a Kabetopo match of any ruleset (``MatchPlay``: ``kabetopo.match.Match``, its
rounds, scoresheet and teaching variant), or a Dakapo or a Kaomi game (``GamePlay``).  Its
*seats* are its players, in the order given when it was made: seat ``i`` is player ``i``
whatever the engine calls the place that player holds now (a match's players take the next
runner each round, K-MATCH-1; Kaomi's pie rule swaps the colours, KM-2), so a seat's link
stays its player's for the whole match.  Each seat is played by a human or a bot.

The table's actions form one numbered list (for a match, the rounds' histories one after
the other: the save's own order, setup rolls included).  ``apply(seat, number, text)``
makes the checks of docs/ROOM.md, after the token's (the room's):

* a *repeat*, the same number and the same action as stored under it for this seat, is
  answered at once and changes nothing (a client that sent twice, a reconnect);
* the table is not paused, the game not over, a match not between rounds;
* it is the seat's decision (a chance decision is the room's: a Kabetopo setup roll comes
  from the match's seeded generator, K-SETUP-3), and the seat is not played by a bot now;
* ``number`` is the table's next number (``StaleNumber`` carries the current one);
* the engine finds the action legal; otherwise its verdict's ruling IDs and sentence.

An accepted action is given to ``commit`` (the store) first, then applied in memory; the
table answers with the events it brought about.  ``restore`` replays a table's stored
actions with the same checks and refuses (``DamagedStore``, naming the row) what does not
replay.  Nothing here does I/O; ``room.py`` owns the store, the tokens and the listeners.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.state import CHANCE, GameState
from ..core.verdict import HistoryError, IllegalActionError, NotationError, RulesOptionError
from ..dakapo.game import DakapoState
from ..dakapo.rules import PLAYERS as DAKAPO_PLAYERS
from ..dakapo.rules import DakapoRules
from ..games import GAMES
from ..kabetopo.actions import Action, Kind
from ..kabetopo.match import BOT_NAME, MAX_REASON, MAX_SEED, TEACHING, Match
from ..kabetopo.notation import format_rules
from ..kabetopo.rules import OPTION_RULINGS, RULESETS, SEAT_NAMES, Rules
from ..kabetopo.scoring import LINES as SCORING_LINES
from ..kaomi.game import KaomiState
from ..kaomi.position import BLACK, WHITE
from ..kaomi.rules import RULESETS as KAOMI_RULESETS
from ..kaomi.rules import KaomiRules
from .protocol import (
    BetweenRounds,
    BotSeat,
    DamagedStore,
    Event,
    GameOver,
    IllegalAction,
    NotBetweenRounds,
    NotYourTurn,
    RoomSetupError,
    StaleNumber,
    TablePaused,
    check_name,
)
from .store import SEAT_KINDS

HUMAN = "human"
KABETOPO_BY_PLAYERS = {2: "kabetopo-2p", 3: "kabetopo-3p", 4: "kabetopo-4p"}
TABLE_OPTIONS = {"auto_next": "start a match's next round as soon as a round is scored"}


# --- what a table is made of ----------------------------------------------------------------------


@dataclass(frozen=True)
class TableSpec:
    """How a table was made (the store's ``tables`` row): checked and normalised by ``table_spec``."""

    kind: str
    ruleset: str
    options: dict[str, Any]
    seed: int
    players: tuple[str, ...]
    teaching: str | None = None


def _flag(options: dict, key: str) -> bool:
    value = options[key]
    if not isinstance(value, bool):
        raise RoomSetupError(f"option {key} is True or False, not {value!r}")
    return value


def _whole(options: dict, key: str) -> int:
    value = options[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise RoomSetupError(f"option {key} is a whole number, not {value!r}")
    return value


def table_spec(kind: Any, players: Any, *, ruleset: Any = None, options: Any = None, seed: Any = 0,
               teaching: Any = None) -> TableSpec:
    """A table's spec checked: ``kind`` a game of ``kabetopo_nb.games.GAMES`` the room seats,
    ``players`` their names (as the match board accepts them, all different), ``ruleset``
    (Kabetopo: a ruleset name, by default the one for that many players; Dakapo ``"dakapo"``;
    Kaomi ``"kaomi"`` or ``"kaomi-squared"``), ``options`` (Kabetopo: the ruleset's options
    by name, ``rounds``, ``auto_next``; Dakapo: ``size``, ``tabletop``; Kaomi: ``size``,
    ``komi``), ``seed`` (0..2**64-1) and ``teaching`` (a Kabetopo teaching variant).
    ``RoomSetupError`` says what is wrong; the game is built once to be sure it can be."""
    if kind not in GAMES:
        raise RoomSetupError(f"unknown game {str(kind)[:40]!r}; the room seats {', '.join(GAMES)}")
    if kind not in PLAYS:
        raise RoomSetupError(f"the room does not seat {kind} tables yet")
    if not isinstance(players, (list, tuple)) or not players:
        raise RoomSetupError("players is a list of the players' names")
    names = tuple(check_name(p) for p in players)
    if len(set(names)) != len(names):
        raise RoomSetupError(f"every player's name at a table is different: {', '.join(names)}")
    if options is None:
        options = {}
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RoomSetupError("options is a mapping of option names to values")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise RoomSetupError(f"a table's seed is a whole number 0..2**64-1, not {seed!r}")
    if teaching is not None and kind != "kabetopo":
        raise RoomSetupError("teaching variants are Kabetopo's (a match's first round without drops)")
    if teaching is not None and teaching not in TEACHING:
        raise RoomSetupError(f"unknown teaching variant {str(teaching)[:40]!r}; known: {', '.join(TEACHING)}")
    spec = PLAYS[kind].make_spec(names, ruleset, dict(options), seed, teaching)
    PLAYS[kind](spec)  # made once: a spec the game refuses is refused here
    return spec


# --- the games --------------------------------------------------------------------------------------


class Play(ABC):
    """One game behind a table, in the table's terms (seats are players' indexes).  What
    each game must say is abstract: a game that leaves one out cannot be made."""

    kind = ""

    def __init__(self, spec: TableSpec):
        self.spec = spec

    @classmethod
    @abstractmethod
    def make_spec(cls, players: tuple[str, ...], ruleset: Any, options: dict, seed: int,
             teaching: str | None) -> TableSpec:
        """The table's settings checked for this game (RoomSetupError says what is wrong)."""

    @property
    @abstractmethod
    def state(self) -> GameState:
        """The state being played (a match's current round)."""

    @property
    @abstractmethod
    def number(self) -> int:
        """How many actions the table has applied."""

    @abstractmethod
    def engine_seat_of(self, seat: int) -> str | None:
        """What the engine calls the place seat ``seat`` holds now."""

    def seat_of(self, engine_seat: str | None) -> int | None:
        for i in range(len(self.spec.players)):
            if self.engine_seat_of(i) == engine_seat:
                return i
        return None

    def to_move(self) -> int | None:
        """The seat whose decision it is, or None (chance, over, between rounds)."""
        if self.is_over() or self.between_rounds():
            return None
        return self.seat_of(self.state.decision.seat)

    def is_chance(self) -> bool:
        return not self.is_over() and not self.between_rounds() and self.state.decision.seat == CHANCE

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def between_rounds(self) -> bool:
        return False

    def round_index(self) -> int:
        return 0

    def rounds_begun(self) -> int:
        return 1

    def round_start(self) -> int:
        """The number of the current round's first action."""
        return 0

    def next_round(self) -> None:
        raise NotBetweenRounds(f"a {self.kind} game has no rounds")

    @abstractmethod
    def room_action(self) -> Any:
        """The room's action for a chance decision."""

    def rng_state(self) -> Any:
        return None

    def set_rng_state(self, saved: Any) -> None:  # noqa: B027 (a game without chance keeps no generator)
        """Put back the generator of the room's chance decisions (a game without chance has none)."""

    def parse(self, text: str) -> Any:
        return self.state.engine.parse_action(text)

    def apply(self, action: Any) -> None:
        self.state.apply(action)

    def bot_key(self) -> str:
        """The seed of a bot's generator for the decision now: the same seed, the same games."""
        return f"{self.spec.seed}/{self.state.ply}"

    def after(self, table: int, before: tuple) -> list[Event]:
        """The events an action brought about beyond itself (a round or the game over)."""
        return []

    def progress(self) -> tuple:
        return ()

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """What the teacher's list shows of the table: round, whose turn, scores."""

    @abstractmethod
    def results(self) -> list[dict[str, Any]]:
        """One row per player for the results export."""

    def save_json(self, bots: dict[str, str], unscored: str | None) -> str:
        return self.state.save_json()


class MatchPlay(Play):
    """A Kabetopo match: ``kabetopo.match.Match``, waiting between rounds (``next_round``)."""

    kind = "kabetopo"

    def __init__(self, spec: TableSpec):
        super().__init__(spec)
        options = spec.options
        try:
            rules = Rules.named(spec.ruleset, players=len(spec.players),
                                **{k: v for k, v in options.items() if k in OPTION_RULINGS})
            self.match = Match(rules, list(spec.players), rounds=options.get("rounds"), seed=spec.seed,
                               auto_setup=False, auto_next=False, teaching=spec.teaching)
        except RulesOptionError as exc:
            raise RoomSetupError(str(exc)) from None
        self.auto_next = bool(options.get("auto_next", False))

    @classmethod
    def make_spec(cls, players, ruleset, options, seed, teaching) -> TableSpec:
        if ruleset is None:
            ruleset = KABETOPO_BY_PLAYERS.get(len(players))
            if ruleset is None:
                raise RoomSetupError(f"Kabetopo is played by 2 to 4 players, not {len(players)}")
        if ruleset not in RULESETS:
            raise RoomSetupError(f"unknown Kabetopo ruleset {str(ruleset)[:40]!r}; known: {', '.join(RULESETS)}")
        known = {*OPTION_RULINGS, "rounds", *TABLE_OPTIONS}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RoomSetupError(f"unknown option(s) {', '.join(unknown)} for Kabetopo; known: {', '.join(sorted(known))}")
        for key in options:
            if key == "rounds":
                _whole(options, key)
            else:
                _flag(options, key)
        options = {k: v for k, v in options.items() if v is not False}  # off is the default
        try:
            rules = Rules.named(ruleset, players=len(players))
        except RulesOptionError as exc:
            raise RoomSetupError(str(exc)) from None
        if options.get("rounds") == rules.rounds:
            del options["rounds"]
        return TableSpec("kabetopo", rules.name, options, seed, players, teaching)

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def number(self) -> int:
        return sum(s.ply for s in self.match.states)

    def engine_seat_of(self, seat: int) -> str | None:
        match = self.match
        return SEAT_NAMES[match.seat_of(match.players[seat], match.round_index)]

    def is_over(self) -> bool:
        return self.match.is_over()

    def between_rounds(self) -> bool:
        return self.match.between_rounds()

    def round_index(self) -> int:
        return self.match.round_index

    def rounds_begun(self) -> int:
        return len(self.match.states)

    def round_start(self) -> int:
        return sum(s.ply for s in self.match.states[:-1])

    def next_round(self) -> None:
        match = self.match
        if not match.between_rounds():
            what = ("the match is over" if match.is_over()
                    else f"round {match.round_index + 1} is still being played")
            raise NotBetweenRounds(f"no next round now: {what} (K-MATCH-1)")
        match.next_round()

    def room_action(self) -> Any:
        """A setup roll: the match's seeded d12 (K-SETUP-3), never a client's."""
        return Action(Kind.ROLL, self.match.rng.randint(1, 12))

    def rng_state(self) -> Any:
        return self.match.rng.getstate()

    def set_rng_state(self, saved: Any) -> None:
        self.match.rng.setstate(saved)

    def apply(self, action: Any) -> None:
        self.match.apply(action)

    def bot_key(self) -> str:
        # as the match board seeds its bots (``MatchController.think``)
        return f"{self.spec.seed}/{self.match.round_index}/{self.state.ply}"

    def progress(self) -> tuple:
        return (len(self.match.scores),)

    def after(self, table: int, before: tuple) -> list[Event]:
        match = self.match
        events = []
        for r in range(before[0], len(match.scores)):
            events.append(Event("round-over", table, {
                "round": r + 1, "rounds": match.rounds,
                "points": {p: match.round_total(p, r) for p in match.players}, "totals": match.totals()}))
        if match.is_over() and before[0] < len(match.scores):
            events.append(Event("game-over", table, {"winner": match.winner(), "standings": self.standings()}))
        return events

    def standings(self) -> list[dict[str, Any]]:
        return [{"place": s.place, "players": list(s.players), "total": s.total, "reason": s.reason}
                for s in self.match.standings()]

    def scoresheet(self) -> dict[str, Any]:
        """The scoresheet's data: per scored round, each player's seat, points on every
        scoring line and total; the totals; and the sheet as text (``Match.scoresheet``)."""
        match = self.match
        rounds = []
        for r in range(len(match.scores)):
            rounds.append({
                "round": r + 1, "teaching": match.teaching_note(r),
                "seats": {p: SEAT_NAMES[match.seat_of(p, r)] for p in match.players},
                "lines": {p: {line: match.line_points(p, r, line) for line in SCORING_LINES} for p in match.players},
                "points": {p: match.round_total(p, r) for p in match.players}})
        return {"players": list(match.players), "rounds": rounds, "totals": match.totals(),
                "text": match.scoresheet()}

    def summary(self) -> dict[str, Any]:
        match = self.match
        return {"round": match.round_index + 1, "rounds": match.rounds, "between_rounds": match.between_rounds(),
                "rules": format_rules(match.rules), "scores": match.totals(), "standings": self.standings(),
                "scoresheet": self.scoresheet(), "winner": match.winner(),
                "result": self._result()}

    def _result(self) -> str:
        match = self.match
        if not match.is_over():
            return ""
        winner = match.winner()
        return f"{winner} wins the match" if winner else "a drawn match"

    def results(self) -> list[dict[str, Any]]:
        match = self.match
        places = {p: s["place"] for s in self.standings() for p in s["players"]}
        return [{"points": match.total(p), "place": places.get(p), "rounds_scored": len(match.scores),
                 "winner": match.winner() == p} for p in match.players]

    def save_json(self, bots: dict[str, str], unscored: str | None) -> str:
        match = self.match
        match.bots = {p: b for p, b in bots.items() if BOT_NAME.fullmatch(b)}
        match.unscored = unscored[:MAX_REASON] if unscored else None
        return match.save_json()


class GamePlay(Play):
    """A game of one round: Dakapo or Kaomi."""

    def __init__(self, spec: TableSpec):
        super().__init__(spec)
        self._state = self.new_state(spec)

    @abstractmethod
    def new_state(self, spec: TableSpec) -> GameState:
        """A new game with the table's settings."""

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def number(self) -> int:
        return self._state.ply

    @abstractmethod
    def winner_seat(self) -> int | None:
        """The winner's seat once the game is over (None: a draw, or not over)."""

    @abstractmethod
    def result_text(self) -> str:
        """The result in words."""

    def room_action(self) -> Any:
        raise AssertionError(f"a {self.kind} game has no chance decision for the room to make")

    def after(self, table: int, before: tuple) -> list[Event]:
        if not self.is_over():
            return []
        seat = self.winner_seat()
        return [Event("game-over", table, {"winner": None if seat is None else self.spec.players[seat],
                                           "result": self.result_text()})]

    def summary(self) -> dict[str, Any]:
        seat = self.winner_seat() if self.is_over() else None
        return {"round": None, "rounds": None, "between_rounds": False, "rules": self.spec.ruleset,
                "scores": self.scores(), "standings": [], "scoresheet": None,
                "winner": None if seat is None else self.spec.players[seat], "result": self.result_text()}

    def scores(self) -> dict[str, int]:
        return {}

    def results(self) -> list[dict[str, Any]]:
        over = self.is_over()
        seat = self.winner_seat() if over else None
        scores = self.scores()
        out = []
        for i, p in enumerate(self.spec.players):
            place = None if not over else (1 if seat is None or seat == i else 2)
            out.append({"points": scores.get(p), "place": place, "rounds_scored": int(over), "winner": seat == i})
        return out


class DakapoPlay(GamePlay):
    kind = "dakapo"

    @classmethod
    def make_spec(cls, players, ruleset, options, seed, teaching) -> TableSpec:
        if len(players) != 2:
            raise RoomSetupError(f"Dakapo is played by 2 players, not {len(players)}")
        if ruleset not in (None, "dakapo"):
            raise RoomSetupError(f"Dakapo's ruleset is 'dakapo' (its options: size, tabletop), not {str(ruleset)[:40]!r}")
        unknown = sorted(set(options) - {"size", "tabletop"})
        if unknown:
            raise RoomSetupError(f"unknown option(s) {', '.join(unknown)} for Dakapo; known: size, tabletop")
        if "size" in options:
            _whole(options, "size")
        if "tabletop" in options:
            _flag(options, "tabletop")
        return TableSpec("dakapo", "dakapo", options, seed, players, None)

    def new_state(self, spec: TableSpec) -> GameState:
        try:
            return DakapoState(rules=DakapoRules(spec.options.get("size", 8), spec.options.get("tabletop", False)))
        except RulesOptionError as exc:
            raise RoomSetupError(str(exc)) from None

    def engine_seat_of(self, seat: int) -> str | None:
        return DAKAPO_PLAYERS[seat]

    def winner_seat(self) -> int | None:
        state = self._state
        assert isinstance(state, DakapoState)
        winner = state.winner
        return DAKAPO_PLAYERS.index(winner) if winner is not None else None

    def result_text(self) -> str:
        state = self._state
        assert isinstance(state, DakapoState)
        return state.result()


class KaomiPlay(GamePlay):
    kind = "kaomi"

    @classmethod
    def make_spec(cls, players, ruleset, options, seed, teaching) -> TableSpec:
        if len(players) != 2:
            raise RoomSetupError(f"Kaomi is played by 2 players, not {len(players)}")
        ruleset = "kaomi" if ruleset is None else ruleset
        if ruleset not in KAOMI_RULESETS:
            raise RoomSetupError(f"unknown Kaomi ruleset {str(ruleset)[:40]!r}; known: {', '.join(KAOMI_RULESETS)}")
        unknown = sorted(set(options) - {"size", "komi"})
        if unknown:
            raise RoomSetupError(f"unknown option(s) {', '.join(unknown)} for Kaomi; known: size, komi")
        for key in options:
            _whole(options, key)
        return TableSpec("kaomi", ruleset, options, seed, players, None)

    def new_state(self, spec: TableSpec) -> GameState:
        try:
            rules = KaomiRules.named(spec.ruleset, **spec.options)
        except RulesOptionError as exc:
            raise RoomSetupError(str(exc)) from None
        return KaomiState(rules=rules)

    def engine_seat_of(self, seat: int) -> str | None:
        # the first player holds Black until a swap of the pie rule (KM-2)
        swapped = bool(self._state.position.swapped)
        return ("Black", "White")[seat ^ swapped]

    def _seat_of_colour(self, colour: int) -> int:
        return (0 if colour == BLACK else 1) ^ bool(self._state.position.swapped)

    def _result(self):
        state = self._state
        assert isinstance(state, KaomiState)
        return state.result()

    def winner_seat(self) -> int | None:
        result = self._result()
        return None if result is None or not result.winner else self._seat_of_colour(result.winner)

    def result_text(self) -> str:
        result = self._result()
        return result.reason if result is not None else ""

    def scores(self) -> dict[str, int]:
        result = self._result()
        if result is None or result.scores is None:
            return {}
        black, white = result.scores
        players = self.spec.players
        return {players[self._seat_of_colour(BLACK)]: black, players[self._seat_of_colour(WHITE)]: white}


PLAYS: dict[str, type[Play]] = {"kabetopo": MatchPlay, "dakapo": DakapoPlay, "kaomi": KaomiPlay}


# --- the table ---------------------------------------------------------------------------------------


@dataclass
class Seat:
    """A place at a table: its player's ``name``, ``kind`` as the table was made (``human`` or
    ``bot``) and ``bot``, the bot that plays it now (None: a human plays it)."""

    index: int
    name: str
    kind: str
    bot: str | None = None

    @property
    def played_by(self) -> str:
        return self.bot or HUMAN


Commit = Callable[[int, int | None, str], None]  # (number, seat or None for the room, action text)


def _no_commit(number: int, seat: int | None, text: str) -> None:
    pass


class Table:
    """One game at the room, its seats, and the numbered ``apply`` (see the module doc).

    ``commit(number, seat, text)`` stores an accepted action before it is applied;
    ``begin_round(n)`` stores that round ``n`` (1-based) has begun."""

    def __init__(self, table_id: int, spec: TableSpec, seats: list[Seat], *, commit: Commit = _no_commit,
                 begin_round: Callable[[int], None] = lambda n: None, paused: bool = False,
                 pause_reason: str = "", unscored: str | None = None):
        if len(seats) != len(spec.players) or [s.name for s in seats] != list(spec.players):
            raise RoomSetupError("a table has one seat per player, in the players' order")
        self.id = table_id
        self.spec = spec
        self.seats = seats
        self.play: Play = PLAYS[spec.kind](spec)
        self.commit, self.begin_round = commit, begin_round
        self.paused, self.pause_reason, self.unscored = paused, pause_reason, unscored
        self.log: list[tuple[int | None, str]] = []  # (seat, action text) by number

    # --- reading -------------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def number(self) -> int:
        """The table's next number: how many actions it has applied."""
        return len(self.log)

    @property
    def state(self) -> GameState:
        return self.play.state

    @property
    def players(self) -> tuple[str, ...]:
        return self.spec.players

    def is_over(self) -> bool:
        return self.play.is_over()

    def to_move(self) -> int | None:
        return self.play.to_move()

    def seat(self, index: Any) -> Seat:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.seats):
            from_ = ", ".join(f"{s.index} ({s.name})" for s in self.seats)
            raise RoomSetupError(f"table {self.id} has no seat {index!r}; its seats are {from_}")
        return self.seats[index]

    def bots(self) -> dict[str, str]:
        """player -> the bot playing that player's seat now."""
        return {s.name: s.bot for s in self.seats if s.bot is not None}

    def decision_words(self) -> str:
        """Whose decision, in words: the player's name, the engine's seat and decision."""
        play = self.play
        if play.is_over():
            return "the game is over"
        if play.between_rounds():
            return f"round {play.round_index() + 1} is over: the next round starts next"
        decision = self.state.decision
        if decision.seat == CHANCE:
            return "the room rolls the setup's d12 (K-SETUP-3)"
        seat = play.seat_of(decision.seat)
        who = self.players[seat] if seat is not None else str(decision.seat)
        return f"{who} ({decision.seat}: {decision.kind})"

    # --- the numbered apply -----------------------------------------------------------------------
    def is_repeat(self, seat: int | None, number: Any, text: Any) -> bool:
        """Is this the action already stored under ``number``, by this seat?"""
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(self.log):
            return False
        stored_seat, stored = self.log[number]
        if stored_seat != seat or not isinstance(text, str):
            return False
        if text == stored:
            return True
        try:
            return str(self.play.parse(text)) == stored
        except NotationError:
            return False

    def check_open(self) -> None:
        """Check 2: the table is not paused, the game not over, a match not between rounds."""
        play = self.play
        if self.paused:
            raise TablePaused(f"table {self.id} is paused by the teacher" + (f": {self.pause_reason}" if self.pause_reason else ""))
        if play.is_over():
            raise GameOver(f"the game at table {self.id} is over")
        if play.between_rounds():
            raise BetweenRounds(f"round {play.round_index() + 1} is over: the next round starts first (K-MATCH-1)")

    def apply(self, seat: int, number: Any, text: Any, *, by_bot: bool = False) -> list[Event]:
        """The seat's action ``text`` as number ``number`` (the checks of the module doc); the
        events it brought about ([] for a repeat).  Refusals raise the room's errors."""
        if self.is_repeat(seat, number, text):
            return []
        self.check_open()
        play = self.play
        if play.is_chance():
            raise NotYourTurn("the setup's d12 is rolled by the room, from the table's seeded generator, never "
                              "by a player (K-SETUP-3)", to_move=None)
        mover = play.to_move()
        if mover != seat:
            raise NotYourTurn(f"it is not {self.players[seat]}'s decision: {self.decision_words()}", to_move=mover)
        bot = self.seats[seat].bot
        if by_bot and bot is None:
            raise BotSeat(f"{self.players[seat]}'s seat is played by a human now")
        if not by_bot and bot is not None:
            raise BotSeat(f"{self.players[seat]}'s seat is played by a bot ({bot}) now; the teacher can give it back")
        if number != self.number:
            raise StaleNumber(f"number {number} is not the table's next one: it is {self.number}", current=self.number)
        action = self.legal(text)
        return self._commit_and_apply(seat, action)

    def legal(self, text: Any) -> Any:
        """Check 5: the engine's action for ``text``, or its refusal with the ruling IDs and sentence."""
        state = self.state
        if not isinstance(text, str):
            raise IllegalAction("an action is text in the game's notation", code="notation")
        try:
            action = self.play.parse(text)
        except NotationError as exc:
            raise IllegalAction(f"{text!r} is no {self.kind} action: {exc}", code="notation") from None
        if action not in state.legal_actions:
            verdict = state.explain(action)
            if verdict.legal:  # the two read one ledger: a mismatch is an engine bug worth hearing about
                raise AssertionError(f"explain() calls {action!r} legal but it is not generated")
            raise IllegalAction(f"{text!r} is illegal: {verdict}", rulings=verdict.rulings, reason=verdict.reason)
        return action

    def _commit_and_apply(self, seat: int | None, action: Any) -> list[Event]:
        number, text = self.number, str(action)
        self.commit(number, seat, text)  # on disk before it is applied or told
        play = self.play
        before = play.progress()
        state = play.state
        play.apply(action)
        self.log.append((seat, text))
        said = state.last_verdict()
        event = Event("applied", self.id, {"number": number, "seat": seat, "action": text,
                                           "text": said.reason if said is not None else text,
                                           "next": self.number})
        return [event, *play.after(self.id, before)]

    def next_round_due(self) -> bool:
        """A match between rounds that starts its next round by itself: ``auto_next``, or no
        human plays at the table."""
        play = self.play
        return (play.between_rounds() and not self.paused
                and (getattr(play, "auto_next", False) or all(s.bot is not None for s in self.seats)))

    def advance(self) -> list[Event]:
        """The room's own moves now due: the setup's rolls (K-SETUP-3) and, when due, the next
        round; the events."""
        events: list[Event] = []
        play = self.play
        while not self.paused and not play.is_over():
            if play.between_rounds():
                if not self.next_round_due():
                    break
                events += self._begin_next_round()
            elif play.is_chance():
                saved = play.rng_state()
                action = play.room_action()
                try:
                    events += self._commit_and_apply(None, action)
                except BaseException:
                    play.set_rng_state(saved)  # not stored: the roll was not made
                    raise
            else:
                break
        return events

    def next_round(self, seat: int | None, number: Any) -> list[Event]:
        """A request for a match's next round (a seat's, or the teacher's with ``seat`` None):
        ``number`` is the table's next number; a repeat of a request already granted is
        answered ok and changes nothing."""
        play = self.play
        if (not play.between_rounds() and play.rounds_begun() > 1 and number == play.round_start()
                and not play.is_over()):
            return []
        if self.paused or play.is_over():
            self.check_open()
        if not play.between_rounds():
            play.next_round()  # raises NotBetweenRounds with the reason
        if number != self.number:
            raise StaleNumber(f"number {number} is not the table's next one: it is {self.number}", current=self.number)
        return self._begin_next_round() + self.advance()

    def _begin_next_round(self) -> list[Event]:
        play = self.play
        self.begin_round(play.rounds_begun() + 1)  # stored first
        play.next_round()
        return [Event("round-started", self.id, {"round": play.round_index() + 1, "number": self.number})]

    # --- replaying the store -------------------------------------------------------------------------
    def restore(self, rows: list, rounds_begun: int, *, path: str) -> None:
        """Replay the table's stored actions (``store.ActionRow``), each checked as ``apply``
        checks it; what does not replay raises ``DamagedStore`` naming the row."""

        def damaged(row: str, reason: str) -> DamagedStore:
            return DamagedStore(path, self.id, row, reason)

        play = self.play
        for expected, row in enumerate(rows):
            where = f"action {row.number!r}"
            if not isinstance(row.number, int) or row.number != expected:
                raise damaged(where, f"action number {expected} is missing (the next stored number is {row.number!r})")
            if not isinstance(row.action, str) or not row.action:
                raise damaged(where, f"the action is not text: {row.action!r}")
            if row.seat is not None and (not isinstance(row.seat, int) or not 0 <= row.seat < len(self.seats)):
                raise damaged(where, f"seat {row.seat!r} is no seat of the table")
            if play.is_over():
                raise damaged(where, "an action after the end of the game")
            if play.between_rounds():
                play.next_round()
            if play.is_chance():
                if row.seat is not None:
                    raise damaged(where, f"a setup roll recorded for seat {row.seat}: the room rolls them (K-SETUP-3)")
                action = play.room_action()
                if str(action) != row.action:
                    raise damaged(where, f"the table's seeded d12 gives {str(action)!r} here, not {row.action!r} "
                                         "(K-SETUP-3)")
            else:
                mover = play.to_move()
                if row.seat != mover:
                    raise damaged(where, f"recorded for seat {row.seat}, but it was seat {mover}'s decision "
                                         f"({self.decision_words()})")
                try:
                    action = self.legal(row.action)
                except IllegalAction as exc:
                    raise damaged(where, str(exc)) from None
            try:
                play.apply(action)
            except (IllegalActionError, HistoryError) as exc:
                raise damaged(where, str(exc)) from None
            self.log.append((row.seat, row.action))
        begun = play.rounds_begun()
        if rounds_begun == begun + 1 and play.between_rounds():
            play.next_round()
        elif rounds_begun != begun:
            raise damaged("its round", f"the store says round {rounds_begun} has begun, but the actions reach round {begun}")

    # --- what the teacher sees -------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Where the table stands: its game, seats, number, whose turn, round and scores."""
        play = self.play
        mover = play.to_move()
        decision = self.state.decision
        to_move = None
        if mover is not None:
            to_move = {"seat": mover, "name": self.players[mover], "engine_seat": decision.seat,
                       "decision": decision.kind, "played_by": self.seats[mover].played_by}
        return {
            "table": self.id, "kind": self.kind, "ruleset": self.spec.ruleset, "options": dict(self.spec.options),
            "seed": self.spec.seed, "teaching": self.spec.teaching, "players": list(self.players),
            "seats": [{"seat": s.index, "name": s.name, "kind": s.kind, "played_by": s.played_by,
                       "engine_seat": play.engine_seat_of(s.index)} for s in self.seats],
            "number": self.number, "paused": self.paused, "pause_reason": self.pause_reason,
            "over": play.is_over(), "unscored": self.unscored, "to_move": to_move,
            "status": self.decision_words(), "position": self.state.to_text(),
            **play.summary(),
        }

    def results(self) -> list[dict[str, Any]]:
        """One row per player: the table's result so far (for a CSV or Parquet file)."""
        play = self.play
        rows = []
        for seat, row in zip(self.seats, play.results(), strict=True):
            rows.append({"table": self.id, "kind": self.kind, "ruleset": self.spec.ruleset, "seed": self.spec.seed,
                         "seat": seat.index, "player": seat.name, "played_by": seat.played_by,
                         "over": play.is_over(), "scored": self.unscored is None, "actions": self.number, **row})
        return rows

    def save_json(self) -> str:
        """The table's game as its save file: a Kabetopo match's own save (``Match.save_json``,
        with the bots playing each seat and the not-scored mark), a game's state save."""
        return self.play.save_json(self.bots(), self.unscored)

    def bot_rng(self) -> random.Random:
        return random.Random(self.play.bot_key())


def check_seat_kinds(players: tuple[str, ...], seats: Any) -> list[tuple[str, str | None]]:
    """(kind, bot) per player from ``seats``: None (every seat human), a list (one value per
    player) or a mapping from player names; each value ``"human"`` or a bot's name."""
    if seats is None:
        values: list[Any] = [HUMAN] * len(players)
    elif isinstance(seats, dict):
        unknown = [k for k in seats if k not in players]
        if unknown:
            raise RoomSetupError(f"seats: {unknown[0]!r} is not a player of the table ({', '.join(players)})")
        values = [seats.get(p, HUMAN) for p in players]
    elif isinstance(seats, (list, tuple)) and len(seats) == len(players):
        values = list(seats)
    else:
        raise RoomSetupError(f"seats is one value per player ({len(players)}), each 'human' or a bot's name")
    out: list[tuple[str, str | None]] = []
    for player, value in zip(players, values, strict=True):
        if value == HUMAN:
            out.append((HUMAN, None))
        elif isinstance(value, str) and BOT_NAME.fullmatch(value):
            out.append(("bot", value))
        else:
            raise RoomSetupError(f"{player}'s seat is 'human' or a bot's name, not {str(value)[:40]!r}")
    assert all(kind in SEAT_KINDS for kind, _ in out)
    return out


__all__ = ["HUMAN", "PLAYS", "TABLE_OPTIONS", "DakapoPlay", "GamePlay", "KaomiPlay", "MatchPlay", "Play", "Seat", "Table",
           "TableSpec", "check_seat_kinds", "table_spec"]
