"""The position editor can be trusted (issue 24, item 10).

* Clear board gives each dropped piece and lock back to a pool short of that kind, or to
  the box when none is (K-INV-4), never everything to the player to move.
* A turn under way (a portal exit or bump to choose, a bonus move, the portals a lock may
  still go behind, the speed token used, the last turn's bump) is said in plain words, a
  button sets it aside, and every edit sets it aside: no "lb: ... (K-TURN-10)" left over
  from a portal since erased.
* The panel's ``valid`` is exactly ``not problems()`` of the position shown, and "Play
  from here" plays exactly that position, refused (with the problems) whenever it has any.
* The Stones tool: -/+ steppers for the stones on each Mountain site (and the Summit) and
  for the stones each runner carries, ``order`` kept in step (``validity.stone_problems``).
"""
from __future__ import annotations

import random

import pytest

from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.notation import format_position
from kabetopo_nb.kabetopo.position import count_pieces
from kabetopo_nb.kabetopo.validity import problems

START = "runners=Ef6,Sf1,Wa1,Na6;turn=E"
# West has just teleported through b1e and come out of a3e: it may still lock one of them behind it
MID_TURN = ("rules=kabetopo-4p;lines=P*b1e,Pa3e,M*c3n,M*c3e,P*b4e,P*c4n,Mc4e,M*d4n,P*f4n,Me5e;runners=Ef6,Sf1,Wa3,Na6;"
            "pools=E:w3m0p1l1s0,S:w3m1p0l1s1,W:w3m0p1l1s0,N:w3m1p1l1s1;turn=W;phase=extras;flags=gms;lb=b1e,a3e;turns=2")
OVER = ("runners=Ea1+1,Sa6+1,Wf6+1,Nc4+1;stones=0;order=S,N,E,W;homes=Ea1,Sa6,Wf6;"
        "pools=E:w1m1p1l1s0,S:w1m1p1l1s0,W:w1m1p1l1s0,N:w1m1p1l1s0;phase=over")


def buttons(board) -> dict[str, dict]:
    return {b["id"]: b for g in board._panel["groups"] for b in g["buttons"]}


def groups(board) -> dict[str, dict]:
    return {g["name"]: g for g in board._panel["groups"]}


def editing(board):
    return board.controller.editing


def assert_truthful(board):
    """The panel's verdict is the engine's, on the very position being edited."""
    found = problems(editing(board))
    panel = board._panel
    assert panel["editing"] is True
    assert panel["valid"] is (not found) and panel["problems"] == found


def played_drops(seed: int, drops: int) -> KabetopoState:
    """A round where every player has dropped pieces (and locks) for a while."""
    state = KabetopoState.new_round(seed=1)
    rng = random.Random(seed)
    for _ in range(drops):
        acts = list(state.legal_actions)
        pieces = [a for a in acts if a.kind in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL, Kind.LOCK)]
        state.apply(rng.choice(pieces or acts))
    return state


# --- Clear board (K-INV-4) --------------------------------------------------------------------------

def test_clear_board_gives_each_piece_back_to_a_pool_short_of_it():
    state = played_drops(3, 30)
    pools = state.position.pools
    assert len({tuple(pools[s]) for s in state.position.seats}) > 1  # several players have dropped pieces
    board = KabetopoBoard(state)
    board.press("edit")
    before = count_pieces(editing(board))
    assert board.press("clear-board")["ok"]
    pos = editing(board)
    start = pos.rules.pool_for_round(pos.round_number)
    for seat in pos.seats:  # nobody ends with more than the game gave out (East had 5 walls, 2 portals)
        assert all(pos.pools[seat][k] <= start[k] for k in range(4)), (seat, pos.pools[seat])
    after = count_pieces(pos)
    setup = pos.rules.setup_monoliths, pos.rules.setup_portals  # the setup pieces go to the box
    assert after["walls"] == before["walls"] and after["locks"] == before["locks"]
    assert after["monoliths"] == before["monoliths"] - setup[0] and after["portals"] == before["portals"] - setup[1]
    assert pos.pieces() == [] and pos.locks == 0
    assert_truthful(board)


def test_a_piece_no_pool_is_short_of_goes_to_the_box():
    board = KabetopoBoard(START)
    board.controller.state.apply("wall c5n")  # East: 2 walls left
    board.refresh()
    board.press("edit")
    board.press("pool:E:w:+")  # East's pool full again: the wall on c5n belongs to no pool now
    # every pool full again: KNB-17 reads them as left at their defaults and counts only the
    # board's one wall, so the position is valid (issue 25 item 17); the wall is still nobody's
    assert board._panel["valid"] is True
    reply = board.press("clear-board")
    assert reply["ok"] and "box" in reply["message"]
    pos = editing(board)
    assert [pos.pools[s][0] for s in pos.seats] == [3, 3, 3, 3] and count_pieces(pos)["walls"] == 12
    assert_truthful(board) and board._panel["valid"] is True


