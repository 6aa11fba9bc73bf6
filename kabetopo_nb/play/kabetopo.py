"""What clicks on a Kabetopo board mean: the controller behind ``KabetopoBoard``.

Play mode: the player's runner is the one that moves.  Clicking it lights up its legal
moves; clicking a square moves there (choosing among door hinges on the board when there
are two); a portal's entry shows as an option on the board (``T``); clicking a line offers
the legal drops there as choices (replacing the last line's), and says with the engine's
verdicts why a piece the player may look for there is not among them.  Exit choices, bump destinations and lock it behind you
appear as numbered options on the board.  Anything illegal is refused with the engine's
verdict (ruling IDs and a sentence) for one of the candidates the ledger lists at the
clicked square or line (``state.options_at``), the one the click most plausibly meant;
where none stands behind the refusal (another seat's runner, a square no move reaches),
the board's own words come from ``refusals.py``.  Edit mode places and removes pieces,
sets the player to move, the pools and the stones (on the Mountain sites and carried), and
says whether the position is valid and why not: exactly ``validity.problems``, and "Play
from here" plays the very position judged, refused while it has problems.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from ..core.verdict import InvalidPositionError, NotationError, SettingError, Verdict
from ..kabetopo.actions import Action, Kind
from ..kabetopo.game import KabetopoState
from ..kabetopo.geometry import (
    NEIGHBOUR_LINES,
    NEIGHBOURS,
    line_name,
    parse_line,
    parse_square,
    side_name,
    side_words,
    square_name,
)
from ..kabetopo.notation import format_position, parse_position
from ..kabetopo.position import KIND, Bonus, Piece, Position
from ..kabetopo.rules import LOCKS, MONOLITHS, PORTALS, WALLS, Rules
from ..kabetopo.scoring import events as scoring_events
from ..kabetopo.status import status_line
from ..render.kabetopo_svg import STYLE, Option, board_svg
from . import refusals
from .base import GameController, cards_for
from .contract import Panel, View
from .kabetopo_edit import PositionEditor, is_edit_button


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


class KabetopoController(GameController):
    """Turns board intents into engine actions, and engine state into a drawing and a panel."""

    def __init__(self, state: KabetopoState, *, coordinates: bool = True, sink=None):
        super().__init__(state, sink=sink)
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
        state, first = self.state, 0
        while first < state.ply:  # the setup's rolls open the round: count them, not the whole history
            block = state.actions(first, first + 16)
            rolls = next((i for i, a in enumerate(block) if a.kind != Kind.ROLL), len(block))
            first += rolls
            if rolls < len(block):
                break
        return first

    def _before_first_ply(self) -> dict:
        return self._refuse_on_board(refusals.setup_rolls_stand())

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
        return refusals.another_seats_runner(pos.turn, others[0], _still_to_decide(self._legal()))

    def _refuse_on_board(self, verdict: Verdict) -> dict:
        """A board-level refusal (``refusals.py``): no candidate of the ledger stands behind
        it, so there is no "why not here?" list to show with it."""
        self.why_not = []
        return self._refuse(verdict)

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
            return self.refuse_request(f"unknown target {target!r}: {exc}")
        return self.refuse_request(f"unknown target {target!r}")

    def _click_square(self, sq: int) -> dict:
        phase = self._phase()
        pos = self.state.position
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
                return self.tell("Choose how the door swings: pick one of the numbered options, on the board or below.")
            if self._speed_only(sq):
                return self._refuse_on_board(refusals.speed_only(sq))
            whose = self._whose_turn(sq)
            if whose is not None:
                return self._refuse_on_board(whose)
            return self._refuse_square(sq)
        if phase in ("main", "extras"):  # Mischief (KNB-8): the ledger says what the turn allows
            return self._refuse_square(sq)
        if phase in ("exit", "bump"):
            kind = Kind.EXIT if phase == "exit" else Kind.BUMP
            candidates = [a for a in self._legal() if a.kind == kind and a.destination == sq]
            if len(candidates) == 1:
                return self.apply(candidates[0])
            if candidates:
                self.board_choices = candidates
                return self.tell("Two portals open onto that square: pick one of the numbered options, on the board or below.")
            return self._refuse_square(sq)
        if phase == "setup":
            return self._refuse_on_board(refusals.setup_under_way())
        return self._refuse_on_board(refusals.round_over())

    def _options_at(self, target: str) -> list[tuple[Action, Verdict]]:
        """The ledger's candidates aimed at ``target``, legal or not, kept as the "why not
        here?" answers of this click (one ledger with reasons, built once per position)."""
        self.why_not = list(self.state.options_at(target))
        return self.why_not

    def _refuse_square(self, sq: int) -> dict:
        """Refuse a click on ``sq`` with the verdict of the candidate the player most likely
        meant, chosen among the ledger's candidates aimed at ``sq``; with the board's own
        words (``refusals.py``) when none of them is what the click can have meant."""
        refused = [(a, v) for a, v in self._options_at(square_name(sq)) if not v.legal]
        meant = self._meant_square(sq, refused)
        return self._refuse(meant[1] if meant is not None else self._nothing_goes_to(sq))

    def _meant_square(self, sq: int, refused: list[tuple[Action, Verdict]]) -> tuple[Action, Verdict] | None:
        """Of the ledger's refused candidates aimed at ``sq``, the one a click there most
        plausibly meant: an exit or a bump in those choices; otherwise a move made the way
        the turn offers it now (a bonus move, or with the speed token), by preference a step
        next to the runner (a door move where a door stands between), a leapfrog further on.
        None when no candidate fits, and for a leapfrog with nobody beside the runner to jump
        over: that click asked for a step of more than one square."""
        pos = self.state.position
        phase = pos.phase
        if phase in ("exit", "bump"):
            kind = Kind.EXIT if phase == "exit" else Kind.BUMP
            return next(((a, v) for a, v in refused if a.kind == kind), None)
        moves = [(a, v) for a, v in refused if a.is_move and a.destination == sq]
        if not moves:
            return refused[0] if refused else None
        origin = self._mover_square()
        speed = self.use_speed or (phase == "extras" and pos.bonus == Bonus.NONE)
        between = next((ln for _, nb, ln in NEIGHBOUR_LINES[origin] if nb == sq), None)
        door_first = between is not None and pos.is_door(between)
        rank = {Kind.DOOR: 0 if door_first else 1, Kind.STEP: 1 if door_first else 0, Kind.LEAP: 2}
        action, verdict = min(moves, key=lambda m: (m[0].speed != speed, rank.get(m[0].kind, 3)))
        if action.kind == Kind.LEAP and "K-LEAP-1" in verdict.rulings:
            beside = _beside(origin, sq)
            if beside is not None and beside != sq and pos.runner_at(beside) is None:
                return None  # not a real leapfrog: nothing stands beside the runner to jump over
        return action, verdict

    def _nothing_goes_to(self, sq: int) -> Verdict:
        """The board-level refusal of a square the ledger has no fitting candidate for."""
        pos = self.state.position
        if pos.phase == "exit":
            return refusals.no_portal_opens_onto(sq)
        if pos.phase == "bump":
            return refusals.not_beside_the_mountain(sq)
        if pos.is_finished(pos.turn):
            return refusals.no_mischief_move(sq)
        origin = self._mover_square()
        beside = _beside(origin, sq)
        if beside is not None and beside != sq:
            return refusals.one_square_at_a_time(origin, sq, beside)
        teleport = any(a.kind in (Kind.TELEPORT, Kind.LEAP_PORTAL) for a in self._move_actions())
        return refusals.out_of_reach(origin, sq, teleport=teleport)

    def _click_line(self, line: int) -> dict:
        self.choices = []  # a line click replaces the last one's choices, refused or not (no stale button)
        phase = self._phase()
        name = line_name(line)
        if phase == "setup":
            return self._refuse_on_board(refusals.setup_under_way())
        if phase not in _LINE_KINDS:
            return self._refuse_on_board(refusals.round_over())
        through = self._through_portal(line)
        if through and phase == "extras" and not self.lock_behind:
            # a bonus or speed move into the portal: a line click means it (K-TURN-2, K-TURN-3)
            if len(through) == 1:
                return self.apply(through[0])
            self.choices = through
            return self.tell(f"Choose how to go into the portal on {name}.")
        if not through and phase in ("main", "extras") and not self.use_speed and any(
                a.kind in (Kind.TELEPORT, Kind.LEAP_PORTAL) and a.speed and a.line == line for a in self._legal()):
            return self._refuse_on_board(refusals.speed_only_through(name))
        offered = _LINE_KINDS[phase]
        options = self._options_at(name)
        legal = sorted((a for a, v in options if v.legal and a.kind in offered),
                       key=lambda a: (offered.index(a.kind), a.a))
        refused = [(a, v) for a, v in options if not v.legal]
        if through and phase == "main":  # into the portal beside the runner, or a drop or lock there
            legal = through + legal
        if legal:
            self.choices = legal
            missing = self._missing_on_line(line, legal, refused)
            # "why not here?": the choices a player looks for and does not find first, then the rest
            self.why_not = missing + [entry for entry in refused if entry not in missing]
            return self.tell(_LINE_PROMPTS[phase].format(line=name) + _not_offered(missing))
        meant = self._meant_line(line, refused, offered)
        if meant is not None:
            return self._refuse(meant[1])
        return self._refuse_on_board(refusals.finish_current_choice() if phase in ("exit", "bump")
                                     else refusals.nothing_on_line(name))

    def _through_portal(self, line: int) -> list[Action]:
        """The moves into the portal on ``line`` that a click may mean now (a teleport, or a
        leapfrog into it where K-LEAP-2's option allows one): a line click offers them as the
        ``T`` badge on the board does, so the keyboard and a click on the portal itself reach them."""
        if self.lock_behind or self.state.position.is_finished(self.state.position.turn):
            return []
        return [a for a in self._move_actions() if a.kind in (Kind.TELEPORT, Kind.LEAP_PORTAL) and a.line == line]

    def _missing_on_line(self, line: int, legal: list[Action],
                         refused: list[tuple[Action, Verdict]]) -> list[tuple[Action, Verdict]]:
        """The ledger's refused candidates on ``line`` of a kind a player may look for among
        the choices and not find (none of that kind is offered there): a piece the pool
        holds, a lock on a free side of a portal or a door while the pool holds a lock,
        taking off a lock that is there.  Only a main action drops or unlocks."""
        pos = self.state.position
        if pos.phase != "main":
            return []
        pool = pos.pools[pos.turn]
        lockable = pos.lines[line] & KIND == Piece.PORTAL or pos.is_door(line)
        found = {a.kind for a in legal}

        def looked_for(a: Action) -> bool:
            if a.kind in found:
                return False
            if a.kind in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL):
                return bool(pool[_POOL_SLOT[a.kind]])
            locked = bool(pos.locks >> a.a & 1)
            if a.kind == Kind.LOCK:
                return lockable and bool(pool[LOCKS]) and not locked
            return a.kind == Kind.UNLOCK and locked

        return [(a, v) for a, v in refused if looked_for(a)]

    def _meant_line(self, line: int, refused: list[tuple[Action, Verdict]],
                    offered: tuple[Kind, ...]) -> tuple[Action, Verdict] | None:
        """Of the ledger's refused candidates on ``line``, the one a click there most plausibly
        meant: what a line click offers now, a lock first on a portal or a door, a piece the
        pool still holds before one it has run out of, the south/west side first."""
        pos = self.state.position
        pool = pos.pools[pos.turn]
        lockable = pos.lines[line] & KIND == Piece.PORTAL or pos.is_door(line)
        order = _LOCKS_FIRST if lockable else _PIECES_FIRST

        def rank(entry: tuple[Action, Verdict]) -> tuple:
            a = entry[0]
            slot = _POOL_SLOT.get(a.kind)
            return (a.kind not in offered, slot is not None and not pool[slot],
                    order.index(a.kind) if a.kind in order else len(order), a.a)

        return min(refused, key=rank, default=None)

    def _refuse_button(self, wanted: Callable[[Action], bool], otherwise: Verdict) -> dict:
        """A button with nothing to do: the verdict of the decision's first candidate of its
        kind, from one reasoned ledger (why that action is refused), else the board's words."""
        state = self.state
        why = state.ledger(why=True)
        for action in why.candidates():
            if wanted(action):
                verdict = state.engine.explain(state.position, action, why)
                if not verdict.legal:
                    return self._refuse(verdict)
        return self._refuse_on_board(otherwise)

    def button(self, button: str, value: Any = None) -> dict:
        if is_edit_button(button):
            return self._edit_button(button, value)
        if self.editor is not None and button not in ("edit", "cancel"):
            # a forged play button must not change the game under the position editor
            return self.refuse_request(f"{button!r} is not available in edit mode: press 'Play from here' or 'Cancel edit' first")
        if self.editor is not None:
            return self.tell("Already editing.") if button == "edit" else self.tell("")
        travelled = self.time_travel(button, value)
        if travelled is not None:
            return travelled
        if button in ("end", "pass", "stop"):
            return self.apply(Action({"end": Kind.END, "pass": Kind.PASS, "stop": Kind.STOP}[button]))
        if button == "back":  # out of an exit or bump choice: take back the move that led to it
            state = self.state
            if state.position.phase not in ("exit", "bump"):
                return self.refuse_request("there is no exit or bump choice to back out of")
            while state.position.phase in ("exit", "bump") and state.ply > self.first_ply():
                state.undo()
            self._after_time_travel()
            return self.tell("Back: choose another move.")
        if button == "roll":
            return self.apply(f"roll {value}" if value is not None else self._next_roll())
        if button == "speed":
            if not self._speed_moves_available():
                return self._refuse_button(lambda a: a.is_move and a.speed, refusals.no_speed_move())
            self.use_speed = not self.use_speed
            self.board_choices = []
            return self.tell("Speed token: your next move cashes it in." if self.use_speed else "Speed token put back.")
        if button == "lock-behind":
            if not any(a.kind == Kind.LOCK for a in self._legal()) or self._phase() != "extras":
                extras = self._phase() == "extras"  # a lock in the main phase is a drop, not this
                return self._refuse_button(lambda a: extras and a.kind == Kind.LOCK, refusals.nothing_to_lock_behind())
            self.lock_behind = not self.lock_behind
            self.board_choices = []
            return self.tell("Lock it behind you: click an L on the board." if self.lock_behind else "")
        if button == "cancel":
            self._reset_ui()
            self.use_speed = False
            return self.tell("")
        if button == "edit":
            self.editor = PositionEditor(self.state.position)
            self._reset_ui()
            aside = self.editor.turn_state
            if aside:  # the turn under way is no part of the drawing: say it in words
                return self.tell("Edit mode: pick a tool, then click squares and lines. The position is in the middle "
                                 f"of a turn: {'; '.join(aside)}. Any edit sets that aside.")
            return self.tell("Edit mode: pick a tool, then click squares and lines.")
        return self.refuse_request(f"unknown button {button!r}")

    def _after_time_travel(self) -> None:
        self._reset_ui()
        self.use_speed = False  # a pressed speed token belongs to the turn it was pressed in

    def _next_roll(self) -> Action:
        return Action.parse(f"roll {random.Random(self.state.ply).randint(1, 12)}")

    # --- edit mode (the editor itself is kabetopo_edit.PositionEditor) ---------------------
    @property
    def editing(self) -> Position | None:
        """The position being edited, or None outside edit mode."""
        return self.editor.position if self.editor is not None else None

    def _edit_reply(self, answer: tuple[bool, str]) -> dict:
        ok, text = answer
        return self.tell(text) if ok else self.refuse_request(text)

    def _edit_button(self, button: str, value: Any) -> dict:
        if self.editor is None:
            return self.refuse_request("not in edit mode")
        if button == "edit-cancel":
            self.editor = None
            return self.tell("Edit cancelled.")
        if button == "edit-done":  # play from the edited position, exactly as the panel judged it
            problems = self.editor.problems
            if problems:  # stay in edit mode: the position is not one the rules can reach
                return self._refuse(refusals.unplayable_position(problems))
            try:
                new_state = KabetopoState(parse_position(format_position(self.editor.playable())))
            except (NotationError, InvalidPositionError) as exc:
                return self.refuse_request(f"this position cannot be played: {exc}")
            self.editor = None
            self.leave_for(new_state, "Back to the game before editing")
            return self.tell("Playing from the edited position. The game before editing is kept: "
                            "'Back to the game before editing' returns to it.")
        return self._edit_reply(self.editor.button(button))

    # --- what to draw --------------------------------------------------------------------
    def position_text(self) -> str:
        return format_position(self.editing if self.editing is not None else self.state.position)

    def _last_path(self) -> list[int] | None:
        state = self.state
        if not state.ply:
            return None
        _, before = state.last_step()
        after = state.position
        for seat in before.rules.seats:
            if before.runners[seat] != after.runners[seat]:
                return [before.runners[seat], after.runners[seat]]
        return None

    def view(self) -> View:
        if self.editor is not None:
            return self._edit_view()
        pos = self.state.position
        legal = self._legal()
        options, highlights = self.board_options(legal)
        for option in options:  # a leapfrog into a portal: where it can come out, as the engine says (K-LEAP-5)
            action = Action.parse(option.action)
            if action.kind == Kind.LEAP_PORTAL:
                probe = KabetopoState(pos)
                probe.apply(action)
                for way_out in probe.legal_actions:
                    if way_out.kind == Kind.EXIT and way_out.destination is not None:
                        highlights.setdefault(square_name(way_out.destination), "exit")
        lines = {line_name(a.line): "drop" for a in self.choices if a.line is not None}
        selected = square_name(self._mover_square()) if self.selected else None
        svg = board_svg(pos, coordinates=self.coordinates, highlights=highlights or None, lines=lines or None,
                        path=self._last_path(), options=options or None, selected=selected, interactive=True, embed_style=False)
        return View(svg, STYLE, self._panel(legal, options))

    def board_options(self, legal: list[Action]) -> tuple[list[Option], dict[str, str]]:
        """The options drawn on the board now (numbered or lettered badges, in the order the
        panel lists them too) and the squares lit: the moves of a selected runner, the exits
        of a portal, where a bumped runner may land, the sides to lock behind a teleport."""
        pos = self.state.position
        highlights: dict[str, str] = {}
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
        return options, highlights

    def _panel(self, legal: list[Action], options: list[Option]) -> Panel:
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

        return self.panel(
            status=status_line(pos),
            headline=self.headline(legal),
            announcements=self.announcements[-5:],
            options_at=[{"action": str(a), "legal": v.legal, "rulings": list(v.rulings), "reason": v.reason}
                           for a, v in self.why_not],
            choices=[{"target": f"act:{a}", "label": _choice_label(a)} for a in self.choices]
                    + [_option_choice(o) for o in options],
            groups=[{"name": "play", "buttons": play}],
            cursor=self.cursor(options),
        )

    def cursor(self, options: list[Option]) -> str | None:
        """Where the keyboard's cursor starts: on the first option when the board asks a
        choice among options (an exit, where a bumped runner lands, a door's swing, a side to
        lock behind a teleport), else on the runner to move."""
        pos = self.state.position
        if options and (pos.phase in ("exit", "bump") or self.board_choices or self.lock_behind):
            return f"act:{options[0].action}"
        if pos.phase in ("main", "extras") and not pos.is_finished(pos.turn):
            return f"sq:{square_name(self._mover_square())}"
        return None

    def move_text(self, action) -> str:
        """The move list words a move for people: each line by its own name (``Action.words``)."""
        return action.words

    def headline(self, legal: list[Action]) -> str:
        """Whose turn, in large type, with what that player still has to decide."""
        pos = self.state.position
        d = self.state.decision
        if d.seat is None:
            return "The round is over"
        if pos.phase == "setup":
            return "Setup: roll the d12"
        return f"{d.seat} to play: {_still_to_decide(legal)}"

    def _edit_view(self) -> View:
        editor = self.editor
        assert editor is not None  # the edit view is only drawn in edit mode
        problems = editor.problems  # the engine's verdict on the very position shown
        quoted = [m.group(0) for p in problems for m in _RULING_ID.finditer(p)]
        return View(editor.svg(), STYLE, Panel(
            status=editor.status(),
            message=self.message,
            refusal=self.refusal,
            rulings_text={**self.ruling_cards(), **cards_for(quoted)},
            announcement=self.announcement,
            choices=[],
            groups=editor.button_groups(),
            moves=[], ply=0, total=0,
            editing=True,
            valid=not problems,
            problems=problems,
            first_ply=None,
        ))

