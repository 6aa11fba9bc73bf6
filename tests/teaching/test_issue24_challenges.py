"""Issue 24 (items 2, 3, 4, 12 and part of 15): what the challenge and guided-game boards
draw and say.

* nothing of a previous challenge or attempt is drawn on the next one: no last move, no
  selection, no refusal, no "why not here?" list;
* an end-squares board names its squares, as its answer and feedback do, and a click on
  the runner's own square says what it means (it can be a right answer: a turn may end
  where it began);
* "Not allowed" heads only the engine's refusal; a legal try that misses the goal, and a
  wrong answer, are "Not quite", and the guided game's "Not quite" lists no verdicts of
  actions the learner did not try;
* neither board has a history to travel through, so neither sends a move list or a slider
  (every other board still does);
* the headline (large type) is a few words; the long text (goal, step) is the message.
"""
from __future__ import annotations

import re

import pytest

from kabetopo_nb.challenges import challenge, challenges
from kabetopo_nb.challenges.guided import guided_game
from kabetopo_nb.challenges.progress import Progress
from kabetopo_nb.kabetopo.geometry import square_name
from kabetopo_nb.play.challenge_board import ChallengeController, challenge_controller
from kabetopo_nb.play.guided_board import guided_controller
from kabetopo_nb.play.kabetopo import kabetopo_controller
from kabetopo_nb.play.session import PlainBoard

GAME = guided_game("first-game")
SHORT = 80  # characters: a headline in large type stays on a line or two of a narrow panel


def challenge_board(tmp_path, section: str, challenge_id: str | None = None) -> PlainBoard:
    board = PlainBoard(challenge_controller(section, Progress(tmp_path / "progress.json")))
    while challenge_id is not None and board.controller.challenge.id != challenge_id:
        assert board.press("next")["ok"], f"{challenge_id} not in section {section}"
    return board


def fresh_view(tmp_path, challenge_id: str):
    """The drawing and panel of a challenge opened afresh on a board of its own."""
    ch = challenge(challenge_id)
    controller = ChallengeController([ch], Progress(tmp_path / "fresh.json"))
    return PlainBoard(controller).latest


def drawn_marks(svg: str) -> dict[str, int]:
    """What a drawing shows beyond the position: the last move, a selection, lit squares and lines."""
    return {"path": svg.count("kb-path"), "selected": svg.count("kb-selected"),
            "lit": len(re.findall(r"kb-hl-(?:move|leap|speed|select|drop)", svg)), "options": svg.count("kb-option")}


# --- item 2: nothing from before is drawn on the next challenge or attempt --------------------


@pytest.mark.parametrize("section, first, then", [
    ("02", "move-shared-corner", "previous"),   # a move played and solved, then another challenge
    ("05", "portal-jump-across", "next"),       # a teleport played, then the next challenge
    ("03", "walls-block-south", "next"),        # a drop played, then a question
])
def test_the_next_challenge_or_attempt_shows_nothing_of_the_last(tmp_path, section, first, then):
    board = challenge_board(tmp_path, section, first)
    assert board.press("show-me")["ok"]
    assert board.controller.attempt.played  # something was played and drawn
    board.press(then)
    now = board.controller.challenge.id
    assert board.latest.svg == fresh_view(tmp_path, now).svg
    assert drawn_marks(board.latest.svg)["path"] == 0 and drawn_marks(board.latest.svg)["selected"] == 0
    # back to the played challenge: a new attempt, drawn as it starts
    board.press("next" if then == "previous" else "previous")
    assert board.latest.svg == fresh_view(tmp_path, first).svg
    # a selection and a refusal, then Try again: neither is drawn or said any more
    board.click("sq:" + _runner_of(board))
    board.click("sq:a6")
    assert board.press("try-again")["ok"]
    assert board.latest.svg == fresh_view(tmp_path, first).svg
    assert board.latest.panel["refusal"] is None and "options_at" in board.latest.panel
    assert board.latest.panel["options_at"] == []


