"""Where every character of a board drawing goes, worked out from the shape alone.

The board is drawn on a grid of characters. Between cells run grid lines:
*heavy* lines on box edges and round the outside, *light* lines between the
cells of one box. A junction's character is picked from the weights of its
four arms, so the same code draws a 4x4, a 9x9, a 16x16 and (because gaps
simply have no cells) a Samurai board.

Three densities:

- ``roomy``: each cell is a box-by-box mini-grid of pencil marks
  (7 x 3 characters on a 9x9), light lines between columns, heavy lines
  between boxes; a 9x9 board is 73 x 31 characters, for 100x40 terminals.
  Rows of one box have no line between them: the rows it would take are
  what lets a 9x9 board fit 40 rows.
- ``paired``: each cell is two rows of marks, a value's mark always in the
  same place (``12345`` over ``6789`` on a 9x9), with a space either side;
  lines on box edges only, and no line above the top or below the bottom
  band (the rows around the board frame it), so a 9x9 board with every
  mark showing is 67 x 20 characters and fits 80x24.
- ``lined``: a line between every pair of cells (light inside a box);
  a 9x9 board is 37 x 19 characters.
- ``compact``: lines on box edges only; a 9x9 board is 31 x 13.
- ``shaded``: one screen row per board row, with no horizontal lines at all;
  vertical lines on box edges, drawn ``┃`` in one band of boxes and ``╏`` in
  the next, so the bands read apart without colour (the widget also shades
  every other box). A Samurai board is 71 x 21 this way, which fits 80x24.

A jigsaw has no boxes: where a drawing keeps lines for box edges only, it
draws only the outside ones there, and its regions' edges are outlined from
the region map (see :mod:`.outlines`).

Nothing here imports Textual: :mod:`.strips` turns the plan into styled
strips for the widget in ``ui/board.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from ...engine.board.geometry import Shape
from ...engine.board.variants import outline_of
from .outlines import apart, cage_totals, outline_groups

Density = Literal["roomy", "paired", "lined", "compact", "shaded"]

DENSITIES: tuple[Density, ...] = ("roomy", "paired", "lined", "compact", "shaded")  # roomiest first

BAND_EDGE = "╏"  # the vertical box edge in every other band of a shaded board

NONE, LIGHT, HEAVY = 0, 1, 2

CELL_WIDTH = 3  # " 5 ": a value with a space either side (lined and compact)

# Junction characters by the weights of their arms (up, down, left, right).
_JUNCTIONS: dict[tuple[int, int, int, int], str] = {
    (0, 0, 1, 1): "─",
    (0, 0, 2, 2): "━",
    (1, 1, 0, 0): "│",
    (2, 2, 0, 0): "┃",
    (1, 1, 1, 1): "┼",
    (1, 1, 2, 2): "┿",
    (2, 2, 1, 1): "╂",
    (2, 2, 2, 2): "╋",
    (0, 1, 2, 2): "┯",
    (1, 0, 2, 2): "┷",
    (2, 2, 0, 1): "┠",
    (2, 2, 1, 0): "┨",
    (0, 2, 2, 2): "┳",
    (2, 0, 2, 2): "┻",
    (2, 2, 0, 2): "┣",
    (2, 2, 2, 0): "┫",
    (0, 2, 0, 2): "┏",
    (0, 2, 2, 0): "┓",
    (2, 0, 0, 2): "┗",
    (2, 0, 2, 0): "┛",
    (2, 0, 0, 0): "╹",
    (0, 2, 0, 0): "╻",
    (0, 0, 2, 0): "╸",
    (0, 0, 0, 2): "╺",
}


# Light-only junctions, met where a killer's cage edges end inside a box.
_LIGHT_JUNCTIONS: dict[tuple[int, int, int, int], str] = {
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┴",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "╴",
    (0, 0, 0, 1): "╶",
}

# A killer's cage edges inside a box are dashed, so they read apart from the box lines.
DASHED_ACROSS, DASHED_DOWN = "┄", "┆"


def junction(up: int, down: int, left: int, right: int) -> str:
    """The box-drawing character for four arm weights; unusual mixes are drawn heavy."""
    arms = (up, down, left, right)
    found = _JUNCTIONS.get(arms) or _LIGHT_JUNCTIONS.get(arms)
    if found is None:
        found = _JUNCTIONS.get(tuple(HEAVY if arm else NONE for arm in arms), " ")  # type: ignore[arg-type]
    return found


# What a run of the plan shows: a grid line of some weight, a cell, a Samurai gap
# where a cell would be, or nothing.
CharKind = Literal["light", "heavy", "cell", "gap", "blank"]


@dataclass(frozen=True)
class BoardPlan:
    """One board drawn at one density: its size, its lines and where its cells sit."""

    shape: Shape
    density: Density
    width: int
    height: int
    # Each drawn row: a list of (text, kind) runs; cell runs are filled in by the widget.
    line_rows: tuple[tuple[tuple[str, CharKind], ...], ...]
    cell_x: tuple[int, ...]  # left edge of each board column's cell text
    cell_y: tuple[int, ...]  # first screen row of each board row
    # screen row -> board row (or -1 on a grid line); screen column -> board column (or -1)
    row_at_y: tuple[int, ...]
    col_at_x: tuple[int, ...]
    # screen row -> which of its cell's rows it is (0 on one-row cells and on grid lines)
    sub_row_at_y: tuple[int, ...]
    cell_width: int = CELL_WIDTH
    cell_height: int = 1

    def cell_at_offset(self, x: int, y: int) -> int | None:
        """The cell under a point of the drawing, if any (for the mouse)."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        row, col = self.row_at_y[y], self.col_at_x[x]
        if row < 0 or col < 0:
            return None
        return self.shape.cell_at.get((row, col))


