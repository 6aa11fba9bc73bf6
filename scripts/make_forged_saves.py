"""Write the forged-save corpus, ``tests/data/forged/``: damaged or forged save files, each
with the refusal it must get (``manifest.toml``).  ``tests/files/test_hostile_files.py`` loads
them one by one.

    python3 scripts/make_forged_saves.py

Every file is small; the big ones (a save over the size limit, a history over the length
limit, the 1.5 MB shut-in save of ``benchmarks/bench_saves.py``) are built by the tests
and the benchmark instead of being stored.
"""
from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kabetopo_nb.dakapo import DakapoState  # noqa: E402
from kabetopo_nb.kabetopo import KabetopoState  # noqa: E402
from kabetopo_nb.kabetopo.match import Match  # noqa: E402
from kabetopo_nb.kaomi import KaomiState  # noqa: E402

OUT = ROOT / "tests" / "data" / "forged"

# A real round's start (seed 1), edited below.
START = KabetopoState.new_round("kabetopo-4p", seed=1).to_text()
POOLS = "pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1"


def state_save(game: str, start: str, actions=(), **extra) -> dict:
    return {"format": "kabetopo-nb-save", "version": 1, "game": game, "start": start,
            "actions": list(actions), **extra}


def kabetopo(start: str, actions=(), **extra) -> dict:
    return state_save("kabetopo", start, actions, **extra)


def match_save(**changes) -> dict:
    data = Match("kabetopo-4p", ["Ada", "Bo", "Cy", "Di"], seed=7).save()
    data.update(changes)
    return data


