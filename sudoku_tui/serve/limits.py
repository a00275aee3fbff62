"""The server's limits: how often one address may connect, and what a session may
ask for or leave waiting (its window's size, its terminal's name, the bytes held
between the client and the game)."""

from __future__ import annotations

import time
from collections import deque

from ..game.clock import TimeSource

WINDOW = 60.0  # seconds

# The largest window a game is given: more than any real screen shows, and a game
# that draws all of it still fits its memory cap (SSH sizes go to 2**32-1; a pty's to 65535).
MOST_COLUMNS = 1000
MOST_ROWS = 1000
DEFAULT_SIZE = (80, 24)  # a size of 0 (the client does not say)
DEFAULT_TERM = "xterm-256color"
LONGEST_TERM = 64  # terminfo names are short; a longer one is not a terminal's

HELD_INPUT = 1024 * 1024  # bytes typed that the game has not read yet, at most, a session
HELD_OUTPUT = 1024 * 1024  # bytes the game drew that the client has not taken yet, at most, a connection

# Link commands (make a code or use one) of one key: enough to link a few keys, too few to guess codes.
LINKS_AT_MOST = 5
LINK_WINDOW = 600.0  # seconds


def terminal_size(columns: int, rows: int) -> tuple[int, int]:
    """A client's window as its game's terminal: at most MOST_COLUMNS x MOST_ROWS, 0 meaning the default."""
    return (min(columns, MOST_COLUMNS) or DEFAULT_SIZE[0], min(rows, MOST_ROWS) or DEFAULT_SIZE[1])


def terminal_type(name: str | None) -> str:
    """A client's terminal type as the game's TERM: a plain name (printable ASCII, no space),
    or the default in its place (a NUL or another control byte would not even start the game)."""
    if name and len(name) <= LONGEST_TERM and all("!" <= char <= "~" for char in name):
        return name
    return DEFAULT_TERM


class RateLimit:
    """At most ``per_minute`` new connections from one address in any minute (or, with
    ``window``, at most that many of anything one address or key asks for in any ``window`` seconds)."""

    def __init__(self, per_minute: int, clock: TimeSource = time.monotonic, *, window: float = WINDOW) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.window = window
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        now = self.clock()
        times = self._seen.setdefault(address, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        self._forget_quiet(now)
        return True

    def _forget_quiet(self, now: float) -> None:
        """Drop addresses not seen for a window, so the table stays as small as the traffic."""
        if len(self._seen) < 1024:
            return
        for address in [a for a, times in self._seen.items() if not times or now - times[-1] >= self.window]:
            del self._seen[address]
