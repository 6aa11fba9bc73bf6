"""The scoresheet (``scoresheet.py``) in the layout of the rulebooks' score-keeping appendix.

One column per player; per round the rows of the ruleset (v4.0/v3.0: Stones, Tadaima,
Preservation; 2-player v2.0: First Stone, Halfway Home with its corner, Second Stone,
Tadaima with the Unseen Path "+X", Preservation; interim: First Stone, Tadaima "+X",
Preservation), then "round score / running total", and a rule between rounds.  Tadaima
numbers are circled, with the place as a superscript in the multiplayer games, and a
Natural Tadaima is underlined.  The matches are built from end-of-round positions with
``Match.from_positions``; the tests check structure and strings, never pixels (the HTML's
drawing is measured in a real browser: ``tests/browser/test_match_board.py``).
"""
import re
import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.scoresheet import CIRCLED, DASH, Cell, scoresheet_rows, scoresheet_text
from kabetopo_nb.kabetopo.scoring import LINES, PRESERVATION, TADAIMA, RoundScore, TadaimaEntry
from kabetopo_nb.render.kabetopo_scoresheet import CSS, cell_html, scoresheet_html

P4 = "pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1"
# Round A: East first stone, South second; Tadaimas East f1, South f6, West a6 (none
# natural); East dropped a wall, so South, West and North share Preservation.
ROUND_A = ("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=E,S,W,N;"
           "homes=Ef1,Sf6,Wa6;phase=over;" + P4.replace("E:w3", "E:w2"))
# Round B: North first stone, West second; East natural Tadaima a1 first.
ROUND_B = ("rules=kabetopo-4p;runners=Ea1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=N,W,E,S;"
           "homes=Ea1,Sf6,Wa6;phase=over;" + P4)

P2 = "pools=E:w3m2p2l2s1,W:w3m2p2l2s1"
# Round 1: East does everything, West is 5 moves from a corner: Unseen Path +2.
TWO_1 = ("rules=kabetopo-2p;runners=Ef1+2,Wc3+2;stones=0,0;order=E,W,E,W;halfway=Ea1,Wf6;"
         "homes=Ef1;turn=W;phase=over;" + P2)
# Round 2: West first stone, East first to a second; natural Tadaima before West's second
# stone (+3); West dropped a wall, East wins Preservation.
TWO_2 = ("rules=kabetopo-2p;runners=Ea1+2,Wa5+1;stones=1,0;order=W,E,E;halfway=Ef6;homes=Ea1;"
         "turn=W;phase=over;" + P2.replace("W:w3", "W:w2"))


def four_player() -> Match:
    return Match.from_positions("kabetopo-4p", ["Ann", "Bob", "Cy", "Di"], [ROUND_A, ROUND_B, ROUND_B, ROUND_A])


def two_player() -> Match:
    # K-MATCH-2: a v2.0 match is 4 rounds; rounds 3 and 4 repeat 1 and 2 (the same runners)
    return Match.from_positions("kabetopo-2p", ["Ann", "Bob"], [TWO_1, TWO_2, TWO_1, TWO_2])


def row(match: Match, r: int, label: str) -> list[str]:
    """The texts of one row of round ``r`` (0-based), one per player."""
    rows = dict(scoresheet_rows(match)[r])
    return [c.text() for c in rows[label]]


def text_block(text: str, r: int) -> list[str]:
    """The text lines of round ``r`` (1-based) in the plain-text sheet."""
    lines = text.splitlines()
    start = lines.index(f"Round {r}")
    end = next(i for i in range(start, len(lines)) if set(lines[i]) == {"-"})
    return lines[start + 1:end]


# --- cells ----------------------------------------------------------------------------------


