# %% [markdown]
# # 21 · Kaomi
#
# Kaomi is an abstract game for two, designed by Luis Bolaños Mures (published on the web
# in 2021). Black and White take turns putting stones on a square board; every new stone
# shoves its neighbours one step outward, and whole lines of stones can slide, even across
# the edge of the board. When no square is free, the groups are compared.
#
# This notebook retells the designer's rules in the project's own words and lets the
# engine (`kabetopo_nb.kaomi`) check every example. Where the rules text leaves something
# open, the project fixed one reading with an ID: **M-1** to **M-8** in the shared
# rulings, **KM-1** to **KM-7** in `docs/RULINGS.md`. The engine names those IDs whenever
# it explains or refuses a move.
#
# The engine decides; it never draws. The boards below come from the renderer's `show`,
# which draws a game, a position or a step-by-step explanation.

# %%
from kabetopo_nb import KaomiBoard
from kabetopo_nb.kaomi import KaomiRules, KaomiState, Position, explain_placement, groups, result, squared_scores
from kabetopo_nb.render.kaomi_svg import show


def board(size=7, black=(), white=(), turn="B", **rules):
    """A hand-built position: stone lists by square name."""
    return Position.from_stones(KaomiRules(size=size, **rules), black=black, white=white, turn=turn)


# %% [markdown]
# ## The board and a turn
#
# The board is square, 5x5 up to 9x9; this project's default is 7x7 (M-6). Squares are
# named like a chess board: a file letter from the left and a rank number from the bottom.
# Black moves first. On a turn you put one stone of your colour on any empty square
# (KM-1); there is no passing, and there is always somewhere to play until the board is
# full.

# %%
state = KaomiState.new_game(size=7)
print(state.decision)
print(state.legal_actions.count(), "legal actions, e.g.", state.legal_actions.names()[:5])
show(state)

# %% [markdown]
# A placement on an occupied square, or off the board, is refused with its ruling:

# %%
state.apply("d4")
print(state.explain("d4"))
print(state.explain("h8"))

# %% [markdown]
# ## How a new stone pushes
#
# The new stone, call it **p**, pushes along its row and along its column, and the two
# lines are handled separately (M-1). Look in one direction from p, say to the right: the stones
# that sit next to p in an unbroken run form the **chain** for that direction (only
# squares next to p on the board count: see "Across the edge" below). The chain
# ends where the first free square comes; that square is the chain's **target**.
# Normally every stone in the chain shifts one square along it, so the last one steps
# onto the target (M-4). The stone p itself never moves.
#
# `explain_placement(position, square)` tells the story step by step, with a board per
# step: dashed blue arrows are the pushes a chain *would* make, solid ones the pushes
# that happen, red dotted ones stones that go back.

# %% [markdown]
# ### A plain push
#
# One stone on each side of d4: each one moves one square away from it.

# %%
show(explain_placement(board(black=["e4", "d5"], white=["c4", "d3"], turn="W"), "d4"), kinds=("place", "result"))

# %% [markdown]
# ### A chain
#
# A run of stones moves together: the whole run to the right of d4 shifts by one, and its last
# stone fills the first gap.

# %%
show(explain_placement(board(black=["e4", "g4"], white=["f4"], turn="B"), "d4"), kinds=("chain", "result"))

# %% [markdown]
# ### Across the edge
#
# The board wraps around for pushes: a stone pushed off one edge comes back on at the far
# end of the same row or column (M-1). Here g4 is pushed to the right, off the board,
# and lands on a4, at the left end of its row.

# %%
show(explain_placement(board(black=["g4"], turn="W"), "f4"), kinds=("chain", "result"))

# %% [markdown]
# The wrap is only for stones that are pushed off the board. Being *next to* p never
# wraps (M-7): a stone placed on an edge square has no neighbour beyond that edge, so it
# pushes nothing that way, and the stone at the far end of its row is not touched. Below,
# on 5x5, Black places on e3: d3 is pushed left to c3, while a3, at the other end of row
# 3, stays where it is.

