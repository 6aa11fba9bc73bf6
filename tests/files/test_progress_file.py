"""The challenge progress file with many writers and damaged contents (see
``kabetopo_nb.challenges.progress``):

* every save merges, so boards in one kernel and in several (real processes, started
  together) keep every solve, and a board sees what the others solved;
* the lock never blocks a board for ever; without file locks (JupyterLite) saves still merge;
* a damaged file (Latin-1, UTF-16, binary, nested deep, a bad entry, null, a garbled or newer
  version) never raises into ``Progress``, ``ChallengeBoard`` or the start page's table:
  every good entry is kept, ``problem`` says what was dropped, the original is set aside as
  ``.damaged-<n>`` without ever replacing an earlier copy, and a newer file is left alone.
"""
from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from kabetopo_nb import ChallengeBoard
from kabetopo_nb.challenges import challenges
from kabetopo_nb.challenges import progress as progress_module
from kabetopo_nb.challenges.progress import ENV_VAR, MAX_BYTES, MAX_DEPTH, VERSION, Progress, progress_table

try:
    import fcntl
except ImportError:  # Windows: the lock tests need flock
    fcntl = None
needs_flock = pytest.mark.skipif(fcntl is None, reason="no fcntl.flock on this system")

IDS = [c.id for c in challenges()]
GOOD = IDS[:39]  # the learner's 39 solves, in the example


@pytest.fixture(autouse=True)
def progress_home(tmp_path, monkeypatch):
    """The default progress file, inside the test's own folder: no test writes to the real home."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "home" / "progress.json"))


def file_ids(path, key="solved") -> list[str]:
    return json.loads(path.read_text(encoding="utf-8"))[key]


def record_text(solved, shown=(), version=VERSION) -> str:
    return json.dumps({"version": version, "solved": list(solved), "shown": list(shown)}, ensure_ascii=False)


def solve_walls_block_south(board) -> None:
    board.click("ln:c3n")
    assert board.click("act:wall c3n")["ok"]
    assert board._panel["message"].startswith("Solved!")


def solve_move_shared_corner(board) -> None:
    while board.controller.challenge.id != "move-shared-corner":
        assert board.press("next")["ok"]
    board.click("sq:e1")
    assert board.click("sq:f1")["ok"]
    assert board._panel["message"].startswith("Solved!")


# --- many writers --------------------------------------------------------------------------


def test_two_records_on_one_file_keep_what_both_marked(tmp_path):
    path = tmp_path / "p.json"
    first, second = Progress(path), Progress(path)  # both read the (empty) file before either saves
    assert first.mark_solved("walls-block-south")
    assert second.mark_solved("move-edge")
    first.mark_shown("portal-jump-across")
    second.mark_shown("lock-where")
    assert file_ids(path) == ["move-edge", "walls-block-south"]
    assert file_ids(path, "shown") == ["lock-where", "portal-jump-across"]
    assert first.problem == second.problem == ""


def test_two_boards_in_one_kernel_keep_both_solves_and_see_each_other(tmp_path):
    path = tmp_path / "p.json"
    walls, moving = ChallengeBoard(section="03", progress=path), ChallengeBoard(section="02", progress=path)
    later = ChallengeBoard(section="03", progress=path)  # made before either solve
    solve_walls_block_south(walls)
    solve_move_shared_corner(moving)
    assert file_ids(path) == ["move-shared-corner", "walls-block-south"]
    later.press("next")  # any re-render: the board re-reads the file another board changed
    assert later._panel["status"] == "Challenge 2 of 3 · 1 solved"
    later.press("previous")
    assert later._panel["status"] == "Challenge 1 of 3 · 1 solved · this one solved"


CHILD = textwrap.dedent("""
    import pathlib, sys, time
    from kabetopo_nb.play.challenge_board import challenge_controller

    path, section, boards, extra, folder = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    folder = pathlib.Path(folder)
    controllers = [challenge_controller(section, path) for _ in range(boards)]  # all open before any solve
    (folder / f"ready-{section}").touch()
    while not (folder / "go").exists():
        time.sleep(0.001)
    ids = [c.id for c in controllers[0].challenges] + [f"{section}-extra-{i}" for i in range(extra)]
    for i, challenge_id in enumerate(ids):
        record = controllers[i % boards].progress
        if not record.mark_solved(challenge_id):
            sys.exit(f"{challenge_id} was not saved: {record.problem}")
        record.mark_shown(f"{challenge_id}-shown")
