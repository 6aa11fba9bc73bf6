"""The match board's autosave file: nothing a room played is lost to a kernel restart, a
crash, a damaged file or a second kernel writing the same file (docs/SAVE-FORMAT.md,
"The match board's autosave").

**The path** is resolved once, when the board is made: a relative path is taken from the
working folder *then* (a later ``%cd`` changes nothing), and a symbolic link is followed,
so the save is written to the link's target and the link stays a link.  What is not a
regular file (a folder, ``"."``, a named pipe, a device, a socket, a link that loops) is
refused: the board says so and plays on without autosaving (``refused``).  Nothing is
opened before it was checked to be a regular file, and files are opened non-blocking, so a
named pipe never hangs the kernel.

**The files**, beside the target ``match.json``:

* ``match.json``: the match in the versioned match save format (``Match.save_json()``),
  written whole and atomically: to ``.match.json.<pid>.<token>.tmp``, flushed to disk
  (``fsync``), then ``os.replace``, so a crash leaves the old save or the new one, never
  half of one.  Temporary files left by a writer that died are removed when the lock is
  taken (without locks: when they are older than ``STALE_TMP`` seconds);
* ``match.json.journal``, only in long matches: once the full save holds ``SMALL_SAVE``
  actions, each further action is one line appended to the journal (flushed and fsynced),
  and the full save is rewritten (and the journal removed) only when the journal holds a
  ``1/COMPACT_RATIO`` share of the save's actions, when a round ends, or when anything but
  an appended action changed (undo, the seat picker, the next round ...).  An action's
  cost is thus one short append, whatever the round's length; a rewrite costs the whole
  save, once per ``actions / COMPACT_RATIO`` actions.  The journal's first line names the
  save it extends (its SHA-256);
* ``.match.json.lock``: an OS file lock (``fcntl.flock``, non-blocking) held while the
  board lives, with its owner (process, host, board) written in it;
* ``.match.json.contender``: the note a second board leaves when it finds the file in use.

**A second writer** (two copies of a notebook in one folder, a notebook open twice) is
detected, and nothing is overwritten: a board that cannot take the lock does not write,
leaves its note, and says so for as long as it is true (``busy``); the holder checks for a
live note before each write and says so too (``contender``).  Before every write the board
also checks that the files on disk are what it last wrote or read (device, inode, size,
modification time, last bytes): a file changed by anyone else is never written over (``stopped``).
Where there are no file locks (JupyterLite's in-browser kernel) that check alone guards the
file.  Within one kernel, a newer board for the same file takes it over from the older.

**Reading** it back is ``Match.load`` (every action replayed and checked) and the journal's
lines replayed and checked after it: a torn last line (a crash in mid-append) is dropped with
a note; a line that does not apply is refused with its reason, like a damaged save.  Such
files are never overwritten: ``set_aside`` renames them ``match.json.damaged-<n>`` (and
``match.json.damaged-<n>.journal``), and a save the teacher chose not to resume
``.replaced-<n>``, the first free ``n``, so they can still be looked at or mended.

Nothing here raises into the board for a bad, busy or unwritable file: ``problem`` says, in
words, why the match is not being saved now ("" when it is), ``contender`` what the holder
knows of a second board, and ``news`` what changed since the board last asked.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import socket
import stat
import sys
import time
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.files import sync_folder
from ..core.savefile import MAX_SAVE_CHARS
from ..core.verdict import HistoryError, IllegalActionError, NotationError, SaveFormatError, SettingError
from ..kabetopo.actions import Kind
from ..kabetopo.match import Match

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
# JupyterLite: no real file locks, and its browser-backed files (DriveFS) fetch a whole file
# to open it, write it all back on closing unless opened with exactly the read-only flag,
# and renumber files as they are looked up
IN_BROWSER = sys.platform == "emscripten"
if IN_BROWSER:
    fcntl = None

SMALL_SAVE = 4_000  # actions: a smaller save is rewritten whole after every action (under 10 ms)
COMPACT_RATIO = 4  # the journal holds at most 1/4 as many actions as the save before a rewrite
STALE_TMP = 600.0  # seconds: without locks, an older temporary file is a dead writer's
JOURNAL_FORMAT = "kabetopo-nb-journal"
JOURNAL_VERSION = 1
MAX_SAVE_BYTES = 4 * MAX_SAVE_CHARS  # UTF-8: at most 4 bytes a character
MAX_JOURNAL_BYTES = MAX_SAVE_CHARS
JOURNAL_KEYS = ("round_index", "ply", "action")

TAIL = 256  # the last bytes of a file, in its signature
Signature = tuple | None  # what a file is now (``_signature``); None: no file


class NotAFile(OSError):
    """The autosave path is something other than a regular file (it is never opened to read)."""


# --- the path ------------------------------------------------------------------------------------


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def resolve_path(given: Any) -> tuple[Path, str, str]:
    """(the file an autosave writes, the name the user gave it, '' or why it cannot be used).

    A value that is no path at all raises ``SettingError``; a path that is not a regular
    file's (a folder, a named pipe, a device, a link that loops, a part that is a file) is
    returned with the reason, for the board to say."""
    if not isinstance(given, (str, os.PathLike)):
        raise SettingError(f"autosave must be a file's path (text or a Path), not {type(given).__name__}")
    try:
        text = os.fsdecode(os.fspath(given))
    except (TypeError, UnicodeError) as exc:
        raise SettingError(f"autosave must be a file's path: {exc}") from None
    if not text.strip():
        raise SettingError("autosave='' names no file: give it a file's path, e.g. 'match.json'")
    if "\0" in text:
        raise SettingError("autosave must be a file's path: it holds a NUL character")
    absolute = os.path.abspath(text)  # from the working folder now: a later %cd changes nothing
    name = os.path.basename(absolute) or absolute
    real = Path(os.path.realpath(absolute))
    if text.endswith(("/", os.sep)) or os.path.basename(text) in (".", ".."):
        return real, name, (f"autosave={text!r} names a folder, not a file; give it a file's path, such as "
                            f"{os.path.join(text, 'match.json')!r}")
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real, name, ""  # a new file (its folder may be missing: writing says so)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return real, name, f"autosave={text!r} is a symbolic link that leads round in a loop"
        if exc.errno == errno.ENOTDIR:
            return real, name, f"autosave={text!r} cannot be a file: a part of the path is a file, not a folder"
        return real, name, f"autosave={text!r} cannot be used: {exc.strerror or exc}"
    if not stat.S_ISREG(st.st_mode):
        kind = _kind(st.st_mode)
        hint = (f"; give it a file's path, such as {os.path.join(text, 'match.json')!r}"
                if stat.S_ISDIR(st.st_mode) else "")
        return real, name, f"autosave={text!r} is {kind}, not a file{hint}"
    return real, name, ""


def _missing_folder(path: Path, given: str) -> str:
    """Why the file cannot be written for want of its folder ('' when the folder is there)."""
    folder = path.parent
    if os.path.isdir(folder):
        return ""
    link = os.path.abspath(given)
    if os.path.islink(link):
        return f"{os.path.basename(link)} is a link to {str(path)!r}, whose folder does not exist"
    return f"the folder {str(folder)!r} does not exist"


# --- low-level file work --------------------------------------------------------------------------


def _signature_of(st: os.stat_result, tail: bytes) -> Signature:
    """Device, inode, size, modification time and last bytes (in JupyterLite: size and
    modification time, which its ``stat`` gives without fetching the file).  Cheap, whatever
    the file's length."""
    if IN_BROWSER:
        return (st.st_size, st.st_mtime_ns)
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, tail)


