"""The board widget and its message protocol, driven from Python (no browser).

``board.click(target)`` and ``board.press(button, value)`` send the same intents the front
end sends; ``board._intent(msg)`` sends a raw (possibly malformed or forged) message.  The
tests assert on the synced traits (``position``, ``history``, ``_svg``, ``_panel``) that the
front end draws from.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState, parse_position
from kabetopo_nb.kabetopo.actions import Kind

END, PASS, STOP = Kind.END, Kind.PASS, Kind.STOP
from kabetopo_nb.kabetopo.position import count_pieces
from kabetopo_nb.play.kabetopo import KabetopoController
from kabetopo_nb.widget import MAX_TEXT, BoardWidget, check_intent

START = "runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1;turn=E"
TELEPORT = "lines=P*b5e,P*e2n;runners=Eb5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E"
DOOR = "lines=Wb2n,Wc2n,Wd2n;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l1s1;turn=E"
LOCK_BEHIND = "lines=P*e3n,P*b2e;runners=Ee3,Sf1,Wa1,Na6;turn=E"
FORCED_PASS = ("lines=Wc4n,Wc5n,Wc5e,Wb5e;runners=Ec5+1,Sf1,Wa1,Na6;pools=E:w1m1p1l1s1,S:w1m1p1l1s1;"
               "stones=3;order=E;turn=E")
BUMP = "lines=Wc4n;runners=Ec3,Sf1,Wc4+1,Nb4;pools=E:w0m0p0l0s0,S:w2m1p1l1s1;stones=3;order=W;turn=E"


# --- helpers --------------------------------------------------------------------------------


def svg_root(board) -> ET.Element:
    root = ET.fromstring(board._svg)
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.split("}", 1)[1]
    return root


def lit(board, kind: str | None = None) -> set[str]:
    """Squares highlighted on the board (of one kind, or any)."""
    out = set()
    for el in svg_root(board).iter():
        cls = el.get("class", "").split()
        if "kb-hl" in cls and (kind is None or f"kb-hl-{kind}" in cls):
            out.add(el.get("id").rsplit("-", 1)[1])
    return out


def options(board) -> list[tuple[str, str]]:
    """(action, label) of each clickable option drawn on the board."""
    out = []
    for group in svg_root(board).iter():
        if "kb-option-group" not in group.get("class", ""):
            continue
        circle = next(el for el in group if el.get("data-target"))
        label = next((el.text for el in group if el.tag == "text"), "")
        out.append((circle.get("data-target")[len("act:"):], label))
    return out


def buttons(board) -> dict[str, dict]:
    return {b["id"]: b for g in board._panel["groups"] for b in g["buttons"]}


def snapshot(board):
    return (board.position, list(board.history), board.controller.state.position.copy())


# --- making boards ----------------------------------------------------------------------------


def test_boards_from_state_position_text_and_seed():
    state = KabetopoState.from_text(START)
    from_state = KabetopoBoard(state)
    assert from_state.controller.state is state
    from_position = KabetopoBoard(parse_position(START))
    from_text = KabetopoBoard(START)
    assert from_state.position == from_position.position == from_text.position == state.to_text()
    seeded = KabetopoBoard(seed=1)
    assert seeded.position == KabetopoState.new_round(seed=1).to_text()
    assert seeded.history == [str(a) for a in KabetopoState.new_round(seed=1).history]
    assert all(h.startswith("roll ") for h in seeded.history)
    two = KabetopoBoard(rules="kabetopo-2p", seed=3)
    assert two.position.startswith("rules=kabetopo-2p")
    for board in (from_state, from_text, seeded, two):
        assert isinstance(board, BoardWidget)
        assert svg_root(board).tag == "svg"
        assert board._panel["status"]


def test_bad_arguments_are_rejected():
    with pytest.raises(TypeError):
        KabetopoBoard(42)
    with pytest.raises(TypeError):
        KabetopoBoard(START, colour="red")
    with pytest.raises(ValueError):
        KabetopoBoard(START, theme="purple")
    controller = KabetopoController(KabetopoState.from_text(START))
    with pytest.raises(TypeError, match="unknown keyword"):
        BoardWidget(controller, size=3)
    with pytest.raises(ValueError, match="theme"):
        BoardWidget(controller, theme="sepia")
    for theme in ("auto", "light", "dark"):
        assert KabetopoBoard(START, theme=theme)._theme == theme


def test_repr_is_stable_text():
    a, b = KabetopoBoard(START), KabetopoBoard(START)
    assert repr(a) == repr(b) == f"BoardWidget(position={a.position!r})"
    assert "0x" not in repr(a)
    a.click("sq:e6")
    assert repr(a) == f"BoardWidget(position={a.position!r})" != repr(b)


def test_boards_are_independent():
    a, b = KabetopoBoard(START), KabetopoBoard(START)
    a.click("sq:f6")
    assert lit(a) and not lit(b)
    assert a.click("sq:e6")["ok"]
    assert a.history == ["step e6"] and b.history == []
    assert b.position == KabetopoState.from_text(START).to_text()
    assert svg_root(a).get("id") != svg_root(b).get("id")


# --- play: moves ------------------------------------------------------------------------------


def test_clicking_the_runner_lights_up_its_moves():
    board = KabetopoBoard(START)
    assert lit(board) == set()
    reply = board.click("sq:f6")
    assert reply["ok"] and reply["type"] == "reply"
    assert lit(board, "move") == {"e6", "f5"}
    runner = next(el for el in svg_root(board).iter() if "kb-runner" in el.get("class", "").split()
                  and "kb-east" in el.get("class", ""))
    assert "kb-selected" in runner.get("class")
    board.click("sq:f6")  # a second click puts it down
    assert lit(board) == set()


def test_a_legal_click_changes_the_state_and_notifies():
    board = KabetopoBoard(START)
    seen = []
    board.observe(lambda change: seen.append((change["name"], change["new"])), names=["position"])
    before = board.position
    reply = board.click("sq:e6")
    assert reply == {"type": "reply", "id": 0, "ok": True, "message": "East steps from f6 to e6."}
    assert board.history == ["step e6"]
    assert board.position != before and "runners=Ee6" in board.position
    assert board.position == board.controller.state.to_text()
    # the position is observed; the history is read when asked (issue 23: a long round's
    # board does not send its whole history after every action)
    assert seen == [("position", board.position)] and "history" not in board.keys
    assert board.last_reply == reply
    assert board._panel["announcement"] == "East steps from f6 to e6."


def test_an_illegal_click_is_refused_with_the_ruling():
    board = KabetopoBoard(START)
    before = snapshot(board)
    reply = board.click("sq:d4")
    assert reply["ok"] is False
    assert reply["refusal"]["rulings"] == ["K-MOVE-1"] and "d4" in reply["refusal"]["reason"]
    assert board._panel["refusal"] == reply["refusal"]
    assert snapshot(board) == before
    # a refused leap names its own rule
    reply = board.click("sq:f3")
    assert reply["ok"] is False and reply["refusal"]["rulings"]
    assert snapshot(board) == before


def test_teleport_flow():
    board = KabetopoBoard(TELEPORT)
    board.click("sq:b5")
    assert ("teleport b5e", "T") in options(board)
    reply = board.click("act:teleport b5e")
    assert reply["ok"]
    assert board._panel["status"] == "East to play: exit choice"
    exits = options(board)
    assert [a for a, _ in exits] == ["exit e2n", "exit e3s"] and [l for _, l in exits] == ["1", "2"]
    assert lit(board, "move") == {"e2", "e3"}
    # a square no portal opens onto is refused; so is a move before the exit is chosen
    assert board.click("sq:c5")["ok"] is False
    assert board.click("ln:c5n")["refusal"]["rulings"] == ["K-TURN-7"]
    assert board.history == ["teleport b5e"]
    assert board.click("act:exit e3s")["ok"]
    assert board.history == ["teleport b5e", "exit e3s"]
    assert "runners=Ee3" in board.position and board._panel["status"].startswith("South")


def test_teleport_exit_by_clicking_the_square():
    board = KabetopoBoard(TELEPORT)
    board.click("act:teleport b5e")
    assert board.click("sq:e2")["ok"]
    assert board.history == ["teleport b5e", "exit e2n"]


def test_door_with_two_hinges_offers_two_numbered_options():
    board = KabetopoBoard(DOOR)
    reply = board.click("sq:c3")
    assert reply["ok"] and "door" in reply["message"]
    assert options(board) == [("door c2n c3w", "1"), ("door c2n c3e", "2")]
    assert board.history == []
    assert board.click("act:door c2n c3e")["ok"]
    assert board.history == ["door c2n c3e"]
    assert options(board) == []


def test_dropping_a_wall_by_clicking_a_line():
    board = KabetopoBoard(START)
    reply = board.click("ln:c5n")
    assert reply["ok"]
    choices = board._panel["choices"]
    assert [c["target"] for c in choices] == ["act:wall c5n", "act:monolith c5n", "act:portal c5n"]
    assert all(c["label"] for c in choices)
    root = svg_root(board)
    assert any("kb-hl-line" in el.get("class", "") for el in root.iter())
    assert board.history == []
    assert board.click("act:wall c5n")["ok"]
    assert board.history == ["wall c5n"] and "lines=Wc5n" in board.position
    assert board._panel["choices"] == []


def test_a_line_with_nothing_to_drop_is_refused():
    board = KabetopoBoard("runners=Ef6,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E")
    before = snapshot(board)
    reply = board.click("ln:c5n")
    assert reply["ok"] is False and reply["refusal"]["rulings"]
    assert snapshot(board) == before


def test_speed_token_toggle():
    board = KabetopoBoard(START)
    assert "speed" not in buttons(board)  # nothing to cash it in on before the main action
    assert board.press("speed")["ok"] is False
    board.click("act:monolith c3n")  # a bonus move follows, and the speed move is there too
    assert buttons(board)["speed"]["pressed"] is False
    assert board.press("speed")["ok"]
    assert buttons(board)["speed"]["pressed"] is True
    assert board.press("speed")["ok"]
    assert buttons(board)["speed"]["pressed"] is False
    board.press("speed")
    assert board.click("sq:e6")["ok"]
    assert board.history == ["monolith c3n", "speed step e6"]
    assert "speed" not in buttons(board)  # spent


def test_without_the_speed_token_the_bonus_move_is_used():
    board = KabetopoBoard(START)
    board.click("act:monolith c3n")
    assert board.click("sq:e6")["ok"]
    assert board.history == ["monolith c3n", "step e6"]


def test_speed_token_pressed_then_undone_does_not_stick():
    board = KabetopoBoard(START)
    board.click("act:monolith c3n")
    board.press("speed")
    board.press("undo")
    assert board.click("sq:e6")["ok"]
    assert board.history == ["step e6"]


def test_lock_it_behind_you():
    board = KabetopoBoard(LOCK_BEHIND)
    board.click("act:teleport e3n")
    board.click("act:exit c2w")
    assert board._panel["status"].startswith("East to play: extras")
    assert board.click("ln:e3n")["ok"]
    assert [c["target"] for c in board._panel["choices"]] == ["act:lock e3n", "act:lock e4s"]
    assert board.click("act:lock e4s")["ok"]
    assert board.history[-1] == "lock e4s" and "locks=e4s" in board.position
    # only once a turn
    reply = board.click("ln:b2e")
    assert reply["ok"] is False and reply["refusal"]["rulings"]


def test_lock_it_behind_you_button_shows_the_sides_on_the_board():
    board = KabetopoBoard(LOCK_BEHIND)
    assert "lock-behind" not in buttons(board)
    assert board.press("lock-behind")["ok"] is False  # no teleport yet: refused, nothing changes
    board.click("act:teleport e3n")
    board.click("act:exit c2w")
    assert "lock-behind" in buttons(board)
    assert board.press("lock-behind")["ok"]
    targets = re.findall(r'data-target="(act:lock [a-f][1-6][nesw])"', board._svg)
    expected = sorted(f"act:{a}" for a in board.controller.state.legal_actions if a.kind == "lock")
    assert len(expected) >= 2 and sorted(targets) == expected
    assert all(t.startswith("act:lock") for t in re.findall(r'data-target="(act:[^"]+)"', board._svg))
    assert board.click(targets[0])["ok"]
    assert board.history[-1] == targets[0][4:]
    assert "lock-behind" not in buttons(board)


def test_end_and_pass_buttons_appear_exactly_when_legal():
    board = KabetopoBoard(START)
    assert "end" not in buttons(board) and "pass" not in buttons(board)
    assert board.press("end")["ok"] is False and board.press("pass")["ok"] is False
    assert board.history == []
    board.click("sq:e6")
    assert "end" in buttons(board)
    assert board.press("end")["ok"]
    assert board.history == ["step e6", "end"]
    stuck = KabetopoBoard(FORCED_PASS)
    assert "pass" in buttons(stuck) and "end" not in buttons(stuck)
    assert stuck.press("pass")["ok"] and stuck.history == ["pass"]


def test_buttons_follow_the_legal_actions_through_a_game():
    import random

    board = KabetopoBoard(seed=2)
    rng = random.Random(7)
    for _ in range(60):
        state = board.controller.state
        if state.is_terminal:
            break
        kinds = {a.kind for a in state.legal_actions}
        shown = buttons(board)
        assert ("end" in shown) == (END in kinds)
        assert ("pass" in shown) == (PASS in kinds)
        assert ("stop" in shown) == (STOP in kinds)
        assert ("speed" in shown) == any(a.speed for a in state.legal_actions)
        action = rng.choice(list(state.legal_actions))
        assert board.click(f"act:{action}")["ok"], action
    assert len(board.history) > 9


def test_bump_choices():
    board = KabetopoBoard(BUMP)
    assert board.click("sq:c4")["ok"]
    assert board._panel["status"].startswith("East to play: bump destination")
    assert sorted(options(board)) == [("bump c3", "B"), ("bump c5", "B"), ("bump d4", "B")]
    assert lit(board, "select") == {"c3", "c5", "d4"}
    before = snapshot(board)
    reply = board.click("sq:b4")
    assert reply["ok"] is False and reply["refusal"]["rulings"] == ["K-LEAP-4"]
    assert snapshot(board) == before
    assert board.click("sq:c5")["ok"]
    assert board.history == ["step c4", "bump c5"] and "Wc5+1" in board.position


# --- time travel -----------------------------------------------------------------------------------


def test_undo_redo_goto_and_the_move_list():
    board = KabetopoBoard(START)
    assert buttons(board)["undo"]["enabled"] is False and buttons(board)["redo"]["enabled"] is False
    assert board.press("undo")["ok"] is False and board.press("redo")["ok"] is False
    board.click("act:monolith c3n")
    board.click("sq:e6")
    board.press("end") if "end" in buttons(board) else None
    start = KabetopoState.from_text(START).to_text()
    played = list(board.history)
    assert played[:2] == ["monolith c3n", "step e6"]
    n = len(played)
    panel = board._panel
    assert panel["ply"] == panel["total"] == n
    assert [m["text"] for m in panel["moves"]] == played
    assert [m["current"] for m in panel["moves"]] == [False] * (n - 1) + [True]
    after = board.position

    assert board.press("undo")["ok"]
    assert board.history == played[:-1]
    panel = board._panel
    assert (panel["ply"], panel["total"]) == (n - 1, n)
    assert panel["moves"][-1]["undone"] is True and panel["moves"][-2]["current"] is True
    assert buttons(board)["redo"]["enabled"] is True

    assert board.press("goto", 0)["ok"]
    assert board.history == [] and board.position == start
    assert board._panel["ply"] == 0 and all(m.get("undone") for m in board._panel["moves"])
    assert board.press("goto", n)["ok"]
    assert board.history == played and board.position == after
    board.press("goto", 1)
    assert board.press("redo")["ok"]
    assert board.history == played[:2]

    before = snapshot(board)
    for value in (n + 1, -1, "1", None):
        assert board.press("goto", value)["ok"] is False
    assert snapshot(board) == before


def test_playing_after_undo_drops_the_undone_moves():
    board = KabetopoBoard(START)
    board.click("sq:e6")
    board.press("undo")
    board.click("sq:f5")
    assert board.history == ["step f5"]
    assert board._panel["total"] == 1 and not any(m.get("undone") for m in board._panel["moves"])


# --- setup and the end of a round ------------------------------------------------------------------


def test_setup_rolls():
    board = KabetopoBoard(KabetopoState.before_setup())
    assert "roll" in buttons(board)
    assert board.click("sq:c4")["ok"] is False
    before = snapshot(board)
    assert board.press("roll", "x")["ok"] is False
    assert board.press("roll", 99)["ok"] is False
    assert snapshot(board) == before
    assert board.press("roll")["ok"]
    assert len(board.history) == 1 and board.history[0].startswith("roll ")
    while board.controller.state.position.phase == "setup":
        assert board.press("roll")["ok"]
    assert "roll" not in buttons(board)


# --- edit mode -------------------------------------------------------------------------------------


def editing(board):
    return board.controller.editing


def test_edit_mode_panel_and_tools():
    board = KabetopoBoard(seed=1)
    history = list(board.history)
    assert board.press("edit")["ok"]
    panel = board._panel
    assert panel["editing"] is True and panel["valid"] is True and panel["problems"] == []
    assert [g["name"] for g in panel["groups"]] == ["tools", "turn", "pools", "edit"]
    tools = {b["id"] for b in panel["groups"][0]["buttons"]}
    assert {"tool:wall", "tool:monolith", "tool:portal", "tool:lock", "tool:erase", "tool:runner-E"} <= tools
    assert {b["id"] for b in panel["groups"][1]["buttons"]} == {"turn:E", "turn:S", "turn:W", "turn:N"}
    assert "Play from here" in [b["label"] for b in panel["groups"][3]["buttons"]]
    assert buttons(board)["tool:wall"]["pressed"] is True
    assert board.press("tool:monolith")["ok"] and buttons(board)["tool:monolith"]["pressed"] is True
    assert board.press("tool:bogus")["ok"] is False
    assert board.history == history  # editing does not touch the game's history


def test_edit_mode_keeps_piece_counts_through_the_pools():
    board = KabetopoBoard(seed=1)
    board.press("edit")
    counts = count_pieces(editing(board))
    for tool, line in (("wall", "a3n"), ("monolith", "e5n"), ("portal", "b2n"), ("lock", "c4n")):
        board.press(f"tool:{tool}")
        assert board.click(f"ln:{line}")["ok"]
        assert count_pieces(editing(board)) == counts, tool
    assert "Wa3n" in board.position and "Me5n" in board.position and "Pb2n" in board.position
    assert "locks=c4n" in board.position
    assert "pools=E:w2m0p0l0" in board.position  # taken from the player to move
    board.press("tool:erase")
    for line in ("a3n", "e5n", "b2n"):
        assert board.click(f"ln:{line}")["ok"]
        assert count_pieces(editing(board)) == counts
    board.press("tool:wall")
    board.click("ln:d6e")
    assert board.click("ln:d6e")["ok"]  # the same tool again takes the piece off
    assert "d6e" not in board.position and count_pieces(editing(board)) == counts
    assert board._panel["valid"] is True


def test_edit_mode_validity_and_problems():
    board = KabetopoBoard(START)
    board.press("edit")
    assert board.press("pool:E:w:+")["ok"]
    panel = board._panel
    assert panel["valid"] is False and any("K-INV-4" in p for p in panel["problems"])
    assert board.press("pool:E:w:-")["ok"] and board._panel["valid"] is True
    assert board.press("pool:E:s:+")["ok"] is False  # one speed token at most
    assert board.press("pool:E:q:+")["ok"] is False and board.press("pool:X:w:+")["ok"] is False
    board.press("tool:lock")
    board.click("ln:a3n")  # a lock on an empty line: not a valid position
    assert board._panel["valid"] is False and board._panel["problems"]


def test_edit_mode_turn_runners_and_play_from_here():
    board = KabetopoBoard(START)
    board.controller.state.apply("step e6")
    board.refresh()
    board.press("edit")
    assert board.press("turn:S")["ok"] and "turn=S" in board.position
    assert board.press("turn:X")["ok"] is False
    board.press("tool:runner-W")
    assert board.click("sq:b2")["ok"] and "Wb2" in board.position
    assert board.click("ln:c4n")["ok"] is False  # runners go on squares
    board.press("tool:wall")
    assert board.click("sq:c4")["ok"] is False  # pieces go on lines
    edited = board.position
    assert board.press("edit-done")["ok"]
    assert board._panel["editing"] is False
    assert board.history == [] and board.controller.state.position.turn == 1
    assert "Wb2" in board.position and board.position.endswith("turn=S")
    assert board.click("sq:e1")["ok"]  # South plays from the edited position
    assert edited


def test_edit_cancel_restores_the_game():
    board = KabetopoBoard(START)
    before = board.position
    board.press("edit")
    board.click("ln:a3n")
    assert board.position != before
    assert board.press("edit-cancel")["ok"]
    assert board.position == before and board._panel["editing"] is False


def test_edit_buttons_outside_edit_mode_and_play_buttons_inside_are_refused():
    board = KabetopoBoard(START)
    board.click("sq:e6")
    before = snapshot(board)
    for button in ("tool:wall", "turn:S", "pool:E:w:+", "edit-done", "clear-board"):
        assert board.press(button)["ok"] is False
    assert snapshot(board) == before
    board.press("edit")
    position = board.position
    for button in ("undo", "redo", "end", "speed"):
        assert board.press(button)["ok"] is False, button
    assert board.press("goto", 0)["ok"] is False
    assert board.click("act:end")["ok"] is False
    assert [str(a) for a in board.controller.state.history] == ["step e6"] and board.position == position
    board.press("edit")  # pressing Edit again keeps the edits
    assert board._panel["editing"] is True


def test_edit_runner_tool_for_an_absent_seat():
    board = KabetopoBoard(rules="kabetopo-2p", seed=3)
    board.press("edit")
    board.press("tool:runner-N")
    assert board.click("sq:c5")["ok"] is False


def test_clear_board_returns_dropped_pieces_to_the_pools():
    board = KabetopoBoard(seed=1)
    board.controller.state.apply("wall c5n")  # East drops a wall; South to play
    board.refresh()
    board.press("edit")
    board.press("tool:lock")
    board.click("ln:c4n")  # a lock on a setup portal, from South's pool
    walls, locks = count_pieces(editing(board))["walls"], count_pieces(editing(board))["locks"]
    assert board.press("clear-board")["ok"]
    pos = editing(board)
    assert pos.pieces() == [] and pos.locks == 0
    assert count_pieces(pos)["walls"] == walls and count_pieces(pos)["locks"] == locks
    assert board._panel["valid"] is True


# --- malformed and forged messages ------------------------------------------------------------------

GOOD = {"type": "intent", "id": 5, "kind": "click", "target": "sq:e6"}

MALFORMED = [
    "sq:e6",
    ["intent", 5],
    None,
    42,
    {},
    {**GOOD, "type": "reply"},
    {k: v for k, v in GOOD.items() if k != "type"},
    {k: v for k, v in GOOD.items() if k != "id"},
    {**GOOD, "id": True},
    {**GOOD, "id": "5"},
    {**GOOD, "id": 5.0},
    {**GOOD, "kind": "drag"},
    {**GOOD, "kind": None},
    {**GOOD, "extra": 1},
    {**GOOD, "value": 3},
    {**GOOD, "target": "sq:" + "e" * MAX_TEXT},
    {**GOOD, "target": ""},
    {**GOOD, "target": 17},
    {**GOOD, "target": ["sq:e6"]},
    {k: v for k, v in GOOD.items() if k != "target"},
    {"type": "intent", "id": 5, "kind": "button"},
    {"type": "intent", "id": 5, "kind": "button", "button": 3},
    {"type": "intent", "id": 5, "kind": "button", "button": "goto", "value": 1.5},
    {"type": "intent", "id": 5, "kind": "button", "button": "goto", "value": True},
    {"type": "intent", "id": 5, "kind": "button", "button": "goto", "value": [1]},
    {"type": "intent", "id": 5, "kind": "button", "button": "goto", "value": "x" * (MAX_TEXT + 1)},
    {"type": "intent", "id": 5, "kind": "button", "button": "undo", "target": "sq:e6"},
]


@pytest.mark.parametrize("message", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_messages_change_nothing(message):
    board = KabetopoBoard(START)
    board.click("sq:e6")  # something to undo, so a forged undo would show
    before = (snapshot(board), board._svg, dict(board._panel))
    reply = board._intent(message)
    assert reply["type"] == "reply" and reply["ok"] is False
    assert reply["error"].startswith("malformed message")
    assert check_intent(message) is not None
    assert reply["id"] in (None, 5) and reply["id"] is not True
    panel = dict(board._panel)
    assert panel.pop("error") == reply["error"]  # every view of the board says it
    assert (snapshot(board), board._svg, panel) == before
    assert board.last_reply == reply
    board.click("sq:e6")  # the next request that goes through clears it
    assert "error" not in board._panel


FORGED_CLICKS = [
    ("act:step d4", True),  # well written, illegal: a refusal with rulings
    ("act:wall a1s", False),  # the boundary is not a line
    ("act:fly to the moon", False),
    ("act:", False),
    ("act:step", False),
    ("act:roll 5", True),
    ("sq:z9", False),
    ("sq:", False),
    ("ln:a1s", False),
    ("ln:c4x", False),
    ("xx:c4", False),
    ("c4", False),
    ("sd:c4n", False),
]


@pytest.mark.parametrize("target, refusal", FORGED_CLICKS)
def test_forged_clicks_are_refused_and_change_nothing(target, refusal):
    board = KabetopoBoard(START)
    board.click("sq:e6")
    before = snapshot(board)
    reply = board._intent({"type": "intent", "id": 9, "kind": "click", "target": target})
    assert reply["ok"] is False and reply["id"] == 9
    if refusal:
        assert reply["refusal"]["rulings"] and reply["refusal"]["reason"]
    else:
        assert reply["error"]
    assert snapshot(board) == before


@pytest.mark.parametrize("button, value", [("fly", None), ("UNDO", None), ("goto", 99), ("goto", -3),
                                           ("goto", "two"), ("goto", None), ("roll", 5), ("stop", None),
                                           ("pass", None), ("tool:wall", None)])
def test_unknown_or_illegal_buttons_are_refused(button, value):
    board = KabetopoBoard(START)
    board.click("sq:e6")
    before = snapshot(board)
    msg = {"type": "intent", "id": 3, "kind": "button", "button": button}
    if value is not None:
        msg["value"] = value
    reply = board._intent(msg)
    assert reply["ok"] is False and (reply.get("error") or reply.get("refusal"))
    assert snapshot(board) == before


def test_well_formed_messages_pass_the_check():
    assert check_intent(GOOD) is None
    assert check_intent({"type": "intent", "id": 0, "kind": "button", "button": "goto", "value": 3}) is None
    assert check_intent({"type": "intent", "id": 0, "kind": "button", "button": "undo"}) is None
    board = KabetopoBoard(START)
    reply = board._intent(GOOD)
    assert reply["ok"] and reply["id"] == 5 and board.history == ["step e6"]


def test_messages_from_the_front_end_get_a_reply():
    board = KabetopoBoard(START)
    sent = []
    board.send = sent.append  # stand-in for the comm
    board._on_message(board, {"type": "intent", "id": 11, "kind": "click", "target": "sq:e6"}, [])
    board._on_message(board, "junk", [])
    assert [m["id"] for m in sent] == [11, None]
    assert sent[0]["ok"] is True and sent[1]["ok"] is False
    assert board.history == ["step e6"]


def test_a_controller_error_is_reported_not_raised():
    board = KabetopoBoard(START)

    def broken(target):
        raise RuntimeError("boom")

    board.controller.click = broken
    reply = board.click("sq:e6")
    assert reply["ok"] is False and "RuntimeError: boom" in reply["error"]
    assert board.history == []
    assert "RuntimeError: boom" in board._panel["error"]  # in the model: every view shows it


def test_round_over_refuses_moves():
    state = KabetopoState.from_text("runners=Ef6,Sf1,Wa1,Na6;turn=E")
    state.position.phase = "over"
    board = KabetopoBoard(state)
    reply = board.click("sq:e6")
    assert reply["ok"] is False and reply["refusal"]["rulings"] == ["K-ROUND-2"]


def test_theme_and_svg_are_synced_traits():
    board = KabetopoBoard(START, theme="dark")
    traits = board.trait_metadata
    for name in ("_svg", "_panel", "_theme", "position"):
        assert traits(name, "sync"), name
    assert "history" not in board.keys  # read in Python when asked, never sent (issue 23)
    assert not traits("last_reply", "sync")
    assert re.search(r'data-target="sq:e6"', board._svg)


def test_python_api_apply_undo_redo_and_observe_update_the_board():
    board = KabetopoBoard(START)
    seen = []
    board.observe(lambda change: seen.append(change["new"]), names="position")
    svg_before = board._svg
    reply = board.apply("step e6")
    assert reply["ok"] and board.history == ["step e6"]
    assert board.state is board.controller.state and board.state.history[-1].kind == "step"
    assert board._svg != svg_before and len(seen) == 1 and "Ee6" in seen[-1]
    refused = board.apply("step a1")
    assert refused["ok"] is False and refused["refusal"]["rulings"]
    assert board.history == ["step e6"]
    assert board.undo()["ok"] and board.history == []
    assert board.redo()["ok"] and board.history == ["step e6"]
    assert board.apply("garbage here")["ok"] is False


MISCHIEF = ("rules=kabetopo-mp-v3+mischief;lines=P*e3n,P*b2e,Wd4n;locks=e3n;runners=Ef1+1,Sc3,Wa2,Nb6;"
            "pools=E:w1m1p0l1s0,S:w3m2p1l1s0,W:w2m2p1l1s0,N:w3m2p1l0s0;stones=3;order=E;homes=Ef1;turn=E")


@pytest.mark.parametrize("square", ["e1", "f2", "d4", "f1"])
def test_a_square_clicked_in_a_mischief_turn_is_refused_with_what_the_turn_allows(square):
    # issue 10, 7: the refusal said "K-ROUND-2: the round is over" while the round went on
    board = KabetopoBoard(MISCHIEF)
    before = snapshot(board)
    reply = board.click(f"sq:{square}")
    assert reply["ok"] is False
    assert reply["refusal"]["rulings"] == ["KNB-8"]
    assert "Mischief" in reply["refusal"]["reason"] and "drop" in reply["refusal"]["reason"]
    assert "over" not in reply["refusal"]["reason"]
    assert snapshot(board) == before


# --- issue 11: saved notebooks, long sessions, front-end writes ----------------------------------

import base64  # noqa: E402
import gc  # noqa: E402
import html as html_lib  # noqa: E402

from ipywidgets.widgets import widget as ipywidget_module  # noqa: E402

from kabetopo_nb import DakapoBoard, KaomiBoard  # noqa: E402
from kabetopo_nb import widget as widget_module  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def saved_picture(board) -> tuple[str, ET.Element]:
    """The static HTML a board leaves beside its widget view, and the SVG inside its image."""
    data, _metadata = board._repr_mimebundle_()
    page = data["text/html"]
    src = re.search(r'<img [^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page)
    assert src, page[:300]
    return page, ET.fromstring(base64.b64decode(src.group(1)))


@pytest.mark.parametrize("make", [lambda: KabetopoBoard(START), DakapoBoard, KaomiBoard],
                         ids=["kabetopo", "dakapo", "kaomi"])
def test_a_displayed_board_carries_a_static_drawing_for_saved_notebooks(make):
    # issue 11, bug 8: a saved notebook opened before running showed no board (text, or
    # "Error displaying widget: model not found"): the display now also holds the drawing
    board = make()
    data, _ = board._repr_mimebundle_()
    assert data[WIDGET_VIEW]["model_id"] == board.model_id  # the live view is still first choice
    page, svg = saved_picture(board)
    assert f'<p>{html_lib.escape(board._panel.get("headline") or board._panel["status"])}</p>' in page
    own = ET.fromstring(board._svg)
    assert svg.get("id") == own.get("id") and svg.get("viewBox") == own.get("viewBox")
    style = svg.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and board._style.strip()[:40] in style.text  # the picture is self-contained
    assert saved_picture(make())[0] == page  # the same board gives the same bytes (strict nbval)


def test_the_static_drawing_follows_the_board_theme_and_its_latest_state():
    dark = KabetopoBoard(START, theme="dark")
    assert saved_picture(dark)[1].get("class").split()[:2] == ["kb-board", "kb-dark"]
    assert "kb-auto" not in saved_picture(dark)[1].get("class")
    auto = KabetopoBoard(START)
    assert "kb-auto" in saved_picture(auto)[1].get("class")  # follows the page where it is shown
    before = saved_picture(auto)[0]
    auto.apply("step e6")
    assert saved_picture(auto)[0] != before


def forge_update(board, state: dict) -> None:
    """What ipywidgets' comm delivers when the front end's model is changed and saved."""
    board._handle_msg({"content": {"comm_id": board.model_id,
                                   "data": {"method": "update", "state": state, "buffer_paths": []}},
                       "buffers": []})


def sent_updates(board) -> list[dict]:
    sent: list[dict] = []
    board.comm.send = lambda data=None, buffers=None, **kw: sent.append(data)
    return sent


def test_a_forged_front_end_update_changes_nothing_and_is_reverted():
    # issue 11: a forged front-end update set the position and history traits and
    # observers saw the forged text
    board = KabetopoBoard(START)
    board.apply("step e6")
    names = ["position", "history", "_svg", "_panel", "_style", "_theme", "_esm", "_css", "layout"]
    before = {name: getattr(board, name) for name in names}
    seen = []
    board.observe(lambda change: seen.append((change["name"], change["new"])))
    sent = sent_updates(board)
    forge_update(board, {"position": "forged", "history": ["x"], "_svg": "<svg/>", "_esm": "alert(1)",
                         "_panel": {}, "_theme": "dark", "no_such_trait": 1})
    assert {name: getattr(board, name) for name in names} == before
    assert seen == []
    reverted = [m["state"] for m in sent if m.get("method") == "update"]
    assert reverted, sent  # the front end's copy is put back
    back = {k: v for state in reverted for k, v in state.items()}
    assert back["position"] == before["position"] and "history" not in back
    assert back["_esm"] == before["_esm"] and back["_svg"] == before["_svg"]
    assert "no_such_trait" not in back
    assert not any(m.get("method") == "echo_update" and "position" in m["state"] for m in sent)


def test_python_changes_still_sync_after_a_refused_front_end_write():
    board = KabetopoBoard(START)
    forge_update(board, {"position": "forged"})
    sent = sent_updates(board)
    assert board.apply("step e6")["ok"]
    synced = {k: v for m in sent if m.get("method") == "update" for k, v in m["state"].items()}
    assert "Ee6" in synced["position"] and board.history == ["step e6"]
    assert board.position == synced["position"]


def live_boards() -> list:
    gc.collect()
    return [w for w in ipywidget_module._instances.values() if isinstance(w, BoardWidget)]


def test_running_a_board_cell_again_closes_the_board_it_replaces(monkeypatch):
    # issue 11: the hot-seat pattern (a new board per round, made by running the same cell
    # again, the variable reassigned) left every old board registered with ipywidgets
    start = len(live_boards())
    out_cache = []  # IPython's Out[] keeps every displayed board, as in a kernel
    match_state = KabetopoState.from_text(START)
    for round_number in range(20):
        monkeypatch.setattr(widget_module, "_current_run", lambda n=round_number: ("cell-board", f"run-{n}"))
        board = KabetopoBoard(match_state.copy())
        out_cache.append(board)
        board.apply("step e6")
    assert len(live_boards()) - start == 1
    assert all(old.closed and old.controller is None for old in out_cache[:-1])
    assert not board.closed and board.controller is not None and board.history == ["step e6"]
    assert all(old.comm is None for old in out_cache[:-1])


def test_boards_of_one_run_of_a_cell_stay_open(monkeypatch):
    monkeypatch.setattr(widget_module, "_current_run", lambda: ("cell-two", "run-1"))
    first, second = KabetopoBoard(START), KabetopoBoard(START)  # e.g. display(first); display(second)
    assert not first.closed and not second.closed
    monkeypatch.setattr(widget_module, "_current_run", lambda: ("cell-other", "run-2"))
    third = KabetopoBoard(START)  # a board made in another cell replaces nothing
    assert not first.closed and not second.closed and not third.closed
    monkeypatch.setattr(widget_module, "_current_run", lambda: None)
    fourth = KabetopoBoard(START)  # plain Python: nothing is closed behind the user's back
    assert not any(b.closed for b in (first, second, third, fourth))


def test_a_closed_board_says_so_and_holds_no_game():
    board = KabetopoBoard(START)
    board.apply("step e6")
    position = board.position
    board.close()
    assert board.closed and board.controller is None and board._svg == ""
    assert board.position == position and board.history == ["step e6"]  # the record stays readable
    assert repr(board) == f"BoardWidget(position={position!r})"
    reply = board.click("sq:e5")
    assert reply["ok"] is False and "closed" in reply["error"]
    assert board.apply("step e5")["ok"] is False
    with pytest.raises(RuntimeError, match="closed"):
        _ = board.state
    board.refresh()  # nothing to redraw, no error
    board.close()  # closing twice is harmless


def run_in_cell(kc, code: str, cell_id: str, timeout: float = 60) -> str:
    """Run CODE in a kernel as JupyterLab runs a cell (its id in the request's metadata);
    returns the cell's printed text; an exception in the cell fails the test."""
    content = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
               "allow_stdin": False, "stop_on_error": True}
    msg = kc.session.msg("execute_request", content, metadata={"cellId": cell_id})
    kc.shell_channel.send(msg)
    text = []
    while True:
        reply = kc.get_iopub_msg(timeout=timeout)
        if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        kind, body = reply["msg_type"], reply["content"]
        if kind == "stream":
            text.append(body["text"])
        elif kind == "error":
            pytest.fail("\n".join(body["traceback"]))
        elif kind == "status" and body["execution_state"] == "idle":
            return "".join(text)


