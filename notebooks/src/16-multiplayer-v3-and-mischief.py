# %% [markdown]
# # 16 · Multiplayer Rules v3.0 and Mischief
#
# Before Rules v4.0 there was a separate **Multiplayer Rules v3.0**, written as a 4-player
# adaptation of an older head-to-head game. The project keeps it playable as the ruleset
# `kabetopo-mp-v3` (4 players, or `players=3`), while v4.0 is the default wherever the two
# disagree (K-SET-1). The v3.0 sections used here are **Setup** (step 6, the pools),
# **Playing The Game**, **Scoring Points**, **Continuing The Match** (with its tiebreakers)
# and the expansion **Mischief**.
#
# Rulings: **K-SET-1** (rulesets, Mischief as an option), **K-SET-2** (what v3.0 mentions
# but the project leaves out), **KNB-8** (how Mischief turns work), **KNB-9**, **K-ROUND-2**.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.match import TIEBREAKERS
from kabetopo_nb.kabetopo.rules import EAST, POOL_NAMES, WEST, seat_name
from kabetopo_nb.kabetopo.scoring import describe, score_round
from kabetopo_nb.teach import ask, check_answer, play, position, show

# %% [markdown]
# ## 1. Different pools: two monoliths, no speed token
#
# In v3.0 each player begins with one more monolith than in v4.0 and without any speed
# token. Everything about moving and dropping is shared.

# %%
v3 = KabetopoState.new_round("kabetopo-mp-v3", seed=2)
show(v3)

# %%
for name in ["kabetopo-4p", "kabetopo-mp-v3"]:
    pool = Rules.named(name).pool
    print(f"{name:15}", ", ".join(f"{n} {what}" for n, what in zip(pool, POOL_NAMES, strict=False)))
after = play(v3, "step e6")
print("next:", after.decision, "(no speed token to cash in, so the turn is over)")

# %% [markdown]
# K-SET-2: v3.0 also refers to breaking through walls and to "Koi Koi", rules from an
# older 1-vs-1 rulebook that is not among our sources. Neither is implemented.
#
# ## 2. Scoring: the same points, written differently
#
# v3.0 writes a natural Tadaima as a single number per place (4, 3, 2) where v4.0 adds a
# separate bonus point to 3, 2, 1: the totals agree. The engine scores the same finished
# round under both rulesets identically. (Pools are set equal here so that only the
# scoring differs.)

# %%
END = ("rules={rules};runners=Ea1+1,Sa6+1,Wf6+1,Nc4+1;stones=0;order=S,N,E,W;homes=Ea1,Sa6,Wf6;"
       "pools=E:w1m1p1l1s0,S:w1m1p1l1s0,W:w1m1p1l1s0,N:w1m1p1l1s0;phase=over")
show(position(END.format(rules="kabetopo-mp-v3")))

# %%
for name in ["kabetopo-4p", "kabetopo-mp-v3"]:
    score = score_round(position(END.format(rules=name)).position)
    print(name, {seat_name(s): n for s, n in score.totals().items()})
    print("   ", "; ".join(describe(score)))

# %% [markdown]
# ### Preservation in v3.0
#
# In that round all four players end level on resources, so all four score Preservation.
# The rule, in our words (v3.0 *Scoring Points*): the player left with the most resources
# gets 1 point, and when several share the most, each of them gets it. v3.0 does not list
# what counts as a resource; the engine counts what v4.0, the newer rulebook, lists
# (K-SET-1, KNB-18): the walls, monoliths, portals and locks still in the pool and the stones the
# runner carries (v3.0 has no speed token to count).
#
# A round where it matters: North never reached the Mountain and kept six pieces; West
# dropped one more piece than North, but carries its stone home, so the two share the lead
# and both score the point. East and South, with four each, score nothing for it.

