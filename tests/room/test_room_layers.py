"""The room's core imports no web framework and no UI: ``protocol``, ``store``, ``tables`` and
``room`` are driven by any host (a tornado server, a hub service, a test), so none of them
imports tornado, jupyter_server, ipywidgets (nor anything else that serves or shows: the
package's own transports ``widget`` and ``boards`` included), at import time or inside a
function; and importing them loads none of those (in a fresh interpreter).  The scan is the
one of ``tests/contracts/test_layers.py``, for these four files."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "kabetopo_nb"
CORE = ("protocol", "store", "tables", "room")
WEB_AND_UI = {"tornado", "jupyter_server", "jupyterhub", "ipywidgets", "anywidget", "traitlets", "IPython"}
TRANSPORTS = {"widget", "boards"}


def imports(path: Path, package: Path = PACKAGE) -> list[str]:
    """Every module ``path`` imports, as written (relative imports resolved to ``kabetopo_nb.*``),
    wherever the import statement is (module level, functions, classes)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = path.parent.relative_to(package.parent).parts
                base = base[: len(base) - (node.level - 1)]
                out.append(".".join([*base, *(node.module or "").split(".")]).rstrip("."))
            else:
                out.append(node.module or "")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__"):
                out.append(f"<dynamic import {ast.unparse(node)}>")
    return out


def _forbidden(imported: str) -> bool:
    parts = imported.split(".")
    return (parts[0] in WEB_AND_UI or imported.startswith("<dynamic")
            or (parts[0] == "kabetopo_nb" and len(parts) > 1 and parts[1] in TRANSPORTS))


@pytest.mark.parametrize("module", CORE)
def test_the_rooms_core_imports_no_web_framework_and_no_ui(module):
    found = imports(PACKAGE / "room" / f"{module}.py")
    assert found, f"no imports read from room/{module}.py"
    assert [i for i in found if _forbidden(i)] == []


def test_the_scan_sees_web_ui_and_transport_imports_anywhere_in_a_file(tmp_path):
    package = tmp_path / "kabetopo_nb"
    (package / "room").mkdir(parents=True)
    source = ("import tornado.web\nfrom ..widget import BoardWidget\nclass C:\n    def f(self):\n"
              "        from jupyter_server import serverapp\n        import ipywidgets as w\n"
              "from . import tables\n")
    module = package / "room" / "probe.py"
    module.write_text(source, encoding="utf-8")
    found = sorted(imports(module, package))
    assert found == ["ipywidgets", "jupyter_server", "kabetopo_nb.room", "kabetopo_nb.widget", "tornado.web"]
    assert [_forbidden(i) for i in found] == [True, True, False, True, True]


def test_importing_the_room_loads_no_web_framework_and_no_ui():
    code = ("import sys, kabetopo_nb.room.protocol, kabetopo_nb.room.store, kabetopo_nb.room.tables, "
            f"kabetopo_nb.room.room; print(sorted(m for m in {sorted(WEB_AND_UI)!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_the_notebooks_names_import_from_the_package_without_sqlite():
    """``from kabetopo_nb.room import RoomBoard, join_room`` in JupyterLite's kernel (Pyodide has
    no ``_sqlite3``): the package's lazy names reach the notebooks' modules without loading the
    store, and every name the package lists resolves.  A board is an anywidget, and this
    CPython's IPython imports sqlite3 for its history: so for the boards the kernel's own stack
    is loaded first, then sqlite3 is taken away and blocked, and the room must not ask for it."""
    blocked = "sys.modules['_sqlite3'] = None\n"
    kernel_first = ("import anywidget\n"  # IPython: a kernel has it already (here it loads sqlite3)
                    "for name in [m for m in sys.modules if m.split('.')[0] in ('sqlite3', '_sqlite3')]:\n"
                    "    del sys.modules[name]\n"
                    "sys.modules['_sqlite3'] = sys.modules['sqlite3'] = None\n")
    check = ("print(sorted(m for m in ('sqlite3', 'kabetopo_nb.room.store', 'kabetopo_nb.room.room') "
             "if sys.modules.get(m)))\n")
    for setup, names, modules in (
            (blocked, "join_room, leave_room", "learners learners"),
            (kernel_first, "RoomBoard, RoomDashboard, join_room", "seat_board teacher learners")):
        code = (f"import sys\n{setup}from kabetopo_nb.room import {names}\n"
                f"print(*(x.__module__.rsplit('.', 1)[1] for x in ({names})))\n{check}")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines() == [modules, "[]"], out.stdout + out.stderr
    code = "import kabetopo_nb.room as room; print([n for n in room.__all__ if getattr(room, n, None) is None])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
