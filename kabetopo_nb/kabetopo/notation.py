"""Position text (the FEN of this project): ``format_position`` and ``parse_position``.

A position is written as ``key=value`` fields joined by ``;`` in a fixed order; fields
at their default value are left out, so the text stays short.  Example::

    rules=kabetopo-4p;lines=M*c3n,M*c4e,M*d3n,P*c5e,P*e3n,P*c2e,P*a4e,Wb2n;locks=c5s;
    runners=Ee6,Sf1,Wa1,Na6;pools=E:w2m1p1l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S

=========  ====================================================================
rules      ruleset name, then ``+option`` for each option switched on
lines      pieces on lines: W wall, M monolith, P portal; ``*`` marks a setup piece; a line
           by a side name (``Wc4n``) or between its two squares (``Wc4|c5``)
locks      sides holding a lock
runners    seat letter, square, and ``+n`` for stones carried
pools      per seat: walls, monoliths, portals, locks, speed token (1 = "+1" side up)
stones     stones left on each Mountain site (default: the ruleset's)
out        locks taken out of play by unlocking (K-INV-3)
order      seats in the order they took stones
halfway    seat and square of each Halfway Home, in order (2-player v2.0)
homes      seat and square of each Tadaima, in order
stopped    finished players who stopped their Mischief
stranded   runners out of the race: they can never finish (KNB-11; their players play on, K-ROUND-4)
turn       seat whose turn it is
phase      setup / main / extras / exit / bump / over (default main)
setup      setup pieces placed so far (phase setup)
bonus      move / teleport: an open bonus (K-TURN-2)
flags      g: the turn includes a move, m: moved, s: speed used, l: locked behind,
           b: bumped this turn, x: the previous turn bumped (K-TURN-6)
lb         portal lines teleported through this turn (K-TURN-10)
pending    exit:<runner>:<entry side>:<own|bumped|cont>:<origin>[:via=<sides entered before>][:door]
           or bump:<runner>:<Mountain>[:door] (``door``: K-DOOR-4 checks where it lands)
turns      turns completed in this round
round      the round's number in its match (default 1; K-SET-3 pools depend on it)
=========  ====================================================================
"""
from __future__ import annotations

import re

from ..core.verdict import InvalidPositionError, NotationError
from .geometry import line_name, other_side, parse_line, parse_side, parse_square, side_name, square_name
from .position import KIND, PIECE_LETTERS, SETUP, Bonus, ExitMode, PendingBump, PendingExit, Phase, Piece, Position
from .rules import OPTION_RULINGS, POOL_LETTERS, SEAT_LETTERS, Rules
from .validity import structural_problems

FIELDS = (
    "rules", "lines", "locks", "runners", "pools", "stones", "out", "order", "halfway", "homes", "stopped", "stranded",
    "turn", "phase", "setup", "bonus", "flags", "lb", "pending", "turns", "round",
)
PHASES = tuple(p.value for p in Phase)
MODES = tuple(m.value for m in ExitMode)
FLAG_ATTRS = (("g", "grants_move"), ("m", "moved"), ("s", "speed_used"), ("l", "lb_used"),
              ("b", "bumped_this_turn"), ("x", "bump_banned"))
_LETTER_PIECE = {v: k for k, v in PIECE_LETTERS.items()}


def _option_text(name: str) -> str:
    return name.replace("_", "-")


def format_rules(rules: Rules) -> str:
    return rules.name + "".join(f"+{_option_text(k)}" for k, v in rules.options.items() if v)


def parse_rules(text: str) -> Rules:
    name, *opts = text.split("+")
    options = {}
    for opt in opts:
        key = opt.replace("-", "_")
        if key not in OPTION_RULINGS:
            raise NotationError(f"rules={text!r}: unknown option {opt!r}; known: {', '.join(map(_option_text, OPTION_RULINGS))}")
        options[key] = True
    try:
        return Rules.named(name, **options)
    except ValueError as exc:
        raise NotationError(f"rules={text!r}: {exc}") from None


def repeat_key(pos: Position) -> str:
    """The position text without the count of turns played: two positions with the same key
    are the same situation of play (bots use it to avoid going round for ever)."""
    if not pos.turns_played:
        return format_position(pos)
    same = pos.copy()
    same.turns_played = 0
    return format_position(same)


