"""The grid fill of grids.py and its singles check, compiled (the fast extra).

The same steps as grids._fill on the kernel's arrays, so a seed gives the
same grids with and without Numba. Imported only when Numba is there.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...board.geometry import Shape
from .jit import njit
from .kernel import PLACED, Geometry, place, popcount, start, values_of
from .kernel_tables import kernel_tables


@njit
def _fewest_candidates(row: np.ndarray) -> int:
    """The open cell with the fewest candidates (the first with one or none),
    or -1 when every cell is placed."""
    best = -1
    best_size = 1 << 20
    for c in range(row.shape[0]):
        m = row[c]
        if m & PLACED:
            continue
        size = popcount(m)
        if size < best_size:
            best_size = size
            best = c
            if size <= 1:
                break
    return best


@njit
def _kth_candidate(rest: int, word: int) -> int:
    """The bit of candidate number k of ``rest``, k drawn uniformly from a
    32-bit word: the word times the count, shifted."""
    k = (int(word) * popcount(rest)) >> 32
    for _ in range(k):
        rest &= rest - 1  # drop the lowest candidate k times
    return rest & -rest


@njit
def _fill(
    words: np.ndarray,
    stack: np.ndarray,
    branch_cell: np.ndarray,
    branch_rest: np.ndarray,
    queue: np.ndarray,
    geo: Geometry,
    full: int,
    budget: int,
    out: np.ndarray,
) -> int:
    """Fill ``out`` with a random complete grid drawn with ``words``;
    returns 1, or 0 when the words or the budget of branches ran out first.

    Forward checking only: each placed value leaves its peers (the kernel's
    ``place``), and the singles it leaves behind are not propagated, so the
    next branch is simply the cell with fewest candidates.
    """
    stack[0, :] = full
    used = 0
    d = 0
    nodes = 0
    descend = True
    while True:
        if descend:
            best = _fewest_candidates(stack[d])
            if best < 0:
                values_of(stack[d], out, full)
                return 1
            branch_cell[d] = best
            branch_rest[d] = stack[d, best]
            descend = False
        rest = branch_rest[d]
        if rest == 0:
            d -= 1
            if d < 0:
                return 0  # cannot happen from an empty board; kept for safety
            continue
        nodes += 1
        if nodes > budget or used == words.shape[0]:
            return 0
        bit = _kth_candidate(rest, words[used])
        used += 1
        branch_rest[d] = rest ^ bit
        stack[d + 1, :] = stack[d]
        if place(stack[d + 1], branch_cell[d], bit, geo, queue, 0) >= 0:
            d += 1
            descend = True


def fill(shape: Shape, words: Sequence[int], budget: int) -> list[int] | None:
    """grids._fill, compiled: the grid drawn with ``words``, or None."""
    table = kernel_tables(shape)
    cells = shape.size
    stack = np.empty((cells + 1, cells), dtype=np.int64)
    branch_cell = np.empty(cells + 1, dtype=np.int64)
    branch_rest = np.empty(cells + 1, dtype=np.int64)
    queue = np.empty(cells * 8 + 8, dtype=np.int64)  # place() queues singles; the fill ignores them
    out = np.empty(cells, dtype=np.int64)
    drawn = np.asarray(words, dtype=np.uint32)
    if not _fill(drawn, stack, branch_cell, branch_rest, queue, table.geometry(), table.full, budget, out):
        return None
    return [int(v) for v in out.tolist()]


def singles_solve(shape: Shape, givens: Sequence[int]) -> bool:
    """grids.singles_solve on the kernel's propagation."""
    table = kernel_tables(shape)
    state = np.empty(shape.size, dtype=np.int64)
    queue = np.empty(shape.size * 8 + 8, dtype=np.int64)
    if not start(np.asarray(givens, dtype=np.int64), state, queue, table.geometry(), table.full):
        return False
    return bool(np.all(state & PLACED))