def _signature(path: Path) -> Signature:
    """What the file at ``path`` is now (None: no file); never blocks on a pipe or a device."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return ("not a file", stat.S_IFMT(st.st_mode))
    if IN_BROWSER:
        return _signature_of(st, b"")
    fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    try:
        st = os.fstat(fd)
        os.lseek(fd, max(0, st.st_size - TAIL), os.SEEK_SET)
        tail = os.read(fd, TAIL) if st.st_size else b""
    finally:
        os.close(fd)
    return _signature_of(st, tail)


def _rewrite(fd: int, data: bytes) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    _write_all(fd, data)


_NONBLOCK = 0 if IN_BROWSER else getattr(os, "O_NONBLOCK", 0)  # (no pipes there; the flag would write back)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def read_regular(path: Path, limit: int) -> tuple[bytes, Signature]:
    """At most ``limit + 1`` bytes of the regular file at ``path``, and its signature (as
    read).  It is checked before it is opened, and opened non-blocking: a named pipe or a
    device is refused (``NotAFile``), never waited on."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotAFile(errno.EINVAL, f"{path.name} is {_kind(st.st_mode)}, not a file")
    fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # replaced between the two looks
            raise NotAFile(errno.EINVAL, f"{path.name} is {_kind(st.st_mode)}, not a file")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
        return data, _signature_of(st, data[-TAIL:] if len(data) == st.st_size else b"")
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass
class _Written:
    """What the files on disk hold, in terms of the match in memory."""

    state: Any  # the round the files end in (the very object)
    position: Any  # its position then (positions are never changed: identity means unchanged)
    rounds: int
    bots: dict[str, str]
    unscored: str | None
    view: str | None  # the board's view mode, as the save records it
    actions: int  # actions in the full save
    lines: int  # actions in the journal
    digest: str  # SHA-256 of the full save's bytes


