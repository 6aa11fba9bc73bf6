# %% [markdown]
# # 02 · Moving and passing
#
# This notebook follows the section **Playing the Game** of the 4-player rulebook (Rules
# v4.0): who plays when, what one turn may contain, how a runner steps, who may share a
# square, and when a player must pass. The rulings used are K-TURN-1, K-TURN-5, K-MOVE-1,
# K-MOVE-2, K-MOVE-3 and KNB-5.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## Whose turn?
#
# The dark runner, East, always opens the round. After that, play goes round the table
# clockwise: East, South, West, North, then East again (K-TURN-5). Players who are already
# home are skipped.

# %%
state = example("turn", "order-of-play-east-south-west-north")
show(state)

# %%
after = play(state, "step e6", "step e1", "step b1", "step b6")
print(after.decision)

# %% [markdown]
# ## One action per turn
#
# In a turn a player does one main thing: either **move** the runner or **use one piece**
# from the pool (drop a wall, monolith, portal or lock, or unlock). Some choices earn a
# little extra afterwards, which later notebooks cover; the main action always comes first
# (K-TURN-1, K-TURN-7). When something optional is still open, such as an unused speed
# token, the player ends the turn with `end`.

# %%
state = example("turn", "main-action-comes-first")
show(state)

# %%
ask(state, "end")               # nothing done yet: no turn to end
ask(state, "speed step e6")     # the speed token only comes after the main action
after = play(state, "step e6")
ask(after, "wall c3n")          # one main action per turn
ask(after, "end")

# %% [markdown]
# ## A step: one square, straight
#
# A move in its simplest form is a **step** to one of the (at most four) squares that share
# a side with the runner's square. A runner never moves diagonally, never jumps two squares
# in a step, and never leaves the board (K-MOVE-1). On the diamond, "sharing a side" means
# the four squares up-left, up-right, down-left and down-right of it.

# %%
state = example("movement", "step-one-square-orthogonally")
show(state, highlights={"d3": "move", "e2": "move", "d1": "move", "c2": "move", "e3": "bad", "d4": "bad"})

# %%
legal(state)
ask(state, "step e3")
ask(state, "step d4")

# %% [markdown]
# ## The edge of the board
#
# A runner on the rim of the board has only three neighbours (and one on a corner only two),
# because no step goes off the board.

# %%
state = example("movement", "edge-of-the-board")
show(state)

# %%
legal(state)

# %% [markdown]
# ## Walls and monoliths stop a step
#
# A wall or monolith on the line between two squares blocks a step across it (K-MOVE-1).
# Here East on d2 has a wall on its up-right line (`d2n`) and a monolith on its down-right
# line (`d2e`), so only two steps are left. (Notebooks 03 and 04 are about these pieces.)

# %%
state = example("movement", "walls-and-monoliths-block-steps")
show(state)

# %%
legal(state)
ask(state, "step d3")
ask(state, "step e2")

# %% [markdown]
# ## One runner per square, except on the corners
#
# A square away from the corners holds one runner at most, so a runner cannot step onto a
# square that is already taken (K-MOVE-2).

# %%
state = example("movement", "one-runner-per-square")
show(state, highlights={"f2": "bad"})

# %%
ask(state, "step f2")
legal(state)

# %% [markdown]
# The four corners are different: any number of runners may stand on one. East may walk
# onto South's home corner while South is still there.

# %%
state = example("movement", "corners-hold-several-runners")
show(state, highlights={"f1": "move"})

# %%
after = play(state, "step f1")
show(after)

# %% [markdown]
# ## A move always goes somewhere
#
# Every move must end on a different square from the one it started on (K-MOVE-3): there is
# no "stepping on the spot" to waste a turn.

# %%
state = example("movement", "a-move-changes-the-square")
ask(state, "step d2")
ask(state, "step d3")

# %% [markdown]
# ## Passing
#
# A player may not skip a turn while anything at all is legal (K-TURN-5). Only when the
# runner cannot move and no piece can be dropped does the player pass; the engine offers
# `pass` as the one legal action then, and records it like any other (KNB-5).
#
# The plain case first. East has dropped every piece it had: its pool in the position text
# reads `w0m0p0l0s0`. South and West stand on the two squares next to East's corner, and a
# runner never steps onto a taken square. (A runner may sometimes jump over another one,
# notebook 08, but the walls right behind South and West stop that here.) East can neither
# move nor drop anything, so `pass` is its one legal action.

# %%
state = example("turn", "pass-with-nothing-left-to-do")
show(state)

# %%
legal(state)
after = play(state, "pass")
print(after.decision)

# %% [markdown]
# Passing is never a choice, though: at the start of a round East could do plenty, so a
# pass is refused.

# %%
state = example("turn", "no-pass-while-an-action-is-legal")
ask(state, "pass")

# %% [markdown]
# Now an edge case: a full pool, and still nothing to do. Here East has stepped down from the Mountain into a pocket closed by walls on all sides
# (notebook 09 explains how that can happen). It cannot move, and every drop is refused
# because the board already breaks the rule that every runner must be able to get out
# (notebook 03). So East must pass.

# %%
state = example("turn", "forced-pass")
show(state)

# %%
legal(state)
ask(state, "monolith a3n")
after = play(state, "pass")
print(after.decision)

# %% [markdown]
# ## Try it on a board
#
# Click East's runner, then a square. Refused clicks show the ruling that forbids them.

# %%
board = KabetopoBoard(example("movement", "one-runner-per-square"))
board

# %% [markdown]
# ## Exercise 1
#
# In this position, where can East (on e4) step? Answer with a set such as `{"step c2"}`.

# %%
state = position("lines=Wd4e,Me3n;runners=Ee4,Sf4,Wa1,Na6;pools=E:w2m0p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here, e.g. {"step c2"}
expected = {str(a) for a in state.legal_actions if a.kind == "step"}
check_answer(answer, expected, hint="a wall or monolith on a line blocks the step across it, and a taken square is no destination")

# %% [markdown]
# ## Exercise 2
#
# East is on e1, next to the South corner f1, where South and West already stand. Which of
# `step f1` and `step e1` are legal for East? Answer with the set of the legal ones, such
# as `{"step e1"}` (or `set()` if neither is).

# %%
state = example("movement", "three-runners-on-one-corner")
show(state)

# %%
answer = None  # your answer here, e.g. {"step e1"}
expected = {a for a in ("step f1", "step e1") if state.explain(a).legal}
check_answer(answer, expected, hint="corners hold any number of runners; and a move must change the square")

# %% [markdown]
# ## Exercise 3
#
# East on d5 is surrounded: a wall on one line, the three other runners beyond the other
# three, and walls right behind them. East has dropped all its pieces but still holds its
# speed token (`s1` in its pool). What are East's legal actions? Answer with the set of
# actions.

# %%
state = position("lines=Wd5n,We5e,Wd3n,Wb5e;runners=Ed5,Se5,Wd4,Nc5;pools=E:w0m0p0l0s1,S:w2m1p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here, e.g. {"step c6"}
expected = {str(a) for a in state.legal_actions}
check_answer(answer, expected, hint="the speed token only ever comes after the turn's main action; when nothing else is legal, one action always is")

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

ChallengeBoard(section="02")

# %% [markdown]
# Next: [03 · Walls and the path rule](03-walls-and-the-path-rule.ipynb).
