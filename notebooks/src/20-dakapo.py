# %% [markdown]
# # 20 · Dakapo
#
# Dakapo is a quick tactical game for two players, published by nestorgames. The two
# players share one box of stones in four colours (red, yellow, green, blue) and take turns
# putting a single stone on an 8x8 board. Whoever puts down a stone that finishes a square
# of four stones of one colour wins at once, and the square may sit at a slant. The name
# comes from the musical "da capo" (from the top): the loser usually asks for another game.
#
# This notebook retells the rulebook in the project's own words and lets the engine
# (`kabetopo_nb.dakapo`) check every example. The shared rulings page fixes **D-1** to
# **D-4**; the project's `docs/RULINGS.md` gives the three placement rules their IDs
# **D-PLACE-1** to **D-PLACE-3** and settles the endings (**D-END-1**, **D-END-2**), the
# claim procedure of the tabletop option (**D-CLAIM-1**) and other board sizes
# (**D-SIZE-1**). The engine names these IDs whenever it explains or refuses an action.

# %%
from IPython.display import SVG, display

from kabetopo_nb import DakapoBoard
from kabetopo_nb.dakapo import DakapoRules, DakapoState, Position
from kabetopo_nb.dakapo.rules import COLOURS


def show(state, **overlays):
    """Draw a position; overlays as kabetopo_nb.render.dakapo_svg.board_svg."""
    display(SVG(state.svg(**overlays)))


def ask(state, action):
    """The engine's verdict on an action, legal or not."""
    print(f"{action}: {state.explain(action)}")


def stones(placed, *, last=None, turn=1, rules="dakapo"):
    """A hand-built position: {"d4": "green", ...} on an empty board."""
    pos = Position(DakapoRules.parse(rules), empty=True)
    for name, colour in placed.items():
        pos.board[parse_square(name)] = COLOURS.index(colour)
    pos.turn = turn - 1
    if last:
        pos.last = parse_square(last)
    return DakapoState(pos.to_text())


def parse_square(name, size=8):
    from kabetopo_nb.dakapo.geometry import parse_square as parse

    return parse(name, size)


# %% [markdown]
# ## The board and the stones
#
# The board has 8x8 squares (D-1), named like a chess board: a file letter from the left,
# a rank number from the bottom. Before the first turn one stone of each colour goes on
# the four centre squares: green top left, yellow top right, red bottom left, blue bottom
# right. Each colour has 16 stones, the setup stone among them (D-2), so 15 of each wait
# in the supply. The tray on the right of the drawing counts them; every stone also
# carries its colour's letter.

# %%
state = DakapoState()
print(state.to_text())
print(state.position.supplies)
state

# %% [markdown]
# ## Where a stone may go
#
# On your turn you take a stone of **any** colour from the supply (the colours belong to
# nobody) and put it on an empty square. Three placement rules decide which squares and
# colours are allowed:
#
# * **D-PLACE-1** the square must share a side with a stone already on the board (touching
#   only at a corner is not enough);
# * **D-PLACE-2** none of the stones sharing a side with it may have the same colour;
# * **D-PLACE-3** it may not have the colour your opponent used on the turn just before.
#
# The very first stone of a game has no "turn before", so D-PLACE-3 does not apply to it
# (**D-4**).

# %%
print(state.decision)
ask(state, "green d3")  # below red d4: fine
ask(state, "green c5")  # beside green d5: D-PLACE-2
ask(state, "red c6")    # touches d5 only at a corner: D-PLACE-1
ask(state, "blue e4")   # taken: D-PLACE-1

# %% [markdown]
# The engine lists every legal placement; at the start there are 24, six squares for
# each colour. The drawing lights up the squares open to green.

# %%
print(state.legal_actions.count(), "legal placements")
green = {a.square: "move" for a in state.legal_actions if a.colour == COLOURS.index("green")}
print("green may go on", ", ".join(sorted(green)))
show(state, highlights=green)

# %% [markdown]
# Player 1 puts a green stone on d3. Now green is barred for Player 2 (D-PLACE-3): the
# dashed ring marks the last stone, and the tray crosses out its colour. A refusal that
# breaks two rules at once names both.

# %%
state.apply("green d3")
print(state.decision)
ask(state, "green f4")   # green was just placed: D-PLACE-3
ask(state, "green c4")   # no green stone beside it, but still D-PLACE-3
ask(state, "yellow d2")  # fine
state.apply("yellow f4")
ask(state, "yellow f5")  # beside yellow e5 and f4, and yellow was just placed: both rules
ask(state, "green c4")   # green is allowed again: only yellow is barred now
show(state)

# %% [markdown]
# ## Winning: a square of one colour
#
# You win the moment your stone completes a square whose four corners hold stones of one
# colour, **D-3**. Any square counts: small or large, upright or turned at any angle, as
# long as the stone you just placed is one of its four corners. The engine finds the
# square by itself and announces the win.
#
# Here three green stones wait; the red stone gives d4 a neighbour. Green on d4 closes a
# small diamond, a square tilted 45 degrees.

