# %% [markdown]
# # 11 · The corners
#
# The four corner squares are where every runner starts and where every runner wants to
# finish. Rules v4.0 gathers their special treatment in a short reminder, **The Corners**,
# at the end of *Special Moving Rules*; the individual rules come from **Walls**,
# **Portals** (Dropping), **Locks**, **Leapfrogging**, **Doors** and **Playing The Game**
# (Moving). In our own words, a corner:
#
# 1. must always stay reachable: no drop, lock or door swing may seal it (K-INV-1);
# 2. never carries a portal on its two inner lines (K-INV-2);
# 3. is never the landing square of a leapfrog, portal or no portal (K-LEAP-3);
# 4. may hold any number of runners at once (K-MOVE-2).
#
# Corners are named by their compass point: North a6, East f6, South f1, West a1
# (K-GEO-1). The corner opposite a runner's start is its *natural* home (see notebook 12).

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## 1. A corner can never be walled off
#
# The wall rule in the **Walls** section forbids a wall that cuts off access to a corner.
# Here a1 already has a wall on its up-right edge (the line a1n), so its down-right edge
# (the line a1e) is the only way in left. West may put a wall almost anywhere else, but
# not there, and a monolith is refused just the same.

# %%
state = example("invariants", "every-corner-stays-reachable")
# position: rules=kabetopo-4p;lines=Wa1n;runners=Ef6,Sf1,Wb2,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w2m1p1l1s1,N:w3m1p1l1s1;turn=W
show(state, lines={"a1e": "bad"})

# %%
ask(state, "wall a1e")
ask(state, "monolith a1e")
ask(state, "wall b1n")

# %% [markdown]
# "Reachable" counts teleports. Below, a1 and its neighbours are fenced in on foot, but a
# portal on a2e still connects them with the rest of the board, so the fence is allowed.
# Once it stands, that portal side is the corner's lifeline: the **Locks** section forbids
# a lock that cuts off a home square, so locking it is refused, while locking an unrelated
# portal is fine.

# %%
region = play(example("invariants", "a-portal-keeps-a-region-reachable"), "wall b2e")
# position: rules=kabetopo-4p;lines=Wb1e,Wa2n,Pa2e,Wb2n,Wb2e,P*e3n;locks=a2e;runners=Ef6,Sf1,Wa1,Na6;pools=E:w2m1p1l1s1,S:w3m1p1l1s1,W:w0m1p0l0s1,N:w3m1p1l1s1;turn=S;turns=1
show(region, highlights={"a1": "select", "a2": "select", "b1": "select", "b2": "select"})

# %%
ask(region, "lock b2w")
ask(region, "lock e3n")

# %% [markdown]
# Doors obey the same rule (the last bullet of the **Doors** section): a door may not
# swing shut across a corner's last opening. Below, the North corner a6 is already closed
# on its down-left edge (a5n); East opening the door b5n may not let it come to rest on
# a6e, the corner's last way in.

# %%
door = example("doors", "door-may-not-close-off-the-north-corner")
# position: rules=kabetopo-4p;lines=Wa5n,Wb5n,Wc5n;runners=Eb5,Sf1,Wa1,Na4;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(door, lines={"a6e": "bad"})

# %%
ask(door, "door b5n b6w")
ask(door, "door b5n b6e")

# %% [markdown]
# ## 2. No portals on a corner's lines
#
# The portal-dropping rules keep portals off the board's edge and off the two inner lines
# of each corner square (K-INV-2). A wall may go on such a line (if the corner stays
# reachable); one line further in, a portal is fine.

# %%
state = example("resources", "portal-drops-avoid-corner-lines")
# position: rules=kabetopo-4p;lines=-;runners=Ef5,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, lines={"e6e": "bad", "f5n": "bad", "e5e": "drop", "f4n": "drop"})

# %%
for action in ["portal e6e", "portal f5n", "portal e5e", "wall e6e"]:
    ask(state, action)

# %% [markdown]
# ### Try it
#
# South's corner f1 has one way in left: its up-left edge carries a wall (e1e). South, on
# f2, holds walls, a monolith, a portal and a lock. Click the lines around f1 and one line
# further out, and read what the board offers for each: which drops would seal the
# corner, where no portal may go, and where every drop is fine.

# %%
board = KabetopoBoard(example("invariants", "a-corner-with-one-way-in"))
board

