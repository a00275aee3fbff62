"""Games in rooms for the tests: a running hub on a real Unix socket, and clients that
speak to it line by line as a game process does."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from sudoku_tui.game.rooms.messages import decode, encode
from sudoku_tui.serve.rooms.hub import Hub

LINE_4 = "1..." + "." * 8 + "...4"  # a 4x4 puzzle: cells 0 and 15 given
WAIT = 10.0  # seconds: a safety net for a line that should come, never a measure
MOST_MESSAGES = 500  # read at most this many while looking for one
MOST_CHUNKS = 1000  # of 64 KiB: more than the hub ever holds for a game and the kernel besides


@asynccontextmanager
async def running_hub(**options: Any) -> AsyncIterator[tuple[Hub, list[str]]]:
    """A hub in a folder of its own (a short path: a socket's has at most 107 bytes), and its log."""
    with tempfile.TemporaryDirectory(prefix="rooms-", dir="/tmp") as folder:
        log: list[str] = []
        hub = Hub(Path(folder) / "rooms.sock", log.append, **options)
        await hub.start()
        try:
            yield hub, log
        finally:
            await hub.stop()


class Game:
    """One game process's connection to the hub."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.joined: dict[str, Any] = {}

    @classmethod
    async def connect(cls, hub: Hub | Path) -> Game:
        """A connection to a hub of this process, or to the socket of a server's (a path)."""
        reader, writer = await asyncio.open_unix_connection(hub if isinstance(hub, Path) else hub.path)
        return cls(reader, writer)

    @classmethod
    async def enter(
        cls, hub: Hub | Path, player: str, *, create: str = "", code: str = "", watch: bool = False
    ) -> Game:
        """Says hello, creates a room of kind ``create`` or joins ``code``, and reads ``joined``."""
        game = await cls.connect(hub)
        await game.send("hello", player=player, name=f"n{player}")
        if create:
            await game.send("create", room=create)
        else:
            await game.send("join", code=code, watch=watch)
        game.joined = await game.until("joined")
        return game

    @property
    def code(self) -> str:
        return str(self.joined["code"])

    async def send(self, kind: str, **fields: Any) -> None:
        await self.send_bytes(encode(kind, **fields))

    async def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def next(self) -> dict[str, Any]:
        line = await asyncio.wait_for(self.reader.readline(), WAIT)
        assert line.endswith(b"\n"), f"the hub closed the connection ({line!r})"
        return decode(line)

    async def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The next message of this kind (and these fields), skipping others."""
        for _ in range(MOST_MESSAGES):
            message = await self.next()
            if message["kind"] == kind and all(message.get(key) == value for key, value in fields.items()):
                return message
        raise AssertionError(f"no {kind} {fields} in {MOST_MESSAGES} messages")

    async def is_closed(self) -> bool:
        """True once the hub has ended the connection (what it still sent read and dropped)."""
        for _ in range(MOST_CHUNKS):
            try:
                chunk = await asyncio.wait_for(self.reader.read(65536), WAIT)
            except ConnectionError:
                return True
            if not chunk:
                return True
        return False

    async def close(self) -> None:
        self.writer.close()
        with suppress(ConnectionError):
            await self.writer.wait_closed()
