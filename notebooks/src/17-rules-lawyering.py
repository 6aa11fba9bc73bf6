# %% [markdown]
# # 17 · Rules lawyering
#
# The rulebooks (Rules v4.0, Multiplayer Rules v3.0, 2-Player Rules v2.0) were published
# without their diagrams, they contradict each other in places, and they leave some cases
# open. The shared rulings page (`RULINGS.md`) picks one reading for each such point, and
# where a second reading is just as defensible it makes it a named **option**. The
# project's own page (`docs/RULINGS.md`) adds rulings **KNB-1** to **KNB-13**. Five readings
# were settled later on the shared page (K-TURN-11, K-DOOR-4, K-LEAP-5, K-LEAP-6,
# K-ROUND-4); Part 2 shows each next to the reading it replaced.
#
# This notebook goes through every one of those points. For each: the question in our own
# words, the position where it matters, and the outcome under each reading **side by
# side**. `compare(text, readings)` prints, for every reading, the legal actions that
# appear or disappear compared with the first; for match-level questions we compare
# scores and tiebreak results instead. A dispute at the table needs no code at all: the
# first ruling below comes with a live board to settle it on (**Edit position** and
# "why not here?").

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.kabetopo import KabetopoState, Rules, engine
from kabetopo_nb.kabetopo.match import Match
from kabetopo_nb.kabetopo.rules import POOL_NAMES, seat_name
from kabetopo_nb.kabetopo.scoring import FIRST_STONE, PRESERVATION, SECOND_STONE, describe, score_round
from kabetopo_nb.kabetopo.tiebreakers import rank_results
from kabetopo_nb.teach import ask, check_answer, compare, example, legal, play, position, scenario, show


def compare_after(text, readings, actions, *, kinds=None, diff=True):
    """Like compare(), but first play `actions` under each reading, then compare what follows."""
    states = {}
    for label, opts in readings.items():
        s = position(text, **opts)
        for a in actions:
            s.apply(a)
        states[label] = s
    wanted = set(kinds) if kinds else None
    names = {label: {str(a) for a in s.legal_actions if wanted is None or a.kind in wanted} for label, s in states.items()}
    base = next(iter(states))
    for label, s in states.items():
        print(f"{label}: after {', '.join(actions)} -> {s.decision}; {s.legal_actions.count()} legal actions")
        if diff and label != base:
            print("  appear:", ", ".join(sorted(names[label] - names[base])) or "none")
            print("  disappear:", ", ".join(sorted(names[base] - names[label])) or "none")
    return states


def text_of(file, name):
    """The position text of a scenario."""
    return scenario(file, name).position

# %% [markdown]
# ## Part 1: rulings with an option
#
# ### K-LEAP-2: leapfrogging *into* a portal
#
# Rules v4.0 (**Leapfrogging**) allows a leap "through a portal" and says where the runner
# lands, but does not say what happens when the portal stands *behind* the runner being
# jumped. Default reading: that jump is simply not a leapfrog (the landing would cross a
# portal line). Option `leap_into_portal` (with KNB-3 and K-LEAP-5): the jumper carries on
# into that portal and comes out at another one, like a teleport. East on b3 jumps South on c3;
# behind South stands the portal c3e.

# %%
LEAP = text_of("leapfrog", "leap-into-a-portal-is-illegal-by-default")
show(position(LEAP), lines={"c3e": "drop"}, arrows=[("b3", "c3")])

# %%
compare(LEAP, {"default": {}, "K-LEAP-2 option": {"leap_into_portal": True}}, action="leap-portal c3e")

# %% [markdown]
# #### The referee's board
#
# The same dispute, on a board you can click. **Why not here?** Click d3, where East
# hopes to land: the board refuses, and under the refusal it lists every way a runner
# could have gone there, each with its verdict and ruling ID. Click an ID to open its
# entry in the rule reference. Clicking a line or another square asks the same question
# about that spot.
#
# **Your own dispute.** Press **Edit position** and rebuild the position from your table:
# the piece tools put walls, monoliths, portals and locks on lines, the runner tools put
# runners on squares, the -/+ steppers set each player's pool, and the **Stones** tool sets
# the stones left on the Mountain and the stones each runner carries (Tadaima and
# Preservation disputes hang on those). The panel says after every change whether play
# could ever reach the position, and if not, why; a turn left half done is named in
# words, and **Clear board** gives the pieces back to their pools. **Play from here** only
# starts from a position play can reach; then each side makes its move and the board
# gives its verdict. For the other reading of a ruling, make the board with that option,
# for example `KabetopoBoard(position(LEAP, leap_into_portal=True))`.

