# %% [markdown]
# # 09 · The Mountain
#
# This notebook follows the rulebook's **Special Moving Rules: The Mountain** section
# (Rules v4.0). The Mountain is the centre square c4 (K-GEO-2), where the stones wait.
# Every runner must fetch one there before it can go home. Rulings used: K-MTN-1 (going
# up), K-MTN-2 (going down), K-MTN-3 (bumping), K-MTN-4 (stones), K-LEAP-4 (leapfrogs),
# K-INV-1 (c) (at most two sides blocked), K-INV-5, K-MOVE-3, KNB-4, and the K-TURN-6
# option.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo.rules import EAST
from kabetopo_nb.teach import ask, check_answer, compare, example, legal, play, position, show

# %% [markdown]
# ## Going up
#
# A runner climbs the Mountain by stepping onto it across an open line (K-MTN-1), and it
# picks up a stone the moment it arrives, if it does not hold one yet (K-MTN-4). In the
# position text, `Ec4+1` means East on c4 carrying one stone, and `stones=3` that three are
# left on the Mountain.

# %%
state = example("mountain", "step-up-takes-a-stone")
# position: rules=kabetopo-4p;lines=-;runners=Ec3,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, arrows=[("c3", "c4")])

# %%
after = play(state, "step c4")
print(after.to_text())

# %% [markdown]
# The way up must be unobstructed: a wall or monolith on the line stops the climb, and so
# does a portal, which is never crossed on foot. A runner beside such a portal may however
# teleport through it (see below).

# %%
state = example("mountain", "wall-blocks-the-way-up")
# position: rules=kabetopo-4p;lines=Wc4e;runners=Ed4,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "step c4")

# %%
state = example("mountain", "portal-blocks-the-way-up-on-foot")
# position: rules=kabetopo-4p;lines=P*e2n,P*c4e;runners=Ed4,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "step c4")
ask(state, "teleport d4w")

# %% [markdown]
# ## Stones
#
# The stones are handed out in the order runners reach the Mountain, and nobody takes a
# second one (K-MTN-4). Here South got there first, so East's stone is the second.

# %%
state = example("mountain", "stones-in-the-order-taken")
after = play(state, "step c4")
print(after.to_text())

# %%
state = example("mountain", "no-second-stone")
after = play(state, "step c4")
print(after.to_text())

# %% [markdown]
# ## Going down
#
# Coming down is easier than going up: a runner on the Mountain may step to **any** of the
# four squares around it, whatever stands on the line in between: a wall, a monolith, a
# portal, even a locked side (K-MTN-2). The squares must still be free of runners.

# %%
state = example("mountain", "step-down-across-anything")
# position: rules=kabetopo-4p;lines=P*e2n,P*b4e,Wc4n;locks=c4w;runners=Ec4+1,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w2m1p1l0s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=E;turn=E
show(state, highlights={"c5": "move", "b4": "move", "d4": "move", "c3": "move"})

# %%
legal(state)

# %% [markdown]
# It is a one-way door: the wall that did not matter on the way down still blocks the way
# back up.

# %%
state = example("mountain", "stepping-down-is-one-way")
after = play(state, "step c5")
ask(after, "speed step c4")

# %% [markdown]
# Because plain moves are not checked against the board rules (K-INV-5), a runner may even
# step down into a pocket it cannot leave on foot. From then on, every drop by anyone is
# refused until it gets out, since the board already breaks K-INV-1.

# %%
state = example("invariants", "moves-are-not-checked-but-drops-are")
after = play(state, "step c5")
# position: rules=kabetopo-4p;lines=Wc4n,Wb5e,Wc5n,Wc5e;runners=Ec5+1,Sf1,Wa1,Na6;pools=E:w1m1p1l1s0,S:w1m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=E;stranded=E;turn=S;turns=1
show(after)

# %%
ask(after, "wall a3n")

# %% [markdown]
# ## Portals and the Mountain
#
# A portal touching the Mountain lets runners teleport straight onto it, and off it
# (K-MTN-1, K-MTN-2).

# %%
state = example("mountain", "teleport-onto-the-mountain")
# position: rules=kabetopo-4p;lines=P*c4e,P*b5e;runners=Eb5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, arrows=[("b5", "c4")])

# %%
after = play(state, "teleport b5e", "exit c4e")
print(after.to_text())

# %%
state = example("mountain", "teleport-off-the-mountain")
# position: rules=kabetopo-4p;lines=P*e2n,P*c4e;runners=Ec4+1,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=E;turn=E
show(state)

# %%
ask(state, "teleport c4e")
ask(state, "step d4")

