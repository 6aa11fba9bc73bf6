"""kabetopo-nb: learn, play and explore the rules of Kabetopo (and Dakapo, Kaomi) in Jupyter.

The board factories below import the widget only when called, so ``import kabetopo_nb``
(and every engine under it) works without Jupyter's widget machinery loaded.
"""
from .core.verdict import (
    BotFailure,
    ChallengeError,
    DataFileError,
    GuidedGameError,
    HistoryError,
    IllegalActionError,
    InvalidPositionError,
    KabetopoNbError,
    NotationError,
    RulesOptionError,
    SaveFormatError,
    ScenarioError,
    ScoringError,
    SettingError,
    StudyFileError,
)

__version__ = "0.1.0"

__all__ = [
    # the boards
    "ChallengeBoard", "DakapoBoard", "GuidedGameBoard", "KabetopoBoard", "KaomiBoard", "MatchBoard",
    # the errors: every one is a KabetopoNbError (core/verdict.py says which is raised when)
    "BotFailure", "ChallengeError", "DataFileError", "GuidedGameError", "HistoryError", "IllegalActionError",
    "InvalidPositionError", "KabetopoNbError", "NotationError", "RulesOptionError", "SaveFormatError",
    "ScenarioError", "ScoringError", "SettingError", "StudyFileError",
]


def KabetopoBoard(*args, **kwargs):
    """An interactive Kabetopo board widget (see ``kabetopo_nb.boards.kabetopo_board``)."""
    from .boards import kabetopo_board

    return kabetopo_board(*args, **kwargs)


def DakapoBoard(*args, **kwargs):
    """An interactive Dakapo board widget: ``DakapoBoard()``, ``DakapoBoard(tabletop=True)``,
    ``DakapoBoard("<position text>")`` (see ``kabetopo_nb.boards.dakapo_board``)."""
    from .boards import dakapo_board

    return dakapo_board(*args, **kwargs)


def KaomiBoard(*args, **kwargs):
    """An interactive Kaomi board widget: ``KaomiBoard()``, ``KaomiBoard(size=9)``,
    ``KaomiBoard(squared=True, komi=4)`` (see ``kabetopo_nb.boards.kaomi_board``)."""
    from .boards import kaomi_board

    return kaomi_board(*args, **kwargs)


def _deprecated(old: str, new):
    def alias(*args, **kwargs):
        import warnings

        warnings.warn(f"kabetopo_nb.{old} is now kabetopo_nb.{new.__name__}; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return new(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old
    alias.__doc__ = f"Deprecated: use ``{new.__name__}`` (every board factory has a CamelCase name)."
    return alias


dakapo_board = _deprecated("dakapo_board", DakapoBoard)
kaomi_board = _deprecated("kaomi_board", KaomiBoard)


def MatchBoard(*args, **kwargs):
    """One board for a whole Kabetopo match: players' names, the scoresheet, announcements,
    bots in empty seats and an autosave file (see ``kabetopo_nb.boards``)::

        board = MatchBoard("kabetopo-4p", ["Aiko", "Ben", "Chidi", "Dana"], seed=2024,
                           bots={"Dana": "greedy"}, autosave="workshop-match.json")
    """
    from .boards import match_board

    return match_board(*args, **kwargs)


def ChallengeBoard(section: str, progress=None, **kwargs):
    """The challenges of one notebook section on a board, one goal at a time, with a hint,
    "show me" and progress remembered per learner (see ``kabetopo_nb.play.challenge_board``)::

        ChallengeBoard(section="03")                      # or "03-walls-and-the-path-rule"
        ChallengeBoard(section="03", progress="my-progress.json")
    """
    from .boards import challenge_board

    return challenge_board(section, progress, **kwargs)


def GuidedGameBoard(name: str = "first-game", **kwargs):
    """A guided first game: a short scripted round in which you play East and each step
    says what to try and why; the board checks every click (see
    ``kabetopo_nb.play.guided_board``)::

        GuidedGameBoard()
    """
    from .boards import guided_game_board

    return guided_game_board(name, **kwargs)
