"""The rooms' hub (README, "Rooms"): one server's rooms, and the lines between their games.

Each game process in a room holds one connection to a Unix socket in the server's
folder (owner only, like the rest of it). It says ``hello`` (who plays), then
``create`` or ``join``; from then on every line it sends is its room's
(:class:`~sudoku_tui.game.rooms.room.Room` decides what it means and whom it
reaches). A line that is not a message, or a message out of place, closes that
connection alone, with one line in the server's log. A game that stops reading
is cut off once :data:`HELD_OUTPUT` bytes wait for it, so it never holds the
others up nor the server's memory.
"""

from __future__ import annotations

import asyncio
import errno
import os
import secrets
import socket
import stat
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...game.players.link_codes import ALPHABET
from ...game.rooms.messages import MAX_LINE, ROOM_CODE_LENGTH, BadMessage, decode, encode
from ...game.rooms.room import Out, OutOfPlace, Room, RoomFull

HELD_OUTPUT = 1024 * 1024  # bytes written to one game and not yet read by it, at most
HELLO_WITHIN = 10.0  # seconds a new connection has to say who it is and where it goes
IDLE_CHECK = 30.0  # seconds between looks for idle rooms (they close after ten minutes)


@dataclass(eq=False)
class Link:
    """One game's connection."""

    writer: asyncio.StreamWriter
    player: str = ""
    name: str = ""
    room: Room | None = None
    closed: bool = False

    def __str__(self) -> str:
        where = f" in room {self.room.code}" if self.room is not None else ""
        return f"{self.name or 'a game'}{where}"


class Hub:
    """The rooms of one server, on a Unix socket at ``path``; ``log`` takes one line."""

    def __init__(
        self,
        path: Path,
        log: Callable[[str], None],
        *,
        clock: Callable[[], float] = time.monotonic,
        idle_check: float = IDLE_CHECK,
        hello_within: float = HELLO_WITHIN,
    ) -> None:
        self.path = path
        self.log = log
        self.clock = clock
        self.idle_check = idle_check
        self.hello_within = hello_within
        self.rooms: dict[str, Room] = {}
        self._links: dict[str, dict[str, Link]] = {}  # room code -> player -> their connection
        self._all: set[Link] = set()
        self._server: asyncio.AbstractServer | None = None
        self._idle_watch: asyncio.Task[None] | None = None

    # ---- running ---------------------------------------------------------------------

    async def start(self) -> None:
        """Listens; OSError when the path cannot be a socket or another hub answers on it."""
        self._clear_stale_socket()
        self._server = await asyncio.start_unix_server(self._serve, self.path, limit=MAX_LINE)
        # The folder is the owner's alone already; the socket too, whatever the umask.
        os.chmod(self.path, 0o600)
        self._idle_watch = asyncio.create_task(self._watch_idle())

    def _clear_stale_socket(self) -> None:
        try:
            mode = self.path.lstat().st_mode
        except FileNotFoundError:
            return
        if not stat.S_ISSOCK(mode):
            raise OSError(errno.EEXIST, "a file that is not a socket is there")
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:
                probe.connect(str(self.path))
            except OSError:
                self.path.unlink()  # left by a server that did not stop: nobody answers
                return
        raise OSError(errno.EADDRINUSE, "another server's hub answers there")

    async def stop(self) -> None:
        """Every room closes (``closed`` reason server), every connection ends."""
        if self._server is not None:
            self._server.close()
        if self._idle_watch is not None:
            self._idle_watch.cancel()
        for room in list(self.rooms.values()):
            self._deliver(room, room.close("server"))
        for link in list(self._all):
            self._close(link)
        if self._server is not None:
            with suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        self.rooms.clear()
        with suppress(FileNotFoundError):
            self.path.unlink()

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(self.idle_check)
            for room in list(self.rooms.values()):
                self._deliver(room, room.tick())
                if room.closed:
                    self._end_room(room)

    def _end_room(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        for link in self._links.pop(room.code, {}).values():
            self._close(link)

    # ---- one game's connection -----------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(writer)
        self._all.add(link)
        try:
            await self._converse(link, reader)
        except BadMessage as error:
            self.log(f"room connection of {link} closed: {error}")
        except ValueError:  # the reader's limit: a line longer than any message
            self.log(f"room connection of {link} closed: a line over {MAX_LINE} bytes")
        except TimeoutError:
            self.log("room connection closed: no hello in time")
        except ConnectionError:
            pass  # the game went away: the same as its end
        finally:
            self._leave(link)
            self._close(link)
            self._all.discard(link)

    async def _converse(self, link: Link, reader: asyncio.StreamReader) -> None:
        hello = await self._first(reader, "hello")
        link.player, link.name = hello["player"], hello["name"]
        room = self._room_for(link, await self._first(reader, "create", "join"))
        if room is None:
            return
        while not link.closed:
            line = await reader.readline()
            if not line.endswith(b"\n"):
                return  # the end of the connection (a part line before it is no message)
            message = decode(line)
            self._deliver(room, room.receive(link.player, message))
            if message["kind"] == "leave":
                self._leave(link)
                self._send(link, encode("closed", reason="left"))
                return

    async def _first(self, reader: asyncio.StreamReader, *kinds: str) -> dict[str, Any]:
        line = await asyncio.wait_for(reader.readline(), self.hello_within)
        message = decode(line)
        if message["kind"] not in kinds:
            raise OutOfPlace(f"{message['kind']} where {' or '.join(kinds)} was due")
        return message

    def _room_for(self, link: Link, entry: dict[str, Any]) -> Room | None:
        """The room a game creates or joins, it seated there; None (and told why) when none."""
        if entry["kind"] == "create":
            room = Room(self._new_code(), entry["room"], self.clock)
            self.rooms[room.code] = room
            self._links[room.code] = {}
        else:
            found = self.rooms.get(entry["code"])
            if found is None or found.closed:
                self._send(link, encode("closed", reason="no-room"))
                return None
            room = found
        try:
            out = room.enter(link.player, link.name, watch=entry.get("watch", False))
        except RoomFull:
            self._send(link, encode("closed", reason="full"))
            return None
        earlier = self._links[room.code].get(link.player)
        if earlier is not None:  # the same player from a newer game: the seat follows them
            self._close(earlier)
        self._links[room.code][link.player] = link
        link.room = room
        self._deliver(room, out)
        return room

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(ROOM_CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _leave(self, link: Link) -> None:
        """The game is gone from its room (unless a newer connection of its player took the seat)."""
        room, link.room = link.room, None
        if room is None or self._links.get(room.code, {}).get(link.player) is not link:
            return
        del self._links[room.code][link.player]
        self._deliver(room, room.drop(link.player))

    # ---- sending -----------------------------------------------------------------------

    def _deliver(self, room: Room, out: list[Out]) -> None:
        links = self._links.get(room.code, {})
        for players, line in out:
            for player in players:
                link = links.get(player)
                if link is not None:
                    self._send(link, line)

    def _send(self, link: Link, line: bytes) -> None:
        if link.closed:
            return
        link.writer.write(line)
        if link.writer.transport.get_write_buffer_size() > HELD_OUTPUT:
            self.log(f"room connection of {link} closed: it reads nothing ({HELD_OUTPUT} bytes held)")
            self._close(link, abort=True)

    @staticmethod
    def _close(link: Link, *, abort: bool = False) -> None:
        """Ends a connection after what is held for it is written; ``abort``: at once, for a game
        that reads nothing (closing would wait on it for ever)."""
        if link.closed:
            return
        link.closed = True
        if abort:
            link.writer.transport.abort()
        else:
            link.writer.close()
