"""A join link's QR code as SVG (``segno``), for the teacher's dashboard and its printed cards.

    >>> qr_svg("https://example.org/kabetopo-room/join/3#TOKEN")[:40]
    '<svg xmlns="http://www.w3.org/2000/svg" '

Deterministic: the same link gives the same bytes (error correction M, the smallest version
that holds the link, a quiet zone of 4 modules).  Dark modules on a white square whatever
the page's theme, so a phone's camera reads it in a dark dashboard too.  The drawing is
``modules(link) + 2 * BORDER`` units wide (its ``viewBox``); CSS sizes it.
"""
from __future__ import annotations

import io

import segno

BORDER = 4  # the quiet zone the QR standard asks for, in modules
ERROR = "m"  # error correction M: ~15% of a printed card may be smudged


def qr_code(link: str) -> segno.QRCode:
    return segno.make(link, error=ERROR, micro=False, boost_error=False)


def modules(link: str) -> int:
    """How many modules wide the link's code is (its quiet zone left out)."""
    width, _ = qr_code(link).symbol_size(scale=1, border=0)
    return int(width)


def qr_svg(link: str, *, title: str = "QR code of the join link") -> str:
    """The link's QR code: an ``<svg>`` element with a ``<title>`` (for screen readers)."""
    out = io.BytesIO()
    qr_code(link).save(out, kind="svg", xmldecl=False, scale=1, border=BORDER, dark="#000", light="#fff",
                       svgclass="qr", lineclass=None, omitsize=True, title=title)
    return out.getvalue().decode("utf-8")


__all__ = ["BORDER", "ERROR", "modules", "qr_code", "qr_svg"]