def _line_positions(count: int, box: int, every_cell: bool, boxed: bool = True) -> list[int]:
    """Indexes (0 .. count) of the grid lines drawn across one axis; without ``boxed``
    (a jigsaw, whose regions replace the boxes) lines on box edges are the outside ones only."""
    if every_cell:
        return list(range(count + 1))
    return [i for i in range(count + 1) if i % box == 0 and (boxed or i in (0, count))]


def _boxed(shape: Shape) -> bool:
    """The shape has boxes to draw (a jigsaw's regions are outlined from its map instead)."""
    return outline_of(shape) != "regions"


def _row_lines(shape: Shape, density: Density) -> list[int]:
    """The horizontal lines of a drawing (above board row i; ``rows`` is the bottom edge)."""
    if density == "shaded":
        return []
    if density == "paired":
        return [i for i in range(1, shape.rows) if i % shape.box == 0 and _boxed(shape)]
    return _line_positions(shape.rows, shape.box, density == "lined", _boxed(shape))


def marks_per_row(shape: Shape, density: Density) -> int:
    """How many marks one row of a cell holds (0 where a cell has no room for them)."""
    if density == "roomy":
        return shape.box
    if density == "paired":
        return (shape.n + 1) // 2
    return 0


def cell_size(shape: Shape, density: Density) -> tuple[int, int]:
    """Characters (wide, high) of one cell: a roomy cell holds a box-by-box grid of marks,
    spaced; a paired one two rows of marks side by side, with a space either side."""
    if density == "roomy":
        return 2 * shape.box + 1, shape.box
    if density == "paired":
        return marks_per_row(shape, density) + 2, 2
    return CELL_WIDTH, 1


