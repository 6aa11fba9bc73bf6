"""Board-level refusals: the Kabetopo board's own words, for clicks the ledger has no entry for.

A click on the board is answered from the engine wherever the engine has an answer: the
candidates of the decision aimed at the clicked square or line (``state.options_at``), each
with the verdict its generator gave.  Some refusals are about the board itself, and no
candidate action of the decision stands behind them: a click on another seat's runner, on a
square no move of any kind can reach, on a square only the speed token reaches while it is
not pressed, anything clicked during the setup or after the round.  Their wording lives
here, and only here (``tests/board/test_board_refusals.py`` checks that ``play/kabetopo.py``
words none itself); each is a :class:`Verdict` citing the ruling that applies.  Nothing
here decides a rule: the controller asks only after the ledger has had its say.
"""
from __future__ import annotations

import re

from ..core.verdict import Verdict
from ..kabetopo.geometry import square_file, square_name, square_rank
from ..kabetopo.rules import SEAT_NAMES


def _refused(ruling: str | tuple[str, ...], reason: str) -> Verdict:
    return Verdict(False, (ruling,) if isinstance(ruling, str) else tuple(ruling), reason)


# --- squares no candidate of the decision is aimed at ---------------------------------------


def one_square_at_a_time(origin: int, square: int, beside: int) -> Verdict:
    """``square`` is straight on from ``origin`` but further than a step, and no runner
    stands on ``beside`` (the square next to ``origin`` on the way) to be leapfrogged."""
    far = max(abs(square_file(square) - square_file(origin)), abs(square_rank(square) - square_rank(origin)))
    return _refused("K-MOVE-1", f"a step goes one square, and {square_name(square)} is {far} squares from "
                                f"{square_name(origin)}: with no runner on {square_name(beside)}, there is nothing "
                                "to leapfrog on the way")


def out_of_reach(origin: int, square: int, *, teleport: bool = False) -> Verdict:
    """No move of any kind goes from ``origin`` to ``square``: it is neither next to it nor
    straight on from it.  ``teleport``: a teleport is open now (its exit is chosen after it)."""
    df = abs(square_file(square) - square_file(origin))
    dr = abs(square_rank(square) - square_rank(origin))
    o, s = square_name(origin), square_name(square)
    if df == dr:
        reason = (f"{s} is diagonal to {o}: a runner moves along the rows and columns of the board, "
                  "never diagonally")
    else:
        reason = (f"no move goes from {o} to {s}: a step goes one square along a row or column, and a "
                  "leapfrog jumps straight along one")
    if teleport:
        reason += "; to teleport, click the portal's T first: the way out is chosen next"
    return _refused("K-MOVE-1", reason)


def no_mischief_move(square: int) -> Verdict:
    """A Mischief turn (a finished player's) moves no runner, so no square is a target."""
    return _refused("KNB-8", f"nothing goes to {square_name(square)}: a finished player's Mischief turn moves no "
                             "runner; it is one drop of a wall, monolith, portal or lock on a line, a pass, or stop")


def speed_only(square: int) -> Verdict:
    """Only moves that cash in the speed token reach ``square``, and the token is not pressed."""
    return _refused("K-TURN-3", f"{square_name(square)} can be reached only with the speed token: press "
                                "'Speed token' first if you want to cash it in")


def speed_only_through(line_text: str) -> Verdict:
    """Only a move that cashes in the speed token goes through the portal on ``line_text``,
    and the token is not pressed."""
    return _refused("K-TURN-3", f"the portal on {line_text} can be entered now only with the speed token: press "
                                "'Speed token' first if you want to cash it in")


def another_seats_runner(turn: int, clicked: int, todo: str) -> Verdict:
    """A click on the runner of seat ``clicked`` while seat ``turn`` still has ``todo`` to decide."""
    now, other = SEAT_NAMES[turn], SEAT_NAMES[clicked]
    return _refused("K-TURN-5", f"it is {now}'s turn, not {other}'s: {now} still has to {todo}")


def no_portal_opens_onto(square: int) -> Verdict:
    """The exit choice: no portal side faces ``square``."""
    return _refused("K-PORT-2", f"no portal opens onto {square_name(square)}")


def not_beside_the_mountain(square: int) -> Verdict:
    """The bump choice: ``square`` is not next to the Mountain the runner was bumped off."""
    return _refused("K-MTN-3", f"a runner bumped off the Mountain goes to a square next to it (or through a portal "
                               f"on one of its sides), and {square_name(square)} is not one")


# --- the decision itself ----------------------------------------------------------------


def no_speed_move() -> Verdict:
    """The Speed token button, with no move of this decision able to spend the token."""
    return _refused("K-TURN-3", "no move can spend the speed token now: it buys one extra move in a turn that "
                                "also has another move of the player's own, and only while a move is being chosen")


def nothing_to_lock_behind() -> Verdict:
    """The Lock it behind you button, with no lock of this decision to drop behind."""
    return _refused("K-TURN-4", "there is nothing to lock behind you now: a lock goes on a free face of the "
                                "portal just used, right after a teleport, once a turn, while a lock is left in the pool")


def finish_current_choice() -> Verdict:
    """A click that is not part of the exit or bump choice under way."""
    return _refused("K-TURN-7", "finish the current choice first (see the options on the board)")


def setup_under_way() -> Verdict:
    """Any click on the board during the 2x2 Field Setup."""
    return _refused("K-SETUP-1", "the board is being set up: roll the d12 with the Roll button")


def setup_rolls_stand() -> Verdict:
    """Undo (or goto) back into the setup's die rolls."""
    return _refused("K-SETUP-3", "the setup's die rolls stand once rolled: undo goes back only to the start of play")


def round_over() -> Verdict:
    """Any click on the board once the round is over."""
    return _refused("K-ROUND-2", "the round is over")


def nothing_on_line(line_text: str) -> Verdict:
    """A line no candidate of the decision is aimed at (a safety net: drops and locks have
    a candidate on every line)."""
    return _refused("K-TURN-1", f"nothing can be done on {line_text} in this decision")


def unplayable_position(problems: list[str]) -> Verdict:
    """Edit mode's 'Play from here' on a position the rules cannot reach: its problems,
    each opened by its ruling ID ("K-INV-4: ...")."""
    ids = [p.split(":", 1)[0] for p in problems if re.match(r"[A-Z]+(-[A-Z]+)?-\d+:", p)]
    return _refused(tuple(dict.fromkeys(ids)), "this position cannot be played: " + "; ".join(problems))
