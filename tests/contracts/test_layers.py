"""The package's layers, guarded: who may import whom, and where an import may hide in a function.

Layers, bottom up: ``core`` and the three engines (``kabetopo``, ``dakapo``, ``kaomi``);
the registry of games (``games``) and the rule reference (``reference``); then the layers
that serve every game: ``render``, ``bots``, ``lab``, ``challenges``, ``teach``; then the
controllers (``play``: what intents mean, and the transport-free ``BoardSession``); on top,
the transport (``widget``, the anywidget board), the boards made on it (``boards``) and the
package's front door (``kabetopo_nb/__init__``).

* An engine imports nothing above it (at import time or inside a function), except the lazy
  drawing hook: a state's ``svg()`` and a position's ``_repr_svg_()`` import the game's
  renderer when something is drawn.
* The controllers import no transport: nothing in ``play`` imports ``widget``, ``boards``,
  anywidget, ipywidgets or traitlets (a room's server drives the same controllers).
* An import inside a function is allowed only where ``FUNCTION_LEVEL`` lists it, with the
  reason; a new one fails here until it is given a reason (or moved to the top).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "kabetopo_nb"
ENGINES = ("core", "kabetopo", "dakapo", "kaomi")
ABOVE_ENGINES = {"games", "reference", "render", "bots", "lab", "challenges", "teach", "play", "widget", "boards"}
TRANSPORTS = {"widget", "boards"}
TRANSPORT_PACKAGES = {"anywidget", "ipywidgets", "traitlets", "IPython"}
DRAWING_HOOKS = {"svg", "_repr_svg_", "_repr_html_"}
# what draws or shows, from outside the package: never in an engine, not even in a drawing hook
UI_PACKAGES = {"IPython", "anywidget", "ipywidgets", "svgwrite", "traitlets"}

# (file, imported module) -> why it is imported inside a function.  The imported module is
# written as in the file (relative, or a third-party name); a prefix covers its submodules.
HEAVY = "the study extra (pandas, pyarrow, Dask, tqdm, matplotlib) loads only when a study runs: " \
        "it is absent in the JupyterLite site's Pyodide, where the rest of the package runs"
WIDGET = "a board factory loads the widget only when a board is made: import kabetopo_nb works without Jupyter"
DRAWING = "the engine's lazy drawing hook: the renderer imports the engine, never the reverse at import time"
NOTATION = "the notation module imports the position module (a position reads and writes itself through it)"
WARN = "warnings is imported where a deprecated name is used, to keep the package's import light"
FUNCTION_LEVEL: dict[tuple[str, str], str] = {
    ("__init__.py", ".boards"): WIDGET,
    ("__init__.py", "warnings"): WARN,
    ("kaomi/game.py", "warnings"): WARN,
    ("kabetopo/game.py", "..render"): DRAWING,
    ("dakapo/game.py", "..render"): DRAWING,
    ("kaomi/game.py", "..render"): DRAWING,
    ("kabetopo/position.py", "..render"): DRAWING,
    ("kabetopo/match.py", "..render"): DRAWING,
    ("kaomi/position.py", "..render"): DRAWING,
    ("kabetopo/position.py", ".notation"): NOTATION,
    ("dakapo/position.py", ".notation"): NOTATION,
    ("kaomi/position.py", ".notation"): NOTATION,
    ("lab/metrics.py", "pandas"): HEAVY,
    ("lab/plots.py", "matplotlib"): HEAVY,
    ("lab/study.py", "pandas"): HEAVY,
    ("lab/study.py", "pyarrow"): HEAVY,
    ("lab/study.py", "distributed"): HEAVY,
    ("lab/study.py", "numpy"): HEAVY,
    ("lab/study.py", "tqdm"): HEAVY,
    ("room/web.py", "pandas"): HEAVY + "; the room's Parquet export answers 501 without it",
    ("room/learners.py", "js"): "Pyodide's bridge to the browser exists only in JupyterLite's kernel",
    ("render/kaomi_svg.py", "IPython"): "show() displays in a notebook; the renderer itself needs no IPython",
    # the layers that serve every game load a game's modules when that game is asked for,
    # so a Dakapo study, challenge or bot does not load the Kabetopo engine, and the reverse
    ("bots/evaluation.py", "..games"): "an evaluation is looked up by game when a bot first needs one",
    ("bots/evaluation.py", "..kabetopo"): "each game's evaluation loads its own engine when made",
    ("bots/evaluation.py", "..dakapo"): "each game's evaluation loads its own engine when made",
    ("bots/evaluation.py", "..kaomi"): "each game's evaluation loads its own engine when made",
    ("bots/referee.py", "..kabetopo"): "play_match is Kabetopo's; play_game serves every game",
    ("challenges/__init__.py", ".checkers"): "a challenge's checker is made when the challenge is begun",
    ("challenges/checkers.py", "..games"): "a challenge's state is made through the registry of games",
    ("challenges/checkers.py", "..kabetopo"): "Kabetopo's checkers load its engine when a Kabetopo challenge is judged",
    ("challenges/progress.py", "."): "the progress table reads the challenge list only when it is drawn",
    ("lab/plots.py", "..kabetopo"): "the Kabetopo-only plots load its scoring when drawn",
    ("room/__init__.py", ".extension"): "the room's Jupyter server extension (tornado, jupyter_server) is "
                                        "imported only when a server loads it",
    ("lab/rows.py", "..kabetopo"): "Kabetopo's rows load its engine only for a Kabetopo study",
    ("lab/study.py", "..bots"): "a study's bots are made in the Dask worker that plays its games",
    ("lab/study.py", ".rows"): "a study's rows are made in the Dask worker that plays its games",
    ("lab/study.py", "..kabetopo"): "a Kabetopo study loads its engine only when it plays",
    ("lab/study.py", "..games"): "a study's games are made through the registry of games",
    ("play/challenge_board.py", "..games"): "a challenge's board controller is chosen by game through the registry",
    ("play/challenge_board.py", "..kabetopo"): "Kabetopo's seat names, only for a Kabetopo challenge",
    ("play/challenge_board.py", "..render"): "the 'list every square' challenges draw their own board",
    ("teach.py", ".kabetopo"): "teach serves the notebooks of every game; Kabetopo's setup loads when asked",
}


def _imports(path: Path) -> list[tuple[str, str, bool]]:
    """(imported module as written, the function it is in or '', whether inside a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, str, bool]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
            elif isinstance(child, ast.ImportFrom):
                out.append(("." * child.level + (child.module or ""), function, bool(function)))
            elif isinstance(child, ast.Import):
                out.extend((alias.name, function, bool(function)) for alias in child.names)
            else:
                if isinstance(child, ast.Call):  # importlib.import_module(...), __import__(...)
                    func = child.func
                    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                    if name in ("import_module", "__import__"):
                        out.append((f"<dynamic import {ast.unparse(child)}>", function, bool(function)))
                visit(child, function)

    visit(tree, "")
    return out


