"""Badges crowd and hide (issue 24, item 8): option badges at portal sides, a bump on the
Mountain, a leapfrog into a portal, and the runners' contrast on every square.

Each drawing comes from the play controller in a real position (the engine says what is
offered) and is read from its structure with ``xml.etree``: badge centres, runner and stone
discs, square polygons and portal pieces, never pixels.
"""
from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import Action, Kind
from kabetopo_nb.kabetopo.geometry import line_name, side_line, square_name
from kabetopo_nb.kabetopo.notation import format_position
from kabetopo_nb.play.kabetopo import kabetopo_controller
from kabetopo_nb.play.session import PlainBoard
from kabetopo_nb.render.kabetopo_svg import STYLE

from helpers import by_id, classes, parse, with_class

# East on b1 can teleport by the portal on b1e; three more portals stand on the Mountain's
# lines (c4n, c4e and b4e = c4w), so the exit choice offers six sides: three on the
# Mountain, three on the squares beside it.
AROUND_THE_MOUNTAIN = "runners=Eb1,Sf1,Wa1,Na6;lines=P*b1e,P*c4n,P*c4e,P*b4e;turn=E"
# The same with South standing on the Mountain: coming out there bumps it (K-MTN-3).
AROUND_AN_OCCUPIED_MOUNTAIN = "runners=Eb1,Sc4,Wa1,Na6;lines=P*b1e,P*c4n,P*c4e,P*b4e;turn=E"
# East steps from c5 onto the Mountain and bumps South; a portal on the Mountain's west
# side (b4e) lets East push South through it (bump-through c4w).
BUMP_ON_THE_MOUNTAIN = "runners=Ec5,Sc4,Wa1,Na6;lines=P*b4e,P*e4n;turn=E"
# With the leap_into_portal option (K-LEAP-2), East on b3 may leapfrog South on c3 into the
# portal on c3e, and comes out at a free side of another portal (K-LEAP-5).
LEAP_INTO_A_PORTAL = "rules=kabetopo-4p+leap-into-portal;lines=P*c3e,P*b5e,P*b3n;runners=Eb3,Sc3,Wc5,Na6;turn=E"


def board_after(position: str, *clicks: str):
    controller = kabetopo_controller(position)
    board = PlainBoard(controller)
    for click in clicks:
        reply = board.click(click)
        assert reply["ok"], reply
    return controller


def disc(el: ET.Element) -> tuple[float, float, float]:
    return float(el.get("cx")), float(el.get("cy")), float(el.get("r"))


def gap(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1]) - a[2] - b[2]


def badges(root: ET.Element) -> dict[str, tuple[float, float, float]]:
    """action -> badge disc."""
    return {el.get("data-target")[len("act:"):]: disc(el) for el in with_class(root, "kb-option")}