# %%
board = KabetopoBoard(position(LEAP))
board

# %% [markdown]
# ### K-TURN-3: when may the speed token be cashed?
#
# The **Speed Tokens** section says the token gives an extra *move* and can be used at any
# time during the player's turn. Does a turn spent dropping a plain wall (no move at all)
# qualify? Default: no, the token needs a turn with another move of the player's own in
# it (K-TURN-11 says exactly when). Option `speed_any_turn`: yes.

# %%
SPEED = text_of("turn", "speed-any-turn-option")
show(position(SPEED), lines={"c3n": "drop"})

# %%
states = compare_after(SPEED, {"default": {}, "K-TURN-3 option": {"speed_any_turn": True}}, ["wall c3n"], diff=False)
legal(states["K-TURN-3 option"])

# %% [markdown]
# ### K-TURN-6: King of the Mountain
#
# The designer's teaching guide (not any rulebook) adds that a runner who has just been
# bumped off the Mountain cannot be answered by an immediate counter-bump. Default: not a
# rule. Option `king_of_the_mountain`: no bump on the turn right after a bump. Here East
# has just bumped West from c4 to b4; it is South's turn, next to the Mountain.

# %%
KOTM = play(example("mountain", "king-of-the-mountain-is-an-option"), "step c4", "bump b4").to_text()
show(position(KOTM), highlights={"c4": "select"})

# %%
compare(KOTM, {"default": {}, "K-TURN-6 option": {"king_of_the_mountain": True}}, action="step c4")

# %% [markdown]
# ### K-ROUND-2: does a 3-player round stop at the second Tadaima?
#
# Both 3-player sections award nothing for third place, which suggests the round ends when
# two players are home, as a 4-player round ends at three. Default: it ends there. Option
# `play_to_last_tadaima`: the last runner plays on (still for no points, KNB-9).

# %%
THREE = text_of("round", "three-player-round-ends-at-the-second-tadaima")
show(position(THREE), arrows=[("b1", "a1")])

# %%
_ = compare_after(THREE, {"default": {}, "K-ROUND-2 option": {"play_to_last_tadaima": True}}, ["step a1"], kinds=["step"])

# %% [markdown]
# ### K-SET-3: the 2-player pools
#
# The 2-Player Rules v2.0 contradict themselves: the **Setup** gives each player 3 walls
# and 2 monoliths, while step 4 of **Completing The Match** refills the pools with 4 walls
# and 3 monoliths. Default: the setup numbers in every round. Option `later_round_pools`:
# the larger numbers from round 2 on. It changes every round after the first, including
# the Preservation count.

# %%
for label, opts in {"default": {}, "K-SET-3 option": {"later_round_pools": True}}.items():
    r = Rules.named("kabetopo-2p", **opts)
    print(f"{label:15} round 1: {r.pool_for_round(1)}   round 2: {r.pool_for_round(2)}   (walls, monoliths, portals, locks, speed)")

# %%
# Round 2, East has already dropped three walls. Under the default it has none left; under
# the option it still holds a fourth (and one more monolith).
R2 = {"default": "rules=kabetopo-2p;lines=Wb2n,Wc2n,Wd5e;runners=Ee5,Wa1;pools=E:w0m2p2l2s1,W:w3m2p2l2s1;turn=E;round=2",
      "K-SET-3 option": "rules=kabetopo-2p+later-round-pools;lines=Wb2n,Wc2n,Wd5e;runners=Ee5,Wa1;"
                        "pools=E:w1m3p2l2s1,W:w4m3p2l2s1;turn=E;round=2"}
show(position(R2["K-SET-3 option"]))

# %%
for label, text in R2.items():
    s = position(text)
    print(f"{label:15} valid: {s.is_valid()}; wall e2n -> {s.explain('wall e2n')}")

# %% [markdown]
# ## Part 2: rulings that settle an ambiguity
#
# ### K-TURN-11: the speed move never stands alone (it replaced KNB-2)
#
# The **Speed Tokens** section says the token adds a move to a turn that has a move. After
# a monolith drop the turn *may* have one (the bonus move), but what if the player cashes
# the token first and then ends the turn without the bonus? The project's old reading
# (KNB-2) allowed it; K-TURN-11 now says the speed move needs another move of the player's
# own in the same turn, so the bonus move is owed. Under the option `speed_any_turn` the
# speed move needs no other move, which is what KNB-2 allowed here. East, with a monolith
# and its token, drops the monolith on a1n and cashes the token first:

