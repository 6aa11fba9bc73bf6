# %% [markdown]
# # 01 · The board, the pieces and the setup
#
# This notebook follows three parts of the 4-player rulebook (Rules v4.0): the list of
# **Contents**, the **Setup** steps, and the **Appendix: The 2x2 Field Setup**. Where the
# rulebook's pictures are missing, the project's rulings fill the gap: K-GEO-1 to K-GEO-4
# for the board, K-SETUP-1 to K-SETUP-3 for the random setup.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.kabetopo.geometry import line_name, parse_line, parse_square, square_name
from kabetopo_nb.kabetopo.setup import field_line, roll_outcome, setup_target
from kabetopo_nb.teach import check_answer, field_labels, position, show

# %% [markdown]
# ## The diamond board
#
# The board has 6 by 6 squares and is turned on its point, like a diamond. The four squares
# at the tips are the **corners**, also called home squares: North at the top, East on the
# right, South at the bottom, West on the left. Each runner starts on its own corner.
#
# Squares are named like a chess board that has been rotated: files a-f and ranks 1-6, so
# North is a6, East f6, South f1 and West a1 (K-GEO-1). The **Mountain** is c4, the one
# of the four middle squares that lies nearest the North tip (K-GEO-2).
#
# `KabetopoState.before_setup()` gives the board after the fixed part of the setup: runners
# on their corners, stones on the Mountain, full pools, and no random pieces yet.

# %%
state = KabetopoState.before_setup()
corners = {"a6": "select", "f6": "select", "f1": "select", "a1": "select"}
show(state, highlights=corners, marks={"c4": "Mtn"})

# %%
geo = state.rules.geometry
print("corners:", [square_name(sq) for sq in geo.corners])
print("Mountain:", [square_name(sq) for sq in geo.mountains])
print(state.decision)

# %% [markdown]
# ## Squares, lines and sides
#
# Walls, monoliths and portals are not placed *on* squares but on **lines**: the short
# edge between two squares that touch (K-GEO-3). A line is named from the lower of its two
# squares plus a letter, n or e, of the unrotated grid: `c4n` is the line between c4 and
# c5, on c4's up-right edge as the diamond is drawn, and `c4e` the line between c4 and d4,
# on c4's down-right edge. (The engine also understands a line written from its other
# square, `c5s` for `c4n`, but always answers with the n/e name.) The board's outer rim is
# not a line you can put anything on.
#
# A line has two **sides**, one facing each of its squares. Locks go on a side, so a lock
# is named from the square it faces: `c5s` is the side of the line `c4n` that faces c5.
#
# The corner squares have only two lines each that are not on the rim; the rulings call
# those "the lines of a corner square" (K-GEO-4). Below, the four lines of the Mountain are
# highlighted, and the two lines of the East corner.

# %%
mountain_lines = {"c4n": "drop", "c4e": "drop", "c3n": "drop", "b4e": "drop"}
show(state, lines={**mountain_lines, "f5n": "drop", "e6e": "drop"}, marks={"c4": "Mtn"})

# %%
print(parse_line("c4n") == parse_line("c5s"))       # two names, one line
print(line_name(parse_line("c5s")), line_name(parse_line("c4w")))  # the engine's usual name
print(sorted(line_name(ln) for ln in geo.corner_lines()))

# %% [markdown]
# ## Pieces and pools
#
# A full set holds four runners, four stones, 12 walls, 11 monoliths, 8 portals, 4 locks
# and 4 speed tokens (rulebook, Contents). At the start of a round each player's
# **pool** holds 3 walls, 1 monolith, 1 portal, 1 lock and 1 speed token (Setup, step 5).
# The four stones wait in a stack on the Mountain; the runners take them in the order they
# arrive (K-MTN-4).
#
# The position text writes a pool as `w3m1p1l1s1`: walls, monoliths, portals, locks,
# speed tokens.

# %%
print(state.to_text())
for seat, pool in zip("ESWN", state.position.pools, strict=False):
    print(seat, dict(zip(["walls", "monoliths", "portals", "locks", "speed"], pool, strict=False)))

# %% [markdown]
# ## Setup pieces, the ones with holes
#
# The other pieces are placed at random before the first turn (Setup, steps 3 and 4):
#
# * 3 monoliths go inside the centre 2x2 field c3-d4, around the Mountain;
# * 4 portals go one in each of the four side fields c5-d6, e3-f4, c1-d2 and a3-b4
#   (K-SETUP-2).
#
# These setup pieces are marked with a hole, so that when later rounds clear away the pieces
# the players dropped, the setup pieces stay where they are. In the position text they are
# written with a star (`M*c3n`, `P*b4e`) and the board draws the hole. The four fields are
# lit up below.

# %%
fields = {}
for origin, kind in (("c3", "select"), ("c5", "move"), ("e3", "move"), ("c1", "move"), ("a3", "move")):
    f = parse_square(origin)
    for sq in (f, f + 1, f + 6, f + 7):  # the field's four squares
        fields[square_name(sq)] = kind
show(state, highlights=fields, marks={"c4": "Mtn"})

# %%
print(state.decision.detail)  # the first roll places a monolith in the centre field

