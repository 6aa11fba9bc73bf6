# %% [markdown]
# # 00 · Start here
#
# Welcome to **kabetopo-nb**, a set of notebooks for learning Kabetopo, a race game for two
# to four players on a 6x6 board full of walls, monoliths and portals, and for two more
# games played with the same machinery, Dakapo and Kaomi.
#
# **Where to go**, by who you are:
#
# * **Learning to play**: first the guided game just below (ten clicks, about five
#   minutes), then 01 to 12 in order, one rulebook section each, then 13 (a whole match)
#   and whichever of 14-16 matches your table. Each ends with exercises and challenges.
# * **Settling a rules question** (a referee, a rules-lawyer): 17 sets up the disputed
#   cases with both readings, and 19 explains every ruling ID a refusal quotes.
# * **Running a workshop**: 18 is the notebook to put on the projector; the README's
#   section for workshop organisers says how to launch it for a room.
# * **Exploring the design**: 17 flips every rules option and shows what changes; 20 and
#   21 show the other two games on the same engine.
#
# | notebook | title | what it covers |
# |---|---|---|
# | [00](00-start-here.ipynb) | Start here | this tour: the helpers, the engine and the interactive board |
# | [01](01-board-pieces-and-setup.ipynb) | The board, the pieces and the setup | the board, the pieces and the 2x2 Field Setup, roll by roll |
# | [02](02-moving-and-passing.ipynb) | Moving and passing | a turn: one main action, moving, passing |
# | [03](03-walls-and-the-path-rule.ipynb) | Walls and the path rule | walls, and the rule that every runner keeps a way home |
# | [04](04-monoliths-and-bonus-moves.ipynb) | Monoliths and bonus moves | monoliths and the bonus move they give |
# | [05](05-portals-and-teleporting.ipynb) | Portals and teleporting | portals, teleporting and choosing the exit |
# | [06](06-locks.ipynb) | Locks | locks on portals and doors, unlocking, locking it behind you |
# | [07](07-speed-tokens.ipynb) | Speed tokens | the speed token and its extra move |
# | [08](08-leapfrogging.ipynb) | Leapfrogging | jumping over other runners |
# | [09](09-the-mountain.ipynb) | The Mountain | the Mountain: stones, stepping down, bumping |
# | [10](10-doors.ipynb) | Doors | doors: walls that swing open on a hinge |
# | [11](11-the-corners.ipynb) | The corners | the corner squares: homes and their lines |
# | [12](12-ending-a-round-and-scoring.ipynb) | Ending a round and scoring | Tadaima, the end of a round and its scoring |
# | [13](13-completing-and-winning-a-match.ipynb) | Completing and winning a match | a whole match: rotating runners, totals, tiebreakers, the scoresheet |
# | [14](14-the-3-player-game.ipynb) | The 3-player game | the 3-player game |
# | [15](15-the-2-player-games.ipynb) | The 2-player games | the 2-player games: v2.0 with the Summit, and the interim rules |
# | [16](16-multiplayer-v3-and-mischief.ipynb) | Multiplayer Rules v3.0 and Mischief | Multiplayer Rules v3.0 and the Mischief expansion |
# | [17](17-rules-lawyering.ipynb) | Rules lawyering | every ruling and every disagreement between the rulebooks, both readings side by side |
# | [18](18-workshop-hot-seat.ipynb) | Workshop: a whole match on one board | a whole match on one board for a room: names, bots, scoresheet, autosave |
# | [19](19-rule-reference.ipynb) | The rule reference | every ruling ID explained, with the rulebook section it reads |
# | [20](20-dakapo.ipynb) | Dakapo | Dakapo, the colour-placing game, on the same engine and board |
# | [21](21-kaomi.ipynb) | Kaomi | Kaomi, the pushing game, on the same engine and board |
# | [22](22-balance-lab.ipynb) | The balance lab | bots (random, greedy, tree search) and self-play studies: seat balance, the first player, the setup, the options |
#
# Every rule is told here in this project's own words. Where the rulebook leaves a question
# open, the project fixed one reading and gave it an ID such as **K-MOVE-2**; the engine
# quotes these IDs whenever it refuses something, notebook 19 explains every one of them,
# and on the board a click on an ID opens its entry.
#
# This notebook is a tour: the helpers the notebooks use, and the interactive board.
#
# **Without a server.** These notebooks also run entirely in the browser, in the
# JupyterLite site the README explains how to build and serve (a workshop can use it with
# no internet at all). Every notebook here works there except 22, the balance lab: it
# plays thousands of games on Dask and keeps them in pandas, which the browser's Python
# cannot run, so it is left out of that site.

