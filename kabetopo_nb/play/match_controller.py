"""The match controller: a whole match behind one board (see ``match_board`` for the whole
picture).  It turns intents into actions of the round being played (a ``KabetopoController``
does what a click means), and adds the match: who plays each seat (the seat picker, bots
and their failures), undo that stops at the setup rolls, rounds and what they announce,
the autosave after every action, the choice to resume a saved match, and the view (the
players' headline, the scoresheet, the announcements).  It owns the bots' ``BotRunner``;
it owns no transport: the widget (``kabetopo_nb.boards``) or any other shows what ``view``
gives and forwards intents.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..bots import BotFailure, bot_name
from ..bots.referee import MAX_ACTIONS
from ..kabetopo.match import MAX_REASON, Match
from ..kabetopo.rules import SEAT_NAMES, seat_name
from .autosave import Autosave
from .bot_runner import BotRunner, Thought
from .contract import View
from .kabetopo import KabetopoController
from .match_seats import (
    HUMAN,
    bots_from_save,
    choose_bot,
    remembered_seats,
    resolve_bots,
    seat_picker,
    seat_value,
)
from .match_view import (
    NOT_ON_A_MATCH_BOARD,
    describe_progress,
    match_view,
    round_over_words,
    scoring_events,
    teaching_over_words,
    teaching_words,
)

KEPT_ANNOUNCEMENTS = 500  # the whole match's, for ``controller.announcements``


class MatchController:
    """Turns board intents into a whole match: a ``KabetopoController`` per round, composed."""

    def __init__(self, match: Match, *, bots: dict | None = None, autosave: Autosave | None = None,
                 coordinates: bool = True):
        match.auto_next = False  # the board waits between rounds for the Next round button
        self.match = match
        self.coordinates = coordinates
        self.bot_spec = dict(bots or {})
        self.bots = resolve_bots(match, self.bot_spec)
        self.bots_running = True
        self.thought: Thought | None = None  # the decision a bot is working out now
        self.autosave = autosave
        self.announcements: list[str] = []  # oldest first, the whole match
        self.fresh: list[str] = []  # what the last intent (or bot decision) announced
        self.notice = ""  # an autosave problem, shown until an action goes well
        self._warned = ""  # the last problem announced (a failing autosave is said once)
        self.offered: Match | None = None  # a saved match offered for resuming
        self.retired = ""  # why this board no longer plays (a newer one took its file)
        self.round = KabetopoController(match.state, coordinates=coordinates)
        self.runner = BotRunner(self)  # when the bots think: attached to a loop by what shows the board
        self.max_actions = MAX_ACTIONS  # a round's actions before bots are cut off (K-SIM-1), as in simulations

    # --- what the board reads ------------------------------------------------------------
    @property
    def state(self):
        return self.round.state

    @property
    def unscored(self) -> str | None:
        """Why the match is not scored (a bot failed), else None: kept in the match and its save."""
        return self.match.unscored

    @unscored.setter
    def unscored(self, reason: str | None) -> None:
        self.match.unscored = reason

    def position_text(self) -> str:
        return self.round.position_text()

    def history_texts(self) -> list[str]:
        return self.round.history_texts()

    @property
    def showing(self) -> Match:
        """The match on the board: the offered saved one while the choice is open."""
        return self.offered if self.offered is not None else self.match

    # --- speaking --------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.announcements.append(text)
        del self.announcements[:-KEPT_ANNOUNCEMENTS]
        self.fresh.append(text)

    def warn(self, text: str) -> None:
        """A problem the room must see (a save refused and kept aside, bots stopped by a bug):
        shown in the panel's message until an action goes well, announced once."""
        if text != self._warned:
            self.say(text)
        self.notice = self._warned = text

    @property
    def notice(self) -> str:
        """What the panel's message leads with: why the match is not being autosaved (or that
        another board has its file open), for as long as it is true, then the last warning
        (until an action goes well)."""
        store = self.autosave
        lasting = store.status if store is not None and not self.retired else ""
        return " ".join(t for t in (lasting, self._notice) if t)

    @notice.setter
    def notice(self, text: str) -> None:
        self._notice = text

    def autosave_news(self) -> None:
        """Announce what changed about the autosave (a problem begins or ends, another board
        opens the file or goes): each once, when it happens."""
        if self.autosave is not None:
            for text in self.autosave.take_news():
                self.say(text)

    # --- who plays -------------------------------------------------------------------------
    def player_to_move(self) -> tuple[str, str] | None:
        """(player, seat name) of the decision on the board, or None (round over, chance)."""
        match = self.showing
        seat = self.state.decision.seat
        if seat is None or seat not in SEAT_NAMES or match.between_rounds() or match.is_over():
            return None
        return match.player_of(SEAT_NAMES.index(seat), match.round_index), seat

    def bot_to_move(self) -> str | None:
        """The player whose bot has the decision now, or None."""
        mover = self.player_to_move()
        return mover[0] if mover is not None and mover[0] in self.bots else None

    def bot_due(self) -> bool:
        """A bot should play now: its decision, bots running, at the end of the history."""
        return (self.bots_running and self.offered is None and not self.retired
                and self.bot_to_move() is not None and not self.state.can_redo())

    def play_bot(self) -> dict:
        """Play one action of the bot that has the decision (announced with its player's
        name), thinking it out at once; a failing bot is reported (``think``)."""
        if self.bot_to_move() is None or self.offered is not None or self.retired:
            return self.round.refuse_request("no bot has the decision now")
        self.drop_thought()
        while True:
            reply = self.think()
            if reply is not None:
                return reply

    def thought_valid(self, thought: Thought) -> bool:
        """The thought is still about the decision on the board, for the bot in that seat."""
        return (thought is self.thought and self.offered is None and not self.retired
                and self.state is thought.state and self.state.position is thought.position
                and self.bot_to_move() == thought.player and self.bots.get(thought.player) is thought.bot)

    def drop_thought(self) -> Thought | None:
        """Drop the unfinished thought (nothing is played); returns it, or None."""
        thought, self.thought = self.thought, None
        if thought is not None:
            thought.close()
        return thought

    def think_slice(self) -> dict | None:
        """One slice of the bot thinking on the board's event loop: a new decision clears
        what the panel announces as new, and a bug of the board's own stops the bots and is
        said on the board instead of killing the kernel's loop.  None while it thinks."""
        if self.thought is None:
            self.fresh = []  # a new decision: the panel announces what it brings
        try:
            return self.think()
        except Exception as exc:
            self.drop_thought()
            self.bots_running = False
            self.warn(f"The bots were stopped: {type(exc).__name__}: {exc}")
            return {"ok": False, "error": str(exc)}

    def retire(self, why: str) -> None:
        """Stop this board for good (a newer board took over its autosave file)."""
        self.drop_thought()
        self.retired = why

    def think(self) -> dict | None:
        """One slice of the bot's work on the decision on the board (a new thought when
        there is none, or the one there is no longer fits): None while it thinks; then the
        reply: its action played and announced, or its failure reported (``_bot_failed``)."""
        thought = self.thought
        if thought is not None and not self.thought_valid(thought):
            self.drop_thought()
            thought = None
        if thought is None:
            player = self.bot_to_move()
            if player is None or self.offered is not None or self.retired:
                return self.round.refuse_request("no bot has the decision now")
            if self.state.ply >= self.max_actions:  # bots going round for ever: cut off (K-SIM-1)
                return self._stop_unscored(f"round {self.match.round_index + 1} was cut off after "
                                           f"{self.max_actions} actions (K-SIM-1)")
            match, state = self.match, self.state
            rng = random.Random(f"{match.seed}/{match.round_index}/{state.ply}")  # seeded: same seed, same moves
            thought = self.thought = Thought(player, self.bots[player], state, rng)
        try:
            done, action = thought.step()
        except BotFailure as failure:
            self.thought = None
            return self._bot_failed(thought, failure)
        if not done:
            return None
        self.thought = None
        return self._act(lambda: self.round.apply(action), bot=thought.player)

    def _bot_failed(self, thought: Thought, failure: BotFailure) -> dict:
        """A bot raised, answered an illegal action or overran its time: the bots stop, the
        board says which and why, and the match is no longer scored (the referee's rule)."""
        return self._stop_unscored(f"{thought.player}'s bot ({failure.bot}) {failure.reason}")

    def _stop_unscored(self, reason: str) -> dict:
        """The bots stop and the match is no longer scored: the board says why."""
        self.bots_running = False
        if self.unscored is None:
            self.unscored = reason[:MAX_REASON]
            self._save()  # the mark survives a restart
        text = (f"The bots are stopped: {reason}. This match is not scored any more; play on by hand, "
                "or choose another player for the seat.")
        self.say(text)
        self.round.tell(text)
        return {"ok": False, "error": text, "bot_failure": reason}

    # --- intents ---------------------------------------------------------------------------
    def click(self, target: str) -> dict:
        self.fresh = []
        blocked = self.blocked()
        if blocked:
            return self.round.refuse_request(blocked)
        return self._act(lambda: self.round.click(target))

    def apply(self, action) -> dict:
        """Apply an action from code (any seat, a bot's too)."""
        self.fresh = []
        if self.offered is not None or self.retired:
            return self.round.refuse_request(self.blocked())
        return self._act(lambda: self.round.apply(action))

    def button(self, button: str, value: Any = None) -> dict:
        self.fresh = []
        if self.retired:
            return self.round.refuse_request(self.retired)
        if self.offered is not None:
            if button == "resume-saved":
                return self._resume_offered()
            if button == "start-new":
                return self._start_new()
            return self.round.refuse_request("choose first: resume the saved match or start a new one (the buttons below)")
        if button in ("resume-saved", "start-new"):
            return self.round.refuse_request("there is no saved match to choose")
        if button == "next-round":
            return self._next_round()
        if button.startswith("seat:"):
            return self._seat(button[len("seat:"):], value)
        if button in ("stop-bots", "start-bots"):
            return self._switch_bots(button == "start-bots")
        if button == "stop" and self.bot_due():  # "stop" while a bot thinks; otherwise Mischief's Stop
            return self._switch_bots(False)
        if button in NOT_ON_A_MATCH_BOARD or button.startswith(("tool:", "turn:", "pool:")):
            why = ("each round's setup is rolled by the match's seeded d12 (K-SETUP-3)" if button == "roll"
                   else "a match board plays the match's own rounds; edit positions on a KabetopoBoard")
            return self.round.refuse_request(f"{button!r} is not available on a match board: {why}")
        if button == "undo":
            return self._undo()
        if button == "goto" and isinstance(value, int) and not isinstance(value, bool) and value < self.first_ply():
            return self.round.refuse_request(self._setup_reason())
        if button not in ("redo", "goto", "other-line"):
            blocked = self.blocked()
            if blocked:
                return self.round.refuse_request(blocked)
        return self._act(lambda: self.round.button(button, value))

    def blocked(self) -> str:
        """Why a play intent is not taken now ('' when it is)."""
        if self.retired:
            return self.retired
        if self.offered is not None:
            return "choose first: resume the saved match or start a new one (the buttons below)"
        match = self.match
        if match.is_over():
            return "the match is over: see the final ranking below the board"
        if match.between_rounds():
            return f"round {match.round_index + 1} is over: press 'Next round' to play round {match.round_index + 2}"
        bot = self.bot_to_move()
        if bot is not None and self.bots_running:
            return f"{bot} (bot) plays this turn: press 'Stop the bots' to play it by hand"
        return ""

    # --- undo stops after the setup rolls (bug 2) ---------------------------------------------
    def first_ply(self) -> int:
        """The earliest ply undo and goto reach: the round's (K-SETUP-3, ``KabetopoController``)."""
        return self.round.first_ply()

    def _setup_reason(self) -> str:
        r = self.match.round_index + 1
        if self.first_ply():
            return (f"undo stops at the start of round {r}: its setup rolls belong to the match's "
                    "seeded d12 (K-SETUP-3) and cannot be taken back")
        return f"nothing to undo: round {r} has only just begun" + (" (the rounds before it are scored)" if r > 1 else "")

    def _undo(self) -> dict:
        state = self.state
        if state.ply <= self.first_ply():
            return self.round.refuse_request(self._setup_reason())

        def undo():
            start = self.state.ply
            reply = self.round.button("undo")
            # with bots playing, step back over their actions to the last human decision
            # (a bot would otherwise play the same action again at once)
            humans = set(self.match.players) - set(self.bots)
            while (reply.get("ok") and humans and self.bots_running and self.bot_to_move() is not None
                   and self.state.ply > self.first_ply()):
                reply = self.round.button("undo")
            taken = start - self.state.ply
            mover = self.player_to_move()
            if reply.get("ok") and taken > 1 and mover is not None:
                reply = self.round.tell(f"Took back {taken} actions, the bots' too: {mover[0]} ({mover[1]}) decides again.")
            return reply

        return self._act(undo)

    # --- the match between rounds ------------------------------------------------------------
    def _next_round(self) -> dict:
        match = self.match
        if not match.between_rounds():
            why = "the match is over" if match.is_over() else f"round {match.round_index + 1} is still being played"
            return self.round.refuse_request(f"there is no next round yet: {why}")
        match.next_round()
        self.round = KabetopoController(match.state, coordinates=self.coordinates)
        r = match.round_index
        seats = ", ".join(f"{p} plays {seat_name(match.seat_of(p, r))}" for p in match.players)
        self.say(f"Round {r + 1} of {match.rounds}: the board turns (K-MATCH-1): {seats}.")
        for text in (teaching_words(match, r), teaching_over_words(match, r)):
            if text:
                self.say(text)
        self._save()
        return self.round.tell(f"Round {r + 1} of {match.rounds} begins.")

    def _switch_bots(self, on: bool) -> dict:
        if not self.bots:
            return self.round.refuse_request("no seat is played by a bot")
        self.bots_running = on
        dropped = None if on else self.drop_thought()
        names = ", ".join(self.bots)
        text = (f"The bots play again ({names})." if on else
                f"The bots are stopped: {names} are played by hand until 'Let the bots play' is pressed.")
        if dropped is not None:
            text += f" {dropped.player}'s unfinished thinking is dropped: nothing was played."
        self.say(text)
        return self.round.tell(text)

    # --- the seat picker (play/match_seats.py) -----------------------------------------------
    def seat_value(self, player: str) -> str:
        """The seat picker's value for ``player``: ``"human"`` or the bot's name."""
        return seat_value(self.bots, player)

    def seats(self) -> list[dict]:
        """The seat picker: per player, its seat this round, who plays it, and the choices."""
        return seat_picker(self.match, self.bots, self.bot_spec)

    def _seat(self, player: str, value: Any) -> dict:
        """The seat picker's message: ``player``'s seat to a human (``"human"``) or a bot by name."""
        problem, bot = choose_bot(self.match, player, value)
        if problem:
            return self.round.refuse_request(problem)
        if value == self.seat_value(player):
            return self.round.tell(f"{player} is already played by {'a human' if value == HUMAN else value}.")
        if self.thought is not None and self.thought.player == player:
            self.drop_thought()
        if bot is None:
            del self.bots[player]
            text = f"{player} is now played by a human."
        else:
            self.bots[player] = bot
            text = f"{player} is now played by {bot_name(bot)}."
            if not self.bots_running:
                self.bots_running = True
                text += f" The bots play again ({', '.join(self.bots)})."
        self.match.bots = remembered_seats(self.match, self.bots)
        self._save()  # the choice survives a restart
        self.say(text)
        return self.round.tell(text)

    def _seats_from_save(self, saved: Match) -> None:
        """After resuming: the seats as the saved match had them (``bots_from_save``)."""
        self.bots, problems = bots_from_save(saved, self.bot_spec)
        for problem in problems:
            self.warn(problem)
        if saved.bots:  # saved after a choice on the picker: keep it as it now stands
            self.match.bots = remembered_seats(self.match, self.bots)

    # --- the board's view mode -----------------------------------------------------------------
    def remember_view(self, view: str) -> None:
        """Keep the view mode the board was given after it was made (its toggle, or
        ``board.view`` set from code) in the match and its autosave (the save's ``view``), so
        a kernel restart shows the board that way again.  The transport checked ``view``."""
        if self.match.view != view:
            self.match.view = view
            self._save()

    # --- every change goes through here -------------------------------------------------------
    def _act(self, op: Callable[[], dict], *, bot: str | None = None) -> dict:
        """Run a round intent; then keep the match in step with the round's state, announce
        the scoring events and the end of a round, and autosave."""
        match = self.match
        before_state = self.state
        before_ply, before = before_state.ply, before_state.position
        mover = before_state.decision.seat or ""
        scored = len(match.scores)
        reply = op()
        state = self.state
        if state is not match.states[-1]:  # the round controller swapped to its other line
            match.states[-1] = state
        match.sync_round()
        r = match.round_index
        if state is before_state and state.ply == before_ply + 1 and reply.get("ok"):
            if bot is not None:
                done = state.actions(state.ply - 1)[0]
                sentence = state.engine.explain(before, done).reason  # "West drops a wall on c3n."
                lead = f"{bot} (bot)"
                line = f"{lead}{sentence[len(mover):]}" if mover and sentence.startswith(mover + " ") else f"{lead}: {sentence}"
                self.say(line)
                self.round.tell(line)  # the panel's message names the player too
            for event in scoring_events(match, r, before, state.position):
                self.say(event)
        if len(match.scores) > scored:
            self._round_over()
        elif len(match.scores) < scored:
            self.say(f"Round {r + 1} goes on: the action that ended it was taken back.")
        if reply.get("ok") and state.ply != before_ply:
            self.notice = ""
        self._save()
        return reply

    def _round_over(self) -> None:
        match = self.match
        r = len(match.scores) - 1
        self.say(round_over_words(match, r))
        if match.is_over():
            ranking = "; ".join(f"{st.place}. {', '.join(st.players)} {st.total} ({st.reason})" for st in match.standings())
            winner = match.winner()
            self.say(f"The match is over. {ranking}. " + (f"{winner} wins!" if winner else "A drawn match.")
                     + (f" This match is not scored: {self.unscored}." if self.unscored else ""))
        else:
            self.say(f"Press 'Next round' to start round {r + 2}.")

    def _save(self) -> None:
        """Autosave after a change: a journal line or the whole save (``Autosave.write``: its
        cost does not grow with the round); a file in use or changed by another board, or a
        failing disk, is said on the board for as long as it lasts (``notice``)."""
        store = self.autosave
        if store is None or self.offered is not None or self.retired:
            return
        if not store.started and not self._worth_saving():
            return  # nothing played or chosen yet: no file (a board only looked at leaves none behind)
        store.write(self.match)
        if not store.problem:
            self._warned = ""  # saved: a warning that comes back is said again
        self.autosave_news()

    def _worth_saving(self) -> bool:
        """Something a restart must not lose: an action after the setup rolls, a seat-picker
        choice, the not-scored mark (asked only until the file is written)."""
        match = self.match
        return (bool(match.bots) or match.unscored is not None or match.view is not None or len(match.states) > 1
                or match.state.ply > self.round.first_ply())

    # --- resuming --------------------------------------------------------------------------
    def offer(self, saved: Match, why: str) -> None:
        """Show a saved match and ask: resume it, or start the new one (the saved file is then kept aside)."""
        self.offered = saved
        self.round = KabetopoController(saved.state, coordinates=self.coordinates)
        self.say(why)

    def resume(self, saved: Match) -> dict:
        """Play on with ``saved`` (a match read from the autosave file)."""
        self.offered = saved
        return self._resume_offered()

    def _resume_offered(self) -> dict:
        saved, self.offered = self.offered, None
        if saved is None or self.autosave is None:  # only offered with a save to resume
            return self.round.refuse_request("there is no saved match to resume")
        saved.auto_next = False
        self.match = saved
        self._seats_from_save(saved)
        self.round = KabetopoController(saved.state, coordinates=self.coordinates)
        played_by = ", ".join(f"{p}: {bot_name(b)}" for p, b in self.bots.items())
        self.say(f"Resumed the saved match from {self.autosave.name}: {describe_progress(saved)}."
                 + (f" Bots: {played_by}." if played_by else "")
                 + (f" This match is not scored: {saved.unscored}." if saved.unscored else ""))
        self._recap()
        return self.round.tell("Resumed the saved match.")

    def _start_new(self) -> dict:
        self.offered = None
        self.round = KabetopoController(self.match.state, coordinates=self.coordinates)
        if self.autosave is None:  # only offered with a save to keep aside
            return self.round.tell("A new match has started.")
        try:
            kept = self.autosave.set_aside("replaced")
        except OSError as exc:
            self.autosave.stop(f"The saved match could not be moved aside ({exc.strerror or exc}): it is left "
                               "untouched and this match is NOT autosaved.")
            self.autosave_news()
            return self.round.tell("A new match has started (not autosaved).")
        self.say(f"A new match has started; the saved one is kept as {kept.name}.")
        return self.round.tell("A new match has started.")

    def _recap(self) -> None:
        """After resuming: where the match stands, as the room last heard it."""
        match = self.match
        if match.scores and (match.between_rounds() or match.is_over()):
            self._round_over()

    # --- what to draw (play/match_view.py) ----------------------------------------------------
    def view(self) -> View:
        return match_view(self)
