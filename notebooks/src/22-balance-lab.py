# %% [markdown]
# # 22 · The balance lab: bots and self-play studies
#
# Designers ask questions a single game cannot answer. Does the first player win too often?
# How much does the random 2x2 Field Setup favour one seat? What do the options
# `speed_any_turn` (K-TURN-3) and King of the Mountain (K-TURN-6) do to the length of a
# round and to who wins it? This notebook answers them the way Ludii does for its games:
# let computer players play thousands of seeded games and count.
#
# Everything here is seeded: running it again gives the same games and the same tables.
# It needs the lab's packages (Dask, pandas, matplotlib), so it runs in JupyterLab (on
# Binder or your own machine), not in the in-browser JupyterLite site.

# %% [markdown]
# ## The bots
#
# Every game of the project (Kabetopo, Dakapo, Kaomi) gets the same three computer players
# from `kabetopo_nb.bots`:
#
# * `random` plays any legal action;
# * `greedy` looks one action ahead and takes the one that leaves its runner fewest moves
#   from its next goal (a Mountain stone, then a corner), a Tadaima above all; one action
#   in five it plays at random, so games differ;
# * `mcts` is a Monte Carlo tree search: it tries many continuations, several actions deep
#   and every player playing for itself, and judges where each leads (in Kabetopo by the
#   points so far and the race each runner still has to run; in Dakapo and Kaomi after a
#   few random actions more). The most tried first action is the one it plays.
#   `mcts` thinks for one second a decision; `mcts-300` stops after 300 tries (the same
#   action on any computer), `mcts-2s` after two seconds.
#
# The referee plays a game with them and checks every answer: a bot that crashes, answers
# an illegal action or takes longer than its limit is reported, and the game is not scored.
# On the workshop board (notebook 18) any seat can be given one of these bots.

# %%
from kabetopo_nb.bots import make_bot, play_game
from kabetopo_nb.bots.evaluation import evaluation_for
from kabetopo_nb.kabetopo import KabetopoState

game = KabetopoState.new_round("kabetopo-2p", seed=11)
record = play_game(game, {"East": make_bot("mcts-150"), "West": make_bot("greedy")}, seed=11)
points = evaluation_for(game).points(game.position)
print(f"{record.actions} actions, scored: {record.scored}; points: {points}")

# %% [markdown]
# ## A study
#
# A `Study` says what to play: the ruleset and its options, the bot in each seat, how many
# rounds and the seed. `run_study` plays it on Dask: by default it starts a small cluster
# on this computer (one worker process per core) and closes it afterwards; give
# `client="tcp://host:8786"` (or a `distributed.Client`) to use a bigger one. Round `i` is
# set up and played from the study's seed and `i` alone, so the rows are the same however
# many workers play them. A progress bar shows while it runs.
#
# The result is a pandas DataFrame with one row per round and seat: the points of each
# scoring line, the place, the share of the win (a first place shared by two counts half),
# stones, turns, actions, the setup pieces of the round and the option values.

# %%
# NBVAL_IGNORE_OUTPUT
# (the progress bar: saved where it ended, a fresh run shows it moving)
from kabetopo_nb.lab import Study, metrics, plots, run_study

small = Study("kabetopo-4p", bots="greedy", rounds=100, seed=7, name="small")
frame = run_study(small, workers=2)

# %%
columns = ["round", "seat", "bot", "points", "place", "win", "First Stone", "Tadaima", "Preservation", "turns"]
frame[columns].head(8)

# %% [markdown]
# ## The first study: seat balance and the first player
#
# The project keeps a bigger study in the `studies` folder, made by
# `scripts/run_first_study.py`: 5,000 rounds of `kabetopo-4p` and 5,000 of `kabetopo-2p`,
# greedy bots in every seat. `load_study` reads a saved study back, with its description.
# The seat that moves first is East (K-TURN-5). Each table gives every seat's win rate and
# mean points with a 95% interval: if the intervals of two seats do not overlap, the
# difference is very unlikely to be luck.

# %%
from pathlib import Path

from kabetopo_nb.lab import load_study

STUDIES = Path("..") / "studies"
four = load_study(STUDIES / "kabetopo-4p-greedy.parquet")
two = load_study(STUDIES / "kabetopo-2p-greedy.parquet")
for study, _rows in (four, two):
    print(study.describe())
metrics.seat_table(four[1]).round(3)

# %%
metrics.seat_table(two[1]).round(3)


# %%
def first_player(rows):
    table = metrics.seat_table(rows)
    first, even = table.iloc[0], 1 / len(table)
    verdict = ("an advantage" if first["win low"] > even else
               "a disadvantage" if first["win high"] < even else "no clear advantage")
    return (f"{table.index[0]} (moves first) wins {first['win rate']:.1%} of rounds "
            f"(95%: {first['win low']:.1%} to {first['win high']:.1%}); an even share is {even:.0%}: {verdict}")


for study, rows in (four, two):
    print(f"{study.ruleset}: {first_player(rows)}")

# %%
plots.seat_balance(four[1], title="kabetopo-4p, greedy bots: seat balance")

# %%
plots.seat_balance(two[1], title="kabetopo-2p, greedy bots: seat balance")

