"""The SVG renderer, tested on the drawing's structure (classes, ids, targets), never on pixels.

The drawing is parsed with ``xml.etree.ElementTree``; every test asks what a reader of the
SVG (a browser test, a screen reader, the widget's front end) relies on: semantic classes,
stable content-derived ids, ``data-target`` names and the text alternative.
"""
from __future__ import annotations

import ast
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kabetopo_nb.kabetopo import KabetopoState, Position, parse_position
from kabetopo_nb.kabetopo.engine import decision
from kabetopo_nb.kabetopo.geometry import LINES, NUM_SQUARES, line_name, square_name
from kabetopo_nb.kabetopo.status import describe_position, status_line
from kabetopo_nb.render import Option, board_svg

from helpers import by_id, classes, parse, with_class

ROOT = Path(__file__).resolve().parents[2]

# Every kind of piece at once: a door (c2n, between the walls b2n and d2n), a plain wall
# (a5e), setup and dropped monoliths, setup and dropped portals, a lock on a portal side,
# runners carrying stones and stones left on the Mountain.
RICH = (
    "lines=Wb2n,Wc2n,Wd2n,Wa5e,M*c3e,Ma4n,P*e3n,P*b5e,Pe5e;locks=e3n;"
    "runners=Ec4+1,Sd2+1,Wa1,Na6;stones=2;order=E,S;"
    "pools=E:w1m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w2m1p1l0s1;turn=S"
)
PLAIN = "runners=Ef6,Sf1,Wa1,Na6;turn=E"


def polygon_centre(el: ET.Element) -> tuple[float, float]:
    nums = [float(v) for v in re.split(r"[ ,]+", el.get("points").strip())]
    xs, ys = nums[0::2], nums[1::2]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def draw(text: str = RICH, **options) -> ET.Element:
    return parse(board_svg(parse_position(text), **options))


# --- squares, orientation, labels ---------------------------------------------------------


def test_every_square_is_a_polygon_with_class_and_id():
    root = draw(PLAIN)
    squares = with_class(root, "kb-square")
    assert len(squares) == NUM_SQUARES
    for sq in range(NUM_SQUARES):
        el = by_id(root, f"sq-{square_name(sq)}")
        assert el.tag == "polygon"
        assert {"kb-square", f"kb-sq-{square_name(sq)}"} <= classes(el)


def test_corners_and_mountain_are_marked():
    root = draw(PLAIN)
    corners = {el.get("id").rsplit("-", 1)[1] for el in with_class(root, "kb-corner")}
    assert corners == {"a1", "a6", "f1", "f6"}
    mountains = [el for el in with_class(root, "kb-mountain") if el.tag == "polygon"]
    assert [el.get("id").rsplit("-", 1)[1] for el in mountains] == ["c4"]
    site = by_id(root, "site-c4")
    assert {"kb-site", "kb-mountain"} <= classes(site)


def test_diamond_orientation():
    root = draw(PLAIN)
    centre = {name: polygon_centre(by_id(root, f"sq-{name}")) for name in ("a6", "f6", "f1", "a1")}
    assert centre["a6"][1] < centre["f1"][1]  # North (a6) above South (f1)
    assert centre["f6"][0] > centre["a1"][0]  # East (f6) right of West (a1)
    # and they form a diamond: North and South share a column, East and West a row
    assert centre["a6"][0] == pytest.approx(centre["f1"][0])
    assert centre["f6"][1] == pytest.approx(centre["a1"][1])


def test_compass_labels_sit_at_their_corners():
    root = draw(PLAIN)
    labels = {el.text: (float(el.get("x")), float(el.get("y"))) for el in with_class(root, "kb-compass")}
    assert set(labels) == {"N", "E", "S", "W"}
    assert labels["N"][1] == min(y for _, y in labels.values())
    assert labels["S"][1] == max(y for _, y in labels.values())
    assert labels["E"][0] == max(x for x, _ in labels.values())
    assert labels["W"][0] == min(x for x, _ in labels.values())


