"""Real-browser tests: JupyterLab in Chromium, driven by Playwright.

Every test under ``tests/browser/`` gets the ``browser`` marker (``-m "not browser"`` leaves
them out; ``python3 -m pytest`` runs them). They need the Python package ``playwright`` (the
``test`` extra) and Debian's Chromium at ``/usr/bin/chromium`` (``.ci/run`` installs it;
``playwright install`` cannot download a browser here; ``KABETOPO_TEST_CHROMIUM=/path``
points elsewhere). When either is missing the tests are skipped with the reason, except
under ``CI=true``, where they error with it (never a silent skip in CI).

Fixtures
--------
``jupyter_lab`` (session) -> ``LabServer``
    One JupyterLab server for the whole session: free port, random token, a temporary root
    folder holding copies of ``tests/browser/notebooks/*.ipynb``, temporary user settings
    (news toast and update check off, notebook windowing off so every cell is in the DOM,
    autosave off), no user config from ``~/.jupyter``, and ``expose_app_in_browser`` so the
    helpers can read the notebook model through ``window.jupyterapp``. The kernel is this
    Python, so ``kabetopo_nb`` (installed editable; the repository is also on PYTHONPATH)
    imports. The server is always stopped at the end of the session, kernels included,
    even when tests fail.

    * ``url`` (``http://127.0.0.1:PORT``), ``token``, ``root`` (``Path``), ``log`` (the
      server's log file; its path is printed when a test fails), ``log_tail(lines=40)``
    * ``add_notebook(source, name=None) -> str``: copy a notebook file (e.g. one of the
      project's ``notebooks/``, ``REPO / "notebooks" / "x.ipynb"``) or write an
      ``nbformat`` notebook object (``name`` required) into the root; returns the name to
      pass to ``open_notebook``. Save notebooks with kernelspec metadata (python3); one
      without it gets the "Select Kernel" dialog, which the helpers answer anyway.
    * ``restore(name)``: put the file back as added (``open_notebook`` does this).
    * ``lab_url(name, workspace=None) -> str``: the URL that opens ``name`` in JupyterLab
      (token included), in a new empty workspace when one is named.
    * ``api(method, path, body=None)``: the REST API (``/api/PATH``) with the token;
      ``sessions()``; ``shutdown_sessions(path=None)`` (done after each test).

``browser`` (session) -> ``playwright.sync_api.Browser``: ``/usr/bin/chromium``, headless.

``page`` (function) -> ``playwright.sync_api.Page``
    A fresh browser context and page (1280x900, default timeout 30 s). After the test the
    page is closed and all kernel sessions are shut down, so tests share no Python state.
    On failure a screenshot and the page's console log are written to the test's
    ``tmp_path`` and their paths printed (with the server log's).

``open_notebook`` (function) -> ``open_notebook(page, name, *, run_all=True, widgets=None,
timeout=90) -> LabNotebook``
    Restores the notebook file, shuts down any old kernel session for it, opens
    ``/lab/workspaces/<fresh>/tree/NAME?token=...`` (a fresh workspace: the default one
    would reopen the notebooks of earlier tests, each starting a kernel, and leave the Run
    menu acting on another notebook; ``.ipynb`` is added when missing; a name not added yet
    is looked up in ``tests/browser/notebooks/``), answers a "Select Kernel" dialog if one
    shows, waits until the notebook's session has a kernel and it is idle, runs all cells
    from the Run menu ("Run All Cells") and waits until every code cell has run and every
    widget output is rendered; ``widgets=N`` also waits for at least N rendered widget
    views. A cell that raises fails the test at once with its traceback; so does an
    "Error displaying widget".

``LabNotebook`` (what ``open_notebook`` returns):

* ``page``, ``name``, ``panel`` (locator of the notebook panel)
* ``cells`` (locator of all cells), ``cell(i)`` (0-based)
* ``widgets`` (locator of the rendered widget outputs, in document order), ``widget(i)``;
  each is ipywidgets' renderer; the anywidget's ``el`` is inside it, so
  ``nb.widget(0).locator("svg")``, ``nb.widget(0).get_by_role("button")``, ...
* ``activate()``: make it JupyterLab's current widget (menus act on that one)
* ``run_all(timeout=60, widgets=None)``: ``activate()``, Run menu > Run All Cells, then
  ``wait_until_run``
* ``wait_for_kernel_idle(timeout=60)``; ``wait_until_run(timeout=60, widgets=None)``
* ``state()``: a dict (cells, pending, errors, kernel status, widgets in the model,
  rendered views); handy in assertion messages
* ``run_code(code, *, timeout=30, check=True) -> str``: add a code cell at the end, put
  ``code`` into it (no auto-indent), run it (Ctrl+Enter), wait for the reply and return the
  text of its outputs: stdout/stderr streams and the ``text/plain`` of results, joined and
  stripped. With ``check=True`` an exception in the cell raises ``AssertionError`` with the
  traceback; with ``check=False`` the traceback text is returned. This is how a test reads
  Python state after clicking a widget::

      nb = open_notebook(page, "smoke", widgets=1)
      nb.widget(0).locator("button").click()
      assert nb.run_code("print(counter.value)") == "1"

  The widget's comm messages reach the kernel on the same shell channel, ahead of the
  execute request, so a value set by a click is seen by the next ``run_code``; a view
  update coming back from Python is asynchronous, so wait for it in the page
  (``expect(locator).to_have_text(...)`` or ``page.wait_for_function``).

Timings (server start, browser launch, each notebook open + run all) are printed in the
terminal summary under "browser test timings".

``lite_site`` (session) -> ``LiteSite``: the JupyterLite site, built by
``scripts/build_lite.py`` (skipped when its inputs have not changed) and served by
``python3 -m http.server`` on 127.0.0.1; ``folder``, ``url``, ``notebook_url(name)``.
``lite_page`` (function): a fresh browser context (its own browser storage) where every
request to another host is aborted and recorded in ``page.offsite``; the test fails if one
was made (tests/browser/test_lite_site.py).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scripts import build_lite

from helpers import unavailable

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE / "notebooks"
REPO = HERE.parent.parent
CHROMIUM = os.environ.get("KABETOPO_TEST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# A rendered widget output: ipywidgets' WidgetRenderer is a Lumino Panel and, unlike the
# standard renderers, has no data-mime-type attribute.
WIDGET_SELECTOR = ".jp-OutputArea-output.lm-Panel:not([data-mime-type])"

# User settings for the test server: no news toast, no update check, and every cell
# attached to the DOM (with windowing, off-screen cells may be missing from it).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
    },
    # the test notebooks stay as written (open_notebook restores them anyway)
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {
        "autosave": False,
    },
}

TIMINGS: list[tuple[str, float]] = []


def _unavailable(reason: str):
    """Skip, or fail under CI=true (a browser test never silently vanishes from CI)."""
    unavailable(reason, "browser tests")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("browser test timings")
        for what, seconds in TIMINGS:
            terminalreporter.write_line(f"{seconds:7.2f} s  {what}")


# --- requirements ----------------------------------------------------------------------

@pytest.fixture(scope="session")
def _browser_requirements():
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as exc:
        _unavailable(f"the Python package playwright is not importable ({exc}); "
                     "pip install -e '.[test]'")
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(f"{CHROMIUM} is missing; apt-get install -y chromium (see .ci/run)")


# --- the JupyterLab server -------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    def __init__(self, root: Path, url: str, token: str, log: Path):
        self.root, self.url, self.token, self.log = root, url, token, log
        self._pristine: dict[str, bytes] = {}  # name -> the notebook as added

    def lab_url(self, name: str, workspace: str | None = None) -> str:
        """The URL that opens NAME; in a new, empty WORKSPACE when given (open_notebook
        uses a fresh one each time, or the default workspace would reopen the notebooks of
        earlier tests, each with a kernel of its own)."""
        where = f"workspaces/{workspace}/" if workspace else ""
        return f"{self.url}/lab/{where}tree/{_ipynb(name)}?token={self.token}"

    def add_notebook(self, source, name: str | None = None) -> str:
        """Copy a notebook file, or write an nbformat notebook, into the server's root."""
        if isinstance(source, (str, os.PathLike)):
            source = Path(source)
            name = _ipynb(name or source.name)
            data = source.read_bytes()
        else:
            import nbformat

            if not name:
                raise ValueError("name is required for a notebook object")
            name = _ipynb(name)
            data = nbformat.writes(source).encode()
        (self.root / name).write_bytes(data)
        self._pristine[name] = data
        return name

    def restore(self, name: str) -> None:
        """Put back the notebook as it was added (open_notebook does it before opening)."""
        name = _ipynb(name)
        if name in self._pristine:
            (self.root / name).write_bytes(self._pristine[name])

    # REST API
    def api(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            f"{self.url}/api/{path}", data=data, method=method,
            headers={"Authorization": f"token {self.token}",
                     "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            text = resp.read().decode()
        return json.loads(text) if text else None

    def sessions(self) -> list:
        return self.api("GET", "sessions")

    def shutdown_sessions(self, path: str | None = None) -> None:
        for s in self.sessions():
            if path is None or s.get("path") == path:
                try:
                    self.api("DELETE", f"sessions/{s['id']}")
                except urllib.error.HTTPError:
                    pass

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def _ipynb(name: str) -> str:
    return name if name.endswith(".ipynb") else name + ".ipynb"


def _stop(proc: subprocess.Popen, server: LabServer | None) -> None:
    if proc.poll() is not None:
        return
    if server is not None:  # clean shutdown: kernels are stopped too
        try:
            server.api("POST", "shutdown")
        except (OSError, ValueError):  # URLError is an OSError; the TERM below follows
            pass
        try:
            proc.wait(timeout=15)
            return
        except subprocess.TimeoutExpired:
            pass
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)  # the server's own process group (start_new_session)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="session")
def jupyter_lab(_browser_requirements, tmp_path_factory):
    base = tmp_path_factory.mktemp("jupyterlab")
    root, settings, config, runtime, workspaces = (
        base / d for d in ("root", "settings", "config", "runtime", "workspaces"))
    for d in (root, settings, config, runtime, workspaces):
        d.mkdir()
    for rel, values in LAB_SETTINGS.items():
        f = settings / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(values))

    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ)
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(workspaces),
        JUPYTER_CONFIG_DIR=str(config),  # no user config from ~/.jupyter
        JUPYTER_RUNTIME_DIR=str(runtime),
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])),
    )
    log = base / "server.log"
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
           "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
           "--LabApp.news_url=", "--LabApp.expose_app_in_browser=True"]
    server = LabServer(root, f"http://127.0.0.1:{port}", token, log)
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        server.add_notebook(nb)
    t0 = time.perf_counter()
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{server.log_tail()}",
                            pytrace=False)
            try:
                server.api("GET", "status")
                with urllib.request.urlopen(f"{server.url}/lab?token={token}", timeout=10):
                    break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer in 120 s:\n{server.log_tail()}",
                            pytrace=False)
            time.sleep(0.2)
        TIMINGS.append(("JupyterLab server start", time.perf_counter() - t0))
        yield server
    finally:
        _stop(proc, server)