def test_hot_seat_rounds_in_a_real_kernel_leave_one_board_alive():
    # issue 11: 20 rounds of "run the board cell again" left 20 boards registered with
    # ipywidgets (each with its game); now the replaced ones are closed and released
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        run_in_cell(kc, "import gc\nfrom ipywidgets.widgets import widget\n"
                        "from kabetopo_nb import KabetopoBoard\nfrom kabetopo_nb.widget import BoardWidget\n"
                        "from kabetopo_nb.kabetopo import KabetopoState", "setup")
        for round_number in range(20):
            # the round's board, shown (IPython's Out keeps it), and a move played on it
            run_in_cell(kc, f"board = KabetopoBoard(KabetopoState.new_round(seed={round_number}))\n"
                            "board.controller.apply(next(iter(board.state.legal_actions)))\nboard", "board-cell")
        counts = run_in_cell(kc, "gc.collect()\n"
                                 "boards = [o for o in gc.get_objects() if isinstance(o, BoardWidget)]\n"
                                 "print(sum(isinstance(w, BoardWidget) for w in widget._instances.values()),"
                                 " sum(b.controller is not None for b in boards), len(widget._instances))", "check")
        registered, with_a_game, widgets = map(int, counts.split())
        assert (registered, with_a_game) == (1, 1), counts
        assert widgets <= 2, counts  # the board and its Layout
        assert run_in_cell(kc, "print(board.closed, board.state is board.controller.state)", "check-2").split() == ["False", "True"]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_the_running_cell_is_found_under_jupyterlites_kernel_too(monkeypatch):
    """JupyterLite's Pyodide kernel has one channel: its ``get_parent()`` takes no channel
    name (issue 13: every board in the Lite site failed with a TypeError)."""
    import types

    import IPython

    from kabetopo_nb import widget as widget_module

    parent = {"header": {"msg_type": "execute_request", "msg_id": "m-1"}, "metadata": {"cellId": "c-1"}}

    class LiteKernel:
        def get_parent(self):
            return parent

    monkeypatch.setattr(IPython, "get_ipython", lambda: types.SimpleNamespace(kernel=LiteKernel()))
    assert widget_module._current_run() == ("c-1", "m-1")
