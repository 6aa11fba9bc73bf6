"""Draw a Kaomi position as SVG with svgwrite (shared helpers from ``base.py``).

A square board, rank 1 at the bottom.  Semantic classes: ``kb-square kb-sq-d4``,
``kb-stone kb-black`` / ``kb-white`` (a white stone also carries an inner ring, so the
colours differ in shape as well), ``kb-hl kb-hl-chain`` / ``-target`` / ``-returned``,
``kb-arrow kb-push`` / ``kb-proposed`` / ``kb-return``.  Ids are stable: a prefix derived
from the drawing's content, then the square's name.  With ``interactive=True`` every
square carries ``data-target="sq:d4"`` for the widget.

A push across the board edge (wrap-around, M-1) is drawn as two arrow halves: one leaving
the board on one side, one coming back in on the other.

Only stones of a chain cross the edge; the placed stone's neighbours are on the board
(adjacency never wraps, M-7).  The arrows are the pushes' own data (``Resolution.moves``,
the explainer's steps), never worked out here.

In a notebook, ``show`` displays a state, a position or a push explanation (the engine
never draws itself: ``kabetopo_nb.kaomi`` imports nothing from here).

    >>> from kabetopo_nb.render.kaomi_svg import board_svg, show
    >>> svg = board_svg(state.position, coordinates=True, arrows=[("e4", "f4", "push")])
    >>> show(state)
    >>> show(explain_placement(state.position, "d4"), kinds=("chain", "result"))
"""
from __future__ import annotations

from ..core.verdict import SettingError
from ..kaomi.actions import PLACE
from ..kaomi.explain import PROPOSED, PUSH, RETURN, PushExplanation, PushStep
from ..kaomi.game import KaomiState
from ..kaomi.geometry import FILES, parse_square, square_name
from ..kaomi.notation import format_position
from ..kaomi.position import BLACK, WHITE, Position, colour_name
from ..kaomi.scoring import result as game_result
from ..kaomi.status import describe_position, status_line
from .base import POINTER_CSS, add_text_alternative, content_prefix, new_drawing, r2, target, theme_css

CELL = 40.0
MARGIN = 26.0
HEADER = 24.0
STONE_R = 15.0

_LIGHT = ("--kb-bg:#fbfaf6; --kb-ink:#222; --kb-sq:#e9dcc0; --kb-sq2:#e2d3b3; --kb-black:#1d1d1f; "
          "--kb-white:#fdfdfb; --kb-hl:#2b8a3e; --kb-hl2:#1c6dd0; --kb-bad:#b02525; --kb-warm:#c2410c; font-family: sans-serif;")
_DARK = ("--kb-bg:#1e1f24; --kb-ink:#e8e6e1; --kb-sq:#4a4436; --kb-sq2:#413b2f; --kb-black:#0b0b0c; "
         "--kb-white:#f4f1e8; --kb-hl:#69db7c; --kb-hl2:#74c0fc; --kb-bad:#ffa8a8; --kb-warm:#ffa94d;")

