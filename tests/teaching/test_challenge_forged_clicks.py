"""Issue 23 item 10: a forged click on an end-squares challenge is refused, and a board whose
drawing fails still answers every message (the error in its panel, the last view kept)."""
from __future__ import annotations

from kabetopo_nb import ChallengeBoard
from kabetopo_nb.play.contract import View
from kabetopo_nb.play.session import PlainBoard


def _end_squares_board(tmp_path):
    board = ChallengeBoard(section="02", progress=tmp_path / "p.json")
    while board.controller.challenge.kind != "end-squares":
        assert board.press("next")["ok"]
    return board


def test_a_forged_square_is_refused_and_the_answer_stays(tmp_path):
    board = _end_squares_board(tmp_path)
    assert board.click("sq:f1")["ok"]
    for junk in ("sq:z9", "sq:<script>", "sq:a1a1", "sq:a7", "sq: "):
        reply = board._intent({"type": "intent", "id": 5, "kind": "click", "target": junk})
        assert reply["id"] == 5 and not reply["ok"] and "not a square" in reply["error"], (junk, reply)
        assert board.controller.chosen == {"f1"}
    assert "error" not in board._panel or "not a square" in board._panel["error"]
    # the board goes on answering: the square clicked again leaves the answer, and checking works
    assert board.click("sq:f1")["ok"] and board.controller.chosen == set()
    assert board.click("sq:e2")["ok"] and board.controller.chosen == {"e2"}
    checked = board.press("check")
    assert checked["type"] == "reply" and ("refusal" in checked or checked["ok"])
    assert "error" not in board._panel


class BrokenView:
    """A controller whose drawing fails after its second click (a bug of the board's own)."""

    runner = None

    def __init__(self, inner):
        self.inner, self.clicks = inner, 0

    @property
    def state(self):
        return self.inner.state

    def view(self) -> View:
        if self.clicks >= 2:
            raise KeyError("junk")
        return self.inner.view()

    def click(self, target):
        self.clicks += 1
        return self.inner.click(target)

    def button(self, button, value=None):
        return self.inner.button(button, value)

    def apply(self, action):
        return self.inner.apply(action)

    def position_text(self):
        return self.inner.position_text()

    def history_texts(self):
        return self.inner.history_texts()


def test_a_view_that_raises_becomes_an_error_and_every_message_is_answered():
    from kabetopo_nb.play.kabetopo import kabetopo_controller

    board = PlainBoard(BrokenView(kabetopo_controller(seed=1)))
    board.click("sq:a1")
    good = board.latest
    reply = board.click("sq:a2")  # the drawing fails now
    assert not reply["ok"] and "could not be drawn" in reply["error"] and "KeyError" in reply["error"]
    assert board.latest.panel["error"] == reply["error"]
    assert board.latest.svg == good.svg and board.latest.position == good.position  # the last drawing stays
    for n in range(3):  # and the next messages are answered too
        again = board.send({"type": "intent", "id": 10 + n, "kind": "button", "button": "undo"})
        assert again["id"] == 10 + n and not again["ok"]
