"""A room's rules, without a socket: seats, the race, the shared board, watchers, drops,
idleness; and that every line goes to this room's connected members alone."""

from __future__ import annotations

from typing import Any

import pytest

from sudoku_tui.game.rooms.messages import MAX_LINE, MAX_PLAYERS, decode
from sudoku_tui.game.rooms.room import IDLE_CLOSE, MAX_SEATS, Out, OutOfPlace, Room, RoomFull

LINE_4 = "1..." + "." * 8 + "...4"  # a 4x4 board: cell 0 and cell 15 are givens
LINE_9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def inboxes(out: list[Out]) -> dict[str, list[dict[str, Any]]]:
    """Each player's messages, in order, read back as a game would."""
    boxes: dict[str, list[dict[str, Any]]] = {}
    for players, line in out:
        assert len(line) <= MAX_LINE
        for player in players:
            boxes.setdefault(player, []).append(decode(line))
    return boxes


def kinds(out: list[Out], player: str) -> list[str]:
    return [message["kind"] for message in inboxes(out).get(player, [])]


def room_of(kind: str, *players: str, line: str = LINE_4, shape: str = "4x4") -> tuple[Room, Clock]:
    clock = Clock()
    room = Room("ABCDEF", kind, clock)  # type: ignore[arg-type]
    for player in players:
        room.enter(player, f"n{player}")
    if players:
        room.receive(players[0], {"kind": "puzzle", "shape": shape, "line": line})
    return room, clock


def change(cell: int, value: int, version: int, marks: int = 0, colour: int = 0) -> dict[str, Any]:
    return {"kind": "change", "cell": cell, "value": value, "marks": marks, "colour": colour, "version": version}


# ---- seats ----------------------------------------------------------------------------


def test_the_first_is_host_and_a_ninth_player_watches() -> None:
    room, _ = room_of("coop")
    roles = []
    for number in range(MAX_PLAYERS + 1):
        out = room.enter(f"p{number}", f"Player{number}")
        joined = inboxes(out)[f"p{number}"][0]
        assert joined["kind"] == "joined" and joined["code"] == "ABCDEF" and joined["seat"] == number
        roles.append(joined["role"])
    assert roles == ["host"] + ["player"] * (MAX_PLAYERS - 1) + ["watcher"]
    seats = inboxes(out)["p0"][-1]
    assert seats["kind"] == "seats" and [s["name"] for s in seats["seats"]][-1] == "Player8"


def test_a_room_has_a_last_seat_and_its_seats_fit_one_line() -> None:
    room, _ = room_of("coop")
    for number in range(MAX_SEATS):
        out = room.enter(f"p{number}", "player-abcdefghi")
    assert all(len(line) <= MAX_LINE for _, line in out)
    with pytest.raises(RoomFull):
        room.enter("one-more", "Late")


def test_a_dropped_player_comes_back_to_the_same_seat_and_sees_the_board() -> None:
    room, _ = room_of("coop", "ann", "bob")
    room.receive("bob", change(5, 3, 0))
    out = room.drop("bob")
    seats = inboxes(out)["ann"][0]["seats"]
    assert seats[1] == {"seat": 1, "name": "nbob", "role": "player", "connected": False}
    assert "bob" not in inboxes(out)
    back = inboxes(room.enter("bob", "nbob"))
    assert back["bob"][0] == {"kind": "joined", "code": "ABCDEF", "room": "coop", "role": "player", "seat": 1}
    assert back["bob"][1] == {"kind": "puzzle", "shape": "4x4", "line": LINE_4}
    assert {"kind": "changed", "seat": 1, "cell": 5, "value": 3, "marks": 0, "colour": 0, "version": 1} in back["bob"]
    assert back["ann"][-1]["seats"][1]["connected"] is True


def test_lines_go_to_connected_members_alone() -> None:
    room, _ = room_of("coop", "ann", "bob", "cat")
    room.drop("cat")
    out = room.receive("ann", change(5, 3, 0))
    assert set(inboxes(out)) == {"ann", "bob"}
    with pytest.raises(OutOfPlace):
        room.receive("stranger", {"kind": "cursor", "cell": 1})
    with pytest.raises(OutOfPlace):
        room.receive("cat", {"kind": "cursor", "cell": 1})  # dropped: not connected


# ---- the puzzle ------------------------------------------------------------------------


