"""The rooms' hub on a real Unix socket, several games at once: a shared board, a race,
watchers, rooms kept apart, a broken game cut off alone, a player coming back."""

from __future__ import annotations

import asyncio
import stat

from sudoku_tui.game.rooms.messages import decode, encode
from sudoku_tui.serve.rooms.hub import HELD_OUTPUT, Hub
from tests.serve.room_games import LINE_4, Game, running_hub


def change(cell: int, value: int, version: int) -> dict[str, int]:
    return {"cell": cell, "value": value, "marks": 0, "colour": 0, "version": version}


async def shared_board(hub: Hub, players: int) -> list[Game]:
    """A co-op room of ``players`` games, its puzzle chosen, every game having seen it."""
    host = await Game.enter(hub, "p0", create="coop")
    games = [host] + [await Game.enter(hub, f"p{n}", code=host.code) for n in range(1, players)]
    await host.send("puzzle", shape="4x4", line=LINE_4)
    for game in games:
        await game.until("puzzle", line=LINE_4)
    return games


async def test_the_socket_is_its_owners_alone() -> None:
    async with running_hub() as (hub, _):
        assert stat.S_IMODE(hub.path.stat().st_mode) == 0o600
    assert not hub.path.exists()


async def test_a_change_reaches_the_others_and_acknowledges_its_sender() -> None:
    async with running_hub() as (hub, _):
        ann, bob, cat = await shared_board(hub, 3)
        await bob.send("change", **change(5, 3, 0))
        for game in (ann, bob, cat):
            assert await game.until("changed") == {"kind": "changed", "seat": 1, **change(5, 3, 1)}
        await ann.send("cursor", cell=9)
        assert await bob.until("moved") == {"kind": "moved", "seat": 0, "cell": 9}
        assert await cat.until("moved") == {"kind": "moved", "seat": 0, "cell": 9}


async def test_of_two_changes_on_one_version_only_the_first_applies() -> None:
    async with running_hub() as (hub, _):
        ann, bob = await shared_board(hub, 2)
        await asyncio.gather(ann.send("change", **change(6, 2, 0)), bob.send("change", **change(6, 4, 0)))
        first = [await ann.next(), await bob.next()]  # the change that won, to both
        assert first[0] == first[1] and first[0]["kind"] == "changed" and first[0]["version"] == 1
        winner, loser = (ann, bob) if first[0]["seat"] == 0 else (bob, ann)
        assert first[0]["value"] == (2 if winner is ann else 4)
        assert await loser.next() == {"kind": "refused", "cell": 6, "version": 1}
        # the loser's second try, on the winner's version: the next thing the winner sees, so the
        # refused change never reached it
        await loser.send("change", **change(6, 1, 1))
        assert (await winner.next())["version"] == 2


async def test_a_watchers_change_changes_nothing() -> None:
    async with running_hub() as (hub, _):
        ann, bob = await shared_board(hub, 2)
        wes = await Game.enter(hub, "wes", code=ann.code, watch=True)
        assert wes.joined["role"] == "watcher"
        await wes.until("puzzle", line=LINE_4)
        await wes.send("change", **change(5, 1, 0))
        await wes.send("puzzle", shape="9x9", line="5" + "." * 80)
        await bob.send("change", **change(5, 3, 0))  # on version 0: the watcher's never applied
        for game in (ann, bob, wes):
            assert await game.until("changed") == {"kind": "changed", "seat": 1, **change(5, 3, 1)}


async def test_a_race_counts_and_places() -> None:
    async with running_hub() as (hub, _):
        ann = await Game.enter(hub, "ann", create="race")
        bob = await Game.enter(hub, "bob", code=ann.code)
        await ann.send("puzzle", shape="4x4", line=LINE_4)
        await bob.send("start")  # not the host: nothing happens
        await ann.send("start")
        await bob.until("started")
        await bob.send("progress", filled=5)
        assert await ann.until("progressed") == {"kind": "progressed", "seat": 1, "filled": 5}
        await bob.send("finish", elapsed_ms=42000)
        await ann.send("finish", elapsed_ms=50000)
        for game in (ann, bob):
            assert await game.until("finished") == {"kind": "finished", "seat": 1, "elapsed_ms": 42000, "place": 1}
            assert await game.until("finished") == {"kind": "finished", "seat": 0, "elapsed_ms": 50000, "place": 2}
            await game.until("ended")
        late = await Game.enter(hub, "cat", code=ann.code)  # the race is over: a player for the rematch
        assert late.joined["role"] == "player"


async def test_a_joiner_during_a_race_watches() -> None:
    async with running_hub() as (hub, _):
        ann = await Game.enter(hub, "ann", create="race")
        await ann.send("puzzle", shape="4x4", line=LINE_4)
        await ann.send("start")
        await ann.until("started")
        bob = await Game.enter(hub, "bob", code=ann.code)
        assert bob.joined["role"] == "watcher"
        await bob.until("started")


