"""The room's messages and limits, on their own (no room): ``parse_message`` reads exactly the
messages of docs/ROOM.md and says what is wrong with any other; ``TokenBucket`` allows a burst
then the rate; ``Limits`` refuses bounds that are none; every error has its code and reply."""
from __future__ import annotations

import json

import pytest

from kabetopo_nb.core.verdict import KabetopoNbError
from kabetopo_nb.room import (
    IllegalAction,
    Limits,
    Message,
    MessageError,
    RoomError,
    RoomSetupError,
    StaleNumber,
    TokenBucket,
    parse_message,
)
from kabetopo_nb.room.protocol import check_name


def test_the_messages_the_room_reads():
    assert parse_message('{"type": "act", "number": 3, "action": "step e6"}') == Message("act", None, 3, "step e6")
    assert parse_message(b'{"type": "next-round", "number": 0, "id": 9}') == Message("next-round", 9, 0)
    assert parse_message('{"type": "sync"}') == Message("sync")
    intent = parse_message(json.dumps({"type": "intent", "kind": "button", "button": "end", "value": 2}))
    assert intent.intent == {"kind": "button", "button": "end", "value": 2}


@pytest.mark.parametrize("raw, words", [
    ("null", "not NoneType"),
    ('"act"', "not str"),
    ('{"number": 1}', "unknown message type 'None'"),
    ('{"type": "act", "number": -1, "action": "x"}', "number is"),
    ('{"type": "act", "number": 1.0, "action": "x"}', "number is"),
    ('{"type": "act", "number": 10000000000, "action": "x"}', "number is"),
    ('{"type": "act", "number": 1, "action": 5}', "action is"),
    ('{"type": "act", "number": 1, "action": "' + "x" * 201 + '"}', "1 to 200 characters"),
    ('{"type": "sync", "id": true}', "id is"),
    ('{"type": "sync", "kind": "click"}', "no field(s) 'kind'"),
    ('{"type": "next-round"}', "needs 'number'"),
    ('{"type": "act", "number": 1, "action": "x"} trailing', "not JSON"),
])
def test_every_other_message_is_refused_saying_why(raw, words):
    with pytest.raises(MessageError, match=words.replace("(", "\\(").replace(")", "\\)")) as caught:
        parse_message(raw)
    assert caught.value.reply(5) == {"type": "reply", "id": 5, "ok": False, "error": "malformed",
                                     "message": str(caught.value)}


def test_the_size_is_counted_in_bytes_before_parsing():
    limits = Limits(message_bytes=64)
    text = json.dumps({"type": "act", "number": 1, "action": "é" * 20}, ensure_ascii=False)  # é: 2 bytes
    assert len(text) <= 64 < len(text.encode())
    with pytest.raises(MessageError, match="at most 64") as caught:
        parse_message(text, limits)
    assert caught.value.code == "too-large"
    with pytest.raises(MessageError, match="is text, not int"):
        parse_message(12)  # type: ignore[arg-type]


def test_a_token_bucket_allows_a_burst_then_the_rate():
    now = [0.0]
    bucket = TokenBucket(rate=2, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.25
    assert bucket.take() is False  # half a message earned
    now[0] += 0.25
    assert bucket.take() is True and bucket.take() is False
    now[0] += 100
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]  # never more than the burst


def test_limits_and_names():
    with pytest.raises(RoomSetupError, match="tables"):
        Limits(tables=0)
    with pytest.raises(RoomSetupError, match="messages_per_second"):
        Limits(messages_per_second=0)
    assert check_name("Chidi") == "Chidi"
    with pytest.raises(RoomSetupError, match="text, not int"):
        check_name(7)


def test_the_errors_are_one_family_with_codes():
    assert issubclass(RoomError, KabetopoNbError)
    stale = StaleNumber("late", current=12)
    assert stale.reply()["number"] == 12 and stale.reply()["error"] == "stale"
    illegal = IllegalAction("no", rulings=("K-MOVE-1",), reason="not next to it")
    assert illegal.reply()["refusal"] == {"rulings": ["K-MOVE-1"], "reason": "not next to it"}
