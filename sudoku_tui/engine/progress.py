"""Plain callbacks for long work: progress reports and cancellation.

The engine never knows who is listening: the command line draws a bar, the
game moves a progress widget, tests record calls.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

# Called with (done, total); total may be 0 when it is not known.
ProgressCallback = Callable[[int, int], None]


class Cancelled(Exception):
    """Long work stopped because its caller asked it to."""


class CancelToken:
    """A flag one thread sets and the working thread polls."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` once cancel() has been called."""
        if self._event.is_set():
            raise Cancelled()
