"""A game's side of a room against the real hub: its thread hands on what the hub sends,
its sends reach the others; and the SSH server runs the hub and tells its games where."""

from __future__ import annotations

import asyncio
import queue
import stat
import tempfile
from pathlib import Path
from typing import Any

import pytest

from sudoku_tui.game.rooms.client import RoomClient
from sudoku_tui.serve.served_game import ServedGame
from sudoku_tui.serve.server_settings import ROOMS_SOCKET, ServerSettings
from sudoku_tui.serve.ssh_server import SshServer
from tests.serve.room_games import LINE_4, WAIT, Game, running_hub


class Inbox:
    """What a client's thread handed on, to wait for from the test's loop."""

    def __init__(self) -> None:
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.ended = False

    def put(self, message: dict[str, Any]) -> None:
        self.messages.put(message)

    def end(self) -> None:
        self.ended = True

    async def until(self, kind: str) -> dict[str, Any]:
        for _ in range(200):
            message = await asyncio.to_thread(self.messages.get, timeout=WAIT)
            if message["kind"] == kind:
                return message
        raise AssertionError(f"no {kind}")


async def test_a_client_plays_a_shared_board_with_another_game() -> None:
    async with running_hub() as (hub, _):
        inbox = Inbox()
        client = RoomClient(hub.path, inbox.put, inbox.end)
        await asyncio.to_thread(client.connect)
        client.send("hello", player="ann", name="Ann")
        client.send("create", room="coop")
        joined = await inbox.until("joined")
        assert joined["role"] == "host"
        bob = await Game.enter(hub, "bob", code=joined["code"])
        client.send("puzzle", shape="4x4", line=LINE_4)
        await bob.until("puzzle")
        await bob.send("change", cell=5, value=2, marks=0, colour=0, version=0)
        assert (await inbox.until("changed"))["seat"] == 1
        client.send("change", cell=5, value=3, marks=0, colour=0, version=1)
        assert (await bob.until("changed", version=2)) == {
            "kind": "changed",
            "seat": 0,
            "cell": 5,
            "value": 3,
            "marks": 0,
            "colour": 0,
            "version": 2,
        }
        await asyncio.to_thread(client.close)
        assert inbox.ended and client.ended.is_set()
        assert (await bob.until("seats"))["seats"][0]["connected"] is False


async def test_a_client_hears_the_end_when_the_hub_stops() -> None:
    inbox = Inbox()
    async with running_hub() as (hub, _):
        client = RoomClient(hub.path, inbox.put, inbox.end)
        await asyncio.to_thread(client.connect)
        client.send("hello", player="ann", name="Ann")
        client.send("create", room="race")
        await inbox.until("joined")
    assert await inbox.until("closed") == {"kind": "closed", "reason": "server"}
    assert await asyncio.to_thread(client.ended.wait, WAIT)
    with pytest.raises(OSError):
        client.send("start")
    client.close()


def test_no_hub_is_an_os_error() -> None:
    client = RoomClient("/nonexistent/rooms.sock", lambda message: None)
    with pytest.raises(OSError):
        client.connect()


def test_a_game_is_told_where_the_rooms_are() -> None:
    played = ServedGame.from_environment(
        ServerSettings(rooms=Path("/srv/s/rooms.sock")).served_game("SHA256:k").environment()
    )
    assert played.rooms == Path("/srv/s/rooms.sock")
    assert ServedGame.from_environment(ServerSettings().served_game("SHA256:k").environment()).rooms is None


async def test_the_ssh_server_runs_the_hub_in_its_folder() -> None:
    with tempfile.TemporaryDirectory(prefix="srv-", dir="/tmp") as name:  # short: a socket's path
        folder = Path(name)
        server = SshServer(ServerSettings(folder=folder), port=0)
        await server.start()
        try:
            rooms = server.settings.rooms
            assert rooms == folder / ROOMS_SOCKET and stat.S_IMODE(rooms.stat().st_mode) == 0o600
            env = server.settings.game_environment("SHA256:k", "xterm")
            assert ServedGame.from_environment(env).rooms == rooms
            assert server.hub is not None
            game = await Game.enter(server.hub, "ann", create="coop")
            assert game.joined["role"] == "host"
        finally:
            await server.stop()
        assert not rooms.exists()


async def test_a_folder_too_deep_for_a_socket_leaves_rooms_off(tmp_path: Path) -> None:
    folder = tmp_path / ("d" * 100)
    folder.mkdir()
    server = SshServer(ServerSettings(folder=folder), port=0)
    await server.start()
    try:
        assert server.hub is None and server.settings.rooms is None
        assert "SUDOKU_TUI_ROOMS" not in server.settings.game_environment("SHA256:k", "xterm")
    finally:
        await server.stop()