# %% [markdown]
# ## Where the points come from
#
# Each scoring line separately: how often each seat earned 0, 1, 2, ... points from it.

# %%
plots.score_lines(four[1], title="kabetopo-4p: points per scoring line")

# %% [markdown]
# ## The setup's imbalance
#
# The 2x2 Field Setup puts its pieces on random lines (K-SETUP-1). For every placement seen
# in at least 30 rounds (`c3e:M` is a monolith on `c3e`), the table gives each seat's win
# rate in the rounds with that placement minus its win rate overall: a positive number
# means the placement helps that seat. The heat map shows the placements that matter most.

# %%
imbalance = metrics.setup_imbalance(four[1])
strongest = imbalance.abs().max(axis=1).sort_values(ascending=False).index[:5]
imbalance.loc[strongest].round(3)

# %%
plots.setup_imbalance(four[1], title="kabetopo-4p: setup pieces and seat win rates")

# %% [markdown]
# ## What the options do
#
# Two more studies of `kabetopo-4p`, 2,500 rounds each, with one option switched on:
# `speed_any_turn` (the speed token may be cashed in on any turn, K-TURN-3) and
# `king_of_the_mountain` (no bump on the turn right after a bump, K-TURN-6). They are
# compared with the first 2,500 rounds of the plain study, which used the same seeds, so
# every round starts from the same setup in all three.

# %%
variants = {"plain": four[1][four[1]["round"] < 2500]}
for name in ("speed-any-turn", "king-of-the-mountain"):
    variants[name] = load_study(STUDIES / f"kabetopo-4p-{name}.parquet")[1]
metrics.option_effects(variants)[["variant", "seat", "win rate", "win low", "win high", "mean turns"]].round(3)

# %%
plots.option_effects(variants, title="kabetopo-4p: the options side by side")

# %%
plots.round_length(variants, title="kabetopo-4p: round length with each option")

# %% [markdown]
# ## The metrics, Ludii's way
#
# One table for all the studies: **balance** (1 minus the gap between the best and worst
# seat's win rate), **decisiveness** (rounds with a single winner) and **drawishness**
# (first place shared), **duration** in actions and in turns, the **branching factor**
# (the mean number of legal actions when there is a choice) and **completion** (rounds
# scored: none was cut off and no bot failed).

# %%
metrics.metrics_table({"kabetopo-4p": four[1], "kabetopo-2p": two[1], **{f"4p {k}": v for k, v in variants.items()
                                                                         if k != "plain"}}).round(3)

# %% [markdown]
# ## Extending a study
#
# A saved study grows without replaying what it holds: `extend_study(path, 50)` plays
# rounds 5,000 to 5,049 with the same seeds a 5,050-round study would have used, and saves
# the whole. (Here on a copy, with the small study from above.)

# %%
import tempfile

from kabetopo_nb.lab import extend_study, save_study

with tempfile.TemporaryDirectory() as folder:
    path = save_study(frame, small, Path(folder) / "small.parquet")
    grown = extend_study(path, 20, client="serial", progress=False)
    again = run_study(Study("kabetopo-4p", bots="greedy", rounds=120, seed=7), client="serial", progress=False)
    same = grown.drop(columns="think_seconds").equals(again.drop(columns="think_seconds"))
    print(f"{grown['round'].nunique()} rounds; the same rows as one run of 120: {same}")

# %% [markdown]
# ## How strong are the bots?
#
# The strength table (`benchmarks/bench_bots.py strength`, saved in `benchmarks/results/`):
# in each study one bot plays another for 200 seeded rounds, the two taking turns in the
# seats; in the 4-player game the first bot has one seat and the other bot the three
# others, so a first bot no better than them would win about a quarter of the rounds.
# `win rate` is the first bot's share of the rounds it won (a shared first place counts a
# part), with its 95% interval; `mcts` thinks one second a decision, `mcts-200` and
# `mcts-50` stop after that many tries.

# %%
from kabetopo_nb.lab import load_study

saved = sorted((Path("..") / "benchmarks" / "results").glob("strength-*.parquet"))
strength = metrics.strength_table(load_study(path) for path in saved)
strength.set_index(["family", "first", "second"]).round(3)

# %% [markdown]
# ## Your own study
#
# Change the ruleset, the options or the bots, and run. Bots can differ per seat
# (`bots={"East": "mcts-300", "West": "greedy"}`), or rotate so each bot plays each seat
# equally often (`bots=["greedy", "random"], rotate=True`; then `metrics.bot_table`
# compares the bots). Tree search is slow on purpose: `mcts` thinks a second for every
# decision, so a study of it takes hours on a laptop and is where a bigger Dask cluster
# helps. Dakapo and Kaomi work too: `Study("kaomi", bots="greedy")`.

# %%
# NBVAL_IGNORE_OUTPUT
# (the progress bar: saved where it ended, a fresh run shows it moving)
duel = Study("kabetopo-2p", bots=["greedy", "random"], rotate=True, rounds=40, seed=3, name="duel")
duel_rows = run_study(duel, workers=2)

# %%
metrics.bot_table(duel_rows)[["games", "win rate", "win low", "win high", "mean points"]].round(3)

# %% [markdown]
# That was the last notebook. Back to the start: [00 · Start here](00-start-here.ipynb).
