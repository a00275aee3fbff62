"""The warm template: a process that has imported everything a served game needs and forks
games on request, so a game starts in milliseconds and shares the libraries' pages.

``python -m sudoku_tui.serve.game_template FD``, started by the server (game_starts.py)
with the end of a Unix socket (SOCK_SEQPACKET) as FD, and the environment of a game of
its language: a game's sentences are translated as they are imported, so a template
speaks one language (docs/serving.md, "How a game starts"). It imports Textual, the
app and all its screens, the store's backends and the search the server names (with
``--solver compiled`` the compiled kernel, loaded or compiled now), freezes what it
holds out of the cyclic collector's reach (a collection would otherwise write to every
object, and copy every shared page into each game), and says ``ready``. Then, while it
forks games, a forked child of it plays a whole game headless with a profiler on, and
the code that ran is moved together in the template (hot_code.py), so that the games
forked after that copy fewer of its pages (and the template says ``moved``). It also offers
its pages, and its games' (a fork inherits it), to the kernel's same-page merging: a
game still copies every page of the template it writes to (Python writes a count into
each object it uses), and many of those copies are alike in every game; where the
operator has turned merging on (``/sys/kernel/mm/ksm/run``), the kernel keeps them
once (docs/serving.md, "What a game costs").

A request is a game's environment (JSON) with its terminal's slave end as the one
file descriptor; the answer is the game's pid. The game is forked twice: the first
child forks the game and exits at once, so the game is handed to the nearest
subreaper, the server (which declared itself one), and the server waits for it and
signals it as for a game it had started itself. The game then does what a game
process does (game_process.main): its own session and controlling terminal, its
limits, its nice, the watch on the server, and the game. When the server goes, the
socket ends and so does the template; the games are the server's, not ours.
"""

from __future__ import annotations

import ctypes
import gc
import io
import json
import os
import select
import signal
import socket
import sys
import threading
import time
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from .game_starts import MOVED, READY
from .served_game import SOLVER

if TYPE_CHECKING:
    from .hot_code import ProfiledPlay

REQUEST_MOST = 1 << 17  # bytes of one request: a game's environment is a few hundred
HANDED_OVER = 2.0  # seconds a game waits, at most, once the middle process has gone, to be the server's child
# What Textual loads as an app runs, besides the layouts.
TEXTUAL_AT_RUN = (
    "textual.drivers.linux_driver",
    "textual.drivers.headless_driver",
    "textual.pilot",
    "textual.scrollbar",
)
PLAY_MOST = 60.0  # seconds the whole game played to learn a game's code may take (hot_code.py)
MOVED_FROM: list[object] = []  # the code objects replaced by their copies, kept (hot_code.move_together)
PR_SET_MEMORY_MERGE = 67  # prctl: every page of the process may be merged (Linux 6.4 and later)


