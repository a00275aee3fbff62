"""The 9x9 variants as shapes (README, "Variants" and "Puzzle files").

Each variant is a :class:`~sudoku_tui.engine.board.geometry.Shape` like any
other board, so every part reads it the same way:

- ``x`` (Sudoku X): the classic houses, then both main diagonals;
- ``windoku``: the classic houses, then four 3x3 windows whose top-left
  cells are r2c2, r2c6, r6c2 and r6c6;
- ``jigsaw``: rows, columns, and the file's nine regions in place of the
  boxes (one shape per region map);
- ``killer``: the classic houses plus cages, cells whose values differ and
  add up to the cage's total (one shape per cage map and sums).

A jigsaw or killer puzzle line carries its shape: its givens, then the
region map (or the cage map and sums). :func:`shape_of_line` reads the
shape from a line the file reader has already validated; the *template* of
a variant (:func:`variant_template`) is the shape a file of that variant is
known by before its lines are read.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

from .geometry import SYMBOLS, Cage, House, Shape, square

VARIANTS = ("x", "windoku", "jigsaw", "killer")
# Variants whose lines carry more than givens (their shape differs per line).
PER_LINE = frozenset({"jigsaw", "killer"})
GIVENS = 81  # every variant is a 9x9 board
WINDOW_CORNERS = ((1, 1), (1, 5), (5, 1), (5, 5))
# The region map of the classic boxes: a jigsaw whose regions are the boxes.
BOX_REGIONS = "".join(str(3 * (row // 3) + col // 3 + 1) for row in range(9) for col in range(9))

# Shapes made per line are kept for the lines played or solved lately; a big
# file's lines each make one, so the cache is bounded.
_PER_LINE_CACHE = 512


def _classic() -> Shape:
    return square(3)


def _variant(name: str, houses: tuple[House, ...], cages: tuple[Cage, ...] = (), extra: str = "") -> Shape:
    base = _classic()
    return Shape(name, 3, 9, 9, 9, base.positions, houses, SYMBOLS[:9], name, cages, extra)


@cache
def sudoku_x() -> Shape:
    """The classic houses, then the two main diagonals."""
    down = tuple(9 * i + i for i in range(9))
    up = tuple(9 * i + 8 - i for i in range(9))
    return _variant("x", (*_classic().houses, House("diagonal", 0, down), House("diagonal", 1, up)))


@cache
def windoku() -> Shape:
    """The classic houses, then the four windows."""
    windows = tuple(
        House("window", number, tuple(9 * (top + r) + left + c for r in range(3) for c in range(3)))
        for number, (top, left) in enumerate(WINDOW_CORNERS)
    )
    return _variant("windoku", (*_classic().houses, *windows))


@lru_cache(maxsize=_PER_LINE_CACHE)
def jigsaw(region_map: str) -> Shape:
    """Rows, columns, then the nine regions of a valid map (``1``-``9`` a cell)."""
    regions: list[list[int]] = [[] for _ in range(9)]
    for cell, name in enumerate(region_map):
        regions[int(name) - 1].append(cell)
    lines = tuple(h for h in _classic().houses if h.kind != "box")
    boxes = tuple(House("box", number, tuple(cells), "region") for number, cells in enumerate(regions))
    return _variant("jigsaw", (*lines, *boxes), extra=" " + region_map)


@lru_cache(maxsize=_PER_LINE_CACHE)
def killer(cage_map: str, totals: tuple[int, ...]) -> Shape:
    """The classic houses and the cages of a valid map, totals in the order
    of each cage's first cell."""
    cells_of: dict[str, list[int]] = {}
    for cell, name in enumerate(cage_map):
        cells_of.setdefault(name, []).append(cell)
    cages = tuple(Cage(tuple(cells), total) for cells, total in zip(cells_of.values(), totals, strict=True))
    extra = f" {cage_map} {','.join(map(str, totals))}" if cage_map else ""
    return _variant("killer", _classic().houses, cages, extra)


def variant_template(name: str) -> Shape:
    """The shape a file of this variant is known by (a jigsaw of the boxes, a killer without cages)."""
    if name == "x":
        return sudoku_x()
    if name == "windoku":
        return windoku()
    if name == "jigsaw":
        return jigsaw(BOX_REGIONS)
    if name == "killer":
        return killer("", ())
    raise ValueError(f"no variant named {name!r}")


def shape_of_line(shape: Shape, line: str) -> Shape:
    """The shape of one validated puzzle line of a file whose shape is ``shape``."""
    if shape.variant not in PER_LINE or len(line) <= GIVENS:
        return shape
    fields = line[GIVENS + 1 :].split(" ")
    if shape.variant == "jigsaw":
        return jigsaw(fields[0])
    return killer(fields[0], tuple(int(total) for total in fields[1].split(",")))


@cache
def cage_combinations(size: int, total: int) -> tuple[int, ...]:
    """Bit sets (bit v-1 for value v) of the sets of ``size`` different values 1-9 adding up to ``total``."""
    return tuple(
        sum(1 << (v - 1) for v in chosen) for chosen in combinations(range(1, 10), size) if sum(chosen) == total
    )


def innies(shape: Shape) -> list[tuple[int, tuple[int, ...], int]]:
    """The rule of 45: for each house of a killer, the cells outside the
    cages lying wholly inside it hold different values adding up to the
    house's total less those cages' totals: (house, cells, total), for the
    houses where some but not all cells are left (none without cages)."""
    if not shape.cages:
        return []
    house_total = shape.n * (shape.n + 1) // 2
    found: list[tuple[int, tuple[int, ...], int]] = []
    for index, house in enumerate(shape.house_sets):
        inside = [cage for cage in shape.cages if house.issuperset(cage.cells)]
        left = house.difference(*(cage.cells for cage in inside))
        if 0 < len(left) < shape.n:
            found.append((index, tuple(sorted(left)), house_total - sum(cage.total for cage in inside)))
    return found
