"""The versioned JSON save format shared by every game, validated on load.

A save holds the starting position and the actions since, so loading *replays* the game
through the engine: a damaged or forged file cannot produce a position the rules forbid.

    {"format": "kabetopo-nb-save", "version": 1, "game": "kabetopo",
     "start": "<position text>", "actions": ["roll 4", "step e6", ...],
     "undone": ["..."], "position": "<position text after the actions>"}

``undone`` (optional) lists actions taken back with undo, next-to-redo first.
Every error names the JSON path of the bad field.  What is checked and the limits
(``MAX_SAVE_CHARS``, a state's ``max_history``) are written down in docs/SAVE-FORMAT.md.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .verdict import IllegalActionError, InvalidPositionError, NotationError, SaveFormatError

FORMAT = "kabetopo-nb-save"
VERSION = 1
MAX_SAVE_CHARS = 4_000_000  # 50,000 actions and as many undone ones take under 3 MB


def read_json(data: Any) -> dict:
    """Parsed JSON (or JSON text, at most MAX_SAVE_CHARS long) as a dict, or SaveFormatError."""
    if isinstance(data, (str, bytes)):
        if len(data) > MAX_SAVE_CHARS:
            raise SaveFormatError("$", f"{len(data):,} characters: a save holds at most {MAX_SAVE_CHARS:,}")
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise SaveFormatError("$", f"not JSON: {exc}") from None
        except RecursionError:
            raise SaveFormatError("$", "not a save: JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise SaveFormatError("$", f"expected an object, got {type(data).__name__}")
    return data


def check_version(data: dict, version: int) -> None:
    """``$.version`` must be exactly ``version``, a whole number (not true, not 1.0)."""
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool):
        raise SaveFormatError("$.version", f"expected a whole number, got {found!r}")
    if found != version:
        raise SaveFormatError("$.version", f"version {found} is not supported (this release reads version {version})")


def check_action_texts(value: Any, path: str, limit: int) -> list[str]:
    """``value`` (found at JSON ``path``) must be a list of at most ``limit`` action texts."""
    if not isinstance(value, list):
        raise SaveFormatError(path, f"expected a list of action texts, got {type(value).__name__}")
    if len(value) > limit:
        raise SaveFormatError(path, f"{len(value):,} actions: a game's history holds at most {limit:,}")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise SaveFormatError(f"{path}[{i}]", f"expected action text, got {item!r}")
    return value


def dump(state, game_name: str) -> dict[str, Any]:
    engine = state.engine
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game_name,
        "start": engine.format_position(state.initial_position),
        "actions": [str(a) for a in state.history],
        "position": engine.format_position(state.position),
    }
    if state.can_redo():
        data["undone"] = [str(a) for a in state.redo_actions]
    return data


def dumps(state, game_name: str) -> str:
    return json.dumps(dump(state, game_name), indent=1)


def load(data: Any, game_name: str, make_state: Callable[[str], Any], max_history: int) -> Any:
    """Rebuild a state from parsed JSON (or JSON text); SaveFormatError on any problem."""
    data = read_json(data)
    allowed = {"format", "version", "game", "start", "actions", "undone", "position"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise SaveFormatError("$", f"unknown field(s): {', '.join(extra)}")
    if data.get("format") != FORMAT:
        raise SaveFormatError("$.format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    check_version(data, VERSION)
    if data.get("game") != game_name:
        raise SaveFormatError("$.game", f"expected {game_name!r}, got {data.get('game')!r}")
    for key in ("start",):
        if not isinstance(data.get(key), str):
            raise SaveFormatError(f"$.{key}", f"expected position text, got {data.get(key)!r}")
    if "actions" not in data:
        raise SaveFormatError("$.actions", "missing: expected a list of action texts")
    actions = check_action_texts(data["actions"], "$.actions", max_history)
    undone = check_action_texts(data.get("undone", []), "$.undone", max_history - len(actions))
    try:
        state = make_state(data["start"])
    except (NotationError, InvalidPositionError) as exc:
        raise SaveFormatError("$.start", str(exc)) from None
    problems = state.problems()
    if problems:  # a position play cannot reach: the game would start from a forgery
        raise SaveFormatError("$.start", "not a position the rules allow: " + "; ".join(problems))
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except NotationError as exc:
            raise SaveFormatError(f"$.actions[{i}]", str(exc)) from None
        except IllegalActionError as exc:
            raise SaveFormatError(f"$.actions[{i}]", f"{text!r} is illegal when replayed: {exc.verdict}") from None
    if undone:
        probe = state.copy()
        for i, text in enumerate(undone):
            try:
                probe.apply(text)
            except (NotationError, IllegalActionError) as exc:
                raise SaveFormatError(f"$.undone[{i}]", f"cannot be redone: {exc}") from None
        state._future = [probe.engine.parse_action(t) for t in reversed(undone)]
    if "position" in data:
        if not isinstance(data["position"], str):
            raise SaveFormatError("$.position", f"expected position text, got {data['position']!r}")
        now = state.engine.format_position(state.position)
        if data["position"] != now:
            raise SaveFormatError("$.position", f"does not match the replayed actions (replay gives {now!r})")
    return state
