"""Whether the compiled search can run here: Numba and numpy load.

Kept apart from the kernels so that asking loads nothing until asked, and
so that this folder stays the only one that imports numpy or Numba.
"""

from __future__ import annotations

from functools import cache


@cache
def numba_importable() -> bool:
    """True when Numba and numpy import (once a process)."""
    # Imported, not merely looked up: a Numba that fails to load (say, against
    # a numpy it does not support) leaves the pure-Python search in charge.
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except Exception:  # an ImportError, or whatever a broken install raises
        return False
    return True
