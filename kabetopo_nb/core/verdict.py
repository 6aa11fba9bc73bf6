"""Verdicts and the exceptions every game in the project raises.

A :class:`Verdict` answers "is this legal, and why (not)?": a boolean, the ruling IDs
from the rulings page that decide it, and one sentence in the project's own words.

Every error the package raises on purpose is a :class:`KabetopoNbError` (one ``except``
catches them all); each is also the built-in it refines (``ValueError``, and for a rules
option of the wrong type ``TypeError`` too), so code written against the built-ins keeps
working:

* ``NotationError``: text that is not well-formed notation, or a square, side, line,
  roll or anchor that names nothing on the board (a side on its rim names no line);
* ``IllegalActionError``: a well-formed action the rules refuse (with the verdict);
* ``InvalidPositionError``: a position the rules cannot reach, or one built from parts
  that do not fit together (a Kaomi board with the wrong number of squares);
* ``SaveFormatError``: a save file that cannot be loaded (with the field's path);
* ``HistoryError``: undo or redo with nothing to take back or do again;
* ``RulesOptionError``: an unknown ruleset, an option it does not have, a bad option
  value, players, a seat, a match length or a match's rounds it is not played with;
* ``ScoringError``: scoring a round that is not over; round results typed in that a
  scoring table cannot give, or that lack what a tiebreaker needs;
* ``SettingError``: a board, a bot, a study, a drawing, a game state or a look-up given a
  value it does not take (also a ``TypeError``);
* ``DataFileError``: a data file the package reads that is damaged (the rule reference,
  a golden file, the challenge progress file).

The other layers add their own under the same base: ``ScenarioError`` (rule examples),
``ChallengeError`` and ``GuidedGameError`` (teaching), ``BotFailure`` (the referee),
``StudyFileError`` (the balance lab).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """``legal``, the ``rulings`` that decide it and the ``reason`` in one sentence.

    A game may say more, each field optional (a verdict built from the first three alone
    reads as before): ``seat``, whose decision was judged ("South"), and ``decision``, which
    one ("main action", "extras", "exit choice", ...); printed, the verdict then starts
    "South, main action: ".  ``consequences``: what a legal action brings about that a
    referee is asked about (a stone taken, a Tadaima and its place, a bump and where the
    bumped runner may go), one sentence each, printed after the reason.
    """

    legal: bool
    rulings: tuple[str, ...]
    reason: str
    seat: str | None = None
    decision: str | None = None
    consequences: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.legal

    @property
    def judged(self) -> str:
        """Whose decision was judged, in words ("South, main action"), or "" if not said."""
        if self.seat is None:
            return ""
        return f"{self.seat}, {self.decision}" if self.decision else self.seat

    def __str__(self) -> str:
        ids = ", ".join(self.rulings)
        word = "legal" if self.legal else "illegal"
        text = f"{word} ({ids}): {self.reason}" if ids else f"{word}: {self.reason}"
        if self.consequences:
            text += " Then: " + " ".join(self.consequences)
        judged = self.judged
        return f"{judged}: {text}" if judged else text


class KabetopoNbError(Exception):
    """The base of every error kabetopo-nb raises on purpose."""


class NotationError(KabetopoNbError, ValueError):
    """Text that is not well-formed notation (a position or an action).  Badly written, not illegal.
    Also a square, side, line, d12 roll or badge anchor that names nothing on the board: a
    side on the board's rim, which is not a line (K-GEO-3), or a line number out of range."""


class IllegalActionError(KabetopoNbError, ValueError):
    """A well-formed action that the rules do not allow in this state.  The state is unchanged."""

    def __init__(self, action, verdict: Verdict, position_text: str = ""):
        self.action = action
        self.verdict = verdict
        self.position_text = position_text
        where = f" in {position_text}" if position_text else ""
        super().__init__(f"illegal action {str(action)!r}{where}: {verdict}")


class InvalidPositionError(KabetopoNbError, ValueError):
    """A position that parses but breaks the rules' invariants or piece counts."""

    def __init__(self, reasons: list[str], position_text: str = ""):
        self.reasons = list(reasons)
        self.position_text = position_text
        super().__init__("invalid position: " + "; ".join(self.reasons))

    @classmethod
    def because(cls, reason: str) -> InvalidPositionError:
        """A position built from parts that do not fit together (Kaomi's ``Position(cells=...)``,
        ``Position.from_stones``): the one reason is the whole message."""
        error = cls([reason])
        error.args = (reason,)
        return error


class SaveFormatError(KabetopoNbError, ValueError):
    """A save file that cannot be loaded: not JSON, wrong version, a missing or bad field."""

    def __init__(self, path: str, message: str):
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


class HistoryError(KabetopoNbError, ValueError):
    """Undo with no history, or redo with nothing undone."""


class RulesOptionError(KabetopoNbError, ValueError, TypeError):
    """An unknown ruleset, an option the ruleset does not have or a value of the wrong kind,
    or players, a seat, a match length or a match's rounds the ruleset is not played with.
    Nothing was made."""


class SettingError(KabetopoNbError, ValueError, TypeError):
    """A board, a bot, a study or a drawing set up with a value it does not take (an unknown
    bot or a budget out of range, a study's rounds or seats, a theme, a board's source or
    pause, an arrow's kind), a game state given something that is not a position, or a
    look-up given a value it does not take (an unknown game, a study a metric cannot read,
    a placement explained on an occupied square).  Nothing was made."""


class ScoringError(KabetopoNbError, ValueError):
    """A round scored before it is over (K-SIM-1: a cut-off round is never silently scored);
    or round results typed in by hand that the ruleset's scoring cannot give, or that lack
    what the tiebreaker reached needs (never a silent draw)."""


class BotFailure(KabetopoNbError):
    """A bot raised, answered an illegal action, or overran its time; names the seat and why."""

    def __init__(self, seat: str, bot: str, reason: str):
        self.seat, self.bot, self.reason = seat, bot, reason
        super().__init__(f"{seat}'s bot ({bot}) {reason}")


class StudyFileError(KabetopoNbError, ValueError):
    """A study file that is not one, is damaged, or does not match its description."""


class ScenarioError(KabetopoNbError, ValueError):
    """A badly written scenario file."""


class ChallengeError(KabetopoNbError, ValueError):
    """A challenge file that cannot be read: bad TOML, a missing or malformed field."""


class GuidedGameError(KabetopoNbError, ValueError):
    """A guided-game script that cannot be read or does not play through."""


class DataFileError(KabetopoNbError, ValueError):
    """A data file the package reads that is damaged: the rule reference (``rulings.toml``),
    a golden file (``read_perft``), a learner's challenge progress file."""