# %%
T11 = text_of("turn", "speed-move-never-stands-alone")
_ = compare_after(T11, {"K-TURN-11 (default)": {}, "speed_any_turn (as KNB-2 read it)": {"speed_any_turn": True}},
                  ["monolith a1n", "speed step e6"], kinds=["end", "step"])

# %% [markdown]
# Counted over whole turns from a standard opening (East's first turn played out in every
# possible way, each distinct end position counted once), K-TURN-11 gives 525 positions.
# Under the old KNB-2 the engine counted 645: the 120 more were all turns that cashed the
# token after the monolith and ended with the bonus unused. The option `speed_any_turn`
# allows those and more (a speed move after a plain wall drop too).

# %%
for label, rules in {"K-TURN-11 (default)": Rules.named("kabetopo-4p"),
                     "speed_any_turn": Rules.named("kabetopo-4p", speed_any_turn=True)}.items():
    opening = KabetopoState.new_round(rules, seed=49).position
    print(f"{label:20} {len(engine.turn_ends(opening)):4} end-of-turn positions")

# %% [markdown]
# ### K-LEAP-5: how a leap into a portal comes out (it changed KNB-3)
#
# Under the K-LEAP-2 option, the old reading (KNB-3) let the continuing jump come out only
# onto an empty square. K-LEAP-5 says it is a teleport in every respect: over a runner on
# the exit square it leapfrogs through the portal, onto the occupied Mountain it bumps.
# East on d2 jumps South into the portal on d3n. Each way out, as the engine records it,
# and whether the old reading offered it:

# %%
L5 = play(example("leapfrog", "leap-into-a-portal-option-leapfrogs-and-bumps-on-the-way-out"), "leap-portal d3n")
show(L5)

# %%
ledger = L5.ledger(why=False)
for action, outcome in zip(ledger.actions, ledger.outcomes, strict=False):
    old = "offered" if type(outcome).__name__ == "ExitOnto" else "refused (KNB-3: empty squares only)"
    print(f"{str(action):10} {L5.explain(action).reason:75} under the old reading: {old}")

# %% [markdown]
# ### K-LEAP-6: never the same side of a portal twice in one move (it replaced KNB-12)
#
# A chain of such continuations could go round between two portals for ever, so something
# has to stop it. The project's old reading (KNB-12) forbade going into the same portal
# twice in one move. K-LEAP-6 forbids less: never in by the same *side* twice, but back into
# a portal already used through its other side is fine, and that continuation is a teleport
# like any other. West stands between two portals; East jumps South from below into the
# portal on `d2n`. Coming out above, by d3, takes East over West and back into `d2n`, this
# time from above:

# %%
L6 = play(example("leapfrog", "leap-into-a-portal-option-never-enters-a-portal-side-twice"), "leap-portal d2n")
show(L6)

# %%
from kabetopo_nb.kabetopo.geometry import side_line

ledger = L6.ledger(why=False)
for action, outcome in zip(ledger.actions, ledger.outcomes, strict=False):
    again = type(outcome).__name__ == "ExitIntoPortal" and side_line(outcome.next_side) == L6.position.pending.entry
    old = "refused (KNB-12: the same portal twice)" if again else "offered"
    print(f"{str(action):10} {L6.explain(action).reason:95} under KNB-12: {old}")

# %% [markdown]
# Once East is back inside `d2n` (gone in by its upper side), the same way out again would
# take it in by that upper side a second time, and K-LEAP-6 refuses it: every chain ends,
# since a board has only so many portal sides.

# %%
ask(play(L6, "exit d3n"), "exit d3n")

# %% [markdown]
# Counted over East's whole turns from the smallest position where the readings part (a
# portal in East's pool, two on the board), K-LEAP-6 gives 143 distinct end positions;
# KNB-12 gave 139. The four more are turns where East drops a portal on `d2n`, teleports
# through it, comes out over South and goes back into `d2n` from above.

# %%
smallest = position("lines=Pd3n,Pc5e;runners=Ed2,Sd3,Wa1,Na6;pools=E:w0m0p1l1s0,S:w0m0p0l0s0,"
                    "W:w0m0p0l0s0,N:w0m0p0l0s0;turn=E", leap_into_portal=True)
