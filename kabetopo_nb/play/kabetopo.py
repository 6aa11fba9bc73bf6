"""What clicks on a Kabetopo board mean: the controller behind ``KabetopoBoard``.

Play mode: the player's runner is the one that moves.  Clicking it lights up its legal
moves; clicking a square moves there (choosing among door hinges on the board when there
are two); a portal's entry shows as an option on the board (``T``); clicking a line offers
the legal drops there as choices.  Exit choices, bump destinations and lock it behind you
appear as numbered options on the board.  Anything illegal is refused with the engine's
verdict: ruling IDs and a sentence.  Edit mode places and removes pieces, sets the player
to move and the pools, and says whether the position is valid and why not.
"""
from __future__ import annotations

import random
import re
from typing import Any

from ..core.verdict import InvalidPositionError, NotationError, SettingError, Verdict
from ..kabetopo.actions import Action, Kind
from ..kabetopo.game import KabetopoState
from ..kabetopo.geometry import (
    NEIGHBOURS,
    line_name,
    parse_line,
    parse_square,
    side_name,
    side_square,
    sides_of_line,
    square_name,
)
from ..kabetopo.notation import format_position, parse_position
from ..kabetopo.position import KIND, Bonus, Piece, Position
from ..kabetopo.rules import SEAT_NAMES, Rules
from ..kabetopo.scoring import events as scoring_events
from ..kabetopo.status import status_line
from ..render.kabetopo_svg import STYLE, Option, board_svg
from ..widget import BoardWidget
from .base import Controller
from .kabetopo_edit import PositionEditor


def _anchor(action: Action) -> str:
    """Where a board choice is drawn: a door's new line, or the square it leads to."""
    if action.kind == Kind.DOOR and action.line is not None:
        return f"ln:{line_name(action.line)}"
    dest = action.destination
    return f"sq:{square_name(dest if dest is not None else action.a)}"


def _side(action: Action) -> str:
    """The side an exit, teleport, bump through a portal or lock is drawn at."""
    assert action.side is not None  # these kinds name a side
    return side_name(action.side)


