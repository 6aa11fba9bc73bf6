"""Draw a Kabetopo position as SVG with svgwrite: the diamond board of K-GEO-1.

The unrotated grid (files a-f, ranks 1-6) is turned 45 degrees clockwise, so North (a6)
is at the top, East (f6) at the right, South (f1) at the bottom and West (a1) at the left.
Every piece carries semantic classes (``kb-square kb-mountain``, ``kb-piece kb-wall
kb-door``, ``kb-runner kb-east`` ...) and a stable id derived from the drawing's content.

    >>> from kabetopo_nb.render import board_svg
    >>> svg = board_svg(state.position, coordinates=True, highlights={"e6": "move"})
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.verdict import NotationError, RulesOptionError
from ..kabetopo.actions import Action
from ..kabetopo.geometry import (
    DIRECTION_NAMES,
    LINE_OF,
    LINE_SQUARES,
    LINES,
    NUM_SQUARES,
    SIZE,
    line_name,
    parse_line,
    parse_side,
    parse_square,
    side_line,
    side_name,
    square_name,
)
from ..kabetopo.notation import format_position
from ..kabetopo.position import KIND, SETUP, ExitMode, PendingBump, PendingExit, Piece, Position
from ..kabetopo.rules import SEAT_LETTERS, SEAT_NAMES, START_SQUARE
from ..kabetopo.status import describe_position, status_line
from .base import (
    POINTER_CSS,
    add_text_alternative,
    arrow_marker,
    content_prefix,
    new_drawing,
    points,
    r2,
    target,
    theme_css,
)

CELL = 44.0  # a square's side in px
K = CELL / math.sqrt(2)
MARGIN = 26.0
BOARD = 12 * K
PANEL = 220.0
HEADER = 26.0
BADGE_R = 8.5  # an option badge's radius
# Font sizes in px at the drawing's own size: every label at least 12 px (issue 11).
FONT = {"coord": 12, "badge": 12, "runner": 12, "mark": 13, "compass": 13, "status": 13,
        "panel-title": 12.5, "panel-text": 12, "legend": 12}
PANEL_LINE = 15.0  # the pools panel's line height
PANEL_BLOCK = 80.0  # one seat's block in the pools panel

# Highlight kinds (square -> kind in ``board_svg(highlights=...)``): what each means, in
# words for the legend and for screen readers.  Each kind differs in fill, outline and
# (for leapfrog and speed moves) a glyph, so none is told by colour alone.
HIGHLIGHT_KINDS = {
    "move": "move",  # an ordinary step, door or exit
    "leap": "leapfrog landing",  # K-LEAP-1
    "speed": "speed move",  # spends the speed token (K-TURN-3)
    "select": "bump destination",  # K-MTN-3
    "exit": "landing through the portal",  # where a leapfrog into a portal can come out (K-LEAP-2, K-LEAP-5)
    "drop": "drop here",
    "bad": "refused",
}
LEGEND = {"leap": "leapfrog", "select": "bump to", "exit": "via portal"}  # shorter words where the legend is tight
GLYPHS = ("leap", "speed", "exit")

_LIGHT = ("--kb-bg:#fbfaf6; --kb-ink:#222; --kb-ink2:#333; --kb-light:#efe6d2; --kb-dark:#e2d3b3; --kb-corner:#cfe3d0; "
          "--kb-mountain:#c9b79a; --kb-wall:#6b4f35; --kb-monolith:#2f2f35; --kb-portal:#7b4bb7; --kb-lock:#c78a00; "
          "--kb-hl:#2b8a3e; --kb-hl2:#1c6dd0; --kb-leap:#7048e8; --kb-speed:#e8590c; --kb-bad:#b02525; --kb-path:#1c6dd0; "
          "--kb-on-badge:#fff; --kb-hl-alpha:.32; "
          "--kb-east:#1f3b73; --kb-south:#1f6b40; --kb-west:#4a4a52; --kb-north:#9a3320; --kb-on-runner:#fff; "
          "font-family: sans-serif;")
_DARK = ("--kb-bg:#1e1f24; --kb-ink:#e8e6e1; --kb-ink2:#e8e6e1; --kb-light:#3a3f4b; --kb-dark:#31353f; --kb-corner:#2f4a3a; "
         "--kb-mountain:#6d604d; --kb-wall:#d0a77a; --kb-monolith:#b9bcc8; --kb-portal:#b38cf0; --kb-lock:#f2c14e; "
         "--kb-hl:#69db7c; --kb-hl2:#74c0fc; --kb-leap:#b197fc; --kb-speed:#ffa94d; --kb-bad:#ffa8a8; --kb-path:#74c0fc; "
         "--kb-on-badge:#111; --kb-hl-alpha:.22; "
         "--kb-east:#a5c3ff; --kb-south:#86d9a1; --kb-west:#f4f1e8; --kb-north:#ffb09e; --kb-on-runner:#111;")
# Every runner stands out from every square it can stand on by at least 3:1 (WCAG 2.1 AA,
# non-text contrast, issue 24): dark runners on the light board, light runners on the dark
# one (West is the seat without a hue: charcoal on light, cream on dark), each letter on its
# runner by at least 4.5:1.  tests/board/test_issue24_badges.py computes every ratio.

STYLE = theme_css(".kb-board.kb-kabetopo", _LIGHT, _DARK) + POINTER_CSS + f"""
.kb-kabetopo .kb-bg {{ fill: var(--kb-bg); }}
.kb-kabetopo text {{ fill: var(--kb-ink); }}
.kb-kabetopo .kb-square {{ fill: var(--kb-light); stroke: var(--kb-ink); stroke-opacity: .25; stroke-width: .6; }}
.kb-kabetopo .kb-square.kb-shade {{ fill: var(--kb-dark); }}
.kb-kabetopo .kb-square.kb-corner {{ fill: var(--kb-corner); }}
.kb-kabetopo .kb-square.kb-mountain {{ fill: var(--kb-mountain); }}
.kb-kabetopo .kb-mountain-icon {{ fill: var(--kb-ink); fill-opacity: .45; }}
.kb-kabetopo .kb-coord {{ font-size: {FONT["coord"]}px; fill: var(--kb-ink2); }}
.kb-kabetopo .kb-compass {{ font-size: {FONT["compass"]}px; font-weight: bold; }}
.kb-kabetopo .kb-wall {{ fill: var(--kb-wall); }}
.kb-kabetopo .kb-monolith {{ fill: var(--kb-monolith); }}
.kb-kabetopo .kb-monolith-tick {{ stroke: var(--kb-bg); stroke-width: 1.5; }}
.kb-kabetopo .kb-portal {{ fill: var(--kb-portal); fill-opacity: .85; stroke: var(--kb-ink); stroke-width: .8; }}
.kb-kabetopo .kb-portal-swirl {{ fill: none; stroke: var(--kb-bg); stroke-width: 1.2; }}
.kb-kabetopo .kb-hole {{ fill: var(--kb-bg); stroke: var(--kb-ink); stroke-width: .6; }}
.kb-kabetopo .kb-door {{ fill: var(--kb-wall); stroke: var(--kb-ink); stroke-width: .8; stroke-dasharray: 3 2; }}
.kb-kabetopo .kb-hinge {{ fill: var(--kb-bg); stroke: var(--kb-ink); stroke-width: .8; }}
.kb-kabetopo .kb-lock {{ fill: var(--kb-lock); stroke: var(--kb-ink); stroke-width: .8; }}
.kb-kabetopo .kb-lock-shackle {{ fill: none; stroke: var(--kb-ink); stroke-width: 1.4; }}
.kb-kabetopo .kb-runner {{ stroke: var(--kb-ink); stroke-width: 1.4; }}
.kb-kabetopo .kb-runner.kb-east {{ fill: var(--kb-east); }} .kb-kabetopo .kb-runner.kb-south {{ fill: var(--kb-south); }}
.kb-kabetopo .kb-runner.kb-west {{ fill: var(--kb-west); }} .kb-kabetopo .kb-runner.kb-north {{ fill: var(--kb-north); }}
.kb-kabetopo .kb-runner-letter {{ font-size: {FONT["runner"]}px; font-weight: bold; fill: var(--kb-on-runner); }}
.kb-kabetopo .kb-runner.kb-finished {{ stroke-dasharray: 2 2; }}
.kb-kabetopo .kb-runner.kb-selected {{ stroke: var(--kb-hl2); stroke-width: 3; }}
.kb-kabetopo .kb-runner.kb-bumped {{ stroke: var(--kb-hl2); stroke-width: 2; stroke-dasharray: 3 2; }}
.kb-kabetopo .kb-stone {{ stroke: #222; stroke-width: 1; }}
.kb-kabetopo .kb-stone.kb-stone-light {{ fill: #fdfcf7; }}
.kb-kabetopo .kb-stone.kb-stone-dark {{ fill: #3d3d48; stroke: #fdfcf7; stroke-width: 1.2; }}
.kb-kabetopo .kb-stone-halo {{ fill: var(--kb-bg); stroke: var(--kb-ink); stroke-width: .8; }}
.kb-kabetopo .kb-hl, .kb-kabetopo .kb-legend-swatch {{ fill: var(--kb-hl); fill-opacity: var(--kb-hl-alpha); stroke: var(--kb-hl); stroke-width: 2; }}
.kb-kabetopo .kb-hl-drop:not(.kb-hl-line), .kb-kabetopo .kb-hl-select:not(.kb-hl-line) {{ fill: var(--kb-hl2); stroke: var(--kb-hl2); }}
.kb-kabetopo .kb-hl-select:not(.kb-hl-line) {{ stroke-dasharray: 2 3; stroke-width: 2.5; }}
.kb-kabetopo .kb-hl-leap:not(.kb-hl-line) {{ fill: var(--kb-leap); stroke: var(--kb-leap); stroke-width: 2.5; }}
.kb-kabetopo .kb-hl-speed:not(.kb-hl-line) {{ fill: var(--kb-speed); stroke: var(--kb-speed); stroke-dasharray: 5 3; stroke-width: 2.5; }}
.kb-kabetopo .kb-hl-bad:not(.kb-hl-line) {{ fill: var(--kb-bad); stroke: var(--kb-bad); }}
.kb-kabetopo .kb-hl-exit:not(.kb-hl-line) {{ fill: var(--kb-portal); stroke: var(--kb-portal); stroke-dasharray: 4 3; stroke-width: 2.5; }}
.kb-kabetopo .kb-hl-glyph {{ fill: none; stroke: var(--kb-ink); stroke-width: 1.6; stroke-linecap: round; stroke-linejoin: round; }}
.kb-kabetopo .kb-hl-glyph.kb-glyph-speed {{ fill: var(--kb-ink); stroke-width: .8; }}
.kb-kabetopo .kb-legend-text {{ font-size: {FONT["legend"]}px; }}
.kb-kabetopo .kb-hl-line {{ stroke: var(--kb-hl2); stroke-width: 5; stroke-opacity: .6; stroke-linecap: round; }}
.kb-kabetopo .kb-path {{ fill: none; stroke: var(--kb-path); stroke-width: 3; stroke-opacity: .8; stroke-linecap: round; }}
.kb-kabetopo .kb-path.kb-teleport {{ stroke-dasharray: 5 4; }}
.kb-kabetopo .kb-arrow {{ stroke: var(--kb-bad); stroke-width: 2.5; fill: none; }}
.kb-kabetopo .kb-arrowhead {{ fill: var(--kb-bad); }}
.kb-kabetopo .kb-mark {{ font-size: {FONT["mark"]}px; font-weight: bold; fill: var(--kb-bad); }}
.kb-kabetopo .kb-option {{ fill: var(--kb-hl2); stroke: var(--kb-bg); stroke-width: 1.5; }}
.kb-kabetopo .kb-option-label {{ font-size: {FONT["badge"]}px; font-weight: bold; fill: var(--kb-on-badge); }}
.kb-kabetopo .kb-panel-title {{ font-size: {FONT["panel-title"]}px; font-weight: bold; }}
.kb-kabetopo .kb-panel-text {{ font-size: {FONT["panel-text"]}px; }}
.kb-kabetopo .kb-status {{ font-size: {FONT["status"]}px; font-weight: bold; }}
.kb-kabetopo .kb-line-target {{ stroke: transparent; stroke-width: 9; }}
.kb-kabetopo .kb-line-target:hover, .kb-kabetopo .kb-line-target.kb-focus {{ stroke: var(--kb-hl2); stroke-opacity: .35; }}
.kb-kabetopo .kb-square[data-target]:hover, .kb-kabetopo .kb-square.kb-focus {{ stroke: var(--kb-hl2); stroke-width: 2.5; stroke-opacity: 1; }}
.kb-kabetopo .kb-option.kb-focus, .kb-kabetopo .kb-runner.kb-focus {{ stroke: var(--kb-hl2); stroke-width: 3; }}
"""


# The line labels overlay (``board_svg(line_labels=...)``): a small tag on a line, drawn in
# the theme's own colours so it reads on a light and on a dark page.  Its style travels
# with the drawing only when labels are drawn, so every other drawing keeps its bytes.
LINE_LABEL_STYLE = f"""
.kb-kabetopo .kb-line-label-tag {{ fill: var(--kb-bg); stroke: var(--kb-hl2); stroke-width: 1.4; }}
.kb-kabetopo .kb-line-label.kb-rim .kb-line-label-tag {{ stroke: var(--kb-ink); stroke-dasharray: 2 2; }}
.kb-kabetopo .kb-line-label-text {{ font-size: {FONT["coord"]}px; font-weight: bold; fill: var(--kb-ink); }}
"""


def grid_to_xy(x: float, y: float) -> tuple[float, float]:
    """A point of the unrotated grid (x = file, y = rank, both 0..6, y upwards) on the diamond."""
    return (MARGIN + K * (x + y), HEADER + MARGIN + K * ((SIZE - y) + x))


def square_corners(sq: int) -> list[tuple[float, float]]:
    f, r = sq % SIZE, sq // SIZE
    return [grid_to_xy(f, r), grid_to_xy(f, r + 1), grid_to_xy(f + 1, r + 1), grid_to_xy(f + 1, r)]


def square_centre(sq: int) -> tuple[float, float]:
    f, r = sq % SIZE, sq // SIZE
    return grid_to_xy(f + 0.5, r + 0.5)


def line_ends(line: int) -> tuple[tuple[float, float], tuple[float, float]]:
    sq = line // 2
    f, r = sq % SIZE, sq // SIZE
    if line % 2 == 0:  # north side of sq
        return grid_to_xy(f, r + 1), grid_to_xy(f + 1, r + 1)
    return grid_to_xy(f + 1, r), grid_to_xy(f + 1, r + 1)


def edge_ends(square: int, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The ends of one edge of ``square`` (direction 0..3 = n, e, s, w of the unrotated
    grid), whether it is a line or a piece of the board's rim."""
    f, r = square % SIZE, square // SIZE
    return ((grid_to_xy(f, r + 1), grid_to_xy(f + 1, r + 1)), (grid_to_xy(f + 1, r), grid_to_xy(f + 1, r + 1)),
            (grid_to_xy(f, r), grid_to_xy(f + 1, r)), (grid_to_xy(f, r), grid_to_xy(f, r + 1)))[direction]


def label_segment(key) -> tuple[str, bool, tuple[tuple[float, float], tuple[float, float]]]:
    """(name, on the rim?, ends) of a ``line_labels`` key: a line (its number, or any of its
    names: ``c4n``, ``c5s``), or an edge on the board's rim named by its square and
    direction (``c6n``: the rim edge of c6), which holds no piece but has a place in a
    2x2 field (K-SETUP-1).  A line is always called by the engine's name for it."""
    if not isinstance(key, str):
        ln = int(key)
        if ln not in LINE_SQUARES:
            raise NotationError(f"{key!r} is not a line")
        return line_name(ln), False, line_ends(ln)
    if len(key) != 3 or key[2] not in DIRECTION_NAMES:
        raise NotationError(f"a label goes on a line or a rim edge (e.g. c4n, c6n), not {key!r}")
    sq, d = parse_square(key[:2]), DIRECTION_NAMES.index(key[2])
    line = LINE_OF[sq][d]  # None exactly where NEIGHBOURS[sq][d] is: the board's rim
    if line is None:
        return key, True, edge_ends(sq, d)
    return line_name(line), False, line_ends(line)


def _mid(a, b, t=0.5):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _line_of_side(side: int) -> int:
    """The line ``side`` faces; a side on the board's rim has none, so nothing is drawn there."""
    line = side_line(side)
    if line is None:
        raise NotationError(f"{side_name(side)} is on the board's rim: it has no line")
    return line


def _runner_square(pos: Position, seat: int) -> int:
    """The square of ``seat``'s runner; only a seat not in play has none."""
    sq = pos.runners[seat]
    if sq is None:
        raise RulesOptionError(f"seat {seat} is not in play: it has no runner")
    return sq


def side_point(side: int, inset: float = 8.0) -> tuple[float, float]:
    """The point just inside ``side``'s square, next to the middle of its line."""
    a, b = line_ends(_line_of_side(side))
    m = _mid(a, b)
    c = square_centre(side >> 2)
    dx, dy = c[0] - m[0], c[1] - m[1]
    d = math.hypot(dx, dy)
    return (m[0] + dx / d * inset, m[1] + dy / d * inset)


def _bar(dwg, a, b, width: float, **kw):
    """A rectangle of ``width`` along the segment a-b, as a polygon."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    inset_x, inset_y = dx / length * 1.5, dy / length * 1.5
    pts = [(a[0] + nx + inset_x, a[1] + ny + inset_y), (b[0] + nx - inset_x, b[1] + ny - inset_y),
           (b[0] - nx - inset_x, b[1] - ny - inset_y), (a[0] - nx + inset_x, a[1] - ny + inset_y)]
    return dwg.polygon(points(pts), **kw)


def _parse_square(value) -> int:
    return parse_square(value) if isinstance(value, str) else int(value)


def _parse_line(value) -> int:
    return parse_line(value) if isinstance(value, str) else int(value)


@dataclass(frozen=True)
class Option:
    """A clickable choice drawn on the board: its action text, where, and a short label."""

    action: str
    at: str  # "sq:c4", "sd:c5s" or "ln:c4n"
    label: str = ""


def board_svg(
    position: Position,
    *,
    theme: str = "auto",
    coordinates: bool = False,
    highlights: dict | None = None,
    lines: dict | None = None,
    path: list | None = None,
    arrows: list | None = None,
    marks: dict | None = None,
    options: list[Option] | None = None,
    selected: int | str | None = None,
    interactive: bool = False,
    embed_style: bool = True,
    show_pools: bool = True,
    status: str | None = None,
    id_prefix: str | None = None,
    line_labels: dict | None = None,
) -> str:
    """The SVG text of ``position``; every keyword is optional.

    ``theme``: ``auto`` (light, turning dark by itself on a dark page), ``light`` or
    ``dark``.  ``highlights``: square -> kind (``move``, ``leap``, ``speed``, ``select``,
    ``drop``, ``bad``: see ``HIGHLIGHT_KINDS``; the kinds present get a legend);
    ``lines``: line -> kind; ``path``: squares visited by the last move (a jump between
    non-neighbours is drawn dashed, as a teleport); ``arrows``: (from, to) square pairs;
    ``marks``: square -> short text; ``options``: clickable choices (a badge at a side
    stands on that side's square by the middle of its line, the runners there making room;
    every badge clear of the runners, the stones and the other badges: see ``layout``);
    ``interactive``: squares and lines get
    ``data-target`` names for the widget; ``line_labels``: line -> short text, drawn on
    the line's middle (a key may also name a rim edge, see ``label_segment``), e.g. the
    die labels of a 2x2 field (``teach.field_labels``).
    """
    pos = position
    key_parts = [format_position(pos), theme, repr(coordinates), repr(highlights), repr(lines), repr(path),
                 repr(arrows), repr(marks), repr(options), repr(selected), repr(interactive), repr(show_pools), repr(status)]
    labels = sorted((label_segment(k) + (str(v),) for k, v in (line_labels or {}).items()), key=lambda t: t[0])
    if labels:  # only then: a drawing without labels keeps the bytes (and ids) it always had
        key_parts.append(repr([(name, text) for name, _, _, text in labels]))
    prefix = id_prefix or content_prefix(*key_parts)
    width = MARGIN * 2 + BOARD + (PANEL if show_pools else 0)
    height = HEADER + MARGIN * 2 + BOARD
    dwg = new_drawing(width, height, theme=theme, extra_class="kb-kabetopo")
    dwg.attribs["id"] = prefix
    if embed_style:  # the widget sends the style once instead (see widget.py)
        dwg.add(dwg.style(STYLE))
    if labels:
        dwg.add(dwg.style(LINE_LABEL_STYLE))
    dwg.add(dwg.rect((0, 0), (r2(width), r2(height)), class_="kb-bg"))
    geo = pos.rules.geometry
    lit = {_parse_square(sq): kind for sq, kind in (highlights or {}).items()}

    # squares
    board = dwg.g(class_="kb-squares")
    for sq in range(NUM_SQUARES):
        classes = ["kb-square", f"kb-sq-{square_name(sq)}"]
        if (sq % SIZE + sq // SIZE) % 2:
            classes.append("kb-shade")
        if sq in geo.corners:
            classes.append("kb-corner")
        if sq in geo.mountains:
            classes.append("kb-mountain")
        poly = dwg.polygon(points(square_corners(sq)), class_=" ".join(classes), id=f"{prefix}-sq-{square_name(sq)}")
        if interactive:
            target(poly, f"sq:{square_name(sq)}")
            label = f"square {square_name(sq)}"
            if sq in lit:
                label += f", {HIGHLIGHT_KINDS.get(lit[sq], lit[sq])}"
            poly.attribs["aria-label"] = label
        board.add(poly)
    dwg.add(board)

    compass = dwg.g(class_="kb-compass-labels")
    for label, (gx, gy), (ox, oy) in (("N", (0, 6), (0, -8)), ("E", (6, 6), (12, 5)),
                                       ("S", (6, 0), (0, 18)), ("W", (0, 0), (-12, 5))):
        x, y = grid_to_xy(gx, gy)
        compass.add(dwg.text(label, insert=(r2(x + ox), r2(y + oy)), text_anchor="middle", class_="kb-compass"))
    dwg.add(compass)

    # Mountain sites (the stones come after the runners: never hidden under one)
    for m in geo.mountains:
        x, y = square_centre(m)
        name = "Mountain" if m == geo.mountains[0] else "Summit"
        g = dwg.g(class_=f"kb-site-icon kb-{name.lower()}-icon")
        g.add(dwg.polygon(points([(x - 9, y + 4), (x, y - 10), (x + 9, y + 4)]), class_="kb-mountain-icon"))
        dwg.add(g)

    # highlights (under the coordinates and the pieces), each kind named for screen readers
    if lit:
        g = dwg.g(class_="kb-highlights")
        for s, kind in sorted(lit.items()):
            hl = dwg.polygon(points(_shrink(square_corners(s), 0.82)), class_=f"kb-hl kb-hl-{kind}",
                             id=f"{prefix}-hl-{square_name(s)}")
            hl.set_desc(title=f"{square_name(s)}: {HIGHLIGHT_KINDS.get(kind, kind)}")
            g.add(hl)
            if kind in GLYPHS:
                x, y = square_centre(s)
                g.add(_glyph(dwg, kind, x, y - 19))
        dwg.add(g)

    if coordinates:
        g = dwg.g(class_="kb-coords")
        for sq in range(NUM_SQUARES):
            x, y = square_centre(sq)
            g.add(dwg.text(square_name(sq), insert=(r2(x), r2(y + 21)), text_anchor="middle", class_="kb-coord"))
        dwg.add(g)

    if lines:
        g = dwg.g(class_="kb-line-highlights")
        for ln, kind in sorted(lines.items(), key=lambda kv: _parse_line(kv[0])):
            a, b = line_ends(_parse_line(ln))
            g.add(dwg.line(points([a])[0], points([b])[0], class_=f"kb-hl-line kb-hl-{kind}"))
        dwg.add(g)

    # pieces on lines
    pieces = dwg.g(class_="kb-pieces")
    for ln, piece in pos.pieces():
        a, b = line_ends(ln)
        kind = piece & KIND
        name = line_name(ln)
        setup = " kb-setup" if piece & SETUP else ""
        if kind == Piece.WALL:
            door = pos.is_door(ln)
            g = dwg.g(class_="kb-piece kb-wall" + (" kb-door" if door else ""), id=f"{prefix}-piece-{name}")
            g.add(_bar(dwg, a, b, 6, class_="kb-door" if door else "kb-wall"))
            if door:
                for end in (a, b):
                    g.add(dwg.circle(points([end])[0], 2.5, class_="kb-hinge"))
        elif kind == Piece.MONOLITH:
            g = dwg.g(class_="kb-piece kb-monolith" + setup, id=f"{prefix}-piece-{name}")
            g.add(_bar(dwg, a, b, 10, class_="kb-monolith"))
            for t in (0.3, 0.7):
                p = _mid(a, b, t)
                g.add(dwg.line(points([(p[0] - 3, p[1] - 3)])[0], points([(p[0] + 3, p[1] + 3)])[0], class_="kb-monolith-tick"))
        else:
            g = dwg.g(class_="kb-piece kb-portal" + setup, id=f"{prefix}-piece-{name}")
            m = _mid(a, b)
            angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            ell = dwg.ellipse(center=(r2(m[0]), r2(m[1])), r=(r2(CELL * 0.42), 5.5), class_="kb-portal")
            ell.rotate(r2(angle), center=(r2(m[0]), r2(m[1])))
            g.add(ell)
            sw = dwg.ellipse(center=(r2(m[0]), r2(m[1])), r=(r2(CELL * 0.22), 2.2), class_="kb-portal-swirl")
            sw.rotate(r2(angle), center=(r2(m[0]), r2(m[1])))
            g.add(sw)
        if piece & SETUP:
            g.add(dwg.circle(points([_mid(a, b)])[0], 2.2, class_="kb-hole"))
        pieces.add(g)
    dwg.add(pieces)

    # locks
    if pos.locks:
        g = dwg.g(class_="kb-locks")
        for sd in pos.lock_sides():
            x, y = side_point(sd, 9)
            lock = dwg.g(class_="kb-lock-piece", id=f"{prefix}-lock-{side_name(sd)}")
            lock.add(dwg.path(d=f"M{r2(x - 2.6)},{r2(y - 1)} v-2.5 a2.6,2.6 0 0 1 5.2,0 v2.5", class_="kb-lock-shackle"))
            lock.add(dwg.rect((r2(x - 4), r2(y - 1)), (8, 6.5), rx=1, class_="kb-lock"))
            g.add(lock)
        dwg.add(g)

    # clickable lines (over the pieces, under the runners)
    if interactive:
        g = dwg.g(class_="kb-line-targets")
        for ln in LINES:
            a, b = line_ends(ln)
            el = dwg.line(points([_mid(a, b, 0.12)])[0], points([_mid(a, b, 0.88)])[0], class_="kb-line-target",
                          id=f"{prefix}-ln-{line_name(ln)}")
            target(el, f"ln:{line_name(ln)}")
            el.attribs["aria-label"] = f"line {line_name(ln)}"
            g.add(el)
        dwg.add(g)

    if labels:
        _draw_line_labels(dwg, prefix, labels)

    # last move's path, arrows and marks
    if path:
        g = dwg.g(class_="kb-paths")
        squares = [_parse_square(s) for s in path]
        for s, t in zip(squares, squares[1:], strict=False):
            adjacent = any(set(LINE_SQUARES[ln]) == {s, t} for ln in LINES)
            cls = "kb-path" if adjacent else "kb-path kb-teleport"
            g.add(dwg.line(points([square_centre(s)])[0], points([square_centre(t)])[0], class_=cls))
        dwg.add(g)
    if arrows:
        marker = arrow_marker(dwg, prefix)
        g = dwg.g(class_="kb-arrows")
        for s, t in arrows:
            a, b = square_centre(_parse_square(s)), square_centre(_parse_square(t))
            dx, dy = b[0] - a[0], b[1] - a[1]
            d = math.hypot(dx, dy) or 1
            end = (b[0] - dx / d * 10, b[1] - dy / d * 10)
            el = dwg.line(points([a])[0], points([end])[0], class_="kb-arrow")
            el.attribs["marker-end"] = f"url(#{marker})"
            g.add(el)
        dwg.add(g)

    # runners, each carrying its stones at its upper corners on a halo (clearly visible); a
    # square whose sides carry option badges, or holding a bumped runner, makes room for them
    shown = layout(pos, options or [])
    runners = dwg.g(class_="kb-runners")
    sel = _parse_square(selected) if selected is not None else None
    carried = _carried_colours(pos)
    for seat, (x, y, radius) in shown.runners.items():
        sq = _runner_square(pos, seat)
        name = SEAT_NAMES[seat].lower()
        classes = ["kb-runner", f"kb-{name}"]
        if pos.is_finished(seat):
            classes.append("kb-finished")
        if sel == sq and seat == pos.turn:
            classes.append("kb-selected")
        if seat == shown.bumped:
            classes.append("kb-bumped")
        g = dwg.g(class_=f"kb-runner-group kb-{name}" + (" kb-bumped" if seat == shown.bumped else ""),
                  id=f"{prefix}-runner-{SEAT_LETTERS[seat]}")
        c = dwg.circle((r2(x), r2(y)), radius, class_=" ".join(classes))
        if interactive:
            target(c, f"sq:{square_name(sq)}")
            held = pos.held[seat]
            c.attribs["aria-label"] = (f"{SEAT_NAMES[seat]}'s runner on {square_name(sq)}"
                                       + (f", carrying {held} stone{'s' if held != 1 else ''}" if held else "")
                                       + (", bumped off the Mountain: its place is chosen now" if seat == shown.bumped else ""))
        g.add(c)
        g.add(dwg.text(SEAT_LETTERS[seat], insert=(r2(x), r2(y + 4)), text_anchor="middle",
                       class_=f"kb-runner-letter kb-{name}"))
        for (sx, sy, halo), colour in zip(shown.carried[seat], carried[seat], strict=False):
            g.add(dwg.circle((r2(sx), r2(sy)), halo, class_="kb-stone-halo"))
            g.add(dwg.circle((r2(sx), r2(sy)), 4.2, class_=f"kb-stone kb-stone-{colour} kb-carried"))
        runners.add(g)
    dwg.add(runners)

    # stones on the Mountain sites: beside the centre, clear of a runner standing there;
    # the stack's dark stones (First and Second Stone, K-MTN-4) drawn dark
    for i, m in enumerate(geo.mountains):
        x, y = square_centre(m)
        name = "Mountain" if i == 0 else "Summit"
        g = dwg.g(class_=f"kb-site kb-{name.lower()}", id=f"{prefix}-site-{square_name(m)}")
        for (sx, sy, radius), colour in zip(shown.sites[i], _site_colours(pos, i), strict=False):
            g.add(dwg.circle((r2(sx), r2(sy)), radius, class_=f"kb-stone kb-stone-{colour}"))
        dwg.add(g)

    if marks:
        g = dwg.g(class_="kb-marks")
        for sq, text in sorted(marks.items(), key=lambda kv: _parse_square(kv[0])):
            x, y = square_centre(_parse_square(sq))
            g.add(dwg.text(str(text), insert=(r2(x), r2(y - 12)), text_anchor="middle", class_="kb-mark"))
        dwg.add(g)

    if options:
        g = dwg.g(class_="kb-options")
        for i, (opt, (x, y)) in enumerate(zip(options, shown.badges, strict=False)):
            og = dwg.g(class_="kb-option-group", id=f"{prefix}-opt-{i}")
            c = dwg.circle((r2(x), r2(y)), BADGE_R, class_="kb-option")
            target(c, f"act:{opt.action}")
            c.attribs["aria-label"] = _option_words(opt)
            og.add(c)
            if opt.label:
                og.add(dwg.text(opt.label, insert=(r2(x), r2(y + 4.2)), text_anchor="middle", class_="kb-option-label"))
            g.add(og)
        dwg.add(g)

    if lit:
        _draw_legend(dwg, prefix, [k for k in HIGHLIGHT_KINDS if k in lit.values()]
                     + sorted({k for k in lit.values() if k not in HIGHLIGHT_KINDS}))

    # status and pools
    dwg.add(dwg.text(status if status is not None else status_line(pos), insert=(MARGIN, 18), class_="kb-status",
                     id=f"{prefix}-status"))
    if show_pools:
        _draw_pools(dwg, pos, prefix, MARGIN * 2 + BOARD)

    title = f"Kabetopo ({pos.rules.name}): {status_line(pos)}"
    add_text_alternative(dwg, title, describe_position(pos))
    return dwg.tostring()


def _draw_line_labels(dwg, prefix: str, labels) -> None:
    """Each label as a tag (a rounded box in the page's colours) on its line's middle; a
    rim edge's tag has a dashed outline, the rim holding no piece."""
    g = dwg.g(class_="kb-line-labels")
    for name, rim, (a, b), text in labels:
        x, y = _mid(a, b)
        w, h = 6 + 7 * len(text), 15.0
        lg = dwg.g(class_="kb-line-label" + (" kb-rim" if rim else ""), id=f"{prefix}-label-{name}")
        lg.set_desc(title=f"{'rim edge' if rim else 'line'} {name}: {text}")
        lg.add(dwg.rect((r2(x - w / 2), r2(y - h / 2)), (r2(w), r2(h)), rx=4, class_="kb-line-label-tag"))
        lg.add(dwg.text(text, insert=(r2(x), r2(y + 4.2)), text_anchor="middle", class_="kb-line-label-text"))
        g.add(lg)
    dwg.add(g)


def _shrink(pts, f):
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in pts]


Disc = tuple[float, float, float]  # (x, y, radius) of something round drawn on the board

# An option badge at a side (an exit, a teleport, a bump through a portal, a lock) stands
# this far in from the middle of the side's line: the whole badge lies in the side's own
# square, two badges on the two sides of one line just clear each other, and so do the
# badges of two sides of one square; what stands on the square makes room for them.
SIDE_BADGE_INSET = BADGE_R + 0.5
# how far in from its line a side's badge stands on a square with nothing else on it: clear
# of the piece on the line, and clear of the square's centre, which keeps its own click (a
# click on the square means the square: an exit onto it, a move to it)
ROOMY_BADGE_INSET = 11.0
GHOST_R = 8.5  # a bumped runner waiting for its place, drawn beside the runner that bumped it


def bumped_runner(pos: Position) -> int | None:
    """The seat of the runner bumped off a Mountain site whose place the mover is choosing
    (K-MTN-3), as the engine holds it: a pending bump, or that runner's exit from a portal."""
    p = pos.pending
    if isinstance(p, PendingBump):
        return p.runner
    if isinstance(p, PendingExit) and p.mode == ExitMode.BUMPED:
        return p.runner
    return None


def _crowd(n: int) -> list[tuple[float, float]]:
    """Offsets of ``n`` runners sharing a square: side by side for two, in a ring for more."""
    if n == 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-9.0, 0.0), (9.0, 0.0)]
    return [(9 * math.cos(2 * math.pi * k / n - math.pi / 2), 9 * math.sin(2 * math.pi * k / n - math.pi / 2)) for k in range(n)]


def _gap(a: Disc, b: Disc) -> float:
    """The room between two discs (negative where they overlap)."""
    return math.hypot(a[0] - b[0], a[1] - b[1]) - a[2] - b[2]


def _room_in(sq: int, disc: Disc) -> float:
    """How far ``disc`` stays inside square ``sq`` (negative where it pokes out): the
    diamond around the square's centre holds the points with |dx| + |dy| <= K."""
    cx, cy = square_centre(sq)
    return (K - abs(disc[0] - cx) - abs(disc[1] - cy)) / math.sqrt(2) - disc[2]


def _patterns(seats: list[int], bumped: int | None) -> list[list[list[Disc]]]:
    """Ways to draw the runners of ``seats`` on one square, as offsets from its centre (one
    disc per seat, in order), in tiers from the most to the least wanted; each is tried as
    it is and moved about the square.  A bumped runner sits beside the one that bumped it,
    smaller; with no bumped runner the first way is the usual drawing."""
    n, h = len(seats), math.sqrt(.5)
    rotations = [(1.0, 0.0), (0.0, 1.0), (h, h), (h, -h)]
    if bumped in seats and n == 2:
        tiers = []
        for bumper_r, apart in ((11.0, 20.5), (9.5, 19.0), (8.5, 18.0)):
            tier = []
            for ux, uy in ((0, -1), (1, 0), (-1, 0), (0, 1), (h, -h), (-h, -h), (h, h), (-h, h)):
                ghost = (ux * (apart - 2), uy * (apart - 2), GHOST_R)
                tier.append([ghost if seat == bumped else (-ux * 2, -uy * 2, bumper_r) for seat in seats])
            tiers.append(tier)
        return tiers
    if n == 1:
        return [[[(0.0, 0.0, r)]] for r in (11.0, 9.5, 8.5)]
    tiers = []
    for radius, spread in ((8.5, 9.0), (7.5, 8.0)):
        tier = []
        for ux, uy in rotations if n == 2 else rotations[:1]:
            offsets = [(x / 9 * spread, y / 9 * spread) for x, y in _crowd(n)]
            tier.append([(x * ux - y * uy, x * uy + y * ux, radius) for x, y in offsets])
        tiers.append(tier)
    return tiers


# How far a square's runners may move from their usual place to make room: every offset
# up to 14 px, nearest first.
_SHIFTS = sorted(((x * 1.5, y * 1.5) for x in range(-10, 11) for y in range(-10, 11) if math.hypot(x, y) * 1.5 <= 14),
                 key=lambda p: (round(math.hypot(*p), 6), math.atan2(p[1], p[0])))


def runner_discs(pos: Position, keep_clear: dict[int, list[Disc]] | None = None,
                 bumped: int | None = None) -> dict[int, Disc]:
    """Where each seat's runner is drawn: seat -> (x, y, radius).  ``keep_clear``: square ->
    the option badges drawn on it, which its runners leave room for (moving a little off
    the centre, or drawn smaller, never off their square); ``bumped``: the seat of a bumped
    runner, drawn beside the runner that bumped it."""
    by_square: dict[int, list[int]] = {}
    for seat in pos.rules.seats:
        by_square.setdefault(_runner_square(pos, seat), []).append(seat)
    discs: dict[int, Disc] = {}
    for sq, seats in sorted(by_square.items()):
        cx, cy = square_centre(sq)
        badges = (keep_clear or {}).get(sq, [])
        ghost = bumped if bumped in seats and len(seats) > 1 else None
        tiers = _patterns(seats, ghost)
        best: list[Disc] = [(cx + x, cy + y, r) for x, y, r in tiers[0][0]]
        if badges or ghost is not None:
            best = _make_room(sq, tiers, badges) or best
        discs.update(zip(seats, best, strict=True))
    return discs


def _make_room(sq: int, tiers: list[list[list[Disc]]], badges: list[Disc]) -> list[Disc] | None:
    """The first way (tier by tier, the smallest move first) to draw a square's runners
    wholly on it and 1 px clear of its badges; else the way with the most room."""
    cx, cy = square_centre(sq)
    most, best = -math.inf, None
    for tier in tiers:
        for dx, dy in _SHIFTS:
            for pattern in tier:
                discs = [(cx + x + dx, cy + y + dy, r) for x, y, r in pattern]
                # wholly on the square (room 0 there) and 1 px clear of every badge
                room = min([_room_in(sq, d) + 1 for d in discs] + [_gap(d, b) for d in discs for b in badges])
                if room >= 1 - 1e-9:
                    return discs
                if room > most:
                    most, best = room, discs
    return best


# Turns (degrees) of the stones a runner carries about it, where badges or other runners
# take their usual place at its upper corners: the first is that usual place.
CARRIED_TURNS = (0, 180, 90, -90, 45, -45, 135, -135)


def carried_stone_discs(disc: Disc, count: int, turn: float = 0) -> list[Disc]:
    """(x, y, halo radius) of the stones a runner drawn at ``disc`` carries: on its upper
    corners, half outside it; ``turn``: the same arrangement turned about the runner."""
    x, y, radius = disc
    cos, sin = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    out = []
    for k in range(count):
        dx, dy = (radius * 0.8 if k % 2 == 0 else -radius * 0.8), -(radius * 0.8 + (k // 2) * 7)
        out.append((x + dx * cos - dy * sin, y + dx * sin + dy * cos, 5.8))
    return out


# Where a Mountain site's stones sit, around the square's centre (a runner there covers
# the centre only, radius 11): left and right of it, then above and below.
SITE_STONE_SPOTS = ((-17.0, -4.5), (17.0, -4.5), (-17.0, 4.5), (17.0, 4.5), (0.0, -21.0), (0.0, 21.0))
STONE_R = 3.6
# Where else they go when runners or badges take those spots: anywhere on the square away
# from its coordinate label, the outermost first.
_MORE_STONE_SPOTS = sorted(
    (p for p in ((x * 1.5, y * 1.5) for x in range(-17, 18) for y in range(-17, 18))
     if abs(p[0]) + abs(p[1]) <= K - STONE_R * math.sqrt(2) and not (p[1] > 6 and abs(p[0]) < 12)),
    key=lambda p: (-round(math.hypot(*p), 6), abs(p[1]), p[0], p[1]))


def site_stone_discs(pos: Position, site: int | None = None, *, runners: dict[int, Disc] | None = None,
                     carried: dict[int, list[Disc]] | None = None,
                     keep_clear: dict[int, list[Disc]] | None = None) -> list[Disc]:
    """(x, y, radius) of the stones left on one Mountain site, or on all of them: at their
    usual spots, or, where a runner or an option badge on the square takes one, at the next
    free spot (a carried stone may touch them: both are stones)."""
    sites = range(len(pos.rules.geometry.mountains)) if site is None else [site]
    out = []
    for i in sites:
        sq = pos.rules.geometry.mountains[i]
        x, y = square_centre(sq)
        spots = SITE_STONE_SPOTS * (1 + pos.site_stones[i] // len(SITE_STONE_SPOTS))
        hard = [d for seat, d in (runners or {}).items() if _runner_square(pos, seat) == sq]
        hard += (keep_clear or {}).get(sq, [])
        soft = [h for seat, halos in (carried or {}).items() if _runner_square(pos, seat) == sq for h in halos]
        placed: list[Disc] = []

        def free(disc: Disc, placed: list[Disc] = placed, hard: list[Disc] = hard, soft: list[Disc] = soft) -> bool:
            return (all(_gap(disc, d) >= 0.5 for d in hard + placed) and all(_gap(disc, d) >= -1 for d in soft))

        for k in range(pos.site_stones[i]):
            usual = (x + spots[k][0], y + spots[k][1], STONE_R)
            if not free(usual):
                usual = next((d for ox, oy in _MORE_STONE_SPOTS for d in [(x + ox, y + oy, STONE_R)] if free(d)), usual)
            placed.append(usual)
        out += placed
    return out


@dataclass(frozen=True)
class Layout:
    """Where everything round on a board is drawn, worked out together so that nothing hides
    anything: runners, the stones they carry (seat -> halos), each site's stones, each
    option's badge (in the order of the options), and the bumped runner's seat, if any."""

    runners: dict[int, Disc]
    carried: dict[int, list[Disc]]
    sites: list[list[Disc]]
    badges: list[tuple[float, float]]
    bumped: int | None


def layout(pos: Position, options: list[Option]) -> Layout:
    """Badges at sides first, each wholly on its side's square next to the middle of its
    line (``SIDE_BADGE_INSET``); then the runners, making room on squares that carry such
    badges or a bumped runner; then the stones they carry and the stones on the sites; last
    the badges on squares and lines, in the room left."""
    bumped = bumped_runner(pos)
    sides = {i: parse_side(opt.at[3:]) for i, opt in enumerate(options) if opt.at.startswith("sd:")}
    taken = {_runner_square(pos, seat) for seat in pos.rules.seats}
    taken |= {m for i, m in enumerate(pos.rules.geometry.mountains) if pos.site_stones[i]}
    badges_on = [side >> 2 for side in sides.values()]
    at_sides: dict[int, tuple[float, float]] = {}
    on_square: dict[int, list[Disc]] = {}
    for i, opt in enumerate(options):
        if i in sides:
            sq = sides[i] >> 2
            spot = _first_clear(_spots(opt.at, roomy=sq not in taken and badges_on.count(sq) == 1), [],
                                list(at_sides.values()))
            at_sides[i] = spot
            on_square.setdefault(sq, []).append((spot[0], spot[1], BADGE_R))
    runners = runner_discs(pos, on_square, bumped)
    carried = _carried_discs(pos, runners, on_square)
    sites = [site_stone_discs(pos, i, runners=runners, carried=carried, keep_clear=on_square)
             for i in range(len(pos.rules.geometry.mountains))]
    obstacles = [(x, y, r + 1) for x, y, r in runners.values()] + [d for stones in sites for d in stones]
    obstacles += [d for halos in carried.values() for d in halos]
    rest = [(i, opt) for i, opt in enumerate(options) if i not in at_sides]
    spots = dict(zip([i for i, _ in rest], badge_spots([opt for _, opt in rest], obstacles, list(at_sides.values())),
                     strict=True))
    return Layout(runners, carried, sites, [at_sides[i] if i in at_sides else spots[i] for i in range(len(options))],
                  bumped)


def _carried_discs(pos: Position, runners: dict[int, Disc], keep_clear: dict[int, list[Disc]]) -> dict[int, list[Disc]]:
    """The halos of the stones each runner carries: on its upper corners, or where the badges
    and the other runners on its square leave them room."""
    out = {}
    for seat, disc in runners.items():
        sq = _runner_square(pos, seat)
        badges = keep_clear.get(sq, [])
        others = [d for s, d in runners.items() if s != seat and _runner_square(pos, s) == sq]
        ways = [carried_stone_discs(disc, pos.held[seat], turn) for turn in CARRIED_TURNS]
        out[seat] = next((w for w in ways if all(_gap(h, b) >= 0.5 for h in w for b in badges)
                          and all(_gap(h, o) >= 0 for h in w for o in others)), ways[0])
    return out


def _stack(pos: Position, site: int) -> list[str]:
    """The colours of a site's full stack, top first.  In the one-site rulesets the two
    dark stones lie on top and score First and Second Stone (K-MTN-4); the 2-player game's
    stones all count alike, so they are drawn alike."""
    n = pos.rules.stones[site]
    if len(pos.rules.stones) > 1:
        return ["light"] * n
    return ["dark" if k < 2 else "light" for k in range(n)]


def _site_colours(pos: Position, site: int) -> list[str]:
    """The colours of the stones left on a site: the bottom of its stack."""
    stack = _stack(pos, site)
    left = pos.site_stones[site]
    return stack[len(stack) - left:] if 0 < left <= len(stack) else ["light"] * left


def _carried_colours(pos: Position) -> dict[int, list[str]]:
    """The colours of the stones each runner holds, in the order they were taken."""
    stack = _stack(pos, 0) if len(pos.rules.stones) == 1 else []
    out = {}
    for seat in pos.rules.seats:
        taken = [stack[j] if j < len(stack) else "light" for j, s in enumerate(pos.stone_order) if s == seat]
        held = pos.held[seat]
        out[seat] = (taken + ["light"] * held)[:held]
    return out


def _glyph(dwg, kind: str, x: float, y: float):
    """The small sign of a highlight kind at (x, y): a hop arc for a leapfrog landing, a
    lightning bolt for a speed move, a portal's ring where a leapfrog comes out of one."""
    if kind == "exit":
        ring = dwg.ellipse(center=(r2(x), r2(y)), r=(7, 3), class_="kb-hl-glyph kb-glyph-exit")
        ring.rotate(-45, center=(r2(x), r2(y)))
        return ring
    if kind == "leap":
        d = (f"M{r2(x - 6)},{r2(y + 4)} Q{r2(x)},{r2(y - 8)} {r2(x + 6)},{r2(y + 4)} "
             f"M{r2(x + 2.5)},{r2(y + 2.5)} L{r2(x + 6)},{r2(y + 4)} L{r2(x + 6.8)},{r2(y)}")
        return dwg.path(d=d, class_="kb-hl-glyph kb-glyph-leap")
    bolt = [(x + 1.5, y - 6.5), (x - 4, y + 1), (x - 0.5, y + 1), (x - 1.5, y + 6.5), (x + 4, y - 1), (x + 0.5, y - 1)]
    return dwg.polygon(points(bolt), class_="kb-hl-glyph kb-glyph-speed")


def _draw_legend(dwg, prefix: str, kinds: list[str]) -> None:
    """A key to the highlight kinds on the board, in the empty corner left of North."""
    g = dwg.g(class_="kb-legend", id=f"{prefix}-legend")
    for i, kind in enumerate(kinds):
        x, y = MARGIN - 14, HEADER + 10 + i * 18
        sw = dwg.rect((r2(x), r2(y)), (14, 14), class_=f"kb-legend-swatch kb-hl-{kind}")
        g.add(sw)
        if kind in GLYPHS:
            g.add(_glyph(dwg, kind, x + 7, y + 7))
        g.add(dwg.text(LEGEND.get(kind, HIGHLIGHT_KINDS.get(kind, kind)), insert=(r2(x + 19), r2(y + 11.5)), class_="kb-legend-text"))
    dwg.add(g)


def _option_words(opt: Option) -> str:
    """What a badge says to a screen reader: its mark and its action in words, each line by
    its own name (``Action.words``); the action text as written when it does not parse."""
    try:
        words = Action.parse(opt.action).words
    except NotationError:
        words = opt.action
    return f"option {opt.label}: {words}" if opt.label else words


def _anchor(at: str) -> tuple[float, float]:
    """The preferred spot of an option badge anchored at ``sq:``, ``sd:`` or ``ln:``."""
    return _spots(at)[0]


def _spots(at: str, roomy: bool = False) -> list[tuple[float, float]]:
    """Candidate spots of a badge, best first: near its square, side or line.  A side's
    spots all lie wholly on the side's own square, nearer its line than any other; on a
    ``roomy`` square (nothing else on it) the badge first stands further in, leaving the
    piece on the line in sight and clear of a badge on the line's other side."""
    kind, _, name = at.partition(":")
    if kind == "sq":
        x, y = square_centre(parse_square(name))
        return [(x + dx, y + dy) for dx, dy in ((0, -12), (0, 12), (-17, 0), (17, 0), (0, -21), (0, 21))]
    if kind == "sd":
        side = parse_side(name)
        a, b = line_ends(_line_of_side(side))
        m, c = _mid(a, b), square_centre(side >> 2)
        nx, ny = _unit(c[0] - m[0], c[1] - m[1])
        tx, ty = _unit(b[0] - a[0], b[1] - a[1])
        return [(m[0] + nx * inset + tx * along, m[1] + ny * inset + ty * along)
                for inset, along in ((ROOMY_BADGE_INSET, 0),) * roomy + ((SIDE_BADGE_INSET, 0), (SIDE_BADGE_INSET, -9),
                                                         (SIDE_BADGE_INSET, 9), (13, -5), (13, 5))]
    if kind == "ln":
        a, b = line_ends(parse_line(name))
        nx, ny = _unit(a[1] - b[1], b[0] - a[0])
        return [(p[0] + nx * off, p[1] + ny * off)
                for t, off in ((0.5, 0), (0.25, 0), (0.75, 0), (0.5, 10), (0.5, -10), (0.15, 10), (0.85, 10),
                               (0.15, -10), (0.85, -10), (0.5, 19), (0.5, -19), (0.08, 10), (0.92, 10),
                               (0.08, -10), (0.92, -10))
                for p in [_mid(a, b, t)]]
    raise NotationError(f"an option anchor is sq:, sd: or ln:, not {at!r}")


def _unit(dx: float, dy: float) -> tuple[float, float]:
    d = math.hypot(dx, dy) or 1.0
    return dx / d, dy / d


def _first_clear(spots: list[tuple[float, float]], discs: list[Disc],
                 placed: list[tuple[float, float]]) -> tuple[float, float]:
    """The first spot where a badge is clear of every disc and 1 px clear of every badge
    placed before it; when none is clear, the spot with the most room."""
    def room(p: tuple[float, float]) -> float:
        gaps = [math.hypot(p[0] - x, p[1] - y) - (BADGE_R + r) for x, y, r in discs]
        gaps += [math.hypot(p[0] - q[0], p[1] - q[1]) - (2 * BADGE_R + 1) for q in placed]
        return min(gaps, default=1.0)
    return next((p for p in spots if room(p) >= -1e-9), max(spots, key=room))


def badge_spots(options: list[Option], discs: list[Disc],
                placed: list[tuple[float, float]] | None = None) -> list[tuple[float, float]]:
    """Where each option badge goes: the first of its candidate spots clear of every disc
    (x, y, radius: runners, carried and Mountain stones) and of the badges placed before it
    (``placed``: badges already on the board); when none is clear, the spot with the most room."""
    placed = list(placed or [])
    out = []
    for opt in options:
        spot = _first_clear(_spots(opt.at), discs, placed)
        placed.append(spot)
        out.append(spot)
    return out


def _draw_pools(dwg, pos: Position, prefix: str, x0: float) -> None:
    """Each seat's pieces left, speed token, stones and homecoming, in lines short enough
    for the panel (issue 11: "home #1 on a1" ran off the drawing)."""
    g = dwg.g(class_="kb-pools", id=f"{prefix}-pools")
    y = HEADER + MARGIN + 4
    for seat in pos.rules.seats:
        name = SEAT_NAMES[seat]
        pool = pos.pools[seat]
        sg = dwg.g(class_=f"kb-pool kb-{name.lower()}", id=f"{prefix}-pool-{SEAT_LETTERS[seat]}")
        marker = "▶ " if seat == pos.turn and pos.phase not in ("over", "setup") else ""
        sg.add(dwg.circle((r2(x0 + 8), r2(y - 4)), 7, class_=f"kb-runner kb-{name.lower()}"))
        sg.add(dwg.text(SEAT_LETTERS[seat], insert=(r2(x0 + 8), r2(y)), text_anchor="middle", class_=f"kb-runner-letter kb-{name.lower()}"))
        home = ""
        for i, (s, sq) in enumerate(pos.homes):
            if s == seat:
                home = f" · home #{i + 1} on {square_name(sq)}"
        start = square_name(START_SQUARE[seat])
        sg.add(dwg.text(f"{marker}{name} (from {start})", insert=(r2(x0 + 20), r2(y)), class_="kb-panel-title"))
        lines = [
            f"walls {pool[0]} · monoliths {pool[1]}",
            f"portals {pool[2]} · locks {pool[3]}",
            "speed token " + ("+1 up" if pool[4] else "spent / none"),
            f"stones {pos.held[seat]}{home}",
        ]
        for k, text in enumerate(lines):
            sg.add(dwg.text(text, insert=(r2(x0 + 20), r2(y + PANEL_LINE * (k + 1))), class_="kb-panel-text"))
        g.add(sg)
        y += PANEL_BLOCK
    dwg.add(g)
