"""What a hostile SSH client can do to ``sudoku-tui serve ssh``: no place kept for good,
no memory filled (docs/serving.md; serve/limits.py)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import termios
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sudoku_tui.game.texts import TYPED_TOO_MUCH
from tests.serve.ssh_helpers import (
    Screen,
    ServerProcess,
    connect,
    game_processes,
    keys,
    resident_memory,
    servers,
    until,
)

__all__ = ["keys", "servers"]  # the fixtures, used by name

START_LINE = "Press o to open a puzzle file."
MIB = 1024 * 1024
# The server's memory may grow by this much while a client floods it: the 1 MiB held,
# and room for the allocator and asyncssh's own buffers (a flood unheld is 32 MiB and more).
MEMORY_SLACK = 16 * MIB
SESSIONS_NOW = re.compile(r"sessions now: (\d+)")


@dataclass(frozen=True)
class HostileTry:
    """A session asked for with a value no terminal sends; ``resize``: a window change once the game draws."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    resize: tuple[int, int] | None = None


HOSTILE_TRIES = [
    HostileTry("NUL in the terminal type", {"term_type": "xterm\x00evil"}),
    HostileTry("escape bytes in the terminal type", {"term_type": "\x1b]52;c;AAAA\x07\x1b[2J"}),
    HostileTry("NUL in an environment value", {"env": {"NO_COLOR": "a\x00b"}}),
    HostileTry("a window wider than a pty", {"term_size": (70000, 24)}),
    HostileTry("a window as high as SSH allows", {"term_size": (80, 2**32 - 1)}),
    HostileTry("a resize wider than a pty", resize=(70000, 70000)),
]


async def hostile_session(port: int, key: Path, attempt: HostileTry) -> None:
    """One session with ``attempt``'s value, dropped once the game drew (or after a few seconds of nothing)."""
    options = {"term_type": "xterm-256color", "term_size": (80, 24), **attempt.options}
    conn = await connect(port, key)
    try:
        process = await conn.create_process(encoding=None, **options)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.stdout.read(1), 30)
            if attempt.resize is not None:
                process.change_terminal_size(*attempt.resize)
                await asyncio.wait_for(process.stdout.read(4096), 5)
    finally:
        conn.close()
        await conn.wait_closed()


def sessions_now(server: ServerProcess) -> int:
    """The count of sessions the server's last ``session end`` line gives."""
    counts = SESSIONS_NOW.findall(server.log())
    assert counts, f"no session has ended:\n{server.log()}"
    return int(counts[-1])


async def test_hostile_values_never_keep_a_place(servers, keys) -> None:  # type: ignore[no-untyped-def]
    """A NUL in the terminal type or the environment, or a window over 65535, killed the
    session before it gave its place back: after --max-sessions such tries the server was full for good."""
    alice, bob = keys
    server = servers("--max-sessions", "2")
    kept = []  # the tries whose session never ended
    for attempt in HOSTILE_TRIES:
        ended = server.log().count("session end: ")
        await hostile_session(server.port, alice, attempt)
        try:
            await until(lambda ended=ended: server.log().count("session end: ") > ended, str, 30)  # type: ignore[misc]
        except AssertionError:
            kept.append(attempt.name)
    assert not kept, f"sessions that never ended: {kept}\n{server.log()}"
    assert len(HOSTILE_TRIES) > 2  # more tries than places
    async with await connect(server.port, bob) as conn:
        screen = await Screen(conn).start()
        await screen.wait_for(START_LINE)
        await screen.press("q")
        assert await screen.exit_status() == 0
    await until(
        lambda: server.log().count("session end: ") > len(HOSTILE_TRIES),
        lambda: f"the player's session never ended:\n{server.log()}",
        60,
    )
    assert sessions_now(server) == 0
    assert "The server is full" not in server.log()
    assert not game_processes(server)


async def test_a_window_is_clamped_to_what_a_terminal_shows(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers()
    async with await connect(server.port, alice) as conn:
        process = await conn.create_process(term_type="xterm-256color", term_size=(70000, 5000), encoding=None)
        await asyncio.wait_for(process.stdout.read(1), 60)
        [game] = game_processes(server)
        # The game's own terminal, as the game asks it for its size.
        terminal = os.open(f"/proc/{game}/fd/0", os.O_RDONLY | os.O_NOCTTY)
        try:
            rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(terminal, termios.TIOCGWINSZ, bytes(8)))
        finally:
            os.close(terminal)
        assert (columns, rows) == (1000, 1000)
        conn.close()
    await server.wait_for_log("sessions now: 0")


