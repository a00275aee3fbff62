"""Whether the compiled search can run here: Numba and numpy load.

Kept apart from the kernels so that asking loads nothing until asked, and
so that this folder stays the only one that imports numpy or Numba. What
must follow Numba's import (listening for its compiles) waits here for it,
so that a command that never needs Numba never pays for its import.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

_lock = threading.Lock()
_importable: bool | None = None  # not asked yet
_waiting: list[Callable[[], None]] = []


def numba_importable() -> bool:
    """True when Numba and numpy import (tried once a process)."""
    global _importable
    with _lock:
        if _importable is not None:
            return _importable
        importable = _importable = _imports()
        hooks = _waiting[:] if importable else []
        _waiting.clear()
    for hook in hooks:
        hook()
    return importable


def _imports() -> bool:
    # Imported, not merely looked up: a Numba that fails to load (say, against
    # a numpy it does not support) leaves the pure-Python search in charge.
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except Exception:  # an ImportError, or whatever a broken install raises
        return False
    return True


def when_numba_loads(hook: Callable[[], None]) -> Callable[[], None]:
    """Call ``hook()`` once Numba has loaded in this process: now if it has,
    else as it does (never where it cannot). Returns what cancels a call
    still to come."""
    with _lock:
        if _importable is None:
            _waiting.append(hook)
            return lambda: _cancel(hook)
        loaded = _importable
    if loaded:
        hook()
    return lambda: None


def _cancel(hook: Callable[[], None]) -> None:
    with _lock:
        if hook in _waiting:
            _waiting.remove(hook)
