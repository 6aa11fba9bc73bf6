# %% [markdown]
# # 08 · Leapfrogging
#
# This notebook follows the rulebook's **Special Moving Rules: Leapfrogging** section
# (Rules v4.0). A runner blocked by another runner may jump over it. Rulings used:
# K-LEAP-1 (the jump), K-LEAP-2 (through a portal, and its rule option), K-LEAP-3 (never
# onto a corner), K-PORT-1, K-MOVE-2, K-LEAP-5, K-LEAP-6, and the project's ruling KNB-3.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, compare, example, legal, play, position, show

# %% [markdown]
# ## Jumping over a neighbour
#
# A runner cannot step onto a taken square (K-MOVE-2), but when another runner stands right
# beside it, it may **leapfrog**: jump straight over and land on the square just behind
# (K-LEAP-1). The jump is one move, written `leap <landing square>`.

# %%
state = example("leapfrog", "leap-over-one-runner")
# position: rules=kabetopo-4p;lines=-;runners=Eb3,Sc3,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, arrows=[("b3", "d3")])

# %%
ask(state, "step c3")
ask(state, "leap d3")
ask(state, "leap e3")

# %% [markdown]
# ## A whole row of runners
#
# Several runners standing in a row can be cleared in one jump; the jumper lands on the
# first free square after the last of them and cannot stop in between.

# %%
state = example("leapfrog", "leap-over-several-runners")
# position: rules=kabetopo-4p;lines=-;runners=Ea3,Sb3,Wc3,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, arrows=[("a3", "d3")])

# %%
ask(state, "leap d3")
ask(state, "leap c3")

# %% [markdown]
# ## Straight only
#
# The jump keeps its direction: no turning a corner in mid-air.

# %%
state = example("leapfrog", "leap-is-straight")
# position: rules=kabetopo-4p;lines=-;runners=Eb3,Sc3,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, highlights={"d3": "move", "d4": "bad", "c4": "bad"})

# %%
ask(state, "leap d4")
ask(state, "leap c4")

# %% [markdown]
# ## What stops a jump
#
# Every line the jump crosses must be open: a wall or monolith between the two runners, or
# right behind the jumped runner, stops it. So does the board's edge behind the jumped
# runner, since there is nowhere to land. A portal line is not open either: portals are
# never crossed on foot (K-PORT-1).

# %%
state = example("leapfrog", "wall-behind-the-jumped-runner")
# position: rules=kabetopo-4p;lines=Wc3e;runners=Eb3,Sc3,Wb4,Na6;pools=E:w0m0p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "leap d3")
ask(state, "leap b5")   # over West, in another direction

# %%
state = example("leapfrog", "wall-between-the-runners")
# position: rules=kabetopo-4p;lines=M*b3e;runners=Eb3,Sc3,Wb4,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "leap d3")

# %%
state = example("leapfrog", "portal-between-the-runners")
# position: rules=kabetopo-4p;lines=P*b3e,P*e5n;runners=Eb3,Sc3,Wb4,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(state, "leap d3")
ask(state, "teleport b3e")

# %%
state = example("leapfrog", "board-edge-behind-the-jumped-runner")
# position: rules=kabetopo-4p;lines=-;runners=Ee3,Sf3,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
legal(state)

# %% [markdown]
# ## Never onto a corner
#
# A leapfrog never lands on a corner square, even an empty one (K-LEAP-3).

# %%
state = example("leapfrog", "no-leap-onto-a-corner")
# position: rules=kabetopo-4p;lines=-;runners=Ef4,Sf5,We4,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, highlights={"f6": "bad", "d4": "move"})

# %%
ask(state, "leap f6")
ask(state, "leap d4")

# %% [markdown]
# ## Leapfrogging through a portal
#
# When a teleport's chosen exit square is taken, the runner jumps the runner standing there
# and lands on the next square straight on, in the direction it came out of the portal
# (K-LEAP-2). All the usual conditions hold: an open line behind, a free square, no corner.
#
# East enters the portal on `b5e` and chooses to come out of the portal on `e2n` on its
# side facing e3 (the exit `e3s`), where West stands: East lands on e4.

# %%
state = example("leapfrog", "leap-through-a-portal-lands-beyond")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Eb5,Sf1,We3,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state, arrows=[("b5", "e3"), ("e3", "e4")])

# %%
inside = play(state, "teleport b5e")
legal(inside)
after = play(inside, "exit e3s")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Ee4,Sf1,We3,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(after)

