"""Shared fixtures of the room's tests: a room on a temporary SQLite file (the clients' helpers
are in ``room_helpers``)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from kabetopo_nb.room import Room


@pytest.fixture
def path(tmp_path):
    return tmp_path / "workshop.room"


@pytest.fixture
def room(path) -> Iterator[Room]:
    room = Room.open(path)
    yield room
    room.close()
