"""Kabetopo actions and their text notation (the UCI of this project).

Every action is one atomic decision.  Squares, lines and sides use the names of
``geometry.py``; a side is written from the square it faces (``c5s`` faces c5).

==============================  ===============================================
``step c5``                      step to an adjacent square (up or down a Mountain too)
``leap c6``                      leapfrog, landing on c6
``leap-portal c5n``              (option of K-LEAP-2) leapfrog into the portal on c5's north side
``teleport c4e``                 enter the portal on c4's east side ... then
``exit e3n``                     ... come out of the portal on e3's north side onto e3
``door c4n c5e``                 open the door on c4n, step to c5; it swings onto c5e
``bump d4``                      put the runner bumped off the Mountain on d4
``bump-through c4e``             push it through the portal on the Mountain's east side
``wall c4n`` ``monolith c4n``    drop a wall / monolith on a line
``portal c4n``                   drop a portal on a line
``lock c5s``                     drop a lock on a side (main action or lock it behind you)
``unlock c5s``                   spend a lock to remove the lock on c5s
``speed step c5``                cash in the speed token and make this move with it
``end``                          end the turn, leaving open bonuses unused
``pass``                         no legal action: pass (K-TURN-5)
``roll 7``                       a d12 roll of the 2x2 Field Setup (chance)
``stop``                         Mischief (v3.0 expansion): a finished player stops for the round
==============================  ===============================================
"""
from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

from ..core.verdict import NotationError
from .geometry import (
    LINE_OF,
    LINES,
    NUM_SQUARES,
    line_name,
    line_of_side,
    parse_line,
    parse_side,
    parse_square,
    side_name,
    side_words,
    sides_of_line,
    square_name,
)


class Kind(StrEnum):
    """What an action does; its value is the action's notation keyword."""

    STEP = "step"
    LEAP = "leap"
    TELEPORT = "teleport"
    DOOR = "door"
    LEAP_PORTAL = "leap-portal"
    EXIT = "exit"
    BUMP = "bump"
    BUMP_THROUGH = "bump-through"
    WALL = "wall"  # drop a wall (the piece itself is ``position.Piece.WALL``)
    MONOLITH = "monolith"
    PORTAL = "portal"
    LOCK = "lock"
    UNLOCK = "unlock"
    END = "end"
    PASS = "pass"
    ROLL = "roll"
    STOP = "stop"


MOVE_KINDS = frozenset({Kind.STEP, Kind.LEAP, Kind.TELEPORT, Kind.DOOR, Kind.LEAP_PORTAL})
DROP_KINDS = frozenset({Kind.WALL, Kind.MONOLITH, Kind.PORTAL})
KINDS = tuple(Kind)

# What the numbers a and b of each kind mean.
_SQUARE, _SIDE, _LINE, _NUMBER = "square", "side", "line", "number"
ARGS = {
    Kind.STEP: (_SQUARE,), Kind.LEAP: (_SQUARE,), Kind.TELEPORT: (_SIDE,), Kind.DOOR: (_SIDE, _SIDE),
    Kind.LEAP_PORTAL: (_SIDE,), Kind.EXIT: (_SIDE,), Kind.BUMP: (_SQUARE,), Kind.BUMP_THROUGH: (_SIDE,),
    Kind.WALL: (_LINE,), Kind.MONOLITH: (_LINE,), Kind.PORTAL: (_LINE,), Kind.LOCK: (_SIDE,),
    Kind.UNLOCK: (_SIDE,), Kind.END: (), Kind.PASS: (), Kind.ROLL: (_NUMBER,), Kind.STOP: (),
}
_FORMAT: dict[str, Callable[[int], str]] = {_SQUARE: square_name, _SIDE: side_name, _LINE: line_name, _NUMBER: str}


def _parse_number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 12:
        raise NotationError(f"not a d12 roll: {text!r} (expected 1..12)")
    return int(text)


_PARSE = {_SQUARE: parse_square, _SIDE: parse_side, _LINE: parse_line, _NUMBER: _parse_number}