# --- the browser -----------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser(_browser_requirements):
    from playwright.sync_api import sync_playwright

    t0 = time.perf_counter()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        TIMINGS.append(("Chromium launch", time.perf_counter() - t0))
        try:
            yield b
        finally:
            b.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"_browser_report_{report.when}", report)
    return report


def _watched_page(context):
    """A new page of ``context`` (30 s default timeout) and the list its console lines go to."""
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    console: list[str] = []
    pg.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    pg.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
    return pg, console


def _keep_failure_artefacts(pg, console: list[str], request, tmp_path, more: str = "") -> None:
    """When the test failed: a screenshot and the console log in its tmp_path, paths printed."""
    from playwright.sync_api import Error as PlaywrightError

    rep = getattr(request.node, "_browser_report_call", None)
    if rep is None or not rep.failed:
        return
    shot = tmp_path / "failure.png"
    try:
        pg.screenshot(path=str(shot), full_page=True)
    except PlaywrightError:
        shot = None
    log = tmp_path / "console.log"
    log.write_text("\n".join(console))
    print(f"\nbrowser failure artefacts: screenshot {shot}, console {log}{more}")


@pytest.fixture
def page(browser, jupyter_lab, request, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg, console = _watched_page(context)
    try:
        yield pg
    finally:
        _keep_failure_artefacts(pg, console, request, tmp_path, f", server log {jupyter_lab.log}")
        context.close()
        try:
            jupyter_lab.shutdown_sessions()
        except (OSError, ValueError):  # the server's log tells why; the next open retries
            pass


# --- notebooks -------------------------------------------------------------------------

# JavaScript run in the page (JupyterLab is started with expose_app_in_browser, so
# window.jupyterapp is there): how far the notebook NAME has got.
_STATE_JS = """(name) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return null;
  let panel = null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === name && w.content && w.content.model) { panel = w; break; }
  }
  if (!panel || !panel.context.isReady) return null;
  const ctx = panel.sessionContext;
  const hasKernel = !!(ctx.session && ctx.session.kernel);
  const cells = [...panel.content.model.cells];
  const cellNodes = [...panel.content.node.querySelectorAll(':scope .jp-Cell')];
  let pending = 0, widgetsInModel = 0;
  const errors = [];
  cells.forEach((cell, i) => {
    if (cell.type !== 'code') return;
    const node = cellNodes[i];
    const prompt = node ? (node.querySelector('.jp-InputPrompt') || {}).textContent || '' : '';
    if (prompt.includes('*') || (cell.sharedModel.getSource().trim() && cell.executionCount == null))
      pending += 1;
    for (const out of cell.outputs.toJSON()) {
      if (out.output_type === 'error')
        errors.push({cell: i, ename: out.ename, evalue: out.evalue,
                     traceback: (out.traceback || []).join('\\n')});
      if (out.data && out.data['application/vnd.jupyter.widget-view+json']) widgetsInModel += 1;
    }
  });
  const views = [...panel.content.node.querySelectorAll(WIDGET_SELECTOR)];
  const rendered = views.filter(v => v.firstElementChild && !/^(Loading widget|Error displaying widget)/.test(v.textContent)).length;
  const broken = views.filter(v => /^Error displaying widget/.test(v.textContent)).length;
  return {id: panel.id, cells: cells.length, pending, errors,
          kernel: hasKernel ? ctx.kernelDisplayStatus : 'no kernel',
          widgets: widgetsInModel, rendered, broken};
}"""


def _kernel_idle(state: dict) -> bool:
    # Only the session context knows; the toolbar's indicator says "idle" before a kernel
    # exists, and running cells then goes to a kernel that is about to be replaced.
    return state["cells"] > 0 and state["kernel"] == "idle"


def _strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)