class _Handles:
    """The open file descriptors of one autosave (closed with it, or when it is collected)."""

    def __init__(self) -> None:
        self.lock: int | None = None
        self.note: int | None = None
        self.note_path: Path | None = None
        self.token = ""

    def close_note(self) -> None:
        if self.note is not None:
            try:
                os.close(self.note)
            except OSError:
                pass
            self.note = None
        elif fcntl is None and self.note_path is not None:  # no locks: remove the note if it is ours
            try:
                if self.token in self.note_path.read_text(encoding="utf-8"):
                    self.note_path.unlink()
            except OSError:
                pass
        self.note_path = None

    def close(self) -> None:
        self.close_note()
        if self.lock is not None:
            try:
                os.close(self.lock)  # releases the flock
            except OSError:
                pass
            self.lock = None


# this kernel's boards by the file they save: a newer one takes the file over from the older
_HOLDERS: weakref.WeakValueDictionary[str, Autosave] = weakref.WeakValueDictionary()


def _owner_text(info: Any) -> str:
    """ " (process 123 on lab-3, since 14:02)" from a lock file's or a note's contents ("" if unknown)."""
    if not isinstance(info, dict):
        return ""
    pid, host, since = info.get("pid"), info.get("host"), info.get("since")
    words = []
    if isinstance(pid, int) and not isinstance(pid, bool):
        words.append(f"process {pid}")
    if isinstance(host, str) and host:
        words.append(f"on {_short(host, 40)}")
    text = " ".join(words)
    if text and isinstance(since, str) and since:
        text += f", since {_short(since, 20)}"
    return f" ({text})" if text else ""


def _read_info(path: Path) -> Any:
    try:
        data, _ = read_regular(path, 4096)
        return json.loads(data[:4096].decode("utf-8"))
    except (OSError, ValueError):
        return None