def test_cell_marks():
    assert Cell(3, circled=True, place=1).text() == "③¹"
    assert Cell(4, circled=True, place=1, underlined=True).text() == "_④¹_"
    assert Cell(2, circled=True, extra="a1").text() == "② a1"
    assert Cell(4, circled=True, underlined=True, extra="+3").text() == "_④_ +3"
    assert Cell(None).text() == DASH and Cell(None, extra="f6").text() == f"{DASH} f6"
    assert Cell(1).text() == "1"
    assert Cell(total=(5, 12)).text() == "5 / 12"
    assert CIRCLED[1:5] == "①②③④"


def test_cell_marks_html():
    # bug 9: the Natural Tadaima's underline was a <u> inside the circle, drawn on the
    # circle's own edge; it is now a bar under the whole circled number
    html = cell_html(Cell(4, circled=True, place=2, underlined=True))
    assert html == '<span class="kb-natural" title="Natural Tadaima"><span class="kb-circled">4</span></span><sup>2</sup>'
    assert "<u>" not in html
    assert cell_html(Cell(total=(5, 12))) == "5 / <b>12</b>"
    assert cell_html(Cell(2, circled=True, extra="a1")) == '<span class="kb-circled">2</span> a1'


# --- v4.0, 4 players ---------------------------------------------------------------------------


def test_four_player_rows_per_round():
    match = four_player()
    for rows in scoresheet_rows(match):
        assert [label for label, _ in rows] == ["Stones", "Tadaima", "Preservation", "Round / total"]
        assert all(len(cells) == 4 for _, cells in rows)


def test_four_player_cells_follow_the_players_round_the_board():
    match = four_player()
    # round 1: Ann is East, Bob South, Cy West, Di North
    assert row(match, 0, "Stones") == ["2", "1", DASH, DASH]
    assert row(match, 0, "Tadaima") == ["③¹", "②²", "①³", DASH]
    assert row(match, 0, "Preservation") == [DASH, "1", "1", "1"]
    assert row(match, 0, "Round / total") == ["5 / 5", "4 / 4", "2 / 2", "1 / 1"]
    # round 2: Ann is South, Bob West, Cy North, Di East (natural Tadaima, first)
    assert row(match, 1, "Stones") == [DASH, "1", "2", DASH]
    assert row(match, 1, "Tadaima") == ["②²", "①³", DASH, "_④¹_"]
    assert row(match, 1, "Round / total") == ["3 / 8", "3 / 7", "3 / 5", "5 / 6"]


def test_four_player_running_totals_end_at_the_match_totals():
    match = four_player()
    last = row(match, 3, "Round / total")
    assert [int(t.split(" / ")[1]) for t in last] == [match.total(p) for p in match.players]


def test_four_player_text_layout():
    match = four_player()
    text = scoresheet_text(match)
    lines = text.splitlines()
    assert lines[0] == "kabetopo-4p: 4 of 4 rounds scored"
    assert lines[1].split() == ["Ann", "Bob", "Cy", "Di"]
    # a rule under the header and one after every round
    assert sum(1 for ln in lines if ln and set(ln) == {"-"}) == 1 + 4
    for r in range(1, 5):
        block = text_block(text, r)
        assert [ln.split()[0] for ln in block] == ["Stones", "Tadaima", "Preservation", "Round"]
    # the columns line up: every row as wide as the header
    widths = {len(ln) for ln in lines[1:] if ln.startswith("  ") or set(ln) == {"-"}}
    assert len(widths) == 1
    assert "_④¹_" in text_block(text, 2)[1] and "③¹" in text_block(text, 1)[1]
    # the final ranking, with what decided each place
    for st in match.standings():
        assert f"{st.place}. {', '.join(st.players)}: {st.total} ({st.decided_by})" in text