# %%
show(explain_placement(board(size=5, black=["a3"], white=["d3"], turn="B"), "e3"), kinds=("axis", "result"))

# %% [markdown]
# ### Across the edge, into a stone
#
# When the square at the far end is taken, the chain simply goes on: it includes the
# stones there too, now moving back toward p, until a free square is found. Below, the
# chain to the right of d4 is e4, f4, g4 and then a4 (after the wrap); its target is b4.

# %%
show(explain_placement(board(black=["e4", "g4"], white=["f4", "a4"], turn="W"), "d4"), kinds=("chain", "result"))

# %% [markdown]
# ### Two chains, one target: a collision
#
# If a row has exactly one free square, the chains on both sides of p may aim at it.
# Only one stone can go there. The chain that got there across the board edge gives way
# and stays where it was; the other one moves (M-2). Here a4 is the last free square of
# row 4: the chain on the left (c4, b4) reaches it directly, the chain on the right (e4,
# f4, g4) only by wrapping, so the chain on the right stays.

# %%
collision = board(black=["b4", "c4", "g4"], white=["e4", "f4"], turn="B")
show(explain_placement(collision, "d4"), kinds=("chain", "axis", "result"))

# %% [markdown]
# The verdict of `explain` summarises the same thing in one line, with the rulings:

# %%
print(KaomiState(collision).explain("d4"))

# %% [markdown]
# A special case (KM-3): if one side of p has no stone at all, nothing can collide, so a
# chain that wraps round to the square next to p still moves.

# %%
print(KaomiState(board(black=["a4", "b4", "c4"], white=["f4", "g4"])).explain("d4"))

# %% [markdown]
# ### A chain that would land on p
#
# When a whole row (or column) is full apart from p, each chain runs right round the
# board and its last stone would have to land on p, which cannot move. Then every stone
# on that line stays put (M-3). The other line through p is not affected: below, row 3
# of a 5x5 board is blocked while column c pushes normally.

# %%
blocked = board(size=5, black=["a3", "b3", "c4"], white=["d3", "e3", "c2"], turn="W")
show(explain_placement(blocked, "c3"), kinds=("axis", "result"))

# %% [markdown]
# ### Try it: where does every stone go?
#
# Before running the cell, predict where the stones end up when Black places on d4 here.

# %%
puzzle = board(black=["b4", "c4", "g4", "d7"], white=["e4", "f4", "d5", "d6"], turn="B")
show(puzzle)

# %%
after = KaomiState(puzzle)
after.apply("d4")
print(after.position.diagram())
print(KaomiState(puzzle).explain("d4"))

# %% [markdown]
# ## The pie rule
#
# Moving first is an advantage, so in the standard game White may, on its first turn
# only, **swap** instead of placing: the players trade colours, and the player who
# started now plays White and places next (M-5, KM-2). Black therefore has a reason to
# open with a move that is neither too strong nor too weak.

# %%
pie = KaomiState.new_game(size=7)
pie.apply("d4")
print(pie.decision)
print(pie.explain("swap"))
pie.apply("swap")
print(pie.to_text())
print(pie.explain("swap"))

# %% [markdown]
# ## The end: taking off pairs
#
# The game ends as soon as the board is full (M-5). A **group** is a set of same-coloured
# stones linked through side-by-side neighbours on the board; the wrap-around of pushes
# does not link groups (KM-4). Then, for each group size, as many black-white pairs of
# groups of that size as possible come off the board. The colour with the biggest group
# still on the board wins. Should every group vanish, the player who put down the final
# stone loses.
#
# On this full 5x5 board, Black has groups of 5, 5 and 3 and White groups of 5 and 7:
# one pair of 5s comes off (faded and crossed out) and White's 7 is the biggest group left.
# (Black placed 13 stones and White 12, as a game of 25 placements does: a full board
# whose stone counts no game could leave, or whose colour to place disagrees with them,
# has no result, and `problems()` says why.)

