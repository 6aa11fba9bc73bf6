"""The rule reference (``kabetopo_nb.reference``) covers every ruling ID, and only those.

* Every ID an engine can emit has an entry, of its own game: the IDs of seeded random
  play (the same states and candidate universes as ``test_ruling_ids.py``: each verdict's
  rulings, any ID its sentence quotes, and the decisions' texts), plus every ID written
  anywhere in the package, its scenarios or the board's front end.
* Every ID defined on the shared rulings page (``RULINGS.md``) and on ``docs/RULINGS.md``
  has an entry, and every entry is one of those or emitted: nothing stale.
* Entries are real explanations: 2-5 sentences, distinct, in our own words (no run of
  9 words shared with a rulings page or a rulebook), with a source naming a rulebook or
  the rulings page that fixes the reading.
* Lookups: ``ruling``, ``rulings``, ``ruling_card``; unknown IDs raise ``KeyError``.
"""
from __future__ import annotations

import dataclasses
import random
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from kabetopo_nb.reference import GAMES, Ruling, cards, reference_html, ruling, ruling_card, rulings, topics

from test_ruling_ids import CASES, ID, PACKAGE, ROOT, describing_ids

SHARED_PAGE = ROOT.parent / "shared" / "RULINGS.md"  # the brief's page, outside this repository
OWN_PAGE = ROOT / "docs" / "RULINGS.md"
SEEDS = ROOT.parent / "shared" / "seeds"
DEFINED = re.compile(r"\*\*((?:K|D|M|KM|KNB)-[A-Z]*-?\d+)\*\*")  # "- **K-SET-1** ..." on a rulings page
RULEBOOKS = {
    "kabetopo": ("Kabetopo Rules v4.0", "Kabetopo Multiplayer Rules v3.0", "Kabetopo 2-Player Rules v2.0"),
    "dakapo": ("Dakapo rulebook (nestorgames)",),
    "kaomi": ("Kaomi rules (designer's description)",),
}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
WORD = re.compile(r"[a-z0-9']+")
RUN = 9  # the measure of /work/shared/tools/rulebook_overlap.py


def game_of(rid: str) -> str:
    """The game an ID belongs to, by its family: K-*/KNB-* Kabetopo, D-* Dakapo, M-*/KM-* Kaomi."""
    return {"K": "kabetopo", "KNB": "kabetopo", "D": "dakapo", "M": "kaomi", "KM": "kaomi"}[rid.split("-")[0]]


@cache
def emitted(game: str) -> frozenset[str]:
    """Every ruling ID one game's engine emits in seeded random play (as test_ruling_ids.py
    plays it), with the IDs its verdict sentences and decisions quote, and the IDs of the
    modules that word its verdicts."""
    _, make_states, universe = next(c for c in CASES if c[0] == game)
    ids: set[str] = set(describing_ids(game))
    for state in make_states():
        rng = random.Random(7)
        steps = 0
        while not state.is_terminal() and steps < 400:
            ids.update(ID.findall(str(state.decision)))
            for action in universe(state):
                verdict = state.explain(action)
                ids.update(verdict.rulings)
                ids.update(ID.findall(verdict.reason))
            state.apply(rng.choice(list(state.legal_actions)))
            steps += 1
        ids.update(ID.findall(str(state.decision)))
    return frozenset(ids)


def cited_in_the_package() -> set[str]:
    """Every ID written in the package's code (not the reference itself), scenarios and front end."""
    files = [p for p in PACKAGE.rglob("*.py") if "reference" not in p.relative_to(PACKAGE).parts]
    files += sorted((PACKAGE / "data" / "scenarios").glob("*.scn"))
    files += sorted((ROOT / "widgets").glob("*.js"))
    return {m for p in files for m in ID.findall(p.read_text(encoding="utf-8"))}


# The IDs the shared page defines, kept in the repository so a clean clone checks them
# too; where the shared page is at hand, it must agree (rewrite the file from it if not).
SHARED_IDS = ROOT / "tests" / "data" / "shared-ruling-ids.txt"


