"""Handouts a workshop can print, generated from the engine's own data (issue 25, item 18).

Every page is a self-contained HTML file with print styles (``@page``) for one paper size,
``"a4"`` or ``"letter"``, black on white, each summary, card and blank sheet sized to one
sheet:

* ``ruleset_summary(rules)``: one page per Kabetopo ruleset: the match, the pieces, a turn,
  the special moves, what each scoring line is worth, the tiebreakers in order and the
  options.  Pools, stones, rounds and seats come from the ``Rules`` object; the points from
  scoring stand-in rounds with the engine's own ``score_round`` (``scoring_table``); the
  tiebreakers from the match's chain (``kabetopo.match.TIEBREAKERS``); the rule texts from
  the rule reference (``kabetopo_nb.reference``), each cited by its ruling ID.
  ``game_summary("dakapo")`` and ``game_summary("kaomi")`` do the same for the other games.
* ``controls_card()``: the board's mouse, button and keyboard controls, from ``CONTROLS``
  (the one list of them in Python; a test checks every key it names against the board's
  key handler in ``widgets/board.js``, and every button against the play layer).
* ``blank_scoresheet(rules)``: the scoresheet's rows for every round of the ruleset's
  longest match, as ``kabetopo.scoresheet`` lays them out, with empty cells to write in.
* ``filled_scoresheet(match)``: a match's scoresheet as the notebooks draw it
  (``render.kabetopo_scoresheet``), with its final ranking; as many pages as it needs.

``write_handouts(folder, paper="both")`` writes them all, with an ``index.html`` linking
them; from a shell::

    python3 -m kabetopo_nb.handouts OUTDIR [--paper a4|letter|both] [--match SAVE.json ...]

Without ``--match`` (or ``matches=``) the filled sheets are of example matches played by
the seeded greedy bot (``example_matches``).
"""
from __future__ import annotations

import argparse
import html
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .bots import make_bot, play_match
from .core.verdict import RulesOptionError, SettingError
from .dakapo import rules as dk
from .kabetopo.geometry import MOUNTAIN, SUMMIT, square_name
from .kabetopo.match import TIEBREAKERS, Match
from .kabetopo.position import Phase, Position, preservation_count
from .kabetopo.rules import (
    OPPOSITE_SEAT,
    OPTION_RULINGS,
    POOL_NAMES,
    RULESETS,
    SPEED,
    START_SQUARE,
    Rules,
    seat_name,
)
from .kabetopo.scoresheet import round_title, scoresheet_rows
from .kabetopo.scoring import (
    FIRST_STONE,
    HALFWAY_HOME,
    PRESERVATION,
    SECOND_STONE,
    TADAIMA,
    UNSEEN_PATH,
    ordinal,
    score_round,
    unseen_path_points,
)
from .kaomi import rules as km
from .reference import ruling, rulings, topics
from .render.kabetopo_scoresheet import CSS as SCORESHEET_CSS
from .render.kabetopo_scoresheet import scoresheet_html

__all__ = ["PAPERS", "CONTROLS", "Paper", "Control", "ScoringTable", "scoring_table", "ruleset_summary",
           "game_summary", "controls_card", "blank_scoresheet", "filled_scoresheet", "EXAMPLES", "example_matches",
           "handouts", "write_handouts", "read_match", "main"]


# --- paper --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Paper:
    """A sheet of paper and the margin every handout keeps on it (millimetres)."""

    name: str  # "a4", "letter": the argument and the folder name
    css_size: str  # what @page's size says
    title: str
    width_mm: float
    height_mm: float
    margin_mm: float = 10.0

    @property
    def printable_mm(self) -> tuple[float, float]:
        """Width and height of the area inside the margins."""
        return self.width_mm - 2 * self.margin_mm, self.height_mm - 2 * self.margin_mm


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "letter", "US Letter", 215.9, 279.4),
}


def _paper(paper: str | Paper) -> Paper:
    if isinstance(paper, Paper):
        return paper
    if paper not in PAPERS:
        raise SettingError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    return PAPERS[paper]


# Black on white (contrast 21:1); the greys used for rules and shading keep text at black.
PAGE_CSS = """
*, *::before, *::after { box-sizing: border-box; }
html { background: #fff; color: #000; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Liberation Sans", "DejaVu Sans", Arial, Helvetica, sans-serif;
  font-size: 8.4pt; line-height: 1.25; }
h1 { font-size: 15pt; margin: 0; line-height: 1.15; }
h2 { font-size: 10pt; margin: 2.2mm 0 0.8mm; padding-bottom: 0.3mm; border-bottom: 1.2pt solid #000; }
h2:first-child { margin-top: 0; }
p { margin: 0 0 1mm; }
ul, ol { margin: 0 0 1mm; padding-left: 4.5mm; }
li { margin: 0 0 0.6mm; }
code, .kb-id { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 0.9em; }
.kb-id { font-weight: bold; white-space: nowrap; }
header.kb-head { border-bottom: 2pt solid #000; padding-bottom: 1.2mm; margin-bottom: 2mm; }
header.kb-head p { margin: 0.8mm 0 0; }
.kb-cols { columns: 2; column-gap: 6mm; }
.kb-cols h2 { break-after: avoid; }
.kb-cols table, .kb-cols li, .kb-cols .kb-rule, .kb-cols p { break-inside: avoid; }
table.kb-data { border-collapse: collapse; width: 100%; margin: 0 0 1mm; }
table.kb-data th, table.kb-data td { border: 0.75pt solid #000; padding: 0.6mm 1.2mm; text-align: left;
  vertical-align: top; }
table.kb-data thead th { background: #ececec; }
table.kb-data td.kb-n, table.kb-data th.kb-n { text-align: center; }
dl.kb-rules { margin: 0; }
dl.kb-rules dt { font-weight: bold; margin-top: 0.8mm; }
dl.kb-rules dd { margin: 0 0 0 3mm; }
footer.kb-foot { margin-top: 2mm; padding-top: 0.8mm; border-top: 0.75pt solid #000; font-size: 7.4pt; }
"""


