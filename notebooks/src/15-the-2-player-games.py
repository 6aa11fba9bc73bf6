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
# **K-MATCH-1** (turning the board 180 degrees), **K-MATCH-2** (how many rounds a v2.0
# match has), **KNB-1** and **KNB-10**.

# %%
import random

from kabetopo_nb import KabetopoBoard, RulesOptionError
from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.kabetopo import KabetopoState, Rules
from kabetopo_nb.kabetopo.geometry import square_name
from kabetopo_nb.kabetopo.match import TIEBREAKERS, Match
from kabetopo_nb.kabetopo.rules import EAST, seat_name
from kabetopo_nb.kabetopo.scoresheet import scoresheet_rows
from kabetopo_nb.kabetopo.scoring import describe, score_round
from kabetopo_nb.teach import check_answer, count, example, play, position, show

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
# swap runners (K-MATCH-1). A 2-player v2.0 match lasts **4 rounds** by default, or 6 if
# the players agree on it before they start (K-MATCH-2: the rulebook's "second round" is
# why rounds come in pairs, not the match's length). Two rounds is not a v2.0 match, and
# the engine refuses it. The interim rules keep their own length: 2 rounds, or 4 or 6.
# Before rounds 3 and 5 the setup monoliths and portals are rolled afresh.

# %%
m = Match("kabetopo-2p", ["Ann", "Ben"], seed=1)
print("a kabetopo-2p match:", m.rounds, "rounds unless the players agree on", m.rules.round_choices[1:])
for r in range(m.rounds):
    print(f"round {r + 1}: Ann plays {seat_name(m.seat_of('Ann', r))}")
print("re-randomise every", m.rules.rerandomise_every, "rounds; turn", m.rules.turn_degrees, "degrees")

# %%
for rules, rounds in [("kabetopo-2p", 6), ("kabetopo-2p", 2), ("kabetopo-2p-interim", 2)]:
    try:
        print(f"{rules}, {rounds} rounds: a match of", Match(rules, ["Ann", "Ben"], rounds=rounds).rounds)
    except RulesOptionError as err:
        print(f"{rules}, {rounds} rounds: refused ({err})")

# %% [markdown]
# ### The v2.0 score sheet
#
# The 2-Player Rules v2.0 keep score much as the 4-player game does (their *Keeping
# Score* section): one column per player, one row per scoring event, with rows of their
# own. In our words, row by row:
#
# * **First Stone**: 1 for the player who took a first stone first, a dash for the other.
# * **Halfway Home**: 2, circled, for the player first back on a corner with one stone;
#   the corner may be noted beside it. The other player gets a dash, with the corner it
#   reached later beside the dash (no corner: a bare dash).
# * **Second Stone**: 1 for the player first to a second stone, a dash for the other.
# * **Tadaima**: 3, or 4 on the natural corner, circled, for the player who came home, and
#   beside it "+X", where X is the Unseen Path bonus (nothing is written for 0). The other
#   player gets a dash. Only one player comes home, so there is no place to note; as on
#   the 4-player sheet, the project underlines a natural Tadaima.
# * **Preservation**: 1 or a dash; when neither player wins it (a tie), a dash for both.
# * Then the round's score, a slash and the running total, and a rule under the round.
#
# A seeded simple bot (notebook 13's) plays a whole v2.0 match for Ann and Ben, and
# `scoresheet()` writes the sheet as text: `②` is a circled 2, `_④_` an underlined 4.

# %%
simple_bot = GreedyBot()  # the seeded demo player
duel = Match("kabetopo-2p", ["Ann", "Ben"], seed=27)
rng = random.Random(27)
while not duel.is_over():
    duel.apply(simple_bot(duel.state, rng))
print(duel.scoresheet())

# %% [markdown]
# Each convention, read off this sheet by the engine (the cells of `scoresheet_rows`,
# the sheet's rows as data), and where each "+X" comes from:

# %%
def first(test):
    """The first cell of the sheet that passes ``test(row, cell)``, as round, row, player."""
    for r, rows in enumerate(scoresheet_rows(duel)):
        for label, cells in rows:
            for player, cell in zip(duel.players, cells, strict=True):
                if test(label, cell):
                    return f"round {r + 1}, {label}, {player}: {cell.text()}"
    return "not on this sheet"


print("Halfway Home, circled, with its corner:", first(lambda row, c: row == "Halfway Home" and c.circled))
print("a dash with the corner reached later:  ", first(lambda row, c: row == "Halfway Home" and c.points is None and c.extra))
print("a bare dash, never on a corner:        ", first(lambda row, c: row == "Halfway Home" and c.points is None and not c.extra))
print("Tadaima, circled, with its +X:         ", first(lambda row, c: row == "Tadaima" and c.extra))
print("Tadaima with no Unseen Path point:     ", first(lambda row, c: row == "Tadaima" and c.points and not c.extra))
print("a natural Tadaima, underlined:         ", first(lambda row, c: row == "Tadaima" and c.underlined))
nobody = [r + 1 for r, rows in enumerate(scoresheet_rows(duel))
          for label, cells in rows if label == "Preservation" and all(c.points is None for c in cells)]
