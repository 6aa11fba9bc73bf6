"""Game-independent SVG helpers shared by every board renderer.

* Stable ids: every id in a drawing starts with a prefix derived from the drawing's own
  content (``content_prefix``), never from a process-wide counter, so the same position
  gives the same bytes and two different boards in one notebook do not clash.
* Clickable things carry ``data-target`` attributes (``sq:c4``, ``ln:c4n``, ``sd:c5s``,
  ``act:<action text>``); the widget's front end reports clicks on them by that name and
  knows nothing else about the game.
* Styles are scoped under the ``kb-board`` class, with a ``kb-dark`` variant, and use
  colours together with shapes or letters so that nothing is told by colour alone.
  ``theme="auto"`` (the renderers' default) draws light and adds ``kb-auto``: the drawing's
  own style then turns dark by itself where the page is dark (``prefers-color-scheme``, or
  JupyterLab's ``data-jp-theme-light="false"`` when the SVG is inline); the widget's front
  end removes ``kb-auto`` and picks the theme itself.
* Only clickable elements take the pointer: ``POINTER_CSS`` makes every element of a
  drawing transparent to clicks except those carrying ``data-target``, so a highlight, a
  label, a badge's letter or a stone drawn over a square can never swallow its click.
"""
from __future__ import annotations

import hashlib

import svgwrite


def content_prefix(*parts: str) -> str:
    """A short id prefix that depends only on the drawing's content."""
    digest = hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:8]
    return f"kb{digest}"


def r2(value: float) -> float:
    """Round coordinates so output bytes do not depend on float noise."""
    v = round(value, 2)
    return 0.0 if v == 0 else v


def points(pts) -> list[tuple[float, float]]:
    return [(r2(x), r2(y)) for x, y in pts]


THEMES = ("auto", "light", "dark")

# Every element of a board ignores the pointer except the clickable ones (issue 11, bug 1:
# a highlight drawn over a square swallowed the click on its centre).
POINTER_CSS = """
.kb-board * { pointer-events: none; }
.kb-board [data-target] { pointer-events: visiblePainted; cursor: pointer; }
"""


def theme_css(selector: str, light: str, dark: str) -> str:
    """The colour variables of a drawing: light, dark (``kb-dark``), and ``kb-auto`` drawings
    that follow a dark page by themselves (the OS/browser preference, or JupyterLab's dark
    theme when the SVG is part of the page)."""
    return (f"{selector} {{ {light} }}\n{selector}.kb-dark {{ {dark} }}\n"
            f"@media (prefers-color-scheme: dark) {{ {selector}.kb-auto {{ {dark} }} }}\n"
            f"[data-jp-theme-light=\"false\"] {selector}.kb-auto {{ {dark} }}\n")


def new_drawing(width: float, height: float, *, theme: str, extra_class: str = "") -> svgwrite.Drawing:
    if theme not in THEMES:
        raise SettingError(f"theme must be 'auto', 'light' or 'dark', not {theme!r}")
    dwg = svgwrite.Drawing(size=(f"{r2(width)}px", f"{r2(height)}px"), profile="full", debug=False)
    dwg.viewbox(0, 0, r2(width), r2(height))
    shown = ["kb-light", "kb-auto"] if theme == "auto" else [f"kb-{theme}"]
    classes = ["kb-board", *shown] + ([extra_class] if extra_class else [])
    dwg.attribs["class"] = " ".join(classes)
    dwg.attribs["role"] = "img"
    return dwg


def target(element, name: str):
    """Mark an element as clickable under ``name`` (the widget's only knowledge of it).  It
    gets ``role="img"`` so that its ``aria-label`` (what the widget announces when the
    keyboard focus reaches it) is a permitted attribute."""
    element.attribs["data-target"] = name
    element.attribs["role"] = "img"
    return element


def add_text_alternative(dwg: svgwrite.Drawing, title: str, desc: str) -> None:
    """``<title>`` and ``<desc>`` as the drawing's first children: the text alternative."""
    dwg.set_desc(title=title, desc=desc)
    dwg.attribs["aria-label"] = title


def arrow_marker(dwg: svgwrite.Drawing, prefix: str) -> str:
    """An arrowhead marker in <defs>; returns its id."""
    marker_id = f"{prefix}-arrowhead"
    marker = dwg.marker(insert=(5, 3), size=(6, 6), orient="auto", id=marker_id)
    marker.add(dwg.path(d="M0,0 L6,3 L0,6 z", class_="kb-arrowhead"))
    dwg.defs.add(marker)
    return marker_id
from ..core.verdict import SettingError
