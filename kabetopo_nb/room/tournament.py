"""A tournament of the room (docs/ROOM.md, "The teacher"): players at tables of the same size,
several matches, re-seated by their standings between matches.  Pure: no store, no web, no
UI; ``Room`` makes the tables and asks this module who sits where and who leads.

    >>> spec = tournament_spec([f"P{i}" for i in range(12)], table_size=4, matches=3, seed=7)
    >>> [s.players for s in first_match(spec)]          # a seeded draw: 3 tables of 4

**Scoring.**  A table's result is the engine's own: each player's *place* at the table
(``Table.results()``, from the match's standings or the game's winner; shared places for a
draw) and game points (a match's total, a Kaomi score; none for Dakapo).  Nothing is
recomputed here.  At a table, a player earns one tournament point for every other player
there who placed below them and half a point for every other player who shared their place
(a table of 4 gives 3, 2, 1 and 0; a drawn 2-player game gives 0.5 each).  Standings order:
tournament points, then game points summed over the matches, then the draw's order (the
seeded shuffle of the first match), so that the order is total and the same every time.
Players with equal tournament and game points share a rank.  A table marked not scored
(its bots failed) counts as done, so the tournament can go on, and gives no points.

**Seating.**  The first match is a seeded shuffle, dealt to the tables in order.  Every later
match deals the players in standings order (the leaders together, Swiss-style): each table
takes the best-placed player not yet seated and the next best ones, avoiding *rematches*:
two players who sat at one table in the match just played.  A search finds the seating
with the fewest rematches and, among those, the closest to the standings' order.  They
cannot always be avoided: 12 players at 3 tables of 4 always bring two players of each
previous table together again (4 players, 3 tables), so there the fewest is 3 pairs.  The
search is bounded (``SEARCH_BUDGET`` steps for each count of rematches, from the least
possible up); past it, the greedy seating is taken (each table's next player: the best one
with the fewest rematches at that table).

**Players not a multiple of the table size.**  Every table keeps the same size, so the same
ruleset and the same places to earn: the missing seats are played by bots (``filler_bot``,
``greedy`` unless told), named ``Bot 1``, ``Bot 2``...  The players are spread as evenly as
possible (10 players at tables of 4: 4, 3 and 3 players, the last two with a bot), the
tables with a bot being the last ones, where the standings' lower half sits.  A filler
bot counts as an opponent at its table (a player can place below it) but is not in the
standings.

**Seats and seeds.**  The seat order at a table (a match's first runner, Kaomi's first
colour) is a seeded shuffle of the table's players; each table's game seed comes from the
tournament's seed, the match and the table, so the same tournament seed gives the same
tournament.
"""
from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any

from .protocol import RoomSetupError, check_name

MAX_MATCHES = 20
MAX_PLAYERS = 256
SEARCH_BUDGET = 20_000  # combinations the rematch-free search tries before it settles for fewer rematches
FILLER = "Bot"
SIZES = {"kabetopo": (2, 3, 4), "dakapo": (2,), "kaomi": (2,)}
MAX_SEED = 2**64 - 1


