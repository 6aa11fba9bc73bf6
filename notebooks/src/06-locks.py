# %% [markdown]
# # 06 · Locks
#
# This notebook follows the rulebook's **Resources: Locks** section (Rules v4.0): locking a
# portal, locking a door, "lock it behind you", the bonus move a lock earns, and unlocking.
# Rulings used: K-GEO-3, K-LOCK-1, K-PORT-3, K-DOOR-3, K-TURN-2, K-TURN-4, K-TURN-10,
# KNB-7, K-INV-1, K-INV-3.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## Where a lock goes
#
# A lock is not placed on a line but on one **side** of a line, facing one of the two
# squares (K-GEO-3). It may only go on a side of a **portal** or of a **door** (three walls
# in a row make the middle one a door); a plain wall or an empty line takes no lock
# (K-LOCK-1). Each player has one lock. In the notation, `lock e4s` is the side of the
# portal on `e3n` that faces e4.

# %%
state = example("locks", "locks-only-on-portals-and-doors")
show(state)

# %%
legal(state, kinds=["lock"])
ask(state, "lock a3n")   # a plain wall at the end of the row
ask(state, "lock c4n")   # an empty line

# %% [markdown]
# ## A locked portal side
#
# A locked side works like a wall for that side of the portal: nobody goes in there and
# nobody comes out there (K-PORT-3). The other side of the same portal still works.
#
# East on c2 touches two portals; the one on c2n is locked on East's side, so East can only
# use the other.

# %%
state = example("teleport", "locked-side-cannot-be-entered")
show(state)

# %%
ask(state, "teleport c2n")
ask(state, "teleport c2e")

# %% [markdown]
# Likewise, no teleport comes out of a locked side.

# %%
state = example("teleport", "locked-side-cannot-be-exited")
inside = play(state, "teleport b5e")
show(state)

# %%
legal(inside)
ask(inside, "exit e2n")

# %% [markdown]
# A portal with locks on both sides is out of the game for good: the other portals still
# connect to one another.

# %%
state = example("teleport", "double-locked-portal-is-useless")
inside = play(state, "teleport e2n")
show(state)

# %%
legal(inside)

# %% [markdown]
# ## Locks and the path rule
#
# A lock is checked like any drop (K-INV-1, notebook 03). It may not cut a corner off, and
# it may not shut in a runner whose last way out is that portal side. Here West on b3 is
# walled in on three sides; the portal on `b3e`, its down-right line, is its exit, so the
# side facing West cannot be locked. The other side, facing c3, can: West may still go
# *in* from b3.

# %%
state = example("invariants", "no-runner-shut-in")
show(state, highlights={"b3": "select"})

# %%
ask(state, "lock b3e")
ask(state, "lock c3w")

# %% [markdown]
# ## Locking a door
#
# A lock on either side of a door keeps it shut for the rest of the round (K-DOOR-3), and
# it stays a plain wall from then on. A door already locked on one side may still take a
# lock on its free side (K-LOCK-1).

# %%
state = example("doors", "door-locked-on-the-near-side")
show(state)

# %%
ask(state, "door c2n c3w")

# %% [markdown]
# ## The lock bonus move
#
# Dropping a lock as the turn's main action earns one extra move, just like a monolith
# (K-TURN-2).

# %%
state = example("turn", "lock-grants-a-bonus-move")
show(state, lines={"e3n": "drop"})

# %%
after = play(state, "lock e4s")
legal(after)

# %% [markdown]
# ## Lock it behind you
#
# Right after a teleport, the player may drop a lock on a free side of the portal the runner
# went in by or the one it came out of (K-TURN-4, K-TURN-10). This costs no move and earns
# no bonus move; it can be done once a turn, and it needs a lock in the pool. It is checked
# like any other lock (KNB-7).
#
# East teleports from e3 to c2: the four sides of the two portals it used are offered.

# %%
state = example("locks", "lock-behind-you-on-entry-or-exit")
show(state, arrows=[("e3", "c2")])

# %%
after = play(state, "teleport e3n", "exit c2w")
legal(after)
ask(after, "lock d2e")

# %% [markdown]
# The lock behind is free, but it does not open a bonus move, and a second lock may not
# follow it even with one more lock in the pool.

# %%
state = example("locks", "lock-behind-you-once-and-no-bonus")
after = play(state, "teleport e3n", "exit c2w", "lock e4s")
show(after)

# %%
legal(after)
ask(after, "lock b2e")
ask(after, "step c3")

# %% [markdown]
# Standing by a portal is not enough: the player must have teleported earlier in the same
# turn.

# %%
state = example("locks", "lock-behind-you-needs-an-own-teleport")
after = play(state, "step e3")
ask(after, "lock e3n")

# %% [markdown]
# ## Unlocking
#
# A player who still holds a lock may spend it to take **any** lock off the board, on a
# portal or a door (K-LOCK-1). Both locks then leave the game: they count for nobody's
# resources at the end (K-INV-3). Unlocking is a whole turn and earns no bonus move
# (K-TURN-2).

# %%
state = example("resources", "unlocking-spends-a-lock")
show(state)

# %%
ask(state, "unlock e3n")     # no lock on that side
after = play(state, "unlock e4s")
print(after.to_text())        # out=2: two locks out of play
print(after.decision)

# %% [markdown]
# ## Try it
#
# Teleport with East (click the runner, then the `T`, then an exit), then click a line of
# one of the two portals to lock it behind you.

# %%
board = KabetopoBoard(example("locks", "lock-behind-you-on-entry-or-exit"))
board

# %% [markdown]
# ## Exercise 1
#
# East on d5 teleports through the portal on `d5e` and comes out of the portal on `b2n`,
# onto b3. East still holds a lock; someone has already locked the side `e5w`. Which
# lock-it-behind-you actions are open now? Answer with a set such as `{"lock e3n"}`.

# %%
state = position("lines=P*d5e,P*b2n;locks=e5w;runners=Ed5,Sf1,Wa1,Na6;pools=E:w3m1p0l1s0,S:w3m1p1l0s1;turn=E")
state.apply("teleport d5e")
state.apply("exit b3s")
show(state)

# %%
answer = None  # your answer here, e.g. {"lock e3n"}
expected = {str(a) for a in state.legal_actions if a.kind == "lock"}
check_answer(answer, expected, hint="both portals used, both sides of each, except a side that is locked already")

# %% [markdown]
# ## Exercise 2
#
# North on e4 has walls on three of its lines and a portal on the fourth, `d4e`. Another
# portal stands on `b2n`. Which of `lock e4w`, `lock d4e` and `lock b3s` may East drop?
# Answer with a set.

# %%
state = position("lines=We4n,We4e,We3n,P*d4e,P*b2n;runners=Ef6,Sf1,Wa1,Ne4;pools=N:w0m1p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here, e.g. {"lock e4w"}
expected = {a for a in ("lock e4w", "lock d4e", "lock b3s") if state.explain(a).legal}
check_answer(answer, expected, hint="which side faces North, and is it North's last way out?")

# %% [markdown]
# ## Exercise 3
#
# East's own lock is already on the board here. Can East unlock it? Answer `True` or
# `False`.

# %%
state = example("resources", "unlocking-needs-a-lock-in-the-pool")
show(state)

# %%
answer = None  # your answer here: True or False
expected = state.explain("unlock e4s").legal
check_answer(answer, expected, hint="unlocking spends a lock from the pool")

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

ChallengeBoard(section="06")

# %% [markdown]
# Next: [07 · Speed tokens](07-speed-tokens.ipynb).
