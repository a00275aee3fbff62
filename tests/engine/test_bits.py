"""Bit counts as processor instructions (compiled/bits.py) agree with Python's."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from sudoku_tui.engine.search.compiled import bits
from tests.search_paths import compiled_search_available

# Every width the kernels use: single bits, 27-bit band masks, the sign bit of an int64.
VALUES = [1, 2, 3, 511, (1 << 27) - 1, 1 << 26, 1 << 62, -(1 << 63), -1] + [
    random.Random(9).getrandbits(63) | 1 << k for k in range(63)
]


def expected_lowest(x: int) -> int:
    return ((x & -x) & ((1 << 64) - 1)).bit_length() - 1


def as_int64(x: int) -> int:
    return int(np.int64(np.uint64(x & ((1 << 64) - 1))))


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_compiled_counts_match_python() -> None:
    # Imported here: only with Numba installed, and compiled per run of this test.
    from numba import njit

    def both(values: np.ndarray, out: np.ndarray) -> None:
        for i in range(values.shape[0]):
            out[i, 0] = bits.ones(values[i])
            out[i, 1] = bits.lowest(values[i])

    compiled: Callable[[np.ndarray, np.ndarray], Any] = njit(both)
    values = np.array([as_int64(x) for x in VALUES], dtype=np.int64)
    out = np.zeros((len(values), 2), dtype=np.int64)
    compiled(values, out)
    for x, (ones, lowest) in zip(VALUES, out.tolist(), strict=True):
        assert ones == (x & ((1 << 64) - 1)).bit_count()
        assert lowest == expected_lowest(x)


def test_plain_counts_match_python() -> None:
    for x in VALUES:
        if x > 0:
            assert bits._ones(x) == x.bit_count()
            assert bits._lowest(x) == expected_lowest(x)


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_a_borrowed_array_is_the_same_memory() -> None:
    # Imported here: only with Numba installed, and compiled per run of this test.
    from numba import njit

    def through_borrowed(grid: np.ndarray) -> int:
        view = bits.borrowed(grid)
        total = 0
        for r in range(view.shape[0]):
            row = view[r]  # a row of a borrowed array: no reference count either
            for c in range(row.shape[0]):
                row[c] += 10 * r + c
                total += row[c]
        return total

    compiled: Callable[[np.ndarray], int] = njit(through_borrowed)
    grid = np.ones((3, 4), dtype=np.int64)
    assert compiled(grid) == 12 + sum(10 * r + c for r in range(3) for c in range(4))
    assert grid.tolist() == [[1 + 10 * r + c for c in range(4)] for r in range(3)]
    column = np.zeros((4, 4), dtype=np.int64)[:, 1:2]  # strided: the borrowed view keeps the strides
    compiled(column)
    assert column.ravel().tolist() == [0, 10, 20, 30]


def test_plain_borrowed_is_the_array_itself() -> None:
    grid = np.zeros(3, dtype=np.int64)
    assert bits._borrowed(grid) is grid
