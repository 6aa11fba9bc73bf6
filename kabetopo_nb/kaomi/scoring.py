"""The end of a Kaomi game and who won (M-5, KM-4..KM-7).

* Groups are stones of one colour joined through orthogonal neighbours on the board; the
  wrap-around of pushes plays no part in them (KM-4).
* Standard game: for every size s, min(black groups of size s, white groups of size s)
  pairs of groups are taken off; the colour owning the largest group left wins.  When
  nothing is left, the colour that placed the last stone loses.  (After the pairs are off,
  no size is held by both colours, so there is never a tie.)  Which groups of a size go is
  the players' choice and does not change the result; the engine takes them in board order
  (a1, b1, ...) so the drawings are stable.
* Squared: each colour scores the sum of its groups' squared sizes, no pairs are taken off
  and White adds the komi; the higher score wins, equal scores are a draw (KM-6).
* A full board whose position has a problem (``Position.problems``: the colour to place
  disagrees with the stones, KM-1, or a swap no game makes, M-5) has *no result*.  Such a
  position is no game's, and who placed the last stone, which the result may turn on, is
  what a disagreeing colour to place leaves open; so no winner is named and the result
  says why instead (``Result.problems``).  The stones decide whose turn it is
  (``Position.colour_from_stones``): a referee handed such a position asks for it to be
  put right, and the problem says what the stones imply.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .geometry import neighbours
from .position import BLACK, WHITE, Position, colour_name


@dataclass(frozen=True)
class Group:
    colour: int
    squares: tuple[int, ...]  # sorted; the first is the group's anchor

    @property
    def size(self) -> int:
        return len(self.squares)


@dataclass(frozen=True)
class Result:
    """Who won a finished game and why."""

    winner: int | None  # BLACK, WHITE, or None: a draw (Squared only, KM-6), or no result (``problems``)
    reason: str
    rulings: tuple[str, ...]
    groups: tuple[Group, ...]
    removed: tuple[tuple[Group, Group], ...] = ()  # standard game: the pairs taken off
    remaining: tuple[Group, ...] = ()
    scores: tuple[int, int] | None = None  # Squared: (Black, White incl. komi)
    problems: tuple[str, ...] = ()  # no result: why the position is inconsistent (``Position.problems``)

    @property
    def winner_name(self) -> str | None:
        return colour_name(self.winner) if self.winner else None

    @property
    def is_draw(self) -> bool:
        """Equal Squared scores (KM-6); not a game without a result (``problems``)."""
        return self.winner is None and not self.problems

    def __str__(self) -> str:
        return self.reason


def groups(position: Position) -> list[Group]:
    """Every group on the board, in order of its lowest square."""
    n = position.rules.size
    cells = position.cells
    seen = [False] * (n * n)
    out = []
    for sq in range(n * n):
        if not cells[sq] or seen[sq]:
            continue
        colour = cells[sq]
        stack, members = [sq], []
        seen[sq] = True
        while stack:
            s = stack.pop()
            members.append(s)
            for t in neighbours(s, n):
                if not seen[t] and cells[t] == colour:
                    seen[t] = True
                    stack.append(t)
        out.append(Group(colour, tuple(sorted(members))))
    return out


def remove_pairs(all_groups: list[Group]) -> tuple[list[tuple[Group, Group]], list[Group]]:
    """Take off pairs of equal-sized opposite groups (M-5): (pairs, groups left)."""
    by: dict[int, defaultdict[int, list[Group]]] = {BLACK: defaultdict(list), WHITE: defaultdict(list)}
    for g in all_groups:
        by[g.colour][g.size].append(g)
    pairs: list[tuple[Group, Group]] = []
    gone: set[Group] = set()
    for s in sorted(set(by[BLACK]) & set(by[WHITE])):
        for b, w in zip(by[BLACK][s], by[WHITE][s], strict=False):
            pairs.append((b, w))
            gone.update((b, w))
    return pairs, [g for g in all_groups if g not in gone]


def squared_scores(position: Position, all_groups: list[Group] | None = None) -> tuple[int, int]:
    """(Black, White) Squared scores; White's includes the komi (M-5)."""
    gs = groups(position) if all_groups is None else all_groups
    black = sum(g.size ** 2 for g in gs if g.colour == BLACK)
    white = sum(g.size ** 2 for g in gs if g.colour == WHITE) + position.rules.komi
    return black, white


def result(position: Position) -> Result | None:
    """The result once the board is full (M-5); None while the game goes on."""
    if not position.is_full():
        return None
    gs = groups(position)
    problems = tuple(position.problems())
    if problems:
        rulings = tuple(dict.fromkeys(p.split(":", 1)[0] for p in problems))
        return Result(None, "No result: the board is full, but this position is inconsistent, so no winner is "
                            f"named from it: {'; '.join(problems)}.", rulings, tuple(gs), problems=problems)
    if position.rules.squared:
        b, w = squared_scores(position, gs)
        komi = position.rules.komi
        score = f"Black {b}, White {w - komi}{f' + komi {komi} = {w}' if komi else ''}"
        if b == w:
            return Result(None, f"Squared scores are equal ({score}): a draw (KM-6).", ("M-5", "KM-6"), tuple(gs), scores=(b, w))
        winner = BLACK if b > w else WHITE
        return Result(winner, f"{colour_name(winner)} wins on Squared score ({score}).", ("M-5",), tuple(gs), scores=(b, w))
    pairs, left = remove_pairs(gs)
    taken = (f"{len(pairs)} pair{'s' if len(pairs) != 1 else ''} of equal groups taken off" if pairs
             else "no two opposite groups are the same size, so nothing is taken off")
    if not left:
        loser = position.last_placer()
        winner = WHITE if loser == BLACK else BLACK
        return Result(winner, f"{taken} and nothing is left: {colour_name(loser)} placed the last stone and loses, "
                               f"so {colour_name(winner)} wins.", ("M-5",), tuple(gs), tuple(pairs), ())
    biggest = max(left, key=lambda g: (g.size, -g.squares[0]))
    return Result(biggest.colour, f"{taken}; the largest group left is {colour_name(biggest.colour)}'s, of "
                                   f"{biggest.size} stone{'s' if biggest.size != 1 else ''}: "
                                   f"{colour_name(biggest.colour)} wins.", ("M-5",), tuple(gs), tuple(pairs), tuple(left))
