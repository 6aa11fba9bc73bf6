# %% [markdown]
# # 03 · Walls and the path rule
#
# This notebook follows the rulebook's **Resources: Walls** section (Rules v4.0). Dropping
# a wall is the simplest way to slow the other runners down, but two limits apply: a wall
# may not cut a corner off, and it may not trap a runner. The project states both limits,
# and the Mountain's limit from notebook 09, as one board check called K-INV-1; this
# notebook covers its parts (a) and (b). Other rulings used: K-TURN-1, K-TURN-2, K-GEO-3
# and K-INV-5.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, example, play, position, show

# %% [markdown]
# ## Dropping a wall
#
# Each player starts with three walls. Dropping one is a whole turn: the wall goes on any
# empty line between two squares, and the turn passes on at once with no bonus
# (K-TURN-1, K-TURN-2).

# %%
state = example("turn", "wall-grants-nothing")
# position: rules=kabetopo-4p;lines=-;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, lines={"c3n": "drop"})

# %%
after = play(state, "wall c3n")
print(after.decision)
# position: rules=kabetopo-4p;lines=Wc3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w2m1p1l1s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(after)

# %% [markdown]
# A line carries one piece at most (K-GEO-3): once a wall stands on `b2n`, nothing else
# may go on that line, whatever the piece. The line next to it, `b3n`, is still free.

# %%
state = example("resources", "one-piece-per-line")
# position: rules=kabetopo-4p;lines=Wb2n,P*e3n;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "wall b2n")
ask(state, "portal b2n")
ask(state, "wall b3n")

# %% [markdown]
# ## The path rule, part (a): corners and the Mountain stay reachable
#
# After a drop, every runner must still be able to reach **every corner square and the
# Mountain** by some sequence of moves (K-INV-1 (a)). Other runners do not count as
# obstacles for this check, since they will move on; only walls, monoliths, portals and
# locks do. The rulebook speaks of not blocking off a corner; the project applies the check
# to every runner and every corner, because a corner that one runner cannot reach is
# blocked off for that runner.
#
# Here the West corner a1 already has a wall on its up-right line, `a1n`. A wall on its
# down-right line, `a1e`, would close it completely, so it is refused, even though West
# itself stands outside.

# %%
state = example("invariants", "every-corner-stays-reachable")
# position: rules=kabetopo-4p;lines=Wa1n;runners=Ef6,Sf1,Wb2,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w2m1p1l1s1,N:w3m1p1l1s1;turn=W
show(state, lines={"a1e": "drop"}, highlights={"a1": "bad"})

# %%
ask(state, "wall a1e")
ask(state, "monolith a1e")
ask(state, "wall a2e")
ask(state, "wall b1n")

# %% [markdown]
# The same holds for a larger region. Walls already fence a1, a2, b1 and b2 off on three
# sides; the fourth wall on `b2e` would seal the region, so no runner outside could reach
# the corner a1. The blue path shows the one way in that is left.

# %%
state = example("invariants", "region-without-a-portal-is-cut-off")
path = state.shortest_path("f6", ["a1"])
# position: rules=kabetopo-4p;lines=Wb1e,Wa2n,Wb2n,P*e3n;runners=Ef6,Sf1,Wa3,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w0m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, lines={"b2e": "drop"}, path=path)

# %%
ask(state, "wall b2e")
ask(state, "wall c2e")
print("moves from f6 to a1:", state.moves_to("f6", ["a1"]))

# %% [markdown]
# Portals count as ways in and out (notebook 05). The same region stays legal while an
# unlocked side of a portal leads into it, and then the *lock* that would close the last
# portal side is the refused action.

# %%
state = example("invariants", "a-portal-keeps-a-region-reachable")
# position: rules=kabetopo-4p;lines=Wb1e,Wa2n,Pa2e,Wb2n,P*e3n;locks=a2e;runners=Ef6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w0m1p0l0s1,N:w3m1p1l1s1;turn=E
show(state, lines={"b2e": "drop"})

# %%
after = play(state, "wall b2e")
ask(after, "lock b2w")
print("moves from f6 to a1 now:", after.moves_to("f6", ["a1"]))

# %% [markdown]
# ## The path rule, part (b): no runner shut in
#
# A drop may not leave a runner with all four of its sides blocked (K-INV-1 (b)). The board
# rim counts as a block; an open portal side does not, since the runner can teleport out.
# Below, West on b3 has walls on three sides, so the fourth wall is refused.

# %%
state = position("lines=Wb3n,Wa3e,Wb2n;runners=Ef6,Sf1,Wb3,Na6;pools=W:w0m1p1l1s1;turn=E")
show(state, lines={"b3e": "drop"}, highlights={"b3": "bad"})

