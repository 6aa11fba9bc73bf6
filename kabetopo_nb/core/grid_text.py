"""Square boards as text, FEN style: ranks top to bottom separated by ``/``, a letter per
stone and a number for a run of empty squares (``3B3/7/...``).  Shared by Dakapo and Kaomi.
"""
from __future__ import annotations

from typing import Mapping

from .verdict import NotationError


def format_rows(cells: list[int], size: int, letters: Mapping[int, str], empty: int) -> str:
    """The board ``cells`` (index ``rank * size + file``, rank 0 at the bottom) as rows."""
    rows = []
    for rank in range(size - 1, -1, -1):
        row, run = "", 0
        for f in range(size):
            c = cells[rank * size + f]
            if c == empty:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += letters[c]
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows)


def parse_rows(text: str, size: int, letters: Mapping[int, str], empty: int) -> list[int]:
    """Read rows written by ``format_rows``; NotationError says which rank is wrong and why."""
    values = {letter: value for value, letter in letters.items()}
    rows = text.split("/")
    if len(rows) != size:
        raise NotationError(f"a {size}x{size} board has {size} ranks separated by '/', not {len(rows)}")
    cells = [empty] * (size * size)
    known = ", ".join(sorted(values))
    for i, row in enumerate(rows):
        rank = size - 1 - i
        f, j = 0, 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                if row[j] == "0":
                    raise NotationError(f"rank {rank + 1}: a run of empty squares is 1 or more, not {row[j:k]!r}")
                f += int(row[j:k])
                j = k
            elif ch in values:
                if f < size:
                    cells[rank * size + f] = values[ch]
                f += 1
                j += 1
            else:
                raise NotationError(f"rank {rank + 1}: {ch!r} is not a stone ({known}) or a number")
        if f != size:
            raise NotationError(f"rank {rank + 1}: {row!r} covers {f} squares, not {size}")
    return cells
