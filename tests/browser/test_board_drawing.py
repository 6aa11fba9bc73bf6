"""The board's drawing, panel and keyboard in a real JupyterLab in Chromium (issue 11).

* bug 1: the centre of every lit square takes its click, in all three games;
* bug 7: no text of the drawing is clipped once someone is home (measured with getBBox);
* readable: the board keeps its size, or fills the window in presentation view; at 1280x720 the
  board and the edit tools are visible together; static drawings follow the dark theme;
* keyboard: the arrow keys move along the board's axes as drawn, the focus stays where the
  user was after an action, Escape backs out of an exit or bump choice;
* the panel's fields: headline, announcements, scoresheet, ruling texts, thinking, the
  verdicts of the options at a square ("why not here"), all text escaped.

Notebooks: tests/browser/make_notebooks.py (board_drawing: each game's board with squares
lit and a static drawing; board_panel: a scripted controller whose panel the test writes).
"""
from __future__ import annotations

import json

from playwright.sync_api import expect

from .conftest import png_pixels, use_jupyterlab_theme
from .test_board import python, renders, wait_for_redraw


def set_panel(nb, board, **fields) -> None:
    """Give the scripted board's panel these fields and redraw it."""
    before = renders(board)
    nb.run_code(f"import json; ctl.panel.update(json.loads({json.dumps(json.dumps(fields))})); board.refresh()")
    wait_for_redraw(board, before)


def box(locator) -> dict:
    b = locator.bounding_box()
    assert b is not None, f"{locator} is not shown"
    return b


# What the pointer hits at the centre of each lit square, and of every square: the name of
# the target it resolves to (itself or an ancestor), or what swallowed it.
_HIT_TEST_JS = """(el) => {
  const svg = el.querySelector('svg.kb-board');
  const out = {lit: [], squares: []};
  const hit = (node) => {
    const r = node.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    const t = top && top.closest('[data-target]');
    return {x, y, target: t ? t.getAttribute('data-target') : null,
            top: top ? top.tagName + '.' + (top.getAttribute('class') || '') : null};
  };
  for (const hl of svg.querySelectorAll('.kb-hl')) {
    const name = (hl.id || '').split('-').pop();
    out.lit.push({name, ...hit(hl)});
  }
  for (const sq of svg.querySelectorAll('.kb-square[data-target]')) {
    out.squares.push({name: sq.getAttribute('data-target').slice(3), ...hit(sq)});
  }
  return out;
}"""


def hit_test(board, game: str) -> dict:
    """Every lit square's and every square's centre resolves to that square's target."""
    board.locator("svg.kb-board").scroll_into_view_if_needed()
    found = board.locator(".kb-widget").evaluate(_HIT_TEST_JS)
    assert found["lit"], f"{game}: no lit square to test"
    wrong = [f"{h['name']}: {h['top']} -> {h['target']}" for h in found["lit"] + found["squares"]
             if h["target"] != f"sq:{h['name']}"]
    assert not wrong, f"{game}: the centre of these squares does not take their click: {wrong}"
    assert len(found["squares"]) >= 36
    return found


def click_centre(page, board, spot) -> None:
    before = renders(board)
    page.mouse.click(spot["x"], spot["y"])
    wait_for_redraw(board, before)


def test_the_centre_of_a_lit_dakapo_square_takes_its_click(page, open_notebook):
    """Bug 1, as reported: Dakapo alone on the page, red picked, a lit square's centre clicked."""
    nb = open_notebook(page, "dakapo_lit", widgets=1)
    board = nb.widget(0)
    found = hit_test(board, "dakapo")
    click_centre(page, board, found["lit"][0])
    assert python(nb, "dakapo.history") == [f"red {found['lit'][0]['name']}"]


def test_the_centre_of_every_lit_square_takes_its_click_in_every_game(page, open_notebook):
    """Bug 1, made impossible: no highlight, label, stone or ring swallows a square's click."""
    nb = open_notebook(page, "board_drawing", widgets=3)
    for i, (game, square, history, expected) in enumerate((
            ("kabetopo", "b2", "kabetopo.history", ["step b2"]),
            ("dakapo", None, "dakapo.history", None),
            ("kaomi", "c3", "kaomi.history", ["d4", "c3"]))):
        board = nb.widget(i)
        found = hit_test(board, game)
        spots = {h["name"]: h for h in found["squares"]}
        spot = spots[square] if square else found["lit"][0]
        if square == "b2":
            assert "b2" in {h["name"] for h in found["lit"]}
        click_centre(page, board, spot)
        assert python(nb, history) == (expected or [f"red {spot['name']}"])