# %% [markdown]
# ## Bumping
#
# When a runner moves onto the Mountain while another runner stands there, the one on top
# is **bumped** off. The player who moved chooses where it goes: any empty square next to
# the Mountain, whatever stands on the line in between (K-MTN-3). The bumped runner keeps
# its stone; the newcomer takes one of its own. In the engine the bump is a separate
# decision, `bump <square>`.
#
# Below, East climbs from c3 while West is on top. North already stands on b4, so West can
# go to c5 (across the wall), d4 or c3, the square East just left (K-MOVE-3).

# %%
state = example("mountain", "bump-to-any-free-neighbour")
# position: rules=kabetopo-4p;lines=Wc4n;runners=Ec3,Sf1,Wc4+1,Nb4;pools=E:w0m0p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=W;turn=E
show(state, arrows=[("c3", "c4")])

# %%
after = play(state, "step c4")
print(after.decision)
legal(after)
ask(after, "bump b4")

# %%
final = play(after, "bump c5")
# position: rules=kabetopo-4p;lines=Wc4n;runners=Ec4+1,Sf1,Wc5+1,Nb4;pools=E:w0m0p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=2;order=W,E;turn=S;flags=x;turns=1
show(final)
print(final.to_text())

# %% [markdown]
# ## Bumping through a portal
#
# If a portal stands on one of the Mountain's lines, open on the Mountain's side, the bumper
# may push the runner through it and choose which portal side it comes out of (K-MTN-3,
# KNB-4). The pushed runner only ever lands on an empty square; it never leapfrogs or bumps
# in turn (K-LEAP-4).

# %%
state = example("mountain", "bump-through-a-portal-exit-choice")
# position: rules=kabetopo-4p;lines=P*e2n,P*c4e;runners=Ec3,Sf1,Wc4+1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=W;turn=E
show(state)

# %%
after = play(state, "step c4")
legal(after)
pushed = play(after, "bump-through c4e")
legal(pushed)

# %%
final = play(pushed, "exit e3s")
# position: rules=kabetopo-4p;lines=P*e2n,P*c4e;runners=Ec4+1,Sf1,We3+1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=2;order=W,E;turn=S;flags=x;turns=1
show(final)

# %% [markdown]
# A teleport can bump too: here East comes out of a portal right onto the occupied
# Mountain, and then chooses where West goes.

# %%
state = example("mountain", "teleport-onto-the-occupied-mountain-bumps")
after = play(state, "teleport b5e", "exit c4e")
# position: rules=kabetopo-4p;lines=P*c4e,P*b5e;runners=Ec4+1,Sf1,Wc4+1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=2;order=W,E;turn=E;phase=bump;flags=gb;lb=b5e,c4e;pending=bump:W:c4
show(after)

# %%
legal(after)

# %% [markdown]
# While a runner makes its move, the square it started from counts as empty (K-MOVE-3),
# so a runner it bumps may be put there. That holds through a portal too, however far from
# the Mountain the bumper started. East on e2 teleports through the portal on e2n onto
# the occupied Mountain, then pushes West into the portal on c4e: West may come out of
# either side of the portal on e2n, onto e3 or onto e2, the square East has just left.

# %%
far = position("lines=P*c4e,P*e2n;runners=Ee2,Sf1,Wc4+1,Na6;pools=E:w0m0p0l0s0;stones=3;order=W;turn=E")
show(far, arrows=[("e2", "c4")])

# %%
pushed = play(far, "teleport e2n", "exit c4e", "bump-through c4e")
legal(pushed)

# %%
swapped = play(pushed, "exit e2n")
# position: rules=kabetopo-4p;lines=P*e2n,P*c4e;runners=Ec4+1,Sf1,We2+1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=2;order=W,E;turn=S;flags=x;turns=1
show(swapped)

# %% [markdown]
# If the portal is locked on the Mountain's side, nobody can be pushed through it.

# %%
state = example("mountain", "no-bump-through-a-locked-side")
after = play(state, "step c4")
ask(after, "bump-through c4e")
ask(after, "bump d4")

# %% [markdown]
# ## Leapfrogs and the Mountain
#
# A runner may leapfrog onto the Mountain, from it, or over a runner standing on it
# (K-LEAP-4). These are ordinary leapfrogs: every line crossed must be open, and the
# "anything goes" rule of stepping down does not apply to jumps.

# %%
state = example("mountain", "leapfrog-onto-the-mountain")
# position: rules=kabetopo-4p;lines=-;runners=Ec2,Sc3,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, arrows=[("c2", "c4")])

# %%
after = play(state, "leap c4")
print(after.to_text())

# %%
state = example("mountain", "leapfrog-from-the-mountain")
# position: rules=kabetopo-4p;lines=Wc4n;runners=Ec4+1,Sc5,Wd4,Na6;pools=E:w0m0p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=E;turn=E
show(state)

# %%
ask(state, "leap e4")
ask(state, "leap c6")

# %% [markdown]
# Jumping over the Mountain is not going up it. East leaps from c3 over West, who stands
# on the Mountain, to c5: East never lands on c4, so it takes no stone (stones go to a
# runner that enters the Mountain, K-MTN-4) and bumps nobody. It still needs a stone.