def test_erasing_gives_back_to_the_player_short_of_the_piece_not_the_player_to_move():
    board = KabetopoBoard(START)
    board.controller.state.apply("wall c5n")  # East dropped it; South to play
    board.refresh()
    board.press("edit")
    board.press("tool:erase")
    assert board.click("ln:c5n")["ok"]
    pos = editing(board)
    assert pos.turn == 1 and pos.pools[0][0] == 3 and pos.pools[1][0] == 3


# --- the turn under way ---------------------------------------------------------------------------

def test_a_turn_under_way_is_said_in_plain_words_and_can_be_set_aside():
    board = KabetopoBoard(MID_TURN)
    reply = board.press("edit")
    assert "b1e" in reply["message"] and "lock" in reply["message"]
    status = board._panel["status"]
    assert "West" in status and "a3e" in status and "lb:" not in status and "K-TURN" not in status
    afresh = buttons(board)["edit-afresh"]
    assert afresh["label"] == "Start West's turn afresh" and afresh["enabled"]
    assert board.press("edit-afresh")["ok"]
    pos = editing(board)
    assert pos.phase == "main" and pos.lb_portals == () and not (pos.moved or pos.speed_used or pos.grants_move)
    assert "edit-afresh" not in buttons(board) and board._panel["status"] == "Edit mode"
    assert board.press("edit-afresh")["ok"] is False  # nothing left to set aside
    assert_truthful(board)


def test_editing_the_board_sets_the_turn_under_way_aside():
    board = KabetopoBoard(MID_TURN)
    board.press("edit")
    board.press("tool:erase")
    reply = board.click("ln:a3e")  # the portal West came out of
    assert reply["ok"] and "set aside" in reply["message"]
    pos = editing(board)
    assert pos.lb_portals == () and pos.phase == "main" and pos.turn == 2
    assert not any(p.startswith("lb:") or "K-TURN-10" in p for p in board._panel["problems"])
    assert board._panel["valid"] is True
    assert_truthful(board)


def test_a_pending_bump_is_named_and_set_aside():
    state = KabetopoState("runners=Ef6,Sf1,Wc4+1,Nc5;stones=3;order=W;turn=N")
    state.apply("step c4")  # North bumps West off the Mountain: where it lands is still to choose
    assert state.position.phase == "bump"
    board = KabetopoBoard(state)
    board.press("edit")
    assert "bumped off the Mountain" in board._panel["status"]
    board.press("pool:N:w:-")
    pos = editing(board)
    assert pos.pending is None and pos.phase == "main"
    assert_truthful(board)  # West and North now share c4: the panel says so, and play is refused
    assert board._panel["valid"] is False
    reply = board.press("edit-done")
    assert reply["ok"] is False and "c4" in reply["refusal"]["reason"]


# --- the verdict is the engine's, and Play from here plays what was judged --------------------------

def test_a_round_that_is_over_plays_as_the_panel_judged_it():
    board = KabetopoBoard(OVER)
    board.press("edit")
    assert board._panel["valid"] is True
    assert board.press("edit-done")["ok"]  # not turned into a round still under way
    assert board.controller.state.position.phase == "over"


def test_play_from_here_plays_exactly_the_position_judged():
    board = KabetopoBoard(MID_TURN)
    board.press("edit")
    edited = format_position(editing(board))
    assert board._panel["valid"] is True
    assert board.press("edit-done")["ok"]
    assert board.position == edited  # the turn under way goes on: nothing was edited


EDITS = (["tool:wall", "tool:monolith", "tool:portal", "tool:setup-portal", "tool:lock", "tool:erase",
          "tool:runner-E", "tool:runner-W", "tool:stones", "turn:E", "turn:S", "turn:W", "clear-board",
          "edit-afresh", "pool:E:w:+", "pool:S:l:-", "pool:W:p:+", "stones:c4:-", "stones:c4:+",
          "carry:E:+", "carry:E:-", "carry:W:+", "carry:S:-"])
SOURCES = [START, MID_TURN, OVER, "before-setup", "played"]


@pytest.mark.parametrize("source", SOURCES)
def test_the_panel_is_always_the_engines_verdict_and_play_follows_it(source):
    for seed in range(4):
        if source == "before-setup":
            state = KabetopoState.before_setup()
            state.apply("roll 7")
        elif source == "played":
            state = played_drops(seed, 12)
        else:
            state = KabetopoState(source)
        board = KabetopoBoard(state)
        board.press("edit")
        rng = random.Random(seed)
        for _ in range(40):
            if rng.random() < 0.5:
                board.press(rng.choice(EDITS))
            else:
                kind = rng.choice(["sq", "ln"])
                board.click(f"{kind}:{rng.choice('abcdef')}{rng.randint(1, 6)}" + ("" if kind == "sq" else rng.choice("ne")))
            assert_truthful(board)
        judged = format_position(editing(board))
        valid = board._panel["valid"]
        reply = board.press("edit-done")
        assert reply["ok"] is valid, (judged, board._panel["problems"], reply)
        if valid:
            assert board.position == judged
        else:
            assert board.controller.editor is not None
            said = (reply.get("refusal") or {}).get("reason") or reply.get("error", "")
            assert all(p in said for p in board._panel["problems"]), (said, board._panel["problems"])


