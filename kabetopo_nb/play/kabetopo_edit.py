"""Edit mode of the Kabetopo board: set up any position for rules-lawyering.

Place and remove runners and pieces (walls, monoliths, portals, setup pieces, locks), set
the player to move, the pools, the stones on each Mountain site and the stones each runner
carries, and see at every step whether the position is valid and why not.  The verdict is
the engine's own (``validity.problems``): the panel's "valid" is exactly ``not problems``,
and "Play from here" plays exactly the position the panel judged.

Piece counts stay right (K-INV-4): a piece placed by hand comes out of a pool (the player
to move's first), and one taken off goes back to a pool that is short of that kind (the
one furthest below its starting count), or to the box when no pool is short.  Stones stay
right too (K-MTN-4): a runner given a stone takes it from a Mountain site and ``order``
records it; one taken back returns to a site and leaves ``order``.

A position in the middle of a turn (or of the Field Setup) carries state the drawing does
not show: a portal exit or a bump still to choose, a bonus move still open, the portals a
lock may still go behind, the speed token used, the last turn's bump.  The editor says it
in plain words (``turn_state``), ``edit-afresh`` sets it aside, and so does every edit: an
edited position starts at the beginning of its player's turn.

Each answer is ``(ok, sentence)``; the controller turns it into the widget's reply.
"""
from __future__ import annotations

from ..kabetopo.geometry import line_name, parse_line, parse_square, side_name, sides_of_line, square_name
from ..kabetopo.position import KIND, SETUP, Bonus, ExitMode, PendingBump, PendingExit, Phase, Piece, Position
from ..kabetopo.rules import LOCKS, POOL_LETTERS, POOL_NAMES, SEAT_LETTERS, SEAT_NAMES
from ..kabetopo.validity import problems
from ..render.kabetopo_svg import board_svg
from .contract import Button, ButtonGroup

TOOLS = (
    ("wall", "Wall"), ("monolith", "Monolith"), ("portal", "Portal"),
    ("setup-monolith", "Setup monolith"), ("setup-portal", "Setup portal"),
    ("lock", "Lock (cycles sides)"), ("erase", "Erase"),
    ("runner-E", "East runner"), ("runner-S", "South runner"), ("runner-W", "West runner"), ("runner-N", "North runner"),
    ("stones", "Stones (Mountain, runners)"),
)
PIECE_OF_TOOL = {"wall": Piece.WALL, "monolith": Piece.MONOLITH, "portal": Piece.PORTAL,
                 "setup-monolith": Piece.MONOLITH | SETUP, "setup-portal": Piece.PORTAL | SETUP}
POOL_SLOT = {Piece.WALL: 0, Piece.MONOLITH: 1, Piece.PORTAL: 2}

# The buttons edit mode answers (the controller hands them to the editor); nothing else.
EDIT_PREFIXES = ("tool:", "turn:", "pool:", "stones:", "carry:")
EDIT_BUTTONS = ("edit-done", "edit-cancel", "edit-afresh", "clear-board")


def is_edit_button(button: str) -> bool:
    """Is ``button`` one of edit mode's own buttons?"""
    return button.startswith(EDIT_PREFIXES) or button in EDIT_BUTTONS


