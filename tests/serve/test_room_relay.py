"""Rooms across hosts: two hubs, each on its own Unix socket with a relay on one real
PostgreSQL database (the tests' own cluster), and games that speak to their own host's
hub alone: one room across them, a race for one cell, rooms kept apart, unknown codes."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import psycopg

from sudoku_tui.serve.rooms.hub import Hub
from sudoku_tui.serve.rooms.relay import RETRY, Relay
from sudoku_tui.serve.server_settings import ROOMS_SOCKET
from tests.game.store_backends import postgresql_socket, postgresql_url
from tests.serve.needs import need
from tests.serve.room_games import LINE_4, Game
from tests.serve.ssh_helpers import ServerProcess
from tests.serve.test_room_hub import change
from tests.serve.test_room_play import PUZZLE, Player

__all__ = ["postgresql_socket", "postgresql_url"]  # the fixtures, used by name
LATENCY_ROUNDS = 50


def seat(number: int, name: str, role: str, connected: bool = True) -> dict[str, object]:
    return {"seat": number, "name": name, "role": role, "connected": connected}


@asynccontextmanager
async def host(url: str, retry: tuple[float, float] = RETRY, **options: float) -> AsyncIterator[tuple[Hub, list[str]]]:
    """A hub with its relay on the database at ``url``, in a folder of its own, and its log."""
    with tempfile.TemporaryDirectory(prefix="rooms-", dir="/tmp") as folder:
        log: list[str] = []
        hub = Hub(Path(folder) / "rooms.sock", log.append, relay=Relay(url, log.append, retry=retry), **options)
        await hub.start()
        try:
            yield hub, log
        finally:
            await hub.stop()


@asynccontextmanager
async def two_hosts(url: str, **options: float) -> AsyncIterator[tuple[Hub, Hub]]:
    async with AsyncExitStack() as stack:
        first, _ = await stack.enter_async_context(host(url, **options))
        second, _ = await stack.enter_async_context(host(url, **options))
        yield first, second


async def board_across(a: Hub, b: Hub) -> tuple[Game, Game]:
    """A co-op room made on host A, joined from host B, its puzzle seen by both."""
    ann = await Game.enter(a, "ann", create="coop")
    bob = await Game.enter(b, "bob", code=ann.code)
    assert bob.joined == {"kind": "joined", "code": ann.code, "room": "coop", "role": "player", "seat": 1}
    for game in (ann, bob):
        seats = await game.until("seats", seats=[seat(0, "nann", "host"), seat(1, "nbob", "player")])
        assert seats["kind"] == "seats"
    await ann.send("puzzle", shape="4x4", line=LINE_4)
    for game in (ann, bob):
        await game.until("puzzle", line=LINE_4)
    return ann, bob


async def test_a_room_of_host_a_is_played_from_host_b(postgresql_url: str) -> None:
    async with two_hosts(postgresql_url) as (a, b):
        ann, bob = await board_across(a, b)
        await bob.send("change", **change(5, 3, 0))
        for game in (ann, bob):  # to A's game, and B's acknowledgement
            assert await game.until("changed") == {"kind": "changed", "seat": 1, **change(5, 3, 1)}
        await ann.send("change", **change(6, 2, 0))
        assert await bob.until("changed", cell=6) == {"kind": "changed", "seat": 0, **change(6, 2, 1)}
        await bob.send("cursor", cell=9)
        assert await ann.until("moved") == {"kind": "moved", "seat": 1, "cell": 9}
        assert b.rooms == {} and list(a.rooms) == [ann.code]  # the room lives on A alone


async def test_of_two_changes_across_hosts_only_the_first_applies(postgresql_url: str) -> None:
    async with two_hosts(postgresql_url) as (a, b):
        ann, bob = await board_across(a, b)
        await asyncio.gather(ann.send("change", **change(6, 2, 0)), bob.send("change", **change(6, 4, 0)))
        won = [await ann.until("changed"), await bob.until("changed")]
        assert won[0] == won[1] and won[0]["version"] == 1
        loser = bob if won[0]["seat"] == 0 else ann
        assert await loser.until("refused") == {"kind": "refused", "cell": 6, "version": 1}


async def test_rooms_stay_apart_on_both_hosts(postgresql_url: str) -> None:
    async with two_hosts(postgresql_url) as (a, b):
        ann, bob = await board_across(a, b)
        cat, dan = await board_across(b, a)  # another room, made on B, joined from A
        await bob.send("change", **change(5, 3, 0))
        await dan.send("change", **change(9, 1, 0))
        assert (await ann.until("changed"))["cell"] == 5
        assert (await cat.until("changed"))["cell"] == 9
        # a line each room gets last: what came before it is all each game saw of the rooms
        await ann.send("cursor", cell=14)
        await cat.send("cursor", cell=13)
        for game, other_room_cell in ((bob, 9), (dan, 5)):
            seen = [await game.next()]
            while seen[-1]["kind"] != "moved":
                seen.append(await game.next())
            assert [message["kind"] for message in seen] == ["changed", "moved"]
            assert all(message.get("cell") != other_room_cell for message in seen)


async def test_an_unknown_code_on_host_b_is_answered(postgresql_url: str) -> None:
    async with two_hosts(postgresql_url) as (_, b):
        game = await Game.connect(b)
        await game.send("hello", player="ann", name="nann")
        await game.send("join", code="ABCDEF", watch=False)
        assert await game.next() == {"kind": "closed", "reason": "no-room"}
        assert await game.is_closed()


async def test_codes_are_unique_across_hosts_and_gone_with_their_room(postgresql_url: str) -> None:
    async with two_hosts(postgresql_url) as (a, b):
        ann = await Game.enter(a, "ann", create="race")
        bob = await Game.enter(b, "bob", create="race")
        assert ann.code != bob.code
        async with await psycopg.AsyncConnection.connect(postgresql_url) as db:
            rows = await (await db.execute("SELECT code, host FROM sudoku_rooms ORDER BY code")).fetchall()
            assert sorted(rows) == sorted([(ann.code, a.relay.host), (bob.code, b.relay.host)])  # type: ignore[union-attr]
    async with await psycopg.AsyncConnection.connect(postgresql_url) as db:
        assert await (await db.execute("SELECT count(*) FROM sudoku_rooms")).fetchone() == (0,)


async def test_a_player_on_b_leaves_and_comes_back_to_their_seat(postgresql_url: str) -> None:
    async with two_hosts(postgresql_url) as (a, b):
        ann, bob = await board_across(a, b)
        await bob.send("leave")
        assert await bob.until("closed") == {"kind": "closed", "reason": "left"}
        await ann.until("seats", seats=[seat(0, "nann", "host"), seat(1, "nbob", "player", False)])
        again = await Game.enter(b, "bob", code=ann.code)
        assert again.joined["seat"] == 1
        assert await again.until("puzzle", line=LINE_4)


async def test_when_the_owner_host_stops_its_visitors_are_told(postgresql_url: str) -> None:
    async with host(postgresql_url) as (b, _):
        async with host(postgresql_url) as (a, _):
            _, bob = await board_across(a, b)
        assert await bob.until("closed") == {"kind": "closed", "reason": "server"}
        assert await bob.is_closed()


async def test_a_garbled_line_from_b_cuts_off_that_game_alone(postgresql_url: str) -> None:
    async with two_hosts(postgresql_url) as (a, b):
        ann, bob = await board_across(a, b)
        cat = await Game.enter(b, "cat", code=ann.code)
        await bob.send("change", **change(99, 1, 0))  # no such cell: B passes it, A's room refuses it
        assert await bob.is_closed()
        await cat.send("change", **change(5, 3, 0))
        assert (await ann.until("changed"))["seat"] == 2


async def test_the_time_from_a_change_on_b_to_host_a(postgresql_url: str) -> None:
    """Measured, never asserted: the median and 95th percentile, printed (pytest -s)."""
    async with two_hosts(postgresql_url) as (a, b):
        ann, bob = await board_across(a, b)
        took = []
        for version in range(LATENCY_ROUNDS):
            sent = time.perf_counter()
            await bob.send("change", **change(5, 1 + version % 4, version))
            await ann.until("changed", version=version + 1)
            took.append((time.perf_counter() - sent) * 1000)
        took.sort()
        print(
            f"\na change from host B to host A: median {statistics.median(took):.2f} ms,"
            f" p95 {took[int(len(took) * 0.95)]:.2f} ms over {len(took)}"
        )


async def test_when_the_owner_host_dies_its_visitors_are_told(postgresql_url: str) -> None:
    """A host whose database connection is gone (its process killed) owns nothing any more:
    the other host finds that at its next look and closes its visitors' room."""
    async with two_hosts(postgresql_url, idle_check=0.2) as (a, b):
        _, bob = await board_across(a, b)
        assert a.relay is not None
        async with await psycopg.AsyncConnection.connect(postgresql_url, autocommit=True) as db:
            await db.execute("SELECT pg_terminate_backend(pid) FROM sudoku_room_hosts WHERE host = %s", (a.relay.host,))
        assert await bob.until("closed") == {"kind": "closed", "reason": "server"}
        assert await bob.is_closed()


