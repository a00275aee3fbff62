"""Killer cages in the compiled search: which values each cage can still hold.

A cage of ``k`` cells with total ``t`` holds one of the sets of ``k``
different values adding up to ``t`` (its *combinations*, bit sets made once
per cage by shape_tables.cage_tables). A combination is still *viable* when
it holds every value already placed in the cage, every one of its values
still has a cell that may take it, and every open cell may take one of its
values. Each open cell then keeps only the values of the viable
combinations, and a value that every viable combination needs, with one
cell left for it, goes there. (That the cage's values differ is in the
peers: placing a value removes it from the cage's other cells.)
"""

from __future__ import annotations

import numpy as np

from .jit import njit

PLACED = 1 << 30  # kernel.PLACED (kernel imports this module)


@njit
def viable_values(state: np.ndarray, geo: tuple[np.ndarray, ...], cage: int, full: int) -> tuple[int, int]:
    """(values of the cage's viable combinations, values all of them need
    that are not placed yet); (0, 0) when no combination is viable."""
    cells, sizes, ranges, combinations = geo[3], geo[4], geo[5], geo[6]
    size = sizes[cage]
    placed = 0
    union = 0
    for k in range(size):
        m = state[cells[cage, k]]
        union |= m & full
        if m & PLACED:
            placed |= m & full
    possible = 0
    required = full
    for i in range(ranges[cage, 0], ranges[cage, 1]):
        combination = combinations[i]
        if placed & ~combination or union & combination != combination:
            continue
        fits = True
        for k in range(size):
            if state[cells[cage, k]] & combination == 0:
                fits = False
                break
        if fits:
            possible |= combination
            required &= combination
    if possible == 0:
        return 0, 0
    return possible, required & ~placed


@njit
def prune_cages(state: np.ndarray, queue: np.ndarray, geo: tuple[np.ndarray, ...], full: int) -> tuple[int, bool]:
    """Narrow every cage's cells to its viable combinations; cells left with
    one value go on ``queue``. Returns (queue length, whether anything
    changed); the length is -1 on a contradiction."""
    cells, sizes = geo[3], geo[4]
    qlen = 0
    changed = False
    for cage in range(sizes.shape[0]):
        possible, required = viable_values(state, geo, cage, full)
        if possible == 0:
            return -1, changed
        size = sizes[cage]
        for k in range(size):
            cell = cells[cage, k]
            m = state[cell]
            left = m & possible
            if m & PLACED or left == m:
                continue
            if left == 0:
                return -1, changed
            state[cell] = left
            changed = True
            if left & (left - 1) == 0:
                queue[qlen] = cell
                qlen += 1
        while required:
            bit = required & -required
            required ^= bit
            spot = -1
            places = 0
            for k in range(size):
                m = state[cells[cage, k]]
                if m & bit and not m & PLACED:
                    places += 1
                    spot = cells[cage, k]
            if places == 0:
                return -1, changed
            if places == 1 and state[spot] != bit:
                state[spot] = bit
                changed = True
                queue[qlen] = spot
                qlen += 1
    return qlen, changed
