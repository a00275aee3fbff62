"""``sudoku-tui serve web`` runs the room hub as ``serve ssh`` does: on ``rooms.sock`` in its
folder, told to every tab's game, started and stopped with the server."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path

from sudoku_tui.serve.served_game import ROOMS
from sudoku_tui.serve.server_settings import ROOMS_SOCKET
from tests.serve.needs import need
from tests.serve.room_games import Game
from tests.serve.test_web_limits import first_drawing, game
from tests.serve.web_helpers import WebServer


def environments_of_children(parent: int) -> list[dict[str, str]]:
    """The environments of a process's children (its tabs' games), as Linux shows them."""
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != parent:
                continue
            raw = (stat_file.parent / "environ").read_bytes()
        except (OSError, IndexError, ValueError):
            continue  # a process that ended meanwhile
        found.append(dict(entry.split("=", 1) for entry in raw.decode(errors="replace").split("\0") if "=" in entry))
    return found


async def create_a_room(path: Path) -> dict[str, object]:
    reader, writer = await asyncio.open_unix_connection(path)
    client = Game(reader, writer)
    await client.send("hello", player="ann", name="nann")
    await client.send("create", room="race")
    joined = await client.until("joined")
    await client.close()
    return joined


async def a_tabs_environment(server: WebServer) -> list[dict[str, str]]:
    async with game(server) as socket:
        await first_drawing(socket)
        return environments_of_children(server.process.pid)


def test_the_web_server_runs_the_room_hub_for_its_tabs(tmp_path: Path) -> None:
    need("textual_serve")
    server = WebServer(tmp_path)
    socket = tmp_path / "data" / ROOMS_SOCKET
    try:
        assert stat.S_ISSOCK(socket.stat().st_mode) and stat.S_IMODE(socket.stat().st_mode) == 0o600
        joined = asyncio.run(create_a_room(socket))
        assert joined["kind"] == "joined" and joined["role"] == "host" and joined["room"] == "race"
        environments = asyncio.run(a_tabs_environment(server))
        assert [env.get(ROOMS) for env in environments] == [str(socket)]
    finally:
        server.stop()
    assert not socket.exists()  # gone with the server