def _page(title: str, heading: str, subtitle: str, body: str, paper: Paper, *, extra_css: str = "",
          kind: str = "") -> str:
    """A whole printable page: @page for ``paper``, on screen the same width as in print."""
    width, _ = paper.printable_mm
    css = (f"@page {{ size: {paper.css_size}; margin: {paper.margin_mm:g}mm; }}\n"
           f"@media screen {{ body {{ width: {width:g}mm; margin: 8mm auto; }} }}\n" + PAGE_CSS + extra_css)
    foot = (f"Generated by kabetopo-nb from its engine (<code>python3 -m kabetopo_nb.handouts</code>), "
            f"for {html.escape(paper.title)} paper. A ruling ID such as <span class=\"kb-id\">K-TURN-1</span> "
            f"is explained in notebook 19, the rule reference, or by <code>ruling(\"K-TURN-1\")</code>.")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}</title>\n"
            f'<meta name="kb-handout" content="{html.escape(kind)}">\n'
            f"<style>{css}</style>\n</head>\n"
            f'<body class="kb-handout kb-paper-{paper.name}">\n'
            f'<header class="kb-head"><h1>{html.escape(heading)}</h1><p>{subtitle}</p></header>\n'
            f"<main>\n{body}\n</main>\n"
            f'<footer class="kb-foot">{foot}</footer>\n</body>\n</html>\n')


# --- rule texts from the reference ----------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
SHORTEST_GIST = 80  # characters: a shorter first sentence is followed by the next
LONGEST_GIST = 320  # characters: a longer gist is left out, the title and ID stand alone


def gist(ruling_id: str) -> str:
    """The opening of a ruling's entry in the rule reference: its first sentence, or two
    when the first is short ('' when that is too long for a one-page summary)."""
    sentences = _SENTENCE_END.split(ruling(ruling_id).text)
    text = sentences[0]
    if len(text) < SHORTEST_GIST and len(sentences) > 1:
        text += " " + sentences[1]
    return text if len(text) <= LONGEST_GIST else ""


def _cite(*ids: str) -> str:
    return ", ".join(f'<span class="kb-id">{html.escape(i)}</span>' for i in ids)


def _rule_list(ids: Iterable[str], *, full: bool = False) -> str:
    """Rulings as a definition list: ID and title, then the gist of the entry (``full``: all of it)."""
    out = ['<dl class="kb-rules">']
    for rid in ids:
        entry = ruling(rid)
        text = entry.text if full else gist(rid)
        out.append(f'<div class="kb-rule"><dt>{_cite(rid)} {html.escape(entry.title)}</dt>'
                   + (f"<dd>{html.escape(text)}</dd>" if text else "") + "</div>")
    out.append("</dl>")
    return "\n".join(out)


# --- what each scoring line is worth, read from the engine ----------------------------------

@dataclass(frozen=True)
class ScoringTable:
    """The points of one ruleset's scoring, as ``score_round`` gives them to stand-in rounds.

    ``second_stone_rule``: "second runner" (the second runner to take a stone) or "second
    stone" (the first runner to take its second stone); ``tadaima``: points by place (1st
    first); ``natural``: the Natural Tadaima bonus by place; ``unseen_path``: ((lowest moves,
    highest moves or None for "and more"), points) rows, empty without the bonus;
    ``unseen_short``: the bonus when the opponent is still short of a stone (None: measured);
    ``preservation_counts``: what the count of resources includes; ``preservation_tie``:
    whether tied leaders all score.
    """

    first_stone: int
    second_stone: int
    second_stone_rule: str
    halfway_home: int
    tadaima: tuple[int, ...]
    natural: tuple[int, ...]
    unseen_path: tuple[tuple[tuple[int, int | None], int], ...]
    unseen_short: int | None
    preservation: int
    preservation_tie: bool
    preservation_counts: tuple[str, ...]
    last_place_option: int | None  # 3 players, play_to_last_tadaima: what the last Tadaima scores


def _over(rules: Rules) -> Position:
    """A stand-in round of ``rules`` that is over with nothing scored yet."""
    pos = Position(rules)
    pos.phase = Phase.OVER
    return pos


def _corner(seat: int, natural: bool) -> int:
    """A corner where ``seat``'s runner declares Tadaima: the natural one, or another."""
    if natural:
        return START_SQUARE[OPPOSITE_SEAT[seat]]
    return next(c for c in START_SQUARE if c not in (START_SQUARE[seat], START_SQUARE[OPPOSITE_SEAT[seat]]))


def _place_points(rules: Rules, natural: bool) -> tuple[int, ...]:
    pos = _over(rules)
    seats = rules.seats
    pos.held = [rules.stones_needed] * 4
    pos.homes = [(s, _corner(s, natural)) for s in seats[: rules.tadaimas_to_end]]
    return tuple(t.points for t in score_round(pos).tadaima)