# %%
ask(state, "wall b3e")
ask(state, "wall c3n")

# %% [markdown]
# A runner may not be trapped in a bigger pen either: part (a) catches that, because the
# penned runner could no longer reach the corners. Here West could still walk between b3
# and c3, but no further.

# %%
state = position("lines=Wb3n,Wa3e,Wb2n,Wc3n,Wc2n;runners=Ef6,Sf1,Wb3,Na6;pools=S:w2m1p1l1s1,W:w0m1p1l1s1,N:w2m1p1l1s1;turn=E")
show(state, lines={"c3e": "drop"}, highlights={"b3": "bad", "c3": "bad"})

# %%
ask(state, "wall c3e")

# %% [markdown]
# ## Runners who are already home still count
#
# The check covers every runner on the board, finished ones included (K-INV-5). South is
# home on a6 in this position; the region around it can only be entered by coming down from
# the Mountain, so a wall on `c6e` would leave South with no way out.

# %%
state = example("invariants", "finished-runners-count-too")
# position: rules=kabetopo-4p;lines=Wc4n,Wa5n,Wb5n,Wb5e,Wc5e;runners=Ef6,Sa6+1,Wa1,Nb2;pools=E:w3m1p1l1s1,S:w0m1p1l1s1,W:w1m1p1l1s1,N:w3m1p1l1s1;stones=3;order=S;homes=Sa6;turn=E
show(state, lines={"c6e": "drop"})

# %%
ask(state, "wall c6e")
ask(state, "wall d6e")

# %% [markdown]
# ## When the check runs
#
# K-INV-1 is checked after every drop and every door swing (K-INV-5). Plain moves are not
# checked: a runner may walk into a dead end by itself (notebook 09 shows one). The engine
# can list what is wrong with any position with `state.problems()`; a legal game never
# produces a problem through a drop.

# %%
print(state.problems())

# %% [markdown]
# ## Try it: find the drops the path rule refuses
#
# On this board East may drop a wall on almost any empty line. Click a line to see what may
# go there; a refused click names the ruling. Two of the empty lines would break the path
# rule (K-INV-1): find them both, and read why each is refused.

# %%
board = KabetopoBoard(position("lines=Wa1n,Wb3n,Wa3e,Wb2n;runners=Ef6,Sf1,Wb3,Na6;pools=W:w0m1p1l1s1,N:w2m1p1l1s1;turn=E"))
board

# %% [markdown]
# ## Exercise 1
#
# West stands on a3, on the board's edge, with walls on `a3n` and `a2n`. Is `wall a3e`
# legal for East here? Answer `True` or `False`.

# %%
state = position("lines=Wa3n,Wa2n;runners=Ef6,Sf1,Wa3,Na6;pools=W:w1m1p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here: True or False
expected = state.explain("wall a3e").legal
check_answer(answer, expected, hint="count West's blocked sides after the drop; the rim counts")

# %% [markdown]
# ## Exercise 2
#
# Now the North corner a6, with walls on `a6e` and `a4n`. Which of the lines `a5n`, `a5e`
# and `b5n` may East close with a wall? Answer with a set of line names, such as
# `{"a5n"}` (or `set()` for none).

# %%
state = position("lines=Wa6e,Wa4n;runners=Ef6,Sf1,Wa1,Nc6;pools=N:w1m1p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here, e.g. {"a5n"}
expected = {ln for ln in ("a5n", "a5e", "b5n") if state.explain(f"wall {ln}").legal}
check_answer(answer, expected, hint="a corner needs a way in; so does a small region around it, such as a6 with a5")

# %% [markdown]
# ## Exercise 3
#
# West on e3 is fenced into e3 and e4 on five of the pen's six sides. Which of the lines
# `e3e`, `e3n` and `f3n` would a wall drop by East be refused on? Answer with the set of
# refused lines, such as `{"f3n"}`.

# %%
state = position("lines=We4n,We2n,Wd3e,Wd4e,We4e;runners=Ef6,Sf1,We3,Na6;pools=W:w0m1p1l1s1,N:w1m1p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here, e.g. {"f3n"}
expected = {ln for ln in ("e3e", "e3n", "f3n") if not state.explain(f"wall {ln}").legal}
check_answer(answer, expected, hint="only the line that closes the pen around West matters; an empty square may be fenced off")

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

ChallengeBoard(section="03")

# %% [markdown]
# Next: [04 · Monoliths and bonus moves](04-monoliths-and-bonus-moves.ipynb).