def test_coordinates_toggle():
    assert with_class(draw(PLAIN), "kb-coord") == []
    coords = with_class(draw(PLAIN, coordinates=True), "kb-coord")
    assert sorted(el.text for el in coords) == sorted(square_name(sq) for sq in range(NUM_SQUARES))


# --- pieces ---------------------------------------------------------------------------------


def test_walls_doors_monoliths_portals():
    root = draw()
    door = by_id(root, "piece-c2n")
    assert {"kb-piece", "kb-wall", "kb-door"} <= classes(door)
    assert len(with_class(door, "kb-hinge")) == 2
    for plain in ("b2n", "d2n", "a5e"):
        wall = by_id(root, f"piece-{plain}")
        assert {"kb-piece", "kb-wall"} <= classes(wall) and "kb-door" not in classes(wall)
        assert with_class(wall, "kb-hinge") == []
    for name in ("c3e", "a4n"):
        assert {"kb-piece", "kb-monolith"} <= classes(by_id(root, f"piece-{name}"))
    for name in ("e3n", "b5e", "e5e"):
        assert {"kb-piece", "kb-portal"} <= classes(by_id(root, f"piece-{name}"))
    drawn = {el.get("id").rsplit("-", 1)[1] for el in with_class(root, "kb-piece")}
    assert drawn == {"b2n", "c2n", "d2n", "a5e", "c3e", "a4n", "e3n", "b5e", "e5e"}


def test_setup_pieces_have_a_hole():
    root = draw()
    for name, setup in (("c3e", True), ("a4n", False), ("e3n", True), ("b5e", True), ("e5e", False), ("b2n", False)):
        piece = by_id(root, f"piece-{name}")
        assert ("kb-setup" in classes(piece)) is setup, name
        assert len(with_class(piece, "kb-hole")) == (1 if setup else 0), name


def test_locks_are_drawn_on_their_side():
    root = draw()
    lock = by_id(root, "lock-e3n")
    assert "kb-lock-piece" in classes(lock)
    assert len(with_class(root, "kb-lock-piece")) == 1
    # the lock on e3n faces e3: it sits nearer e3's centre than e4's
    rect = next(el for el in lock.iter() if el.tag == "rect")
    x, y = float(rect.get("x")), float(rect.get("y"))
    e3, e4 = polygon_centre(by_id(root, "sq-e3")), polygon_centre(by_id(root, "sq-e4"))
    assert (x - e3[0]) ** 2 + (y - e3[1]) ** 2 < (x - e4[0]) ** 2 + (y - e4[1]) ** 2
    other = draw(RICH.replace("locks=e3n", "locks=e4s"))
    assert with_class(other, "kb-lock-piece")[0].get("id").endswith("-lock-e4s")


def test_runners_per_seat_with_letters_and_stones():
    root = draw()
    expected = {"E": ("east", "c4", 1), "S": ("south", "d2", 1), "W": ("west", "a1", 0), "N": ("north", "a6", 0)}
    for letter, (seat, _square, stones) in expected.items():
        group = by_id(root, f"runner-{letter}")
        assert {"kb-runner-group", f"kb-{seat}"} <= classes(group)
        circle = with_class(group, "kb-runner")
        assert len(circle) == 1 and f"kb-{seat}" in classes(circle[0])
        letters = with_class(group, "kb-runner-letter")
        assert [el.text for el in letters] == [letter]
        assert len(with_class(group, "kb-stone")) == stones
    # the runner stands on its square
    c = by_id(root, "runner-E").find("circle")
    assert (float(c.get("cx")), float(c.get("cy"))) == pytest.approx(polygon_centre(by_id(root, "sq-c4")), abs=0.05)


def test_stones_on_the_mountain():
    assert len(with_class(by_id(draw(), "site-c4"), "kb-stone")) == 2
    assert len(with_class(by_id(draw(PLAIN), "site-c4"), "kb-stone")) == 4