class KabetopoController(Controller):
    """Turns board intents into engine actions, and engine state into a drawing and a panel."""

    def __init__(self, state: KabetopoState, *, coordinates: bool = True):
        super().__init__(state)
        self.coordinates = coordinates
        self.selected = False
        self.use_speed = False
        self.lock_behind = False
        self.choices: list[Action] = []  # shown as buttons (drops on a clicked line)
        self.board_choices: list[Action] = []  # shown as numbered options on the board
        self.editor: PositionEditor | None = None
        self.announcements: list[str] = []  # the scoring events so far, newest last
        self.why_not: list[tuple[Action, Verdict]] = []  # "why not here?" for the last target clicked

    # --- helpers -----------------------------------------------------------------------
    def _reset_ui(self) -> None:
        self.selected = False
        self.choices = []
        self.board_choices = []
        self.lock_behind = False
        self.why_not = []

    def _after_apply(self, sentence: str) -> str:
        self._reset_ui()
        self.use_speed = self.use_speed and self._speed_moves_available()
        _, before = self.state.last_step()
        scored = scoring_events(before, self.state.position)
        self.announcements += scored
        return " ".join([sentence, *scored])

    def first_ply(self) -> int:
        """Undo never takes back a die roll: the setup stands once rolled (K-SETUP-3)."""
        history = self.state.history
        return next((i + 1 for i in range(len(history) - 1, -1, -1) if history[i].kind == Kind.ROLL), 0)

    def _before_first_ply(self) -> dict:
        return self._refuse(Verdict(False, ("K-SETUP-3",), "the setup's die rolls stand once rolled: "
                                                           "undo goes back only to the start of play"))

    def _legal(self) -> list[Action]:
        return list(self.state.legal_actions)

    def _phase(self) -> str:
        return self.state.position.phase

    def _mover_square(self) -> int:
        pos = self.state.position
        return pos.runners[pos.turn]

    def _speed_moves_available(self) -> bool:
        return any(a.speed for a in self._legal())

    def _move_actions(self) -> list[Action]:
        """The moves a square click may mean now: the main or bonus moves, or the speed moves
        once the Speed token button is pressed (a token is never spent by a plain click)."""
        return [a for a in self._legal() if a.is_move and a.speed == self.use_speed]

    def _speed_only(self, sq: int) -> bool:
        """Is ``sq`` reachable now only by cashing in the speed token (K-TURN-3)?"""
        return not self.use_speed and any(a.is_move and a.speed and a.destination == sq for a in self._legal())

    def _whose_turn(self, sq: int) -> Verdict | None:
        """A click on another seat's runner while a turn is open: say whose turn it is and
        what that player still has to decide (K-TURN-5: one seat plays at a time)."""
        pos = self.state.position
        others = [s for s in pos.rules.seats if s != pos.turn and pos.runners[s] == sq]
        if not others:
            return None
        todo = _still_to_decide(self._legal())
        return Verdict(False, ("K-TURN-5",), f"it is {SEAT_NAMES[pos.turn]}'s turn, not {SEAT_NAMES[others[0]]}'s: "
                                             f"{SEAT_NAMES[pos.turn]} still has to {todo}")

    # --- intents -------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        kind, _, name = target.partition(":")
        if self.editor is not None:
            return self._edit_reply(self.editor.click(kind, name))
        try:
            if kind == "act":
                return self.apply(Action.parse(name))
            if kind == "sq":
                return self._click_square(parse_square(name))
            if kind == "ln":
                return self._click_line(parse_line(name))
        except (ValueError, NotationError) as exc:
            return self._error(f"unknown target {target!r}: {exc}")
        return self._error(f"unknown target {target!r}")

    def _click_square(self, sq: int) -> dict:
        phase = self._phase()
        pos = self.state.position
        if phase == "main" and pos.is_finished(pos.turn):  # Mischief (KNB-8): the engine says what the turn allows
            return self._refuse(self.state.explain(self._guess_move(sq)))
        if phase in ("main", "extras") and not pos.is_finished(pos.turn):
            if sq == self._mover_square():
                self.selected = not self.selected
                self.board_choices = []
                self.message = "Legal moves are lit up." if self.selected else ""
                return {"ok": True, "message": self.message}
            candidates = [a for a in self._move_actions() if a.destination == sq]
            if len(candidates) == 1:
                return self.apply(candidates[0])
            if candidates:
                self.board_choices = candidates
                return self._ok("Choose how the door swings: click one of the numbered options.")
            if self._speed_only(sq):
                return self._refuse(Verdict(False, ("K-TURN-3",), f"{square_name(sq)} can be reached only with the speed "
                                            "token: press 'Speed token' first if you want to cash it in"))
            whose = self._whose_turn(sq)
            if whose is not None:
                return self._refuse(whose)
            return self._refuse_with_options(self.state.explain(self._guess_move(sq)), square_name(sq))
        if phase == "exit":
            candidates = [a for a in self._legal() if a.kind == Kind.EXIT and a.destination == sq]
            if len(candidates) == 1:
                return self.apply(candidates[0])
            if candidates:
                self.board_choices = candidates
                return self._ok("Two portals open onto that square: click one of the numbered options.")
            side = next((sd for ln in pos.portals() for sd in sides_of_line(ln) if sd >> 2 == sq), None)
            if side is None:
                return self._refuse(Verdict(False, ("K-PORT-2",), f"no portal opens onto {square_name(sq)}"))
            return self._refuse(self.state.explain(Action(Kind.EXIT, side)))
        if phase == "bump":
            return self.apply(Action(Kind.BUMP, sq)) if Action(Kind.BUMP, sq) in self.state.legal_actions else self._refuse(self.state.explain(Action(Kind.BUMP, sq)))
        if phase == "setup":
            return self._error("the board is being set up: roll the d12 with the Roll button")
        return self._refuse(Verdict(False, ("K-ROUND-2",), "the round is over"))

    def _refuse_with_options(self, verdict, target: str) -> dict:
        """A refusal, with every candidate aimed at ``target`` and its verdict ("why not here?")."""
        reply = self._refuse(verdict)
        self.why_not = list(self.state.options_at(target))
        return reply

    def _guess_move(self, sq: int) -> Action:
        """The move a player most likely meant by clicking ``sq``, for explaining a refusal."""
        origin = self._mover_square()
        speed = self.use_speed or (self._phase() == "extras" and self.state.position.bonus == Bonus.NONE)
        if sq in NEIGHBOURS[origin]:
            return Action(Kind.STEP, sq, -1, speed)
        for d in range(4):
            cur = NEIGHBOURS[origin][d]
            while cur is not None:
                if cur == sq:
                    return Action(Kind.LEAP, sq, -1, speed)
                cur = NEIGHBOURS[cur][d]
        return Action(Kind.STEP, sq, -1, speed)

    def _click_line(self, line: int) -> dict:
        phase = self._phase()
        s1, s2 = sides_of_line(line)
        if phase == "main":
            wanted = [Action(k, line) for k in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL)]
            wanted += [Action(Kind.LOCK, s) for s in (s1, s2)] + [Action(Kind.UNLOCK, s) for s in (s1, s2)]
            legal = self.state.legal_actions
            options = [a for a in wanted if a in legal]
            if not options:
                return self._refuse_with_options(self.state.explain(self._guess_drop(line)), line_name(line))
            self.choices = options
            self.why_not = [(a, v) for a, v in self.state.options_at(line_name(line)) if not v.legal]
            return self._ok(f"Choose what to do on {line_name(line)}.")
        if phase == "extras":
            options = [a for a in (Action(Kind.LOCK, s1), Action(Kind.LOCK, s2)) if a in self.state.legal_actions]
            if options:
                self.choices = options
                return self._ok("Lock it behind you: choose a side.")
            return self._refuse(self.state.explain(Action(Kind.LOCK, s1)))
        return self._refuse(Verdict(False, ("K-TURN-7",), "finish the current choice first (see the options on the board)"))

    def _guess_drop(self, line: int) -> Action:
        pos = self.state.position
        pool = pos.pools[pos.turn]
        if pos.lines[line] & KIND == Piece.PORTAL or pos.is_door(line):
            s1, _ = sides_of_line(line)
            return Action(Kind.LOCK, s1)
        for kind, slot in ((Kind.WALL, 0), (Kind.MONOLITH, 1), (Kind.PORTAL, 2)):
            if pool[slot]:
                return Action(kind, line)
        return Action(Kind.WALL, line)

    def button(self, button: str, value: Any = None) -> dict:
        if button.startswith(("tool:", "turn:", "pool:")) or button in ("edit-done", "edit-cancel", "clear-board"):
            return self._edit_button(button, value)
        if self.editor is not None and button not in ("edit", "cancel"):
            # a forged play button must not change the game under the position editor
            return self._error(f"{button!r} is not available in edit mode: press 'Play from here' or 'Cancel edit' first")
        if self.editor is not None:
            return self._ok("Already editing.") if button == "edit" else self._ok("")
        travelled = self.time_travel(button, value)
        if travelled is not None:
            return travelled
        if button in ("end", "pass", "stop"):
            return self.apply(Action({"end": Kind.END, "pass": Kind.PASS, "stop": Kind.STOP}[button]))
        if button == "back":  # out of an exit or bump choice: take back the move that led to it
            state = self.state
            if state.position.phase not in ("exit", "bump"):
                return self._error("there is no exit or bump choice to back out of")
            while state.position.phase in ("exit", "bump") and state.ply > self.first_ply():
                state.undo()
            self._after_time_travel()
            return self._ok("Back: choose another move.")
        if button == "roll":
            return self.apply(f"roll {value}" if value is not None else self._next_roll())
        if button == "speed":
            if not self._speed_moves_available():
                return self._refuse(self.state.explain(Action(Kind.STEP, self._mover_square(), -1, True)))
            self.use_speed = not self.use_speed
            self.board_choices = []
            return self._ok("Speed token: your next move cashes it in." if self.use_speed else "Speed token put back.")
        if button == "lock-behind":
            if not any(a.kind == Kind.LOCK for a in self._legal()) or self._phase() != "extras":
                return self._refuse(self.state.explain(Action(Kind.LOCK, 0)))
            self.lock_behind = not self.lock_behind
            self.board_choices = []
            return self._ok("Lock it behind you: click an L on the board." if self.lock_behind else "")
        if button == "cancel":
            self._reset_ui()
            self.use_speed = False
            return self._ok("")
        if button == "edit":
            self.editor = PositionEditor(self.state.position)
            self._reset_ui()
            return self._ok("Edit mode: pick a tool, then click squares and lines.")
        return self._error(f"unknown button {button!r}")

    def _after_time_travel(self) -> None:
        self._reset_ui()
        self.use_speed = False  # a pressed speed token belongs to the turn it was pressed in

    def _next_roll(self) -> Action:
        return Action.parse(f"roll {random.Random(len(self.state.history)).randint(1, 12)}")

    # --- edit mode (the editor itself is kabetopo_edit.PositionEditor) ---------------------
    @property
    def editing(self) -> Position | None:
        """The position being edited, or None outside edit mode."""
        return self.editor.position if self.editor is not None else None

    def _edit_reply(self, answer: tuple[bool, str]) -> dict:
        ok, text = answer
        return self._ok(text) if ok else self._error(text)

    def _edit_button(self, button: str, value: Any) -> dict:
        if self.editor is None:
            return self._error("not in edit mode")
        if button == "edit-cancel":
            self.editor = None
            return self._ok("Edit cancelled.")
        if button == "edit-done":  # play from the edited position, if it can be played
            try:
                new_state = KabetopoState(parse_position(format_position(self.editor.playable())))
            except (NotationError, InvalidPositionError) as exc:
                return self._error(f"this position cannot be played: {exc}")
            problems = new_state.problems()
            if problems:  # stay in edit mode: the position is not one the rules can reach
                return self._refuse(Verdict(False, tuple(_ruling_ids(problems)),
                                            "this position cannot be played: " + "; ".join(problems)))
            self.editor = None
            self.leave_for(new_state, "Back to the game before editing")
            return self._ok("Playing from the edited position. The game before editing is kept: "
                            "'Back to the game before editing' returns to it.")
        return self._edit_reply(self.editor.button(button))

    # --- what to draw --------------------------------------------------------------------
    def position_text(self) -> str:
        return format_position(self.editing if self.editing is not None else self.state.position)

    def _last_path(self) -> list[int] | None:
        state = self.state
        if not state.history:
            return None
        _, before = state.last_step()
        after = state.position
        for seat in before.rules.seats:
            if before.runners[seat] != after.runners[seat]:
                return [before.runners[seat], after.runners[seat]]
        return None

    def view(self) -> dict:
        if self.editor is not None:
            return self._edit_view()
        state = self.state
        pos = state.position
        legal = self._legal()
        highlights: dict = {}
        options: list[Option] = []
        phase = pos.phase
        if phase in ("main", "extras") and not pos.is_finished(pos.turn):
            moves = self._move_actions()
            if self.board_choices:
                for i, a in enumerate(self.board_choices, 1):
                    options.append(Option(str(a), _anchor(a), str(i)))
            elif self.lock_behind:
                pass  # the lock options below take the board's side markers
            elif self.selected or self.use_speed or phase == "extras":
                # moves that spend the speed token are drawn apart, and lit only as a
                # reminder until the token is chosen (K-TURN-3); leapfrogs apart from steps
                speed = [] if self.use_speed else [a for a in legal if a.is_move and a.speed]
                for a in speed + moves:
                    dest = a.destination
                    if dest is not None:
                        highlights[square_name(dest)] = "speed" if a.speed else "leap" if a.kind == Kind.LEAP else "move"
                    elif a.kind in (Kind.TELEPORT, Kind.LEAP_PORTAL) and a in moves:
                        options.append(Option(str(a), f"sd:{_side(a)}", "T"))
        elif phase == "exit":
            for i, a in enumerate(a for a in legal if a.kind == Kind.EXIT):
                options.append(Option(str(a), f"sd:{_side(a)}", str(i + 1)))
                if a.destination is not None:
                    highlights[square_name(a.destination)] = "move"
        elif phase == "bump":
            for a in legal:
                if a.kind == Kind.BUMP:
                    options.append(Option(str(a), _anchor(a), "B"))
                    if a.destination is not None:
                        highlights[square_name(a.destination)] = "select"
                elif a.kind == Kind.BUMP_THROUGH:
                    options.append(Option(str(a), f"sd:{_side(a)}", "P"))
        if phase == "extras" and self.lock_behind:
            for a in legal:
                if a.kind == Kind.LOCK:
                    options.append(Option(str(a), f"sd:{_side(a)}", "L"))
        lines = {line_name(a.line): "drop" for a in self.choices if a.line is not None}
        selected = square_name(self._mover_square()) if self.selected else None
        svg = board_svg(pos, coordinates=self.coordinates, highlights=highlights or None, lines=lines or None,
                        path=self._last_path(), options=options or None, selected=selected, interactive=True, embed_style=False)
        return {"svg": svg, "style": STYLE, "panel": self._panel(legal)}

    def _panel(self, legal: list[Action]) -> dict:
        state = self.state
        pos = state.position
        kinds = {a.kind for a in legal}
        play = self.history_buttons()
        if Kind.END in kinds:
            play.append({"id": "end", "label": "End turn", "enabled": True})
        if Kind.PASS in kinds:
            play.append({"id": "pass", "label": "Pass", "enabled": True})
        if Kind.STOP in kinds:
            play.append({"id": "stop", "label": "Stop (Mischief)", "enabled": True})
        if any(a.speed for a in legal):
            play.append({"id": "speed", "label": "Speed token", "enabled": True, "pressed": self.use_speed})
        if pos.phase == "extras" and Kind.LOCK in kinds:
            play.append({"id": "lock-behind", "label": "Lock it behind you", "enabled": True, "pressed": self.lock_behind})
        if pos.phase == "setup":
            play.append({"id": "roll", "label": "Roll d12", "enabled": True})
        if pos.phase in ("exit", "bump"):
            play.append({"id": "back", "label": "Back (another move)", "enabled": state.ply > self.first_ply()})
        play.append({"id": "edit", "label": "Edit position", "enabled": True})

        return {
            "status": status_line(pos),
            "headline": self.headline(legal),
            "announcements": self.announcements[-5:],
            "options_at": [{"action": str(a), "legal": v.legal, "rulings": list(v.rulings), "reason": v.reason}
                           for a, v in self.why_not],
            "message": self.message,
            "refusal": self.refusal,
            "rulings_text": self.ruling_cards(),
            "announcement": self.announcement,
            "choices": [{"target": f"act:{a}", "label": _choice_label(a)} for a in self.choices],
            "groups": [{"name": "play", "buttons": play}],
            **self.history_panel(),
            "editing": False,
            "problems": [],
        }

    def headline(self, legal: list[Action]) -> str:
        """Whose turn, in large type, with what that player still has to decide."""
        pos = self.state.position
        d = self.state.decision
        if d.seat is None:
            return "The round is over"
        if pos.phase == "setup":
            return "Setup: roll the d12"
        return f"{d.seat} to play: {_still_to_decide(legal)}"

    def _edit_view(self) -> dict:
        editor = self.editor
        assert editor is not None  # the edit view is only drawn in edit mode
        return {"svg": editor.svg(), "style": STYLE, "panel": {
            "status": "Edit mode",
            "message": self.message,
            "refusal": self.refusal,
            "rulings_text": self.ruling_cards(),
            "announcement": self.announcement,
            "choices": [],
            "groups": editor.button_groups(),
            "moves": [], "ply": 0, "total": 0,
            "editing": True,
            "valid": not editor.problems,
            "problems": editor.problems,
        }}