def _choice_label(a: Action) -> str:
    """A choice's button: what it does, in words, with each line called by its own name."""
    if a.kind in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL) and a.line is not None:
        return f"Drop a {a.kind} on {line_name(a.line)}"
    if a.kind == Kind.LOCK and a.side is not None and a.line is not None:
        return f"Lock {side_words(a.side)}"
    if a.kind == Kind.UNLOCK and a.line is not None:
        return f"Unlock {line_name(a.line)} (spends a lock)"
    if a.kind == Kind.BUMP and a.destination is not None:
        return f"Put the bumped runner on {square_name(a.destination)}"
    if a.kind == Kind.BUMP_THROUGH and a.line is not None:
        return f"Push the bumped runner through the portal on {line_name(a.line)}"
    if a.kind == Kind.EXIT and a.line is not None and a.destination is not None:
        return f"Come out on {square_name(a.destination)} (through {line_name(a.line)})"
    words = a.words
    return words[0].upper() + words[1:]


def _option_choice(option: Option) -> dict:
    """The panel's button for an option drawn on the board: its badge's mark, then what it
    does, so the panel names every option and the keyboard reaches each one by Tab (and a
    numbered one by its digit key)."""
    return {"target": f"act:{option.action}", "label": f"{option.label} · {_choice_label(Action.parse(option.action))}",
            "key": option.label}


