"""Draw a Dakapo position as SVG with svgwrite.

Files a.. run left to right, ranks 1.. bottom to top (D-1).  Stones carry their colour
*and* their letter (R, Y, G, B), so nothing is told by colour alone.  Semantic classes:
``kb-square dk-square kb-sq-d4``, ``dk-stone dk-red``, ``dk-last`` (the last stone
placed: the colour D-PLACE-3 bars), ``dk-win`` (the winning square, D-3).  The supply
tray on the right shows each colour's stones left (D-2); with ``interactive=True`` its
stones carry ``data-target="col:red"`` and the squares ``data-target="sq:d4"``.

    >>> from kabetopo_nb.render.dakapo_svg import board_svg
    >>> svg = board_svg(state.position, highlights={"d3": "move"}, interactive=True)
"""
from __future__ import annotations

from ..dakapo.ending import WIN
from ..dakapo.ending import status as game_status
from ..dakapo.geometry import FILES, parse_square, square_name
from ..dakapo.notation import format_position
from ..dakapo.position import Position
from ..dakapo.rules import COLOUR_LETTERS, COLOURS, EMPTY
from ..dakapo.status import describe_position, status_line
from .base import POINTER_CSS, add_text_alternative, content_prefix, new_drawing, points, r2, target, theme_css

CELL = 40.0
MARGIN = 24.0
HEADER = 26.0
TRAY = 190.0

_LIGHT = ("--dk-red:#c92a2a; --dk-yellow:#f2c94c; --dk-green:#237a35; --dk-blue:#1c6dd0; "
          "--kb-bg:#fbfaf6; --kb-ink:#222; --kb-light:#efe6d2; --kb-dark:#e2d3b3; --kb-hl:#2b8a3e; --kb-hl2:#1c6dd0; "
          "--kb-bad:#b02525; --dk-win:#7b4bb7; --kb-hl-alpha:.32; font-family: sans-serif;")
_DARK = ("--kb-bg:#1e1f24; --kb-ink:#e8e6e1; --kb-light:#3a3f4b; --kb-dark:#31353f; "
         "--kb-hl:#69db7c; --kb-hl2:#74c0fc; --kb-bad:#ffa8a8; --dk-win:#d0b0ff; --kb-hl-alpha:.22;")

STYLE = theme_css(".kb-board.kb-dakapo", _LIGHT, _DARK) + POINTER_CSS + """
.kb-dakapo .kb-bg { fill: var(--kb-bg); }
.kb-dakapo text { fill: var(--kb-ink); }
.kb-dakapo .kb-square { fill: var(--kb-light); stroke: var(--kb-ink); stroke-opacity: .25; stroke-width: .6; }
.kb-dakapo .kb-square.kb-shade { fill: var(--kb-dark); }
.kb-dakapo .kb-square.dk-centre { stroke-opacity: .6; }
.kb-dakapo .kb-coord { font-size: 12px; }
.kb-dakapo .dk-stone { stroke: var(--kb-ink); stroke-width: 1.2; }
.kb-dakapo .dk-red { fill: var(--dk-red); } .kb-dakapo .dk-yellow { fill: var(--dk-yellow); }
.kb-dakapo .dk-green { fill: var(--dk-green); } .kb-dakapo .dk-blue { fill: var(--dk-blue); }
.kb-dakapo .dk-letter { font-size: 12px; font-weight: bold; fill: #fff; }
.kb-dakapo .dk-letter.dk-on-yellow { fill: #222; }
.kb-dakapo .dk-last-ring { fill: none; stroke: var(--kb-ink); stroke-width: 2; stroke-dasharray: 3 2; }
.kb-dakapo .dk-win { fill: var(--dk-win); fill-opacity: .18; stroke: var(--dk-win); stroke-width: 3; }
.kb-dakapo .dk-win-corner { fill: none; stroke: var(--dk-win); stroke-width: 3; }
.kb-dakapo .kb-hl { fill: var(--kb-hl); fill-opacity: var(--kb-hl-alpha); stroke: var(--kb-hl); stroke-width: 2; }
.kb-dakapo .kb-hl.kb-hl-select { fill: var(--kb-hl2); stroke: var(--kb-hl2); stroke-dasharray: 2 3; stroke-width: 2.5; }
.kb-dakapo .kb-hl.kb-hl-bad { fill: var(--kb-bad); stroke: var(--kb-bad); }
.kb-dakapo .kb-status { font-size: 13px; font-weight: bold; }
.kb-dakapo .kb-panel-title { font-size: 12.5px; font-weight: bold; }
.kb-dakapo .kb-panel-text { font-size: 12px; }
.kb-dakapo .dk-tray-slot { fill: none; stroke: var(--kb-ink); stroke-opacity: .3; }
.kb-dakapo .dk-tray-slot.dk-picked { stroke: var(--kb-hl2); stroke-opacity: 1; stroke-width: 3; }
.kb-dakapo .dk-barred-mark { stroke: var(--kb-bad); stroke-width: 2.5; }
.kb-dakapo .dk-empty-supply .dk-stone { fill-opacity: .25; stroke-dasharray: 3 2; }
.kb-dakapo .dk-empty-supply .dk-letter { fill: var(--kb-ink); }
.kb-dakapo .kb-square[data-target]:hover, .kb-dakapo .kb-square.kb-focus { stroke: var(--kb-hl2); stroke-width: 2.5; stroke-opacity: 1; }
.kb-dakapo .dk-tray-stone[data-target]:hover, .kb-dakapo .dk-tray-stone.kb-focus { stroke: var(--kb-hl2); stroke-width: 3; }
"""


