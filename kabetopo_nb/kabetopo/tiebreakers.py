"""Ranking a match's players: the total, then each ruleset's tiebreaker chain.

The rulebooks rank players by their grand total; players level on it are separated by a
chain of tiebreakers, each compared in turn (higher wins), and players level on every step
share their place.  Three chains exist (``Rules.tiebreakers``): ``v4.0`` (Rules v4.0: the
4- and 3-player games and the interim 2-player game), ``v3.0`` (Multiplayer Rules v3.0),
``2p-v2.0`` (2-Player Rules v2.0).  ``CHAINS`` lists their steps; ``rank`` applies one to
the rounds of each player, whether they come from a played match (``Match.standings``) or
were typed in from a paper scoresheet (``rank_results``):

    >>> from kabetopo_nb.kabetopo.tiebreakers import rank_results
    >>> ranking = rank_results("kabetopo-mp-v3", [
    ...     {"Ann": {"Tadaima": 3, "place": 1}, "Ben": {"Tadaima": 2, "place": 3}},
    ...     {"Ann": {"Tadaima": 2, "place": 2}, "Ben": {"Tadaima": 3, "place": 1}}, {}, {}],
    ...     players=["Ann", "Ben", "Cat", "Dan"], resources={"Cat": 4, "Dan": 4})
    >>> ranking.winner()
    'Ann'
    >>> print(ranking.decided("Ann", "Ben"))
    Ann is ahead of Ben by 1st, then 2nd, then 3rd place Tadaimas: (1, 1, 0) to (1, 0, 1) (level on the total: 5, ...)

A round typed in gives each player's scoring lines, by the names the scoresheet uses
(``scoring.LINES``; the 4- and 3-player sheets' "Stones" row is read as a First Stone (2)
or a Second Stone (1)), with the place of a Tadaima ("place") and, where the points do not
say it, whether it was natural ("natural"); or only the round's score ("score", or a bare
number).  A player missing from a round scored nothing there.  The chain reads only what it
reaches: a step that needs lines, places or the resources left after the final round
("resources") that were not typed raises ScoringError naming them, never a silent draw.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property, cmp_to_key
from typing import Any

from ..core.verdict import RulesOptionError, ScoringError
from .rules import Rules
from .scoring import (
    FIRST_STONE,
    HALFWAY_HOME,
    LINES,
    PRESERVATION,
    PRESERVATION_POINTS,
    SECOND_STONE,
    STONE_POINTS,
    TADAIMA,
    TWO_PLAYER_SCORING,
    UNSEEN_PATH,
    place_points,
    tadaima_points,
)

TOTAL, DRAWN = "total", "drawn"
STONES_ROW = "Stones"  # the 4- and 3-player scoresheets write First and Second Stone in one row


@dataclass(frozen=True)
class RoundResult:
    """One player's results in one round, as a scoresheet records them.

    ``lines``: points per scoring line (``scoring.LINES``), None when only the round's
    ``score`` was written; ``place``: the Tadaima's place (1-based), None when not home;
    ``natural``: a Natural Tadaima; ``resources``: what Preservation counted at the end of
    the round (None: not written)."""

    score: int
    lines: Mapping[str, int] | None = None
    place: int | None = None
    natural: bool = False
    resources: int | None = None

    def line(self, name: str) -> int:
        assert self.lines is not None  # (``Step.needs`` makes sure before a key reads a line)
        return self.lines.get(name, 0)


Rounds = list[RoundResult]  # one player's rounds, in order


@dataclass(frozen=True)
class Step:
    """One tiebreaker: its name as the rulebook orders it, its value for a player's rounds
    (higher wins), and what the rounds must hold for it: ``"lines"`` (the scoring lines,
    Tadaima places included) or ``"resources"`` (those left after the final round)."""

    name: str
    key: Callable[[Rounds], Any]
    needs: str = "lines"


def _round_scores(rounds: Rounds) -> tuple[int, ...]:
    return tuple(sorted((r.score for r in rounds), reverse=True))


def _line_total(*names: str) -> Callable[[Rounds], int]:
    return lambda rounds: sum(r.line(name) for r in rounds for name in names)


def _places(place: int) -> Callable[[Rounds], int]:
    return lambda rounds: sum(1 for r in rounds if r.place == place)


def _naturals(rounds: Rounds) -> int:
    return sum(1 for r in rounds if r.place is not None and r.natural)


def _taken(name: str) -> Callable[[Rounds], int]:
    """How many rounds a player took the First (or Second) Stone in: the line scored."""
    return lambda rounds: sum(1 for r in rounds if r.line(name) > 0)


def _resources_final(rounds: Rounds) -> int:
    last = rounds[-1].resources if rounds else 0
    assert last is not None  # (``Step.needs``)
    return last


_SINGLE_ROUNDS = Step("single round scores", _round_scores, needs="")
_TADAIMA = Step("Tadaima points", _line_total(TADAIMA))
_NATURALS = Step("Natural Tadaimas", _naturals)
_STONES = Step("Stone points", _line_total(FIRST_STONE, SECOND_STONE))
_FIRSTS = Step("First Stones", _taken(FIRST_STONE))
_PRESERVATION = Step("Preservation points", _line_total(PRESERVATION))
_RESOURCES = Step("resources after the final round", _resources_final, needs="resources")

# The tiebreaker chains, in rulebook order (Rules v4.0 "Winning the match"; Multiplayer v3.0;
# 2-Player v2.0 "Winning the match").
CHAINS: dict[str, tuple[Step, ...]] = {
    "v4.0": (_SINGLE_ROUNDS, _TADAIMA, Step("1st place Tadaimas", _places(1)), _NATURALS, _STONES, _FIRSTS,
             _PRESERVATION, _RESOURCES),
    "v3.0": (_SINGLE_ROUNDS, _TADAIMA,
             Step("1st, then 2nd, then 3rd place Tadaimas",
                  lambda rounds: (_places(1)(rounds), _places(2)(rounds), _places(3)(rounds))),
             _NATURALS, _STONES, _FIRSTS, Step("Second Stones", _taken(SECOND_STONE)), _PRESERVATION, _RESOURCES),
    "2p-v2.0": (_SINGLE_ROUNDS, Step("Tadaima plus Halfway Home points", _line_total(TADAIMA, HALFWAY_HOME)),
                _STONES, _PRESERVATION, Step("Unseen Path points", _line_total(UNSEEN_PATH)), _RESOURCES),
}


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
        if self.decided_by in (TOTAL, DRAWN):
            return self.decided_by
        return f"tie-break: {self.decided_by}"


@dataclass(frozen=True)
class PairDecision:
    """How two players were ranked: ``ahead`` before ``behind`` (or level: ``step`` is
    "drawn"), the step that separated them ("total" or a tiebreaker), their values there, and
    the values of the steps before it, on which they were level."""

    ahead: str
    behind: str
    step: str
    values: tuple[Any, Any]  # (ahead's, behind's) at ``step``; when drawn, their total
    level: tuple[tuple[str, Any], ...] = ()  # (step, common value) for each step before

    def __str__(self) -> str:
        if self.step == DRAWN:
            return (f"{self.ahead} and {self.behind} are level on the total ({self.values[0]}) and on every "
                    "tiebreaker: they share their place")
        by = "on the total" if self.step == TOTAL else f"by {self.step}"
        text = f"{self.ahead} is ahead of {self.behind} {by}: {self.values[0]} to {self.values[1]}"
        if self.level:
            text += " (level on " + "; ".join(f"{'the ' if s == TOTAL else ''}{s}: {v}" for s, v in self.level) + ")"
        return text


class Ranking:
    """The ranking of players by the total and one tiebreaker chain; answers as a ``Match`` does
    (``standings()``, ``winner()``, ``totals()``), and says which step placed each pair."""

    def __init__(self, players: Iterable[str], rounds: Mapping[str, Rounds], chain: str):
        if chain not in CHAINS:
            raise RulesOptionError(f"no tiebreaker chain {chain!r}; known: {', '.join(CHAINS)}")
        self.players = tuple(players)
        self.rounds = {p: list(rounds[p]) for p in self.players}
        self.chain = chain
        self.steps: tuple[str, ...] = (TOTAL,) + tuple(step.name for step in CHAINS[chain])
        self._values: dict[tuple[str, int], Any] = {}

    @cached_property
    def _order(self) -> list[str]:
        """The players from first to last (worked out when first asked: a question about two
        players, or the totals, needs only what they read)."""
        return sorted(self.players, key=cmp_to_key(self._compare))

    # --- the values compared ------------------------------------------------------------
    def value(self, player: str, step: int | str) -> Any:
        """``player``'s value at ``step`` (its index in ``steps``, or its name); ScoringError if
        the rounds typed in lack what that step reads."""
        k = self.steps.index(step) if isinstance(step, str) else step
        if (player, k) not in self._values:
            rounds = self.rounds[player]
            if k == 0:
                value: Any = sum(r.score for r in rounds)
            else:
                step_ = CHAINS[self.chain][k - 1]
                missing = _missing(rounds, step_.needs)
                if missing:
                    raise ScoringError(f"{player}'s results cannot be compared on '{step_.name}' (step {k} of the "
                                       f"{self.chain} tiebreakers): {missing}")
                value = step_.key(rounds)
            self._values[player, k] = value
        return self._values[player, k]

    def _separated_at(self, a: str, b: str) -> int | None:
        """The first step on which ``a`` and ``b`` differ, None if on none; ScoringError when
        they are level up to a step the results typed in cannot answer."""
        for k in range(len(self.steps)):
            try:
                differ = self.value(a, k) != self.value(b, k)
            except ScoringError as exc:
                level = ", ".join(f"'{s}'" for s in self.steps[:k])
                first, second = sorted((a, b), key=self.players.index)
                raise ScoringError(f"{first} and {second} are level on {level}, so the next step decides; "
                                   f"{exc}") from None
            if differ:
                return k
        return None

    def _compare(self, a: str, b: str) -> int:
        k = self._separated_at(a, b)
        if k is None:
            return 0
        return -1 if self.value(a, k) > self.value(b, k) else 1

    # --- answers ------------------------------------------------------------------------
    def totals(self) -> dict[str, int]:
        return {p: self.value(p, 0) for p in self.players}

    def standings(self) -> list[Standing]:
        """The ranking: groups of players level on every step, each with the step that placed it.

        A place is fixed by both neighbours: a player ahead of the next one on the total but
        level on it with the one above is placed by the tiebreaker (issue 11)."""
        groups: list[list[str]] = []
        for p in self._order:
            if groups and self._compare(groups[-1][0], p) == 0:
                groups[-1].append(p)
            else:
                groups.append([p])
        out = []
        place = 1
        for i, group in enumerate(groups):
            steps = [self._separated_at(group[0], groups[j][0]) for j in (i - 1, i + 1) if 0 <= j < len(groups)]
            if len(group) > 1:
                decided = DRAWN
            else:
                decided = self.steps[max(k for k in steps if k is not None)] if steps else TOTAL
            out.append(Standing(place, tuple(group), self.value(group[0], 0), decided))
            place += len(group)
        return out

    def winner(self) -> str | None:
        """The player ranked first alone, or None when the first place is shared (a draw)."""
        top = self.standings()[0]
        return top.players[0] if len(top.players) == 1 else None

    def decided(self, a: str, b: str) -> PairDecision:
        """How ``a`` and ``b`` were ranked against each other: the higher one first."""
        for p in (a, b):
            if p not in self.players:
                raise RulesOptionError(f"{p!r} is not one of the players ranked: {', '.join(self.players)}")
        k = self._separated_at(a, b)
        if k is None:
            return PairDecision(a, b, DRAWN, (self.value(a, 0), self.value(b, 0)))
        if self.value(a, k) < self.value(b, k):
            a, b = b, a
        level = tuple((self.steps[j], self.value(a, j)) for j in range(k))
        return PairDecision(a, b, self.steps[k], (self.value(a, k), self.value(b, k)), level)

    def pairs(self) -> list[PairDecision]:
        """How each pair of players was ranked, in ranking order (the higher one first)."""
        order = self._order
        return [self.decided(order[i], order[j]) for i in range(len(order)) for j in range(i + 1, len(order))]

    def explain(self) -> str:
        """The standings, then how each player was placed against the next one down."""
        lines = [f"Ranked by the total, then the {self.chain} tiebreakers:"]
        for st in self.standings():
            lines.append(f"{st.place}. {', '.join(st.players)}: {st.total} ({st.reason})")
        order = self._order
        lines += [str(self.decided(order[i], order[i + 1])) for i in range(len(order) - 1)]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.explain()

    def __repr__(self) -> str:
        return f"<Ranking ({self.chain}) of {', '.join(self.players)}>"


def _missing(rounds: Rounds, needs: str) -> str:
    """What ``rounds`` lack for a step that ``needs`` it, in words ('' when nothing)."""
    if needs == "lines":
        bare = [i + 1 for i, r in enumerate(rounds) if r.lines is None]
        if bare:
            return f"only the round score was written for round(s) {', '.join(map(str, bare))}; give its scoring lines"
    if needs == "resources" and rounds and rounds[-1].resources is None:
        return "the resources left after the final round were not written ('resources')"
    return ""


def rank(players: Iterable[str], rounds: Mapping[str, Rounds], chain: str) -> Ranking:
    """Rank ``players`` by the total of their ``rounds`` and the tiebreaker ``chain``."""
    return Ranking(players, rounds, chain)


# --- results typed in by hand -------------------------------------------------------------

_KEYS = (*LINES, STONES_ROW, "place", "natural", "score", "resources")


def rank_results(rules: Rules | str, rounds: list[Mapping[str, Any]], *, players: Iterable[str] | None = None,
                 resources: Mapping[str, int] | None = None) -> Ranking:
    """Rank players from round results typed in by hand, by ``rules``' tiebreaker chain.

    ``rounds``: one mapping per round, player -> results: the scoring lines by name
    (``"Tadaima"``, ``"First Stone"``, ... ``scoring.LINES``; or the 4- and 3-player sheets'
    ``"Stones"`` row), ``"place"`` (the Tadaima's place; its points follow from it when the
    Tadaima line is left out), ``"natural"`` (where the points do not say it),
    ``"resources"`` (left at the end of the round), and ``"score"`` (the
    round's score: checked against the lines, or all there is); or a bare number, the
    score alone.  A player missing from a round scored nothing there.  ``players``: every
    player, in the order of the match (default: as they first appear); ``resources``: the
    resources each player had left after the final round (the same as giving "resources"
    in the last round).  Each value is checked against the ruleset's scoring table
    (ScoringError): a step the chain reaches that needs what was not typed raises
    ScoringError too.
    """
    rules = Rules.named(rules) if isinstance(rules, str) else rules
    if not isinstance(rules, Rules):
        raise RulesOptionError(f"rules must be a Rules or a ruleset name, not {type(rules).__name__}")
    if not isinstance(rounds, (list, tuple)) or not rounds:
        raise RulesOptionError("rounds: give a list of rounds, one mapping of player -> results each")
    longest = max(rules.round_choices)
    if len(rounds) > longest:
        raise RulesOptionError(f"{len(rounds)} rounds: a {rules.name} match has at most {longest}")
    for r, rnd in enumerate(rounds):
        if not isinstance(rnd, Mapping):
            raise RulesOptionError(f"round {r + 1}: expected a mapping of player -> results, not {type(rnd).__name__}")
    seen = list(dict.fromkeys([p for rnd in rounds for p in rnd] + list(resources or {})))
    names = list(players) if players is not None else seen
    if len(names) != rules.players or len(set(names)) != len(names):
        raise RulesOptionError(f"{rules.name} ranks {rules.players} players with different names, got {names!r}"
                               + ("" if players is not None else " (name them all with players=)"))
    strangers = [p for p in seen if p not in names]
    if strangers:
        raise RulesOptionError(f"results for {', '.join(map(repr, strangers))}, who is not among the players "
                               f"{', '.join(names)}")
    table: dict[str, Rounds] = {p: [] for p in names}
    for r, rnd in enumerate(rounds):
        last = r == len(rounds) - 1
        results = {p: _read(rules, r, p, rnd.get(p), (resources or {}).get(p) if last else None) for p in names}
        _check_round(rules, r, results)
        for p in names:
            table[p].append(results[p])
    return rank(names, table, rules.tiebreakers)


def _read(rules: Rules, r: int, player: str, typed: Any, resources: int | None) -> RoundResult:
    """One player's results in round ``r`` as typed, checked against the scoring table."""
    where = f"round {r + 1}, {player}"
    kind = rules.scoring
    if typed is None:
        typed = {}
    elif _is_number(typed):
        typed = {"score": typed}
    elif not isinstance(typed, Mapping):
        raise ScoringError(f"{where}: expected the scoring lines (a mapping) or the round's score, not {typed!r}")
    unknown = [k for k in typed if k not in _KEYS]
    if unknown:
        raise ScoringError(f"{where}: unknown {', '.join(map(repr, unknown))}; known: {', '.join(_KEYS)}")
    for key, value in typed.items():
        if key != "natural" and not (_is_number(value) and value >= 0):
            raise ScoringError(f"{where}: {key} is a whole number of 0 or more, not {value!r}")
    if "natural" in typed and not isinstance(typed["natural"], bool):
        raise ScoringError(f"{where}: natural is True or False, not {typed['natural']!r}")
    if resources is not None:
        if "resources" in typed and typed["resources"] != resources:
            raise ScoringError(f"{where}: resources {typed['resources']} here, {resources} in resources=")
        if not (_is_number(resources) and resources >= 0):
            raise ScoringError(f"{player}'s resources are a whole number of 0 or more, not {resources!r}")
    left = typed.get("resources", resources)
    lines_typed = [k for k in typed if k in LINES or k in (STONES_ROW, "place", "natural")]
    if "score" in typed and not lines_typed:
        return RoundResult(typed["score"], None, resources=left)
    lines = {name: typed.get(name, 0) for name in LINES}
    first_points, second_points, halfway_points = STONE_POINTS[kind]
    if STONES_ROW in typed:
        if kind in TWO_PLAYER_SCORING:
            raise ScoringError(f"{where}: the {rules.name} scoresheet has no Stones row; give First Stone"
                               + (" and Second Stone" if second_points else ""))
        if FIRST_STONE in typed or SECOND_STONE in typed:
            raise ScoringError(f"{where}: give either the Stones row or First Stone and Second Stone, not both")
        stones = typed[STONES_ROW]
        if stones not in (0, first_points, second_points):
            raise ScoringError(f"{where}: Stones {stones}: a player takes {first_points} for the First Stone or "
                               f"{second_points} for the Second Stone, never both")
        lines[FIRST_STONE] = stones if stones == first_points else 0
        lines[SECOND_STONE] = stones if stones == second_points else 0
    two = kind in TWO_PLAYER_SCORING
    allowed = {FIRST_STONE: (0, first_points), SECOND_STONE: (0, second_points), HALFWAY_HOME: (0, halfway_points),
               UNSEEN_PATH: (0, 1, 2, 3) if two else (0,), PRESERVATION: (0, PRESERVATION_POINTS)}
    for name, values in allowed.items():
        if lines[name] not in values:
            worth = " or ".join(map(str, sorted(set(values))))
            raise ScoringError(f"{where}: {name} {lines[name]}: under the {kind} scoring it is worth {worth}")
    if TADAIMA not in typed and "place" in typed and _is_number(typed["place"]):  # the points follow from the place
        place = typed["place"]
        if 1 <= place <= rules.tadaimas_to_end:
            lines[TADAIMA] = tadaima_points(kind, rules.players, place, bool(typed.get("natural")))
    place, natural = _tadaima(rules, where, lines[TADAIMA], typed.get("place"), typed.get("natural"))
    total = sum(lines.values())
    if "score" in typed and typed["score"] != total:
        raise ScoringError(f"{where}: the lines add up to {total}, not the score {typed['score']}")
    return RoundResult(total, lines, place, natural, left)


def _tadaima(rules: Rules, where: str, points: int, place: int | None, natural: bool | None) -> tuple[int | None, bool]:
    """(place, natural) of a Tadaima typed as its points, place and natural flag, checked."""
    kind, players = rules.scoring, rules.players
    table = place_points(kind, players)
    if place is None:
        if not points:
            if natural:
                raise ScoringError(f"{where}: a Natural Tadaima needs its place")
            return None, False
        if len(table) > 1:
            raise ScoringError(f"{where}: Tadaima {points}: give its place (1 to {rules.tadaimas_to_end})")
        place = 1
    if not 1 <= place <= rules.tadaimas_to_end:
        raise ScoringError(f"{where}: place {place}: in {rules.describe()} the Tadaimas are placed 1 to "
                           f"{rules.tadaimas_to_end}")
    if natural is None:
        natural = points == tadaima_points(kind, players, place, True) and place <= len(table)
    if points != tadaima_points(kind, players, place, natural):
        plain, bonus = tadaima_points(kind, players, place, False), tadaima_points(kind, players, place, True)
        said = f"{plain}, or {bonus} when natural" if bonus != plain else f"{plain}"
        raise ScoringError(f"{where}: Tadaima {points} for place {place}: under the {kind} scoring that place is "
                           f"worth {said}")
    return place, natural


def _check_round(rules: Rules, r: int, results: Mapping[str, RoundResult]) -> None:
    """What one round's results must agree on: each Tadaima place taken at most once, and each
    of First Stone, Second Stone, Halfway Home and Unseen Path scored by one player at most.
    (A place nobody was typed with is left alone: results may be typed for some players only.)"""
    places = [res.place for res in results.values() if res.place is not None]
    twice = sorted({p for p in places if places.count(p) > 1})
    if twice:
        raise ScoringError(f"round {r + 1}: Tadaima place {', '.join(map(str, twice))} typed twice: each place is "
                           "taken once")
    for name in (FIRST_STONE, SECOND_STONE, HALFWAY_HOME, UNSEEN_PATH):
        scorers = [p for p, res in results.items() if res.lines is not None and res.line(name)]
        if len(scorers) > 1:
            raise ScoringError(f"round {r + 1}: {name} scored by {', '.join(scorers)}: one player takes it a round")
    if rules.scoring in TWO_PLAYER_SCORING:
        kept = [p for p, res in results.items() if res.lines is not None and res.line(PRESERVATION)]
        if len(kept) > 1:
            raise ScoringError(f"round {r + 1}: Preservation scored by {', '.join(kept)}: in a 2-player game a tie "
                               "gives it to nobody")


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
