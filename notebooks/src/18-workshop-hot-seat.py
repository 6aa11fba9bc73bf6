# %% [markdown]
# # 18 · Workshop: a whole match on one board
#
# This notebook is for a teacher running a Kabetopo workshop: one screen or projector,
# one board, and the players taking turns at the mouse ("hot seat"). Choose the game in
# the first cell, run the second cell once, and play the whole match on the board that
# appears: rounds, turning the board between rounds, scoring and the final ranking all
# happen on the board. **Nobody needs to type Python during play.**
#
# The match follows the sections **Playing The Game** (turn order), **Completing The
# Match** (the runners change hands between rounds, K-MATCH-1) and **How To Keep Score**
# of Rules v4.0, with the 3-player and 2-player variants of the other rulebooks.

# %% [markdown]
# ## 1. Choose the game
#
# * `RULES`: `"kabetopo-4p"` with four names, `"kabetopo-3p"` with three,
#   `"kabetopo-2p"` (the v2.0 game with the Summit) or `"kabetopo-2p-interim"` with two.
# * `PLAYERS`: the names, in seat order for round 1: East, South, West, North.
# * `SEED`: fixes the random setup; the same seed gives every table the same boards, so
#   results can be compared across tables.
# * `BOTS`: empty seats played by the computer, e.g. `{"Dana": "greedy"}` (a player's
#   name or a seat name, and the bot): `"random"` plays any legal action, `"greedy"` is a
#   simple seeded player that heads for its next goal, and `"mcts"` searches ahead for
#   1 second before each decision (the hardest to beat; `"mcts-3s"` gives it 3 seconds). You
#   can also leave `BOTS` empty and choose the bots on the board itself (see below).
# * `AUTOSAVE`: the file, next to this notebook, that keeps the match after every action.
# * `TEACHING`: `None` plays every round by the rulebook. `"first-round-without-drops"`
#   makes round 1 a teaching round: the runners only move, and nobody drops a wall,
#   monolith, portal or lock (our ruling KNB-15); from round 2 on the rounds are played
#   as usual. Section 4 shows such a round.

# %%
RULES = "kabetopo-4p"
PLAYERS = ["Aiko", "Ben", "Chidi", "Dana"]
SEED = 2024
BOTS = {}
AUTOSAVE = "workshop-match.json"
TEACHING = None

# %% [markdown]
# ## 2. The board
#
# Run this cell once; the board below is the whole match.

# %%
from kabetopo_nb import MatchBoard

board = MatchBoard(RULES, PLAYERS, seed=SEED, bots=BOTS, autosave=AUTOSAVE, teaching=TEACHING)
board

# %% [markdown]
# **What the board shows.** The large line says whose turn it is, by name and runner
# ("Ben (South) to play"); the status line gives the round ("Round 2 of 4") and what the
# player has to decide. Announcements below the board call out every scoring event: the
# First and Second Stone, each Tadaima with its place and the natural bonus, and the
# round's points when it ends. The scoresheet under the board fills in as you play.
#
# **How to play** (tell the group before starting):
#
# * Click a lit square to move your runner there; click your runner to light up its moves.
# * Click a line between two squares to drop a wall, monolith, portal or lock there; the
#   legal choices appear as buttons.
# * After entering a portal, pick the exit from the numbered options on the board; after
#   bumping a runner off the Mountain, pick where it lands the same way.
# * The **Speed token** button makes your next move the speed move; **End turn**
#   finishes a turn when only optional extras are left.
# * **Undo** takes back a misclick (never the setup rolls of a round). An illegal click is
#   refused with the ruling and a reason: read it out loud, it is the best rules lesson
#   there is.
# * When a round is over, the board shows its points and a **Next round** button: the
#   board turns, each player takes the next runner (see the table below), and the
#   scoresheet keeps every round. After the last round the board shows the final ranking
#   and, for tied totals, the tiebreaker that decided each place.
# * **Who plays each seat.** Beside the board, every player has a list: *Human* or one of
#   the bots (random, greedy, mcts; a short description of each is shown under the list).
#   Choosing a bot hands that seat to the computer at once ("Dana is now played by
#   mcts."), so a player who has to leave can be replaced mid-match, and choosing *Human*
#   gives the seat back. The lists can be reached and changed from the keyboard too.
# * With bots, each bot action is announced ("Dana (bot) steps from a6 to a5.") after a
#   short pause so the room can follow; while mcts searches, the board says "Dana (mcts)
#   is thinking…" and you can still run cells. **Stop the bots** lets you play their seats
#   by hand (a search under way is dropped, nothing is played); **Let the bots play**
#   hands them back. If a bot ever breaks down (an error, an illegal action, or far too
#   long to decide), the bots stop, the board says which one and why, and the match is
#   marked *not scored*; you can play on by hand. The choices made in the lists last
#   until the kernel restarts: for bots that come back with the board, put them in `BOTS`.
#
# **Nothing is lost.** The match is written to `AUTOSAVE` after every action. If the
# kernel restarts or the browser is reloaded, run the cells again (*Run > Run All Cells*):
# the board comes back exactly where it stopped. To start a fresh match with the same
# settings, change `SEED` or `AUTOSAVE`; a board that finds a *different* saved match
# asks whether to resume it or start the new one, and the old file is kept (renamed),
# never deleted. A damaged save file is refused with the reason, kept as
# `workshop-match.json.damaged-1`, and a new match starts.
#
# Which runner each player drives in every round (K-MATCH-1):