@dataclass(frozen=True)
class TournamentSpec:
    """A tournament as the teacher set it up (checked by ``tournament_spec``)."""

    players: tuple[str, ...]
    table_size: int
    matches: int
    kind: str = "kabetopo"
    ruleset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    bots: dict[str, str] = field(default_factory=dict)  # tournament players whose seat a bot plays
    filler_bot: str = "greedy"

    def to_json(self) -> str:
        return json.dumps({"players": list(self.players), "table_size": self.table_size, "matches": self.matches,
                           "kind": self.kind, "ruleset": self.ruleset, "options": self.options, "seed": self.seed,
                           "bots": self.bots, "filler_bot": self.filler_bot}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TournamentSpec:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise RoomSetupError("a tournament's spec is a JSON object")
        return tournament_spec(**data)

    @property
    def tables(self) -> int:
        """How many tables each match has."""
        return -(-len(self.players) // self.table_size)


def tournament_spec(players: Any, *, table_size: Any, matches: Any, kind: Any = "kabetopo", ruleset: Any = None,
                    options: Any = None, seed: Any = 0, bots: Any = None, filler_bot: Any = "greedy") -> TournamentSpec:
    """A tournament's settings checked; ``RoomSetupError`` says what is wrong.  (The games'
    own settings, the ruleset and options, are checked when the first tables are made.)"""
    if kind not in SIZES:
        raise RoomSetupError(f"a tournament plays {', '.join(SIZES)}, not {str(kind)[:40]!r}")
    if not isinstance(table_size, int) or isinstance(table_size, bool) or table_size not in SIZES[kind]:
        raise RoomSetupError(f"a {kind} table seats {' or '.join(map(str, SIZES[kind]))} players, "
                             f"not {str(table_size)[:20]}")
    if not isinstance(players, (list, tuple)):
        raise RoomSetupError("players is a list of the players' names")
    names = tuple(check_name(p) for p in players)
    if len(set(names)) != len(names):
        raise RoomSetupError("every player's name in a tournament is different")
    if not 2 <= len(names) <= MAX_PLAYERS:
        raise RoomSetupError(f"a tournament has 2 to {MAX_PLAYERS} players, not {len(names)}")
    if not isinstance(matches, int) or isinstance(matches, bool) or not 1 <= matches <= MAX_MATCHES:
        raise RoomSetupError(f"a tournament has 1 to {MAX_MATCHES} matches, not {str(matches)[:20]}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise RoomSetupError(f"a tournament's seed is a whole number 0..2**64-1, not {str(seed)[:30]}")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RoomSetupError("options is a mapping of option names to values")
    if ruleset is not None and not isinstance(ruleset, str):
        raise RoomSetupError("ruleset is a ruleset's name")
    bots = {} if bots is None else bots
    if not isinstance(bots, dict) or not all(isinstance(b, str) for b in bots.values()):
        raise RoomSetupError("bots maps players' names to bots' names")
    unknown = [b for b in bots if b not in names]
    if unknown:
        raise RoomSetupError(f"bots: {str(unknown[0])[:40]!r} is not a player of the tournament")
    if not isinstance(filler_bot, str):
        raise RoomSetupError("filler_bot is a bot's name")
    return TournamentSpec(names, table_size, matches, kind, ruleset, dict(options), seed, dict(bots), filler_bot)


# --- seating ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seating:
    """One table of a match, as planned: its players in seat order (fillers included), the
    fillers among them and the table's game seed."""

    players: tuple[str, ...]
    fillers: tuple[str, ...]
    seed: int


def players_per_table(count: int, size: int) -> list[int]:
    """Tournament players at each table: as even as possible, the fuller tables first."""
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def filler_names(players: tuple[str, ...], count: int) -> list[str]:
    """``count`` bots' names no player has: Bot 1, Bot 2, ..."""
    taken, n = set(players), 1
    out: list[str] = []
    while len(out) < count:
        name = f"{FILLER} {n}"
        if name not in taken:
            out.append(name)
        n += 1
    return out


def draw(spec: TournamentSpec) -> list[str]:
    """The first match's order: a shuffle seeded by the tournament's seed."""
    order = list(spec.players)
    random.Random(f"{spec.seed}/draw").shuffle(order)
    return order


def _seatings(spec: TournamentSpec, groups: list[list[str]], match: int) -> list[Seating]:
    out = []
    for index, group in enumerate(groups):
        fillers = filler_names(spec.players, spec.table_size - len(group))
        seats = group + fillers
        rng = random.Random(f"{spec.seed}/match {match}/table {index}")
        rng.shuffle(seats)
        out.append(Seating(tuple(seats), tuple(fillers), rng.randrange(2**63)))
    return out


def first_match(spec: TournamentSpec) -> list[Seating]:
    order, groups = draw(spec), []
    for size in players_per_table(len(spec.players), spec.table_size):
        groups.append(order[:size])
        order = order[size:]
    return _seatings(spec, groups, 1)


def pairs_of(groups: list[tuple[str, ...]] | list[list[str]]) -> set[frozenset[str]]:
    """Every two players who sat at one table (of the groups given)."""
    return {frozenset(p) for g in groups for p in itertools.combinations(g, 2)}


def least_rematches(previous: list[list[str]], tables: int) -> int:
    """The fewest pairs of a previous table who must meet again at ``tables`` tables: its
    players spread as evenly as they can be (4 of them at 3 tables: one pair at least)."""
    total = 0
    for g in previous:
        q, r = divmod(len(g), tables)
        total += r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2
    return total


def group(order: list[str], sizes: list[int], avoid: set[frozenset[str]], budget: int = SEARCH_BUDGET,
          least: int = 0) -> list[list[str]]:
    """The players (best first) dealt to tables of ``sizes``: the seating with the fewest
    pairs of ``avoid`` at one table (from ``least`` on, a bound known beforehand) and, among
    those, the closest to the order; each count is searched within ``budget`` steps, after
    which the greedy seating (each table's next player the best one with the fewest such
    pairs) is taken."""
    steps = 0

    def clashes(chosen: tuple[str, ...]) -> int:
        return sum(frozenset(p) in avoid for p in itertools.combinations(chosen, 2))

    def search(rest: list[str], k: int, allowed: int) -> list[list[str]] | None:
        nonlocal steps
        if k == len(sizes):
            return []
        head, others = rest[0], rest[1:]
        for mates in itertools.combinations(others, sizes[k] - 1):
            steps += 1
            if steps > budget:
                return None
            cost = clashes((head, *mates))
            if cost > allowed:
                continue
            left = [p for p in others if p not in mates]
            found = search(left, k + 1, allowed - cost)
            if found is not None:
                return [[head, *mates], *found]
            if steps > budget:
                return None
        return None

    most = sum(s * (s - 1) // 2 for s in sizes)
    for allowed in range(max(0, least), most + 1):
        steps = 0
        found = search(list(order), 0, allowed)
        if found is not None:
            return found
        if steps > budget:
            break
    rest, groups = list(order), []
    for size in sizes:
        table = [rest.pop(0)]
        while len(table) < size:
            best = min(range(len(rest)), key=lambda i: (sum(frozenset((rest[i], p)) in avoid for p in table), i))
            table.append(rest.pop(best))
        groups.append(table)
    return groups


def next_match(spec: TournamentSpec, ranking: list[str], previous: list[tuple[str, ...]], match: int) -> list[Seating]:
    """Match ``match`` (2, 3 ...): the players in standings order (``ranking``), avoiding the
    pairs that sat together in ``previous`` (the last match's tables)."""
    sizes = players_per_table(len(spec.players), spec.table_size)
    met = [[p for p in g if p in spec.players] for g in previous]
    groups = group(ranking, sizes, pairs_of(met), least=least_rematches(met, len(sizes)))
    return _seatings(spec, groups, match)


# --- standings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableResult:
    """A tournament table as the room reports it: its match, number, players (fillers
    included), and, for each player, the place and game points the table gives
    (``Table.results()``); ``done`` once its game is over or it is not scored."""

    match: int
    table: int
    players: tuple[str, ...]
    places: dict[str, int | None]
    points: dict[str, float | None]
    done: bool
    scored: bool = True


def table_points(places: dict[str, int | None]) -> dict[str, float]:
    """Tournament points at one table: 1 for each player placed below, 0.5 for each sharing
    the place (a player without a place earns nothing and counts as placed below)."""
    out = {}
    for p, mine in places.items():
        if mine is None:
            out[p] = 0.0
            continue
        score = 0.0
        for q, theirs in places.items():
            if q != p:
                score += 1.0 if theirs is None or theirs > mine else 0.5 if theirs == mine else 0.0
        out[p] = score
    return out


@dataclass
class Standing:
    player: str
    tournament_points: float = 0.0
    game_points: float = 0.0
    played: int = 0
    places: list[int | None] = field(default_factory=list)  # per match played: the place at the table
    rank: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "tournament_points": self.tournament_points,
                "game_points": self.game_points, "played": self.played, "places": list(self.places)}


def standings(spec: TournamentSpec, results: list[TableResult]) -> list[Standing]:
    """Every player's standing from the tables that are done (see the module doc's scoring)."""
    rows = {p: Standing(p) for p in spec.players}
    for result in sorted(results, key=lambda r: (r.match, r.table)):
        if not result.done:
            continue
        earned = table_points(result.places) if result.scored else {}
        for p in result.players:
            if p not in rows:
                continue  # a filler bot
            row = rows[p]
            row.played += 1
            row.places.append(result.places.get(p) if result.scored else None)
            if result.scored:
                row.tournament_points += earned.get(p, 0.0)
                row.game_points += result.points.get(p) or 0
    tiebreak = {p: i for i, p in enumerate(draw(spec))}
    ordered = sorted(rows.values(), key=lambda s: (-s.tournament_points, -s.game_points, tiebreak[s.player]))
    for i, s in enumerate(ordered):
        before = ordered[i - 1] if i else None
        same = before is not None and (before.tournament_points, before.game_points) == (s.tournament_points,
                                                                                          s.game_points)
        s.rank = before.rank if same and before is not None else i + 1
    return ordered


__all__ = ["MAX_MATCHES", "SEARCH_BUDGET", "SIZES", "Seating", "Standing", "TableResult", "TournamentSpec", "draw",
           "filler_names", "first_match", "group", "least_rematches", "next_match", "pairs_of", "players_per_table", "standings",
           "table_points", "tournament_spec"]
