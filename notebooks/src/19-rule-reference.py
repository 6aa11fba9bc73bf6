# %% [markdown]
# # 19 · The rule reference
#
# Whenever the engine refuses or explains something, it quotes a ruling ID such as
# **K-MOVE-1**, **D-PLACE-3** or **M-5**. This notebook is where those IDs are explained:
# every ruling of Kabetopo, Dakapo and Kaomi, in the project's own words, with the rulebook
# section it reads. The IDs come from two pages: the shared rulings page (`RULINGS.md`: K-*,
# D-1 to D-4, M-*), which fixes one reading wherever the rulebooks are unclear, and the
# project's own page (`docs/RULINGS.md`: KNB-*, D-PLACE-*, D-END-*, D-CLAIM-1, D-SIZE-1,
# KM-*), for the cases that page leaves open.
#
# **Looking one up.** `ruling("K-MTN-3")` gives the entry for one ID; `rulings()` lists them
# all (or `rulings("dakapo")` one game's). The same entries are behind the interactive
# boards: when a refusal on a board shows a ruling ID, clicking the ID opens its entry.

# %%
from IPython.display import HTML

from kabetopo_nb.kabetopo import KabetopoState
from kabetopo_nb.reference import reference_html, ruling, ruling_card, rulings, topics
from kabetopo_nb.teach import check_answer, example, show

# %%
ruling("K-MTN-3")

# %% [markdown]
# `print(...)` gives the same entry as plain text. Case does not matter, and a part letter
# after the ID (the engine writes "(c)" when one part of **K-INV-1** fails) is accepted too.

# %%
print(ruling("k-inv-1 (c)"))

# %% [markdown]
# ## From a refusal to its entry
#
# A verdict carries its ruling IDs in `verdict.rulings`, so the engine's short reason and
# the reference's longer explanation are one step apart. Here East, on its corner f6 at the
# start of a round, tries to step to d4, two squares away.

# %%
state = KabetopoState.new_round(seed=1)
verdict = state.explain("step d4")
print(verdict)
print()
for rid in verdict.rulings:
    print(ruling(rid))

# %% [markdown]
# The board shows a shorter card for the same entry: its title, its text and its source.

# %%
ruling_card("K-MOVE-1")

# %% [markdown]
# An ID with no entry is an error that names the IDs closest to it:

# %%
try:
    ruling("K-MOVE-9")
except KeyError as err:
    print("KeyError:", err)

# %% [markdown]
# ## Exercise
#
# East (on f4) would like to jump over South (on f5) and land on its own corner square f6.
# The engine refuses. Which ruling decides it? Answer with its ID; the reference below, or
# `state.explain("leap f6")`, will tell you.

# %%
state = example("leapfrog", "no-leap-onto-a-corner")
show(state, arrows=[("f4", "f6")])

# %%
answer = None  # your answer here, e.g. "K-MOVE-2"
expected = state.explain("leap f6").rulings[0]
check_answer(answer, expected, hint="look for the ruling about corner squares among the leapfrog rulings")

# %% [markdown]
# ## How many entries
#
# One entry per ruling ID, grouped by game and then by topic:

# %%
for game in ("kabetopo", "dakapo", "kaomi"):
    entries = rulings(game)
    print(f"{game}: {len(entries)} entries")
    for topic in topics(game):
        ids = [r.id for r in entries if r.topic == topic]
        print(f"  {topic}: {', '.join(ids)}")

# %% [markdown]
# ## Kabetopo
#
# The K-* rulings read the three Kabetopo rulebooks (Rules v4.0, Multiplayer Rules v3.0,
# 2-Player Rules v2.0); the KNB-* rulings are the project's own answers to cases none of them
# settles. Notebooks 01 to 17 show each one on a board.

# %%
HTML(reference_html("kabetopo"))

# %% [markdown]
# ## Dakapo
#
# D-1 to D-4 are on the shared page; the placement rules, the endings, the tabletop claim
# and other board sizes are the project's own IDs. Notebook 20 plays them.

# %%
HTML(reference_html("dakapo"))

# %% [markdown]
# ## Kaomi
#
# M-1 to M-7 settle how pushes and scoring work; the KM-* rulings cover the turn, the swap,
# komi and the cases M-1 to M-7 leave open. Notebook 21 plays them.

# %%
HTML(reference_html("kaomi"))

# %% [markdown]
# Next: [20 · Dakapo](20-dakapo.ipynb).
