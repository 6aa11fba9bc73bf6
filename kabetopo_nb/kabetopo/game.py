"""The public face of the Kabetopo engine: ``KabetopoState`` and ``new_round``.

    >>> from kabetopo_nb.kabetopo import KabetopoState
    >>> state = KabetopoState.new_round("kabetopo-4p", seed=1)
    >>> state.decision
    Decision(kind='main action', seat='East', detail='')
    >>> state.apply("step e6")
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..core.state import GameState, RulesEngine
from ..core.verdict import InvalidPositionError, NotationError, RulesOptionError, SettingError, Verdict
from . import engine as _engine
from .actions import LINE_BAR, Action, Kind, door_by_line
from .explain import NEXT_TURN, consequences, describe, explain, judged, no_more_turns, options_at, shape
from .geometry import line_name, line_of_side, parse_line, parse_square
from .notation import format_position, parse_position, repeat_key
from .paths import moves_to, shortest_path
from .position import Phase, Position
from .race import moves_home
from .rules import Rules, parse_seat, seat_name
from .setup import full_field
from .validity import problems

GAME_NAME = "kabetopo"


class KabetopoEngine(RulesEngine):
    """The rules engine in the shape ``core.state.GameState`` expects, whose verdicts say
    whose decision they judged and, for a legal action, what it brings about (``explain.py``)."""

    def explain(self, position, action, why=None) -> Verdict:
        return explain(position, action, why)


ENGINE = KabetopoEngine(
    GAME_NAME, decision=_engine.decision, ledger=_engine.ledger, play=_engine.play, describe=describe,
    shape=shape, format_position=format_position, parse_position=parse_position, parse_action=Action.parse,
    repeat_key=repeat_key,
)


def _rules(rules: Rules | str | None) -> Rules:
    if rules is None:
        return Rules.named("kabetopo-4p")
    if isinstance(rules, str):
        return Rules.named(rules)
    if isinstance(rules, Rules):
        return rules
    raise RulesOptionError(f"rules must be a Rules or a ruleset name, not {type(rules).__name__}")


class KabetopoState(GameState):
    """A Kabetopo round in progress: position, decisions, legal actions, history."""

    game_name = GAME_NAME

    def __init__(self, position: Position | str | None = None, *, rules: Rules | str | None = None):
        if isinstance(position, str):
            position = parse_position(position)
        elif position is None:
            position = Position(_rules(rules))
        elif not isinstance(position, Position):
            raise SettingError(f"position must be a Position or position text, not {type(position).__name__}")
        super().__init__(ENGINE, position)

    # --- construction ------------------------------------------------------------
    @classmethod
    def new_round(cls, rules: Rules | str | None = None, *, seed: int = 0) -> KabetopoState:
        """A round after the fixed setup and a seeded 2x2 Field Setup; every roll is in the history."""
        pos = Position(_rules(rules))
        pos.phase = Phase.SETUP
        state = cls(pos)
        state.roll_setup(seed)
        return state

    @classmethod
    def before_setup(cls, rules: Rules | str | None = None) -> KabetopoState:
        """The fixed part of the setup only; the next decisions are d12 rolls (K-SETUP-3)."""
        pos = Position(_rules(rules))
        pos.phase = Phase.SETUP
        return cls(pos)

    def roll_setup(self, seed: int) -> list[Action]:
        """Roll the remaining setup d12s with a seeded generator; returns the rolls applied.

        A field with no line left for its piece (K-SETUP-1) would be rolled for ever: that
        raises InvalidPositionError at once, and the rolls already made are taken back.
        """
        rng = random.Random(seed)
        rolls: list[Action] = []
        while self.position.phase == Phase.SETUP:
            why = full_field(self.position)
            if why:  # no face places the piece: the dice would be rolled for ever
                text = self.to_text()
                for _ in rolls:
                    self.undo()
                raise InvalidPositionError([f"K-SETUP-1: {why}"], text)
            rolls.append(self.apply(Action(Kind.ROLL, rng.randint(1, 12))))
        return rolls

    @classmethod
    def from_text(cls, text: str) -> KabetopoState:
        return cls(parse_position(text))


    @property
    def rules(self) -> Rules:
        return self.position.rules

    # --- questions -----------------------------------------------------------------
    def explain(self, action, *, seat=None, ply: int | None = None) -> Verdict:
        """A verdict for any action, legal or not; it names the seat and the decision it judged.

        ``ply``: judge at that point of the history (the position after its first ``ply``
        actions; 0 is the start), without changing the state.  ``seat`` (``"S"``, ``"South"``):
        the seat asked about (KNB-16): its decision if it is the one deciding there, otherwise
        the start of its next turn on the board as it stands (the verdict's decision says so);
        an illegal verdict if it takes no more turns this round; SettingError during the Field
        Setup or while another seat's move is under way.  ``turn_began(seat)`` gives the
        ``ply`` of a seat's latest turn, to ask about the decision it took there.
        """
        if seat is None and ply is None:
            return super().explain(action)
        pos = self.position if ply is None else self.position_at(ply)
        if seat is None:
            return explain(pos, self._coerce(action, pos))
        asked = parse_seat(seat) if isinstance(seat, str) else seat
        if asked not in pos.rules.seats:
            who = seat_name(asked) if asked in range(4) else repr(seat)
            raise RulesOptionError(f"{who} does not play in {pos.rules.name} (its seats: "
                                   f"{', '.join(map(seat_name, pos.rules.seats))})")
        at = _engine.asked_of(pos, asked)  # KNB-16: the seat's decision, or the start of its next turn
        action = self._coerce(action, at or pos)
        if at is None:
            return no_more_turns(pos, asked)
        if at is self.position:
            return super().explain(action)  # (the current decision's ledger is kept)
        return explain(at, action, asked=None if at is pos else NEXT_TURN)

    def turn_began(self, seat) -> int | None:
        """The ply at which ``seat``'s latest turn began (its main action or Mischief turn was
        the decision there), or None if it has had none this round: ``explain(action,
        seat=seat, ply=state.turn_began(seat))`` asks about a decision it has already taken."""
        asked = parse_seat(seat) if isinstance(seat, str) else seat
        for ply in range(self.ply, -1, -1):
            pos = self.position_at(ply)
            if pos.phase == Phase.MAIN and pos.turn == asked:
                return ply
        return None

    def last_verdict(self) -> Verdict | None:
        """The verdict of the last action applied, worded from its recorded outcome, naming
        whose decision it was and what it brought about (as ``explain`` said before it)."""
        said = super().last_verdict()
        if said is None:
            return None
        action, before = self.actions(self.ply - 1)[0], self.position_at(self.ply - 1)
        who, kind = judged(before)
        outcome = self._steps[-1][1]
        return replace(said, seat=who, decision=kind, consequences=consequences(before, action, outcome))

    def _coerce(self, action, pos: Position | None = None):
        """An action, or its text read in ``pos`` (the current position): a door move named by
        the door's line alone is refused with the door moves through that line allowed there."""
        if not isinstance(action, str):
            return action
        try:
            return self.engine.parse_action(action)
        except NotationError:
            named = _door_named_by_line(action)
            if named is None:
                raise
            line, speed = named
            at = self.position if pos is None else pos
            forms = [str(a) for a in _engine.ledger(at).actions
                     if a.kind == Kind.DOOR and a.speed == speed and line_of_side(a.a) == line]
            raise NotationError(door_by_line(action, line_name(line), forms)) from None

    def options_at(self, target) -> list[tuple[Action, Verdict]]:
        """Every candidate of the current decision aimed at one square or line (``"d5"``,
        ``"c4n"``), legal or not, with its verdict: why a square is not lit, why a drop
        is missing from a line."""
        return options_at(self.position, target, self.ledger(why=True))

    def problems(self) -> list[str]:
        """Why this position is not a valid Kabetopo position (empty when it is)."""
        return problems(self.position)

    def is_valid(self) -> bool:
        return not self.problems()

    def moves_to(self, start, targets) -> int | None:
        """Fewest moves from ``start`` (a square or its name) to any of ``targets`` (K-ROUND-3)."""
        return moves_to(self.position, _square(start), [_square(t) for t in targets])

    def shortest_path(self, start, targets) -> list[int] | None:
        return shortest_path(self.position, _square(start), [_square(t) for t in targets])

    def moves_home(self, seat) -> int | None:
        """Fewest moves for a runner to its next target (``race.next_targets``): a Mountain
        site with a stone while it needs one, Halfway Home in the 2-player v2.0 game, then a
        corner other than its start."""
        return moves_home(self.position, parse_seat(seat) if isinstance(seat, str) else seat)

    # --- drawing ---------------------------------------------------------------------
    def svg(self, **options) -> str:
        """The position as SVG; keyword options as ``kabetopo_nb.render.board_svg``."""
        from ..render import board_svg

        return board_svg(self.position, **options)

    def _repr_svg_(self) -> str:
        return self.svg()

    def save_svg(self, path, **options) -> None:
        """Write the drawing to a file."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.svg(**options))


def _door_named_by_line(text: str) -> tuple[int, bool] | None:
    """(the line, the speed flag) of ``door c4n`` or ``speed door c4|c5``: a door move
    written with the door's line alone; None for any other text."""
    tokens = LINE_BAR.sub("|", text).split()
    speed = tokens[:1] == ["speed"]
    tokens = tokens[speed:]
    if len(tokens) != 2 or tokens[0] != Kind.DOOR:
        return None
    try:
        return parse_line(tokens[1]), speed
    except NotationError:
        return None


def _square(value) -> int:
    return parse_square(value) if isinstance(value, str) else value


def new_round(rules: Rules | str | None = None, *, seed: int = 0) -> KabetopoState:
    return KabetopoState.new_round(rules, seed=seed)
