"""The challenges of a notebook section on a board: one goal at a time, played by clicking.

    >>> from kabetopo_nb import ChallengeBoard
    >>> ChallengeBoard(section="03")          # or "03-walls-and-the-path-rule"

The panel's headline is the challenge's title, a few words in large type; its message, in
plain type, gives the reply to the last click (if any), the goal in full and, for a
question, the answer so far; the board is its position, and nothing drawn on it comes
from before the attempt (each attempt has a game controller of its own).  For the
challenges played on the board (reach, slow-down, only-legal-turn) the clicks mean what
they mean on the game's own board: the game's controller reads them, but every action it
would apply is handed to the challenge's ``Attempt.play`` instead, so the engine's verdict
and the challenge's checker judge it (a refusal leaves the attempt as it was).  The
challenges answered rather than played take their answer from the panel: toggle buttons
for ``which-legal``, squares clicked on the board for ``end-squares`` (drawn with the
squares' names, which the answer and the feedback use; a click on the runner's own square
counts it too, and says so: a turn can end where it began, after a drop or a move there
and back), -/+ steppers per seat for ``score``; "Check answer" submits it to
``Attempt.answer``.  A refusal of the rules is headed "Not allowed"; a legal try that
does not meet the goal, and a wrong answer, "Not quite".

Buttons: Hint, Show me (the stated solution, played at once or filled in; the challenge
counts as shown, not solved), Try again, Previous and Next; the status line counts
"Challenge 2 of 4 · 1 solved".  There is no move list or history slider: an attempt is
one turn, and "Try again" starts it over.  Solved challenges are remembered in the learner's
progress file (``kabetopo_nb.challenges.progress``), so a new board picks up where the
last one stopped: it opens on the section's first unsolved challenge.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ..challenges import Attempt, Challenge, Feedback, challenges
from ..challenges.checkers import runner_square, seat_index
from ..challenges.progress import Progress
from ..core.verdict import NotationError, SettingError
from ..kabetopo.geometry import parse_square, square_name
from .base import cards_for
from .contract import Button, ButtonGroup, Panel, View


def routed_controller(game: str, state, board):
    """The game's own controller for ``state``, every action it would apply handed to
    ``board.play`` instead (its sink: see ``play/base.py``)."""
    from ..games import GAMES

    return GAMES[game].controller_class()(state, sink=board.play)


class RoutingController(ABC):
    """A board whose game controller (``self.inner``, from ``routed_controller``) reads the
    clicks while ``self.state`` belongs to something else: a challenge's attempt, a guided
    game's walk.  These keep the two in step."""

    inner: Any
    message: str
    refusal: dict | None
    runner = None  # no bots: see play/contract.py

    @property
    @abstractmethod
    def state(self) -> Any:
        """The state the board plays: a challenge's attempt, a guided game's walk."""
    # buttons of the game's own board that would leave the one line of play
    LEAVING: tuple[str, ...] = ("undo", "redo", "goto", "other-line", "edit", "back", "new", "new-game")

    def _leaves_the_line(self, button: str) -> bool:
        """A button (real or forged) of the game's board this board does not offer."""
        return button in self.LEAVING or button == "clear-board" or button.startswith(("tool:", "turn:", "pool:", "edit-"))

    def _play_groups(self, inner_panel: Panel) -> list[ButtonGroup]:
        """The game's own play buttons, less those that leave the line."""
        groups: list[ButtonGroup] = []
        for group in inner_panel.groups:
            buttons = [b for b in group["buttons"] if b["id"] not in self.LEAVING]
            if buttons:
                groups.append({**group, "buttons": buttons})
        return groups

    def _sync_inner(self) -> None:
        self.inner.follow(self.state)  # forget the selections of the position left behind

    def _clear(self) -> None:
        self.message, self.refusal = "", None
        self.inner.clear_reply()

    def _error(self, text: str) -> dict:
        self.refusal, self.message = {"rulings": [], "reason": text}, ""
        return {"ok": False, "error": text}


