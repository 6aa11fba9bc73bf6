"""Geometry (K-GEO-1..4): names, lines, sides and the 2x2 field labels (K-SETUP-1)."""
import pytest

from kabetopo_nb.kabetopo import geometry as g
from kabetopo_nb.kabetopo.setup import field_line


def test_k_geo_1_corners_are_the_grid_corners():
    assert g.parse_square("a6") == g.A6 == 30  # North
    assert g.parse_square("f6") == g.F6 == 35  # East
    assert g.parse_square("f1") == g.F1 == 5  # South
    assert g.parse_square("a1") == g.A1 == 0  # West


def test_k_geo_2_mountain_and_summit():
    assert g.square_name(g.MOUNTAIN) == "c4"
    assert g.square_name(g.SUMMIT) == "d3"
    assert g.WITH_SUMMIT.mountains == (g.MOUNTAIN, g.SUMMIT)


def test_k_geo_3_sixty_interior_lines_and_no_boundary():
    assert len(g.LINES) == 60
    with pytest.raises(ValueError, match="boundary"):
        g.parse_line("a6n")
    with pytest.raises(ValueError, match="boundary"):
        g.parse_side("f3e")


@pytest.mark.parametrize("name", ["c4n", "c4e", "a1n", "e5e"])
def test_line_names_round_trip_and_both_sides_name_the_same_line(name):
    line = g.parse_line(name)
    assert g.line_name(line) == name
    s1, s2 = g.sides_of_line(line)
    assert g.side_line(s1) == g.side_line(s2) == line
    assert g.parse_line(g.side_name(s2)) == line
    assert g.other_side(s1) == s2


def test_k_geo_4_corner_lines():
    names = sorted(g.line_name(ln) for ln in g.STANDARD.corner_lines())
    assert names == ["a1e", "a1n", "a5n", "a6e", "e1e", "e6e", "f1n", "f5n"]


def test_collinear_continuations():
    a, b = g.COLLINEAR[g.parse_line("c4n")]
    assert (g.line_name(a), g.line_name(b)) == ("b4n", "d4n")
    a, b = g.COLLINEAR[g.parse_line("c4e")]
    assert (g.line_name(a), g.line_name(b)) == ("c3e", "c5e")
    assert g.COLLINEAR[g.parse_line("a3n")][0] is None  # the boundary does not count (K-DOOR-1)


def test_k_setup_1_field_labels_for_the_centre_field():
    c3 = g.parse_square("c3")
    names = [field_line(c3, n) for n in range(1, 13)]
    assert [g.line_name(x) for x in names] == [
        "c4n", "d4n", "c3n", "d3n", "c2n", "d2n",  # horizontal: top, middle, bottom; left, right
        "b4e", "b3e", "c4e", "c3e", "d4e", "d3e",  # vertical: left, middle, right; top, bottom
    ]


def test_k_setup_1_boundary_labels_are_none():
    c5 = g.parse_square("c5")
    assert field_line(c5, 1) is None and field_line(c5, 2) is None  # the top of c5-d6 is the edge
    assert field_line(c5, 3) is not None
