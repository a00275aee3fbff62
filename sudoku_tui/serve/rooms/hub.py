"""The rooms' hub (docs/serving.md, "Rooms"): one server's rooms, and the lines between their games.

Each game process in a room holds one connection to a Unix socket in the server's
folder (owner only, like the rest of it). It says ``hello`` (who plays), then
``create`` or ``join``; from then on every line it sends is its room's
(:class:`~sudoku_tui.game.rooms.room.Room` decides what it means and whom it
reaches). A line that is not a message, or a message out of place, closes that
connection alone, with one line in the server's log. A game that stops reading
is cut off once :data:`HELD_OUTPUT` bytes wait for it, so it never holds the
others up nor the server's memory.

With a :class:`~.relay.Relay` (a server on a PostgreSQL store), the hub shares rooms with
the other hosts on that database: a room lives on the host that created it; a game here
that joins a room of another host is a visitor, whose lines the relay carries to that
host's hub and back (docs/rooms.md, "Across hosts"); a member on another host is a
:class:`Remote` here.
"""

from __future__ import annotations

import asyncio
import errno
import os
import secrets
import socket
import stat
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...game.players.link_codes import ALPHABET
from ...game.rooms.messages import MAX_LINE, ROOM_CODE_LENGTH, BadMessage, check, decode, encode
from ...game.rooms.room import Out, OutOfPlace, Room, RoomFull

if TYPE_CHECKING:  # a type alone: hubs without a relay need no psycopg
    from .relay import Relay

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
    away: tuple[str, str, int] | None = None  # a visitor's: the owner host, the room's code, its number
    watch: bool = False  # a visitor's: it asked to watch (to ask again in the same words)

    def __str__(self) -> str:
        where = f" in room {self.room.code}" if self.room is not None else ""
        return f"{self.name or 'a game'}{where}"


@dataclass(eq=False)
class Remote:
    """A member of one of this host's rooms whose game is on another host: connection ``n`` there."""

    host: str
    n: int
    player: str
    name: str
    room: Room | None = None
    closed: bool = False

    def __str__(self) -> str:
        where = f" in room {self.room.code}" if self.room is not None else ""
        return f"{self.name} (host {self.host}){where}"