async def test_two_ssh_servers_on_one_store_share_a_room(tmp_path: Path, postgresql_url: str) -> None:
    """Two ``serve ssh`` processes, each in its own folder, on one PostgreSQL store: a game on
    each server's socket, one room."""
    need("asyncssh")
    first = ServerProcess(tmp_path / "a", "--store", postgresql_url)
    try:
        second = ServerProcess(tmp_path / "b", "--store", postgresql_url)
        try:
            ann = await Game.enter(tmp_path / "a" / ROOMS_SOCKET, "ann", create="coop")
            bob = await Game.enter(tmp_path / "b" / ROOMS_SOCKET, "bob", code=ann.code)
            assert bob.joined["seat"] == 1
            await ann.send("puzzle", shape="4x4", line=LINE_4)
            await bob.until("puzzle", line=LINE_4)
            await bob.send("change", **change(5, 3, 0))
            assert await ann.until("changed") == {"kind": "changed", "seat": 1, **change(5, 3, 1)}
        finally:
            second.stop()
    finally:
        first.stop()
    assert "rooms shared with the other hosts on the store" in first.log()


# ---- a listening connection lost: the relay listens again, and the room catches up ----------

DEAF_FOR = (1.0, 10.0)  # the first wait before listening again: wide enough for a line to be lost meanwhile
POLLS = 1000  # of 10 ms: a safety net, never a measure


