#!/usr/bin/env python3
"""Build the teaching notebooks from their sources and store fresh outputs.

Sources are plain Python files in ``notebooks/src/`` in the "percent" format:

    # %% [markdown]
    # # A title
    # Some text.

    # %%
    state = example("leapfrog", "leap-over-one-runner")
    show(state)

Each becomes ``notebooks/<same name>.ipynb`` with a python3 kernelspec, executed in a
fresh kernel (from the notebooks folder) so the saved outputs are exactly what a fresh
run produces; ``pytest --nbval`` then checks they stay so.

Usage: python3 scripts/build_notebooks.py [NAME ...]   (default: every source)
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "src"
OUT = ROOT / "notebooks"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def parse_source(text: str) -> list:
    cells = []
    kind, lines = None, []

    def flush():
        if kind is None:
            return
        body = "\n".join(lines).strip("\n")
        if kind == "markdown":
            body = "\n".join(line[2:] if line.startswith("# ") else line.lstrip("#") for line in body.splitlines())
            cells.append(nbformat.v4.new_markdown_cell(body))
        elif body:
            cells.append(nbformat.v4.new_code_cell(body))

    for line in text.splitlines():
        if line.startswith("# %%"):
            flush()
            kind = "markdown" if "[markdown]" in line else "code"
            lines = []
        else:
            lines.append(line)
    flush()
    return cells


def build(src: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = KERNELSPEC
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = parse_source(src.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{src.stem[:40]}-{i}"  # stable cell ids: no churn in diffs
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(OUT)}}).execute()
    out = OUT / f"{src.stem}.ipynb"
    nbformat.write(nb, out)
    return out


def main(names: list[str]) -> int:
    sources = sorted(SRC.glob("*.py"))
    if names:
        sources = [s for s in sources if s.stem in names or s.name in names]
    for src in sources:
        print("built", build(src).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
