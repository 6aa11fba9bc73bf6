"""The step-by-step push explainer: what a placement does, one chain at a time.

    >>> from kabetopo_nb.kaomi import KaomiState, explain_placement
    >>> ex = explain_placement(state.position, "d4")
    >>> for step in ex.steps: print(step.sentence)

Each :class:`PushStep` holds a sentence in the project's words, the ruling IDs it applies, the
board at that moment and what to draw on it (chain squares, targets, arrows, returns).
The data comes from ``pushes.resolve``, the same function ``play`` uses.  This module only
words and records; drawing a step is the renderer's job
(``kabetopo_nb.render.kaomi_svg.step_svg``, ``show_explanation``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.grid_text import is_index, shown
from ..core.verdict import NotationError
from .actions import PLACE, Action, malformed
from .engine import Placement, Swap, square_of
from .geometry import FILES, ROW
from .position import Position, colour_name
from .pushes import BLOCKED, COLLISION, STILL, AxisPush, Chain, Resolution, resolve

PUSH, RETURN, PROPOSED = "push", "return", "proposed"


@dataclass(frozen=True)
class PushStep:
    """One step of a placement's story."""

    kind: str  # "place", "chain", "axis", "result"
    title: str
    sentence: str
    rulings: tuple[str, ...]
    position: Position  # the board at this step
    highlights: dict = field(default_factory=dict)  # square -> kind (chain, target, returned, placed)
    arrows: tuple = ()  # (from, to, kind) with kind PUSH, RETURN or PROPOSED
    placed: int | None = None

    def __str__(self) -> str:
        ids = f" ({', '.join(self.rulings)})" if self.rulings else ""
        return f"{self.title}: {self.sentence}{ids}"


@dataclass(frozen=True)
class PushExplanation:
    """The steps of one placement, from the stone going down to the final board."""

    before: Position
    resolution: Resolution
    steps: tuple[PushStep, ...]

    @property
    def after(self) -> Position:
        return self.steps[-1].position

    def sentences(self) -> list[str]:
        return [str(s) for s in self.steps]

    def text(self) -> str:
        return "\n".join(f"{i}. {s}" for i, s in enumerate(self.steps, 1))


def _names(pos: Position, squares) -> str:
    names = [pos.name(s) for s in squares]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _line_name(pos: Position, p: int, axis: str) -> str:
    n = pos.rules.size
    return f"row {p // n + 1}" if axis == ROW else f"column {FILES[p % n]}"


def _target(c: Chain) -> int:
    """The empty square a chain heads for.  Every chain worded with its target has one: a
    chain that would end on p (M-3, ``target`` None) is told apart before it is worded."""
    assert c.target is not None, c
    return c.target


def describe_chain(pos: Position, p: int, c: Chain) -> str:
    """One sentence about one chain (M-1, M-7)."""
    name = pos.name
    if c.at_edge:
        return (f"{name(p)} is on the {c.direction} edge of the board: it has no neighbour to the {c.direction}, "
                f"so nothing is pushed {c.direction} (M-7).")
    if not c.squares:
        return (f"{name(_target(c))}, next to {name(p)} on the {c.direction}, is empty, so nothing is pushed "
                f"{c.direction}.")
    stones = f"the chain {c.direction} of {name(p)} is {_names(pos, c.squares)}"
    if c.target is None:
        return (f"{stones}: it runs round the whole line, across the edge and back to {name(p)}, because the line "
                f"has no empty square; its last stone would have to land on {name(p)}.")
    wrap = ""
    crossing = c.crossing(pos.rules.size)
    if crossing:
        a, b = crossing
        wrap = f"; {name(a)} would go over the edge and come back in at the far end, on {name(b)}"
    return f"{stones}, and its target is {name(c.target)}, the first empty square after it{wrap}."


def _across_edge(pos: Position, p: int, ax: AxisPush) -> str:
    """'a3, at the far end of row 3, is not next to e3' (M-7), or '' when no such stone stays."""
    if ax.across_edge is None:
        return ""
    line = _line_name(pos, p, ax.axis)
    return f"{pos.name(ax.across_edge)}, at the far end of {line}, is not next to {pos.name(p)}"


def describe_axis(pos: Position, p: int, ax: AxisPush) -> str:
    """What happens on one axis, and which rule decides it."""
    line = _line_name(pos, p, ax.axis)
    first, second = ax.chains
    across = _across_edge(pos, p, ax)
    if across:
        across = f" The stone on {across}: adjacency does not wrap round the edge, so it stays (M-7)."
    if ax.outcome == STILL:
        return f"no stone touches {pos.name(p)} along {line}, so nothing moves there.{across}"
    if ax.outcome == BLOCKED:
        return (f"{line} is full, so a stone would have to land on {pos.name(p)}, which cannot move: every stone "
                f"pushed along {line} goes back to its own square and nothing moves there (M-3).")
    if ax.outcome == COLLISION:
        back = first if first.direction in ax.returned else second
        goes = second if back is first else first
        return (f"both chains of {line} head for {pos.name(_target(back))}, the only empty square left in it. "
                f"The {back.direction} chain travelled across the board edge to get there, so it goes back to "
                f"where it was; the {goes.direction} chain moves one square (M-2).")
    moving = [c for c in ax.chains if c.squares]
    if len(moving) == 1:
        c = moving[0]
        note = ""
        if first.target == second.target:
            note = (f" Both sides end at {pos.name(_target(c))}, but only the {c.direction} side has stones, so no "
                    f"two stones meet there (KM-3).")
        return f"the {c.direction} chain moves: each of its stones goes one square {c.direction} (M-4).{note}{across}"
    return (f"the targets differ ({pos.name(_target(first))} and {pos.name(_target(second))}), so both chains move, "
            f"each stone one square along its chain (M-4).")