print(len(engine.turn_ends(smallest.position)), "end-of-turn positions under K-LEAP-6")

# %% [markdown]
# ### K-DOOR-4: a door move that bumps is checked after the bump (it corrected KNB-6)
#
# Door swings are checked against the invariants (K-INV-5). KNB-6 used to count a runner
# about to be bumped where it stood, on the Mountain, so the bump could then put it on a
# square the swung door had just walled in. K-DOOR-4 checks the board after the bump:

# %%
d4 = play(example("doors", "door-bump-from-below-keeps-the-invariants"), "door c3n c4e")
show(d4, highlights={"d4": "bad"})

# %%
ask(d4, "bump d4")
ask(d4, "bump c3")

# %% [markdown]
# ### K-ROUND-4: a runner out of the race, a player still in the game (it replaced part of KNB-11)
#
# A runner that can never reach its next target is out of the race (KNB-11 says when, Part
# 3). The project used to skip its player for the rest of the round. K-ROUND-4 keeps that
# player in the turn order: its runner may still move wherever it can, and the player may
# drop, unlock or pass, which are real choices while it holds pieces. Here South drops a
# monolith on `d4e`, closing d4 on a third side, then climbs the Mountain and bumps North
# down into d4, now walled in on every side:

# %%
R4 = text_of("round", "a-stranded-player-keeps-taking-turns")
r4 = play(position(R4), "monolith d4e", "step c4", "bump d4")
show(r4, highlights={"d4": "bad"})

# %%
print("out of the race:", [seat_name(s) for s in r4.position.stranded])
order = []
while len(order) < 4:
    order.append(r4.current_seat)
    r4 = play(r4, str(next(iter(r4.legal_actions))))
print("the next turns:", ", ".join(order))

# %% [markdown]
# Under the old reading North's turns were skipped (West, East, South, West, ...); now North
# takes each of its turns, and with nothing else left it passes. When the last stone is gone,
# a player that still needs one is out of the race in the same way, but with a full pool it
# can still wall the others in:

# %%
gone = play(example("round", "out-of-the-race-but-not-out-of-the-game"), "step e5")
print(gone.decision, "| out of the race:", [seat_name(s) for s in gone.position.stranded])
print("North may still:", ", ".join(sorted({str(a.kind) for a in gone.legal_actions})))

# %% [markdown]
# ### K-INV-5: the pocket edge case
#
# The invariants (every corner reachable, nobody boxed in, the Mountain open on two sides)
# are checked after drops and door swings, not after ordinary moves. Since a runner may
# always step *down* from the Mountain across anything (K-MTN-2), it can walk into a walled
# pocket with no way out. From then on the board already breaks the invariant, so **every
# drop by anyone** is refused until that runner escapes. Here East steps down into the
# pocket c5; afterwards South has only moves left.

# %%
POCKET = example("invariants", "moves-are-not-checked-but-drops-are")
show(POCKET, arrows=[("c4", "c5")])

# %%
after_step = play(POCKET, "step c5")
legal(after_step)
ask(after_step, "wall a3n")

# %% [markdown]
# ### K-MTN-2 and K-MTN-3: stepping down and bumping ignore obstacles
#
# The **Mountain** section lets a runner come down "to any" neighbouring square, even one
# behind a wall, and lets a bumper push the occupant onto any neighbour the same way. The
# rulings read "any" strictly: walls, monoliths, portals and locked sides are all ignored
# on the way down, but a bumped runner only goes to an *empty* square (K-LEAP-4).

# %%
down = example("mountain", "step-down-across-anything")
show(down)

# %%
legal(down, kinds=["step"])
ask(down, "teleport c4w")

# %%
bump = play(example("mountain", "bump-to-any-free-neighbour"), "step c4")
show(bump)

# %%
legal(bump)
ask(bump, "bump b4")

# %% [markdown]
# ### K-PORT-1: can a runner walk across a portal?
#
# A portal stands on a line like a wall. The rulebooks never say whether it can be walked
# over; the Mountain section speaks of pushing a runner "through a portal" as a teleport,
# so the ruling says a portal line is never crossed on foot, except when stepping down from
# the Mountain.

# %%
port = example("teleport", "portal-line-not-crossed-on-foot")
show(port, lines={"c5e": "bad"})

# %%
ask(port, "step d5")
ask(port, "teleport c5e")