# %% [markdown]
# ## The 2x2 Field Setup
#
# To place a piece at random in a 2x2 field, the field's twelve inner and outer line
# segments are numbered 1 to 12 and a twelve-sided die picks one (Appendix). The rulebook's
# numbering diagram is lost, so the project fixed its own (K-SETUP-1), on the unrotated
# grid where "top" means the higher rank:
#
# * 1-6 are the horizontal segments: the top line (left, right), the middle line (left,
#   right), the bottom line (left, right);
# * 7-12 are the vertical segments: the left line (top, bottom), the middle line (top,
#   bottom), the right line (top, bottom).
#
# On the diamond, the grid's top is the field's up-right edge and its left the up-left
# edge. The drawing below puts each label on its segment, for the centre field c3-d4 where
# the three monoliths go. The labels come from the engine's own table (`field_labels` asks
# `setup.field_line`, the function the setup rolls with), so the picture is the rule.

# %%
show(state, line_labels=field_labels("c3"), marks={"c4": "Mtn"})

# %% [markdown]
# The die is rolled again when the segment named is on the board's rim, already holds a
# piece, or (for the monoliths) would close a third side of the Mountain, which the board
# never allows (K-INV-1 (c)). A side field touches the rim: in c5-d6, where the first
# portal goes, labels 1 and 2 lie on the board's edge (drawn dashed). They keep their
# numbers, but a roll of 1 or 2 there is simply rolled again.

# %%
show(state, line_labels=field_labels("c5"))
origin = parse_square("c5")
print("on the rim in c5-d6:", [label for label in range(1, 13) if field_line(origin, label) is None])

# %% [markdown]
# ## Roll by roll
#
# Each roll is an action of its own, `roll N`, decided by chance (K-SETUP-3), so the whole
# setup can be replayed and shown. Here are the rolls a seeded die gives with seed 132. This
# seed happens to show every kind of re-roll. For each roll the cell prints the engine's
# verdict and draws the board: the field being filled is lit up and the segment the die
# named is highlighted in blue.

# %%
import random

die = random.Random(132)
state = KabetopoState.before_setup()
rolls = []
while state.position.phase == "setup":
    roll = die.randint(1, 12)
    rolls.append(roll)
    kind, origin = setup_target(state.position)
    named = field_line(origin, roll)
    field = {square_name(sq): "select" for sq in (origin, origin + 1, origin + 6, origin + 7)}
    print(f"roll {roll} ({state.decision.detail}): {state.explain(f'roll {roll}').reason}")
    state.apply(f"roll {roll}")
    show(state, highlights=field, lines={line_name(named): "drop"} if named is not None else None)

# %% [markdown]
# Seven pieces took thirteen rolls. The setup is now complete and East has the first turn.
# `KabetopoState.new_round(seed=132)` does all of this in one call, with the same die, and
# keeps every roll in its history:

# %%
print(rolls)
print(state.decision)
quick = KabetopoState.new_round(seed=132)
print(quick.to_text() == state.to_text())
print([str(a) for a in quick.history])

# %% [markdown]
# ## Try it: roll the setup yourself
#
# Below is the board before the setup. Click **Roll d12** again and again: each roll names
# a segment of the field being filled, and the panel says where the piece went, or why
# the die must be rolled again. Try to see a re-roll of each kind, and watch the three
# monoliths gather around the Mountain before the portals go to the side fields.

# %%
board = KabetopoBoard(KabetopoState.before_setup())
board

# %% [markdown]
# ## Exercise 1
#
# Another setup, half done: two monoliths are already on the board, on `c4e` (one of the
# Mountain's lines) and on `d3e`. The die now shows **1**. Where does the third monolith
# go? Answer with a line name such as `"d3e"`, or `"roll again"`.

# %%
ex = position("lines=M*c4e,M*d3e;runners=Ef6,Sf1,Wa1,Na6;turn=E;phase=setup;setup=2")
show(ex, marks={"c4": "Mtn"})

# %%
answer = None  # your answer here, e.g. "d3e" or "roll again"
line, why = roll_outcome(ex.position, 1)
expected = line_name(line) if line is not None else "roll again"
check_answer(answer, expected, hint="label 1 is the left half of the field's top line; the Mountain may have two closed sides, only a third is refused")

# %% [markdown]
# ## Exercise 2
#
# On the same board, which die results (1 to 12) would have to be rolled again for the
# third monolith? Answer with a set of numbers such as `{2, 5}`.

# %%
answer = None  # your answer here, e.g. {2, 5}
expected = {label for label in range(1, 13) if roll_outcome(ex.position, label)[0] is None}
check_answer(answer, expected, hint="the centre field has no segment on the rim; think of taken segments, and count the Mountain's closed sides")

# %% [markdown]
# ## Exercise 3
#
# Here is a round set up with another seed, 2. What is the fewest number of moves East
# needs to reach the Mountain c4 (walls and monoliths block steps; other runners do not
# matter)? Answer with a number.

# %%
other = KabetopoState.new_round(seed=2)
show(other, marks={"c4": "Mtn"})

# %%
answer = None  # your answer here, e.g. 4
expected = other.moves_to("f6", ["c4"])
check_answer(answer, expected, hint="count steps around the monoliths and the portal lines (a teleport is one move too); the Mountain is entered across an open line")

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

ChallengeBoard(section="01")

# %% [markdown]
# Next: [02 · Moving and passing](02-moving-and-passing.ipynb).
