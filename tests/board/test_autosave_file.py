"""The match board's autosave file (``kabetopo_nb/play/autosave.py``; docs/SAVE-FORMAT.md,
"The match board's autosave"), in the cases the issue lists:

* two kernels on one file: real Python processes, each making a ``MatchBoard`` on the same
  file (with file locks, and without them as in JupyterLite): the second never writes,
  nothing is overwritten, and both boards say so while it lasts;
* odd paths: a link is written through, a folder, ``"."``, a named pipe, a device and a
  link loop are refused on the board (never raised, never moved, never waited on), a
  relative path stays where it was when the board was made, stray temporary files of dead
  writers are cleaned;
* "NOT autosaved" stays on the board while it is true; a seat-picker choice made before the
  first action survives a restart;
* long rounds: an action costs one journal line, not a rewrite of the whole save; the
  journal is replayed on resume, a torn last line dropped with a note, a bad line refused
  and kept aside;
* player names are bounded where they are entered and where they are loaded.
"""
from __future__ import annotations

import errno
import json
import os
import random
import select
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kabetopo_nb import MatchBoard
from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.core.state import GameState
from kabetopo_nb.core.verdict import RulesOptionError, SaveFormatError, SettingError
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.play import autosave as autosave_module
from kabetopo_nb.play.autosave import Autosave

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

needs_posix = pytest.mark.skipif(fcntl is None or not hasattr(os, "mkfifo"), reason="POSIX locks, pipes and links")
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
greedy = GreedyBot().choose


