"""The versioned JSON save format shared by every game, validated on load.

A save holds the starting position and the actions since, so loading *replays* the game
through the engine: a damaged or forged file cannot produce a position the rules forbid.

    {"format": "kabetopo-nb-save", "version": 1, "game": "kabetopo",
     "start": "<position text>", "actions": ["roll 4", "step e6", ...],
     "undone": ["..."], "position": "<position text after the actions>"}

``undone`` (optional) lists actions taken back with undo, next-to-redo first.
Every error names the JSON path of the bad field.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .verdict import IllegalActionError, InvalidPositionError, NotationError, SaveFormatError

FORMAT = "kabetopo-nb-save"
VERSION = 1


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


def load(data: Any, game_name: str, make_state: Callable[[str], Any]) -> Any:
    """Rebuild a state from parsed JSON (or JSON text); SaveFormatError on any problem."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise SaveFormatError("$", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise SaveFormatError("$", f"expected an object, got {type(data).__name__}")
    allowed = {"format", "version", "game", "start", "actions", "undone", "position"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise SaveFormatError("$", f"unknown field(s): {', '.join(extra)}")
    if data.get("format") != FORMAT:
        raise SaveFormatError("$.format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFormatError("$.version", f"expected a whole number, got {version!r}")
    if version != VERSION:
        raise SaveFormatError("$.version", f"version {version} is not supported (this release reads version {VERSION})")
    if data.get("game") != game_name:
        raise SaveFormatError("$.game", f"expected {game_name!r}, got {data.get('game')!r}")
    for key in ("start",):
        if not isinstance(data.get(key), str):
            raise SaveFormatError(f"$.{key}", f"expected position text, got {data.get(key)!r}")
    if "actions" not in data:
        raise SaveFormatError("$.actions", "missing: expected a list of action texts")
    for key in ("actions", "undone"):
        value = data.get(key, [])
        if not isinstance(value, list):
            raise SaveFormatError(f"$.{key}", f"expected a list of action texts, got {type(value).__name__}")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise SaveFormatError(f"$.{key}[{i}]", f"expected action text, got {item!r}")
    try:
        state = make_state(data["start"])
    except (NotationError, InvalidPositionError) as exc:
        raise SaveFormatError("$.start", str(exc)) from None
    for i, text in enumerate(data["actions"]):
        try:
            state.apply(text)
        except NotationError as exc:
            raise SaveFormatError(f"$.actions[{i}]", str(exc)) from None
        except IllegalActionError as exc:
            raise SaveFormatError(f"$.actions[{i}]", f"{text!r} is illegal when replayed: {exc.verdict}") from None
    undone = data.get("undone", [])
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
