"""A real SSH server on the loopback and real clients that read its screen.

The server is the command line's ``sudoku-tui serve ssh``, in its own
process (so SIGTERM is a real signal); a client is an asyncssh connection
with a key (or as a guest), a pseudo-terminal, and a terminal emulator
(pyte) that keeps the screen the game draws.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sudoku_tui.game.store.location import open_store_at
from tests.serve.needs import need

asyncssh = need("asyncssh")
pyte = need("pyte")

LISTENING = re.compile(r"listening on [^:]+:(\d+)")
SERVERS: dict[int, ServerProcess] = {}  # by port: connect() names a key in its server's store


async def until(seen: Callable[[], bool], what: Callable[[], str], timeout: float) -> None:
    """Wait until ``seen()``; a test failure that says ``what()`` when it never is."""
    deadline = time.monotonic() + timeout
    while not seen():
        if time.monotonic() > deadline:
            raise AssertionError(what())
        await asyncio.sleep(0.05)


class ServerProcess:
    """``sudoku-tui serve ssh`` on a free loopback port, with its log kept."""

    def __init__(self, data: Path, *options: str) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(data.parent / "xdg")}
        given = dict(itertools.pairwise(options))
        self.store = given.get("--store", str(data))  # where its players' names are
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sudoku_tui",
                "serve",
                "ssh",
                "--listen",
                "127.0.0.1:0",
                "--data",
                str(data),
                *options,
            ],
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL,
            env=env,
            text=True,
        )
        self.lines: list[str] = []
        self._lock = threading.Lock()
        self.port = 0
        threading.Thread(target=self._read_log, daemon=True).start()
        deadline = time.monotonic() + 30
        while not self.port:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"the server did not start:\n{self.log()}")
            time.sleep(0.05)
        SERVERS[self.port] = self

    def name_player(self, key: Path) -> None:
        """Give the key's player a name in the server's store (its file's name and a few
        letters of its own), unless it has one: its games start without the name dialog."""
        player = fingerprint(key)
        with open_store_at(self.store, player).store as store:
            if store.name_of(player) is None:
                store.set_name(player, f"{key.name[:10]}-{hashlib.sha256(player.encode()).hexdigest()[:4]}")

    def _read_log(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._lock:
                self.lines.append(line)
            found = LISTENING.search(line)
            if found:
                self.port = int(found.group(1))

    def log(self) -> str:
        with self._lock:
            return "".join(self.lines)

    async def wait_for_log(self, text: str, timeout: float = 20.0) -> None:
        await until(lambda: text in self.log(), lambda: f"{text!r} is not in the server's log:\n{self.log()}", timeout)

    def terminate(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def make_key(folder: Path, name: str) -> Path:
    """A new Ed25519 key pair: ``name`` (private) and ``name.pub``."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = folder / name
    key.write_private_key(str(path))
    path.chmod(0o600)  # OpenSSH refuses a private key others may read
    key.write_public_key(str(path) + ".pub")
    return path


def fingerprint(key_file: Path) -> str:
    return asyncssh.read_private_key(str(key_file)).get_fingerprint("sha256")


def name_players(data: Path, names: dict[str, str]) -> None:
    """Give players (by key fingerprint) their names in the store of the server whose folder is ``data``,
    as if each had chosen one in an earlier session."""
    for player, name in names.items():
        with open_store_at(str(data), player).store as store:
            store.set_name(player, name)


class GuestClient(asyncssh.SSHClient):
    """A client without a key: it asks for keyboard-interactive login and answers nothing."""

    def kbdint_auth_requested(self) -> str:
        return ""


async def connect(port: int, key: Path | None, *, named: bool = True) -> asyncssh.SSHClientConnection:
    """A client of the server on ``port``: a key (given a name first, unless ``named`` is
    False, when its game asks for one), or a guest (``key`` None)."""
    if key is not None and named and port in SERVERS:
        SERVERS[port].name_player(key)
    if key is None:
        return await asyncssh.connect(
            "127.0.0.1",
            port,
            known_hosts=None,
            username="player",
            client_keys=None,
            agent_path=None,
            client_factory=GuestClient,
            preferred_auth="keyboard-interactive",
        )
    return await asyncssh.connect(
        "127.0.0.1", port, known_hosts=None, username="player", client_keys=[str(key)], agent_path=None
    )


class Screen:
    """A game played over SSH: keys in, and the screen as a terminal would show it."""

    def __init__(self, conn: asyncssh.SSHClientConnection, columns: int = 80, rows: int = 24) -> None:
        self.conn = conn
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self.size = (columns, rows)
        self._reader: asyncio.Task[None] | None = None
        self.output = bytearray()
        self.arrived = asyncio.Event()  # set whenever the server sends something
        # Off, the screen is no longer kept (a benchmark timing many sessions from one
        # process, where emulating every terminal would be the slowest part).
        self.emulating = True

    async def start(self, command: str | None = None) -> Screen:
        """The game on a terminal (``command``: what ssh is asked to run; None, a shell)."""
        self.process = await self.conn.create_process(
            command, term_type="xterm-256color", term_size=self.size, encoding=None
        )
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        assert self.process is not None
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.output += data
            if self.emulating:
                self.stream.feed(data)
            self.arrived.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str, timeout: float = 60.0) -> None:
        await until(lambda: text in self.text(), lambda: f"{text!r} is not on the screen:\n{self.text()}", timeout)

    async def wait_for_output(self, text: str, timeout: float = 60.0) -> None:
        """``text`` was sent, whatever the screen shows now (a goodbye after the game's own)."""
        sent = text.encode()
        await until(lambda: sent in self.output, lambda: f"{text!r} was never sent:\n{self.output[-1500:]!r}", timeout)

    async def press(self, *keys: str, pause: float = 0.2) -> None:
        assert self.process is not None
        for key in keys:
            self.process.stdin.write(key.encode())
            await asyncio.sleep(pause)

    def resize(self, columns: int, rows: int) -> None:
        assert self.process is not None
        self.size = (columns, rows)
        self.screen.resize(rows, columns)
        self.process.change_terminal_size(columns, rows)

    async def exit_status(self, timeout: float = 60.0) -> int | None:
        assert self.process is not None
        await asyncio.wait_for(self.process.wait_closed(), timeout)
        if self._reader is not None:
            await asyncio.wait_for(self._reader, timeout)
        return self.process.exit_status


def game_processes(server: ServerProcess) -> list[int]:
    """The server's game processes: its children that lead a session of their own (a game,
    whether forked from the warm template or started anew; the template shares the server's)."""
    return server_children(server, session_leaders=True)


def template_processes(server: ServerProcess) -> list[int]:
    """The server's warm templates: its children in its own session."""
    return server_children(server, session_leaders=False)


def server_children(server: ServerProcess, *, session_leaders: bool) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == server.process.pid and (int(fields[3]) == int(entry.name)) == session_leaders:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return found


def resident_memory(pid: int) -> int:
    """A process's resident memory in bytes (VmRSS), as the kernel counts it."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"process {pid} has no resident memory: it is gone")


@pytest.fixture
def keys(tmp_path: Path) -> tuple[Path, Path]:
    return make_key(tmp_path, "alice"), make_key(tmp_path, "bob")


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """``servers("--guests")``: a server with these options (in the test's server folder),
    stopped after the test."""
    started: list[ServerProcess] = []

    def start(*options: str) -> ServerProcess:
        started.append(ServerProcess(tmp_path / "server", *options))
        return started[-1]

    yield start
    for server in started:
        server.stop()
