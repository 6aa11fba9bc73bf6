"""Every game the package plays, named in one place (the registry of games of boardgame.io
and OpenSpiel).

A game is its engine package (``kabetopo_nb.<name>``), in which every game has the same
module for the same role (``ROLES``), and what the other layers add to it: the renderer,
the board's controller and factory, the bots' evaluation and the golden playthroughs.  The
registry names them by dotted path and imports one only when it is asked for, so reading
the registry loads no widget, no renderer and no other game::

    >>> from kabetopo_nb.games import GAMES, game_of
    >>> [g.name for g in GAMES.values()]
    ['kabetopo', 'dakapo', 'kaomi']
    >>> GAMES["kaomi"].new_state().decision
    >>> game_of(state).render(state)            # the SVG of any game's state

Adding a game means one entry here and its package with every role; ``tests/contracts/test_games.py``
fails for a game that is only half registered.  Engines never import this module (nor
anything above them): it sits above the engines and below the layers that serve every game
(bots, lab, challenges, play).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for the annotations: reading the registry imports no engine part
    from .core.state import GameState

# The modules every game package has, each with the same job:
ROLES: dict[str, str] = {
    "actions": "the actions and their text notation (Action, parse_action)",
    "consistency": "what a simulation checks after every action (check_state)",
    "engine": "the decisions, the ledger of each decision, playing an allowed action",
    "explain": "the words of a verdict (describe, shape)",
    "game": "the state class and ENGINE, the rules engine in the shape core.state expects",
    "geometry": "squares and their names",
    "golden": "the golden playthroughs (golden_files)",
    "notation": "position text (parse_position, format_position)",
    "position": "the position record",
    "rules": "the rulesets and their options",
    "status": "where a game stands, in words (status_line, describe_position)",
}


@dataclass(frozen=True)
class Game:
    """One registered game: what each layer needs of it, by dotted name."""

    name: str  # the game's name: a state's game_name, a challenge's and a ruling's game
    title: str
    state_class: str  # in the package's game module
    board: str  # the board factory in kabetopo_nb (kabetopo_nb.KabetopoBoard, ...)
    controller: str  # "module:Class" of the board's controller
    evaluation: str  # class in kabetopo_nb.bots.evaluation
    new: str  # the state class's method for a new game ("new_round", "new_game", "")

    @property
    def package(self) -> str:
        return f"kabetopo_nb.{self.name}"

    @property
    def renderer(self) -> str:
        return f"kabetopo_nb.render.{self.name}_svg"

    def module(self, role: str) -> ModuleType:
        """The game's module for ``role`` (one of ``ROLES``)."""
        if role not in ROLES:
            raise KeyError(f"no role {role!r}; the roles are {', '.join(ROLES)}")
        return importlib.import_module(f"{self.package}.{role}")

    # --- the engine ----------------------------------------------------------------------
    @property
    def state(self) -> type[GameState]:
        """The game's state class (``KabetopoState``, ``DakapoState``, ``KaomiState``)."""
        return getattr(self.module("game"), self.state_class)

    @property
    def engine(self) -> Any:
        """The game's ``RulesEngine``."""
        return self.module("game").ENGINE

    def new_state(self, *args: Any, **kwargs: Any) -> Any:
        """A new game (a Kabetopo round: ``new_state("kabetopo-2p", seed=1)``)."""
        cls = self.state
        return getattr(cls, self.new)(*args, **kwargs) if self.new else cls(*args, **kwargs)

    def from_text(self, text: str) -> Any:
        """A state from position text (the game's notation)."""
        return self.state.from_text(text)

    def candidates(self, state: Any) -> list[Any]:
        """Every action the game's notation can write, legal in ``state`` or not."""
        return list(self.module("actions").every_candidate(state))

    def check_state(self, state: Any, action: Any) -> None:
        """The game's consistency checks after ``action`` (raises AssertionError)."""
        self.module("consistency").check_state(state, action)

    def golden_files(self) -> dict[str, str]:
        """The game's golden files: path under ``tests/data`` -> text, made afresh."""
        return self.module("golden").golden_files()

    # --- the layers above ----------------------------------------------------------------
    def render(self, state: Any, **options: Any) -> str:
        """The SVG of ``state``: its ``svg()``, the engine's one lazy hook into the game's
        renderer (``renderer``, whose ``board_svg`` takes the same options)."""
        return str(state.svg(**options))

    def renderer_module(self) -> ModuleType:
        return importlib.import_module(self.renderer)

    def controller_class(self) -> type:
        module, _, name = self.controller.partition(":")
        return getattr(importlib.import_module(module), name)

    def board_factory(self) -> Callable[..., Any]:
        return getattr(importlib.import_module("kabetopo_nb"), self.board)

    def evaluation_class(self) -> type:
        return getattr(importlib.import_module("kabetopo_nb.bots.evaluation"), self.evaluation)


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game("kabetopo", "Kabetopo", "KabetopoState", "KabetopoBoard", "kabetopo_nb.play.kabetopo:KabetopoController",
             "KabetopoEvaluation", "new_round"),
        Game("dakapo", "Dakapo", "DakapoState", "DakapoBoard", "kabetopo_nb.play.dakapo:DakapoController",
             "DakapoEvaluation", ""),
        Game("kaomi", "Kaomi", "KaomiState", "KaomiBoard", "kabetopo_nb.play.kaomi:KaomiController",
             "KaomiEvaluation", "new_game"),
    )
}


def game(name: str) -> Game:
    """The registered game called ``name``."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; the games are {', '.join(GAMES)}") from None


def game_of(state: Any) -> Game:
    """The registered game of a state (by its ``game_name``)."""
    return game(getattr(state, "game_name", ""))
