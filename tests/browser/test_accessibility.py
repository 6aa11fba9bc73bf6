"""Accessibility audits of each game's board in a real JupyterLab in Chromium (issue 11).

axe-core (``axe.min.js`` from the ``axe-playwright-python`` wheel, the test extra; nothing
is fetched at run time) runs on each board widget's own element, in JupyterLab's Light and
Dark themes: no serious or critical violation.  axe's colour-contrast rule reads HTML text;
the SVG's text is measured here: the text's fill against what is painted under it (every
filled shape drawn before it that covers the spot, composited with its opacities), at
several points of the text, WCAG contrast at least 4.5:1.  The figures are printed.
"""
from __future__ import annotations

import pytest

from .conftest import axe_script, use_jupyterlab_theme

GAMES = ("Kabetopo", "Dakapo", "Kaomi")

# WCAG contrast of every <text> of an SVG against what is painted beneath it.
_SVG_TEXT_CONTRAST_JS = """(svg) => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || '');
    if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const opacityChain = (n) => {
    let o = 1;
    for (let a = n; a && a !== svg.parentNode; a = a.parentNode) {
      if (a.nodeType === 1) o *= Number(getComputedStyle(a).opacity);
    }
    return o;
  };
  const over = (top, alpha, under) => top.map((v, i) => v * alpha + under[i] * (1 - alpha));
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const page = parse(getComputedStyle(svg.closest('.jp-OutputArea-output') || document.body).backgroundColor);
  const base = page && page[3] > 0 ? page.slice(0, 3) : [255, 255, 255];
  const shapes = [...svg.querySelectorAll('rect, circle, ellipse, polygon, path')]
    .filter((s) => !s.closest('defs, marker, title') && getComputedStyle(s).display !== 'none');
  const results = [];
  for (const t of svg.querySelectorAll('text')) {
    const style = getComputedStyle(t);
    if (style.visibility === 'hidden' || style.display === 'none' || !t.textContent.trim()) continue;
    const ink = parse(style.fill);
    if (!ink) continue;
    const b = t.getBBox();
    const inkAlpha = ink[3] * Number(style.fillOpacity) * opacityChain(t);
    let worst = Infinity;
    for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.5], [0.7, 0.5], [0.5, 0.35], [0.5, 0.65]]) {
      const p = new DOMPoint(b.x + b.width * fx, b.y + b.height * fy);
      let bg = base;
      for (const s of shapes) {
        if (!(t.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_PRECEDING)) continue;  // painted above
        const ss = getComputedStyle(s);
        const fill = parse(ss.fill);
        if (!fill || ss.visibility === 'hidden') continue;
        const local = p.matrixTransform(s.getCTM().inverse().multiply(t.getCTM()));
        if (!s.isPointInFill(local)) continue;
        bg = over(fill.slice(0, 3), fill[3] * Number(ss.fillOpacity) * opacityChain(s), bg);
      }
      worst = Math.min(worst, contrast(over(ink.slice(0, 3), inkAlpha, bg), bg));
    }
    results.push({text: t.textContent, cls: t.getAttribute('class') || '', contrast: worst});
  }
  return results;
}"""


def _audit(page, widget) -> list[dict]:
    """axe's serious and critical violations inside one widget."""
    return widget.locator(".kb-widget").evaluate("""async (el) => {
      const result = await window.axe.run(el, {resultTypes: ['violations']});
      return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary).slice(0, 5)}));
    }""")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_each_board_passes_axe_and_its_svg_text_has_contrast(page, open_notebook, dark):
    script = axe_script()
    nb = open_notebook(page, "board_drawing", widgets=3)
    nb.run_code("kabetopo.click('sq:d4')")  # a refusal with its ruling IDs in the panel too
    page.wait_for_selector(".kb-refusal")
    use_jupyterlab_theme(page, dark)
    for i in range(3):
        page.wait_for_function("([el, d]) => !!el.querySelector('svg.kb-board.' + (d ? 'kb-dark' : 'kb-light'))",
                               arg=[nb.widget(i).locator(".kb-widget").element_handle(), dark])
    page.add_script_tag(path=str(script))
    failures, lowest = [], []
    for i, game in enumerate(GAMES):
        widget = nb.widget(i)
        violations = _audit(page, widget)
        serious = [v for v in violations if v["impact"] in ("serious", "critical")]
        print(f"axe, {'dark' if dark else 'light'} theme, {game}: {len(violations)} violation(s), "
              f"{len(serious)} serious or critical: {[(v['id'], v['impact']) for v in violations]}")
        failures += [(game, v) for v in serious]
        texts = widget.locator("svg.kb-board").evaluate(_SVG_TEXT_CONTRAST_JS)
        assert len(texts) > 10, f"{game}: too few SVG texts measured: {texts}"
        low = [t for t in texts if t["contrast"] < 4.5]
        worst = min(texts, key=lambda t: t["contrast"])
        print(f"SVG text contrast, {'dark' if dark else 'light'} theme, {game}: lowest {worst['contrast']:.2f} "
              f"({worst['text']!r}, {worst['cls']}) over {len(texts)} texts")
        lowest += [(game, t["text"], t["cls"], round(t["contrast"], 2)) for t in low]
    assert not failures, f"serious or critical axe violations: {failures}"
    assert not lowest, f"SVG text under 4.5:1: {lowest}"
    if dark:
        use_jupyterlab_theme(page, False)