def offer_pages_to_merge() -> bool:
    """Let the kernel's same-page merging (KSM) share this process's pages, and those of
    every process it forks, with any other mergeable page alike; False where the kernel
    cannot (before Linux 6.4, or not Linux). Nothing is merged unless KSM runs."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_MEMORY_MERGE, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def preload(compiled: bool) -> None:
    """Import every module a game runs, and with ``compiled`` load the compiled search."""
    # Loaded here, in the template only: the server never imports Textual or the app.
    import importlib
    import pkgutil

    # The libraries whose modules Textual loads only as an app runs.
    import rich._unicode_data
    import textual.layouts

    from . import game_process  # noqa: F401  (the game's own start)

    rich._unicode_data.load()  # the table of character widths, a module of its own
    for name in TEXTUAL_AT_RUN:
        importlib.import_module(name)
    roots = [importlib.import_module(f"sudoku_tui.{package}") for package in ("engine", "game", "ui", "plain")]
    for root in [*roots, textual.layouts]:
        for module in pkgutil.walk_packages(root.__path__, f"{root.__name__}."):
            # The compiled kernels load numpy and Numba: only for a server that names that search.
            if ".compiled" in module.name and not compiled:
                continue
            with suppress(ImportError):  # a store backend whose driver is not installed (psycopg)
                importlib.import_module(module.name)
    if compiled:
        from ..engine.warm import warm_up  # the kernels compiled (or loaded from Numba's cache) once, here

        warm_up()


def rehearse() -> None:
    """The first screen drawn here (rehearsal.py)."""
    from . import rehearsal  # Textual and the app: imported by preload() already

    rehearsal.rehearse()


def learn_a_games_code() -> ProfiledPlay | None:
    """A whole game played in a forked child, which reports the code it ran (hot_code.py);
    None where the child cannot be forked (the games are forked as before)."""
    # Loaded here, in the template only, as in preload().
    from . import rehearsal
    from .hot_code import ProfiledPlay

    try:
        return ProfiledPlay(rehearsal.play_a_game, PLAY_MOST)
    except OSError:
        return None


def standard_streams() -> None:
    """Standard input, output and error made anew on the game's terminal, as Python makes
    them at a start: the template's were its own (not a terminal, so block-buffered)."""
    encoding, errors = sys.stdout.encoding, sys.stdout.errors
    for fd, name, faults in ((0, "stdin", errors), (1, "stdout", errors), (2, "stderr", "backslashreplace")):
        raw = io.FileIO(fd, "r" if fd == 0 else "w", closefd=False)
        buffered = io.BufferedReader(raw) if fd == 0 else io.BufferedWriter(raw)
        stream = io.TextIOWrapper(buffered, encoding=encoding, errors=faults, line_buffering=True)
        # Both names: Textual's driver takes the terminal from sys.__stdin__ and sys.__stderr__.
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


class GameRequest:
    """What the forked game is told: its environment, its terminal, its server, and the
    pipe whose end says the middle process has gone (``handed``)."""

    def __init__(self, environment: dict[str, str], terminal: int, server: int, middle: int, handed: int) -> None:
        self.environment = environment
        self.terminal = terminal
        self.server = server
        self.middle = middle
        self.handed = handed

    def become_game(self) -> None:
        """This process, just forked (and its own session's leader already), waits to be the
        server's child, then takes on the game's terminal and environment."""
        # The pipe ends when the middle process has closed its files on the way out; its
        # orphans are handed to the server a moment later. Until then the game's parent is
        # not the server, and its watch on the server would think it gone.
        while os.read(self.handed, 64):
            pass
        deadline = time.monotonic() + HANDED_OVER
        while os.getppid() == self.middle and time.monotonic() < deadline:
            time.sleep(0.001)
        for fd in (0, 1, 2):
            os.dup2(self.terminal, fd)
        # Nothing else of the template's stays open in a game (its socket least of all: the
        # server would not see the template end while a game held it).
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))
        signal.signal(signal.SIGINT, signal.default_int_handler)
        gc.enable()
        os.environ.clear()
        os.environ.update(self.environment)
        standard_streams()

    def play(self) -> int:
        from .game_process import main  # imported already (preload): only named here

        return main(server=self.server)


def fork_game(environment: dict[str, str], terminal: int, server: int) -> int | GameRequest:
    """Fork a game on ``terminal``: its pid in the template, its request in the game."""
    reader, writer = os.pipe()  # the game's pid, to the template
    handed, handing = os.pipe()  # held by the middle process until it exits
    middle = os.fork()
    if middle == 0:
        return be_the_middle(GameRequest(environment, terminal, server, os.getpid(), handed), (reader, writer, handing))
    for fd in (writer, handed, handing):
        os.close(fd)
    try:
        said = b""
        while chunk := os.read(reader, 32):  # until the game and the middle have both closed it
            said += chunk
    finally:
        os.close(reader)
        os.waitpid(middle, 0)  # once it has gone, the game is the server's child
    if not said:
        raise OSError("the game was not forked")
    return int(said)