def summary(pos: Position, res: Resolution) -> str:
    """A one-line account of a placement's pushes, used by the engine's verdicts."""
    parts, edges = [], []
    for ax in res.axes:
        line = _line_name(pos, res.square, ax.axis)
        across = _across_edge(pos, res.square, ax)
        if across:
            edges.append(f"{across} and stays (M-7)")
        if ax.outcome == STILL:
            continue
        if ax.outcome == BLOCKED:
            parts.append(f"{line} is full, nothing moves on it (M-3)")
            continue
        moved = "; ".join(
            f"{_names(pos, c.squares)} pushed {c.direction} to {pos.name(_target(c))}" if len(c.squares) == 1
            else f"{_names(pos, c.squares)} pushed {c.direction} (the last to {pos.name(_target(c))})"
            for c in ax.moving_chains())
        if ax.outcome == COLLISION:
            back = next(c for c in ax.chains if c.direction in ax.returned)
            moved += f"; the {back.direction} chain crossed the edge and goes back (M-2)"
        parts.append(moved)
    if not parts:
        parts.append("no stone touches it, nothing is pushed")
    return "; ".join(parts + edges) + "."


def explain_placement(position: Position, square) -> PushExplanation:
    """The steps of placing a stone of the colour to move on ``square`` (a name or an index)."""
    pos = position
    p = pos.square(square) if isinstance(square, str) else square
    if not is_index(p, pos.size * pos.size):
        raise NotationError(f"{shown(square)} is not a square of the {pos.size}x{pos.size} board (M-6)")
    res = resolve(pos, p)
    who = colour_name(res.colour)
    steps: list[PushStep] = []

    board = pos.copy()
    board.cells[p] = res.colour
    steps.append(PushStep("place", f"{who} places on {pos.name(p)}",
                      "the new stone pushes along its row and its column, each on its own, and never moves itself "
                      "this turn.", ("KM-1", "M-1"), board.copy(), {p: "placed"}, (), p))
    for ax in res.axes:
        line = _line_name(pos, p, ax.axis).capitalize()
        if ax.outcome != STILL:
            for c in ax.chains:
                hl = {p: "placed"}
                hl.update({s: "chain" for s in c.squares})
                if c.target is not None:
                    hl[c.target] = "target"
                arrows = tuple((a, b, PROPOSED) for a, b in c.moves())
                if c.target is None and c.squares:
                    arrows += ((c.squares[-1], p, RETURN),)
                steps.append(PushStep("chain", f"{line}, {c.direction}", describe_chain(pos, p, c),
                                  ("M-7",) if c.at_edge else ("M-1",), board.copy(), hl, arrows, p))
        moves = ax.moves()
        colours = [board.cells[a] for a, _ in moves]
        for a, _ in moves:
            board.cells[a] = 0
        for (_, b), col in zip(moves, colours, strict=False):
            board.cells[b] = col
        hl = {p: "placed"}
        arrows = tuple((a, b, PUSH) for a, b in moves)
        for c in ax.chains:
            if c.direction in ax.returned and c.squares:
                hl.update({s: "returned" for s in c.squares})
                dest = c.destinations[-1] if c.target is not None else p
                arrows += ((c.squares[-1], dest, RETURN),)
        ids = tuple(r for r in ax.rulings if r != "M-1") or ("M-1",)
        steps.append(PushStep("axis", f"{line} outcome", describe_axis(pos, p, ax), ids, board.copy(), hl, arrows, p))
    after = board.copy()
    after.turn = 3 - pos.turn
    all_moves = res.moves()
    moved = len(all_moves)
    sentence = (f"{moved} stone{'s' if moved != 1 else ''} moved; {colour_name(after.turn)} places next."
                if not after.is_full() else f"{moved} stone{'s' if moved != 1 else ''} moved; the board is full.")
    steps.append(PushStep("result", "Result", sentence, res.rulings, after, {p: "placed"},
                      tuple((a, b, PUSH) for a, b in all_moves), p))
    return PushExplanation(pos.copy(), res, tuple(steps))


# --- the words of a verdict (the engine's describe and shape) -----------------------------------


def describe(position: Position, action: Action, result: Placement | Swap) -> tuple[tuple[str, ...], str]:
    """The rulings and the sentence of an allowed action's verdict."""
    if isinstance(result, Swap):
        return result.rulings, ("White takes over Black's side and its stone: the players trade colours, and the "
                                "first player now places for White")
    res = result.resolve(position)
    return ("KM-1",) + res.rulings, f"{colour_name(result.colour)} places on {action}: {summary(position, res)}"


def shape(position: Position, action) -> tuple[tuple[str, ...], str]:
    """Why something the ledger never considered is no Kaomi action here; decides no rule.

    The ledger holds every square of the board and the swap, so what reaches here is
    malformed (``actions.malformed``) or a square off this board (M-6)."""
    bad = malformed(action)
    if bad:
        return (), bad
    n = position.rules.size
    if action.kind == PLACE and square_of(position, action) is None:
        return ("M-6",), f"{action} is not on this {n}x{n} board"
    return (), f"{action} is not among the candidates of this decision"  # pragma: no cover - a ledger gap
