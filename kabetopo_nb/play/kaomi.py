"""What clicks on a Kaomi board mean: the controller behind ``kaomi_board``.

Click an empty square to place a stone of the colour to move; the pushes it caused are
drawn as arrows until the next placement.  The Swap button appears while the pie rule
allows it (White's first turn, not in Squared).  Anything illegal is refused with the
engine's verdict: ruling IDs and a sentence; a refusal changes nothing.
"""
from __future__ import annotations

from typing import Any

from ..core.verdict import NotationError, SettingError
from ..kaomi.actions import SWAP, SWAP_ACTION, Action
from ..kaomi.engine import square_of
from ..kaomi.game import KaomiState
from ..kaomi.position import Position
from ..kaomi.pushes import resolve
from ..kaomi.rules import KaomiRules
from ..kaomi.status import status_line
from ..render.kaomi_svg import STYLE, board_svg
from .base import GameController
from .contract import Panel, View


class KaomiController(GameController):
    """Turns board intents into Kaomi actions, and the state into a drawing and a panel."""

    def __init__(self, state: KaomiState, *, coordinates: bool = True, show_pushes: bool = True, sink=None):
        super().__init__(state, sink=sink)
        self.coordinates = coordinates
        self.show_pushes = show_pushes

    # --- helpers -------------------------------------------------------------------------
    def _after_apply(self, sentence: str) -> str:
        result = self.state.result()
        if result is not None:
            sentence += f" The board is full. {result.reason}"
        return sentence

    # --- intents ---------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        kind, _, name = target.partition(":")
        if kind == "sq":
            try:
                return self.apply(Action.parse(name))
            except NotationError as exc:
                return self.refuse_request(f"unknown target {target!r}: {exc}")
        if kind == "act":
            return self.apply(name)
        return self.refuse_request(f"unknown target {target!r}")

    def button(self, button: str, value: Any = None) -> dict:
        if button == "swap":
            return self.apply(SWAP_ACTION)
        travelled = self.time_travel(button, value)
        if travelled is not None:
            return travelled
        if button == "pushes":
            self.show_pushes = not self.show_pushes
            return self.tell("Push arrows shown." if self.show_pushes else "Push arrows hidden.")
        return self.refuse_request(f"unknown button {button!r}")

    # --- what to draw ------------------------------------------------------------------------
    def position_text(self) -> str:
        return self.state.to_text()

    def last_pushes(self) -> tuple[str | None, list]:
        """The last placement's square name and its push arrows (none after a swap)."""
        state = self.state
        if not state.ply:
            return None, []
        action, before = state.last_step()
        if action.kind == SWAP:
            return None, []
        sq = square_of(before, action)
        if sq is None:  # a played placement is always on the board (M-6)
            return None, []
        res = resolve(before, sq)
        arrows = [(a, b, "push") for a, b in res.moves()] if self.show_pushes else []
        return str(action), arrows

    def view(self) -> View:
        last, arrows = self.last_pushes()
        svg = board_svg(self.state.position, coordinates=self.coordinates, last=last, arrows=arrows or None,
                        interactive=True, embed_style=False)
        return View(svg, STYLE, self._panel())

    def _panel(self) -> Panel:
        state = self.state
        pos = state.position
        play = self.history_buttons()
        if pos.rules.pie_rule:
            play.append({"id": "swap", "label": "Swap sides (pie rule)", "enabled": pos.can_swap()})
        play.append({"id": "pushes", "label": "Push arrows", "enabled": True, "pressed": self.show_pushes})
        return self.panel(
            status=status_line(pos),
            groups=[{"name": "play", "buttons": play}],
        )


def kaomi_controller(source: KaomiState | Position | str | None = None, *, size: int = 7, squared: bool = False,
                     komi: int = 0, coordinates: bool = True, show_pushes: bool = True) -> KaomiController:
    """The controller of a Kaomi board (``kabetopo_nb.KaomiBoard``): from a state, a
    position, position text, or a new game."""
    if isinstance(source, KaomiState):
        state = source
    elif isinstance(source, (Position, str)):
        state = KaomiState(source)
    elif source is None:
        state = KaomiState(rules=KaomiRules(size=size, squared=squared, komi=komi))
    else:
        raise SettingError(f"a Kaomi board is made from a KaomiState, a Position or position text, "
                        f"not {type(source).__name__}")
    return KaomiController(state, coordinates=coordinates, show_pushes=show_pushes)

