"""Which challenges a learner has solved, remembered in a small local JSON file.

    >>> from kabetopo_nb.challenges.progress import Progress, progress_table
    >>> progress = Progress()                 # ~/.kabetopo-nb/progress.json
    >>> progress.mark_solved("walls-block-south")
    >>> progress_table()                      # solved / total per notebook section

The file is ``~/.kabetopo-nb/progress.json`` (in JupyterLite, ``kabetopo-progress.json``
in the browser's storage beside the notebooks) unless a path is given or the environment
variable ``KABETOPO_NB_PROGRESS`` names another one (a workshop may point every seat at
its own file; tests point it at a temporary folder).  It holds the ids of the solved
challenges and of those whose solution was shown::

    {"version": 1, "solved": ["walls-block-south"], "shown": ["move-edge"]}

**Many writers.**  Several boards, in one kernel or in several, may hold the same file.
A record only ever grows, so every save *merges*: under a lock it re-reads the file, adds
what this board knows, and writes the union.  The lock is an OS file lock (``fcntl.flock``)
on the sidecar file ``<name>.lock``; a board waits for it at most ``LOCK_TIMEOUT`` seconds
and then merges without it (and says so); the lock file stays, since removing it
would let two writers lock two different files.  Where there are no file locks (JupyterLite's
in-browser kernel, Windows) the save still re-reads and merges, without the lock.
``is_solved`` re-reads the file when it changed (its size, time or inode), so a board
sees what the others solved.

**Crashes.**  Writes are atomic: a temporary file in the same folder, flushed to disk
(``fsync``), then ``os.replace``, so a crash leaves the old record or the new, never half.

**Damaged files.**  The file is read as bytes (at most ``MAX_BYTES``) and decoded
defensively: UTF-8 with or without a byte-order mark; an editor's UTF-16/UTF-32 (with a
byte-order mark, or told by its zero bytes) or Latin-1 is read too.  JSON nested deeper
than ``MAX_DEPTH`` is refused before parsing.  Every good entry is kept; only bad ones (a
number, a null, a list where an id belongs) are dropped, and ``problem`` says how many.
A file that was not clean is never overwritten: it is first set aside as
``<name>.damaged-<n>`` (the first free n, so an earlier copy is never replaced), then the
good entries are written back.  A file of a *newer* format version than this code knows is
left exactly as it is: its ids are shown, but progress is read-only until kabetopo-nb is
updated.  An absent ``version`` is read as version 1; a garbled one counts as damage.

Nothing here ever raises into the board for a bad, unreadable or unwritable file: the
trouble is told, in words, by ``Progress.problem`` (the board and the progress table show it).
"""
from __future__ import annotations

import codecs
import html
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.files import sync_folder

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows; JupyterLite's kernel may lack it too (and has no locks anyway)
    fcntl = None

ENV_VAR = "KABETOPO_NB_PROGRESS"
VERSION = 1
LOCK_TIMEOUT = 5.0  # seconds a save waits for another writer before merging without the lock
MAX_BYTES = 1_000_000  # 60 challenges' ids take about 2 kB
MAX_DEPTH = 64  # JSON nesting read at all (the format needs 2)
MAX_ID_CHARS = 200


# In JupyterLite the kernel runs in the browser (sys.platform "emscripten"): its home folder
# lives in memory and is gone at the next reload, while the notebooks' folder (/drive) is
# the browser's own storage, which keeps the learner's files.  The progress file goes there.
LITE_DRIVE = Path("/drive")


def room_path(progress_path: str | os.PathLike) -> Path:
    """Where the workshop room a learner joined is remembered (``kabetopo_nb.room.learners``):
    beside the progress file, ``<its name>-room.json``, so that a new kernel reports too."""
    path = Path(progress_path)
    return path.with_name(f"{path.stem}-room.json")