def parse(html: str) -> ET.Element:
    """The sheet's HTML as a tree (it is well-formed: XHTML-style, escaped text)."""
    return ET.fromstring(f"<div>{html}</div>")


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def test_four_player_html_layout():
    match = four_player()
    html = scoresheet_html(match)
    root = parse(html)
    table = root.find("table")
    assert table is not None and len(root.findall("table")) == 1
    assert table.find("caption").text == "kabetopo-4p: 4 of 4 rounds scored"
    head = table.find("thead/tr")
    assert [th.text for th in head] == [None, "Ann", "Bob", "Cy", "Di"]
    assert all(classes(th) == {"kb-player"} and th.get("scope") == "col" for th in head[1:])
    bodies = table.findall("tbody")
    assert [b.find("tr/th").text for b in bodies] == ["Round 1", "Round 2", "Round 3", "Round 4"]
    for body in bodies:
        rows = body.findall("tr")
        assert [r.find("td").text for r in rows[1:]] == ["Stones", "Tadaima", "Preservation", "Round / total"]
        assert classes(rows[-1]) == {"kb-total"}  # the rule between rounds
        assert all(classes(td) == {"kb-points"} for r in rows[1:] for td in r.findall("td")[1:])
    assert '<span class="kb-circled">3</span><sup>1</sup>' in html
    assert '<span class="kb-natural" title="Natural Tadaima"><span class="kb-circled">4</span></span><sup>1</sup>' in html
    assert "<sup>2</sup>" in html and "<sup>3</sup>" in html
    standings = root.find("ol")
    assert [li.find("small").text for li in standings] == ["(total)"] * 4


def test_html_round_headers_span_the_table_and_start_at_the_labels():
    # bug 9: round headers were centred (JupyterLab: right-aligned) over the whole table
    root = parse(scoresheet_html(four_player()))
    for body in root.iter("tbody"):
        th = body.find("tr/th")
        assert classes(th) == {"kb-round"} and th.get("colspan") == "5" and th.get("scope") == "colgroup"
    rules = css_rules(CSS)
    assert rules["table.kb-scoresheet th.kb-round"]["text-align"] == "left"
    assert rules["table.kb-scoresheet td.kb-label"]["text-align"] == "left"
    assert rules["table.kb-scoresheet th.kb-player, table.kb-scoresheet td.kb-points"]["text-align"] == "center"


def css_rules(css: str) -> dict[str, dict[str, str]]:
    out = {}
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        decls = dict((k.strip(), v.strip()) for k, _, v in (d.partition(":") for d in body.split(";")) if k.strip())
        out[" ".join(selector.split())] = decls
    return out


def specificity(selector: str) -> tuple[int, int, int]:
    classes_ = len(re.findall(r"\.[\w-]+", selector))
    elements = len(re.findall(r"(?:^|[\s>])([a-z]+)", selector))
    return 0, classes_, elements


def test_html_styles_win_over_jupyterlab_s_table_style():
    # JupyterLab right-aligns output table cells with ':not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon th'
    # (specificity 0,2,1): the circle's digit was pushed to the circle's right edge (bug 9)
    jupyterlab = (0, 2, 1)
    for selector, decls in css_rules(CSS).items():
        if "text-align" in decls:
            for part in selector.split(","):
                assert specificity(part.strip()) > jupyterlab, part
    circle = css_rules(CSS)["table.kb-scoresheet span.kb-circled"]
    assert circle["text-align"] == "center" and circle["width"] == circle["height"]
    natural = css_rules(CSS)["table.kb-scoresheet span.kb-natural"]
    assert natural["border-bottom"].startswith("2px solid")


def test_html_escapes_player_names():
    match = Match.from_positions("kabetopo-4p", ["<A>", "B&B", "C", "D"], [ROUND_A])
    html = scoresheet_html(match)
    assert [th.text for th in parse(html).find("table/thead/tr")][1:3] == ["<A>", "B&B"]
    assert '<th class="kb-player" scope="col">&lt;A&gt;</th>' in html and "<A>" not in html


def test_unfinished_match_has_no_ranking():
    match = Match.from_positions("kabetopo-4p", None, [ROUND_A], rounds=4)
    text = scoresheet_text(match)
    assert text.splitlines()[0] == "kabetopo-4p: 1 of 4 rounds scored"
    assert "Round 2" not in text and "(total)" not in text
    assert "<ol" not in scoresheet_html(match)