class LabNotebook:
    def __init__(self, page, name: str):
        self.page, self.name = page, name
        self._panel_id = None

    @property
    def panel(self):
        if self._panel_id is None:
            state = self.state()
            if state is None:
                raise AssertionError(f"{self.name} is not open in JupyterLab")
            self._panel_id = state["id"]
        return self.page.locator(f'[id="{self._panel_id}"]')

    @property
    def cells(self):
        return self.panel.locator(".jp-Notebook .jp-Cell")

    def cell(self, i: int):
        return self.cells.nth(i)

    @property
    def widgets(self):
        return self.panel.locator(WIDGET_SELECTOR)

    def widget(self, i: int):
        return self.widgets.nth(i)

    def activate(self) -> None:
        """Make this notebook the current widget (the Run menu acts on that one)."""
        self.page.evaluate("(id) => window.jupyterapp.shell.activateById(id)",
                           self.state()["id"])

    def state(self) -> dict | None:
        return self.page.evaluate(_STATE_JS.replace("WIDGET_SELECTOR", json.dumps(WIDGET_SELECTOR)),
                                  self.name)

    def _wait(self, ok, what: str, timeout: float, fail_on_error: bool = False):
        deadline = time.monotonic() + timeout
        state = None
        while time.monotonic() < deadline:
            _answer_kernel_dialog(self.page)
            state = self.state()
            if state is not None:
                if ok(state):
                    return state
                if fail_on_error and state["errors"] and state["kernel"] == "idle":
                    e = state["errors"][0]
                    raise AssertionError(f"{self.name}: cell {e['cell']} raised "
                                         f"{e['ename']}: {e['evalue']}\n"
                                         f"{_strip_ansi(e['traceback'])}")
                if state["broken"]:
                    raise AssertionError(f"{self.name}: a widget view failed to render "
                                         "('Error displaying widget'; see the console log)")
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{self.name}: timed out after {timeout} s waiting for {what}; "
                             f"last state {state}")

    def wait_for_kernel_idle(self, timeout: float = 60) -> None:
        self._wait(_kernel_idle, "the kernel to be idle", timeout)

    def wait_until_run(self, timeout: float = 60, widgets: int | None = None) -> dict:
        def done(s):
            return (s["pending"] == 0 and _kernel_idle(s) and s["rendered"] >= s["widgets"]
                    and (widgets is None or s["rendered"] >= widgets))
        return self._wait(done, "all cells to run and widgets to render", timeout,
                          fail_on_error=True)

    def run_all(self, timeout: float = 60, widgets: int | None = None) -> dict:
        page = self.page
        self.activate()
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu:visible .lm-Menu-itemLabel",
                     has_text=re.compile(r"^Run All Cells$")).click()
        return self.wait_until_run(timeout, widgets)

    def run_code(self, code: str, *, timeout: float = 30, check: bool = True) -> str:
        """Run `code` in a new cell at the end; return the text of its outputs."""
        page = self.page
        n = self.cells.count()
        # A focused board keeps JupyterLab's shortcuts quiet (issue 4), so let go of it first.
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        self.cells.nth(n - 1).locator(".jp-InputPrompt").click()  # select the last cell
        page.keyboard.press("Escape")             # command mode
        page.keyboard.press("b")                  # insert a cell below and select it
        cell = self.cells.nth(n)
        cell.wait_for()
        cell.locator(".cm-content").click()       # edit mode in the new cell
        page.keyboard.insert_text(code)           # no auto-indent, no bracket closing
        page.keyboard.press("Control+Enter")      # run it in place
        outputs = page.wait_for_function(
            _OUTPUTS_JS, arg=[self.name, n], timeout=timeout * 1000, polling=50).json_value()
        parts, error = [], None
        for out in outputs:
            kind = out["output_type"]
            if kind == "stream":
                parts.append(out["text"])
            elif kind in ("execute_result", "display_data"):
                parts.append(out.get("data", {}).get("text/plain", ""))
            elif kind == "error":
                error = f"{out['ename']}: {out['evalue']}"
                parts.append(_strip_ansi("\n".join(out.get("traceback", []))))
        text = "\n".join(p.strip("\n") for p in parts).strip()
        if check and error:
            raise AssertionError(f"{self.name}: the code raised {error}\n{code}\n---\n{text}")
        return text