# %%
diamond = stones({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5")
ask(diamond, "green d4")
won = diamond.copy()
won.apply("green d4")
print(won.result())
show(won)

# %% [markdown]
# Tilted squares need not be diamonds. A side may go 2 across and 1 up, or 3 across and
# 1 up, or 4 across and 3 up; the corners are still at equal distances and right angles.
# `show(..., square=[...])` outlines any four squares so you can see the shape before the
# engine judges it.

# %%
for corners, last in [(("c2", "e3", "d5", "b4"), "d5"), (("b1", "e2", "d5", "a4"), "a4"),
                      (("d1", "h4", "e8", "a5"), "e8")]:
    placed = {c: "blue" for c in corners if c != last}
    helper = {"d5": "d6", "a4": "a5", "e8": "d8"}[last]
    placed[helper] = "yellow"
    s = stones(placed, last=helper)
    ask(s, f"blue {last}")
    show(s, square=list(corners))

# %% [markdown]
# Upright squares count too, of any size: here a 4x4 one in the corner of the board.

# %%
upright = stones({"a1": "red", "d1": "red", "a4": "red", "d3": "green"}, last="d3")
ask(upright, "red d4")

# %% [markdown]
# The new stone itself must be a corner. Below, a complete green square is already on the
# board (under the tabletop option, described further down, an unclaimed square can stay
# behind like this). Another green stone elsewhere does not win, and a yellow stone that
# completes a square's shape with three greens does not either: all four corners must
# share a colour.

# %%
leftover = stones({"d2": "green", "e3": "green", "d4": "green", "c3": "green", "d3": "red", "f3": "blue"},
                  last="f3")
ask(leftover, "green g3")
other = stones({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5")
ask(other, "yellow d4")

# %% [markdown]
# ## The other endings
#
# If the player whose turn it is cannot place any stone at all, that player loses
# (**D-END-1**). If every stone has been placed and nobody won, the game is a tie
# (**D-END-2**); with 16 stones of each colour that is exactly when the 64 squares are
# full.
#
# Both are easiest to see on a small board. Board size is an option (**D-SIZE-1**: any
# even size, a quarter of the squares per colour); on 4x4 each colour has 4 stones. Below,
# one square is empty and only a yellow stone is left. Fifteen stones are down: the four
# setup stones and eleven placements, so it is Player 2's turn. If yellow was the last
# colour placed, Player 2 is stuck and loses; if not, yellow fills the board and the game
# is a tie.

# %%
stuck = DakapoState("rules=dakapo+size4;board=1RBY/RBYR/GRGY/BGBG;turn=2;last=d4")
print(stuck.decision)
print(stuck.result())
tie = DakapoState("rules=dakapo+size4;board=1RBY/RBYR/GRGY/BGBG;turn=2;last=d1")
ask(tie, "yellow a4")
tie.apply("yellow a4")
print(tie.result())
show(tie)

# %% [markdown]
# ## The tabletop option: say it or lose it
#
# The rulebook adds a table-side detail: a win that nobody notices until later no longer
# counts. The engine normally spots every square for you; the **tabletop** option
# (`DakapoState(tabletop=True)`) plays the way a table does instead (D-3 option,
# **D-CLAIM-1**). The square does not end the game by itself: the player who made it must
# play `claim` before the opponent's next stone. The opponent's list of actions therefore
# contains `claim`; once the opponent places a stone, the chance is gone.

# %%
table = stones({"d2": "green", "e3": "green", "c3": "green", "d5": "red"}, last="d5", rules="dakapo+tabletop")
ask(table, "green d4")
table.apply("green d4")
print(table.decision, "| claim offered:", "claim" in table.legal_actions)

claimed = table.copy()
claimed.apply("claim")
print(claimed.result())

missed = table.copy()
ask(missed, "red c4")
missed.apply("red c4")
ask(missed, "claim")

# %% [markdown]
# A claim with nothing behind it is refused and changes nothing. If the square-making
# stone was the last one, so that no "next placement" can come, its player may still
# `claim`, or `pass` and settle for a tie.

# %%
fresh = DakapoState(tabletop=True)
fresh.apply("green d3")
ask(fresh, "claim")
full = DakapoState("rules=dakapo+size4+tabletop;board=G1YB/RYRY/BRGB/GYBG;turn=2;last=d4")
full.apply("red b4")
print(full.decision, full.legal_actions.names())

# %% [markdown]
# ## A whole game
#
# Random play is a poor player but a good test: here two players choose uniformly among
# their legal placements (seed 2) until someone completes a square. The outline shows the
# winning square, often a tilted one.

# %%
import random

game = DakapoState()
rng = random.Random(2)
while not game.is_terminal():
    game.apply(rng.choice(list(game.legal_actions)))
print(len(game.history), "stones placed:", " ".join(map(str, game.history)))
print(game.result())
game

# %% [markdown]
# ## Your turn
#
# An interactive board: pick a colour (a stone in the tray, or a colour button), then click
# a square. Click a square without a colour to see which colours fit there. Anything the
# rules forbid is refused with its ruling ID. `DakapoBoard(tabletop=True)` adds the Claim
# button; `DakapoBoard(size=6)` plays on a smaller board.

# %%
board = DakapoBoard()
board

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

ChallengeBoard(section="20")

# %% [markdown]
# Next: [21 · Kaomi](21-kaomi.ipynb).
