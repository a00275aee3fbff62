"""Puzzles (immutable givens), and the puzzle line they are written as."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .geometry import Shape, samurai_grid_cells
from .variants import line_fields_of, shape_of_line


class LineError(ValueError):
    """A puzzle line that does not describe a puzzle of its shape; the
    subclass says what is wrong (file reading words each its own way)."""


class WrongLength(LineError):
    def __init__(self) -> None:
        super().__init__("wrong length")


class InvalidCharacter(LineError):
    def __init__(self, character: str) -> None:
        super().__init__(f"invalid character {character!r}")


class SharedBoxesDisagree(LineError):
    """A Samurai line whose two copies of a shared box differ."""

    def __init__(self) -> None:
        super().__init__("shared boxes disagree")


def parse_line(shape: Shape, line: str) -> tuple[int, ...]:
    """Values of every cell from a puzzle line (``.`` or ``0`` empty).

    Square boards: one character per cell in row-major order. Samurai: the
    405-character line, five grids of 81 one after another; the shared boxes
    appear twice and must agree. A jigsaw or killer line may carry its
    region or cage fields after the givens (they make its shape, see
    :func:`~sudoku_tui.engine.board.variants.shape_of_line`), or be the givens alone.
    """
    if line_fields_of(shape) is not None:
        if len(line) < shape.size or (len(line) > shape.size and line[shape.size] != " "):
            raise WrongLength()
        line = line[: shape.size]
    elif len(line) != shape.line_length:
        raise WrongLength()
    symbols = shape.symbols
    values: list[int] = []
    append = values.append
    for ch in line:
        if ch == "." or ch == "0":
            append(0)
            continue
        index = symbols.find(ch.upper())
        if index < 0:
            raise InvalidCharacter(ch)
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
                raise SharedBoxesDisagree()
    return tuple(cells)


def format_line(shape: Shape, values: Sequence[int], empty: str = ".") -> str:
    """The puzzle line of a list of values, the inverse of :func:`parse_line`."""
    symbols = shape.symbols
    chars = [symbols[v - 1] if v else empty for v in values]
    if not shape.is_samurai:
        return "".join(chars) + shape.extra
    return "".join(chars[cell] for grid in range(5) for cell in samurai_grid_cells(grid))


@dataclass(frozen=True)
class Puzzle:
    """A board shape and its givens (0 for an empty cell)."""

    shape: Shape
    givens: tuple[int, ...]
    label: str = ""

    @classmethod
    def from_line(cls, shape: Shape, line: str, label: str = "") -> Puzzle:
        """The puzzle of a line; for a jigsaw or killer file's shape, the line's own shape."""
        shape = shape_of_line(shape, line)
        return cls(shape, parse_line(shape, line), label)

    def to_line(self, empty: str = ".") -> str:
        return format_line(self.shape, self.givens, empty)

    @property
    def given_count(self) -> int:
        return sum(1 for v in self.givens if v)

    def is_given(self, cell: int) -> bool:
        return self.givens[cell] != 0
