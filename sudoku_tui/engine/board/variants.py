"""The 9x9 variants: one :class:`Variant` record each, in :data:`VARIANTS`
(docs/choices/variants.md and docs/puzzle-files.md).

Each variant is a :class:`~sudoku_tui.engine.board.geometry.Shape` like any
other board, so every part reads its houses the same way:

- ``x`` (Sudoku X): the classic houses, then both main diagonals;
- ``windoku``: the classic houses, then four 3x3 windows whose top-left
  cells are r2c2, r2c6, r6c2 and r6c6;
- ``jigsaw``: rows, columns, and the file's nine regions in place of the
  boxes (one shape per region map);
- ``killer``: the classic houses plus cages, cells whose values differ and
  add up to the cage's total (one shape per cage map and sums).

A jigsaw or killer puzzle line carries its shape: its givens, then the
region map (or the cage map and sums), its :class:`LineFields`.
:func:`shape_of_line` reads the shape from a line the file reader has
already validated; the *template* of a variant (:func:`variant_template`)
is the shape a file of that variant is known by before its lines are read.

Everything else the code asks of a variant is a field of its record, so a
part never tests a variant's name: the other parts look the record up
(:func:`find_variant`, :func:`variant_of`) when they need it, and a
variant added to the table reaches the files, the store, the command line
and the New Puzzle dialog.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Literal

from .geometry import SYMBOLS, Cage, House, Shape, square

GIVENS = 81  # every variant is a 9x9 board
WINDOW_CORNERS = ((1, 1), (1, 5), (5, 1), (5, 5))
# The region map of the classic boxes: a jigsaw whose regions are the boxes.
BOX_REGIONS = "".join(str(3 * (row // 3) + col // 3 + 1) for row in range(9) for col in range(9))

# Shapes made per line are kept for the lines played or solved lately; a big
# file's lines each make one, so the cache is bounded.
_PER_LINE_CACHE = 512

# What the board outlines beyond its grid lines: a jigsaw's regions (drawn
# in place of the boxes), a killer's cages, or nothing.
Outline = Literal["", "regions", "cages"]
# Why a line's fields fail, as file reading words it (variant_lines.py).
FieldFailure = Literal["length", "character", "region", "cage"]

_REGION_NAMES = frozenset("123456789")
_CAGE_NAMES = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_SUM_CHARACTERS = frozenset("0123456789,")


class BadField(ValueError):
    """The first failure among a line's fields."""

    def __init__(self, failure: FieldFailure) -> None:
        super().__init__(failure)
        self.failure: FieldFailure = failure


@dataclass(frozen=True)
class LineFields:
    """What a puzzle line carries after its givens: the fields that make
    its shape, one line's board differing from the next."""

    count: int  # fields after the givens
    label_separator: re.Pattern[str]  # what ends the last field, before the label
    check: Callable[[list[str]], None]  # raises BadField at the first failure of the fields
    shape: Callable[[list[str]], Shape]  # the shape of fields that passed the check


@dataclass(frozen=True)
class Variant:
    """Everything the code asks of one variant."""

    name: str  # its files' first line, ``--variant``, the store's board name
    title: str  # its name in the New Puzzle dialog
    template: Callable[[], Shape]  # the shape (the houses) a file of it is known by
    line_fields: LineFields | None = None  # None: a line carries its givens only
    shuffled: bool = False  # a made grid's rows and columns may move (no diagonal, window or region to break)
    uniqueness: bool = False  # the uniqueness techniques apply (written for the classic houses only)
    outline: Outline = ""


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


def check_text(text: str, length: int, allowed: frozenset[str]) -> None:
    """One field: its length, then its characters."""
    if len(text) != length:
        raise BadField("length")
    if not allowed.issuperset(text):
        raise BadField("character")


def _groups(names: str) -> list[list[int]]:
    """The cells of each name, in the order of each name's first cell."""
    groups: dict[str, list[int]] = {}
    for cell, name in enumerate(names):
        groups.setdefault(name, []).append(cell)
    return list(groups.values())