STYLE = theme_css(".kb-board.kb-kaomi", _LIGHT, _DARK) + POINTER_CSS + """
.kb-kaomi .kb-bg { fill: var(--kb-bg); }
.kb-kaomi text { fill: var(--kb-ink); }
.kb-kaomi .kb-square { fill: var(--kb-sq); stroke: var(--kb-ink); stroke-opacity: .35; stroke-width: .8; }
.kb-kaomi .kb-square.kb-shade { fill: var(--kb-sq2); }
.kb-kaomi .kb-coord { font-size: 12px; }
.kb-kaomi .kb-status { font-size: 13px; font-weight: bold; }
.kb-kaomi .kb-stone { stroke: var(--kb-ink); stroke-width: 1.2; }
.kb-kaomi .kb-stone.kb-black { fill: var(--kb-black); stroke: #000; }
.kb-kaomi .kb-stone.kb-white { fill: var(--kb-white); stroke: #222; stroke-width: 1.6; }
.kb-kaomi.kb-dark .kb-stone.kb-black { stroke: #8a8a8a; }
.kb-kaomi .kb-stone-ring { fill: none; stroke: #222; stroke-width: .8; stroke-opacity: .6; }
.kb-kaomi .kb-hl { fill: var(--kb-hl2); fill-opacity: .30; stroke: var(--kb-hl2); stroke-width: 1.5; }
.kb-kaomi .kb-hl.kb-hl-target { fill: var(--kb-hl); fill-opacity: .25; stroke: var(--kb-hl); stroke-dasharray: 4 3; stroke-width: 2; }
.kb-kaomi .kb-hl.kb-hl-returned { fill: var(--kb-bad); fill-opacity: .22; stroke: var(--kb-bad); }
.kb-kaomi .kb-hl.kb-hl-placed { fill: none; stroke: var(--kb-warm); stroke-width: 3; }
.kb-kaomi .kb-hl.kb-hl-last { fill: none; stroke: var(--kb-warm); stroke-width: 2; stroke-dasharray: 5 3; }
.kb-kaomi .kb-hl.kb-hl-removed { fill: var(--kb-bg); fill-opacity: .55; stroke: none; }
.kb-kaomi .kb-hl.kb-hl-winner { fill: var(--kb-hl); fill-opacity: .35; stroke: var(--kb-hl); }
.kb-kaomi .kb-removed-cross { stroke: var(--kb-bad); stroke-width: 2; }
.kb-kaomi .kb-arrow { fill: none; stroke-width: 2.8; stroke-linecap: round; }
.kb-kaomi .kb-arrow.kb-push { stroke: var(--kb-hl2); }
.kb-kaomi .kb-arrow.kb-proposed { stroke: var(--kb-hl2); stroke-dasharray: 5 3; stroke-opacity: .8; }
.kb-kaomi .kb-arrow.kb-return { stroke: var(--kb-bad); stroke-dasharray: 2 3; }
.kb-kaomi .kb-arrowhead-push, .kb-kaomi .kb-arrowhead-proposed { fill: var(--kb-hl2); }
.kb-kaomi .kb-arrowhead-return { fill: var(--kb-bad); }
.kb-kaomi .kb-mark { font-size: 12px; font-weight: bold; fill: var(--kb-bad); }
.kb-kaomi .kb-square[data-target]:hover, .kb-kaomi .kb-square.kb-focus { stroke: var(--kb-hl2); stroke-width: 2.5; stroke-opacity: 1; }
"""

ARROW_KINDS = (PUSH, PROPOSED, RETURN)


def _sq(pos: Position, value) -> int:
    return parse_square(value, pos.rules.size) if isinstance(value, str) else int(value)


