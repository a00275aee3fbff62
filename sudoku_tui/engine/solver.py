"""Fast solving, counting and checking.

Public API (kept stable for the game and the command line):

- ``solve(puzzle) -> tuple[int, ...] | None``: the reference algorithm's answer
  (classic.py; README, "The engine's answers").
- ``count_solutions(puzzle, limit=2) -> int``: 0 .. limit.
- ``is_solved(puzzle, values) -> bool``: the checking rule.
- ``candidates(shape, values) -> list[int]``: bit sets of the values each
  empty cell may still take (bit v-1 for value v), 0 for filled cells
  (conflicts.candidates, offered here beside the checking rule).

How ``solve`` gives the classic answer without the classic's slowness: the
compiled search (kernel.py) counts solutions up to two, branching on the cell
with the fewest candidates. One solution: it is the only one, so it is the
classic's. Several: starting from a solution S, cells are fixed in row-major
order; for each open cell every value below S's is tried and the search asks
whether the puzzle is still solvable with it. The first that is becomes the
cell's value (and its solution the new S); otherwise S's value is right.
That yields the first solution in row-major order with values ascending,
which is exactly what the classic's stack of guesses finds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from . import kernel
from .conflicts import candidates, conflicting_cells
from .geometry import Shape
from .progress import Cancelled, ProgressCallback
from .puzzle import Puzzle
from .sat import SatPuzzle
from .shape_tables import KernelTables, kernel_tables

__all__ = ["candidates", "count_solutions", "in_order_budget", "is_solved", "needs_sat", "solve"]

StopCheck = Callable[[], bool]

# Branch nodes between two polls of should_stop: a few milliseconds of work.
_POLL_NODES = 4096
_NO_BUDGET = 1 << 62
# Nodes the search in cell order may take on a 9x9 board before the
# portfolio switches to the fewest-candidates search (the hardest 9x9 puzzles
# need a few thousand); scaled by board size, since a node costs about that.
IN_ORDER_NODES = 20_000
# The same before handing a 16x16 board to SAT: a few milliseconds, enough
# for sparse boards (an empty one takes 175 nodes) whose first solution the
# SAT solver would have to narrow down cell by cell.
IN_ORDER_NODES_BEFORE_SAT = 2_000


class _Search:
    """The arrays of one resumable search over one shape."""

    def __init__(self, table: KernelTables) -> None:
        cells = table.cells
        self.table = table
        # Every row is written before it is read (the root by run(), the
        # others as copies of their parent), so no zero fill is needed.
        self.stack = np.empty((cells + 1, cells), dtype=np.int64)
        self.branch_cell = np.zeros(cells + 1, dtype=np.int64)
        self.branch_rest = np.zeros(cells + 1, dtype=np.int64)
        self.queue = np.zeros(cells * 8 + 8, dtype=np.int64)
        self.meta = np.zeros(4, dtype=np.int64)
        self.solution = np.zeros(cells, dtype=np.int64)
        self.geo = table.geometry()

    def start(self, givens: Sequence[int]) -> np.ndarray | None:
        """The propagated state of the givens, or None when they contradict."""
        t = self.table
        state = np.zeros(t.cells, dtype=np.int64)
        ok = kernel.start(np.asarray(givens, dtype=np.int64), state, self.queue, self.geo, t.full)
        return state if ok else None

    def assign(self, state: np.ndarray, cell: int, bit: int) -> bool:
        """Place a value in ``state`` (in place) and propagate."""
        t = self.table
        qlen = kernel.place(state, cell, bit, self.geo, self.queue, 0)
        return qlen >= 0 and kernel.propagate(state, self.queue, qlen, self.geo, t.full)

    def exclude(self, state: np.ndarray, cell: int, bit: int) -> bool:
        """Remove a candidate from ``state`` (in place) and propagate."""
        t = self.table
        left = int(state[cell]) & ~bit
        state[cell] = left
        if left == 0:
            return False
        qlen = 0
        if left & (left - 1) == 0:
            self.queue[0] = cell
            qlen = 1
        return bool(kernel.propagate(state, self.queue, qlen, self.geo, t.full))

    def run(
        self,
        state: np.ndarray,
        limit: int,
        in_order: bool,
        should_stop: StopCheck | None,
        progress: ProgressCallback | None = None,
        max_nodes: int = _NO_BUDGET,
    ) -> tuple[int, tuple[int, ...] | None]:
        """Count solutions from a propagated state up to ``limit``; also the
        first found. Count -1 when ``max_nodes`` ran out first."""
        t = self.table
        self.stack[0] = state
        self.meta[:] = 0
        while True:
            # A budget at a time even when nobody polls: Python runs between
            # two calls, so Ctrl-C stops a long count at once.
            budget = min(_POLL_NODES, max_nodes - int(self.meta[kernel.NODES]))
            kernel.search(
                self.stack,
                self.branch_cell,
                self.branch_rest,
                self.meta,
                self.solution,
                limit,
                in_order,
                budget,
                self.queue,
                self.geo,
                t.full,
            )
            if self.meta[kernel.MODE] == kernel.FINISHED:
                break
            if self.meta[kernel.NODES] >= max_nodes:
                return -1, None
            if should_stop is not None and should_stop():
                raise Cancelled()
            if progress is not None:
                progress(int(self.meta[kernel.NODES]), 0)
        count = int(self.meta[kernel.COUNT])
        return count, (tuple(int(v) for v in self.solution) if count else None)


def solve(
    puzzle: Puzzle,
    should_stop: StopCheck | None = None,
    progress: ProgressCallback | None = None,
) -> tuple[int, ...] | None:
    """The first solution in row-major order (values ascending), or None.

    ``should_stop()`` is polled every few thousand search nodes and raises
    :class:`Cancelled`; ``progress(nodes, 0)`` reports work done (no total
    is known in advance).
    """
    search = _Search(kernel_tables(puzzle.shape))
    state = search.start(puzzle.givens)
    if state is None:
        return None
    # Branching in cell order finds the row-major first solution directly and
    # needs no proof of uniqueness; it is fast on almost every puzzle, and the
    # node budget bounds the rare one where it wanders.
    sat = needs_sat(puzzle.shape)
    budget = IN_ORDER_NODES_BEFORE_SAT if sat else in_order_budget(puzzle.shape)
    count, first = search.run(state, 1, True, should_stop, progress, budget)
    if count >= 0:
        return first
    if sat:
        return _solve_sat(search.table, state, should_stop)
    count, first = search.run(state, 2, False, should_stop, progress)
    if count < 2:
        return first
    assert first is not None
    return _first_in_order(search, state, first, should_stop, progress)


def _first_in_order(
    search: _Search,
    state: np.ndarray,
    known: tuple[int, ...],
    should_stop: StopCheck | None,
    progress: ProgressCallback | None,
) -> tuple[int, ...]:
    """Narrow a puzzle with several solutions down to its row-major first one."""
    base = state.copy()
    best = known
    for cell in range(len(best)):
        open_values = int(base[cell])
        if open_values & kernel.PLACED:
            continue  # fixed by the choices before it, so best already holds it
        target = 1 << (best[cell] - 1)
        smaller = open_values & (target - 1)
        while smaller:
            bit = smaller & -smaller
            smaller ^= bit
            trial = base.copy()
            if search.assign(trial, cell, bit):
                count, found = search.run(trial, 1, False, should_stop, progress)
                if count:
                    assert found is not None
                    best, base = found, trial
                    break
            if not search.exclude(base, cell, bit):
                raise AssertionError("a known solution became impossible")
        else:
            if not search.assign(base, cell, target):
                raise AssertionError("a known solution became impossible")
    return best


def count_solutions(puzzle: Puzzle, limit: int = 2, should_stop: StopCheck | None = None) -> int:
    """Number of solutions, counting stops at ``limit``."""
    if limit < 1:
        return 0
    search = _Search(kernel_tables(puzzle.shape))
    state = search.start(puzzle.givens)
    if state is None:
        return 0
    if needs_sat(puzzle.shape):
        sat = SatPuzzle(search.table, state, should_stop)
        try:
            return sat.count(limit)[0]
        finally:
            sat.close()
    count, _ = search.run(state, limit, False, should_stop)
    return count


def in_order_budget(shape: Shape) -> int:
    """Node budget of the search in cell order on a board of this shape."""
    return IN_ORDER_NODES * 81 // shape.size


def needs_sat(shape: Shape) -> bool:
    # The depth-first search takes up to a minute on hard 16x16 puzzles,
    # where clause learning takes milliseconds; on 9x9 and Samurai the
    # compiled search is faster than building a formula.
    return shape.n > 9


def _solve_sat(table: KernelTables, state: np.ndarray, should_stop: StopCheck | None) -> tuple[int, ...] | None:
    sat = SatPuzzle(table, state, should_stop)
    try:
        count, first = sat.count(2)
        if count == 0 or first is None:
            return None
        return tuple(first if count == 1 else sat.first_in_order(first))
    finally:
        sat.close()


def is_solved(puzzle: Puzzle, values: Sequence[int]) -> bool:
    """Every cell filled, every given kept, no value twice in any house."""
    if len(values) != puzzle.shape.size or not all(values):
        return False
    if any(g and g != v for g, v in zip(puzzle.givens, values, strict=True)):
        return False
    return not conflicting_cells(puzzle.shape, values)
