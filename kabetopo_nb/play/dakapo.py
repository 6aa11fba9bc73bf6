"""What clicks on a Dakapo board mean: the controller behind ``dakapo_board``.

Pick a colour (a stone in the supply tray on the board, ``col:red``, or a colour
button), then click a square (``sq:d4``) to place it there; the squares where the picked
colour may go are lit.  Clicking a square with no colour picked offers the colours that
may go there as choices.  A colour that cannot be placed anywhere, or a placement the
rules forbid, is refused with the engine's verdict: ruling IDs and a sentence.  Under the
tabletop option a Claim button claims the square the last stone completed (it is always
offered, so it gives nothing away) and, after the stone that fills the board, Pass lets an
unclaimed square go.
"""
from __future__ import annotations

from typing import Any

from ..core.verdict import SettingError, Verdict
from ..dakapo.actions import CLAIM, PASS, PLACE, Action
from ..dakapo.ending import CLAIM_WINDOW, status
from ..dakapo.game import DakapoState
from ..dakapo.geometry import parse_square
from ..dakapo.notation import format_position
from ..dakapo.position import Position
from ..dakapo.rules import COLOURS, PLAYERS, DakapoRules
from ..dakapo.status import status_line
from ..render.dakapo_svg import STYLE, board_svg
from .base import GameController
from .contract import Button, Panel, View


