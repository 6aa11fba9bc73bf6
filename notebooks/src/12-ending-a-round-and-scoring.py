# %% [markdown]
# # 12 · Ending a round and scoring
#
# This notebook covers three sections of the Kabetopo Rules v4.0: **Ending The Round**
# (Tadaima and when the round stops), **Scoring** (the five ways to earn points) and, in
# the Appendix, **How To Keep Score**. The rulings are **K-ROUND-1** (Tadaima),
# **K-ROUND-2** (how many Tadaimas end a round), **K-TURN-7** (Tadaima ends the turn) and
# **K-SIM-1** (an unfinished round is never scored).
#
# In our words: a runner that has collected its stone and then walks onto any corner except
# the one it started from is *home*; the player calls out "Tadaima" (Japanese for "I'm
# back"). Places are counted 1st, 2nd, 3rd; as soon as the third player is home in a
# 4-player game, the round stops and points are added up.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo.rules import seat_name
from kabetopo_nb.kabetopo.scoring import describe, score_round
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show


def score_table(state):
    """Score a finished round and print every scoring event, the resources and the totals."""
    score = score_round(state.position)
    for line in describe(score):
        print(" ", line)
    print("  resources left:", {seat_name(s): n for s, n in score.resources.items()})
    print("  round totals:  ", {seat_name(s): n for s, n in score.totals().items()})
    return score

# %% [markdown]
# ## 1. Tadaima is declared the moment the runner gets home
#
# The engine declares Tadaima for you (K-ROUND-1) and the turn stops right there
# (K-TURN-7). East below drops a monolith and uses the bonus move to step home; its speed
# token could have given one more move, but the turn is already over and play passes on.

# %%
state = example("round", "tadaima-ends-the-turn-at-once")
show(state, arrows=[("b1", "a1")])

# %%
after = play(state, "monolith d4e", "step a1")
print(after.to_text())
print("next:", after.decision)

# %% [markdown]
# Without a stone, a corner is just a square: East below walks onto West's corner with
# empty hands, nothing is declared, and its turn goes on (it could still cash in its
# speed token).

# %%
state = example("round", "no-tadaima-without-a-stone")
show(state, arrows=[("b1", "a1")])

# %%
after = play(state, "step a1")
legal(after)

# %% [markdown]
# ## 2. Several runners may come home on the same corner
#
# Corners are shared (notebook 11), so two or three players may call Tadaima on the same
# square. Here East is already home on a1, and South joins it.

# %%
state = example("round", "runners-share-a-corner")
show(state, highlights={"a1": "move"})

# %%
after = play(state, "step a1")
print(after.to_text())

# %% [markdown]
# ## 3. The third Tadaima ends the round
#
# With four players the last runner still out does not get to finish (K-ROUND-2). North
# below is the third to get home, so the round is over at once: West's runner stays on a2
# and no action is legal any more.

# %%
state = example("round", "four-player-round-ends-at-the-third-tadaima")
show(state, arrows=[("b1", "a1")])

# %%
over = play(state, "step a1")
print(over.decision)
ask(over, "step a2")

# %% [markdown]
# ## 4. The five scoring lines
#
# The **Scoring** section lists five sources of points. Restated:
#
# | line | who scores | points |
# |---|---|---|
# | First Stone | the earliest runner to collect a stone | 2 |
# | Second Stone | the runner collecting the next one | 1 |
# | Tadaima | home 1st / 2nd / 3rd | 3 / 2 / 1 |
# | Natural Tadaima | home on the corner *facing* one's start (East f6 to West a1, South f1 to North a6, ...) | +1 |
# | Preservation | whoever has the largest stock left (walls, monoliths, portals, locks, a face-up speed token, stones carried); every tied leader scores | 1 |
#
# `score_round(position)` adds them up for a finished round. In the round we just ended,
# East took the first stone and South the second. East came home on a1 and South on a6,
# each on the corner facing its own start, so both collect the natural bonus; North was
# third, on a1, which is not North's natural corner (that would be f1). West ended
# with no stone and so one resource fewer than the others: no Preservation point.

# %%
show(over)

# %%
score = score_table(over)

# %% [markdown]
# ### Stones are ranked by when they were taken, not by who got home first
#
# In this finished round (written as position text with `phase=over`) West and North took
# the two stones, in that order, but East, South and West were home first, second and third.

