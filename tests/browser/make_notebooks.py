"""Write the test notebooks under tests/browser/notebooks/ (run it after editing the cells).

    python3 tests/browser/make_notebooks.py

Notebooks are saved without outputs and with a python3 kernelspec, so JupyterLab opens them
without a "Select Kernel" dialog.
"""

from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent / "notebooks"

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

SMOKE_CELLS = [
    '''\
import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    """A button; each click adds one to `value`, on both sides."""

    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.className = "smoke-counter";
      const show = () => { button.textContent = `count is ${model.get("value")}`; };
      button.addEventListener("click", () => {
        model.set("value", model.get("value") + 1);
        model.save_changes();
      });
      model.on("change:value", show);
      show();
      el.appendChild(button);
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)''',
    (
        "import kabetopo_nb  # noqa: F401 (the project's package imports in the kernel)\n"
        "\n"
        "counter = Counter()\n"
        "counter"
    ),
]


# East on b1 next to the corner a1; a setup portal on b1's east side and another on e4n.
BOARD_POSITION = (
    "runners=Eb1,Sf1,Wa1,Na6;lines=P*b1e,P*e4n;turn=E"
)

BOARD_CELLS = [
    "from kabetopo_nb import KabetopoBoard\n"
    f"board = KabetopoBoard({BOARD_POSITION!r}, theme='auto')\n"
    "board",
]

TWO_BOARDS_CELLS = [
    "from IPython.display import display\n"
    "from kabetopo_nb import KabetopoBoard\n"
    f"first = KabetopoBoard({BOARD_POSITION!r})\n"
    f"second = KabetopoBoard({BOARD_POSITION!r})\n"
    "display(first)",
    "display(second)",
    "display(first)  # the same board shown a second time",
]


OTHER_GAMES_CELLS = [
    "from kabetopo_nb import DakapoBoard, KaomiBoard\n"
    "dakapo = DakapoBoard()\n"
    "dakapo",
    "kaomi = KaomiBoard()\n"
    "kaomi",
]


def notebook(cells):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = KERNELSPEC
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"  # stable ids keep the files' diffs quiet
    return nb


def main():
    HERE.mkdir(exist_ok=True)
    nbformat.write(notebook(SMOKE_CELLS), HERE / "smoke.ipynb")
    nbformat.write(notebook(BOARD_CELLS), HERE / "board.ipynb")
    nbformat.write(notebook(TWO_BOARDS_CELLS), HERE / "two_boards.ipynb")
    nbformat.write(notebook(OTHER_GAMES_CELLS), HERE / "other_games.ipynb")


if __name__ == "__main__":
    main()


# --- the match board (issue 11): tests/browser/test_match_board.py -------------------------

MATCH_BOARD_AUTOSAVE = "match-board.autosave.json"

# A finished 4-player match for the scoresheet (the positions of tests/kabetopo/test_scoresheet.py):
# round 1 Tadaimas East f1, South f6, West a6; round 2 a Natural Tadaima for East on a1.
SHEET_P4 = "pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1"
SHEET_ROUND_A = ("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=E,S,W,N;"
                 "homes=Ef1,Sf6,Wa6;phase=over;" + SHEET_P4.replace("E:w3", "E:w2"))
SHEET_ROUND_B = ("rules=kabetopo-4p;runners=Ea1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=N,W,E,S;"
                 "homes=Ea1,Sf6,Wa6;phase=over;" + SHEET_P4)

MATCH_BOARD_CELLS = [
    "from kabetopo_nb import MatchBoard\n"
    "from kabetopo_nb.kabetopo.match import Match\n"
    "sheet = Match.from_positions('kabetopo-4p', ['Ann', 'Bob', 'Cy', 'Di'],\n"
    f"                             [{SHEET_ROUND_A!r},\n"
    f"                              {SHEET_ROUND_B!r}] * 2)\n"
    "sheet",
    "board = MatchBoard('kabetopo-4p', ['Ann', 'Ben', 'Cat', 'Dan'], seed=7,\n"
    f"                   autosave={MATCH_BOARD_AUTOSAVE!r})\n"
    "board",
    "bots = MatchBoard('kabetopo-4p', ['Ann', 'Ben', 'Cat', 'Dan'], seed=3, bot_pause=0.3,\n"
    "                  bots={'South': 'greedy', 'West': 'greedy', 'North': 'greedy'})\n"
    "bots",
    # the seat picker (issue 14): every seat human but North; the picker offers the board's
    # "mcts-2.5s" to every player besides Human, random, greedy and mcts
    "seats = MatchBoard('kabetopo-4p', ['Ann', 'Ben', 'Cat', 'Dan'], seed=5, bot_pause=0.1,\n"
    "                   bots={'North': 'mcts-2.5s'})\n"
    "seats",
]