class Autosave:
    """One autosave file of a match board (see the module docstring)."""

    def __init__(self, path: str | os.PathLike):
        self.path, self.name, self.refused = resolve_path(path)  # the target; the name shown; why refused
        self.given = os.fsdecode(os.fspath(path))
        self.journal = self.path.with_name(self.path.name + ".journal")
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")
        self.note_path = self.path.with_name(f".{self.path.name}.contender")
        self.token = uuid.uuid4().hex[:8]  # this board, in the lock file and in notes
        self.stopped = ""  # why this board stopped saving for good (another writer, a newer board ...)
        self.busy = ""  # another board holds the lock: this one does not write (retried before each write)
        self.failure = ""  # the last write failed (retried at the next action)
        self.contender = ""  # (the holder) another board has the file open too
        self.news: list[str] = []  # what changed, for the board to announce (``take_news``)
        self.notes: list[str] = []  # what the last ``read`` dropped or kept aside
        self.started = False  # the file is this match's: read from it, or written
        self._base: _Written | None = None
        self._journal_clean = True  # the journal ends on a whole line of this board's (or is absent)
        self._lockable = fcntl is not None
        self._handles = _Handles()
        self._handles.token = self.token
        weakref.finalize(self, _Handles.close, self._handles)
        self._disk: tuple[Signature, Signature] = (None, None)  # the files as this board last saw them
        if self.refused:
            self.news.append(f"This match is NOT autosaved: {self.refused}.")
            return
        older = _HOLDERS.get(str(self.path))
        if older is not None and older is not self:
            older.hand_over()
        _HOLDERS[str(self.path)] = self
        self._disk = self._look_now()
        missing = _missing_folder(self.path, self.given)
        if missing:
            self._set("failure", self._failure_text("FileNotFoundError", missing))
            return
        if self._claim() and fcntl is None:
            self._clean_tmp(locked=False)

    # --- what the board shows ---------------------------------------------------------------
    @property
    def problem(self) -> str:
        """Why the match is not being saved now, in words ('' when it is)."""
        return ("This match is NOT autosaved: " + self.refused + ".") if self.refused else (
            self.stopped or self.busy or self.failure)

    @property
    def status(self) -> str:
        """What the board's panel says about its autosave for as long as it is true."""
        return " ".join(t for t in (self.problem, self.contender) if t)

    def take_news(self) -> list[str]:
        news, self.news = self.news, []
        return news

    def _set(self, field: str, text: str, recovered: str = "") -> None:
        if getattr(self, field) != text:
            setattr(self, field, text)
            if text:
                self.news.append(text)
            elif recovered:
                self.news.append(recovered)

    def _failure_text(self, kind: str, why: str) -> str:
        return f"Autosave failed ({kind}: {why}); the match goes on, but is not saved to {self.name}."

    def stop(self, why: str) -> None:
        """Stop saving for good (the board says ``why`` for as long as it lives)."""
        self._set("stopped", why)
        self._release()

    def hand_over(self) -> None:
        """A newer board in this kernel takes the file: this one stops saving (and lets go of the lock)."""
        self.stop(f"This match is NOT autosaved any more: a newer board in this kernel took over {self.name}.")

    def close(self) -> None:
        """Let go of the lock and of a note (the board is gone)."""
        self._handles.close()

    # --- the file on disk ---------------------------------------------------------------------
    def exists(self) -> bool:
        """A save (or a journal) is there to be read."""
        return not self.refused and (os.path.lexists(self.path) or os.path.lexists(self.journal))

    def _look(self) -> tuple[Signature, Signature]:
        return _signature(self.path), _signature(self.journal)

    def _look_now(self) -> tuple[Signature, Signature]:
        """``_look``, or a mark no later look equals when the files cannot be looked at."""
        try:
            return self._look()
        except OSError as exc:
            return ("unreadable", exc.errno), None

    # --- the lock, and the other boards -----------------------------------------------------------
    def _owner_info(self) -> bytes:
        try:
            host = socket.gethostname()
        except OSError:
            host = ""
        return json.dumps({"pid": os.getpid(), "host": host, "board": self.token,
                           "since": time.strftime("%Y-%m-%d %H:%M:%S"), "file": str(self.path)}).encode()

    def _claim(self) -> bool:
        """Hold the lock (or there are no locks here): True; another board holds it: False,
        and ``busy`` says whose it is (this board's note tells the holder)."""
        handles = self._handles
        if handles.lock is not None or not self._lockable or fcntl is None:
            return True
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | _NONBLOCK | _NOFOLLOW, 0o666)
        except FileNotFoundError:
            return True  # no folder: writing says so
        except OSError:
            self._lockable = False  # a read-only folder, a strange lock file: the on-disk check alone
            return True
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "the lock file is not a file")
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            owner = _owner_text(_read_info(self.lock_path))
            self._set("busy", f"This match is NOT autosaved: {self.name} is in use by another board"
                              f"{owner}. This board does not write to it, so nothing there is overwritten; "
                              "it saves again once the other board is closed, if the file is still as this "
                              "board last saw it.")
            self._leave_note()
            return False
        except OSError:
            os.close(fd)
            self._lockable = False  # no locks on this file system (ENOLCK ...): the on-disk check alone
            return True
        try:
            _rewrite(fd, self._owner_info())
        except OSError:
            pass  # the owner is only for the other boards' messages
        handles.lock = fd  # ``_may_write`` then says whether this board may write (``busy`` until then)
        handles.close_note()
        self._clean_tmp(locked=True)
        return True

    def _release(self) -> None:
        self._handles.close()

    def _leave_note(self) -> None:
        """Tell the board that holds the file that this one has it open too (a note it reads
        before each write; with locks, a shared lock on it says this board is alive)."""
        handles = self._handles
        if handles.note is not None or (fcntl is None and handles.note_path is not None):
            return
        try:
            fd = os.open(self.note_path, os.O_RDWR | os.O_CREAT | _NONBLOCK | _NOFOLLOW, 0o666)
        except OSError:
            return
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                if os.fstat(fd).st_ino != os.stat(self.note_path).st_ino:  # removed meanwhile: next time
                    raise OSError(errno.ESTALE, "the note was removed")
            _rewrite(fd, self._owner_info())
        except OSError:
            os.close(fd)
            return
        if fcntl is None:
            os.close(fd)
            handles.note_path = self.note_path
        else:
            handles.note = fd
            handles.note_path = self.note_path

    def _look_for_contender(self) -> None:
        """Before a write: is another board holding the file open too (a live note)?"""
        try:
            os.lstat(self.note_path)
        except OSError:
            self._set("contender", "", f"The other board on {self.name} has gone.")
            return
        info = _read_info(self.note_path)
        if fcntl is None and isinstance(info, dict) and info.get("board") == self.token:
            return  # this board's own (it left it while it could not write)
        alive = True
        if fcntl is not None and self._lockable:
            try:
                fd = os.open(self.note_path, os.O_RDWR | _NONBLOCK | _NOFOLLOW)
            except OSError:
                return
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                alive = False  # nobody holds it: the board that left it is gone
                if os.fstat(fd).st_ino == os.stat(self.note_path).st_ino:
                    os.unlink(self.note_path)
            except OSError:
                pass
            finally:
                os.close(fd)
        if not alive:
            self._set("contender", "", f"The other board on {self.name} has gone.")
            return
        self._set("contender", f"Another board{_owner_text(info)} opened {self.name} too; it does not "
                               f"save there. This board keeps saving the match to {self.name}.")

    def _clean_tmp(self, *, locked: bool) -> None:
        """Remove the temporary files of writers that died mid-write (with the lock held: all of
        them; without locks: those older than ``STALE_TMP``)."""
        prefix, now = f".{self.path.name}.", time.time()
        try:
            entries = list(os.scandir(self.path.parent))
        except OSError:
            return
        for entry in entries:
            name = entry.name
            if not (name.startswith(prefix) and name.endswith(".tmp")):
                continue
            if not name[len(prefix):-len(".tmp")].split(".")[0].isdigit():
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                if locked or now - entry.stat(follow_symlinks=False).st_mtime > STALE_TMP:
                    os.unlink(entry.path)
            except OSError:
                pass

    def _may_write(self) -> bool:
        """The lock is held (or there are none) and the files are as this board left them."""
        if self._handles.lock is None and not self._claim():
            return False
        now = self._look()
        if now != self._disk and now[1] is None and now[0] in (None, self._disk[0]):
            # only what this board wrote has gone (deleted by hand): nothing to overwrite
            self._base, self._journal_clean, self._disk = None, True, now
            self.news.append(f"{self.name} had been removed: this board writes the match to it again.")
        if now != self._disk:
            self.stop(f"This match is NOT autosaved: {self.name} was changed by another board or program since "
                      "this board last saved or read it, so this board stops saving rather than overwrite it. "
                      "Run the board's cell again to open what the file holds; to keep this board's match, "
                      "write board.match.save_json() to another file.")
            self._leave_note()  # the board that wrote it learns of this one
            return False
        self._set("busy", "", f"{self.name} is free again: this board saves the match from now on.")
        return True

    # --- reading ------------------------------------------------------------------------------
    def read(self) -> Match:
        """The saved match: the full save, then its journal's lines replayed (a save whose last
        round is over waits between rounds).

        Raises ``SaveFormatError`` (damaged, tampered, not a match save, or a journal line that
        does not apply: its path names the journal and the line), ``OSError`` (unreadable, not
        a regular file) or ``UnicodeDecodeError`` (not text).  ``notes`` says what was dropped:
        a torn last line, a journal that belongs to another save."""
        self.notes = []
        data, save_sig = read_regular(self.path, MAX_SAVE_BYTES)
        if len(data) > MAX_SAVE_BYTES:
            raise SaveFormatError("$", f"over {MAX_SAVE_BYTES:,} bytes: a save holds at most {MAX_SAVE_CHARS:,} characters")
        match = Match.load(data.decode("utf-8"), auto_next=False)
        digest = hashlib.sha256(data).hexdigest()
        actions = sum(s.ply for s in match.states)
        try:
            journal, journal_sig = read_regular(self.journal, MAX_JOURNAL_BYTES)
        except FileNotFoundError:
            journal, journal_sig = None, None
        lines, clean = 0, True
        if journal is not None:
            if len(journal) > MAX_JOURNAL_BYTES:
                raise SaveFormatError(self.journal.name, f"over {MAX_JOURNAL_BYTES:,} bytes: not a journal this board wrote")
            lines, clean, journal_sig = self._replay(match, journal, digest, journal_sig)
        self._base = _Written(match.state, match.state.position, len(match.states), dict(match.bots),
                              match.unscored, match.view, actions, lines, digest)
        self._journal_clean = clean
        self._disk = (save_sig, journal_sig)
        self.started = True
        return match

    def _replay(self, match: Match, data: bytes, digest: str, sig: Signature) -> tuple[int, bool, Signature]:
        """Replay the journal's lines on ``match``; (lines replayed, ends clean, its signature now)."""
        name = self.journal.name
        body, newline, torn = data.rpartition(b"\n")
        lines = body.split(b"\n") if newline else []
        if torn:
            self.notes.append(f"The last line of {name} was cut off (a crash while it was being written) "
                              f"and is dropped: {_short(torn.decode('utf-8', 'replace'))!r}.")
        if not lines:
            return 0, not torn, sig
        header = self._json_line(lines[0], f"{name}, line 1")
        if not (isinstance(header, dict) and set(header) == {"format", "version", "save"}
                and header["format"] == JOURNAL_FORMAT and type(header["version"]) is int
                and header["version"] == JOURNAL_VERSION and isinstance(header["save"], str)):
            raise SaveFormatError(f"{name}, line 1", f"expected the header {{\"format\": \"{JOURNAL_FORMAT}\", "
                                                     f"\"version\": {JOURNAL_VERSION}, \"save\": <SHA-256>}}")
        entries = [self._entry(raw, f"{name}, line {k}") for k, raw in enumerate(lines[1:], start=2)]
        if header["save"] != digest:
            sig = self._stale(match, entries)
            return 0, sig is None, sig  # a stale journal left in place is rewritten away, never appended to
        for k, (r, ply, text) in enumerate(entries, start=2):
            where = f"{name}, line {k}"
            if r != match.round_index or ply != match.state.ply:
                raise SaveFormatError(where, f"recorded at action {ply} of round {r + 1}, but the match is at "
                                             f"action {match.state.ply} of round {match.round_index + 1}")
            try:
                action = match.state.engine.parse_action(text)
                if action.kind == Kind.ROLL:
                    raise SaveFormatError(where, "a round's setup rolls are in the save, never in its journal (K-SETUP-3)")
                match.apply(action)
            except (NotationError, IllegalActionError, HistoryError) as exc:
                raise SaveFormatError(where, str(exc)) from None
        return len(entries), not torn, sig

    @staticmethod
    def _json_line(raw: bytes, where: str) -> Any:
        try:
            return json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise SaveFormatError(where, f"not a JSON line: {_short(str(exc), 100)}") from None

    def _entry(self, raw: bytes, where: str) -> tuple[int, int, str]:
        entry = self._json_line(raw, where)
        if not (isinstance(entry, dict) and set(entry) == set(JOURNAL_KEYS)
                and all(type(entry[k]) is int and entry[k] >= 0 for k in JOURNAL_KEYS[:2])
                and isinstance(entry["action"], str) and 0 < len(entry["action"]) <= 100):
            raise SaveFormatError(where, 'expected {"round_index": <0, 1 ...>, "ply": <actions before it>, '
                                         '"action": "<action text>"}')
        return entry["round_index"], entry["ply"], entry["action"]

    def _stale(self, match: Match, entries: list[tuple[int, int, str]]) -> Signature:
        """A journal that names another save (a crash between rewriting the save and removing
        its journal, or a save put back by hand): removed when the save holds all its actions,
        else kept aside; left alone when another board holds the file.  Its signature now."""
        texts: dict[int, list[str]] = {}
        for r, _, _ in entries:
            if r < len(match.states) and r not in texts:
                texts[r] = [str(a) for a in match.states[r].history]
        held = all(r in texts and ply < len(texts[r]) and texts[r][ply] == text for r, ply, text in entries)
        if not self._claim():
            return _signature(self.journal)
        try:
            if held:
                os.unlink(self.journal)
            else:
                kept = self._aside(self.journal, "stale", journal_only=True)
                self.notes.append(f"{self.journal.name} belongs to another version of {self.path.name} (the save "
                                  f"was replaced after it was written): it is kept as {kept.name}, not replayed.")
        except OSError:
            pass
        return _signature(self.journal)

    # --- writing ------------------------------------------------------------------------------
    def write(self, match: Match) -> bool:
        """Save the match: one journal line for an action appended to a long round, else the
        whole save.  False when nothing was written (unchanged, or the board may not write now:
        ``problem`` says why).  Never raises."""
        if self.refused or self.stopped:
            return False
        try:
            if not self._may_write():
                return False
            self._look_for_contender()
            wrote = self._write(match)
        except OSError as exc:
            self._set("failure", self._failure_text(type(exc).__name__, str(exc.strerror or exc)))
            return False
        self.started = True
        self._set("failure", "", f"Autosave works again: the match is saved to {self.name}." if self.failure else "")
        return wrote

    def _write(self, match: Match) -> bool:
        state, base = match.state, self._base
        same = (base is not None and base.state is state and base.rounds == len(match.states)
                and base.bots == match.bots and base.unscored == match.unscored and base.view == match.view)
        if same and base is not None and base.position is state.position:
            return False
        if (same and base is not None and self._journal_clean and base.actions >= SMALL_SAVE
                and (base.lines + 1) * COMPACT_RATIO <= base.actions and not state.is_terminal()):
            last = state.last_step()
            if last is not None and last[1] is base.position:  # exactly one action since the files
                self._append(match, base, last[0])
                return True
        self._write_full(match)
        return True

    def _append(self, match: Match, base: _Written, action: Any) -> None:
        state = match.state
        line = json.dumps({"round_index": match.round_index, "ply": state.ply - 1, "action": str(action)},
                          separators=(", ", ": ")) + "\n"
        flags = os.O_WRONLY | os.O_APPEND | _NONBLOCK | _NOFOLLOW
        if self._disk[1] is None:  # the journal's first line names the save it extends
            header = json.dumps({"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "save": base.digest})
            line, flags = header + "\n" + line, flags | os.O_CREAT | os.O_EXCL
        fd = os.open(self.journal, flags, 0o666)
        try:
            try:
                _write_all(fd, line.encode("utf-8"))
                os.fsync(fd)
            except OSError:
                self._journal_clean = False  # part of a line may be there: the next save is a whole one
                raise
        finally:
            os.close(fd)
            self._disk = self._look()  # the journal as this board left it
        base.position = state.position
        base.lines += 1

    def _write_full(self, match: Match) -> None:
        missing = _missing_folder(self.path, self.given)
        if missing:
            raise FileNotFoundError(errno.ENOENT, missing)
        data = match.save_json().encode("utf-8")
        folder = self.path.parent
        tmp = folder / f".{self.path.name}.{os.getpid()}.{self.token}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NONBLOCK | _NOFOLLOW, 0o666)
        try:
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self._disk = self._look()  # the files as this board left them
        state = match.state
        self._base = _Written(state, state.position, len(match.states), dict(match.bots), match.unscored,
                              match.view, sum(s.ply for s in match.states), 0, hashlib.sha256(data).hexdigest())
        sync_folder(folder)
        if self._disk[1] is not None:  # the journal's lines are in the save now
            try:
                os.unlink(self.journal)
            except FileNotFoundError:
                pass
            except OSError:
                self._journal_clean = False
                raise
            finally:
                self._disk = self._look()
        self._journal_clean = True

    # --- keeping files aside ------------------------------------------------------------------
    def _aside(self, path: Path, why: str, *, journal_only: bool = False) -> Path:
        """Rename ``path`` (the save, or its journal) to ``<save>.<why>-<n>`` (``.journal`` after
        it for a journal), the first n free for both; never over an earlier one."""
        n = 1
        while True:
            target = self.path.with_name(f"{self.path.name}.{why}-{n}")
            if not os.path.lexists(target) and not os.path.lexists(f"{target}.journal"):
                break
            n += 1
        if journal_only:
            target = target.with_name(target.name + ".journal")
        os.rename(path, target)  # checked free above
        return target

    def set_aside(self, why: str) -> Path:
        """Rename the save (and its journal, as ``<save>.<why>-<n>.journal``) to
        ``<save>.<why>-<n>``, the first free n, and return the new path (the journal's, when
        there is only a journal).  ``OSError`` when it cannot (another board holds it: nothing
        is moved)."""
        if self.refused:
            raise OSError(errno.EINVAL, self.refused)
        if not self._claim():
            raise OSError(errno.EBUSY, f"{self.name} is in use by another board")
        kept = self._aside(self.path, why) if os.path.lexists(self.path) else None
        if os.path.lexists(self.journal):
            if kept is not None:  # ``_aside`` chose an n free for the journal too
                os.rename(self.journal, kept.with_name(kept.name + ".journal"))
            else:
                kept = self._aside(self.journal, why, journal_only=True)
        self._base = None
        self._journal_clean = True
        self._disk = self._look_now()
        self.started = False
        if kept is None:
            raise OSError(errno.ENOENT, f"{self.name} is not there any more")
        return kept


__all__ = ["COMPACT_RATIO", "SMALL_SAVE", "Autosave", "NotAFile", "read_regular", "resolve_path"]