# %%
state = example("mountain", "leapfrog-over-the-mountain")
# position: rules=kabetopo-4p;lines=-;runners=Ec3,Sf1,Wc4+1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;stones=3;order=W;turn=E
show(state, arrows=[("c3", "c5")])

# %%
ask(state, "leap c5")
after = play(state, "leap c5")
print("East carries", after.position.held[EAST], "stones; stones left on the Mountain:", after.position.site_stones[0])

# %% [markdown]
# ## Never more than two sides blocked
#
# The Mountain must stay climbable: at most two of its four lines may be blocked by walls,
# monoliths, or portals locked on the Mountain's side (K-INV-1 (c)). An open portal does not
# count, since runners can teleport onto the Mountain through it. Any drop that would block
# a third side is refused.

# %%
state = example("invariants", "mountain-at-most-two-sides-blocked")
# position: rules=kabetopo-4p;lines=P*e3n,Wb4e,Wc4n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w1m1p1l1s1,S:w3m1p1l1s1,W:w1m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, lines={"c4e": "drop"})

# %%
ask(state, "wall c4e")
ask(state, "monolith c3n")
ask(state, "portal c4e")

# %%
state = example("invariants", "mountain-side-lock-counts-as-a-block")
# position: rules=kabetopo-4p;lines=P*e3n,Wb4e,Wc4n,Pc4e;runners=Ef6,Sf1,Wa1,Na6;pools=E:w1m1p0l1s1,S:w3m1p1l1s1,W:w1m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "lock c4e")
ask(state, "lock d4w")

# %% [markdown]
# ## King of the Mountain: a rule option
#
# The designer's teaching guide adds a rule that the rulebooks leave out: nobody may bump on
# the turn right after a bump. The project keeps it off by default and offers it as the
# option `king_of_the_mountain` (K-TURN-6).

# %%
state = example("mountain", "king-of-the-mountain-is-an-option")
after = play(state, "step c4", "bump b4")
compare(after.to_text(), {"default": {}, "K-TURN-6 option": {"king_of_the_mountain": True}}, action="step c4")

# %% [markdown]
# ## Try it
#
# Climb the Mountain with East and choose where West goes: click East's runner on c3, then
# the Mountain c4. West is bumped, and the board offers its landing squares as numbered
# options, together with a push through the portal c4e (then pick the portal it comes out
# of). **Undo** and try another choice.

# %%
board = KabetopoBoard(example("mountain", "bump-through-a-portal"))
board

# %% [markdown]
# ## Exercise 1
#
# East on d4 steps up onto the Mountain, where North stands, and bumps it. Where may North
# be put? Answer with a set of `bump` actions, such as `{"bump c5"}`.

# %%
ex1 = position("lines=Wb4e,Wc3n;runners=Ed4,Sc5,Wa1,Nc4+1;pools=E:w0m0p0l0s0;stones=3;order=N;turn=E")
show(ex1, arrows=[("d4", "c4")])

# %%
answer = None  # your answer here, e.g. {"bump c5"}
after = ex1.copy()
after.apply("step c4")
expected = {str(a) for a in after.legal_actions if a.kind == "bump"}
check_answer(answer, expected, hint="walls do not matter for a bump; other runners do, and the square East just left is free again")

# %% [markdown]
# ## Exercise 2
#
# Two lines of the Mountain are blocked here, by a wall and a monolith. Which of
# `wall b4e`, `portal b4e` and `wall d4e` may East drop? Answer with a set of actions.

# %%
ex2 = position("lines=Wc4n,Mc3n,P*e3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w1m1p1l1s1;turn=E")
show(ex2, lines={"b4e": "drop", "d4e": "drop"})

# %%
answer = None  # your answer here, e.g. {"wall d4e"}
expected = {a for a in ("wall b4e", "portal b4e", "wall d4e") if ex2.explain(a).legal}
check_answer(answer, expected, hint="count the Mountain's blocked sides after each drop; an open portal is not a block")

# %% [markdown]
# ## Exercise 3
#
# East stands on the Mountain, with a wall on its up-right line (c4n), a monolith on its
# up-left line (b4e) and South on d4, down-right of it. Where can East step down? Answer
# with a set of `step` actions.

# %%
ex3 = position("lines=Mb4e,Wc4n;runners=Ec4+1,Sd4,Wa1,Na6;pools=E:w0m0p0l0s0;stones=3;order=E;turn=E")
show(ex3)

# %%
answer = None  # your answer here, e.g. {"step c3"}
expected = {str(a) for a in ex3.legal_actions if a.kind == "step"}
check_answer(answer, expected, hint="going down, nothing on a line stops you, but the square must be free")

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

ChallengeBoard(section="09")

# %% [markdown]
# Next: [10 · Doors](10-doors.ipynb).