def _layer(imported: str, here: Path) -> str | None:
    """The top-level part of ``kabetopo_nb`` an import (relative or absolute) reaches, or None."""
    if imported.startswith("kabetopo_nb."):
        return imported.split(".")[1]
    if not imported.startswith("."):
        return None
    level = len(imported) - len(imported.lstrip("."))
    rest = imported.lstrip(".").split(".")
    base = here.parent.relative_to(PACKAGE).parts
    base = base[: len(base) - (level - 1)] if level > 1 else base
    parts = [*base, *[p for p in rest if p]]
    return parts[0] if parts else None


def _files():
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("engine", ENGINES)
def test_engines_import_nothing_above_them_but_the_drawing_hook(engine):
    for path in sorted((PACKAGE / engine).glob("*.py")):
        for imported, function, _ in _imports(path):
            layer = _layer(imported, path)
            assert not imported.startswith("<dynamic"), f"{engine}/{path.name}: {imported}"
            assert imported.split(".")[0] not in UI_PACKAGES, f"{engine}/{path.name} imports {imported}"
            if layer in ABOVE_ENGINES and not (layer == "render" and function in DRAWING_HOOKS):
                raise AssertionError(f"{engine}/{path.name} imports {imported} (in {function or 'the module'}): "
                                     f"engines import nothing from {', '.join(sorted(ABOVE_ENGINES))}")


def test_the_controllers_import_no_transport():
    for path in sorted((PACKAGE / "play").glob("*.py")):
        for imported, _function, _ in _imports(path):
            assert _layer(imported, path) not in TRANSPORTS, f"play/{path.name} imports {imported}"
            assert imported.split(".")[0] not in TRANSPORT_PACKAGES, f"play/{path.name} imports {imported}"


def test_every_import_inside_a_function_is_listed_with_its_reason():
    unlisted = []
    for path in _files():
        rel = path.relative_to(PACKAGE).as_posix()
        for imported, function, inside in _imports(path):
            if not inside or imported.startswith("<dynamic"):  # the registry of games imports by name on purpose
                continue
            if not any(rel == f and (imported == m or imported.startswith(m.rstrip(".") + ".") or
                                     (m.endswith(".") and imported.startswith(m)) or imported == m)
                       for (f, m) in FUNCTION_LEVEL):
                unlisted.append(f"{rel}: {function}() imports {imported}")
    assert not unlisted, "imports inside functions without a reason in FUNCTION_LEVEL:\n" + "\n".join(unlisted)


def test_every_listed_reason_is_still_used():
    used = set()
    for path in _files():
        rel = path.relative_to(PACKAGE).as_posix()
        for imported, _, inside in _imports(path):
            if inside:
                used |= {(f, m) for (f, m) in FUNCTION_LEVEL if f == rel and
                         (imported == m or imported.startswith(m.rstrip(".") + ".") or imported.startswith(m))}
    stale = sorted(set(FUNCTION_LEVEL) - used)
    assert not stale, f"FUNCTION_LEVEL lists imports that are gone: {stale}"


def test_the_layer_scan_reads_relative_imports(tmp_path):
    here = PACKAGE / "kabetopo" / "game.py"
    assert _layer("..render", here) == "render" and _layer(".notation", here) == "kabetopo"
    assert _layer("..games", here) == "games" and _layer("pandas", here) is None
    assert _layer("kabetopo_nb.play.kabetopo", here) == "play"
    module = tmp_path / "m.py"
    module.write_text("import os\ndef f():\n    from ..render import x\n    import json\n"
                      "def g():\n    import importlib\n    return importlib.import_module('kabetopo_nb.' + 'render')\n",
                      encoding="utf-8")
    found = _imports(module)
    assert found[:3] == [("os", "", False), ("..render", "f", True), ("json", "f", True)]
    assert found[3] == ("importlib", "g", True) and found[4][0].startswith("<dynamic import importlib.import_module")