# %%
FOUR = ("rules=kabetopo-4p;runners=Ef1+1,Sf6+1,Wa6+1,Nc4+1;stones=0;order=W,N,E,S;homes=Ef1,Sf6,Wa6;"
        "pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;phase=over")
stones = position(FOUR)
show(stones)

# %%
score = score_table(stones)

# %% [markdown]
# ### The natural bonus
#
# Now East comes home on a1, West's corner, directly across the board from its own f6:
# that is East's natural home, worth one point on top of its place.

# %%
natural = position(FOUR.replace("Ef1+1", "Ea1+1").replace("homes=Ef1", "homes=Ea1"))
show(natural, highlights={"a1": "move", "f6": "select"})

# %%
score = score_table(natural)
print("East natural?", score.tadaima[0].natural, "| East's Tadaima cell:", score.line("Tadaima", 0))

# %% [markdown]
# ### Preservation: the largest stock wins, and ties share
#
# Preservation rewards saving resources. Everything still in the pool counts, plus a
# stone carried, plus the speed token *only while it is unused*: once cashed in it is
# turned face down and no longer counts. Every player tied for the most gets the point,
# even if the most is zero. Here East used its speed token, South dropped a wall, and
# North never got a stone:

# %%
keep = position(FOUR.replace("E:w3m1p1l1s1", "E:w3m1p1l1s0").replace("S:w3m1p1l1s1", "S:w2m1p1l1s1")
                .replace("Nc4+1", "Nc3").replace("stones=0", "stones=1").replace("order=W,N,E,S", "order=W,E,S"))
show(keep)

# %%
score = score_table(keep)

# %% [markdown]
# ## 5. Only finished rounds are scored
#
# A bot or a simulation may stop a round early, but such a round is reported as
# unfinished, never scored by accident (K-SIM-1).

# %%
try:
    score_round(example("round", "runners-share-a-corner").position)
except ValueError as exc:
    print("refused:", exc)

# %% [markdown]
# ## Try it: end a round yourself
#
# East and South are home. West carries its stone on e6, one step from f6, the corner
# facing its start; North carries its stone on b1, one step from a1. Whoever gets home
# next is the third Tadaima, and the round stops. Click West's runner and then f6: the
# panel announces the Tadaima and then the round's scoring, line by line, with every
# player's points. Then **Undo**, move West somewhere else, and let North finish instead:
# who scores what now?

# %%
board = KabetopoBoard(example("round", "third-tadaima-to-end-the-round"))
board

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** In this finished round, how many points does South score in total?

# %%
ex1 = position("rules=kabetopo-4p;runners=Ea6+1,Sa6+1,Wc2+1,Na1+1;stones=0;order=S,W,N,E;"
               "homes=Na1,Sa6,Ea6;pools=E:w1m1p1l1s1,S:w3m1p0l1s0,W:w3m1p1l1s1,N:w1m0p1l1s1;phase=over")
show(ex1)

# %%
answer = None  # your answer here
check_answer(answer, score_round(ex1.position).total(1),
             hint="South took the first stone, came home second on its natural corner, and count its resources against West's.")

# %% [markdown]
# **Exercise 2.** In the same round, who gets the Preservation point? Give a list of seat
# names such as `["East"]`.

# %%
show(ex1)

# %%
answer = None  # your answer here
check_answer(answer, [seat_name(s) for s in score_round(ex1.position).preservation],
             hint="count walls, monoliths, portals, locks, a face-up speed token and carried stones.")

# %% [markdown]
# **Exercise 3.** West carries its stone and stands on b1 below; it is West's turn and only
# one player is home so far. If West steps to a1, is that a Tadaima? (`True` / `False`.)

# %%
ex3 = position("rules=kabetopo-4p;runners=Ef1+1,Sa6,Wb1+1,Nc4+1;stones=1;order=E,W,N;homes=Ef1;turn=W")
show(ex3)

# %%
answer = None  # your answer here
after = ex3.copy()
after.apply("step a1")
check_answer(answer, len(after.position.homes) == 2,
             hint="which corner did West start from?")

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

ChallengeBoard(section="12")

# %% [markdown]
# Next: [13 · Completing and winning a match](13-completing-and-winning-a-match.ipynb).