# The outputs of cell I of notebook NAME once it has run (a falsy value until then).
_OUTPUTS_JS = """([name, i]) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (!(w.context && w.context.path === name && w.content && w.content.model)) continue;
    const cell = w.content.model.cells.get(i);
    const busy = w.sessionContext.kernelDisplayStatus !== 'idle';
    if (!cell || busy || cell.executionCount == null) return null;
    return cell.outputs.toJSON();
  }
  return null;
}"""


def _answer_kernel_dialog(page) -> None:
    """Accept JupyterLab's "Select Kernel" dialog (default kernel) if it is showing."""
    dialog = page.locator(".jp-Dialog")
    if dialog.count() and "Select Kernel" in (dialog.first.inner_text() or ""):
        dialog.first.locator(".jp-Dialog-footer .jp-mod-accept").click()


@pytest.fixture
def open_notebook(jupyter_lab):
    def _open(page, name: str, *, run_all: bool = True, widgets: int | None = None,
              timeout: float = 90) -> LabNotebook:
        name = _ipynb(name)
        if not (jupyter_lab.root / name).exists():
            src = NOTEBOOKS / name
            if not src.exists():
                raise FileNotFoundError(f"{name} is neither in the server root nor in "
                                        f"{NOTEBOOKS}; use jupyter_lab.add_notebook()")
            jupyter_lab.add_notebook(src)
        jupyter_lab.shutdown_sessions(name)  # a fresh kernel, whatever ran before
        jupyter_lab.restore(name)            # and the notebook as it was added
        t0 = time.perf_counter()
        page.goto(jupyter_lab.lab_url(name, workspace=f"test-{secrets.token_hex(6)}"))
        nb = LabNotebook(page, name)
        nb.wait_for_kernel_idle(timeout)
        if run_all:
            nb.run_all(timeout, widgets)
        TIMINGS.append((f"open {name}" + (" + run all" if run_all else ""),
                        time.perf_counter() - t0))
        return nb

    return _open