def write_match_board_notebook():
    nbformat.write(notebook(MATCH_BOARD_CELLS), HERE / "match_board.ipynb")


if __name__ == "__main__":
    write_match_board_notebook()


# --- the board's drawing, panel, keyboard and accessibility (issue 11) -----------------------
# tests/browser/test_board_drawing.py and tests/browser/test_accessibility.py

# Each game's board with squares lit: East's runner selected (its moves), red picked in
# Dakapo (where it may go), a Kaomi stone placed (the last placement ringed); then one
# static drawing per game (an SVG output, not a widget).
BOARD_DRAWING_CELLS = [
    "from kabetopo_nb import KabetopoBoard, DakapoBoard, KaomiBoard\n"
    f"kabetopo = KabetopoBoard({BOARD_POSITION!r}, theme='auto')\n"
    "kabetopo.click('sq:b1')  # East's runner selected: its moves light up\n"
    "kabetopo",
    "dakapo = DakapoBoard()\n"
    "dakapo.press('colour:red')  # red picked: the squares where it may go light up\n"
    "dakapo",
    "kaomi = KaomiBoard()\n"
    "kaomi.click('sq:d4')\n"
    "kaomi",
    "kabetopo.state.position  # a static drawing (an SVG output)",
]

# A board whose panel the test writes (every field the Python side may send) and which
# records what the front end sends; its drawing has two option badges until one is clicked.
BOARD_PANEL_CELLS = [
    '''\
from kabetopo_nb.kabetopo import parse_position
from kabetopo_nb.render.kabetopo_svg import STYLE, Option, board_svg
from kabetopo_nb.play.contract import Panel, View
from kabetopo_nb.widget import BoardWidget


class Scripted:
    """A controller whose panel the test sets; it records the board's intents."""

    runner = None

    def __init__(self, position):
        self.position = parse_position(position)
        self.panel = {"status": "Scripted", "groups": [{"name": "play", "buttons": [
            {"id": "again", "label": "Again", "enabled": True},
            {"id": "back", "label": "Back", "enabled": False}]}]}
        self.options = [Option("exit e5s", "sd:e5s", "1"), Option("exit c4e", "sd:c4e", "2")]
        self.pressed, self.clicked = [], []

    def view(self):
        svg = board_svg(self.position, coordinates=True, interactive=True, embed_style=False,
                        options=self.options or None)
        panel = dict(self.panel, message=self.panel.get("message", f"{len(self.pressed) + len(self.clicked)} intents"))
        return View(svg, STYLE, Panel(**panel))

    def click(self, target):
        self.clicked.append(target)
        if target.startswith("act:"):
            self.options = []  # a choice was made: the badges go
        return {"ok": True}

    def button(self, button, value=None):
        self.pressed.append(button)
        return {"ok": True}

    def apply(self, action):
        return {"ok": True}

    def position_text(self):
        return ""

    def history_texts(self):
        return []
''',
    f"ctl = Scripted({BOARD_POSITION!r})\n"
    "board = BoardWidget(ctl)\n"
    "board",
]


# Dakapo alone, as in the report of bug 1 (another game's board on the page brings its own
# style, which must not be what makes Dakapo's squares clickable).
DAKAPO_LIT_CELLS = [
    "from kabetopo_nb import DakapoBoard\n"
    "dakapo = DakapoBoard()\n"
    "dakapo.press('colour:red')  # red picked: the squares where it may go light up\n"
    "dakapo",
]


def write_board_drawing_notebooks():
    nbformat.write(notebook(BOARD_DRAWING_CELLS), HERE / "board_drawing.ipynb")
    nbformat.write(notebook(BOARD_PANEL_CELLS), HERE / "board_panel.ipynb")
    nbformat.write(notebook(DAKAPO_LIT_CELLS), HERE / "dakapo_lit.ipynb")


if __name__ == "__main__":
    write_board_drawing_notebooks()


# --- the presentation view for projectors (issue 1, 13): tests/browser/test_presentation_view.py ---

PRESENTATION_AUTOSAVE = "presentation.autosave.json"

# A match board autosaving to its own file; the test plays on it and turns the view on and off.
PRESENTATION_CELLS = [
    "from kabetopo_nb import MatchBoard\n"
    "board = MatchBoard('kabetopo-4p', ['Ann', 'Ben', 'Cat', 'Dan'], seed=7,\n"
    f"                   autosave={PRESENTATION_AUTOSAVE!r})\n"
    "board",
]


def write_presentation_notebook():
    nbformat.write(notebook(PRESENTATION_CELLS), HERE / "presentation.ipynb")


if __name__ == "__main__":
    write_presentation_notebook()
