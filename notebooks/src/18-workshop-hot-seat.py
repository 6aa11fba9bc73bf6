# %% [markdown]
# # 18 · Workshop: a hot-seat game on one board
#
# This notebook is for a teacher running a Kabetopo workshop: one screen (or projector),
# one interactive board, and the players taking turns at the mouse ("hot seat"). It
# follows the Rules v4.0 sections **Playing The Game** (turn order), **Completing The
# Match** (four rounds, runners rotating) and **How To Keep Score**, with the 3-player and
# 2-player variants from **The 3- And 2-Player Games** and the 2-Player Rules v2.0.
#
# The engine does all bookkeeping: a `Match` holds the seeded setup of every round
# (K-SETUP-3), rotates runners between rounds (K-MATCH-1), scores each round and keeps the
# scoresheet; a `KabetopoBoard` is the clickable board for the round being played.

# %%
import random

from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import show, check_answer
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import seat_name

# %% [markdown]
# ## 1. Choose the game
#
# Edit the three settings below. Use `"kabetopo-4p"` with four names, `"kabetopo-3p"` with
# three, `"kabetopo-2p"` (the v2.0 game with the Summit) or `"kabetopo-2p-interim"` with
# two. The seed fixes the random setup: the same seed gives every group the same board,
# which makes comparing results across tables easy. Before round 1, tell each player which
# runner they drive in every round:

# %%
RULES = "kabetopo-4p"
PLAYERS = ["Aiko", "Ben", "Chidi", "Dana"]
SEED = 2024

match = Match(RULES, PLAYERS, seed=SEED)
for r in range(match.rounds):
    print(f"round {r + 1}: " + ", ".join(f"{p} plays {seat_name(match.seat_of(p, r))}" for p in match.players))

# %% [markdown]
# ## 2. The board for the current round
#
# Run this cell at the start of every round. The board shows the round's seeded setup;
# whoever's runner is named in the status line takes the mouse.
#
# **How to play on the board** (tell the group before starting):
#
# * Click your runner: its legal moves light up. Click a lit square to move there.
# * Click a line between two squares to drop a wall, monolith, portal or lock there; the
#   legal choices appear as buttons.
# * After entering a portal, pick the exit from the numbered options; after bumping a
#   runner off the Mountain, pick where it lands the same way.
# * The **speed token** button makes your next move the speed move; **end** finishes a
#   turn early when only optional extras are left.
# * **Undo** takes back a misclick. An illegal click is refused with the ruling and a
#   reason: read it out loud, it is the best rules lesson there is.

# %%
def new_board(match):
    """A board for the match's current round (a copy: the match records moves when the round ends)."""
    return KabetopoBoard(match.state.copy())


board = new_board(match)
board

# %% [markdown]
# ## 3. When the round is over
#
# Run this cell when the board announces the end of the round (or at any time to see the
# progress). It copies the moves made on the board into the match, which scores the round
# and prepares the next one. Then go back to step 2 for a fresh board.

# %%
def record_round(match, board):
    """Copy the board's new actions into the match; report the round's state."""
    done = len(match.state.history)
    number = match.round_index + 1
    for text in board.history[done:]:
        match.apply(text)
    if len(match.scores) >= number:
        print(f"Round {number} scored.", "The match is over." if match.is_over() else "Run step 2 for the next round.")
    else:
        print(f"Round {number} still in progress: {len(board.history) - done} actions played; next: {board.controller.state.decision}")


record_round(match, board)

# %% [markdown]
# ## 4. The scoresheet
#
# Show it between rounds and at the end. The text version suits a projector; the `match`
# object itself displays as a table laid out like the paper scoresheet of the Appendix.

# %%
print(match.scoresheet())

# %%
match

# %% [markdown]
# ## 5. A complete demo match
#
# To show the group what a finished scoresheet looks like (or to test the projector), let
# a seeded simple bot play a whole match **through a board**, exactly as the players would:
# each action goes through the board's controller, and `record_round` hands every round
# to the match. The bot now and then plays a random legal action and otherwise moves its
# runner nearer to its next goal.

# %%
from kabetopo_nb.kabetopo.bots import greedy_bot as simple_bot  # the seeded demo player


demo = Match("kabetopo-4p", ["Aiko", "Ben", "Chidi", "Dana"], seed=29)
rng = random.Random(29)
while not demo.is_over():
    demo_board = new_board(demo)
    state = demo_board.controller.state
    while not state.is_terminal():
        reply = demo_board.controller.apply(simple_bot(state, rng))
        assert reply["ok"], reply
    demo_board.refresh()
    record_round(demo, demo_board)

# %%
show(demo.states[-1])

# %%
print(demo.scoresheet())

# %%
demo

# %% [markdown]
# ## Tips for the workshop
#
# * **Start small.** A first round without drops (just running and leapfrogging) teaches
#   the race; add walls in round 2 and portals, locks and doors later.
# * **Seat order.** Turns go East, South, West, North; seat the players around the screen
#   in that order so the mouse travels clockwise.
# * **Disputes.** Build the position in a separate cell with `position(...)` and ask the
#   engine with `ask(state, "action")` (notebooks 10-17); notebook 17 lists every point
#   where a reading had to be chosen, and the rule options that switch it.
# * **Options.** Pass rule options when creating the match, e.g.
#   `Match(Rules.named("kabetopo-4p", king_of_the_mountain=True), PLAYERS, seed=SEED)`.
# * **Time.** A 4-player round takes 10-20 minutes for beginners; a 2-round 2-player match
#   fits in a short session.
#
# ## Exercises
#
# **Exercise 1.** In the match set up in step 1, who drives the North runner in round 2?

# %%
answer = None  # your answer here
check_answer(answer, match.player_of(3, 1), hint="each round, every player takes the next runner clockwise.")

# %% [markdown]
# **Exercise 2.** Who won the demo match? (Give the name, or `"None"` for a draw.)

# %%
answer = None  # your answer here
check_answer(answer, str(demo.winner()), hint="the last lines of the scoresheet rank the players.")

# %% [markdown]
# **Exercise 3.** How many rounds does a `kabetopo-3p` match last, and how many in the
# shortest 2-player v2.0 match? Give a list `[3p, 2p]`.

# %%
answer = None  # your answer here
check_answer(answer, [Match("kabetopo-3p").rounds, min(Match("kabetopo-2p").rules.round_choices)])