def defined_on(page: Path) -> set[str]:
    if page == SHARED_PAGE:
        kept = set(SHARED_IDS.read_text(encoding="utf-8").split())
        if page.exists():
            now = set(DEFINED.findall(page.read_text(encoding="utf-8")))
            assert now == kept, (f"{SHARED_IDS.name} is out of date: the shared page now defines "
                                 f"{sorted(now - kept)} and no longer {sorted(kept - now)}")
        return kept
    return set(DEFINED.findall(page.read_text(encoding="utf-8")))


def words(text: str) -> list[str]:
    return WORD.findall(text.lower().replace("\u2019", "'"))


def runs(ws: list[str]) -> set[str]:
    return {" ".join(ws[i:i + RUN]) for i in range(len(ws) - RUN + 1)}


# --- (1) every ID the engines can emit has an entry -------------------------------------------

@pytest.mark.parametrize("game", [c[0] for c in CASES])
def test_every_emitted_ruling_has_an_entry_of_its_game(game):
    ids = emitted(game)
    assert len(ids) >= 8, sorted(ids)  # the play really reached the rules
    entries = {r.id: r for r in rulings()}
    missing = sorted(ids - set(entries))
    assert not missing, f"{game} emits ruling IDs the reference does not explain: {missing}"
    wrong = sorted(rid for rid in ids if entries[rid].game != game)
    assert not wrong, f"{game} emits these, but their entries belong to another game: {wrong}"


def test_every_ruling_cited_in_the_package_has_an_entry():
    cited = cited_in_the_package()
    assert len(cited) > 60, sorted(cited)
    entries = {r.id: r for r in rulings()}
    missing = sorted(cited - set(entries))
    assert not missing, f"cited in kabetopo_nb/ or widgets/ but not in the reference: {missing}"
    wrong = sorted(rid for rid in cited if entries[rid].game != game_of(rid))
    assert not wrong, wrong


# --- (2) every ID the rulings pages define has an entry -------------------------------------

@pytest.mark.parametrize("page", [SHARED_PAGE, OWN_PAGE], ids=["shared RULINGS.md", "docs/RULINGS.md"])
def test_every_ruling_defined_on_a_rulings_page_has_an_entry(page):
    defined = defined_on(page)
    assert len(defined) > 20, sorted(defined)
    missing = sorted(defined - {r.id for r in rulings()})
    assert not missing, f"defined on {page.name} but not in the reference: {missing}"


def test_each_entry_names_the_page_that_defines_it():
    shared, own = defined_on(SHARED_PAGE), defined_on(OWN_PAGE)
    assert not shared & own, sorted(shared & own)
    for r in rulings():
        if r.id in own:
            assert "docs/RULINGS.md" in r.source, (r.id, r.source)
        elif r.id in shared:
            assert "shared rulings page (RULINGS.md)" in r.source and "docs/" not in r.source, (r.id, r.source)


# --- (3) every entry is used ----------------------------------------------------------------------

def test_every_entry_is_defined_or_emitted():
    used = defined_on(SHARED_PAGE) | defined_on(OWN_PAGE)
    used |= {rid for game in GAMES for rid in emitted(game)}
    stale = sorted(r.id for r in rulings() if r.id not in used)
    assert not stale, f"entries for IDs no rulings page defines and no engine emits: {stale}"


# --- (4) the entries themselves -------------------------------------------------------------------

def test_entries_belong_to_the_game_of_their_id_family():
    assert {r.game for r in rulings()} == set(GAMES)
    wrong = [(r.id, r.game) for r in rulings() if r.game != game_of(r.id)]
    assert not wrong, wrong


def test_texts_are_explanations_and_all_distinct():
    entries = rulings()
    for r in entries:
        sentences = SENTENCE_END.split(r.text)
        assert 2 <= len(sentences) <= 5, (r.id, len(sentences), r.text)
        assert len(r.text) >= 120 and r.text.endswith("."), (r.id, r.text)
        assert 1 <= len(r.title.split()) <= 8 and r.id not in r.title, (r.id, r.title)
    for field in ("text", "title"):
        values = [getattr(r, field) for r in entries]
        dupes = sorted({v for v in values if values.count(v) > 1})
        assert not dupes, f"{field}s shared by several entries: {dupes}"