def format_position(pos: Position) -> str:
    rules = pos.rules
    out = [("rules", format_rules(rules))]
    pieces = []
    for ln, piece in pos.pieces():
        pieces.append(PIECE_LETTERS[piece & KIND] + ("*" if piece & SETUP else "") + line_name(ln))
    out.append(("lines", ",".join(pieces) or "-"))
    if pos.locks:
        out.append(("locks", ",".join(side_name(s) for s in pos.lock_sides())))
    runners = []
    for seat in rules.seats:
        sq = pos.square_of(seat)
        runners.append(SEAT_LETTERS[seat] + square_name(sq) + (f"+{pos.held[seat]}" if pos.held[seat] else ""))
    out.append(("runners", ",".join(runners)))
    pools = []
    for seat in rules.seats:
        pools.append(SEAT_LETTERS[seat] + ":" + "".join(f"{POOL_LETTERS[i]}{n}" for i, n in enumerate(pos.pools[seat])))
    out.append(("pools", ",".join(pools)))
    if pos.site_stones != list(rules.stones):  # the ruleset's stones are the default
        out.append(("stones", ",".join(map(str, pos.site_stones))))
    if pos.locks_out:
        out.append(("out", str(pos.locks_out)))
    if pos.stone_order:
        out.append(("order", ",".join(SEAT_LETTERS[s] for s in pos.stone_order)))
    if pos.halfway:
        out.append(("halfway", ",".join(SEAT_LETTERS[s] + square_name(sq) for s, sq in pos.halfway)))
    if pos.homes:
        out.append(("homes", ",".join(SEAT_LETTERS[s] + square_name(sq) for s, sq in pos.homes)))
    if pos.stopped:
        out.append(("stopped", ",".join(SEAT_LETTERS[s] for s in pos.stopped)))
    if pos.stranded:
        out.append(("stranded", ",".join(SEAT_LETTERS[s] for s in pos.stranded)))
    out.append(("turn", SEAT_LETTERS[pos.turn]))
    if pos.phase != Phase.MAIN:
        out.append(("phase", pos.phase))
    if pos.phase == Phase.SETUP or pos.setup_step:
        out.append(("setup", str(pos.setup_step)))
    if pos.bonus != Bonus.NONE:
        out.append(("bonus", "move" if pos.bonus == Bonus.MOVE else "teleport"))
    flags = "".join(letter for letter, attr in FLAG_ATTRS if getattr(pos, attr))
    if flags:
        out.append(("flags", flags))
    if pos.lb_portals:
        out.append(("lb", ",".join(line_name(ln) for ln in pos.lb_portals)))
    p = pos.pending
    if isinstance(p, PendingExit):
        origin_text = square_name(p.origin) if p.origin is not None else "-"
        text = f"exit:{SEAT_LETTERS[p.runner]}:{side_name(p.side)}:{p.mode.value}:{origin_text}"
        if p.entered:
            text += ":via=" + "+".join(side_name(sd) for sd in p.entered)
        out.append(("pending", text + (":door" if p.door else "")))
    elif isinstance(p, PendingBump):
        out.append(("pending", f"bump:{SEAT_LETTERS[p.runner]}:{square_name(p.mountain)}" + (":door" if p.door else "")))
    if pos.turns_played:
        out.append(("turns", str(pos.turns_played)))
    if pos.round_number != 1:
        out.append(("round", str(pos.round_number)))
    return ";".join(f"{k}={v}" for k, v in out)


def _seat(token: str, rules: Rules, field: str) -> int:
    if len(token) != 1 or token not in SEAT_LETTERS:
        raise NotationError(f"{field}: {token!r} is not a seat letter (E, S, W, N)")
    seat = SEAT_LETTERS.index(token)
    if seat not in rules.seats:
        raise NotationError(f"{field}: seat {token} does not play in {rules.name}")
    return seat


def _items(value: str) -> list[str]:
    return [] if value in ("", "-") else value.split(",")