def square_edges(root: ET.Element, square: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    nums = [float(v) for v in re.split(r"[ ,]+", by_id(root, f"sq-{square}").get("points").strip())]
    corners = list(zip(nums[0::2], nums[1::2], strict=True))
    return list(zip(corners, corners[1:] + corners[:1], strict=True))


def inside_distance(point, edge, centre) -> float:
    """Distance from ``point`` to the edge's line, positive on the square's side of it."""
    (ax, ay), (bx, by) = edge
    length = math.hypot(bx - ax, by - ay)
    cross = lambda px, py: ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length  # noqa: E731
    return cross(point[0], point[1]) * (1 if cross(*centre) > 0 else -1)


def polygon_centre(edges) -> tuple[float, float]:
    return sum(a[0] for a, _ in edges) / len(edges), sum(a[1] for a, _ in edges) / len(edges)


def everything_round(root: ET.Element) -> list[tuple[str, tuple[float, float, float]]]:
    """Every runner, carried stone (its halo) and Mountain stone, named for the messages."""
    out = [(f"runner {g.get('id').rsplit('-', 1)[1]}", disc(with_class(g, "kb-runner")[0]))
           for g in with_class(root, "kb-runner-group")]
    out += [("carried stone", disc(el)) for el in with_class(root, "kb-stone-halo")]
    out += [("Mountain stone", disc(el)) for site in with_class(root, "kb-site") for el in with_class(site, "kb-stone")]
    return out


def assert_at_its_own_side(root: ET.Element, action: str, badge) -> None:
    """The badge of an action at a side lies wholly on the side's square, next to the middle
    of the side's line (the portal there), nearer that line than any other side of its square."""
    side = Action.parse(action).side
    assert side is not None
    square = square_name(side >> 2)
    edges = square_edges(root, square)
    centre = polygon_centre(edges)
    portal = by_id(root, f"piece-{line_name(side_line(side))}").find("ellipse")
    mid = (float(portal.get("cx")), float(portal.get("cy")))
    own = min(edges, key=lambda e: inside_distance(mid, e, centre) ** 2)
    distances = {edge: inside_distance(badge, edge, centre) for edge in edges}
    assert min(distances.values()) >= badge[2] - 0.05, f"{action}: the badge pokes out of {square}"
    assert math.hypot(badge[0] - mid[0], badge[1] - mid[1]) <= 14, f"{action}: the badge is not at its side's middle"
    assert all(distances[own] + 3 <= d for e, d in distances.items() if e != own), \
        f"{action}: the badge is as near another side of {square} as its own"


def assert_nothing_hidden(root: ET.Element) -> None:
    """No badge covers a runner, a stone or another badge; no two runners overlap; no
    Mountain stone lies under a runner."""
    drawn = badges(root)
    things = everything_round(root)
    for action, badge in drawn.items():
        for name, thing in things:
            assert gap(badge, thing) >= -0.01, f"the badge of {action} covers a {name}"
        for other, badge2 in drawn.items():
            if other != action:
                assert gap(badge, badge2) >= 0.9, f"the badges of {action} and {other} overlap"
    runners = [(n, d) for n, d in things if n.startswith("runner")]
    for i, (name, a) in enumerate(runners):
        for name2, b in runners[i + 1:]:
            assert gap(a, b) >= 0.9, f"{name} and {name2} overlap"
        for name2, stone in things:
            if name2 == "Mountain stone":
                assert gap(a, stone) >= 0, f"a Mountain stone lies under {name}"


# --- 1. exit badges at the portal sides on and around the Mountain ------------------------


@pytest.mark.parametrize("position", [AROUND_THE_MOUNTAIN, AROUND_AN_OCCUPIED_MOUNTAIN])
def test_exit_badges_each_sit_at_their_own_portal_side_and_hide_nothing(position):
    controller = board_after(position, "sq:b1", "act:teleport b1e")
    assert controller.state.position.phase == "exit"
    root = parse(controller.view().svg)
    drawn = badges(root)
    offered = {str(a) for a in controller.state.legal_actions if a.kind == Kind.EXIT}
    assert set(drawn) == offered and len(offered) == 6
    on_the_mountain = [a for a in offered if square_name(Action.parse(a).side >> 2) == "c4"]
    assert len(on_the_mountain) == 3
    for action, badge in drawn.items():
        assert_at_its_own_side(root, action, badge)
    assert_nothing_hidden(root)


def test_a_runner_standing_on_a_square_with_side_badges_stays_wholly_on_it():
    root = parse(board_after(AROUND_AN_OCCUPIED_MOUNTAIN, "sq:b1", "act:teleport b1e").view().svg)
    south = disc(with_class(by_id(root, "runner-S"), "kb-runner")[0])
    edges = square_edges(root, "c4")
    assert min(inside_distance(south, e, polygon_centre(edges)) for e in edges) >= south[2] - 0.05
    assert south[2] >= 8.5  # smaller at most as far as two runners sharing a square are


def test_the_teleport_badge_on_the_runners_own_square_moves_the_runner_not_the_badge():
    root = parse(board_after(AROUND_THE_MOUNTAIN, "sq:b1").view().svg)
    assert_at_its_own_side(root, "teleport b1e", badges(root)["teleport b1e"])
    assert_nothing_hidden(root)


def test_without_badges_the_drawing_is_as_before():
    """Runners and stones keep their usual places when no option badge needs the room."""
    root = parse(board_after(AROUND_AN_OCCUPIED_MOUNTAIN).view().svg)
    south = disc(with_class(by_id(root, "runner-S"), "kb-runner")[0])
    assert (south[0], south[1]) == pytest.approx(polygon_centre(square_edges(root, "c4")), abs=0.05)
    assert south[2] == 11
    stones = sorted((round(x - south[0], 1), round(y - south[1], 1)) for x, y, _ in
                    (disc(el) for el in with_class(by_id(root, "site-c4"), "kb-stone")))
    assert stones == [(-17.0, -4.5), (-17.0, 4.5), (17.0, -4.5), (17.0, 4.5)]


@pytest.mark.parametrize("rules, seed", [("kabetopo-4p", 29), ("kabetopo-2p", 4)])
def test_in_random_games_no_badge_hides_anything_and_each_side_badge_sits_at_its_side(rules, seed):
    """Every decision of a seeded random game that puts badges at sides, drawn as the board
    shows it (the runner selected before a teleport, the exits, bumps and locks as offered):
    every badge clear of the runners, stones and other badges, every badge at a side on
    that side's square.  These two games hold exits, bumps and teleports."""
    rng = random.Random(seed)
    state = KabetopoState.new_round(rules, seed=seed)
    at_sides = 0
    for _ply in range(120):
        pos = state.position
        if pos.phase == "over":
            break
        legal = list(state.legal_actions)
        kinds = {a.kind for a in legal}
        if pos.phase in ("exit", "bump") or kinds & {Kind.TELEPORT, Kind.LEAP_PORTAL} or (
                pos.phase == "extras" and Kind.LOCK in kinds):
            controller = kabetopo_controller(format_position(pos))
            board = PlainBoard(controller)
            if pos.phase == "main" and not pos.is_finished(pos.turn):
                board.click(f"sq:{square_name(pos.runners[pos.turn])}")
            elif pos.phase == "extras":
                board.press("lock-behind")
            root = parse(controller.view().svg)
            things, shown = everything_round(root), badges(root)
            for action, badge in shown.items():
                assert all(gap(badge, thing) >= -0.01 for _, thing in things), (format_position(pos), action)
                assert all(gap(badge, other) >= 0.9 for a, other in shown.items() if a != action), (format_position(pos), action)
                if Action.parse(action).side is not None:
                    assert_at_its_own_side(root, action, badge)
                    at_sides += 1
        moves = [a for a in legal if a.is_move or a.kind in (Kind.EXIT, Kind.BUMP, Kind.BUMP_THROUGH, Kind.LOCK)]
        state.apply(rng.choice(moves if moves and rng.random() < 0.8 else legal))
    assert at_sides >= 40  # the game offered side badges enough to test


# --- 2. a bump on the Mountain: both runners and every badge apart -------------------------


def test_a_bump_choice_draws_the_bumped_runner_beside_the_bumper_and_every_badge_clear():
    controller = board_after(BUMP_ON_THE_MOUNTAIN, "sq:c5", "sq:c4")
    assert controller.state.position.phase == "bump"
    root = parse(controller.view().svg)
    east, south = by_id(root, "runner-E"), by_id(root, "runner-S")
    assert "kb-bumped" in classes(south) and "kb-bumped" in classes(with_class(south, "kb-runner")[0])
    assert "kb-bumped" not in classes(east)
    e, s = disc(with_class(east, "kb-runner")[0]), disc(with_class(south, "kb-runner")[0])
    assert gap(e, s) >= 0.9  # side by side, neither over the other
    edges = square_edges(root, "c4")
    for runner in (e, s):  # both still on the Mountain
        assert min(inside_distance(runner, edge, polygon_centre(edges)) for edge in edges) >= runner[2] - 0.05
    drawn = badges(root)
    offered = {str(a) for a in controller.state.legal_actions}
    assert set(drawn) == offered and "bump-through c4w" in offered
    assert_at_its_own_side(root, "bump-through c4w", drawn["bump-through c4w"])
    assert_nothing_hidden(root)
    label = with_class(south, "kb-runner")[0].get("aria-label")
    assert "bumped" in label


def test_the_runner_bumped_through_a_portal_stays_apart_while_its_exit_is_chosen():
    controller = board_after(BUMP_ON_THE_MOUNTAIN, "sq:c5", "sq:c4", "act:bump-through c4w")
    assert controller.state.position.phase == "exit"
    root = parse(controller.view().svg)
    e = disc(with_class(by_id(root, "runner-E"), "kb-runner")[0])
    s = disc(with_class(by_id(root, "runner-S"), "kb-runner")[0])
    assert "kb-bumped" in classes(by_id(root, "runner-S")) and gap(e, s) >= 0.9
    for action, badge in badges(root).items():
        assert_at_its_own_side(root, action, badge)
    assert_nothing_hidden(root)


# --- 3. a leapfrog into a portal shows where it can come out -------------------------------


def test_a_leapfrog_into_a_portal_shows_its_landings_before_the_choice():
    controller = board_after(LEAP_INTO_A_PORTAL, "sq:b3")
    root = parse(controller.view().svg)
    assert "leap-portal c3e" in badges(root)
    # the engine's own answer: the exits open after that leapfrog (K-LEAP-5)
    probe = KabetopoState(LEAP_INTO_A_PORTAL)
    probe.apply("leap-portal c3e")
    landings = {square_name(a.destination) for a in probe.legal_actions if a.kind == Kind.EXIT}
    assert landings == {"b4", "b5", "c5"}
    lit = {el.get("id").rsplit("-", 1)[1] for el in with_class(root, "kb-hl-exit") if "kb-hl" in classes(el)}
    assert lit == landings
    for square in landings:
        assert "landing through the portal" in by_id(root, f"hl-{square}").find("title").text
    legend = " ".join(el.text or "" for el in with_class(by_id(root, "legend"), "kb-legend-text"))
    assert "via portal" in legend


def test_no_landing_is_shown_without_a_leapfrog_into_a_portal():
    root = parse(board_after(AROUND_THE_MOUNTAIN, "sq:b1").view().svg)
    assert "teleport b1e" in badges(root) and not with_class(root, "kb-hl-exit")


# --- 4. every runner stands out from every square, in light and dark ----------------------


def _variables(block: str) -> dict[str, str]:
    return dict(re.findall(r"--kb-([\w-]+):\s*([^;]+);", block))


def theme_colours() -> dict[str, dict[str, str]]:
    """The colour variables of each theme, read from the drawing's own style."""
    light = re.search(r"\.kb-board\.kb-kabetopo \{([^}]*)\}", STYLE).group(1)
    dark = re.search(r"\.kb-board\.kb-kabetopo\.kb-dark \{([^}]*)\}", STYLE).group(1)
    auto = re.search(r"prefers-color-scheme: dark\) \{ \.kb-board\.kb-kabetopo\.kb-auto \{([^}]*)\}", STYLE).group(1)
    assert _variables(auto) == _variables(dark)  # a dark page gets the same colours
    return {"light": _variables(light), "dark": {**_variables(light), **_variables(dark)}}


def fill_variable(selector: str) -> str:
    """The variable a CSS rule of the style fills with (``.kb-square.kb-mountain`` -> mountain)."""
    match = re.search(re.escape(f".kb-kabetopo {selector} ") + r"\{[^}]*?\bfill: var\(--kb-([\w-]+)\)", STYLE)
    assert match, selector
    return match.group(1)


def luminance(colour: str) -> float:
    h = colour.strip().lstrip("#")
    h = "".join(c * 2 for c in h) if len(h) == 3 else h
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG 2.1 contrast ratio of two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


SQUARES = {"square": ".kb-square", "shaded square": ".kb-square.kb-shade", "corner": ".kb-square.kb-corner",
           "Mountain": ".kb-square.kb-mountain"}
SEATS = ("east", "south", "west", "north")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_runner_reaches_3_to_1_against_every_square(theme):
    colours = theme_colours()[theme]
    short = []
    for seat in SEATS:
        runner = colours[fill_variable(f".kb-runner.kb-{seat}")]
        for square, selector in SQUARES.items():
            ratio = contrast(runner, colours[fill_variable(selector)])
            if ratio < 3:
                short.append(f"{seat} on the {square}: {ratio:.2f}")
    assert not short, f"{theme} theme, below 3:1 (WCAG 2.1 non-text contrast): {short}"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_runners_letter_reaches_4_5_to_1_on_its_runner(theme):
    colours = theme_colours()[theme]
    letter = colours[fill_variable(".kb-runner-letter")]
    assert not re.search(r"\.kb-runner-letter\.kb-\w+ \{ fill", STYLE)  # one letter colour for every seat
    for seat in SEATS:
        assert contrast(letter, colours[fill_variable(f".kb-runner.kb-{seat}")]) >= 4.5, (theme, seat)


def test_the_east_runner_on_the_dark_mountain():
    """The case the issue names: the dark theme's East runner on its Mountain square."""
    dark = theme_colours()["dark"]
    assert contrast(dark[fill_variable(".kb-runner.kb-east")], dark[fill_variable(".kb-square.kb-mountain")]) >= 3
