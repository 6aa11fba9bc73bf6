"""Issue 24, items 7, 8 and 15: every option is reachable and named; one line, one name.

* The panel names every option drawn on the board (exit numbers, bump destinations, portal
  entries, sides to lock) as a button, in the badges' order, with the badge's mark as its
  digit key, so a keyboard reaches each by Tab or by its number and a reader knows what
  "3" means.
* The keyboard's cursor starts on the runner to move, and on the first option when the
  board asks a choice among options (the panel's ``cursor``).
* A click on the portal beside the runner (the line: all a keyboard's Enter on a line can
  send) means going into it, as its ``T`` badge does: in the extras it takes the bonus or
  speed move, in the main action it is offered beside the drops; a portal that only the
  speed token reaches says so and leaves the token as it was.
* A line is called by its own name wherever a player reads it (move list, choices): never
  by the side of one of its squares (``c4w`` is ``b4e``).

Driven through the plain transport, as the front end drives the widget.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from kabetopo_nb.kabetopo.actions import Action, Kind
from kabetopo_nb.kabetopo.geometry import LINES, line_name, side_name, sides_of_line
from kabetopo_nb.play.kabetopo import kabetopo_controller
from kabetopo_nb.play.session import PlainBoard

# East on b5 beside a portal b5e whose twin is on c3n; South on the Mountain c4: going
# out through c4s lands on the Mountain and bumps South (K-MTN-3)
TELEPORT_BUMP = "rules=kabetopo-4p;lines=P*b5e,P*c3n;runners=Eb5,Sc4,Wa1,Na6;pools=E:w0m0p0l0s1;turn=E"
# East on c2, one step from c1 beside the portal b1e (= c1w) twinned with e4n
SPEED_PORTAL = "runners=Ec2,Sf1,Wa1,Na6;lines=P*b1e,P*e4n;turn=E"


def board(text: str) -> tuple[PlainBoard, object]:
    controller = kabetopo_controller(text)
    return PlainBoard(controller), controller


def badges(svg: str) -> list[tuple[str, str]]:
    """The option badges of a drawing, in document order: (target, mark)."""
    root = ET.fromstring(svg)
    out = []
    for el in root.iter():
        target = el.get("data-target", "")
        if target.startswith("act:"):
            out.append(target)
    return out


def test_the_exit_options_are_named_in_the_panel_in_the_badges_order_with_their_digits():
    b, c = board(TELEPORT_BUMP)
    b.click("act:teleport b5e")
    assert c.state.position.phase == "exit"
    panel = c.view().panel
    exits = [a for a in c.state.legal_actions if a.kind == Kind.EXIT]
    assert len(exits) == 2
    choices = [ch for ch in panel.choices if ch["target"].startswith("act:exit")]
    assert [ch["target"] for ch in choices] == [f"act:{a}" for a in exits]
    assert [ch["key"] for ch in choices] == ["1", "2"]
    for ch, a in zip(choices, exits, strict=True):
        assert ch["label"].startswith(f"{ch['key']} · Come out on "), ch
        assert line_name(a.line) in ch["label"]
    # the same actions are the board's badges
    assert set(badges(c.view().svg)) == {ch["target"] for ch in choices}
    assert panel.cursor == choices[0]["target"]


def test_the_bump_options_are_named_and_the_cursor_starts_on_the_first():
    b, c = board(TELEPORT_BUMP)
    b.click("act:teleport b5e")
    reply = b.click("act:exit c4s")
    assert reply["ok"], reply
    assert c.state.position.phase == "bump"
    panel = c.view().panel
    named = {ch["target"]: ch["label"] for ch in panel.choices}
    bumps = [a for a in c.state.legal_actions if a.kind in (Kind.BUMP, Kind.BUMP_THROUGH)]
    assert bumps and set(named) == {f"act:{a}" for a in bumps}
    for a in bumps:
        label = named[f"act:{a}"]
        if a.kind == Kind.BUMP:
            assert label.startswith("B · Put the bumped runner on "), label
        else:
            assert label.startswith("P · Push the bumped runner through the portal on "), label
    assert panel.cursor == f"act:{bumps[0]}"


def test_the_cursor_starts_on_the_runner_to_move():
    b, c = board(TELEPORT_BUMP)
    assert c.view().panel.cursor == "sq:b5"
    assert b.click("sq:b4")["ok"]
    assert c.view().panel.cursor == "sq:b4"  # the runner moved: the cursor goes with it
    assert b.press("end")["ok"]  # South to move
    assert c.view().panel.cursor == "sq:c4"


def test_a_click_on_the_portal_beside_the_runner_with_the_speed_token_pressed_goes_in():
    b, c = board(SPEED_PORTAL)
    assert b.click("sq:c1")["ok"]
    assert [str(a) for a in c.state.legal_actions] == ["speed step c2", "speed step d1", "speed teleport c1w", "end"]
    assert b.press("speed")["ok"] and c.use_speed
    reply = b.click("ln:b1e")  # c1's west side is the line b1e
    assert reply["ok"], reply
    assert [str(a) for a in c.state.history] == ["step c1", "speed teleport c1w"]
    assert c.state.position.phase == "exit"


def test_a_portal_only_the_speed_token_reaches_says_so_and_keeps_the_token_as_it_was():
    b, c = board(SPEED_PORTAL)
    b.click("sq:c1")
    before = c.state.position
    reply = b.click("ln:b1e")
    assert reply["ok"] is False and reply["refusal"]["rulings"] == ["K-TURN-3"]
    assert "speed token" in reply["refusal"]["reason"] and "b1e" in reply["refusal"]["reason"]
    assert c.state.position == before and c.use_speed is False
    # pressed, then a refusal elsewhere: the token stays pressed
    b.press("speed")
    assert b.click("sq:f6")["ok"] is False
    assert c.use_speed is True


def test_in_the_main_action_the_portal_beside_the_runner_is_offered_beside_the_drops():
    b, c = board("runners=Eb1,Sf1,Wa1,Na6;lines=P*b1e,P*e4n;turn=E")
    reply = b.click("ln:b1e")
    assert reply["ok"], reply
    labels = [ch["label"] for ch in c.view().panel.choices]
    assert labels[0] == "Teleport through b1e", labels
    b.click("act:teleport b1e")
    assert c.state.position.phase == "exit"


@pytest.mark.parametrize("kind", [Kind.TELEPORT, Kind.LEAP_PORTAL, Kind.EXIT, Kind.BUMP_THROUGH, Kind.LOCK, Kind.UNLOCK])
def test_a_line_is_called_by_its_own_name_never_by_a_side_of_one_of_its_squares(kind):
    for line in LINES:
        for side in sides_of_line(line):
            words = Action(kind, side).words
            assert line_name(line) in words, (kind, side_name(side), words)
            if side_name(side) != line_name(line):
                assert side_name(side) not in words, (kind, side_name(side), words)


def test_the_move_list_words_each_move_with_the_line_s_own_name():
    b, c = board("runners=Ec1,Sf1,Wa1,Na6;lines=P*b1e,P*e4n;turn=E")
    b.click("act:teleport c1w")
    moves = [m["text"] for m in c.view().panel.moves]
    assert moves == ["teleport through b1e"]
    assert [str(a) for a in c.state.history] == ["teleport c1w"]  # the notation stays


def test_the_engine_s_sentences_call_a_locked_line_by_its_own_name():
    from kabetopo_nb.kabetopo.game import KabetopoState

    # East on c1 beside the portal b1e (c1's west side): a lock may go on either side of it
    state = KabetopoState("runners=Ec1,Sf1,Wa1,Na6;lines=P*b1e,P*e4n;turn=E")
    locks = [a for a in state.legal_actions if a.kind == Kind.LOCK]
    assert locks
    for action in locks:
        verdict = state.engine.explain(state.position, action)
        assert verdict.legal
        assert line_name(action.line) in verdict.reason, verdict.reason
        if side_name(action.side) != line_name(action.line):
            assert side_name(action.side) not in verdict.reason, verdict.reason


def test_no_option_badge_covers_the_centre_of_a_square():
    """A click at a square's centre means the square (an exit onto it, a move to it): no
    badge of an exit choice with six exits, three on the Mountain, covers one."""
    from kabetopo_nb.kabetopo.geometry import NUM_SQUARES, square_name
    from kabetopo_nb.render.kabetopo_svg import BADGE_R, square_centre

    b, c = board("runners=Eb1,Sf1,Wa1,Na6;lines=P*b1e,P*c4n,P*c4e,P*b4e;turn=E")
    b.click("sq:b1")
    assert b.click("act:teleport b1e")["ok"]
    root = ET.fromstring(c.view().svg)
    centres = [(float(el.get("cx")), float(el.get("cy"))) for el in root.iter()
               if el.get("data-target", "").startswith("act:") and el.get("cx")]
    assert len(centres) >= 6
    for sq in range(NUM_SQUARES):
        x, y = square_centre(sq)
        for bx, by in centres:
            assert ((bx - x) ** 2 + (by - y) ** 2) ** 0.5 > BADGE_R + 1, f"a badge covers the centre of {square_name(sq)}"
