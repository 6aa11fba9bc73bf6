"""The challenge board and the progress file, driven from Python like the front end drives them.

``board.click(target)`` / ``board.press(button)`` send the intents a click sends; the tests
read the synced panel the front end draws from.  Every progress file lives in ``tmp_path``;
``KABETOPO_NB_PROGRESS`` points the default there too, so no test writes to the real home.
"""
from __future__ import annotations

import json
import re

import pytest

from kabetopo_nb import ChallengeBoard
from kabetopo_nb.challenges import challenges
from kabetopo_nb.challenges.progress import ENV_VAR, Progress, default_path, progress_by_section, progress_table


@pytest.fixture(autouse=True)
def progress_home(tmp_path, monkeypatch):
    """The default progress file, inside the test's own folder."""
    path = tmp_path / "home" / "progress.json"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def panel(board) -> dict:
    return board._panel


def buttons(board) -> dict[str, dict]:
    return {b["id"]: b for g in panel(board)["groups"] for b in g["buttons"]}


def solved_ids(path) -> list[str]:
    return json.loads(path.read_text(encoding="utf-8"))["solved"]


def goto(board, challenge_id: str) -> None:
    while board.controller.challenge.id != challenge_id:
        assert board.press("next")["ok"], f"{challenge_id} not found"


# --- playing on the board ----------------------------------------------------------------


def test_the_headline_is_the_title_the_message_the_goal_and_the_board_its_position(tmp_path):
    board = ChallengeBoard(section="03", progress=tmp_path / "p.json")
    first = challenges(section="03-walls-and-the-path-rule")[0]
    assert panel(board)["headline"] == first.title  # large type: a few words (issue 24)
    assert panel(board)["message"] == f"Goal: {first.goal}"  # plain type: the goal in full
    assert board.controller.attempt.state.position == first.state().position
    assert panel(board)["status"] == "Challenge 1 of 3 · 0 solved"
    assert ChallengeBoard(section="03-walls-and-the-path-rule", progress=tmp_path / "p.json")._panel["headline"] == panel(board)["headline"]


def test_solving_a_reach_challenge_by_clicks_is_remembered(tmp_path):
    path = tmp_path / "p.json"
    board = ChallengeBoard(section="02", progress=path)
    goto(board, "move-shared-corner")
    board.click("sq:e1")  # select the runner, as on the game's own board
    reply = board.click("sq:f1")
    assert reply["ok"], reply
    assert panel(board)["message"].startswith("Solved!")
    assert panel(board)["refusal"] is None
    assert board.history == ["step f1"]
    assert solved_ids(path) == ["move-shared-corner"]
    assert panel(board)["status"] == "Challenge 3 of 3 · 1 solved · this one solved"


def test_a_wrong_click_is_refused_with_the_engines_ruling_and_changes_nothing(tmp_path):
    board = ChallengeBoard(section="02", progress=tmp_path / "p.json")
    goto(board, "move-shared-corner")
    before = board.position
    reply = board.click("sq:f2")  # not a neighbour of e1
    assert reply["ok"] is False
    refusal = panel(board)["refusal"]
    verdict = board.controller.attempt.state.explain("step f2")  # the engine's own verdict
    assert not verdict.legal and refusal["rulings"] == list(verdict.rulings)
    assert set(verdict.rulings) <= set(panel(board)["rulings_text"])  # the ruling IDs open their entries
    assert refusal.get("heading", "Not allowed") == "Not allowed"  # the front end's default heading
    assert board.position == before and board.history == []
    assert board.controller.attempt.played == []


def test_a_legal_move_the_challenge_does_not_ask_for_is_refused_by_its_checker(tmp_path):
    board = ChallengeBoard(section="03", progress=tmp_path / "p.json")  # walls-block-south: a drop
    before = board.position
    reply = board.click("sq:e6")
    assert reply["ok"] is False
    assert "asks for a drop" in panel(board)["refusal"]["reason"]
    assert panel(board)["refusal"]["heading"] == "Not quite"  # legal, but not what the goal asks
    assert board.position == before and board.history == []
    assert not (tmp_path / "p.json").exists()


def test_a_drop_chosen_on_a_line_solves_a_slow_down_challenge(tmp_path):
    board = ChallengeBoard(section="03", progress=tmp_path / "p.json")
    board.click("ln:c3n")
    assert {"target": "act:wall c3n", "label": "Drop a wall on c3n"} in panel(board)["choices"]
    board.click("act:wall c3n")
    assert panel(board)["message"].startswith("Solved!")
    assert solved_ids(tmp_path / "p.json") == ["walls-block-south"]


def test_a_drop_that_is_not_enough_is_explained(tmp_path):
    board = ChallengeBoard(section="03", progress=tmp_path / "p.json")
    board.click("ln:a1n")
    board.click("act:wall a1n")
    assert "Not enough" in panel(board)["refusal"]["reason"]
    assert "Try again" in panel(board)["refusal"]["reason"]
    assert not (tmp_path / "p.json").exists()
    board.press("try-again")
    assert board.history == [] and panel(board)["refusal"] is None