# --- helpers for the drawing and accessibility tests (issue 11) -----------------------------

def png_pixels(data: bytes) -> list[list[tuple[int, int, int, int]]]:
    """Rows of (r, g, b, a) of an 8-bit RGB(A), non-interlaced PNG (a Playwright screenshot),
    decoded with the standard library alone."""
    import struct
    import zlib

    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    width = height = bpp = 0
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError("only 8-bit RGB(A), non-interlaced PNGs")
            bpp = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:(x + 1) * bpp]) + ((255,) if bpp == 3 else ()) for x in range(width)])
        prev = line
    return rows


def axe_script() -> Path:
    """axe-core's axe.min.js, as shipped inside the axe-playwright-python wheel (the test
    extra): injected into the page, nothing fetched at run time.  Skips when missing, or
    fails under CI=true, like the browser itself."""
    from importlib.resources import files

    try:
        path = Path(str(files("axe_playwright_python") / "axe.min.js"))
    except ModuleNotFoundError as exc:
        _unavailable(f"axe-core is missing ({exc}); pip install -e '.[test]' (axe-playwright-python)")
    if not path.is_file():
        _unavailable(f"{path} is missing; reinstall axe-playwright-python")
    return path


def use_jupyterlab_theme(page, dark: bool) -> None:
    """Switch JupyterLab to its Dark or Light theme and wait until the page shows it."""
    theme = "JupyterLab Dark" if dark else "JupyterLab Light"
    page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    page.wait_for_function("(d) => document.body.dataset.jpThemeLight === (d ? 'false' : 'true')", arg=dark)


