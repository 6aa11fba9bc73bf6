"""One family of errors: every error kabetopo-nb raises on purpose is a ``KabetopoNbError``,
exported from ``kabetopo_nb``, and also the built-in it refines (so ``except ValueError``
written before the family still catches it)."""
from __future__ import annotations

import pytest

import kabetopo_nb
from kabetopo_nb import (
    BotFailure,
    ChallengeError,
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

FAMILY = [BotFailure, ChallengeError, GuidedGameError, HistoryError, IllegalActionError, InvalidPositionError,
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
