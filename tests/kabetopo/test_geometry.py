"""Geometry (K-GEO-1..4): names, lines, sides and the 2x2 field labels (K-SETUP-1); the
teleport topology (K-PORT-2, K-PORT-3, ``topology.py``)."""
import pytest

from kabetopo_nb.kabetopo import geometry as g
from kabetopo_nb.kabetopo.position import Position
from kabetopo_nb.kabetopo.setup import field_line
from kabetopo_nb.kabetopo.topology import teleports


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


def test_neighbour_masks_match_the_neighbours():
    for sq in range(g.NUM_SQUARES):
        assert g.NEIGHBOUR_MASK[sq] == sum(1 << nb for nb in g.NEIGHBOURS[sq] if nb is not None)


def _mask(*names: str) -> int:
    return sum(1 << g.parse_square(n) for n in names)


def test_teleports_of_two_portals():
    pos = Position.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n")
    t = teleports(pos)
    e5n, b1n = g.parse_line("e5n"), g.parse_line("b1n")
    assert t.portals == (b1n, e5n) and t.working == 2
    assert t.hub == _mask("e5", "e6", "b1", "b2")
    # K-PORT-2: out of the other portal, by either of its unlocked sides, in line and side order
    assert t.exits[e5n] == g.sides_of_line(b1n) and t.exits[b1n] == g.sides_of_line(e5n)
    assert t.reach[g.parse_square("e6")] == _mask("b1", "b2")
    assert teleports(pos.copy()) is t  # cached per layout of portals and locks


def test_teleports_with_locked_sides():
    # K-PORT-3: a locked side is no way in or out; one working portal joins nothing
    pos = Position.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n;locks=e6s")
    t = teleports(pos)
    assert t.working == 2 and t.hub == _mask("e5", "b1", "b2")
    assert g.parse_square("e6") not in t.reach
    assert t.exits[g.parse_line("b1n")] == (g.parse_side("e5n"),)
    shut = teleports(Position.from_text("runners=Ef6,Sf1,Wa1,Na6;lines=Pe5n,Pb1n;locks=b1n,b2s"))
    assert shut.working == 1 and shut.hub == 0 and not shut.reach
    assert shut.exits[g.parse_line("e5n")] == ()
    assert shut.single == _mask("e5", "e6")  # each faced by one unlocked portal side
