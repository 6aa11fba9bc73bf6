"""The line labels overlay of the Kabetopo renderer (issue 12): ``board_svg(line_labels=...)``
draws a short text on each named line, and ``teach.field_labels`` numbers a 2x2 field's
twelve lines with the engine's own roll-to-line mapping (K-SETUP-1), rim edges included.

Read from the drawing's structure (classes, ids, coordinates), never from pixels.
"""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.geometry import LINE_SQUARES, SIZE, line_name, parse_line, parse_square
from kabetopo_nb.kabetopo.setup import CENTRE_FIELD, PORTAL_FIELDS, field_line
from kabetopo_nb.render import board_svg
from kabetopo_nb.render.kabetopo_svg import STYLE, edge_ends, grid_to_xy, label_segment, line_ends
from kabetopo_nb.teach import field_labels

RICH = ("lines=Wb2n,Wc2n,Wd2n,Wa5e,M*c3e,Ma4n,P*e3n,P*b5e,Pe5e;locks=e3n;runners=Ec4+1,Sd2+1,Wa1,Na6;"
        "stones=2;order=E,S;turn=S")


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.split("}", 1)[1]
    return root


def labels_drawn(svg: str) -> dict[str, tuple[str, float, float, set[str]]]:
    """label id suffix -> (text, x, y of the text, classes of the label's group)."""
    root = parse(svg)
    prefix = root.get("id")
    out = {}
    for g in root.iter("g"):
        if "kb-line-label" in g.get("class", "").split():
            text = g.find("text")
            out[g.get("id").removeprefix(f"{prefix}-label-")] = (
                text.text, float(text.get("x")), float(text.get("y")), set(g.get("class").split()))
    return out


def near_middle(x: float, y: float, ends) -> bool:
    (ax, ay), (bx, by) = ends
    return math.hypot(x - (ax + bx) / 2, y - 4.2 - (ay + by) / 2) < 0.05


def test_labels_are_text_on_the_middle_of_their_lines():
    pos = KabetopoState.before_setup().position
    drawn = labels_drawn(board_svg(pos, line_labels={"c4n": "1", "b3e": "x", parse_line("d2n"): "12"}))
    assert {k: v[0] for k, v in drawn.items()} == {"c4n": "1", "b3e": "x", "d2n": "12"}
    for name, (_, x, y, _) in drawn.items():
        assert near_middle(x, y, line_ends(parse_line(name))), name


def test_a_line_is_labelled_under_the_engines_name_whichever_name_is_given():
    pos = KabetopoState.before_setup().position
    drawn = labels_drawn(board_svg(pos, line_labels={"c5s": "A", "d4w": "B"}))
    assert {k: v[0] for k, v in drawn.items()} == {"c4n": "A", "c4e": "B"}


def test_a_rim_edge_takes_a_label_marked_as_rim():
    pos = KabetopoState.before_setup().position
    drawn = labels_drawn(board_svg(pos, line_labels={"c6n": "1", "a3w": "8", "c6e": "9"}))
    assert "kb-rim" in drawn["c6n"][3] and "kb-rim" in drawn["a3w"][3] and "kb-rim" not in drawn["c6e"][3]
    assert near_middle(*drawn["c6n"][1:3], edge_ends(parse_square("c6"), 0))
    assert near_middle(*drawn["a3w"][1:3], edge_ends(parse_square("a3"), 3))


def test_no_labels_leaves_the_drawing_unchanged():
    for text in (RICH, "runners=Ef6,Sf1,Wa1,Na6;turn=E"):
        pos = KabetopoState(text).position
        plain = board_svg(pos, coordinates=True, highlights={"c4": "move"})
        assert board_svg(pos, coordinates=True, highlights={"c4": "move"}, line_labels=None) == plain
        assert board_svg(pos, coordinates=True, highlights={"c4": "move"}, line_labels={}) == plain
        assert "kb-line-label" not in plain and "kb-line-label" not in STYLE


def test_labels_only_add_to_the_drawing():
    """With its own prefix swapped back and the labels taken out, a labelled drawing is the
    plain one: labels add a style and a group, and move nothing else."""
    import re

    pos = KabetopoState(RICH).position
    plain = board_svg(pos, coordinates=True)
    labelled = board_svg(pos, coordinates=True, line_labels={"c4n": "1", "c6n": "2"})
    assert labelled != plain
    stripped = labelled.replace(parse(labelled).get("id"), parse(plain).get("id"))
    stripped = re.sub(r'<g class="kb-line-labels">.*?</g></g>', "", stripped)
    stripped = re.sub(r"<style[^>]*><!\[CDATA\[[^]]*kb-line-label-tag[^]]*\]\]></style>", "", stripped)
    assert stripped == plain


def test_labels_are_part_of_the_drawings_identity():
    pos = KabetopoState(RICH).position
    ids = {parse(board_svg(pos, line_labels=labels)).get("id")
           for labels in (None, {"c4n": "1"}, {"c4n": "2"}, {"c4e": "1"})}
    assert len(ids) == 4
    again = board_svg(pos, line_labels={"c4n": "1", "d4n": "2"})
    assert again == board_svg(pos, line_labels={"d4n": "2", "c4n": "1"})  # order does not matter


def test_labels_carry_their_own_style_in_both_themes():
    pos = KabetopoState.before_setup().position
    for theme in ("light", "dark", "auto"):
        svg = board_svg(pos, theme=theme, line_labels={"c4n": "1"})
        assert ".kb-line-label-text" in svg and "var(--kb-ink)" in svg and "var(--kb-bg)" in svg


def test_bad_label_places_are_refused():
    for bad in ("c4", "c4x", "g1n", 999):
        with pytest.raises(ValueError):
            label_segment(bad)


@pytest.mark.parametrize("origin", [CENTRE_FIELD, *PORTAL_FIELDS, parse_square("a1"), parse_square("e5")])
def test_field_labels_follow_the_engines_roll_to_line_mapping(origin):
    name = f"{'abcdef'[origin % SIZE]}{origin // SIZE + 1}"
    labels = field_labels(name)
    assert sorted(labels.values(), key=int) == [str(n) for n in range(1, 13)]
    by_label = {int(v): k for k, v in labels.items()}
    field = {origin, origin + 1, origin + SIZE, origin + SIZE + 1}
    for label in range(1, 13):
        line = field_line(origin, label)
        seg, rim, _ = label_segment(by_label[label])
        if line is not None:  # a line the die can pick: exactly the engine's
            assert (seg, rim) == (line_name(line), False)
        else:  # a rim edge the die skips: still numbered, on the rim, on one of the field's squares
            assert rim and parse_square(seg[:2]) in field


def test_field_labels_place_rim_labels_where_the_field_pattern_puts_them():
    # a label lies in the same place of every field: the rim field a3-b4 is the interior
    # field b3-c4 moved one file back, label for label, rim edges included
    one_file = [q - p for p, q in zip(grid_to_xy(0, 0), grid_to_xy(1, 0), strict=False)]
    moved = {v: k for k, v in field_labels("b3").items()}
    for name, label in field_labels("a3").items():
        _, _, (a, b) = label_segment(name)
        _, _, (c, d) = label_segment(moved[label])
        for p, q in ((a, c), (b, d)):
            assert [q[0] - p[0], q[1] - p[1]] == pytest.approx(one_file, abs=0.01), (name, label)
    assert {"a4w", "a3w"} <= set(field_labels("a3"))


def test_every_field_line_is_a_line_of_the_board():
    for name in field_labels("c3"):
        assert parse_line(name) in LINE_SQUARES
