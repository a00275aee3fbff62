"""The plain mode on a terminal (``sudoku-tui --plain``, a served ``ssh -t HOST plain``)
or on a pipe: the lines read with readline when there is a terminal and it is
installed (else the terminal's own line editing), a hang-up or a stop signal
saving the game as quit does, and the terminal's modes given back as they were.
"""

from __future__ import annotations

import signal
import sys
import termios
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType
from typing import TextIO

from ..game.file_choice import PuzzleFolders
from ..game.session import Session
from ..game.store.interface import LOCAL_PLAYER
from ..game.store.local import OpenedStore
from .game import HungUp, PlainGame, ReadLine

PROMPT = "> "


def play_plain(
    path: Path | None,
    opened: OpenedStore,
    *,
    player: str = LOCAL_PLAYER,
    folders: PuzzleFolders | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play in plain text until the player quits or input ends; 0 then (the game saved)."""
    source = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    session = Session(opened.store, player=player, folders=folders)
    game = PlainGame(session, out)
    with terminal_kept(source), hang_up_raises():
        # Readline set up before the first word is said: a line typed ahead is then kept.
        read_line = line_reader(source, out)
        game.start(path, opened.notices)
        game.run(read_line)
    return 0


def line_reader(source: TextIO, out: TextIO) -> ReadLine:
    """Lines from ``source``: with readline's editing and history on a terminal, else as they come."""
    if _is_terminal(source) and _is_terminal(out) and source is sys.stdin and out is sys.stdout:
        with suppress(ImportError):
            import readline  # only on a terminal: input() then edits the line with it

            readline.parse_and_bind("set enable-bracketed-paste off")  # its escapes would be read out
        return lambda: input(PROMPT)

    def read() -> str:
        if _is_terminal(source):
            out.write(PROMPT)
            out.flush()
        line = source.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    return read


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (ValueError, OSError):
        return False


@contextmanager
def terminal_kept(source: TextIO) -> Iterator[None]:
    """A terminal's line discipline as the plain mode needs it (lines, echo, Ctrl+C a signal: a
    served game's terminal starts without signals), and its modes as they were afterwards."""
    fd = source.fileno() if _is_terminal(source) else -1
    saved = None
    if fd >= 0:
        with suppress(termios.error):
            saved = termios.tcgetattr(fd)
            wanted = termios.tcgetattr(fd)
            wanted[3] |= termios.ISIG | termios.ICANON | termios.ECHO
            termios.tcsetattr(fd, termios.TCSANOW, wanted)
    try:
        yield
    finally:
        if saved is not None:
            with suppress(termios.error):
                termios.tcsetattr(fd, termios.TCSANOW, saved)


def _hung_up(signum: int, _frame: FrameType | None) -> None:
    raise HungUp(signum)


@contextmanager
def hang_up_raises() -> Iterator[None]:
    """SIGHUP (the terminal or the connection went away) and SIGTERM end the loop as quit does."""
    before = {}
    for signum in (signal.SIGHUP, signal.SIGTERM):
        with suppress(ValueError):  # not the main thread: the caller handles its own signals
            before[signum] = signal.signal(signum, _hung_up)
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