# %% [markdown]
# ### K-DOOR-1, K-DOOR-2, K-DOOR-3: what a door is, how it swings, and locks
#
# Without the diagrams, the **Doors** section leaves open whether the board's edge can
# frame a door (no, K-DOOR-1), which lines a door may swing onto (the side lines of the
# square the runner steps to, at either end, K-DOOR-2), and a lock on either face keeps
# it shut (K-DOOR-3). See notebook 10 for each in detail; here the three verdicts at once.

# %%
show(example("doors", "locked-door-never-opens"))

# %%
ask(example("doors", "edge-of-the-board-is-no-door-end"), "door a2n a3e")
ask(example("doors", "door-swings-onto-a-side-line"), "door c2n c3n")
ask(example("doors", "locked-door-never-opens"), "door c2n c3w")

# %% [markdown]
# ### K-LOCK-1: locking a door twice, and unlocking doors
#
# May a second lock go on a door that is already locked on its other face? And may
# unlocking remove a door's lock, not only a portal's? The ruling says yes to both.

# %%
lock = example("locks", "lock-a-door-locked-on-its-other-side")
show(lock)

# %%
ask(lock, "lock b4s")
ask(lock, "lock b3n")
ask(lock, "unlock b3n")

# %% [markdown]
# ## Part 3: the project's own rulings (docs/RULINGS.md)
#
# **KNB-1**: a runner pushed through a portal onto the Summit (2-player v2.0) takes a stone
# there, exactly as if it had walked up.

# %%
k1 = play(example("mountain", "bumped-onto-the-summit-takes-a-stone"), "step c4", "bump-through c4e")
show(k1)

# %%
after = play(k1, "exit d3e")
print(after.to_text())

# %% [markdown]
# **KNB-2** was replaced by K-TURN-11 (Part 2): after a monolith drop the speed move may
# still come before the bonus move, but the bonus move is then owed.

# %%
k2 = play(example("turn", "speed-before-the-bonus-move"), "monolith c3n", "speed step e6")
show(k2)

# %%
legal(k2)

# %% [markdown]
# **KNB-3** (with the K-LEAP-2 option): the leap into a portal comes out like a teleport
# (K-LEAP-5 settles how, Part 2) and counts as a teleport for "lock it behind you".

# %%
k3 = play(example("leapfrog", "leap-into-a-portal-option"), "leap-portal c3e")
show(k3)

# %%
legal(k3)

# %% [markdown]
# **KNB-4**: when the Mountain touches a portal, a bumper may push the runner across that
# line on foot *or* through the portal; the two are separate choices.

# %%
k4 = play(example("mountain", "bump-through-a-portal"), "step c4")
show(k4)

# %%
legal(k4)

# %% [markdown]
# **KNB-5**: a player with nothing legal to do makes an explicit `pass`, recorded in the
# history.

# %%
k5 = example("turn", "forced-pass")
show(k5)

# %%
legal(k5)

# %% [markdown]
# **KNB-6**: a door swing is checked with the mover already through the door. (A door move
# that bumps is checked after the bump instead: K-DOOR-4, Part 2.)

# %%
k6 = example("doors", "door-onto-the-occupied-mountain")
show(k6)

# %%
ask(k6, "door c3n c4w")

# %% [markdown]
# **KNB-7**: "lock it behind you" takes a normal lock from the pool, is checked like any
# drop, and only locks the portals just used, never a door.

# %%
k7 = play(example("locks", "lock-behind-you-never-on-a-door"), "teleport e3n", "exit b2e")
show(k7)

# %%
ask(k7, "lock b3n")
ask(k7, "lock c2w")

# %% [markdown]
# **KNB-8**: a Mischief turn is one drop, a pass or stop; unlocking is not mischief
# (notebook 16). East is home and holds a lock; the board has a lock on e3n.

# %%
k8 = position("rules=kabetopo-mp-v3+mischief;lines=P*e3n,P*b2e,Wd4n;locks=e3n;runners=Ef1+1,Sc3,Wa2,Nb6;"
              "pools=E:w1m1p0l1s0,S:w3m2p1l1s0,W:w2m2p1l1s0,N:w3m2p1l0s0;stones=3;order=E;homes=Ef1;turn=E")
show(k8)

# %%
ask(k8, "unlock e3n")
ask(k8, "lock b2e")

# %% [markdown]
# **KNB-9**: a third place in the 3-player game scores nothing, natural or
# not. Below, the same finished 3-player round with everyone home, scored under the
# option of K-ROUND-2: West's natural third place gets 0.