def scoring_table(rules: Rules | str) -> ScoringTable:
    """What each scoring line of ``rules`` is worth, found by scoring stand-in rounds with the
    engine's ``score_round`` (so a change to the scoring shows on the handout at once)."""
    rules = Rules.named(rules) if isinstance(rules, str) else rules
    seats = rules.seats

    # stones: every runner takes all the stones it needs, in seat order
    pos = _over(rules)
    pos.stone_order = list(seats) * rules.stones_needed
    pos.held = [rules.stones_needed] * 4
    if rules.halfway_home:
        pos.halfway = [(seats[0], _corner(seats[0], False))]
    stones = score_round(pos)
    first = stones.line(FIRST_STONE, stones.first_stone) if stones.first_stone is not None else 0
    second = stones.line(SECOND_STONE, stones.second_stone) if stones.second_stone is not None else 0
    rule = "second stone" if stones.second_stone == seats[0] else "second runner"
    halfway = stones.line(HALFWAY_HOME, seats[0]) if rules.halfway_home else 0

    plain, naturals = _place_points(rules, False), _place_points(rules, True)
    natural = tuple(n - p for n, p in zip(naturals, plain, strict=True))

    # Unseen Path: a Tadaima with the opponent at its start; then one still short of a stone
    pos = _over(rules)
    pos.held = [rules.stones_needed] * 4
    pos.homes = [(seats[0], _corner(seats[0], False))]
    unseen: tuple[tuple[tuple[int, int | None], int], ...] = ()
    short: int | None = None
    if score_round(pos).unseen_path is not None:
        unseen = _bands()
        pos.held[seats[1]] = rules.stones_needed - 1
        found = score_round(pos).unseen_path
        if found is not None and found[2] is None:  # not measured: the rule gives it outright
            short = found[1]

    # Preservation: the leader's point, whether a tie shares it, what the count includes
    pos = _over(rules)
    tie = score_round(pos)  # every pool dealt alike: all tied
    pos.pools[seats[0]][0] += 1
    lead = score_round(pos)
    counts = []
    probe = _over(rules)
    probe.pools = [[0] * 5 for _ in range(4)]
    dealt = [max(a, b) for a, b in zip(rules.pool, rules.later_pool or rules.pool, strict=True)]
    for slot, name in enumerate(POOL_NAMES):
        if not dealt[slot]:
            continue  # a piece the ruleset never deals (v3.0's speed token)
        probe.pools[seats[0]][slot] = 1
        if preservation_count(probe, seats[0]) == 1:
            counts.append(name)
        probe.pools[seats[0]][slot] = 0
    probe.held[seats[0]] = 1
    if preservation_count(probe, seats[0]) == 1:
        counts.append("stones carried")

    last = None
    if rules.players == 3:
        option = rules.with_options(play_to_last_tadaima=True)
        last = _place_points(option, False)[-1]
    return ScoringTable(
        first_stone=first, second_stone=second, second_stone_rule=rule, halfway_home=halfway,
        tadaima=plain, natural=natural, unseen_path=unseen, unseen_short=short,
        preservation=lead.line(PRESERVATION, seats[0]),
        preservation_tie=bool(tie.preservation), preservation_counts=tuple(counts), last_place_option=last,
    )


def _bands(most: int = 12) -> tuple[tuple[tuple[int, int | None], int], ...]:
    """``unseen_path_points`` as bands of moves with equal points, the last open-ended."""
    bands: list[list] = []
    for moves in range(most + 1):
        points = unseen_path_points(moves)
        if bands and bands[-1][1] == points:
            bands[-1][0][1] = moves
        else:
            bands.append([[moves, moves], points])
    bands[-1][0][1] = None
    return tuple(((lo, hi), pts) for (lo, hi), pts in bands if pts)


# --- the ruleset summaries ------------------------------------------------------------------

# The rulebook each scoring table follows (the engine names its tables after them).
RULEBOOKS = {
    "v4.0": "Kabetopo Rules v4.0",
    "v3.0": "Kabetopo Multiplayer Rules v3.0",
    "2p-v2.0": "Kabetopo 2-Player Rules v2.0",
    "2p-interim": "Kabetopo Rules v4.0, its interim 2-player section",
}

# Each step of the tiebreaker chains (``TIEBREAKERS``) in a few words of our own.
TIEBREAK_WORDS = {
    "single round scores": "the higher best round; if equal, the higher second-best round, and so on",
    "Tadaima points": "more Tadaima points over the match",
    "1st place Tadaimas": "more Tadaimas in first place",
    "1st, then 2nd, then 3rd place Tadaimas": "more first places; if equal, more second places, then third",
    "Natural Tadaimas": "more Natural Tadaimas",
    "Stone points": "more points from First and Second Stones",
    "First Stones": "more First Stones",
    "Second Stones": "more Second Stones",
    "Preservation points": "more Preservation points",
    "resources after the final round": "more resources left when the last round ends",
    "Tadaima plus Halfway Home points": "more Tadaima and Halfway Home points together",
    "Unseen Path points": "more Unseen Path points",
}


def tiebreak_steps(rules: Rules) -> list[str]:
    """The match ranking's steps in the engine's order: the total, then the ruleset's chain."""
    return ["total"] + [name for name, _ in TIEBREAKERS[rules.tiebreakers]]


def _site_name(square: int) -> str:
    return {MOUNTAIN: "the Mountain", SUMMIT: "the Summit"}.get(square, "a Mountain site")


def _options(rules: Rules) -> list[str]:
    """The options this ruleset can switch on (``Rules.with_options`` accepts them)."""
    out = []
    for option in OPTION_RULINGS:
        try:
            rules.with_options(**{option: True})
        except RulesOptionError:
            continue
        out.append(option)
    return out


