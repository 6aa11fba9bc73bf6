"""KNB-15: a round without drops (the rules option ``no_drops``, the teaching round).

Each test has both sides: the same position under the ruleset as it is, where the drop,
lock or unlock is allowed, and with ``+no-drops``, where the engine refuses it citing
KNB-15 in its legal actions and in its explanation (``explain``, "why not here?"), and
``apply`` changes nothing.  What the option leaves alone (moves, teleports, the speed
token, the setup) is checked too, and that it round-trips through the position text.
"""
from __future__ import annotations

import pytest

from kabetopo_nb.core.verdict import NotationError
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.notation import format_position, format_rules, parse_position, parse_rules
from kabetopo_nb.kabetopo.race import stranded
from kabetopo_nb.kabetopo.rules import OPTION_RULINGS

from helpers import assert_illegal, assert_legal, state

DROP_KINDS = ("wall", "monolith", "portal", "lock", "unlock")
# East boxed in on its corner f6: South on f5 and West on e6 cannot be leapfrogged (North
# stands beyond South, and walls close the far side of both lines); no portal touches f6
BOXED = "lines=Wf3n,Wd6e;runners=Ef6,Sf5,We6,Nf4;turn=E"
# East beside the portal on e3n; the portal on b2e is locked on its b2 side
PORTALS = "lines=P*e3n,P*b2e;locks=b2e;runners=Ee4,Sf1,Wa1,Na6;turn=E"


def with_option(text: str) -> str:
    return f"rules=kabetopo-4p+no-drops;{text}"


def drops(s: KabetopoState) -> list[str]:
    return [a for a in s.legal_actions.names() if a.split()[0] in DROP_KINDS]


def test_KNB_15_is_a_named_option_of_every_ruleset():
    assert OPTION_RULINGS["no_drops"] == "KNB-15"
    for name in ("kabetopo-4p", "kabetopo-3p", "kabetopo-2p", "kabetopo-2p-interim", "kabetopo-mp-v3"):
        rules = Rules.named(name, no_drops=True)
        assert rules.no_drops and rules.options["no_drops"] and not Rules.named(name).no_drops
    assert Rules.named("kabetopo-4p").with_options(no_drops=True) == Rules.named("kabetopo-4p", no_drops=True)


def test_KNB_15_a_drop_is_allowed_without_the_option_and_refused_with_it():
    s = state(f"rules=kabetopo-4p;{BOXED}")
    assert_legal(s, "wall a2n", "K-TURN-1")
    assert_legal(s, "monolith a2n")
    assert_legal(s, "portal c2n")
    s = state(with_option(BOXED))
    for action in ("wall a2n", "monolith a2n", "portal c2n"):
        assert_illegal(s, action, "KNB-15", "played without drops")
    assert drops(s) == []


def test_KNB_15_where_it_matters_a_runner_with_no_move_passes_instead_of_dropping():
    # East cannot move: under the rules as they are it must drop something (K-TURN-5: a
    # player with a legal action may not pass); in a round without drops it passes (KNB-5)
    s = state(f"rules=kabetopo-4p;{BOXED}")
    assert not [a for a in s.legal_actions if a.is_move] and len(drops(s)) > 100
    assert_illegal(s, "pass", "K-TURN-5")
    s = state(with_option(BOXED))
    assert s.legal_actions.names() == ["pass"]
    assert_legal(s, "pass", "K-TURN-5", words="no legal action")
    s.apply("pass")
    assert s.current_seat == "South" and s.position.pools[0] == [3, 1, 1, 1, 1]


def test_KNB_15_locks_and_unlocking_are_refused_too():
    s = state(f"rules=kabetopo-4p;{PORTALS}")
    assert_legal(s, "lock e3n", "K-TURN-2")
    assert_legal(s, "unlock b2e", "K-INV-3")
    s = state(with_option(PORTALS))
    assert_illegal(s, "lock e3n", "KNB-15")
    assert_illegal(s, "unlock b2e", "KNB-15", "unlocking spends a lock")
    assert s.legal_actions.names() == ["step e5", "step f4", "teleport e4s", "step d4"]


def test_KNB_15_lock_it_behind_you_is_a_lock_drop():
    def after_teleport(text: str) -> KabetopoState:
        s = state(text)
        s.apply("teleport e4s")
        s.apply("exit c2w")
        return s

    s = after_teleport(f"rules=kabetopo-4p;{PORTALS}")
    assert "lock it behind you" in s.decision.detail
    assert_legal(s, "lock e3n", "K-TURN-4")
    s = after_teleport(with_option(PORTALS))
    assert s.decision.detail == "speed token"  # K-TURN-3: the speed token stays, lock it behind you does not
    assert_illegal(s, "lock e3n", "KNB-15", "lock it behind you drops a lock")
    assert_illegal(s, "wall a2n", "KNB-15")  # nor any other piece, after the main action either
    assert_legal(s, "speed step c3", words="with the speed token")


