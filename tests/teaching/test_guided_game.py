"""The guided first game (issue 12): a scripted round where the learner plays East.

The script must play through under the engine, cover what the issue lists (a move, a wall,
a monolith with its bonus move, a teleport, the Mountain, a Tadaima), and every click must
be judged: the step's action is played, a legal other action is "Not quite" and an illegal
one gets the engine's verdict, both leaving the game exactly as it was.
"""
from __future__ import annotations

import re

import pytest

from kabetopo_nb.challenges.guided import GuidedGameError, Walk, _read, guided_game
from kabetopo_nb.kabetopo.actions import Kind
from kabetopo_nb.kabetopo.notation import format_position
from kabetopo_nb.reference import ruling

GAME = guided_game("first-game")


def walk_through(game=GAME):
    """(step, state before, state after the learner's action, walk) for every step."""
    walk = game.start()
    out = []
    for step in game.steps:
        before = walk.state.copy()
        action = before.engine.parse_action(step.expect[0])
        after = before.copy()
        after.apply(action)
        feedback = walk.play(step.expect[0])
        assert feedback.accepted, (step.say, feedback.message)
        out.append((step, before, after, action))
    assert walk.done
    return out, walk


def test_the_script_plays_through_and_the_learner_decides_every_step():
    walk = GAME.start()
    for step in GAME.steps:
        assert walk.state.position.turn == GAME.learner, step.say
        for text in step.expect:
            assert walk.state.explain(text).legal, (step.say, text, walk.state.explain(text))
        assert walk.play(step.expect[0]).accepted
    assert walk.done


def test_the_script_covers_move_wall_monolith_bonus_teleport_mountain_and_tadaima():
    played, walk = walk_through()
    kinds = [a.kind for _, _, _, a in played]
    assert Kind.STEP in kinds and Kind.WALL in kinds and Kind.MONOLITH in kinds and Kind.TELEPORT in kinds
    # the monolith earns a bonus move, and the next step takes it
    i = kinds.index(Kind.MONOLITH)
    after_monolith = played[i][2]
    assert "bonus move" in str(after_monolith.decision)
    assert played[i + 1][3].is_move and not played[i + 1][3].speed
    # the learner's runner reaches the Mountain and picks up a stone there
    mountains = GAME.state().position.rules.geometry.mountains
    on_top = [after for _, _, after, _ in played if after.position.runners[GAME.learner] in mountains]
    assert on_top and on_top[0].position.held[GAME.learner] == 1
    # and gets home: the last step is a Tadaima
    _, before, after, _ = played[-1]
    assert not before.position.is_finished(GAME.learner) and after.position.is_finished(GAME.learner)
    assert "Tadaima" in walk.told[-1] or any("Tadaima" in t for t in walk.told[-3:])


def test_a_legal_action_the_step_does_not_ask_for_is_not_quite_and_changes_nothing():
    walk = GAME.start()
    before = format_position(walk.state.position)
    feedback = walk.play("step e6")
    assert not feedback.accepted and feedback.heading == "Not quite"
    assert "e6" in feedback.message and GAME.steps[0].hint in feedback.message
    assert format_position(walk.state.position) == before and walk.index == 0


@pytest.mark.parametrize("text, ruling_id", [("step d4", "K-MOVE-1"), ("wall c4n", None), ("fly away", None)])
def test_an_illegal_or_malformed_action_is_refused_in_the_engines_words(text, ruling_id):
    walk = GAME.start()
    before = format_position(walk.state.position)
    feedback = walk.play(text)
    assert not feedback.accepted and feedback.heading == "Not allowed"
    if ruling_id:
        assert ruling_id in feedback.rulings
        assert feedback.message == walk.state.explain(text).reason
    assert format_position(walk.state.position) == before and walk.index == 0


def test_every_step_tells_the_engines_sentence_and_the_other_seats_replies():
    walk = GAME.start()
    walk.play("step f5")
    feedback = walk.play("end")
    assert feedback.message.startswith("East ends the turn.")
    for seat in ("South", "West", "North"):
        assert f"{seat} steps" in feedback.message


