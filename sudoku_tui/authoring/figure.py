"""One board as a figure: its lines and its digits, in units of one cell.

Every drawing (SVG, PNG, a PDF page) is made from a :class:`Figure`, so they
all agree. A cell's side is thick where it borders no cell (the outline of
the board, the gaps of a Samurai) or a cell of another box, and thin
otherwise; the same rule draws 4x4, 9x9, 16x16 and Samurai boards, and any
board whose boxes are not squares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..engine.board.geometry import Shape
from ..engine.board.puzzle import Puzzle

DigitKind = Literal["given", "found"]


@dataclass(frozen=True)
class Line:
    """A line from (x1, y1) to (x2, y2), in cells; thick on box edges and the outline."""

    x1: float
    y1: float
    x2: float
    y2: float
    thick: bool


@dataclass(frozen=True)
class Digit:
    """A value at the centre (x, y) of its cell, in cells."""

    x: float
    y: float
    text: str
    kind: DigitKind


@dataclass(frozen=True)
class Figure:
    """A board drawn ``width`` x ``height`` cells."""

    width: int
    height: int
    lines: tuple[Line, ...]
    digits: tuple[Digit, ...]


def _box_of(shape: Shape) -> dict[int, int]:
    """Each cell's box (the first one, for a Samurai cell in two)."""
    box: dict[int, int] = {}
    for house in shape.box_houses:
        for cell in shape.house_cells[house]:
            box.setdefault(cell, house)
    return box


def _sides(shape: Shape) -> list[Line]:
    """Every side of every cell, once: thick where it borders no cell or another box."""
    box = _box_of(shape)
    lines: list[Line] = []
    for cell, (row, col) in enumerate(shape.positions):
        # Each cell draws its top and left sides, and its bottom and right ones
        # only where no cell lies beyond them (that cell draws the shared side).
        for d_row, d_col, x1, y1, x2, y2 in (
            (-1, 0, col, row, col + 1, row),
            (0, -1, col, row, col, row + 1),
            (1, 0, col, row + 1, col + 1, row + 1),
            (0, 1, col + 1, row, col + 1, row + 1),
        ):
            neighbour = shape.cell_at.get((row + d_row, col + d_col))
            if neighbour is not None and (d_row, d_col) in ((1, 0), (0, 1)):
                continue
            thick = neighbour is None or box[neighbour] != box[cell]
            lines.append(Line(x1, y1, x2, y2, thick))
    return lines


def left_out(shape: Shape) -> str | None:
    """What a figure of this board would leave out (a killer's cages, Sudoku X's
    diagonals, windoku's windows: lines and boxes alone draw none of them), or None."""
    if shape.cages:
        return "cages"
    if shape.extra_houses:  # named as the first of them is: "diagonal 1", "window 1"
        first = shape.houses[shape.extra_houses[0]]
        return f"{first.label or first.kind}s"
    return None


def figure_of(puzzle: Puzzle, solution: Sequence[int] | None = None) -> Figure:
    """The puzzle's figure: its givens, and with ``solution`` the rest of the values too."""
    shape = puzzle.shape
    digits: list[Digit] = []
    for cell, (row, col) in enumerate(shape.positions):
        given = puzzle.givens[cell]
        value = given or (solution[cell] if solution is not None else 0)
        if value:
            digits.append(Digit(col + 0.5, row + 0.5, shape.symbol(value), "given" if given else "found"))
    return Figure(shape.cols, shape.rows, tuple(_sides(shape)), tuple(digits))