def test_three_player_sheet_has_three_columns():
    text = ("rules=kabetopo-3p;runners=Ea1+1,Sf6+1,Wc3+1;stones=1;order=E,S,W;homes=Ea1,Sf6;phase=over;"
            "pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1")
    match = Match.from_positions("kabetopo-3p", ["A", "B", "C"], [text])
    assert row(match, 0, "Tadaima") == ["_④¹_", "②²", DASH]
    assert scoresheet_text(match).splitlines()[1].split() == ["A", "B", "C"]


def test_v3_sheet_uses_the_multiplayer_rows():
    text = ROUND_B.replace("kabetopo-4p", "kabetopo-mp-v3").replace("m1p1l1s1", "m2p1l1s0")
    match = Match.from_positions("kabetopo-mp-v3", None, [text], rounds=4)
    assert [label for label, _ in scoresheet_rows(match)[0]] == ["Stones", "Tadaima", "Preservation", "Round / total"]
    assert row(match, 0, "Tadaima") == ["_④¹_", "②²", "①³", DASH]


# --- 2-player v2.0 -----------------------------------------------------------------------------


def test_two_player_rows_per_round():
    match = two_player()
    for rows in scoresheet_rows(match):
        assert [label for label, _ in rows] == [
            "First Stone", "Halfway Home", "Second Stone", "Tadaima", "Preservation", "Round / total"]


def test_two_player_cells():
    match = two_player()
    # round 1: Ann is East and scores everything but Preservation (a tie: nobody)
    assert row(match, 0, "First Stone") == ["1", DASH]
    assert row(match, 0, "Halfway Home") == ["② a1", f"{DASH} f6"]  # the corner of each
    assert row(match, 0, "Second Stone") == ["1", DASH]
    assert row(match, 0, "Tadaima") == ["③ +2", DASH]  # circled, no place, Unseen Path +2
    assert row(match, 0, "Preservation") == [DASH, DASH]
    assert row(match, 0, "Round / total") == ["9 / 9", "0 / 0"]
    # round 2: the players swap runners; Bob is East
    assert row(match, 1, "First Stone") == ["1", DASH]
    assert row(match, 1, "Halfway Home") == [DASH, "② f6"]  # Ann (West) never got there
    assert row(match, 1, "Second Stone") == [DASH, "1"]
    assert row(match, 1, "Tadaima") == [DASH, "_④_ +3"]
    assert row(match, 1, "Preservation") == [DASH, "1"]
    assert row(match, 1, "Round / total") == ["1 / 10", "11 / 11"]


def test_two_player_text_and_html():
    match = two_player()
    text = scoresheet_text(match)
    assert [ln.split()[0] for ln in text_block(text, 1)] == [
        "First", "Halfway", "Second", "Tadaima", "Preservation", "Round"]
    assert "1. Bob: 22 (total)" in text and "2. Ann: 20 (total)" in text
    html = scoresheet_html(match)
    assert '<span class="kb-circled">3</span> +2' in html
    assert '<span class="kb-natural" title="Natural Tadaima"><span class="kb-circled">4</span></span> +3' in html
    assert '<span class="kb-circled">2</span> a1' in html
    assert "<sup>" not in html.split("</table>")[0]  # no place superscripts in 2-player
    assert html.count('<tr class="kb-total">') == 4


def test_interim_rows():
    text = ("rules=kabetopo-2p-interim;runners=Ea1+1,Wa4+1;stones=2;order=W,E;homes=Ea1;turn=W;"
            "phase=over;pools=E:w3m1p1l1s1,W:w2m1p1l1s1")
    match = Match.from_positions("kabetopo-2p-interim", ["A", "B"], [text])
    assert [label for label, _ in scoresheet_rows(match)[0]] == ["First Stone", "Tadaima", "Preservation", "Round / total"]
    assert row(match, 0, "First Stone") == [DASH, "2"]
    assert row(match, 0, "Tadaima") == ["_④_ +1", DASH]
    assert row(match, 0, "Round / total") == ["6 / 6", "2 / 2"]