# %%
# %% [markdown]
# ## Your first game
#
# Play a short game right away. You are East, the dark runner on the right-hand corner;
# the other three players are played for you. The line above the board says what to try
# and why; click on the board to do it (runners, squares, the short lines between
# squares, and the buttons). A wrong click is explained and changes nothing: the board
# says whether the rules forbid it or whether it is legal but not this step's move.
# **Hint** helps, **Show me** plays the step for you. Try it: the game covers a move, a
# wall, a teleport onto the Mountain, a monolith with its bonus move and getting home.
# %%
from kabetopo_nb import GuidedGameBoard, KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.teach import ask, check_answer, example, legal, play, position, show

GuidedGameBoard()

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
# `f4n`, f5's down-left line, coming out onto the Mountain (a teleport is drawn dashed;
# notebook 05 explains portals).

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
#   `speed step c5`, `end`. A line is named from a square and a letter of the unrotated
#   grid: `c4n` is the line between c4 and c5 (c4's up-right edge), `c4e` the one between
#   c4 and d4 (c4's down-right edge). A lock stands on one side of a line, named from the
#   square it faces: `lock c5s` faces c5.
# * Each notebook ends with a few **exercises**: put your answer in the variable `answer`
#   and run the cell. The expected answer is computed by the engine in that cell, never
#   typed in by hand.
#
# ## Exercise 1
#
# Later in a round, East's runner stands on e3, with a wall on `e3n`. Where may East step?
# Give a set of actions such as `{"step e6"}`.

# %%
state = position("lines=We3n;runners=Ee3,Sf1,Wa1,Na6;pools=E:w2m1p1l1s1;turn=E")
show(state)

# %%
answer = None  # your answer here, e.g. {"step e6"}
expected = {str(a) for a in state.legal_actions if a.kind == "step"}
check_answer(answer, expected, hint="a step goes to a square sharing a side with e3, and a wall blocks the step across its line")

# %% [markdown]
# ## Exercise 2
#
# Is `step e5` legal for East here? Answer `True` or `False`.

# %%
answer = None  # your answer here: True or False
expected = state.explain("step e5").legal
check_answer(answer, expected, hint="a step moves exactly one square")

# %% [markdown]
# ## Your progress
#
# Notebooks 01-16, 20 and 21 end with challenges on a board. The table below counts the
# ones you have solved in each section (they are remembered in a small file on this
# computer, `~/.kabetopo-nb/progress.json`), so you can pick up where you stopped.

# %%
# NBVAL_IGNORE_OUTPUT
# (your own progress)
from kabetopo_nb.challenges.progress import progress_table

progress_table()

# %% [markdown]
# ## In a workshop room
#
# In a workshop, the teacher may want to see who has done which section. The teacher's
# room has a **learners' link** (it ends with `kabetopo-room/learn#` and a long code); open
# it and it shows the two lines to run, with your name in them:
#
# ```python
# from kabetopo_nb.room.learners import join_room
# join_room("https://.../kabetopo-room/learn#...", name="Your name")
# ```
#
# From then on, every challenge you solve on a challenge board is reported to the room, and
# so are the ones you had already solved; the board says so after each one. If the room
# does not answer, nothing is lost: the report is kept and sent with the next one.
# `leave_room()` stops it. The link only reports progress: it does not play at a table or
# show anyone's board.
#
# Give the whole link, beginning with `https://`: the notebook's kernel does not know the
# address of the page you are reading, so the end of a link alone cannot be followed.

# %%
from kabetopo_nb.room.learners import LearnersLinkError, join_room

try:
    join_room("/kabetopo-room/learn#only-the-end-of-the-link", name="Aiko")
except LearnersLinkError as refusal:
    print(refusal)

# %% [markdown]
# Next: [01 · The board, the pieces and the setup](01-board-pieces-and-setup.ipynb).
