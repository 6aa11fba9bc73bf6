"""Square boards as text, FEN style: ranks top to bottom separated by ``/``, a letter per
stone and a number for a run of empty squares (``3B3/7/...``).  Shared by Dakapo and Kaomi.

Every number in these games' notations (a run, a board size, a komi) is read by
``parse_count``: ASCII digits only, written as ``str(n)`` writes them, so text that reads
is exactly the text the formatter writes.  ``is_index`` is the matching check of a number
in a hand-built action, and ``shown`` quotes hostile values in messages.
"""
from __future__ import annotations

import sys
from collections.abc import Mapping

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


DIGITS = "0123456789"  # not str.isdigit(): that accepts '²', '٣' and full-width digits too


def is_index(value: object, size: int) -> bool:
    """An int (not a bool, a float or anything else equal to one) from 0 to ``size - 1``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def shown(value: object, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters, for messages about hostile input.  A whole
    number too long for Python to write out (or anything whose repr fails) is named by its type."""
    try:
        text = repr(value)
    except Exception:  # e.g. ValueError: an int of more digits than sys.get_int_max_str_digits()
        return f"<{type(value).__name__} too long to show>"
    return text if len(text) <= width else text[:width - 3] + "..."


def parse_count(text: str, what: str, maximum: int | None = None) -> int:
    """A whole number written as ``str(n)`` writes it: ASCII digits, no sign, no ``_``, no
    leading zero.  At most ``maximum`` (when None, at most the digits Python writes out);
    the length is checked before ``int()`` reads anything.  NotationError otherwise."""
    if not text or text.strip(DIGITS):
        raise NotationError(f"{what} is written with the digits 0-9, not {shown(text)}")
    if text[0] == "0" and len(text) > 1:
        raise NotationError(f"{what} is written without leading zeros, not {shown(text)}")
    longest = len(str(maximum)) if maximum is not None else (sys.get_int_max_str_digits() or len(text))
    if len(text) > longest or (maximum is not None and int(text) > maximum):
        raise NotationError(f"{what} is at most {maximum if maximum is not None else f'{longest} digits'}, "
                            f"not {shown(text)}")
    return int(text)


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
            if ch in DIGITS:
                k = j
                while k < len(row) and row[k] in DIGITS:
                    k += 1
                if row[j] == "0":
                    raise NotationError(f"rank {rank + 1}: a run of empty squares is 1 or more, not {shown(row[j:k])}")
                f += parse_count(row[j:k], f"rank {rank + 1}: a run of empty squares", size)
                j = k
            elif ch in values:
                if f < size:
                    cells[rank * size + f] = values[ch]
                f += 1
                j += 1
            else:
                raise NotationError(f"rank {rank + 1}: {ch!r} is not a stone ({known}) or a number")
        if f != size:
            raise NotationError(f"rank {rank + 1}: {shown(row)} covers {f} squares, not {size}")
    return cells
