"""The front end's files (the top-level ``widgets/`` folder, installed as the package data of
``kabetopo_nb.frontend``), read in one place for the notebook board (``widget.py``), a room
seat's board (``room/seat_board.py``), the room's dashboard (``room/dashboard.py``) and the
room's pages (``room/web.py``)."""
from __future__ import annotations

from importlib.resources import files


def front_end_bytes(name: str) -> bytes:
    """One front-end file's bytes (``name`` as in ``widgets/``, e.g. ``"board.js"``)."""
    return (files("kabetopo_nb.frontend") / name).read_bytes()


def front_end(name: str) -> str:
    """One front-end file's text."""
    return front_end_bytes(name).decode("utf-8")


__all__ = ["front_end", "front_end_bytes"]