def play(board, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        assert board.apply(greedy(board.state, rng))["ok"]


def saved_history(path: Path) -> list[str]:
    return json.loads(path.read_text())["history"][-1]


# --- two kernels on one file (real processes) -------------------------------------------------------

DRIVER = textwrap.dedent('''
    import json, random, sys
    if "--no-locks" in sys.argv:  # as in JupyterLite: no fcntl
        from kabetopo_nb.play import autosave
        autosave.fcntl = None
    from kabetopo_nb import MatchBoard
    from kabetopo_nb.bots import GreedyBot

    rng, choose, board = random.Random(int(sys.argv[1])), GreedyBot().choose, None
    for line in sys.stdin:
        order = json.loads(line)
        if order["do"] == "open":
            board = MatchBoard("kabetopo-4p", ["Ann", "Ben", "Cat", "Dan"], seed=order.get("seed", 7),
                               autosave=order["path"], resume=order.get("resume", True), bot_pause=0)
        elif order["do"] == "act":
            assert board.apply(choose(board.state, rng))["ok"]
        elif order["do"] == "press":
            assert board.press(order["button"])["ok"]
        elif order["do"] == "quit":
            break
        print(json.dumps({"message": board._panel["message"], "announcements": board.announcements,
                          "history": list(board.history)}), flush=True)
''')


class Kernel:
    """A Python process with a match board, told what to do line by line (a second kernel)."""

    def __init__(self, folder: Path, seed: int, *flags: str):
        driver = folder / "driver.py"
        driver.write_text(DRIVER)
        self.proc = subprocess.Popen([sys.executable, str(driver), str(seed), *flags], cwd=folder, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send(self, **order) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(order) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], 120)
        if not ready:
            self.proc.kill()
            raise AssertionError(f"the kernel did not answer {order} within 120 s")
        line = self.proc.stdout.readline()
        if not line:
            raise AssertionError(f"the kernel died: {self.proc.stderr.read() if self.proc.stderr else ''}")
        return json.loads(line)

    def quit(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write('{"do": "quit"}\n')
            self.proc.stdin.flush()
            self.proc.wait(timeout=60)


@pytest.fixture
def kernels(tmp_path):
    started: list[Kernel] = []

    def start(seed: int, *flags: str) -> Kernel:
        started.append(Kernel(tmp_path, seed, *flags))
        return started[-1]

    yield start
    for kernel in started:
        if kernel.proc.poll() is None:
            kernel.proc.kill()
            kernel.proc.wait()


@needs_posix
def test_a_second_kernel_on_the_file_writes_nothing_and_both_boards_say_so(tmp_path, kernels):
    path = tmp_path / "match.json"
    a, b = kernels(1), kernels(2)
    a.send(do="open", path=str(path))
    first = a.send(do="act")
    saved = path.read_bytes()
    assert saved_history(path) == first["history"]
    opened = b.send(do="open", path=str(path))
    assert "NOT autosaved" in opened["message"] and "match.json is in use by another board (process" in opened["message"]
    assert opened["history"] == first["history"]  # it shows the saved match, and leaves the file alone
    for _ in range(3):
        played = b.send(do="act")
        assert "in use by another board" in played["message"]  # for as long as it is true
        assert path.read_bytes() == saved  # nothing overwritten
    mine = a.send(do="act")
    assert saved_history(path) == mine["history"]  # the holder saves on
    assert f"Another board (process {b.proc.pid}" in mine["message"] and "opened match.json too" in mine["message"]
    b.quit()
    later = a.send(do="act")
    assert "Another board" not in later["message"] and "The other board on match.json has gone." in later["announcements"]
    assert saved_history(path) == later["history"]


@needs_posix
@pytest.mark.parametrize("how", ["resume=False", "a damaged file", "another match, start new"])
def test_a_second_kernel_never_moves_the_file_aside(tmp_path, kernels, how):
    path = tmp_path / "match.json"
    a, b = kernels(1), kernels(2)
    a.send(do="open", path=str(path))
    a.send(do="act")
    if how == "a damaged file":
        path.write_text("{damaged")  # a's next check finds it changed: a stops too
    def files() -> list[str]:  # the lock and the note are the boards' own
        return sorted(n for n in os.listdir(tmp_path) if not n.startswith(".match.json."))

    before, saved = files(), path.read_bytes()
    if how == "resume=False":
        opened = b.send(do="open", path=str(path), resume=False)
    elif how == "a damaged file":
        opened = b.send(do="open", path=str(path))
    else:
        offered = b.send(do="open", path=str(path), seed=8)  # another seed: the saved match is offered
        assert "match.json holds a saved match" in offered["announcements"][0]
        opened = b.send(do="press", button="start-new")
    assert "NOT autosaved" in opened["message"] and "could not be moved aside" in opened["message"]
    assert "in use by another board" in opened["message"]
    played = b.send(do="act")
    assert "NOT autosaved" in played["message"]
    assert files() == before and path.read_bytes() == saved


@needs_posix
def test_the_second_kernel_saves_once_the_first_is_closed_and_the_file_is_as_it_read_it(tmp_path, kernels):
    path = tmp_path / "match.json"
    a, b = kernels(1), kernels(2)
    a.send(do="open", path=str(path))
    a.send(do="act")
    b.send(do="open", path=str(path))
    a.quit()  # nothing written since b read the file
    played = b.send(do="act")
    assert "NOT autosaved" not in played["message"]
    assert "match.json is free again: this board saves the match from now on." in played["announcements"]
    assert saved_history(path) == played["history"]


@needs_posix
def test_the_second_kernel_never_overwrites_what_the_first_wrote_after_it_looked(tmp_path, kernels):
    path = tmp_path / "match.json"
    a, b = kernels(1), kernels(2)
    a.send(do="open", path=str(path))
    a.send(do="act")
    b.send(do="open", path=str(path))
    last = a.send(do="act")  # written after b read the file
    a.quit()
    played = b.send(do="act")
    assert "NOT autosaved: match.json was changed by another board or program" in played["message"]
    assert saved_history(path) == last["history"]
    assert "NOT autosaved" in b.send(do="act")["message"] and saved_history(path) == last["history"]


@needs_posix
def test_without_file_locks_the_check_before_each_write_finds_the_second_writer(tmp_path, kernels):
    path = tmp_path / "match.json"
    a, b = kernels(1, "--no-locks"), kernels(2, "--no-locks")
    a.send(do="open", path=str(path))
    a.send(do="act")
    b.send(do="open", path=str(path))
    last = a.send(do="act")
    played = b.send(do="act")  # b finds the file is not what it read: it does not write
    assert "NOT autosaved: match.json was changed by another board or program" in played["message"]
    assert saved_history(path) == last["history"]
    mine = a.send(do="act")  # a learns of b from the note b left
    assert f"Another board (process {b.proc.pid}" in mine["message"]
    assert saved_history(path) == mine["history"]
    assert not (tmp_path / ".match.json.lock").exists()


# --- odd paths ------------------------------------------------------------------------------------


@needs_posix
def test_a_link_is_written_through_to_its_target_and_stays_a_link(tmp_path):
    target = tmp_path / "saves" / "room-1.json"
    target.parent.mkdir()
    link = tmp_path / "match.json"
    link.symlink_to(target)
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=link)
    play(board, 3)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert saved_history(target) == list(board.history)
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=link)
    assert again.history == board.history and again.announcements[0].startswith("Resumed the saved match from match.json")


