"""The boards: each board kind's controller (``kabetopo_nb.play``) on the anywidget
transport (``kabetopo_nb.widget.BoardWidget``).  ``kabetopo_nb.KabetopoBoard`` and the
other CamelCase factories call these; a room's server would put the same controllers on
its own transport.

The match board
---------------
A whole match on one board: the widget a workshop puts on the projector (issue 11).

``MatchBoard("kabetopo-4p", ["Aiko", "Ben", "Chidi", "Dana"], seed=2024)`` plays every
round of a ``Match`` on one widget.  The round itself is played by a ``KabetopoController``
(what a click means is the same as on the single board); ``MatchController`` wraps it and
adds what a match needs:

* the panel names the *players*: a large headline ("Ben (East) to play"), the round
  ("Round 2 of 4" in the status line), the scoresheet (``scoresheet_html``, updated after
  every action, with the round being played so far), and announcements of every scoring
  event, worded from ``score_round`` and the match (never from rules of its own);
* when a round is over the board waits on it, scored, with a *Next round* button that
  starts the next round: the board turns and each player takes the next runner
  (K-MATCH-1); the scoresheet stays.  At the end: the ranking and the step of the
  tiebreaker chain that decided each place (``Match.standings``);
* undo never takes back a round's setup rolls (they belong to the match's seeded d12,
  K-SETUP-3), nor reaches into the round before; editing a position is not offered (a
  match replays from its actions);
* computer players (``bots={"North": "greedy"}``, a seat name or a player name to a bot
  name of ``kabetopo_nb.bots.make_bot``: ``"random"``, ``"greedy"``, ``"mcts"``,
  ``"mcts-200"``, ``"mcts-2s"``, or a function ``(state, rng) -> action``) play their
  turns one action at a time, each announced ("Dana (bot) steps from a6 to a5."), after
  a short pause, on the kernel's event loop, so the kernel stays responsive; a bot that
  thinks (``think``, e.g. mcts) is run a slice per loop callback, the panel saying "Dana
  (mcts) is thinking…", and *Stop the bots* drops an unfinished thought (nothing is
  played).  Without a running loop (plain Python, tests) ``board.play_bots()`` plays
  them at once.  A bot's moves come from a generator seeded by the match's seed, the
  round and the ply: the same seed gives the same moves, also after undo or a restart;
* the *seat picker* (a list per player: Human or one of ``BOT_NAMES``) changes who plays
  a seat at once, announced ("Dana is now played by mcts."); the front end sends
  ``{"kind": "button", "button": "seat:Dana", "value": "mcts"}`` (``"human"`` for a
  person), checked here: an unknown player or bot is refused with the reason;
* a bot that raises, answers an illegal action or overruns its ``time_limit`` (the
  referee's checks, ``bots/referee.py``) stops the bots; the board says which bot failed
  and why, and the match is marked *not scored* (``controller.unscored``, the reason, and
  a note on the board for the rest of the match); the players may play on by hand;
* the match is saved to ``autosave`` after every action (``autosave.py``); a board made
  with the same file after a kernel restart resumes it (see ``match_board`` for the
  choices), with the seat picker's last choices and the not-scored mark (the match save's
  ``bots`` and ``unscored``), and a damaged file is refused with the reason and kept;
* ``view="presentation"`` (or ``board.view``, or the board's "Presentation view" toggle)
  is the projector's view: the board scaled to the window beside whose turn it is, what is
  left to decide, the buttons, the latest announcements and the scoresheet, all on screen
  at once (``kabetopo_nb.widget``); a view chosen on the board is kept in the autosave
  (the save's ``view``), so a kernel restart shows the board the same way.
"""
from __future__ import annotations

import weakref
from pathlib import Path

from .challenges.progress import Progress
from .dakapo.game import DakapoState
from .dakapo.position import Position as DakapoPosition
from .dakapo.rules import DakapoRules
from .kabetopo.game import KabetopoState
from .kabetopo.match import Match
from .kabetopo.position import Position
from .kabetopo.rules import Rules
from .kaomi.game import KaomiState
from .kaomi.position import Position as KaomiPosition
from .play.autosave import resolve_path
from .play.challenge_board import challenge_controller
from .play.dakapo import dakapo_controller
from .play.guided_board import guided_controller
from .play.kabetopo import kabetopo_controller
from .play.kaomi import kaomi_controller
from .play.match_controller import MatchController
from .play.match_opening import open_match
from .play.match_seats import HUMAN
from .widget import CLOSED, BoardWidget


def kabetopo_board(source: KabetopoState | Position | str | None = None, *, rules: Rules | str | None = None,
                   seed: int | None = None, coordinates: bool = True, theme: str = "auto",
                   view: str = "normal") -> BoardWidget:
    """An interactive board: from a state, a position, position text, or a new round (``seed``)."""
    return BoardWidget(kabetopo_controller(source, rules=rules, seed=seed, coordinates=coordinates), theme=theme,
                       view=view)


