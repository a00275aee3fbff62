"""The rooms' messages: what is sent is read back the same; anything else is refused
with a line for the log, never passed on."""

from __future__ import annotations

import json

import pytest

from sudoku_tui.game.rooms.messages import MAX_LINE, BadMessage, Seat, decode, encode, seat_record


def test_a_message_round_trips() -> None:
    line = encode("changed", seat=2, cell=40, value=7, marks=0, colour=0, version=3)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line) == {"kind": "changed", "seat": 2, "cell": 40, "value": 7, "marks": 0, "colour": 0, "version": 3}
    seats = [seat_record(Seat(0, "Ann", "host")), seat_record(Seat(1, "guest-ab12", "watcher", connected=False))]
    assert decode(encode("seats", seats=seats))["seats"] == seats


@pytest.mark.parametrize(
    "message",
    [
        b"not json\n",
        b"[1, 2]\n",
        b'{"kind": "launch"}\n',
        b'{"kind": "cursor"}\n',
        b'{"kind": "cursor", "cell": -1}\n',
        b'{"kind": "cursor", "cell": true}\n',
        b'{"kind": "cursor", "cell": 1, "extra": 2}\n',
        b'{"kind": "cursor", "cell": 99999999999}\n',
        b'{"kind": "join", "code": "ABC10I", "watch": false}\n',  # 1, 0 and I are never in a code
        b'{"kind": "hello", "player": "SHA256:x", "name": "[b]Ann[/b]"}\n',
        b'{"kind": "hello", "player": "SHA256:x", "name": "Ann\\u001b[2J"}\n',
        b'{"kind": "seats", "seats": [{"seat": 0, "name": "\\u001b]52;c;eA==\\u0007", "role": "host", '
        b'"connected": true}]}\n',
        b'{"kind": "puzzle", "shape": "9x9", "line": "12\\u001b"}\n',
        b'{"kind": "closed", "reason": "because"}\n',
        b"[" * 5000 + b"\n",
    ],
)
def test_anything_else_is_refused(message: bytes) -> None:
    with pytest.raises(BadMessage):
        decode(message)


def test_a_line_too_long_is_refused_before_it_is_parsed() -> None:
    long_line = json.dumps({"kind": "puzzle", "shape": "9x9", "line": "." * MAX_LINE}).encode() + b"\n"
    with pytest.raises(BadMessage, match="bytes"):
        decode(long_line)


def test_our_own_bad_message_is_caught_when_written() -> None:
    with pytest.raises(BadMessage):
        encode("moved", seat=1)