def default_path() -> Path:
    """The progress file: ``$KABETOPO_NB_PROGRESS``, else ``~/.kabetopo-nb/progress.json``
    (in JupyterLite: ``kabetopo-progress.json`` in the browser's storage, beside the
    notebooks, since the kernel's home folder does not outlive a reload)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if sys.platform == "emscripten" and LITE_DRIVE.is_dir():
        return LITE_DRIVE / "kabetopo-progress.json"
    return Path.home() / ".kabetopo-nb" / "progress.json"


# --- reading the file ------------------------------------------------------------------------

Signature = tuple[int, int, int] | None  # (inode, size, mtime in ns) of the file; None: no file


@dataclass
class Reading:
    """What one read of the progress file found."""

    solved: set[str] = field(default_factory=set)
    shown: set[str] = field(default_factory=set)
    faults: list[str] = field(default_factory=list)  # what was wrong, in words; [] for a clean file
    dropped: int = 0  # bad entries left out
    unreadable: bool = False  # nothing at all could be read from it
    newer: Any = None  # the version of a file newer than this code knows: it is left alone
    blocked: str = ""  # why the file could not be opened (no permission, a folder ...): it is left alone
    signature: Signature = None

    @property
    def clean(self) -> bool:
        return not self.faults

    @property
    def damaged(self) -> bool:
        """Read, but not clean: to be set aside before anything is written over it."""
        return bool(self.faults) and self.newer is None and not self.blocked


def _signature(path: Path) -> Signature:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def decode(data: bytes) -> tuple[str, str]:
    """The text of the file and, when it was not UTF-8, the encoding it was read as.

    UTF-8 (a byte-order mark allowed) gives ``(text, "")``; otherwise UTF-32/UTF-16 with a
    byte-order mark, UTF-16 without one when every other byte is zero, else Latin-1 (which
    reads any bytes at all: a binary file then fails as JSON)."""
    body = data[len(codecs.BOM_UTF8):] if data.startswith(codecs.BOM_UTF8) else data
    try:
        return body.decode("utf-8"), ""
    except UnicodeDecodeError:
        pass
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding), encoding.upper()
            except UnicodeDecodeError:
                continue
    if len(data) >= 2 and len(data) % 2 == 0:
        for encoding, zeros in (("utf-16-le", data[1::2]), ("utf-16-be", data[0::2])):
            if zeros.count(0) == len(zeros):
                try:
                    return data.decode(encoding), "UTF-16"
                except UnicodeDecodeError:
                    break
    return data.decode("latin-1"), "Latin-1"


# a JSON string (to its end, even unterminated: one pass, no backtracking) or a bracket
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text's arrays and objects nest more than ``limit`` deep (brackets
    inside strings do not count); it stops reading at the first bracket too deep."""
    depth = 0
    for token in _TOKEN.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif bracket in ("]", "}"):
            depth -= 1
    return False