def _pool_table(rules: Rules) -> str:
    head = "".join(f'<th class="kb-n" scope="col">{html.escape(n)}</th>' for n in POOL_NAMES)
    rows = [("each player, every round" if rules.later_pool is None else "each player", rules.pool)]
    if rules.later_pool is not None:
        rows.append(("from round 2, with later_round_pools (K-SET-3)", rules.later_pool))
    body = "".join(f'<tr><th scope="row">{html.escape(label)}</th>'
                   + "".join(f'<td class="kb-n">{n}</td>' for n in pool) + "</tr>" for label, pool in rows)
    return (f'<table class="kb-data kb-pools"><thead><tr><th scope="col">pool</th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _words(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _match_facts(rules: Rules) -> str:
    seats = [seat_name(s) for s in rules.seats]
    others = [n for n in rules.round_choices if n != rules.rounds]
    length = f"{rules.rounds} rounds" + (f" ({' or '.join(map(str, others))} if agreed before the start)"
                                         if others else "")
    longest = max(rules.round_choices)
    rerolled = [r for r in range(2, longest + 1)
                if rules.rerandomise_every and (r - 1) % rules.rerandomise_every == 0]
    turn = ("the players swap runners" if rules.players == 2
            else "each player takes the next runner clockwise")
    setup = (f"the setup pieces are rolled again before round {_words([str(r) for r in rerolled])}"
             if rerolled else "the setup pieces stay for the whole match")
    sites = ", ".join(f"{_site_name(sq)} ({square_name(sq)}) {n} stones"
                      for sq, n in zip(rules.geometry.mountains, rules.stones, strict=True))
    if rules.halfway_home:
        goal = ("a stone, then any corner (Halfway Home), then a second stone, then home to a corner "
                "other than its start (Tadaima)")
    else:
        need = "a stone" if rules.stones_needed == 1 else f"{rules.stones_needed} stones"
        goal = f"{need} from a Mountain site, then home to a corner other than its start (Tadaima)"
    items = [
        f"<li><b>Players:</b> {rules.players}, turns in the order {', '.join(seats)} ({_cite('K-TURN-5')}).</li>",
        f"<li><b>A match:</b> {length}; between rounds the board turns {rules.turn_degrees}°: {turn}, and "
        f"{setup} ({_cite('K-MATCH-1')}{', ' + _cite('K-MATCH-2') if others and rules.halfway_home else ''}).</li>",
        f"<li><b>Each runner's race:</b> {goal} ({_cite('K-MTN-4', 'K-ROUND-1')}).</li>",
        f"<li><b>A round ends</b> at the {ordinal(rules.tadaimas_to_end)} Tadaima ({_cite('K-ROUND-2')}).</li>",
        f"<li><b>Stones:</b> {sites}.</li>",
        f"<li><b>Setup:</b> {rules.setup_monoliths} monoliths and {rules.setup_portals} portals rolled onto "
        f"2x2 fields with a d12 ({_cite('K-SETUP-1', 'K-SETUP-2')}).</li>",
    ]
    return "<ul>" + "".join(items) + "</ul>"


def _scoring(rules: Rules) -> str:
    table = scoring_table(rules)
    rows: list[tuple[str, str, str]] = []
    if table.first_stone:
        rows.append((FIRST_STONE, str(table.first_stone), "the first runner to take a stone"))
    if table.halfway_home:
        rows.append((HALFWAY_HOME, str(table.halfway_home), "the first runner to reach a corner with one stone"))
    if table.second_stone:
        who = ("the first runner to take its second stone" if table.second_stone_rule == "second stone"
               else "the second runner to take a stone")
        rows.append((SECOND_STONE, str(table.second_stone), who))
    places = ", ".join(f"{ordinal(i + 1)} {p}" for i, p in enumerate(table.tadaima))
    bonus = sorted(set(b for b in table.natural if b))
    nat = f"; a Natural Tadaima (the corner opposite the start) +{'/'.join(map(str, bonus))}" if bonus else ""
    rows.append((TADAIMA, places, f"by place{nat}"))
    if table.unseen_path:
        bands = "; ".join(f"{lo}{'+' if hi is None else '' if hi == lo else f'-{hi}'} moves: {pts}"
                          for (lo, hi), pts in table.unseen_path)
        short = (f"; {table.unseen_short} if the opponent still lacks a stone" if table.unseen_short is not None
                 else "")
        rows.append((UNSEEN_PATH, bands, f"to the Tadaima, by the opponent's distance from home{short} "
                                         f"({_cite('K-ROUND-3', 'KNB-10')})"))
    tie = "tied leaders all score" if table.preservation_tie else "a tie scores nothing"
    rows.append((PRESERVATION, str(table.preservation),
                 f"most resources left ({_words(list(table.preservation_counts))}); {tie}"))
    body = "".join(f'<tr><th scope="row">{html.escape(line)}</th><td class="kb-n">{html.escape(points)}</td>'
                   f"<td>{words}</td></tr>" for line, points, words in rows)
    out = ('<table class="kb-data kb-scoring"><colgroup><col style="width: 24%"><col style="width: 22%"><col>'
           '</colgroup><thead><tr><th scope="col">line</th><th scope="col" class="kb-n">points</th>'
           f'<th scope="col">who scores</th></tr></thead><tbody>{body}</tbody></table>')
    if table.last_place_option is not None:
        out += (f"<p>Option play_to_last_tadaima: the last Tadaima scores {table.last_place_option} "
                f"({_cite('K-ROUND-2', 'KNB-9')}).</p>")
    return out


def _tiebreakers(rules: Rules) -> str:
    steps = tiebreak_steps(rules)
    items = ["<li><b>total</b>: more points over the whole match</li>"]
    for step in steps[1:]:
        words = TIEBREAK_WORDS.get(step)
        items.append(f"<li><b>{html.escape(step)}</b>" + (f": {html.escape(words)}" if words else "") + "</li>")
    return (f'<ol class="kb-tiebreakers">{"".join(items)}</ol>'
            f"<p>Still level after every step: those players share the place, and a shared first place "
            f"is a drawn match. The ruleset decides the chain ({_cite('K-SET-1')}).</p>")


# What each option of ``OPTION_RULINGS`` switches, in a few words (its ruling says more).
OPTION_WORDS = {
    "leap_into_portal": "a leapfrog may carry on into a portal",
    "speed_any_turn": "the speed token on any turn",
    "king_of_the_mountain": "no bump on the turn right after a bump",
    "play_to_last_tadaima": "play on to the last Tadaima",
    "mischief": "players who are home keep dropping pieces (KNB-8)",
    "later_round_pools": "the larger pools from round 2 on",
    "no_drops": "a round without drops, for teaching",
}


def _option_list(rules: Rules) -> str:
    items = []
    for option in _options(rules):
        rid = OPTION_RULINGS[option]
        words = OPTION_WORDS.get(option, ruling(rid).title)
        items.append(f"<li><code>{option}</code>: {html.escape(words)} ({_cite(rid)})</li>")
    return "<ul>" + "".join(items) + "</ul>"


def turn_rulings(rules: Rules) -> list[str]:
    """The rulings a summary gives for a turn of ``rules``."""
    ids = ["K-TURN-1", "K-TURN-7", "K-TURN-2"]
    if any(p[SPEED] for p in (rules.pool, rules.later_pool or rules.pool)):
        ids.append("K-TURN-3")
    return ids + ["K-TURN-4", "K-INV-1"]


SPECIAL_MOVES = ("K-PORT-2", "K-LEAP-1", "K-LEAP-2", "K-DOOR-1", "K-DOOR-2", "K-MTN-2", "K-MTN-3")


def ruleset_summary(rules: Rules | str, paper: str | Paper = "a4") -> str:
    """One page on a Kabetopo ruleset, from its ``Rules``, the engine's scoring and
    tiebreakers, and the rule reference."""
    rules = Rules.named(rules) if isinstance(rules, str) else rules
    sheet = _paper(paper)
    book = RULEBOOKS.get(rules.scoring, rules.scoring)
    subtitle = (f"{html.escape(book)}, {rules.players} players, as this project reads it "
                f"({_cite('K-SET-1')}). Every number on this page is read from the engine.")
    body = (f'<div class="kb-cols">'
            f'<section class="kb-match"><h2>The match</h2>{_match_facts(rules)}</section>'
            f'<section class="kb-pools"><h2>Pools</h2>{_pool_table(rules)}</section>'
            f'<section class="kb-turn"><h2>A turn</h2>{_rule_list(turn_rulings(rules))}</section>'
            f'<section class="kb-moves"><h2>Special moves</h2>{_rule_list(SPECIAL_MOVES)}</section>'
            f'<section class="kb-scoring"><h2>Scoring, each round</h2>{_scoring(rules)}</section>'
            f'<section class="kb-tiebreak"><h2>Tiebreakers, in order</h2>{_tiebreakers(rules)}</section>'
            f'<section class="kb-options"><h2>Options</h2>{_option_list(rules)}</section></div>')
    return _page(f"Kabetopo {rules.describe()}: summary", f"Kabetopo · {rules.describe()}", subtitle, body,
                 sheet, kind="summary")


def game_summary(game: str, paper: str | Paper = "a4") -> str:
    """One page on Dakapo or Kaomi: its rules object's numbers and its rule reference entries."""
    sheet = _paper(paper)
    if game == "dakapo":
        d = dk.DakapoRules()
        facts = [
            f"<li><b>Players:</b> {_words(list(dk.PLAYERS))}.</li>",
            f"<li><b>Board:</b> {d.size}x{d.size} ({_cite('D-1')}); other even sizes from {dk.MIN_SIZE} to "
            f"{dk.MAX_SIZE} ({_cite('D-SIZE-1')}).</li>",
            f"<li><b>Stones:</b> {d.stones_per_colour} of each colour ({_words(list(dk.COLOURS))}), "
            f"the setup stone included ({_cite('D-2')}).</li>",
            f"<li><b>Option:</b> <code>tabletop</code>: a square must be claimed ({_cite('D-3', 'D-CLAIM-1')}).</li>",
        ]
        title, book = "Dakapo", "the nestorgames Dakapo rulebook"
    elif game == "kaomi":
        k = km.KaomiRules()
        facts = [
            "<li><b>Players:</b> Black and White; Black places first.</li>",
            f"<li><b>Board:</b> {k.size}x{k.size}; any size from {km.MIN_SIZE} to {km.MAX_SIZE} "
            f"({_cite('M-6')}).</li>",
            f"<li><b>Rulesets:</b> <code>{km.STANDARD}</code> with the pie rule; <code>{km.SQUARED}</code> "
            f"scored by squared group sizes, with a komi for White: an even number from 0 to {km.MAX_KOMI:,} "
            f"({_cite('M-5', 'KM-5', 'M-8')}).</li>",
        ]
        title, book = "Kaomi", "the Kaomi rulebook"
    else:
        raise SettingError(f"game_summary knows 'dakapo' and 'kaomi', not {game!r} (ruleset_summary: Kabetopo)")
    sections = [f'<section><h2>The game</h2><ul>{"".join(facts)}</ul></section>']
    for topic in topics(game):
        ids = [r.id for r in rulings(game) if r.topic == topic]
        sections.append(f"<section><h2>{html.escape(topic)}</h2>{_rule_list(ids, full=True)}</section>")
    body = f'<div class="kb-cols">{"".join(sections)}</div>'
    subtitle = f"Following {html.escape(book)}, as this project reads it. Numbers are read from the engine."
    return _page(f"{title}: summary", title, subtitle, body, sheet, kind="summary")


# --- the controls card ------------------------------------------------------------------------

@dataclass(frozen=True)
class Control:
    """One thing a player can do on the board.

    ``group``: "mouse", "button" or "keyboard"; ``what``: the key, the button's label or
    what is clicked; ``does``: what happens.  A keyboard control names in ``handled_by`` the
    code of the board's key handler (``onKey`` in ``widgets/board.js``, with its
    ``DIRECTIONS``) that handles it, or "browser" for the browser's own Tab; a button's
    ``what`` is its label in the play layer; a letter key's ``mark`` is the badge the
    Kabetopo board draws with it (``play/kabetopo.py``).
    """

    group: str
    what: str
    does: str
    handled_by: tuple[str, ...] = ()
    mark: str = ""


CONTROLS: tuple[Control, ...] = (
    Control("mouse", "Your runner", "lights up where it can move (the runner whose turn it is); click it again to "
            "put the lights out"),
    Control("mouse", "A lit square", "moves your runner there: a step, a leapfrog, up the Mountain, or through a "
            "door (numbered options then say which way it swings)"),
    Control("mouse", "A line between two squares", "lists below the board what you may do there: drop a wall, "
            "monolith or portal, lock or unlock a face, or go into the portal beside your runner"),
    Control("mouse", "A badge drawn on the board", "takes that option: a portal to enter (T), an exit or a "
            "door's swing (numbers), where a bumped runner goes (B, P), a face to lock behind you (L)"),
    Control("mouse", "A ruling ID", "opens its entry of the rule reference, beside a refusal"),
    Control("mouse", "An entry of the move list", "jumps to that point of the round"),
    Control("button", "Undo", "takes back the last action (never a setup roll)"),
    Control("button", "Redo", "plays the undone action again"),
    Control("button", "End turn", "ends the turn when only optional extras are left"),
    Control("button", "Pass", "the only action when nothing else is legal"),
    Control("button", "Speed token", "makes your next move the speed move"),
    Control("button", "Lock it behind you", "after a teleport: shows the faces you may lock"),
    Control("button", "Back (another move)", "out of an exit or bump choice, to choose another move"),
    Control("button", "Roll d12", "rolls the setup die"),
    Control("button", "Next round", "when a round is scored: turns the board and starts the next"),
    Control("button", "Presentation view", "the board over the whole screen, for a projector; again to go back"),
    Control("button", "Back to the other line", "returns to the actions left behind by an undo"),
    Control("button", "Edit position", "switches to edit mode (pieces, runners, pools)"),
    Control("keyboard", "Tab", "reaches the board, then the panel: every option on the board is a button there",
            ("browser",)),
    Control("keyboard", "Arrow keys", "move the focus ring one square along the board's files and ranks "
            "(on the diamond, Up is up and to the right)", ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
                                                            "event.key in DIRECTIONS")),
    Control("keyboard", "Shift + arrow", "picks a side of that square; again, the same side of the next square",
            ("event.shiftKey",)),
    Control("keyboard", "1 ... 9", "chooses the option drawn with that number", ("/^[1-9]$/.test(event.key)",)),
    Control("keyboard", "T", "the next portal your runner can go into", ("/^[a-z]$/i.test(event.key)",), "T"),
    Control("keyboard", "B", "the next square a bumped runner can be put on", ("/^[a-z]$/i.test(event.key)",), "B"),
    Control("keyboard", "P", "the next portal a bumped runner can be sent through", ("/^[a-z]$/i.test(event.key)",),
            "P"),
    Control("keyboard", "L", "the next face to lock behind you", ("/^[a-z]$/i.test(event.key)",), "L"),
    Control("keyboard", "Enter or Space", "chooses what the ring is on", ('event.key === "Enter"', 'event.key === " "')),
    Control("keyboard", "Escape", "backs out of an exit or bump choice, or drops the selection",
            ('event.key === "Escape"',)),
)