def site_name(pos: Position, index: int) -> str:
    """"Mountain c4", or "Summit d3" for the 2-player game's second site."""
    return f"{'Mountain' if index == 0 else 'Summit'} {square_name(pos.rules.geometry.mountains[index])}"


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def turn_state(pos: Position) -> list[str]:
    """What ``pos`` remembers of a turn (or of the Field Setup) under way, in plain words:
    nothing the drawing shows.  Empty at the start of a turn."""
    who = SEAT_NAMES[pos.turn]
    out = []
    if pos.phase == Phase.SETUP:
        total = pos.rules.setup_monoliths + pos.rules.setup_portals
        out.append(f"the Field Setup is under way: {pos.setup_step} of its {total} setup pieces are placed, "
                   "and the next one is rolled with the d12")
    p = pos.pending
    if isinstance(p, PendingExit):
        whose = "the bumped runner" if p.mode == ExitMode.BUMPED else f"{SEAT_NAMES[p.runner]}'s runner"
        out.append(f"{whose} is inside the portal on {line_name(p.entry)} (it went in by {side_name(p.side)}), "
                   f"and {who} has still to choose where it comes out")
    elif isinstance(p, PendingBump):
        out.append(f"{SEAT_NAMES[p.runner]}'s runner has been bumped off the Mountain site {square_name(p.mountain)}, "
                   f"and {who} has still to choose where it lands")
    if pos.phase == Phase.EXTRAS:
        out.append(f"{who} has already made this turn's main action")
    if pos.bonus == Bonus.MOVE:
        out.append(f"{who} may still make a bonus move")
    elif pos.bonus == Bonus.TELEPORT:
        out.append(f"{who} may still make a bonus teleport")
    if pos.moved and pos.phase == Phase.MAIN:
        out.append(f"{who}'s runner has already moved this turn")
    if pos.speed_used:
        out.append(f"{who} has cashed in the speed token this turn")
    if pos.lb_portals and not pos.lb_used:
        names = [line_name(ln) for ln in pos.lb_portals]
        through = (f"the portal on {names[0]}" if len(names) == 1
                   else f"the portals on {', '.join(names[:-1])} and {names[-1]}")
        out.append(f"{who}'s runner went through {through} this turn, so it may still lock one behind it")
    if pos.lb_used:
        out.append(f"{who} has already locked a portal behind its runner this turn")
    if pos.bumped_this_turn:
        out.append("a runner has been bumped off the Mountain this turn")
    if pos.bump_banned:
        out.append("a runner was bumped off the Mountain on the turn before, which forbids a bump on this one "
                   "when King of the Mountain is played")
    if not out and (pos.phase in (Phase.EXTRAS, Phase.EXIT, Phase.BUMP) or pos.grants_move or pos.moved):
        out.append(f"{who} is in the middle of a turn")
    return out


def start_afresh(pos: Position) -> None:
    """Put ``pos`` at the beginning of its player's turn: forget the turn (or the Field
    Setup) under way.  A round that is over stays over."""
    if pos.phase in (Phase.SETUP, Phase.EXTRAS, Phase.EXIT, Phase.BUMP):
        pos.phase = Phase.MAIN
    pos.setup_step = 0
    pos._reset_turn()
    pos.bump_banned = False


