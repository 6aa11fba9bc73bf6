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
    "from kabetopo_nb import dakapo_board, kaomi_board\n"
    "dakapo = dakapo_board()\n"
    "dakapo",
    "kaomi = kaomi_board()\n"
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
