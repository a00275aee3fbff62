"""Playing time: a clock that counts only while the game is played."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

# What the clock reads: seconds from any fixed point. Tests and snapshots
# pass a clock of their own so no second passes while they run.
TimeSource = Callable[[], float]


@dataclass
class Clock:
    """Elapsed playing time; paused time does not count."""

    elapsed_before: float = 0.0
    started_at: float | None = None
    now: TimeSource = field(default=time.monotonic, repr=False)

    @property
    def running(self) -> bool:
        return self.started_at is not None

    def start(self) -> None:
        if self.started_at is None:
            self.started_at = self.now()

    def pause(self) -> None:
        if self.started_at is not None:
            self.elapsed_before += self.now() - self.started_at
            self.started_at = None

    def elapsed(self) -> float:
        running = self.now() - self.started_at if self.started_at is not None else 0.0
        return self.elapsed_before + running


def format_elapsed(seconds: float) -> str:
    """``4:05`` or ``1:02:03``."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
