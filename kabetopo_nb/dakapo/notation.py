"""Position text (the FEN of Dakapo): ``format_position`` and ``parse_position``.

Fields ``key=value`` joined by ``;`` in a fixed order; ``last`` and ``claim`` are left out
when unset.  The starting position::

    rules=dakapo;board=8/8/8/3GY3/3RB3/8/8/8;turn=1

=======  ========================================================================
rules    ``dakapo``, then ``+size<n>`` (D-SIZE-1) and ``+tabletop`` (D-3 option)
board    ranks from the top (rank n) down to rank 1, separated by ``/``; R Y G B
         for stones, a number for a run of empty squares (FEN style)
stones   instead of ``board``, in a partial position: only the stones that matter,
         each a colour letter and its square (``Gd4``), in board order (a1, b1, ...
         along rank 1, then rank 2 and up), separated by commas; ``-`` for none
supply   with ``stones`` (and only then): each colour's supply, in the order red,
         yellow, green, blue: ``R3,Y0,G5,B2`` (D-2)
turn     1 or 2: the player who places next
last     the square of the last stone placed (its colour is barred by D-PLACE-3);
         absent before the first placement (D-4)
claim    tabletop option: ``claimed`` (the last stone's square was claimed) or
         ``passed`` (its player let it go after filling the board, D-CLAIM-1)
=======  ========================================================================

A partial position describes a question about a game rather than a whole game: the
squares it does not list count as empty, and the stones placed elsewhere are known
only from the supplies, which are therefore written out (a colour whose supply is 0
cannot be placed, D-2)::

    rules=dakapo;stones=Gd2,Gc3,Ge3,Rd5;supply=R9,Y12,G7,B12;turn=1;last=d5

The same text always comes back: ``format_position(parse_position(text)) == text`` for
every text that reads.  Whose turn it is follows from the stones placed (``turns.py``):
a ``turn`` that disagrees reads, but is a problem (``position_problems``).
"""
from __future__ import annotations

from ..core.grid_text import format_rows, parse_count, parse_rows, shown
from ..core.verdict import InvalidPositionError, NotationError
from .geometry import parse_square, square_name
from .position import CLAIMED, NO_CLAIM, PASSED, Position
from .rules import COLOUR_LETTERS, COLOURS, EMPTY, DakapoRules
from .squares import squares_through
from .turns import turn_problems

FIELDS = ("rules", "board", "stones", "supply", "turn", "last", "claim")
NO_STONES = "-"  # a partial position that lists no stone


def format_board(pos: Position) -> str:
    return format_rows(pos.board, pos.size, dict(enumerate(COLOUR_LETTERS)), EMPTY)


def format_stones(pos: Position) -> str:
    """The stones of a partial position in board order: ``Gd2,Gc3,Ge3,Rd5`` (``-`` for none)."""
    listed = [f"{COLOUR_LETTERS[c]}{square_name(sq, pos.size)}" for sq, c in enumerate(pos.board) if c != EMPTY]
    return ",".join(listed) or NO_STONES


def format_supply(pos: Position) -> str:
    """Each colour's supply, red to blue: ``R9,Y12,G7,B11`` (D-2)."""
    return ",".join(f"{letter}{pos.supply(c)}" for c, letter in enumerate(COLOUR_LETTERS))


def format_position(pos: Position) -> str:
    parts = [f"rules={pos.rules}"]
    if pos.given_supply is None:
        parts.append(f"board={format_board(pos)}")
    else:
        parts += [f"stones={format_stones(pos)}", f"supply={format_supply(pos)}"]
    parts.append(f"turn={pos.turn + 1}")
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