@needs_posix
@pytest.mark.parametrize("what, said", [
    ("folder", "is a folder, not a file; give it a file's path, such as"),
    (".", "names a folder, not a file"),
    ("link loop", "is a symbolic link that leads round in a loop"),
    ("device", "is a device, not a file"),
    ("part is a file", "a part of the path is a file, not a folder"),
])
def test_a_path_that_is_no_file_s_is_refused_on_the_board_and_left_as_it_is(tmp_path, monkeypatch, what, said):
    monkeypatch.chdir(tmp_path)
    given: str
    if what == "folder":
        (tmp_path / "match.json").mkdir()
        (tmp_path / "match.json" / "keep.txt").write_text("mine")
        given = "match.json"
    elif what == ".":
        given = "."
    elif what == "link loop":
        os.symlink("match.json", tmp_path / "match.json")
        given = "match.json"
    elif what == "device":
        os.symlink(os.devnull, tmp_path / "match.json")
        given = "match.json"
    else:
        (tmp_path / "notes.txt").write_text("mine")
        given = "notes.txt/match.json"
    before = sorted(os.listdir(tmp_path))
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=given)  # never raises
    message = board._panel["message"]
    assert message.startswith("This match is NOT autosaved: ") and said in message, message
    play(board, 3)  # the match plays on; the board keeps saying it is not saved
    assert board._panel["message"].startswith("This match is NOT autosaved: ") and said in board._panel["message"]
    assert sum("NOT autosaved" in a for a in board.announcements) == 1
    assert sorted(os.listdir(tmp_path)) == before  # nothing moved, nothing written
    if what == "folder":
        assert (tmp_path / "match.json" / "keep.txt").read_text() == "mine"


@needs_posix
def test_a_named_pipe_at_the_path_never_blocks_the_kernel(tmp_path):
    fifo = tmp_path / "match.json"
    os.mkfifo(fifo)
    code = textwrap.dedent(f'''
        from kabetopo_nb import MatchBoard
        board = MatchBoard("kabetopo-4p", ["Ann", "Ben", "Cat", "Dan"], seed=7, autosave={str(fifo)!r})
        board.click("sq:e6")
        print(board._panel["message"])
    ''')
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("MatchBoard(autosave=<a named pipe>) blocked the kernel")
    assert out.returncode == 0, out.stderr
    assert "This match is NOT autosaved: autosave=" in out.stdout and "is a named pipe (FIFO), not a file" in out.stdout
    assert fifo.exists() and not fifo.is_file()


