"""A connection's board: a controller of the play layer over its table's authoritative state.

Each connection gets what a board widget gets (``Shown``: the drawing, its style, the
panel, the position), built by its *own* game controller (``KabetopoController``,
``DakapoController``, ``KaomiController``) whose state is the table's and whose *sink* is
the table's numbered apply for that connection's seat: a click means what it means on any
board, and the action it leads to goes through the room's five checks under the table's
current number.  A participant's selections (a runner picked, a colour picked, the speed
token pressed) stay theirs; the position is the table's, and every connection follows it.

What a shared table cannot do is not offered, and refused if sent: undo, redo, the move
list's time travel (no move list is sent: the panel's log holds the table's latest actions
by the players' names, ``table_log``), the other line, editing the position, a new game, rolling the setup's
dice (the room rolls them, K-SETUP-3).  A match's seats add a *Next round* button between
rounds; every view of a match says the round, whose turn by the player's name, and the
scoresheet.  A watcher's view is the same board: its clicks may select, but any action is
refused (its token is read-only).

``attach_view(room, connection)`` gives a connection its view (``Connection.receive`` then
answers ``{"type": "intent", ...}`` messages with the reply and the new ``shown``);
``SeatView.shown()`` is what the web layer sends to every connection of a table after an
``applied`` event.
"""
from __future__ import annotations

import weakref
from typing import Any

from ..core.verdict import Verdict
from ..play.contract import Button, ButtonGroup, View
from ..play.dakapo import DakapoController
from ..play.kabetopo import KabetopoController
from ..play.kaomi import KaomiController
from ..play.match_view import scoring_events
from ..play.session import BoardSession
from ..render.kabetopo_scoresheet import scoresheet_html
from .protocol import IllegalAction, RoomError
from .room import Connection, Room
from .tables import MatchPlay, Table

CONTROLLERS: dict[str, Any] = {  # game -> its controller class (each takes state, coordinates=, sink=)
    "kabetopo": KabetopoController, "dakapo": DakapoController, "kaomi": KaomiController}
# the buttons a seat may press at a shared table, by game (the rest are the single board's own)
ALLOWED: dict[str, frozenset[str]] = {
    "kabetopo": frozenset({"end", "pass", "stop", "speed", "lock-behind", "cancel", "next-round"}),
    "dakapo": frozenset({"claim", "pass", "cancel"}),
    "kaomi": frozenset({"swap", "pushes"}),
}
ALLOWED_PREFIXES: dict[str, tuple[str, ...]] = {"dakapo": ("colour:",)}
LOG_SIZE = 5  # the table's latest actions in a view's log (board.js shows this many)
NOT_AT_A_SHARED_TABLE = ("the table's game is shared by its players: there is no undo, time travel, editing or new game "
                         "at a room's table, and the setup's dice are rolled by the room (K-SETUP-3)")


_logs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # a state -> (its ply, the log worded there)


def table_log(table: Table) -> list[str]:
    """The table's latest actions in its current game or round, oldest first, for every view's
    log (the panel's ``announcements``): who acted, by the player's name ("The room" for a
    setup roll, K-SETUP-3), the action as players read it, and for a Kabetopo match what it
    scored (``scoring.events``, with the players' names).  A board's own announcements hold
    only what that board applied; at a table the others' actions are as much the game.
    Worded once per state and ply, whatever the number of connections."""
    state = table.state
    cached = _logs.get(state)
    if cached is not None and cached[0] == state.ply:
        return cached[1]
    play, ply = table.play, state.ply
    start = max(0, ply - LOG_SIZE)
    first = table.number - ply  # the table's number of the state's first action
    out = []
    for i, action in enumerate(state.actions(start), start):
        seat = table.log[first + i][0]
        who = "The room" if seat is None else table.players[seat]
        text = f"{who}: {getattr(action, 'words', None) or action}"
        if isinstance(play, MatchPlay):
            scored = scoring_events(play.match, play.round_index(), state.position_at(i), state.position_at(i + 1))
            if scored:
                text = f"{text}. {' '.join(scored)}"
        out.append(text)
    _logs[state] = (ply, out)
    return out