def test_only_the_host_chooses_the_puzzle_and_only_one_the_engine_reads() -> None:
    room, _ = room_of("race", "ann", "bob")
    assert room.receive("bob", {"kind": "puzzle", "shape": "9x9", "line": LINE_9}) == []
    out = room.receive("ann", {"kind": "puzzle", "shape": "9x9", "line": LINE_9})
    assert inboxes(out)["bob"] == [{"kind": "puzzle", "shape": "9x9", "line": LINE_9}]
    for shape, line in (("9x9", "5" * 10), ("9x9", "." * 81), ("7x7", LINE_9)):
        with pytest.raises(OutOfPlace):
            room.receive("ann", {"kind": "puzzle", "shape": shape, "line": line})
    assert room.puzzle is not None and room.puzzle.to_line() == LINE_9


def test_the_puzzle_is_settled_by_the_start_or_the_first_change() -> None:
    race, _ = room_of("race", "ann")
    race.receive("ann", {"kind": "start"})
    assert race.receive("ann", {"kind": "puzzle", "shape": "9x9", "line": LINE_9}) == []
    coop, _ = room_of("coop", "ann")
    coop.receive("ann", change(5, 3, 0))
    assert coop.receive("ann", {"kind": "puzzle", "shape": "9x9", "line": LINE_9}) == []
    assert coop.puzzle is not None and coop.puzzle.shape.name == "4x4"


# ---- a race ------------------------------------------------------------------------------


def test_a_race_counts_finishes_and_ends() -> None:
    room, _ = room_of("race", "ann", "bob", "cat")
    assert room.receive("bob", {"kind": "start"}) == []  # not the host
    assert room.receive("ann", {"kind": "progress", "filled": 3}) == []  # not started
    out = room.receive("ann", {"kind": "start"})
    assert all(kinds(out, p) == ["started"] for p in ("ann", "bob", "cat"))
    out = room.receive("bob", {"kind": "progress", "filled": 7})
    assert inboxes(out) == {p: [{"kind": "progressed", "seat": 1, "filled": 7}] for p in ("ann", "cat")}
    out = room.receive("cat", {"kind": "finish", "elapsed_ms": 61000})
    assert inboxes(out)["ann"] == [{"kind": "finished", "seat": 2, "elapsed_ms": 61000, "place": 1}]
    out = room.receive("ann", {"kind": "finish", "elapsed_ms": 65000})
    assert kinds(out, "cat") == ["finished"] and inboxes(out)["cat"][0]["place"] == 2
    out = room.drop("bob")  # the last one racing leaves: the results stand
    assert kinds(out, "ann") == ["seats", "ended"] and room.race == "over"


def test_a_joiner_during_a_race_watches_and_sees_the_counts() -> None:
    room, _ = room_of("race", "ann", "bob")
    room.receive("ann", {"kind": "start"})
    room.receive("bob", {"kind": "progress", "filled": 4})
    room.receive("ann", {"kind": "finish", "elapsed_ms": 5000})
    seen = inboxes(room.enter("dan", "ndan"))["dan"]
    assert seen[0]["role"] == "watcher"
    assert [m["kind"] for m in seen] == ["joined", "puzzle", "started", "progressed", "finished", "seats"]
    assert seen[3] == {"kind": "progressed", "seat": 1, "filled": 4}
    assert room.receive("dan", {"kind": "progress", "filled": 9}) == []  # read only
    assert room.receive("dan", {"kind": "finish", "elapsed_ms": 1}) == []


def test_a_rematch_waits_again() -> None:
    room, _ = room_of("race", "ann", "bob")
    room.receive("ann", {"kind": "start"})
    assert room.receive("ann", {"kind": "rematch"}) == []  # under way
    room.receive("ann", {"kind": "finish", "elapsed_ms": 5000})
    room.receive("bob", {"kind": "finish", "elapsed_ms": 6000})
    assert room.race == "over"
    assert room.receive("bob", {"kind": "rematch"}) == []  # not the host
    out = room.receive("ann", {"kind": "rematch"})
    assert kinds(out, "bob") == ["rematch"] and room.race == "waiting" and room.finishes == []
    assert inboxes(room.enter("cat", "ncat"))["cat"][0]["role"] == "player"  # no race under way


def test_a_race_room_takes_no_board_changes() -> None:
    room, _ = room_of("race", "ann")
    with pytest.raises(OutOfPlace):
        room.receive("ann", change(5, 3, 0))


# ---- the shared board ----------------------------------------------------------------------


