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

from ..kabetopo.geometry import (
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
from ..kabetopo.status import describe_position, status_line
from ..kabetopo.notation import format_position
from ..kabetopo.position import KIND, SETUP, Piece, Position
from ..kabetopo.rules import SEAT_LETTERS, SEAT_NAMES, START_SQUARE
from .base import add_text_alternative, arrow_marker, content_prefix, new_drawing, points, r2, target

CELL = 44.0  # a square's side in px
K = CELL / math.sqrt(2)
MARGIN = 26.0
BOARD = 12 * K
PANEL = 190.0
HEADER = 26.0

STYLE = """
.kb-board { --kb-bg:#fbfaf6; --kb-ink:#222; --kb-light:#efe6d2; --kb-dark:#e2d3b3; --kb-corner:#cfe3d0;
  --kb-mountain:#c9b79a; --kb-wall:#6b4f35; --kb-monolith:#2f2f35; --kb-portal:#7b4bb7; --kb-lock:#c78a00;
  --kb-hl:#2b8a3e; --kb-hl2:#1c6dd0; --kb-bad:#c92a2a; --kb-path:#1c6dd0;
  --kb-east:#1f3b73; --kb-south:#2e7d4f; --kb-west:#f4f1e8; --kb-north:#b5432a; font-family: sans-serif; }
.kb-board.kb-dark { --kb-bg:#1e1f24; --kb-ink:#e8e6e1; --kb-light:#3a3f4b; --kb-dark:#31353f; --kb-corner:#2f4a3a;
  --kb-mountain:#6d604d; --kb-wall:#d0a77a; --kb-monolith:#b9bcc8; --kb-portal:#b38cf0; --kb-lock:#f2c14e;
  --kb-hl:#69db7c; --kb-hl2:#74c0fc; --kb-bad:#ff8787; --kb-path:#74c0fc; }
.kb-board .kb-bg { fill: var(--kb-bg); }
.kb-board text { fill: var(--kb-ink); }
.kb-board .kb-square { fill: var(--kb-light); stroke: var(--kb-ink); stroke-opacity: .25; stroke-width: .6; }
.kb-board .kb-square.kb-shade { fill: var(--kb-dark); }
.kb-board .kb-square.kb-corner { fill: var(--kb-corner); }
.kb-board .kb-square.kb-mountain { fill: var(--kb-mountain); }
.kb-board .kb-mountain-icon { fill: var(--kb-ink); fill-opacity: .55; }
.kb-board .kb-coord { font-size: 8px; fill-opacity: .55; }
.kb-board .kb-compass { font-size: 13px; font-weight: bold; }
.kb-board .kb-wall { fill: var(--kb-wall); }
.kb-board .kb-monolith { fill: var(--kb-monolith); }
.kb-board .kb-monolith-tick { stroke: var(--kb-bg); stroke-width: 1.5; }
.kb-board .kb-portal { fill: var(--kb-portal); fill-opacity: .85; stroke: var(--kb-ink); stroke-width: .8; }
.kb-board .kb-portal-swirl { fill: none; stroke: var(--kb-bg); stroke-width: 1.2; }
.kb-board .kb-hole { fill: var(--kb-bg); stroke: var(--kb-ink); stroke-width: .6; }
.kb-board .kb-door { fill: var(--kb-wall); stroke: var(--kb-ink); stroke-width: .8; stroke-dasharray: 3 2; }
.kb-board .kb-hinge { fill: var(--kb-bg); stroke: var(--kb-ink); stroke-width: .8; }
.kb-board .kb-lock { fill: var(--kb-lock); stroke: var(--kb-ink); stroke-width: .8; }
.kb-board .kb-lock-shackle { fill: none; stroke: var(--kb-ink); stroke-width: 1.4; }
.kb-board .kb-runner { stroke: var(--kb-ink); stroke-width: 1.4; }
.kb-board .kb-runner.kb-east { fill: var(--kb-east); } .kb-board .kb-runner.kb-south { fill: var(--kb-south); }
.kb-board .kb-runner.kb-west { fill: var(--kb-west); } .kb-board .kb-runner.kb-north { fill: var(--kb-north); }
.kb-board .kb-runner-letter { font-size: 12px; font-weight: bold; fill: #fff; pointer-events: none; }
.kb-board .kb-runner-letter.kb-west { fill: #222; }
.kb-board .kb-runner.kb-finished { stroke-dasharray: 2 2; }
.kb-board .kb-runner.kb-selected { stroke: var(--kb-hl2); stroke-width: 3; }
.kb-board .kb-stone { fill: #fff; stroke: #222; stroke-width: .8; }
.kb-board .kb-hl { fill: var(--kb-hl); fill-opacity: .35; stroke: var(--kb-hl); stroke-width: 1.5; }
.kb-board .kb-hl.kb-hl-drop, .kb-board .kb-hl.kb-hl-select { fill: var(--kb-hl2); stroke: var(--kb-hl2); }
.kb-board .kb-hl.kb-hl-bad { fill: var(--kb-bad); stroke: var(--kb-bad); }
.kb-board .kb-hl-line { stroke: var(--kb-hl2); stroke-width: 5; stroke-opacity: .6; stroke-linecap: round; }
.kb-board .kb-path { fill: none; stroke: var(--kb-path); stroke-width: 3; stroke-opacity: .8; stroke-linecap: round; }
.kb-board .kb-path.kb-teleport { stroke-dasharray: 5 4; }
.kb-board .kb-arrow { stroke: var(--kb-bad); stroke-width: 2.5; fill: none; }
.kb-board .kb-arrowhead { fill: var(--kb-bad); }
.kb-board .kb-mark { font-size: 13px; font-weight: bold; fill: var(--kb-bad); }
.kb-board .kb-option { fill: var(--kb-hl2); fill-opacity: .9; stroke: var(--kb-bg); stroke-width: 1.5; }
.kb-board .kb-option-label { font-size: 9px; font-weight: bold; fill: #fff; pointer-events: none; }
.kb-board .kb-panel-title { font-size: 12px; font-weight: bold; }
.kb-board .kb-panel-text { font-size: 10.5px; }
.kb-board .kb-status { font-size: 12.5px; font-weight: bold; }
.kb-board [data-target] { cursor: pointer; }
.kb-board .kb-highlights, .kb-board .kb-line-highlights, .kb-board .kb-paths, .kb-board .kb-arrows,
.kb-board .kb-marks, .kb-board .kb-coords, .kb-board .kb-site, .kb-board .kb-pieces, .kb-board .kb-locks,
.kb-board .kb-stone, .kb-board .kb-option-label { pointer-events: none; }
.kb-board .kb-line-target { stroke: transparent; stroke-width: 9; }
.kb-board .kb-line-target:hover, .kb-board .kb-line-target.kb-focus { stroke: var(--kb-hl2); stroke-opacity: .35; }
.kb-board .kb-square[data-target]:hover, .kb-board .kb-square.kb-focus { stroke: var(--kb-hl2); stroke-width: 2.5; stroke-opacity: 1; }
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


def _mid(a, b, t=0.5):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def side_point(side: int, inset: float = 8.0) -> tuple[float, float]:
    """The point just inside ``side``'s square, next to the middle of its line."""
    a, b = line_ends(side_line(side))
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
    theme: str = "light",
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
) -> str:
    """The SVG text of ``position``; every keyword is optional.

    ``highlights``: square -> kind (``move``, ``drop``, ``select``, ``bad``); ``lines``:
    line -> kind; ``path``: squares visited by the last move (a jump between
    non-neighbours is drawn dashed, as a teleport); ``arrows``: (from, to) square pairs;
    ``marks``: square -> short text; ``options``: clickable choices; ``interactive``:
    squares and lines get ``data-target`` names for the widget.
    """
    pos = position
    key_parts = [format_position(pos), theme, repr(coordinates), repr(highlights), repr(lines), repr(path),
                 repr(arrows), repr(marks), repr(options), repr(selected), repr(interactive), repr(show_pools), repr(status)]
    prefix = id_prefix or content_prefix(*key_parts)
    width = MARGIN * 2 + BOARD + (PANEL if show_pools else 0)
    height = HEADER + MARGIN * 2 + BOARD
    dwg = new_drawing(width, height, theme=theme, extra_class="kb-kabetopo")
    dwg.attribs["id"] = prefix
    if embed_style:  # the widget sends the style once instead (see widget.py)
        dwg.add(dwg.style(STYLE))
    dwg.add(dwg.rect((0, 0), (r2(width), r2(height)), class_="kb-bg"))
    geo = pos.rules.geometry

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
            poly.attribs["aria-label"] = f"square {square_name(sq)}"
        board.add(poly)
    dwg.add(board)

    if coordinates:
        g = dwg.g(class_="kb-coords")
        for sq in range(NUM_SQUARES):
            x, y = square_centre(sq)
            g.add(dwg.text(square_name(sq), insert=(r2(x), r2(y + 14)), text_anchor="middle", class_="kb-coord"))
        dwg.add(g)

    compass = dwg.g(class_="kb-compass-labels")
    for label, (gx, gy), (ox, oy) in (("N", (0, 6), (0, -8)), ("E", (6, 6), (12, 5)),
                                       ("S", (6, 0), (0, 18)), ("W", (0, 0), (-12, 5))):
        x, y = grid_to_xy(gx, gy)
        compass.add(dwg.text(label, insert=(r2(x + ox), r2(y + oy)), text_anchor="middle", class_="kb-compass"))
    dwg.add(compass)

    # Mountain sites and their stones
    for i, m in enumerate(geo.mountains):
        x, y = square_centre(m)
        name = "Mountain" if i == 0 else "Summit"
        g = dwg.g(class_=f"kb-site kb-{name.lower()}", id=f"{prefix}-site-{square_name(m)}")
        g.add(dwg.polygon(points([(x - 9, y + 4), (x, y - 10), (x + 9, y + 4)]), class_="kb-mountain-icon"))
        for k in range(pos.site_stones[i]):
            g.add(dwg.circle((r2(x - 9 + k * 6), r2(y + 9)), 2.6, class_="kb-stone"))
        dwg.add(g)

    # highlights (under the pieces)
    if highlights:
        g = dwg.g(class_="kb-highlights")
        for sq, kind in sorted(highlights.items(), key=lambda kv: _parse_square(kv[0])):
            s = _parse_square(sq)
            g.add(dwg.polygon(points(_shrink(square_corners(s), 0.82)), class_=f"kb-hl kb-hl-{kind}",
                              id=f"{prefix}-hl-{square_name(s)}"))
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

    # last move's path, arrows and marks
    if path:
        g = dwg.g(class_="kb-paths")
        squares = [_parse_square(s) for s in path]
        for s, t in zip(squares, squares[1:]):
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

    # runners
    runners = dwg.g(class_="kb-runners")
    by_square: dict[int, list[int]] = {}
    for seat in pos.rules.seats:
        by_square.setdefault(pos.runners[seat], []).append(seat)
    sel = None
    if selected is not None:
        sel = _parse_square(selected)
    for sq, seats in sorted(by_square.items()):
        cx, cy = square_centre(sq)
        offsets = _crowd(len(seats))
        for seat, (ox, oy) in zip(seats, offsets):
            x, y = cx + ox, cy + oy
            name = SEAT_NAMES[seat].lower()
            classes = ["kb-runner", f"kb-{name}"]
            if pos.is_finished(seat):
                classes.append("kb-finished")
            if sel == sq and seat == pos.turn:
                classes.append("kb-selected")
            g = dwg.g(class_=f"kb-runner-group kb-{name}", id=f"{prefix}-runner-{SEAT_LETTERS[seat]}")
            radius = 11 if len(seats) == 1 else 8.5
            c = dwg.circle((r2(x), r2(y)), radius, class_=" ".join(classes))
            if interactive:
                target(c, f"sq:{square_name(sq)}")
                c.attribs["aria-label"] = f"{SEAT_NAMES[seat]}'s runner on {square_name(sq)}"
            g.add(c)
            g.add(dwg.text(SEAT_LETTERS[seat], insert=(r2(x), r2(y + 4)), text_anchor="middle",
                           class_=f"kb-runner-letter kb-{name}"))
            for k in range(pos.held[seat]):
                g.add(dwg.circle((r2(x + radius - 1 - k * 5), r2(y - radius + 2)), 2.6, class_="kb-stone"))
            runners.add(g)
    dwg.add(runners)

    if marks:
        g = dwg.g(class_="kb-marks")
        for sq, text in sorted(marks.items(), key=lambda kv: _parse_square(kv[0])):
            x, y = square_centre(_parse_square(sq))
            g.add(dwg.text(str(text), insert=(r2(x), r2(y - 12)), text_anchor="middle", class_="kb-mark"))
        dwg.add(g)

    if options:
        g = dwg.g(class_="kb-options")
        for i, opt in enumerate(options):
            x, y = _anchor(opt.at)
            og = dwg.g(class_="kb-option-group", id=f"{prefix}-opt-{i}")
            c = dwg.circle((r2(x), r2(y)), 7.5, class_="kb-option")
            target(c, f"act:{opt.action}")
            c.attribs["aria-label"] = opt.action
            og.add(c)
            if opt.label:
                og.add(dwg.text(opt.label, insert=(r2(x), r2(y + 3)), text_anchor="middle", class_="kb-option-label"))
            g.add(og)
        dwg.add(g)

    # status and pools
    dwg.add(dwg.text(status if status is not None else status_line(pos), insert=(MARGIN, 18), class_="kb-status",
                     id=f"{prefix}-status"))
    if show_pools:
        _draw_pools(dwg, pos, prefix, MARGIN * 2 + BOARD)

    title = f"Kabetopo ({pos.rules.name}): {status_line(pos)}"
    add_text_alternative(dwg, title, describe_position(pos))
    return dwg.tostring()