_TEXT_OUTSIDE_JS = """(svg) => {
  const vb = svg.viewBox.baseVal;
  const out = [];
  for (const t of svg.querySelectorAll('text')) {
    const b = t.getBBox();
    if (b.x < vb.x - 0.5 || b.y < vb.y - 0.5 || b.x + b.width > vb.x + vb.width + 0.5 || b.y + b.height > vb.y + vb.height + 0.5)
      out.push(`${t.textContent} [${b.x.toFixed(1)}, ${b.y.toFixed(1)}, ${(b.x + b.width).toFixed(1)}, ${(b.y + b.height).toFixed(1)}]`);
  }
  return {out, width: vb.width, height: vb.height, texts: svg.querySelectorAll('text').length};
}"""


def test_no_text_is_clipped_once_someone_is_home(page, open_notebook):
    """Bug 7 (drawing): "home #1 on a1" ran off the player panel."""
    nb = open_notebook(page, "board_drawing", widgets=3)
    nb.run_code("from kabetopo_nb import KabetopoBoard\n"
                "home = KabetopoBoard('runners=Ef1,Sa1,Wa6,Na6;homes=Ef1,Sa1,Wa6;stones=1;order=E,S,W;turn=N')\n"
                "display(home)")
    board = nb.widget(3)
    expect(board.locator("svg.kb-board")).to_be_visible()
    for svg in (board.locator("svg.kb-board"), *(nb.widget(i).locator("svg.kb-board") for i in range(3))):
        result = svg.evaluate(_TEXT_OUTSIDE_JS)
        assert result["texts"] > 5 and result["out"] == [], result
    expect(board.locator("svg.kb-board text", has_text="home #1 on f1")).to_have_count(1)


def test_the_board_keeps_its_size_or_fills_the_window_in_presentation_view(page, open_notebook):
    nb = open_notebook(page, "board_drawing", widgets=3)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")  # room for the board and its panel
    board = nb.widget(0)
    svg = board.locator("svg.kb-board")
    page.wait_for_function("(s) => s.getBoundingClientRect().width >= s.viewBox.baseVal.width - 1",
                           arg=svg.element_handle())
    natural = float(svg.evaluate("s => s.viewBox.baseVal.width"))
    cell = box(board.locator(".kb-root"))["width"]
    assert cell > natural + 200, "the test needs a cell wider than the board"
    assert abs(box(svg)["width"] - natural) < 2  # its drawn size: 1 px a unit, labels at 12 px
    toggle = board.locator('button[data-key="view"]')
    toggle.click()  # any board has the projector's view (tests/browser/test_presentation_view.py: the match board)
    stage = page.locator(".kb-stage")
    on_stage = stage.locator("svg.kb-board")
    expect(on_stage).to_be_visible()
    expect(stage.locator('button[data-key="view"]')).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(150)
    large = box(on_stage)
    window = page.viewport_size
    assert large["width"] > natural * 1.2 or large["height"] >= window["height"] - 80
    assert large["x"] >= 0 and large["y"] >= 0
    assert large["x"] + large["width"] <= window["width"] and large["y"] + large["height"] <= window["height"]
    stage.locator('button[data-key="view"]').click()
    expect(stage).to_have_count(0)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert abs(box(svg)["width"] - natural) < 2


