"""Compiling the search before anybody waits for it.

On a new install Numba compiles the search's functions on their first use
(some ten seconds) and keeps them in its disk cache for every later run.
:func:`warm_up` runs each compiled function once on small boards, with the
argument types real work passes, so that the game can pay the compile in
the background as it starts (:func:`warm_up_in_background`), and
:func:`announce_compiles` lets the command line say so once when a compile,
and not a load from the cache, is about to happen.

All of it does nothing where the search is not compiled (Numba missing, or
``SUDOKU_TUI_NO_JIT=1``).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from contextlib import suppress

from . import backend

# A 9x9 puzzle with two solutions: solving it runs the search in cell order,
# the fewest-candidates search and the narrowing to the first solution.
_TWO_SOLUTIONS = "..3456789456789123789123456..4365897365897214897214365531642978642978531978531642"


def is_compiled() -> bool:
    """Whether the engine's search is compiled by Numba in this process."""
    return backend.compiled()


def warm_up() -> None:
    """Call every compiled function once: compiled (or loaded from the
    cache) now, they cost nothing on first real use. Nothing to do (and
    no numpy to import) where the search is not compiled."""
    if not is_compiled():
        return
    from .batch import solve_lines
    from .generator import generate
    from .geometry import square
    from .kernel_search import KernelSearch
    from .levels import Level
    from .puzzle import Puzzle
    from .solver import count_solutions, solve

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
    generate(square(2), Level.EASY, rng=random.Random(0))


def _warm_quietly() -> None:
    # Only a head start: whatever fails here, the first real use compiles anyway.
    with suppress(Exception):
        warm_up()


def warm_up_in_background() -> threading.Thread | None:
    """Start :func:`warm_up` on a daemon thread (so quitting never waits
    for it); None where there is nothing to compile."""
    if not is_compiled():
        return None
    thread = threading.Thread(target=_warm_quietly, name="sudoku-tui warm-up", daemon=True)
    thread.start()
    return thread


def announce_compiles(say: Callable[[], None]) -> Callable[[], None]:
    """Call ``say()`` once, in this process, just before the first function
    is compiled (a load from Numba's disk cache is no compile). Returns the
    function that stops listening."""
    if not is_compiled():
        return lambda: None
    import os

    from numba.core import event

    process = os.getpid()

    class FirstCompile(event.Listener):
        said = False

        def on_start(self, _event: event.Event) -> None:
            # A forked worker inherits the listener: only this process speaks.
            if not self.said and os.getpid() == process:
                self.said = True
                say()

        def on_end(self, _event: event.Event) -> None:
            pass

    listener = FirstCompile()
    event.register("numba:compile", listener)  # type: ignore[no-untyped-call]
    return lambda: event.unregister("numba:compile", listener)  # type: ignore[no-untyped-call]
