"""Edit mode of the Kabetopo board: set up any position for rules-lawyering.

Place and remove runners and pieces (walls, monoliths, portals, setup pieces, locks), set
the player to move and the pools, and see at every step whether the position is valid and
why not.  Piece counts stay right (K-INV-4): a dropped piece placed by hand comes out of a
pool, one taken off goes back.  Each answer is ``(ok, sentence)``; the controller turns it
into the widget's reply.
"""
from __future__ import annotations

from ..kabetopo.geometry import parse_line, parse_square, sides_of_line
from ..kabetopo.position import KIND, SETUP, Phase, Piece, Position
from ..kabetopo.rules import LOCKS, POOL_LETTERS, POOL_NAMES, SEAT_LETTERS, SEAT_NAMES
from ..kabetopo.validity import problems
from ..render.kabetopo_svg import board_svg
from .contract import Button, ButtonGroup

TOOLS = (
    ("wall", "Wall"), ("monolith", "Monolith"), ("portal", "Portal"),
    ("setup-monolith", "Setup monolith"), ("setup-portal", "Setup portal"),
    ("lock", "Lock (cycles sides)"), ("erase", "Erase"),
    ("runner-E", "East runner"), ("runner-S", "South runner"), ("runner-W", "West runner"), ("runner-N", "North runner"),
)
PIECE_OF_TOOL = {"wall": Piece.WALL, "monolith": Piece.MONOLITH, "portal": Piece.PORTAL,
                 "setup-monolith": Piece.MONOLITH | SETUP, "setup-portal": Piece.PORTAL | SETUP}
POOL_SLOT = {Piece.WALL: 0, Piece.MONOLITH: 1, Piece.PORTAL: 2}


class PositionEditor:
    """A copy of a position being edited, the current tool, and what makes it invalid."""

    def __init__(self, position: Position):
        self.position = position.copy()
        self.tool = "wall"
        self.problems: list[str] = []
        self.check()

    def check(self) -> None:
        pos = self.position
        self.problems = problems(pos)

    # --- clicks and buttons ---------------------------------------------------------------
    def click(self, kind: str, name: str) -> tuple[bool, str]:
        pos = self.position
        tool = self.tool
        try:
            if kind == "sq":
                sq = parse_square(name)
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
                            pos.pools[pos.turn][LOCKS] += 1
                elif tool == "lock":  # none -> first side -> second side -> both -> none
                    s1, s2 = sides_of_line(line)
                    state = (pos.locks >> s1 & 1) | (pos.locks >> s2 & 1) << 1
                    nxt = (state + 1) % 4
                    pos.locks = (pos.locks & ~(1 << s1) & ~(1 << s2)) | ((nxt & 1) << s1) | ((nxt >> 1 & 1) << s2)
                    self._take_from_pools(LOCKS, bin(nxt).count("1") - bin(state).count("1"))
                elif tool in PIECE_OF_TOOL:
                    piece = PIECE_OF_TOOL[tool]
                    removing = pos.lines[line] == piece
                    self._return_piece(line)
                    if not removing:
                        pos.set_line(line, piece)
                        if not piece & SETUP:
                            self._take_from_pools(POOL_SLOT[Piece(piece & KIND)], 1)
                else:
                    return False, "choose a piece tool to put pieces on lines"
            else:
                return False, f"nothing to edit at {kind}:{name}"
        except ValueError as exc:
            return False, str(exc)
        self.check()
        return True, "Edited." if not self.problems else "Edited; the position is not valid yet."

    def button(self, button: str) -> tuple[bool, str]:
        """Tools, the player to move, pools and clearing the board (not leaving edit mode)."""
        pos = self.position
        if button.startswith("tool:"):
            tool = button[5:]
            if tool not in dict(TOOLS):
                return False, f"unknown tool {tool!r}"
            self.tool = tool
            return True, f"Tool: {dict(TOOLS)[tool]}."
        if button.startswith("turn:"):
            letter = button[5:]
            if letter not in SEAT_LETTERS or SEAT_LETTERS.index(letter) not in pos.rules.seats:
                return False, f"no seat {letter!r} in {pos.rules.name}"
            pos.turn = SEAT_LETTERS.index(letter)
            self.check()
            return True, f"{SEAT_NAMES[pos.turn]} to play."
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
            self.check()
            return True, f"{SEAT_NAMES[seat]}: {POOL_NAMES[slot]} {new}."
        if button == "clear-board":
            for ln in range(len(pos.lines)):
                if pos.lines[ln]:
                    self._return_piece(ln)  # dropped pieces go back to a pool (K-INV-4)
            pos.pools[pos.turn][LOCKS] += pos.locks.bit_count()
            pos.locks = 0
            self.check()
            return True, "Board cleared."
        return False, f"unknown edit button {button!r}"

    def playable(self) -> Position:
        """The edited position, at the start of the player's turn, ready to play from."""
        pos = self.position.copy()
        pos.phase = Phase.MAIN
        pos._reset_turn()
        return pos

    # --- pools ---------------------------------------------------------------------------
    def _take_from_pools(self, slot: int, count: int) -> None:
        """Take ``count`` pieces of ``slot`` from the pools (the player to move's first, then
        the others in turn order); a negative count gives them back to the player to move."""
        pos = self.position
        seats = pos.rules.seats
        order = seats[seats.index(pos.turn):] + seats[:seats.index(pos.turn)]
        for _ in range(abs(count)):
            if count < 0:
                pos.pools[pos.turn][slot] += 1
                continue
            for seat in order:
                if pos.pools[seat][slot]:
                    pos.pools[seat][slot] -= 1
                    break

    def _return_piece(self, line: int) -> None:
        pos = self.position
        piece = pos.lines[line]
        if piece and not piece & SETUP:
            self._take_from_pools(POOL_SLOT[Piece(piece & KIND)], -1)
        pos.set_line(line, Piece.EMPTY)

    # --- what to draw --------------------------------------------------------------------
    def svg(self) -> str:
        return board_svg(self.position, coordinates=True, interactive=True, embed_style=False,
                         status="Edit mode: " + dict(TOOLS)[self.tool])

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
        return [{"name": "tools", "buttons": tools}, {"name": "turn", "buttons": turn},
                {"name": "pools", "layout": "steppers", "buttons": pools}, {"name": "edit", "buttons": done}]