# %%
k9 = position("rules=kabetopo-3p;runners=Ea1+1,Sa6+1,Wf6+1;stones=1;order=E,S,W;homes=Ea1,Sa6,Wf6;"
              "pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1;phase=over", play_to_last_tadaima=True)
show(k9)

# %%
print("\n".join(describe(score_round(k9.position))))

# %% [markdown]
# **KNB-10**: in the interim 2-player game, an opponent who has not even taken its stone
# is measured for Unseen Path via a Mountain square, then on to a corner. West on b4 needs
# one step up to the Mountain (c4), then four more moves to the nearest corner it could
# finish on: five in all, worth 2 points to East.

# %%
k10 = position("rules=kabetopo-2p-interim;runners=Ef1+1,Wb4;stones=3;order=E;homes=Ef1;turn=W;phase=over")
show(k10)

# %%
print("\n".join(describe(score_round(k10.position))))

# %% [markdown]
# **KNB-11**: a round that can no longer end. The rulebooks never imagine it, but it
# happens: in a seeded random round, after 1,186 turns, East and South are home while West
# and North have stepped down from the Mountain into sealed pockets, every pool empty.
# Nothing can ever let them out, so they are out of the race, and with no runner that could
# still finish racing the round ends (before this ruling it went on for ever with passes
# and pointless moves). KNB-11's test of who is out still stands; what their players do
# next is K-ROUND-4's (Part 2): they keep taking turns.

# %%
k11 = example("round", "runners-that-can-never-finish-end-the-round")
show(k11, highlights={"d4": "bad", "d3": "bad"})

# %%
ended = play(k11, "pass")
print(ended.decision)
print("out of the race:", [seat_name(s) for s in ended.position.stranded])
print("\n".join(describe(score_round(ended.position))))

# %% [markdown]
# Both sides: a runner that looks stuck but could still be freed stays in the race, for
# example when another player holds a portal that one drop could open the pocket with.

# %%
freed = position("lines=Wb5n,Wc5n,Wa5e,Wc5e,Wb4n,Wc4n,Pa2n,Pf4n;runners=Ec5,Sf1,Wa1,Na6;"
                 "pools=E:w0m0p0l0s0,S:w0m0p1l0s0,W:w0m0p0l0s0,N:w0m0p0l0s0;turn=S")
show(freed, highlights={"c5": "select"})

# %%
ask(freed, "portal b5e")
after_pass = play(freed, "step e1")
print("out of the race:", [seat_name(s) for s in after_pass.position.stranded] or "nobody")

# %% [markdown]
# **KNB-13**: which hand-made positions `problems()` calls impossible (a save may not start
# from one). Drops and door swings always keep K-INV-1 and moves never close a line, so
# from the Mountain every corner stays reachable: a corner that even a runner stepping down
# off the Mountain could not reach is always a problem, wherever the runners stand. Here f6
# is walled off on both its lines:

# %%
walled = position("lines=Wf5n,We6e;runners=Ee5,Sf1,Wa1,Na6;pools=E:w1m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E")
show(walled, highlights={"f6": "bad"})
print(walled.problems())

# %% [markdown]
# Both sides: a corner in a pocket that only stepping down from the Mountain enters (here
# a6, behind the wall on `b4e`) is a board play can reach, and so is a runner that came
# down into that pocket:

# %%
pocket = position("lines=Wa3n,Wb3n,Wb4e,Wb5e,Wb6e;runners=Ef6,Sf1,Wa1,Nb5;"
                  "pools=E:w0m1p1l1s1,S:w1m1p1l1s1,W:w1m1p1l1s1,N:w1m1p1l1s1;turn=E")
show(pocket, highlights={"a6": "select"})
print(pocket.problems() or "no problems")

# %% [markdown]
# ## Part 4: where the rulebooks disagree
#
# ### Pools: Multiplayer v3.0 against Rules v4.0
#
# v3.0 gives two monoliths and no speed token; v4.0 one monolith and a speed token. In the
# same position after a step, a v4.0 player may still run one more square; a v3.0 player
# may not, but has an extra monolith to drop on a later turn.

# %%
for name in ["kabetopo-4p", "kabetopo-mp-v3"]:
    s = KabetopoState.new_round(name, seed=5)
    s.apply("step e6")
    pool = s.position.pools[0]
    print(f"{name:15} East's pool: {dict(zip(POOL_NAMES, pool, strict=False))}; after 'step e6': {s.decision}")

