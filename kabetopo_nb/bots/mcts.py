"""Monte Carlo tree search (UCT) over a game's atomic decisions, for 2, 3 and 4 players.

Every node is one decision of the game (a Kabetopo turn is several: the main action, its
extras, End turn), owned by the seat that makes it.  Each iteration:

1. *selection*: from the root, follow the child with the best UCT score
   ``mean + c * sqrt(ln(parent visits) / visits)`` while every action of the node has
   been tried, where the mean is the reward of the seat that chose the child (rewards
   are kept per seat, so each seat maximises its own: the "max^n" reading of UCT that
   works for any number of players); a die roll (``chance``) picks uniformly;
2. *expansion*: add one untried action (in an order shuffled once by the seeded
   generator).  At the root, where the decision is made, the actions are tried best
   first by the game's one-step measure (``greedy_key``) and only a widening few of them
   at a time: ``4 + 2 * sqrt(visits)`` (progressive widening), since a Kabetopo decision
   offers up to ~180 actions, more than a small budget could try even once;
3. *rollout*: from there, at most ``rollout_depth`` random actions (the game's
   ``rollout_choice``: uniform, or for Kabetopo mostly moves), then the position is
   judged by the game's ``estimate`` (``evaluation.py``) unless it ended.  A full random
   4-player Kabetopo round is some 500 decisions, so rollouts are cut short; by default
   each game says how far (``Evaluation.ROLLOUT_DEPTH``): Kabetopo's estimate (points
   and the race still to run) judges the new node at once (depth 0: random moves only
   blurred it; against greedy in ``kabetopo-2p`` 1,000 iterations won 24 of 24 rounds at
   depth 0, 20 of 24 at depth 6, in a quarter of the time), while Dakapo and Kaomi,
   whose estimates say little, play 6 random actions;
4. *backpropagation*: each node on the path adds the reward of the seat that chose it,
   pulled towards the level 0.5 by ``discount`` per action between the root and where
   the reward was judged, so a win now is worth more than the same win later (a
   Tadaima in reach is taken, not put off).

The action played is the root's most visited child; the search stops early once the rest
of the budget could no longer change which child that is.  The budget is a number of
iterations (``iterations=``, deterministic: the same state and seed give the same action
on any machine) or of seconds per decision (``seconds=``: as many iterations as fit, so
the choice depends on the machine's speed).  A decision with one legal action is played
at once.  The search works on the engine's positions (``state.engine``), never on
``state``, which it does not change.

Memory: every node keeps its position and its decision's ledger, about 5 KB a node in a
4-player Kabetopo round (tracemalloc, ``benchmarks/bench_mcts_memory.py``: 4.8-5.3 KB in
opening positions of ~160 actions, 2.5-2.7 KB in mid-game ones), and an iteration adds
one node (and the die rolls it passes through for the first time).  So that a decision
fits a Binder session (1-2 GB, the kernel itself ~250 MB) whatever budget it is given, a
budget is at most ``MAX_ITERATIONS`` iterations (~100 MB of tree) or ``MAX_SECONDS``
seconds, and the tree itself never grows past ``max_nodes`` (at most ``MAX_NODES``,
~265 MB): a search that reaches it stops and plays its best action so far (a budget in
seconds on a fast machine, some 8,000 iterations a second, would otherwise grow the tree
by ~40 MB a second).  ``think`` yields every ``SLICE`` iterations all the same, so a
board can stop it between slices.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Generator
from typing import Any

from ..core.state import CHANCE
from ..core.verdict import SettingError
from .base import Bot, SeenPositions, first_fresh, run_thinking
from .evaluation import evaluation_for

SLICE = 32  # iterations between two yields of ``think`` (a few tens of milliseconds)
MAX_ITERATIONS = 20_000  # ~100 MB of tree at ~5 KB an iteration (see the module doc)
MAX_SECONDS = 10.0  # a decision's thinking time; the tree cap bounds its memory on any machine
MAX_NODES = 50_000  # ~265 MB of tree at the ~5.3 KB a node measured in 4-player openings


class _TreeFull(Exception):
    """The tree has ``max_nodes`` nodes: the iteration that needed one more is abandoned."""


class _Tree:
    __slots__ = ("nodes", "limit")

    def __init__(self, limit: int):
        self.nodes = 0
        self.limit = limit

    def grow(self) -> None:
        if self.nodes >= self.limit:
            raise _TreeFull
        self.nodes += 1


class _Node:
    __slots__ = ("position", "seat", "actions", "outcomes", "untried", "children", "visits", "value")

    def __init__(self, position, engine, rng: random.Random):
        self.position = position
        self.seat = engine.decision(position).seat
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0  # summed rewards of the seat that chose this node
        if self.seat is None:
            self.actions, self.outcomes, self.untried = [], [], []
            return
        ledger = engine.ledger(position)
        self.actions, self.outcomes = ledger.actions, ledger.outcomes
        self.untried = list(range(len(self.actions)))
        rng.shuffle(self.untried)

    def child(self, i: int, engine, rng: random.Random, tree: _Tree) -> _Node:
        node = self.children.get(i)
        if node is None:
            tree.grow()  # refused (``_TreeFull``) before anything is allocated
            after = self.position.copy()
            engine.play(after, self.actions[i], self.outcomes[i])
            node = self.children[i] = _Node(after, engine, rng)
        return node


class MCTSBot(Bot):
    """UCT tree search with per-seat rewards and cut-off rollouts (see the module doc)."""

    def __init__(self, iterations: int | None = None, *, seconds: float | None = None,
                 exploration: float = 0.3, rollout_depth: int | None = None, discount: float = 0.98,
                 stop_early: bool = True, name: str | None = None, max_nodes: int = MAX_NODES):
        if (iterations is None) == (seconds is None):
            raise SettingError("give the budget as iterations= or seconds=, one of them")
        if iterations is not None and (not isinstance(iterations, int) or isinstance(iterations, bool)
                                       or not 1 <= iterations <= MAX_ITERATIONS):
            raise SettingError(f"iterations is a whole number from 1 to {MAX_ITERATIONS:,} (a tree of ~5 KB an "
                               f"iteration must fit a Binder session's memory), not {iterations!r}")
        if seconds is not None and (not isinstance(seconds, (int, float)) or isinstance(seconds, bool)
                                    or not 0 < seconds <= MAX_SECONDS):
            raise SettingError(f"seconds is a number above 0 and at most {MAX_SECONDS:g} (a decision's thinking "
                               f"time), not {seconds!r}")
        if not isinstance(max_nodes, int) or isinstance(max_nodes, bool) or not 1 <= max_nodes <= MAX_NODES:
            raise SettingError(f"max_nodes is a whole number from 1 to {MAX_NODES:,} (~5 KB a node), "
                               f"not {max_nodes!r}")
        if rollout_depth is not None and (not isinstance(rollout_depth, int) or rollout_depth < 0):
            raise SettingError(f"rollout_depth is a whole number of at least 0, not {rollout_depth!r}")
        self.iterations = iterations
        self.seconds = budget = None if seconds is None else float(seconds)
        self.exploration = float(exploration)
        self.rollout_depth = rollout_depth
        if not 0 < discount <= 1:
            raise SettingError(f"discount is a number above 0 and at most 1, not {discount!r}")
        self.discount = float(discount)
        self.stop_early = bool(stop_early)
        self.max_nodes = max_nodes  # the tree's size, root included; the search stops there
        self.name = name or (f"mcts-{iterations}" if iterations is not None else f"mcts-{seconds:g}s")
        self.help = (f"tree search, {iterations} iterations a decision" if iterations is not None else
                     f"tree search, {seconds:g} second{'s' if seconds != 1 else ''} a decision")  # the seat picker's
        # the referee's limit for one decision: the budget, with room for one slow iteration
        self.time_limit = None if budget is None else budget * 1.5 + 1.0
        self.last_iterations = 0  # how many the last decision ran (benchmarks, the board)
        self.last_nodes = 0  # the size of the last decision's tree
        self.last_full = False  # did the last decision stop at max_nodes?
        self.seen = SeenPositions()  # the game's positions, not to be gone back to for ever

    def choose(self, state, rng: random.Random) -> Any:
        return run_thinking(self.think(state, rng))

    def think(self, state, rng: random.Random) -> Generator[None, None, Any]:
        # the budget counts from here: ordering the root's actions is part of the decision
        # (it was not, and on a busy machine a 1-second bot overran its limit by ordering)
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + min(self.seconds, MAX_SECONDS)
        actions = state.ledger(why=False).actions
        self.last_iterations = self.last_nodes = 0
        self.last_full = False
        if len(actions) == 1:
            return actions[0]
        engine, evaluation = state.engine, evaluation_for(state)
        # the caps hold here too, not only in __init__: a bot whose budget or max_nodes was
        # changed afterwards still never grows its tree past MAX_NODES
        limit = self.max_nodes
        tree = _Tree(limit if isinstance(limit, int) and 1 <= limit <= MAX_NODES else MAX_NODES)
        tree.grow()
        root = _Node(state.position, engine, rng)
        if root.seat != CHANCE:  # best first: untried is popped from its end
            keys = []
            for n, i in enumerate(root.untried, 1):
                after = root.position.copy()
                engine.play(after, root.actions[i], root.outcomes[i])
                keys.append((evaluation.greedy_key(after, root.seat), i))
                if n % SLICE == 0:
                    yield  # a Kabetopo decision may offer ~180 actions: the board stays responsive
            root.untried = [i for _, i in sorted(keys, key=lambda k: (-k[0], -k[1]))]
        done = 0
        iterations = None if self.iterations is None else min(self.iterations, MAX_ITERATIONS)
        while True:
            for _ in range(SLICE):
                if iterations is not None and done >= iterations:
                    break
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                try:
                    self._iterate(root, engine, evaluation, rng, tree)
                except _TreeFull:  # no room for one more node: play the best action so far
                    self.last_full = True
                    break
                done += 1
            else:
                self.last_iterations, self.last_nodes = done, tree.nodes
                if self.stop_early and self._settled(root, done, started, deadline):
                    break
                yield
                continue
            break
        self.last_iterations, self.last_nodes = done, tree.nodes
        if not root.children:  # a tree too small for any child: the best first of the ordered actions
            return root.actions[root.untried[-1]] if root.untried else actions[0]
        # the most visited, but never back into a position the game has passed through
        # REPEATS times when another tried action is open (two bots bumping each other for ever)
        ranked = sorted(root.children, key=lambda i: (root.children[i].visits, root.children[i].value, -i), reverse=True)
        return root.actions[first_fresh(state, self.seen, ranked, lambda i: root.children[i].position)]

    def _settled(self, root: _Node, done: int, started: float, deadline: float | None) -> bool:
        """Can the rest of the budget no longer change the choice?  The most visited child
        leads the next by more visits than the iterations left (for a budget in seconds,
        as many as fit at the pace so far), so the search stops early with the same answer
        (an iteration budget gives exactly the same action, only sooner)."""
        left: float
        if self.iterations is not None:
            left = self.iterations - done
        elif deadline is not None:
            now = time.perf_counter()
            left = (deadline - now) * done / max(now - started, 1e-9)
        else:  # no budget at all (the constructor demands one): nothing to stop early for
            return False
        first = second = 0
        for child in root.children.values():
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        return first - second > left

    def _iterate(self, root: _Node, engine, evaluation, rng: random.Random, tree: _Tree) -> None:
        """One iteration; ``_TreeFull`` (before any visit is counted) when it needs a node
        the tree has no room for."""
        node, path = root, [root]
        c = self.exploration
        while node.seat is not None and not (node.untried and (
                node is not root or len(node.children) < 4 + 2 * math.sqrt(node.visits))):
            if node.seat == CHANCE:
                node = node.child(rng.randrange(len(node.actions)), engine, rng, tree)
            else:
                log_n = math.log(node.visits)
                best, best_score = None, -1.0
                for ch in node.children.values():
                    score = ch.value / ch.visits + c * math.sqrt(log_n / ch.visits)
                    if score > best_score:
                        best, best_score = ch, score
                if best is None:  # a decision owned by a seat but offering no action: an engine bug
                    raise RuntimeError(f"no legal action at a decision of {node.seat!r}")
                node = best
            path.append(node)
        if node.seat is not None:
            parent = node
            node = parent.child(parent.untried[-1], engine, rng, tree)  # a full tree leaves it untried
            parent.untried.pop()
            path.append(node)
        rewards, steps = self._rollout(node, engine, evaluation, rng)
        if self.discount < 1:
            keep = self.discount ** (len(path) - 1 + steps)
            rewards = {seat: 0.5 + (r - 0.5) * keep for seat, r in rewards.items()}
        root.visits += 1
        for parent, child in zip(path, path[1:], strict=False):
            child.visits += 1
            child.value += rewards.get(parent.seat, 0.0)

    def _rollout(self, node: _Node, engine, evaluation, rng: random.Random) -> tuple[dict[str, float], int]:
        """(rewards per seat, actions played in the rollout)."""
        position = node.position
        if node.seat is None:
            return evaluation.rewards(position), 0
        steps = 0
        depth = evaluation.ROLLOUT_DEPTH if self.rollout_depth is None else self.rollout_depth
        if depth:
            position = position.copy()
            for steps in range(1, depth + 1):
                ledger = engine.ledger(position)
                i = evaluation.rollout_choice(ledger.actions, rng)
                engine.play(position, ledger.actions[i], ledger.outcomes[i])
                if engine.decision(position).seat is None:
                    return evaluation.rewards(position), steps
        return evaluation.estimate(position), steps