def test_finished_and_crowded_runners():
    root = draw("runners=Ef1,Sf1,Wa1,Na6;homes=Ef1;turn=S")
    east = with_class(by_id(root, "runner-E"), "kb-runner")[0]
    assert "kb-finished" in classes(east)
    south = with_class(by_id(root, "runner-S"), "kb-runner")[0]
    assert "kb-finished" not in classes(south)
    assert (east.get("cx"), east.get("cy")) != (south.get("cx"), south.get("cy"))  # both visible


def test_summit_in_the_two_player_game():
    state = KabetopoState.new_round("kabetopo-2p", seed=3)
    root = parse(state.svg())
    summit = by_id(root, "site-d3")
    assert {"kb-site", "kb-summit"} <= classes(summit)
    assert len(with_class(summit, "kb-stone")) == 2
    assert len(with_class(by_id(root, "site-c4"), "kb-stone")) == 2
    assert {el.get("id").rsplit("-", 1)[1] for el in with_class(root, "kb-runner-group")} == {"E", "W"}
    square_marks = {el.get("id").rsplit("-", 1)[1] for el in with_class(root, "kb-mountain") if el.tag == "polygon"}
    assert square_marks == {"c4", "d3"}


# --- panel, status, theme ---------------------------------------------------------------------


def test_pools_panel():
    root = draw()
    panel = by_id(root, "pools")
    assert "kb-pools" in classes(panel)
    texts = {letter: " | ".join(t.text for t in by_id(root, f"pool-{letter}").iter("text")) for letter in "ESWN"}
    assert "walls 1 · monoliths 0" in texts["E"] and "portals 0 · locks 0" in texts["E"]
    assert "speed token spent / none" in texts["E"] and "stones 1" in texts["E"]
    assert "walls 3 · monoliths 1" in texts["S"] and "speed token +1 up" in texts["S"]
    assert "walls 2" in texts["N"] and "locks 0" in texts["N"]
    assert texts["S"].count("▶") == 1 and "▶" not in texts["E"]  # South is to play
    assert "(from f1)" in texts["S"]


def test_pools_panel_can_be_hidden():
    full, bare = draw(), draw(show_pools=False)
    assert with_class(bare, "kb-pools") == []
    assert float(bare.get("width").rstrip("px")) < float(full.get("width").rstrip("px"))


def test_status_line():
    pos = parse_position(RICH)
    root = parse(board_svg(pos))
    assert by_id(root, "status").text == status_line(pos) == "South to play: main action"
    assert by_id(draw(status="Edit mode"), "status").text == "Edit mode"
    setup = KabetopoState.before_setup()
    assert status_line(setup.position).startswith("Setup")
    extras = KabetopoState(PLAIN)
    extras.apply("step e6")
    assert status_line(extras.position).startswith("East to play: extras")


def test_theme_classes():
    assert {"kb-board", "kb-light", "kb-kabetopo"} <= classes(draw())
    dark = classes(draw(theme="dark"))
    assert {"kb-board", "kb-dark"} <= dark and "kb-light" not in dark
    with pytest.raises(ValueError):
        board_svg(parse_position(PLAIN), theme="purple")


# --- overlays ----------------------------------------------------------------------------------


def test_highlights_accept_names_and_numbers():
    root = draw(PLAIN, highlights={"e6": "move", 29: "drop", "c4": "bad"})
    assert {"kb-hl", "kb-hl-move"} <= classes(by_id(root, "hl-e6"))
    assert "kb-hl-drop" in classes(by_id(root, f"hl-{square_name(29)}"))
    assert "kb-hl-bad" in classes(by_id(root, "hl-c4"))
    assert len(with_class(root, "kb-hl")) == 3
    assert with_class(draw(PLAIN), "kb-hl") == []


