"""One finished game, as the balance lab's rows: one per seat (``study.py`` collects them).

The columns every game has:

* ``round`` (the game's number in the study), ``seed`` (its setup and bots' seed),
  ``seat``, ``order`` (1 for the seat that decides first), ``bot``;
* ``scored`` (False when a bot failed or the round was cut off, K-SIM-1) and ``failure``;
* ``points`` (the seat's total; for Dakapo and Kaomi 1 for a win), ``place`` (1 is best;
  tied seats share the better place), ``win`` (1 for a sole winner, 1/k for each of k
  seats tied for first, else 0), ``reward`` (share of the other seats beaten, a tie half);
* ``actions`` (in the whole game), ``turns`` (the game's turns), ``decisions`` (the seat's
  decisions with a choice), ``branching`` (mean legal actions at the game's decisions with
  a choice), ``think_seconds``;
* Kabetopo adds one column per scoring line (``First Stone`` ... ``Preservation``, from
  ``score_round``), ``stones`` (held at the end), ``tadaima`` (its place, 0 for none),
  ``natural``, ``setup`` (the lines that held setup pieces, e.g. ``c3n:M d4e:M ...``),
  and one column per rule option (``speed_any_turn`` ...).
"""
from __future__ import annotations

from typing import Any

from ..bots.evaluation import evaluation_for
from ..bots.referee import GameRecord


def places(points: dict[str, float]) -> dict[str, int]:
    """Competition ranking: 1 + the number of seats with more points."""
    return {s: 1 + sum(q > p for q in points.values()) for s, p in points.items()}


def common_rows(record: GameRecord, index: int) -> list[dict[str, Any]]:
    state = record.state
    evaluation = evaluation_for(state)
    seats = evaluation.seats(state.position)
    order = _turn_order(state, seats)
    scored = record.scored
    points = _points(state, evaluation) if scored else {}
    place = places(points) if scored else {}
    rewards = record.rewards if scored else {}
    firsts = [s for s in seats if place.get(s) == 1]
    branching = sum(record.branching) / len(record.branching) if record.branching else 0.0
    rows = []
    for seat in seats:
        rows.append({
            "round": index, "seed": record.seed, "seat": seat, "order": order[seat],
            "bot": record.bots.get(seat, ""), "scored": scored, "failure": record.failure or "",
            "points": points.get(seat, 0), "place": place.get(seat, 0),
            "win": (1.0 / len(firsts) if seat in firsts else 0.0),
            "reward": rewards.get(seat, 0.0) if rewards else 0.0,
            "actions": record.actions, "turns": _turns(state, record),
            "decisions": record.decisions.get(seat, 0), "branching": branching,
            "think_seconds": record.seconds.get(seat, 0.0),
        })
    return rows


def _points(state, evaluation) -> dict[str, float]:
    if state.game_name == "kabetopo":
        return evaluation.points(state.position)
    return evaluation.rewards(state.position)  # 1 a win, 0.5 a tie, 0 a loss


def _turn_order(state, seats) -> dict[str, int]:
    if state.game_name == "kabetopo":
        return {s: i + 1 for i, s in enumerate(seats)}  # East, South, West, North (K-TURN-5)
    first = state.engine.decision(state.initial_position).seat
    return {s: 1 if s == first else 2 for s in seats}


def _turns(state, record: GameRecord) -> int:
    if state.game_name == "kabetopo":
        return state.position.turns_played
    return record.actions


def kabetopo_rows(record: GameRecord, index: int, start) -> list[dict[str, Any]]:
    """``common_rows`` with Kabetopo's scoring lines, stones, Tadaima, setup and options."""
    from ..kabetopo.geometry import LINES, line_name
    from ..kabetopo.position import KIND, Piece
    from ..kabetopo.rules import OPTION_RULINGS, parse_seat
    from ..kabetopo.scoring import LINES as SCORING_LINES
    from ..kabetopo.scoring import score_round

    rows = common_rows(record, index)
    pos = record.state.position
    letters = {Piece.WALL: "W", Piece.MONOLITH: "M", Piece.PORTAL: "P"}
    setup = " ".join(f"{line_name(ln)}:{letters[start.lines[ln] & KIND]}" for ln in LINES
                     if start.lines[ln] & KIND in letters)
    score = score_round(pos) if record.scored else None
    for row in rows:
        s = parse_seat(row["seat"])
        for line in SCORING_LINES:
            row[line] = score.line(line, s) if score else 0
        row["stones"] = pos.held[s]
        entry = next((t for t in score.tadaima if t.seat == s), None) if score else None
        row["tadaima"] = entry.place if entry else 0
        row["natural"] = bool(entry and entry.natural)
        row["setup"] = setup
        for option in OPTION_RULINGS:
            row[option] = bool(getattr(pos.rules, option))
    return rows


def match_rows(record, index: int) -> list[dict[str, Any]]:
    """One row per *player* of a Kabetopo match: its seat in round 1 (``seat``, ``order``),
    its bot, the match total (``points``) and each scoring line's total over the rounds,
    the place and the step that decided it (``decided_by``: "total", a tiebreaker step, or
    "drawn", from ``Match.standings``), and the match's length."""
    from ..kabetopo.rules import seat_name
    from ..kabetopo.scoring import LINES as SCORING_LINES

    match = record.match
    scored = record.scored
    standing = {p: s for s in (match.standings() if scored else []) for p in s.players}
    firsts = match.standings()[0].players if scored else ()  # the first place, shared when drawn
    branching = sum(record.branching) / len(record.branching) if record.branching else 0.0
    turns = sum(s.position.turns_played for s in match.states)
    rows = []
    for k, player in enumerate(match.players):
        row = {
            "round": index, "seed": record.seed, "seat": seat_name(match.seat_of(player, 0)), "order": k + 1,
            "player": player, "bot": record.bots.get(player, ""), "scored": scored, "failure": record.failure or "",
            "points": match.total(player) if scored else 0,
            "place": standing[player].place if scored else 0,
            "win": 1.0 / len(firsts) if player in firsts else 0.0,
            "decided_by": standing[player].decided_by if scored else "",
            "rounds": len(match.scores), "actions": record.actions, "turns": turns,
            "decisions": record.decisions.get(player, 0), "branching": branching,
            "think_seconds": record.seconds.get(player, 0.0),
        }
        for line in SCORING_LINES:
            row[line] = sum(match.line_points(player, r, line) for r in range(len(match.scores))) if scored else 0
        rows.append(row)
    return rows