def test_at_1280x720_the_board_and_the_edit_tools_are_visible_together(page, open_notebook):
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = open_notebook(page, "board", widgets=1)
    board = nb.widget(0)
    before = renders(board)
    board.locator('button[data-button="edit"]').click()
    wait_for_redraw(board, before)
    buttons = board.locator(".kb-panel button[data-button]")
    assert buttons.count() >= 50  # tools, player to move, pools, done
    board.locator(".kb-root").evaluate("r => r.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(100)
    visible = page.evaluate("""(root) => {
      const inView = (r) => r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
      const shown = (n) => {  // on screen and not covered (by JupyterLab's bars, say)
        const r = n.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return inView(r) && !!top && (top === n || n.contains(top));
      };
      const svg = root.querySelector('svg.kb-board');
      const hidden = [...root.querySelectorAll('.kb-panel button[data-button]')].filter(b => !shown(b))
        .map(b => b.dataset.button);
      return {board: inView(svg.getBoundingClientRect()), hidden};
    }""", board.locator(".kb-root").element_handle())
    assert visible["board"], "the board is not wholly in the 1280x720 window"
    assert visible["hidden"] == [], f"edit buttons out of sight next to the board: {visible['hidden']}"


def test_static_drawings_follow_the_dark_theme(page, open_notebook):
    nb = open_notebook(page, "board_drawing", widgets=3)
    img = nb.cell(3).locator(".jp-OutputArea-output img").first
    expect(img).to_be_visible()
    img.scroll_into_view_if_needed()

    def corner():
        b = box(img)
        rows = png_pixels(page.screenshot(clip={"x": b["x"] + 3, "y": b["y"] + 3, "width": 4, "height": 4}))
        r, g, b_, _ = rows[1][1]
        return (r + g + b_) / 3

    assert corner() > 200  # light
    use_jupyterlab_theme(page, dark=True)
    page.wait_for_timeout(200)
    assert corner() < 60  # the drawing's own style turned dark
    use_jupyterlab_theme(page, dark=False)
    page.wait_for_timeout(200)
    assert corner() > 200


# --- keyboard --------------------------------------------------------------------------

def focused(board) -> tuple[str, float, float]:
    """The focused target's name and centre on screen."""
    return board.locator(".kb-widget").evaluate("""(el) => {
      const n = el.querySelector('.kb-focus');
      if (!n) return [el.dataset.focus || '', NaN, NaN];
      const r = n.getBoundingClientRect();
      return [n.getAttribute('data-target'), r.left + r.width / 2, r.top + r.height / 2];
    }""")


def test_arrow_keys_move_along_the_diamond_as_drawn(page, open_notebook):
    nb = open_notebook(page, "board_drawing", widgets=3)
    board = nb.widget(0)
    board.locator(".kb-root").focus()
    keys = page.keyboard
    assert focused(board)[0] == "sq:b1"  # the ring starts on the runner to move (East's, on b1)
    keys.press("ArrowLeft")
    name, x, y = focused(board)
    assert name == "sq:a1"
    # Up is rank+1, Right file+1, Down rank-1, Left file-1: one square along the board's
    # axes, each within 45 degrees of the key's direction on screen
    for key, expected, moved in (("ArrowUp", "sq:a2", lambda dx, dy: dy < -20 and dx > 0),
                                 ("ArrowRight", "sq:b2", lambda dx, dy: dx > 20 and dy > 0),
                                 ("ArrowUp", "sq:b3", lambda dx, dy: dy < -20),
                                 ("ArrowLeft", "sq:a3", lambda dx, dy: dx < -20 and dy < 0),
                                 ("ArrowDown", "sq:a2", lambda dx, dy: dy > 20 and dx < 0),
                                 ("ArrowDown", "sq:a1", lambda dx, dy: dy > 20)):
        keys.press(key)
        name2, x2, y2 = focused(board)
        assert name2 == expected, f"{key} from {name} went to {name2}"
        assert moved(x2 - x, y2 - y), f"{key} from {name} to {name2} moved by {(x2 - x, y2 - y)} on screen"
        name, x, y = name2, x2, y2
    # the top row: Up keeps going up, along the edge
    for _ in range(5):
        keys.press("ArrowUp")
    assert focused(board)[0] == "sq:a6"
    # Shift+arrows move among the lines
    keys.press("Shift+ArrowDown")
    assert focused(board)[0].startswith("ln:")
    # Dakapo's ranks run straight up: Up is straight up
    dakapo = nb.widget(1)
    dakapo.locator(".kb-root").focus()
    keys.press("ArrowDown")
    name, x, y = focused(dakapo)
    keys.press("ArrowUp")
    name2, x2, y2 = focused(dakapo)
    assert (name, name2) == ("sq:a1", "sq:a2") and abs(x2 - x) < 1 and y2 < y


def test_focus_stays_where_the_user_was_after_an_action(page, open_notebook):
    nb = open_notebook(page, "board_panel", widgets=1)
    board = nb.widget(0)
    again = board.locator('button[data-button="again"]')
    again.focus()
    before = renders(board)
    page.keyboard.press("Enter")
    wait_for_redraw(board, before)
    assert page.evaluate("() => document.activeElement.dataset.button") == "again"
    assert python(nb, "ctl.pressed") == ["again"]
    # a clicked option goes away with the redraw: the focus goes to the nearest target
    badge = board.locator('[data-target="act:exit e5s"]')
    b = box(badge)
    before = renders(board)
    badge.click()
    wait_for_redraw(board, before)
    expect(board.locator('.kb-svg [data-target^="act:"]')).to_have_count(0)
    name, x, y = focused(board)
    assert name.startswith("sq:"), name
    centre = (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    assert ((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5 < 40


def test_escape_backs_out_when_back_is_offered(page, open_notebook):
    nb = open_notebook(page, "board_panel", widgets=1)
    board = nb.widget(0)
    board.locator(".kb-root").focus()
    page.keyboard.press("Escape")  # no back button enabled: cancel
    page.wait_for_function("() => true")
    assert python(nb, "ctl.pressed") == ["cancel"]
    set_panel(nb, board, groups=[{"name": "play", "buttons": [{"id": "back", "label": "Back", "enabled": True}]}])
    board.locator(".kb-root").focus()
    before = renders(board)
    page.keyboard.press("Escape")
    wait_for_redraw(board, before)
    assert python(nb, "ctl.pressed") == ["cancel", "back"]


# --- the panel's fields ----------------------------------------------------------------

RULING = {"title": "Steps", "text": "A step goes to an orthogonal neighbour.", "source": "Rules v4.0"}


def test_the_panel_shows_every_new_field_as_text(page, open_notebook):
    nb = open_notebook(page, "board_panel", widgets=1)
    board = nb.widget(0)
    set_panel(nb, board, headline="Ben (East) to play <b>now</b>",
              announcements=[f"event {i}" for i in range(1, 8)],
              thinking="Ben is thinking…",
              refusal={"rulings": ["K-MOVE-1", "K-NONE-9"], "reason": "not next to b1 (K-MOVE-1)"},
              rulings_text={"K-MOVE-1": RULING},
              options_at=[{"action": "wall c4n", "legal": False, "rulings": ["K-INV-1"],
                           "reason": "the Mountain would be blocked"},
                          {"action": "lock c4n", "legal": True, "rulings": [], "reason": ""}])
    panel = board.locator(".kb-panel")
    head = panel.locator(".kb-headline")
    expect(head).to_have_text("Ben (East) to play <b>now</b>")  # text, never HTML
    assert head.locator("b").count() == 0
    assert float(head.evaluate("n => parseFloat(getComputedStyle(n).fontSize)")) >= 18
    log = panel.locator(".kb-log li")
    expect(log).to_have_count(5)
    assert log.all_inner_texts() == ["event 7", "event 6", "event 5", "event 4", "event 3"]
    expect(board.locator(".kb-live")).to_contain_text("event 7")
    expect(panel.locator(".kb-thinking")).to_have_text("Ben is thinking…")
    refusal = panel.locator(".kb-refusal")
    expect(refusal.locator('button[data-ruling="K-MOVE-1"]')).to_have_count(2)  # the list and the reason
    expect(refusal.locator(":scope > code.kb-ruling")).to_have_text("K-NONE-9")  # no entry: plain text
    expect(refusal.locator(".kb-options-at li")).to_have_text(
        ["wall c4n: illegal (K-INV-1): the Mountain would be blocked", "lock c4n: legal"])
    opener = refusal.locator('button[data-ruling="K-MOVE-1"]').first
    expect(opener).to_have_attribute("aria-expanded", "false")
    opener.click()
    note = panel.locator(".kb-ruling-box")
    expect(note).to_contain_text("K-MOVE-1: Steps")
    expect(note).to_contain_text(RULING["text"])
    expect(note).to_contain_text("Rules v4.0")
    panel.locator('button[data-ruling="K-MOVE-1"]').first.click()
    expect(note).to_have_count(0)
    # absent fields: nothing drawn for them
    set_panel(nb, board, headline="", announcements=[], thinking="", refusal=None, options_at=[])
    for cls in (".kb-headline", ".kb-log", ".kb-thinking", ".kb-refusal"):
        expect(panel.locator(cls)).to_have_count(0)


def test_the_scoresheet_goes_beside_a_wide_board_and_below_a_narrow_one(page, open_notebook):
    page.set_viewport_size({"width": 1900, "height": 900})
    nb = open_notebook(page, "board_panel", widgets=1)
    board = nb.widget(0)
    set_panel(nb, board, scoresheet_html="<table class='sheet'><tr><th>Ann</th><td>3</td></tr></table>")
    sheet = board.locator(".kb-sheet table.sheet")
    expect(sheet).to_be_visible()
    assert box(board.locator(".kb-root"))["width"] >= 1100
    svg = box(board.locator("svg.kb-board"))
    assert box(sheet)["x"] >= svg["x"] + svg["width"] - 1  # beside the board
    page.set_viewport_size({"width": 1000, "height": 900})
    page.wait_for_function("(r) => !r.classList.contains('kb-wide')", arg=board.locator(".kb-root").element_handle())
    svg = box(board.locator("svg.kb-board"))
    assert box(sheet)["y"] >= svg["y"] + svg["height"] - 1  # below it