# %%
from kabetopo_nb.kabetopo.rules import seat_name

match = board.match
for r in range(match.rounds):
    print(f"round {r + 1}: " + ", ".join(f"{p} plays {seat_name(match.seat_of(p, r))}" for p in match.players))

# %% [markdown]
# ## 3. A demo match with bots in every seat
#
# To show the group what a finished match looks like (or to test the projector), let the
# seeded bot play a whole match on a board of its own: it presses **Next round** between
# rounds exactly as a player would. The bot now and then plays a random legal action and
# otherwise moves its runner nearer to its next goal. (`demo.play_bots()` plays the bots' turns
# at once; on a board they play by themselves, one action after another.)

# %%
DEMO_PLAYERS = ["Aiko", "Ben", "Chidi", "Dana"]
demo = MatchBoard("kabetopo-4p", DEMO_PLAYERS, seed=29, bots={p: "greedy" for p in DEMO_PLAYERS})
while not demo.match.is_over():
    demo.play_bots()
    if demo.match.between_rounds():
        demo.press("next-round")
print(demo.match.scoresheet())

# %% [markdown]
# The same scoresheet as a table, laid out like the paper scoresheet of the rulebook's
# appendix (Tadaima points circled, the place as a superscript, a Natural Tadaima
# underlined), and the board's last announcements:

# %%
demo.match

# %%
print("\n".join(demo.announcements[-3:]))

# %% [markdown]
# ## 4. A first round without drops
#
# For a group that has never played, the tips below suggest a first round in which the
# players only race: the board holds to it for you. Set `TEACHING =
# "first-round-without-drops"` in the first cell before the match starts (the choice is
# kept in the autosave, so a restart keeps it; changing it later offers to start a new
# match instead of resuming). In round 1 the status line says "teaching round, no drops
# (KNB-15)", a click on a line to drop a piece is refused with ruling KNB-15, and the
# scoresheet marks the round; the setup's monoliths and portals, teleports, leapfrogs,
# the Mountain and the speed token work as always. Round 2 and later are ordinary rounds.
# Here the seeded bot plays such a first round on a board of its own:

# %%
lesson = MatchBoard("kabetopo-4p", DEMO_PLAYERS, seed=SEED, bots={p: "greedy" for p in DEMO_PLAYERS},
                    teaching="first-round-without-drops")
print(lesson.state.explain("wall a2n"))  # what the board answers to a drop in round 1
lesson.play_bots()  # the bots play round 1 at once: moves only
print(lesson.match.scoresheet())
lesson.press("next-round")
print("\n".join(lesson.announcements[-2:]))

# %% [markdown]
# ## 5. Handouts to print
#
# Pages for the table, made from the engine itself, so they say what the board plays: a
# one-page summary of each ruleset (the match, the pools, a turn, the special moves, what
# each scoring line is worth, the tiebreakers in order and the options, each rule with its
# ruling ID), one page each for Dakapo and Kaomi, a card of the board's mouse, button and
# keyboard controls, a blank scoresheet for each ruleset, and the filled scoresheet of a
# finished match, all for A4 and for US Letter. The cell below writes them into
# `build/handouts/`, next to this notebook, with the demo match of section 3 as the filled
# sheet. Open [build/handouts/index.html](build/handouts/index.html) (in JupyterLab:
# right-click it, *Open in New Browser Tab*) and print each page (Ctrl+P): a page sets its
# own paper size and margins, and each summary, the card and each blank sheet fit one sheet.
# After your own match, `write_handouts("build/handouts", matches=[board.match])` prints its
# sheet. From a terminal (`--paper a4` or `letter` for one size; `--match` a saved match):
#
# ```bash
# python3 -m kabetopo_nb.handouts build/handouts --match workshop-match.json
# ```

# %%
from kabetopo_nb.handouts import write_handouts

written = write_handouts("build/handouts", matches=[demo.match])
print(f"{len(written)} files; open {written[0]}")
print("\n".join(p.name for p in written if p.parent.name == "a4"))

