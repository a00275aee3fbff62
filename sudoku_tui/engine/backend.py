"""Which search runs: the compiled kernel (the ``fast`` extra) or the pure-Python one.

The base install has neither Numba nor numpy and searches with pysearch.py;
with the ``fast`` extra installed the compiled kernel (kernel.py) takes over,
chosen at run time, with the same answers. ``SUDOKU_TUI_NO_JIT=1`` picks the
pure-Python search even when Numba is there (tests run both this way; being
an environment variable, the choice reaches worker processes too).
"""

from __future__ import annotations

import os
from functools import cache

NO_JIT = "SUDOKU_TUI_NO_JIT"


@cache
def numba_importable() -> bool:
    # Imported, not merely looked up: a Numba that fails to load (say, against
    # a numpy it does not support) leaves the pure-Python search in charge.
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except Exception:  # an ImportError, or whatever a broken install raises
        return False
    return True


def compiled() -> bool:
    """True when the compiled kernel is to be used."""
    return not os.environ.get(NO_JIT) and numba_importable()
