"""The compiled search (kernel.py) behind the operations solver.py asks of a search.

Imported only when Numba is there (backend.py); pure.PureSearch offers
the same operations in plain Python. A state is one int64 per cell, as the
kernel keeps it; every operation that changes one returns a new array, so
callers can keep the old one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...board.geometry import Shape
from ...progress import Cancelled, ProgressCallback, StopCheck
from . import kernel
from .kernel_tables import kernel_tables

# Branch nodes between two polls of should_stop: a few milliseconds of work.
_POLL_NODES = 4096
_NO_BUDGET = 1 << 62


class KernelSearch:
    """The arrays of one resumable search over one shape."""

    keeps_cages = True  # the kernel checks cage sums as it places values (kernel_cages.py)
    in_order_share = 1

    def __init__(self, shape: Shape) -> None:
        table = kernel_tables(shape)
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
        state = np.empty(t.cells, dtype=np.int64)  # start() writes every cell
        # bytes() turns the values (all below 256) into an array in one C call.
        ok = kernel.start(np.frombuffer(bytes(givens), dtype=np.uint8), state, self.queue, self.geo, t.full)
        return state if ok else None

    def assign(self, state: np.ndarray, cell: int, bit: int) -> np.ndarray | None:
        """``state`` with a value placed in ``cell``, propagated."""
        t = self.table
        state = state.copy()
        qlen = kernel.place(state, cell, bit, self.geo, self.queue, 0)
        ok = qlen >= 0 and kernel.propagate(state, self.queue, qlen, self.geo, t.full)
        return state if ok else None

    def exclude(self, state: np.ndarray, cell: int, bit: int) -> np.ndarray | None:
        """``state`` with one candidate of ``cell`` removed, propagated."""
        t = self.table
        state = state.copy()
        left = int(state[cell]) & ~bit
        state[cell] = left
        if left == 0:
            return None
        qlen = 0
        if left & (left - 1) == 0:
            self.queue[0] = cell
            qlen = 1
        return state if kernel.propagate(state, self.queue, qlen, self.geo, t.full) else None

    def open_candidates(self, state: np.ndarray, cell: int) -> int:
        """The candidates of an open cell (bit v-1 for value v); 0 for a placed cell."""
        mask = int(state[cell])
        return 0 if mask & kernel.PLACED else mask

    def fixed_and_candidates(self, state: np.ndarray) -> tuple[list[int], list[int]]:
        """Each cell's placed value (0 when open) and candidates (0 when placed)."""
        fixed, candidates = [], []
        full = self.table.full
        for mask in state.tolist():
            placed = mask & kernel.PLACED
            fixed.append((mask & full).bit_length() if placed else 0)
            candidates.append(0 if placed else mask)
        return fixed, candidates

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