# %% [markdown]
# The same jump out of a portal may clear a whole row of runners ...

# %%
state = example("leapfrog", "leap-through-two-runners-after-a-portal")
after = play(state, "teleport b5e", "exit e3s")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Ee5,Se4,We3,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(after)

# %% [markdown]
# ... but a wall right behind the runner at the exit makes that exit unusable, and so does
# a corner.

# %%
state = example("leapfrog", "leap-through-a-portal-blocked-by-a-wall")
inside = play(state, "teleport b5e")
# position: rules=kabetopo-4p;lines=P*e2n,We3n,P*b5e;runners=Eb5,Sf1,We3,Na6;pools=E:w0m0p0l0s0,S:w2m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(inside, "exit e3s")
ask(inside, "exit e2n")

# %%
state = example("leapfrog", "leap-through-a-portal-never-onto-a-corner")
inside = play(state, "teleport b5e")
# position: rules=kabetopo-4p;lines=P*b5e,P*d6e;runners=Eb5,Sf1,We6,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
ask(inside, "exit e6w")

# %% [markdown]
# ## Jumping into a portal: the K-LEAP-2 option
#
# What if a *portal* stands right behind the runner to be jumped? By default the jump is
# simply not possible: it would cross a portal line on foot (K-LEAP-2). Some players read
# the rulebook's remark about leapfrogging "through a portal" as allowing exactly this
# jump, so the project offers it as the rule option `leap_into_portal`: the jumper goes on
# into the portal and comes out beside another portal exactly as a teleport would, over a
# runner on the exit square or bumping the runner on the Mountain included (KNB-3 and
# K-LEAP-5; the action is `leap-portal <side>`). One move never goes into a portal by the
# same side twice, though it may go back into a portal it used through the other side
# (K-LEAP-6).

# %%
state = example("leapfrog", "leap-into-a-portal-is-illegal-by-default")
# position: rules=kabetopo-4p;lines=P*c3e,P*b5e;runners=Eb3,Sc3,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
compare(
    state.to_text(),
    {"default": {}, "K-LEAP-2 option": {"leap_into_portal": True}},
    action="leap-portal c3e",
)

# %% [markdown]
# Under the option, the jumper then picks an exit as after any teleport.

# %%
state = example("leapfrog", "leap-into-a-portal-option")
inside = play(state, "leap-portal c3e")
legal(inside)

# %% [markdown]
# ## Try it
#
# East can leapfrog West here in one direction but not the other: click East, then the
# squares beyond West.

# %%
board = KabetopoBoard(example("leapfrog", "wall-behind-the-jumped-runner"))
board

# %% [markdown]
# ## Exercise 1
#
# East on d6 is surrounded by the three other runners, and a wall stands on `b6e`. Where
# can East leapfrog? Answer with a set of `leap` actions, such as `{"leap b1"}`.

# %%
state = position("lines=Wb6e;runners=Ed6,Se6,Wc6,Nd5;pools=E:w2m1p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here, e.g. {"leap b1"}
expected = {str(a) for a in state.legal_actions if a.kind == "leap"}
check_answer(answer, expected, hint="look behind each neighbour: a wall, a corner, or a free square?")

# %% [markdown]
# ## Exercise 2
#
# East on c5 enters the portal on `c5e`. By the other portal, on `b2n`, North stands on b2
# and South on b3, with West beyond South on b4; a wall stands on `b1n`. Which exits may
# East choose? Answer with a set of `exit` actions.

# %%
state = position("lines=P*c5e,P*b2n,Wb1n;runners=Ec5,Sb3,Wb4,Nb2;pools=E:w2m1p1l1s1;turn=E")
inside = state.copy()
inside.apply("teleport c5e")
show(state)

# %%
answer = None  # your answer here, e.g. {"exit e2n"}
expected = {str(a) for a in inside.legal_actions if a.kind == "exit"}
check_answer(answer, expected, hint="coming out onto a taken square means jumping every runner in the row, straight on, over open lines")

# %% [markdown]
# ## Exercise 3
#
# Under the default rules, is `leap d4` legal for East here? Answer `True` or `False`.

# %%
state = position("lines=P*d3n,P*b5e;runners=Ed2,Sd3,Wa1,Na6;turn=E")
show(state)

# %%
answer = None  # your answer here: True or False
expected = state.explain("leap d4").legal
check_answer(answer, expected, hint="what stands on the line behind South?")

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

ChallengeBoard(section="08")

# %% [markdown]
# Next: [09 · The Mountain](09-the-mountain.ipynb).
