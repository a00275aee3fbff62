"""``sudoku-tui serve ssh``: the SSH server (docs/serving.md).

Who is who: a player is their SSH key, named by its SHA256 fingerprint; with
an authorized-keys file only its keys get in. With guests allowed, a client
without a key is let in by keyboard-interactive login with no questions, as a
guest whose games last for the session. Limits: new connections per address
per minute (more are dropped before any login), a login timeout (asyncssh's),
the number of games at once (the next is told the server is full), and an
idle timeout (the game is saved, the player told, the session closed), and
link commands per key (LINKS_AT_MOST in LINK_WINDOW).
SIGTERM (or Ctrl+C) hangs up every game, so each saves, and then the server
exits. One line on stderr when a session starts and one when it ends.
Rooms: the server runs the room hub on ``rooms.sock`` in its folder and tells
each game where it is (docs/rooms.md); a folder whose path is too long for a
socket leaves rooms off, with a line in the log. On a PostgreSQL store the hub
shares rooms with the other hosts on it.
"""

from __future__ import annotations

import asyncio
import gc
import resource
import signal
import sys
import time
from contextlib import suppress
from dataclasses import replace
from pathlib import Path

import asyncssh

from .authorized_keys import read_key_file
from .game_starts import GameStarts
from .host_key import host_key
from .limits import LINK_WINDOW, LINKS_AT_MOST, RateLimit
from .rooms.hub import Hub
from .rooms.serving import start_rooms
from .server_settings import ServerSettings
from .ssh_session import SERVER_STOPPING, GameSession, Player, idle_goodbye

IDLE_CHECK = 1.0  # seconds between looks for idle sessions
STOP_GRACE = 10.0  # seconds a game has to save when the server stops, before it is killed


