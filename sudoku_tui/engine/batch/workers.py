"""How many processes the command line's ``--jobs`` may start, and their pool.

Every ``--jobs`` goes through :func:`worker_count`, so no command forks a
thousand processes for three pieces of work, and every process pool through
:func:`worker_pool`, whose workers leave Ctrl-C to the parent: the parent
stops, and the pool's end takes its workers down with it, without a
traceback from each.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from multiprocessing.pool import Pool


def usable_cores() -> int:
    """The cores this process may run on (its affinity, where the system says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def worker_count(jobs: int, work: int) -> int:
    """Processes for ``work`` pieces when ``jobs`` were asked for: never more
    than the pieces or the usable cores, never fewer than one."""
    return max(1, min(jobs, work, usable_cores()))


def _leave_interrupts_to_the_parent() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_pool(processes: int) -> Pool:
    """A process pool whose workers ignore Ctrl-C; leaving its ``with`` block
    (at the end, or on Ctrl-C in the parent) terminates them at once."""
    return multiprocessing.get_context().Pool(processes, initializer=_leave_interrupts_to_the_parent)