_GROUPS = (("mouse", "Click", "click on"), ("button", "Buttons", "button"), ("keyboard", "Keyboard", "key"))


def controls_card(paper: str | Paper = "a4") -> str:
    """The board's controls on one page, from ``CONTROLS``."""
    sheet = _paper(paper)
    parts = []
    for group, heading, column in _GROUPS:
        rows = "".join(f'<tr><th scope="row">{html.escape(c.what)}</th><td>{html.escape(c.does)}</td></tr>'
                       for c in CONTROLS if c.group == group)
        parts.append(f"<h2>{heading}</h2>"
                     f'<table class="kb-data kb-controls"><thead><tr><th scope="col">{column}</th>'
                     f'<th scope="col">what it does</th></tr></thead><tbody>{rows}</tbody></table>')
    body = "\n".join(parts) + (
        "<p>A refused action changes nothing: the panel says why, with the ruling IDs to look up. "
        "Screen readers hear every action; letters move among the options drawn with them, "
        "in the order the panel lists them, round and round.</p>")
    subtitle = ("The match board and every Kabetopo board in the notebooks: mouse, panel buttons and keyboard "
                "(click the board, or Tab to it, first).")
    css = ("table.kb-controls { font-size: 9pt; } table.kb-controls th[scope=row] { width: 31%; }"
           " table.kb-controls th, table.kb-controls td { padding: 0.7mm 1.5mm; }")
    return _page("Kabetopo board: controls", "The board's controls", subtitle, body, sheet, extra_css=css,
                 kind="controls")


