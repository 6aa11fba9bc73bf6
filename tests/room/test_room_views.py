"""A connection's board: the play layer's controllers over a table's state, whose sink is the
table's numbered apply for the connection's seat.  Clicks mean what they mean on any board; the
actions they lead to pass the room's checks; what a shared table cannot do is not offered."""
from __future__ import annotations

import json

import pytest
from room_helpers import PLAYERS4, play_to

from kabetopo_nb.room.views import attach_view


def _buttons(shown: dict) -> set[str]:
    return {b["id"] for g in shown["panel"]["groups"] for b in g["buttons"]}


@pytest.fixture
def seats(room):
    new = room.create_table("kabetopo", PLAYERS4, seed=1)
    connections = [room.connect(t) for t in new.seat_tokens]
    views = [attach_view(room, c) for c in connections]
    watcher = room.connect(new.watcher_token)
    attach_view(room, watcher)
    return new, room.table(new.table), connections, views, watcher


def test_a_seats_clicks_act_through_the_numbered_apply(room, seats):
    new, table, connections, views, _ = seats
    number = table.number
    shown = views[0].shown()
    assert "Aiko (East: main action) · you are Aiko" == shown["panel"]["headline"]
    assert shown["panel"]["round"] == "Round 1 of 4" and "kb-scoresheet" in shown["panel"]["scoresheet_html"]
    assert not {"undo", "redo", "edit", "roll", "other-line"} & _buttons(shown)
    reply = connections[0].receive(json.dumps({"type": "intent", "kind": "click", "target": "sq:f6"}))
    assert reply["ok"] and table.number == number  # a selection is the seat's own
    reply = connections[0].receive(json.dumps({"type": "intent", "kind": "click", "target": "sq:e6", "id": 4}))
    assert reply["ok"] and reply["id"] == 4 and table.log[-1] == (0, "step e6") and table.number == number + 1
    assert reply["message"].startswith("East steps from f6 to e6")
    assert 'data-target="sq:e6"' in reply["shown"]["svg"] and reply["shown"]["position"] == table.state.to_text()
    # every other view shows the table's position: it is one state
    assert views[2].shown()["position"] == table.state.to_text()


def test_a_seat_out_of_turn_a_watcher_and_an_illegal_click_are_refused(room, seats):
    new, table, connections, views, watcher = seats
    number = table.number
    reply = connections[1].receive(json.dumps({"type": "intent", "kind": "click", "target": "sq:e6"}))
    assert not reply["ok"] and "not Ben's decision" in reply["shown"]["panel"]["refusal"]["reason"]
    reply = watcher.receive(json.dumps({"type": "intent", "kind": "click", "target": "sq:e6"}))
    assert not reply["ok"] and "only watches" in reply["error"]
    assert "watching" in watcher.view.shown()["panel"]["headline"]
    reply = connections[0].receive(json.dumps({"type": "intent", "kind": "click", "target": "sq:a1"}))
    refusal = reply["shown"]["panel"]["refusal"]
    assert not reply["ok"] and refusal["rulings"]  # the engine's ruling, as on any board
    for button in ("undo", "goto", "edit", "roll", "other-line", "back"):
        reply = connections[0].receive(json.dumps({"type": "intent", "kind": "button", "button": button}))
        assert not reply["ok"] and "not available here" in reply["error"]
    reply = connections[0].receive(json.dumps({"type": "intent", "kind": "click", "bogus": 1}))
    assert not reply["ok"] and reply["error"] == "malformed"
    assert table.number == number


def test_no_move_list_at_a_shared_table_but_a_log_of_its_actions(room, seats):
    """board.js draws the move list and its scrubber (whose clicks send ``goto``) when the
    panel has ``moves`` or ``total``: a room's views send neither, since a shared table has no
    time travel; the table's latest actions, by the players' names, are the panel's log."""
    new, table, connections, views, watcher = seats
    assert connections[0].receive(json.dumps({"type": "intent", "kind": "click", "target": "sq:e6"}))["ok"]
    number = table.number
    for connection in (*connections, watcher):
        shown = connection.view.shown()
        panel = shown["panel"]
        assert not {"moves", "total", "first_ply"} & panel.keys(), panel.get("moves")
        assert "goto" not in _buttons(shown)
        assert panel["announcements"][-1] == "Aiko: step e6" and panel["announcements"][-2] == "The room: roll 11"
        assert len(panel["announcements"]) == 5  # the newest few: what the log shows
    for connection, value in ((connections[1], 3), (watcher, 0), (connections[0], number - 1)):
        reply = connection.receive(json.dumps({"type": "intent", "kind": "button", "button": "goto", "value": value}))
        assert not reply["ok"] and "'goto' is not available here" in reply["error"] and "time travel" in reply["error"]
        assert not {"moves", "total"} & reply["shown"]["panel"].keys()
    assert table.number == number and table.state.ply == number


