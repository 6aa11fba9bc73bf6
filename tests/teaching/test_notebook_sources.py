"""Every notebook matches its source (issue 12): ``notebooks/X.ipynb`` holds exactly the
cells jupytext reads from ``notebooks/src/X.py``, and is paired with it.

A notebook edited without rebuilding (or a source edited without running
``python3 scripts/build_notebooks.py X``) fails here, before strict nbval would compare
outputs of code that is no longer the source's.
"""
from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SOURCES = sorted((NOTEBOOKS / "src").glob("*.py"))


def cells(nb) -> list[tuple[str, str]]:
    return [(c.cell_type, c.source) for c in nb.cells]


def test_every_source_has_its_notebook_and_every_notebook_its_source():
    assert sorted(p.stem for p in SOURCES) == sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    assert len(SOURCES) >= 22


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_the_notebook_holds_its_sources_cells_and_is_paired(source):
    notebook = nbformat.read(NOTEBOOKS / f"{source.stem}.ipynb", as_version=4)
    assert cells(notebook) == cells(jupytext.read(source, fmt="py:percent")), (
        f"{source.stem}.ipynb differs from its source: run python3 scripts/build_notebooks.py {source.stem}")
    assert notebook.metadata["jupytext"]["formats"] == "ipynb,src//py:percent"


def test_a_changed_source_is_noticed(tmp_path):
    source = SOURCES[0]
    edited = tmp_path / source.name
    edited.write_text(source.read_text(encoding="utf-8") + "\n# %%\nprint('new cell')\n", encoding="utf-8")
    notebook = nbformat.read(NOTEBOOKS / f"{source.stem}.ipynb", as_version=4)
    assert cells(notebook) != cells(jupytext.read(edited, fmt="py:percent"))


def test_the_start_page_lists_every_notebook():
    start = (NOTEBOOKS / "src" / "00-start-here.py").read_text(encoding="utf-8")
    for source in SOURCES:
        assert f"]({source.stem}.ipynb)" in start, f"00-start-here does not list {source.stem}"


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_every_notebook_ends_with_a_link_to_the_next(source):
    last = jupytext.read(source, fmt="py:percent").cells[-1]
    following = SOURCES[(SOURCES.index(source) + 1) % len(SOURCES)]
    assert last.cell_type == "markdown" and f"]({following.stem}.ipynb)" in last.source


def test_counts_agree_with_their_nouns():
    # issue 12: "1 legal actions" and similar slips
    from kabetopo_nb.teach import count

    assert [count(n, "legal action") for n in (0, 1, 2)] == ["0 legal actions", "1 legal action", "2 legal actions"]
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        assert " 1 legal actions" not in notebook.read_text(encoding="utf-8"), notebook.name


@pytest.mark.parametrize("source", [s for s in SOURCES if s.stem[:2] in {f"{n:02}" for n in range(1, 17)} | {"20", "21"}],
                         ids=lambda s: s.stem)
def test_every_rule_notebook_ends_with_its_challenges_on_a_board(source):
    from kabetopo_nb.challenges import challenges

    code = [c.source for c in jupytext.read(source, fmt="py:percent").cells if c.cell_type == "code"]
    assert any(f'ChallengeBoard(section="{source.stem[:2]}")' in c for c in code)
    assert len(challenges(section=source.stem[:2])) >= 3