_RULING_ID = re.compile(r"\b(?:K|KNB)-[A-Z]*-?\d+\b")  # a ruling ID quoted by a problem ("K-INV-4: ...")

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


# What a line click offers in each decision, in the order of its choices, and what it says.
_LINE_KINDS: dict[str, tuple[Kind, ...]] = {
    "main": (Kind.WALL, Kind.MONOLITH, Kind.PORTAL, Kind.LOCK, Kind.UNLOCK),
    "extras": (Kind.LOCK,),  # lock it behind you
    "exit": (Kind.EXIT,),
    "bump": (Kind.BUMP_THROUGH,),
}
_LINE_PROMPTS = {
    "main": "Choose what to do on {line}.",
    "extras": "Lock it behind you: choose a side.",
    "exit": "Choose the way out through {line}.",
    "bump": "Push the runner through the portal on {line}.",
}
# Which refused candidate on a line a click most likely meant (see _meant_line).
_PIECES_FIRST = (Kind.WALL, Kind.MONOLITH, Kind.PORTAL, Kind.LOCK, Kind.UNLOCK)
_LOCKS_FIRST = (Kind.LOCK, Kind.UNLOCK, Kind.WALL, Kind.MONOLITH, Kind.PORTAL)
_POOL_SLOT = {Kind.WALL: WALLS, Kind.MONOLITH: MONOLITHS, Kind.PORTAL: PORTALS, Kind.LOCK: LOCKS, Kind.UNLOCK: LOCKS}


