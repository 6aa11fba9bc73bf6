"""Saved notebooks read well without a kernel (issue 11, bug 8), checked without a browser.

A saved widget view needs its model, which only a running kernel (or saved widget state
that matches it) provides: opened before running, such a notebook showed the board's text
repr or "Error displaying widget: model not found".  ``scripts/build_notebooks.py`` keeps
the static picture each board displays beside its view (``text/html``) and drops the view;
``tests/browser/test_saved_notebooks.py`` shows the result in JupyterLab itself.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from scripts import build_notebooks as build_script

ROOT = Path(__file__).resolve().parents[2]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
BOARD_REPR = re.compile(r"^\w*Board\w*\(position=")


def outputs(nb):
    for i, cell in enumerate(nb["cells"]):
        for output in cell.get("outputs", []):
            yield i, output


def text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


# --- the saved notebooks ------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_saved_board_shows_without_a_kernel(path):
    # fails until the notebooks are rebuilt with the build script (the lead rebuilds them all)
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, output in outputs(nb):
        data = output.get("data", {})
        assert WIDGET_VIEW not in data, f"cell {i}: a saved widget view (needs its model to show)"
        if BOARD_REPR.match(text(data.get("text/plain", ""))):
            assert "kb-picture" in text(data.get("text/html", "")), f"cell {i}: a board saved without its picture"
    assert "widgets" not in nb["metadata"], "saved widget state no view uses"


# --- the build script's part ------------------------------------------------------------------

def executed_notebook() -> nbformat.NotebookNode:
    """An executed notebook as nbclient leaves it: a board (view + picture) with its layout,
    a slider (a view, no picture) with its layout, and printed text cut in two messages."""
    nb = nbformat.v4.new_notebook()
    board = nbformat.v4.new_code_cell("board")
    board.outputs = [nbformat.v4.new_output("execute_result", execution_count=1, data={
        "text/plain": "BoardWidget(position='x')", "text/html": '<div class="kb-picture"></div>',
        WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": "b0"}})]
    slider = nbformat.v4.new_code_cell("slider")
    slider.outputs = [nbformat.v4.new_output("display_data", data={
        "text/plain": "IntSlider(value=0)", WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": "s0"}})]
    printed = nbformat.v4.new_code_cell("print")
    printed.outputs = [nbformat.v4.new_output("stream", name="stdout", text="one\n"),
                       nbformat.v4.new_output("stream", name="stdout", text="two\n"),
                       nbformat.v4.new_output("stream", name="stderr", text="three\n")]
    progress = nbformat.v4.new_code_cell("run_study(small)")
    progress.outputs = [nbformat.v4.new_output("display_data", data={
        "text/plain": "small:   0%|          | 0/4 [00:00<?, ?task/s]",
        WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": "p0"}})]
    nb.cells = [board, slider, printed, progress]

    def state(name, **refs):
        return {"model_name": name, "model_module": "m", "model_module_version": "1", "state": refs}

    nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": {
        "b0": state("AnyModel", layout="IPY_MODEL_bl"), "bl": state("LayoutModel"),
        "s0": state("IntSliderModel", layout="IPY_MODEL_sl", style="IPY_MODEL_ss"),
        "sl": state("LayoutModel"), "ss": state("SliderStyleModel"), "gone": state("AnyModel"),
        "p0": state("HBoxModel", children=["IPY_MODEL_p1", "IPY_MODEL_p2", "IPY_MODEL_p3"]),
        "p1": state("HTMLModel", value="small:\u2007100%"), "p2": state("FloatProgressModel", value=4.0, max=4.0),
        "p3": state("HTMLModel", value="\u20074/4\u2007[00:07&lt;00:00,\u2007\u20071.60s/task]")}}}
    return nb


def test_a_board_keeps_its_picture_and_loses_its_view():
    nb = build_script.keep_for_readers(executed_notebook())
    assert set(nb.cells[0].outputs[0].data) == {"text/plain", "text/html"}
    # a widget without a picture keeps its view, and the state it and its parts need
    assert nb.cells[1].outputs[0].data[WIDGET_VIEW]["model_id"] == "s0"
    assert set(nb.metadata["widgets"][WIDGET_STATE]["state"]) == {"s0", "sl", "ss"}


def test_a_progress_bar_is_saved_as_where_it_ended():
    # CI (stop 19): notebook 22's tqdm bars were saved as views: without a kernel, "0/4" or an error
    nb = build_script.keep_for_readers(executed_notebook())
    assert nb.cells[3].outputs[0].data == {"text/plain": "small: 100% 4/4"}
    assert not {"p0", "p1", "p2", "p3"} & set(nb.metadata["widgets"][WIDGET_STATE]["state"])


def test_no_view_left_means_no_saved_widget_state():
    nb = executed_notebook()
    nb.cells = nb.cells[:1]
    assert "widgets" not in build_script.keep_for_readers(nb).metadata


def test_printed_text_is_saved_as_one_output_per_stream():
    nb = build_script.join_streams(executed_notebook())
    assert [(o.name, o.text) for o in nb.cells[2].outputs] == [("stdout", "one\ntwo\n"), ("stderr", "three\n")]
    assert nb.cells[0].outputs == executed_notebook().cells[0].outputs


SOURCE = '''# %% [markdown]
# A board, saved.

# %%
from kabetopo_nb import KabetopoBoard, DakapoBoard
board = KabetopoBoard("runners=Eb1,Sf1,Wa1,Na6;lines=P*b1e,P*e4n;turn=E")
board

# %%
board.click("sq:b1")["ok"]

# %%
dakapo = DakapoBoard()
dakapo
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("built")
    src = folder / "saved-boards.py"
    src.write_text(SOURCE)
    return build_script.build(src, folder)


def test_a_built_notebook_holds_pictures_and_no_model_ids(built):
    nb = json.loads(built.read_text())
    pictures = [text(o["data"]["text/html"]) for _, o in outputs(nb) if "text/html" in o.get("data", {})]
    assert len(pictures) == 2 and all('src="data:image/svg+xml;base64,' in p for p in pictures)
    assert WIDGET_VIEW not in built.read_text() and "widgets" not in nb["metadata"]
    assert "iopub.execute_input" not in built.read_text()  # no timings: a rebuild changes nothing
    again = build_script.build(built.parent / "saved-boards.py", built.parent / "again")
    assert again.read_bytes() == built.read_bytes()


def test_a_built_notebook_passes_strict_nbval(built):
    # nbval compares the saved outputs (pictures) with a fresh run's (pictures and views)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", "/dev/null",
                          "--rootdir", str(built.parent), "--nbval", "--nbval-current-env", str(built)],
                         cwd=built.parent, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_nbconvert_html_of_a_built_notebook_shows_the_boards(built):
    # nbviewer renders notebooks with nbconvert's HTML exporter
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter().from_notebook_node(nbformat.read(built, as_version=4))
    assert len(re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,', page)) == 2
    assert WIDGET_VIEW not in page


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks" / "src").glob("*.py")), ids=lambda p: p.stem)
def test_every_nbval_marker_is_one_nbval_reads(path):
    # stop 19: "# NBVAL_IGNORE_OUTPUT (the progress bar)" is not nbval's marker (the whole
    # comment must be the marker), so the cell's output was compared after all
    from nbval.plugin import comment_markers

    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        comment = line.strip().lstrip("#").strip()
        if comment.startswith(("NBVAL", "PYTEST_VALIDATE")):
            assert comment in comment_markers, f"line {n}: {comment!r} is not a marker nbval knows"