def test_a_change_reaches_everyone_and_acknowledges_its_sender() -> None:
    room, _ = room_of("coop", "ann", "bob")
    out = room.receive("ann", change(5, 3, 0, marks=0b0101, colour=2))
    expected = {"kind": "changed", "seat": 0, "cell": 5, "value": 3, "marks": 5, "colour": 2, "version": 1}
    assert inboxes(out) == {"ann": [expected], "bob": [expected]}


def test_of_two_changes_on_one_version_the_first_wins() -> None:
    room, _ = room_of("coop", "ann", "bob")
    first = room.receive("bob", change(6, 2, 0))
    second = room.receive("ann", change(6, 4, 0))
    assert inboxes(first)["ann"][0]["value"] == 2
    assert inboxes(second) == {"ann": [{"kind": "refused", "cell": 6, "version": 1}]}
    out = room.receive("ann", change(6, 4, 1))  # made again on what bob wrote
    assert inboxes(out)["bob"][0]["version"] == 2 and room.cells[6].value == 4


def test_givens_never_change_and_undo_is_a_change_back() -> None:
    room, _ = room_of("coop", "ann")
    assert kinds(room.receive("ann", change(0, 2, 0)), "ann") == ["refused"]
    room.receive("ann", change(3, 2, 0))
    out = room.receive("ann", change(3, 0, 1))  # the game's undo: the cell as it was
    assert inboxes(out)["ann"][0]["value"] == 0 and room.cells[3].version == 2


def test_a_change_the_board_has_not_is_out_of_place() -> None:
    room, _ = room_of("coop", "ann")
    for message in (change(16, 1, 0), change(3, 5, 0), change(3, 1, 0, marks=1 << 4), change(3, 1, 0, colour=7)):
        with pytest.raises(OutOfPlace):
            room.receive("ann", message)
    with pytest.raises(OutOfPlace):
        room.receive("ann", {"kind": "start"})  # a race's word in a shared room


def test_a_change_before_the_puzzle_is_refused() -> None:
    room, _ = room_of("coop")
    room.enter("ann", "nann")
    assert kinds(room.receive("ann", change(3, 1, 0)), "ann") == ["refused"]


def test_a_watcher_changes_nothing_and_sees_every_cursor() -> None:
    room, _ = room_of("coop", "ann")
    room.enter("wes", "nwes", watch=True)
    assert room.receive("wes", change(3, 1, 0)) == []
    assert room.receive("wes", {"kind": "puzzle", "shape": "9x9", "line": LINE_9}) == []
    assert room.cells == {}
    out = room.receive("ann", {"kind": "cursor", "cell": 9})
    assert inboxes(out) == {"wes": [{"kind": "moved", "seat": 0, "cell": 9}]}


def test_a_newcomer_sees_where_the_others_cursors_are() -> None:
    room, _ = room_of("coop", "ann", "bob")
    room.receive("ann", {"kind": "cursor", "cell": 9})
    room.receive("bob", {"kind": "cursor", "cell": 6})
    back = inboxes(room.enter("cat", "ncat"))["cat"]
    assert {"kind": "moved", "seat": 0, "cell": 9} in back and {"kind": "moved", "seat": 1, "cell": 6} in back
    again = inboxes(room.enter("bob", "nbob"))["bob"]  # a player coming back is not shown their own
    assert [m for m in again if m["kind"] == "moved"] == [{"kind": "moved", "seat": 0, "cell": 9}]
    room.receive("ann", {"kind": "puzzle", "shape": "9x9", "line": LINE_9})  # another board: no cursor yet
    assert [m for m in inboxes(room.enter("dan", "ndan"))["dan"] if m["kind"] == "moved"] == []


# ---- idleness and the end ---------------------------------------------------------------


def test_a_room_with_no_player_for_ten_minutes_closes() -> None:
    room, clock = room_of("coop", "ann", "bob")
    room.enter("wes", "nwes", watch=True)
    room.drop("ann")
    clock.now += IDLE_CLOSE
    assert room.tick() == []  # bob is still here
    room.drop("bob")
    clock.now += IDLE_CLOSE - 1
    assert room.tick() == []
    room.enter("bob", "nbob")  # back in time
    room.drop("bob")
    clock.now += IDLE_CLOSE - 1
    assert room.tick() == []
    clock.now += 1
    out = room.tick()
    assert inboxes(out) == {"wes": [{"kind": "closed", "reason": "idle"}]} and room.closed
    assert room.tick() == []
