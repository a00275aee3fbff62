"""Board shapes as data.

Glossary used across the engine:

- *cell*: an index ``0 .. shape.size - 1``; cells are numbered in row-major
  order of the drawn board (for Samurai, of the 21x21 drawing, skipping the
  gaps between the grids).
- *position*: ``(row, col)`` of a cell on the drawn board, counted from 0.
- *house*: a row, a column or a box (or a variant's diagonal, window or
  jigsaw region): a tuple of cells that must hold every value exactly once.
- *cage* (Killer): cells that hold different values adding up to its total.
- *peers* of a cell: every other cell that shares a house or a cage with it.
- *value*: an int ``1 .. shape.n``; 0 means an empty cell.
- *symbol*: how a value is written: ``1``-``9`` then ``A``-``G``.

Everything is computed once per shape and cached: the tuples the Python
code walks live here (the logic techniques read them every step), and
kernel_tables.py holds the same facts as numpy arrays for the compiled search.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Literal

SYMBOLS = "123456789ABCDEFG"

# A jigsaw region is a "box" (the part a box plays: nine cells meeting rows
# and columns) labelled "region"; diagonals (Sudoku X) and windows (Windoku)
# are houses of their own kinds, after all the others.
HouseKind = Literal["row", "column", "box", "diagonal", "window"]
HOUSE_KINDS: tuple[HouseKind, ...] = ("row", "column", "box", "diagonal", "window")

# Offsets (row, col) of the five 9x9 grids of a Samurai board, in the order
# used by the 405-character line: top-left, top-right, centre, bottom-left,
# bottom-right.
SAMURAI_GRIDS: tuple[tuple[int, int], ...] = ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))


@dataclass(frozen=True, eq=False)
class House:
    """One house: its kind, its number among houses of that kind, its cells."""

    kind: HouseKind
    number: int
    cells: tuple[int, ...]
    label: str = ""  # the word for the house where it is not its kind ("region")

    @property
    def name(self) -> str:
        return f"{self.label or self.kind} {self.number + 1}"


@dataclass(frozen=True, eq=False)
class Cage:
    """A Killer cage: cells holding different values that add up to ``total``."""

    cells: tuple[int, ...]
    total: int


@dataclass(frozen=True, eq=False)
class Shape:
    """Everything the engine needs to know about one kind of board."""

    name: str  # "4x4", "9x9", "16x16", "25x25", "samurai", or a variant's name (variants.py)
    box: int  # rows (and columns) of one box
    n: int  # number of values, box * box
    rows: int  # drawn board height
    cols: int  # drawn board width
    positions: tuple[tuple[int, int], ...]  # cell -> (row, col)
    houses: tuple[House, ...]
    symbols: str = field(repr=False)
    variant: str = ""  # "" for the classic boards, else the variant's name (variants.py)
    cages: tuple[Cage, ...] = field(default=(), repr=False)
    # Fields of a puzzle line after its givens (a jigsaw's region map, a
    # killer's cage map and sums), with the space before them.
    extra: str = field(default="", repr=False)
    # Derived tables, filled in __post_init__.
    cell_at: dict[tuple[int, int], int] = field(init=False, repr=False)
    cell_houses: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    peers: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    cell_cage: tuple[int, ...] = field(init=False, repr=False)  # cage index of each cell, -1 for none
    line_length: int = field(init=False)

    def __post_init__(self) -> None:
        cell_at = {pos: cell for cell, pos in enumerate(self.positions)}
        per_cell: list[list[int]] = [[] for _ in self.positions]
        cage_of = [-1] * len(self.positions)
        for index, cage in enumerate(self.cages):
            for cell in cage.cells:
                cage_of[cell] = index
        for index, house in enumerate(self.houses):
            for cell in house.cells:
                per_cell[cell].append(index)
        peers: list[tuple[int, ...]] = []
        for cell, house_indexes in enumerate(per_cell):
            seen: set[int] = set()
            for index in house_indexes:
                seen.update(self.houses[index].cells)
            if cage_of[cell] >= 0:  # a cage's values differ, so its cells are peers too
                seen.update(self.cages[cage_of[cell]].cells)
            seen.discard(cell)
            peers.append(tuple(sorted(seen)))
        object.__setattr__(self, "cell_at", cell_at)
        object.__setattr__(self, "cell_houses", tuple(tuple(h) for h in per_cell))
        object.__setattr__(self, "peers", tuple(peers))
        object.__setattr__(self, "cell_cage", tuple(cage_of))
        object.__setattr__(
            self, "line_length", 405 if self.name == "samurai" else len(self.positions) + len(self.extra)
        )

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.positions)

    @property
    def is_samurai(self) -> bool:
        return self.name == "samurai"

    # -- look-ups the logic techniques walk, built on first use ----------------
    @cached_property
    def house_cells(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each house, by house index."""
        return tuple(house.cells for house in self.houses)

    @cached_property
    def house_kinds(self) -> tuple[HouseKind, ...]:
        """The kind of each house, by house index."""
        return tuple(house.kind for house in self.houses)

    @cached_property
    def house_sets(self) -> tuple[frozenset[int], ...]:
        """The cells of each house as a set, for membership tests."""
        return tuple(frozenset(cells) for cells in self.house_cells)

    @cached_property
    def peer_sets(self) -> tuple[frozenset[int], ...]:
        """The peers of each cell as a set, for membership tests."""
        return tuple(frozenset(peers) for peers in self.peers)

    @cached_property
    def row_houses(self) -> tuple[int, ...]:
        """Indexes of the rows among the houses."""
        return self._houses_of_kind("row")

    @cached_property
    def column_houses(self) -> tuple[int, ...]:
        """Indexes of the columns among the houses."""
        return self._houses_of_kind("column")

    @cached_property
    def box_houses(self) -> tuple[int, ...]:
        """Indexes of the boxes among the houses."""
        return self._houses_of_kind("box")

    @cached_property
    def extra_houses(self) -> tuple[int, ...]:
        """Indexes of a variant's diagonals and windows (none on classic boards)."""
        return self._houses_of_kind("diagonal") + self._houses_of_kind("window")

    @cached_property
    def cell_houses_by_kind(self) -> dict[HouseKind, tuple[tuple[int, ...], ...]]:
        """``[kind][cell]``: the houses of that kind holding the cell (a
        Samurai cell of a shared box is in two rows, two columns and a box)."""
        kinds = self.house_kinds
        return {
            kind: tuple(tuple(h for h in houses if kinds[h] == kind) for houses in self.cell_houses)
            for kind in HOUSE_KINDS
        }

    def _houses_of_kind(self, kind: HouseKind) -> tuple[int, ...]:
        return tuple(index for index, house_kind in enumerate(self.house_kinds) if house_kind == kind)

    def in_two_grids(self, cell: int) -> bool:
        """A cell of a Samurai's shared boxes: it has a row and a column in each of two grids."""
        return self.is_samurai and len(self.cell_houses[cell]) > 3

    def symbol(self, value: int) -> str:
        """The symbol of a value, or ``.`` for 0."""
        return self.symbols[value - 1] if value else "."

    def value_of(self, symbol: str) -> int:
        """The value of a symbol (``A`` is 10); 0 for anything that is not one."""
        if len(symbol) != 1:
            return 0
        return self.symbols.find(symbol.upper()) + 1

    def cell_name(self, cell: int) -> str:
        """``r3c5``: the cell's row and column on the drawn board, from 1."""
        row, col = self.positions[cell]
        return f"r{row + 1}c{col + 1}"

    def __repr__(self) -> str:
        return f"Shape({self.name})"


