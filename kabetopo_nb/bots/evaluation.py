"""What a bot needs to know about a game beyond its rules: who is at the table, how good a
finished game is for each seat, and a quick guess for an unfinished one.

The rules themselves (legal actions, results, scores) come from each game's engine; this
module only turns them into numbers.  Per seat:

* ``rewards(position)``: a finished game, from 0 (beaten by everyone) to 1 (beat everyone):
  the share of the other seats this seat finished ahead of, a tie counting half.  A
  2-player game gives 1, 0.5 or 0; a 4-player Kabetopo round ranks the four totals of
  ``score_round``.  Rewards per seat are what lets tree search play 3 and 4 players.
* ``estimate(position)``: the same scale for an unfinished game, from a value per seat
  compared pairwise through a logistic curve (a clear lead is near 1, level play 0.5).
  For Kabetopo the value is the points earned so far (``score_round(partial=True)``)
  less a share of the race still to run: the moves to the next target and a typical leg
  for each target after it (counting the next target alone made taking a stone look like
  a loss: the next target jumps from here to the far side of the board); Kaomi compares the
  largest groups; Dakapo, whose wins come suddenly, calls every unfinished game level.
* ``greedy_key(position, seat)``: the one-step greedy player's measure of a position
  just reached by ``seat``'s action, lower is better.
"""
from __future__ import annotations

import abc
import math
from collections.abc import Mapping
from typing import Any

from ..core.state import CHANCE
from ..core.verdict import SettingError

LEVEL = 0.5


def _ranked(values: Mapping[str, float], scale: float | None) -> dict[str, float]:
    """Each seat's mean pairwise result against the others: a step (1, 0.5, 0) when
    ``scale`` is None, else the logistic curve of the value difference over ``scale``."""
    seats = list(values)
    if len(seats) < 2:
        return {s: LEVEL for s in seats}
    out = {}
    for s in seats:
        total = 0.0
        for t in seats:
            if t == s:
                continue
            diff = values[s] - values[t]
            if scale is None:
                total += 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
            else:
                total += 1.0 / (1.0 + math.exp(-diff / scale))
        out[s] = total / (len(seats) - 1)
    return out


class Evaluation(abc.ABC):
    """The numbers one game gives its bots (see the module doc); each game says who sits at
    the table (``seats``) and how a finished game ends for each (``rewards``)."""

    game = ""
    ROLLOUT_DEPTH = 6  # random actions a tree search plays before ``estimate`` judges (mcts.py)

    @abc.abstractmethod
    def seats(self, position) -> tuple[str, ...]:
        """The seats' names, in the game's order."""

    @abc.abstractmethod
    def rewards(self, position) -> dict[str, float]:
        """A finished game's result per seat, from 0 to 1."""

    def estimate(self, position) -> dict[str, float]:
        return {s: LEVEL for s in self.seats(position)}

    def greedy_key(self, position, seat: str) -> float:
        """Lower is better: a win first, then the estimate."""
        return -self.estimate(position)[seat]

    def rollout_choice(self, actions: list, rng) -> int:
        """The index of the action a tree search's rollout plays: uniform by default."""
        return rng.randrange(len(actions))