async def _deafen(url: str, hub: Hub) -> Relay:
    """Ends the backend ``hub``'s relay listens on, as a database restart or a network cut
    would, and waits until the relay found it lost."""
    relay = hub.relay
    assert relay is not None and relay.listening
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as db:
        await db.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE pid = (SELECT pid FROM sudoku_room_hosts WHERE host = %s)",
            (relay.host,),
        )
    for _ in range(POLLS):
        if not relay.listening:
            return relay
        await asyncio.sleep(0.01)
    raise AssertionError("the relay never found its connection lost")


async def _heard_again(relay: Relay, times: int = 1) -> None:
    for _ in range(POLLS):
        if relay.heard_again >= times:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the relay never listened again")


async def _coop_across(url: str, a: Hub, b: Hub, folder: Path) -> tuple[Player, Player]:
    """Games as served games play (a Session and a RoomPlay each): Ann on A makes the room, Bob on B joins."""
    ann = await Player.enter(a.path, folder, "Ann", create="coop")
    bob = await Player.enter(b.path, folder, "Bob", code=ann.room.code)
    ann.choose(PUZZLE)
    for player in (ann, bob):
        await player.until("puzzle")
    return ann, bob


async def test_the_owner_listens_again_and_a_change_it_missed_lands(postgresql_url: str, tmp_path: Path) -> None:
    async with host(postgresql_url, DEAF_FOR) as (a, log), host(postgresql_url, DEAF_FOR) as (b, _):
        ann, bob = await _coop_across(postgresql_url, a, b, tmp_path)
        relay = await _deafen(postgresql_url, a)
        assert bob.room.enter(5, 3).changed  # sent while host A hears nothing: lost on the way
        await _heard_again(relay)
        await bob.until("joined")  # A asked B's visitor to enter again: the room comes again ...
        await bob.until("seats")  # ... to its last line, when Bob's game sends again what never landed
        await ann.until("changed", cell=5)
        await bob.until("changed", cell=5)  # the room's acknowledgement
        assert ann.session.play.values[5] == bob.session.play.values[5] == 3
        assert not bob.room.pending
        ann.room.enter(6, 2)  # and the room goes on, both ways
        await bob.until("changed", cell=6)
        bob.room.enter(9, 4)
        await ann.until("changed", cell=9)
        assert "rooms across hosts: listening again" in log
        ann.close()
        bob.close()


async def test_the_visitors_host_listens_again_and_gets_what_it_missed(postgresql_url: str, tmp_path: Path) -> None:
    async with host(postgresql_url, DEAF_FOR) as (a, _), host(postgresql_url, DEAF_FOR) as (b, _):
        ann, bob = await _coop_across(postgresql_url, a, b, tmp_path)
        relay = await _deafen(postgresql_url, b)
        ann.room.enter(6, 2)  # for Bob while host B hears nothing: lost on the way
        await ann.until("changed", cell=6)
        await _heard_again(relay)
        await bob.until("changed", cell=6)  # the room, sent again to B's visitor
        assert bob.session.play.values[6] == 2 and [s.connected for s in bob.room.seats] == [True, True]
        bob.room.enter(5, 3)
        await ann.until("changed", cell=5)
        assert a.relay is not None and a.relay.heard_again == 0
        ann.close()
        bob.close()