async def test_keys_past_a_mebibyte_unread_are_dropped_and_the_player_told(servers, keys) -> None:  # type: ignore[no-untyped-def]
    """300 MB typed to a busy game grew the server by as much, never given back."""
    alice, _ = keys
    server = servers()
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start()
        await screen.wait_for(START_LINE)
        [game] = game_processes(server)
        assert screen.process is not None
        before = resident_memory(server.process.pid)
        os.killpg(game, signal.SIGSTOP)  # a game that reads nothing for now
        try:
            for _ in range(32):
                screen.process.stdin.write(b"z" * MIB)  # no key of the game's
                await screen.process.stdin.drain()
            grown = resident_memory(server.process.pid) - before
            assert grown < MEMORY_SLACK, f"the server grew by {grown / MIB:.1f} MiB"
            await screen.wait_for_output(TYPED_TOO_MUCH)
            assert screen.output.count(TYPED_TOO_MUCH.encode()) == 1  # told once
        finally:
            os.killpg(game, signal.SIGCONT)
        conn.abort()
    await server.wait_for_log("sessions now: 0")


class StallingProxy:
    """A TCP relay between a client and the server that stops, when told, reading what the
    server sends: a client that never reads, whose connection fills its buffers, then the server's."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.stalled = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._writers: list[asyncio.StreamWriter] = []
        self._listener: asyncio.Server | None = None

    async def start(self) -> int:
        self._listener = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return int(self._listener.sockets[0].getsockname()[1])

    async def _relay(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.port)
        self._writers += [client_writer, server_writer]
        self._tasks += [
            asyncio.ensure_future(self._pump(client_reader, server_writer, stalls=False)),
            asyncio.ensure_future(self._pump(server_reader, client_writer, stalls=True)),
        ]

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, stalls: bool) -> None:
        with contextlib.suppress(OSError):
            while not (stalls and self.stalled.is_set()):
                data = await reader.read(65536)
                if not data:
                    break
                writer.write(data)
                await writer.drain()
        if not stalls or not self.stalled.is_set():
            writer.close()

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for writer in self._writers:
            writer.transport.abort()  # both ends hang up at once, whatever was not relayed
        if self._listener is not None:
            self._listener.close()


async def test_a_client_that_never_reads_holds_little_of_the_games_drawing(servers, keys) -> None:  # type: ignore[no-untyped-def]
    """asyncssh ignores its socket's back-pressure: a client that opened a wide window and then
    read nothing grew the server by all the game drew (31 MiB a minute)."""
    alice, _ = keys
    server = servers()
    proxy = StallingProxy(server.port)
    port = await proxy.start()
    try:
        conn = await connect(port, alice)
        size = (1000, 300)  # a frame of some 1 MB
        process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None, window=2**30)
        drawn = bytearray()

        async def read() -> None:
            while data := await process.stdout.read(65536):
                drawn.extend(data)

        reader = asyncio.ensure_future(read())
        await until(lambda: len(drawn) > 100_000, lambda: f"the game drew only {len(drawn)} bytes", 60)
        before = resident_memory(server.process.pid)
        proxy.stalled.set()
        peak = before
        for turn in range(80):  # each resize redraws the whole screen: some 80 MB in all
            process.change_terminal_size(size[0] - turn % 2, size[1])
            await asyncio.sleep(0.25)
            peak = max(peak, resident_memory(server.process.pid))
        grown = peak - before
        assert grown < MEMORY_SLACK, f"the server grew by {grown / MIB:.1f} MiB"
        reader.cancel()
        conn.abort()
    finally:
        await proxy.close()
    await server.wait_for_log("sessions now: 0", timeout=60)


async def test_a_signal_key_typed_while_the_game_starts_is_a_key(servers, keys) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+\\ (or Ctrl+C) typed before the game had set its terminal raw killed it (SIGQUIT, SIGINT)."""
    alice, _ = keys
    server = servers()
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start()
        assert screen.process is not None
        for _ in range(600):  # from the session's start until the game is on screen, at most a minute
            if START_LINE in screen.text() or screen.process.exit_status is not None:
                break
            screen.process.stdin.write(b"\x1c")  # Ctrl+\ : SIGQUIT, on a terminal in its first mode
            await asyncio.sleep(0.1)
        await screen.wait_for(START_LINE)
        await screen.press("q")
        assert await screen.exit_status() == 0
