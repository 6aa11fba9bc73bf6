"""The ledger of one decision: every candidate action the rules considered, and its verdict.

A game's generators are the one place where its rules are decided.  While they look for
the legal actions of a decision they write a :class:`Ledger`:

* an *allowed* action goes in with its typed **outcome** (what applying it will do,
  decided once, here); its rulings come with the outcome;
* a *rejected* candidate goes in with the ruling it breaks and a sentence in the
  project's own words, but only when someone asks why (``why=True``): the hot path that
  only needs the legal actions builds no sentences at all.

Everything else reads the ledger instead of deciding again: the legal actions are its
allowed actions, in the order they were found; applying an action applies its recorded
outcome; ``explain`` looks the action up (a candidate the generators never considered,
such as a step to a square that is not next to the runner, gets a short reason about its
shape from the game, which never decides a rule); "why not here?" lists the entries that
touch one square or line.  Kaomi's ``pushes.resolve`` was the model for this.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from .verdict import Verdict


class Rejected(NamedTuple):
    """Why a candidate action is not allowed: the ruling IDs it breaks and one sentence."""

    rulings: tuple[str, ...]
    reason: str


class Ledger:
    """The verdicts of one decision.

    ``actions[i]`` is allowed with outcome ``outcomes[i]`` (generation order);
    ``rejected`` maps a candidate to its :class:`Rejected` (None unless ``why``).  The
    first reason given for a candidate is kept; an allowed action is never rejected
    afterwards, and if a reason was recorded before it was allowed, being allowed wins.
    """

    __slots__ = ("actions", "outcomes", "rejected", "why")

    def __init__(self, why: bool = False):
        self.actions: list = []
        self.outcomes: list = []
        self.why = why
        self.rejected: dict | None = {} if why else None

    # --- writing (the generators) --------------------------------------------------
    def allow(self, action: Any, outcome: Any) -> None:
        """Record an allowed action (generators on a hot path may append to both lists directly)."""
        self.actions.append(action)
        self.outcomes.append(outcome)

    def reject(self, action: Any, rulings: str | tuple[str, ...], reason: str) -> None:
        """Record why ``action`` is refused (call only when ``self.why``)."""
        rejected = self.rejected
        if rejected is None or action in rejected or action in self.actions:
            return
        if isinstance(rulings, str):
            rulings = (rulings,)
        rejected[action] = Rejected(rulings, reason)

    def overrule(self, other: Ledger, rulings: str | tuple[str, ...], reason: str) -> None:
        """Reject every candidate of ``other`` (allowed there or not) for one reason.

        For a rule that forbids a whole class of actions at once, e.g. "no bonus move is
        open": the candidates are the moves the runner could otherwise make.
        """
        for action in other.actions:
            self.reject(action, rulings, reason)
        for action in other.rejected or ():
            self.reject(action, rulings, reason)

    # --- reading -----------------------------------------------------------------------
    def index(self, action: Any) -> int:
        """The position of ``action`` among the allowed actions; ValueError if it is not one.

        Compared by equality, so an equal look-alike (3.0 for 3) finds the listed action.
        """
        try:
            return self.actions.index(action)
        except TypeError:  # junk that cannot even be compared
            raise ValueError(action) from None

    def find(self, action: Any) -> int | None:
        try:
            return self.index(action)
        except ValueError:
            return None

    def rejection(self, action: Any) -> Rejected | None:
        if not self.rejected:
            return None
        try:
            return self.rejected.get(action)
        except TypeError:  # unhashable junk
            return None

    def __contains__(self, action: Any) -> bool:
        return self.find(action) is not None

    def __len__(self) -> int:
        return len(self.actions)

    def candidates(self) -> Iterator:
        """Every action considered: the allowed ones first, then the rejected ones."""
        yield from self.actions
        allowed = set(self.actions)
        for action in self.rejected or ():
            if action not in allowed:
                yield action

    def __repr__(self) -> str:
        rejected = "" if self.rejected is None else f", {len(self.rejected)} rejected"
        return f"<Ledger: {len(self.actions)} allowed{rejected}>"


Describe = Callable[[Any, Any], tuple[tuple[str, ...], str]]
Shape = Callable[[Any], tuple[tuple[str, ...], str]]


def verdict(ledger: Ledger, action: Any, *, describe: Describe, shape: Shape) -> Verdict:
    """The verdict on ``action`` read from a ``why`` ledger.

    ``describe(action, outcome)`` words an allowed action's outcome; ``shape(action)``
    answers for an action the generators never considered (malformed, wrong phase, not
    adjacent): a reason about its form that decides no rule.
    """
    i = ledger.find(action)
    if i is not None:
        rulings, sentence = describe(ledger.actions[i], ledger.outcomes[i])
        return Verdict(True, rulings, sentence)
    rejected = ledger.rejection(action)  # (allowed above wins over any reason recorded for it)
    if rejected is not None:
        return Verdict(False, rejected.rulings, rejected.reason)
    rulings, reason = shape(action)
    return Verdict(False, rulings, reason)