def _choice_label(a: Action) -> str:
    if a.kind in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL) and a.line is not None:
        return f"Drop a {a.kind} on {line_name(a.line)}"
    if a.kind == Kind.LOCK and a.side is not None:
        return f"Lock the side facing {square_name(side_square(a.side))} ({side_name(a.side)})"
    if a.kind == Kind.UNLOCK and a.side is not None:
        return f"Unlock {side_name(a.side)} (spends a lock)"
    return str(a)


_STILL_TO_DECIDE = (  # what an open turn still asks of its player, by the kinds of its legal actions
    ((Kind.EXIT,), "choose the exit of the portal"),
    ((Kind.BUMP, Kind.BUMP_THROUGH), "choose where the bumped runner lands"),
    ((Kind.ROLL,), "roll the setup die"),
    ((Kind.END,), "end the turn (End turn)"),
    ((Kind.PASS,), "pass"),
)


def _still_to_decide(legal: list[Action]) -> str:
    """What the player on turn still has to decide, in words, from its legal actions."""
    kinds = {a.kind for a in legal}
    parts = []
    if any(a.is_move and not a.speed for a in legal) and Kind.END in kinds:
        parts.append("make the bonus move")
    if any(a.speed for a in legal):
        parts.append("use the speed token")
    if Kind.LOCK in kinds and Kind.END in kinds:
        parts.append("lock it behind you")
    parts += [words for group, words in _STILL_TO_DECIDE if kinds & set(group)]
    if not parts:
        parts.append("make a move or drop a piece")
    return " or ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _ruling_ids(problems: list[str]) -> list[str]:
    """The ruling IDs that open a list of problems ("K-INV-4: ..."), each once, in order."""
    ids = [p.split(":", 1)[0] for p in problems if re.match(r"[A-Z]+(-[A-Z]+)?-\d+:", p)]
    return list(dict.fromkeys(ids))


def kabetopo_board(source: KabetopoState | Position | str | None = None, *, rules: Rules | str | None = None,
                   seed: int | None = None, coordinates: bool = True, theme: str = "auto"):
    """An interactive board: from a state, a position, position text, or a new round (``seed``)."""
    if isinstance(source, KabetopoState):
        state = source
    elif isinstance(source, (Position, str)):
        state = KabetopoState(source)
    elif source is None:
        state = KabetopoState.new_round(rules, seed=seed or 0)
    else:
        raise SettingError(f"a board is made from a KabetopoState, a Position or position text, not {type(source).__name__}")
    return BoardWidget(KabetopoController(state, coordinates=coordinates), theme=theme)

