# %% [markdown]
# # 04 · Monoliths and bonus moves
#
# This notebook follows the rulebook's **Resources: Monoliths** section (Rules v4.0). A
# monolith behaves on the board exactly like a wall, with one difference that matters a lot
# in play: the player who drops it may move afterwards in the same turn. Rulings used:
# K-TURN-1, K-TURN-2, K-TURN-3, K-TURN-7, K-TURN-8, K-TURN-11, K-INV-1, K-DOOR-1.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## A monolith blocks like a wall
#
# Runners cannot step across a monolith (K-MOVE-1), and a monolith must obey the same board
# check as a wall: it may not cut off a corner or the Mountain, or shut a runner in
# (K-INV-1). Below, a monolith on `a1e` would close the West corner just as a wall would.

# %%
state = example("invariants", "every-corner-stays-reachable")
# position: rules=kabetopo-4p;lines=Wa1n;runners=Ef6,Sf1,Wb2,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w2m1p1l1s1,N:w3m1p1l1s1;turn=W
show(state, lines={"a1e": "drop"})

# %%
ask(state, "monolith a1e")
ask(state, "monolith a2e")

# %% [markdown]
# ## The bonus move
#
# Dropping a monolith is the turn's main action, and it earns **one extra move** right
# away (K-TURN-2). The move may be any kind of move: a step, a teleport, a leapfrog. It is
# optional; `end` gives it up. What the bonus never allows is a second drop (K-TURN-1).
#
# East drops a monolith far away on `c3n` and then still has a move to make.

# %%
state = example("turn", "monolith-grants-a-bonus-move")
# position: rules=kabetopo-4p;lines=-;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, lines={"c3n": "drop"})

# %%
after = play(state, "monolith c3n")
print(after.decision)
legal(after)
ask(after, "wall d3n")

# %%
done = play(after, "step e6")
print(done.decision)
# position: rules=kabetopo-4p;lines=Mc3n;runners=Ee6,Sf1,Wa1,Na6;pools=E:w3m0p1l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(done, path=["f6", "e6"])

# %% [markdown]
# A wall earns nothing of the kind: after a wall the turn is over.

# %%
state = example("turn", "wall-grants-nothing")
after = play(state, "wall c3n")
print(after.decision)

# %% [markdown]
# ## Monolith, bonus move, speed token
#
# The bonus move and the speed token (notebook 07) add up. East drops a monolith, steps
# with the bonus, and may then cash in the token for one more step, so its runner covers
# two squares in the turn it also built something (K-TURN-3, K-TURN-11).

# %%
state = example("movement", "monolith-bonus-then-speed-move")
# position: rules=kabetopo-4p;lines=-;runners=Ed2,Sf1,Wa1,Na6;pools=E:w0m1p0l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
after = play(state, "monolith a3n", "step d3")
legal(after)
ask(after, "step d4")           # the bonus is used up
ask(after, "speed step d4")     # but the speed token is not
final = play(after, "speed step d4")
# position: rules=kabetopo-4p;lines=Ma3n;runners=Ed4,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(final, path=["d2", "d3", "d4"])

# %% [markdown]
# The extras may come in either order (K-TURN-7): after the monolith, East may take the
# speed move first and keep the bonus move for after. But the speed move never stands
# alone (K-TURN-11): once it is made, the bonus move is owed, so `end` waits until it has
# been made. Only one speed move exists per turn (K-TURN-8).

# %%
state = example("turn", "speed-before-the-bonus-move")
after = play(state, "monolith c3n", "speed step e6")
legal(after)
ask(after, "speed step d6")
ask(after, "end")

# %% [markdown]
# ## Monoliths are never doors
#
# Three walls in a row turn the middle one into a door that can swing open (rulebook,
# Doors). A monolith can be one of the two outer pieces of such a row, but a monolith itself
# never opens (K-DOOR-1). Here East stands by the monolith on `d2n` and cannot swing it.

# %%
state = example("doors", "monolith-is-never-a-door")
# position: rules=kabetopo-4p;lines=M*b2n,Wc2n,M*d2n,We2n;runners=Ed2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s1,S:w1m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "door d2n d3w")

# %% [markdown]
# ## Try it
#
# Drop East's monolith by clicking a line and choosing *monolith*, then click a square for
# the bonus move.

# %%
board = KabetopoBoard(example("turn", "monolith-grants-a-bonus-move"))
board

# %% [markdown]
# ## Exercise 1
#
# East on c2 has a wall on `c2e` and no speed token. It drops its monolith on `c1n`, one
# of its own lines. Which moves may East make with the bonus? Answer with a set of
# actions, such as `{"step f5"}`.

# %%
state = position("lines=Wc2e;runners=Ec2,Sf1,Wa1,Na6;pools=E:w2m1p1l1s0;turn=E")
state.apply("monolith c1n")
# position: rules=kabetopo-4p;lines=Mc1n,Wc2e;runners=Ec2,Sf1,Wa1,Na6;pools=E:w2m0p1l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;bonus=move;flags=g
show(state)

# %%
answer = None  # your answer here, e.g. {"step f5"}
expected = {str(a) for a in state.legal_actions if a.is_move}
check_answer(answer, expected, hint="the monolith just dropped blocks a step like any wall, and so does the wall on c2e")

# %% [markdown]
# ## Exercise 2
#
# East on e4 still holds its speed token. East drops its monolith on `b2n` and takes the
# bonus step to e5. Which of `step e6`, `speed step e6`, `wall c3n` and `end` are legal
# now? Answer with a set, such as `{"wall c3n"}`.

# %%
state = position("runners=Ee4,Sf1,Wa1,Na6;pools=E:w1m1p0l0s1;turn=E")
state.apply("monolith b2n")
state.apply("step e5")
# position: rules=kabetopo-4p;lines=Mb2n;runners=Ee5,Sf1,Wa1,Na6;pools=E:w1m0p0l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;flags=gm
show(state)

# %%
answer = None  # your answer here, e.g. {"wall c3n"}
expected = {a for a in ("step e6", "speed step e6", "wall c3n", "end") if state.explain(a).legal}
check_answer(answer, expected, hint="a monolith earns one move, the token one more, and no turn holds a second drop")

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

ChallengeBoard(section="04")

# %% [markdown]
# Next: [05 · Portals and teleporting](05-portals-and-teleporting.ipynb).
