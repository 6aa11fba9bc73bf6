# %% [markdown]
# # 10 · Doors
#
# This notebook follows the **Doors** section of *Special Moving Rules* in the Kabetopo
# Rules v4.0, together with the paragraph on locking doors in the **Locks** section and
# the speed-token notes in **Speed Tokens**. The shared rulings that fix our reading are
# **K-DOOR-1** (what counts as a door), **K-DOOR-2** (opening one), **K-DOOR-3** (locked
# doors), **K-DOOR-4** (a door move that bumps is checked after the bump) and **K-LOCK-1**;
# the project adds **KNB-6** (how a swing is checked).
#
# In short, in our own words: when walls (or monoliths) line up three in a row, the
# middle *wall* is hinged. A runner standing beside it may push it open, swinging it a
# quarter turn around one of its ends, and walk through to the square behind, all as a
# single move.
#
# Notation: `door c2n c3w` means "open the door on c2's up-right edge (the line c2n), step
# to c3, and let the door come to rest on c3's up-left edge". The first name is the door
# as the runner sees it, a side of its own square; the second is a side of the square it
# steps to. (c3's up-left edge is the line b3e, the name the board and the position text
# give it.)

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## 1. Three in a row make a door
#
# Here three walls stand side by side on one straight line (b2n, c2n, d2n), a row running
# from up-left to down-right. The middle one is a door. East's runner on c2 touches it, so
# it may swing it open and walk up-right to c3. The door can pivot around its up-left end
# (it then lies on c3's up-left edge, the line b3e: `door c2n c3w`) or around its
# down-right end (it then lies on c3's down-right edge, the line c3e: `door c2n c3e`). The
# two outer walls are ordinary walls: each has only one wall beside it on the line.

# %%
state = example("doors", "three-walls-in-a-row-make-a-door")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n,Wd2n;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, highlights={"c3": "move"})

# %%
legal(state)
ask(state, "step c3")

# %% [markdown]
# ## 2. What does *not* make a door
#
# Two things look like a door but are not (K-DOOR-1). First, the edge of the board does
# not stand in for a wall: a wall at the end of a row that touches the edge has a
# neighbour on one side only. Second, only walls swing: a monolith can help *frame* a door
# (as one of the two outer pieces), but a monolith in the middle never opens.

# %%
edge = example("doors", "edge-of-the-board-is-no-door-end")
# position: rules=kabetopo-4p;lines=Wa2n,Wb2n,Wc2n;runners=Ea2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s1,S:w0m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(edge, lines={"a2n": "bad", "b2n": "drop"})

# %%
ask(edge, "door a2n a3e")
ask(edge, "step b2")

# %%
mono = example("doors", "monolith-is-never-a-door")
# position: rules=kabetopo-4p;lines=M*b2n,Wc2n,M*d2n,We2n;runners=Ed2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s1,S:w1m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(mono, lines={"d2n": "bad", "c2n": "drop"})

# %%
ask(mono, "door d2n d3w")

# %% [markdown]
# ## 3. Where the door comes to rest
#
# The door turns through 90 degrees, so it ends up on a line at right angles to where it
# was, touching the square the runner walks onto. That line must be free: a wall, a
# monolith or a portal already standing there stops the swing in that direction (the
# other direction may still work). After the swing the door is just a wall in a new place;
# whether it is a door again depends on its new neighbours.

# %%
after = play(example("doors", "three-walls-in-a-row-make-a-door"), "door c2n c3w")
# position: rules=kabetopo-4p;lines=Wb2n,Wd2n,Wb3e;runners=Ec3,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(after, path=["c2", "c3"])

# %%
from kabetopo_nb.kabetopo.geometry import parse_line

print(after.to_text())
print("is b3e a door now?", after.position.is_door(parse_line("b3e")))

# %%
blocked = example("doors", "swing-target-must-be-free")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n,Wd2n,P*c3e;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(blocked, lines={"c3e": "bad"})

# %%
ask(blocked, "door c2n c3e")
ask(blocked, "door c2n c3w")

# %% [markdown]
# ### A door in the other direction, and two hinges with different answers
#
# So far every door lay on a line named `n`, in a row running from up-left to down-right.
# A line named `e` (between two files) makes a row running from down-left to up-right,
# and the rules are the same. Here c1e, c2e and c3e stand in such a row, so c2e, the
# middle one, is a door. East on c2 may push it and step down-right to d2. The door's two
# ends are its two hinges: turning about its up-right end, it comes to rest on d2's
# up-right edge, the line d2n (`door c2e d2n`); turning about its down-left end, on d2's
# down-left edge, the line d1n (`door c2e d2s`, named as a side of d2).
#
# The two hinges do not always get the same answer. North's runner stands on d1, with
# walls on its up-left (c1e) and down-right (d1e) edges and the rim of the board on its
# down-left edge, so its only way out is d1n. A door coming to rest there would shut North
# in on all four sides, which K-INV-1 forbids (a swing is checked like a drop: K-INV-5,
# KNB-6, section 7): only the up-right hinge is open to East.