# --- stones on the Mountain and on the runners --------------------------------------------------------

def test_the_stones_tool_shows_steppers_for_the_mountain_and_each_runner():
    board = KabetopoBoard(START)
    board.press("edit")
    assert "stones" not in groups(board)  # only with the tool: the pools stay the one stepper table
    assert board.press("tool:stones")["ok"]
    stones = groups(board)["stones"]
    assert stones["layout"] == "steppers"
    cells = {(b["id"], b["row"], b["column"], b["step"]) for b in stones["buttons"]}
    assert {b["id"] for b in stones["buttons"]} == {f"{k}:{s}" for k in ("stones:c4", "carry:E", "carry:S", "carry:W",
                                                                         "carry:N") for s in "+-"}
    assert all(step == bid[-1] and column == "stones" for bid, _, column, step in cells)
    assert list(groups(board)) == ["tools", "turn", "pools", "stones", "edit"]
    enabled = {b["id"]: b["enabled"] for b in stones["buttons"]}
    assert enabled["carry:E:+"] and not enabled["carry:E:-"] and enabled["stones:c4:-"] and not enabled["stones:c4:+"]
    assert board.click("sq:c4")["ok"] is False  # the steppers do it, not clicks


def test_giving_and_taking_a_carried_stone_keeps_order_and_the_mountain_in_step():
    board = KabetopoBoard(START)
    board.press("edit")
    board.press("tool:stones")
    assert board.press("carry:E:+")["ok"] and board.press("carry:W:+")["ok"]
    pos = editing(board)
    assert pos.held[0] == 1 and pos.held[2] == 1 and pos.stone_order == [0, 2] and pos.site_stones == [2]
    assert board.press("carry:E:+")["ok"] is False  # one stone is all a 4-player runner takes (K-MTN-4)
    assert_truthful(board) and board._panel["valid"] is True
    assert board.press("carry:E:-")["ok"]
    assert pos.held[0] == 0 and pos.stone_order == [2] and pos.site_stones == [3]
    assert board.press("carry:S:-")["ok"] is False
    assert "order=W" in board.position and "Wa1+1" in board.position
    assert_truthful(board) and board._panel["valid"] is True


def test_mountain_stones_go_to_and_come_from_the_box():
    board = KabetopoBoard(START)
    board.press("edit")
    assert board.press("stones:c4:+")["ok"] is False  # it starts with 4 and never holds more
    assert board.press("stones:c4:-")["ok"] and editing(board).site_stones == [3]
    assert board.press("stones:c4:+")["ok"] and editing(board).site_stones == [4]
    board.press("carry:N:+")
    reply = board.press("stones:c4:+")  # the missing stone is North's: it cannot also go back
    assert reply["ok"] is False and "runner" in reply["error"]
    for _ in range(3):
        assert board.press("stones:c4:-")["ok"]
    assert board.press("stones:c4:-")["ok"] is False and editing(board).site_stones == [0]
    assert board.press("stones:d4:-")["ok"] is False  # no Mountain site there
    assert_truthful(board) and board._panel["valid"] is True


def test_the_summit_and_two_stones_in_the_two_player_game():
    board = KabetopoBoard("rules=kabetopo-2p;runners=Ea6,Wa1;turn=E")
    board.press("edit")
    board.press("tool:stones")
    rows = [b["row"] for b in groups(board)["stones"]["buttons"]]
    assert any(r.startswith("Summit d3") for r in rows) and any(r.startswith("Mountain c4") for r in rows)
    assert board.press("carry:E:+")["ok"] and board.press("carry:E:+")["ok"]
    assert board.press("carry:E:+")["ok"] is False  # two stones at most
    pos = editing(board)
    assert pos.held[0] == 2 and pos.stone_order == [0, 0] and sum(pos.site_stones) == 2
    assert board.press("carry:N:+")["ok"] is False  # no North in the 2-player game
    assert_truthful(board)


def test_a_disputed_tadaima_can_be_set_up_with_buttons_alone():
    """A runner next to a corner: whether the step home is a Tadaima hangs on the stone the
    editor gives it, and the runner plays on from there."""
    board = KabetopoBoard("runners=Ea2,Sf1,Wa1,Na6;turn=E")
    board.press("edit")
    board.press("tool:stones")
    board.press("carry:E:+")
    assert board._panel["valid"] is True
    assert board.press("edit-done")["ok"]
    assert board.click("sq:a1")["ok"]
    assert board.controller.state.position.homes == [(0, 0)]


def test_stone_buttons_are_refused_outside_edit_mode():
    board = KabetopoBoard(START)
    before = board.position
    for button in ("stones:c4:-", "carry:E:+", "edit-afresh"):
        assert board.press(button)["ok"] is False
    assert board.position == before