# %% [markdown]
# ## 3. No leapfrog lands on a corner
#
# A leapfrog's landing square may be anything free *except* a corner (the last bullet of
# **Leapfrogging**, K-LEAP-3). East on f4 cannot jump South on f5 to reach f6, although
# f6 is empty; jumping West in the other direction is fine.

# %%
state = example("leapfrog", "no-leap-onto-a-corner")
# position: rules=kabetopo-4p;lines=-;runners=Ef4,Sf5,We4,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, highlights={"f6": "bad", "d4": "move"})

# %%
ask(state, "leap f6")
legal(state)

# %% [markdown]
# The ban holds through a portal too. East teleports from b5 towards the portal on d6e; the
# square e6 beyond that portal is taken by West, and landing behind West would mean f6, a
# corner. So that exit is refused, and East must choose another one.

# %%
state = play(example("leapfrog", "leap-through-a-portal-never-onto-a-corner"), "teleport b5e")
# position: rules=kabetopo-4p;lines=P*b5e,P*d6e;runners=Eb5,Sf1,We6,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=exit;flags=g;pending=exit:E:b5e:own:b5
show(state)

# %%
ask(state, "exit e6w")
legal(state)

# %% [markdown]
# ## 4. Corners hold any number of runners
#
# Everywhere else a square holds one runner (K-MOVE-2), but corners are shared: runners
# may start there, pass through, or come home there together. Below, East steps onto
# f1 where South and West already stand.

# %%
state = example("movement", "three-runners-on-one-corner")
# position: rules=kabetopo-4p;lines=-;runners=Ee1,Sf1,Wf1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, highlights={"f1": "move"})

# %%
ask(state, "step f1")
ask(state, "step e2")

# %% [markdown]
# Reaching a corner is how a round is won: a runner carrying its stone that enters any
# corner other than its own start declares Tadaima at once (K-ROUND-1; see notebook 12).
# Its own starting corner does not count.

# %%
home = example("round", "no-tadaima-on-the-own-start-corner")
# position: rules=kabetopo-4p;lines=-;runners=Ee6+1,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=E;turn=E
show(home, highlights={"f6": "bad"})

# %%
after = play(home, "step f6")
print("back on its own corner:", after.to_text(), "| next:", after.decision, sep="\n")
away = play(position("runners=Eb1+1,Sf1,Wa1,Na6;stones=3;order=E;turn=E"), "step a1")
print("on West's corner:", away.to_text(), "| next:", away.decision, sep="\n")

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** West on b2 holds a wall. On which of the corner a1's two lines (a1n or
# a1e) may it drop that wall? Give a list such as `["a1n"]` (or `[]` for neither).

# %%
ex1 = position("lines=Wb1n;runners=Ef6,Sf1,Wb2,Na6;pools=W:w1m0p0l0s0;turn=W")
show(ex1)

# %%
answer = None  # your answer here
check_answer(answer, [ln for ln in ["a1n", "a1e"] if ex1.explain(f"wall {ln}").legal],
             hint="after the wall, a1 must still be reachable from everywhere; look at b1.")

# %% [markdown]
# **Exercise 2.** South stands on e5, between West on f5 and North on d5. Which squares
# can South reach with a leapfrog? Give a list of squares (or `[]`).

# %%
ex2 = position("runners=Ef6,Se5,Wf5,Nd5;pools=S:w0m0p0l0s0;turn=S")
show(ex2)

# %%
answer = None  # your answer here
check_answer(answer, sorted(str(a).split()[1] for a in ex2.legal_actions if a.kind == "leap"),
             hint="a leapfrog goes straight over adjacent runners and may not end on a corner or off the board.")

# %% [markdown]
# **Exercise 3.** How many legal portal drops does East have in this position? (Count the
# lines; the corner lines are excluded, and so is the board's edge.)

# %%
ex3 = position("runners=Ef6,Sf1,Wa1,Na6;pools=E:w0m0p1l0s0;turn=E")
show(ex3)

# %%
answer = None  # your answer here
check_answer(answer, sum(1 for a in ex3.legal_actions if a.kind == "portal"),
             hint="a 6x6 board has 60 inner lines; each corner has 2 of them.")

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

ChallengeBoard(section="11")

# %% [markdown]
# Next: [12 · Ending a round and scoring](12-ending-a-round-and-scoring.ipynb).