@cache
def square(box: int) -> Shape:
    """The ordinary board with boxes of ``box`` x ``box`` cells."""
    if not 2 <= box <= 5:
        raise ValueError(f"unsupported box size {box}")
    n = box * box
    positions = tuple((r, c) for r in range(n) for c in range(n))
    houses: list[House] = []
    for r in range(n):
        houses.append(House("row", r, tuple(r * n + c for c in range(n))))
    for c in range(n):
        houses.append(House("column", c, tuple(r * n + c for r in range(n))))
    for b in range(n):
        top, left = (b // box) * box, (b % box) * box
        cells = tuple((top + r) * n + left + c for r in range(box) for c in range(box))
        houses.append(House("box", b, cells))
    symbols = SYMBOLS[:n] if n <= 16 else "".join(_symbol(i) for i in range(n))
    return Shape(f"{n}x{n}", box, n, n, n, positions, tuple(houses), symbols)


def _symbol(index: int) -> str:
    """The symbol of value ``index + 1`` past the 16 of SYMBOLS (25x25 boards)."""
    return chr(ord("1") + index) if index < 9 else chr(ord("A") + index - 9)


@cache
def samurai() -> Shape:
    """Five 9x9 grids on a 21x21 drawing; the centre grid shares a corner
    box with each of the other four."""
    occupied = sorted({(top + r, left + c) for top, left in SAMURAI_GRIDS for r in range(9) for c in range(9)})
    positions = tuple(occupied)
    cell_at = {pos: cell for cell, pos in enumerate(positions)}
    rows: list[tuple[int, ...]] = []
    cols: list[tuple[int, ...]] = []
    boxes: dict[tuple[int, ...], None] = {}
    for top, left in SAMURAI_GRIDS:
        for r in range(9):
            rows.append(tuple(cell_at[top + r, left + c] for c in range(9)))
        for c in range(9):
            cols.append(tuple(cell_at[top + r, left + c] for r in range(9)))
        for b in range(9):
            bt, bl = top + (b // 3) * 3, left + (b % 3) * 3
            boxes.setdefault(tuple(cell_at[bt + r, bl + c] for r in range(3) for c in range(3)), None)
    # Boxes are numbered in reading order of the drawing, so "box 1" is the
    # top-left one on screen.
    ordered_boxes = sorted(boxes, key=lambda cells: positions[cells[0]])
    houses = (
        [House("row", i, h) for i, h in enumerate(rows)]
        + [House("column", i, h) for i, h in enumerate(cols)]
        + [House("box", i, h) for i, h in enumerate(ordered_boxes)]
    )
    return Shape("samurai", 3, 9, 21, 21, positions, tuple(houses), SYMBOLS[:9])


def samurai_grid_cells(grid: int) -> tuple[int, ...]:
    """The 81 cells of one of the five grids (0..4), row by row."""
    top, left = SAMURAI_GRIDS[grid]
    at = samurai().cell_at
    return tuple(at[top + r, left + c] for r in range(9) for c in range(9))