# %% [markdown]
# ### Scoring: v3.0 against v4.0
#
# Different wording, same numbers for 4 players: v3.0 writes the natural Tadaima as 4, 3, 2
# where v4.0 adds 1 to 3, 2, 1. The same finished round:

# %%
END = ("rules={r};runners=Ea1+1,Sa6+1,Wf6+1,Nc4+1;stones=0;order=S,N,E,W;homes=Ea1,Sa6,Wf6;"
       "pools=E:w1m1p1l1s0,S:w1m1p1l1s0,W:w1m1p1l1s0,N:w1m1p1l1s0;phase=over")
show(position(END.format(r="kabetopo-4p")))

# %%
for r in ["kabetopo-4p", "kabetopo-mp-v3"]:
    print(f"{r:15}", {seat_name(s): n for s, n in score_round(position(END.format(r=r)).position).totals().items()})

# %% [markdown]
# In the 3-player game the two texts could part, at one point only. Both 3-player
# sections give nothing for coming home third. v4.0, though, lists the natural bonus as a
# way to score of its own (Natural Tadaima is one of its five), so read word for word it
# could leave a third place on its natural corner that 1 bonus point; v3.0 writes the
# natural Tadaima as one number per place, so "nothing for third" takes it all. The project
# reads v4.0 like v3.0: its scoresheet also writes the Tadaima and its natural bonus as one
# circled number (KNB-9). So the engine scores the two 3-player rulesets the same, and no
# scoring difference is left. It could only arise in a round played on to the third
# Tadaima (the K-ROUND-2 option `play_to_last_tadaima`); by default a 3-player round ends
# at the second and has no third place. Here West comes home third, on its natural
# corner f6, under both rulesets (pools set equal):

# %%
END3 = ("rules={r};runners=Ea1+1,Sa6+1,Wf6+1;stones=1;order=E,S,W;homes=Ea1,Sa6,Wf6;"
        "pools=E:w3m1p1l1s0,S:w3m1p1l1s0,W:w3m1p1l1s0;phase=over")
show(position(END3.format(r="kabetopo-3p"), play_to_last_tadaima=True))

# %%
for r in ["kabetopo-3p", "kabetopo-mp-v3-3p"]:
    score = score_round(position(END3.format(r=r), play_to_last_tadaima=True).position)
    print(f"{r:18}", "; ".join(describe(score)))

# %% [markdown]
# What does differ between the two 3-player rulesets lies outside the scoring table: the
# pools (above: a second monolith in v3.0, a speed token in v4.0, so Preservation counts
# different pieces) and the tiebreakers (next).

# %% [markdown]
# ### Tiebreakers: v3.0 against v4.0
#
# After "most first places", v4.0 goes straight to Natural Tadaimas while v3.0 first
# compares second, then third places. So a tie can be broken the *opposite way*. Below,
# four rounds written by hand (only the scores matter): Ann wins round 1 and is second in
# round 2; Ben is third on his natural corner in round 1 and wins round 2. Both total 5,
# with the same round scores, Tadaima points and first places.

# %%
def hand_scored(rules, events):
    """Round results written by hand, ranked by the engine's public `rank_results` (the
    tiebreaker chain of `rules`): per round, player -> list of events: ("T", place, natural)
    a Tadaima, "F" the First Stone, "S" the Second Stone, "P" Preservation. Nobody has
    resources left after the last round."""
    lines = {"F": (FIRST_STONE, 2), "S": (SECOND_STONE, 1), "P": (PRESERVATION, 1)}
    rounds = []
    for rnd in events:
        typed = {}
        for player, evs in rnd.items():
            row = typed.setdefault(player, {})
            for ev in evs:
                if isinstance(ev, tuple):  # a Tadaima: its points follow from the place
                    _, row["place"], row["natural"] = ev
                else:
                    line, points = lines[ev]
                    row[line] = points
        rounds.append(typed)
    players = ["Ann", "Ben", "Cat", "Dan"]
    return rank_results(rules, rounds, players=players, resources={p: 0 for p in players})


EVENTS = [{"Ann": [("T", 1, False)], "Ben": [("T", 3, True)]},
          {"Ann": [("T", 2, False)], "Ben": [("T", 1, False)]}, {}, {}]
for rules in ["kabetopo-4p", "kabetopo-mp-v3"]:
    ranking = hand_scored(rules, EVENTS)
    print(f"{rules:15} totals {ranking.totals()} -> winner {ranking.winner()}")
    print(f"{'':15} {ranking.decided('Ann', 'Ben')}")

