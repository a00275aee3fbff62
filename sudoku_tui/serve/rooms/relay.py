"""Rooms across hosts (docs/rooms.md, "Across hosts"): the hubs of the servers that share one
PostgreSQL store carry each other's lines by ``LISTEN``/``NOTIFY``.

A room lives on the host that created it: that host's hub runs the
:class:`~sudoku_tui.game.rooms.room.Room`. The table ``sudoku_rooms`` says which host owns
a code (its primary key keeps codes unique across hosts), and ``sudoku_room_hosts`` which
hosts are alive: a host is the database connection it listens on, so a host that died
(its connection gone from ``pg_stat_activity``) owns nothing any more. Each host listens
on a channel of its own, ``sudoku_rooms_<host>``. A game on host B in a room of host A:
B's hub sends A what the game says (``enter``, each ``line``, ``drop``), A's room
answers, and A sends B the lines for B's members (``deliver``, with the recipients) or
ends one of B's connections (``cut``). Each hub writes to its own connections alone; a
game process never talks to PostgreSQL for rooms.

Every payload is a JSON object (text, under the 8000 bytes a ``NOTIFY`` carries), and
every one read is checked field by field, the room's line inside it by
:func:`~sudoku_tui.game.rooms.messages.decode` where the hub reads it. The tables are
the relay's own, made with ``CREATE TABLE IF NOT EXISTS``: they are a server's
bookkeeping on PostgreSQL alone, which neither the game processes nor the SQLite store
ever read, so the store's migrations (and its schema version) stay the players' data's.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any, Protocol

import psycopg

from ...game.rooms.messages import BadMessage, is_player_id, is_room_code

CHANNEL_PREFIX = "sudoku_rooms_"
MAX_PAYLOAD = 7900  # bytes of one NOTIFY payload, under PostgreSQL's 8000
CONNECT_TIMEOUT = 10  # seconds
STOP_WITHIN = 5.0  # seconds to send what waits when the server stops
RETRY = (0.5, 10.0)  # seconds: the first wait before listening again after a lost connection, and the longest
SCHEMA_LOCK = 0x5D0C_2024  # an advisory lock's key: two hosts starting at once make the tables once
HOST = re.compile(r"[0-9a-f]{16}")
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS sudoku_room_hosts (host text PRIMARY KEY, pid integer NOT NULL,"
    " since timestamptz NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sudoku_rooms (code text PRIMARY KEY, host text NOT NULL,"
    " created_at timestamptz NOT NULL DEFAULT now())",
)
# The hosts whose listening connection is still the one they registered (a pid alone may be reused).
LIVE_HOSTS = (
    "SELECT h.host FROM sudoku_room_hosts h JOIN pg_stat_activity a ON a.pid = h.pid AND a.backend_start = h.since"
)
# What each kind of payload holds besides ``do``, and each field's check.
FIELDS: dict[str, tuple[str, ...]] = {
    "enter": ("from", "n", "code", "player", "name", "watch"),
    "line": ("from", "n", "code", "player", "line"),
    "drop": ("from", "n", "code", "player"),
    "deliver": ("code", "to", "line"),
    "cut": ("code", "n"),
    "again": ("from",),  # a host that listens again after a lost connection: what it missed is to come again
}
CHECKS: dict[str, Callable[[Any], bool]] = {
    "from": lambda value: isinstance(value, str) and HOST.fullmatch(value) is not None,
    "n": lambda value: isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**53,
    "code": lambda value: isinstance(value, str) and is_room_code(value),
    "player": lambda value: isinstance(value, str) and is_player_id(value),
    "name": lambda value: isinstance(value, str) and len(value) <= 64,  # checked as a hello by the hub
    "watch": lambda value: isinstance(value, bool),
    "line": lambda value: isinstance(value, str) and len(value) < MAX_PAYLOAD,
    "to": lambda value: (
        isinstance(value, list) and 0 < len(value) <= 64 and all(CHECKS["player"](one) for one in value)
    ),
}


class RelayedHub(Protocol):
    """What a hub does with what the other hosts send it."""

    def remote_enter(self, host: str, n: int, code: str, player: str, name: str, watch: bool) -> None: ...
    def remote_line(self, host: str, n: int, code: str, player: str, line: str) -> None: ...
    def remote_drop(self, host: str, n: int, code: str, player: str) -> None: ...
    def delivered(self, code: str, players: Sequence[str], line: str) -> None: ...
    def cut(self, code: str, n: int) -> None: ...
    def again(self, host: str | None) -> None: ...


def parse(payload: str) -> dict[str, Any]:
    """A payload read, every field checked; BadMessage otherwise."""
    try:
        envelope = json.loads(payload)
    except (ValueError, RecursionError) as error:
        raise BadMessage(f"a payload that is not JSON ({error.__class__.__name__})") from None
    if not isinstance(envelope, dict) or envelope.get("do") not in FIELDS:
        raise BadMessage("a payload of no known kind")
    fields = FIELDS[envelope["do"]]
    if set(envelope) != {"do", *fields}:
        raise BadMessage(f"a {envelope['do']} payload with other fields")
    for field in fields:
        if not CHECKS[field](envelope[field]):
            raise BadMessage(f"a {envelope['do']} payload whose {field} is no {field}")
    return envelope


class Relay:
    """This host's part in the rooms of every host on the database at ``url``."""

    def __init__(self, url: str, log: Callable[[str], None], *, retry: tuple[float, float] = RETRY) -> None:
        self.url = url
        self.log = log
        self.retry = retry
        self.host = secrets.token_hex(8)
        self.listening = False  # the listening connection is up (False while it is being made again)
        self.heard_again = 0  # how many times it was made again after it was lost
        self._claimed: set[str] = set()  # this host's codes, claimed again with a new connection
        self._listener: psycopg.AsyncConnection[Any] | None = None
        self._talker: psycopg.AsyncConnection[Any] | None = None
        self._waiting: asyncio.Queue[tuple[str, tuple[Any, ...]]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._hub: RelayedHub | None = None
        self._stopping = False

    @staticmethod
    def channel(host: str) -> str:
        return CHANNEL_PREFIX + host  # an identifier as it stands: lower-case letters, digits, _

    # ---- running ---------------------------------------------------------------------

    async def start(self, hub: RelayedHub) -> None:
        """Connects, registers this host and listens; psycopg.Error when the database cannot."""
        self._hub = hub
        self._talker = await self._connect()
        async with self._talker.transaction():
            await self._talker.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in SCHEMA:
                await self._talker.execute(statement)
        await self._listen_on_new_connection()
        # What hosts that died left behind: their rooms are gone with them.
        await self._talker.execute(f"DELETE FROM sudoku_rooms WHERE host NOT IN ({LIVE_HOSTS})")
        await self._talker.execute(f"DELETE FROM sudoku_room_hosts WHERE host NOT IN ({LIVE_HOSTS})")
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._send())]

    async def _listen_on_new_connection(self) -> None:
        """A listening connection: LISTEN first, then this host registered as that connection
        (a host is alive while it is), and this host's codes claimed again (a host that
        started meanwhile may have taken them for a dead host's)."""
        if self._listener is not None:
            with suppress(psycopg.Error):
                await self._listener.close()
        self._listener = await self._connect()
        await self._listener.execute(f"LISTEN {self.channel(self.host)}")
        cursor = await self._listener.execute(
            "SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"
        )
        pid, since = await cursor.fetchone() or (0, None)
        talker = await self._talking()
        await talker.execute(
            "INSERT INTO sudoku_room_hosts VALUES (%s, %s, %s)"
            " ON CONFLICT (host) DO UPDATE SET pid = excluded.pid, since = excluded.since",
            (self.host, pid, since),
        )
        for code in sorted(self._claimed):
            await talker.execute(
                "INSERT INTO sudoku_rooms (code, host) VALUES (%s, %s) ON CONFLICT DO NOTHING", (code, self.host)
            )
        self.listening = True

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        return await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)

    async def stop(self) -> None:
        """Sends what waits (a room's last lines), gives up this host's codes, disconnects."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._waiting.join(), STOP_WITHIN)
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with suppress(BaseException):
                await task
        if self._talker is not None:
            with suppress(psycopg.Error):
                await self._talker.execute("DELETE FROM sudoku_rooms WHERE host = %s", (self.host,))
                await self._talker.execute("DELETE FROM sudoku_room_hosts WHERE host = %s", (self.host,))
        for connection in (self._listener, self._talker):
            if connection is not None:
                with suppress(psycopg.Error):
                    await connection.close()

    async def _listen(self) -> None:
        """Reads what the other hosts send; a lost connection is made again (waiting
        ``retry[0]`` seconds, twice that after each failure, at most ``retry[1]``), and then
        every host is asked to send again what this one may have missed meanwhile."""
        while not self._stopping:
            assert self._listener is not None and self._hub is not None
            try:
                async for note in self._listener.notifies():
                    try:
                        self._dispatch(parse(note.payload))
                    except BadMessage as error:
                        self.log(f"rooms across hosts: a payload dropped: {error}")
            except psycopg.Error as error:
                if self._stopping:
                    return
                self.log(f"rooms across hosts: the database connection was lost ({error.__class__.__name__})")
            self.listening = False
            await self._listen_again()

    async def _listen_again(self) -> None:
        wait, failures = self.retry[0], 0
        while not self._stopping:
            await asyncio.sleep(wait)
            try:
                await self._listen_on_new_connection()
            except psycopg.Error as error:
                failures += 1
                if failures == 1:  # one line, not one a try
                    self.log(f"rooms across hosts: not listening yet ({error.__class__.__name__}); trying on")
                wait = min(wait * 2, self.retry[1])
                continue
            self.heard_again += 1
            self.log("rooms across hosts: listening again")
            assert self._hub is not None
            self._hub.again(None)  # this host's visitors: their rooms come again
            for host in await self._live_hosts():
                self._notify(host, {"do": "again", "from": self.host})
            return

    async def _live_hosts(self) -> list[str]:
        try:
            cursor = await (await self._talking()).execute(f"{LIVE_HOSTS} WHERE h.host <> %s", (self.host,))
            return [str(row[0]) for row in await cursor.fetchall()]
        except psycopg.Error as error:
            self.log(f"rooms across hosts: the other hosts not asked again ({error.__class__.__name__})")
            return []

    def _dispatch(self, envelope: dict[str, Any]) -> None:
        assert self._hub is not None
        do, code = envelope["do"], envelope.get("code", "")
        if do == "again":
            self._hub.again(envelope["from"])
        elif do == "deliver":
            self._hub.delivered(code, envelope["to"], envelope["line"])
        elif do == "cut":
            self._hub.cut(code, envelope["n"])
        elif do == "enter":
            self._hub.remote_enter(
                envelope["from"], envelope["n"], code, envelope["player"], envelope["name"], envelope["watch"]
            )
        elif do == "line":
            self._hub.remote_line(envelope["from"], envelope["n"], code, envelope["player"], envelope["line"])
        else:
            self._hub.remote_drop(envelope["from"], envelope["n"], code, envelope["player"])

    async def _send(self) -> None:
        """One statement at a time, in the order asked: each NOTIFY its own transaction, so the
        lines of one room reach the other host in the order its hub sent them."""
        while True:
            statement, parameters = await self._waiting.get()
            try:
                await (await self._talking()).execute(statement, parameters)
            except psycopg.Error as error:
                self.log(f"rooms across hosts: not sent ({error.__class__.__name__}: {error})")
            finally:
                self._waiting.task_done()

    # ---- which host has a room ----------------------------------------------------------

    async def claim(self, code: str) -> bool:
        """Makes ``code`` this host's; False when another host has it. With the database out of
        reach the room is this host's players' alone (True, and a line in the log)."""
        try:
            cursor = await (await self._talking()).execute(
                "INSERT INTO sudoku_rooms (code, host) VALUES (%s, %s) ON CONFLICT DO NOTHING RETURNING code",
                (code, self.host),
            )
            claimed = await cursor.fetchone() is not None
        except psycopg.Error as error:
            self.log(f"rooms across hosts: room {code} kept on this host alone ({error.__class__.__name__})")
            return True
        if claimed:
            self._claimed.add(code)
        return claimed

    async def owner(self, code: str) -> str | None:
        """The live host that has ``code``; None when none has (or the database is out of reach)."""
        try:
            cursor = await (await self._talking()).execute(
                f"SELECT host FROM sudoku_rooms WHERE code = %s AND host IN ({LIVE_HOSTS})", (code,)
            )
            row = await cursor.fetchone()
        except psycopg.Error as error:
            self.log(f"rooms across hosts: room {code} not looked up ({error.__class__.__name__})")
            return None
        return str(row[0]) if row is not None else None

    def forget(self, code: str) -> None:
        self._claimed.discard(code)
        self._waiting.put_nowait(("DELETE FROM sudoku_rooms WHERE code = %s AND host = %s", (code, self.host)))

    async def _talking(self) -> psycopg.AsyncConnection[Any]:
        """The connection that sends and looks up, made again when it was lost."""
        if self._talker is None or self._stopping:
            raise psycopg.OperationalError("the relay is not running")
        if self._talker.closed:
            self._talker = await self._connect()
        return self._talker

    # ---- sending -------------------------------------------------------------------------

    def to_owner(self, owner: str, do: str, code: str, player: str, n: int, **fields: Any) -> None:
        """What a game of this host says to a room on ``owner``."""
        self._notify(owner, {"do": do, "from": self.host, "n": n, "code": code, "player": player, **fields})

    def deliver(self, host: str, code: str, players: Sequence[str], line: bytes) -> None:
        """A room's line for its members on ``host``: in as few payloads as fit."""
        text = line.decode("ascii").rstrip("\n")
        batch: list[str] = []
        size = len(text) + 64
        for player in players:
            if batch and size + len(player) + 4 > MAX_PAYLOAD:
                self._notify(host, {"do": "deliver", "code": code, "to": batch, "line": text})
                batch, size = [], len(text) + 64
            batch.append(player)
            size += len(player) + 4
        if batch:
            self._notify(host, {"do": "deliver", "code": code, "to": batch, "line": text})

    def cut(self, host: str, code: str, n: int) -> None:
        """Ends the connection ``n`` of ``host`` (its seat was taken over, or it broke the rules)."""
        self._notify(host, {"do": "cut", "code": code, "n": n})

    def _notify(self, host: str, envelope: dict[str, Any]) -> None:
        if self._stopping:
            return
        payload = json.dumps(envelope, ensure_ascii=True, separators=(",", ":"))
        self._waiting.put_nowait(("SELECT pg_notify(%s, %s)", (self.channel(host), payload)))