print("Preservation, a dash for both, in rounds:", nobody)
for r, score in enumerate(duel.scores):
    seat, bonus, moves = score.unseen_path
    why = "no second stone yet" if moves is None else f"{count(moves, 'move')} from a corner it could finish on"
    print(f"round {r + 1}: {duel.player_of(seat, r)} home; the other runner: {why} -> +{bonus}")

# %% [markdown]
# In a notebook the match itself shows as the same sheet, as a table:

# %%
duel

# %% [markdown]
# ### Breaking a tie in v2.0
#
# Two players level on points are separated by the tiebreakers of the v2.0 *Winning The
# Match* section, tried in order until one of them is ahead. In our words:
#
# 1. the higher best round score, then the higher second-best, and so on;
# 2. more Tadaima and Halfway Home points, counted together;
# 3. more stone points (First Stone and Second Stone);
# 4. more Preservation points;
# 5. more Unseen Path points;
# 6. more resources left at the end of the last round;
# 7. still level: the match is drawn.
#
# Rules v4.0 (notebook 13; the interim 2-player game uses it too) has a list of its own:
# after the rounds it looks at Tadaima points alone, then first places and Natural
# Tadaimas, then stone points, First Stones, Preservation and the resources left. Halfway
# Home and the Unseen Path, which only v2.0 has, are not on it, so the two lists can pick
# different winners.
#
# The four rounds below end in positions written by hand (only how each round ended is
# given, as on a score sheet: `Match.from_positions`); the engine scores them and ranks
# the players. Ann comes home in rounds 1 (on her natural corner) and 3, Ben in rounds 2
# and 4, but Ben was back on a corner first in three rounds of the four.

# %%
TIED = [
    # round 1: Ann (East) home on a1, her natural corner; Ben (West) one step from f6
    ("rules=kabetopo-2p;runners=Ea1+2,Wf5+2;stones=0,0;order=E,W,E,W;halfway=Wf1,Ea6;homes=Ea1;"
     "pools=E:w1m1p1l1s0,W:w2m1p1l1s0;turn=W;phase=over"),
    # round 2: Ben (East) home on f1; Ann (West) one step from a6
    ("rules=kabetopo-2p;runners=Ef1+2,Wa5+2;stones=0,0;order=W,E,W,E;halfway=Ef6,Wa1;homes=Ef1;"
     "pools=E:w1m1p1l1s0,W:w2m1p1l1s0;turn=W;phase=over"),
    # round 3: Ann (East) home on f1; Ben (West) one step from a6
    ("rules=kabetopo-2p;runners=Ef1+2,Wa5+2;stones=0,0;order=W,E,W,E;halfway=Ef6,Wa1;homes=Ef1;"
     "pools=E:w1m1p1l1s0,W:w1m1p1l1s0;turn=W;phase=over"),
    # round 4: Ben (East) home on f1; Ann (West) two steps from a6
    ("rules=kabetopo-2p;runners=Ef1+2,Wc6+2;stones=0,0;order=W,E,W,E;halfway=Ef6,Wa1;homes=Ef1;"
     "pools=E:w1m1p1l1s0,W:w1m1p1l1s0;turn=W;phase=over"),
]
tied = Match.from_positions("kabetopo-2p", ["Ann", "Ben"], TIED)
print(tied.scoresheet())

# %% [markdown]
# Ann and Ben end level on points, with the same four round scores (the sheet's last
# rows). Now each list, step by step, with the engine's own tiebreaker steps
# (`TIEBREAKERS`): each player's value at each step, down to the first step where they
# differ.

# %%
def walk(match, chain):
    """Try the steps of a tiebreaker chain in order; the first that separates the players decides."""
    a, b = match.players
    for i, (step, key) in enumerate(TIEBREAKERS[chain], 1):
        va, vb = key(match, a), key(match, b)
        print(f"  {i}. {step}: {a} {va}, {b} {vb}")
        if va != vb:
            return a if va > vb else b
    return "nobody: drawn"


for chain in ["2p-v2.0", "v4.0"]:
    print(f"{chain} chain:")
    print("  ->", walk(tied, chain), "is ahead")
print("the engine's ranking under kabetopo-2p:", "; ".join(f"{st.place}. {', '.join(st.players)}" for st in tied.standings()),
      f"(decided by: {tied.standings()[0].decided_by})")

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
