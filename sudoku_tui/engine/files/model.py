"""Puzzle files as the readers give them, and the errors they raise.

Every layout's reader (formats.py, variant_lines.py, exchange.py) returns a
:class:`PuzzleFile` or raises a :class:`PuzzleFileError` whose message is
the exact sentence shown to the player.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..board.geometry import Shape
from ..board.puzzle import Puzzle

INVALID_BLOCK_SIZE = "Invalid block size."
EMPTY_FILE = "The file is empty."
NO_PUZZLES = "The file has no puzzles."


def wrong_length(line_number: int) -> str:
    return f"Line {line_number} has the wrong length."


def invalid_character(line_number: int) -> str:
    return f"Line {line_number} has an invalid character."


class PuzzleFileError(Exception):
    """A puzzle file that cannot be read; ``message`` is the exact text shown to the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


FileKind = Literal["block", "plain", "samurai", "samurai-drawn", "variant"]


@dataclass
class PuzzleFile:
    """The puzzles of one file, as validated lines."""

    shape: Shape
    kind: FileKind
    lines: list[str]  # one puzzle line each, exactly as written (without labels)
    labels: list[str] | None = None  # labels of a plain collection, "" where none
    path: Path | None = None
    _cache: dict[int, Puzzle] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.lines)

    def puzzle(self, index: int) -> Puzzle:
        """Puzzle number ``index`` (from 0)."""
        if not 0 <= index < len(self.lines):
            raise IndexError(f"puzzle {index} is not in 0 .. {len(self.lines) - 1}")
        found = self._cache.get(index)
        if found is None:
            label = self.labels[index] if self.labels else ""
            found = Puzzle.from_line(self.shape, self.lines[index], label)
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[index] = found
        return found

    def __iter__(self) -> Iterator[Puzzle]:
        for index in range(len(self.lines)):
            yield self.puzzle(index)

    def describe(self) -> str:
        """``N puzzles, 9x9`` as ``sudoku-tui check`` prints it."""
        count = len(self.lines)
        return f"{count} puzzle{'' if count == 1 else 's'}, {self.shape.name}"
