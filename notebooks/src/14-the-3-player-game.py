# %% [markdown]
# # 14 · The 3-player game
#
# Rules v4.0 handles three players in a few lines: the **3-Player Game** subsection of
# its chapter on smaller games. The older Multiplayer Rules v3.0 says much the same in
# its own three-player section. In our words: everything works as in the 4-player game, but North's seat stays
# empty. East, South and West play; East moves first; a match lasts three rounds; and
# coming home third earns nothing.
#
# The ruleset is `kabetopo-3p` (K-SET-1). Rulings: **K-ROUND-2** (the round ends at the
# second Tadaima; an **option** plays on to the third), **KNB-9** (a third place never
# scores, not even its natural bonus), **K-MATCH-1** (three runners to rotate),
# **K-TURN-5** (order of play skips the empty seat).

# %%
import random

from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import WEST, seat_name
from kabetopo_nb.kabetopo.scoring import describe, score_round
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## 1. Three runners, one empty corner
#
# The setup is the usual one minus the North runner. North's corner a6 is still a corner:
# it stays reachable, carries no portals, and is a perfectly good place to come home (it is
# South's natural home). Pools are the same as in the 4-player game.

# %%
rules = Rules.named("kabetopo-3p")
state = KabetopoState.new_round(rules, seed=7)
show(state)

# %%
print("seats:", [seat_name(s) for s in rules.seats], "| rounds:", rules.rounds)
print("starting pool (walls, monoliths, portals, locks, speed):", rules.pool)
print("first decision:", state.decision)

# %% [markdown]
# ## 2. Order of play: East, South, West, and round again
#
# Play still goes clockwise (K-TURN-5); with no North the turn goes from West straight
# back to East. (After a move the player may still cash in the speed token, so each
# turn below finishes with `end`.)

# %%
s = state
for move in ["step e6", "step f2", "step b1"]:
    s = play(s, move, "end")  # "end": the speed token stays unused
    print("   next:", s.decision)

# %% [markdown]
# ## 3. The round ends at the second Tadaima
#
# In a 4-player round the third player home ends it; with three players the second one
# does (K-ROUND-2: all players but one). South comes home second on a1 and the round
# stops, with West still running.

# %%
state = example("round", "three-player-round-ends-at-the-second-tadaima")
show(state, arrows=[("b1", "a1")])

# %%
over = play(state, "step a1")
print(over.decision)
ask(over, "step a3")

# %% [markdown]
# Scoring is the 4-player table without a third place: First Stone 2, Second Stone 1,
# Tadaima 3 and 2, the natural bonus, and Preservation.

# %%
for line in describe(score_round(over.position)):
    print(line)

# %% [markdown]
# ### Try it: race for the second Tadaima
#
# A 3-player round in progress: East is already home on a1; South (on b2) and West (on
# e5) each carry their stone, two steps from a corner. Play both seats, South first. Watch
# the turns: after West it is South's turn again, because North's seat is empty and East
# is home. Try to get South home first (a step, then the speed token), and then **Undo**
# and let West win the race instead: either way the second Tadaima ends the round, and the
# panel shows its scoring.

# %%
board = KabetopoBoard(example("round", "three-player-race-for-the-second-tadaima"))
board

# %% [markdown]
# ## 4. The option: play to the last Tadaima
#
# A group may prefer to let the last runner finish too. The option
# `play_to_last_tadaima` (K-ROUND-2) keeps the round going after the second Tadaima. The
# rulebooks still give no points for third place, and the project reads the natural bonus
# as part of the Tadaima points, so a natural third place scores nothing either (KNB-9).

# %%
state = example("round", "three-player-option-plays-to-the-last-tadaima")
after = play(state, "step a1")
show(after)

# %%
print(after.decision)
legal(after, kinds=["step"])

# %%
three_home = position("rules=kabetopo-3p;runners=Ea1+1,Sa6+1,Wf6+1;stones=1;order=E,S,W;homes=Ea1,Sa6,Wf6;"
                      "pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1;phase=over", play_to_last_tadaima=True)
show(three_home)

# %%
for line in describe(score_round(three_home.position)):
    print(line)

# %% [markdown]
# ## 5. A 3-player match
#
# The match has three rounds, and between rounds each player moves on to the next runner:
# East to South, South to West, West back to East. (After a move the player may still cash in the speed token, so each
# turn below finishes with `end`.) Here a seeded simple bot (the one of
# notebook 13) plays all three rounds, and the scoresheet has three columns.

# %%
from kabetopo_nb.bots import GreedyBot

simple_bot = GreedyBot()  # the seeded demo player


match = Match("kabetopo-3p", ["Ann", "Ben", "Cat"], seed=3)
rng = random.Random(3)
while not match.is_over():
    match.apply(simple_bot(match.state, rng))
for r in range(match.rounds):
    print(f"round {r + 1}:", {p: seat_name(match.seat_of(p, r)) for p in match.players})

# %%
print(match.scoresheet())

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Kofi, Lena and Mia play a 3-player match; Kofi drives East in round 1.
# In which round does Kofi drive the West runner? Give the round's number.

# %%
answer = None  # your answer here
m = Match("kabetopo-3p", ["Kofi", "Lena", "Mia"])
check_answer(answer, next(r + 1 for r in range(m.rounds) if m.seat_of("Kofi", r) == WEST),
             hint="everyone moves one runner clockwise each round: East, South, West, and North's seat is skipped.")

# %% [markdown]
# **Exercise 2.** East is already home. West, carrying its stone, is about to step onto
# North's empty corner a6. How many Tadaima points will West score for it?

# %%
ex2 = position("rules=kabetopo-3p;runners=Ea1+1,Sb3,Wa5+1;stones=2;order=E,W;homes=Ea1;turn=W")
show(ex2, arrows=[("a5", "a6")])

# %%
answer = None  # your answer here
after = ex2.copy()
after.apply("step a6")
check_answer(answer, score_round(after.position).line("Tadaima", 2),
             hint="second place is worth 2; is a6 West's natural corner?")

# %% [markdown]
# **Exercise 3.** This 3-player round is over: South came home first, on a1, and East
# second, on a6. West took the first stone, East the second, South the last one. West
# never got home. How many points does West score in this round?

# %%
ex3 = position("rules=kabetopo-3p;lines=Wc2n,Wd4e,We2e,Mb5e,Pc5n;runners=Ea6+1,Sa1+1,Wd5+1;"
               "pools=E:w1m1p0l1s0,S:w2m0p1l1s1,W:w3m1p1l1s1;stones=1;order=W,E,S;homes=Sa1,Ea6;phase=over")
show(ex3)

# %%
answer = None  # your answer here
check_answer(answer, score_round(ex3.position).total(WEST),
             hint="a runner that is not home can still score: look at the stones and at the resources left.")

# %% [markdown]
# ## Challenges
#
# Now it is your turn. The board below sets this section's challenges one at a time: read
# the goal at the top, then play it by clicking (or answer with the buttons). The engine
# checks every click, and a refusal names the ruling behind it. **Hint** helps, **Show me**
# plays the answer, **Next** moves on. Solved challenges are remembered on this computer,
# and the start page shows how far you are in each section.

# %%
# NBVAL_IGNORE_OUTPUT
# (the board opens on your first unsolved challenge)
from kabetopo_nb import ChallengeBoard

ChallengeBoard(section="14")

# %% [markdown]
# Next: [15 · The 2-player games](15-the-2-player-games.ipynb).
