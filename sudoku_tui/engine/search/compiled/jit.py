"""Numba's ``njit`` when it is installed, a no-op decorator otherwise.

The search kernel is written in the subset of Python that Numba compiles.
Without Numba the engine does not use it at all (backend.py picks the
pure-Python search, pure.py); the no-op decorator only keeps the kernel's
modules importable where numpy is installed without Numba, and with
``SUDOKU_TUI_NO_JIT=1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from .. import backend

F = TypeVar("F", bound=Callable[..., Any])

# Decided once, as the kernel's modules are imported.
JIT_ENABLED = backend.jit_enabled()
if JIT_ENABLED:
    from numba import njit as _numba_njit


def njit(function: F) -> F:
    """Compile ``function`` with Numba (cached on disk) when available."""
    if JIT_ENABLED:
        return cast(F, _numba_njit(cache=True, nogil=True)(function))
    return function


def njit_inline(function: F) -> F:
    """``njit`` for a small helper of a hot loop, which Numba copies into
    each caller: a compiled call passes every array as seven words and
    checks for an exception on return, more than a helper's own work."""
    if JIT_ENABLED:
        return cast(F, _numba_njit(cache=True, nogil=True, inline="always")(function))
    return function
