"""What a match board shows (see ``match_board``): the round's own view, with the players'
headline, the round in the status line (with its teaching variant, if any: "Round 1 of 4,
teaching round, no drops (KNB-15)"), the scoresheet with the story of the match (every
scoring event so far, ``match_story``, which also says what a teaching round changes), the
newest announcements, the seat picker, whether
a bot is thinking, the move list with the setup's rolls as one entry, and the match's
buttons (next round, stop or start the bots, or the choice of a saved match); while a bot
has the decision, none of the round's play buttons.  It reads the match controller; it
changes nothing.
"""
from __future__ import annotations

import html
import weakref
from typing import TYPE_CHECKING

from ..bots import bot_name
from ..kabetopo.actions import Kind
from ..kabetopo.match import Match
from ..kabetopo.rules import seat_name
from ..kabetopo.scoring import events
from ..render.kabetopo_scoresheet import scoresheet_html
from .contract import Button, ButtonGroup, View

if TYPE_CHECKING:
    from .match_controller import MatchController

SHOWN_ANNOUNCEMENTS = 5  # the panel shows the newest few (the front end's log holds 5); the story keeps the rest
# the round's buttons a match board still offers while a bot has the decision: travelling
# in time (undo steps back over the bots' actions to a human's decision)
WHILE_A_BOT_DECIDES = ("undo", "redo", "other-line")
# buttons of the single board that a match board does not offer: the setup is rolled by
# the match's generator (K-SETUP-3), and a match replays from its actions (no edited positions)
NOT_ON_A_MATCH_BOARD = ("roll", "edit", "edit-done", "edit-cancel", "clear-board")


def describe_progress(match: Match) -> str:
    """ "round R, N actions" for the resume button (setup rolls are not counted)."""
    actions = sum(1 for s in match.states for a in s.history if a.kind != Kind.ROLL)
    return f"round {match.round_index + 1}, {actions} action{'s' if actions != 1 else ''}"


def match_headline(c: MatchController) -> str:
    """Whose turn, by the player's name and seat (and whether a bot plays it), or where the
    match stands."""
    match = c.showing
    if c.retired:
        return "This board was replaced by a newer one"
    if c.offered is not None:
        return "A saved match was found: resume it, or start a new one"
    if match.is_over():
        winner = match.winner()
        over = f"Match over: {winner} wins" if winner else "Match over: a drawn match"
        return over + (" (not scored)" if c.unscored else "")
    if match.between_rounds():
        return f"Round {match.round_index + 1} of {match.rounds} is over"
    mover = c.player_to_move()
    if mover is None:
        return ""
    player, seat = mover
    if player in c.bots:
        return f"{player} ({seat}, {'bot' if c.bots_running else 'bot stopped: play by hand'}) to play"
    return f"{player} ({seat}) to play"


def scoring_events(match: Match, round_index: int, before, after) -> list[str]:
    """The scoring events one action made (``scoring.events``), with the players' names."""
    return events(before, after, lambda seat: f"{match.player_of(seat, round_index)} ({seat_name(seat)})",
                  totals=False)  # the match board announces the round's points with the match totals


def teaching_words(match: Match, round_index: int) -> str | None:
    """What the teaching variant changes in round ``round_index`` (0-based), in a sentence
    for the room ("Round 1 is a teaching round, no drops (KNB-15): the runners only move,
    ..."), or None for a round played as the rules say.  The engine refuses what the round
    forbids, each refusal citing the ruling; this only says so in advance."""
    note, variant = match.teaching_note(round_index), match.teaching
    if note is None or variant is None:
        return None
    return f"Round {round_index + 1} is a {note}: {variant.detail}."


def teaching_over_words(match: Match, round_index: int) -> str | None:
    """What the board says when round ``round_index`` starts right after the teaching
    variant's rounds ("From round 2 on, drops are allowed again."), or None."""
    variant = match.teaching
    if (variant is None or round_index == 0 or match.teaching_note(round_index) is not None
            or match.teaching_note(round_index - 1) is None):
        return None
    return f"The teaching round is over: from round {round_index + 1} on, {variant.after} ({variant.ruling})."


def round_over_words(match: Match, round_index: int) -> str:
    """What the board says of a scored round: each player's points in it, with the match
    totals as they stood after it."""
    def total(p: str) -> int:
        return sum(match.round_total(p, r) for r in range(round_index + 1))

    points = ", ".join(f"{p} +{match.round_total(p, round_index)} (total {total(p)})" for p in match.players)
    return f"Round {round_index + 1} of {match.rounds} is over: {points}."


def bot_deciding(c: MatchController) -> bool:
    """A bot has the decision on the board (running bots, its seat to play): the players
    wait, and the round's play buttons and choices are not offered."""
    return c.offered is None and not c.retired and c.bots_running and c.bot_to_move() is not None


# --- the story of the match: every scoring event so far ------------------------------------

_round_starts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # a round's state -> its first position


def _round_start(state):
    """The position a round's state started from (read once per state: ``position_at(0)``)."""
    start = _round_starts.get(state)
    if start is None:
        start = _round_starts[state] = state.position_at(0)
    return start