def test_the_log_names_the_players_and_the_scoring(room):
    """Every connection's log is the table's: another seat's action and what it scored are
    there too (a board's own announcements would hold only what its own seat did)."""
    new = room.create_table("kabetopo", PLAYERS4, seed=3)
    table = room.table(new.table)
    views = [attach_view(room, room.connect(t)) for t in new.seat_tokens]
    play_to(room, new.seat_tokens, table.id, lambda t: "First Stone" in " ".join(views[0].shown()["panel"]["announcements"]))
    log = views[1].shown()["panel"]["announcements"]
    scored = next(text for text in log if "First Stone" in text)
    assert scored.split(":")[0] in PLAYERS4 and "First Stone! " in scored
    for kind, players, options, clicks in (("dakapo", ["Cy", "Di"], None, [("button", "colour:red"), ("click", "sq:e3")]),
                                           ("kaomi", ["Cy", "Di"], {"size": 5}, [("click", "sq:c3")])):
        made = room.create_table(kind, players, options=options)
        first, second = (attach_view(room, room.connect(t)) for t in made.seat_tokens)
        for how, what in clicks:
            assert first.intent({"kind": how, ("button" if how == "button" else "target"): what})["ok"]
        panel = second.shown()["panel"]
        assert not {"moves", "total"} & panel.keys()
        assert panel["announcements"] == [f"Cy: {room.table(made.table).log[-1][1]}"]


def test_the_views_follow_the_table_into_the_next_round(room, seats):
    new, table, connections, views, watcher = seats
    play_to(room, new.seat_tokens, table.id, lambda t: t.play.between_rounds())
    shown = views[1].shown()
    assert "next-round" in _buttons(shown) and "next-round" not in _buttons(watcher.view.shown())
    reply = connections[1].receive(json.dumps({"type": "intent", "kind": "button", "button": "next-round"}))
    assert reply["ok"] and table.play.round_index() == 1
    assert reply["shown"]["panel"]["round"] == "Round 2 of 4"
    assert views[3].shown()["position"] == table.state.to_text()
    assert "Dana (East: main action)" in views[0].shown()["panel"]["headline"]  # the board turned (K-MATCH-1)


def test_dakapo_and_kaomi_boards_at_a_table(room):
    dakapo = room.create_table("dakapo", ["Ann", "Bo"])
    ann = room.connect(dakapo.seat_tokens[0])
    view = attach_view(room, ann)
    assert "colour:red" in _buttons(view.shown()) and "new" not in _buttons(view.shown())
    assert view.intent({"kind": "button", "button": "colour:red"})["ok"]
    reply = view.intent({"kind": "click", "target": "sq:e3"})
    assert reply["ok"] and room.table(dakapo.table).log == [(0, "red e3")]
    kaomi = room.create_table("kaomi", ["Cy", "Di"], options={"size": 5})
    cy, di = (attach_view(room, room.connect(t)) for t in kaomi.seat_tokens)
    assert cy.intent({"kind": "click", "target": "sq:c3"})["ok"]
    assert "swap" in _buttons(di.shown())
    assert di.intent({"kind": "button", "button": "swap"})["ok"]
    assert room.table(kaomi.table).log == [(0, "c3"), (1, "swap")]


def test_a_connection_without_a_view_refuses_intents(room):
    new = room.create_table("dakapo", ["Ann", "Bo"])
    connection = room.connect(new.seat_tokens[0])
    reply = connection.receive(json.dumps({"type": "intent", "kind": "click", "target": "sq:e3"}))
    assert reply["error"] == "no-view"