@needs_posix
def test_a_dangling_link_into_a_missing_folder_is_said_at_once_and_the_link_is_kept(tmp_path):
    link = tmp_path / "match.json"
    link.symlink_to(tmp_path / "gone" / "match.json")
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=link)
    message = board._panel["message"]
    assert message.startswith("Autosave failed (FileNotFoundError: match.json is a link to ")
    assert "whose folder does not exist" in message
    play(board, 2)
    assert link.is_symlink() and not (tmp_path / "gone").exists()
    assert board._panel["message"].startswith(message)  # said while it is true
    (tmp_path / "gone").mkdir()  # the folder appears: saving starts, through the link
    play(board, 1, seed=3)
    assert "Autosave failed" not in board._panel["message"]
    assert "Autosave works again: the match is saved to match.json." in board.announcements
    assert link.is_symlink() and saved_history(link) == list(board.history)


def test_a_relative_path_stays_where_it_was_when_the_board_was_made(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave="match.json")
    (tmp_path / "elsewhere").mkdir()
    os.chdir(tmp_path / "elsewhere")  # %cd in the notebook
    play(board, 2)
    assert (tmp_path / "match.json").exists() and not (tmp_path / "elsewhere" / "match.json").exists()


def test_stray_temporary_files_of_dead_writers_are_cleaned(tmp_path):
    path = tmp_path / "match.json"
    strays = [tmp_path / ".match.json.999999.tmp", tmp_path / ".match.json.999998.1a2b3c4d.tmp"]
    for stray in strays:
        stray.write_text('{"format": "kabetopo-nb-match", "ver')  # a write cut off by a crash
    other = tmp_path / ".other.json.999999.tmp"
    other.write_text("not ours")
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    play(board, 1)
    assert not any(s.exists() for s in strays) and other.exists()


@pytest.mark.parametrize("value, why", [
    (5, "autosave must be a file's path"),
    ("", "names no file"),
    ("match\0.json", "NUL"),
    (["match.json"], "autosave must be a file's path"),
])
def test_an_autosave_that_is_no_path_at_all_is_a_setting_error(tmp_path, value, why):
    with pytest.raises(SettingError, match=why):
        MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=value)


def test_a_refused_setting_leaves_the_older_board_on_the_file_playing_and_saving(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    play(board, 1)
    with pytest.raises(SettingError, match="resume"):
        MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, resume="maybe")
    play(board, 1, seed=2)
    assert saved_history(path) == list(board.history) and "replaced" not in board._panel["headline"]


def test_a_save_removed_by_hand_is_written_again(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    play(board, 2)
    path.unlink()
    play(board, 1, seed=4)
    assert saved_history(path) == list(board.history)
    assert "match.json had been removed: this board writes the match to it again." in board.announcements


# --- what stays said, and what is kept ------------------------------------------------------------


def refuse_to_move(self, why):
    raise OSError(errno.EACCES, "Permission denied")


def test_not_autosaved_stays_on_the_board_while_it_is_true(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    path.write_text("{damaged")
    monkeypatch.setattr(Autosave, "set_aside", refuse_to_move)
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert "NOT autosaved" in board._panel["message"]
    play(board, 4)
    assert "NOT autosaved" in board._panel["message"]  # after actions too
    assert path.read_text() == "{damaged"  # left untouched


def test_not_autosaved_after_start_new_stays_on_the_board(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    play(MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path), 1)
    saved = path.read_text()
    other = MatchBoard("kabetopo-4p", PLAYERS, seed=8, autosave=path)  # another seed: offered
    monkeypatch.setattr(Autosave, "set_aside", refuse_to_move)
    assert other.press("start-new")["ok"]
    play(other, 3)
    assert "NOT autosaved" in other._panel["message"] and path.read_text() == saved


def test_a_seat_chosen_before_the_first_action_survives_a_restart(tmp_path):
    path = tmp_path / "match.json"
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path, bot_pause=0)
    assert board.seat("Ben", "greedy")["ok"] and board.seat("Dan", "mcts-20")["ok"]
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=3, autosave=path, bot_pause=0)
    assert {p: again.controller.seat_value(p) for p in PLAYERS} == {
        "Ann": "human", "Ben": "greedy", "Cat": "human", "Dan": "mcts-20"}


# --- long rounds: the journal -----------------------------------------------------------------------

