"""Position text (the FEN of Dakapo): ``format_position`` and ``parse_position``.

Fields ``key=value`` joined by ``;`` in a fixed order; ``last`` and ``claim`` are left out
when unset.  The starting position::

    rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;turn=1

=======  ========================================================================
rules    ``dakapo``, then ``+size<n>`` (D-SIZE-1) and ``+tabletop`` (D-3 option)
board    ranks from the top (rank n) down to rank 1, separated by ``/``; R Y G B
         for stones, a number for a run of empty squares (FEN style)
turn     1 or 2: the player who places next
last     the square of the last stone placed (its colour is barred by D-PLACE-3);
         absent before the first placement (D-4)
claim    tabletop option: ``claimed`` (the last stone's square was claimed) or
         ``passed`` (its player let it go after filling the board, D-CLAIM-1)
=======  ========================================================================
"""
from __future__ import annotations

from ..core.grid_text import format_rows, parse_rows, shown
from ..core.verdict import InvalidPositionError, NotationError
from .geometry import parse_square, square_name
from .position import CLAIMED, NO_CLAIM, PASSED, Position
from .rules import COLOUR_LETTERS, COLOURS, EMPTY, DakapoRules
from .squares import squares_through

FIELDS = ("rules", "board", "turn", "last", "claim")


def format_board(pos: Position) -> str:
    return format_rows(pos.board, pos.size, dict(enumerate(COLOUR_LETTERS)), EMPTY)


def format_position(pos: Position) -> str:
    parts = [f"rules={pos.rules}", f"board={format_board(pos)}", f"turn={pos.turn + 1}"]
    if pos.last >= 0:
        parts.append(f"last={square_name(pos.last, pos.size)}")
    if pos.claim != NO_CLAIM:
        parts.append(f"claim={pos.claim}")
    return ";".join(parts)


def _parse_board(text: str, size: int) -> list[int]:
    try:
        return parse_rows(text, size, dict(enumerate(COLOUR_LETTERS)), EMPTY)
    except NotationError as exc:
        raise NotationError(f"board: {exc}") from None


def parse_position(text: str) -> Position:
    """Read position text exactly as ``format_position`` writes it (no spaces around it or
    its fields, numbers in ASCII digits): NotationError when badly written,
    InvalidPositionError when it describes something the rules cannot reach (too many
    stones, a claim without a square)."""
    if not isinstance(text, str):
        raise NotationError(f"position text is a string, not {type(text).__name__}")
    fields: dict[str, str] = {}
    for part in text.split(";"):
        key, eq, value = part.partition("=")
        if not eq:
            raise NotationError(f"{shown(part)} is not a key=value field")
        if key not in FIELDS:
            raise NotationError(f"unknown field {shown(key)} (fields: {', '.join(FIELDS)})")
        if key in fields:
            raise NotationError(f"field {key!r} given twice")
        fields[key] = value
    order = [k for k in FIELDS if k in fields]
    if list(fields) != order:
        raise NotationError(f"fields must come in the order {', '.join(FIELDS)}")
    for key in ("rules", "board", "turn"):
        if key not in fields:
            raise NotationError(f"missing field {key!r}")
    try:
        rules = DakapoRules.parse(fields["rules"])
    except ValueError as exc:
        raise NotationError(f"rules: {exc}") from None
    pos = Position(rules, empty=True)
    pos.board = _parse_board(fields["board"], rules.size)
    if fields["turn"] not in ("1", "2"):
        raise NotationError(f"turn must be 1 or 2, got {shown(fields['turn'])}")
    pos.turn = int(fields["turn"]) - 1
    if "last" in fields:
        try:
            pos.last = parse_square(fields["last"], rules.size)
        except ValueError as exc:
            raise NotationError(f"last: {exc}") from None
    if "claim" in fields:
        if fields["claim"] not in (CLAIMED, PASSED):
            raise NotationError(f"claim must be {CLAIMED} or {PASSED}, got {shown(fields['claim'])}")
        pos.claim = fields["claim"]
    reasons = invalid_reasons(pos)
    if reasons:
        raise InvalidPositionError(reasons, text)
    return pos


def invalid_reasons(pos: Position) -> list[str]:
    """What makes a position impossible to hold (the parser refuses these)."""
    out = []
    for c, name in enumerate(COLOURS):
        if pos.supply(c) < 0:
            out.append(f"D-2: {pos.count(c)} {name} stones on the board, but a colour has only "
                       f"{pos.rules.stones_per_colour}")
    if pos.last >= 0 and pos.board[pos.last] == EMPTY:
        out.append(f"last: {square_name(pos.last, pos.size)} holds no stone")
    if pos.claim != NO_CLAIM:
        if not pos.rules.tabletop:
            out.append("D-CLAIM-1: claims exist only under the tabletop option")
        elif pos.last < 0 or pos.board[pos.last] == EMPTY or not squares_through(pos.board, pos.size, pos.last):
            out.append("D-CLAIM-1: the last stone completes no square, so nothing can be claimed or let go")
        elif pos.claim == PASSED and not pos.is_full():
            out.append("D-CLAIM-1: a square is let go (passed) only after the stone that fills the board")
    return out


def position_problems(pos: Position) -> list[str]:
    """Soft problems: things play cannot produce, but a teaching position may show."""
    out = []
    n = pos.size
    for sq, c in enumerate(pos.board):
        if c == EMPTY:
            continue
        f, r = sq % n, sq // n
        for other in ([sq + 1] if f + 1 < n else []) + ([sq + n] if r + 1 < n else []):
            if pos.board[other] == c:
                out.append(f"D-PLACE-2: {COLOURS[c]} stones touch on {square_name(sq, n)} and {square_name(other, n)}")
    return out