@dataclass(frozen=True)
class _Lines:
    """Which grid lines a drawing has, and the weight of each piece of them."""

    shape: Shape
    h_set: frozenset[int]  # board rows with a line above them (the bottom edge is ``rows``)
    v_set: frozenset[int]  # board columns with a line left of them
    # One-row cells with a line above each row: a killer's totals go on the line above their cage.
    totals_above: bool = False

    def has(self, row: int, col: int) -> bool:
        return (row, col) in self.shape.cell_at

    def weight_between(self, a: tuple[int, int], b: tuple[int, int], on_box_edge: bool) -> int:
        """Weight of the line between two neighbouring positions: heavy round the
        outside and on box edges (a jigsaw's region edges); inside a killer's box,
        light between cages and none inside one."""
        shape = self.shape
        there_a, there_b = self.has(*a), self.has(*b)
        if not (there_a or there_b):
            return NONE
        if outline_of(shape) == "regions":
            on_box_edge = apart(shape, a, b)
        if there_a != there_b or on_box_edge:
            return HEAVY  # the outside edge, or a box edge
        if self.killer:
            return LIGHT if apart(shape, a, b) else NONE
        return LIGHT

    @property
    def killer(self) -> bool:
        return outline_of(self.shape) == "cages" and outline_groups(self.shape) is not None

    def h_segment(self, r: int, c: int) -> int:
        """The horizontal line above board row r, across board column c."""
        if r not in self.h_set or not 0 <= c < self.shape.cols:
            return NONE
        return self.weight_between((r - 1, c), (r, c), r % self.shape.box == 0)

    def v_segment(self, r: int, c: int) -> int:
        """The vertical line left of board column c, along board row r."""
        if c not in self.v_set or not 0 <= r < self.shape.rows:
            return NONE
        return self.weight_between((r, c - 1), (r, c), c % self.shape.box == 0)

    def line_row(self, r: int, width: int) -> tuple[tuple[str, CharKind], ...]:
        """The screen row of the horizontal line above board row r."""
        runs: list[tuple[str, CharKind]] = []
        for c in range(self.shape.cols + 1):
            if c in self.v_set:
                up, down = self.v_segment(r - 1, c), self.v_segment(r, c)
                left, right = self.h_segment(r, c - 1), self.h_segment(r, c)
                char = junction(up, down, left, right)
                if self.killer:  # a straight cage edge stays dashed through the crossing
                    char = {"─": DASHED_ACROSS, "│": DASHED_DOWN}.get(char, char)
                runs.append((char, _kind(max(up, down, left, right))))
            if c < self.shape.cols:
                weight = self.h_segment(r, c)
                char = _JUNCTIONS[(0, 0, weight, weight)] if weight else " "
                if weight == LIGHT and self.killer:
                    char = DASHED_ACROSS
                runs.append((self._total_above(r, c).ljust(width, char), _kind(weight)))
        return tuple(runs)

    def _total_above(self, r: int, c: int) -> str:
        """The total of the cage whose first cell is at (r, c), written on the line above
        it (always the cage's edge) where cells have no room for it."""
        cell = self.shape.cell_at.get((r, c))
        if not self.totals_above or cell is None:
            return ""
        return str(cage_totals(self.shape).get(cell, ""))

    def cell_row(self, r: int, width: int, banded: bool) -> tuple[tuple[str, CharKind], ...]:
        """A screen row through board row r's cells; ``banded`` draws box edges of
        every other band of boxes as :data:`BAND_EDGE`."""
        runs: list[tuple[str, CharKind]] = []
        band_edge = banded and (r // self.shape.box) % 2 == 1
        for c in range(self.shape.cols + 1):
            if c in self.v_set:
                weight = self.v_segment(r, c)
                char = _JUNCTIONS[(weight, weight, 0, 0)] if weight else " "
                if weight == LIGHT and self.killer:
                    char = DASHED_DOWN
                if band_edge and weight == HEAVY:
                    char = BAND_EDGE
                runs.append((char, _kind(weight)))
            if c < self.shape.cols:
                runs.append((" " * width, "cell" if self.has(r, c) else "gap"))
        return tuple(runs)


def _screen_axis(count: int, lines: frozenset[int], size: int) -> tuple[list[int], list[int], list[int]]:
    """Along one axis: the board index at each screen position (-1 on a line),
    where each board index starts, and which of its ``size`` parts each position is."""
    board_at: list[int] = []
    starts: list[int] = []
    part_at: list[int] = []
    for i in range(count + 1):
        if i in lines:
            board_at.append(-1)
            part_at.append(0)
        if i < count:
            starts.append(len(board_at))
            board_at.extend([i] * size)
            part_at.extend(range(size))
    return board_at, starts, part_at


@cache
def plan_board(shape: Shape, density: Density) -> BoardPlan:
    """Lay a shape out at a density; cached, since shapes are few and immutable."""
    width, height = cell_size(shape, density)
    h_lines = _row_lines(shape, density)
    v_lines = _line_positions(shape.cols, shape.box, density in ("roomy", "paired", "lined"), _boxed(shape))
    lines = _Lines(shape, frozenset(h_lines), frozenset(v_lines), density == "lined")
    col_at_x, cell_x, _ = _screen_axis(shape.cols, lines.v_set, width)
    row_at_y, cell_y, sub_row_at_y = _screen_axis(shape.rows, lines.h_set, height)
    line_rows: list[tuple[tuple[str, CharKind], ...]] = []
    line_index = 0
    for board_row in row_at_y:
        if board_row < 0:
            line_rows.append(lines.line_row(h_lines[line_index], width))
            line_index += 1
        else:
            line_rows.append(lines.cell_row(board_row, width, density == "shaded" and _boxed(shape)))
    return BoardPlan(
        shape=shape,
        density=density,
        width=len(col_at_x),
        height=len(row_at_y),
        line_rows=tuple(line_rows),
        cell_x=tuple(cell_x),
        cell_y=tuple(cell_y),
        row_at_y=tuple(row_at_y),
        col_at_x=tuple(col_at_x),
        sub_row_at_y=tuple(sub_row_at_y),
        cell_width=width,
        cell_height=height,
    )


def _kind(weight: int) -> CharKind:
    return "heavy" if weight == HEAVY else "light" if weight == LIGHT else "blank"


def smallest_plan(shape: Shape) -> BoardPlan:
    """The drawing that needs the least room: below it, the terminal is too small."""
    return plan_board(shape, DENSITIES[-1])


def choose_plan(shape: Shape, width: int, height: int) -> BoardPlan | None:
    """The roomiest drawing that fits in ``width`` x ``height``; None when even the compact one does not."""
    for density in DENSITIES:
        plan = plan_board(shape, density)
        if plan.width <= width and plan.height <= height:
            return plan
    return None