# %% [markdown]
# ## Tips for the workshop
#
# * **Start small.** A first round without drops (just running, leapfrogging and
#   teleporting through the setup's portals) teaches the race: set `TEACHING` as in
#   section 4. From round 2 drops are allowed; introduce walls first, and portals, locks
#   and doors as they come up.
# * **Seat order.** Turns go East, South, West, North; seat the players around the screen
#   in that order so the mouse travels clockwise.
# * **Disputes.** Ask the engine about the position on the board, in a new cell below
#   (the players go on afterwards; asking changes nothing):
#
#   ```python
#   from kabetopo_nb.teach import ask
#   ask(board.state, "step e6")
#   ```
#
#   or build the disputed position yourself (notebooks 10-17 show many):
#
#   ```python
#   from kabetopo_nb.teach import ask, position, show
#   state = position("runners=Eb1+1,Sf1,Wc3,Na6;stones=2;order=E;turn=E")
#   show(state)
#   ask(state, "step a1")
#   ```
#
#   Notebook 17 lists every point where a reading had to be chosen, and the rule options
#   that switch it.
# * **Options.** Set `RULES` to a ruleset with options, then run the board cell again:
#
#   ```python
#   from kabetopo_nb.kabetopo.rules import Rules
#   RULES = Rules.named("kabetopo-4p", king_of_the_mountain=True)
#   ```
# * **Keeping the result.** Download the notebook (*File > Download*) and the autosave
#   file; a copy of the match can also be written under another name:
#
#   ```python
#   from pathlib import Path
#   Path("workshop-match-copy.json").write_text(board.match.save_json())
#   ```
# * **Time.** A 4-player round takes 10-20 minutes for beginners; a 2-round 2-player match
#   fits in a short session.
#
# ## Exercises
#
# **Exercise 1.** Three friends, Aiko, Ben and Chidi, play `kabetopo-3p` on the board, in
# that order (Aiko drives East in round 1). Who drives the West runner in round 2?

# %%
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import WEST
from kabetopo_nb.teach import check_answer

answer = None  # your answer here
check_answer(answer, Match("kabetopo-3p", ["Aiko", "Ben", "Chidi"]).player_of(WEST, 1),
             hint="each round, every player takes the next runner clockwise, and North's seat is empty.")

# %% [markdown]
# **Exercise 2.** Aiko and Ben play the 2-player v2.0 game (`kabetopo-2p`); Aiko drives
# East in round 1. Which runner does she drive in round 2? Give the seat name.

# %%
answer = None  # your answer here
check_answer(answer, seat_name(Match("kabetopo-2p", ["Aiko", "Ben"]).seat_of("Aiko", 1)),
             hint="with two players the board turns half a turn between rounds.")

# %% [markdown]
# **Exercise 3.** How many rounds does a `kabetopo-3p` match last, and how many in the
# shortest 2-player v2.0 match? Give a list `[3p, 2p]`.

# %%
answer = None  # your answer here
check_answer(answer, [Match("kabetopo-3p").rounds, min(Match("kabetopo-2p").rules.round_choices)])

# %% [markdown]
# ## 6. A room for the whole workshop
#
# The hot seat above puts everyone at one board. With the **workshop room**, every
# participant plays on their own laptop or phone instead, at tables the room holds, and you
# watch every table from one page. The room runs inside this Jupyter server (it starts with
# JupyterLab, on a laptop as under a hub or on Binder): it checks every action with the same
# rules engine as the board, keeps every table in a file next to the notebooks, and carries
# on after a restart.
#
# **The dashboard** is the room's page for the teacher: open it with the cell below (or in
# its own browser tab: your JupyterLab's address with `lab` replaced by
# `kabetopo-room/dashboard`). It needs your JupyterLab login; participants never see it.
# From the dashboard you
#
# * make a table: the players' names, the game and ruleset, and for each seat a person or
#   a bot;
# * watch every table live: whose turn, the round, the scores, who is connected; pause and
#   resume a table, let a bot take over an absent player's seat and give it back, start a
#   match's next round, and *Project* a table (its board for the big screen);
# * run a tournament: for example 12 players at 3 tables of 4 over 3 matches, re-seated by
#   the standings after each match, with the live and final standings;
# * follow the learners' progress through the challenges, and download the results (CSV or
#   Parquet) and every match's save.
#
# **Participants join** with their seat's link: the dashboard shows each link with its QR
# code, and *Print join cards* prints one card per seat (the name, the table, the link and
# the code). Scanning the code or opening the link takes a player straight to their seat;
# nobody needs an account. A lost or leaked link is replaced with *New link*, which ends
# the old one at once.

# %%
from kabetopo_nb.room.teacher import RoomDashboard

RoomDashboard()

# %% [markdown]
# Next: [19 · The rule reference](19-rule-reference.ipynb).