class PositionEditor:
    """A copy of a position being edited, the current tool, and what makes it invalid."""

    def __init__(self, position: Position):
        self.position = position.copy()
        self.tool = "wall"

    @property
    def problems(self) -> list[str]:
        """The engine's verdict on the position as it stands (``validity.problems``)."""
        return problems(self.position)

    @property
    def turn_state(self) -> list[str]:
        """The turn under way, in plain words (empty when there is none)."""
        return turn_state(self.position)

    # --- clicks and buttons ---------------------------------------------------------------
    def click(self, kind: str, name: str) -> tuple[bool, str]:
        pos = self.position
        tool = self.tool
        try:
            if kind == "sq":
                sq = parse_square(name)
                if tool == "stones":
                    return False, ("with the Stones tool, use the -/+ buttons: a row for each Mountain site and "
                                   "for each runner")
                if not tool.startswith("runner-"):
                    return False, "choose a runner tool to place runners; pieces go on lines"
                seat = SEAT_LETTERS.index(tool[-1])
                if seat not in pos.rules.seats:
                    return False, f"{SEAT_NAMES[seat]} does not play in {pos.rules.name}"
                pos.runners[seat] = sq
            elif kind == "ln":
                line = parse_line(name)
                if tool == "erase":
                    self._return_piece(line)
                    for sd in sides_of_line(line):
                        if pos.locks >> sd & 1:
                            pos.locks &= ~(1 << sd)
                            self._give_back(LOCKS, 1)
                elif tool == "lock":  # none -> first side -> second side -> both -> none
                    s1, s2 = sides_of_line(line)
                    state = (pos.locks >> s1 & 1) | (pos.locks >> s2 & 1) << 1
                    nxt = (state + 1) % 4
                    pos.locks = (pos.locks & ~(1 << s1) & ~(1 << s2)) | ((nxt & 1) << s1) | ((nxt >> 1 & 1) << s2)
                    change = nxt.bit_count() - state.bit_count()
                    if change > 0:
                        self._take_from_pools(LOCKS, change)
                    else:
                        self._give_back(LOCKS, -change)
                elif tool in PIECE_OF_TOOL:
                    piece = PIECE_OF_TOOL[tool]
                    removing = pos.lines[line] == piece
                    self._return_piece(line)
                    if not removing:
                        pos.set_line(line, piece)
                        if not piece & SETUP:
                            self._take_from_pools(POOL_SLOT[Piece(piece & KIND)], 1)
                elif tool == "stones":
                    return False, "with the Stones tool, use the -/+ buttons: stones go on Mountain sites and runners"
                else:
                    return False, "choose a piece tool to put pieces on lines"
            else:
                return False, f"nothing to edit at {kind}:{name}"
        except ValueError as exc:
            return False, str(exc)
        return self._edited("Edited.")

    def button(self, button: str) -> tuple[bool, str]:
        """Tools, the player to move, pools, stones, clearing the board and setting the turn
        under way aside (not leaving edit mode)."""
        pos = self.position
        if button.startswith("tool:"):
            tool = button[5:]
            if tool not in dict(TOOLS):
                return False, f"unknown tool {tool!r}"
            self.tool = tool
            if tool == "stones":
                return True, "Tool: Stones. Use the -/+ buttons: a row for each Mountain site and for each runner."
            return True, f"Tool: {dict(TOOLS)[tool]}."
        if button.startswith("turn:"):
            letter = button[5:]
            if letter not in SEAT_LETTERS or SEAT_LETTERS.index(letter) not in pos.rules.seats:
                return False, f"no seat {letter!r} in {pos.rules.name}"
            pos.turn = SEAT_LETTERS.index(letter)
            return self._edited(f"{SEAT_NAMES[pos.turn]} to play.")
        if button.startswith("pool:"):
            parts = button.split(":")
            if len(parts) != 4 or parts[1] not in SEAT_LETTERS or parts[2] not in POOL_LETTERS or parts[3] not in "+-":
                return False, f"bad pool button {button!r}"
            seat = SEAT_LETTERS.index(parts[1])
            if seat not in pos.rules.seats:
                return False, f"no seat {parts[1]} in {pos.rules.name}"
            slot = POOL_LETTERS.index(parts[2])
            new = pos.pools[seat][slot] + (1 if parts[3] == "+" else -1)
            if new < 0 or (slot == 4 and new > 1) or new > 12:
                return False, f"{POOL_NAMES[slot]} cannot go to {new}"
            pos.pools[seat][slot] = new
            return self._edited(f"{SEAT_NAMES[seat]}: {POOL_NAMES[slot]} {new}.")
        if button.startswith("stones:"):
            return self._site_stones(button)
        if button.startswith("carry:"):
            return self._carried_stone(button)
        if button == "clear-board":
            boxed = 0
            for ln in range(len(pos.lines)):
                if pos.lines[ln]:
                    boxed += self._return_piece(ln)  # dropped pieces go back to a pool short of them (K-INV-4)
            boxed += self._give_back(LOCKS, pos.locks.bit_count())
            pos.locks = 0
            note = (f" {_plural(boxed, 'piece')} went back to the box: no pool was short of them." if boxed else "")
            return self._edited("Board cleared: dropped pieces and locks went back to the pools short of them, "
                                "setup pieces to the box." + note)
        if button == "edit-afresh":
            aside = self.turn_state
            if not aside:
                return False, f"nothing to set aside: the position is at the beginning of {SEAT_NAMES[pos.turn]}'s turn"
            start_afresh(pos)
            return True, f"Set aside: {'; '.join(aside)}. {SEAT_NAMES[pos.turn]}'s turn starts afresh." + self._verdict()
        return False, f"unknown edit button {button!r}"

    def _edited(self, sentence: str) -> tuple[bool, str]:
        """The reply to an edit: an edited position starts at the beginning of its player's
        turn, so whatever a turn under way remembered is set aside (and said so)."""
        aside = self.turn_state
        if aside:
            start_afresh(self.position)
            sentence += (f" The turn under way was set aside ({'; '.join(aside)}): "
                         f"{SEAT_NAMES[self.position.turn]}'s turn starts afresh.")
        return True, sentence + self._verdict()

    def _verdict(self) -> str:
        return "" if not self.problems else " The position is not valid yet."

    def playable(self) -> Position:
        """The position 'Play from here' plays: exactly the one being edited (and judged)."""
        return self.position.copy()

    # --- stones ----------------------------------------------------------------------------
    def _unrecorded(self) -> int:
        """Stones missing from the Mountain sites that no runner carries (left in the box)."""
        pos = self.position
        return sum(pos.rules.stones) - sum(pos.site_stones) - len(pos.stone_order)

    def _site_stones(self, button: str) -> tuple[bool, str]:
        """``stones:<square>:<+|->``: a stone more or fewer on a Mountain site.  One fewer
        goes to the box; one more comes from the box, so only a stone no runner carries."""
        pos = self.position
        parts = button.split(":")
        sites = [square_name(sq) for sq in pos.rules.geometry.mountains]
        if len(parts) != 3 or parts[1] not in sites or parts[2] not in ("+", "-"):
            return False, f"bad stones button {button!r} (the Mountain sites are {', '.join(sites)})"
        i = sites.index(parts[1])
        name, start = site_name(pos, i), pos.rules.stones[i]
        if parts[2] == "-":
            if not pos.site_stones[i]:
                return False, f"the {name} holds no stone"
            pos.site_stones[i] -= 1
            return self._edited(f"{name}: {_plural(pos.site_stones[i], 'stone')} (one went to the box).")
        if pos.site_stones[i] >= start:
            return False, f"the {name} starts the round with {_plural(start, 'stone')} and never holds more (K-MTN-4)"
        if self._unrecorded() <= 0:
            return False, ("every stone missing from the Mountain is carried by a runner (K-MTN-4): take one from a "
                           "runner instead, and it goes back onto the Mountain")
        pos.site_stones[i] += 1
        return self._edited(f"{name}: {_plural(pos.site_stones[i], 'stone')}.")

    def _carried_stone(self, button: str) -> tuple[bool, str]:
        """``carry:<seat>:<+|->``: give a runner a stone, taken from a Mountain site (the
        one holding most), or take one back onto the site furthest below its start; ``order``
        records each stone taken, so it gains or loses that seat's last entry (K-MTN-4)."""
        pos = self.position
        parts = button.split(":")
        if len(parts) != 3 or parts[1] not in SEAT_LETTERS or parts[2] not in ("+", "-"):
            return False, f"bad carry button {button!r}"
        seat = SEAT_LETTERS.index(parts[1])
        if seat not in pos.rules.seats:
            return False, f"{SEAT_NAMES[seat]} does not play in {pos.rules.name}"
        who = f"{SEAT_NAMES[seat]}'s runner"
        sites = range(len(pos.site_stones))
        if parts[2] == "+":
            if pos.held[seat] >= pos.rules.stones_needed:
                return False, (f"{who} already carries {_plural(pos.held[seat], 'stone')}, as many as it ever "
                               "takes (K-MTN-4)")
            full = max(sites, key=lambda i: pos.site_stones[i])  # the first site on a tie: the Mountain
            if pos.site_stones[full]:
                pos.site_stones[full] -= 1
                where = f"from the {site_name(pos, full)}"
            elif self._unrecorded() > 0:
                where = "from the box"
            else:
                return False, "no stone left to give: every stone is carried already (K-MTN-4)"
            pos.held[seat] += 1
            pos.stone_order.append(seat)
            return self._edited(f"{who} carries {_plural(pos.held[seat], 'stone')}, taken {where}.")
        if not pos.held[seat]:
            return False, f"{who} carries no stone"
        pos.held[seat] -= 1
        if seat in pos.stone_order:
            last = len(pos.stone_order) - 1 - pos.stone_order[::-1].index(seat)
            del pos.stone_order[last]
        short = max(sites, key=lambda i: pos.rules.stones[i] - pos.site_stones[i])
        where = "to the box"
        if pos.site_stones[short] < pos.rules.stones[short]:
            pos.site_stones[short] += 1
            where = f"back onto the {site_name(pos, short)}"
        return self._edited(f"{who} carries {_plural(pos.held[seat], 'stone')}; the stone went {where}.")

    # --- pools ---------------------------------------------------------------------------
    def _seats_from_turn(self) -> list[int]:
        pos = self.position
        seats = list(pos.rules.seats)
        i = seats.index(pos.turn) if pos.turn in seats else 0
        return seats[i:] + seats[:i]

    def _take_from_pools(self, slot: int, count: int) -> None:
        """Take ``count`` pieces of ``slot`` from the pools: the player to move's first, then
        the others in turn order (from the box when every pool is out of them)."""
        pos = self.position
        for _ in range(count):
            for seat in self._seats_from_turn():
                if pos.pools[seat][slot]:
                    pos.pools[seat][slot] -= 1
                    break

    def _give_back(self, slot: int, count: int) -> int:
        """Give ``count`` pieces of ``slot`` back, each to the pool furthest below its
        starting count (the player to move's first on a tie), or to the box when no pool is
        short of that kind; how many went to the box (K-INV-4)."""
        pos = self.position
        start = pos.rules.pool_for_round(pos.round_number)[slot]
        boxed = 0
        for _ in range(count):
            seat = max(self._seats_from_turn(), key=lambda s: start - pos.pools[s][slot])
            if pos.pools[seat][slot] < start:
                pos.pools[seat][slot] += 1
            else:
                boxed += 1
        return boxed

    def _return_piece(self, line: int) -> int:
        """Take the piece off ``line``: a dropped piece back to a pool, a setup piece to the
        box; how many went to the box."""
        pos = self.position
        piece = pos.lines[line]
        boxed = 0
        if piece and not piece & SETUP:
            boxed = self._give_back(POOL_SLOT[Piece(piece & KIND)], 1)
        pos.set_line(line, Piece.EMPTY)
        return boxed

    # --- what to draw --------------------------------------------------------------------
    def svg(self) -> str:
        return board_svg(self.position, coordinates=True, interactive=True, embed_style=False,
                         status="Edit mode: " + dict(TOOLS)[self.tool])

    def status(self) -> str:
        """The panel's status line: edit mode, and any turn under way in plain words."""
        aside = self.turn_state
        if not aside:
            return "Edit mode"
        who = SEAT_NAMES[self.position.turn]
        return (f"Edit mode. Mid-turn: {'; '.join(aside)}. Any edit (or 'Start {who}'s turn afresh') "
                "sets this aside.")

    def button_groups(self) -> list[ButtonGroup]:
        pos = self.position
        tools: list[Button] = [{"id": f"tool:{tid}", "label": label, "enabled": True, "pressed": tid == self.tool}
                               for tid, label in TOOLS]
        turn: list[Button] = [{"id": f"turn:{SEAT_LETTERS[s]}", "label": f"{SEAT_NAMES[s]} to play", "enabled": True,
                               "pressed": pos.turn == s} for s in pos.rules.seats]
        pools: list[Button] = []  # -/+ steppers: a row per kind of piece, a column per seat
        for s in pos.rules.seats:
            for slot, letter in enumerate(POOL_LETTERS):
                kind = POOL_NAMES[slot].split()[0]
                for sign in "+-":
                    pools.append({"id": f"pool:{SEAT_LETTERS[s]}:{letter}:{sign}",
                                  "label": f"{SEAT_LETTERS[s]} {kind} {sign}", "enabled": True,
                                  "row": kind, "column": SEAT_LETTERS[s], "step": sign})
        done: list[Button] = [{"id": "edit-done", "label": "Play from here", "enabled": True},
                              {"id": "edit-cancel", "label": "Cancel edit", "enabled": True},
                              {"id": "clear-board", "label": "Clear board", "enabled": True}]
        if self.turn_state:
            done.append({"id": "edit-afresh", "label": f"Start {SEAT_NAMES[pos.turn]}'s turn afresh", "enabled": True})
        groups: list[ButtonGroup] = [{"name": "tools", "buttons": tools}, {"name": "turn", "buttons": turn},
                                     {"name": "pools", "layout": "steppers", "buttons": pools}]
        if self.tool == "stones":  # the Stones tool's -/+ steppers: a row per Mountain site and per runner
            groups.append({"name": "stones", "layout": "steppers", "buttons": self._stone_buttons()})
        groups.append({"name": "edit", "buttons": done})
        return groups

    def _stone_buttons(self) -> list[Button]:
        pos = self.position
        out: list[Button] = []
        unrecorded = self._unrecorded()
        for i, sq in enumerate(pos.rules.geometry.mountains):
            row = f"{site_name(pos, i)} ({pos.site_stones[i]})"
            can = {"-": pos.site_stones[i] > 0, "+": pos.site_stones[i] < pos.rules.stones[i] and unrecorded > 0}
            for sign in "-+":
                out.append({"id": f"stones:{square_name(sq)}:{sign}", "label": f"{site_name(pos, i)} stones {sign}",
                            "enabled": can[sign], "row": row, "column": "stones", "step": sign})
        left = sum(pos.site_stones) > 0 or unrecorded > 0
        for s in pos.rules.seats:
            row = f"{SEAT_NAMES[s]} runner carries ({pos.held[s]})"
            can = {"-": pos.held[s] > 0, "+": pos.held[s] < pos.rules.stones_needed and left}
            for sign in "-+":
                out.append({"id": f"carry:{SEAT_LETTERS[s]}:{sign}", "label": f"{SEAT_NAMES[s]} runner's stones {sign}",
                            "enabled": can[sign], "row": row, "column": "stones", "step": sign})
        return out