def _runner_of(board: PlainBoard) -> str:
    """The square of the runner the challenge is about (the one to play, in these)."""
    pos = board.controller.state.position
    return square_name(pos.runners[pos.turn])


# --- item 3: end-squares boards name their squares; the runner's own square -----------------


END_SQUARES = [c for c in challenges() if c.kind == "end-squares"]


@pytest.mark.parametrize("ch", END_SQUARES, ids=lambda c: c.id)
def test_an_end_squares_board_names_every_square(tmp_path, ch):
    svg = fresh_view(tmp_path, ch.id).svg
    names = set(re.findall(r'class="kb-coord"[^>]*>([a-f][1-6])<', svg))
    assert len(names) == 36, "the board must name its squares: the answer and the feedback use the names"


def test_clicking_the_runners_own_square_counts_it_and_says_so(tmp_path):
    # a turn can end where it began, and here one does: the checker counts the runner's own
    # square, so the board must let the learner choose it, and say plainly what the click did
    board = challenge_board(tmp_path, "04", "monolith-end-squares")
    own = _runner_of(board)
    assert own in board.controller.challenge.solve()
    reply = board.click(f"sq:{own}")
    assert reply["ok"] and own in board.controller.chosen
    message = board.latest.panel["message"]
    assert "where the runner stands now" in message and "in your answer" in message
    assert board.click(f"sq:{own}")["ok"] and own not in board.controller.chosen
    assert "out of your answer" in board.latest.panel["message"]
    for sq in board.controller.challenge.solve():
        board.click(f"sq:{sq}")
    assert board.press("check")["ok"] and board.latest.panel["message"].startswith("Solved!")


def test_where_the_own_square_is_no_answer_counting_it_is_explained(tmp_path):
    board = challenge_board(tmp_path, "02", "move-four-neighbours")
    own = _runner_of(board)
    assert own not in board.controller.challenge.solve()
    board.click(f"sq:{own}")
    for sq in board.controller.challenge.solve():
        board.click(f"sq:{sq}")
    reply = board.press("check")
    assert not reply["ok"] and f"{own} cannot end this turn" in reply["refusal"]["reason"]


# --- item 4: the headings say what happened ----------------------------------------------------


def test_a_wrong_answer_is_not_quite_even_when_it_quotes_the_engines_rulings(tmp_path):
    board = challenge_board(tmp_path, "03", "walls-which-steps")
    choices = board.controller._choices()
    board.press(f"choice:{choices[0]}")
    reply = board.press("check")
    refusal = reply["refusal"]
    assert refusal["rulings"] and refusal["reason"].startswith("Not quite")
    assert refusal["heading"] == "Not quite"
    assert board.latest.panel["refusal"]["heading"] == "Not quite"


def test_a_wrong_list_of_squares_is_not_quite(tmp_path):
    board = challenge_board(tmp_path, "02", "move-four-neighbours")
    board.click("sq:d4")  # no move ends there: the feedback quotes the engine's verdict (a leapfrog's)
    reply = board.press("check")
    assert reply["refusal"]["rulings"] and reply["refusal"]["heading"] == "Not quite"


def test_only_the_engines_refusal_is_not_allowed(tmp_path):
    board = challenge_board(tmp_path, "02", "move-shared-corner")
    reply = board.apply("step f2")  # not a neighbour of e1: the rules forbid it
    assert reply["refusal"]["heading"] == "Not allowed" and reply["refusal"]["rulings"]
    board = challenge_board(tmp_path, "03", "walls-block-south")
    board.click("ln:a1n")
    reply = board.click("act:wall a1n")  # legal, but not enough for the goal
    assert reply["refusal"]["heading"] == "Not quite"


def test_a_challenges_not_quite_lists_no_verdicts_of_other_actions(tmp_path):
    board = challenge_board(tmp_path, "03", "walls-block-south")
    assert board.click("ln:d5n")["ok"]  # a line: its drops offered, its illegal options kept as "why not here?"
    board.click("sq:f6")  # the runner
    reply = board.click("sq:e6")  # a legal step, but the challenge asks for a drop
    assert reply["refusal"]["heading"] == "Not quite"
    assert board.latest.panel["options_at"] == []