# %%
SHARED = ("rules=kabetopo-mp-v3;lines=Wb2n,Wc2n,Wd2n,Mc3e,Md4n,Wb5e,We5n;runners=Ea1+1,Sa6+1,Wf6+1,Nd5;"
          "pools=E:w1m1p1l0s0,S:w1m1p1l0s0,W:w2m2p1l0s0,N:w3m2p1l0s0;stones=1;order=S,E,W;homes=Ea1,Sa6,Wf6;phase=over")
shared = position(SHARED)
show(shared)

# %%
score = score_round(shared.position)
for seat in shared.rules.seats:
    pool, carried = sum(shared.position.pools[seat]), shared.position.held[seat]
    print(f"{seat_name(seat):6} pool pieces {pool} + stones carried {carried} = {score.resources[seat]}")
print("Preservation:", ", ".join(seat_name(s) for s in score.preservation), "+1 each")

# %% [markdown]
# ## 3. Tiebreakers: two extra comparisons
#
# The v3.0 list is nearly the v4.0 list, with two additions: after counting first places
# it goes on to second and then third places, and after First Stones it counts Second
# Stones. Notebook 17 shows a match where this changes the winner.

# %%
for name in ["v4.0", "v3.0"]:
    print(name)
    for i, (step, _) in enumerate(TIEBREAKERS[name], 1):
        print(f"  {i}. {step}")

# %% [markdown]
# ## 4. Mischief
#
# Mischief is v3.0's experimental expansion, switched on with `mischief=True` on any
# multiplayer ruleset (K-SET-1). In our words: a player who is already home does not just
# sit out; while its pool still holds walls, monoliths, portals or locks, it keeps taking
# turns, each time dropping a single piece to slow the others down. It may also skip a
# turn and wait, or give up for the rest of the round.
#
# The project's reading (KNB-8): a finished player's turn is exactly one of *drop one
# piece* (checked like any drop, with no bonus move since its runner is home), `pass`, or
# `stop`. Unlocking is not mischief, because it clears the way instead of blocking it.
# A player with nothing left to drop is skipped.

# %%
MISCHIEF = ("rules=kabetopo-mp-v3+mischief;lines=P*e3n,P*b2e,Wd4n;locks=e3n;runners=Ef1+1,Sc3,Wa2,Nb6;"
            "pools=E:w1m1p0l1s0,S:w3m2p1l1s0,W:w2m2p1l1s0,N:w3m2p1l0s0;stones=3;order=E;homes=Ef1;turn=E")
state = position(MISCHIEF)
show(state)

# %%
print(state.decision)
print(sorted({a.split()[0] for a in state.legal_actions.names()}))
ask(state, "unlock e3n")
ask(state, "step e1")

# %% [markdown]
# A monolith dropped as mischief does not bring its usual bonus move: the turn passes to
# South at once. `stop` retires East for the rest of the round.

# %%
after = play(state, "monolith c2n")
print("next:", after.decision)
stopped = play(state, "stop")
print(stopped.to_text())

# %% [markdown]
# Whose turn comes after North's? With Mischief, East (home, but still holding pieces)
# gets its turn; without the option, a finished player is simply skipped and South plays.

# %%
for text in [MISCHIEF, MISCHIEF.replace("+mischief", "")]:
    s = play(position(text.replace("turn=E", "turn=N")), "wall c5n")
    print("   ", s.rules.describe(), "-> next:", s.decision)

# %% [markdown]
# ### Mischief does not make the round longer
#
# Mischief gives finished players more turns; it does not move the end of the round. With
# three players (`players=3`) the round still ends at the second Tadaima (K-ROUND-2), even
# while the first player home still holds pieces to drop (KNB-8). Here East came home
# first with a full pool and it is South's turn, one step from a6: South's Tadaima ends the
# round, and nobody, East included, has another turn.

