"""Compiling the search before anybody waits for it.

On a new install Numba compiles the search's functions on their first use
(some ten seconds) and keeps them in its disk cache for every later run.
:func:`warm_up` runs each compiled function once on small boards, with the
argument types real work passes, so that the game can pay the compile in
the background as it starts (:func:`warm_up_in_background`),
:func:`announce_compiles` lets the command line say so once when a compile,
and not a load from the cache, is about to happen, and
:func:`interrupt_inside_numba` keeps Ctrl-C from breaking a compile.

All of it does nothing where the search is not compiled (Numba missing, or
``SUDOKU_TUI_NO_JIT=1``).
"""

from __future__ import annotations

import os
import random
import signal
import threading
from collections.abc import Callable
from contextlib import suppress
from types import FrameType

from .batch.solving import solve_lines
from .board.geometry import square
from .board.levels import Level
from .board.puzzle import Puzzle
from .search import backend
from .search.compiled.probe import when_numba_loads
from .search.solver import count_solutions, solve

# A 9x9 puzzle with two solutions: solving it runs the search in cell order,
# the fewest-candidates search and the narrowing to the first solution.
_TWO_SOLUTIONS = "..3456789456789123789123456..4365897365897214897214365531642978642978531978531642"


def warm_up() -> None:
    """Call every compiled function once: compiled (or loaded from the
    cache) now, they cost nothing on first real use. Nothing to do (and
    no numpy to import) where the search is not compiled."""
    if not backend.compiled():
        return
    # numpy and Numba load only where the search is compiled.
    from .search.compiled.kernel_search import KernelSearch

    nine = square(3)
    puzzle = Puzzle.from_line(nine, _TWO_SOLUTIONS)
    solve(puzzle)
    count_solutions(puzzle, 3)
    # Placing and excluding one value at a time, as solve() narrows a puzzle
    # with several solutions down to its first (rarely reached by a small one).
    search = KernelSearch(nine)
    state = search.start(puzzle.givens)
    if state is not None:
        search.assign(state, 0, 1)
        search.exclude(state, 0, 1)
    for count in (False, True):
        list(solve_lines(nine, [_TWO_SOLUTIONS, "." * 81], count=count))
    # The generator (and the logic it grades with) loads only where there is a kernel to warm.
    from .making.generator import generate

    generate(square(2), Level.EASY, rng=random.Random(0))


def _warm_quietly() -> None:
    # Only a head start: whatever fails here, the first real use compiles anyway.
    with suppress(Exception):
        warm_up()


def warm_up_in_background() -> threading.Thread | None:
    """Start :func:`warm_up` on a daemon thread (so quitting never waits
    for it), other threads searching without the kernel until it ends; None
    where there is nothing to compile."""
    if not backend.compiled():
        return None
    thread = threading.Thread(target=_warm_quietly, name="sudoku-tui warm-up", daemon=True)
    backend.compiling_on(thread)  # meanwhile a Solve or hint searches in pure Python
    thread.start()
    return thread


def announce_compiles(say: Callable[[], None]) -> Callable[[], None]:
    """Call ``say()`` once, in this process, just before the first function
    is compiled (a load from Numba's disk cache is no compile). Listening
    starts only once Numba loads: a run that never needs it (the 9x9
    counter's machine code, machine_code.py) never imports it. Returns the
    function that stops listening."""
    if not backend.jit_wanted():
        return lambda: None
    stops: list[Callable[[], None]] = []

    def listen() -> None:
        # Numba is loaded by now.
        from .search.compiled.compile_events import on_first_compile

        stops.append(on_first_compile(say))

    cancel = when_numba_loads(listen)

    def stop() -> None:
        cancel()
        for stop_listening in stops:
            stop_listening()

    return stop


def interrupt_inside_numba(stop_now: Callable[[], None]) -> Callable[[], None]:
    """Make a Ctrl-C that comes while Numba compiles or loads the search from
    its cache call ``stop_now()`` (which ends the process) instead of raising
    KeyboardInterrupt there; elsewhere (the compiled search polls between
    pieces of work) Ctrl-C is unchanged.

    Raised inside Numba, the KeyboardInterrupt was swallowed by an LLVM
    callback (the command went on counting, the press lost) or left a
    half-built function behind (a RuntimeError traceback); waiting for the
    compile to end could take a minute on a busy machine. Numba writes its
    cache files whole (a new file, then a rename), so ending at once loses
    nothing. Returns the function that puts Ctrl-C back as it was."""
    # Numba need not be loaded yet: without it no frame is Numba's, and Ctrl-C is as before.
    if not backend.jit_wanted() or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return lambda: None  # nothing compiles, or Ctrl-C is ignored or someone else's
    if threading.current_thread() is not threading.main_thread():
        return lambda: None  # only the main thread hears signals
    process = os.getpid()

    def on_interrupt(signum: int, frame: FrameType | None) -> None:
        if os.getpid() == process and _inside_numba(frame):
            stop_now()
        else:
            signal.default_int_handler(signum, frame)

    signal.signal(signal.SIGINT, on_interrupt)

    def stop() -> None:
        if signal.getsignal(signal.SIGINT) is on_interrupt:
            signal.signal(signal.SIGINT, signal.default_int_handler)

    return stop


def _inside_numba(frame: FrameType | None) -> bool:
    """Whether Numba's or llvmlite's Python code is on the stack (compiling,
    loading from the cache, or in a callback from LLVM): running, the
    compiled search has no Python frame of its own."""
    while frame is not None:
        if str(frame.f_globals.get("__name__", "")).startswith(("numba.", "llvmlite.")):
            return True
        frame = frame.f_back
    return False