class KabetopoEvaluation(Evaluation):
    game = "kabetopo"
    MOVE_VALUE = 0.6  # points one move nearer the next target is worth, in ``estimate``
    ROLLOUT_DEPTH = 0  # the estimate judges a new node at once (see mcts.py)
    LEG = 5  # moves counted for each target after the next (a typical leg on the 6x6 board)
    SCALE = 1.5  # points of lead that make a logistic result of about 0.66
    ROLLOUT_MOVES = 0.75  # a rollout moves the runner this often when it can (players race)

    def __init__(self):
        from ..kabetopo.actions import MOVE_KINDS
        from ..kabetopo.race import moves_home
        from ..kabetopo.rules import seat_name
        from ..kabetopo.scoring import score_round

        self._moves_home, self._seat_name, self._score_round = moves_home, seat_name, score_round
        self._index = {seat_name(i): i for i in range(4)}
        self._move_kinds = MOVE_KINDS

    def seats(self, position) -> tuple[str, ...]:
        return tuple(self._seat_name(s) for s in position.rules.seats)

    def points(self, position, *, partial: bool = False) -> dict[str, int]:
        totals = self._score_round(position, partial=partial).totals()
        return {self._seat_name(s): p for s, p in totals.items()}

    def rewards(self, position) -> dict[str, float]:
        return _ranked(self.points(position), None)

    def estimate(self, position) -> dict[str, float]:
        totals = self._score_round(position, partial=True).totals()
        home = {s for s, _ in position.homes}
        values: dict[str, float] = {}
        for s, points in totals.items():
            if s in home or not position.is_racing(s):
                values[self._seat_name(s)] = points
                continue
            moves = self._moves_home(position, s)
            race = (15 if moves is None else moves) + self.LEG * self.legs_after_next(position, s)
            values[self._seat_name(s)] = points - self.MOVE_VALUE * race
        return _ranked(values, self.SCALE)

    @staticmethod
    def legs_after_next(position, seat: int) -> int:
        """How many targets ``seat``'s runner still has to reach after its next one (stones,
        Halfway Home in the 2-player v2.0 game, a home corner)."""
        rules = position.rules
        left = rules.stones_needed - position.held[seat] + 1  # the stones still needed, and home
        if rules.halfway_home and not position.reached_halfway(seat):
            left += 1
        return left - 1

    def rollout_choice(self, actions: list, rng) -> int:
        """Mostly a move when one is offered: uniformly random Kabetopo play spends its turns
        dropping walls, so its rollouts would say little about a race."""
        if rng.random() < self.ROLLOUT_MOVES:
            moves = [i for i, a in enumerate(actions) if a.kind in self._move_kinds]
            if moves:
                return rng.choice(moves)
        return rng.randrange(len(actions))

    def greedy_key(self, position, seat: str) -> float:
        """The demo bot's measure since issue 5: a Tadaima first, then ten per move still
        needed to the next target, less 100 per stone held and 200 for Halfway Home."""
        me = self._index[seat]
        if any(s == me for s, _ in position.homes):
            return -1000
        moves = self._moves_home(position, me)
        return ((99 if moves is None else moves) * 10 - 100 * position.held[me]
                - 200 * sum(s == me for s, _ in position.halfway))


class DakapoEvaluation(Evaluation):
    game = "dakapo"

    def __init__(self):
        from ..dakapo.ending import status
        from ..dakapo.rules import PLAYERS

        self._status, self._players = status, PLAYERS

    def seats(self, position) -> tuple[str, ...]:
        return tuple(self._players)

    def rewards(self, position) -> dict[str, float]:
        winner = self._status(position).winner
        if winner is None:
            return {p: LEVEL for p in self._players}
        return {p: 1.0 if i == winner else 0.0 for i, p in enumerate(self._players)}

    def greedy_key(self, position, seat: str) -> float:
        st = self._status(position)
        if st.is_over:
            return -self.rewards(position)[seat]
        return -LEVEL


class KaomiEvaluation(Evaluation):
    game = "kaomi"
    SCALE = 3.0  # stones of difference between the largest groups

    def __init__(self):
        from ..kaomi.position import BLACK, WHITE, colour_name
        from ..kaomi.scoring import groups, result

        self._groups, self._result = groups, result
        self._colours = (BLACK, WHITE)
        self._names = (colour_name(BLACK), colour_name(WHITE))

    def seats(self, position) -> tuple[str, ...]:
        return self._names

    def rewards(self, position) -> dict[str, float]:
        result = self._result(position)
        if result is None or result.winner is None:
            return {n: LEVEL for n in self._names}
        return {n: 1.0 if c == result.winner else 0.0 for c, n in zip(self._colours, self._names, strict=False)}

    def estimate(self, position) -> dict[str, float]:
        largest = dict.fromkeys(self._colours, 0)
        for g in self._groups(position):
            largest[g.colour] = max(largest[g.colour], g.size)
        return _ranked({n: largest[c] for c, n in zip(self._colours, self._names, strict=False)}, self.SCALE)

    def greedy_key(self, position, seat: str) -> float:
        if position.is_full():
            return -self.rewards(position)[seat]
        return -self.estimate(position)[seat]


_EVALUATIONS: dict[str, Evaluation] = {}


def evaluation_for(state: Any) -> Evaluation:
    """The evaluation of ``state``'s game (the registry of games names it), made once per game."""
    from ..games import GAMES

    name = getattr(state, "game_name", "")
    if name not in _EVALUATIONS:
        if name not in GAMES:
            raise SettingError(f"no bot evaluation for the game {name!r} (known: {', '.join(sorted(GAMES))})")
        _EVALUATIONS[name] = GAMES[name].evaluation_class()()
    return _EVALUATIONS[name]


def is_chance(seat: str | None) -> bool:
    return seat == CHANCE