def dakapo_board(source: DakapoState | DakapoPosition | str | None = None, *, size: int | None = None,
                 tabletop: bool | None = None, rules: DakapoRules | str | None = None,
                 coordinates: bool = True, theme: str = "auto", view: str = "normal") -> BoardWidget:
    """An interactive Dakapo board: from a state, a position, position text, or a new game."""
    return BoardWidget(dakapo_controller(source, size=size, tabletop=tabletop, rules=rules,
                                         coordinates=coordinates), theme=theme, view=view)


def kaomi_board(source: KaomiState | KaomiPosition | str | None = None, *, size: int = 7, squared: bool = False,
                komi: int = 0, coordinates: bool = True, show_pushes: bool = True, theme: str = "auto",
                view: str = "normal") -> BoardWidget:
    """An interactive Kaomi board: from a state, a position, position text, or a new game."""
    return BoardWidget(kaomi_controller(source, size=size, squared=squared, komi=komi, coordinates=coordinates,
                                        show_pushes=show_pushes), theme=theme, view=view)


def challenge_board(section: str, progress: Progress | str | None = None, *, theme: str = "auto",
                    view: str = "normal") -> BoardWidget:
    """A board showing the challenges of one notebook section ("03" or its full name), one at
    a time; ``progress``: a ``Progress`` or the path of the progress file (default: the
    learner's, see ``kabetopo_nb.challenges.progress``)."""
    return BoardWidget(challenge_controller(section, progress), theme=theme, view=view)


def guided_game_board(name: str = "first-game", *, theme: str = "auto", view: str = "normal") -> BoardWidget:
    """A board playing the guided game ``name`` (``kabetopo_nb.GuidedGameBoard``)."""
    return BoardWidget(guided_controller(name), theme=theme, view=view)


class MatchBoardWidget(BoardWidget):
    """The board widget of a match: a transport like every board (its session attaches the
    controller's bot runner to the kernel's event loop); it adds the match's Python API,
    and keeps the board's view mode in the match's autosave.

    The view: ``view=`` says how the board is first shown; a view chosen later (the
    board's toggle, or ``board.view`` set from code) is kept in the match and its autosave
    (``MatchController.remember_view``, the save's ``view``), and a board that resumes a
    save shows the saved view, whatever its code's ``view=`` says (as with the seat picker's
    ``bots``).  A save resumed from the board's offer brings its view too, unless a view was
    chosen on this board meanwhile (the latest choice wins)."""

    def __init__(self, controller: MatchController, *, view: str = "normal", **kwargs):
        super().__init__(controller, view=controller.match.view or view, **kwargs)
        self._view_match = controller.match  # the match whose view the board shows
        self._view_chosen = False  # a view was chosen on this board after it was made
        self._view_adopted = False  # (the saved view being shown: not a choice)
        self.observe(self._record_view, names="view")

    def _record_view(self, change) -> None:
        controller = self.controller
        if controller is None or self._view_adopted:
            return
        self._view_chosen = True
        controller.remember_view(change["new"])
        self.refresh()  # the autosave's news, if any

    def _show(self, shown) -> None:
        super()._show(shown)
        controller = self.controller
        match = controller.match if isinstance(controller, MatchController) else None
        if match is None or match is getattr(self, "_view_match", match):
            return
        self._view_match = match  # a saved match was resumed from the offer (or a new one started)
        if self._view_chosen:
            controller.remember_view(self.view)
        elif match.view:
            self._view_adopted = True
            try:
                self.view = match.view
            finally:
                self._view_adopted = False

    def _open(self) -> MatchController:
        controller = self.controller
        if controller is None:
            raise RuntimeError(CLOSED)
        return controller

    @property
    def match(self) -> Match:
        """The match being played (the offered saved one is not it until resumed)."""
        return self._open().match

    @property
    def announcements(self) -> list[str]:
        """Everything the board announced, oldest first (the panel shows the newest few)."""
        return list(self._open().announcements)

    def seat(self, player: str, bot: str = HUMAN) -> dict:
        """Who plays ``player``'s seat, as the seat picker does: ``"human"`` or a bot's name
        (``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts-200"``, ``"mcts-2s"``)."""
        return self.press(f"seat:{player}", bot)

    def stop_bots(self) -> None:
        """Cancel a bot's pending move, and drop its unfinished thought (the Stop button also
        stops later ones)."""
        self.session.stop_bots()

    def play_bots(self, limit: int = 100_000) -> int:
        """Play every bot action due now, at once, until a human decides or the round ends
        (or a bot fails: the board reports it); returns how many were played (for scripts
        and tests; the board redraws once)."""
        return self.session.play_bots(limit)

    def retire(self, why: str) -> None:
        """Stop this board for good (a newer board took over its autosave file)."""
        controller = self.controller
        if controller is not None:
            self.session.stop_bots()
            controller.retire(why)
            self.refresh()


