"""One family of errors: every error kabetopo-nb raises on purpose is a ``KabetopoNbError``,
exported from ``kabetopo_nb``, and also the built-in it refines (so ``except ValueError``
written before the family still catches it).  No module raises a bare ``ValueError`` or
``TypeError`` but those ``BARE_RAISES`` lists, each with its reason."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kabetopo_nb
from kabetopo_nb import (
    BotFailure,
    ChallengeError,
    DataFileError,
    GuidedGameError,
    HistoryError,
    IllegalActionError,
    InvalidPositionError,
    KabetopoNbError,
    NotationError,
    RulesOptionError,
    SaveFormatError,
    ScenarioError,
    ScoringError,
    SettingError,
    StudyFileError,
)

FAMILY = [BotFailure, ChallengeError, DataFileError, GuidedGameError, HistoryError, IllegalActionError, InvalidPositionError,
          NotationError, RulesOptionError, SaveFormatError, ScenarioError, ScoringError, SettingError, StudyFileError]


def test_every_error_is_of_the_family_and_exported():
    for cls in FAMILY:
        assert issubclass(cls, KabetopoNbError), cls
        assert cls.__name__ in kabetopo_nb.__all__
    for cls in FAMILY:
        if cls is not BotFailure:
            assert issubclass(cls, ValueError), cls
    assert issubclass(RulesOptionError, TypeError) and issubclass(SettingError, TypeError)


def test_rules_options_players_and_match_length_raise_rules_option_errors():
    from kabetopo_nb.kabetopo import Rules
    from kabetopo_nb.kabetopo.match import Match

    with pytest.raises(RulesOptionError, match="unknown ruleset"):
        Rules.named("kabetopo-9p")
    with pytest.raises(RulesOptionError, match="later_round_pools"):
        Rules.named("kabetopo-4p", later_round_pools=True)  # K-SET-3: a kabetopo-2p option
    with pytest.raises(RulesOptionError, match="True or False"):
        Rules.named("kabetopo-4p", king_of_the_mountain="yes")
    with pytest.raises(RulesOptionError, match="rounds"):
        Match("kabetopo-2p", ["A", "B"], rounds=2)  # K-MATCH-2
    with pytest.raises(TypeError):  # still what it was before the family
        Rules.named("kabetopo-4p", king_of_the_mountain="yes")


def test_scoring_a_round_that_is_not_over_is_a_scoring_error():
    from kabetopo_nb.kabetopo import KabetopoState
    from kabetopo_nb.kabetopo.scoring import score_round

    with pytest.raises(ScoringError, match="not over"):
        score_round(KabetopoState.new_round(seed=1).position)


def test_a_bot_a_study_or_a_board_set_up_wrongly_is_a_setting_error():
    from kabetopo_nb.bots import make_bot
    from kabetopo_nb.lab import Study

    with pytest.raises(SettingError, match="unknown bot"):
        make_bot("chess-engine")
    with pytest.raises(SettingError, match="seconds"):
        make_bot("mcts-6000s")
    with pytest.raises(SettingError, match="rounds"):
        Study("kabetopo-4p", rounds=0)
    with pytest.raises(SettingError, match="bot_pause"):
        kabetopo_nb.MatchBoard("kabetopo-4p", ["A", "B", "C", "D"], bot_pause=-1)
    with pytest.raises(SettingError, match="theme"):
        kabetopo_nb.KabetopoBoard(theme="sepia")


# --- the parsers and loaders: bad input raises the family's class for it ------------------------


def test_kabetopo_square_side_line_and_roll_names_are_notation_errors():
    from kabetopo_nb.kabetopo.actions import Action
    from kabetopo_nb.kabetopo.geometry import (
        line_of_side,
        other_side,
        parse_line,
        parse_side,
        parse_square,
        side,
    )
    from kabetopo_nb.kabetopo.setup import field_line

    with pytest.raises(NotationError, match="not a square: 'g7'"):
        parse_square("g7")
    with pytest.raises(NotationError, match="not a side: 'c4x'"):
        parse_side("c4x")
    with pytest.raises(NotationError, match="boundary, which is not a line"):
        parse_side("c6n")  # the rim is not a line (K-GEO-3)
    with pytest.raises(NotationError, match="boundary"):
        parse_line("a1w")
    rim = side(parse_square("f1"), 1)  # f1's east side: the rim
    with pytest.raises(NotationError, match="boundary, which is not a line"):
        line_of_side(rim)
    with pytest.raises(NotationError, match="is on the boundary"):
        other_side(rim)
    with pytest.raises(NotationError, match="not a d12 roll: '13'"):
        Action.parse("roll 13")
    with pytest.raises(NotationError, match="a d12 shows 1..12, not 13"):
        field_line(parse_square("c3"), 13)
    with pytest.raises(ValueError):  # still what it was before the family
        parse_square("g7")


def test_dakapo_and_kaomi_squares_and_colours_are_notation_errors():
    from kabetopo_nb.dakapo.geometry import parse_square as dakapo_square
    from kabetopo_nb.kaomi.position import Position as KaomiPosition

    with pytest.raises(NotationError, match="is not on a 8x8 board"):
        dakapo_square("j9", 8)
    with pytest.raises(NotationError, match="not a colour: 'X'"):
        KaomiPosition.from_stones(turn="X")


def test_a_kaomi_position_built_from_parts_that_do_not_fit_is_an_invalid_position():
    from kabetopo_nb.kaomi.position import Position as KaomiPosition
    from kabetopo_nb.kaomi.rules import KaomiRules

    with pytest.raises(InvalidPositionError) as caught:
        KaomiPosition(KaomiRules(), [0] * 5)
    assert str(caught.value) == "a 7x7 board has 49 squares, not 5"  # the message is as it was
    assert caught.value.reasons == ["a 7x7 board has 49 squares, not 5"]
    with pytest.raises(InvalidPositionError, match="turn must be BLACK or WHITE, not 3"):
        KaomiPosition(turn=3)
    with pytest.raises(InvalidPositionError, match="^two stones on d4$"):
        KaomiPosition.from_stones(black=["d4"], white=["d4"])


def test_states_given_the_wrong_position_or_rules_raise_setting_or_rules_option_errors():
    from kabetopo_nb.dakapo import DakapoState
    from kabetopo_nb.kabetopo import KabetopoState
    from kabetopo_nb.kaomi import KaomiState

    for state_class in (KabetopoState, DakapoState, KaomiState):
        with pytest.raises(SettingError, match="position must be a"):
            state_class(3)
        with pytest.raises(TypeError):  # still what it was before the family
            state_class(3)
    with pytest.raises(RulesOptionError, match="rules must be a Rules or a ruleset name"):
        KabetopoState(rules=4)
    with pytest.raises(RulesOptionError, match="give either rules or size/tabletop"):
        DakapoState(rules="dakapo 8", size=8)
    with pytest.raises(RulesOptionError, match="rules must be DakapoRules"):
        DakapoState(rules=8)
    with pytest.raises(RulesOptionError, match="apply only to a new game"):
        DakapoState(DakapoState().position, size=8)


def test_a_seat_not_in_play_is_a_rules_option_error():
    from kabetopo_nb.kabetopo import KabetopoState
    from kabetopo_nb.kabetopo.rules import NORTH

    position = KabetopoState(rules="kabetopo-2p").position
    assert position.runners[NORTH] is None
    with pytest.raises(RulesOptionError, match="has no runner on the board"):
        position.square_of(NORTH)


def test_a_match_given_positions_it_cannot_hold_is_a_rules_option_error():
    from kabetopo_nb.kabetopo import KabetopoState
    from kabetopo_nb.kabetopo.match import Match

    over = KabetopoState.new_round(seed=1).position
    with pytest.raises(RulesOptionError, match="5 positions for a 4-round match"):
        Match.from_positions("kabetopo-4p", ["A", "B", "C", "D"], [over] * 5)
    with pytest.raises(RulesOptionError, match="every position must be played under"):
        Match.from_positions("kabetopo-3p", ["A", "B", "C"], [over])


def test_explaining_or_drawing_with_a_value_they_do_not_take():
    from kabetopo_nb.kabetopo import KabetopoState
    from kabetopo_nb.kaomi import KaomiState
    from kabetopo_nb.kaomi.explain import explain_placement
    from kabetopo_nb.render import kaomi_svg
    from kabetopo_nb.render.kabetopo_svg import label_segment

    with pytest.raises(SettingError, match="a target is a square or line name"):
        KabetopoState.new_round(seed=1).options_at(14)
    kaomi = KaomiState()
    kaomi.apply("d4")
    with pytest.raises(SettingError, match="^d4 is occupied$"):
        explain_placement(kaomi.position, "d4")
    with pytest.raises(SettingError, match="arrow kind must be one of"):
        kaomi_svg.board_svg(kaomi.position, arrows=[("a1", "a2", "zigzag")])
    with pytest.raises(SettingError, match="show\\(\\) draws a KaomiState"):
        kaomi_svg.show(42)
    with pytest.raises(NotationError, match="is not a line"):
        label_segment(999)
    with pytest.raises(NotationError, match="a label goes on a line or a rim edge"):
        label_segment("c4")


def test_field_labels_of_a_field_off_the_board_is_a_notation_error():
    from kabetopo_nb.teach import field_labels

    with pytest.raises(NotationError, match="lower-left square is a1..e5, not 'f6'"):
        field_labels("f6")


def test_the_rule_reference_refuses_an_unknown_game_and_a_damaged_data_file(monkeypatch):
    from kabetopo_nb import reference

    with pytest.raises(SettingError, match="unknown game 'chess'"):
        reference.rulings("chess")

    class Files:  # stands in for importlib.resources: a damaged rulings.toml
        def __init__(self, text):
            self.text = text

        def files(self, name):
            return self

        def joinpath(self, name):
            return self

        def read_text(self, encoding):
            return self.text

    entry = 'id = "K-X-1"\ngame = "{game}"\ntopic = "t"\ntitle = "t"\ntext = "t"\nsource = "s"\n'
    damaged = {
        "missing": '[[ruling]]\nid = "K-X-1"\n',
        "has game 'chess'": "[[ruling]]\n" + entry.format(game="chess"),
        "has two entries": ("[[ruling]]\n" + entry.format(game="kabetopo")) * 2,
    }
    try:
        for words, text in damaged.items():
            monkeypatch.setattr(reference, "resources", Files(text))
            reference._entries.cache_clear()
            with pytest.raises(DataFileError, match=words):
                reference._entries()
    finally:
        monkeypatch.undo()
        reference._entries.cache_clear()
    assert reference.rulings("kabetopo")  # the real file reads again


def test_a_damaged_golden_perft_file_is_a_data_file_error():
    from kabetopo_nb.kabetopo.golden import read_perft

    with pytest.raises(DataFileError, match="unknown perft line 'depth 3'"):
        read_perft("id one\ndepth 3\n")


def test_a_challenge_check_that_is_not_one_is_a_challenge_error():
    from kabetopo_nb.challenges.checkers import checker, new_state

    with pytest.raises(ChallengeError, match="unknown check kind 'guess'"):
        checker({"kind": "guess"}, "kabetopo")
    with pytest.raises(ChallengeError, match="is for Kabetopo only"):
        checker({"kind": "reach", "target": "d5"}, "dakapo")
    with pytest.raises(ChallengeError, match="needs"):
        checker({"kind": "reach"}, "kabetopo")
    with pytest.raises(ChallengeError, match="unknown scoring line 'bonus'"):
        checker({"kind": "score", "line": "bonus"}, "kabetopo")
    with pytest.raises(ChallengeError, match="unknown game 'chess'"):
        new_state("chess", "")


def test_a_damaged_progress_file_is_set_aside(tmp_path):
    from kabetopo_nb.challenges.progress import Progress

    path = tmp_path / "progress.json"
    path.write_text('{"solved": "K-1"}', encoding="utf-8")
    progress = Progress(path)
    assert progress.solved == set() and "'solved' is not a list of challenge ids" in progress.problem


# --- no bare ValueError or TypeError in the package ---------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "kabetopo_nb"
BARE = {"ValueError", "TypeError"}
ABSTRACT = "a base class's default that a subclass must replace: reaching it is a bug in the subclass " \
           "(Python's own protocol, as NotImplementedError would be), not bad input"
UNREACHABLE = "an internal invariant (only the engine's own outcomes get here; kept for the type checker)"
# (file, enclosing function) -> why a bare ValueError or TypeError is raised there
BARE_RAISES: dict[tuple[str, str], str] = {
    ("bots/base.py", "Bot.choose"): ABSTRACT,
    ("challenges/checkers.py", "Checker.after"): ABSTRACT,
    ("challenges/checkers.py", "Checker.judge"): ABSTRACT,
    ("challenges/checkers.py", "Checker.solve"): ABSTRACT,
    ("core/ledger.py", "Ledger.index"): "list.index's protocol: ValueError for what is not listed",
    ("dakapo/engine.py", "play"): UNREACHABLE,
    ("dakapo/explain.py", "describe"): UNREACHABLE,
    ("teach.py", "play"): UNREACHABLE + ": GameState.copy keeps the type",
    ("room/dashboard.py", "page_html"): "the hosts' own call (a base URL ends in '/'): a bug of a host, not input",
    ("room/seat_board.py", "room_board_esm"): "the package's own front-end files, checked when the module loads: "
                                              "a broken build, not input",
}


def bare_raises(source: str) -> list[tuple[str, str, int]]:
    """(enclosing function, raised name, line) of each ``raise ValueError``/``raise TypeError``."""
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, scope: tuple[str, ...]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, scope + (child.name,))
                continue
            if isinstance(child, ast.Raise) and child.exc is not None:
                exc = child.exc.func if isinstance(child.exc, ast.Call) else child.exc
                name = exc.id if isinstance(exc, ast.Name) else exc.attr if isinstance(exc, ast.Attribute) else ""
                if name in BARE:
                    found.append((".".join(scope), name, child.lineno))
            visit(child, scope)

    visit(ast.parse(source), ())
    return found


def test_the_scan_finds_bare_raises():
    source = ("def f(x):\n    if x:\n        raise ValueError(x)\n    raise builtins.TypeError\n"
              "class C:\n    def g(self):\n        raise NotationError('x')\n")
    assert bare_raises(source) == [("f", "ValueError", 3), ("f", "TypeError", 4)]


def test_no_module_raises_a_bare_value_or_type_error():
    seen: set[tuple[str, str]] = set()
    unexplained = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        for where, exc, line in bare_raises(path.read_text(encoding="utf-8")):
            if (name, where) in BARE_RAISES:
                seen.add((name, where))
            else:
                unexplained.append(f"{name}:{line} raise {exc} in {where or 'the module'}")
    assert not unexplained, ("raise the family's error for it (kabetopo_nb/core/verdict.py), or list it in "
                             "BARE_RAISES with the reason:\n" + "\n".join(unexplained))
    assert set(BARE_RAISES) <= seen, f"listed but gone (drop them): {sorted(set(BARE_RAISES) - seen)}"