def _int(value: str, field: str, low: int = 0, high: int = 10**6) -> int:
    # ASCII digits only: Python's int() would also read "٣", "３" or "4_0"
    if not re.fullmatch(r"[0-9]{1,7}", value) or not low <= int(value) <= high:
        raise NotationError(f"{field}={value!r}: expected a whole number {low}..{high}")
    return int(value)


def _wrap(field: str, fn, token: str):
    try:
        return fn(token)
    except ValueError as exc:
        raise NotationError(f"{field}: {exc}") from None


def parse_position(text: str) -> Position:
    """Read a position; NotationError for badly written text, InvalidPositionError for impossible content."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    fields: dict[str, str] = {}
    for part in text.strip().split(";"):
        if not part:
            continue
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq:
            raise NotationError(f"{part!r} is not a key=value field")
        if key not in FIELDS:
            raise NotationError(f"unknown field {key!r}; known: {', '.join(FIELDS)}")
        if key in fields:
            raise NotationError(f"field {key!r} is given twice")
        fields[key] = value.strip()
    rules = parse_rules(fields.get("rules", "kabetopo-4p"))
    round_number = _int(fields["round"], "round", 1, 99) if "round" in fields else 1
    pos = Position(rules, round_number)

    if "lines" in fields:
        for token in _items(fields["lines"]):
            m = re.fullmatch(r"([WMP])(\*?)([a-f][1-6][nesw]|[a-f][1-6]\s*\|\s*[a-f][1-6])", token)
            if not m:
                raise NotationError(f"lines: {token!r} is not a piece (e.g. W c4n as 'Wc4n' or 'Wc4|c5', '*' for a "
                                    "setup piece)")
            kind = _LETTER_PIECE[m.group(1)]
            if m.group(2) and kind == Piece.WALL:
                raise NotationError(f"lines: {token!r}: walls are never setup pieces")
            ln = _wrap("lines", parse_line, m.group(3))
            if pos.lines[ln] != Piece.EMPTY:
                raise NotationError(f"lines: {line_name(ln)} is given twice (K-GEO-3: one piece per line)")
            pos.set_line(ln, kind | (SETUP if m.group(2) else 0))
    if "locks" in fields:
        for token in _items(fields["locks"]):
            sd = _wrap("locks", parse_side, token)
            if pos.locks >> sd & 1:
                raise NotationError(f"locks: {token} is given twice")
            pos.locks |= 1 << sd
    if "runners" in fields:
        seen = set()
        for token in _items(fields["runners"]):
            m = re.fullmatch(r"([ESWN])([a-f][1-6])(?:\+([0-9]))?", token)
            if not m:
                raise NotationError(f"runners: {token!r} is not a runner (e.g. 'Ec4+1')")
            seat = _seat(m.group(1), rules, "runners")
            if seat in seen:
                raise NotationError(f"runners: seat {m.group(1)} is given twice")
            seen.add(seat)
            pos.runners[seat] = _wrap("runners", parse_square, m.group(2))
            pos.held[seat] = int(m.group(3) or 0)
        missing = [SEAT_LETTERS[s] for s in rules.seats if s not in seen]
        if missing:
            raise NotationError(f"runners: no square for seat(s) {', '.join(missing)}")
    if "pools" in fields:
        seen = set()
        for token in _items(fields["pools"]):
            m = re.fullmatch(r"([ESWN]):w([0-9]{1,3})m([0-9]{1,3})p([0-9]{1,3})l([0-9]{1,3})s([01])", token)
            if not m:
                raise NotationError(f"pools: {token!r} is not a pool (e.g. 'E:w3m1p1l1s1')")
            seat = _seat(m.group(1), rules, "pools")
            if seat in seen:
                raise NotationError(f"pools: seat {m.group(1)} is given twice")
            seen.add(seat)
            pos.pools[seat] = [int(m.group(i)) for i in range(2, 7)]
    if "stones" in fields:
        counts = [_int(v, "stones", 0, 99) for v in _items(fields["stones"])]
        if len(counts) != len(rules.geometry.mountains):
            raise NotationError(f"stones: expected {len(rules.geometry.mountains)} count(s), one per Mountain site")
        pos.site_stones = counts
    if "out" in fields:
        pos.locks_out = _int(fields["out"], "out", 0, 99)
    if "order" in fields:
        pos.stone_order = [_seat(t, rules, "order") for t in _items(fields["order"])]
    for key in ("halfway", "homes"):
        for token in _items(fields.get(key, "")):
            if len(token) != 3:
                raise NotationError(f"{key}: {token!r} is not a seat and a square (e.g. 'Ef1')")
            getattr(pos, key).append((_seat(token[0], rules, key), _wrap(key, parse_square, token[1:])))
    if "stopped" in fields:
        pos.stopped = [_seat(t, rules, "stopped") for t in _items(fields["stopped"])]
    if "stranded" in fields:
        pos.stranded = [_seat(t, rules, "stranded") for t in _items(fields["stranded"])]
    if "turn" in fields:
        pos.turn = _seat(fields["turn"], rules, "turn")
    if "phase" in fields:
        if fields["phase"] not in PHASES:
            raise NotationError(f"phase={fields['phase']!r}; known: {', '.join(PHASES)}")
        pos.phase = Phase(fields["phase"])
    if "setup" in fields:
        pos.setup_step = _int(fields["setup"], "setup", 0, rules.setup_monoliths + rules.setup_portals)
    if "bonus" in fields:
        if fields["bonus"] not in ("move", "teleport"):
            raise NotationError(f"bonus={fields['bonus']!r}: expected move or teleport")
        pos.bonus = Bonus.MOVE if fields["bonus"] == "move" else Bonus.TELEPORT
    if "flags" in fields:
        letters = dict(FLAG_ATTRS)
        for ch in fields["flags"]:
            if ch not in letters:
                raise NotationError(f"flags={fields['flags']!r}: unknown flag {ch!r}; known: {''.join(letters)}")
            if getattr(pos, letters[ch]):
                raise NotationError(f"flags={fields['flags']!r}: flag {ch!r} is given twice")
            setattr(pos, letters[ch], True)
    if "lb" in fields:
        pos.lb_portals = tuple(_wrap("lb", parse_line, t) for t in _items(fields["lb"]))
    if "pending" in fields:
        pos.pending = _parse_pending(fields["pending"], rules, pos)
    if "turns" in fields:
        pos.turns_played = _int(fields["turns"], "turns")
    problems = structural_problems(pos)
    if problems:
        raise InvalidPositionError(problems, text)
    return pos


def _parse_pending(value: str, rules: Rules, pos: Position) -> PendingExit | PendingBump:
    parts = value.split(":")
    door = len(parts) > 1 and parts[-1] == "door"  # K-DOOR-4: the bump came from a door move
    if door:
        parts = parts[:-1]
    if parts[0] == "exit" and len(parts) in (5, 6):
        who = _seat(parts[1], rules, "pending")
        entry = _wrap("pending", parse_side, parts[2])
        if parts[3] not in MODES:
            raise NotationError(f"pending: exit mode {parts[3]!r}; known: {', '.join(MODES)}")
        origin = None if parts[4] == "-" else _wrap("pending", parse_square, parts[4])
        entered: tuple[int, ...] = ()
        if len(parts) == 6:
            if not parts[5].startswith("via="):
                raise NotationError(f"pending={value!r}: after the origin, 'via=<sides>' (portal sides gone in "
                                    "by before, K-LEAP-6)")
            entered = tuple(_wrap("pending", parse_side, t) for t in parts[5][4:].split("+"))
        mode = ExitMode(parts[3])
        # the mover's own teleport goes in by the side facing its square, a bumped runner by the
        # side facing the Mountain: a text that names the line's other face (as texts did
        # before K-LEAP-6, which wrote the line) means this one
        facing = origin if mode == ExitMode.OWN else pos.runners[who] if mode == ExitMode.BUMPED else None
        if facing is not None and entry >> 2 != facing and other_side(entry) >> 2 == facing:
            entry = other_side(entry)
        return PendingExit(who, entry, mode, origin, entered, door)
    if parts[0] == "bump" and len(parts) == 3:
        return PendingBump(_seat(parts[1], rules, "pending"), _wrap("pending", parse_square, parts[2]), door)
    raise NotationError(f"pending={value!r}: expected exit:<seat>:<line>:<mode>:<square> or bump:<seat>:<square>")
