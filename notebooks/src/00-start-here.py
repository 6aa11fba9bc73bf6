# %% [markdown]
# # 00 · Start here
#
# Welcome to **kabetopo-nb**, a set of notebooks for learning Kabetopo, a race game for two
# to four players on a 6x6 board full of walls, monoliths and portals. These first ten
# notebooks follow the sections of the 4-player rulebook (Rules v4.0), one topic each:
#
# | notebook | topic | rulebook section |
# |---|---|---|
# | 01 | the board, the pieces and the setup | Contents, Setup, Appendix: the 2x2 Field Setup |
# | 02 | moving and passing | Playing the Game |
# | 03 | walls and the path rule | Resources: Walls |
# | 04 | monoliths and bonus moves | Resources: Monoliths |
# | 05 | portals and teleporting | Resources: Portals; Special Moving Rules: Teleporting |
# | 06 | locks | Resources: Locks |
# | 07 | speed tokens | Resources: Speed Tokens |
# | 08 | leapfrogging | Special Moving Rules: Leapfrogging |
# | 09 | the Mountain | Special Moving Rules: The Mountain |
#
# Every rule is told here in this project's own words. Where the rulebook leaves a question
# open, the project fixed one reading and gave it an ID such as **K-MOVE-2**; those IDs
# are listed in the rulings pages (`RULINGS.md` and `docs/RULINGS.md`) and the engine
# quotes them whenever it refuses something.
#
# This notebook is a tour: the helpers the notebooks use, and the interactive board.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

# %% [markdown]
# ## A round, ready to play
#
# `KabetopoState.new_round(seed=...)` lays out a fresh 4-player round. The random part of
# the setup (three monoliths and four portals, placed by twelve-sided die rolls) comes from
# the seed, so the same seed always gives the same board. `show(...)` draws it: the board
# is a diamond with the North corner on top, East on the right, South at the bottom and
# West on the left. Each square is named by a file letter a-f and a rank 1-6.

# %%
state = KabetopoState.new_round(seed=1)
show(state)

# %% [markdown]
# Beneath every board in these notebooks sits a *live* cell that questions the engine about
# it. `state.decision` says whose decision comes next; `legal(state)` lists every legal
# action, grouped by kind.

# %%
print(state.decision)
legal(state)

# %% [markdown]
# ## Asking the engine
#
# `ask(state, action)` gives the engine's verdict on any action, legal or not. A refusal
# always names the ruling that decides it and says why in one sentence.

# %%
ask(state, "step e6")
ask(state, "step e5")
ask(state, "leap d6")

# %% [markdown]
# `play(state, *actions)` applies actions one after another on a *copy* of the state and
# prints what each did, so the original stays as it was. Here East steps to e6 and then,
# since nothing else is required of it, ends its turn; South is next.

# %%
after = play(state, "step e6", "end")
print(after.decision)
show(after, path=["f6", "e6"])

# %%
print(state.decision)  # the original state is untouched

# %% [markdown]
# ## Drawing on the board
#
# `show` takes overlays to point things out: `highlights` (square to kind: `move`, `drop`,
# `select` or `bad`), `lines` (line to kind), `path` (a list of squares), `arrows` (pairs of
# squares) and `marks` (square to a short text). Below, the squares East can step to are
# lit, and a shortest route from East's corner to the Mountain (the brown centre square
# c4) is drawn. It has only two moves: a step to f5, then a teleport through the portal on
# f5's south line, coming out onto the Mountain (a teleport is drawn dashed; notebook 05
# explains portals).

# %%
steps = {str(a).split()[1]: "move" for a in state.legal_actions if a.kind == "step"}
route = state.shortest_path("f6", ["c4"])
show(state, highlights=steps, path=route, marks={"c4": "goal"})

# %%
from kabetopo_nb.kabetopo.geometry import square_name

print("moves from f6 to the Mountain:", state.moves_to("f6", ["c4"]))
print("one shortest route:", [square_name(sq) for sq in route])

# %% [markdown]
# ## Examples as data
#
# Most examples come from the project's scenario files (`kabetopo_nb/data/scenarios/*.scn`),
# which the test suite also checks. `example(file, name)` loads one. This one is from
# `movement.scn`: East is next to South and may not step onto South's square.

# %%
state = example("movement", "one-runner-per-square")
show(state, highlights={"f2": "bad"})

# %%
ask(state, "step f2")
legal(state)

# %% [markdown]
# ## The interactive board
#
# `KabetopoBoard(...)` makes a board you can play on with the mouse, starting from a seed,
# a state or position text. Try it:
#
# * **Click your runner** (the one whose turn it is) to light up where it can move, then
#   **click a destination**. A portal your runner can enter is marked `T`; portal exits,
#   bump destinations and door swings then appear as options drawn on the board.
# * **Click a line** between two squares to see what you may drop there (wall, monolith,
#   portal, lock).
# * An illegal click is **refused**: the panel shows the ruling IDs and the reason, and the
#   board does not change.
# * **Undo** and **Redo** walk through the game; the **move list** shows every action,
#   including the setup rolls, and clicking an entry jumps there.
# * **Speed token** makes your next move use the token; **End turn** gives up any bonus
#   that is left.
# * **Edit position** switches to edit mode: choose a tool (wall, monolith, portal, lock,
#   runners, erase), click the board, adjust the pools, and the panel tells you whether the
#   position is valid and, if not, why. **Play from here** starts playing from it.
#
# (The board itself only shows in a live Jupyter session; the saved text below is its
# position.)

# %%
board = KabetopoBoard(seed=1)
board

# %% [markdown]
# The same clicks can be made from code, which is handy for checking what a click means.
# `board.click(...)` takes a target such as `"sq:f6"` (a square) or `"ln:c5n"` (a line),
# and `board.press(...)` a button name. Each returns the board's reply.

# %%
print(board.click("sq:f6"))   # select East's runner: its moves light up
print(board.click("sq:d4"))   # too far: refused with a ruling ID
print(board.click("sq:e6"))   # a legal step
print(board.history[-1])

# %%
print(board.press("undo"))
print(board.history[-1])      # back to the last setup roll
print(board.press("redo"))
print(board.press("end"))     # East keeps its speed token and ends the turn
print(board.position)

# %% [markdown]
# ## How to use these notebooks
#
# * Run the cells from the top (Shift+Enter). Each notebook starts with one import cell.
# * Change an action in an `ask(...)` cell and run it again: the engine explains any action
#   you write. The action notation is short: `step c5`, `leap c6`, `teleport c4e` then
#   `exit e3n`, `wall c4n`, `monolith c4n`, `portal c4n`, `lock c5s`, `unlock c5s`,
#   `speed step c5`, `end`. A line is named from a square and a side (`c4n` is the north
#   line of c4, the same line as `c5s`).
# * Each notebook ends with a few **exercises**: put your answer in the variable `answer`
#   and run the cell. The expected answer is computed by the engine in that cell, never
#   typed in by hand.
#
# ## Exercise 1
#
# In this new round (seed 1), where may East step? Give a set of actions such as
# `{"step e6"}`.

# %%
state = KabetopoState.new_round(seed=1)
show(state)

# %%
answer = None  # your answer here, e.g. {"step e6"}
expected = {str(a) for a in state.legal_actions if a.kind == "step"}
check_answer(answer, expected, hint="East is on the corner f6; how many squares share a side with it?")

# %% [markdown]
# ## Exercise 2
#
# Is `step f4` legal for East here? Answer `True` or `False`.

# %%
answer = None  # your answer here: True or False
expected = state.explain("step f4").legal
check_answer(answer, expected, hint="a step moves exactly one square")