# --- score sheets -----------------------------------------------------------------------------

def _stand_in(rules: Rules, rounds: int) -> Match:
    """A match of ``rounds`` rounds, each over with nothing scored: the sheet's layout."""
    positions = []
    for r in range(rounds):
        pos = Position(rules, r + 1)
        pos.phase = Phase.OVER
        positions.append(pos)
    return Match.from_positions(rules, None, positions, rounds=rounds)


def _legend(rules: Rules) -> str:
    table = scoring_table(rules)
    items = []
    if table.unseen_path:
        items.append("Tadaima: the points in a circle, underlined for a Natural Tadaima, then "
                     "<b>+X</b> for the Unseen Path bonus")
    else:
        items.append("Tadaima: the points in a circle with the place as a small raised number, "
                     "underlined for a Natural Tadaima")
    if table.halfway_home:
        items.append("Halfway Home: the points in a circle and the corner reached (a dash and the corner "
                     "when the other runner was first)")
    points = [f"{FIRST_STONE} {table.first_stone}"]
    if table.halfway_home:
        points.append(f"{HALFWAY_HOME} {table.halfway_home}")
    if table.second_stone:
        points.append(f"{SECOND_STONE} {table.second_stone}")
    bonus = max(table.natural, default=0)
    points.append(f"{TADAIMA} " + "/".join(map(str, table.tadaima)) + (" by place" if len(table.tadaima) > 1 else "")
                  + (f" (+{bonus} natural)" if bonus else ""))
    points.append(f"{PRESERVATION} {table.preservation}")
    items.append("Points: " + ", ".join(points) + " (the ruleset's summary says who scores them)")
    items.append("a dash: nothing scored on that line")
    items.append("Round / total: the round's points, then the running total")
    return "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


