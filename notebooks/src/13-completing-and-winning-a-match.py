# %% [markdown]
# # 13 · Completing and winning a match
#
# One round is not a fair contest: the randomly placed setup monoliths and portals favour
# some runners. The Rules v4.0 sections **Completing The Match** and **Winning The Match**
# (and the Appendix **How To Keep Score**) fix this by playing four rounds, turning the
# board between rounds so every player drives every runner once, then adding up.
# Rulings: **K-MATCH-1** (turning the board = handing each player the next runner),
# **K-SETUP-3** (one seeded random generator per match), **K-SET-3** (pools per round).
#
# The engine's `Match(rules, players, rounds=..., seed=...)` keeps the rounds, the scores,
# the grand totals, the tiebreakers and the scoresheet.

# %%
import random

from kabetopo_nb import MatchBoard
from kabetopo_nb.bots import GreedyBot
from kabetopo_nb.kabetopo.match import TIEBREAKERS, Match
from kabetopo_nb.kabetopo.position import SETUP
from kabetopo_nb.kabetopo.rules import seat_name
from kabetopo_nb.kabetopo.scoring import score_round
from kabetopo_nb.teach import check_answer, position, show

simple_bot = GreedyBot()  # the seeded demo player: simple_bot(state, rng) picks an action


# %% [markdown]
# ## 1. Turning the board means changing runners
#
# On the table the players stay in their chairs and the board is turned a quarter turn
# clockwise before each new round. The engine models that the other way round (K-MATCH-1):
# the board stays put and each player takes over the next runner in clockwise order
# (East, South, West, North). After four rounds everyone has played every colour once.

# %%
match = Match("kabetopo-4p", ["Ann", "Ben", "Cat", "Dan"], seed=25)
show(match.state)

# %%
print("round  " + "  ".join(f"{p:>5}" for p in match.players))
for r in range(match.rounds):
    print(f"{r + 1:>5}  " + "  ".join(f"{seat_name(match.seat_of(p, r)):>5}" for p in match.players))

# %% [markdown]
# ## 2. Setting up the next round
#
# Between rounds (the five setup steps of **Completing The Match**): every piece the
# players dropped leaves the board; the setup monoliths and portals, the ones with holes,
# stay where they are for the whole match; runners return to their corners; the stones go
# back on the Mountain; and every pool is refilled to the starting amounts. Let our simple
# bot play round 1 and compare the end of round 1 with the start of round 2.

# %%
rng = random.Random(25)
while len(match.scores) == 0:
    match.apply(simple_bot(match.state, rng))
end_of_1 = match.states[0]
start_of_2 = match.states[1]
show(end_of_1)

# %%
def summary(state):
    pos = state.position
    setup = sorted(str(ln) for ln, piece in pos.pieces() if piece & SETUP)
    dropped = sum(1 for ln, piece in pos.pieces() if not piece & SETUP)
    return f"setup pieces {len(setup)}, dropped pieces {dropped}, locks {bin(pos.locks).count('1')}, stones on the Mountain {pos.site_stones}"

print("end of round 1:  ", summary(end_of_1))
print("start of round 2:", summary(start_of_2))
print("same setup lines:", [ln for ln, p in end_of_1.position.pieces() if p & SETUP] == [ln for ln, p in start_of_2.position.pieces() if p & SETUP])
print("round 2 position:", start_of_2.to_text())

# %%
show(start_of_2)

# %% [markdown]
# ## 3. Grand totals
#
# **Winning The Match**: each player's round scores are summed; the highest grand total
# wins. Here the bot plays the remaining three rounds.

# %%
while not match.is_over():  # the bot plays every remaining action
    match.apply(simple_bot(match.state, rng))
for p in match.players:
    print(f"{p}: rounds {[match.round_total(p, r) for r in range(match.rounds)]} -> total {match.total(p)}")

# %% [markdown]
# ## 4. The tiebreaker chain
#
# Two players on the same total are separated by a fixed list of comparisons, tried in
# order until one differs (the **Tiebreakers** list of Rules v4.0). In our words:
#
# 1. the best single round, then the second best, and so on;
# 2. more Tadaima points over the match;
# 3. more first places;
# 4. more Natural Tadaimas;
# 5. more stone points;
# 6. more First Stones;
# 7. more Preservation points;
# 8. more resources left at the end of the last round;
# 9. otherwise the match is a draw.
#
# The `decided_by` field of each standing names the step that settled its place. In this
# match no two players share a total, so every place is settled by the total itself (see
# the standings below). To watch the chain at work anyway, the next cell lists each
# step's values for Ann and Ben: had they tied on the total, the first step where their
# values differ would have decided it.