def match_story(match: Match) -> list[str]:
    """Every scoring event of the match so far, round by round, each opened by its round
    ("Round 1: First Stone! Ann (East) +2"): the events the board announces (``scoring.events``
    between the round's first position and where it stands now, with the players' names),
    and for every scored round its points with the match totals.  Read from the rounds'
    states, so it follows undo, redo and a resumed save, and never loses an early event
    the way the short log of announcements does."""
    out: list[str] = []
    for r, state in enumerate(match.states):
        out += [text for text in (teaching_words(match, r), teaching_over_words(match, r)) if text]
        out += [f"Round {r + 1}: {text}" for text in scoring_events(match, r, _round_start(state), state.position)]
        if r < len(match.scores):
            out.append(round_over_words(match, r))  # "Round 1 of 4 is over: ..."
    return out


def story_html(story: list[str]) -> str:
    """The story as HTML below the scoresheet (text escaped; a list for screen readers,
    without ``li`` items, which the sheet keeps for the final ranking)."""
    if not story:
        return ""
    items = "".join(f'<div role="listitem">{html.escape(text)}</div>' for text in story)
    return (f'<div class="kb-story"><div><b>Scoring so far</b></div>'
            f'<div role="list" aria-label="Every scoring event of the match so far">{items}</div></div>')


def collapse_setup_rolls(moves: list[dict] | None, first_ply: int) -> list[dict] | None:
    """The move list with the setup's die rolls (the plies up to ``first_ply``) as one
    entry, "setup: roll 6, roll 3, ...", at the ply of the last roll (going there shows the
    board as the setup left it); the moves after them as they are."""
    if not moves:
        return moves
    rolls = [m for m in moves if m["ply"] <= first_ply and str(m["text"]).startswith("roll ")]
    if not rolls:  # a long round's list starts after them (the slider reaches them)
        return moves
    entry = {"ply": rolls[-1]["ply"], "text": "setup: " + ", ".join(str(m["text"]) for m in rolls),
             "current": any(m.get("current") for m in rolls)}
    plies = {m["ply"] for m in rolls}
    return [entry, *(m for m in moves if m["ply"] not in plies)]


def match_view(c: MatchController) -> View:
    match = c.showing
    inner = c.round.view()
    panel = inner.panel
    note = match.teaching_note(match.round_index)
    round_label = f"Round {match.round_index + 1} of {match.rounds}" + (f", {note}" if note else "")
    unscored = c.unscored if c.offered is None else None
    choosing = c.offered is not None or bool(c.retired)
    bot = c.bot_to_move() if c.bot_due() else None
    message = panel.message
    if c.notice:
        message = " ".join(t for t in (c.notice, panel.message) if t)
    return View(inner.svg, inner.style, panel.but(
        status=f"{round_label}{' (not scored)' if unscored else ''} · {panel.status}",
        unscored=f"This match is not scored: {unscored}." if unscored else None,
        headline=match_headline(c),
        round=round_label,
        announcements=c.announcements[-SHOWN_ANNOUNCEMENTS:],
        announcement=" ".join(c.fresh) if c.fresh else panel.announcement,
        message=message,
        scoresheet_html=scoresheet_html(match, live=True) + story_html(match_story(match)),
        thinking=f"{bot} ({bot_name(c.bots[bot])}) is thinking…" if bot is not None else "",
        seats=[] if choosing else c.seats(),
        first_ply=c.first_ply(),
        moves=collapse_setup_rolls(panel.moves, c.first_ply()),
        groups=match_groups(c, panel.groups),
        choices=[] if choosing or bot_deciding(c) else panel.choices,
    ))


def match_groups(c: MatchController, groups: list[ButtonGroup]) -> list[ButtonGroup]:
    """The round's buttons a match board offers (enabled while the players may act), and
    the match's own."""
    if c.retired:
        return []
    if c.offered is not None:
        return [{"name": "saved match", "buttons": [
            {"id": "resume-saved", "label": f"Resume the saved match ({describe_progress(c.offered)})", "enabled": True},
            {"id": "start-new", "label": "Start a new match", "enabled": True},
        ]}]
    out: list[ButtonGroup] = []
    blocked = bool(c.blocked())
    waiting = bot_deciding(c)  # the players wait: no play button of the round is offered
    for group in groups:
        buttons: list[Button] = []
        for b in group.get("buttons", []):
            if b.get("id") in NOT_ON_A_MATCH_BOARD or (waiting and b.get("id") not in WHILE_A_BOT_DECIDES):
                continue
            b = Button(**b)
            if b.get("id") == "undo":
                b["enabled"] = c.state.ply > c.first_ply()
            elif b.get("id") not in ("redo", "other-line") and blocked:
                b["enabled"] = False
            buttons.append(b)
        out.append({**group, "buttons": buttons})
    extra: list[Button] = []
    if c.match.between_rounds():
        extra.append({"id": "next-round", "label": f"Next round ({c.match.round_index + 2} of {c.match.rounds})",
                      "enabled": True})
    if c.bots:
        extra.append({"id": "stop-bots", "label": "Stop the bots", "enabled": True} if c.bots_running
                     else {"id": "start-bots", "label": "Let the bots play", "enabled": True})
    if extra:
        out.append({"name": "match", "buttons": extra})
    return out


__all__ = ["NOT_ON_A_MATCH_BOARD", "SHOWN_ANNOUNCEMENTS", "WHILE_A_BOT_DECIDES", "bot_deciding", "collapse_setup_rolls",
           "describe_progress", "match_groups", "match_headline", "match_story", "match_view", "round_over_words",
           "scoring_events", "story_html", "teaching_over_words", "teaching_words"]
