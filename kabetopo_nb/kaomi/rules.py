"""The Kaomi options object: board size (M-6), the Squared variant and its komi (M-5).

    >>> KaomiRules()
    KaomiRules(size=7, squared=False, komi=0)
    >>> KaomiRules(size=9, squared=True, komi=4).name
    'kaomi-squared'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.grid_text import parse_count, shown
from ..core.verdict import NotationError, RulesOptionError

MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 5, 9, 7  # M-6
MAX_KOMI = 6_562  # KM-5: above any Squared score (one group filling 9x9 scores 81**2 = 6,561)

STANDARD = "kaomi"
SQUARED = "kaomi-squared"
RULESETS = (STANDARD, SQUARED)


@dataclass(frozen=True)
class KaomiRules:
    """How a Kaomi game is played: ``size`` x ``size`` squares, plain or Squared scoring.

    * ``size``: 5 to 9 (M-6), default 7.
    * ``squared``: the Squared variant: score by summed squared group sizes, komi for White,
      no pie rule (M-5).
    * ``komi``: an even number of points, 0 to ``MAX_KOMI``, added to White's Squared score (KM-5); only with
      ``squared``.
    """

    size: int = DEFAULT_SIZE
    squared: bool = False
    komi: int = 0

    def __post_init__(self):
        if not isinstance(self.size, int) or isinstance(self.size, bool) or not MIN_SIZE <= self.size <= MAX_SIZE:
            raise RulesOptionError(f"M-6: the board size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, not {self.size!r}")
        if not isinstance(self.squared, bool):
            raise RulesOptionError(f"squared must be True or False, not {self.squared!r}")
        if not isinstance(self.komi, int) or isinstance(self.komi, bool) or self.komi % 2 or not 0 <= self.komi <= MAX_KOMI:
            raise RulesOptionError(f"KM-5: komi must be an even whole number from 0 to {MAX_KOMI}, not {self.komi!r}")
        if self.komi and not self.squared:
            raise RulesOptionError("KM-5: komi belongs to the Squared variant; the standard game uses the pie rule")

    @property
    def name(self) -> str:
        return SQUARED if self.squared else STANDARD

    @property
    def pie_rule(self) -> bool:
        """Whether White's first turn may be a swap (M-5: not in Squared)."""
        return not self.squared

    @classmethod
    def named(cls, name: str = STANDARD, *, size: int = DEFAULT_SIZE, komi: int = 0) -> KaomiRules:
        if name not in RULESETS:
            raise RulesOptionError(f"unknown Kaomi ruleset {name!r}; known: {', '.join(RULESETS)}")
        return cls(size=size, squared=name == SQUARED, komi=komi)

    def to_text(self) -> str:
        """The rules part of the position text: ``kaomi 7`` or ``kaomi-squared 7 komi=4``."""
        text = f"{self.name} {self.size}"
        return text + f" komi={self.komi}" if self.squared else text

    @classmethod
    def from_text(cls, text: str) -> KaomiRules:
        """Read rules text exactly as ``to_text`` writes it; NotationError otherwise."""
        name, *options = text.split(" ")
        if name not in RULESETS:
            raise NotationError(f"unknown ruleset {shown(name)} (expected {' or '.join(RULESETS)})")
        written = ("<size>", "komi=<n>") if name == SQUARED else ("<size>",)
        if len(options) != len(written):
            raise NotationError(f"the rules are written {' '.join((name,) + written)}, not {shown(text)}")
        size = parse_count(options[0], "the board size (M-6)", MAX_SIZE)
        komi = _parse_komi(options[1]) if name == SQUARED else 0
        try:
            return cls(size=size, squared=name == SQUARED, komi=komi)
        except ValueError as exc:
            raise NotationError(str(exc)) from None

    def describe(self) -> str:
        if self.squared:
            return f"Kaomi Squared on {self.size}x{self.size}, komi {self.komi} for White"
        return f"Kaomi on {self.size}x{self.size}, with the pie rule"


def _parse_komi(token: str) -> int:
    """``komi=4``: KM-5's even number from 0 up, as ``to_text`` writes it (no sign, no
    leading zeros); whether it is even and in range is the rules object's check."""
    key, eq, value = token.partition("=")
    if key != "komi" or not eq:
        raise NotationError(f"Kaomi Squared gives komi=<n> after the size, not {shown(token)}")
    return parse_count(value, "komi (KM-5)", MAX_KOMI)