# %%
hinges = position("lines=Wc1e,Wc2e,Wc3e,Wd1e;runners=Ec2,Sf1,Wa1,Nd1;pools=E:w0m0p0l0s0,N:w2m1p1l1s1;turn=E")
show(hinges, highlights={"d2": "move", "d1": "bad"}, lines={"d1n": "bad"})

# %%
legal(hinges, kinds=["door"])
ask(hinges, "door c2e d2n")
ask(hinges, "door c2e d2s")

# %%
swung = play(hinges, "door c2e d2n")
# position: rules=kabetopo-4p;lines=Wc1e,Wd1e,Wd2n,Wc3e;runners=Ed2,Sf1,Wa1,Nd1;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w2m1p1l1s1;turn=S;turns=1
show(swung, path=["c2", "d2"])

# %% [markdown]
# ### Try it
#
# East's runner on d2 stands beside a door: the middle one of the three walls c2n, d2n and
# e2n. Click the runner, then d3 beyond the door: the board offers the two hinges as
# numbered options. Pick one and watch where the door comes to rest (on d3's up-left or
# down-right edge); then **Undo** and try the other hinge. East still holds its speed
# token, so it may run one square further after the swing.

# %%
board = KabetopoBoard(example("doors", "a-door-with-two-hinges"))
board

# %% [markdown]
# ## 4. Opening is one move, and it must start at the door
#
# Swinging the door and walking through count together as one move. But a runner that
# *arrives* next to a door has used its move; it cannot open the door in the same turn...
# unless it cashes in its speed token, which grants one more move (the **Speed Tokens**
# section lists doors among the things a speed move can do). The reverse order also works:
# go through the door, then cash the token to keep running.

# %%
arrive = example("doors", "reaching-a-door-then-speed-door")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n,Wd2n;runners=Ec1,Sf1,Wa1,Na6;pools=E:w0m0p0l0s1,S:w0m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(arrive, arrows=[("c1", "c2"), ("c2", "c3")])

# %%
s = play(arrive, "step c2")
ask(s, "door c2n c3w")
ask(s, "speed door c2n c3w")

# %% [markdown]
# ## 5. A monolith can create a door, and its bonus move can open it
#
# Doors are recomputed from the board at every instant. Dropping a monolith at the end of
# two walls turns the middle wall into a door, and the monolith's free move (K-TURN-2) may
# be spent swinging it open straight away: exactly the combination the Doors section
# singles out.

# %%
create = example("doors", "monolith-drop-makes-a-door")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n;runners=Ec2,Sf1,Wa1,Na6;pools=E:w1m1p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(create, lines={"d2n": "drop"})

# %%
ask(create, "door c2n c3w")
s = play(create, "monolith d2n")
legal(s, kinds=["door"])

# %% [markdown]
# ## 6. Locks keep a door shut for good
#
# The Locks section lets a player drop a lock on either face of a door; from then on that
# door never opens (K-DOOR-3, K-LOCK-1). Here the lock sits on the far face of the door
# c2n (the side c3s); another door next to East, on the line b2e (c2's up-left edge),
# still swings. (A lock stays on its wall even when the wall stops being a door, and keeps
# it shut again once it is one: notebook 06 shows it.)

# %%
locked = example("doors", "locked-door-never-opens")
# position: rules=kabetopo-4p;lines=Wb1e,Wb2n,Wb2e,Wc2n,Wd2n,Wb3e;locks=c3s;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l0s1,W:w0m1p1l1s1,N:w3m1p1l1s1;turn=E
show(locked)

# %%
ask(locked, "door c2n c3w")
legal(locked, kinds=["door"])

# %% [markdown]
# ## 7. A swing is checked like a drop
#
# A door that moves changes the board, so it must leave the board legal, just like a
# dropped wall (K-INV-1, KNB-6). The Doors section names one case explicitly: a swing may
# not close off a corner square. Here the wall a5n already closes the North corner a6 on
# its down-left edge (North's runner has left it for a4). East on b5 may open the door
# b5n and step to b6; swung about its up-left end, the door would come to rest on a6e,
# a6's last way in, so only the other hinge (onto b6's down-right edge) is offered.

