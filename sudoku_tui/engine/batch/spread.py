"""Running one piece of work over many tasks, in order: here, over local
processes, or over a Dask cluster, with the same results either way.

Every batch command (solve, grade, canon, dedupe, minimal, generate, and
export's booklet) cuts its file into chunks, and a module-level function
turns one chunk into its results, so the chunk and the function pickle and
travel to a process or a Dask worker. Results always come back in the
order of the tasks.

A Dask run keeps only a window of chunks in flight, so a collection of any
size streams through the cluster without the whole of it living in the
scheduler at once. The workers must have sudoku-tui installed (the same
version), since they import the work function by name.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .workers import worker_count, worker_pool

Task = TypeVar("Task")
Result = TypeVar("Result")

# Chunks in flight per Dask worker thread: enough to keep every worker busy
# while results are collected in order, few enough to bound memory.
_WINDOW_PER_THREAD = 4


class DaskUnavailable(Exception):
    """``--dask`` cannot be used: the libraries are missing (``missing`` names the module,
    for the command line to say how to install it) or the scheduler is not reachable."""

    def __init__(self, message: str, missing: str | None = None) -> None:
        super().__init__(message)
        self.missing = missing


def spread(
    work: Callable[[Task], Result],
    tasks: Iterable[Task],
    jobs: int = 1,
    dask: str | None = None,
    pieces: int | None = None,
) -> Iterator[Result]:
    """``work(task)`` for every task, yielded in task order.

    ``dask`` (a scheduler address such as ``tcp://host:8786``) wins over
    ``jobs``; ``jobs > 1`` uses local processes, no more than the ``pieces``
    of work (the number of tasks, when known) or the usable cores; otherwise
    the work runs here, one task after another.
    """
    processes = worker_count(jobs, pieces if pieces is not None else jobs)
    if dask is not None:
        yield from _over_dask(work, tasks, dask)
    elif processes > 1:
        # Leaving the block (at the end, or on Ctrl-C) ends the workers at once.
        with worker_pool(processes) as pool:
            yield from pool.imap(work, tasks)
    else:
        for task in tasks:
            yield work(task)


def connect(address: str) -> Any:
    """A Dask client for ``address``; :class:`DaskUnavailable` with a sentence when there is none."""
    try:
        from distributed import Client  # the authors extra
    except ImportError:
        raise DaskUnavailable("--dask needs the authors extra: distributed is missing.", "distributed") from None
    try:
        # distributed has no type hints for Client's constructor.
        return Client(address, timeout=10, set_as_default=False)  # type: ignore[no-untyped-call, unused-ignore]
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise DaskUnavailable(f"Cannot reach the Dask scheduler at {address}: {error}") from None


def _over_dask(work: Callable[[Task], Result], tasks: Iterable[Task], address: str) -> Iterator[Result]:
    client = connect(address)
    try:
        threads = sum(client.nthreads().values()) or 1
        window: deque[Any] = deque()
        for task in tasks:
            # pure=False: equal chunks (two runs of empty lines) are still separate tasks.
            window.append(client.submit(work, task, pure=False))
            if len(window) >= threads * _WINDOW_PER_THREAD:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()
    finally:
        client.close()


def chunks(items: list[Task], size: int) -> Iterator[list[Task]]:
    """``items`` cut into lists of ``size`` (the last may be shorter)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