def _connected(cells: list[int]) -> bool:
    """Are the cells one orthogonally connected piece of the 9x9 board?"""
    inside = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        cell = todo.pop()
        row, col = divmod(cell, 9)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            neighbour = 9 * r + c
            if 0 <= r < 9 and 0 <= c < 9 and neighbour in inside and neighbour not in seen:
                seen.add(neighbour)
                todo.append(neighbour)
    return len(seen) == len(inside)


def _check_regions(fields: list[str]) -> None:
    """A region map: nine connected regions of nine cells."""
    check_text(fields[0], GIVENS, _REGION_NAMES)
    groups = _groups(fields[0])
    if len(groups) != 9 or any(len(cells) != 9 or not _connected(cells) for cells in groups):
        raise BadField("region")


def _check_cages(fields: list[str]) -> None:
    """A cage map of connected cages, then a total for each that its cells can add up to."""
    check_text(fields[0], GIVENS, _CAGE_NAMES)
    groups = _groups(fields[0])
    if any(not _connected(cells) for cells in groups):
        raise BadField("cage")
    if len(fields) < 2 or not fields[1]:
        raise BadField("length")
    if not _SUM_CHARACTERS.issuperset(fields[1]):
        raise BadField("character")
    totals = fields[1].split(",")
    if len(totals) != len(groups) or not all(totals):
        raise BadField("cage")
    if any(not cage_combinations(len(cells), int(total)) for cells, total in zip(groups, totals, strict=True)):
        raise BadField("cage")


REGION_MAP = LineFields(1, re.compile(r"[ \t,]"), _check_regions, lambda fields: jigsaw(fields[0]))
# A killer's sums hold commas, so only a space or a tab ends them.
CAGE_MAP_AND_SUMS = LineFields(
    2,
    re.compile(r"[ \t]"),
    _check_cages,
    lambda fields: killer(fields[0], tuple(int(total) for total in fields[1].split(","))),
)

# The table: every list of variants (files, store, command line, New Puzzle
# dialog) is read from it, in this order.
VARIANTS: tuple[Variant, ...] = (
    Variant("x", "Sudoku X", sudoku_x),
    Variant("windoku", "Windoku", windoku),
    Variant("jigsaw", "Jigsaw", lambda: jigsaw(BOX_REGIONS), REGION_MAP, outline="regions"),
    # Cages are made after the grid, so the classic houses alone may be shuffled.
    Variant("killer", "Killer", lambda: killer("", ()), CAGE_MAP_AND_SUMS, shuffled=True, outline="cages"),
)


def variant_names() -> tuple[str, ...]:
    """The names of the variants, in the table's order."""
    return tuple(variant.name for variant in VARIANTS)


def find_variant(name: str) -> Variant:
    """The variant of this name."""
    for variant in VARIANTS:
        if variant.name == name:
            return variant
    raise ValueError(f"no variant named {name!r}")


def variant_of(shape: Shape) -> Variant | None:
    """The shape's variant, None for a classic board (or a Samurai)."""
    return find_variant(shape.variant) if shape.variant else None


def variant_template(name: str) -> Shape:
    """The shape a file of this variant is known by (a jigsaw of the boxes, a killer without cages)."""
    return find_variant(name).template()


def line_fields_of(shape: Shape) -> LineFields | None:
    """What the shape's puzzle lines carry after their givens (None: nothing)."""
    variant = variant_of(shape)
    return None if variant is None else variant.line_fields


def shuffled(shape: Shape) -> bool:
    """A made grid of this board may have its rows and columns moved (a classic board's may)."""
    variant = variant_of(shape)
    return variant is None or variant.shuffled


def uniqueness_applies(shape: Shape) -> bool:
    """The uniqueness techniques apply on this board."""
    variant = variant_of(shape)
    return variant is None or variant.uniqueness


def outline_of(shape: Shape) -> Outline:
    """What the board outlines beyond its grid lines."""
    variant = variant_of(shape)
    return "" if variant is None else variant.outline


def shape_of_line(shape: Shape, line: str) -> Shape:
    """The shape of one validated puzzle line of a file whose shape is ``shape``."""
    fields = line_fields_of(shape)
    if fields is None or len(line) <= GIVENS:
        return shape
    return fields.shape(line[GIVENS + 1 :].split(" "))


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