# %% [markdown]
# ### The two 2-player games
#
# The interim 2-player section of Rules v4.0 and the 2-Player Rules v2.0 diverge from the
# very first corner: the same step onto a6 with one stone is a Tadaima that ends the round
# in the interim game, but only Halfway Home (the turn goes on) in v2.0.

# %%
RACE = "rules={r};runners=Ea5+1,Wc3;order=E;turn=E"
show(position(RACE.format(r="kabetopo-2p-interim")), arrows=[("a5", "a6")])

# %%
for r, extra in [("kabetopo-2p-interim", ";stones=3"), ("kabetopo-2p", ";stones=1,2")]:
    s = play(position(RACE.format(r=r) + extra), "step a6")
    print(f"   {r}: {s.to_text().split(';', 1)[1]}\n   -> {s.decision}")

# %% [markdown]
# And their scoring tables differ line by line (notebook 15): First Stone 2 against 1,
# Halfway Home and Second Stone only in v2.0, different tiebreaker chains.

# %%
for r in ["kabetopo-2p-interim", "kabetopo-2p"]:
    rules = Rules.named(r)
    print(f"{r:20} scoring {rules.scoring:11} tiebreakers {rules.tiebreakers:8} pool {rules.pool} stones {rules.stones}")

# %% [markdown]
# ### K-MATCH-2: how long is a 2-player v2.0 match?
#
# The v2.0 text first speaks of "a second round", then later extends the match to 4 or 6
# rounds and totals all of them. K-MATCH-2 reads the second round as the reason rounds
# come in pairs (each player runs with both runners): a v2.0 match is 4 rounds, or 6 if
# agreed before the start, never 2. The interim rules keep their own length.

# %%
for r in ["kabetopo-2p", "kabetopo-2p-interim"]:
    print(f"{r:20} rounds {Match(r).rounds} by default; allowed: {Rules.named(r).round_choices}")

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** On the turn just before this one, West climbed onto the Mountain and
# bumped East off it, onto d4. Now it is North's turn, on c5, next to the Mountain. May
# North step onto the Mountain (bumping West in turn)? Answer
# with a pair `[default, option]`: `True` or `False` under the default reading and under
# the option `king_of_the_mountain`.

# %%
EX1 = "runners=Ed4+1,Sf1,Wc4+1,Nc5;stones=2;order=E,W;turn=N;flags=x"
ex1 = position(EX1)
show(ex1, arrows=[("c5", "c4")])

# %%
answer = None  # your answer here
check_answer(answer, [position(EX1, **opts).explain("step c4").legal for opts in ({}, {"king_of_the_mountain": True})],
             hint="the option forbids a bump only on the turn right after a bump; whose turn was the last one?")

# %% [markdown]
# **Exercise 2.** Change the hand-scored match: Ann's second place in round 2 becomes a
# *third* place, and Ann also takes that round's Preservation point, so the totals stay
# level at 5. Who wins under the v3.0 chain? Give the player's name (or `"None"` for a
# draw).

# %%
EX2 = [{"Ann": [("T", 1, False)], "Ben": [("T", 3, True)]},
       {"Ann": [("T", 3, False), "P"], "Ben": [("T", 1, False)]}, {}, {}]
answer = None  # your answer here
check_answer(answer, str(hand_scored("kabetopo-mp-v3", EX2).winner()),
             hint="first compare totals, then single round scores, then Tadaima points...")

# %% [markdown]
# **Exercise 3.** East on c3 would like to jump South on d3 and carry on into the portal on
# d3e, right behind South. That portal is locked, but on e3's side, the far one. Is
# `leap-portal d3e` legal?
# Answer with a pair `[default, option]`: under the default reading and under the option
# `leap_into_portal`.

# %%
EX3 = "lines=P*d3e,P*b5e;locks=e3w;runners=Ec3,Sd3,Wa1,Na6;pools=E:w3m1p1l0s1;turn=E"
ex3 = position(EX3)
show(ex3, arrows=[("c3", "e3")])

# %%
answer = None  # your answer here
check_answer(answer, [position(EX3, **opts).explain("leap-portal d3e").legal for opts in ({}, {"leap_into_portal": True})],
             hint="under the option the jump goes on into the portal like a teleport; which side of the portal does East enter by?")

# %% [markdown]
# Next: [18 · Workshop: a whole match on one board](18-workshop-hot-seat.ipynb).
