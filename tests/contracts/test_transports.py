"""The controller/transport seam (issue 22): every board kind is driven through a whole
scripted game by two transports, the anywidget board (``BoardWidget``, messages as the
front end sends them over the comm) and the plain Python transport (``PlainBoard``, no
widget, no loop), and after every message both must show exactly the same: the drawing,
its style, the panel, the position, the history and the reply.

Each script is a real game: the guided game by its steps' clicks, the challenges of a
section (answered and played), a whole match round with three bots, a Dakapo game and a
Kaomi game to their ends, with a wrong click, a forged message and undo along the way.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from kabetopo_nb.challenges import challenges
from kabetopo_nb.challenges.guided import guided_game
from kabetopo_nb.challenges.progress import Progress
from kabetopo_nb.dakapo.game import DakapoState
from kabetopo_nb.dakapo.rules import COLOURS
from kabetopo_nb.kaomi.game import KaomiState
from kabetopo_nb.kaomi.rules import KaomiRules
from kabetopo_nb.play.challenge_board import ChallengeController
from kabetopo_nb.play.contract import Controller, Panel, View
from kabetopo_nb.play.dakapo import DakapoController
from kabetopo_nb.play.guided_board import GuidedController
from kabetopo_nb.play.kaomi import KaomiController
from kabetopo_nb.play.match_opening import open_match
from kabetopo_nb.play.session import PlainBoard
from kabetopo_nb.widget import BoardWidget

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
Message = dict


def click(target: str) -> Message:
    return {"type": "intent", "id": 1, "kind": "click", "target": target}


def press(button: str, value=None) -> Message:
    msg = {"type": "intent", "id": 2, "kind": "button", "button": button}
    if value is not None:
        msg["value"] = value
    return msg


FORGED = [{"type": "intent", "id": 3, "kind": "click", "target": 42},
          {"type": "intent", "id": 4, "kind": "button", "button": "tool:wall"},
          {"type": "nonsense"}]


# --- the scripts: each reads the board it drives (the plain one) to choose its next message ---

def guided_script(board: PlainBoard) -> Iterator[Message]:
    yield click("sq:a1")  # a wrong click: refused, the step stays
    yield from FORGED
    for step in guided_game("first-game").steps:
        for c in step.clicks:
            target = c.removeprefix("runner:")
            yield press(target.removeprefix("button:")) if target.startswith("button:") else click(target)
    yield press("start-again")
    yield press("hint")
    yield press("show-me")


def challenge_script(board: PlainBoard) -> Iterator[Message]:
    controller = board.controller
    assert isinstance(controller, ChallengeController)
    yield from FORGED
    for n, ch in enumerate(controller.challenges):
        if ch.answers:
            yield press("check")  # nothing chosen: not solved
            yield press("show-me")
            yield press("check")
        else:
            yield click("sq:a1")
            yield press("hint")
            for action in ch.show_me():
                yield click(f"act:{action}")
        if n < len(controller.challenges) - 1:
            yield press("next")
    yield press("previous")
    yield press("try-again")


def match_script(board: PlainBoard) -> Iterator[Message | str]:
    rng = random.Random(5)
    controller = board.controller
    yield from FORGED
    yield press("seat:Ben", "nobody")  # refused: not a bot
    undone = False
    while not controller.match.between_rounds():
        if controller.bot_due():
            yield "play-bots"
            continue
        legal = list(controller.state.legal_actions)
        if not undone and controller.state.ply > controller.first_ply() + 4:
            undone = True
            yield press("undo")
            continue
        yield click(f"act:{rng.choice(legal)}")
    yield press("next-round")


def dakapo_script(board: PlainBoard) -> Iterator[Message]:
    rng = random.Random(7)
    yield from FORGED
    yield click("sq:a1")  # no colour picked yet
    undone = False
    while not board.controller.state.is_terminal():
        legal = list(board.controller.state.legal_actions)
        action = rng.choice(legal)
        if action.kind == "place":
            yield click(f"col:{COLOURS[action.colour]}")
            yield click(f"sq:{action.square}")
        else:
            yield click(f"act:{action}")
        if not undone and board.controller.state.ply == 3:
            undone = True
            yield press("undo")
            yield press("redo")


def kaomi_script(board: PlainBoard) -> Iterator[Message]:
    rng = random.Random(11)
    yield from FORGED
    undone = False
    while not board.controller.state.is_terminal():
        action = rng.choice(list(board.controller.state.legal_actions))
        yield click(f"sq:{action}") if action.kind == "place" else click(f"act:{action}")
        if not undone and board.controller.state.ply == 4:
            undone = True
            yield press("undo")
            yield press("pushes")
            yield press("redo")


def _progress(tmp_path, name: str) -> Progress:
    return Progress(tmp_path / f"{name}.json")


KINDS: dict[str, tuple[Callable, Callable]] = {
    "guided game": (lambda tmp, name: GuidedController(guided_game("first-game")), guided_script),
    "challenges": (lambda tmp, name: ChallengeController(challenges(section="02"), _progress(tmp, name)),
                   challenge_script),
    "match round with bots": (lambda tmp, name: open_match("kabetopo-4p", PLAYERS, seed=3,
                                                             bots={"Ben": "greedy", "Cat": "random", "Dan": "greedy"}),
                              match_script),
    "dakapo": (lambda tmp, name: DakapoController(DakapoState(size=4)), dakapo_script),
    "kaomi": (lambda tmp, name: KaomiController(KaomiState(rules=KaomiRules(size=5))), kaomi_script),
}


def widget_shows(board: BoardWidget) -> tuple:
    return (board._svg, board._style, dict(board._panel), board.position, board.history)


def plain_shows(board: PlainBoard) -> tuple:
    s = board.latest
    return (s.svg, s.style, s.panel, s.position, board.history)


@pytest.mark.parametrize("kind", list(KINDS))
def test_both_transports_show_exactly_the_same_through_a_whole_game(kind, tmp_path):
    make, script = KINDS[kind]
    widget = BoardWidget(make(tmp_path, "widget"), bot_pause=0)
    plain = PlainBoard(make(tmp_path, "plain"))
    assert widget_shows(widget) == plain_shows(plain)
    steps = refused = 0
    for message in script(plain):
        if message == "play-bots":
            played = plain.play_bots()
            assert widget.session.play_bots() == played > 0
        else:
            plain_reply = plain.send(message)
            widget_reply = widget._intent(message)
            assert widget_reply == plain_reply, (kind, steps, message)
            assert widget.last_reply == plain.replies[-1] == plain_reply
            refused += not plain_reply["ok"]
        assert widget_shows(widget) == plain_shows(plain), (kind, steps, message)
        steps += 1
        assert steps < 5000, "the script does not end"
    assert steps > 10 and refused >= len(FORGED)  # a real game, with refusals on the way
    if kind in ("dakapo", "kaomi"):
        assert plain.controller.state.is_terminal()
    if kind == "guided game":
        assert plain.controller.walk.index == 1  # started again, then one step shown
    widget.close()


def test_every_board_kind_is_a_controller_of_the_one_shape(tmp_path):
    for kind, (make, _) in KINDS.items():
        controller = make(tmp_path, kind)
        assert isinstance(controller, Controller), kind
        view = controller.view()
        assert isinstance(view, View) and isinstance(view.panel, Panel), kind
        assert view.svg.startswith("<svg") and isinstance(view.panel.to_dict()["groups"], list)


def test_the_transports_hold_no_game_logic():
    """A transport forwards intents and shows views: no engine, rules or game module in it."""
    import ast
    from pathlib import Path

    import kabetopo_nb

    root = Path(kabetopo_nb.__file__).parent
    for rel in ("widget.py", "play/session.py"):
        tree = ast.parse((root / rel).read_text())
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        games = [m for m in imported if any(part in m.split(".") for part in ("kabetopo", "dakapo", "kaomi", "bots", "challenges"))]
        assert not games, (rel, games)