def be_the_middle(request: GameRequest, pipes: tuple[int, int, int]) -> GameRequest:
    """The middle process forks the game and exits; in the game, this returns its request."""
    reader, writer, handing = pipes
    try:
        if os.fork() != 0:
            os._exit(0)
        # The game. Its own session first: the server may signal its group as soon as it has the pid.
        os.setsid()
        for fd in (handing, reader):
            os.close(fd)
        os.write(writer, str(os.getpid()).encode())
        os.close(writer)
    except BaseException:  # never back into the template's loop, from the middle or the game
        os._exit(1)
    return request


def answer(control: socket.socket, reply: dict[str, Any]) -> None:
    control.send(json.dumps(reply).encode())


def serve(control: socket.socket, server: int, play: ProfiledPlay | None) -> GameRequest | None:
    """Fork a game for each request until the server closes the socket (None); in a forked
    game, its request. Meanwhile ``play`` reports the code a game runs, which is then
    moved together (hot_code.py): the games forked after that copy fewer pages."""
    while True:
        waiting: list[Any] = [control] if play is None else [control, play]
        readable = select.select(waiting, [], [], None if play is None else play.time_left())[0]
        if play is not None and (play in readable or not play.time_left()):
            play = learn_from(play, control)
        if control in readable:
            taken = take_request(control, server)
            if isinstance(taken, GameRequest):
                return taken  # in the game: the play is the template's, not to be touched
            if not taken:
                if play is not None:
                    play.end()
                return None


def learn_from(play: ProfiledPlay, control: socket.socket) -> ProfiledPlay | None:
    """Read the play's report; once it is whole, move the code it names together and tell
    the server how many code objects were moved. None once the play is over."""
    from .hot_code import move_together  # imported with ProfiledPlay (learn_a_games_code)

    ran = play.read()
    if ran is None:
        return play
    moved: list[object] = []
    if ran:  # none when the play failed or overran: nothing to move
        gc.unfreeze()  # the collector's lists are where move_together finds the functions
        moved += move_together(ran)
        MOVED_FROM.extend(moved)
        gc.freeze()  # again, and the copies' tuples of constants with the rest
    control.send(MOVED + str(len(moved)).encode())
    return None


def take_request(control: socket.socket, server: int) -> GameRequest | bool:
    """Fork the game the server asks for: False when the server has closed the socket,
    True once the game is forked (or refused), and in the forked game its request."""
    message, fds, _, _ = socket.recv_fds(control, REQUEST_MOST, 1)
    if not message:
        return False
    if len(fds) != 1:
        for fd in fds:
            os.close(fd)
        answer(control, {"error": "no terminal"})
        return True
    try:
        forked = fork_game(json.loads(message), fds[0], server)
    except Exception as error:  # this game starts the slow way; the next is asked again
        answer(control, {"error": repr(error)})
        os.close(fds[0])
        return True
    if isinstance(forked, GameRequest):
        control.close()
        return forked
    os.close(fds[0])
    answer(control, {"pid": forked})
    return True


def main() -> int:
    control = socket.socket(fileno=int(sys.argv[1]))
    server = os.getppid()
    # Ctrl+C on the server's terminal is the server's to act on: it stops us by closing the socket.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    offer_pages_to_merge()
    # No collection until the fork: one would leave holes in the template's memory that each
    # game's first allocations fill, copying the pages around them (the gc module's advice).
    gc.disable()
    preload(os.environ.get(SOLVER) == "compiled")
    rehearse()
    if threading.active_count() != 1:  # forking copies one thread only: a lock another held stays held
        print("sudoku-tui game template: a thread runs after the imports; not forking", file=sys.stderr)
        return 1
    gc.freeze()
    control.send(READY)
    request = serve(control, server, learn_a_games_code())
    if request is None:
        return 0
    request.become_game()
    return request.play()


if __name__ == "__main__":
    sys.exit(main())