ROUND_TITLE_MM = 5.0  # the height of a round's title row on a blank sheet
SHEET_CSS = """
.kb-sheet { display: grid; gap: 0 5mm; align-items: start; }
.kb-sheet-2 { grid-template-columns: 1fr 1fr; }
table.kb-blank { border-collapse: collapse; width: 100%; table-layout: fixed; }
table.kb-blank th, table.kb-blank td { border: 0.75pt solid #000; padding: 0 1.5mm; }
table.kb-blank thead th { height: 9mm; vertical-align: bottom; text-align: left; font-weight: normal;
  font-size: 7.5pt; }
table.kb-blank tr.kb-round-row { height: ROUND_TITLEmm; }
table.kb-blank th.kb-round { background: #ececec; text-align: left; font-size: 8pt; padding: 0 1.5mm; }
table.kb-blank td.kb-label { font-style: italic; }
table.kb-blank td.kb-cell { text-align: center; }
table.kb-blank tr.kb-total td { border-bottom: 2pt solid #000; }
table.kb-blank span.kb-seat { font-size: 7.5pt; font-weight: normal; }
.kb-ranking { display: flex; gap: 4mm; margin-top: 2mm; align-items: flex-end; }
.kb-ranking span { flex: 1; border-bottom: 0.75pt solid #000; height: 7mm; padding-top: 3mm; }
""".replace("ROUND_TITLE", f"{ROUND_TITLE_MM:g}")


