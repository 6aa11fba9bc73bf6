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
from ..kabetopo.position import KIND, SETUP, Piece, Position
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
    "drop": "drop here",
    "bad": "refused",
}
LEGEND = {"leap": "leapfrog", "select": "bump to"}  # shorter words where the legend is tight
GLYPHS = ("leap", "speed")

_LIGHT = ("--kb-bg:#fbfaf6; --kb-ink:#222; --kb-ink2:#333; --kb-light:#efe6d2; --kb-dark:#e2d3b3; --kb-corner:#cfe3d0; "
          "--kb-mountain:#c9b79a; --kb-wall:#6b4f35; --kb-monolith:#2f2f35; --kb-portal:#7b4bb7; --kb-lock:#c78a00; "
          "--kb-hl:#2b8a3e; --kb-hl2:#1c6dd0; --kb-leap:#7048e8; --kb-speed:#e8590c; --kb-bad:#b02525; --kb-path:#1c6dd0; "
          "--kb-on-badge:#fff; --kb-hl-alpha:.32; "
          "--kb-east:#1f3b73; --kb-south:#2e7d4f; --kb-west:#f4f1e8; --kb-north:#b5432a; font-family: sans-serif;")
_DARK = ("--kb-bg:#1e1f24; --kb-ink:#e8e6e1; --kb-ink2:#e8e6e1; --kb-light:#3a3f4b; --kb-dark:#31353f; --kb-corner:#2f4a3a; "
         "--kb-mountain:#6d604d; --kb-wall:#d0a77a; --kb-monolith:#b9bcc8; --kb-portal:#b38cf0; --kb-lock:#f2c14e; "
         "--kb-hl:#69db7c; --kb-hl2:#74c0fc; --kb-leap:#b197fc; --kb-speed:#ffa94d; --kb-bad:#ffa8a8; --kb-path:#74c0fc; "
         "--kb-on-badge:#111; --kb-hl-alpha:.22;")

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
.kb-kabetopo .kb-runner-letter {{ font-size: {FONT["runner"]}px; font-weight: bold; fill: #fff; }}
.kb-kabetopo .kb-runner-letter.kb-west {{ fill: #222; }}
.kb-kabetopo .kb-runner.kb-finished {{ stroke-dasharray: 2 2; }}
.kb-kabetopo .kb-runner.kb-selected {{ stroke: var(--kb-hl2); stroke-width: 3; }}
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
    ``marks``: square -> short text; ``options``: clickable choices (badges placed clear of
    the runners and of each other); ``interactive``: squares and lines get
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

    # runners, each carrying its stones at its upper corners on a halo (clearly visible)
    runners = dwg.g(class_="kb-runners")
    sel = _parse_square(selected) if selected is not None else None
    discs = runner_discs(pos)
    carried = _carried_colours(pos)
    for seat, (x, y, radius) in discs.items():
        sq = _runner_square(pos, seat)
        name = SEAT_NAMES[seat].lower()
        classes = ["kb-runner", f"kb-{name}"]
        if pos.is_finished(seat):
            classes.append("kb-finished")
        if sel == sq and seat == pos.turn:
            classes.append("kb-selected")
        g = dwg.g(class_=f"kb-runner-group kb-{name}", id=f"{prefix}-runner-{SEAT_LETTERS[seat]}")
        c = dwg.circle((r2(x), r2(y)), radius, class_=" ".join(classes))
        if interactive:
            target(c, f"sq:{square_name(sq)}")
            held = pos.held[seat]
            c.attribs["aria-label"] = (f"{SEAT_NAMES[seat]}'s runner on {square_name(sq)}"
                                       + (f", carrying {held} stone{'s' if held != 1 else ''}" if held else ""))
        g.add(c)
        g.add(dwg.text(SEAT_LETTERS[seat], insert=(r2(x), r2(y + 4)), text_anchor="middle",
                       class_=f"kb-runner-letter kb-{name}"))
        for (sx, sy, halo), colour in zip(carried_stone_discs(discs[seat], len(carried[seat])), carried[seat], strict=False):
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
        for (sx, sy, radius), colour in zip(site_stone_discs(pos, i), _site_colours(pos, i), strict=False):
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
        obstacles = [(x, y, r + 1) for x, y, r in discs.values()] + site_stone_discs(pos)
        obstacles += [d for seat, disc in discs.items() for d in carried_stone_discs(disc, len(carried[seat]))]
        for i, (opt, (x, y)) in enumerate(zip(options, badge_spots(options, obstacles), strict=False)):
            og = dwg.g(class_="kb-option-group", id=f"{prefix}-opt-{i}")
            c = dwg.circle((r2(x), r2(y)), BADGE_R, class_="kb-option")
            target(c, f"act:{opt.action}")
            c.attribs["aria-label"] = opt.action
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


def _crowd(n: int) -> list[tuple[float, float]]:
    """Offsets of ``n`` runners sharing a square: side by side for two, in a ring for more."""
    if n == 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-9.0, 0.0), (9.0, 0.0)]
    return [(9 * math.cos(2 * math.pi * k / n - math.pi / 2), 9 * math.sin(2 * math.pi * k / n - math.pi / 2)) for k in range(n)]


def runner_discs(pos: Position) -> dict[int, tuple[float, float, float]]:
    """Where each seat's runner is drawn: seat -> (x, y, radius)."""
    by_square: dict[int, list[int]] = {}
    for seat in pos.rules.seats:
        by_square.setdefault(_runner_square(pos, seat), []).append(seat)
    discs = {}
    for sq, seats in sorted(by_square.items()):
        cx, cy = square_centre(sq)
        radius = 11 if len(seats) == 1 else 8.5
        for seat, (ox, oy) in zip(seats, _crowd(len(seats)), strict=False):
            discs[seat] = (cx + ox, cy + oy, radius)
    return discs


def carried_stone_discs(disc: tuple[float, float, float], count: int) -> list[tuple[float, float, float]]:
    """(x, y, halo radius) of the stones a runner drawn at ``disc`` carries: on its upper
    corners, half outside it."""
    x, y, radius = disc
    return [(x + (radius * 0.8 if k % 2 == 0 else -radius * 0.8), y - radius * 0.8 - (k // 2) * 7, 5.8)
            for k in range(count)]


# Where a Mountain site's stones sit, around the square's centre (a runner there covers
# the centre only, radius 11): left and right of it, then above and below.
SITE_STONE_SPOTS = ((-17.0, -4.5), (17.0, -4.5), (-17.0, 4.5), (17.0, 4.5), (0.0, -21.0), (0.0, 21.0))


def site_stone_discs(pos: Position, site: int | None = None) -> list[tuple[float, float, float]]:
    """(x, y, radius) of the stones left on one Mountain site, or on all of them."""
    sites = range(len(pos.rules.geometry.mountains)) if site is None else [site]
    out = []
    for i in sites:
        x, y = square_centre(pos.rules.geometry.mountains[i])
        spots = SITE_STONE_SPOTS * (1 + pos.site_stones[i] // len(SITE_STONE_SPOTS))
        out += [(x + ox, y + oy, 3.6) for ox, oy in spots[:pos.site_stones[i]]]
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
    lightning bolt for a speed move."""
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


def _anchor(at: str) -> tuple[float, float]:
    """The preferred spot of an option badge anchored at ``sq:``, ``sd:`` or ``ln:``."""
    return _spots(at)[0]


def _spots(at: str) -> list[tuple[float, float]]:
    """Candidate spots of a badge, best first: near its square, side or line."""
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
                for inset, along in ((10, 0), (0, 0), (10, -13), (10, 13), (0, -13), (0, 13),
                                     (5, -19), (5, 19), (0, -19), (0, 19), (-10, 0))]
    if kind == "ln":
        a, b = line_ends(parse_line(name))
        nx, ny = _unit(a[1] - b[1], b[0] - a[0])
        return [(p[0] + nx * off, p[1] + ny * off)
                for t, off in ((0.5, 0), (0.25, 0), (0.75, 0), (0.5, 10), (0.5, -10), (0.15, 10), (0.85, 10),
                               (0.15, -10), (0.85, -10), (0.5, 19), (0.5, -19))
                for p in [_mid(a, b, t)]]
    raise NotationError(f"an option anchor is sq:, sd: or ln:, not {at!r}")


def _unit(dx: float, dy: float) -> tuple[float, float]:
    d = math.hypot(dx, dy) or 1.0
    return dx / d, dy / d


def badge_spots(options: list[Option], discs: list[tuple[float, float, float]]) -> list[tuple[float, float]]:
    """Where each option badge goes: the first of its candidate spots clear of every disc
    (x, y, radius: runners, carried and Mountain stones) and of the badges placed before it;
    when none is clear, the spot with the most room."""
    placed: list[tuple[float, float]] = []
    for opt in options:
        def room(p):
            gaps = [math.hypot(p[0] - x, p[1] - y) - (BADGE_R + r) for x, y, r in discs]
            gaps += [math.hypot(p[0] - q[0], p[1] - q[1]) - (2 * BADGE_R + 1) for q in placed]
            return min(gaps, default=1.0)
        spots = _spots(opt.at)
        placed.append(next((p for p in spots if room(p) >= 0), max(spots, key=room)))
    return placed


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
