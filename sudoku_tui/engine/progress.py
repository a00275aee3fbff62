"""Plain callbacks for long work: progress reports and cancellation.

The engine never knows who is listening: the command line draws a bar, the
game moves a progress widget, tests record calls.
"""

from __future__ import annotations

from collections.abc import Callable

# Called with (done, total); total may be 0 when it is not known.
ProgressCallback = Callable[[int, int], None]
# Polled during long work; returns True when the work is to stop (the work
# then raises Cancelled).
StopCheck = Callable[[], bool]


class Cancelled(Exception):
    """Long work stopped because its caller asked it to."""