def is_challenge_id(value: Any) -> bool:
    """A good entry: a short, printable, non-empty string (an id of this release or a later one)."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS and value.isprintable()
            and value == value.strip())


def _entries(data: dict, key: str, reading: Reading) -> set[str]:
    value = data.get(key, [])
    if not isinstance(value, list):
        reading.faults.append(f"'{key}' is not a list of challenge ids but {_kind(value)}")
        reading.dropped += 1
        return set()
    good = {v for v in value if is_challenge_id(v)}
    bad = [v for v in value if not is_challenge_id(v)]
    if bad:
        reading.dropped += len(bad)
        reading.faults.append(f"'{key}' held {_count(len(bad), 'bad entry', 'bad entries')}, "
                              f"e.g. {_shorten(repr(bad[0]))}")
    return good


def parse(data: bytes, reading: Reading | None = None) -> Reading:
    """What the bytes of a progress file hold: never raises."""
    reading = reading if reading is not None else Reading()
    try:
        _parse(data, reading)
    except Exception as exc:  # whatever a load raises, the board must open
        reading.solved, reading.shown = set(), set()
        reading.unreadable = True
        reading.faults.append(f"{type(exc).__name__}: {_shorten(str(exc))}")
    return reading


def _parse(data: bytes, reading: Reading) -> None:
    if len(data) > MAX_BYTES:
        reading.unreadable = True
        reading.faults.append(f"it is over {MAX_BYTES:,} bytes; a progress file takes a few thousand")
        return
    text, encoding = decode(data)
    if too_deep(text):
        reading.unreadable = True
        reading.faults.append(f"its JSON nests more than {MAX_DEPTH} deep; a progress file nests 2 deep")
        return
    try:
        value = json.loads(text)
    except ValueError as exc:
        reading.unreadable = True
        reading.faults.append(f"not JSON{f' in UTF-8 or {encoding}' if encoding else ''}: {_shorten(str(exc))}")
        return
    if encoding:
        reading.faults.append(f"it is {encoding} text, not UTF-8")
    if not isinstance(value, dict):
        reading.unreadable = True
        reading.faults.append(f"it holds {_kind(value)}, not a JSON object")
        return
    version = value.get("version", VERSION)  # a file without one is read as version 1
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        reading.newer = version
    elif version != VERSION or isinstance(version, bool):
        reading.faults.append(f"its version is {_shorten(repr(version))}, not a format version; "
                              f"it was read as version {VERSION}")
    reading.solved = _entries(value, "solved", reading)
    reading.shown = _entries(value, "shown", reading)
    if reading.newer is not None:
        reading.faults.clear()  # a newer format may hold what this code cannot judge
        reading.dropped = 0


def read(path: Path) -> Reading:
    """Read the progress file at ``path``; a missing file is an empty, clean record.  Never raises."""
    reading = Reading(signature=_signature(path))
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):  # no file (its folder may be a file: saving says so)
        return reading
    except Exception as exc:  # a folder, no permission, a device ...: not ours to replace
        reading.blocked = str(exc) or type(exc).__name__
        return reading
    return parse(data, reading)


def _kind(value: Any) -> str:
    return {type(None): "null", bool: "true or false", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _count(n: int, one: str, many: str) -> str:
    return f"1 {one}" if n == 1 else f"{n:,} {many}"


def _shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


# --- the record --------------------------------------------------------------------------------


class Progress:
    """The solved (and shown) challenge ids of one learner, kept in ``path``.

    ``solved`` and ``shown`` hold what this object knows: what it read, what others wrote
    since (``refresh``), and what it marked.  ``problem`` is what went wrong reading or
    writing the file, in words ("" if nothing); ``read_only`` is True when the file must
    not be written (a newer format, or a damaged file that could not be set aside)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path).expanduser() if path is not None else default_path()
        self.solved: set[str] = set()
        self.shown: set[str] = set()
        self.problem = ""
        self.room_note = ""  # how the last solved challenge's report to a workshop room went ("" if none)
        self.read_only = False
        self._seen: Signature = None  # the file as last read or written here
        self._unsaved = False  # marked here but not yet in the file (a save failed)
        self.load()

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    # --- reading ------------------------------------------------------------------------
    def load(self) -> None:
        """Read the file and add what it holds to this record.  A damaged file is set aside
        and its good entries written back; a newer one makes the record read-only."""
        try:
            reading = read(self.path)
            if reading.damaged and not self.read_only:
                with self._locked():  # set aside only what is still damaged once the lock is held
                    reading = read(self.path)
                    if reading.damaged:
                        self._repair(reading)
                        return
            self._take(reading)
        except Exception as exc:  # nothing raises into the board
            self._note(f"could not read the progress file {self.path}: {exc}")

    def refresh(self) -> None:
        """Re-read the file if another board or kernel changed it since this one last looked."""
        if _signature(self.path) != self._seen:
            self.load()

    def _take(self, reading: Reading) -> None:
        self.solved |= reading.solved
        self.shown |= reading.shown
        self._seen = reading.signature
        if reading.blocked:
            self._note(f"could not read the progress file {self.path}: {reading.blocked}. It is left as it is, "
                       "and progress is not saved over it.")
        if reading.newer is not None:
            self.read_only = True
            self._note(f"The progress file {self.path} was written by a newer kabetopo-nb (format version "
                       f"{reading.newer}; this one knows version {VERSION}). It is left as it is: progress is "
                       "read-only here, and what you solve now is not saved. Update kabetopo-nb to record it.")

    def _repair(self, reading: Reading) -> None:
        """With the lock held: set the damaged file aside, then write back its good entries
        (and this record's).  If it cannot be set aside it is left alone and not written."""
        why = "; ".join(reading.faults)
        try:
            damaged = self._set_aside()
        except OSError as exc:
            self.solved |= reading.solved
            self.shown |= reading.shown
            self._seen = reading.signature
            self.read_only = True
            self._note(f"The progress file {self.path} is damaged ({why}) and could not be set aside ({exc}): "
                       "it is left untouched and progress is NOT saved.")
            return
        self.solved |= reading.solved
        self.shown |= reading.shown
        kept = len(reading.solved) + len(reading.shown)
        if reading.unreadable:
            self._note(f"The progress file {self.path} could not be read ({why}); it was kept as "
                       f"{damaged.name}. Nothing in it could be kept"
                       f"{': progress starts afresh' if not (self.solved or self.shown) else ''}.")
        elif reading.dropped:
            self._note(f"The progress file {self.path} had "
                       f"{_count(reading.dropped, 'bad entry', 'bad entries')} ({why}): "
                       f"{'it was' if reading.dropped == 1 else 'they were'} dropped and "
                       f"{_count(kept, 'good entry was', 'good entries were')} kept. "
                       f"The original was kept as {damaged.name}.")
        else:
            self._note(f"The progress file {self.path} was not as this code writes it ({why}); all "
                       f"{_count(kept, 'entry was', 'entries were')} kept and it was written afresh. "
                       f"The original was kept as {damaged.name}.")
        try:
            self._write()
        except OSError as exc:
            self._unsaved = True
            self._note(f"could not save progress to {self.path}: {exc}")

    def _set_aside(self) -> Path:
        """Rename the file to ``<name>.damaged-<n>`` (the first free n) and return the new path."""
        n = 1
        while True:
            target = self.path.with_name(f"{self.path.name}.damaged-{n}")
            if not os.path.lexists(target):
                break
            n += 1
        try:
            os.link(self.path, target)  # fails rather than replace a copy another writer just made
        except FileExistsError:
            return self._set_aside()
        except OSError:  # no hard links here: a rename (checked above; the lock keeps others out)
            os.rename(self.path, target)
            return target
        os.unlink(self.path)
        return target

    # --- writing ------------------------------------------------------------------------
    def save(self) -> bool:
        """Merge this record into the file (under the lock) and write it atomically; False
        (and ``problem`` set) when it cannot be written or is read-only."""
        if self.read_only:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._locked():
                reading = read(self.path)
                if reading.newer is not None or reading.blocked:
                    self._unsaved = True
                    self._take(reading)
                    return False
                if reading.damaged:  # damaged since it was read: never overwrite it
                    self._repair(reading)
                    return not self.read_only and not self._unsaved
                self.solved |= reading.solved
                self.shown |= reading.shown
                self._write()
        except Exception as exc:  # nothing raises into the board
            self._unsaved = True
            self._note(f"could not save progress to {self.path}: {exc}")
            return False
        return True

    def _write(self) -> None:
        """Write the record atomically: a temporary file beside it, fsync, ``os.replace``."""
        data = {"version": VERSION, "solved": sorted(self.solved), "shown": sorted(self.shown)}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1)
                out.write("\n")
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        sync_folder(self.path.parent)
        self._seen = _signature(self.path)
        self._unsaved = False

    @contextmanager
    def _locked(self) -> Iterator[bool]:
        """Hold the file lock while the body runs (True); False when there is no lock to be
        had (no ``fcntl``, JupyterLite, a file system without locks, an unwritable folder)
        or another writer held it for ``LOCK_TIMEOUT`` seconds: the body then runs anyway."""
        if fcntl is None or sys.platform == "emscripten":
            yield False
            return
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError:
            yield False
            return
        try:
            held = _flock(fd, LOCK_TIMEOUT)
            if held is None:
                self._note(f"another board held the lock on {self.path} for over {LOCK_TIMEOUT:g} s; "
                           "progress was merged without waiting longer.")
            yield bool(held)
        finally:
            os.close(fd)  # closing releases the lock

    # --- asking and marking -------------------------------------------------------------
    def is_solved(self, challenge_id: str) -> bool:
        self.refresh()
        return challenge_id in self.solved

    def mark_solved(self, challenge_id: str) -> bool:
        """Remember a solved challenge; True when it was new (and the file was written).  A new
        one is reported to the workshop room the learner joined, if any (``room_note``)."""
        self.room_note = ""
        if challenge_id in self.solved and not self._unsaved:
            return False
        self.solved.add(challenge_id)
        self._unsaved = True
        saved = self.save()
        self._tell_room(challenge_id)
        return saved

    def _tell_room(self, challenge_id: str) -> None:
        """Report a solved challenge to the workshop room the learner joined, if any
        (``kabetopo_nb.room.learners.join_room``); ``room_note`` says how it went.  Never raises:
        a room that cannot be reached keeps the report to send again later."""
        try:
            if not room_path(self.path).exists() and "kabetopo_nb.room.learners" not in sys.modules:
                return  # no room joined, in this kernel or an earlier one
            from ..room.learners import report_solved

            self.room_note = report_solved(self.path, challenge_id)
        except Exception as exc:  # nothing raises into the board
            self.room_note = f"Not reported to the workshop room ({type(exc).__name__}: {_shorten(str(exc))})."

    def mark_shown(self, challenge_id: str) -> None:
        """Remember that a challenge's solution was shown (it does not count as solved)."""
        if challenge_id not in self.shown or self._unsaved:
            self.shown.add(challenge_id)
            self._unsaved = True
            self.save()

    def _note(self, text: str) -> None:
        if text not in self.problem:
            self.problem = f"{self.problem} {text}".strip()

    def by_section(self) -> dict[str, tuple[int, int]]:
        """``{section: (solved, total)}`` over every challenge, sections in order."""
        from . import challenges

        self.refresh()
        out: dict[str, list[int]] = {}
        for ch in challenges():
            counts = out.setdefault(ch.section, [0, 0])
            counts[0] += ch.id in self.solved
            counts[1] += 1
        return {section: (s, t) for section, (s, t) in out.items()}


