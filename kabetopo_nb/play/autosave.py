"""The match board's autosave file: nothing a room played is lost to a kernel restart.

After every action the board writes the match in the versioned match save format
(``Match.save_json()``, see docs/SAVE-FORMAT.md) to one file, atomically: the text goes to
a temporary file in the same folder, is flushed to disk, and ``os.replace`` puts it in
place, so a crash leaves either the old save or the new one, never half of one.

Reading it back is ``Match.load``, which replays and checks every action: a damaged or
tampered file is refused with the loader's reason.  Such a file is never overwritten: it
is renamed ``<name>.damaged-<n>`` (and a save the teacher chose not to resume
``<name>.replaced-<n>``), the first free ``n``, so it can still be looked at or mended.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..core.savefile import MAX_SAVE_CHARS
from ..kabetopo.match import Match


class Autosave:
    """One autosave file of a match board."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.last_written: str | None = None  # skip rewriting an unchanged match

    @property
    def name(self) -> str:
        return self.path.name

    def exists(self) -> bool:
        return self.path.exists()

    def read(self) -> Match:
        """The saved match, waiting between rounds if its last round is over.

        Raises ``SaveFormatError`` (damaged, tampered, not a match save), ``OSError``
        (unreadable) or ``UnicodeDecodeError`` (not text).
        """
        with open(self.path, encoding="utf-8") as f:
            text = f.read(MAX_SAVE_CHARS + 1)  # a longer file is refused by the loader
        match = Match.load(text, auto_next=False)
        self.last_written = text if text == match.save_json() else None
        return match

    def write(self, match: Match) -> bool:
        """Write the match atomically; False when it is unchanged since the last write."""
        text = match.save_json()
        if text == self.last_written:
            return False
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        finally:
            if tmp.exists():
                tmp.unlink()
        self.last_written = text
        return True

    def set_aside(self, why: str) -> Path:
        """Rename the file to ``<name>.<why>-<n>`` (the first free n) and return the new path."""
        n = 1
        while True:
            target = self.path.with_name(f"{self.path.name}.{why}-{n}")
            if not target.exists():
                break
            n += 1
        os.rename(self.path, target)  # not os.replace: never overwrite an earlier one
        self.last_written = None
        return target