class ChallengeController(RoutingController):
    """The controller behind ``ChallengeBoard`` (see the module docstring)."""

    def __init__(self, section_challenges: list[Challenge], progress: Progress):
        if not section_challenges:
            raise SettingError("no challenges to show")
        self.challenges = section_challenges
        self.progress = progress
        unsolved = [i for i, c in enumerate(section_challenges) if not progress.is_solved(c.id)]
        self.index = unsolved[0] if unsolved else 0
        self._start()

    # --- the attempt ---------------------------------------------------------------------
    @property
    def challenge(self) -> Challenge:
        return self.challenges[self.index]

    @property
    def state(self):
        return self.attempt.state

    def _start(self, message: str = "") -> None:
        self.attempt: Attempt = self.challenge.start()
        self.inner = routed_controller(self.challenge.game, self.attempt.state, self)
        self.showing = False  # the solution was shown in this attempt: solving it then does not count
        self.hint_shown = False
        self.chosen: set[str] = set()  # which-legal choices or end-squares squares picked
        self.points: dict[str, int] = {seat: 0 for seat in self._seats()} if self.challenge.kind == "score" else {}
        self.message = message
        self.refusal: dict | None = None

    def _seats(self) -> list[str]:
        from ..kabetopo.rules import seat_name

        return [seat_name(s) for s in self.attempt.state.position.rules.seats]


    def _solved(self, feedback: Feedback) -> dict:
        if self.showing:
            self.message = (f"{feedback.message} That was the solution being shown, so it counts as shown, "
                            "not solved: press 'Try again' to do it yourself.")
        else:
            self.progress.mark_solved(self.challenge.id)
            said = feedback.message.removeprefix("Solved: ")
            room = f" {self.progress.room_note}" if self.progress.room_note else ""  # a workshop room's report
            self.message = f"Solved! {said[:1].upper()}{said[1:]}{room}"
        return {"ok": True, "message": self.message}

    def _refused(self, feedback: Feedback, *, ok: bool = False) -> dict:
        reason = feedback.message
        if feedback.done and not feedback.solved:
            reason += " Press 'Try again' to start over."
        # only the engine's refusal is "not allowed"; a legal try that misses the goal, or a
        # wrong answer (which quotes the engine's verdicts, with their rulings), is "not quite"
        heading = "Not allowed" if feedback.illegal else "Not quite"
        self.refusal = {"rulings": list(feedback.rulings), "reason": reason, "heading": heading}
        self.message = ""
        return {"ok": ok, "refusal": self.refusal}

    def play(self, action) -> dict:
        """An action the game's controller would apply, played in the attempt instead."""
        before = len(self.attempt.played)
        feedback = self.attempt.play(str(action))
        if len(self.attempt.played) == before:  # refused: the attempt is as it was
            self.inner.clear_reply()
            return self._refused(feedback)
        self._sync_inner()
        if feedback.solved:
            return self._solved(feedback)
        if feedback.done:  # the turn is over without meeting the goal
            return self._refused(feedback, ok=True)
        self.message, self.refusal = feedback.message, None
        return {"ok": True, "message": feedback.message}

    def apply(self, action) -> dict:
        """``board.apply(action)`` from code: played in the attempt like a click."""
        self._clear()
        if self.challenge.answers:
            return self._error("this challenge asks for an answer: use the buttons and 'Check answer'")
        return self.play(action)

    def _answer(self) -> dict:
        kind = self.challenge.kind
        if kind == "score":
            value: Any = dict(self.points)
        elif kind == "which-legal":
            value = [c for c in self._choices() if c in self.chosen]
        else:
            value = sorted(self.chosen)
        feedback = self.attempt.answer(value)
        if feedback.solved:
            return self._solved(feedback)
        return self._refused(feedback)

    # --- intents -------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        self._clear()
        kind = self.challenge.kind
        if kind == "end-squares":
            what, _, name = target.partition(":")
            if what != "sq" or not name:
                return self._error("click the squares where the runner can end its turn, then 'Check answer'")
            try:
                name = square_name(parse_square(name))  # a square of the board, in its one spelling
            except NotationError as exc:
                return self._error(f"{target!r} is not a square of the board ({exc}): click the squares where "
                                   "the runner can end its turn")
            self.chosen ^= {name}
            said = self._answer_so_far()
            if name == self._runner_square():
                # counted like any square: a turn may end where it began (after a drop, or a
                # move there and back), and the checker counts the square then
                self.message = (f"{name} is where the runner stands now, and it is "
                                f"{'in' if name in self.chosen else 'out of'} your answer: count it only if "
                                f"the turn can end with the runner on {name}. {said}")
                return {"ok": True, "message": self.message}
            return {"ok": True, "message": said}
        if self.challenge.answers:
            return self._error("this challenge asks for an answer: use the buttons, then 'Check answer'")
        return self.inner.click(target)

    def button(self, button: str, value: Any = None) -> dict:
        self._clear()
        n = len(self.challenges)
        if button == "hint":
            self.hint_shown = True
            self.message = f"Hint: {self.challenge.hint}"
            return {"ok": True, "message": self.message}
        if button == "show-me":
            return self._show_me()
        if button == "try-again":
            self._start("Try again: the challenge is back at its start.")
            return {"ok": True, "message": self.message}
        if button in ("previous", "next"):
            step = -1 if button == "previous" else 1
            if not 0 <= self.index + step < n:
                return self._error(f"there is no {button} challenge in this section")
            self.index += step
            self._start()
            return {"ok": True, "message": ""}
        if button == "check":
            if not self.challenge.answers:
                return self._error("this challenge is played on the board: there is no answer to check")
            return self._answer()
        if button.startswith("choice:") and self.challenge.kind == "which-legal":
            choice = button.partition(":")[2]
            if choice not in self._choices():
                return self._error(f"{choice!r} is not one of the choices")
            self.chosen ^= {choice}
            return {"ok": True, "message": self._answer_so_far()}
        if button.startswith("points:") and self.challenge.kind == "score":
            parts = button.split(":")
            seat, sign = (parts[1], parts[2]) if len(parts) == 3 else ("", "")
            if seat not in self.points or sign not in ("+", "-"):
                return self._error(f"unknown button {button!r}")
            self.points[seat] = max(0, self.points[seat] + (1 if sign == "+" else -1))
            return {"ok": True, "message": self._answer_so_far()}
        if self.challenge.answers or self._leaves_the_line(button):
            return self._error(f"{button!r} is not available in a challenge: press 'Try again' to start over")
        return self.inner.button(button, value)

    def _show_me(self) -> dict:
        ch = self.challenge
        self.progress.mark_shown(ch.id)
        solution = ch.show_me()
        if ch.answers:
            self._start()
            self.showing = True
            if ch.kind == "score":
                self.points.update({k: int(v) for k, v in solution.items()})
            else:
                self.chosen = {str(s) for s in solution}
            self.message = (f"The answer: {_answer_words(solution)}. It is filled in; this counts as shown, "
                            "not solved: press 'Try again' to answer it yourself.")
            return {"ok": True, "message": self.message}
        self._start()
        self.showing = True
        feedback = None
        for action in solution:
            feedback = self.attempt.play(action)
            if feedback.done:
                break
        self._sync_inner()
        last = f" {feedback.message}" if feedback is not None else ""
        self.message = (f"Shown: {', '.join(self.attempt.played)}.{last} This counts as shown, not solved: "
                        "press 'Try again' to play it yourself.")
        return {"ok": True, "message": self.message}

    def _runner_square(self) -> str:
        """The square of the runner an end-squares challenge asks about."""
        return square_name(runner_square(self.state, seat_index(self.state, self.challenge.check.get("runner"))))

    def _choices(self) -> list[str]:
        return [str(c) for c in self.challenge.check.get("choices", [])]

    def _answer_so_far(self) -> str:
        kind = self.challenge.kind
        if kind == "score":
            return "Your answer: " + ", ".join(f"{seat} {pts}" for seat, pts in self.points.items())
        if kind == "which-legal":
            picked = [c for c in self._choices() if c in self.chosen]
        else:
            picked = sorted(self.chosen)
        return "Your answer: " + (", ".join(picked) if picked else "none yet") + "."

    # --- what to draw --------------------------------------------------------------------
    def position_text(self) -> str:
        return self.inner.position_text()

    def history_texts(self) -> list[str]:
        return list(self.attempt.played)

    def counter(self) -> str:
        solved = sum(self.progress.is_solved(c.id) for c in self.challenges)
        here = " · this one solved" if self.progress.is_solved(self.challenge.id) else ""
        return f"Challenge {self.index + 1} of {len(self.challenges)} · {solved} solved{here}"

    def view(self) -> View:
        ch = self.challenge
        view = self.inner.view()
        inner_panel = view.panel
        svg = view.svg
        if ch.kind == "end-squares":
            from ..render.kabetopo_svg import board_svg

            svg = board_svg(self.state.position, coordinates=True,  # the answer names squares
                            highlights={sq: "move" for sq in self.chosen} or None,
                            interactive=True, embed_style=False)
        refusal = self.refusal or inner_panel.refusal
        groups = [] if ch.answers else self._play_groups(inner_panel)
        groups += self._answer_groups()
        n = len(self.challenges)
        groups.append({"name": "challenge", "buttons": [
            {"id": "hint", "label": "Hint", "enabled": True, "pressed": self.hint_shown},
            {"id": "show-me", "label": "Show me", "enabled": True},
            {"id": "try-again", "label": "Try again", "enabled": True},
            {"id": "previous", "label": "Previous", "enabled": self.index > 0},
            {"id": "next", "label": "Next", "enabled": self.index < n - 1},
        ]})
        reply = self.message or ("" if self.refusal else inner_panel.message)
        parts = [reply, f"Goal: {ch.goal}"]
        if ch.answers and self._answer_so_far() not in reply:  # the answer so far, always in view
            parts.append(self._answer_so_far())
        message = " ".join(p for p in parts if p)
        problems = [self.progress.problem] if self.progress.problem else []
        # "why not here?" belongs to the game board's own refusal of the clicked target; the
        # challenge's refusals (a try that misses the goal, a wrong answer) say only what was tried
        own = refusal is not None and self.refusal is None and not ch.answers
        options_at = (inner_panel.options_at or []) if own else []
        return View(svg, view.style, inner_panel.but(
            status=self.counter(),
            headline=ch.title,
            message=message,
            refusal=refusal,
            rulings_text=ruling_cards(refusal, options_at),
            announcement=reply or (refusal or {}).get("reason", "") or message,
            announcements=problems,
            choices=[] if ch.answers else inner_panel.choices,
            options_at=options_at,
            groups=groups,
            moves=None, ply=0, total=None, first_ply=None,  # an attempt is one turn: no move list or slider
            editing=False,
            problems=[],
        ))

    def _answer_groups(self) -> list[ButtonGroup]:
        kind = self.challenge.kind
        check: Button = {"id": "check", "label": "Check answer", "enabled": not self.attempt.solved}
        if kind == "which-legal":
            choices: list[Button] = [{"id": f"choice:{c}", "label": c, "enabled": True, "pressed": c in self.chosen}
                                     for c in self._choices()]
            return [{"name": "answer", "buttons": [*choices, check]}]
        if kind == "end-squares":
            return [{"name": "answer", "buttons": [check]}]
        if kind == "score":
            steppers: list[Button] = []
            for seat, pts in self.points.items():
                steppers += [{"id": f"points:{seat}:-", "label": f"{seat} points -", "enabled": pts > 0,
                              "row": seat, "column": "points", "step": "-"},
                             {"id": f"points:{seat}:+", "label": f"{seat} points +", "enabled": True,
                              "row": seat, "column": "points", "step": "+"}]
            return [{"name": "points", "buttons": steppers, "layout": "steppers"},
                    {"name": "answer", "buttons": [check]}]
        return []


def _answer_words(solution) -> str:
    if isinstance(solution, dict):
        return ", ".join(f"{seat} {pts}" for seat, pts in solution.items())
    return ", ".join(str(s) for s in solution) or "none"


def ruling_cards(refusal: dict | None, options_at: list[dict]) -> dict[str, dict]:
    """The rule reference's entry for every ruling ID on show, so the board opens it on a click."""
    ids = list((refusal or {}).get("rulings", []))
    for option in options_at:
        ids += option.get("rulings", [])
    return cards_for(ids)


def challenge_controller(section: str, progress: Progress | str | None = None) -> ChallengeController:
    """The controller of a board showing the challenges of one notebook section ("03" or its
    full name), one at a time; ``progress``: a ``Progress`` or the path of the progress file
    (default: the learner's, see ``kabetopo_nb.challenges.progress``)."""
    found = challenges(section=section)
    if not found:
        sections = sorted({c.section for c in challenges()})
        raise SettingError(f"no challenges for section {section!r}; sections: {', '.join(sections)}")
    record = progress if isinstance(progress, Progress) else Progress(progress)
    return ChallengeController(found, record)


__all__ = ["ChallengeController", "RoutingController", "challenge_controller", "routed_controller", "ruling_cards"]
