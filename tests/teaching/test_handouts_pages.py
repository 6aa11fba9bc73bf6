"""The printable handouts (``kabetopo_nb.handouts``, issue 25 item 18), checked as HTML.

Every page is generated from the engine's data, never typed: the tests change a ruleset's
pools, rounds or stones, or the tiebreaker chain, and the pages change with them; they
compare the scoring table with matches the engine scored, the blank scoresheet's rows with
``kabetopo.scoresheet``, and the controls card with the board's key handler
(``widgets/board.js``) and the play layer.  How the pages print (one sheet each, nothing
cut off, dark text on white) is measured in Chromium: ``tests/browser/test_handouts.py``.
"""
from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import pytest

from kabetopo_nb import handouts as ho
from kabetopo_nb.core.verdict import SettingError
from kabetopo_nb.kabetopo.match import TIEBREAKERS, Match
from kabetopo_nb.kabetopo.rules import OPTION_RULINGS, POOL_NAMES, RULESETS, Rules, seat_name
from kabetopo_nb.kabetopo.scoresheet import scoresheet_rows
from kabetopo_nb.reference import ruling

ROOT = Path(__file__).resolve().parents[2]
BOARD_JS = ROOT / "widgets" / "board.js"
PLAY = ROOT / "kabetopo_nb" / "play"


@pytest.fixture(scope="module")
def examples() -> list[Match]:
    return ho.example_matches()


@pytest.fixture(scope="module")
def a4(examples) -> dict[str, str]:
    return ho.handouts("a4", examples)


def section(page: str, cls: str) -> str:
    """The HTML of the summary's section with class ``cls``."""
    m = re.search(rf'<section class="{cls}">(.*?)</section>', page, re.S)
    assert m, f"no section {cls}"
    return m.group(1)


