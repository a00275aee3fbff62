"""One SSH session: a game process on its own pseudo-terminal, a command word's
answer, or a refusal.

A session with a terminal gets a game sized to the client's window and
every resize; a session without one gets one line (``NEEDS_TERMINAL``, as
docs/serving.md says) and ends. A command word
(ssh_commands.py) is answered in lines, with a terminal or without: ``link``
opens the store in a thread, and holds a session's place while it does. When the player goes (the
connection drops, or idles too long, or the server stops) the game is hung
up: it saves, with the time played up to then, and quits.

Whatever a client sends, and whatever fails, the session gives its place back
when it ends: its window is clamped, its terminal type and environment never
reach the game raw, and no more than ``HELD_INPUT`` bytes typed or
``HELD_OUTPUT`` bytes drawn wait in the server (limits.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import asyncssh

from ..game import texts
from ..game.rooms.asked import asked_room, room_text
from ..game.texts import TYPED_TOO_MUCH
from .game_end import unexpected_end
from .game_starts import GameStarts
from .game_terminal import GameTerminal, game_command
from .key_links import link_keys
from .limits import DEFAULT_SIZE, HELD_OUTPUT, RateLimit, terminal_size, terminal_type
from .player_language import asked_language, chosen_language
from .served_game import PLAIN, ROOM
from .server_settings import ServerSettings
from .ssh_commands import PLAY, Command, Kind, read_command, shown_word

NEEDS_TERMINAL = "sudoku-tui needs a terminal: connect with ssh -t."
SERVER_FULL = "The server is full: try again in a few minutes."
SERVER_STOPPING = "The server is stopping: your game is saved."
GAME_FAILED = "The game could not start; please tell the server's keeper."
OUTPUT_LOOK = 0.1  # seconds between looks at a connection holding too much of the game's drawing


def idle_goodbye(seconds: float) -> str:
    minutes = round(seconds / 60)
    took = f"{minutes} minute{'s' if minutes != 1 else ''}" if minutes else f"{round(seconds)} seconds"
    return f"Nothing was typed for {took}: your game is saved. Goodbye."


@dataclass(frozen=True)
class Player:
    """Who a connection plays as: a key's fingerprint, or a guest (``key`` None)."""

    key: str | None
    address: str

    def __str__(self) -> str:
        return self.key or "guest"


class Host(Protocol):
    """What a session asks of the server that runs it (ssh_server.SshServer)."""

    settings: ServerSettings
    link_rate: RateLimit  # link commands of one key
    starts: GameStarts | None  # the warm templates games are forked from

    def admit(self, session: GameSession) -> bool: ...

    def leave(self, session: GameSession) -> None: ...

    def log(self, line: str) -> None: ...

    def log_start(self, session: GameSession) -> None: ...

    def log_end(self, session: GameSession, status: int) -> None: ...


