"""Perft (python-chess examples/perft): legal action sequence counts from pinned positions.

``tests/data/perft/kabetopo.perft`` holds positions (a seeded start, a start before the
setup rolls, mid-game positions with pieces, locks and a door, the extras phase with lock
it behind you, a pending exit, a pending bump and a bump through a portal, empty pools,
rule options) and the number of legal action sequences of each length from each.  A chance
decision counts each d12 roll.  Any change in move generation changes a count.
"""
from pathlib import Path

import pytest

from kabetopo_nb.kabetopo import KabetopoState, golden
from kabetopo_nb.kabetopo.engine import turn_ends
from kabetopo_nb.kabetopo.notation import format_position, parse_position

PERFT_FILE = Path(__file__).resolve().parents[1] / "data" / golden.PERFT_FILE
ENTRIES = golden.read_perft(PERFT_FILE.read_text())


def test_the_perft_file_pins_the_promised_positions():
    phases = {parse_position(text).phase for _, text, _ in ENTRIES}
    assert {"setup", "main", "extras", "exit", "bump"} <= phases
    assert len(ENTRIES) >= 10
    assert all(counts and [d for d, _ in counts] == list(range(1, len(counts) + 1)) for _, _, counts in ENTRIES)


@pytest.mark.parametrize("ident, text, counts", ENTRIES, ids=[e[0] for e in ENTRIES])
def test_perft(ident, text, counts):
    pos = parse_position(text)
    assert format_position(pos) == text
    for depth, expected in counts:
        assert golden.perft(pos, depth) == expected, f"{ident}: perft {depth}"
    assert format_position(pos) == text  # counting leaves the position untouched


# Whole turns, as a player sees them: the distinct positions in which East's first turn
# (and then South's) can end, from the opening of seed 49.  An independent reading of the
# shared rulings page counted 525 and 209,810 from this opening; before K-TURN-11 the engine
# counted 645 and 304,026 (the extra turns cashed the speed token after a bonus-granting
# drop and ended with the bonus unused).
OPENING = KabetopoState.new_round("kabetopo-4p", seed=49)


def test_whole_turn_counts_from_the_standard_opening():
    first = turn_ends(OPENING.position)
    assert len(first) == 525
    second = set()
    for text in first:
        second |= turn_ends(parse_position(text))
    assert len(second) == 209_810
