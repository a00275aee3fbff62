"""Long work (a solve, a hint's search, a puzzle being made, a file being read) on a
thread of its own, so that the line never hangs: the player is told "Working…"
only when it takes a while, and Ctrl+C stops it (the engine polls the stop check)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from ..engine.progress import Cancelled
from ..game import texts

T = TypeVar("T")
StopCheck = Callable[[], bool]
Say = Callable[[str], None]

WORKING_AFTER = 0.6  # seconds of work after which the player is told to wait
STOP_GRACE = 10.0  # seconds a stopped job has to notice; after that it is left to finish alone


class Stopped(Exception):
    """The player stopped the work (Ctrl+C), or the engine gave up on it."""


class _Outcome(Generic[T]):
    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None


class Jobs:
    """Runs one job at a time for the command loop, which waits for its answer."""

    def __init__(self, say: Say, working_after: float = WORKING_AFTER) -> None:
        self.say = say
        self.working_after = working_after

    def run(self, work: Callable[[StopCheck], T]) -> T:
        """``work``'s answer; raises :class:`Stopped` when Ctrl+C stopped it (or it was
        cancelled), and whatever else ``work`` raised."""
        stop, done = threading.Event(), threading.Event()
        outcome: _Outcome[T] = _Outcome()

        def target() -> None:
            try:
                outcome.value = work(stop.is_set)
            except BaseException as error:  # handed to the loop, which says it as a sentence
                outcome.error = error
            finally:
                done.set()

        # Waited for on an event, not by joining: a join that Ctrl+C interrupts can take the
        # thread for ended while it still runs.
        threading.Thread(target=target, name="plain-job", daemon=True).start()
        try:
            if not done.wait(self.working_after):
                self.say(texts.PLAIN_WORKING)
                while not done.wait(0.1):
                    pass
        except KeyboardInterrupt:
            stop.set()
            done.wait(STOP_GRACE)
            raise Stopped from None
        if isinstance(outcome.error, Cancelled):
            raise Stopped
        if outcome.error is not None:
            raise outcome.error
        return outcome.value  # type: ignore[return-value]  # set: the thread ended without an error