def test_line_highlights():
    root = draw(PLAIN, lines={"c4n": "drop", "d5s": "drop"})
    hl = with_class(root, "kb-hl-line")
    assert len(hl) == 2 and all("kb-hl-drop" in classes(el) for el in hl)


def test_path_dashes_a_teleport_between_non_neighbours():
    root = draw(PLAIN, path=["b4", "b5", "e3"])
    segments = with_class(root, "kb-path")
    assert len(segments) == 2
    assert "kb-teleport" not in classes(segments[0])  # b4-b5: a step
    assert "kb-teleport" in classes(segments[1])  # b5-e3: through a portal


def test_arrows_use_a_marker_named_by_the_prefix():
    root = draw(PLAIN, arrows=[("f6", "e6"), ("a1", "a2")])
    prefix = root.get("id")
    marker = by_id(root, "arrowhead")
    assert marker.tag == "marker"
    arrows = with_class(root, "kb-arrow")
    assert len(arrows) == 2
    assert all(a.get("marker-end") == f"url(#{prefix}-arrowhead)" for a in arrows)
    assert root.find("defs").find("marker") is marker


def test_marks():
    root = draw(PLAIN, marks={"c4": "!", "d5": "2"})
    assert sorted(el.text for el in with_class(root, "kb-mark")) == ["!", "2"]


def test_options_are_clickable_actions():
    options = [Option("teleport b5e", "sd:b5e", "T"), Option("door c2n c3w", "ln:c3w", "1"), Option("bump d4", "sq:d4")]
    root = draw(options=options)
    circles = with_class(root, "kb-option")
    assert [c.get("data-target") for c in circles] == ["act:teleport b5e", "act:door c2n c3w", "act:bump d4"]
    # what each does, in words, a line by its own name (c3w is the line b3e), after its mark
    assert [c.get("aria-label") for c in circles] == ["option T: teleport through b5e",
                                                      "option 1: door c2n swung onto b3e", "bump d4"]
    assert [el.text for el in with_class(root, "kb-option-label")] == ["T", "1"]
    assert "kb-option-group" in classes(by_id(root, "opt-0"))
    with pytest.raises(ValueError):
        draw(options=[Option("end", "xx:c4")])


def test_selected_runner():
    root = draw(PLAIN, selected="f6")
    east = with_class(by_id(root, "runner-E"), "kb-runner")[0]
    assert "kb-selected" in classes(east)
    assert with_class(draw(PLAIN), "kb-selected") == []


# --- interactivity ------------------------------------------------------------------------------


def test_interactive_targets_every_square_and_line():
    root = draw(PLAIN, interactive=True)
    targets = [el.get("data-target") for el in root.iter() if el.get("data-target")]
    square_targets = {el.get("data-target") for el in with_class(root, "kb-square")}
    assert square_targets == {f"sq:{square_name(sq)}" for sq in range(NUM_SQUARES)}
    line_targets = [el.get("data-target") for el in with_class(root, "kb-line-target")]
    assert len(line_targets) == len(LINES) == 60
    assert set(line_targets) == {f"ln:{line_name(ln)}" for ln in LINES}
    # a runner is clicked as its square
    east = with_class(by_id(root, "runner-E"), "kb-runner")[0]
    assert east.get("data-target") == "sq:f6"
    assert all(t.split(":")[0] in ("sq", "ln") for t in targets)
    assert all(el.get("aria-label") for el in root.iter() if el.get("data-target"))
    # a role that permits the label (axe: aria-prohibited-attr), inside the drawing's role="img"
    assert all(el.get("role") == "img" for el in root.iter() if el.get("aria-label"))


def test_not_interactive_has_no_targets():
    root = draw(PLAIN)
    assert [el for el in root.iter() if el.get("data-target")] == []
    assert with_class(root, "kb-line-target") == []


# --- text alternative -----------------------------------------------------------------------------


