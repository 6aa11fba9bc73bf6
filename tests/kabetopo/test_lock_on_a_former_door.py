"""A lock outlives its door (issue 25, item 7): K-DOOR-1, K-DOOR-3, K-LOCK-1.

Door status is computed from the lines in line with a wall at every moment (K-DOOR-1), and
a door's neighbours change when a door in the same row swings away or a wall is dropped
back. Through all of it a lock stays where it was put: while the wall under it is no
door, no new lock goes on that wall (K-LOCK-1); once it is a door again, the old lock keeps
it shut (K-DOOR-3). Notebook 06 ("When a locked door stops being a door") tells the same
story on the same board.
"""
from kabetopo_nb.kabetopo.geometry import parse_line, parse_side

from helpers import assert_illegal, assert_legal, state

# b2n..e2n in a row: c2n and d2n are doors; d2n is locked on its d2 face. East (on c2)
# will swing c2n away; West stands on d2, beside the locked door.
ROW = ("lines=Wb2n,Wc2n,Wd2n,We2n;locks=d2n;runners=Ec2,Sf1,Wd2,Na6;"
       "pools=E:w0m0p0l0s0,S:w3m1p1l1s1,W:w3m1p1l1s1,N:w2m1p1l1s1;turn=E")
D2N = parse_line("d2n")


def test_a_locked_door_is_still_a_door():
    s = state(ROW)
    assert s.position.is_door(D2N) and s.position.is_door_locked(D2N)
    s.apply("step b2")  # East makes way; South's turn
    assert_legal(s, "lock d3s")  # the free face of a locked door takes a lock
    assert_illegal(state(ROW.replace("Ec2", "Ec3").replace("turn=E", "turn=W")), "door d2n d3w", "K-DOOR-3")


def test_the_lock_stays_when_its_wall_stops_being_a_door_and_no_new_lock_goes_there():
    s = state(ROW)
    s.apply("door c2n c3w")  # c2n swings onto b3e: d2n has a wall at one end only
    assert s.to_text().startswith("rules=kabetopo-4p;lines=Wb2n,Wd2n,We2n,Wb3e;locks=d2n;")
    assert not s.position.is_door(D2N)
    assert s.position.is_locked(parse_side("d2n"))  # the lock is still there
    assert s.position.turn == 1  # South
    assert_illegal(s, "lock d3s", "K-LOCK-1", words="no portal and no door")
    assert_illegal(s, "lock d2n", "K-LOCK-1")


def test_the_old_lock_keeps_the_door_shut_when_it_is_a_door_again():
    s = state(ROW)
    s.apply("door c2n c3w")
    s.apply("wall c2n")  # South fills the row again: d2n is a door once more
    assert s.position.is_door(D2N) and s.position.is_locked(parse_side("d2n"))
    assert s.position.turn == 2  # West, on d2 beside the door
    assert_illegal(s, "door d2n d3w", "K-DOOR-3")
    assert_illegal(s, "door d2n d3e", "K-DOOR-3")
    assert not any(a.startswith("door d2n") for a in s.legal_actions.names())
    assert_legal(s, "lock d3s")  # and its free face may take a lock again