async def test_a_rooms_lines_never_reach_another_room() -> None:
    async with running_hub() as (hub, _):
        ann, bob = await shared_board(hub, 2)
        other = await Game.enter(hub, "p1", create="coop")  # bob's key again, from another session
        await other.send("puzzle", shape="4x4", line=LINE_4)
        for cell in range(1, 10):
            await ann.send("change", **change(cell, 2, 0))
            await ann.send("cursor", cell=cell)
        await bob.until("moved", cell=9)
        await other.send("cursor", cell=3)  # answered by nobody: alone in its room
        await other.send("change", **change(14, 1, 0))
        seen = [await other.next() for _ in range(3)]
        assert [m["kind"] for m in seen] == ["seats", "puzzle", "changed"] and seen[2]["seat"] == 0
        assert seen[2]["cell"] == 14 and ann.code != other.code


async def test_a_game_that_sends_garbage_is_cut_off_and_the_others_go_on() -> None:
    async with running_hub() as (hub, log):
        ann, bob, cat = await shared_board(hub, 3)
        await cat.send_bytes(b'{"kind": "changed", "seat": 0}\n')
        assert await cat.is_closed()
        seats = await ann.until("seats")
        assert seats["seats"][2]["connected"] is False
        await bob.send("change", **change(5, 3, 0))
        assert (await ann.until("changed"))["cell"] == 5
        assert (await bob.until("changed"))["cell"] == 5
        assert len([line for line in log if "np2" in line]) == 1, log


async def test_out_of_place_and_oversized_lines_close_the_connection() -> None:
    async with running_hub() as (hub, log):
        ann, bob = await shared_board(hub, 2)
        cases = [
            b'{"kind":"cursor","cell":3}\n',  # before hello
            b'{"kind":"hello","player":"x","name":"Xy1"}\n{"kind":"hello","player":"x","name":"Xy1"}\n',
            b'{"kind":"hello","player":"x","name":"Xy1"}\n{"kind":"join","code":"ZZZZZZ","watch":false}\n',
            b"x" * 10000 + b"\n",
        ]
        for data in cases:
            game = await Game.connect(hub)
            await game.send_bytes(data)
            assert await game.is_closed()
        await ann.send("cursor", cell=2)
        assert await bob.until("moved") == {"kind": "moved", "seat": 0, "cell": 2}
        assert len(log) == 3  # the unknown room is an answer (closed, no-room), not an error


async def test_an_unknown_code_is_answered() -> None:
    async with running_hub() as (hub, _):
        game = await Game.connect(hub)
        await game.send("hello", player="x", name="Xavier")
        await game.send("join", code="ZZZZZZ", watch=False)
        assert await game.next() == {"kind": "closed", "reason": "no-room"}


async def test_a_player_who_comes_back_gets_their_seat() -> None:
    async with running_hub() as (hub, _):
        ann, bob = await shared_board(hub, 2)
        await bob.send("change", **change(7, 2, 0))
        await ann.until("changed")
        await bob.close()
        seats = await ann.until("seats")
        assert seats["seats"][1] == {"seat": 1, "name": "np1", "role": "player", "connected": False}
        again = await Game.enter(hub, "p1", code=ann.code)
        assert again.joined["seat"] == 1 and again.joined["role"] == "player"
        assert await again.until("changed") == {"kind": "changed", "seat": 1, **change(7, 2, 1)}
        assert (await ann.until("seats"))["seats"][1]["connected"] is True


async def test_a_second_connection_of_a_player_takes_the_seat_over() -> None:
    async with running_hub() as (hub, _):
        ann, bob = await shared_board(hub, 2)
        newer = await Game.enter(hub, "p1", code=ann.code)
        assert await bob.is_closed()
        await ann.send("cursor", cell=4)
        assert await newer.until("moved") == {"kind": "moved", "seat": 0, "cell": 4}


async def test_a_game_that_reads_nothing_is_cut_off() -> None:
    async with running_hub() as (hub, log):
        ann, bob, deaf = await shared_board(hub, 3)
        burst = b"".join(encode("cursor", cell=cell % 16) for cell in range(1000))
        for _ in range(4 * HELD_OUTPUT // len(burst)):  # enough to fill what the hub holds and the kernel
            await ann.send_bytes(burst)
            if any("reads nothing" in line for line in log):
                break
            await _drain(bob)
        assert any("reads nothing" in line and "np2" in line for line in log)
        assert await deaf.is_closed()
        await ann.send("change", **change(3, 2, 0))
        assert (await ann.until("changed"))["cell"] == 3


async def _drain(game: Game) -> None:
    """Reads what has come for a game that does read (so only the deaf one falls behind)."""
    while True:
        try:
            line = await asyncio.wait_for(game.reader.readline(), 0.05)
        except TimeoutError:
            return
        decode(line)


async def test_an_idle_room_closes_and_its_code_is_gone() -> None:
    now = [0.0]
    async with running_hub(clock=lambda: now[0], idle_check=0.05) as (hub, _):
        ann, bob = await shared_board(hub, 2)
        wes = await Game.enter(hub, "wes", code=ann.code, watch=True)
        code = ann.code
        await ann.close()
        await bob.close()
        for _ in range(10):  # the seats as they change, until both players show gone
            seats = (await wes.until("seats"))["seats"]
            if not seats[0]["connected"] and not seats[1]["connected"]:
                break
        now[0] += 600
        assert await wes.until("closed") == {"kind": "closed", "reason": "idle"}
        assert await wes.is_closed()
        late = await Game.connect(hub)
        await late.send("hello", player="p0", name="np0")
        await late.send("join", code=code, watch=False)
        assert await late.next() == {"kind": "closed", "reason": "no-room"}
