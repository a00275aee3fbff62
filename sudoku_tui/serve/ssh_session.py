"""One SSH session: a game process on its own pseudo-terminal, or a refusal.

A session with a terminal gets a game sized to the client's window and
every resize; a session without one gets one line (``NEEDS_TERMINAL``, as
the README's "Serving the game" says) and ends. When the player goes (the
connection drops, or idles too long, or the server stops) the game is hung
up: it saves, with the time played up to then, and quits.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

import asyncssh

from .game_end import unexpected_end
from .game_terminal import GameTerminal, game_command

if TYPE_CHECKING:
    from .ssh_server import Player, SshServer

NEEDS_TERMINAL = "sudoku-tui needs a terminal: connect with ssh -t."
SERVER_FULL = "The server is full: try again in a few minutes."
SERVER_STOPPING = "The server is stopping: your game is saved."
GAME_FAILED = "The game could not start; please tell the server's keeper."


def idle_goodbye(seconds: float) -> str:
    minutes = round(seconds / 60)
    took = f"{minutes} minute{'s' if minutes != 1 else ''}" if minutes else f"{round(seconds)} seconds"
    return f"Nothing was typed for {took}: your game is saved. Goodbye."


class GameSession(asyncssh.SSHServerSession[bytes]):
    """A session of one connection; at most one game (asyncssh starts a session per channel)."""

    def __init__(self, server: SshServer, player: Player) -> None:
        self.server = server
        self.player = player
        self.channel: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None  # the terminal type, once a terminal was asked for
        self.size = (80, 24)
        self.game: GameTerminal | None = None
        self.started = time.monotonic()
        self.last_input = self.started
        self.goodbye = ""  # what to say after the game has gone (idle, the server stopping)
        self.ending = ""  # why the session ended, for the log
        self._task: asyncio.Future[None] | None = None
        self._drew = False

    # ---- what the client asks for ------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.channel = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.term = term_type or "xterm-256color"
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return True  # whatever the command, the game is the only program here

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp, nor anything else that would reach the server's files

    def session_started(self) -> None:
        # Refusals are written at once, before the client's end of input can close the channel.
        chan = self.channel
        assert chan is not None
        if self.term is None:
            self._say(NEEDS_TERMINAL)
            chan.exit(2)
            return
        if not self.server.admit(self):
            self._say(SERVER_FULL)
            chan.exit(1)
            return
        self._task = asyncio.ensure_future(self._run(chan))

    # ---- the game ---------------------------------------------------------------

    async def _run(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.server.log_start(self)
        status = await self._play(chan)
        self.server.log_end(self, status)
        self.server.leave(self)
        if self.goodbye:
            self._say(self.goodbye)
        if not chan.is_closing():
            chan.exit(status if 0 <= status < 256 else 1)

    async def _play(self, chan: asyncssh.SSHServerChannel[bytes]) -> int:
        """Run the game until it ends; its exit status (-1 when it could not start)."""
        sent = chan.get_environment()
        extra = {"NO_COLOR": str(sent["NO_COLOR"])} if "NO_COLOR" in sent else {}
        env = self.server.settings.game_environment(self.player.key, self.term or "", extra)
        self.game = GameTerminal(game_command(), env, self._drawn)
        try:
            await self.game.start(*self.size)
        except OSError as error:
            self.server.log(f"game for {self.player} failed to start: {error}")
            self.game = None
            self.goodbye, self.ending = GAME_FAILED, "failed"
            return -1
        if self.ending:  # the player left (or the server began to stop) while the game started
            self.game.hang_up()
        status = await self.game.wait()
        stopped = unexpected_end(status)
        if stopped is not None:  # a crash or a kill: the terminal given back, the player told
            self.ending = f"{self.ending}, then {stopped.reason}" if self.ending else stopped.reason
            self.goodbye = stopped.goodbye
        self.ending = self.ending or "quit"
        return status

    def _drawn(self, data: bytes) -> None:
        if not self._drew:  # idle time counts from when the player could first type
            self._drew = True
            self.last_input = time.monotonic()
        if self.channel is not None and not self.channel.is_closing():
            self.channel.write(data)

    def _say(self, line: str) -> None:
        if self.channel is not None and not self.channel.is_closing():
            self.channel.write(line.encode() + b"\r\n")

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_input = time.monotonic()
        if self.game is not None:
            self.game.type(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        if self.game is not None:
            self.game.resize(*self.size)

    def pause_writing(self) -> None:
        if self.game is not None:
            self.game.pause_output()

    def resume_writing(self) -> None:
        if self.game is not None:
            self.game.resume_output()

    # ---- ending -----------------------------------------------------------------

    def end(self, why: str, goodbye: str = "") -> None:
        """End the game (it saves) and then the session, saying ``goodbye`` when there is still someone to read it."""
        if not self.ending:
            self.ending, self.goodbye = why, goodbye
        if self.game is not None:
            self.game.hang_up()

    def eof_received(self) -> bool:
        # No more input will come: the game ends, and the channel stays open for its last drawing.
        self.end("dropped")
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self.end("dropped")

    def idle_for(self, now: float) -> float:
        return now - self.last_input
