"""The compiled search's first compile, seen from the command line: said once
on stderr (a new install waits for it), ended at once by Ctrl-C, and done
before a process pool so that the workers do not each compile it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from contextlib import suppress

from ..game.texts import INTERRUPTED, PREPARING


def prepare_solver(jobs: int) -> Callable[[], None]:
    """Say once on stderr when the search is about to be compiled, and let
    Ctrl-C during a compile end the command at once; with ``jobs`` above 1,
    compile it here. Returns the function that stops listening for compiles."""
    # The search's modules load only for the commands that search; --help stays fast.
    from ..engine.warm import announce_compiles, interrupt_inside_numba, warm_up

    stop_announcing = announce_compiles(lambda: print(PREPARING, file=sys.stderr, flush=True))
    stop_interrupting = interrupt_inside_numba(interrupted_while_compiling)

    def stop() -> None:
        stop_interrupting()
        stop_announcing()

    if jobs > 1:
        try:
            warm_up()
        except BaseException:  # Ctrl-C: listen no longer, then stop as usual
            stop()
            raise
    return stop


def interrupted_while_compiling() -> None:
    # Ctrl-C in the middle of Numba's compiler: end here, as main() would have.
    with suppress(OSError, ValueError):
        sys.stdout.flush()  # the lines already made are kept
    with suppress(OSError, ValueError):
        print(INTERRUPTED, file=sys.stderr, flush=True)
    os._exit(130)
