"""Puzzles (immutable givens) and grids (the values in play)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .geometry import Shape, samurai_grid_cells


class LineError(ValueError):
    """A puzzle line that does not describe a puzzle of its shape."""


def parse_line(shape: Shape, line: str) -> tuple[int, ...]:
    """Values of every cell from a puzzle line (``.`` or ``0`` empty).

    Square boards: one character per cell in row-major order. Samurai: the
    405-character line, five grids of 81 one after another; the shared boxes
    appear twice and must agree.
    """
    if len(line) != shape.line_length:
        raise LineError("wrong length")
    symbols = shape.symbols
    values: list[int] = []
    append = values.append
    for ch in line:
        if ch == "." or ch == "0":
            append(0)
            continue
        index = symbols.find(ch.upper())
        if index < 0:
            raise LineError(f"invalid character {ch!r}")
        append(index + 1)
    if not shape.is_samurai:
        return tuple(values)
    cells = [-1] * shape.size
    for grid in range(5):
        for offset, cell in enumerate(samurai_grid_cells(grid)):
            value = values[grid * 81 + offset]
            if cells[cell] == -1:
                cells[cell] = value
            elif cells[cell] != value:
                raise LineError("shared boxes disagree")
    return tuple(cells)


def format_line(shape: Shape, values: Sequence[int], empty: str = ".") -> str:
    """The puzzle line of a list of values, the inverse of :func:`parse_line`."""
    symbols = shape.symbols
    chars = [symbols[v - 1] if v else empty for v in values]
    if not shape.is_samurai:
        return "".join(chars)
    return "".join(chars[cell] for grid in range(5) for cell in samurai_grid_cells(grid))


@dataclass(frozen=True)
class Puzzle:
    """A board shape and its givens (0 for an empty cell)."""

    shape: Shape
    givens: tuple[int, ...]
    label: str = ""

    @classmethod
    def from_line(cls, shape: Shape, line: str, label: str = "") -> Puzzle:
        return cls(shape, parse_line(shape, line), label)

    def to_line(self, empty: str = ".") -> str:
        return format_line(self.shape, self.givens, empty)

    @property
    def given_count(self) -> int:
        return sum(1 for v in self.givens if v)

    def is_given(self, cell: int) -> bool:
        return self.givens[cell] != 0

    def grid(self) -> Grid:
        return Grid(self, list(self.givens))


class Grid:
    """The values on the board during play: the givens plus the player's entries."""

    def __init__(self, puzzle: Puzzle, values: Iterable[int] | None = None) -> None:
        self.puzzle = puzzle
        self.values = list(puzzle.givens if values is None else values)
        if len(self.values) != puzzle.shape.size:
            raise ValueError("grid does not fit the puzzle's shape")

    @property
    def shape(self) -> Shape:
        return self.puzzle.shape

    def __getitem__(self, cell: int) -> int:
        return self.values[cell]

    def set(self, cell: int, value: int) -> None:
        """Enter (or with 0 clear) a value; givens cannot change."""
        if self.puzzle.givens[cell]:
            raise ValueError(f"{self.shape.cell_name(cell)} holds a given")
        if not 0 <= value <= self.shape.n:
            raise ValueError(f"value {value} does not fit a {self.shape.name} board")
        self.values[cell] = value

    def is_full(self) -> bool:
        return all(self.values)

    def empty_cells(self) -> list[int]:
        return [cell for cell, v in enumerate(self.values) if not v]

    def to_line(self, empty: str = ".") -> str:
        return format_line(self.shape, self.values, empty)

    def copy(self) -> Grid:
        return Grid(self.puzzle, self.values)