class Action(NamedTuple):
    """One atomic Kabetopo action.  ``str(action)`` is its notation; ``Action.parse`` reads it."""

    kind: Kind
    a: int = -1
    b: int = -1
    speed: bool = False

    def __str__(self) -> str:
        try:
            spec = ARGS.get(self.kind)
        except TypeError:  # a hand-built action whose kind cannot even be hashed
            spec = None
        if spec is None:
            return f"<bad action {self.kind!r}>"
        parts = ["speed"] if self.speed else []
        parts.append(self.kind)
        for kind, value in zip(spec, (self.a, self.b), strict=False):
            try:
                parts.append(_FORMAT[kind](value))
            except (IndexError, TypeError, ValueError):
                parts.append(f"?{value}")
        return " ".join(parts)

    @property
    def name(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def is_move(self) -> bool:
        return self.kind in MOVE_KINDS

    # --- what the action touches, so that nothing outside reads its numbers ---------------
    @property
    def side(self) -> int | None:
        """The side it names first: where a teleport, a leap into a portal, an exit or a bump
        through a portal goes in or out, where a lock goes or comes off, the door a door move
        swings; None for the other kinds."""
        spec = ARGS.get(self.kind, ())
        return self.a if spec[:1] == (_SIDE,) else None

    @property
    def line(self) -> int | None:
        """The line it changes or goes through: a drop's line; the line of its ``side``; for a
        door move, the line the door swings to; None for a step, leap, bump, end, pass, roll."""
        if self.kind in DROP_KINDS:
            return self.a
        if self.kind == Kind.DOOR:
            return line_of_side(self.b)
        side = self.side
        return line_of_side(side) if side is not None else None

    @property
    def destination(self) -> int | None:
        """The square the action puts a runner on, where the action alone says so: a step's,
        a leapfrog's or a bump's square, the square beyond a door, an exit's square; None for
        a teleport or a leap into a portal (an exit is chosen next) and for the other kinds."""
        if self.kind in (Kind.STEP, Kind.LEAP, Kind.BUMP):
            return self.a
        if self.kind == Kind.DOOR:
            return self.b >> 2
        if self.kind == Kind.EXIT:
            return self.a >> 2
        return None

    @property
    def words(self) -> str:
        """The action as a player reads it on the board: a line is always called by its own
        name (``line_name``), never by the side of one of its squares, so one line carries one
        name on one screen (``teleport c4w`` reads "teleport through b4e").  Notation stays
        ``str(action)``: this is for people, not for saves."""
        side = self.side
        if side is None or self.kind not in _SPOKEN:
            return str(self)
        try:
            line, square = line_name(line_of_side(side)), square_name(side >> 2)
            door_to = line_name(line_of_side(self.b)) if self.kind == Kind.DOOR else ""
        except (IndexError, TypeError, ValueError):  # a hand-built action off the board
            return str(self)
        text = _SPOKEN[self.kind].format(line=line, square=square, side=side_words(side), door_to=door_to)
        return f"speed {text}" if self.speed else text

    @staticmethod
    def parse(text: str) -> Action:
        """Read one action; NotationError says what is badly written."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text, not {type(text).__name__}")
        tokens = LINE_BAR.sub("|", text).split()  # a line between two squares: "c4|c5", "c4 | c5"
        if not tokens:
            raise NotationError("empty action text")
        speed = tokens[0] == "speed"
        if speed:
            tokens = tokens[1:]
            if not tokens or tokens[0] not in MOVE_KINDS:
                raise NotationError(f"{text!r}: 'speed' must be followed by a move (step, leap, teleport, door, leap-portal)")
        try:
            kind = Kind(tokens[0])
        except ValueError:
            raise NotationError(f"{text!r}: unknown action {tokens[0]!r}; known: {', '.join(KINDS)}") from None
        spec = ARGS[kind]
        if kind == Kind.DOOR and len(tokens) == 2:
            raise NotationError(door_by_line(text, tokens[1]))
        if len(tokens) - 1 != len(spec):
            want = " ".join(f"<{s}>" for s in spec)
            raise NotationError(f"{text!r}: {kind} takes {len(spec)} argument(s): {kind} {want}".rstrip())
        values = []
        for arg_kind, token in zip(spec, tokens[1:], strict=False):
            try:
                values.append(_PARSE[arg_kind](token))
            except ValueError as exc:
                raise NotationError(f"{text!r}: {exc}") from None
        values += [-1] * (2 - len(values))
        return Action(kind, values[0], values[1], speed)


# How an action on a side reads (``Action.words``): by its line's name, and the square only
# where the side matters (an exit's landing square, the side a lock covers).
_SPOKEN = {
    Kind.TELEPORT: "teleport through {line}",
    Kind.LEAP_PORTAL: "leap into the portal on {line}",
    Kind.EXIT: "exit {line} onto {square}",
    Kind.DOOR: "door {line} swung onto {door_to}",
    Kind.BUMP_THROUGH: "bump through {line}",
    Kind.LOCK: "lock {side}",
    Kind.UNLOCK: "unlock {side}",
}


def parse_action(text: str) -> Action:
    return Action.parse(text)


LINE_BAR = re.compile(r"\s*\|\s*")


def door_by_line(text: str, door: str, forms: list[str] | None = None) -> str:
    """Why ``door c4n`` (the door named by its line alone) is not an action, and how it is
    written: the door's side facing the runner's square, then the side line the door swings
    onto (K-DOOR-2).  ``forms``: the door moves through that line the position allows."""
    example = "e.g. 'door c4n c5e': the runner on c4 opens the door on c4n, steps to c5, and the door comes to " \
              "rest on c5e"
    if forms is None:
        return (f"{text!r}: a door move names the door's side facing the runner's square and the side line it "
                f"swings onto (K-DOOR-2), {example}")
    if forms:
        said = " or ".join(f"'{f}'" for f in forms)
        return (f"{text!r} names only the door's line; a door move also says where the door swings (K-DOOR-2): "
                f"here it is {said}")
    return (f"{text!r} names only the door's line; a door move also says where the door swings (K-DOOR-2), and no "
            f"door move through {door} is legal here ({example})")


# --- every candidate action (for the tests that compare explain() with the legal actions) ---

_ALL_SIDES = [side for line in LINES for side in sides_of_line(line)]
_MOVES = [Action(Kind.STEP, sq) for sq in range(NUM_SQUARES)] + [Action(Kind.LEAP, sq) for sq in range(NUM_SQUARES)]
_MOVES += [Action(Kind.TELEPORT, side) for side in _ALL_SIDES] + [Action(Kind.LEAP_PORTAL, side) for side in _ALL_SIDES]
_FIXED = tuple(
    _MOVES
    + [a._replace(speed=True) for a in _MOVES]
    + [Action(kind, side) for kind in (Kind.EXIT, Kind.BUMP_THROUGH, Kind.LOCK, Kind.UNLOCK) for side in _ALL_SIDES]
    + [Action(Kind.BUMP, sq) for sq in range(NUM_SQUARES)]
    + [Action(kind, line) for kind in (Kind.WALL, Kind.MONOLITH, Kind.PORTAL) for line in LINES]
    + [Action(Kind.END), Action(Kind.PASS), Action(Kind.STOP), Action(Kind.WALL, LINES[0], -1, True)]
    + [Action(Kind.ROLL, n) for n in range(1, 13)]
)


def every_candidate(state) -> list[Action]:
    """Every action of every kind the notation can write, legal here or not: each square,
    side and line for each kind, and door swings from the mover's four sides onto any side
    (the universe that ``explain`` must judge as the legal actions do)."""
    out = list(_FIXED)
    pos = state.position
    sq = pos.square_of(pos.turn)
    for d in range(4):
        if LINE_OF[sq][d] is not None:
            for side in _ALL_SIDES:
                out.append(Action(Kind.DOOR, sq * 4 + d, side))
                out.append(Action(Kind.DOOR, sq * 4 + d, side, True))
    return out
