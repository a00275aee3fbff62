"""The server's limits on new connections: how often one address may connect."""

from __future__ import annotations

import time
from collections import deque

from ..game.clock import TimeSource

WINDOW = 60.0  # seconds


class RateLimit:
    """At most ``per_minute`` new connections from one address in any minute."""

    def __init__(self, per_minute: int, clock: TimeSource = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        now = self.clock()
        times = self._seen.setdefault(address, deque())
        while times and now - times[0] >= WINDOW:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        self._forget_quiet(now)
        return True

    def _forget_quiet(self, now: float) -> None:
        """Drop addresses not seen for a minute, so the table stays as small as the traffic."""
        if len(self._seen) < 1024:
            return
        for address in [a for a, times in self._seen.items() if not times or now - times[-1] >= WINDOW]:
            del self._seen[address]
