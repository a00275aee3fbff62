"""A chunk of puzzle lines through the compiled search in one call at a time.

The lines become one array of givens, the kernel works through its rows a
budget of branch nodes per call (Python runs between two calls, so Ctrl-C
is heard within one budget), and the answers come back as plain lists: a
count per line (-1 where a budget ran out) and, when solving, each line's
solution written out. What to do with a line the kernel did not settle is
the caller's (engine/batch/solving.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...board.geometry import Shape
from . import kernel
from .kernel_tables import kernel_tables, lines_to_givens, solutions_to_lines
from .nine_batch import count_nine

# Branch nodes per kernel call on a 9x9 board (scaled by the board's cells):
# some 50 ms of search, so Ctrl-C is heard at once and calls cost nothing.
NODES_PER_CALL = 1 << 15


def solve_chunk(
    shape: Shape, lines: Sequence[str], count: bool, limit: int, in_order_budget: int
) -> tuple[list[int], list[str]]:
    """Each line's count of solutions (up to ``limit`` when counting, else up
    to 2; -1 where a call's budget ran out) and, when solving, its first
    solution as a line (meaningful only where the count is 1)."""
    table = kernel_tables(shape)
    givens = lines_to_givens(table, list(lines))
    rows, cells = givens.shape
    counts = np.zeros(rows, dtype=np.int64)
    solutions = np.zeros((rows, cells), dtype=np.uint8)
    stack = np.zeros((cells + 1, cells), dtype=np.int64)
    branch_cell = np.zeros(cells + 1, dtype=np.int64)
    branch_rest = np.zeros(cells + 1, dtype=np.int64)
    queue = np.zeros(cells * 8 + 8, dtype=np.int64)
    geo = table.geometry()
    budget = NODES_PER_CALL * 81 // cells
    row = 0
    while row < rows:
        row = kernel.solve_batch(
            givens,
            row,
            budget,
            count,
            limit if count else 2,
            in_order_budget,
            counts,
            solutions,
            stack,
            branch_cell,
            branch_rest,
            queue,
            geo,
            table.full,
        )
    return counts.tolist(), ([] if count else solutions_to_lines(table, solutions))


def count_nine_chunk(shape: Shape, lines: Sequence[str], limit: int) -> list[int]:
    """Counts of classic 9x9 lines by the 9x9 counter (nine_batch.py); -1 where a budget ran out."""
    return list(count_nine(lines_to_givens(kernel_tables(shape), list(lines)), limit).tolist())
