"""The bots of a match board, thinking a slice at a time: ``Thought`` (one decision of one
bot, with the referee's checks) and ``BotRunner`` (when the slices run).

A bot's decision can take seconds (tree search); played at once it would block the
kernel, so a board in Jupyter could not be clicked or stopped while a bot thinks.  The
runner plays one slice per callback of an event loop, so the kernel answers other messages
(cells, clicks, Stop) in between.  It belongs to the match controller; whatever shows the
board (the widget, a test's plain transport) attaches it to a loop of its choosing and is
told each reply.  With no loop (plain Python), ``play_all`` plays every bot action due at
once.
"""
from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..bots import BotFailure, bot_name
from ..bots.referee import check_legal, check_time, raised

if TYPE_CHECKING:  # the controller owns the runner; the runner only calls it back
    from .match_controller import MatchController


def _at_once(bot, state, rng):
    """A bot without ``think``: its whole decision is one slice."""
    return bot(state, rng)
    yield  # a generator


class Thought:
    """One decision of a bot, worked out a slice at a time (its ``think`` generator), with
    the referee's checks (``bots/referee.py``): a bot that raises, overruns its
    ``time_limit`` (the time spent in its slices, checked after every slice, so a bot that
    never ends is stopped too) or answers an illegal action raises ``BotFailure``."""

    def __init__(self, player: str, bot: Callable, state, rng: random.Random):
        self.player, self.bot, self.state, self.rng = player, bot, state, rng
        self.position = state.position  # a new object after any change of the state
        self.seat = state.decision.seat
        self.name = bot_name(bot)
        self.limit = getattr(bot, "time_limit", None)
        self.spent = 0.0  # seconds inside the bot's slices (not the loop's time between them)
        self.slices = 0
        self._steps = None

    def step(self) -> tuple[bool, Any]:
        """One slice: ``(False, None)`` while thinking, ``(True, action)`` once decided."""
        start = time.perf_counter()
        done, action = False, None
        try:
            if self._steps is None:
                think = getattr(self.bot, "think", None)
                steps = think(self.state, self.rng) if callable(think) else _at_once(self.bot, self.state, self.rng)
                if not hasattr(steps, "__next__"):  # a think() that is a plain function: its answer
                    done, action = True, steps
                self._steps = steps
            if not done and self._steps is not None:
                next(self._steps)
        except StopIteration as finished:
            done, action = True, finished.value
        except Exception as exc:  # any bug in a bot is reported, never allowed to stop the board
            self._steps = None
            raise raised(self.seat, self.name, exc) from exc
        finally:
            self.spent += time.perf_counter() - start
            self.slices += 1
        try:
            check_time(self.seat, self.name, self.spent, self.limit)
        except BotFailure:
            self.close()
            raise
        if done:
            check_legal(self.seat, self.name, self.state, action)
        return done, action

    def close(self) -> None:
        """Drop the unfinished search."""
        steps, self._steps = self._steps, None
        if steps is not None and hasattr(steps, "close"):
            try:
                steps.close()
            except Exception:  # noqa: BLE001 - a bot's clean-up must not break the board
                pass


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop, or None (plain Python)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class BotRunner:
    """When a match's bots think: a slice per loop callback, after ``pause`` seconds before a
    new decision.  ``attach`` gives it the loop (a function returning it, or None for none)
    and who is told each reply; until then nothing is scheduled."""

    def __init__(self, controller: MatchController):
        self.controller = controller
        self.pause = 1.0
        self._loop: Callable[[], Any] = lambda: None
        self._on_reply: Callable[[dict], None] = lambda reply: None
        self._timer: Any = None  # the pending callback's handle

    def attach(self, *, pause: float, on_reply: Callable[[dict], None],
               loop: Callable[[], Any] | None = None) -> None:
        """Run the slices on ``loop()``'s loop (by default the running one, looked up at each
        slice: the kernel's in Jupyter, none in plain Python), ``pause`` seconds before each new
        decision, and tell ``on_reply`` each reply (a bot's action played, or its failure)."""
        self.pause, self._on_reply = pause, on_reply
        self._loop = loop if loop is not None else (lambda: running_loop())

    @property
    def pending(self) -> bool:
        """Is a slice waiting on the loop?"""
        return self._timer is not None

    def schedule(self) -> None:
        """Run the next slice soon if a bot has the decision (and nothing is pending)."""
        controller = self.controller
        if self._timer is not None or not controller.bot_due():
            return
        loop = self._loop()
        if loop is None:  # plain Python: play_all() plays them
            return
        if controller.thought is not None:  # a thought under way goes on
            self._timer = loop.call_soon(self._turn)
        else:
            self._timer = loop.call_later(self.pause, self._turn)

    def _turn(self) -> None:
        """One slice of the bot's thinking; the next slice is the loop's next callback."""
        self._timer = None
        controller = self.controller
        if not controller.bot_due():
            controller.drop_thought()
            return
        reply = controller.think_slice()
        if reply is None:  # still thinking
            loop = self._loop()
            if loop is not None:
                self._timer = loop.call_soon(self._turn)
            return
        self._on_reply(reply)

    def check(self) -> None:
        """Drop the thought if it no longer fits the board (stopped, another seat's turn, undone)."""
        controller = self.controller
        thought = controller.thought
        if not controller.bot_due() or (thought is not None and not controller.thought_valid(thought)):
            self.stop()

    def stop(self) -> None:
        """Cancel a pending slice and drop the unfinished thought (nothing is played)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.controller.drop_thought()

    def play_all(self, limit: int = 100_000) -> int:
        """Play every bot action due now, at once, until a human decides or the round ends
        (or a bot fails: the board reports it); returns how many were played."""
        self.stop()
        played = 0
        controller = self.controller
        while played < limit and controller.bot_due():
            reply = controller.play_bot()
            if not reply.get("ok"):
                if reply.get("bot_failure"):
                    break
                raise RuntimeError(f"a bot's action was refused: {reply}")
            played += 1
        return played
