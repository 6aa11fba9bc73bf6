"""Scoring a finished round, per ruleset (K-SET-1, K-ROUND-3).

Each ruleset's ``scoring`` names a table:

* ``v4.0`` (Rules v4.0, 4 and 3 players): First Stone 2, Second Stone 1; Tadaima 3, 2, 1
  by place (3 players: nothing for third place, KNB-9), plus 1 for a Natural Tadaima (the
  corner opposite the start); Preservation 1 to everyone with the most resources.
* ``v3.0`` (Multiplayer v3.0): the same points, a Natural Tadaima written as one number
  (4, 3, 2); no Unseen Path.
* ``2p-v2.0`` (2-Player v2.0): First Stone 1, Halfway Home 2, Second Stone 1, Tadaima 3
  (4 natural), the Unseen Path bonus, Preservation 1 to the player with more (a tie: nobody).
* ``2p-interim`` (v4.0's interim 2-player section): First Stone 2, no Second Stone,
  Tadaima 3 (4 natural), the Unseen Path bonus, Preservation as in 2-player.

Preservation counts walls, monoliths, portals and locks in the pool, the speed token while
its "+1" side is up, and stones carried.  Unseen Path (K-ROUND-3, KNB-10): the fewest moves
the opponent still needs before it could declare Tadaima; 2-3 moves give 1 point, 4-5 give
2, 6 or more give 3, and in ``2p-v2.0`` a Tadaima before the opponent's second stone gives 3.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.verdict import ScoringError
from .geometry import square_name
from .paths import distances
from .position import Phase, Position, preservation_count
from .rules import OPPOSITE_SEAT, START_SQUARE, seat_name

# Scoring lines, in scoresheet order.
FIRST_STONE = "First Stone"
SECOND_STONE = "Second Stone"
HALFWAY_HOME = "Halfway Home"
TADAIMA = "Tadaima"
UNSEEN_PATH = "Unseen Path"
PRESERVATION = "Preservation"
LINES = (FIRST_STONE, HALFWAY_HOME, SECOND_STONE, TADAIMA, UNSEEN_PATH, PRESERVATION)

TWO_PLAYER_SCORING = ("2p-v2.0", "2p-interim")
# What the lines are worth under each scoring table (``Rules.scoring``): First Stone,
# Second Stone (0: no such line), Halfway Home (0: none).  ``place_points`` gives the Tadaima.
STONE_POINTS = {"v4.0": (2, 1, 0), "v3.0": (2, 1, 0), "2p-v2.0": (1, 1, 2), "2p-interim": (2, 0, 0)}
NATURAL_BONUS = 1  # a Natural Tadaima (the corner opposite the start), written in the Tadaima cell
PRESERVATION_POINTS = 1


def place_points(kind: str, players: int) -> tuple[int, ...]:
    """Tadaima points by place (1st, 2nd, ...), before the Natural Tadaima bonus; a place
    past the end scores nothing (KNB-9: the 3-player game's third place)."""
    if kind in TWO_PLAYER_SCORING:
        return (3,)
    if players == 3:
        return (3, 2)  # no points for a third place (KNB-9)
    return (3, 2, 1)


def tadaima_points(kind: str, players: int, place: int, natural: bool) -> int:
    """The Tadaima cell: the place's points plus the natural bonus (nothing past the scoring places)."""
    table = place_points(kind, players)
    return table[place - 1] + NATURAL_BONUS * natural if place <= len(table) else 0


@dataclass(frozen=True)
class TadaimaEntry:
    seat: int
    square: int
    place: int  # 1-based
    natural: bool
    points: int  # including the Natural Tadaima bonus


@dataclass
class RoundScore:
    """The scoring events of one round, by seat (``match.py`` maps seats to players)."""

    scoring: str
    seats: tuple[int, ...]
    points: dict[str, dict[int, int]] = field(default_factory=dict)  # line -> seat -> points
    first_stone: int | None = None
    second_stone: int | None = None
    halfway_home: tuple[int, int] | None = None  # (seat, square)
    tadaima: list[TadaimaEntry] = field(default_factory=list)
    unseen_path: tuple[int, int, int | None] | None = None  # (seat, points, opponent's moves)
    unseen_path_why: str = ""  # why those points, in words (the opponent's moves, or why there are none)
    resources: dict[int, int] = field(default_factory=dict)
    preservation: tuple[int, ...] = ()

    def total(self, seat: int) -> int:
        return sum(line.get(seat, 0) for line in self.points.values())

    def line(self, name: str, seat: int) -> int:
        return self.points.get(name, {}).get(seat, 0)

    def totals(self) -> dict[int, int]:
        return {s: self.total(s) for s in self.seats}


def unseen_path_points(moves: int | None) -> int:
    """Points for the opponent's remaining moves (2-3: 1, 4-5: 2, 6+: 3)."""
    if moves is None or moves >= 6:
        return 3
    if moves >= 4:
        return 2
    if moves >= 2:
        return 1
    return 0


def moves_to_tadaima(pos: Position, seat: int) -> int | None:
    """KNB-10: the fewest moves before ``seat`` could declare Tadaima, through every objective it still needs."""
    rules = pos.rules
    geo = rules.geometry
    homes = [c for c in geo.corners if c != START_SQUARE[seat]]
    start = pos.square_of(seat)
    if pos.held[seat] >= rules.stones_needed:
        d = distances(pos, start)
        found = [n for c in homes if (n := d[c]) is not None]
        return min(found) if found else None
    # Still needs a stone: reach a Mountain site (any, stones or not, K-ROUND-3 ignores them), then a corner.
    d = distances(pos, start)
    best: int | None = None
    for m in geo.mountains:
        to_m = d[m]
        if to_m is None:
            continue
        dm = distances(pos, m)
        found = [n for c in homes if (n := dm[c]) is not None]
        if found:
            total = to_m + min(found)
            best = total if best is None else min(best, total)
    return best


def score_round(pos: Position, *, partial: bool = False) -> RoundScore:
    """Score the round ending in ``pos``; an unfinished round raises unless ``partial`` (K-SIM-1)."""
    if pos.phase != Phase.OVER and not partial:
        raise ScoringError("the round is not over: it cannot be scored (K-SIM-1: never silently score a cut-off round)")
    rules = pos.rules
    seats = rules.seats
    kind = rules.scoring
    score = RoundScore(kind, seats)
    pts: dict[str, dict[int, int]] = {name: {} for name in LINES}
    score.points = pts

    # Stones: the order of stone_order; in 2-player v2.0 the first runner to its second stone.
    firsts: list[int] = []
    seconds: list[int] = []
    count: dict[int, int] = {}
    for seat in pos.stone_order:
        count[seat] = count.get(seat, 0) + 1
        (firsts if count[seat] == 1 else seconds).append(seat)
    first_points, second_points, halfway_points = STONE_POINTS[kind]
    if kind == "2p-v2.0":
        if firsts:
            score.first_stone = firsts[0]
            pts[FIRST_STONE][firsts[0]] = first_points
        if seconds:
            score.second_stone = seconds[0]
            pts[SECOND_STONE][seconds[0]] = second_points
        if pos.halfway:
            score.halfway_home = pos.halfway[0]
            pts[HALFWAY_HOME][pos.halfway[0][0]] = halfway_points
    else:
        if len(firsts) >= 1:
            score.first_stone = firsts[0]
            pts[FIRST_STONE][firsts[0]] = first_points
        if len(firsts) >= 2 and second_points:
            score.second_stone = firsts[1]
            pts[SECOND_STONE][firsts[1]] = second_points

    # Tadaima by place; the natural bonus belongs to the Tadaima cell (scoresheet).
    for i, (seat, sq) in enumerate(pos.homes):
        natural = sq == START_SQUARE[OPPOSITE_SEAT[seat]]
        points = tadaima_points(kind, rules.players, i + 1, natural)
        score.tadaima.append(TadaimaEntry(seat, sq, i + 1, natural, points))
        if points:
            pts[TADAIMA][seat] = points

    # Unseen Path (2-player games only).
    if kind in TWO_PLAYER_SCORING and pos.homes:
        winner = pos.homes[0][0]
        opponent = next(s for s in seats if s != winner)
        if kind == "2p-v2.0" and pos.held[opponent] < 2:
            moves, bonus = None, 3
            score.unseen_path_why = "before the opponent's second stone"
        else:
            moves = moves_to_tadaima(pos, opponent)
            bonus = unseen_path_points(moves)
            score.unseen_path_why = ("the opponent could not get home any more" if moves is None
                                     else f"the opponent was {moves} moves from home")
        score.unseen_path = (winner, bonus, moves)
        if bonus:
            pts[UNSEEN_PATH][winner] = bonus

    # Preservation.
    score.resources = {s: preservation_count(pos, s) for s in seats}
    best = max(score.resources.values())
    leaders = tuple(s for s in seats if score.resources[s] == best)
    two_player = kind in TWO_PLAYER_SCORING
    if not (two_player and len(leaders) > 1):
        score.preservation = leaders
        for s in leaders:
            pts[PRESERVATION][s] = PRESERVATION_POINTS
    return score


def describe(score: RoundScore) -> list[str]:
    """One sentence per scoring event, for notebooks and text scoresheets."""
    out = []
    if score.first_stone is not None:
        out.append(f"{FIRST_STONE}: {seat_name(score.first_stone)} +{score.line(FIRST_STONE, score.first_stone)}")
    if score.halfway_home is not None:
        out.append(f"{HALFWAY_HOME}: {seat_name(score.halfway_home[0])} +2")
    if score.second_stone is not None:
        out.append(f"{SECOND_STONE}: {seat_name(score.second_stone)} +1")
    for t in score.tadaima:
        nat = " (natural)" if t.natural else ""
        out.append(f"{TADAIMA} #{t.place}: {seat_name(t.seat)} +{t.points}{nat}")
    return out + _round_end_words(score, seat_name)


def _round_end_words(score: RoundScore, who) -> list[str]:
    """The scoring lines only a finished round has: Unseen Path and Preservation."""
    out = []
    if score.unseen_path and score.unseen_path[1]:
        seat, bonus, moves = score.unseen_path
        why = score.unseen_path_why or ("before the opponent's second stone" if moves is None
                                        else f"the opponent was {moves} moves from home")
        out.append(f"{UNSEEN_PATH}: {who(seat)} +{bonus} ({why})")
    if score.preservation:
        names = ", ".join(who(s) for s in score.preservation)
        out.append(f"{PRESERVATION} (most resources left): {names} +{score.line(PRESERVATION, score.preservation[0])}")
    return out


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def events(before: Position, after: Position, who=seat_name, *, totals: bool = True) -> list[str]:
    """The scoring events one action made, in words, for the boards' announcements: a
    First or Second Stone, Halfway Home, a Tadaima with its place and natural bonus, and
    when the round ends its Unseen Path bonus, Preservation and (``totals``) every seat's points.
    ``who(seat)`` names a seat (a match board names the player sitting there).  Read from
    ``score_round`` on both positions, so the scoring rules stay in one place."""
    was, now = score_round(before, partial=True), score_round(after, partial=True)
    out = []
    if now.first_stone is not None and was.first_stone is None:
        out.append(f"{FIRST_STONE}! {who(now.first_stone)} +{now.line(FIRST_STONE, now.first_stone)}")
    if now.halfway_home is not None and was.halfway_home is None:
        seat, sq = now.halfway_home
        out.append(f"{HALFWAY_HOME}! {who(seat)} reaches {square_name(sq)}: +{now.line(HALFWAY_HOME, seat)}")
    if now.second_stone is not None and was.second_stone is None:
        out.append(f"{SECOND_STONE}! {who(now.second_stone)} +{now.line(SECOND_STONE, now.second_stone)}")
    for t in now.tadaima[len(was.tadaima):]:
        nat = ", a Natural Tadaima (the corner opposite its start, +1)" if t.natural else ""
        out.append(f"{TADAIMA}! {who(t.seat)} is home on {square_name(t.square)}, {ordinal(t.place)} place{nat}: +{t.points}")
    if after.phase == Phase.OVER and before.phase != Phase.OVER:
        final = score_round(after)
        out += _round_end_words(final, who)
        if totals:
            points = ", ".join(f"{who(s)} {final.total(s)}" for s in final.seats)
            out.append(f"Round over. Points this round: {points}.")
    return out
