"""How a served game ended, from its exit status: a quit, or a stop its player must be told of.

A game that quits (the player's ``q``, a hang-up, the server stopping) exits 0
or 128 + the signal it caught, and has given the terminal back itself. Any
other status is a game that stopped unexpectedly (a crash, ``kill -9``, the
memory cap): it could not give the terminal back, so the server does, tells
the player their moves are saved (the game saves after every move), and logs
why.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass

from ..game import texts

# What Textual writes as it ends: the alternate screen left, the cursor shown, and
# the key-protocol, mouse, paste and focus reports it turned on turned off.
TERMINAL_BACK = "\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?1004l"

QUITS = frozenset({0, 128 + signal.SIGHUP, 128 + signal.SIGTERM})


@dataclass(frozen=True)
class GameStop:
    """An unexpected end: ``reason`` for the server's log, ``goodbye`` for the player's terminal."""

    reason: str
    goodbye: str


def unexpected_end(status: int) -> GameStop | None:
    """None for a game that quit; else why it stopped (asyncio gives -N for a kill by signal N)."""
    if status in QUITS:
        return None
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = "an unknown signal"
        reason = f"ended: killed by signal {-status} ({name})"
    else:
        reason = f"ended: exit status {status}"
    return GameStop(reason, TERMINAL_BACK + "\r\n" + texts.GAME_STOPPED)