""")


@needs_flock
def test_boards_in_three_kernels_solving_at_once_keep_every_solve(tmp_path):
    """3 processes (kernels), 2 boards each, all opened before the first solve, started together."""
    path, sections, boards, extra = tmp_path / "p.json", ["03", "05", "07"], 2, 40
    kernels = [subprocess.Popen([sys.executable, "-c", CHILD, str(path), section, str(boards), str(extra),
                                 str(tmp_path)], stderr=subprocess.PIPE, text=True) for section in sections]
    deadline = time.monotonic() + 60
    while not all((tmp_path / f"ready-{s}").exists() for s in sections):
        assert time.monotonic() < deadline and all(k.poll() is None for k in kernels), "a kernel did not start"
        time.sleep(0.01)
    (tmp_path / "go").touch()
    for kernel in kernels:
        _, err = kernel.communicate(timeout=120)
        assert kernel.returncode == 0, err
    expected = {c.id for s in sections for c in challenges(section=s)}
    expected |= {f"{s}-extra-{i}" for s in sections for i in range(extra)}
    assert len(expected) == 3 * extra + sum(len(challenges(section=s)) for s in sections)
    assert set(file_ids(path)) == expected
    assert set(file_ids(path, "shown")) == {f"{i}-shown" for i in expected}
    record = Progress(path)
    portals = challenges(section="05")
    assert record.problem == "" and record.by_section()[portals[0].section] == (len(portals), len(portals))
    print(f"\n{boards * len(sections)} boards in {len(sections)} processes solving {len(expected)} challenges: "
          f"file keeps {len(file_ids(path))}")


def test_without_file_locks_saves_still_merge(tmp_path, monkeypatch):
    """JupyterLite's kernel has no fcntl: each save re-reads and merges without the lock."""
    monkeypatch.setattr(progress_module, "fcntl", None)
    path = tmp_path / "p.json"
    first, second = Progress(path), Progress(path)
    assert first.mark_solved("walls-block-south") and second.mark_solved("move-edge")
    assert file_ids(path) == ["move-edge", "walls-block-south"]
    assert not (tmp_path / "p.json.lock").exists() and first.problem == second.problem == ""


def hold_lock(path):
    assert fcntl is not None
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


@needs_flock
def test_a_save_waits_for_another_writers_lock(tmp_path):
    path = tmp_path / "p.json"
    record = Progress(path)
    fd = hold_lock(path)
    threading.Timer(0.3, os.close, [fd]).start()  # the other writer finishes after 0.3 s
    started = time.monotonic()
    assert record.mark_solved("walls-block-south")
    assert time.monotonic() - started >= 0.25
    assert file_ids(path) == ["walls-block-south"] and record.problem == ""


@needs_flock
def test_a_lock_held_too_long_never_blocks_the_board(tmp_path, monkeypatch):
    monkeypatch.setattr(progress_module, "LOCK_TIMEOUT", 0.3)
    path = tmp_path / "p.json"
    board = ChallengeBoard(section="03", progress=path)
    fd = hold_lock(path)
    try:
        started = time.monotonic()
        solve_walls_block_south(board)
        assert 0.25 <= time.monotonic() - started < 5
    finally:
        os.close(fd)
    assert file_ids(path) == ["walls-block-south"]  # merged and written without the lock
    assert "held the lock" in " ".join(board._panel["announcements"])


# --- damaged files -------------------------------------------------------------------------

GOOD_JSON = record_text(GOOD[:2], ["café-idea"])
DAMAGED = {  # kind: (bytes, solved ids kept, words the problem must hold; "" = no problem)
    "latin-1 text": (GOOD_JSON.encode("latin-1"), GOOD[:2], "Latin-1 text, not UTF-8"),
    "UTF-16 text": (GOOD_JSON.encode("utf-16"), GOOD[:2], "UTF-16 text, not UTF-8"),
    "UTF-16 without a byte-order mark": (GOOD_JSON.encode("utf-16-le"), GOOD[:2], "UTF-16 text, not UTF-8"),
    "binary": (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, [], "could not be read (not JSON in UTF-8 or Latin-1"),
    "nested deep": (b"[" * 100_000, [], f"nests more than {MAX_DEPTH} deep"),
    "nested deep inside an object": (b'{"version": 1, "solved": ' + b"[" * 100_000, [], "nests more than"),
    "over the size limit": (b" " * MAX_BYTES + GOOD_JSON.encode(), [], f"over {MAX_BYTES:,} bytes"),
    "null": (b"null", [], "it holds null, not a JSON object"),
    "a number among 39 good ids": (record_text(GOOD[:20] + [7] + GOOD[20:]).encode(), GOOD, "1 bad entry"),
    "a null among good ids": (record_text([*GOOD[:5], None]).encode(), GOOD[:5], "1 bad entry"),
    "bad entries of every kind": (record_text([GOOD[0], 1.5, True, {}, [], "", " x", "a\nb", "x" * 201]).encode(),
                                  GOOD[:1], "8 bad entries"),
    "'solved' is null": (b'{"version": 1, "solved": null, "shown": ["move-edge"]}', [], "'solved' is not a list of challenge ids but null"),
    "a garbled version": (record_text(GOOD[:3], version="one").encode(), GOOD[:3], "its version is 'one'"),
    "version true": (record_text(GOOD[:3], version=True).encode(), GOOD[:3], "its version is True"),
    "version 0": (record_text(GOOD[:3], version=0).encode(), GOOD[:3], "its version is 0"),
}
CLEAN = {  # read as they are, nothing set aside
    "a UTF-8 byte-order mark": (codecs.BOM_UTF8 + GOOD_JSON.encode(), GOOD[:2]),
    "no version": (json.dumps({"solved": GOOD[:4]}).encode(), GOOD[:4]),
    "unknown future ids": (record_text([*GOOD[:2], "some-new-challenge"]).encode(), [*GOOD[:2], "some-new-challenge"]),
}


