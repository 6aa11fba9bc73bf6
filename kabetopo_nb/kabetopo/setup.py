"""The 2x2 Field Setup (rulebook v4.0, Appendix) as chance decisions: one d12 roll per action.

K-SETUP-1 labels a 2x2 field's twelve lines: 1-6 are the horizontal segments (top line
left/right, middle line left/right, bottom line left/right), 7-12 the vertical ones (left
line top/bottom, middle line top/bottom, right line top/bottom).  A roll whose line is the
board's boundary, is taken, or would break K-INV-1 is recorded and rolled again.
K-SETUP-2: three setup monoliths in the centre field c3-d4, then one setup portal in each
side field c5-d6, e3-f4, c1-d2, a3-b4.  K-SETUP-3: every roll is an action in the history.
"""
from __future__ import annotations

from ..core.ledger import Ledger
from ..core.verdict import NotationError
from .actions import Action, Kind
from .geometry import LINE_OF, SIZE, E, N, line_name, parse_square, square_name
from .invariants import violations
from .outcomes import SetupRoll
from .position import SETUP, Phase, Piece, Position
from .trial import trying

_MONOLITH, _PORTAL = Piece.MONOLITH, Piece.PORTAL
ROLLS = tuple(Action(Kind.ROLL, n) for n in range(1, 13))

CENTRE_FIELD = parse_square("c3")
PORTAL_FIELDS = tuple(parse_square(s) for s in ("c5", "e3", "c1", "a3"))


def field_line(origin: int, label: int) -> int | None:
    """The line with ``label`` (1..12) in the 2x2 field whose lower-left square is ``origin``."""
    f0, r0 = origin % SIZE, origin // SIZE
    if 1 <= label <= 6:
        row = (label - 1) // 2  # 0 top, 1 middle, 2 bottom
        col = (label - 1) % 2
        y = r0 + 2 - row  # the grid line y: segment is the north line of square (x, y - 1)
        x = f0 + col
        if not (1 <= y <= SIZE - 1) or not 0 <= x < SIZE:
            return None
        return LINE_OF[(y - 1) * SIZE + x][N]
    if 7 <= label <= 12:
        col = (label - 7) // 2  # 0 left, 1 middle, 2 right
        row = (label - 7) % 2  # 0 top, 1 bottom
        x = f0 + col  # the grid line x: segment is the east line of square (x - 1, y)
        y = r0 + 1 - row
        if not (1 <= x <= SIZE - 1) or not 0 <= y < SIZE:
            return None
        return LINE_OF[y * SIZE + x - 1][E]
    raise NotationError(f"a d12 shows 1..12, not {label}")


def setup_target(pos: Position) -> tuple[int, int]:
    """(piece kind, field origin) of the next setup piece."""
    step = pos.setup_step
    if step < pos.rules.setup_monoliths:
        return _MONOLITH, CENTRE_FIELD
    return _PORTAL, PORTAL_FIELDS[step - pos.rules.setup_monoliths]


def setup_steps(pos: Position) -> int:
    return pos.rules.setup_monoliths + pos.rules.setup_portals


def describe_target(pos: Position) -> str:
    kind, origin = setup_target(pos)
    f0, r0 = origin % SIZE, origin // SIZE
    far = (r0 + 1) * SIZE + f0 + 1
    what = "monolith" if kind == _MONOLITH else "portal"
    if kind == _MONOLITH:
        n, total = pos.setup_step + 1, pos.rules.setup_monoliths
    else:
        n, total = pos.setup_step - pos.rules.setup_monoliths + 1, pos.rules.setup_portals
    return f"setup {what} {n} of {total} in field {square_name(origin)}-{square_name(far)}"


def roll_outcome(pos: Position, label: int) -> tuple[int | None, str]:
    """(line, why) for a roll: the line to fill, or None with the reason for a re-roll."""
    kind, origin = setup_target(pos)
    line = field_line(origin, label)
    if line is None:
        return None, f"label {label} is on the board's boundary: roll again (K-SETUP-1)"
    if pos.lines[line] != Piece.EMPTY:
        return None, f"label {label} ({line_name(line)}) is already taken: roll again (K-SETUP-1)"
    if kind == _PORTAL and line in pos.rules.geometry.corner_lines():
        return None, f"label {label} ({line_name(line)}) is a corner's line: roll again (K-INV-2)"
    with trying(pos, line, kind | SETUP):
        bad = violations(pos, first_only=True)
    if bad:
        return None, f"label {label} ({line_name(line)}) would break K-INV-1 ({bad[0][1]}): roll again (K-SETUP-1)"
    what = "monolith" if kind == _MONOLITH else "portal"
    return line, f"label {label}: a setup {what} goes on {line_name(line)}"


def rolls(pos: Position, led: Ledger) -> None:
    """The setup decision: the twelve faces of the d12, each with what it does (K-SETUP-1).

    A field with no line left for its piece (a hand-made position) would be rolled for
    ever: then no face is allowed and each says why (``full_field``).
    """
    outcomes = [SetupRoll(action.a, *roll_outcome(pos, action.a)) for action in ROLLS]
    if all(o.line is None for o in outcomes):
        if led.why:
            why = _stuck(pos)
            for action in ROLLS:
                led.reject(action, "K-SETUP-1", why)
        return
    for action, outcome in zip(ROLLS, outcomes, strict=False):
        led.allow(action, outcome)


def full_field(pos: Position) -> str | None:
    """Why the setup cannot go on: every roll of the current field would be rolled again."""
    if pos.phase != Phase.SETUP or pos.setup_step >= setup_steps(pos):
        return None
    if any(roll_outcome(pos, label)[0] is not None for label in range(1, 13)):
        return None
    return _stuck(pos)


def _stuck(pos: Position) -> str:
    """``full_field``'s reason, once every face of the d12 is known to be rolled again."""
    return (f"{describe_target(pos)}: no line of the field can take it (every d12 face is on the boundary, "
            "taken, or would break K-INV-1), so the dice would be rolled for ever")


def place(pos: Position, roll: SetupRoll) -> None:
    """Apply a roll: its line gets the setup piece (or nothing, and the die is rolled again)."""
    if roll.line is None:
        return
    kind, _ = setup_target(pos)
    pos.set_line(roll.line, kind | SETUP)
    pos.setup_step += 1
    if pos.setup_step >= setup_steps(pos):
        pos.phase = Phase.MAIN
        pos.setup_step = 0