# %%
full = board(size=5, turn="W",
             black=["a5", "b5", "c5", "d5", "e5", "a3", "b3", "c3", "d3", "e3", "a1", "b1", "c1"],
             white=["a4", "b4", "c4", "d4", "e4", "a2", "b2", "c2", "d2", "e2", "d1", "e1"])
print(sorted((g.size, "Black" if g.colour == 1 else "White") for g in groups(full)))
print(result(full))
show(full)

# %% [markdown]
# Here every group pairs off. Thirty-six stones were placed, Black first, so White put
# down the last one, and White loses:

# %%
stripes = board(size=6, turn="B",
                black=[f"{f}{r}" for r in (2, 4, 6) for f in "abcdef"],
                white=[f"{f}{r}" for r in (1, 3, 5) for f in "abcdef"])
print(result(stripes))

# %% [markdown]
# ## The Squared variant
#
# In Squared, each colour scores the sum of the squares of its group sizes on the full
# board, with no pairs taken off (KM-6), and White gets **komi**, an even number of extra
# points, in place of the pie rule. Komi is a rules option (KM-5); equal scores are a
# draw.

# %%
for komi in (0, 2):
    sq = board(size=6, turn="B", squared=True, komi=komi,
               black=[f"{f}{r}" for r in (2, 4, 6) for f in "abcdef"],
               white=[f"{f}{r}" for r in (1, 3, 5) for f in "abcdef"])
    print(f"komi {komi}: scores {squared_scores(sq)} -> {result(sq)}")
print(KaomiState.new_game(squared=True, komi=2).explain("swap"))

# %% [markdown]
# ### Who sets the komi, and who plays White (M-8)
#
# The rulebook also says how the komi is chosen: it is settled before the first stone.
# One player, the one the rulebook calls the first player, names the komi, an even
# number; then the other player decides which colour to take, and with it who moves first
# (Black always starts). So the first player has every reason to name a fair value: a
# komi that favours either colour is simply taken up by the opponent. Players who know the
# game well may instead agree on one standard komi and keep it for all their games. Either
# way nothing is swapped once play has begun: Squared has no pie rule (M-5).
#
# In the engine the komi is a rules option, fixed when the game is made (KM-5); who takes
# which colour is settled at the table first. A komi the rulebook does not describe (odd,
# or for Black) is refused:

# %%
from kabetopo_nb import RulesOptionError

named = 4  # the first player names 4; the second player then picks a colour
game = KaomiState.new_game(size=7, squared=True, komi=named)
print(game.rules.describe())
for komi in (3, -2):
    try:
        KaomiRules(size=7, squared=True, komi=komi)
    except RulesOptionError as err:
        print(f"komi {komi}: refused: {err}")
print(game.explain("swap"))

# %% [markdown]
# ## A whole game
#
# A game of random moves on 5x5, to see how crowded the board gets:

# %%
import random

game = KaomiState.new_game(size=5)
rng = random.Random(7)
while not game.is_terminal():
    game.apply(rng.choice(list(game.legal_actions)))
print(" ".join(str(a) for a in game.history))
print(game.result())
show(game)

# %% [markdown]
# ## Play
#
# `KaomiBoard(...)` gives a board to play on: **click an empty square** to place a stone
# for the colour to move. The arrows show the pushes of the last move (the **Push arrows**
# button hides them). **Swap sides** is enabled while the pie rule allows it. An illegal
# click is refused with its ruling and changes nothing; **Undo**, **Redo** and the move
# list walk through the game. `KaomiBoard(size=9)`, `KaomiBoard(squared=True, komi=4)` or
# `KaomiBoard("<position text>")` start other games.
#
# (The board itself only shows in a live Jupyter session; the saved text below is its
# position.)

# %%
play = KaomiBoard(size=7)
play

# %% [markdown]
# Clicks can be made from code too:

# %%
print(play.click("sq:d4")["message"])
print(play.click("sq:d4")["refusal"])
print(play.press("swap")["message"])

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

ChallengeBoard(section="21")

# %% [markdown]
# Next: [22 · The balance lab](22-balance-lab.ipynb), where bots play thousands of games to
# measure the rules.
