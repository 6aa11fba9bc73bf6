"""The printable handouts printed by Chromium (issue 25, item 18).

``write_handouts`` writes every page for A4 and US Letter; each is opened in Chromium with
print styles on and measured *before* printing (every element's box inside the printable
area of its paper, no horizontal overflow anywhere, not even inside a cell), then printed
to PDF with ``page.pdf``.  Poppler reads the PDF back: ``pdfinfo`` for the page count and
size (one page for each summary, the controls card and each blank sheet; a filled sheet as
many as its height needs), ``pdftotext`` for the last line being on the last page, and
``pdftoppm`` renders every page as a grey image, which must not be blank, must be light
with dark text, must leave the margins white, and (summaries) must fill both columns.

Needs Chromium (the ``browser`` fixture) and poppler-utils (``pdftoppm``, ``pdfinfo``,
``pdftotext``; ``.ci/run`` installs it); without them the tests skip, and fail under CI=true.
"""
from __future__ import annotations

import math
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from kabetopo_nb.bots import make_bot, play_match
from kabetopo_nb.handouts import EXAMPLES, PAPERS, filled_scoresheet, write_handouts
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import RULESETS

from .conftest import TIMINGS, _unavailable

PX_PER_MM = 96 / 25.4
PT_PER_MM = 72 / 25.4
NAMES = ([f"summary-{n}.html" for n in RULESETS] + ["summary-dakapo.html", "summary-kaomi.html", "controls.html"]
         + [f"scoresheet-blank-{n}.html" for n in RULESETS]
         + [f"scoresheet-filled-{rules}.html" for rules, _, _ in EXAMPLES])
LONG = "scoresheet-filled-long.html"  # written by the test: a 6-round 2-player match, two pages
CASES = [(paper, name) for paper in PAPERS for name in [*NAMES, LONG]]
POPPLER = ("pdftoppm", "pdfinfo", "pdftotext")

