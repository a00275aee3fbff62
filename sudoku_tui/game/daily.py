"""The daily puzzle: the same puzzle on every machine for a date (UTC), a level and a size.

The generator runs from a ``random.Random`` seeded with a number derived
from the three by SHA-256 (Python's ``hash()`` of a string changes from run
to run). The generator guarantees one solution and the level asked for;
the givens keep the 180-degree symmetry of a printed puzzle.
"""

from __future__ import annotations

import hashlib
import random
import time
from datetime import date

from ..engine.board.geometry import Shape
from ..engine.board.levels import Level, Symmetry
from ..engine.board.shapes import shape_for_size
from ..engine.making.generator import Generated, generate
from ..engine.progress import StopCheck
from .store.records import utc_date

DAILY_SIZES = ("9", "16", "samurai")
SYMMETRY = Symmetry.ROTATIONAL


def size_word(shape: Shape) -> str:
    """The size as the daily puzzle names it: ``9``, ``16``, ``samurai``."""
    return shape.name if shape.is_samurai or shape.variant else str(shape.n)


def daily_seed(day: date, level: str, size: str) -> int:
    """The seed of the daily puzzle: the first 8 bytes of SHA-256 of ``2026-11-23|medium|9``."""
    text = f"{day.isoformat()}|{level}|{size}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def today(now: float | None = None) -> date:
    """Today's date in UTC: the daily puzzle changes at midnight UTC everywhere."""
    return utc_date(time.time() if now is None else now)


def daily_rng(day: date, level: str, shape: Shape) -> random.Random:
    """The randomness of the daily puzzle of ``day`` at ``level`` on ``shape``;
    ValueError for a level or board that has no daily puzzle."""
    level = Level.parse(level).key
    word = size_word(shape)
    if word not in DAILY_SIZES:
        raise ValueError(f"no daily puzzle of size {shape.name}; choose one of {', '.join(DAILY_SIZES)}")
    return random.Random(daily_seed(day, level, word))


def daily_puzzle(
    day: date | str, level: str = "medium", size: str = "9", should_stop: StopCheck | None = None
) -> tuple[str, Generated]:
    """The daily puzzle's line and the generator's answer for ``day`` (a date or ``YYYY-MM-DD``).

    ``size`` is 9, 16 or samurai (``9x9`` and ``16x16`` read the same);
    ValueError for an unknown date, level or size.
    """
    if isinstance(day, str):
        day = date.fromisoformat(day)
    shape = shape_for_size(size)
    rng = daily_rng(day, level, shape)
    made = generate(shape, Level.parse(level), SYMMETRY, rng, should_stop=should_stop)
    return made.puzzle.to_line(), made