def _not_offered(missing: list[tuple[Action, Verdict]]) -> str:
    """What a line click says of the choices a player looks for and does not find: the
    engine's verdict of each (``_missing_on_line``), candidates refused for the same reason
    together; "" when nothing is missing."""
    by_reason: dict[tuple[tuple[str, ...], str], list[str]] = {}
    for action, verdict in missing:
        by_reason.setdefault((tuple(verdict.rulings), verdict.reason), []).append(str(action))
    if not by_reason:
        return ""
    return " Not offered here: " + "; ".join(
        f"{', '.join(actions)} ({', '.join(rulings)}): {reason}" for (rulings, reason), actions in by_reason.items()) + "."


def _beside(origin: int, square: int) -> int | None:
    """The square next to ``origin`` on the way to ``square`` when the two share a row or a
    column (``square`` itself when it is next to ``origin``); None otherwise."""
    for d, nb in enumerate(NEIGHBOURS[origin]):
        cur = nb
        while cur is not None:
            if cur == square:
                return nb
            cur = NEIGHBOURS[cur][d]
    return None


def kabetopo_controller(source: KabetopoState | Position | str | None = None, *, rules: Rules | str | None = None,
                        seed: int | None = None, coordinates: bool = True) -> KabetopoController:
    """The controller of a Kabetopo board (``kabetopo_nb.KabetopoBoard``): from a state, a
    position, position text, or a new round (``seed``)."""
    if isinstance(source, KabetopoState):
        state = source
    elif isinstance(source, (Position, str)):
        state = KabetopoState(source)
    elif source is None:
        state = KabetopoState.new_round(rules, seed=seed or 0)
    else:
        raise SettingError(f"a board is made from a KabetopoState, a Position or position text, not {type(source).__name__}")
    return KabetopoController(state, coordinates=coordinates)