Member = Link | Remote


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
        relay: Relay | None = None,
    ) -> None:
        self.path = path
        self.log = log
        self.clock = clock
        self.idle_check = idle_check
        self.hello_within = hello_within
        self.rooms: dict[str, Room] = {}
        self._links: dict[str, dict[str, Member]] = {}  # room code -> player -> their connection
        self.relay = relay
        self._visitors: dict[str, dict[str, Link]] = {}  # another host's room code -> player -> visitor
        self._visiting: dict[int, Link] = {}  # a visitor's number -> the visitor
        self._numbered = 0
        self._all: set[Link] = set()
        self._server: asyncio.AbstractServer | None = None
        self._idle_watch: asyncio.Task[None] | None = None

    # ---- running ---------------------------------------------------------------------

    async def start(self) -> None:
        """Listens; OSError when the path cannot be a socket or another hub answers on it."""
        self._clear_stale_socket()
        if self.relay is not None:
            await self.relay.start(self)
        try:
            self._server = await asyncio.start_unix_server(self._serve, self.path, limit=MAX_LINE)
        except OSError:
            if self.relay is not None:
                await self.relay.stop()
            raise
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
            if link.away is not None and self.relay is not None:
                self.relay.to_owner(link.away[0], "drop", link.away[1], link.player, link.away[2])
            self._close(link)
        if self._server is not None:
            with suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        self.rooms.clear()
        if self.relay is not None:
            await self.relay.stop()
        with suppress(FileNotFoundError):
            self.path.unlink()

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(self.idle_check)
            for room in list(self.rooms.values()):
                self._deliver(room, room.tick())
                if room.closed:
                    self._end_room(room)
            await self._watch_owners()

    async def _watch_owners(self) -> None:
        """Visitors of a room whose host is gone (stopped without a word, or its database
        connection lost) are told ``closed`` (server)."""
        if self.relay is None:
            return
        for code in list(self._visitors):
            if await self.relay.owner(code) is None:
                for link in list(self._visitors.get(code, {}).values()):
                    self._send(link, encode("closed", reason="server"))
                    self._close(link)

    def _end_room(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        for link in self._links.pop(room.code, {}).values():
            self._close(link)
        if self.relay is not None:
            self.relay.forget(room.code)

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
        entry = await self._first(reader, "create", "join", "find")
        if entry["kind"] == "find":
            self._send(link, self._held(link.player))
            return
        if entry["kind"] == "join" and entry["code"] not in self.rooms and self.relay is not None:
            owner = await self.relay.owner(entry["code"])
            if owner is not None and owner != self.relay.host:
                await self._visit(link, owner, entry, reader)
                return
        room = await self._room_for(link, entry)
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

    def _held(self, player: str) -> bytes:
        """The open room of this host where ``player`` holds a seat (the last made, of several),
        so a game that starts afresh can offer the way back."""
        held = [room for room in self.rooms.values() if not room.closed and player in room.members]
        if not held:
            return encode("closed", reason="no-room")
        return encode("held", code=held[-1].code, room=held[-1].kind)

    async def _first(self, reader: asyncio.StreamReader, *kinds: str) -> dict[str, Any]:
        line = await asyncio.wait_for(reader.readline(), self.hello_within)
        message = decode(line)
        if message["kind"] not in kinds:
            raise OutOfPlace(f"{message['kind']} where {' or '.join(kinds)} was due")
        return message

    async def _room_for(self, link: Link, entry: dict[str, Any]) -> Room | None:
        """The room a game creates or joins, it seated there; None (and told why) when none."""
        if entry["kind"] == "create":
            room = Room(await self._new_code(), entry["room"], self.clock)
            self.rooms[room.code] = room
            self._links[room.code] = {}
            return room if self._seat(link, room, watch=False) else None
        found = self.rooms.get(entry["code"])
        if found is None or found.closed:
            self._send(link, encode("closed", reason="no-room"))
            return None
        return found if self._seat(link, found, watch=entry["watch"]) else None

    def _seat(self, link: Member, room: Room, *, watch: bool) -> bool:
        """Seats a game (of this host or another) in one of this host's rooms; False (and told
        why) when the room is full."""
        try:
            out = room.enter(link.player, link.name, watch=watch)
        except RoomFull:
            self._send(link, encode("closed", reason="full"))
            return False
        earlier = self._links[room.code].get(link.player)
        if earlier is not None:  # the same player from a newer game: the seat follows them
            self._close(earlier)
        self._links[room.code][link.player] = link
        link.room = room
        self._deliver(room, out)
        return True

    async def _new_code(self) -> str:
        """A code no room has, on this host or (the table's primary key) on another."""
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(ROOM_CODE_LENGTH))
            if code not in self.rooms and (self.relay is None or await self.relay.claim(code)):
                return code

    def _leave(self, link: Member) -> None:
        """The game is gone from its room (unless a newer connection of its player took the seat)."""
        room, link.room = link.room, None
        if room is None or self._links.get(room.code, {}).get(link.player) is not link:
            return
        del self._links[room.code][link.player]
        self._deliver(room, room.drop(link.player))

    # ---- across hosts: a game of this host in another host's room ------------------------

    async def _visit(self, link: Link, owner: str, entry: dict[str, Any], reader: asyncio.StreamReader) -> None:
        """Carries a game's lines to the room on host ``owner``, each checked first; the owner's
        answers come back through :meth:`delivered` and :meth:`cut`."""
        assert self.relay is not None
        self._numbered += 1
        code, n = entry["code"], self._numbered
        link.away, link.watch = (owner, code, n), entry["watch"]
        self._visiting[n] = link
        self._visitors.setdefault(code, {})[link.player] = link
        self.relay.to_owner(owner, "enter", code, link.player, n, name=link.name, watch=entry["watch"])
        try:
            while not link.closed:
                line = await reader.readline()
                if not line.endswith(b"\n"):
                    return
                message = decode(line)
                self.relay.to_owner(owner, "line", code, link.player, n, line=line.decode("ascii").rstrip("\n"))
                if message["kind"] == "leave":
                    self._send(link, encode("closed", reason="left"))
                    return
        finally:
            self.relay.to_owner(owner, "drop", code, link.player, n)
            self._visiting.pop(n, None)
            visitors = self._visitors.get(code, {})
            if visitors.get(link.player) is link:
                del visitors[link.player]
                if not visitors:
                    del self._visitors[code]

    def delivered(self, code: str, players: Sequence[str], line: str) -> None:
        """A line of another host's room for this host's visitors in it; ``closed`` ends them."""
        try:
            message = decode(line.encode("ascii"))
        except (BadMessage, UnicodeEncodeError):
            self.log(f"room {code}: a line from another host dropped: not a message")
            return
        visitors = self._visitors.get(code, {})
        for player in players:
            link = visitors.get(player)
            if link is not None:
                self._send(link, line.encode("ascii") + b"\n")
                if message["kind"] == "closed":
                    self._close(link)

    def again(self, owner: str | None) -> None:
        """A relay listens again after its connection was lost: what was sent meanwhile is lost.
        Each visitor of ``owner``'s rooms (of every host's, None) enters again, the same
        connection by its same number, and the room answers it with the room as it is now
        (docs/rooms.md, "Across hosts")."""
        assert self.relay is not None
        for link in list(self._visiting.values()):
            if link.away is not None and owner in (None, link.away[0]):
                there, code, n = link.away
                self.relay.to_owner(there, "enter", code, link.player, n, name=link.name, watch=link.watch)

    def cut(self, code: str, n: int) -> None:
        link = self._visiting.get(n)
        if link is not None and link.away is not None and link.away[1] == code:
            self._close(link)

    # ---- across hosts: a game of another host in this host's room ------------------------

    def remote_enter(self, host: str, n: int, code: str, player: str, name: str, watch: bool) -> None:
        known = self._remote(host, n, code, player)
        if known is not None and known.room is not None:  # entering again (its host missed lines): the room again
            self._deliver(known.room, known.room.enter(player, known.name, watch=watch))
            return
        remote = Remote(host, n, player, name)
        room = self.rooms.get(code)
        try:
            check({"kind": "hello", "player": player, "name": name})
        except BadMessage as error:
            self.log(f"room connection of {remote} closed: {error}")
            room = None
        if room is None or room.closed:
            assert self.relay is not None
            self.relay.deliver(host, code, (player,), encode("closed", reason="no-room"))
            return
        self._seat(remote, room, watch=watch)

    def remote_line(self, host: str, n: int, code: str, player: str, line: str) -> None:
        remote = self._remote(host, n, code, player)
        if remote is None or remote.room is None:
            return  # late: its seat was taken over, or the room is gone
        try:
            message = decode(line.encode("ascii"))
            self._deliver(remote.room, remote.room.receive(player, message))
        except (BadMessage, UnicodeEncodeError) as error:
            self.log(f"room connection of {remote} closed: {error}")
            self._close(remote)  # while it still has its room: the cut names the room
            self._leave(remote)
            return
        if message["kind"] == "leave":
            self._leave(remote)
            remote.closed = True  # its own host answers it ``closed`` (left)

    def remote_drop(self, host: str, n: int, code: str, player: str) -> None:
        remote = self._remote(host, n, code, player)
        if remote is not None:
            self._leave(remote)
            remote.closed = True

    def _remote(self, host: str, n: int, code: str, player: str) -> Remote | None:
        """The member on ``host`` by its number there, while it still holds its seat."""
        link = self._links.get(code, {}).get(player)
        if isinstance(link, Remote) and link.host == host and link.n == n and not link.closed:
            return link
        return None

    # ---- sending -----------------------------------------------------------------------

    def _deliver(self, room: Room, out: list[Out]) -> None:
        links = self._links.get(room.code, {})
        for players, line in out:
            away: dict[str, list[str]] = {}  # the members on other hosts, by host: one payload each
            for player in players:
                link = links.get(player)
                if isinstance(link, Remote):
                    away.setdefault(link.host, []).append(player)
                elif link is not None:
                    self._send(link, line)
            for host, members in away.items():
                if self.relay is not None:
                    self.relay.deliver(host, room.code, members, line)

    def _send(self, link: Member, line: bytes) -> None:
        if link.closed:
            return
        if isinstance(link, Remote):
            if self.relay is not None and link.room is not None:
                self.relay.deliver(link.host, link.room.code, (link.player,), line)
            return
        link.writer.write(line)
        if link.writer.transport.get_write_buffer_size() > HELD_OUTPUT:
            self.log(f"room connection of {link} closed: it reads nothing ({HELD_OUTPUT} bytes held)")
            self._close(link, abort=True)

    def _close(self, link: Member, *, abort: bool = False) -> None:
        """Ends a connection after what is held for it is written; ``abort``: at once, for a game
        that reads nothing (closing would wait on it for ever)."""
        if link.closed:
            return
        link.closed = True
        if isinstance(link, Remote):
            if self.relay is not None and link.room is not None:
                self.relay.cut(link.host, link.room.code, link.n)
        elif abort:
            link.writer.transport.abort()
        else:
            link.writer.close()
