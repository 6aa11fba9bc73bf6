"""The teacher's dashboard page (``GET <base_url>kabetopo-room/dashboard``, docs/ROOM.md "The
teacher"): every control of the room in one page, its script ``widgets/dashboard.js`` and
style ``widgets/dashboard.css`` put inline (the page needs no other address).

The page is the same for every host (the Jupyter server, the standalone server, the hub's
service): what differs is passed in, ``api`` (the room's address ending in ``/``, under which
the teacher's API lives) and ``xsrf`` (the host's XSRF token, sent in the ``X-XSRFToken``
header of every request: a JupyterHub checks it on a page's reads too).  The script calls the teacher's API with the page's own
login (the host's cookie), never with a token of its own.  No UI framework here: only text.
"""
from __future__ import annotations

import json

from ..assets import front_end
from ..games import GAMES

TITLE = "Kabetopo room: the teacher's dashboard"

BODY = """
<a class="kd-skip" href="#kd-tables-h">Skip to the tables</a>
<header class="kd-header">
  <h1>Workshop room</h1>
  <p id="kd-summary">Loading the room&hellip;</p>
  <nav aria-label="Room actions" class="kd-nav">
    <button type="button" id="kd-print">Print join cards</button>
    <a href="{api}api/results.csv" download>Results (CSV)</a>
    <a href="{api}api/results.parquet" download>Results (Parquet)</a>
    <a href="{api}api/saves" download="kabetopo-room-saves.json">Every match's save (JSON)</a>
  </nav>
</header>
<p id="kd-live" class="kd-hidden" role="status" aria-live="polite"></p>
<p id="kd-error" role="alert" class="kd-error"></p>
<main class="kd-main">
  <section aria-labelledby="kd-tables-h" class="kd-tables-section">
    <h2 id="kd-tables-h" tabindex="-1">Tables</h2>
    <div id="kd-tables"><p>No table yet: make one below, or start a tournament.</p></div>
  </section>
  <section aria-labelledby="kd-new-h" class="kd-form-section">
    <h2 id="kd-new-h">New table</h2>
    <form id="kd-new-table">
      <div class="kd-row">
        <label for="kd-kind">Game</label>
        <select id="kd-kind" name="kind">
          {games}
        </select>
        <label for="kd-ruleset">Ruleset</label>
        <input id="kd-ruleset" name="ruleset" placeholder="the game's default" autocomplete="off">
        <label for="kd-seed">Seed</label>
        <input id="kd-seed" name="seed" type="number" min="0" value="0">
      </div>
      <fieldset><legend>Players (leave a name empty for fewer seats)</legend>
        {seats}
      </fieldset>
      <button type="submit">Create the table</button>
    </form>
  </section>
  <section aria-labelledby="kd-tour-h" class="kd-form-section">
    <h2 id="kd-tour-h">Tournament</h2>
    <div id="kd-tournament"><p>No tournament yet.</p></div>
    <details id="kd-tour-details"><summary>Start a tournament</summary>
    <form id="kd-new-tournament">
      <label for="kd-tour-players">Players, one name a line</label>
      <textarea id="kd-tour-players" name="players" rows="6"></textarea>
      <div class="kd-row">
        <label for="kd-tour-size">Players a table</label>
        <select id="kd-tour-size" name="table_size"><option>2</option><option>3</option>
          <option selected>4</option></select>
        <label for="kd-tour-matches">Matches</label>
        <input id="kd-tour-matches" name="match_count" type="number" min="1" max="20" value="3">
      </div>
      <div class="kd-row">
        <label for="kd-tour-kind">Game</label>
        <select id="kd-tour-kind" name="kind">
          {games}
        </select>
        <label for="kd-tour-ruleset">Ruleset</label>
        <input id="kd-tour-ruleset" name="ruleset" placeholder="the game's default" autocomplete="off">
        <label for="kd-tour-seed">Seed</label>
        <input id="kd-tour-seed" name="seed" type="number" min="0" value="0">
      </div>
      <button type="submit">Start the tournament</button>
    </form>
    </details>
  </section>
  <section aria-labelledby="kd-progress-h" class="kd-form-section">
    <h2 id="kd-progress-h">Learners' progress</h2>
    <div id="kd-learners"></div>
    <div id="kd-progress"><p>No learner has reported a challenge yet.</p></div>
  </section>
  <section aria-labelledby="kd-cards-h" class="kd-cards-section">
    <h2 id="kd-cards-h">Join links</h2>
    <p class="kd-note">One card per seat: give each player theirs (print them with "Print join cards").</p>
    <div id="kd-cards"></div>
  </section>
</main>
"""

SEAT_ROW = """<div class="kd-row">
          <label for="kd-p{i}">Player {n}</label>
          <input id="kd-p{i}" name="player{i}" autocomplete="off" value="{value}">
          <label for="kd-s{i}">Played by</label>
          <select id="kd-s{i}" name="seat{i}">
            <option value="human">a person (join link)</option><option value="greedy">bot: greedy</option>
            <option value="random">bot: random</option><option value="mcts-200">bot: mcts-200</option>
          </select>
        </div>"""



def _script_safe(text: str) -> str:
    """Text put inside a <script> element: no "</" closes it early."""
    return text.replace("</", "<\\/")


def page_html(*, api: str, xsrf: str = "") -> str:
    """The dashboard page for a room whose address is ``api`` (ending in ``/``); ``xsrf`` the
    token its POSTs carry (see the module doc).  The same arguments give the same bytes."""
    if not api.endswith("/"):
        raise ValueError(f"the room's address ends in '/': {api!r}")
    names = ["Aiko", "Ben", "", ""]
    seats = "\n        ".join(SEAT_ROW.format(i=i, n=i + 1, value=names[i]) for i in range(4))
    config = _script_safe(json.dumps({"api": api, "xsrf": xsrf}))
    games = "".join(f'<option value="{_html_attr(name)}">{_html_attr(game.title)}</option>' for name, game in GAMES.items())
    body = BODY.replace("{api}", _html_attr(api)).replace("{seats}", seats).replace("{games}", games)
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{TITLE}</title>\n<style>\n{front_end('dashboard.css')}</style>\n</head>\n"
            f'<body class="kd">\n<script type="application/json" id="kd-config">{config}</script>\n{body}\n'
            f'<script type="module">\n{_script_safe(front_end("dashboard.js"))}</script>\n</body></html>\n')


def _html_attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["TITLE", "page_html"]