def _shrink(pts, f):
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in pts]


def _crowd(n: int) -> list[tuple[float, float]]:
    if n == 1:
        return [(0.0, 0.0)]
    return [(9 * math.cos(2 * math.pi * k / n - math.pi / 2), 9 * math.sin(2 * math.pi * k / n - math.pi / 2)) for k in range(n)]


def _anchor(at: str) -> tuple[float, float]:
    kind, _, name = at.partition(":")
    if kind == "sq":
        x, y = square_centre(parse_square(name))
        return (x, y - 12)
    if kind == "sd":
        return side_point(parse_side(name), 11)
    if kind == "ln":
        a, b = line_ends(parse_line(name))
        return _mid(a, b)
    raise ValueError(f"an option anchor is sq:, sd: or ln:, not {at!r}")


def _draw_pools(dwg, pos: Position, prefix: str, x0: float) -> None:
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
        sg.add(dwg.text(f"{marker}{name} (from {start}){home}", insert=(r2(x0 + 20), r2(y)), class_="kb-panel-title"))
        lines = [
            f"walls {pool[0]} · monoliths {pool[1]}",
            f"portals {pool[2]} · locks {pool[3]}",
            "speed token " + ("+1 up" if pool[4] else "spent / none") + f" · stones {pos.held[seat]}",
        ]
        for k, text in enumerate(lines):
            sg.add(dwg.text(text, insert=(r2(x0 + 20), r2(y + 14 + 13 * k)), class_="kb-panel-text"))
        g.add(sg)
        y += 72
    dwg.add(g)
