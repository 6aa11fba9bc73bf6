# %% [markdown]
# # 05 · Portals and teleporting
#
# This notebook follows two sections of the 4-player rulebook (Rules v4.0):
# **Resources: Portals** (using and dropping portals) and **Special Moving Rules:
# Teleporting**. Rulings used: K-PORT-1, K-PORT-2, K-MOVE-3, K-INV-2, K-TURN-2, K-TURN-7,
# K-TURN-9. Locks on portals come in notebook 06.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## A portal is not a doorway
#
# A portal stands on a line, like a wall. Nobody walks across that line (K-PORT-1): the
# only way "through" a portal is to teleport. Here East on c5 has a portal on `c5e`, its
# down-right line, and cannot step to d5, but may step elsewhere or teleport.

# %%
state = example("teleport", "portal-line-not-crossed-on-foot")
# position: rules=kabetopo-4p;lines=P*e2n,P*c5e;runners=Ec5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, highlights={"d5": "bad"})

# %%
ask(state, "step d5")
ask(state, "teleport c5e")
ask(state, "step c6")

# %% [markdown]
# ## Teleporting
#
# A runner whose square touches a portal may, as its move, go into that portal and come
# out beside **any other portal** on the board, on whichever of its two sides the player
# picks (K-PORT-2). Portals belong to nobody; any runner may use any of them.
#
# The engine splits a teleport into two decisions: `teleport <side>` goes in, then
# `exit <side>` names the side to come out of (a side is named from the square it faces).
# East on b5 enters the portal on `b5e`, its down-right line; the two squares by the other
# portal, e2 and e3, are the possible exits. Coming back out of the same portal is not offered.

# %%
state = example("teleport", "teleport-to-any-side-of-another-portal")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Eb5,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, highlights={"e2": "move", "e3": "move"}, arrows=[("b5", "e3")])

# %%
inside = play(state, "teleport b5e")
print(inside.decision)
legal(inside)
ask(inside, "exit c5w")

# %% [markdown]
# Until the exit is chosen nothing else can happen (K-TURN-7). Choosing `exit e3s` puts
# East on e3, and that was the whole move: the turn passes to South.

# %%
after = play(inside, "exit e3s")
print(after.decision)
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Ee3,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(after, path=["b5", "e3"])

# %% [markdown]
# ## Teleporting is a move of its own
#
# Only a runner that *starts* its move on a square touching the portal can enter it. A
# runner one square away must first step up to it, and then the turn is normally over: the
# teleport waits for the next turn (notebook 07 shows how the speed token changes that).

# %%
state = example("teleport", "teleport-only-from-a-square-touching-the-portal")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Eb4,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "teleport b5e")
# the same runner, this time holding a speed token, so its turn stays open after the step
after = play(example("teleport", "reaching-a-portal-is-not-teleporting"), "step b5")
ask(after, "teleport b5e")

# %% [markdown]
# ## A teleport must go somewhere
#
# Every move changes the runner's square (K-MOVE-3). A runner touching two portals may
# teleport from one to the other, but it may not come out of a side that faces its own
# square.

# %%
state = example("movement", "no-teleport-back-to-the-own-square")
# position: rules=kabetopo-4p;lines=P*c2n,P*c2e;runners=Ec2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
inside = play(state, "teleport c2n")
legal(inside)
ask(inside, "exit c2e")

# %% [markdown]
# ## Dropping a portal
#
# Each player holds one portal to drop. It may go on any empty line, with two exceptions
# (K-INV-2): never on the rim of the board (the rim holds no pieces at all), and never on
# the two lines of a corner square.

# %%
state = example("resources", "portal-drops-avoid-corner-lines")
# position: rules=kabetopo-4p;lines=-;runners=Ef5,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, lines={"e6e": "drop", "f5n": "drop", "e5e": "drop"})

# %%
ask(state, "portal e6e")
ask(state, "portal f5n")
ask(state, "portal e5e")
ask(state, "wall e6e")

# %% [markdown]
# ## A portal on your own square: a bonus teleport
#
# If the portal is dropped on one of the lines of the dropping runner's own square, the
# player may teleport in the same turn (K-TURN-2). That bonus is a teleport and nothing
# else: it cannot be spent on a step. It may use any portal side touching the runner's
# square (K-TURN-9), not only the new one.

# %%
state = example("turn", "portal-on-own-square-grants-a-teleport")
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, lines={"e3e": "drop"})

# %%
after = play(state, "portal e3e")
legal(after)
ask(after, "step d3")

# %% [markdown]
# Dropped anywhere else, a portal earns nothing and the turn ends.

# %%
state = example("turn", "portal-elsewhere-grants-nothing")
after = play(state, "portal d3n")
print(after.decision)

# %% [markdown]
# ## Try it
#
# Click East's runner: a `T` marks the portal it can enter. Click it, then pick an exit
# from the numbered options.

# %%
board = KabetopoBoard(example("teleport", "teleport-to-any-side-of-another-portal"))
board

# %% [markdown]
# ## Exercise 1
#
# East on e3 enters the portal on `e3n`, its up-right line. Where can it come out? Answer
# with the set of `exit` actions, such as `{"exit b2e"}`.

# %%
state = example("turn", "exit-is-chosen-before-anything-else")
inside = state.copy()
inside.apply("teleport e3n")
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;runners=Ee3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
answer = None  # your answer here, e.g. {"exit b2e"}
expected = {str(a) for a in inside.legal_actions if a.kind == "exit"}
check_answer(answer, expected, hint="both sides of every other portal")

# %% [markdown]
# ## Exercise 2
#
# Now the West corner a1, at the start of a round. On which of the lines `a1n`, `a2n`,
# `a2e`, `b1n` and `a1e` may East drop its portal? Answer with a set of lines, such as
# `{"a2n"}`.

# %%
state = position("runners=Ef6,Sf1,Wa1,Na6;turn=E")
show(state, lines={"a1n": "drop", "a2n": "drop", "a2e": "drop", "b1n": "drop", "a1e": "drop"})

# %%
answer = None  # your answer here, e.g. {"a2n"}
expected = {ln for ln in ("a1n", "a2n", "a2e", "b1n", "a1e") if state.explain(f"portal {ln}").legal}
check_answer(answer, expected, hint="a corner square's two lines are the ones that touch a1 itself")

# %% [markdown]
# ## Exercise 3
#
# East on d3 already stands by a portal, the one on `d2n`. East drops its own portal on
# `d3e`, a line of its own square. Which of these may East do next: `step c3`,
# `teleport d3s` (into the portal on `d2n`, through its side facing d3), `teleport d3e`
# (into the new portal) and `end`? Answer with a set, such as `{"end"}`.

# %%
state = position("lines=P*d2n,P*b5e;runners=Ed3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0;turn=E")
state.apply("portal d3e")
# position: rules=kabetopo-4p;lines=P*d2n,Pd3e,P*b5e;runners=Ed3,Sf1,Wa1,Na6;pools=E:w3m1p0l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;bonus=teleport;flags=g
show(state)

# %%
answer = None  # your answer here, e.g. {"end"}
expected = {a for a in ("step c3", "teleport d3s", "teleport d3e", "end") if state.explain(a).legal}
check_answer(answer, expected, hint="the bonus is a teleport only, through any portal touching East's square, and it may be given up")

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

ChallengeBoard(section="05")

# %% [markdown]
# Next: [06 · Locks](06-locks.ipynb).
