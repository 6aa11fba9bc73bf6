"""The Kabetopo scoresheet as HTML, for notebooks and the match board.

The rows come from the engine (``kabetopo_nb.kabetopo.scoresheet``: the rulebooks' "How to
keep score" layout); this draws them.  ``scoresheet_html(match, live=True)`` adds the round
being played, its stones and Tadaimas so far.

The table is drawn for a projector inside JupyterLab, whose own table style right-aligns
every cell: the sheet's selectors are specific enough to win over it, a circle is a round
box with its digit centred inside, a Natural Tadaima is a bar under the circle (an
underline inside the circle would merge with its edge), round headers start where the
row labels start, and player names are centred over their columns.
"""
from __future__ import annotations

import html

from ..kabetopo.scoresheet import DASH, Cell, live_rows, round_title, scoresheet_rows


def cell_html(cell: Cell) -> str:
    """One cell as HTML: a circled number, the place as a superscript, a Natural Tadaima's bar."""
    if cell.total is not None:
        return f"{cell.total[0]} / <b>{cell.total[1]}</b>"
    if cell.points is None:
        return DASH + (f" <small>{html.escape(cell.extra)}</small>" if cell.extra else "")
    t = str(cell.points)
    if cell.circled:
        t = f'<span class="kb-circled">{t}</span>'
    if cell.underlined:  # a bar under the whole mark, outside the circle
        t = f'<span class="kb-natural" title="Natural Tadaima">{t}</span>'
    if cell.place is not None:
        t += f"<sup>{cell.place}</sup>"
    return t + (f" {html.escape(cell.extra)}" if cell.extra else "")


# JupyterLab right-aligns every output table cell with selectors of specificity (0,2,1);
# ``table.kb-scoresheet th.kb-player`` (0,2,2) and the like take precedence.
CSS = """
table.kb-scoresheet { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.kb-scoresheet tr > th, table.kb-scoresheet tr > td { padding: 3px 10px; vertical-align: middle; }
table.kb-scoresheet th.kb-player, table.kb-scoresheet td.kb-points { text-align: center; }
table.kb-scoresheet td.kb-label { text-align: left; font-style: italic; }
table.kb-scoresheet th.kb-round { text-align: left; padding-top: 8px; }
table.kb-scoresheet tr.kb-total > td { border-bottom: 2px solid currentColor; }
table.kb-scoresheet span.kb-circled { display: inline-block; box-sizing: border-box; width: 1.75em; height: 1.75em;
  line-height: calc(1.75em - 2px); border: 1px solid currentColor; border-radius: 50%; text-align: center; }
table.kb-scoresheet span.kb-natural { display: inline-block; padding-bottom: 2px; border-bottom: 2px solid currentColor; }
table.kb-scoresheet tbody.kb-live { opacity: 0.85; }
"""


def scoresheet_html(match, *, live: bool = False) -> str:
    """The scoresheet as an HTML table (player names escaped); with ``live``, the round
    being played is shown too, with its stones and Tadaimas so far."""
    players = match.players
    width = len(players) + 1
    out = [f"<style>{CSS}</style>", '<table class="kb-scoresheet">',
           "<caption>" + html.escape(f"{match.rules.name}: {len(match.scores)} of {match.rounds} rounds scored") + "</caption>",
           '<thead><tr><th class="kb-corner"></th>' + "".join(f'<th class="kb-player" scope="col">{html.escape(p)}</th>' for p in players)
           + "</tr></thead>"]
    sections = [(round_title(match, r), rows, "") for r, rows in enumerate(scoresheet_rows(match))]
    now = live_rows(match) if live else None
    if now is not None:
        sections.append((round_title(match, len(match.states) - 1, " (so far)"), now, ' class="kb-live"'))
    for title, rows, cls in sections:
        out.append(f'<tbody{cls}><tr><th class="kb-round" colspan="{width}" scope="colgroup">{html.escape(title)}'
                   '</th></tr>')
        for label, cells in rows:
            row_cls = ' class="kb-total"' if cells and cells[0].total is not None else ""
            out.append(f'<tr{row_cls}><td class="kb-label">{html.escape(label)}</td>'
                       + "".join(f'<td class="kb-points">{cell_html(c)}</td>' for c in cells) + "</tr>")
        out.append("</tbody>")
    out.append("</table>")
    if match.is_over():
        out.append('<ol class="kb-standings">' + "".join(
            f'<li value="{st.place}">{html.escape(", ".join(st.players))}: {st.total} <small>({html.escape(st.reason)})</small></li>'
            for st in match.standings()) + "</ol>")
    return "\n".join(out)
