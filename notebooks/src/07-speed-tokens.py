# %% [markdown]
# # 07 · Speed tokens
#
# This notebook follows the rulebook's **Resources: Speed Tokens** section (Rules v4.0).
# Every player starts the round with one speed token, "+1" side up. Cashing it in gives one
# extra move in that turn, and then the token is spent. Rulings used: K-TURN-3, K-TURN-7,
# K-TURN-8, K-TURN-11, and the K-TURN-3 option `speed_any_turn`.

# %%
from kabetopo_nb import KabetopoBoard
from kabetopo_nb.teach import ask, check_answer, compare, example, legal, play, position, show

# %% [markdown]
# ## One extra move, in any direction
#
# After the turn's main action, a player holding an unspent token may cash it in for one
# more move (K-TURN-3). The extra move need not continue in the same direction; it can be a
# step, a teleport, a leapfrog or a door. In the engine a speed move is written with the
# word `speed` in front, and cashing in and moving are a single action (K-TURN-8).

# %%
state = example("turn", "main-action-comes-first")
after = play(state, "step e6")
# position: rules=kabetopo-4p;lines=-;runners=Ee6,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;flags=gm
show(after, path=["f6", "e6"])

# %%
legal(after)
ask(after, "step d6")        # the main move is spent: only the token can move East again
final = play(after, "speed step d6")
print(final.to_text())        # East's pool now ends in s0: the token is spent

# %% [markdown]
# The token comes *after* the main action, never instead of it (K-TURN-7), and there is one
# speed move per turn at most (K-TURN-8).

# %%
ask(state, "speed step e6")

# %% [markdown]
# ## A move, never a drop
#
# The token gives an extra move only, not an extra drop, and it may be cashed in only in a
# turn that contains another move of the player's own, before or after it (K-TURN-3 with
# K-TURN-11): a turn whose main action is a plain wall drop has no move in it, so the token
# stays unused.

# %%
state = example("turn", "speed-only-on-a-turn-with-a-move")
after = play(state, "wall c3n")
print(after.decision)        # the turn is over; East keeps its token
print(after.to_text())

# %% [markdown]
# Those who read the rulebook as allowing the token in *any* turn can switch on the rule
# option `speed_any_turn` (K-TURN-3). `compare` shows the same position under both readings:
# East has just dropped a wall (`phase=extras` in the position text: the main action is
# done, the turn is not over yet).

# %%
compare(
    "runners=Ef6,Sf1,Wa1,Na6;lines=Wc3n;pools=E:w2m1p1l1s1;turn=E;phase=extras",
    {"default": {}, "K-TURN-3 option": {"speed_any_turn": True}},
    action="speed step e6",
)

# %% [markdown]
# ## With monoliths and locks
#
# Dropping a monolith (or a lock) gives a bonus move, so such a turn does contain a move and
# the token may be added to it: drop, bonus step, speed step (notebook 04). The two extras
# may also come the other way round, but then the bonus move is owed: a speed move is
# never the only move of a turn (K-TURN-11), so after "monolith, speed step" the turn
# cannot end until the bonus step is made, and a speed step that would make a Tadaima at
# once (ending the turn with the bonus unused) is not offered at all.

# %%
state = example("movement", "monolith-bonus-then-speed-move")
final = play(state, "monolith a3n", "step d3", "speed step d4")
# position: rules=kabetopo-4p;lines=Ma3n;runners=Ed4,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(final, path=["d2", "d3", "d4"])

# %% [markdown]
# Unlocking gives no move, so it leaves the token unused.

# %%
state = example("turn", "unlock-grants-nothing")
after = play(state, "unlock e4s")
print(after.decision)

# %% [markdown]
# ## With portals
#
# Reaching a portal ends the move; the teleport would normally wait for the next turn
# (notebook 05). With the token, the runner steps up to the portal and teleports at once.

# %%
state = example("teleport", "step-then-speed-teleport")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Eb4,Sf1,Wa1,Na6;pools=E:w0m0p0l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
after = play(state, "step b5")
ask(after, "teleport b5e")
final = play(after, "speed teleport b5e", "exit e2n")
# position: rules=kabetopo-4p;lines=P*e2n,P*b5e;runners=Ee2,Sf1,Wa1,Na6;pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=S;turns=1
show(final, path=["b4", "b5", "e2"])