def board_svg(
    position: Position,
    *,
    theme: str = "auto",
    coordinates: bool = True,
    highlights: dict | None = None,
    arrows: list | tuple | None = None,
    marks: dict | None = None,
    last: str | int | None = None,
    placed: str | int | None = None,
    scoring: bool = True,
    interactive: bool = False,
    embed_style: bool = True,
    status: str | None = None,
    id_prefix: str | None = None,
) -> str:
    """The SVG text of a Kaomi ``position``; every keyword is optional.

    ``highlights``: square -> kind (``chain``, ``target``, ``returned``, ``placed``);
    ``arrows``: (from, to[, kind]) with kind ``push`` (default), ``proposed`` or ``return``;
    ``marks``: square -> short text; ``last``: the last placement (a dashed ring);
    ``placed``: the stone being placed (a solid ring); ``scoring``: on a full board, fade
    the pairs taken off and tint the largest group left (M-5); ``interactive``: squares
    get ``data-target="sq:<name>"``; ``status``: the header text (default: whose turn).
    """
    pos = position
    n = pos.rules.size
    hl = {_sq(pos, k): v for k, v in (highlights or {}).items()}
    arrow_list = []
    for item in arrows or ():
        a, b = item[0], item[1]
        kind = item[2] if len(item) > 2 else PUSH
        if kind not in ARROW_KINDS:
            raise SettingError(f"arrow kind must be one of {', '.join(ARROW_KINDS)}, not {kind!r}")
        arrow_list.append((_sq(pos, a), _sq(pos, b), kind))
    mk = {_sq(pos, k): str(v) for k, v in (marks or {}).items()}
    last_sq = _sq(pos, last) if last is not None else None
    placed_sq = _sq(pos, placed) if placed is not None else None
    header = status if status is not None else status_line(pos)
    key = [format_position(pos), theme, repr(coordinates), repr(sorted(hl.items())), repr(arrow_list),
           repr(sorted(mk.items())), repr(last_sq), repr(placed_sq), repr(scoring), repr(interactive), header]
    prefix = id_prefix or content_prefix("kaomi", *key)
    width = 2 * MARGIN + n * CELL
    height = HEADER + 2 * MARGIN + n * CELL
    dwg = new_drawing(width, height, theme=theme, extra_class="kb-kaomi")
    dwg.attribs["id"] = prefix
    add_text_alternative(dwg, f"Kaomi board, {n}x{n}", describe_position(pos))
    if embed_style:  # the widget sends the style once instead (see widget.py)
        dwg.add(dwg.style(STYLE))
    dwg.add(dwg.rect((0, 0), (r2(width), r2(height)), class_="kb-bg"))
    dwg.add(dwg.text(header, insert=(MARGIN, 17), class_="kb-status", id=f"{prefix}-status"))

    def xy(sq: int) -> tuple[float, float]:
        f, r = sq % n, sq // n
        return MARGIN + (f + 0.5) * CELL, HEADER + MARGIN + (n - 1 - r + 0.5) * CELL

    def corner(sq: int) -> tuple[float, float]:
        x, y = xy(sq)
        return r2(x - CELL / 2), r2(y - CELL / 2)

    squares = dwg.g(class_="kb-squares")
    for sq in range(n * n):
        name = square_name(sq, n)
        classes = "kb-square kb-sq-" + name + (" kb-shade" if (sq % n + sq // n) % 2 else "")
        rect = dwg.rect(corner(sq), (CELL, CELL), class_=classes, id=f"{prefix}-sq-{name}")
        if interactive:
            target(rect, f"sq:{name}")
            what = pos.cells[sq]
            rect.attribs["aria-label"] = f"{name}: " + (f"{colour_name(what).lower()} stone" if what else "empty")
        squares.add(rect)
    dwg.add(squares)

    if coordinates:
        g = dwg.g(class_="kb-coords")
        for i in range(n):
            x = MARGIN + (i + 0.5) * CELL
            g.add(dwg.text(FILES[i], insert=(r2(x), r2(HEADER + MARGIN - 8)), text_anchor="middle", class_="kb-coord"))
            g.add(dwg.text(FILES[i], insert=(r2(x), r2(HEADER + MARGIN + n * CELL + 16)), text_anchor="middle",
                           class_="kb-coord"))
            y = HEADER + MARGIN + (n - 1 - i + 0.5) * CELL + 4
            g.add(dwg.text(str(i + 1), insert=(r2(MARGIN - 12), r2(y)), text_anchor="middle", class_="kb-coord"))
            g.add(dwg.text(str(i + 1), insert=(r2(MARGIN + n * CELL + 12), r2(y)), text_anchor="middle",
                           class_="kb-coord"))
        dwg.add(g)

    # the result of a full board (M-5): pairs taken off, the largest group left
    removed: set[int] = set()
    winner_group: set[int] = set()
    result = game_result(pos) if scoring else None
    if result is not None:
        for b, w in result.removed:
            removed.update(b.squares + w.squares)
        if result.remaining:
            best = max(result.remaining, key=lambda gr: (gr.size, -gr.squares[0]))
            winner_group.update(best.squares)

    if hl or winner_group:
        g = dwg.g(class_="kb-highlights")
        for sq in sorted(winner_group):
            if sq not in hl:
                g.add(dwg.rect(corner(sq), (CELL, CELL), class_="kb-hl kb-hl-winner", id=f"{prefix}-win-{square_name(sq, n)}"))
        for sq, kind in sorted(hl.items()):
            if kind in ("placed",):
                continue
            x, y = corner(sq)
            g.add(dwg.rect((r2(x + 3), r2(y + 3)), (CELL - 6, CELL - 6), class_=f"kb-hl kb-hl-{kind}",
                           id=f"{prefix}-hl-{square_name(sq, n)}"))
        dwg.add(g)

    stones = dwg.g(class_="kb-stones")
    for sq, c in enumerate(pos.cells):
        if not c:
            continue
        x, y = xy(sq)
        name = square_name(sq, n)
        colour = "kb-black" if c == BLACK else "kb-white"
        circle = dwg.circle((r2(x), r2(y)), STONE_R, class_=f"kb-stone {colour}", id=f"{prefix}-stone-{name}")
        circle.attribs["role"] = "img"  # so that its aria-label is a permitted attribute
        circle.attribs["aria-label"] = f"{colour_name(c).lower()} stone on {name}"
        stones.add(circle)
        if c == WHITE:
            stones.add(dwg.circle((r2(x), r2(y)), STONE_R - 5, class_="kb-stone-ring"))
    dwg.add(stones)

    if removed:
        g = dwg.g(class_="kb-removed")
        for sq in sorted(removed):
            x, y = xy(sq)
            g.add(dwg.rect(corner(sq), (CELL, CELL), class_="kb-hl kb-hl-removed", id=f"{prefix}-removed-{square_name(sq, n)}"))
            d = STONE_R * 0.6
            g.add(dwg.line((r2(x - d), r2(y - d)), (r2(x + d), r2(y + d)), class_="kb-removed-cross"))
            g.add(dwg.line((r2(x - d), r2(y + d)), (r2(x + d), r2(y - d)), class_="kb-removed-cross"))
        dwg.add(g)

    rings = dwg.g(class_="kb-rings")
    for ringed, kind in ((last_sq, "last"), (placed_sq, "placed")):
        if ringed is not None:
            x, y = xy(ringed)
            rings.add(dwg.circle((r2(x), r2(y)), STONE_R + 3.5, class_=f"kb-hl kb-hl-{kind}",
                                 id=f"{prefix}-{kind}-{square_name(ringed, n)}"))
    for sq, kind in sorted(hl.items()):
        if kind == "placed" and sq != placed_sq:
            x, y = xy(sq)
            rings.add(dwg.circle((r2(x), r2(y)), STONE_R + 3.5, class_="kb-hl kb-hl-placed",
                                 id=f"{prefix}-placed-{square_name(sq, n)}"))
    dwg.add(rings)

    if arrow_list:
        markers = {}
        for kind in ARROW_KINDS:
            mid = f"{prefix}-arrowhead-{kind}"
            marker = dwg.marker(insert=(4, 3), size=(3.6, 3.6), orient="auto", id=mid)
            marker.viewbox(0, 0, 6, 6)
            marker.add(dwg.path(d="M0,0 L6,3 L0,6 z", class_=f"kb-arrowhead-{kind}"))
            dwg.defs.add(marker)
            markers[kind] = mid
        g = dwg.g(class_="kb-arrows")
        for i, (a, b, kind) in enumerate(arrow_list):
            for seg_i, (p0, p1, head) in enumerate(_arrow_segments(xy, a, b, n)):
                line = dwg.line((r2(p0[0]), r2(p0[1])), (r2(p1[0]), r2(p1[1])), class_=f"kb-arrow kb-{kind}",
                                id=f"{prefix}-arrow-{i}-{seg_i}")
                if head:
                    line.attribs["marker-end"] = f"url(#{markers[kind]})"
                line.attribs["data-from"] = square_name(a, n)
                line.attribs["data-to"] = square_name(b, n)
                g.add(line)
        dwg.add(g)

    if mk:
        g = dwg.g(class_="kb-marks")
        for sq, text in sorted(mk.items()):
            x, y = xy(sq)
            g.add(dwg.text(text, insert=(r2(x + CELL / 2 - 4), r2(y - CELL / 2 + 13)), text_anchor="end",
                           class_="kb-mark", id=f"{prefix}-mark-{square_name(sq, n)}"))
        dwg.add(g)
    return dwg.tostring()


def _arrow_segments(xy, a: int, b: int, n: int):
    """Line segments (start, end, has arrowhead) for a push from a to b; two halves across the edge."""
    (x0, y0), (x1, y1) = xy(a), xy(b)
    fa, ra, fb, rb = a % n, a // n, b % n, b // n
    short = 0.42 * CELL  # stop short of the centre so the head sits beside the stone
    if abs(fa - fb) + abs(ra - rb) == 1:
        dx, dy = (x1 - x0) / CELL, (y1 - y0) / CELL
        return [((x0 + dx * 0.3 * CELL, y0 + dy * 0.3 * CELL), (x1 - dx * short * 0.6, y1 - dy * short * 0.6), True)]
    if ra == rb and abs(fa - fb) == n - 1:  # across the left/right edge
        sign = 1 if fa == n - 1 else -1
        out_end = (x0 + sign * 0.72 * CELL, y0)
        in_start = (x1 - sign * 0.72 * CELL, y1)
        return [((x0 + sign * 0.3 * CELL, y0), out_end, False), (in_start, (x1 - sign * short * 0.6, y1), True)]
    if fa == fb and abs(ra - rb) == n - 1:  # across the top/bottom edge
        sign = -1 if ra == n - 1 else 1  # screen y grows downwards
        out_end = (x0, y0 + sign * 0.72 * CELL)
        in_start = (x1, y1 - sign * 0.72 * CELL)
        return [((x0, y0 + sign * 0.3 * CELL), out_end, False), (in_start, (x1, y1 - sign * short * 0.6), True)]
    # anything else (a return arrow back onto p, say): a straight line
    return [((x0, y0), (x1, y1), True)]


def step_svg(step: PushStep, **options) -> str:
    """The board of one explainer step, with its chains, targets and arrows."""
    options.setdefault("status", step.title)
    options.setdefault("scoring", False)
    return board_svg(step.position, highlights=step.highlights, arrows=step.arrows, placed=step.placed, **options)


def explanation_svgs(explanation: PushExplanation, **options) -> list[str]:
    """One board per step of a placement's story (keyword options as ``board_svg``)."""
    return [step_svg(s, **options) for s in explanation.steps]


def state_svg(state: KaomiState, **options) -> str:
    """A game's current board, the last placement ringed (keyword options as ``board_svg``)."""
    action = state.history[-1] if state.history else None
    if "last" not in options and action is not None and action.kind == PLACE:
        options["last"] = str(action)
    return board_svg(state.position, **options)


def _worth_a_board(step: PushStep) -> bool:
    """A step where something is pushed, marked or placed; a step where nothing moves keeps its sentence only."""
    return bool(step.arrows) or len(step.highlights) > 1 or step.kind in ("place", "result")


def show(item: KaomiState | Position | PushExplanation | PushStep, *, kinds: tuple[str, ...] | None = None,
         **options) -> None:
    """In a notebook: display a state's or a position's board, one explainer step, or a
    whole push explanation: each step's sentence, followed by its board when the step's kind
    is in ``kinds`` (default: every kind) and the board has something to show.  Keyword
    options as ``board_svg``."""
    from IPython.display import SVG, display  # only in a notebook; drawing needs no IPython

    if kinds is not None and not isinstance(item, PushExplanation):
        raise SettingError("kinds= selects the steps of a push explanation (explain_placement(...))")
    if isinstance(item, PushExplanation):
        for i, step in enumerate(item.steps, 1):
            print(f"{i}. {step}")
            if (kinds is None or step.kind in kinds) and _worth_a_board(step):
                display(SVG(step_svg(step, **options)))
    elif isinstance(item, PushStep):
        print(item)
        display(SVG(step_svg(item, **options)))
    elif isinstance(item, KaomiState):
        display(SVG(state_svg(item, **options)))
    elif isinstance(item, Position):
        display(SVG(board_svg(item, **options)))
    else:
        raise SettingError(f"show() draws a KaomiState, a Position or a push explanation, not {type(item).__name__}")