# %%
corner = example("doors", "door-may-not-close-off-the-north-corner")
# position: rules=kabetopo-4p;lines=Wa5n,Wb5n,Wc5n;runners=Eb5,Sf1,Wa1,Na4;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(corner, lines={"a6e": "bad"}, highlights={"a6": "bad"})

# %%
ask(corner, "door b5n b6w")
ask(corner, "door b5n b6e")

# %% [markdown]
# The same check protects runners: a swing may not box another runner in on all four
# sides.

# %%
shut = example("doors", "door-swing-may-not-shut-a-runner-in")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n,Wd2n,Wa3e,Wb3n;runners=Ec2,Sb3,Wa1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l1s1,W:w1m1p1l1s1,N:w3m1p1l1s1;turn=E
show(shut, highlights={"b3": "bad"})

# %%
ask(shut, "door c2n c3w")
ask(shut, "door c2n c3e")

# %% [markdown]
# ## 8. Through a door onto the Mountain
#
# A door may lead onto the Mountain. Opening it is a way up like any other, and if the
# Mountain is occupied the runner standing there is bumped (K-MTN-3); the mover then picks
# where it lands.

# %%
mtn = example("doors", "door-onto-the-occupied-mountain")
# position: rules=kabetopo-4p;lines=Wb3n,Wc3n,Wd3n;runners=Ec3,Sf1,Wc4+1,Na6;pools=E:w0m0p0l0s0,S:w0m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=W;turn=E
show(mtn, highlights={"c4": "move"})

# %%
s = play(mtn, "door c3n c4w")
legal(s)

# %% [markdown]
# A door move that bumps is one move: swing, step and bump. The board is checked after
# all three (K-DOOR-4), with the bumped runner where it lands. Here East swings the door on
# c3n onto c4e and steps onto the Mountain; the swung door is the fourth wall around d4, so
# North may not be put there, while the other destinations stay open. (After a plain step
# onto the Mountain nothing is checked, K-INV-5: the same d4 would be allowed.)

# %%
walled = play(example("doors", "door-bump-from-below-keeps-the-invariants"), "door c3n c4e")
# position: rules=kabetopo-4p;lines=Wb3n,Wd3n,Wc4e,Wd4n,Wd4e;runners=Ec4+1,Sf1,Wa1,Nc4+1;pools=E:w0m0p0l0s0,S:w0m0p0l0s0,W:w0m0p0l0s0,N:w0m0p0l0s0;stones=2;order=N,E;turn=E;phase=bump;flags=gb;pending=bump:N:c4:door
show(walled, highlights={"d4": "bad"})

# %%
legal(walled)
ask(walled, "bump d4")

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** In this position, which door actions can East (on b4) take? Give the
# list of actions (e.g. `["door c2n c3w"]`, or `[]` for none).

# %%
ex1 = position("lines=Wa4n,Wb4n,Wc4n,Mb5e;runners=Eb4,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0;turn=E")
show(ex1)

# %%
answer = None  # your answer here
check_answer(answer, [str(a) for a in ex1.legal_actions if a.kind == "door"],
             hint="the door comes to rest on a side line of b5, up-left or down-right of it, and that line must be free.")

# %% [markdown]
# **Exercise 2.** East has just stepped from e2 to e3, next to the door e3n, and still
# holds its speed token face up. Which door actions can it take now, in the same turn?
# Give a set of actions (or `set()` for none).

# %%
ex2 = position("lines=Wd3n,We3n,Wf3n;runners=Ee3,Sf1,Wa1,Na6;pools=E:w0m0p0l0s1;turn=E;phase=extras;flags=gm")
show(ex2)

# %%
answer = None  # your answer here
check_answer(answer, {str(a) for a in ex2.legal_actions if a.kind == "door"},
             hint="opening a door is a move; after the turn's move, only the speed token gives another.")

# %% [markdown]
# **Exercise 3.** How many of the walls on this board are doors right now? (Count the
# lines, not the ways to open them.)

# %%
ex3 = position("lines=Wa3n,Wb3n,Wc3n,Md3n,We3n,Wf3n;runners=Ef6,Sf1,Wa1,Na6;turn=E")
show(ex3)

# %%
answer = None  # your answer here
check_answer(answer, sum(ex3.position.is_door(parse_line(ln)) for ln in ["a3n", "b3n", "c3n", "d3n", "e3n", "f3n"]),
             hint="the board's edge is not a wall, and a monolith is never a door.")

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

ChallengeBoard(section="10")

# %% [markdown]
# Next: [11 · The corners](11-the-corners.ipynb).