# --- answering ------------------------------------------------------------------------------


def test_which_legal_is_answered_with_toggle_buttons(tmp_path):
    path = tmp_path / "p.json"
    board = ChallengeBoard(section="03", progress=path)
    board.press("next")
    assert board.controller.challenge.id == "walls-which-steps"
    assert {"choice:step d3", "choice:step c2", "check"} <= set(buttons(board))
    board.press("choice:step c2")
    board.press("choice:step d3")
    assert buttons(board)["choice:step c2"]["pressed"] is True
    reply = board.press("check")
    assert reply["ok"] is False
    assert "K-MOVE-1" in panel(board)["refusal"]["rulings"] and "K-MOVE-1" in panel(board)["rulings_text"]
    assert "step d3" in panel(board)["refusal"]["reason"]
    board.press("choice:step d3")  # take it back out
    board.press("choice:step d1")
    assert board.press("check")["ok"]
    assert panel(board)["message"].startswith("Solved!")
    assert solved_ids(path) == ["walls-which-steps"]


def test_end_squares_are_toggled_on_the_board_then_checked(tmp_path):
    path = tmp_path / "p.json"
    board = ChallengeBoard(section="02", progress=path)
    assert board.controller.challenge.id == "move-four-neighbours"
    for sq in ("d1", "d3", "e2", "b5"):
        board.click(f"sq:{sq}")
    board.click("sq:b5")  # a second click takes it out again
    assert sorted(re.findall(r'id="[^"]*-hl-(\w+)"', board._svg)) == ["d1", "d3", "e2"]  # the answer, lit
    assert board.press("check")["ok"] is False
    assert "missing" in panel(board)["refusal"]["reason"]
    board.click("sq:c2")
    assert board.press("check")["ok"]
    assert panel(board)["message"].startswith("Solved!")
    assert solved_ids(path) == ["move-four-neighbours"]


def test_score_is_answered_with_steppers(tmp_path):
    board = ChallengeBoard(section="12", progress=tmp_path / "p.json")
    goto(board, "round-score-four")
    truth = board.controller.challenge.solve()
    for seat, points in truth.items():
        for _ in range(points):
            board.press(f"points:{seat}:+")
    board.press(f"points:{next(iter(truth))}:+")
    assert board.press("check")["ok"] is False
    assert "too high" in panel(board)["refusal"]["reason"]
    board.press(f"points:{next(iter(truth))}:-")
    assert board.press("check")["ok"]
    assert panel(board)["message"].startswith("Solved!")


# --- hint, show me, try again, previous and next ---------------------------------------------


def test_hint_shows_the_challenges_hint(tmp_path):
    board = ChallengeBoard(section="03", progress=tmp_path / "p.json")
    board.press("hint")
    assert panel(board)["message"].startswith(f"Hint: {board.controller.challenge.hint}")
    assert buttons(board)["hint"]["pressed"] is True


def test_show_me_plays_the_solution_and_counts_as_shown_not_solved(tmp_path):
    path = tmp_path / "p.json"
    board = ChallengeBoard(section="03", progress=path)
    board.press("show-me")
    assert board.history == ["wall c3n"]
    assert "shown, not solved" in panel(board)["message"]
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["solved"] == [] and record["shown"] == ["walls-block-south"]
    assert panel(board)["status"] == "Challenge 1 of 3 · 0 solved"
    board.press("try-again")
    assert board.history == []
    board.click("ln:c3n")
    board.click("act:wall c3n")  # done by the learner this time
    assert solved_ids(path) == ["walls-block-south"]


def test_show_me_fills_in_an_answer_without_solving_it(tmp_path):
    board = ChallengeBoard(section="03", progress=tmp_path / "p.json")
    board.press("next")
    board.press("show-me")
    assert {b for b, spec in buttons(board).items() if spec.get("pressed") and b.startswith("choice:")} == {
        "choice:step c2", "choice:step d1"}
    board.press("check")
    assert Progress(tmp_path / "p.json").solved == set()


def test_previous_and_next_move_through_the_section(tmp_path):
    board = ChallengeBoard(section="03", progress=tmp_path / "p.json")
    assert buttons(board)["previous"]["enabled"] is False
    ids = [board.controller.challenge.id]
    while buttons(board)["next"]["enabled"]:
        board.press("next")
        ids.append(board.controller.challenge.id)
    assert ids == [c.id for c in challenges(section="03")]
    assert board.press("next")["ok"] is False
    board.press("previous")
    assert board.controller.challenge.id == ids[-2]
    assert panel(board)["status"].startswith(f"Challenge {len(ids) - 1} of {len(ids)}")


def test_undo_and_edit_are_not_offered_in_a_challenge(tmp_path):
    board = ChallengeBoard(section="02", progress=tmp_path / "p.json")
    goto(board, "move-shared-corner")
    assert not {"undo", "redo", "edit"} & set(buttons(board))
    assert board.press("edit")["ok"] is False
    assert board.controller.inner.editor is None


