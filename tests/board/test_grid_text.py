"""Square boards as FEN-style rows (core/grid_text.py), shared by Dakapo and Kaomi."""
import re

import pytest

from kabetopo_nb.core.grid_text import format_rows, parse_rows
from kabetopo_nb.core.verdict import NotationError

LETTERS = {1: "B", 2: "W"}


def test_round_trip_with_runs_of_two_digits():
    size = 12
    cells = [0] * (size * size)
    cells[0] = 1  # a1
    cells[size * size - 1] = 2  # top right
    text = format_rows(cells, size, LETTERS, 0)
    assert text.split("/")[0] == "11W" and text.split("/")[-1] == "B11"
    assert parse_rows(text, size, LETTERS, 0) == cells


@pytest.mark.parametrize("text, fragment", [
    ("3/3", "3 ranks"),
    ("3/3/2", "rank 1: '2' covers 2 squares"),
    ("3/3/B3", "covers 4 squares"),
    ("3/0B2/3", "1 or more"),
    ("3/3/X2", "'X' is not a stone (B, W)"),
])
def test_bad_rows_name_the_rank_and_the_reason(text, fragment):
    with pytest.raises(NotationError, match=re.escape(fragment)):
        parse_rows(text, 3, LETTERS, 0)