@pytest.mark.parametrize("kind", DAMAGED)
def test_a_damaged_file_keeps_its_good_entries_and_is_set_aside(kind, tmp_path):
    data, kept, words = DAMAGED[kind]
    path = tmp_path / "p.json"
    path.write_bytes(data)
    record = Progress(path)
    assert record.solved == set(kept), record.problem
    assert words in record.problem
    assert (tmp_path / "p.json.damaged-1").read_bytes() == data  # the original, byte for byte
    assert sorted(file_ids(path)) == sorted(kept)  # written back clean, in UTF-8
    assert not record.read_only and record.mark_solved(IDS[-1])
    assert set(file_ids(path)) == {*kept, IDS[-1]}


@pytest.mark.parametrize("kind", DAMAGED)
def test_a_damaged_file_never_breaks_a_board_or_the_progress_table(kind, tmp_path):
    data, kept, words = DAMAGED[kind]
    path = tmp_path / "p.json"
    path.write_bytes(data)
    board = ChallengeBoard(section="03", progress=path)
    announced = " ".join(board._panel["announcements"])
    assert words in announced and "p.json.damaged-1" in announced
    walls = [c.id in kept for c in challenges(section="03")]
    opens_on = walls.index(False) if False in walls else 0  # the first unsolved challenge
    assert board._panel["status"].startswith(f"Challenge {opens_on + 1} of {len(walls)} · {sum(walls)} solved")
    path.write_bytes(data)  # damaged again, for the start page
    table = progress_table(path)
    assert words in table.problem and "p.json.damaged-2" in table.problem
    assert sum(s for s, _ in table.rows.values()) == len(set(kept) & set(IDS))


@pytest.mark.parametrize("kind", CLEAN)
def test_a_clean_file_is_read_whole_and_left_in_place(kind, tmp_path):
    data, kept = CLEAN[kind]
    path = tmp_path / "p.json"
    path.write_bytes(data)
    record = Progress(path)
    assert record.solved == set(kept) and record.problem == ""
    assert path.read_bytes() == data and not list(tmp_path.glob("*.damaged*"))
    board = ChallengeBoard(section="02", progress=path)
    assert board._panel["announcements"] == []


def test_a_second_damaged_file_never_replaces_the_first_copy(tmp_path):
    path = tmp_path / "p.json"
    first, second = DAMAGED["latin-1 text"][0], DAMAGED["binary"][0]
    path.write_bytes(first)
    Progress(path)
    path.write_bytes(second)
    record = Progress(path)
    assert (tmp_path / "p.json.damaged-1").read_bytes() == first
    assert (tmp_path / "p.json.damaged-2").read_bytes() == second
    assert "p.json.damaged-2" in record.problem


def test_a_file_damaged_while_a_board_holds_it_is_set_aside_not_overwritten(tmp_path):
    path = tmp_path / "p.json"
    record = Progress(path)
    record.mark_solved("walls-block-south")
    damaged = record_text(["move-edge", 42]).encode()
    path.write_bytes(damaged)  # an editor saves over it meanwhile
    assert record.mark_solved("move-four-neighbours")
    assert (tmp_path / "p.json.damaged-1").read_bytes() == damaged
    assert set(file_ids(path)) == {"walls-block-south", "move-edge", "move-four-neighbours"}
    assert "1 bad entry" in record.problem


def test_a_file_of_a_newer_version_is_shown_but_never_written(tmp_path):
    path = tmp_path / "p.json"
    data = json.dumps({"version": VERSION + 1, "solved": ["walls-block-south", {"id": "move-edge"}],
                       "ratings": {"walls-block-south": 3}}).encode()
    path.write_bytes(data)
    board = ChallengeBoard(section="03", progress=path)
    announced = " ".join(board._panel["announcements"])
    assert f"format version {VERSION + 1}" in announced and "read-only" in announced
    assert board._panel["status"] == "Challenge 2 of 3 · 1 solved"  # what it can read is shown
    board.press("next")
    board.press("show-me")
    assert not board.controller.progress.mark_solved("walls-path-rule")
    assert path.read_bytes() == data and sorted(p.name for p in tmp_path.iterdir()) == ["p.json"]