# --- Match.from_positions ---------------------------------------------------------------------


def test_from_positions_checks_its_input():
    with pytest.raises(ValueError, match="not over"):
        Match.from_positions("kabetopo-4p", None, [ROUND_A.replace(";phase=over", ";turn=N")])
    with pytest.raises(ValueError, match="under kabetopo-2p"):
        Match.from_positions("kabetopo-2p", None, [ROUND_A])
    with pytest.raises(ValueError, match="5 positions for a 4-round match"):
        Match.from_positions("kabetopo-4p", None, [ROUND_A] * 5)


# --- the ranking's labels (bug 9: a tie-break was labelled "(total)") ------------------------------


def hand_scored(points: dict[str, list[tuple[int, int | None]]]) -> Match:
    """A 4-player match scored by hand: player -> (Tadaima place or None, Preservation
    points) in round 1; the other rounds score nothing."""
    match = Match("kabetopo-4p", ["A", "B", "C", "D"])
    rounds = []
    for _ in range(match.rounds):
        score = RoundScore("v4.0", match.rules.seats)
        score.points = {line: {} for line in LINES}
        score.resources = {s: 0 for s in match.rules.seats}
        rounds.append(score)
    score = rounds[0]
    for player, (tadaima, preservation) in points.items():
        seat = match.seat_of(player, 0)
        if tadaima:
            place = tadaima
            pts = (3, 2, 1)[place - 1]
            score.tadaima.append(TadaimaEntry(seat, 0, place, False, pts))
            score.points[TADAIMA][seat] = pts
        if preservation:
            score.points[PRESERVATION][seat] = preservation
            score.preservation += (seat,)
    score.tadaima.sort(key=lambda t: t.place)
    match.scores = rounds
    return match


def test_a_place_decided_by_a_tie_break_is_not_labelled_total():
    # A 3 (first place); B 2 (second place) and C 2 (third place + Preservation): B and C
    # tie on the total, and B is placed above C by the Tadaima points.  B is ahead of C by
    # the tie-break, not by the total, although A is ahead of B by the total.
    match = hand_scored({"A": (1, 0), "B": (2, 0), "C": (3, 1), "D": (None, 0)})
    assert match.totals() == {"A": 3, "B": 2, "C": 2, "D": 0}
    ranking = [(st.place, st.players, st.decided_by) for st in match.standings()]
    assert ranking == [(1, ("A",), "total"), (2, ("B",), "Tadaima points"), (3, ("C",), "Tadaima points"),
                       (4, ("D",), "total")]
    text = scoresheet_text(match)
    assert "2. B: 2 (Tadaima points)" in text and "2. B: 2 (total)" not in text
    labels = [li.find("small").text for li in parse(scoresheet_html(match)).find("ol")]
    assert labels == ["(total)", "(tie-break: Tadaima points)", "(tie-break: Tadaima points)", "(total)"]


def test_the_live_round_shows_its_events_so_far():
    match = Match("kabetopo-4p", ["A", "B", "C", "D"], seed=1)
    assert "so far" not in scoresheet_html(match, live=True)  # only setup rolls yet
    from kabetopo_nb.kabetopo import KabetopoState

    match.states[0] = KabetopoState.from_text("rules=kabetopo-4p;runners=Eb1+1,Sf1,Wc3,Nc5;stones=2;order=E;turn=E")
    match.states[0].apply("step a1")
    root = parse(scoresheet_html(match, live=True))
    live = [b for b in root.iter("tbody") if classes(b) == {"kb-live"}]
    assert len(live) == 1 and live[0].find("tr/th").text == "Round 1 (so far)"
    rows = {r.find("td").text: r for r in live[0].findall("tr")[1:]}
    assert list(rows) == ["Stones", "Tadaima"]  # Preservation and totals come at the end of the round
    assert ET.tostring(rows["Tadaima"].findall("td")[1], encoding="unicode").count("kb-natural") == 1
    assert "so far" not in scoresheet_html(match)  # the projector sheet without live=True