# Every element's box, in CSS pixels, and whether it holds more than it shows (overflow);
# with print styles on and the viewport as wide as the paper's printable area.
MEASURE = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body, body *")) {
    if (el.tagName === "STYLE") continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    out.push({tag: el.tagName.toLowerCase(), cls: el.className || "", text: (el.textContent || "").trim().slice(0, 50),
              left: r.left, right: r.right, top: r.top, bottom: r.bottom,
              overflow: el.scrollWidth - el.clientWidth});
  }
  return {boxes: out, docOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          height: document.body.getBoundingClientRect().bottom, title: document.querySelector("h1").textContent};
}"""


@pytest.fixture(scope="module")
def poppler():
    for tool in POPPLER:
        if shutil.which(tool) is None:
            _unavailable(f"{tool} is missing; apt-get install -y poppler-utils (see .ci/run)")


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("handouts")
    write_handouts(root)
    long = Match("kabetopo-2p", ["Ann", "Ben"], rounds=6, seed=3)
    play_match(long, {p: make_bot("greedy") for p in long.players}, seed=3)
    assert long.is_over()
    for paper in PAPERS:
        (root / paper / LONG).write_text(filled_scoresheet(long, paper), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def printer(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def run(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def read_pgm(path: Path) -> tuple[int, int, bytes]:
    """A binary PGM (what ``pdftoppm -gray`` writes): width, height, one byte a pixel."""
    data = path.read_bytes()
    m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert m, f"{path} is not a binary 8-bit PGM"
    w, h = int(m.group(1)), int(m.group(2))
    pixels = data[m.end():]
    assert len(pixels) == w * h
    return w, h, pixels


def test_the_handouts_exist_as_listed(folder):
    for paper in PAPERS:
        assert sorted(p.name for p in (folder / paper).iterdir() if p.name != LONG) == sorted(NAMES)


@pytest.mark.parametrize(("paper", "name"), CASES, ids=[f"{p}-{n.removesuffix('.html')}" for p, n in CASES])
def test_a_handout_prints(paper, name, folder, printer, poppler, tmp_path):
    sheet = PAPERS[paper]
    width_mm, height_mm = sheet.printable_mm
    width, height = width_mm * PX_PER_MM, height_mm * PX_PER_MM
    one_page = not name.startswith("scoresheet-filled")
    page = printer
    t0 = time.perf_counter()

    # measured before printing: print styles, a viewport as wide as the printable area
    page.set_viewport_size({"width": math.floor(width), "height": math.floor(height)})
    page.emulate_media(media="print")
    page.goto((folder / paper / name).as_uri())
    page.wait_for_load_state("load")
    found = page.evaluate(MEASURE)
    assert found["docOverflow"] <= 0, f"the page is wider than the printable area of {paper}"
    outside = [b for b in found["boxes"] if b["left"] < -0.5 or b["right"] > width + 0.5
               or (one_page and b["bottom"] > height + 0.5)]
    assert not outside, f"outside the printable area ({width:.0f} x {height:.0f} px): {outside[:3]}"
    clipped = [b for b in found["boxes"] if b["overflow"] > 1]
    assert not clipped, f"content wider than its box: {clipped[:3]}"

    # printed
    pdf = tmp_path / f"{paper}-{name}.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    info = run("pdfinfo", str(pdf))
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M)
    assert float(size.group(1)) == pytest.approx(sheet.width_mm * PT_PER_MM, abs=1)
    assert float(size.group(2)) == pytest.approx(sheet.height_mm * PT_PER_MM, abs=1)
    needed = math.ceil(found["height"] / height)
    if one_page:
        assert pages == 1, f"{name} takes {pages} pages of {paper}"
    else:
        assert needed <= pages <= needed + 1, f"{name}: {pages} pages for {found['height'] / PX_PER_MM:.0f} mm"
        assert pages >= 2 or name != LONG
    texts = [run("pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-") for n in range(1, pages + 1)]
    assert found["title"].split(" · ")[0] in texts[0]
    assert "Generated by kabetopo-nb" in " ".join(texts[-1].split()), "the last line is not on the last page"
    if not one_page:  # a round is never split between two pages: its title and its totals share one
        for text in texts:
            titles = re.findall(r"^\s*Round \d+\b", text, re.M)
            assert len(titles) == text.count("Round / total"), f"a round split across pages:\n{text}"

    # what the pages look like: 50 dpi greys
    run("pdftoppm", "-gray", "-r", "50", str(pdf), str(tmp_path / "page"))
    images = sorted(tmp_path.glob("page-*.pgm"))
    assert len(images) == pages
    for image in images:
        w, h, px = read_pgm(image)
        mean = sum(px) / len(px)
        dark = sum(1 for v in px if v < 100) / len(px)
        assert mean > 200, f"{image.name}: not a light page (mean grey {mean:.0f})"
        assert 0.004 < dark < 0.3, f"{image.name}: {dark:.1%} dark pixels: blank, or not dark text on light"
        assert min(px) < 60, f"{image.name}: no dark text"
        # the margins stay white: nothing printed past the printable area
        edge = math.floor((sheet.margin_mm - 2) * 50 / 25.4)
        margin = [px[y * w + x] for y in range(h) for x in (*range(edge), *range(w - edge, w))]
        margin += [px[y * w + x] for y in (*range(edge), *range(h - edge, h)) for x in range(w)]
        assert min(margin) > 200, f"{image.name}: ink in the margin"
    if name.startswith("summary"):  # two columns, both used
        w, h, px = read_pgm(images[0])
        third = h // 3
        for lo, hi in ((0, w // 2 - 10), (w // 2 + 10, w)):
            ink = sum(1 for y in range(third, 2 * third) for x in range(lo, hi) if px[y * w + x] < 100)
            assert ink > 50, f"{name}: a column is empty in the middle of the page"
    TIMINGS.append((f"handout {paper}/{name} printed and checked: {pages} page(s)", time.perf_counter() - t0))