_BOARDS_BY_FILE: dict[Path, weakref.ref] = {}  # by the file an autosave writes (links followed)


def autosave_path(autosave) -> Path | None:
    """The file ``autosave`` writes (resolved once: links followed, a relative path from the
    working folder now), or None for a path that is no file's (the board says why)."""
    path, _, refused = resolve_path(autosave)
    return None if refused else path


def match_board(rules: Rules | str = "kabetopo-4p", players: list[str] | None = None, *, seed: int = 0,
                rounds: int | None = None, bots: dict | None = None, autosave=None, resume: bool | str = True,
                bot_pause: float = 1.0, coordinates: bool = True, theme: str = "auto",
                view: str = "normal", teaching: str | None = None) -> MatchBoardWidget:
    """One board for a whole match (``kabetopo_nb.MatchBoard``).

    * ``rules``, ``players`` (names in seat order for round 1: East, South, West, North),
      ``seed`` (the match's setup rolls, K-SETUP-3), ``rounds`` (the ruleset's by default).
    * ``teaching``: a teaching variant, chosen for the whole match when it starts and kept in
      its autosave: ``"first-round-without-drops"`` plays round 1 with moves only (KNB-15: no
      wall, monolith, portal or lock is dropped, nothing is unlocked; the board refuses a drop
      citing KNB-15 and says so in its status line and the scoresheet); later rounds are
      played as the rules say.  None (the default): every round as the rules say.
    * ``view``: ``"normal"`` or ``"presentation"`` (the projector's view: the board, whose
      turn, the buttons, the announcements and the scoresheet on screen together); a view
      chosen later on the board is kept in the autosave and a resumed save shows it again
      (``MatchBoardWidget``).
    * ``bots``: ``{"North": "greedy"}`` or ``{"Dana": "mcts"}``: a seat name (the player
      sitting there in round 1) or a player name, to a bot name of
      ``kabetopo_nb.bots.make_bot`` (``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts-200"``,
      ``"mcts-2s"``) or a function ``(state, rng) -> action``.  The board's seat picker
      changes them during play.  ``bot_pause``: seconds between a bot's actions.
    * ``autosave``: a file path; the match is written there after every action (nothing
      is written before the first action or seat-picker choice).  When the file already
      holds a match:

      - ``resume=True`` (the default, what a teacher re-running the notebook after a
        kernel restart expects): the same match (same rules, players, rounds and seed)
        is resumed at once, where it stopped; a *different* saved match is not resumed
        silently: the board offers the choice (as with ``"ask"``);
      - ``resume="ask"``: the board shows the saved match and offers "Resume the saved
        match (round R, N actions)" or "Start a new match";
      - ``resume=False``: a new match starts.
      Starting a new match never deletes a save: it is renamed ``<file>.replaced-<n>``.
      A damaged or tampered file is refused with the loader's reason (shown on the
      board), renamed ``<file>.damaged-<n>``, and a new match starts.

      The path is resolved when the board is made (a relative path from the working folder
      then; a symbolic link to its target, which is written, the link left as it is).  A
      path that is no file's (a folder, ``"."``, a named pipe, a device, a link that loops)
      is refused: the board says so and plays on, not autosaved.  Long rounds append each
      action to ``<file>.journal`` (the cost of an action does not grow with the round);
      docs/SAVE-FORMAT.md describes the files.

    Making a new board for the same file in this kernel retires the older board (it stops
    playing and saving), so two boards never write one file.  A board in *another* kernel
    (the notebook open twice, two copies of it in one folder) finds the file in use (a
    lock beside it, and a check of the file before every write): it does not write, and
    both boards say so for as long as it lasts (``kabetopo_nb/play/autosave.py``).
    """
    key = autosave_path(autosave) if autosave is not None else None
    controller = open_match(rules, players, seed=seed, rounds=rounds, bots=bots, autosave=autosave,
                            resume=resume, coordinates=coordinates,
                            teaching=teaching)  # refused settings: the older board plays on
    older = _BOARDS_BY_FILE.get(key) if key is not None else None
    older = older() if older is not None else None
    if older is not None and key is not None:  # it wrote the file after its last action: the new board read it
        older.retire(f"this board was replaced by a newer board for {key.name}; play on the new one")
    board = MatchBoardWidget(controller, theme=theme, view=view, bot_pause=bot_pause)
    if key is not None:
        _BOARDS_BY_FILE[key] = weakref.ref(board)
    return board