def test_KNB_15_why_not_here_lists_the_refusals_with_the_ruling():
    # "why not here?" on a free line and on the portal beside East: every drop, lock and
    # unlock there is refused for KNB-15; the teleport into the portal stays legal
    s = state(with_option(PORTALS))
    for line in ("a2n", "e3n"):
        verdicts = {a: v for a, v in s.options_at(line) if a.kind in DROP_KINDS}
        assert {a.kind for a in verdicts} == set(DROP_KINDS), (line, verdicts)
        assert all(not v.legal and v.rulings == ("KNB-15",) for v in verdicts.values()), verdicts
    assert [str(a) for a, v in s.options_at("e3n") if v.legal] == ["teleport e4s"]


def test_KNB_15_the_setup_and_every_kind_of_move_are_untouched():
    plain = KabetopoState.new_round("kabetopo-4p", seed=5)
    taught = KabetopoState.new_round(Rules.named("kabetopo-4p", no_drops=True), seed=5)
    assert list(plain.position.pieces()) == list(taught.position.pieces())  # the same setup pieces
    assert plain.position.pools == taught.position.pools  # the pools are dealt as usual
    moves = [a for a in plain.legal_actions.names() if a.split()[0] not in DROP_KINDS]
    assert taught.legal_actions.names() == moves


def test_KNB_15_mischief_has_nothing_to_drop_so_a_finished_player_is_skipped():
    text = "runners=Ea1+1,Sf1,Wc2,Na6;stones=3;order=E;homes=Ea1;turn=N"
    s = state(f"rules=kabetopo-mp-v3+mischief;{text}")
    s.apply("step a5")
    assert s.current_seat == "East"  # KNB-8: East still holds pieces to drop
    s = state(f"rules=kabetopo-mp-v3+mischief+no-drops;{text}")
    s.apply("step a5")
    assert s.current_seat == "South"  # KNB-15: nothing to drop, so no Mischief turn


def test_KNB_15_a_runner_only_a_drop_or_an_unlock_could_free_is_out_of_the_race():
    pocket = "Wb5n,Wc5n,Wa5e,Wc5e,Wb4n,Wc4n,Pa2n,Pf4n"  # East walled into b5-c5 (tests/kabetopo/test_race.py)
    text = f"lines={pocket};runners=Ec5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m0p1l0s0,W:w0m0p0l0s0,N:w0m0p0l0s0;turn=S"
    assert not stranded(state(f"rules=kabetopo-4p;{text}").position, 0)  # South's portal could free it
    assert stranded(state(with_option(text)).position, 0)
    locked = ("lines=Wb5n,Wc5n,Wa5e,Wb4n,Wc4n,Pc5e,Pa2n;locks=c5e;runners=Ec5,Sf1,Wa1,Na6;"
              "pools=E:w0m0p0l0s0,S:w0m0p0l1s0,W:w0m0p0l0s0,N:w0m0p0l0s0;turn=S")
    assert not stranded(state(f"rules=kabetopo-4p;{locked}").position, 0)  # South could unlock
    assert stranded(state(with_option(locked)).position, 0)


def test_KNB_15_the_option_round_trips_through_the_position_text():
    rules = Rules.named("kabetopo-2p", no_drops=True, later_round_pools=True)
    assert format_rules(rules) == "kabetopo-2p+later-round-pools+no-drops"
    assert parse_rules(format_rules(rules)) == rules and parse_rules("kabetopo-2p+no-drops").no_drops
    assert eval(repr(rules), {"Rules": Rules}) == rules
    s = KabetopoState.new_round(Rules.named("kabetopo-4p", no_drops=True), seed=3)
    s.apply(s.legal_actions.names()[0])
    text = s.to_text()
    assert text.startswith("rules=kabetopo-4p+no-drops;")
    again = parse_position(text)
    assert again.rules.no_drops and format_position(again) == text
    assert KabetopoState.from_text(text).legal_actions.names() == s.legal_actions.names()
    with pytest.raises(NotationError, match="no-drops"):
        parse_rules("kabetopo-4p+no-drop")  # a misspelt option: the error lists the known ones