class SeatController:
    """The ``Controller`` of one connection's board (see the module doc)."""

    runner = None  # the room's bots think in its executor, not on a board's loop

    def __init__(self, room: Room, connection: Connection, *, coordinates: bool = True):
        self.room, self.connection = room, connection
        table = self.table
        self.game: Any = CONTROLLERS[table.kind](table.state, coordinates=coordinates, sink=self._sink)

    @property
    def table(self) -> Table:
        return self.room.table(self.connection.table)

    @property
    def state(self) -> Any:
        return self._follow().state

    def _follow(self) -> Any:
        """The game controller, on the table's current state (a match's next round is a new one)."""
        game, state = self.game, self.table.state
        if game.state is not state:
            game.follow(state)
        return game

    def _allowed(self, button: str) -> bool:
        kind = self.table.kind
        return button in ALLOWED[kind] or button.startswith(ALLOWED_PREFIXES.get(kind, ()))

    # --- intents -------------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        return self._follow().click(target)

    def button(self, button: str, value: Any = None) -> dict:
        game = self._follow()
        if not self._allowed(button):
            return game.refuse_request(f"{button!r} is not available here: {NOT_AT_A_SHARED_TABLE}")
        if button == "next-round":
            try:
                reply = self.connection.next_round(self.table.number)
            except RoomError as exc:
                return game.refuse_request(str(exc))
            self._follow()
            return game.tell(f"Round {reply['round']} has begun.")
        return game.button(button, value)

    def apply(self, action: Any) -> dict:
        return self._follow().apply(action)

    def _sink(self, action: Any) -> dict:
        """The table's numbered apply for this connection's seat: the game controller's sink."""
        game = self.game
        table = self.table
        try:
            reply = self.connection.act(table.number, str(action))
        except IllegalAction as exc:
            if exc.code == "notation":
                return game.refuse_request(str(exc))
            return game._refuse(Verdict(False, exc.rulings, exc.reason))
        except RoomError as exc:
            return game.refuse_request(str(exc))
        if game.state is not table.state:  # the action ended a round and the next one began
            game.follow(table.state)
            return game.tell(reply["text"])
        return game.tell(game._after_apply(reply["text"]))

    # --- what to draw -------------------------------------------------------------------------------
    def position_text(self) -> str:
        return self._follow().position_text()

    def history_texts(self) -> list[str]:
        return [text for _, text in self.table.log]

    def view(self) -> View:
        game = self._follow()
        table = self.table
        inner = game.view()
        panel = inner.panel
        groups: list[ButtonGroup] = []
        for group in panel.groups:
            buttons: list[Button] = [b for b in group.get("buttons", []) if self._allowed(b["id"])]
            if buttons:
                kept: ButtonGroup = {"name": group["name"], "buttons": buttons}
                if "layout" in group:
                    kept["layout"] = group["layout"]
                groups.append(kept)
        seat = self.connection.seat
        who = "watching" if seat is None else f"you are {table.players[seat]}"
        headline = f"{table.decision_words()[0].upper()}{table.decision_words()[1:]} · {who}"
        # no move list and no scrubber (board.js draws them for ``moves`` or ``total``, and their
        # clicks travel in time): the log of the table's latest actions instead
        changes: dict[str, Any] = {"groups": groups, "headline": headline, "moves": None, "first_ply": None,
                                   "total": None, "announcements": table_log(table)}
        if table.paused:
            changes["status"] = f"Paused by the teacher{': ' + table.pause_reason if table.pause_reason else ''} · {panel.status}"
        play = table.play
        if isinstance(play, MatchPlay):
            match = play.match
            note = match.teaching_note(match.round_index)
            label = f"Round {match.round_index + 1} of {match.rounds}" + (f", {note}" if note else "")
            changes.update(round=label, status=f"{label} · {changes.get('status', panel.status)}",
                           scoresheet_html=scoresheet_html(match, live=True))
            if match.between_rounds() and seat is not None:
                groups.append({"name": "match", "buttons": [{"id": "next-round", "enabled": not table.paused,
                                                            "label": f"Next round ({match.round_index + 2} of {match.rounds})"}]})
        if table.unscored:
            changes["unscored"] = f"This table is not scored: {table.unscored}."
        return View(inner.svg, inner.style, panel.but(**changes))


class SeatView:
    """A connection's board: a ``BoardSession`` (the play layer's transport seam) over its
    ``SeatController``."""

    def __init__(self, room: Room, connection: Connection, *, coordinates: bool = True):
        self.controller = SeatController(room, connection, coordinates=coordinates)
        self.session = BoardSession(self.controller, loop=lambda: None)

    def intent(self, fields: dict[str, Any]) -> dict[str, Any]:
        """An intent from the page (``kind`` click or button, its ``target`` or ``button`` and
        ``value``), checked by the session: the reply, with what the board shows now."""
        reply = dict(self.session.intent({"type": "intent", "id": 0, **fields}))
        reply.pop("type", None)
        reply.pop("id", None)
        return {**reply, "shown": self.shown()}

    def shown(self) -> dict[str, Any]:
        shown = self.session.shown()
        return shown.to_dict() if shown is not None else {}


def attach_view(room: Room, connection: Connection, *, coordinates: bool = True) -> SeatView:
    """Give ``connection`` its board (``Connection.receive`` then answers intents)."""
    view = SeatView(room, connection, coordinates=coordinates)
    connection.view = view
    return view


__all__ = ["ALLOWED", "SeatController", "SeatView", "attach_view", "table_log"]
