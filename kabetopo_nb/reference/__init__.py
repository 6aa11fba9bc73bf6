"""The rule reference: every ruling ID the engines quote, explained in the project's words.

The engines name a ruling ID in every verdict ("illegal (K-MOVE-1): ...").  This module
says what each ID means: a title, a few sentences on what the ruling decides and why it
matters in play, and the rulebook section it reads.  The entries live in
``rulings.toml`` next to this file (package data), one per ID defined on the shared
rulings page (``RULINGS.md``: K-*, D-1..4, M-*) or on ``docs/RULINGS.md`` (KNB-*,
D-PLACE-*, D-END-*, D-CLAIM-1, D-SIZE-1, KM-*).

    >>> from kabetopo_nb.reference import ruling, rulings
    >>> ruling("K-MTN-3").title
    'Bumping a runner off the top'
    >>> [r.id for r in rulings("dakapo")][:2]
    ['D-1', 'D-2']

``ruling_card(id)`` gives the ``{"title", "text", "source"}`` the board shows when a
ruling ID is clicked; ``cards()`` gives every card at once, keyed by ID.
"""
from __future__ import annotations

import difflib
import html
import re
import textwrap
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import groupby

from ..core.verdict import DataFileError, SettingError
from ..games import GAMES as _REGISTRY

__all__ = ["Ruling", "ruling", "rulings", "ruling_card", "cards", "topics", "reference_html", "GAMES"]

GAMES = tuple(_REGISTRY)  # the registry of games (kabetopo_nb/games.py)
FIELDS = ("id", "game", "topic", "title", "text", "source")
# "K-INV-1", "KNB-11", "D-PLACE-3", "M-5"; a clause letter may follow ("K-INV-1 c", "K-INV-1 (c)")
_ID = re.compile(r"\s*([A-Za-z]+(?:-[A-Za-z]+)?-\d+)(?:\s+[a-z]|\s*\([a-z]\))?\s*")


@dataclass(frozen=True)
class Ruling:
    """One entry of the rule reference."""

    id: str
    title: str
    text: str
    source: str
    game: str
    topic: str

    def card(self) -> dict[str, str]:
        """What the board shows when this ruling's ID is clicked."""
        return {"title": self.title, "text": self.text, "source": self.source}

    def __str__(self) -> str:
        body = textwrap.fill(self.text, 88)
        return f"{self.id} · {self.title}\n{body}\nSource: {self.source}"

    def _repr_html_(self) -> str:
        e = html.escape
        return (f'<div class="kb-ruling-entry" id="ruling-{e(self.id)}">'
                f"<p><b><code>{e(self.id)}</code> · {e(self.title)}</b></p>"
                f"<p>{e(self.text)}</p>"
                f"<p><small><i>Source:</i> {e(self.source)}</small></p></div>")


def _clean(text: str) -> str:
    return " ".join(text.split())


@cache
def _entries() -> dict[str, Ruling]:
    """Every entry, in the order of the data file, keyed by ID (read once)."""
    raw = resources.files(__name__).joinpath("rulings.toml").read_text(encoding="utf-8")
    table = tomllib.loads(raw)
    out: dict[str, Ruling] = {}
    for i, item in enumerate(table.get("ruling", [])):
        missing = [f for f in FIELDS if not isinstance(item.get(f), str) or not item[f].strip()]
        extra = sorted(set(item) - set(FIELDS))
        if missing or extra:
            raise DataFileError(f"rulings.toml entry {i + 1} ({item.get('id')!r}): "
                             f"missing {missing or 'nothing'}, unknown fields {extra or 'none'}")
        entry = Ruling(**{f: _clean(item[f]) for f in FIELDS})
        if entry.game not in GAMES:
            raise DataFileError(f"rulings.toml: {entry.id} has game {entry.game!r}; expected one of {GAMES}")
        if entry.id in out:
            raise DataFileError(f"rulings.toml: {entry.id} has two entries")
        out[entry.id] = entry
    return out


def _normalise(ruling_id: str) -> str:
    m = _ID.fullmatch(ruling_id) if isinstance(ruling_id, str) else None
    return m.group(1).upper() if m else str(ruling_id)


def ruling(ruling_id: str) -> Ruling:
    """The entry for ``ruling_id`` ("K-INV-1"; case and a trailing clause letter are ignored).

    An ID with no entry raises ``KeyError`` naming the closest IDs that exist.
    """
    entries = _entries()
    key = _normalise(ruling_id)
    if key in entries:
        return entries[key]
    close = difflib.get_close_matches(key, list(entries), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise KeyError(f"no ruling {ruling_id!r} in the rule reference{hint} "
                   f"(rulings() lists all {len(entries)} entries)")


def rulings(game: str | None = None) -> list[Ruling]:
    """Every entry (or one game's), grouped by game and topic, in a fixed order."""
    if game is not None and game not in GAMES:
        raise SettingError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    return [r for r in _entries().values() if game is None or r.game == game]


def topics(game: str) -> list[str]:
    """The topics of one game's entries, in reference order."""
    return list(dict.fromkeys(r.topic for r in rulings(game)))


def ruling_card(ruling_id: str) -> dict[str, str]:
    """``{"title", "text", "source"}`` of a ruling, for the board's ruling pop-up."""
    return ruling(ruling_id).card()


def cards(game: str | None = None) -> dict[str, dict[str, str]]:
    """Every card (or one game's), keyed by ruling ID: what the board sends to its front end once."""
    return {r.id: r.card() for r in rulings(game)}


def reference_html(game: str | None = None) -> str:
    """The reference as HTML, one section per game and topic (used by notebook 19)."""
    parts = []
    for g, of_game in groupby(rulings(game), key=lambda r: r.game):
        if game is None:
            parts.append(f"<h2>{html.escape(g.capitalize())}</h2>")
        for topic, entries in groupby(of_game, key=lambda r: r.topic):
            parts.append(f"<h3>{html.escape(topic)}</h3>")
            parts.extend(r._repr_html_() for r in entries)
    return "\n".join(parts)
