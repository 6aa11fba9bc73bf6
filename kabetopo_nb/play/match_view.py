"""What a match board shows (see ``match_board``): the round's own view, with the players'
headline, the round in the status line, the scoresheet, the announcements, the seat
picker, whether a bot is thinking, and the match's buttons (next round, stop or start the
bots, or the choice of a saved match).  It reads the match controller; it changes nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..bots import bot_name
from ..kabetopo.actions import Kind
from ..kabetopo.match import Match
from ..render.kabetopo_scoresheet import scoresheet_html
from .contract import Button, ButtonGroup, View

if TYPE_CHECKING:
    from .match_controller import MatchController

SHOWN_ANNOUNCEMENTS = 5  # the panel shows the newest few
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


def match_view(c: MatchController) -> View:
    match = c.showing
    inner = c.round.view()
    panel = inner.panel
    round_label = f"Round {match.round_index + 1} of {match.rounds}"
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
        scoresheet_html=scoresheet_html(match, live=True),
        thinking=f"{bot} ({bot_name(c.bots[bot])}) is thinking…" if bot is not None else "",
        seats=[] if choosing else c.seats(),
        first_ply=c.first_ply(),
        groups=match_groups(c, panel.groups),
        choices=[] if choosing else panel.choices,
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
    for group in groups:
        buttons: list[Button] = []
        for b in group.get("buttons", []):
            if b.get("id") in NOT_ON_A_MATCH_BOARD:
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


__all__ = ["NOT_ON_A_MATCH_BOARD", "SHOWN_ANNOUNCEMENTS", "describe_progress", "match_groups", "match_headline", "match_view"]