def cells(fragment: str) -> list[str]:
    """The text of every table cell (th and td) of a fragment, tags removed."""
    return [html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", fragment, re.S)]


# --- what is there -------------------------------------------------------------------------

def test_every_ruleset_has_a_summary_and_a_blank_sheet_and_the_rest_is_there(a4):
    for name in RULESETS:
        assert f"summary-{name}.html" in a4
        assert f"scoresheet-blank-{name}.html" in a4
        assert f"Kabetopo · {name}" in a4[f"summary-{name}.html"]
    for extra in ("summary-dakapo.html", "summary-kaomi.html", "controls.html",
                  "scoresheet-filled-kabetopo-4p.html", "scoresheet-filled-kabetopo-2p.html"):
        assert extra in a4
    for page in a4.values():
        assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")


def test_paper_sizes_set_the_page_rule():
    assert "@page { size: A4; margin: 10mm; }" in ho.controls_card("a4")
    assert "@page { size: letter; margin: 10mm; }" in ho.controls_card("letter")
    assert ho.PAPERS["letter"].printable_mm == pytest.approx((195.9, 259.4))
    with pytest.raises(SettingError, match="unknown paper 'a5'"):
        ho.ruleset_summary("kabetopo-4p", "a5")
    with pytest.raises(SettingError):
        ho.game_summary("chess")


def test_the_pages_are_the_same_every_time(a4, examples):
    assert ho.handouts("a4", examples) == a4
    assert ho.handouts("letter", examples) != ho.handouts("a4", examples)


def test_every_ruling_id_on_the_pages_is_in_the_rule_reference(a4):
    cited = set()
    for page in a4.values():
        cited |= set(re.findall(r'<span class="kb-id">([^<]+)</span>', page))
    assert {"K-TURN-1", "K-SET-1", "K-MTN-3", "KNB-10", "D-PLACE-1", "KM-5"} <= cited
    for rid in cited:
        assert ruling(rid).id == rid


# --- numbers from the engine ------------------------------------------------------------------

def test_the_pools_come_from_the_rules_object():
    rules = dataclasses.replace(Rules.named("kabetopo-4p"), pool=(5, 4, 3, 2, 1))
    pools = cells(section(ho.ruleset_summary(rules), "kb-pools"))
    assert pools[1:6] == list(POOL_NAMES)
    assert pools[-6:] == ["each player, every round", "5", "4", "3", "2", "1"]
    two = cells(section(ho.ruleset_summary("kabetopo-2p"), "kb-pools"))
    later = Rules.named("kabetopo-2p").later_pool
    assert two[-6:] == ["from round 2, with later_round_pools (K-SET-3)", *map(str, later)]


def test_the_match_facts_come_from_the_rules_object():
    rules = dataclasses.replace(Rules.named("kabetopo-4p"), rounds=5, round_choices=(5, 7), stones=(6,),
                                rerandomise_every=2)
    facts = section(ho.ruleset_summary(rules), "kb-match")
    assert "5 rounds (7 if agreed before the start)" in facts
    assert "the Mountain (c4) 6 stones" in facts
    assert "rolled again before round 3, 5 and 7" in facts
    default = section(ho.ruleset_summary("kabetopo-4p"), "kb-match")
    assert "4 rounds;" in default and "stay for the whole match" in default and "at the 3rd Tadaima" in default
    three = section(ho.ruleset_summary("kabetopo-3p"), "kb-match")
    assert "East, South, West (" in three and "at the 2nd Tadaima" in three
    two = section(ho.ruleset_summary("kabetopo-2p"), "kb-match")
    assert "the Summit (d3) 2 stones" in two and "Halfway Home" in two and "swap runners" in two


def test_the_scoring_table_is_what_the_engine_scored(examples):
    """Every Tadaima and stone of the played example matches is worth what the table says."""
    for match in examples:
        table = ho.scoring_table(match.rules)
        for score in match.scores:
            for t in score.tadaima:
                assert t.points == table.tadaima[t.place - 1] + (table.natural[t.place - 1] if t.natural else 0)
            if score.first_stone is not None:
                assert score.line("First Stone", score.first_stone) == table.first_stone
            if score.preservation:
                assert score.line("Preservation", score.preservation[0]) == table.preservation
            if score.unseen_path and score.unseen_path[1]:
                _, bonus, moves = score.unseen_path
                if moves is None:
                    assert bonus == table.unseen_short
                else:
                    assert any(lo <= moves and (hi is None or moves <= hi) and pts == bonus
                               for (lo, hi), pts in table.unseen_path)


def test_the_scoring_tables_of_the_rulesets():
    four = ho.scoring_table("kabetopo-4p")
    assert (four.first_stone, four.second_stone, four.tadaima, four.natural) == (2, 1, (3, 2, 1), (1, 1, 1))
    assert four.preservation_tie and four.unseen_path == () and four.second_stone_rule == "second runner"
    assert ho.scoring_table("kabetopo-3p").last_place_option == 0  # KNB-9
    two = ho.scoring_table("kabetopo-2p")
    assert (two.first_stone, two.halfway_home, two.second_stone, two.second_stone_rule) == (1, 2, 1, "second stone")
    assert two.unseen_path == (((2, 3), 1), ((4, 5), 2), ((6, None), 3)) and two.unseen_short == 3
    assert not two.preservation_tie
    interim = ho.scoring_table("kabetopo-2p-interim")
    assert interim.second_stone == 0 and interim.unseen_short is None
    assert "speed token" not in ho.scoring_table("kabetopo-mp-v3").preservation_counts  # v3.0 deals none
    page = section(ho.ruleset_summary("kabetopo-2p"), "kb-scoring")
    row = cells(page)[cells(page).index("Unseen Path"):]
    assert row[:2] == ["Unseen Path", "2-3 moves: 1; 4-5 moves: 2; 6+ moves: 3"]
    assert "3 if the opponent still lacks a stone" in page and "a tie scores nothing" in page


def test_the_scoring_table_follows_the_engine(monkeypatch):
    """A change to the engine's Unseen Path bands shows on the page."""
    monkeypatch.setattr(ho, "unseen_path_points", lambda moves: 5 if moves is None or moves >= 3 else 0)
    assert ho.scoring_table("kabetopo-2p").unseen_path == (((3, None), 5),)
    assert "3+ moves: 5" in ho.ruleset_summary("kabetopo-2p")


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_tiebreakers_are_listed_in_the_engine_s_order(name):
    rules = Rules.named(name)
    listed = re.findall(r"<li><b>([^<]+)</b>", section(ho.ruleset_summary(rules), "kb-tiebreak"))
    assert listed == ["total"] + [html.escape(step) for step, _ in TIEBREAKERS[rules.tiebreakers]]


def test_a_changed_chain_changes_the_page(monkeypatch):
    chain = TIEBREAKERS["v4.0"]
    monkeypatch.setitem(TIEBREAKERS, "v4.0", tuple(reversed(chain)))
    listed = re.findall(r"<li><b>([^<]+)</b>", section(ho.ruleset_summary("kabetopo-4p"), "kb-tiebreak"))
    assert listed == ["total"] + [step for step, _ in reversed(chain)]


def test_every_step_option_and_rulebook_has_its_words():
    assert {step for chain in TIEBREAKERS.values() for step, _ in chain} <= set(ho.TIEBREAK_WORDS)
    assert set(OPTION_RULINGS) == set(ho.OPTION_WORDS)
    assert {r.scoring for r in RULESETS.values()} <= set(ho.RULEBOOKS)


def test_the_options_are_those_the_ruleset_accepts():
    four = section(ho.ruleset_summary("kabetopo-4p"), "kb-options")
    assert "<code>mischief</code>" in four and "<code>later_round_pools</code>" not in four
    two = section(ho.ruleset_summary("kabetopo-2p"), "kb-options")
    assert "<code>later_round_pools</code>" in two and "<code>mischief</code>" not in two
    assert "<code>play_to_last_tadaima</code>" in section(ho.ruleset_summary("kabetopo-3p"), "kb-options")


def test_the_turn_follows_the_pools():
    """No speed token in Multiplayer v3.0's pools: its summary leaves the token's ruling out."""
    assert "K-TURN-3" in ho.turn_rulings(Rules.named("kabetopo-4p"))
    assert "K-TURN-3" not in ho.turn_rulings(Rules.named("kabetopo-mp-v3"))
    assert "K-TURN-3" not in section(ho.ruleset_summary("kabetopo-mp-v3"), "kb-turn")


def test_rule_texts_come_from_the_reference():
    page = ho.ruleset_summary("kabetopo-4p")
    for rid in ho.SPECIAL_MOVES:
        assert html.escape(ruling(rid).title) in page
        if ho.gist(rid):
            assert html.escape(ho.gist(rid)) in page
    assert ho.gist("K-TURN-7").startswith("The main action always comes first. ")  # short: two sentences
    assert ho.gist("K-INV-1") == ""  # too long for the page: title and ID only
    kaomi = ho.game_summary("kaomi")
    assert html.escape(ruling("KM-5").text) in kaomi and "6,562" in kaomi


# --- the controls card ----------------------------------------------------------------------

def _on_key_source() -> str:
    """The board's key handler, ``onKey``, and the DIRECTIONS table it reads."""
    js = BOARD_JS.read_text(encoding="utf-8")
    start = js.index("function onKey(")
    body = js[start:js.index("\n}\n", start)]
    directions = re.search(r"const DIRECTIONS = \{.*?\};", js).group(0)
    return body + "\n" + directions


def test_every_key_on_the_card_is_handled_by_the_board():
    source = _on_key_source()
    keys = [c for c in ho.CONTROLS if c.group == "keyboard"]
    assert {"Arrow keys", "Shift + arrow", "Enter or Space", "Escape", "1 ... 9"} <= {c.what for c in keys}
    for control in keys:
        assert control.handled_by, control
        for code in control.handled_by:
            if code != "browser":
                assert code in source, f"{control.what}: {code!r} is not in onKey (widgets/board.js)"


def test_every_letter_the_board_draws_is_on_the_card():
    play = (PLAY / "kabetopo.py").read_text(encoding="utf-8")
    drawn = set(re.findall(r'Option\([^()]*(?:\([^()]*\)[^()]*)*, "([A-Z])"\)', play))
    assert drawn == {"T", "B", "P", "L"}
    assert {c.mark for c in ho.CONTROLS if c.mark} == drawn
    for control in ho.CONTROLS:
        if control.mark:
            assert control.what == control.mark


def test_every_button_on_the_card_is_a_button_of_the_board():
    source = "\n".join(p.read_text(encoding="utf-8") for p in PLAY.glob("*.py")) + BOARD_JS.read_text(encoding="utf-8")
    for control in ho.CONTROLS:
        if control.group == "button":
            assert f'"{control.what}' in source, f"no button labelled {control.what!r} in the play layer"


def test_the_card_lists_every_control():
    card = ho.controls_card()
    for control in ho.CONTROLS:
        assert f"<th scope=\"row\">{html.escape(control.what)}</th><td>{html.escape(control.does)}</td>" in card


# --- score sheets -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(RULESETS))
def test_the_blank_sheet_has_the_engine_s_rows_for_the_longest_match(name):
    rules = Rules.named(name)
    rounds = max(rules.round_choices)
    sheet = ho.blank_scoresheet(rules)
    standin = ho._stand_in(rules, rounds)
    labels = re.findall(r'<td class="kb-label">([^<]+)</td>', sheet)
    assert labels == [html.escape(label) for rows in scoresheet_rows(standin) for label, _ in rows]
    assert len(re.findall(r'<th class="kb-round" scope="colgroup">Round \d', sheet)) == rounds
    assert re.findall(r'<td class="kb-cell">([^<]*)</td>', sheet) and all(
        c in ("", "/") for c in re.findall(r'<td class="kb-cell">([^<]*)</td>', sheet))
    # which runner each column drives, round by round (K-MATCH-1)
    seats = re.findall(r'<th class="kb-round"><span class="kb-seat">(\w+)</span></th>', sheet)
    assert seats == [seat_name(standin.seat_of(p, r)) for r in range(rounds) for p in standin.players]


def test_blank_sheets_mark_the_rounds_of_longer_matches_only():
    two = ho.blank_scoresheet("kabetopo-2p")
    assert "Round 4</th>" in two and "Round 5 (if 6 rounds)" in two and "kb-sheet-2" in two
    interim = ho.blank_scoresheet("kabetopo-2p-interim")
    assert "Round 3 (if 4 or 6 rounds)" in interim and "Round 5 (if 6 rounds)" in interim
    assert "kb-sheet-1" in ho.blank_scoresheet("kabetopo-4p")
    assert "Halfway Home" in two and "Halfway Home" not in ho.blank_scoresheet("kabetopo-4p")
    assert "+X</b> for the Unseen Path" in two
    # the points, from the engine's scoring (scoring_table)
    assert "First Stone 1, Halfway Home 2, Second Stone 1, Tadaima 3 (+1 natural), Preservation 1" in two
    assert "First Stone 2, Second Stone 1, Tadaima 3/2/1 by place (+1 natural)" in ho.blank_scoresheet("kabetopo-4p")


def test_the_filled_sheet_is_the_notebooks_scoresheet_with_the_ranking(examples):
    from kabetopo_nb.render.kabetopo_scoresheet import scoresheet_html

    for match in examples:
        assert match.is_over()
        page = ho.filled_scoresheet(match)
        table = scoresheet_html(match)
        assert table[table.index("<table"):] in page
        for st in match.standings():
            assert f'<li value="{st.place}">' in page
    partial = Match.from_positions("kabetopo-4p", None, [examples[0].states[0].position], rounds=4)
    assert "1 of 4 rounds scored" in ho.filled_scoresheet(partial)


# --- writing them ---------------------------------------------------------------------------

def test_write_handouts_writes_every_page_and_an_index(tmp_path, examples):
    paths = ho.write_handouts(tmp_path, matches=examples)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert paths[0] == tmp_path / "index.html"
    names = list(ho.handouts("a4", examples))
    for paper in ho.PAPERS:
        for name in names:
            assert (tmp_path / paper / name).is_file()
            assert f'href="{paper}/{name}"' in index
    assert len(paths) == 1 + 2 * len(names)


def test_the_command_writes_one_paper_and_a_saved_match(tmp_path, examples, capsys):
    save = tmp_path / "match.json"
    save.write_text(examples[1].save_json(), encoding="utf-8")
    assert ho.main([str(tmp_path / "out"), "--paper", "letter", "--match", str(save)]) == 0
    assert "files written" in capsys.readouterr().out
    assert not (tmp_path / "out" / "a4").exists()
    written = sorted(p.name for p in (tmp_path / "out" / "letter").iterdir())
    assert [n for n in written if n.startswith("scoresheet-filled")] == ["scoresheet-filled-kabetopo-2p.html"]
    assert "size: letter" in (tmp_path / "out" / "letter" / "controls.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json", "out"]  # the save is only read
    (tmp_path / "match.json.journal").write_text("", encoding="utf-8")
    with pytest.raises(SettingError, match="latest actions"):
        ho.read_match(save)


# --- light theme, readable --------------------------------------------------------------------

def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_text_is_black_on_white_or_light_grey_with_aa_contrast(a4):
    """Every colour the pages set: text colours against every background (WCAG AA: 4.5:1)."""
    css = "\n".join(re.findall(r"<style>(.*?)</style>", "\n".join(a4.values()), re.S))
    texts = set(re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})", css))
    backgrounds = set(re.findall(r"background:\s*(#[0-9a-fA-F]{3,6})", css))
    assert texts == {"#000"} and backgrounds <= {"#fff", "#ececec"}
    for fg in texts:
        for bg in backgrounds:
            light, dark = sorted((_luminance(fg), _luminance(bg)), reverse=True)
            assert (light + 0.05) / (dark + 0.05) >= 4.5
    assert "opacity" not in css.replace("tbody.kb-live { opacity", "")  # only the live round, never printed


def test_the_pages_are_in_our_own_words(a4):
    """No run of 9 words (the measure of the shared tools/rulebook_overlap.py) from a rulebook."""
    seeds = sorted((ROOT.parent / "shared" / "seeds").glob("*.txt"))
    if not seeds:
        pytest.skip("the rulebooks (../shared/seeds) are not beside this repository")

    def runs(text: str) -> set[str]:
        words = re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'"))
        return {" ".join(words[i:i + 9]) for i in range(len(words) - 8)}

    borrowed = set().union(*(runs(p.read_text(encoding="utf-8", errors="ignore")) for p in seeds))
    for name, page in a4.items():
        text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", " ", page, flags=re.S)))
        assert not runs(text) & borrowed, f"{name} repeats a rulebook's words: {sorted(runs(text) & borrowed)[:2]}"