def more_files() -> None:
    """Raise the open-file limit to what the system allows: a session holds its connection,
    its game's terminal and the game's pidfd, and a limit of 1024 would hold some 330 sessions."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        with suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class KeyPolicy:
    """Which keys get in: any key, or only those of an authorized-keys file."""

    def __init__(self, authorized: Path | None) -> None:
        self.keys = read_key_file(authorized) if authorized is not None else None

    def admits(self, key: asyncssh.SSHKey, address: str) -> bool:
        return self.keys is None or self.keys.validate(key, address, address) is not None


class Gatekeeper(asyncssh.SSHServer):
    """One connection: its address, its login, and the sessions it asks for."""

    def __init__(self, server: SshServer) -> None:
        self.server = server
        self.address = "?"
        self.key: str | None = None  # the fingerprint of the key that logged in last
        self.guest = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.server.connections.add(conn)
        if not self.server.rate.allow(self.address):
            self.server.log(f"too many connections from {self.address}: dropped")
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections = {conn for conn in self.server.connections if not conn.is_closed()}
        self.server.connection_ended = True

    def begin_auth(self, username: str) -> bool:
        return True  # every connection logs in: with a key, or as a guest

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Called for the key's offer and again for its signature; the last key asked about is the one that logged in.
        admitted = self.server.keys.admits(key, self.address)
        self.key, self.guest = (key.get_fingerprint("sha256"), False) if admitted else (None, False)
        return admitted

    def kbdint_auth_supported(self) -> bool:
        return self.server.guests

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key, self.guest = None, True
        return True  # a guest is asked nothing

    def password_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> GameSession:
        return GameSession(self.server, Player(None if self.guest else self.key, self.address))


class SshServer:
    """The listening server, its sessions and their limits."""

    def __init__(
        self,
        settings: ServerSettings,
        *,
        host: str = "127.0.0.1",
        port: int = 2222,
        host_key_file: Path | None = None,
        authorized_keys: Path | None = None,
        guests: bool = False,
    ) -> None:
        self.settings = settings
        self.host, self.port = host, port
        self.host_key_file = host_key_file or settings.folder / "ssh_host_ed25519_key"
        self.keys = KeyPolicy(authorized_keys)
        self.guests = guests
        self.rate = RateLimit(settings.connections_per_minute)
        self.link_rate = RateLimit(LINKS_AT_MOST, window=LINK_WINDOW)
        self.sessions: set[GameSession] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._stopped = asyncio.Event()
        self._idle_watch: asyncio.Future[None] | None = None
        self.connection_ended = False  # since the last collection of the garbage ended connections leave
        self.hub: Hub | None = None
        self.starts: GameStarts | None = None

    # ---- running ----------------------------------------------------------------

    async def start(self) -> None:
        more_files()
        key = host_key(self.host_key_file)
        await self._start_rooms()
        # After the rooms: the templates' environment names the hub's socket.
        self.starts = GameStarts(self.settings, self.log)
        await self.starts.start()
        self._acceptor = await asyncssh.create_server(
            lambda: Gatekeeper(self),
            self.host,
            self.port,
            server_host_keys=[key],
            login_timeout=self.settings.login_timeout,
            encoding=None,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_pty=True,
        )
        sockets = self._acceptor.sockets
        if sockets:  # the port the system gave, when asked for port 0
            self.port = sockets[0].getsockname()[1]
        self._idle_watch = asyncio.ensure_future(self._watch_idle())
        self.log(f"listening on {self.host}:{self.port} (host key {key.get_fingerprint('sha256')})")

    async def _start_rooms(self) -> None:
        hub = await start_rooms(self.settings, self.log)
        if hub is not None:
            self.hub = hub
            self.settings = replace(self.settings, rooms=hub.path)

    async def run(self) -> None:
        """Serve until SIGTERM or SIGINT, then stop (every game saved)."""
        await self.start()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, self._stopped.set)
        await self._stopped.wait()
        await self.stop()

    async def stop(self) -> None:
        """Refuse new connections, hang up every game (each saves), wait for them, and close."""
        self._stopped.set()
        if self._acceptor is not None:
            self._acceptor.close()
        sessions = list(self.sessions)
        for session in sessions:
            session.end("server stopping", SERVER_STOPPING)
        games = [session.game.wait(STOP_GRACE) for session in sessions if session.game is not None]
        with suppress(Exception):
            await asyncio.gather(*games, return_exceptions=True)
        await asyncio.sleep(0.2)  # the sessions say goodbye
        for conn in list(self.connections):
            conn.close()
        if self._acceptor is not None:
            with suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), STOP_GRACE)
        if self.hub is not None:
            await self.hub.stop()
        if self.starts is not None:
            await self.starts.stop()
        self.log("stopped")

    async def _watch_idle(self) -> None:
        limit = self.settings.idle_timeout
        while not self._stopped.is_set():
            await asyncio.sleep(IDLE_CHECK)
            now = time.monotonic()
            for session in list(self.sessions):
                if session.idle_for(now) >= limit:
                    session.end("idle", idle_goodbye(limit))
            if self.connection_ended:
                # An ended connection is a cycle of objects (asyncssh's, a session's) with its buffers:
                # given back within a second, not when Python's collector gets to its oldest objects.
                self.connection_ended = False
                gc.collect()

    # ---- sessions ---------------------------------------------------------------

    def admit(self, session: GameSession) -> bool:
        if self._stopped.is_set() or len(self.sessions) >= self.settings.max_sessions:
            self.log(f"refused {session.player} from {session.player.address}: server full")
            return False
        self.sessions.add(session)
        return True

    def leave(self, session: GameSession) -> None:
        self.sessions.discard(session)

    # ---- the log ----------------------------------------------------------------

    @staticmethod
    def log(line: str) -> None:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        print(f"{stamp} sudoku-tui serve ssh: {line}", file=sys.stderr, flush=True)

    def log_start(self, session: GameSession) -> None:
        command = f" ({session.command.kind.value})" if session.command.word else ""
        self.log(f"session start: {session.player} from {session.player.address}{command}")

    def log_end(self, session: GameSession, status: int) -> None:
        took = time.monotonic() - session.started
        why = session.ending or "quit"
        # The count, after the session left: a leaked place would show here.
        self.log(
            f"session end: {session.player} from {session.player.address} after {took:.1f} s ({why}, exit {status});"
            f" sessions now: {len(self.sessions)}"
        )
