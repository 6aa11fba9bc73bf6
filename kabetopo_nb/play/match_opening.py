"""Opening a match board: a new match, or the one its autosave file holds (resumed at once,
offered, or kept aside), and what a damaged or replaced file becomes (see ``match_board``).
A path that is not a file's, or a file another board is using, is never moved: the board
says why its match is not autosaved (``Autosave.problem``) and plays on.
"""
from __future__ import annotations

from ..core.verdict import SaveFormatError, SettingError
from ..kabetopo.match import Match
from ..kabetopo.notation import format_rules
from ..kabetopo.rules import Rules
from .autosave import Autosave
from .match_controller import MatchController, describe_progress


def _setup(m: Match) -> tuple:
    """What a match was set up with: a save is the same match only if all of it is the same."""
    return format_rules(m.rules), m.players, m.rounds, m.seed, m.teaching


def _same_setup(a: Match, b: Match) -> bool:
    return _setup(a) == _setup(b)


def _teaching_text(m: Match) -> str:
    return f", teaching {m.teaching.name}" if m.teaching else ", no teaching variant"


def open_match(rules: Rules | str = "kabetopo-4p", players: list[str] | None = None, *, seed: int = 0,
               rounds: int | None = None, bots: dict | None = None, autosave=None, resume: bool | str = True,
               coordinates: bool = True, teaching: str | None = None) -> MatchController:
    """A match controller for a new match, or for the one saved in ``autosave`` (see ``match_board``);
    ``teaching``: a teaching variant of ``kabetopo_nb.kabetopo.match.TEACHING``, chosen now for the
    whole match (e.g. ``"first-round-without-drops"``, KNB-15), or None."""
    if resume not in (True, False, "ask"):
        raise SettingError(f"resume must be True, False or 'ask', not {resume!r}")
    fresh = Match(rules, players, rounds=rounds, seed=seed, auto_next=False, teaching=teaching)
    if autosave is None:
        return MatchController(fresh, bots=bots, coordinates=coordinates)
    store = Autosave(autosave)  # SettingError for what is no path at all; an unusable path: store.refused
    controller = MatchController(fresh, bots=bots, autosave=store, coordinates=coordinates)
    try:
        _open_saved(controller, store, fresh, resume)
    finally:
        controller.autosave_news()
    return controller


def _open_saved(controller: MatchController, store: Autosave, fresh: Match, resume: bool | str) -> None:
    if not store.exists():
        return
    if not store.path.exists():  # a journal without its save: nothing to replay it on
        kept = _set_aside(controller, store, "orphaned", f"{store.journal.name} was found without {store.path.name}")
        if kept is not None:
            controller.say(f"{store.journal.name} was found without {store.path.name}: it is kept as {kept.name}; "
                           "a new match has started.")
        return
    try:
        saved = store.read()
    except (SaveFormatError, OSError, UnicodeDecodeError, ValueError) as exc:
        reason = str(exc) if isinstance(exc, SaveFormatError) else f"{type(exc).__name__}: {exc}"
        kept = _set_aside(controller, store, "damaged", f"The autosave {store.name} cannot be resumed ({reason})")
        if kept is not None:
            journal = " (with its journal)" if kept.with_name(kept.name + ".journal").exists() else ""
            controller.warn(f"The autosave {store.name} was refused: {reason}. It is kept as {kept.name}{journal}; "
                            "a new match has started.")
        return
    for note in store.notes:
        controller.say(note)
    if resume is True and _same_setup(saved, fresh):
        controller.resume(saved)
        return
    if resume is False:
        kept = _set_aside(controller, store, "replaced", f"The earlier autosave {store.name} is kept")
        if kept is not None:
            controller.say(f"A new match has started; the earlier autosave is kept as {kept.name}.")
        return
    teaching = _teaching_text(saved) if saved.teaching != fresh.teaching else ""
    differs = "" if _same_setup(saved, fresh) else (
        f" It was set up differently ({format_rules(saved.rules)}, {', '.join(saved.players)}, seed {saved.seed}"
        f"{teaching}).")
    controller.offer(saved, f"{store.name} holds a saved match: {describe_progress(saved)}.{differs}")


def _set_aside(controller: MatchController, store: Autosave, why: str, what: str):
    """Move the autosave aside (``.damaged-<n>``, ``.replaced-<n>``) and return its new path;
    if it cannot be moved (another board is using it, the folder is read-only ...), it is left
    untouched, this match is not autosaved, and the board says so for as long as it lives (None)."""
    try:
        return store.set_aside(why)
    except OSError as exc:
        store.stop(f"{what}, but it could not be moved aside ({exc.strerror or exc}): it is left untouched and this "
                   "match is NOT autosaved.")
        controller.autosave_news()
        return None
