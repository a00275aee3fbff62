"""One served game: the process the server starts for each SSH session or browser tab.

``python -m sudoku_tui.serve.game_process``, with a :class:`~.served_game.ServedGame`
in its environment, or :func:`main` called in a process forked from the server's
warm template (game_template.py), which has imported everything below already.
Before Textual is even imported (or run) it takes its terminal as its controlling
one (so a resize reaches it as SIGWINCH), caps its own memory and lowers its CPU
priority; then it plays as the named player, with files
only from the named folders, and puzzles made only in its turn.
"""

from __future__ import annotations

import fcntl
import os
import resource
import signal
import sys
import termios
import threading
import time
import traceback
from contextlib import suppress
from pathlib import Path

from ..game.file_choice import PuzzleFolders
from ..game.making_turns import MakingTurns
from ..game.new_puzzle import take_turns
from ..game.players.identity import Identity
from ..game.players.names import new_guest_id
from ..game.rooms.asked import read_room_text
from ..game.session import SAVE_EVERY
from ..game.store.location import open_store_at
from ..paths import bundled_puzzles
from .game_end import TERMINAL_BACK
from .served_game import PLAIN, ROOM, NotServed, ServedGame
from .server_settings import GUEST


def take_terminal() -> None:
    """Make the pseudo-terminal on stdin this session's controlling terminal (the
    server started us as a new session's leader); not needed in a browser tab."""
    if os.isatty(0):
        with suppress(OSError):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def limit_resources(served: ServedGame) -> None:
    """A memory cap (the address space: a game that goes over fails alone) and a lower CPU priority."""
    cap = served.memory_mb * 1024 * 1024
    with suppress(ValueError, OSError):  # a hard limit lower already: that one stays
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    if served.nice > 0:
        with suppress(OSError):
            os.nice(served.nice)
    # A cap below what the process holds already leaves it nothing to run on: said so now,
    # whatever it would have failed on next (a forked game, which holds everything it
    # loads from the start, might first fail to start a thread instead).
    held = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    if held > cap:
        raise MemoryError(f"the memory cap of {served.memory_mb} MB is below the {held >> 20} MB the game holds")


TERMINAL_BACK_BYTES = TERMINAL_BACK.encode()  # ready before any failure: with no memory left, no encoding


def errors_elsewhere(served: ServedGame) -> None:
    """Send standard error (where Python prints a traceback) to the server's error log,
    or nowhere: never to the player's terminal, which would show the server's paths.
    The game draws on standard output."""
    target = str(served.errors) if served.errors is not None else os.devnull
    try:
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    except OSError:
        fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 2)
    os.close(fd)


def watch_server(server: int | None = None, grace: float = 10.0, every: float = 2.0) -> None:
    """If the server (``server``, else our parent now) dies, its child is then adopted
    by another process: hang up this game so it saves, and end the process after
    ``grace`` seconds whatever it does: with the server gone, no one would ever read
    it or stop it."""
    server = os.getppid() if server is None else server

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(every)
        with suppress(OSError):
            os.kill(os.getpid(), signal.SIGHUP)
        time.sleep(grace)
        os._exit(1)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def main(server: int | None = None) -> int:
    """The game; ``server``: the server's pid, when the game was forked from the warm
    template (game_template.py) rather than started by the server itself."""
    try:
        served = ServedGame.from_environment(os.environ)
    except NotServed as error:
        print(f"sudoku-tui: {error}.", file=sys.stderr)
        return 2
    take_terminal()
    errors_elsewhere(served)
    watch_server(server)
    try:
        limit_resources(served)
        return play(served)
    except Exception:  # out of memory, or a failure outside Textual's own handling
        # The traceback goes to standard error (the log); the terminal is given back,
        # and the server tells the player the game stopped (it saw the status).
        with suppress(BaseException):
            traceback.print_exc()
        with suppress(OSError):
            os.write(1, TERMINAL_BACK_BYTES)
        os._exit(1)


def play(served: ServedGame) -> int:
    take_turns(MakingTurns(served.turns, served.at_once))
    if os.environ.get(PLAIN) == "1":
        return play_plain_served(served)
    # Textual loads only now: the process took its terminal and its limits first.
    from ..ui import SudokuApp

    folders = PuzzleFolders.of([bundled_puzzles(), *served.puzzles])
    # No compiling at start: a served game loads the compiled search (when it may) on first need.
    # A crash is told by the server, whatever ended the game: the game only writes its report.
    # A guest's id is made here, in its own process: a web server starts every tab's game
    # with one environment.
    player = new_guest_id() if served.player == GUEST else served.player
    app = SudokuApp(
        store=open_store_at(served.store, player),
        identity=Identity(
            player,
            served=True,
            keep_store=served.keep_store,
            rooms=served.rooms,
            room_asked=read_room_text(os.environ.get(ROOM, "")),
        ),
        folders=folders,
        warm_up=False,
        crash_log=served.errors,
        tells_crash=False,
        save_every=SAVE_EVERY,  # a hundred games share one store: a write a second each at most
    )
    app.run()
    return app.return_code or 0


def play_plain_served(served: ServedGame) -> int:
    """The game in plain text (``ssh -t HOST plain``): the player's own store and games, files
    only from the server's folders; no Textual."""
    # Loaded only now, as Textual is for the full-screen game: after the process took its limits.
    from ..plain.terminal import play_plain as play_lines

    player = new_guest_id() if served.player == GUEST else served.player
    folders = PuzzleFolders.of([bundled_puzzles(), *served.puzzles])
    return play_lines(None, open_store_at(served.store, player), player=player, folders=folders)


if __name__ == "__main__":
    sys.exit(main())