def test_sources_name_a_rulebook_section_or_the_rulings_page():
    for r in rulings():
        names_a_book = any(book in r.source for book in RULEBOOKS[r.game])
        assert names_a_book or "RULINGS.md" in r.source, (r.id, r.source)
        if names_a_book:
            assert re.search(r"'[A-Z][^']+'", r.source), f"{r.id}: name the section: {r.source}"


def test_texts_are_in_our_own_words():
    pages = [p for p in (SHARED_PAGE, OWN_PAGE) if p.exists()] + sorted(SEEDS.glob("*.txt"))
    assert OWN_PAGE in pages
    borrowed = set().union(*(runs(words(p.read_text(encoding="utf-8", errors="ignore"))) for p in pages))
    copied = {r.id: sorted(runs(words(r.text)) & borrowed)[:2] for r in rulings()}
    copied = {rid: hits for rid, hits in copied.items() if hits}
    assert not copied, f"runs of {RUN} words taken from a rulings page or rulebook: {copied}"


def test_topics_stay_together_in_reference_order():
    order = [(r.game, r.topic) for r in rulings()]
    groups = list(dict.fromkeys(order))
    assert order == sorted(order, key=groups.index), "a topic's entries are split up in rulings.toml"
    assert [g for g, _ in dict.fromkeys(order)] == sorted((g for g, _ in groups), key=GAMES.index)
    for game in GAMES:
        assert topics(game) == [t for g, t in groups if g == game]


# --- (5) looking entries up --------------------------------------------------------------------

@pytest.mark.parametrize("unknown", ["K-INV-9", "KNB-99", "X-1", "", "K-INV-1x"])
def test_unknown_ids_raise_key_error_saying_what_exists(unknown):
    with pytest.raises(KeyError, match="rule reference"):
        ruling(unknown)
    with pytest.raises(KeyError):
        ruling_card(unknown)


def test_key_error_suggests_the_nearest_ids():
    with pytest.raises(KeyError) as err:
        ruling("K-INV-9")
    assert "did you mean K-INV-" in str(err.value)


def test_lookup_forms_and_the_card_for_the_board():
    entry = ruling("K-MTN-3")
    assert isinstance(entry, Ruling) and entry.id == "K-MTN-3" and entry.game == "kabetopo"
    assert ruling("k-mtn-3") is entry and ruling(" K-INV-1 c") is ruling("K-INV-1 (c)") is ruling("K-INV-1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.title = "changed"
    card = ruling_card("D-PLACE-3")
    assert set(card) == {"title", "text", "source"} and card["title"] == ruling("D-PLACE-3").title
    every = cards()
    assert list(every) == [r.id for r in rulings()] and every["M-5"] == ruling_card("M-5")
    assert set(cards("kaomi")) == {r.id for r in rulings("kaomi")}


def test_rulings_per_game_in_a_stable_order():
    everything = rulings()
    assert [r.id for r in everything] == [r.id for r in rulings()]
    assert everything == [r for game in GAMES for r in rulings(game)]
    assert all(r.game == "dakapo" for r in rulings("dakapo"))
    with pytest.raises(ValueError, match="unknown game"):
        rulings("chess")


def test_text_and_html_forms():
    entry = ruling("KNB-8")
    text = str(entry)
    assert text.startswith("KNB-8 · Mischief\n") and text.endswith(f"Source: {entry.source}")
    html = entry._repr_html_()
    assert 'id="ruling-KNB-8"' in html and "Multiplayer Rules v3.0" in html and "'" not in html
    page = reference_html("dakapo")
    assert page.count("kb-ruling-entry") == len(rulings("dakapo"))
    assert page.count("<h3>") == len(topics("dakapo")) and "<h2>" not in page


def test_the_data_file_ships_with_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "kabetopo_nb.reference" in config["packages"]
    assert "*.toml" in config["package-data"]["kabetopo_nb.reference"]