def _flock(fd: int, timeout: float) -> bool | None:
    """Take the exclusive lock on ``fd``: True; None after ``timeout`` seconds of another
    holder; False when the file system has no locks."""
    assert fcntl is not None
    deadline = time.monotonic() + timeout
    pause = 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        except OSError:
            return False


def progress_by_section(progress: Progress | str | os.PathLike | None = None) -> dict[str, tuple[int, int]]:
    """``{section: (solved, total)}`` for the learner's progress file (see ``Progress``)."""
    return _progress(progress).by_section()


def _progress(progress) -> Progress:
    return progress if isinstance(progress, Progress) else Progress(progress)


class ProgressTable:
    """Solved / total per section: plain text as ``str()``, an HTML table in a notebook."""

    def __init__(self, rows: dict[str, tuple[int, int]], problem: str = ""):
        self.rows = rows
        self.problem = problem

    def __str__(self) -> str:
        width = max((len(s) for s in self.rows), default=7)
        lines = [f"{'Section':<{width}}  Solved"]
        lines += [f"{section:<{width}}  {s} of {t}" for section, (s, t) in self.rows.items()]
        solved, total = (sum(c[i] for c in self.rows.values()) for i in (0, 1))
        lines.append(f"{'All':<{width}}  {solved} of {total}")
        if self.problem:
            lines.append(self.problem)
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{html.escape(section)}</td><td>{s} of {t}</td></tr>"
                       for section, (s, t) in self.rows.items())
        solved, total = (sum(c[i] for c in self.rows.values()) for i in (0, 1))
        note = f"<p><strong>{html.escape(self.problem)}</strong></p>" if self.problem else ""
        return (f'{note}<table class="kb-progress"><thead><tr><th>Section</th><th>Solved</th></tr></thead>'
                f"<tbody>{rows}</tbody><tfoot><tr><td>All</td><td>{solved} of {total}</td></tr></tfoot></table>")


def progress_table(progress: Progress | str | os.PathLike | None = None) -> ProgressTable:
    """The start page's table of solved challenges per section."""
    record = _progress(progress)
    rows = record.by_section()
    return ProgressTable(rows, record.problem)


__all__ = ["ENV_VAR", "LOCK_TIMEOUT", "MAX_BYTES", "MAX_DEPTH", "VERSION", "Progress", "ProgressTable", "Reading",
           "decode", "default_path", "is_challenge_id", "parse", "progress_by_section", "progress_table", "read",
           "room_path", "too_deep"]
