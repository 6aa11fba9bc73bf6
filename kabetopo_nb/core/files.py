"""Small helpers for the files that hold users' work (challenge progress, match autosaves)."""
from __future__ import annotations

import os
from pathlib import Path


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the system allows it (not everywhere does:
    a folder cannot be opened or synced on some systems, and JupyterLite has no disk)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