def test_title_and_desc_mention_every_runner_and_piece():
    pos = parse_position(RICH)
    root = parse(board_svg(pos))
    title, desc = root.find("title"), root.find("desc")
    assert list(root)[:2] == [title, desc]  # first children
    assert title.text == root.get("aria-label")
    assert "kabetopo-4p" in title.text and "South to play" in title.text
    text = desc.text
    assert text == describe_position(pos)
    for runner in ("East's runner on c4, carrying 1 stone", "South's runner on d2", "West's runner on a1",
                   "North's runner on a6"):
        assert runner in text
    for piece in ("door on c2n", "wall on b2n", "wall on d2n", "wall on a5e", "setup monolith on c3e",
                  "monolith on a4n", "setup portal on e3n", "setup portal on b5e", "portal on e5e"):
        assert piece in text
    assert "Locks on e3n" in text and "2 stones on c4" in text
    for seat in ("East", "South", "West", "North"):
        assert f"{seat}'s pool:" in text
    assert root.get("role") == "img"


# --- determinism ------------------------------------------------------------------------------------

_SUBPROCESS = """
import sys
from kabetopo_nb.kabetopo import parse_position
from kabetopo_nb.render import board_svg
sys.stdout.write(board_svg(parse_position(sys.argv[1]), coordinates=True, arrows=[("f6", "e6")],
                           highlights={"e6": "move"}, interactive=True))
"""