def test_the_guided_games_not_quite_lists_only_what_the_learner_tried():
    board = PlainBoard(guided_controller())
    assert board.click("ln:e5n")["ok"]  # the line's drops are offered (the step asks for a move)
    offered = board.latest.panel["choices"][0]["target"]
    reply = board.click(offered)
    refusal = board.latest.panel["refusal"]
    assert not reply["ok"] and refusal["heading"] == "Not quite"
    assert board.latest.panel["options_at"] == []  # nothing about unlocks and doors never tried
    said = offered.removeprefix("act:").split()[1]
    assert said in refusal["reason"] and GAME.steps[0].hint in refusal["reason"]
    assert set(board.latest.panel["rulings_text"]) <= set(refusal["rulings"])


def test_the_guided_games_own_board_refusal_keeps_its_why_not_here():
    board = PlainBoard(guided_controller())
    reply = board.click("sq:d4")  # no move of East's reaches d4: the game board's own refusal
    assert not reply["ok"]
    panel = board.latest.panel
    assert panel["refusal"].get("heading", "Not allowed") == "Not allowed"


# --- item 15 (part): no history slider; nothing from before after a step ------------------------


def test_challenge_and_guided_panels_send_no_move_list_or_slider(tmp_path):
    for board in (challenge_board(tmp_path, "02"), challenge_board(tmp_path, "12"), PlainBoard(guided_controller())):
        panel = board.latest.panel
        assert "moves" not in panel and "total" not in panel, sorted(panel)
    # the game's own board keeps its move list and slider
    board = PlainBoard(kabetopo_controller(seed=3))
    assert "moves" in board.latest.panel and "total" in board.latest.panel


def test_after_an_accepted_guided_step_nothing_of_the_refused_click_stays():
    board = PlainBoard(guided_controller())
    board.click("sq:f6")  # the runner: selected, its moves lit
    board.click("sq:e6")  # legal but not the step: "Not quite"
    assert board.latest.panel["refusal"]["heading"] == "Not quite"
    assert board.click("sq:f5")["ok"]  # the step
    panel = board.latest.panel
    assert panel["refusal"] is None and panel.get("options_at", []) == []
    # drawn exactly as the game's own board, opened afresh on this position, draws it
    assert board.latest.svg == kabetopo_controller(board.controller.walk.state.copy()).view().svg
    assert drawn_marks(board.latest.svg)["selected"] == 0


# --- item 12: short headlines, the long text in plain type ---------------------------------------


def test_every_challenge_headline_is_short_and_its_goal_is_the_message(tmp_path):
    for section in sorted({c.section.split("-")[0] for c in challenges()}):
        board = challenge_board(tmp_path, section)
        for _ in board.controller.challenges:
            panel = board.latest.panel
            ch = board.controller.challenge
            assert len(panel["headline"]) < SHORT, panel["headline"]
            assert ch.goal in panel["message"]
            board.press("next")


def test_every_guided_step_headline_is_short_and_the_step_is_the_message():
    board = PlainBoard(guided_controller())
    for n, step in enumerate(GAME.steps):
        panel = board.latest.panel
        assert len(panel["headline"]) < SHORT, panel["headline"]
        assert panel["headline"] == step.title
        if n == 0:
            assert panel["message"] == f"{GAME.intro} {step.say}"
        else:  # the reply to the last step first, then this one
            assert panel["message"].endswith(f" Now: {step.say}")
        assert board.press("show-me")["ok"]
    panel = board.latest.panel
    assert len(panel["headline"]) < SHORT and GAME.finale in panel["message"]


def test_the_message_after_a_step_tells_what_happened_then_what_to_try():
    board = PlainBoard(guided_controller())
    board.click("sq:f6")
    board.click("sq:f5")
    message = board.latest.panel["message"]
    told, _, now = message.partition(" Now: ")
    assert told.startswith("East steps") and now == GAME.steps[1].say
