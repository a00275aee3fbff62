"""A game process on its own pseudo-terminal, driven from an asyncio loop.

The game is forked from the server's warm template when it has one (game_starts.py),
else started as a new process: either way it is the server's child, on its own
terminal and in its own session. The server's side of the terminal (the master) is
read whenever the game draws, and what the player types is written to it without
ever blocking the loop; what the game has not read yet is held, up to ``HELD_INPUT``
bytes (more is dropped, and the caller told). A resize sets the terminal's size (at
most ``MOST_COLUMNS`` x ``MOST_ROWS``), and the kernel tells the game (SIGWINCH).
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import struct
import sys
import termios
from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Protocol

from .game_starts import GameStarts
from .limits import HELD_INPUT, terminal_size

Output = Callable[[bytes], None]
CHUNK = 65536
HANG_UP_GRACE = 15.0  # seconds a hung-up game has to save and quit before it is killed


def set_size(fd: int, columns: int, rows: int) -> None:
    """The terminal's size in characters (a size of 0 is taken as 80x24, and no size is over the limits)."""
    columns, rows = terminal_size(columns, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def no_signal_keys(fd: int) -> None:
    """Ctrl+C, Ctrl+\\ and the like stay keys: typed while the game starts, before it sets its
    terminal raw, they would interrupt it (or make it dump core) instead."""
    attributes = termios.tcgetattr(fd)
    attributes[3] &= ~termios.ISIG
    termios.tcsetattr(fd, termios.TCSANOW, attributes)


class GameProcess(Protocol):
    """A game process as the server holds it: asyncio's ``Process``, or a forked game (game_starts.ForkedGame)."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


class GameTerminal:
    """One game process and its pseudo-terminal; :meth:`start` it, then feed it keys.
    With ``starts``, the game is forked from a warm template when one can."""

    def __init__(
        self, argv: list[str], env: Mapping[str, str], output: Output, starts: GameStarts | None = None
    ) -> None:
        self.argv = argv
        self.env = dict(env)
        self.output = output
        self.starts = starts
        self.process: GameProcess | None = None
        self._master = -1
        self._pending = bytearray()  # typed keys the game has not taken yet
        self._reading = False
        self._hung_up = False
        self._loop = asyncio.get_running_loop()

    async def start(self, columns: int, rows: int) -> None:
        """Start the game: forked from a template, else (none, or it failed) as a new process.
        A failed fork's terminal is closed and a new one made, so that a game the template
        forked late, if any, is hung up rather than sharing the player's terminal."""
        if self.starts is not None and await self._start(columns, rows, self.starts):
            return
        await self._start(columns, rows, None)

    async def _start(self, columns: int, rows: int, starts: GameStarts | None) -> bool:
        master, slave = os.openpty()
        try:
            set_size(slave, columns, rows)
            no_signal_keys(slave)
            if starts is not None:
                self.process = await starts.fork(self.env, slave)
                if self.process is None:
                    os.close(master)
                    return False
            else:
                # A new session, so the game's terminal is its own and a hang-up reaches all of it.
                self.process = await asyncio.create_subprocess_exec(
                    *self.argv, stdin=slave, stdout=slave, stderr=slave, env=self.env, start_new_session=True
                )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        self.resume_output()
        return True

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    # ---- what the game draws ---------------------------------------------------------

    def _drawn(self) -> None:
        try:
            data = os.read(self._master, CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process on the terminal has closed it
            data = b""
        if not data:
            self.pause_output()
            return
        self.output(data)

    def pause_output(self) -> None:
        """Stop reading the game's drawing (the player's connection is slow: the game waits)."""
        if self._reading and self._master >= 0:
            self._loop.remove_reader(self._master)
        self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self._master >= 0:
            self._loop.add_reader(self._master, self._drawn)
            self._reading = True

    # ---- what the player does ------------------------------------------------------

    def type(self, data: bytes) -> bool:
        """Give ``data`` to the game; False when it was dropped instead, the game having
        ``HELD_INPUT`` bytes or more not read yet (the server's memory is not the player's)."""
        if self._master < 0:
            return True
        if len(self._pending) + len(data) > HELD_INPUT:
            return False
        waiting = bool(self._pending)
        self._pending += data
        if not waiting:
            self._write_pending()
        return True

    def _write_pending(self) -> None:
        try:
            written = os.write(self._master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:  # the game is gone: what it did not take is dropped
            written = len(self._pending)
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self._master, self._write_pending)
        else:
            self._loop.remove_writer(self._master)

    def resize(self, columns: int, rows: int) -> None:
        if self._master < 0:
            return
        set_size(self._master, columns, rows)
        # The kernel signals the terminal's foreground group; saying it again costs nothing
        # and covers a game that has not taken the terminal as its controlling one yet.
        self.signal(signal.SIGWINCH)

    # ---- ending ---------------------------------------------------------------------

    def signal(self, signum: int) -> None:
        """Send ``signum`` to the game's whole process group (its worker threads go with it)."""
        pid = self.pid
        if pid is None or self.process is None or self.process.returncode is not None:
            return
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signum)

    def hang_up(self) -> None:
        """The player went away (or must go): the game saves and quits, as on a terminal's hang-up.
        Said once: a second hang-up could come after the game let go of its handler, and kill it mid-save."""
        if not self._hung_up:
            self._hung_up = True
            self.signal(signal.SIGHUP)
            # A game stuck on its way out must not keep its session (and its place) for good.
            self._loop.call_later(HANG_UP_GRACE, self.signal, signal.SIGKILL)

    async def wait(self, grace: float | None = None) -> int:
        """The game's exit status, once it ended; after ``grace`` seconds it is killed."""
        assert self.process is not None
        try:
            if grace is None:
                status = await self.process.wait()
            else:
                status = await asyncio.wait_for(self.process.wait(), grace)
        except TimeoutError:
            self.signal(signal.SIGKILL)
            status = await self.process.wait()
        self._drain()
        self.close()
        return status

    def _drain(self) -> None:
        """What the game drew last (its goodbye: the terminal set back), before the terminal closes."""
        if self._master < 0:
            return
        for _ in range(64):
            try:
                data = os.read(self._master, CHUNK)
            except OSError:
                return
            if not data:
                return
            self.output(data)

    def close(self) -> None:
        if self._master < 0:
            return
        self.pause_output()
        self._loop.remove_writer(self._master)
        os.close(self._master)
        self._master = -1
        # What the game never took is dropped now, and the session let go of, rather than
        # both kept until Python's collector finds the cycle they make.
        self._pending = bytearray()
        self.output = _nowhere


def _nowhere(data: bytes) -> None:
    """The output of a closed terminal: nothing more is drawn."""


def game_command() -> list[str]:
    """The served game, run by the same Python as the server."""
    return [sys.executable, "-m", "sudoku_tui.serve.game_process"]
