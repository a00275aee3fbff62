"""New puzzle: what the player can ask for, and making it.

The screen asks for a :class:`NewPuzzleChoice` and runs :func:`make_puzzle`
in a worker. The generator is reached through the module attribute
:data:`GENERATE`, so tests can put a fast or a deliberately slow one in its
place.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from ..engine.batch.generating import order_of
from ..engine.board.levels import Level, Symmetry
from ..engine.board.shapes import shape_for_size
from ..engine.board.variants import VARIANTS
from ..engine.logic.step import TechniqueName
from ..engine.making.generator import Generated, generate, reachable_levels
from ..engine.making.practice import practised
from ..engine.progress import ProgressCallback
from .daily import DAILY_SIZES, daily_rng, size_word
from .daily import SYMMETRY as DAILY_SYMMETRY
from .making_turns import MakingTurns

# (shape name for shape_for_size, label on screen)
SIZES = (
    ("4x4", "4x4"),
    ("9x9", "9x9"),
    ("16x16", "16x16"),
    ("samurai", "Samurai"),
    *((variant.name, variant.title) for variant in VARIANTS),
)
# Practice puzzles are 9x9: the techniques are HoDoKu's, sized for that board.
PRACTICE_SIZE = "9x9"
# Boards whose hard levels take long enough to say so.
SLOW_BOARDS = frozenset({"16x16", "samurai"})

# The generator the game calls; tests replace it.
GENERATE: Callable[..., Generated] = generate

# What progress reports (as the attempt count) while the game waits for its turn.
WAITING_FOR_TURN = -1

# A served game takes turns with the server's other games (None: make at once).
TURNS: MakingTurns | None = None


def take_turns(turns: MakingTurns | None) -> None:
    """From now on this process makes puzzles only in its turn (a served game)."""
    global TURNS
    TURNS = turns


@dataclass(frozen=True)
class NewPuzzleChoice:
    """What the player asked for."""

    size: str = "9x9"
    level: Level = Level.EASY
    symmetry: Symmetry = Symmetry.NONE
    day: date | None = None  # the daily puzzle of this date (UTC), when it is one
    technique: TechniqueName | None = None  # a puzzle to practise it (9x9; level and symmetry not used)
    entering: bool = False  # Enter a Puzzle: an empty board of this size to type a puzzle in (no making)

    @property
    def size_label(self) -> str:
        return dict(SIZES)[self.size]

    def describe(self) -> str:
        """``hard 9x9`` (``daily medium 9x9``, ``9x9 X-Wing practice``), as the status line and the Header say it."""
        if self.technique is not None:
            return f"{self.size_label} {self.technique.value} practice"
        daily = "daily " if self.day is not None else ""
        return f"{daily}{self.level.key} {self.size_label}"


def levels_for(size: str) -> tuple[Level, ...]:
    """The levels a board of this size can be made at (the engine's answer)."""
    return reachable_levels(shape_for_size(size))


def size_note(size: str) -> str:
    """What the dialog tells about a board before it is made."""
    levels = levels_for(size)
    if levels[-1] != Level.EXTREME:
        return f"A {dict(SIZES)[size]} board is never harder than {levels[-1].key}."
    if size in SLOW_BOARDS:
        return "A 16x16 or Samurai puzzle takes a few seconds to make; Esc stops."
    return ""


def practice_techniques() -> list[TechniqueName]:
    """The techniques the game offers to practise, easiest first (as the logic tries them)."""
    return practised()


PRACTICE_NOTE = (
    "Practice puzzles are 9x9, need the technique and nothing harder; the rarer ones take longer (Esc stops)."
)


def has_daily(size: str) -> bool:
    """Whether boards of this size have a daily puzzle."""
    return size_word(shape_for_size(size)) in DAILY_SIZES


def make_puzzle(choice: NewPuzzleChoice, should_stop: Callable[[], bool], progress: ProgressCallback) -> Generated:
    """Make the puzzle asked for (the same daily puzzle as everyone's, for a daily);
    raises ``Cancelled`` or ``GenerationFailed``."""
    shape = shape_for_size(choice.size)
    if choice.technique is not None:
        # The same making as ``sudoku-tui generate --technique``.
        order = order_of(shape, technique=choice.technique)
        return order.make(random.Random(), should_stop, progress)
    if choice.day is not None:
        rng, symmetry = daily_rng(choice.day, choice.level.key, shape), DAILY_SYMMETRY
    else:
        rng, symmetry = random.Random(), choice.symmetry
    if TURNS is None:
        return GENERATE(shape, choice.level, symmetry, rng, should_stop=should_stop, progress=progress)
    with TURNS.turn(should_stop, lambda: progress(WAITING_FOR_TURN, 0)):
        return GENERATE(shape, choice.level, symmetry, rng, should_stop=should_stop, progress=progress)


def making_text(choice: NewPuzzleChoice, attempt: int) -> str:
    """The status line while making: ``attempt`` from 1, or 0 while waiting for a turn."""
    if attempt <= WAITING_FOR_TURN + 1:
        return "Other players are making puzzles: yours is next…  (Esc cancels)"
    article = "an" if choice.describe()[0] in "aeiou" else "a"
    return f"Making {article} {choice.describe()} puzzle… attempt {attempt}  (Esc cancels)"