# %%
for name, fn in TIEBREAKERS["v4.0"]:
    print(f"{name:>32}:", {p: fn(match, p) for p in ("Ann", "Ben")})

# %%
for st in match.standings():
    print(st)
print("winner:", match.winner())

# %% [markdown]
# ## 5. The scoresheet
#
# The Appendix describes a paper scoresheet: one column per player, a row for stones, a
# row for Tadaima (the number circled, its place as a small superscript, underlined when
# natural), a row for Preservation, then "round score / running total", and a rule under
# each round. `match.scoresheet()` writes it as text; in a notebook the `Match` object
# itself displays as a table.

# %%
print(match.scoresheet())

# %%
match

# %% [markdown]
# ## Try it: play a match
#
# Now play a whole match yourself on one board. You are "You", driving East in round 1;
# three seeded bots take the other seats and play their turns by themselves, each action
# announced. Click your runner to see its moves, click a line to drop a piece. When a
# round ends, read its scoring in the panel and press **Next round**: you take over the
# next runner (South in round 2), and the scoresheet under the board keeps every round.
# After round 4 the board shows the ranking and, for level totals, the tiebreaker that
# decided it. (The match is not saved to a file; run the cell again for a fresh one.)

# %%
board = MatchBoard("kabetopo-4p", ["You", "Aiko", "Ben", "Chidi"], seed=13, autosave=None,
                   bots={"Aiko": "greedy", "Ben": "greedy", "Chidi": "greedy"})
board

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Kofi, Lena, Mia and Noah play a match, in that order: Kofi drives East
# in round 1. Which runner does Mia drive in round 4? Give the seat name, e.g. `"East"`.

# %%
answer = None  # your answer here
m = Match("kabetopo-4p", ["Kofi", "Lena", "Mia", "Noah"])
check_answer(answer, seat_name(m.seat_of("Mia", 3)),
             hint="in round 1 Mia is the third player, on West; each round everyone moves on one runner clockwise.")

# %% [markdown]
# **Exercise 2.** Round 2 of Kofi, Lena, Mia and Noah's match has just ended like this.
# The stones were taken in the order North, West, East; West came home first, East
# second and North third. How many points does **Lena** score in this round?

# %%
ex2 = position("lines=Wb2n,Wc2e,Wd5n,We3e,Wb4e,Wc5e,Md4e,Pb3n;runners=Ea1+1,Sc3,Wf6+1,Na1+1;"
               "pools=E:w2m1p1l1s1,S:w3m1p1l1s1,W:w0m0p0l0s0,N:w1m1p1l0s0;stones=1;order=N,W,E;"
               "homes=Wf6,Ea1,Na1;phase=over;round=2")
show(ex2)

# %%
answer = None  # your answer here
lena = Match("kabetopo-4p", ["Kofi", "Lena", "Mia", "Noah"]).seat_of("Lena", 1)
check_answer(answer, score_round(ex2.position).total(lena),
             hint="first find Lena's runner in round 2; then add its stone, its Tadaima (natural?) and Preservation.")

# %% [markdown]
# **Exercise 3.** Round 1 of another match has just ended like this. How many pieces
# (walls, monoliths and portals together) stand on the board when round 2 begins?

# %%
ex3 = position("lines=M*c3n,P*d3e,M*b4e,P*a2n,Wb2n,Wc2e,We4n,Pd5e,Mc5n;locks=d3e,d5e;"
               "runners=Ef1+1,Sa6+1,Wd4+1,Na1+1;pools=E:w2m1p0l0s1,S:w3m1p1l1s1,W:w3m1p1l0s1,N:w1m0p1l1s0;"
               "stones=0;order=E,S,N,W;homes=Na1,Sa6,Ef1;phase=over")
show(ex3)

# %%
answer = None  # your answer here
nxt = Match.from_positions("kabetopo-4p", None, [ex3.position]).next_round()
check_answer(answer, len(list(nxt.position.pieces())),
             hint="what the players dropped leaves the board; the pieces with holes stay for the whole match.")

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

ChallengeBoard(section="13")

# %% [markdown]
# Next: [14 · The 3-player game](14-the-3-player-game.ipynb).