def test_every_ruling_quoted_by_the_script_is_in_the_rule_reference():
    ids = set()
    for step in GAME.steps:
        ids |= set(re.findall(r"\b[A-Z]+-[A-Z]+-\d+\b", step.why + step.say + step.hint))
    assert ids
    for rid in ids:
        assert ruling(rid).id == rid


def test_the_scripts_prose_uses_the_diamonds_directions():
    compass = re.compile(r"\b(north|south|east|west)\b")
    for step in GAME.steps:
        for text in (step.say, step.why, step.hint):
            assert not compass.search(text), text


@pytest.mark.parametrize("broken, words", [
    ({"step": [{"say": "x", "why": "y", "hint": "z", "expect": ["end"], "colour": "red"}]}, "unknown field"),
    ({"step": [{"say": "x", "why": "y", "expect": ["end"]}]}, "missing field"),
    ({"step": [{"say": 3, "why": "y", "hint": "z", "expect": ["end"]}]}, "expected text"),
    ({"learner": "Q"}, "learner must be one of"),
])
def test_a_broken_script_is_refused_with_a_reason(broken, words):
    import tomllib
    from importlib import resources

    data = tomllib.loads((resources.files("kabetopo_nb.challenges") / "guided" / "first-game.toml").read_text())
    data.update(broken)
    with pytest.raises(GuidedGameError, match=words):
        _read(data, "first-game.toml")


def test_an_unknown_guided_game_names_the_ones_there_are():
    with pytest.raises(GuidedGameError, match="first-game"):
        guided_game("second-game")


# --- on the board, by clicks -------------------------------------------------------------

def test_the_guided_game_is_played_to_its_end_by_clicks_on_the_board():
    from kabetopo_nb import GuidedGameBoard

    board = GuidedGameBoard()
    controller = board.controller
    for n, step in enumerate(GAME.steps):
        assert step.clicks, f"step {n + 1} does not say how it is clicked"
        assert f"step {n + 1} of {len(GAME.steps)}" in controller.view().panel.status
        for click in step.clicks:
            target = click.removeprefix("runner:")
            reply = controller.button(target.removeprefix("button:")) if target.startswith("button:") else controller.click(target)
            assert reply["ok"], (n, click, reply)
        assert controller.walk.index == n + 1, (n, controller.view().panel)
    panel = controller.view().panel.to_dict()
    assert "finished" in panel["status"] and "Tadaima" in panel["headline"]
    board.close()


def test_a_wrong_click_on_the_board_shows_why_and_the_step_stays():
    from kabetopo_nb import GuidedGameBoard

    board = GuidedGameBoard()
    c = board.controller
    c.click("sq:f6")
    reply = c.click("sq:e6")
    assert not reply["ok"]
    panel = c.view().panel.to_dict()
    assert panel["refusal"]["heading"] == "Not quite" and "K-MOVE-1" in panel["rulings_text"]
    assert c.walk.index == 0 and c.walk.state.position.runners[GAME.learner] == GAME.state().position.runners[GAME.learner]
    for forged in ("undo", "goto", "edit", "tool:wall", "pass"):
        assert not c.button(forged)["ok"]
    assert c.walk.index == 0 and c.walk.state.ply == GAME.state().ply
    assert c.button("hint")["message"] == f"Hint: {GAME.steps[0].hint}"
    assert c.button("show-me")["ok"] and c.walk.index == 1
    assert c.button("start-again")["ok"] and c.walk.index == 0
    board.close()


def test_a_fresh_walk_starts_from_the_seeded_round():
    assert format_position(Walk(GAME).state.position) == format_position(GAME.state().position)


def test_the_start_page_offers_the_guided_game_before_the_tour():
    from pathlib import Path

    import jupytext

    source = Path(__file__).resolve().parents[2] / "notebooks" / "src" / "00-start-here.py"
    cells = jupytext.read(source, fmt="py:percent").cells
    guided = next(i for i, c in enumerate(cells) if c.cell_type == "code" and "GuidedGameBoard()" in c.source)
    first_board = next(i for i, c in enumerate(cells) if c.cell_type == "code" and "KabetopoBoard(" in c.source
                       and "import" not in c.source)
    assert guided < first_board
    assert "Try it" in cells[guided - 1].source