# %%
THREE = ("rules=kabetopo-mp-v3-3p+mischief;runners=Ea1+1,Sb6+1,Wc3+1;pools=E:w3m2p1l1s0,S:w3m2p1l1s0,W:w3m2p1l1s0;"
         "stones=1;order=E,S,W;homes=Ea1;turn=S")
three = position(THREE)
show(three, arrows=[("b6", "a6")])

# %%
print("East, home, still holds", sum(three.position.pools[EAST]), "pieces")
home = play(three, "step a6")
print(home.decision, "| legal actions:", home.legal_actions.count())

# %% [markdown]
# ### Try it: a Mischief turn
#
# The position above on a board. East is home and it is East's turn. Click a line to see
# what East may drop there: a wall, a monolith or a lock, one piece only, and no bonus
# move after the monolith. Click the locked portal e3n: East may lock its other side, but
# unlocking is not offered, since it is not mischief. Try **Pass** or **Stop (Mischief)**
# too (the buttons below the board). Then play on with South, West and North and watch
# East come back, turn after turn, while its pool holds a piece.

# %%
board = KabetopoBoard(position(MISCHIEF))
board

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Mischief is on. East and South are home: East's pool is empty, South
# still holds one wall. It is North's turn, and North steps from d6 to e6. Whose turn is
# it next? Give the seat name, e.g. `"West"`.

# %%
ex1 = position("rules=kabetopo-mp-v3+mischief;lines=Wb2n,Wc2n,Wd2n,We5n,Wd5e,Mc3e,Md4n,Pb4n,Pe3e;"
               "runners=Ea1+1,Sa6+1,Wc4+1,Nd6;pools=E:w0m0p0l0s0,S:w1m0p0l0s0,W:w2m2p1l1s0,N:w3m2p1l1s0;"
               "stones=1;order=E,S,W;homes=Ea1,Sa6;turn=N")
show(ex1, arrows=[("d6", "e6")])

# %%
answer = None  # your answer here
after = ex1.copy()
after.apply("step e6")
check_answer(answer, seat_name(after.position.turn),
             hint="turns go East, South, West, North; a finished player with nothing left to drop is skipped.")

# %% [markdown]
# **Exercise 2.** Another Mischief position: East is home, and its pool holds a single
# lock. The portal on d5n is already locked on d5's side. How many different legal
# actions does East have? (Count every lock it may drop, plus pass and stop.)

# %%
ex2 = position("rules=kabetopo-mp-v3+mischief;lines=P*c2e,Pd5n,Wb3n;locks=d5n;runners=Ef1+1,Sb4,Wa2,Nc6;"
               "pools=E:w0m0p0l1s0,S:w2m2p1l1s0,W:w3m2p1l1s0,N:w3m2p1l0s0;stones=3;order=E;homes=Ef1;turn=E")
show(ex2)

# %%
answer = None  # your answer here
check_answer(answer, ex2.legal_actions.count(),
             hint="a lock goes on a free side of a portal (or a door); unlocking is not mischief.")

# %% [markdown]
# **Exercise 3.** A finished round under Multiplayer v3.0. North took the first stone and
# West the second; West came home first (on f6), South second (on a1) and East third (on
# f1). How many points does West score in this round?

# %%
ex3 = position("rules=kabetopo-mp-v3;lines=Wb2n,Wc4e,Md5n;runners=Ef1+1,Sa1+1,Wf6+1,Nc3+1;stones=0;"
               "order=N,W,S,E;homes=Wf6,Sa1,Ef1;pools=E:w2m2p1l1s0,S:w3m1p1l1s0,W:w2m2p1l0s0,N:w3m1p1l1s0;phase=over")
show(ex3)

# %%
answer = None  # your answer here
check_answer(answer, score_round(ex3.position).total(WEST),
             hint="v3.0 writes a natural Tadaima as one number per place; then the stones, then Preservation.")

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

ChallengeBoard(section="16")

# %% [markdown]
# Next: [17 · Rules lawyering](17-rules-lawyering.ipynb).