def blank_scoresheet(rules: Rules | str, paper: str | Paper = "a4") -> str:
    """An empty scoresheet for ``rules``: every round of its longest match, with the rows
    ``kabetopo.scoresheet`` gives a scored round, and which runner each column drives.
    With two players the rounds stand in two columns."""
    rules = Rules.named(rules) if isinstance(rules, str) else rules
    sheet = _paper(paper)
    rounds = max(rules.round_choices)
    match = _stand_in(rules, rounds)
    layout = scoresheet_rows(match)
    columns = 2 if len(match.players) <= 2 and rounds > 1 else 1
    per_column = -(-rounds // columns)
    groups = [range(c * per_column, min(rounds, (c + 1) * per_column)) for c in range(columns)]
    tallest = max(sum(len(layout[r]) for r in g) for g in groups)
    # the writing rows share the height the heading, names, round titles and legend leave
    _, height = sheet.printable_mm
    row_mm = max(6.0, min(10.0, (height - 88.0 - ROUND_TITLE_MM * per_column) / tallest))
    tables = []
    for group in groups:
        heads = "".join(f'<th scope="col">name<br><span class="kb-seat">({seat_name(match.seat_of(p, 0))} in '
                        f"round 1)</span></th>" for p in match.players)
        out = ['<table class="kb-blank">',
               f'<colgroup><col style="width: {34 if columns == 1 else 38}%">'
               + "".join("<col>" for _ in match.players) + "</colgroup>",
               f'<thead><tr><th scope="col">player</th>{heads}</tr></thead>']
        for r in group:
            title = round_title(match, r)
            if r + 1 > rules.rounds:
                longer = " or ".join(str(n) for n in rules.round_choices if n > r)
                title += f" (if {longer} rounds)"
            seats = "".join(f'<th class="kb-round"><span class="kb-seat">{seat_name(match.seat_of(p, r))}</span></th>'
                            for p in match.players)
            out.append(f'<tbody><tr class="kb-round-row"><th class="kb-round" scope="colgroup">'
                       f"{html.escape(title)}</th>{seats}</tr>")
            for label, cells in layout[r]:
                total = bool(cells) and cells[0].total is not None
                cell = '<td class="kb-cell">/</td>' if total else '<td class="kb-cell"></td>'
                row_cls = ' class="kb-total"' if total else ""
                out.append(f'<tr{row_cls} style="height: {row_mm:.2f}mm">'
                           f'<td class="kb-label">{html.escape(label)}</td>' + cell * len(cells) + "</tr>")
            out.append("</tbody>")
        out.append("</table>")
        tables.append("\n".join(out))
    ranking = "".join(f"<span>{ordinal(i + 1)}</span>" for i in range(len(match.players)))
    steps = ", then ".join(tiebreak_steps(rules))
    body = (f'<div class="kb-sheet kb-sheet-{columns}">{"".join(tables)}</div>'
            f'<div class="kb-ranking"><b>Final ranking</b>{ranking}</div>'
            f"<h2>How to fill it in</h2>{_legend(rules)}"
            f"<p>The ranking: {html.escape(steps)} ({_cite('K-SET-1')}; the ruleset's summary says each step).</p>")
    subtitle = (f"{html.escape(RULEBOOKS.get(rules.scoring, rules.scoring))}: a match of {rules.rounds} rounds"
                + (f" ({' or '.join(str(n) for n in rules.round_choices if n != rules.rounds)} if agreed)"
                   if len(rules.round_choices) > 1 else "")
                + f"; the runners change hands between rounds ({_cite('K-MATCH-1')}).")
    return _page(f"Kabetopo {rules.name}: blank scoresheet", f"Scoresheet · {rules.name}", subtitle, body, sheet,
                 extra_css=SHEET_CSS, kind="blank-scoresheet")


FILLED_CSS = """
table.kb-scoresheet { width: 100%; font-size: 9.5pt; }
table.kb-scoresheet caption { text-align: left; font-weight: bold; padding-bottom: 1mm; }
table.kb-scoresheet tbody { break-inside: avoid; }
table.kb-scoresheet thead { display: table-header-group; }
ol.kb-standings { font-size: 10pt; margin-top: 2mm; }
"""


def filled_scoresheet(match: Match, paper: str | Paper = "a4", *, title: str | None = None) -> str:
    """The scoresheet of ``match`` as the notebooks draw it, with its final ranking; a match
    still being played shows the rounds scored so far."""
    sheet = _paper(paper)
    rules = match.rules
    state = "finished" if match.is_over() else f"{len(match.scores)} of {match.rounds} rounds scored"
    subtitle = (f"{html.escape(', '.join(match.players))}: {html.escape(rules.describe())}, seed {match.seed}, "
                f"{state}. Written the way the rulebooks' scoresheet is kept.")
    body = f"<style>{SCORESHEET_CSS}</style>" + scoresheet_html(match).replace(f"<style>{SCORESHEET_CSS}</style>", "")
    if match.is_over():
        body += (f"<p>Places are decided by the total, then by the tiebreakers of {html.escape(rules.name)} "
                 f"({html.escape(', then '.join(tiebreak_steps(rules)[1:]))}); each place says which step "
                 f"decided it.</p>")
    return _page(title or f"Kabetopo {rules.name}: scoresheet", title or f"Scoresheet · {rules.name}", subtitle,
                 body, sheet, extra_css=FILLED_CSS, kind="filled-scoresheet")


# The example matches of the filled sheets: ruleset, players, seed (the greedy bot plays every seat).
EXAMPLES = (("kabetopo-4p", ("Ann", "Ben", "Cat", "Dan"), 7), ("kabetopo-2p", ("Ann", "Ben"), 7))


def example_matches() -> list[Match]:
    """Finished matches to show a filled sheet: ``EXAMPLES``, played to the end by the seeded
    greedy bot in every seat (about half a second)."""
    out = []
    for rules, players, seed in EXAMPLES:
        match = Match(rules, list(players), seed=seed)
        play_match(match, {p: make_bot("greedy") for p in players}, seed=seed)
        out.append(match)
    return out


# --- all of them ------------------------------------------------------------------------------

def handouts(paper: str | Paper = "a4", matches: Sequence[Match] | None = None) -> dict[str, str]:
    """Every handout for one paper size, by file name (in a fixed order)."""
    sheet = _paper(paper)
    pages: dict[str, str] = {}
    for name in RULESETS:
        pages[f"summary-{name}.html"] = ruleset_summary(name, sheet)
    for game in ("dakapo", "kaomi"):
        pages[f"summary-{game}.html"] = game_summary(game, sheet)
    pages["controls.html"] = controls_card(sheet)
    for name in RULESETS:
        pages[f"scoresheet-blank-{name}.html"] = blank_scoresheet(name, sheet)
    seen: dict[str, int] = {}
    for match in example_matches() if matches is None else matches:
        key = match.rules.name
        seen[key] = seen.get(key, 0) + 1
        suffix = f"-{seen[key]}" if seen[key] > 1 else ""
        pages[f"scoresheet-filled-{key}{suffix}.html"] = filled_scoresheet(match, sheet)
    return pages


def _index(written: dict[str, list[str]]) -> str:
    """The folder's front page: every handout, per paper size."""
    rows = []
    names = next(iter(written.values()))
    for name in names:
        links = " · ".join(f'<a href="{p}/{html.escape(name)}">{html.escape(PAPERS[p].title)}</a>' for p in written)
        rows.append(f"<tr><td><code>{html.escape(name)}</code></td><td>{links}</td></tr>")
    body = ('<table class="kb-data"><thead><tr><th scope="col">handout</th><th scope="col">paper</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
            "<p>Open a page and print it (Ctrl+P): each summary, the controls card and each blank sheet fit "
            "one sheet of the paper they are made for; choose that paper, with the margins the page sets.</p>")
    return _page("Kabetopo handouts", "Kabetopo handouts", "Pages to print for a workshop, generated from the "
                 "engine.", body, PAPERS[next(iter(written))], kind="index")


def write_handouts(folder: str | Path, paper: str = "both", matches: Sequence[Match] | None = None) -> list[Path]:
    """Write every handout under ``folder`` (``a4/`` and ``letter/``, or the one ``paper``)
    with ``index.html`` linking them; returns the files written, the index first."""
    papers = list(PAPERS) if paper == "both" else [_paper(paper).name]
    root = Path(folder)
    if matches is None:
        matches = example_matches()
    written: dict[str, list[str]] = {}
    paths: list[Path] = []
    for p in papers:
        out = root / p
        out.mkdir(parents=True, exist_ok=True)
        pages = handouts(p, matches)
        for name, text in pages.items():
            (out / name).write_text(text, encoding="utf-8")
            paths.append(out / name)
        written[p] = list(pages)
    index = root / "index.html"
    index.write_text(_index(written), encoding="utf-8")
    return [index] + paths


def read_match(path: str | Path) -> Match:
    """A saved match (``Match.save_json()``, or a match board's autosave), read without
    touching the file: no lock is taken, so a board still playing it is not disturbed.  An
    autosave whose latest actions are still in its journal (``PATH.journal``, very long
    rounds only) is refused: the board's own ``board.match`` has them."""
    path = Path(path)
    journal = path.with_name(path.name + ".journal")
    if journal.exists():
        raise SettingError(f"{journal} holds the latest actions of {path.name}: print the match from its "
                           "board instead, write_handouts(folder, matches=[board.match])")
    return Match.load(path.read_text(encoding="utf-8"), auto_next=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m kabetopo_nb.handouts",
                                     description="Write the printable handouts (HTML with print styles).")
    parser.add_argument("folder", help="where to write them (created if missing)")
    parser.add_argument("--paper", choices=[*PAPERS, "both"], default="both")
    parser.add_argument("--match", action="append", default=[], metavar="SAVE.json",
                        help="a saved match (the match board's autosave, or Match.save_json()) for a filled "
                             "scoresheet; repeatable (without it: the example matches)")
    args = parser.parse_args(argv)
    matches = [read_match(m) for m in args.match] or None
    paths = write_handouts(args.folder, args.paper, matches)
    print(f"{len(paths)} files written; open {paths[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
