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

Writes are atomic (a temporary file beside it, then ``os.replace``), so a crash never
leaves half a file.  A file that cannot be read is never silently overwritten: it is set
aside as ``<name>.damaged``, the learner starts afresh, and ``problem`` says what happened
(the board shows it).  Nothing here ever raises into the board for a bad or unwritable file.
"""
from __future__ import annotations

import html
import json
import os
import sys
import tempfile
from pathlib import Path

from ..core.verdict import DataFileError

ENV_VAR = "KABETOPO_NB_PROGRESS"
VERSION = 1


# In JupyterLite the kernel runs in the browser (sys.platform "emscripten"): its home folder
# lives in memory and is gone at the next reload, while the notebooks' folder (/drive) is
# the browser's own storage, which keeps the learner's files.  The progress file goes there.
LITE_DRIVE = Path("/drive")


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


class Progress:
    """The solved (and shown) challenge ids of one learner, kept in ``path``."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path).expanduser() if path is not None else default_path()
        self.solved: set[str] = set()
        self.shown: set[str] = set()
        self.problem = ""  # what went wrong reading or writing the file, in words; "" if nothing
        self.load()

    def load(self) -> None:
        """Read the file; a missing one is an empty record, a damaged one is set aside."""
        self.solved, self.shown = set(), set()
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError as exc:
            self.problem = f"could not read the progress file {self.path}: {exc}"
            return
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise DataFileError("not a JSON object")
            lists = {k: data.get(k, []) for k in ("solved", "shown")}
            for key, ids in lists.items():
                if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                    raise DataFileError(f"'{key}' is not a list of challenge ids")
        except ValueError as exc:  # json.JSONDecodeError is a ValueError
            self._set_aside(f"{exc}")
            return
        self.solved, self.shown = set(lists["solved"]), set(lists["shown"])

    def _set_aside(self, why: str) -> None:
        damaged = self.path.with_name(self.path.name + ".damaged")
        try:
            os.replace(self.path, damaged)
            kept = f"it was kept as {damaged.name}"
        except OSError as exc:
            kept = f"and could not be set aside ({exc})"
        self.problem = (f"The progress file {self.path} could not be read ({why}); {kept}. "
                        "Progress starts afresh.")

    def save(self) -> bool:
        """Write the record atomically; False (and ``problem`` set) when it cannot be written."""
        data = {"version": VERSION, "solved": sorted(self.solved), "shown": sorted(self.shown)}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    json.dump(data, out, indent=1)
                    out.write("\n")
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as exc:
            self.problem = f"could not save progress to {self.path}: {exc}"
            return False
        return True

    def is_solved(self, challenge_id: str) -> bool:
        return challenge_id in self.solved

    def mark_solved(self, challenge_id: str) -> bool:
        """Remember a solved challenge; True when it was new (and the file was written)."""
        if challenge_id in self.solved:
            return False
        self.solved.add(challenge_id)
        return self.save()

    def mark_shown(self, challenge_id: str) -> None:
        """Remember that a challenge's solution was shown (it does not count as solved)."""
        if challenge_id not in self.shown:
            self.shown.add(challenge_id)
            self.save()

    def by_section(self) -> dict[str, tuple[int, int]]:
        """``{section: (solved, total)}`` over every challenge, sections in order."""
        from . import challenges

        out: dict[str, list[int]] = {}
        for ch in challenges():
            counts = out.setdefault(ch.section, [0, 0])
            counts[0] += ch.id in self.solved
            counts[1] += 1
        return {section: (s, t) for section, (s, t) in out.items()}


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
    return ProgressTable(record.by_section(), record.problem)


__all__ = ["ENV_VAR", "Progress", "ProgressTable", "default_path", "progress_by_section", "progress_table"]
