"""The registry of games (``kabetopo_nb/games.py``): every game whole, none half registered.

A game package (a folder of ``kabetopo_nb`` with a ``game.py``) must be registered, and a
registered game must have every role: each module of ``ROLES`` with the names the other
layers use, a state class that names the game, its rules engine, the renderer, the board's
controller and factory, the bots' evaluation, golden files that exist, rulings in the rule
reference, and a place in the layers that serve every game (challenges, the lab).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import kabetopo_nb
from kabetopo_nb.games import GAMES, ROLES, game, game_of

PACKAGE = Path(kabetopo_nb.__file__).resolve().parent
DATA = Path(__file__).resolve().parents[1] / "data"
# what the other layers call in each role's module
NAMES = {
    "actions": ("Action", "parse_action", "every_candidate"),
    "consistency": ("check_state",),
    "engine": ("decision", "ledger", "play"),
    "explain": ("describe", "shape"),
    "game": ("ENGINE", "GAME_NAME"),
    "golden": ("golden_files", "PATTERNS"),
    "notation": ("parse_position", "format_position"),
    "position": ("Position",),
    "status": ("status_line", "describe_position"),
}


def test_every_game_package_is_registered():
    packages = {p.parent.name for p in PACKAGE.glob("*/game.py")}
    assert packages == set(GAMES), f"game packages {sorted(packages)}, registered {sorted(GAMES)}"


@pytest.mark.parametrize("name", list(GAMES))
def test_a_registered_game_has_every_role(name):
    g = GAMES[name]
    for role in ROLES:
        module = g.module(role)
        for attr in NAMES.get(role, ()):
            assert hasattr(module, attr), f"{name}: {role}.py has no {attr}"
    assert g.module("game").GAME_NAME == name and g.engine.name == name
    assert g.state.game_name == name
    assert hasattr(g.renderer_module(), "board_svg"), f"{name}: {g.renderer} has no board_svg"
    assert g.evaluation_class().game == name
    assert callable(g.board_factory()) and g.board in kabetopo_nb.__all__
    assert g.controller_class().__name__.endswith("Controller")


@pytest.mark.parametrize("name", list(GAMES))
def test_a_registered_game_plays_draws_and_checks_itself(name):
    g = GAMES[name]
    state = g.new_state()
    assert game_of(state) is g
    rng = random.Random(1)
    for _ in range(6):
        if state.is_terminal():
            break
        action = rng.choice(list(state.legal_actions))
        legal = set(map(str, state.legal_actions))
        assert legal <= set(map(str, g.candidates(state))), "every legal action is a candidate"
        state.apply(action)
        g.check_state(state, action)
    assert g.from_text(state.to_text()).to_text() == state.to_text()
    assert g.render(state).startswith("<svg")


@pytest.mark.parametrize("name", list(GAMES))
def test_a_registered_game_has_its_golden_files(name):
    files = GAMES[name].golden_files()
    assert files, f"{name} makes no golden files"
    for path, text in files.items():
        assert (DATA / path).read_text() == text, f"{path} is not up to date: run scripts/regenerate_golden.py"


def test_the_layers_that_serve_every_game_know_every_registered_game():
    from kabetopo_nb.challenges import challenges
    from kabetopo_nb.reference import GAMES as REFERENCE_GAMES
    from kabetopo_nb.reference import rulings

    assert set(REFERENCE_GAMES) == set(GAMES)
    assert {r.game for r in rulings()} == set(GAMES), "every game has rulings in the reference"
    assert {c.game for c in challenges()} == set(GAMES), "every game has challenges"


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(KeyError, match="the games are kabetopo, dakapo, kaomi"):
        game("chess")
    with pytest.raises(KeyError, match="no game ''"):
        game_of(object())
    with pytest.raises(KeyError, match="no role"):
        GAMES["kaomi"].module("widget")
