# %% [markdown]
# # 15 · The 2-player games
#
# Kabetopo has two ways to play with two people, and the project supports both (K-SET-1):
#
# * `kabetopo-2p`: the dedicated **2-Player Rules v2.0**, with a second mountain (the
#   Summit), four objectives to complete in order, and its own scoring; we draw on its
#   *Objective* and *Setup* sections, the list of differences in play, its *Scoring*,
#   the match sections (completing it, winning it) and its score-keeping notes;
# * `kabetopo-2p-interim`: the stop-gap **"The 2-Player Game"** section at the end of
#   Rules v4.0: the 4-player game for East and West with a few scoring changes.
#
# Rulings: **K-GEO-2** (where the Summit is), **K-SET-3** (the pools discrepancy, see
# notebook 17), **K-ROUND-1/2/3** (Tadaima, round end, Unseen Path distance),
# **K-MATCH-1** (turning the board 180 degrees), **KNB-1** and **KNB-10**.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.geometry import square_name
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import EAST, seat_name
from kabetopo_nb.kabetopo.scoring import describe, score_round
from kabetopo_nb.teach import check_answer, example, play, position, show

V2 = "rules=kabetopo-2p;pools=E:w3m2p2l2s1,W:w3m2p2l2s1;"  # the v2.0 starting pools

# %% [markdown]
# ## Part A: 2-Player Rules v2.0
#
# ### 1. The Summit
#
# Only East and West play. A second mountain, the Summit, sits on the square just below
# the Mountain on the diamond: d3 in our coordinates (K-GEO-2; with the diagrams missing,
# this placement keeps the two runners equally far from both). Each of the two sites holds
# two stones, and every Mountain rule (going up, stepping down, bumping, never blocked on
# more than two sides) applies to the Summit as well. Pools are larger: 3 walls, 2
# monoliths, 2 portals, 2 locks and the speed token.

# %%
state = KabetopoState.new_round("kabetopo-2p", seed=4)
show(state, highlights={"d3": "select"})

# %%
rules = Rules.named("kabetopo-2p")
print("mountain sites:", [square_name(q) for q in rules.geometry.mountains], "| stones per site:", rules.stones)
print("pool:", rules.pool, "| rounds:", rules.round_choices)
print("East needs", state.moves_home("E"), "moves to a stone; West needs", state.moves_home("W"))

# %% [markdown]
# ### 2. Four objectives, strictly in order
#
# The v2.0 *Objective* asks each runner to do the 4-player task twice: take a stone; run
# to a corner, **any** corner, even its own start ("Halfway Home"); take a second stone;
# then run to a corner other than its start ("Tadaima"). Each step counts only after the
# previous one. First the stone, from either site:

# %%
s = position(V2 + "runners=Ed2,Wa1;turn=E")
show(s, arrows=[("d2", "d3")])

# %%
after = play(s, "step d3")
print("East carries", after.position.held[EAST], "stone(s); stones left per site:", after.position.site_stones)

# %% [markdown]
# Then Halfway Home. East here carries one stone and steps back onto its **own** corner
# f6: in v2.0 that is allowed, and the turn goes on.

# %%
s = position(V2 + "runners=Ef5+1,Wc3;stones=1,2;order=E;turn=E")
show(s, arrows=[("f5", "f6")])

# %%
after = play(s, "step f6")
print(after.to_text())  # halfway=Ef6 records it; no homes= field: no Tadaima
print("next:", after.decision)

# %% [markdown]
# A second stone is refused before Halfway Home: East, still with one stone, walks up the
# Mountain and takes nothing.

# %%
s = position(V2 + "runners=Ec5+1,Wa1;stones=1,2;order=E;turn=E")
show(s, arrows=[("c5", "c4")])

# %%
after = play(s, "step c4")
print("East carries", after.position.held[EAST], "| stones left:", after.position.site_stones)

# %% [markdown]
# With two stones and Halfway Home done, reaching any corner other than the start is the
# Tadaima, and in the 2-player game that single Tadaima ends the round (K-ROUND-2).

# %%
s = position(V2 + "runners=Ea5+2,Wc3+1;stones=0,1;order=E,W,E;halfway=Ef6;turn=E")
show(s, arrows=[("a5", "a6")])

# %%
after = play(s, "step a6")
print(after.decision)

# %% [markdown]
# ### Try it: Halfway Home and the Summit
#
# A v2.0 round under way: East carries one stone on e6, one step from its own corner f6;
# West, on c2, has no stone yet. Click East's runner, then f6: the panel announces Halfway
# Home and East's turn goes on (end it, or use the speed token to head back out). Then
# take West up the Summit d3: a step to c3 or d2, then the **Speed token** button for the
# second step, and West takes a stone there. Can East now take its second stone from the
# Mountain or the Summit?

# %%
board = KabetopoBoard(example("mountain", "summit-and-halfway-home-to-try"))
board

# %% [markdown]
# ### 3. Scoring in v2.0
#
# In our words (v2.0 *Scoring*):
#
# | line | points |
# |---|---|
# | First Stone (first runner to take its first stone) | 1 |
# | Halfway Home (first runner back on a corner with one stone) | 2 |
# | Second Stone (first runner to take its second stone) | 1 |
# | Tadaima | 3, or 4 on the natural corner |
# | Unseen Path, for the player who declared Tadaima | 1 if the opponent still needed 2-3 moves, 2 for 4-5, 3 for 6 or more, or 3 if the opponent lacked its second stone |
# | Preservation | 1 to the player with strictly more resources; a tie gives nobody anything |
#
# The Unseen Path distance counts the opponent's fewest moves to a corner it could finish
# on, a teleport being one move, ignoring runners, doors and the speed token (K-ROUND-3).

