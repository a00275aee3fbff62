"""A fresh board and solution grid per generated puzzle, for the variants
whose shape is drawn with the puzzle: a jigsaw's regions, a killer's cages.

A jigsaw map starts as the boxes and is reshaped by random trades: a cell
on the edge of a region passes to the neighbouring region while a cell of
that region on the same edge comes back, kept only when both regions stay
connected. Not every map has a complete grid; a map the solver finds none
for is drawn again. A killer's grid is a classic grid, and its cages grow
from it (killer_cages.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..board.geometry import Shape
from ..board.puzzle import Puzzle
from ..board.variants import BOX_REGIONS, CAGE_MAP_AND_SUMS, REGION_MAP, LineFields, jigsaw, killer, line_fields_of
from ..search.solver import solve
from .grids import random_grid
from .killer_cages import grow_cages, killer_shape

# Trades tried on a map; about half keep both regions connected.
TRADES = 300


def _neighbours(cell: int) -> list[int]:
    row, col = divmod(cell, 9)
    near = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return [9 * r + c for r, c in near if 0 <= r < 9 and 0 <= c < 9]


def _connected(regions: list[str], name: str) -> bool:
    cells = [c for c in range(81) if regions[c] == name]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for n in _neighbours(todo.pop()):
            if regions[n] == name and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def random_regions(rng: random.Random, trades: int = TRADES) -> str:
    """A region map of nine connected regions of nine cells."""
    regions = list(BOX_REGIONS)
    for _ in range(trades):
        a = rng.randrange(81)
        others = [n for n in _neighbours(a) if regions[n] != regions[a]]
        if not others:
            continue
        b = rng.choice(others)
        mine, theirs = regions[a], regions[b]
        # a cell of b's region, next to a's region, goes the other way
        back = [
            c for c in range(81) if regions[c] == theirs and c != b and any(regions[n] == mine for n in _neighbours(c))
        ]
        if not back:
            continue
        c = rng.choice(back)
        regions[a], regions[c] = theirs, mine
        if not (_connected(regions, mine) and _connected(regions, theirs)):
            regions[a], regions[c] = mine, theirs
    return "".join(regions)


def _jigsaw_board(rng: random.Random) -> tuple[Shape, tuple[int, ...]]:
    """A random region map, and a grid of it."""
    while True:
        board = jigsaw(random_regions(rng))
        if solve(Puzzle(board, (0,) * 81)) is not None:  # random_grid would never end on a map without a grid
            return board, random_grid(board, rng)


def _killer_board(rng: random.Random) -> tuple[Shape, tuple[int, ...]]:
    """A classic grid, and cages grown from it."""
    grid = random_grid(killer("", ()), rng)
    return killer_shape(grid, grow_cages(grid, rng)), grid


# How a board whose lines carry fields is drawn anew, by what the fields say.
_NEW_BOARDS: dict[LineFields, Callable[[random.Random], tuple[Shape, tuple[int, ...]]]] = {
    REGION_MAP: _jigsaw_board,
    CAGE_MAP_AND_SUMS: _killer_board,
}


def board_and_grid(shape: Shape, rng: random.Random) -> tuple[Shape, tuple[int, ...]]:
    """The board of the next puzzle (``shape`` itself unless its lines carry
    a region map or cages) and a random complete grid of it."""
    fields = line_fields_of(shape)
    if fields is None:
        return shape, random_grid(shape, rng)
    return _NEW_BOARDS[fields](rng)
