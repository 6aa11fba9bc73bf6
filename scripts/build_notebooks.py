#!/usr/bin/env python3
"""Build the teaching notebooks from their sources and store fresh outputs.

Sources are plain Python files in ``notebooks/src/`` in jupytext's "percent" format,
read by jupytext:

    # %% [markdown]
    # # A title
    # Some text.

    # %%
    state = example("leapfrog", "leap-over-one-runner")
    show(state)

Each becomes ``notebooks/<same name>.ipynb`` with a python3 kernelspec, executed in a
fresh kernel (from the notebooks folder) so the saved outputs are exactly what a fresh
run produces; ``pytest --nbval`` then checks they stay so.

Saved for readers (issue 11, bug 8): a board's output keeps the static picture the board
displays beside its live view (``text/html``: the drawing and the status line), not the
live view itself.  A saved widget view needs its model, which exists only while a kernel
runs it; opened before running, the notebook showed the board's text repr (untrusted) or
"Error displaying widget: model not found" (trusted, once the saved model ids no longer
match).  The picture shows in JupyterLab (trusted or not) and in nbconvert's HTML (what
nbviewer shows), and it is a plain HTML output for other readers such as GitHub; running a
cell brings the live board back.  nbval ignores widget views (their model ids are random),
so the saved outputs still equal a fresh run's.  A progress bar (tqdm's widget: a label,
a bar and a count) is saved as the text of where it ended ("small: 100% 4/4"; its
timings, different at every run, left out): its view alone showed a bar at 0% or an
error without a kernel.  Other widgets without a picture (none today) keep their view and
their saved state.  The saved files hold no random model ids, so a
rebuild changes only what changed.

Usage: python3 scripts/build_notebooks.py [--out DIR] [NAME ...]   (default: every source,
into notebooks/; with --out, into DIR, the kernel running there)
"""
from __future__ import annotations

import argparse
import html
import json
import re
import sys
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "src"
OUT = ROOT / "notebooks"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
PICTURE = "text/html"  # what a board displays beside its view (kabetopo_nb.widget.BoardWidget.picture_html)


# Each notebook is paired with its source: with jupytext in JupyterLab, editing either
# keeps the other in step (``notebooks/X.ipynb`` <-> ``notebooks/src/X.py``).
PAIRING = {"formats": "ipynb,src//py:percent"}


def notebook_from_source(src: Path):
    """The notebook jupytext reads from a percent-format source, with stable cell ids."""
    nb = jupytext.read(src, fmt="py:percent")
    nb.metadata = {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}, "jupytext": PAIRING}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{src.stem[:40]}-{i}"  # stable cell ids: no churn in diffs
        cell["metadata"] = {}
    return nb


def execute(nb, folder: Path):
    """Run every cell in a fresh python3 kernel started in FOLDER (widget state recorded;
    no execution timings, which would change every cell's metadata at every build)."""
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True, record_timing=False,
                   resources={"metadata": {"path": str(folder)}}).execute()
    return nb


def progress_text(saved: dict, model_id: str) -> str | None:
    """Where a tqdm progress bar ended, as text ("small: 100% 4/4"), or None when the
    widget is not one: tqdm.notebook shows an HBox of a label, a FloatProgress and a count."""
    box = saved.get(model_id, {})
    children = [c.removeprefix("IPY_MODEL_") for c in box.get("state", {}).get("children", [])]
    parts = [saved.get(c, {}) for c in children]
    if box.get("model_name") != "HBoxModel" or [p.get("model_name") for p in parts] != [
            "HTMLModel", "FloatProgressModel", "HTMLModel"]:
        return None
    label = html.unescape(parts[0]["state"].get("value", "")).replace("\u2007", " ").strip()
    count = html.unescape(parts[2]["state"].get("value", "")).replace("\u2007", " ").strip()
    return f"{label} {count.split(' [')[0]}".strip()  # the [elapsed<left, rate] part changes every run


def keep_for_readers(nb):
    """Drop the live widget view from every output that carries a static picture, save a
    progress bar as the text of where it ended, and drop the saved state of every widget no
    remaining view shows (see the module docstring)."""
    saved = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and PICTURE in data:
                del data[WIDGET_VIEW]
            elif WIDGET_VIEW in data:
                ended = progress_text(saved, data[WIDGET_VIEW]["model_id"])
                if ended is not None:
                    output["data"] = {"text/plain": ended}
    shown = {output["data"][WIDGET_VIEW]["model_id"]
             for cell in nb.cells for output in cell.get("outputs", [])
             if WIDGET_VIEW in output.get("data", {})}
    needed, todo = set(), [m for m in shown if m in saved]
    while todo:  # a shown widget needs the widgets it refers to (its layout, children ...)
        model_id = todo.pop()
        if model_id not in needed:
            needed.add(model_id)
            refs = re.findall(r"IPY_MODEL_([\w-]+)", json.dumps(saved[model_id]))
            todo.extend(m for m in refs if m in saved)
    if needed:
        nb.metadata["widgets"][WIDGET_STATE]["state"] = {m: s for m, s in saved.items() if m in needed}
    else:
        nb.metadata.pop("widgets", None)
    return nb


def join_streams(nb):
    """One output per run of printed text: how the kernel cut it into messages depends on
    timing, and would change the saved file from build to build (nbval joins them too)."""
    for cell in nb.cells:
        joined = []
        for output in cell.get("outputs", []):
            last = joined[-1] if joined else None
            if (output.get("output_type") == "stream" and last is not None
                    and last.get("output_type") == "stream" and last.get("name") == output.get("name")):
                last["text"] += output["text"]
            else:
                joined.append(output)
        if "outputs" in cell:
            cell["outputs"] = joined
    return nb


def build(src: Path, out_dir: Path = OUT) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    nb = join_streams(keep_for_readers(execute(notebook_from_source(src), out_dir)))
    out = out_dir / f"{src.stem}.ipynb"
    nbformat.write(nb, out)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="sources to build (file stems or names); default: all")
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write the notebooks to")
    args = parser.parse_args(argv)
    sources = sorted(SRC.glob("*.py"))
    if args.names:
        sources = [s for s in sources if s.stem in args.names or s.name in args.names]
    for src in sources:
        print("built", build(src, args.out.resolve()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