# --- progress ----------------------------------------------------------------------------------


def test_progress_survives_a_new_board(tmp_path):
    path = tmp_path / "p.json"
    board = ChallengeBoard(section="03", progress=path)
    board.click("ln:c3n")
    board.click("act:wall c3n")
    again = ChallengeBoard(section="03", progress=path)
    assert again._panel["status"] == "Challenge 2 of 3 · 1 solved"  # opens on the first unsolved one
    again.press("previous")
    assert again._panel["status"] == "Challenge 1 of 3 · 1 solved · this one solved"
    assert progress_by_section(path)["03-walls-and-the-path-rule"] == (1, 3)


def test_the_default_file_follows_the_environment_variable(progress_home):
    assert default_path() == progress_home
    board = ChallengeBoard(section="03")
    board.click("ln:c3n")
    board.click("act:wall c3n")
    assert solved_ids(progress_home) == ["walls-block-south"]


def test_a_damaged_progress_file_is_refused_and_set_aside(tmp_path):
    path = tmp_path / "p.json"
    path.write_text("{not json", encoding="utf-8")
    board = ChallengeBoard(section="03", progress=path)
    problem = " ".join(panel(board)["announcements"])
    assert "could not be read" in problem and "p.json.damaged-1" in problem
    assert (tmp_path / "p.json.damaged-1").read_text(encoding="utf-8") == "{not json"
    assert panel(board)["status"] == "Challenge 1 of 3 · 0 solved"
    board.click("ln:c3n")
    board.click("act:wall c3n")
    assert solved_ids(path) == ["walls-block-south"]


def test_a_progress_file_of_the_wrong_shape_is_set_aside(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"solved": "walls-block-south"}', encoding="utf-8")
    record = Progress(path)
    assert record.solved == set() and "not a list" in record.problem
    # the original is kept aside; the file holds what could be kept (nothing, here)
    assert (tmp_path / "p.json.damaged-1").read_text(encoding="utf-8") == '{"solved": "walls-block-south"}'
    assert solved_ids(path) == []


def test_an_unwritable_progress_file_never_breaks_the_board(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    board = ChallengeBoard(section="03", progress=blocker / "p.json")  # its folder is a file
    board.click("ln:c3n")
    reply = board.click("act:wall c3n")
    assert reply["ok"] and panel(board)["message"].startswith("Solved!")
    assert "could not save progress" in " ".join(panel(board)["announcements"])


def test_saving_is_atomic_and_leaves_no_temporary_file(tmp_path):
    record = Progress(tmp_path / "p.json")
    record.mark_solved("walls-block-south")
    record.mark_solved("move-edge")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json", "p.json.lock"]  # the lock stays: see progress.py
    assert Progress(tmp_path / "p.json").solved == {"walls-block-south", "move-edge"}


def test_progress_table_lists_every_section(tmp_path):
    record = Progress(tmp_path / "p.json")
    record.mark_solved("walls-block-south")
    table = progress_table(tmp_path / "p.json")
    sections = {c.section for c in challenges()}
    assert set(table.rows) == sections
    line = next(row for row in str(table).splitlines() if row.startswith("03-walls-and-the-path-rule"))
    assert line.split()[1:] == ["1", "of", "3"]
    html = table._repr_html_()
    assert "<td>03-walls-and-the-path-rule</td><td>1 of 3</td>" in html
    assert f"1 of {len(challenges())}" in html


def test_a_dakapo_challenge_is_played_with_dakapos_own_clicks(tmp_path):
    board = ChallengeBoard(section="20", progress=tmp_path / "p.json")
    goto(board, "dakapo-win")
    assert board.click("col:green")["ok"]  # pick the colour, as on the Dakapo board
    board.click("sq:d6")  # legal, but not the winning placement: the turn is over
    assert board.history == ["green d6"]
    assert "Try again" in panel(board)["refusal"]["reason"]
    board.press("try-again")
    board.click("col:green")
    board.click("sq:d4")
    assert board.history == ["green d4"]
    assert panel(board)["message"].startswith("Solved!")
    assert Progress(tmp_path / "p.json").solved == {"dakapo-win"}


@pytest.mark.parametrize("section", sorted({c.section for c in challenges()}))
def test_show_me_works_on_the_board_for_every_challenge(section, tmp_path):
    """Each challenge's stated solution, shown on the board, meets the goal (checked by the
    engine through the attempt), and never counts as solved."""
    board = ChallengeBoard(section=section, progress=tmp_path / "p.json")
    while True:
        ch = board.controller.challenge
        assert board.press("show-me")["ok"], ch.id
        if ch.answers:
            assert board.press("check")["ok"], (ch.id, panel(board)["refusal"])
        else:
            assert board.controller.attempt.solved, (ch.id, panel(board)["message"])
        assert "shown, not solved" in panel(board)["message"]
        if not buttons(board)["next"]["enabled"]:
            break
        board.press("next")
    assert Progress(tmp_path / "p.json").solved == set()