LOOP = ["step f5", "end", "step a2", "end", "step f6", "end", "step a1", "end"]  # kabetopo-2p, seed 1


def long_round(path: Path, actions: int) -> int:
    """Save a 2-player round of ``actions`` actions, the runners stepping back and forth; its rolls."""
    match = Match("kabetopo-2p", ["Ann", "Ben"], seed=1, auto_next=False)
    rolls = [str(a) for a in match.state.history]
    data = match.save()
    data["history"] = [rolls + [LOOP[i % len(LOOP)] for i in range(actions - len(rolls))]]
    path.write_text(json.dumps(data, indent=1))
    return len(rolls)


def step(board, rolls: int, n: int = 1) -> None:
    for _ in range(n):
        assert board.controller.apply(LOOP[(board.state.ply - rolls) % len(LOOP)])["ok"]


def test_an_action_in_a_long_round_costs_a_journal_line_not_a_rewrite(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    rolls = long_round(path, 4_400)
    board = MatchBoard("kabetopo-2p", ["Ann", "Ben"], seed=1, autosave=path, bot_pause=0)
    assert board.state.ply == 4_400
    saved = path.read_bytes()
    calls = {"save_json": 0, "history": 0}
    save_json, history = Match.save_json, GameState.history

    def counted_save_json(self):
        calls["save_json"] += 1
        return save_json(self)

    def counted_history(self):
        calls["history"] += 1
        return history.fget(self)

    monkeypatch.setattr(Match, "save_json", counted_save_json)
    monkeypatch.setattr(GameState, "history", property(counted_history))
    sizes = []
    for _ in range(20):
        step(board, rolls)
        sizes.append(os.path.getsize(str(path) + ".journal"))
    assert calls == {"save_json": 0, "history": 0}  # nothing the size of the history, per action
    assert path.read_bytes() == saved  # the full save is not rewritten
    assert all(0 < b - a < 100 for a, b in zip(sizes, sizes[1:], strict=False))  # one short line an action
    monkeypatch.undo()
    again = MatchBoard("kabetopo-2p", ["Ann", "Ben"], seed=1, autosave=path, bot_pause=0)
    assert again.state.ply == 4_420 and again.position == board.position  # the journal replayed


def small_journal(monkeypatch, path: Path, actions: int = 40):
    """A board whose save is rewritten only now and then: a journal from 10 actions on."""
    monkeypatch.setattr(autosave_module, "SMALL_SAVE", 10)
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    play(board, actions)
    return board


def test_the_journal_stays_short_and_anything_but_an_action_rewrites_the_save(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    journal = Path(str(path) + ".journal")
    monkeypatch.setattr(autosave_module, "SMALL_SAVE", 10)
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    rng = random.Random(1)
    for _ in range(60):
        assert board.apply(greedy(board.state, rng))["ok"]
        saved = len(saved_history(path))
        lines = len(journal.read_text().splitlines()) - 1 if journal.exists() else 0
        assert lines * autosave_module.COMPACT_RATIO <= saved  # compacted in time
        assert saved + lines == board.state.ply
    assert board.press("undo")["ok"]
    assert not journal.exists() and saved_history(path) == list(board.history)


def test_at_the_end_of_a_round_the_save_alone_holds_the_match(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    monkeypatch.setattr(autosave_module, "SMALL_SAVE", 10)
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path, bots={p: "greedy" for p in PLAYERS},
                       bot_pause=0)
    board.play_bots()
    assert board.match.between_rounds()
    assert not Path(str(path) + ".journal").exists() and saved_history(path) == list(board.history)


def test_a_torn_last_journal_line_is_dropped_with_a_note(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    board = small_journal(monkeypatch, path)
    journal = Path(str(path) + ".journal")
    lines = journal.read_text().splitlines()
    assert len(lines) >= 3
    with open(journal, "a") as f:
        f.write('{"round_index": 0, "ply": 99, "act')  # a crash in mid-append
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert again.history == board.history  # every whole line replayed
    assert any(a.startswith("The last line of match.json.journal was cut off") for a in again.announcements)
    play(again, 1, seed=5)  # the next save is a whole one: the torn line is gone
    assert not journal.exists() and saved_history(path) == list(again.history)


def test_a_journal_line_that_does_not_apply_is_refused_and_kept_aside_with_its_save(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    small_journal(monkeypatch, path)
    journal = Path(str(path) + ".journal")
    lines = journal.read_text().splitlines()
    entry = json.loads(lines[2])
    entry["action"] = "step a1"
    lines[2] = json.dumps(entry)
    journal.write_text("\n".join(lines) + "\n")
    save, tampered = path.read_text(), journal.read_text()
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    message = again._panel["message"]
    assert message.startswith("The autosave match.json was refused: match.json.journal, line 3: ")
    assert "kept as match.json.damaged-1 (with its journal)" in message
    assert (tmp_path / "match.json.damaged-1").read_text() == save
    assert (tmp_path / "match.json.damaged-1.journal").read_text() == tampered
    assert not path.exists() and not journal.exists()


def test_a_journal_of_another_save_is_removed_when_the_save_holds_it_and_kept_aside_when_not(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    board = small_journal(monkeypatch, path)
    journal = Path(str(path) + ".journal")
    text = journal.read_text()
    # a crash after the save was rewritten with every line, before the journal was removed
    path.write_text(board.match.save_json())
    again = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert again.history == board.history and not journal.exists()
    assert not any("journal" in a for a in again.announcements)
    # a journal whose actions are not in the save: not replayed, kept aside
    journal.write_text(text)
    lines = text.splitlines()
    first = json.loads(lines[1])
    data = json.loads(path.read_text())
    data["history"][0] = data["history"][0][:first["ply"]]
    path.write_text(json.dumps(data))
    third = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert len(third.history) == first["ply"]
    assert any("it is kept as match.json.stale-1.journal, not replayed" in a for a in third.announcements)
    assert (tmp_path / "match.json.stale-1.journal").read_text() == text


def test_a_journal_without_its_save_is_kept_aside(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    small_journal(monkeypatch, path)
    text = Path(str(path) + ".journal").read_text()
    path.unlink()
    board = MatchBoard("kabetopo-4p", PLAYERS, seed=7, autosave=path)
    assert "match.json.journal was found without match.json: it is kept as match.json.orphaned-1.journal" in \
        board.announcements[0]
    assert (tmp_path / "match.json.orphaned-1.journal").read_text() == text
    play(board, 1)
    assert saved_history(path) == list(board.history)


# --- player names ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name, why", [
    ("x" * 41, "1 to 40 characters"),
    ("", "1 to 40 characters"),
    ("Ann\nBen", "no control characters"),
    ("Ann\x1b[31m", "no control characters"),
    ("Ann\u202e", "no control characters"),
    (" Ann", "no space at either end"),
    (7, "is text"),
])
def test_player_names_are_bounded_where_they_are_entered_and_loaded(tmp_path, name, why):
    players = [name, "Ben", "Cat", "Dan"]
    with pytest.raises(RulesOptionError, match=why):
        Match("kabetopo-4p", players)
    with pytest.raises(RulesOptionError, match=why):
        MatchBoard("kabetopo-4p", players, autosave=tmp_path / "match.json")
    assert not (tmp_path / "match.json").exists()
    data = Match("kabetopo-4p", PLAYERS).save()
    data["players"][0] = name
    with pytest.raises(SaveFormatError, match=why if isinstance(name, str) else "a list of player names") as refused:
        Match.load(json.dumps(data))
    assert refused.value.path == "$.players"


def test_names_of_forty_characters_and_joined_emoji_are_fine():
    match = Match("kabetopo-4p", ["x" * 40, "Zoë", "\U0001F469\u200D\U0001F4BB", "李 小龍"])
    assert Match.load(match.save_json()).players == match.players