# %%
end = position(V2 + "runners=Ef1+2,Wa3+2;stones=0,0;order=E,W,E,W;halfway=Ea1,Wf6;homes=Ef1;turn=W;phase=over")
show(end, path=["a3", "a4", "a5", "a6"])

# %%
score = score_round(end.position)
print("\n".join(describe(score)))
print("West's moves left:", score.unseen_path[2], "| totals:", {seat_name(s): n for s, n in score.totals().items()})

# %% [markdown]
# ## Part B: the interim 2-player game (Rules v4.0)
#
# The older 2-player section of Rules v4.0 plays the ordinary 4-player game with only East
# and West, one Mountain, one stone each, and the 4-player pools. Its differences, in our
# words: the first stone is worth 2 and there is no Second Stone; one Tadaima (3, or 4 on
# the natural corner) ends the round; the same Unseen Path bonus applies; Preservation
# needs a strict lead. When the opponent has not even taken its stone, the project counts
# its way to the Mountain and then on to a corner (KNB-10).

# %%
interim = position("rules=kabetopo-2p-interim;runners=Ef1+1,Wb4;stones=3;order=E;homes=Ef1;turn=W;phase=over")
show(interim, path=["b4", "c4"])

# %%
score = score_round(interim.position)
print("\n".join(describe(score)))

# %% [markdown]
# ## Part C: matches, and how the two games differ
#
# Both 2-player games turn the board half a turn between rounds, so the players simply
# swap runners (K-MATCH-1). A 2-player v2.0 match lasts 4 rounds, or 6 if the players agree
# on it before they start (K-MATCH-2: the rulebook's "second round" is why rounds come in
# pairs, not the match's length); the interim rules' match lasts 2 rounds, or 4 or 6. Before
# rounds 3 and 5 the setup monoliths and portals are rolled afresh.

# %%
m = Match("kabetopo-2p", ["Ann", "Ben"], rounds=4, seed=1)
for r in range(4):
    print(f"round {r + 1}: Ann plays {seat_name(m.seat_of('Ann', r))}")
print("re-randomise every", m.rules.rerandomise_every, "rounds; turn", m.rules.turn_degrees, "degrees")

# %% [markdown]
# Side by side, as the engine configures them:

# %%
a, b = Rules.named("kabetopo-2p"), Rules.named("kabetopo-2p-interim")
rows = [
    ("Mountain sites", ",".join(map(square_name, a.geometry.mountains)), ",".join(map(square_name, b.geometry.mountains))),
    ("stones per site", a.stones, b.stones),
    ("stones a runner needs", a.stones_needed, b.stones_needed),
    ("Halfway Home objective", a.halfway_home, b.halfway_home),
    ("starting pool w,m,p,l,s", a.pool, b.pool),
    ("scoring table", a.scoring, b.scoring),
    ("tiebreaker chain", a.tiebreakers, b.tiebreakers),
    ("match lengths", a.round_choices, b.round_choices),
]
print(f"{'':26}{'kabetopo-2p':>20}{'kabetopo-2p-interim':>22}")
for label, x, y in rows:
    print(f"{label:26}{str(x):>20}{str(y):>22}")

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** East has just declared Tadaima on f1 in this v2.0 round. How many Unseen
# Path points does East get?

# %%
ex1 = position(V2 + "runners=Ef1+2,Wc3+2;stones=0,0;order=E,W,E,W;halfway=Ea1,Wf6;homes=Ef1;turn=W;phase=over")
show(ex1)

# %%
answer = None  # your answer here
check_answer(answer, score_round(ex1.position).line("Unseen Path", EAST),
             hint="count West's fewest moves to a6 or f6 (a1 is its own start): 2-3 give 1, 4-5 give 2.")

# %% [markdown]
# **Exercise 2.** Same kind of ending, but now both players have exactly the same number
# of resources left. Who gets the Preservation point? Give a list of seat names (maybe
# empty).

# %%
ex2 = position("rules=kabetopo-2p;runners=Ef1+2,Wa5+2;stones=0,0;order=E,W,E,W;halfway=Ea1,Wf6;homes=Ef1;"
               "pools=E:w1m2p1l2s0,W:w2m1p2l1s0;turn=W;phase=over")
show(ex2)

# %%
answer = None  # your answer here
check_answer(answer, [seat_name(s) for s in score_round(ex2.position).preservation],
             hint="in both 2-player games a tie for the most resources scores nobody.")

# %% [markdown]
# **Exercise 3.** In this v2.0 round East went Halfway Home on its own corner f6, then
# took its second stone, and now stands on f5 with both stones. If it steps back onto f6,
# is that a Tadaima? (`True` / `False`)

# %%
ex3 = position(V2 + "runners=Ef5+2,Wc4+1;stones=0,1;order=E,W,E;halfway=Ef6;turn=E")
show(ex3, arrows=[("f5", "f6")])

# %%
answer = None  # your answer here
after = ex3.copy()
after.apply("step f6")
check_answer(answer, bool(after.position.homes), hint="Halfway Home accepts any corner; does Tadaima?")

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

ChallengeBoard(section="15")

# %% [markdown]
# Next: [16 · Multiplayer Rules v3.0 and Mischief](16-multiplayer-v3-and-mischief.ipynb).
