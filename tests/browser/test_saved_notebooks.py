"""Saved notebooks in a real JupyterLab, and a front end that tries to write Python state
(issue 11: bug 8 and the last two build bullets).

* A notebook saved by ``scripts/build_notebooks.py`` and opened *before running it* shows
  every board as it was (a picture of the drawing and its status line), never "Error
  displaying widget: model not found" nor the board's bare text repr: untrusted (a fresh
  clone, Binder) and trusted alike.  The three games' notebooks are built into a temporary
  folder with the build script, as the lead's rebuild makes them.  Running the notebook
  then brings the live boards back.
* A notebook a participant ran, played on and saved shows its board as it was when it is
  opened again with a fresh kernel, with the JupyterLab settings Binder gets
  (``binder/overrides.json``: ipywidgets saves the widgets' state with the notebook).
* A front end that changes the board's model itself (``model.set(...)`` and
  ``save_changes()``, as a forged or buggy script in the page could) changes nothing in
  Python, observers see nothing, and the page's model is put back.
"""
from __future__ import annotations

import html
import json
import re
import secrets
import urllib.request

import pytest

from scripts import build_notebooks

from .conftest import NOTEBOOKS as NOTEBOOKS_DIR
from .conftest import REPO, LabNotebook

NOTEBOOKS = {"kabetopo": "00-start-here", "dakapo": "20-dakapo", "kaomi": "21-kaomi"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The three games' notebooks, built by the build script into a temporary folder."""
    out = tmp_path_factory.mktemp("built-notebooks")
    return {game: build_notebooks.build(build_notebooks.SRC / f"{name}.py", out) for game, name in NOTEBOOKS.items()}


def saved_captions(path) -> list[list[str]]:
    """The status lines of each board picture saved in the notebook file."""
    nb = json.loads(path.read_text())
    pictures = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            page = "".join(output.get("data", {}).get("text/html", ""))
            if "kb-picture" in page:
                pictures.append([html.unescape(re.sub(r"<[^>]+>", "", t)) for t in re.findall(r"<p>(.*?)</p>", page)])
    return pictures


# How the notebook panel shows its saved boards.
_SHOWN_JS = """(panel) => {
  const outputs = [...panel.querySelectorAll('.jp-OutputArea-output')];
  return {
    pictures: [...panel.querySelectorAll('.kb-picture')].map(p => {
      const img = p.querySelector('img');
      return {loaded: !!img && img.complete && img.naturalWidth > 0,
              width: img ? img.getBoundingClientRect().width : 0,
              src: img ? img.getAttribute('src').slice(0, 26) : null,
              captions: [...p.querySelectorAll('p')].map(e => e.textContent)};
    }),
    errors: outputs.filter(o => /Error displaying widget|model not found/.test(o.textContent)).length,
    repr_only: outputs.filter(o => o.dataset.mimeType === 'text/plain'
                                   && /^\\w*(Board)?Widget\\(position=/.test(o.textContent.trim())).length,
    live: panel.querySelectorAll('.kb-widget svg.kb-board').length,
  };
}"""


def shown(nb) -> dict:
    return nb.panel.evaluate(_SHOWN_JS)


def wait_for_pictures(nb, count: int) -> dict:
    """Until COUNT pictures are drawn (or the state stops changing for 20 s)."""
    state = None
    for _ in range(200):
        state = shown(nb)
        if len(state["pictures"]) >= count and all(p["loaded"] for p in state["pictures"]):
            break
        nb.page.wait_for_timeout(100)
    return state


def trust(nb) -> None:
    """JupyterLab's "Trust Notebook" command, its dialog accepted (as a user who ran and
    saved the notebook would have it: JupyterLab trusts what it saved itself)."""
    nb.activate()
    nb.page.evaluate("() => { window.jupyterapp.commands.execute('notebook:trust'); }")
    nb.page.locator(".jp-Dialog .jp-mod-accept").click()
    nb.page.locator(".jp-Dialog").wait_for(state="detached")


def assert_boards_shown(state: dict, captions: list[list[str]], how: str) -> None:
    assert state["errors"] == 0, f"{how}: {state}"
    assert state["repr_only"] == 0, f"{how}: a board shown as bare text: {state}"
    assert len(state["pictures"]) == len(captions), f"{how}: {state}"
    for picture, caption in zip(state["pictures"], captions, strict=False):
        assert picture["loaded"] and picture["width"] > 100, f"{how}: {picture}"
        assert picture["src"] == "data:image/svg+xml;base64,", f"{how}: {picture}"
        assert picture["captions"] == caption, f"{how}: {picture}"


@pytest.mark.parametrize("game", list(NOTEBOOKS))
def test_a_saved_notebook_shows_its_boards_before_running(page, jupyter_lab, open_notebook, built, game):
    captions = saved_captions(built[game])
    assert captions and all(c and c[0] for c in captions), captions  # a status line under each board
    name = jupyter_lab.add_notebook(built[game])
    nb = open_notebook(page, name, run_all=False)
    # untrusted, as a fresh clone or Binder opens it: only safe output types are shown
    assert_boards_shown(wait_for_pictures(nb, len(captions)), captions, "untrusted")
    trust(nb)
    assert_boards_shown(wait_for_pictures(nb, len(captions)), captions, "trusted")
    # running it brings the live boards back in place of the pictures
    nb.run_all(widgets=len(captions))
    after = shown(nb)
    assert after["live"] >= len(captions) and after["errors"] == 0, after
    assert len(after["pictures"]) == 0, after


# The board's model in the page, reached through the widget manager of the notebook's
# first board output (nothing in the production code exposes it).
_FORGE_JS = """async ([name, values]) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (!(w.context && w.context.path === name)) continue;
    const cells = w.content.widgets;
    for (const cell of cells) {
      if (!cell.outputArea) continue;
      const view = cell.model.outputs.toJSON().find(
        o => o.data && o.data['application/vnd.jupyter.widget-view+json']);
      if (!view) continue;
      const modelId = view.data['application/vnd.jupyter.widget-view+json'].model_id;
      for (const child of cell.outputArea.widgets) {
        for (const renderer of (child.widgets || [])) {
          if (!(renderer._manager && renderer._manager.promise)) continue;
          const manager = await renderer._manager.promise;
          const model = await manager.get_model(modelId);
          window.__forgedModel = model;
          const before = {position: model.get('position'), history: model.get('history')};
          for (const [key, value] of Object.entries(values)) model.set(key, value);
          model.save_changes();
          return before;
        }
      }
    }
  }
  return null;
}"""


def test_the_page_cannot_write_the_boards_python_state(page, open_notebook):
    nb = open_notebook(page, "board", widgets=1)
    nb.run_code("seen = []\nboard.observe(lambda change: seen.append(change['name']))")
    position = json.loads(nb.run_code("import json; print(json.dumps(board.position))"))
    # (the history is not part of the page's model: it is read in Python when asked, issue 23)
    before = page.evaluate(_FORGE_JS, ["board.ipynb", {"position": "forged", "history": ["x"]}])
    assert before == {"position": position, "history": None}
    # the page's copy is put back by the kernel
    page.wait_for_function("(p) => window.__forgedModel.get('position') === p", arg=position)
    assert json.loads(nb.run_code("import json; print(json.dumps([board.position, board.history, seen]))")) \
        == [position, [], []]
    # and the board still plays: a click reaches Python and redraws
    nb.widget(0).locator('.kb-runner[data-target="sq:b1"]').first.click()
    nb.widget(0).locator('[data-target="sq:b2"]').first.click()
    page.wait_for_function("(p) => window.__forgedModel.get('position') !== p", arg=position)
    assert json.loads(nb.run_code("import json; print(json.dumps(board.history))")) == ["step b2"]


def _setting(jupyter_lab, plugin: str, raw: str | None = None) -> str:
    """Read (or, with RAW, write) the user settings of a JupyterLab plugin."""
    url = f"{jupyter_lab.url}/lab/api/settings/{plugin}"
    headers = {"Authorization": f"token {jupyter_lab.token}", "Content-Type": "application/json"}
    if raw is None:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as resp:
            return json.loads(resp.read())["raw"]
    request = urllib.request.Request(url, data=json.dumps({"raw": raw}).encode(), method="PUT", headers=headers)
    urllib.request.urlopen(request, timeout=10).read()
    return raw


@pytest.fixture
def binder_settings(jupyter_lab):
    """JupyterLab's settings as Binder has them (binder/overrides.json, installed by
    binder/postBuild), for this test only."""
    overrides = json.loads((REPO / "binder" / "overrides.json").read_text())
    before = {plugin: _setting(jupyter_lab, plugin) for plugin in overrides}
    try:
        for plugin, values in overrides.items():
            _setting(jupyter_lab, plugin, json.dumps(values))
        yield overrides
    finally:
        for plugin, raw in before.items():
            _setting(jupyter_lab, plugin, raw)


def test_a_notebook_run_and_saved_shows_its_board_when_opened_again(page, jupyter_lab, open_notebook,
                                                                      binder_settings):
    # a participant runs the notebook, plays, saves; the kernel goes (restart, new session)
    # and the notebook is opened again: the board is shown as it was, not "model not found"
    name = jupyter_lab.add_notebook(NOTEBOOKS_DIR / "board.ipynb", "played-and-saved.ipynb")
    nb = open_notebook(page, name, widgets=1)
    nb.widget(0).locator('.kb-runner[data-target="sq:b1"]').first.click()
    nb.widget(0).locator('[data-target="sq:b2"]').first.click()
    assert json.loads(nb.run_code("import json; print(json.dumps(board.history))")) == ["step b2"]
    nb.activate()
    page.evaluate("() => { window.jupyterapp.commands.execute('docmanager:save'); }")
    saved = jupyter_lab.root / name
    for _ in range(100):
        if "widget-state" in saved.read_text():
            break
        page.wait_for_timeout(100)
    jupyter_lab.shutdown_sessions()
    page.goto(jupyter_lab.lab_url(name, workspace=f"reopen-{secrets.token_hex(6)}"))
    again = LabNotebook(page, name)
    again.wait_for_kernel_idle()
    state = None
    for _ in range(300):  # until the board or an error shows
        state = shown(again)
        if state["errors"] or state["live"]:
            break
        page.wait_for_timeout(100)
    assert state["errors"] == 0 and state["live"] == 1, state
    assert again.widget(0).locator('.kb-runner[data-target="sq:b2"]').count() == 1  # East where it went