class GameSession(asyncssh.SSHServerSession[bytes]):
    """A session of one connection; at most one game (asyncssh starts a session per channel)."""

    def __init__(self, server: Host, player: Player) -> None:
        self.server = server
        self.player = player
        self.command: Command = PLAY
        self.channel: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None  # the terminal type, once a terminal was asked for
        self.size = DEFAULT_SIZE
        self.game: GameTerminal | None = None
        self.started = time.monotonic()
        self.last_input = self.started
        self.goodbye = ""  # what to say after the game has gone (idle, the server stopping)
        self.ending = ""  # why the session ended, for the log
        self._task: asyncio.Future[None] | None = None
        self._drew = False
        self._told_dropped = False  # the player was told that keys were dropped (once is enough)
        self._channel_full = False  # asyncssh asked to pause: the client's window is shut
        self._connection_full = False  # the connection holds HELD_OUTPUT bytes not sent yet

    # ---- what the client asks for ------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.channel = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.term = terminal_type(term_type)
        self.size = terminal_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = read_command(command)  # only words are read: no program of the server's is ever run
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp, nor anything else that would reach the server's files

    def session_started(self) -> None:
        # Refusals are written at once, before the client's end of input can close the channel.
        chan = self.channel
        assert chan is not None
        if self.command.kind is Kind.LINK:
            self._start_link(chan)
            return
        if self.command.kind is Kind.ROOMS and asked_room(self.command.word, self.command.rest) is None:
            self._answer(chan, texts.ROOM_CODE_NEEDED, 2)
            return
        if self.command.kind is Kind.UNKNOWN:
            self._answer(chan, texts.unknown_ssh_command(shown_word(self.command.word)), 2)
            return
        if self.term is None:
            self._say(NEEDS_TERMINAL)
            chan.exit(2)
            return
        if not self.server.admit(self):
            self._say(SERVER_FULL)
            chan.exit(1)
            return
        self._task = asyncio.ensure_future(self._run(chan, self._play, GAME_FAILED))

    # ---- command words ----------------------------------------------------------

    def _answer(self, chan: asyncssh.SSHServerChannel[bytes], line: str, status: int) -> None:
        """A command answered at once, in one line, without a place taken."""
        self._say(line)
        chan.exit(status)
        word = shown_word(self.command.word)
        self.server.log(f"command {word} of {self.player} from {self.player.address}: exit {status}")

    def _start_link(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        key = self.player.key
        if key is None:
            self._answer(chan, texts.LINK_NEEDS_KEY, 1)
        elif not self.server.link_rate.allow(key):
            self._answer(chan, texts.LINK_TOO_OFTEN, 1)
        elif not self.server.admit(self):
            self._answer(chan, SERVER_FULL, 1)
        else:
            self._task = asyncio.ensure_future(self._run(chan, self._link, texts.LINK_STORE_UNAVAILABLE))

    async def _link(self, chan: asyncssh.SSHServerChannel[bytes]) -> int:
        """Make or use a link code, the store opened in a thread (the server's loop goes on)."""
        assert self.player.key is not None
        location = self.server.settings.store_location
        answer = await asyncio.to_thread(link_keys, location, self.player.key, self.command.rest)
        # Said whatever happened meanwhile: the client's end of input, or the server stopping, comes first.
        self.ending, self.goodbye = f"link: {answer.outcome}", "\r\n".join(answer.lines)
        return answer.status

    # ---- the game ---------------------------------------------------------------

    async def _run(
        self,
        chan: asyncssh.SSHServerChannel[bytes],
        work: Callable[[asyncssh.SSHServerChannel[bytes]], Awaitable[int]],
        failed: str,
    ) -> None:
        """The session's whole life once admitted (a game, or a link): whatever fails, at any
        stage, its place is given back, and the player reads ``failed``."""
        status = -1
        try:
            self.server.log_start(self)
            status = await work(chan)
        except Exception as error:
            self.server.log(f"session of {self.player} from {self.player.address} failed: {error!r}")
            if not self.ending or self.command.kind is Kind.LINK:  # a link's ending so far is its client's EOF
                self.ending, self.goodbye = "failed", failed
        finally:
            if self.game is not None and self.game.running:  # only after a failure: it saves and quits
                self.game.hang_up()
            if self.game is not None:
                self.game.close()
            self.server.leave(self)
            self._close(chan, status)

    def _close(self, chan: asyncssh.SSHServerChannel[bytes], status: int) -> None:
        """The log's line, the goodbye and the exit status; the session's place was given back already."""
        try:
            self.server.log_end(self, status)
            if self.goodbye:
                self._say(self.goodbye)
            if not chan.is_closing():
                chan.exit(status if 0 <= status < 256 else 1)
        except Exception as error:
            self.server.log(f"session of {self.player} from {self.player.address} did not close well: {error!r}")

    async def _play(self, chan: asyncssh.SSHServerChannel[bytes]) -> int:
        """Run the game until it ends; its exit status (-1 when it could not start)."""
        # Textual asks only whether NO_COLOR is set: the client's value never reaches the game.
        extra = {"NO_COLOR": "1"} if "NO_COLOR" in chan.get_environment() else {}
        asked = asked_room(self.command.word, self.command.rest) if self.command.kind is Kind.ROOMS else None
        if asked is not None:  # checked words only: a room's kind and a room code
            extra[ROOM] = room_text(asked)
        if self.command.kind is Kind.PLAIN:
            extra[PLAIN] = "1"
        # The player's Language setting, else the client's LANG (a language code only, never its text).
        language = await asyncio.to_thread(chosen_language, self.server.settings.store_location, self.player.key)
        language = language or asked_language(chan.get_environment())
        if language is not None:
            extra["LANGUAGE"] = language
        env = self.server.settings.game_environment(self.player.key, terminal_type(self.term), extra)
        self.game = GameTerminal(game_command(), env, self._drawn, self.server.starts)
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
        chan = self.channel
        if chan is None or chan.is_closing():
            return
        if self._held(chan) > HELD_OUTPUT:
            return  # only while the game ends (it is paused before): its last drawing is dropped, not kept
        chan.write(data)
        if self._held(chan) > HELD_OUTPUT and not self.ending and not self._connection_full and self.game is not None:
            # The client takes nothing though its window is open: the game waits, on its full terminal.
            self._connection_full = True
            self.game.pause_output()
            asyncio.get_running_loop().call_later(OUTPUT_LOOK, self._look_at_output)

    @staticmethod
    def _held(chan: asyncssh.SSHServerChannel[bytes]) -> int:
        """Bytes written to ``chan`` not sent yet: the channel's (its window is shut) and its connection's
        (the client does not read its socket). asyncssh ignores its transport's pause, hence the look."""
        transport: Any = getattr(chan.get_extra_info("connection"), "_transport", None)
        held = chan.get_write_buffer_size()
        return held + transport.get_write_buffer_size() if transport is not None else held

    def _look_at_output(self) -> None:
        """Go on with the game's drawing once the connection has sent most of what it held."""
        chan, game = self.channel, self.game
        if chan is None or chan.is_closing() or game is None or not self._connection_full:
            return
        if self._held(chan) > HELD_OUTPUT // 4 and not self.ending:
            asyncio.get_running_loop().call_later(OUTPUT_LOOK, self._look_at_output)
            return
        self._connection_full = False
        if not self._channel_full:
            game.resume_output()

    def _say(self, line: str) -> None:
        if self.channel is not None and not self.channel.is_closing():
            self.channel.write(line.encode() + b"\r\n")

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_input = time.monotonic()
        if self.game is not None and not self.game.type(data) and not self._told_dropped:
            self._told_dropped = True
            self._note(TYPED_TOO_MUCH)

    def _note(self, line: str) -> None:
        """``line`` on the bottom row of the game's screen, the cursor put back (the game draws over it later)."""
        if self.channel is not None and not self.channel.is_closing():
            self.channel.write(f"\x1b7\x1b[{self.size[1]};1H\x1b[2K{line}\x1b8".encode())

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = terminal_size(width, height)
        if self.game is not None:
            self.game.resize(*self.size)

    def pause_writing(self) -> None:
        self._channel_full = True
        if self.game is not None and not self.ending:
            self.game.pause_output()

    def resume_writing(self) -> None:
        self._channel_full = False
        if self.game is not None and not self._connection_full:
            self.game.resume_output()

    # ---- ending -----------------------------------------------------------------

    def end(self, why: str, goodbye: str = "") -> None:
        """End the game (it saves) and then the session, saying ``goodbye`` when there is still someone to read it."""
        if not self.ending:
            self.ending, self.goodbye = why, goodbye
        if self.game is not None:
            self.game.hang_up()
            # Its last drawing is read (and dropped past HELD_OUTPUT): a game blocked on a full
            # terminal could not save and quit.
            self.game.resume_output()

    def eof_received(self) -> bool:
        # No more input will come: the game ends, and the channel stays open for its last drawing.
        self.end("dropped")
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self.end("dropped")
        self.channel = None  # nothing more can be written to it; and it is let go of at once

    def idle_for(self, now: float) -> float:
        return now - self.last_input