# (file, loader, content (a dict is written as JSON, a str as it is), JSON path, words the
#  refusal must contain, why the file is forged)
CASES = [
    ("walls-999.json", "kabetopo", kabetopo(START.replace(POOLS, POOLS.replace("E:w3", "E:w999"))),
     "$.start", "K-INV-4", "999 walls in East's pool"),
    ("stones-99.json", "kabetopo", kabetopo(START + ";stones=99"),
     "$.start", "K-INV-4", "99 stones on the Mountain"),
    ("shut-in.json", "kabetopo",
     kabetopo("lines=Wc2n,Wc2e,Wb2e,Wc1n;runners=Ec2,Sf1,Wa1,Na6;" + POOLS.replace("E:w3", "E:w0") + ";turn=E",
              ["pass"] * 3),
     "$.start", "K-INV-1", "East's runner walled in on four sides, then passes"),
    ("corner-portals.json", "kabetopo", kabetopo("lines=Pa1n,Pf6w;runners=Ef6,Sf1,Wa1,Na6;turn=E"),
     "$.start", "K-INV-2", "portals on the lines of two corner squares"),
    ("setup-over.json", "kabetopo", kabetopo(START + ";phase=setup;setup=7"),
     "$.start", "Field Setup is over", "a setup phase with every setup piece placed"),
    ("setup-no-pieces.json", "kabetopo", kabetopo("phase=setup;setup=7"),
     "$.start", "setup pieces on the board", "a setup step with no setup piece on the board"),
    ("turns-arabic-digit.json", "kabetopo", kabetopo(START + ";turns=\u0663"),
     "$.start", "whole number", "an Arabic-Indic digit three as the turn count"),
    ("pool-4400-digits.json", "kabetopo", kabetopo(START.replace(POOLS, POOLS.replace("E:w3", "E:w" + "9" * 4400))),
     "$.start", "not a pool", "a 4,400-digit pool count"),
    ("lb-without-portal.json", "kabetopo", kabetopo(START.replace(";turn=E", ";turn=E;phase=extras;lb=c3n")),
     "$.start", "K-TURN-10", "a portal line teleported through that holds no portal"),
    ("flags-repeated.json", "kabetopo", kabetopo(START + ";phase=extras;flags=gmm"),
     "$.start", "given twice", "a flag given twice"),
    ("version-true.json", "kabetopo", {**kabetopo(START), "version": True},
     "$.version", "whole number", "version true (equal to 1 in Python)"),
    ("version-float.json", "kabetopo", {**kabetopo(START), "version": 1.0},
     "$.version", "whole number", "version 1.0"),
    ("deep-nesting.json", "kabetopo", "[" * 200_000,
     "$", "nested too deeply", "200 KB of '[' (the JSON parser would recurse until it fails)"),
    ("illegal-action.json", "kabetopo", kabetopo(START, ["step e6", "end", "step a2"]),
     "$.actions[2]", "illegal when replayed", "South stepping to a square it cannot reach"),
    ("action-not-text.json", "kabetopo", kabetopo(START, ["step e6", ["end"]]),
     "$.actions[1]", "expected action text", "an action that is a list"),
    ("position-mismatch.json", "kabetopo", kabetopo(START, ["step e6"], position=START),
     "$.position", "does not match", "a final position the actions do not lead to"),
    ("undone-illegal.json", "kabetopo", kabetopo(START, ["step e6"], undone=["step a2"]),
     "$.undone[0]", "cannot be redone", "an undone action that could not be redone"),
    ("match-version-true.json", "match", match_save(version=True),
     "$.version", "whole number", "a match save with version true"),
    ("match-version-float.json", "match", match_save(version=1.0),
     "$.version", "whole number", "a match save with version 1.0"),
    ("match-negative-seed.json", "match", match_save(seed=-7),
     "$.seed", "0..2**64-1", "a negated seed: random.Random(-7) deals the same dice as Random(7)"),
    ("match-wrong-roll.json", "match", match_save(history=[["roll 1"]]),
     "$.history[0][0]", "K-SETUP-3", "a setup roll the match's seeded d12 does not give"),
    ("match-deep-nesting.json", "match", '{"history": ' + "[" * 20_000,
     "$", "nested too deeply", "20 KB of '[' in a match save"),
    ("dakapo-superscript-digit.json", "dakapo",
     state_save("dakapo", "rules=dakapo;board=8/8/8/\u00b3GY3/3RB3/8/8/8;turn=1"),
     "$.start", "", "a superscript three as a run of empty squares"),
    ("dakapo-touching-colours.json", "dakapo",
     state_save("dakapo", "rules=dakapo;board=8/8/8/3GG3/3RB3/8/8/8;turn=1"),
     "$.start", "D-PLACE-2", "two green stones side by side at the start"),
    ("dakapo-deep-nesting.json", "dakapo", "[" * 20_000,
     "$", "nested too deeply", "20 KB of '[' in a Dakapo save"),
    ("kaomi-arabic-size.json", "kaomi", state_save("kaomi", "kaomi \u0667 7/7/7/7/7/7/7 B"),
     "$.start", "", "an Arabic-Indic digit seven as the board size"),
    ("kaomi-komi-underscore.json", "kaomi", state_save("kaomi", "kaomi-squared 7 komi=4_0 7/7/7/7/7/7/7 B"),
     "$.start", "komi", "komi written 4_0 (Python's int() reads it as 40)"),
    ("kaomi-deep-nesting.json", "kaomi", "[" * 20_000,
     "$", "nested too deeply", "20 KB of '[' in a Kaomi save"),
]

LOADERS = {"kabetopo": KabetopoState.load, "dakapo": DakapoState.load, "kaomi": KaomiState.load,
           "match": Match.load}


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string here


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    lines = ["# The forged-save corpus: written by scripts/make_forged_saves.py, loaded by",
             "# tests/files/test_hostile_files.py.  Each file must be refused with SaveFormatError at",
             "# `path`, with `words` in the message.", ""]
    for name, loader, content, path, words, why in CASES:
        text = content if isinstance(content, str) else json.dumps(content, indent=1, ensure_ascii=False)
        (OUT / name).write_text(text, encoding="utf-8")
        lines += ["[[save]]", f"file = {toml_string(name)}", f"loader = {toml_string(loader)}",
                  f"path = {toml_string(path)}", f"words = {toml_string(words)}", f"why = {toml_string(why)}", ""]
    (OUT / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    print(f"{len(CASES)} forged saves in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