# --- the JupyterLite site (issue 13) -------------------------------------------------------

KERNEL_START = 150  # seconds: Pyodide starts in 15-25 s here; a loaded CI machine is slower


def _build_site():
    return build_lite.build()


class LiteSite:
    def __init__(self, folder, url: str):
        self.folder, self.url = folder, url

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/index.html?path={name}"


@pytest.fixture(scope="session")
def lite_site(_browser_requirements):
    t0 = time.perf_counter()
    folder = _build_site()
    TIMINGS.append(("JupyterLite site build (or up-to-date check)", time.perf_counter() - t0))
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"{url}/jupyter-lite.json", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("the static file server did not start") from None
                time.sleep(0.1)
        yield LiteSite(folder, url)
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def lite_page(browser, lite_site, request, tmp_path):
    """A fresh browser context (its own storage) where only the local site can be reached;
    ``page.offsite`` records every request to another host (each one aborted)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    offsite: list[str] = []

    def route(r):
        if r.request.url.startswith(lite_site.url + "/"):
            r.continue_()
        else:
            offsite.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page, console = _watched_page(context)
    page.offsite = offsite
    try:
        yield page
    finally:
        _keep_failure_artefacts(page, console, request, tmp_path)
        context.close()
    assert not offsite, f"the site asked other hosts: {offsite[:5]}"