class DakapoController(GameController):
    """Turns board intents into engine actions, and engine state into a drawing and a panel."""

    def __init__(self, state: DakapoState, *, coordinates: bool = True, sink=None):
        super().__init__(state, sink=sink)
        self.coordinates = coordinates
        self.picked: int | None = None  # the colour picked for the next placement
        self.choices: list[Action] = []

    # --- helpers -----------------------------------------------------------------------
    def _after_apply(self, sentence: str) -> str:
        state = self.state
        self.choices = []
        if self.picked is not None and not state.can_place(self.picked):
            self.picked = None  # no longer placeable (barred now, or its supply ran out)
        result = state.result()
        return sentence + (f". {result}" if result else "")

    # --- intents -------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        kind, _, name = target.partition(":")
        if kind == "col":
            return self._pick(name)
        if kind == "sq":
            return self._click_square(name)
        if kind == "act":
            if not any(str(a) == name for a in self.choices):
                return self.refuse_request(f"{name!r} is not one of the offered choices")
            return self.apply(name)
        return self.refuse_request(f"unknown target {target!r}")

    def _pick(self, name: str) -> dict:
        if name not in COLOURS:
            return self.refuse_request(f"unknown colour {name!r}")
        colour = COLOURS.index(name)
        if self.picked == colour:
            self.picked = None
            return self.tell(f"{name} put back.")
        verdict = self.state.can_place(colour)
        if not verdict:
            return self._refuse(verdict)
        self.picked = colour
        self.choices = []
        return self.tell(f"{name} picked: {verdict.reason}.")

    def _click_square(self, name: str) -> dict:
        pos = self.state.position
        try:
            sq = parse_square(name, pos.size)
        except ValueError as exc:
            return self.refuse_request(str(exc))
        f, r = sq % pos.size, sq // pos.size
        if self.picked is not None:
            return self.apply(Action(PLACE, self.picked, f, r))
        legal = self.state.legal_actions
        options = [Action(PLACE, c, f, r) for c in range(4) if Action(PLACE, c, f, r) in legal]
        if not options:
            return self._refuse(_square_verdict(self.state, f, r))
        self.choices = options
        return self.tell(f"Choose a colour for {name}.")

    def button(self, button: str, value: Any = None) -> dict:
        state = self.state
        if button.startswith("colour:"):
            return self._pick(button[7:])
        if button in ("claim", "pass"):
            return self.apply(Action(CLAIM if button == "claim" else PASS))
        travelled = self.time_travel(button, value)
        if travelled is not None:
            return travelled
        if button == "cancel":
            self._reset()
            return self.tell("")
        if button == "new":  # the game left behind stays one button away
            self.leave_for(DakapoState(rules=state.rules), "Back to the previous game")
            self._reset()
            return self.tell("Dakapo! A new game. The previous game is kept: 'Back to the previous game' returns to it.")
        return self.refuse_request(f"unknown button {button!r}")

    def _after_time_travel(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.picked = None
        self.choices = []

    # --- what to draw --------------------------------------------------------------------
    def position_text(self) -> str:
        return format_position(self.state.position)

    def view(self) -> View:
        state = self.state
        pos = state.position
        highlights: dict[str, str] = {}
        if self.picked is not None:
            for a in state.legal_actions:
                if a.kind == PLACE and a.colour == self.picked:
                    highlights[a.square] = "move"
        for a in self.choices:
            highlights[a.square] = "select"
        picked = COLOURS[self.picked] if self.picked is not None else None
        svg = board_svg(pos, coordinates=self.coordinates, highlights=highlights or None, picked=picked,
                        interactive=True, embed_style=False)
        return View(svg, STYLE, self._panel())

    def _panel(self) -> Panel:
        state = self.state
        pos = state.position
        st = status(pos)
        playing = not st.is_over and st.state != CLAIM_WINDOW
        colours: list[Button] = [{"id": f"colour:{name}", "label": f"{name} ({pos.supply(c)})",
                    "enabled": playing and pos.supply(c) > 0, "pressed": self.picked == c}
                   for c, name in enumerate(COLOURS)]
        play = self.history_buttons()
        if pos.rules.tabletop:
            play.append({"id": "claim", "label": "Claim square", "enabled": not st.is_over})
            if st.state == CLAIM_WINDOW:
                play.append({"id": "pass", "label": "Pass (a tie)", "enabled": True})
        play.append({"id": "new", "label": "Dakapo! (new game)", "enabled": True})
        return self.panel(
            status=status_line(pos),
            choices=[{"target": f"act:{a}", "label": f"Place {a}"} for a in self.choices],
            groups=[{"name": "colours", "buttons": colours}, {"name": "play", "buttons": play}],
            winner=PLAYERS[st.winner] if st.winner is not None else None,
        )


def _square_verdict(state: DakapoState, f: int, r: int) -> Verdict:
    """Why no colour at all may go on this square.  A reason shared by every colour (the
    square is taken, or has no neighbour) is given alone; otherwise each colour's."""
    verdicts = [state.explain(Action(PLACE, c, f, r)) for c in range(4)]
    common = set(verdicts[0].rulings).intersection(*(v.rulings for v in verdicts[1:]))
    for v in verdicts:
        if common and set(v.rulings) == common:
            return v
    rulings: list[str] = []
    for v in verdicts:
        rulings += [rid for rid in v.rulings if rid not in rulings]
    return Verdict(False, tuple(rulings), "no colour may go there: " + "; ".join(
        f"{COLOURS[c]}: {v.reason}" for c, v in enumerate(verdicts)))


def dakapo_controller(source: DakapoState | Position | str | None = None, *, size: int | None = None,
                      tabletop: bool | None = None, rules: DakapoRules | str | None = None,
                      coordinates: bool = True) -> DakapoController:
    """The controller of a Dakapo board (``kabetopo_nb.DakapoBoard``): from a state, a
    position, position text, or a new game."""
    if isinstance(source, DakapoState):
        if size is not None or tabletop is not None or rules is not None:
            raise SettingError("size, tabletop and rules apply only to a new game")
        state = source
    elif isinstance(source, (Position, str)):
        state = DakapoState(source)
        if size is not None or tabletop is not None or rules is not None:
            raise SettingError("size, tabletop and rules apply only to a new game")
    elif source is None:
        state = DakapoState(rules=rules, size=size, tabletop=tabletop)
    else:
        raise SettingError(f"a board is made from a DakapoState, a Position or position text, not {type(source).__name__}")
    return DakapoController(state, coordinates=coordinates)