def _parse_stones(text: str, size: int) -> list[int]:
    """The board of a partial position from its ``stones`` field (``format_stones``)."""
    board = [EMPTY] * (size * size)
    if text == NO_STONES:
        return board
    order = []
    for item in text.split(","):
        colour = COLOUR_LETTERS.find(item[:1]) if item else -1
        if colour < 0 or len(item) < 2:
            raise NotationError(f"stones: {shown(item)} is not a stone: write its colour letter (R, Y, G or B) "
                                f"and its square, e.g. Gd4")
        try:
            sq = parse_square(item[1:], size)
        except NotationError as exc:
            raise NotationError(f"stones: {exc}") from None
        if board[sq] != EMPTY:
            raise NotationError(f"stones: {square_name(sq, size)} is listed twice")
        board[sq] = colour
        order.append(sq)
    if order != sorted(order):
        listed = ",".join(f"{COLOUR_LETTERS[board[sq]]}{square_name(sq, size)}" for sq in sorted(order))
        raise NotationError(f"stones: list the stones in board order (a1, b1, ... along rank 1, then rank 2 and "
                            f"up): {listed}")
    return board


def _parse_supply(text: str, rules: DakapoRules) -> tuple[int, ...]:
    """A partial position's ``supply`` field (``format_supply``): four counts, red to blue."""
    parts = text.split(",")
    letters = list(COLOUR_LETTERS)
    if len(parts) != len(letters) or [p[:1] for p in parts] != letters:
        raise NotationError(f"supply: give each colour's supply once, in the order red, yellow, green, blue, "
                            f"as R<n>,Y<n>,G<n>,B<n>, not {shown(text)}")
    # at most 3 digits: no colour has more than 169 stones (26x26, D-SIZE-1); the count
    # itself is checked against D-2 with the rest of the position (``invalid_reasons``)
    return tuple(parse_count(p[1:], f"the {name} supply", 999) for p, name in zip(parts, COLOURS, strict=True))


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
    for key in ("rules", "turn"):
        if key not in fields:
            raise NotationError(f"missing field {key!r}")
    if "board" in fields and "stones" in fields:
        raise NotationError("give the board once: board= (every square) or stones= (a partial position), not both")
    if "board" not in fields and "stones" not in fields:
        raise NotationError("missing field 'board' (or, for a partial position, 'stones' and 'supply')")
    if "board" in fields and "supply" in fields:
        raise NotationError("supply= belongs to a partial position, whose stones are listed with stones=; "
                            "with board= each colour's supply follows from the stones on it (D-2)")
    if "stones" in fields and "supply" not in fields:
        raise NotationError("stones= lists only the squares that matter, so give each colour's supply too "
                            "(supply=R<n>,Y<n>,G<n>,B<n>); a whole board is written with board=")
    try:
        rules = DakapoRules.parse(fields["rules"])
    except ValueError as exc:
        raise NotationError(f"rules: {exc}") from None
    pos = Position(rules, empty=True)
    if "board" in fields:
        pos.board = _parse_board(fields["board"], rules.size)
    else:
        pos.board = _parse_stones(fields["stones"], rules.size)
        pos.given_supply = _parse_supply(fields["supply"], rules)
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
    per_colour = pos.rules.stones_per_colour
    for c, name in enumerate(COLOURS):
        if pos.given_supply is None:
            if pos.supply(c) < 0:
                out.append(f"D-2: {pos.count(c)} {name} stones on the board, but a colour has only {per_colour}")
            continue
        if pos.supply(c) > per_colour - 1:
            out.append(f"D-2: at most {per_colour - 1} {name} stones can be left in the supply, since {name}'s "
                       f"setup stone is on the board from the start (D-1); the supply gives {pos.supply(c)}")
        elif pos.count(c) + pos.supply(c) > per_colour:
            out.append(f"D-2: {pos.count(c)} {name} stones listed and {pos.supply(c)} left in the supply make "
                       f"{pos.count(c) + pos.supply(c)}, but a colour has only {per_colour}")
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
    """Soft problems: things play cannot produce, but a teaching position may show.  A turn
    that disagrees with the stones (``turns.turn_problems``) is one: the position is then
    played as written, but no result is named from it."""
    out = turn_problems(pos)
    n = pos.size
    for sq, c in enumerate(pos.board):
        if c == EMPTY:
            continue
        f, r = sq % n, sq // n
        for other in ([sq + 1] if f + 1 < n else []) + ([sq + n] if r + 1 < n else []):
            if pos.board[other] == c:
                out.append(f"D-PLACE-2: {COLOURS[c]} stones touch on {square_name(sq, n)} and {square_name(other, n)}")
    return out
