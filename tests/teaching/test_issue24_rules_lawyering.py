"""The rules-lawyering notebook gives a referee a board, and ruling cards cite what ships
(issue 24, item 11).

* Notebook 17 holds a ``KabetopoBoard`` on a disputed position (a click on it is refused
  with a ruling ID and a "why not here?" list), and its text sends the referee to Edit
  position and to those clicks; the saved notebook shows the board's picture.
* Every ruling card's source cites the package's own rule reference (``ruling('ID')``,
  notebook 19), which the package ships, instead of resting on a page it does not ship.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import jupytext

from kabetopo_nb.reference import ruling_card, rulings

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "notebooks" / "src" / "17-rules-lawyering.py"
SAVED = ROOT / "notebooks" / "17-rules-lawyering.ipynb"
BOARD = re.compile(r"^board\s*=\s*KabetopoBoard\(", re.M)


def cells():
    return jupytext.read(SOURCE, fmt="py:percent").cells


def test_notebook_17_has_a_board_and_tells_the_referee_how_to_use_it():
    nb = cells()
    at = [i for i, c in enumerate(nb) if c.cell_type == "code" and BOARD.search(c.source)]
    assert at, "notebook 17 has no KabetopoBoard for a referee"
    text = " ".join(c.source for c in nb[:at[0]] if c.cell_type == "markdown")
    last_words = nb[at[0] - 1].source
    assert nb[at[0] - 1].cell_type == "markdown"
    assert "Edit position" in last_words and "why not here?" in last_words.lower()
    assert "Play from here" in last_words and "Stones" in last_words
    assert "Edit position" in text


def test_the_board_stands_on_a_disputed_position():
    """Run the notebook's code up to its board, then click where the dispute is: the board
    refuses with a ruling ID and lists the options it weighed."""
    nb = cells()
    ns: dict = {"__name__": "__notebook__"}
    board = None
    for c in nb:
        if c.cell_type != "code":
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(c.source, str(SOURCE), "exec"), ns)
        if BOARD.search(c.source):
            board = ns["board"]
            break
    assert board is not None
    refused = []
    for sq in (f"{f}{r}" for f in "abcdef" for r in range(1, 7)):
        reply = board.click(f"sq:{sq}")
        if not reply["ok"] and reply.get("refusal", {}).get("rulings") and board._panel.get("options_at"):
            refused.append(sq)
        board.press("cancel")
    assert refused, "no click on the board is refused with a ruling and a 'why not here?' list"
    assert board.press("edit")["ok"] and board._panel["editing"] is True


def test_the_saved_notebook_shows_the_board():
    nb = json.loads(SAVED.read_text(encoding="utf-8"))
    pictures = [c for c in nb["cells"] if c["cell_type"] == "code" and BOARD.search("".join(c["source"]))
                and any("kb-picture" in "".join(o.get("data", {}).get("text/html", "")) for o in c.get("outputs", []))]
    assert pictures, "rebuild notebook 17: its board has no saved picture"


def test_ruling_cards_cite_the_rule_reference_the_package_ships():
    for r in rulings():
        source = ruling_card(r.id)["source"]
        assert f"ruling('{r.id}')" in source and "rule reference" in source, (r.id, source)
        assert "fixed on the shared rulings page" not in source, (r.id, source)