# %% [markdown]
# Or the teleport comes first and the token adds a step from the exit square, in any
# direction except back across the portal on foot.

# %%
state = example("teleport", "teleport-then-speed-step")
after = play(state, "teleport b5e", "exit e3s")
legal(after)
ask(after, "speed step e2")

# %% [markdown]
# ## With leapfrogs
#
# Step and then leapfrog, or leapfrog and then step (notebook 08 covers leapfrogs).

# %%
state = example("leapfrog", "step-then-speed-leapfrog")
# position: rules=kabetopo-4p;lines=-;runners=Eb2,Sc3,Wa1,Na6;pools=E:w0m0p0l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
after = play(state, "step b3")
ask(after, "leap d3")
ask(after, "speed leap d3")

# %% [markdown]
# ## With doors
#
# Opening a door and walking through it is one move, so a runner that has just stepped up
# to a door needs the token to go through in the same turn.

# %%
state = example("doors", "reaching-a-door-then-speed-door")
# position: rules=kabetopo-4p;lines=Wb2n,Wc2n,Wd2n;runners=Ec1,Sf1,Wa1,Na6;pools=E:w0m0p0l0s1,S:w0m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E
show(state)

# %%
after = play(state, "step c2")
ask(after, "door c2n c3w")
ask(after, "speed door c2n c3w")

# %% [markdown]
# ## Try it
#
# East has just stepped to b5, next to a portal: its main action is done, and its speed
# token is still "+1" side up. Click **Speed token**, then East's runner: a `T` marks the
# portal it may now enter at once, and the lit squares are its speed steps. **End turn**
# keeps the token for a later turn instead.

# %%
start = example("teleport", "step-then-speed-teleport")
start.apply("step b5")
board = KabetopoBoard(start)
board

# %% [markdown]
# ## Exercise 1
#
# East has stepped from e2 to e3, and a wall stands on `e3e`. East still holds its token.
# Which speed moves are open? Answer with a set such as `{"speed step e5"}`.

# %%
state = position("lines=We3e;runners=Ee2,Sf1,Wa1,Na6;pools=E:w2m1p1l1s1;turn=E")
state.apply("step e3")
# position: rules=kabetopo-4p;lines=We3e;runners=Ee3,Sf1,Wa1,Na6;pools=E:w2m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;flags=gm
show(state)

# %%
answer = None  # your answer here, e.g. {"speed step e5"}
expected = {str(a) for a in state.legal_actions if a.speed}
check_answer(answer, expected, hint="any direction, even back where East came from, but a wall still blocks")

# %% [markdown]
# ## Exercise 2
#
# East on d5 has teleported through the portal on `d5e` and come out of the portal on
# `b2n`, onto b3. Is `speed step b2` legal? Answer `True` or `False`.

# %%
state = position("lines=P*d5e,P*b2n;runners=Ed5,Sf1,Wa1,Na6;turn=E")
state.apply("teleport d5e")
state.apply("exit b3s")
# position: rules=kabetopo-4p;lines=P*b2n,P*d5e;runners=Eb3,Sf1,Wa1,Na6;pools=E:w3m1p1l1s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;flags=gm;lb=d5e,b2n
show(state)

# %%
answer = None  # your answer here: True or False
expected = state.explain("speed step b2").legal
check_answer(answer, expected, hint="what stands on the line between b3 and b2?")

# %% [markdown]
# ## Exercise 3
#
# East drops its lock on `e4s`, a side of the portal on `e3n`, as its main action. May East
# cash in its token for `speed step d6` right away? Answer `True` or `False`.

# %%
state = position("lines=P*e3n,P*b2e;runners=Ed5,Sf1,Wa1,Na6;turn=E")
state.apply("lock e4s")
# position: rules=kabetopo-4p;lines=P*b2e,P*e3n;locks=e4s;runners=Ed5,Sf1,Wa1,Na6;pools=E:w3m1p1l0s1,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w3m1p1l1s1;turn=E;phase=extras;bonus=move;flags=g
show(state)

# %%
answer = None  # your answer here: True or False
expected = state.explain("speed step d6").legal
check_answer(answer, expected, hint="does a lock drop give the turn a move? (compare a wall drop and a monolith drop)")

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

ChallengeBoard(section="07")

# %% [markdown]
# Next: [08 · Leapfrogging](08-leapfrogging.ipynb).