def square_origin(pos: Position, sq: int) -> tuple[float, float]:
    n = pos.size
    f, r = sq % n, sq // n
    return MARGIN + f * CELL, HEADER + MARGIN + (n - 1 - r) * CELL


def square_centre(pos: Position, sq: int) -> tuple[float, float]:
    x, y = square_origin(pos, sq)
    return x + CELL / 2, y + CELL / 2


def _sq(pos: Position, value) -> int:
    return parse_square(value, pos.size) if isinstance(value, str) else value


def _stone(dwg, g, x: float, y: float, colour: int, radius: float, **attrs):
    circle = dwg.circle((r2(x), r2(y)), r2(radius), class_=f"dk-stone dk-{COLOURS[colour]}", **attrs)
    g.add(circle)
    extra = " dk-on-yellow" if COLOURS[colour] == "yellow" else ""
    g.add(dwg.text(COLOUR_LETTERS[colour], insert=(r2(x), r2(y + 4.2)), text_anchor="middle",
                   class_=f"dk-letter{extra}"))
    return circle


def board_svg(
    position: Position,
    *,
    theme: str = "auto",
    coordinates: bool = True,
    highlights: dict | None = None,
    square: list | tuple | None = None,
    show_win: bool = True,
    picked: str | None = None,
    interactive: bool = False,
    embed_style: bool = True,
    show_supply: bool = True,
    status: str | None = None,
    id_prefix: str | None = None,
) -> str:
    """The SVG text of ``position``; every keyword is optional.

    ``theme``: ``auto`` (light, turning dark by itself on a dark page), ``light`` or ``dark``;
    ``highlights``: square -> kind (``move``, ``select``, ``bad``); ``square``: four
    corners to outline (any square, e.g. for teaching); ``show_win``: outline the winning
    square when the game is won (D-3); ``picked``: the colour picked in the widget;
    ``interactive``: squares and tray stones get ``data-target`` names for the widget.
    """
    pos = position
    n = pos.size
    key = [format_position(pos), theme, repr(coordinates), repr(highlights), repr(square), repr(show_win),
           repr(picked), repr(interactive), repr(show_supply), repr(status)]
    prefix = id_prefix or content_prefix("dakapo", *key)
    board_px = n * CELL
    width = MARGIN * 2 + board_px + (TRAY if show_supply else 0)
    height = HEADER + MARGIN * 2 + board_px
    dwg = new_drawing(width, height, theme=theme, extra_class="kb-dakapo")
    dwg.attribs["id"] = prefix
    if embed_style:  # the widget sends the style once instead (see widget.py)
        dwg.add(dwg.style(STYLE))
    dwg.add(dwg.rect((0, 0), (r2(width), r2(height)), class_="kb-bg"))

    centre = {(n // 2 - 1 + df) + (n // 2 - 1 + dr) * n for df in (0, 1) for dr in (0, 1)}
    board = dwg.g(class_="kb-squares")
    for sq in range(n * n):
        name = square_name(sq, n)
        classes = ["kb-square", "dk-square", f"kb-sq-{name}"]
        if (sq % n + sq // n) % 2 == 0:
            classes.append("kb-shade")
        if sq in centre:
            classes.append("dk-centre")
        x, y = square_origin(pos, sq)
        rect = dwg.rect((r2(x), r2(y)), (CELL, CELL), class_=" ".join(classes), id=f"{prefix}-sq-{name}")
        if interactive:
            target(rect, f"sq:{name}")
            what = COLOURS[pos.board[sq]] + " stone" if pos.board[sq] != EMPTY else "empty"
            rect.attribs["aria-label"] = f"square {name}, {what}"
        board.add(rect)
    dwg.add(board)

    if coordinates:
        g = dwg.g(class_="kb-coords")
        for i in range(n):
            x = MARGIN + i * CELL + CELL / 2
            g.add(dwg.text(FILES[i], insert=(r2(x), r2(HEADER + MARGIN + board_px + 14)), text_anchor="middle",
                           class_="kb-coord"))
            y = HEADER + MARGIN + (n - 1 - i) * CELL + CELL / 2 + 4
            g.add(dwg.text(str(i + 1), insert=(r2(MARGIN - 10), r2(y)), text_anchor="middle", class_="kb-coord"))
        dwg.add(g)

    if highlights:
        g = dwg.g(class_="kb-highlights")
        for sq_name, kind in sorted(highlights.items(), key=lambda kv: _sq(pos, kv[0])):
            s = _sq(pos, sq_name)
            x, y = square_origin(pos, s)
            g.add(dwg.rect((r2(x + 4), r2(y + 4)), (CELL - 8, CELL - 8), class_=f"kb-hl kb-hl-{kind}",
                           id=f"{prefix}-hl-{square_name(s, n)}"))
        dwg.add(g)

    # the winning (or a shown) square, under the stones
    st = game_status(pos)
    outline = None
    if square is not None:
        outline = [_sq(pos, s) for s in square]
    elif show_win and st.state == WIN and st.square is not None:  # a win always names its square (D-3)
        outline = list(st.square)
    if outline:
        g = dwg.g(class_="dk-win-square", id=f"{prefix}-win")
        g.add(dwg.polygon(points([square_centre(pos, s) for s in outline]), class_="dk-win"))
        for s in outline:
            cx, cy = square_centre(pos, s)
            g.add(dwg.circle((r2(cx), r2(cy)), r2(CELL * 0.45), class_="dk-win-corner"))
        dwg.add(g)

    stones = dwg.g(class_="dk-stones")
    for sq in pos.stones():
        cx, cy = square_centre(pos, sq)
        _stone(dwg, stones, cx, cy, pos.board[sq], CELL * 0.36, id=f"{prefix}-st-{square_name(sq, n)}")
    if pos.last >= 0 and pos.board[pos.last] != EMPTY:
        cx, cy = square_centre(pos, pos.last)
        stones.add(dwg.circle((r2(cx), r2(cy)), r2(CELL * 0.43), class_="dk-last-ring", id=f"{prefix}-last"))
    dwg.add(stones)

    dwg.add(dwg.text(status if status is not None else status_line(pos), insert=(MARGIN, 18), class_="kb-status",
                     id=f"{prefix}-status"))
    if show_supply:
        _draw_tray(dwg, pos, prefix, MARGIN * 2 + board_px, picked, interactive)
    add_text_alternative(dwg, f"Dakapo ({pos.rules}): {status_line(pos)}", describe_position(pos))
    return dwg.tostring()


def _draw_tray(dwg, pos: Position, prefix: str, x0: float, picked: str | None, interactive: bool) -> None:
    g = dwg.g(class_="dk-tray", id=f"{prefix}-tray")
    g.add(dwg.text("Supply (D-2)", insert=(r2(x0), r2(HEADER + MARGIN + 4)), class_="kb-panel-title"))
    barred = pos.last_colour
    for c, name in enumerate(COLOURS):
        y = HEADER + MARGIN + 30 + c * 48
        cx = x0 + 18
        slot_cls = "dk-tray-slot" + (" dk-picked" if picked == name else "")
        g.add(dwg.rect((r2(x0), r2(y - 20)), (TRAY - 20, 40), rx=6, class_=slot_cls))
        left = pos.supply(c)
        stone = dwg.g(class_="dk-tray-stone-group" + ("" if left else " dk-empty-supply"))
        circle = _stone(dwg, stone, cx, y, c, 14, id=f"{prefix}-tray-{name}")
        circle.attribs["class"] += " dk-tray-stone"
        if interactive:
            target(circle, f"col:{name}")
            circle.attribs["aria-label"] = f"pick {name}, {left} left"
        g.add(stone)
        g.add(dwg.text(f"{name}: {left} left", insert=(r2(x0 + 38), r2(y)), class_="kb-panel-text"))
        if c == barred:
            g.add(dwg.line((r2(cx - 12), r2(y - 12)), (r2(cx + 12), r2(y + 12)), class_="dk-barred-mark"))
            g.add(dwg.text("barred (D-PLACE-3)", insert=(r2(x0 + 38), r2(y + 13)), class_="kb-panel-text"))
    dwg.add(g)