def test_same_drawing_same_bytes_in_one_process_and_another():
    pos = parse_position(RICH)
    options = {"coordinates": True, "arrows": [("f6", "e6")], "highlights": {"e6": "move"}, "interactive": True}
    first = board_svg(pos, **options)
    board_svg(parse_position(PLAIN), **options)  # drawing something else in between changes nothing
    assert board_svg(parse_position(RICH), **options) == first
    out = subprocess.run([sys.executable, "-c", _SUBPROCESS, RICH], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out == first


def test_different_positions_or_options_get_different_prefixes():
    a = draw(PLAIN).get("id")
    b = draw(RICH).get("id")
    c = draw(PLAIN, highlights={"e6": "move"}).get("id")
    assert len({a, b, c}) == 3
    assert all(re.fullmatch(r"kb[0-9a-f]{8}", p) for p in (a, b, c))
    assert draw(PLAIN, id_prefix="mine").get("id") == "mine"


def test_ids_are_unique_and_share_the_prefix():
    root = draw(options=[Option("end", "sq:c4", "E")], arrows=[("c4", "c5")], highlights={"c5": "move"},
                interactive=True, coordinates=True)
    prefix = root.get("id")
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert all(i == prefix or i.startswith(prefix + "-") for i in ids)


# --- entry points --------------------------------------------------------------------------------------


def test_repr_svg_of_position_and_state():
    pos = parse_position(RICH)
    state = KabetopoState(RICH)
    assert pos._repr_svg_() == board_svg(pos) == state._repr_svg_()
    assert parse(Position.from_text(RICH)._repr_svg_()).tag == "svg"
    assert state.svg(theme="dark") == board_svg(pos, theme="dark")


def test_save_svg_writes_a_file(tmp_path):
    state = KabetopoState(RICH)
    path = tmp_path / "board.svg"
    state.save_svg(path, coordinates=True)
    assert path.read_text(encoding="utf-8") == board_svg(state.position, coordinates=True)
    assert parse(path.read_text(encoding="utf-8")).tag == "svg"


def test_status_matches_the_engine_decision():
    state = KabetopoState.new_round(seed=5)
    d = decision(state.position)
    assert status_line(state.position) == f"{d.seat} to play: {d.kind}"


# --- layering: the renderer reads the engine, never the reverse -----------------------------------------


def _top_level_imports(path: Path) -> list[str]:
    """Modules imported at a module's top level (including under if/try), not inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if isinstance(node, ast.ClassDef):  # class bodies run at import time
                    visit(node.body)
                continue
            if isinstance(node, ast.Import):
                names.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = "." * node.level + (node.module or "")
                names.append(base)
                names.extend(f"{base}.{a.name}" if node.module else f"{base}{a.name}" for a in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):
                visit(getattr(node, field, []) or [])

    visit(tree.body)
    return names


def test_renderer_imports_the_engine():
    names = _top_level_imports(ROOT / "kabetopo_nb" / "render" / "kabetopo_svg.py")
    assert any(n.startswith("..kabetopo") for n in names)


def test_importing_the_engine_loads_no_renderer():
    code = ("import sys, kabetopo_nb.kabetopo as k; k.KabetopoState.new_round(seed=1).legal_actions.names(); "
            "print(sorted(m for m in sys.modules if m.startswith('kabetopo_nb.render')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


# --- issue 11: kinds of highlight, layout, readability ------------------------------------------------

from kabetopo_nb.render import (  # noqa: E402
    dakapo_svg,
    kabetopo_svg,  # noqa: E402
    kaomi_svg,
)

RENDERER_STYLES = {"kabetopo": kabetopo_svg.STYLE, "dakapo": dakapo_svg.STYLE, "kaomi": kaomi_svg.STYLE}


def css_rules(style: str) -> list[tuple[str, str]]:
    """(selector, declarations) of every rule of a style sheet (at-rules' own rules included)."""
    return [(sel.strip(), body) for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", style)]


def font_sizes(style: str) -> dict[str, float]:
    """class -> font-size in px, read from the style's rules (the last class of each selector)."""
    sizes = {}
    for sel, body in css_rules(style):
        m = re.search(r"font-size:\s*([\d.]+)px", body)
        if m:
            for part in sel.split(","):
                cls = re.findall(r"\.([\w-]+)", part)
                if cls:
                    sizes[cls[-1]] = float(m.group(1))
    return sizes


def text_box(el: ET.Element, sizes: dict[str, float]) -> tuple[float, float, float, float]:
    """A generous estimate of a text's box (x0, y0, x1, y1): 0.62 em per character (bold
    sans-serif averages under 0.6 em), ascent 0.8 em, descent 0.25 em."""
    size = next((sizes[c] for c in reversed(el.get("class", "").split()) if c in sizes), 16.0)
    x, y = float(el.get("x")), float(el.get("y"))
    width = len(el.text or "") * 0.62 * size
    anchor = el.get("text-anchor", "start")
    x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return x0, y - 0.8 * size, x0 + width, y + 0.25 * size


def assert_texts_inside(svg: str, style: str) -> None:
    root = parse(svg)
    _, _, w, h = (float(v) for v in re.split(r"[ ,]+", root.get("viewBox").strip()))
    sizes = font_sizes(style)
    for el in root.iter("text"):
        x0, y0, x1, y1 = text_box(el, sizes)
        assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h, f"{el.text!r} at {(x0, y0, x1, y1)} leaves 0 0 {w} {h}"


@pytest.mark.parametrize("text", [
    "runners=Ef1,Sa1,Wa1,Na6;homes=Ef1,Sa1;stones=2;order=E,S;turn=W",  # two home (bug 7: "home #1 on a1" clipped)
    "runners=Ea6,Sf6,Wf1,Nf1;homes=Ea6,Sf6,Wf1;stones=1;order=E,S,W;turn=N",  # three home
])
def test_pools_panel_text_stays_inside_the_drawing(text):
    pos = parse_position(text)
    svg = board_svg(pos, coordinates=True, highlights={"c4": "speed", "c3": "leap", "d4": "move"})
    assert_texts_inside(svg, kabetopo_svg.STYLE)
    texts = [t.text for t in parse(svg).iter("text")]
    assert any("home #1 on " in t for t in texts)


def test_every_ruleset_and_every_game_keeps_its_text_inside():
    from kabetopo_nb.dakapo import DakapoState
    from kabetopo_nb.kaomi import KaomiState

    for rules in ("kabetopo-4p", "kabetopo-3p", "kabetopo-2p"):
        state = KabetopoState.new_round(rules, seed=2)
        assert_texts_inside(board_svg(state.position, coordinates=True), kabetopo_svg.STYLE)
    dakapo = DakapoState()
    dakapo.apply(dakapo.legal_actions.names()[0])
    assert_texts_inside(dakapo_svg.board_svg(dakapo.position, coordinates=True), dakapo_svg.STYLE)
    assert_texts_inside(kaomi_svg.board_svg(KaomiState().position, coordinates=True), kaomi_svg.STYLE)


@pytest.mark.parametrize("game", sorted(RENDERER_STYLES))
def test_labels_are_at_least_12px(game):
    sizes = font_sizes(RENDERER_STYLES[game])
    assert sizes, "no font sizes found"
    assert {k: v for k, v in sizes.items() if v < 12} == {}


@pytest.mark.parametrize("game", sorted(RENDERER_STYLES))
def test_only_targets_take_the_pointer(game):
    """Bug 1 of issue 11, made impossible: every element but a data-target ignores the pointer."""
    rules = css_rules(RENDERER_STYLES[game])
    assert (".kb-board *", " pointer-events: none; ") in rules
    for sel, body in rules:
        if "pointer-events" in body and "none" not in body:
            assert sel == ".kb-board [data-target]", f"{sel} takes the pointer"


@pytest.mark.parametrize("game", sorted(RENDERER_STYLES))
def test_static_drawings_follow_a_dark_page(game):
    style = RENDERER_STYLES[game]
    assert "@media (prefers-color-scheme: dark)" in style
    assert '[data-jp-theme-light="false"]' in style
    dark_vars = [body for sel, body in css_rules(style) if sel.endswith(".kb-dark")][0]
    for sel, body in css_rules(style):
        if sel.endswith(".kb-auto"):
            assert body == dark_vars, sel


def test_auto_is_the_default_theme_and_draws_light_classes():
    assert {"kb-light", "kb-auto"} <= classes(draw())
    assert "kb-auto" not in classes(draw(theme="light")) | classes(draw(theme="dark"))


HIGHLIGHTS = {"d5": "speed", "c3": "leap", "d4": "move", "c5": "select", "b4": "drop", "e4": "bad"}


def test_highlight_kinds_are_named_and_drawn_apart():
    """Bug 5 of issue 11 (drawing): a speed move and a leapfrog landing do not look like a step."""
    root = draw(PLAIN, highlights=HIGHLIGHTS, interactive=True)
    for sq, kind in HIGHLIGHTS.items():
        hl = by_id(root, f"hl-{sq}")
        assert {"kb-hl", f"kb-hl-{kind}"} <= classes(hl)
        assert hl.find("title").text == f"{sq}: {kabetopo_svg.HIGHLIGHT_KINDS[kind]}"
        assert by_id(root, f"sq-{sq}").get("aria-label") == f"square {sq}, {kabetopo_svg.HIGHLIGHT_KINDS[kind]}"
    assert by_id(root, "hl-d5").find("title").text == "d5: speed move"
    glyphs = {next(c for c in classes(el) if c.startswith("kb-glyph-")) for el in with_class(root, "kb-hl-glyph")
              if el in list(with_class(root, "kb-highlights")[0])}
    assert glyphs == {"kb-glyph-leap", "kb-glyph-speed"}
    # not by colour alone: each kind of move has its own outline pattern or glyph
    rules = css_rules(kabetopo_svg.STYLE)

    def dash(kind):
        found = [b for s, b in rules if f".kb-hl-{kind}" in s and "stroke-dasharray" in b]
        return re.search(r"stroke-dasharray:\s*([^;]+)", found[-1]).group(1) if found else None

    signatures = {(dash(k), k in kabetopo_svg.GLYPHS) for k in ("move", "leap", "speed", "select")}
    assert len(signatures) == 4


def test_the_legend_lists_the_kinds_on_the_board():
    root = draw(PLAIN, highlights={"d5": "speed", "d4": "move"})
    legend = by_id(root, "legend")
    assert [t.text for t in legend.iter("text")] == ["move", "speed move"]
    assert with_class(draw(PLAIN), "kb-legend") == []


def test_old_highlight_kinds_still_draw():
    root = draw(PLAIN, highlights={"e6": "move", "c4": "bad", "d4": "drop", "e5": "select"})
    assert {c for el in with_class(root, "kb-hl") for c in classes(el) if c.startswith("kb-hl-")} == {
        "kb-hl-move", "kb-hl-bad", "kb-hl-drop", "kb-hl-select"}


def circles(root, cls):
    return [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in with_class(root, cls)]


def overlap(a, b) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) < a[2] + b[2] - 0.01


CROWDED_OPTIONS = [
    Option("teleport c4e", "sd:c4e", "T"), Option("exit c4s", "sd:c4s", "1"), Option("exit d4w", "sd:d4w", "2"),
    Option("exit c4w", "sd:c4w", "3"), Option("bump c5", "sq:c5", "B"), Option("bump c5 again", "sq:c5", "B"),
    Option("door c3n c4e", "ln:c3n", "1"), Option("door c3n c3e", "ln:c3n", "2"), Option("lock f1n", "sd:f1n", "L"),
]


def test_option_badges_never_cover_runners_stones_or_each_other():
    root = draw("runners=Ec4+1,Sd4,Wf1,Nf1;stones=2;order=E;turn=E", options=CROWDED_OPTIONS)
    badges = circles(root, "kb-option")
    assert len(badges) == len(CROWDED_OPTIONS)
    covered = circles(root, "kb-runner") + circles(root, "kb-stone-halo") + circles(root, "kb-stone")
    for i, badge in enumerate(badges):
        assert not any(overlap(badge, other) for other in covered), CROWDED_OPTIONS[i]
        assert not any(overlap(badge, other) for other in badges[i + 1:]), CROWDED_OPTIONS[i]


def test_mountain_stones_stay_visible_under_a_runner():
    root = draw("runners=Ec4,Sf1,Wa1,Na6;turn=S")
    site = circles(by_id(root, "site-c4"), "kb-stone")
    assert len(site) == 4
    runner = circles(by_id(root, "runner-E"), "kb-runner")[0]
    assert not any(overlap(runner, stone) for stone in site)
    # drawn after the runners, so nothing is painted over them
    order = [el.get("id", "") for el in root]
    assert order.index(f"{root.get('id')}-site-c4") > max(
        i for i, el in enumerate(root) if "kb-runners" in classes(el))


def test_the_stack_has_two_colours_and_a_carried_stone_shows_its_own():
    # 4 stones: the two dark ones on top (First and Second Stone), then the two light ones
    full = [el for el in with_class(by_id(draw(PLAIN), "site-c4"), "kb-stone")]
    assert sorted(c for el in full for c in classes(el) if c.startswith("kb-stone-")) == [
        "kb-stone-dark", "kb-stone-dark", "kb-stone-light", "kb-stone-light"]
    root = draw()  # RICH: East and South took the two dark stones, two light ones are left
    left = with_class(by_id(root, "site-c4"), "kb-stone")
    assert all("kb-stone-light" in classes(el) for el in left) and len(left) == 2
    east = by_id(root, "runner-E")
    carried = with_class(east, "kb-carried")
    assert len(carried) == 1 and "kb-stone-dark" in classes(carried[0])
    assert len(with_class(east, "kb-stone-halo")) == 1  # a ring that sets it off from the runner
    assert float(carried[0].get("r")) >= 4
    runner = circles(east, "kb-runner")[0]
    cx, cy = float(carried[0].get("cx")), float(carried[0].get("cy"))
    assert math.hypot(cx - runner[0], cy - runner[1]) > runner[2] - 4  # it reaches past the runner's edge
