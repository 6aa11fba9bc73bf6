# %% [markdown]
# # 06 · Locks
#
# This notebook follows the rulebook's **Resources: Locks** section (Rules v4.0): locking a
# portal, locking a door, "lock it behind you", the bonus move a lock earns, and unlocking.
# Rulings used: K-GEO-3, K-LOCK-1, K-PORT-3, K-DOOR-1, K-DOOR-3, K-TURN-2, K-TURN-4,
# K-TURN-10, KNB-7, K-INV-1, K-INV-3.

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
# position: rules=kabetopo-4p;lines=Wa3n,Wb3n,Wc3n,P*e3n,Wd5e;runners=Ef6,Sf1,Wa1,Na6;pools=E:w0m1p1l1s1,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
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
# position: rules=kabetopo-4p;lines=P*c2n,P*c2e,P*e5n;locks=c2n;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l0s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "teleport c2n")
ask(state, "teleport c2e")

# %% [markdown]
# Likewise, no teleport comes out of a locked side.

# %%
state = example("teleport", "locked-side-cannot-be-exited")
inside = play(state, "teleport b5e")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;locks=e2n;runners=Eb5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l0s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
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
# position: rules=kabetopo-4p;lines=P*c2e,P*e2n,P*b5e;locks=b5e,c5w;runners=Ee2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l0s1,W:w3m1p1l0s1,N:w3m1p1l1s1;turn=E
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
# position: rules=kabetopo-4p;lines=Wb2n,Wa3e,Wb3n,P*b3e,P*e3n;runners=Ef6,Sf1,Wb3,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w0m1p1l1s1,N:w3m1p1l1s1;turn=W
show(state, highlights={"b3": "select"})

# %%
ask(state, "lock b3e")
ask(state, "lock c3w")

# %% [markdown]
# ## Locking a door
#
# A lock on either face of a door keeps that door shut (K-DOOR-3): from then on it never
# swings open. The lock does not make it an ordinary wall, though. Whether a wall is a door
# depends only on the walls and monoliths in line with it (K-DOOR-1), and a lock changes
# none of them: a locked door is still a door. So its other face, while nothing sits on
# it, may take a second lock (K-LOCK-1). It stops being a door only when the pieces in
# line with it change (next section).
#
# Here a lock sits on the face of the door c2n that looks at c2, East's side of it.

# %%
state = example("doors", "door-locked-on-the-near-side")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n,Wd2n;locks=c2n;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l0s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
from kabetopo_nb.kabetopo.geometry import parse_line

ask(state, "door c2n c3w")
print("is c2n still a door?", state.position.is_door(parse_line("c2n")))

# %% [markdown]
# The same board with a lock left in East's pool: the free face of the locked door, the
# side c3s that looks at c3, takes it.

# %%
spare = position("lines=Wb2n,Wc2n,Wd2n;locks=c2n;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l1s0,S:w0m1p1l0s1;turn=E")
show(spare)

# %%
ask(spare, "lock c3s")

# %% [markdown]
# ## When a locked door stops being a door
#
# The pieces in line with a door can change during a round: a door that swings open
# leaves its line, and a wall dropped later may fill it again. A lock stays where it was
# put through all of this. While the wall under it is no door, no new lock may go on that
# wall; once it is a door again, the old lock still keeps it shut.
#
# Four walls stand in a row here, b2n to e2n, so both middle ones, c2n and d2n, are doors.
# East locked d2n on its d2 face earlier in the round. Now East opens c2n and steps to c3.

# %%
row = position("lines=Wb2n,Wc2n,Wd2n,We2n;locks=d2n;runners=Ec2,Sf1,Wd2,Na6;"
               "pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w2m1p1l1s1;turn=E")
show(row, arrows=[("c2", "c3")])

# %%
opened = play(row, "door c2n c3w")
# position: rules=kabetopo-4p;lines=Wb2n,Wd2n,We2n,Wb3e;locks=d2n;runners=Ec3,Sf1,Wd2,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w2m1p1l1s1;turn=S;turns=1
show(opened, path=["c2", "c3"])

# %% [markdown]
# The line c2n is empty now, so d2n has a wall at one end only: it is no longer a door.
# Its lock is still on the board (`locks=d2n` in the position text), and South may not
# lock the free face of a wall that is not a door.

# %%
print("is d2n a door?", opened.position.is_door(parse_line("d2n")))
ask(opened, "lock d3s")

# %% [markdown]
# South drops a wall on c2n. The row is complete again and d2n is a door once more. The
# old lock has been there all along, so West, on d2 beside it, still cannot open it, by
# either hinge; and its free face may take a lock again.

# %%
refilled = play(opened, "wall c2n")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n,Wd2n,We2n,Wb3e;locks=d2n;runners=Ec3,Sf1,Wd2,Na6;pools=E:w0m0p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w2m1p1l1s1;turn=W;turns=2
show(refilled, lines={"c2n": "drop"})

# %%
print("is d2n a door?", refilled.position.is_door(parse_line("d2n")))
ask(refilled, "door d2n d3w")
ask(refilled, "door d2n d3e")
ask(refilled, "lock d3s")

# %% [markdown]
# ## The lock bonus move
#
# Dropping a lock as the turn's main action earns one extra move, just like a monolith
# (K-TURN-2).

# %%
state = example("turn", "lock-grants-a-bonus-move")
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
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
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
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
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;locks=e4s;runners=Ec2,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l0s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;flags=gml;lb=e3n,b2e
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
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;locks=e4s;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0,S:w3m1p1l0s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
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
# position: rules=kabetopo-4p;lines=P*b2n,P*d5e;locks=e5w;runners=Eb3,Sf1,Wa1,Na6;pools=E:w3m1p0l1s0,S:w3m1p1l0s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;flags=gm;lb=d5e,b2n
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
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;locks=e4s;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
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
