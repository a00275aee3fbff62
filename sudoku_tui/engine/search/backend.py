"""Which search runs: the compiled kernel (the ``fast`` extra) or the pure-Python one.

The base install has neither Numba nor numpy and searches with pure.py;
with the ``fast`` extra installed the compiled kernel (kernel.py) takes over,
chosen at run time, with the same answers. ``SUDOKU_TUI_NO_JIT=1`` picks the
pure-Python search even when Numba is there (tests run both this way; being
an environment variable, the choice reaches worker processes too). While
the game compiles the kernel in the background (warm.py), its other threads
search in pure Python rather than wait for the compiler.
"""

from __future__ import annotations

import os
import threading

from .compiled.probe import numba_importable

NO_JIT = "SUDOKU_TUI_NO_JIT"


# The thread compiling the kernel as the game starts, if any.
_compiling: threading.Thread | None = None


def compiling_on(thread: threading.Thread | None) -> None:
    """Name the thread that compiles the kernel: until it ends, every other
    thread gets the pure-Python search (same answers, no wait)."""
    global _compiling
    _compiling = thread


def jit_wanted() -> bool:
    """Whether the compiled search is wanted here (``SUDOKU_TUI_NO_JIT`` is
    not set), without loading Numba to learn whether it is there."""
    return not os.environ.get(NO_JIT)


def jit_enabled() -> bool:
    """Whether this process compiles the search at all: Numba loads and
    ``SUDOKU_TUI_NO_JIT`` is not set (compiled() adds the thread's turn)."""
    return jit_wanted() and numba_importable()


def compiled() -> bool:
    """True when the compiled kernel is to be used (by this thread, now)."""
    if not jit_enabled():
        return False
    compiling = _compiling
    return compiling is None or compiling is threading.current_thread() or not compiling.is_alive()
