"""Taking turns at making puzzles: a cap on how many are made at once across processes.

Making a hard puzzle keeps a core busy for seconds or minutes. On a server,
every player's game is its own process, so the cap is kept in a folder that
they all share: ``count`` lock files, one held (``flock``) by each puzzle
being made. A process that dies lets go of its lock with it, so a crash
never keeps a turn.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from ..engine.progress import Cancelled

WAIT_STEP = 0.2  # seconds between looks for a free turn


class MakingTurns:
    """At most ``count`` puzzles made at once by all processes given the same ``folder``."""

    def __init__(self, folder: Path, count: int) -> None:
        if count < 1:
            raise ValueError("at least one puzzle must be allowed to be made at once")
        self.folder = folder
        self.count = count

    @contextmanager
    def turn(self, should_stop: Callable[[], bool], waiting: Callable[[], None] = lambda: None) -> Iterator[None]:
        """Hold a turn while the body runs; wait for one first (``waiting`` is told once).
        Raises ``Cancelled`` when ``should_stop`` says so while waiting."""
        told = False
        while True:
            held = self._take()
            if held is not None:
                break
            if should_stop():
                raise Cancelled()
            if not told:
                waiting()
                told = True
            time.sleep(WAIT_STEP)
        try:
            yield
        finally:
            with suppress(OSError):
                os.close(held)  # closing the file lets go of its lock

    def _take(self) -> int | None:
        """A free turn's open lock file, or None when every turn is taken."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # the server's user alone
        for number in range(self.count):
            handle = os.open(self.folder / f"turn-{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(handle)
                continue
            return handle
        return None

    def busy(self) -> int:
        """How many turns are held right now (for tests and the server's log)."""
        taken = 0
        for number in range(self.count):
            try:
                handle = os.open(self.folder / f"turn-{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                continue
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                taken += 1
            finally:
                os.close(handle)
        return taken
