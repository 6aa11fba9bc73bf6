"""The scoresheet, laid out as the rulebooks' "How to keep score" appendix describes.

One column per player, one row per scoring event, a round score / running total row, and
a rule between rounds.  Tadaima numbers are circled with the place as a superscript, a
Natural Tadaima is underlined, and the 2-player Unseen Path bonus is written "+X" beside
the Tadaima.  ``scoresheet_rows`` gives the rows of every round (``live_rows`` the round being played),
``scoresheet_text`` plain text (circled digits, superscripts, and ``_x_`` for underlining);
the HTML table is drawn by ``kabetopo_nb.render.kabetopo_scoresheet``.  A round played
under rules of its own is marked beside its number (``round_note``): "Round 1: teaching
round, no drops (KNB-15)".
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Kind
from .geometry import square_name
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

CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨"
SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹"
DASH = "–"


@dataclass(frozen=True)
class Cell:
    """One scoresheet cell: a number (or a dash) and how it is marked."""

    points: int | None = None  # None: a dash
    circled: bool = False
    place: int | None = None  # superscript
    underlined: bool = False
    extra: str = ""  # "+2" Unseen Path, or a Halfway Home square
    total: tuple[int, int] | None = None  # (round score, running total)

    def text(self) -> str:
        if self.total is not None:
            return f"{self.total[0]} / {self.total[1]}"
        if self.points is None:
            return DASH + (f" {self.extra}" if self.extra else "")
        t = CIRCLED[self.points] if self.circled and 0 <= self.points < 10 else str(self.points)
        if self.place is not None:
            t += SUPERSCRIPT[self.place]
        if self.underlined:
            t = f"_{t}_"
        return t + (f" {self.extra}" if self.extra else "")



def _rows_for(match, r: int, live: RoundScore | None = None) -> list[tuple[str, list[Cell]]]:
    """The rows of round ``r``: its scoring events, Preservation and the totals; for the
    round being played (``live``, a partial score) only the events so far."""
    score = match.scores[r] if live is None else live
    kind = match.rules.scoring
    players = match.players
    seat = {p: match.seat_of(p, r) for p in players}

    def simple(line: str) -> list[Cell]:
        return [Cell(score.line(line, seat[p]) or None) for p in players]

    tadaima = {t.seat: t for t in score.tadaima}

    def tadaima_cells(with_unseen: bool) -> list[Cell]:
        cells = []
        for p in players:
            t = tadaima.get(seat[p])
            if t is None or not t.points:
                cells.append(Cell(None))
                continue
            extra = ""
            if with_unseen:
                bonus = score.line(UNSEEN_PATH, seat[p])
                extra = f"+{bonus}" if bonus else ""
            cells.append(Cell(t.points, circled=True, place=None if with_unseen else t.place,
                              underlined=t.natural, extra=extra))
        return cells

    rows: list[tuple[str, list[Cell]]] = []
    if kind == "2p-v2.0":
        rows.append((FIRST_STONE, simple(FIRST_STONE)))
        hh = []
        for p in players:
            corner = next((sq for s, sq in match.states[r].position.halfway if s == seat[p]), None)
            where = square_name(corner) if corner is not None else ""
            if score.line(HALFWAY_HOME, seat[p]):
                hh.append(Cell(2, circled=True, extra=where))
            else:
                hh.append(Cell(None, extra=where))
        rows.append((HALFWAY_HOME, hh))
        rows.append((SECOND_STONE, simple(SECOND_STONE)))
        rows.append((TADAIMA, tadaima_cells(True)))
    elif kind == "2p-interim":
        rows.append((FIRST_STONE, simple(FIRST_STONE)))
        rows.append((TADAIMA, tadaima_cells(True)))
    else:
        rows.append(("Stones", [Cell(score.line(FIRST_STONE, seat[p]) + score.line(SECOND_STONE, seat[p]) or None)
                                for p in players]))
        rows.append((TADAIMA, tadaima_cells(False)))
    if live is not None:
        return rows
    rows.append((PRESERVATION, simple(PRESERVATION)))
    running = {p: sum(match.round_total(p, k) for k in range(r + 1)) for p in players}
    rows.append(("Round / total", [Cell(total=(match.round_total(p, r), running[p])) for p in players]))
    return rows


def round_note(match, r: int) -> str:
    """What sets round ``r`` (0-based) apart on the sheet, or '': a teaching variant
    (``Match.teaching_note``), or a match played without drops throughout (KNB-15)."""
    note = match.teaching_note(r)
    if note:
        return note
    return "no drops (KNB-15)" if match.round_rules(r).no_drops else ""


def round_title(match, r: int, suffix: str = "") -> str:
    """A round's heading on the sheet: "Round 1", then ``suffix``, then its note."""
    note = round_note(match, r)
    return f"Round {r + 1}{suffix}" + (f": {note}" if note else "")


def scoresheet_rows(match) -> list[list[tuple[str, list[Cell]]]]:
    """Rows per scored round: (label, one Cell per player)."""
    return [_rows_for(match, r) for r in range(len(match.scores))]


def live_rows(match) -> list[tuple[str, list[Cell]]] | None:
    """The scoring events so far of the round being played (None between rounds and
    before its first move): ``score_round`` on the position, read as a partial score."""
    r = len(match.states) - 1
    if r < len(match.scores) or r < 0:
        return None
    state = match.states[r]
    # the setup's rolls open a round: a move was made when the last action is not a roll
    # (asked of the last action only, so a long round costs no more to draw)
    if not state.ply or state.actions(state.ply - 1)[0].kind == Kind.ROLL:
        return None
    return _rows_for(match, r, score_round(state.position, partial=True))


def scoresheet_text(match) -> str:
    players = match.players
    rounds = scoresheet_rows(match)
    label_w = max([len("Round / total")] + [len(label) for rows in rounds for label, _ in rows])
    widths = [max([len(p)] + [len(c.text()) for rows in rounds for _, cells in rows for c in [cells[i]]])
              for i, p in enumerate(players)]
    head = " " * (label_w + 4) + "  ".join(p.center(w) for p, w in zip(players, widths, strict=False))
    rule = "-" * len(head)
    lines = [f"{match.rules.name}: {len(match.scores)} of {match.rounds} rounds scored", head, rule]
    for r, rows in enumerate(rounds):
        lines.append(round_title(match, r))
        for label, cells in rows:
            lines.append(f"  {label.ljust(label_w)}  " + "  ".join(c.text().center(w) for c, w in zip(cells, widths, strict=False)))
        lines.append(rule)
    if match.is_over():
        for st in match.standings():
            names = ", ".join(st.players)
            lines.append(f"{st.place}. {names}: {st.total} ({st.decided_by})")
    return "\n".join(lines)
