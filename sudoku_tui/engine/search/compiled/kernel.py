"""The compiled search: bit-set candidates, singles, depth-first search.

Glossary (see geometry.py for cells and houses):

- *state*: one int64 per cell. Bits ``0 .. n-1`` are the values the cell may
  still take (bit ``v-1`` for value ``v``); bit ``PLACED`` says the cell's
  single value has been placed, i.e. removed from all its peers. Copying one
  row of a state array is all a search node costs.
- *geometry*: ``peers`` (cells x max peers, padded), ``peer_count``,
  ``houses`` (houses x n) and a killer's cages (empty elsewhere; see
  kernel_cages.py): what
  :meth:`sudoku_tui.engine.search.compiled.kernel_tables.KernelTables.geometry` gives for a Shape,
  so one kernel serves 4x4, 9x9, 16x16 and Samurai.
- *propagation*: naked singles (a cell with one candidate is placed) and
  hidden singles (a value with one place in a house goes there), then the
  cages' combinations, until nothing changes or a contradiction shows.

Every function here is compiled by Numba (see jit.py) and uses only its
subset of Python: arrays, ints, loops. The search is resumable: all of its
state lives in arrays the caller owns, so a caller can run it a budget of
nodes at a time, poll for cancellation and report progress in between.
"""

from __future__ import annotations

import numpy as np

from .jit import njit
from .kernel_cages import prune_cages

PLACED = 1 << 30

# (peers, peer_count, houses, cage cells, cage sizes, combination ranges,
# combinations): the shape's arrays (shape_tables.KernelTables.geometry).
Geometry = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]

# meta[] slots of a resumable search
DEPTH, MODE, COUNT, NODES = 0, 1, 2, 3
# modes: look at the state on top of the stack / try the next value of the
# branch at the current depth / finished (searched everything or hit the limit)
DESCEND, ADVANCE, FINISHED = 0, 1, 2


@njit
def popcount(x: int) -> int:
    # 32-bit SWAR count: every mask here fits in 31 bits.
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit
def place(state: np.ndarray, cell: int, bit: int, geo: Geometry, queue: np.ndarray, qlen: int) -> int:
    """Place ``bit`` in ``cell`` and remove it from the peers; cells left
    with one candidate go on ``queue``. Returns the new queue length, or -1
    on a contradiction (a peer holds the value or has nothing left)."""
    peers, peer_count = geo[0], geo[1]
    state[cell] = bit | PLACED
    for i in range(peer_count[cell]):
        p = peers[cell, i]
        m = state[p]
        if m & bit:
            if m & PLACED:
                return -1
            m ^= bit
            if m == 0:
                return -1
            state[p] = m
            if m & (m - 1) == 0:
                queue[qlen] = p
                qlen += 1
    return qlen


@njit
def propagate(  # noqa: C901 - the hot loop, one piece: split (even inlined) it solved 8-15 % slower
    state: np.ndarray, queue: np.ndarray, qlen: int, geo: Geometry, full: int
) -> bool:
    """Naked and hidden singles to a fixed point; False on a contradiction.

    Each hidden single is placed (with the naked singles it causes) as soon
    as its house is scanned, so later houses in the same sweep already see
    it; sweeps repeat until one places nothing.
    """
    houses = geo[2]
    n = houses.shape[1]
    changed = True
    while changed:  # noqa: PLR1702 - see the function's first line
        changed = False
        for h in range(-1, houses.shape[0]):
            if h >= 0:
                once = 0
                twice = 0
                done = 0  # values already placed in this house
                for k in range(n):
                    raw = state[houses[h, k]]
                    m = raw & full
                    twice |= once & m
                    once |= m
                    if raw & PLACED:
                        done |= m
                if once != full:
                    return False  # some value has no place left in this house
                hidden = once & ~twice & ~done
                if hidden == 0:
                    continue
                for k in range(n):
                    cell = houses[h, k]
                    m = state[cell]
                    x = m & hidden
                    if x and not m & PLACED:
                        if x & (x - 1):
                            return False  # one cell would need two values
                        state[cell] = x
                        queue[qlen] = cell
                        qlen += 1
            # h == -1: the singles the caller queued, before the first house
            while qlen > 0:
                qlen -= 1
                cell = queue[qlen]
                m = state[cell]
                if m & PLACED:
                    continue
                qlen = place(state, cell, m, geo, queue, qlen)
                if qlen < 0:
                    return False
                changed = True
        if not changed and geo[3].shape[0] > 0:  # singles are done: the cages' turn
            qlen, changed = prune_cages(state, queue, geo, full)
            if qlen < 0:
                return False
    return True


@njit
def start(givens: np.ndarray, state: np.ndarray, queue: np.ndarray, geo: Geometry, full: int) -> bool:
    """Fill ``state`` from the givens (0 = empty) and propagate; False when
    the givens conflict or propagation finds a contradiction."""
    for c in range(state.shape[0]):
        state[c] = full
    qlen = 0
    for c in range(givens.shape[0]):
        v = int(givens[c])  # int: a uint8 would overflow in the shift below
        if v:
            bit = 1 << (v - 1)
            m = state[c]
            if (m & PLACED) or not (m & bit):
                return False
            qlen = place(state, c, bit, geo, queue, qlen)
            if qlen < 0:
                return False
    return propagate(state, queue, qlen, geo, full)


@njit
def values_of(state: np.ndarray, out: np.ndarray, full: int) -> None:
    """Cell values of a solved state (each cell holds one bit)."""
    for c in range(state.shape[0]):
        out[c] = popcount((state[c] & full) - 1) + 1


@njit
def search(  # noqa: C901, PLR0915 - the hot loop, one piece: split it solved 8-15 % slower
    stack: np.ndarray,
    branch_cell: np.ndarray,
    branch_rest: np.ndarray,
    meta: np.ndarray,
    solution: np.ndarray,
    limit: int,
    in_order: bool,
    budget: int,
    queue: np.ndarray,
    geo: Geometry,
    full: int,
) -> None:
    """Depth-first search from ``stack[0]`` (already propagated), resumable.

    Counts solutions into ``meta[COUNT]`` up to ``limit`` and writes the
    first one found to ``solution``. Branches on the cell with the fewest
    candidates, or with ``in_order`` on the first open cell in cell order,
    values ascending, so that the first solution found is the first in
    row-major order. Returns after ``budget`` branch nodes with the state
    kept in the arrays; ``meta[MODE] == FINISHED`` when done.
    """
    cells = stack.shape[1]
    d = meta[DEPTH]
    mode = meta[MODE]
    count = meta[COUNT]
    nodes = 0
    while mode != FINISHED:  # noqa: PLR1702 - see the function's first line
        if mode == DESCEND:
            row = stack[d]
            best = -1
            best_size = 1 << 20
            for c in range(cells):
                m = row[c]
                if m & PLACED:
                    continue
                if in_order:
                    best = c
                    break
                size = popcount(m)
                if size < best_size:
                    best_size = size
                    best = c
                    if size == 2:
                        break
            if best < 0:
                count += 1
                if count == 1:
                    values_of(row, solution, full)
                if count >= limit:
                    mode = FINISHED
                    break
                d -= 1
                mode = ADVANCE
            else:
                branch_cell[d] = best
                branch_rest[d] = row[best]
                mode = ADVANCE
        else:
            if d < 0:
                mode = FINISHED
                break
            rest = branch_rest[d]
            if rest == 0:
                d -= 1
                continue
            bit = rest & -rest
            branch_rest[d] = rest ^ bit
            nodes += 1
            child = stack[d + 1]
            child[:] = stack[d]
            qlen = place(child, branch_cell[d], bit, geo, queue, 0)
            if qlen >= 0 and propagate(child, queue, qlen, geo, full):
                d += 1
                mode = DESCEND
            if nodes >= budget:
                break
    meta[DEPTH] = d
    meta[MODE] = mode
    meta[COUNT] = count
    meta[NODES] += nodes


@njit
def solve_batch(
    givens: np.ndarray,
    first: int,
    budget: int,
    count_only: bool,
    limit: int,
    in_order_nodes: int,
    counts: np.ndarray,
    solutions: np.ndarray,
    stack: np.ndarray,
    branch_cell: np.ndarray,
    branch_rest: np.ndarray,
    queue: np.ndarray,
    geo: Geometry,
    full: int,
) -> int:
    """Solve (or count) the rows of ``givens`` from ``first`` on in one
    compiled loop, so a file costs no Python work per puzzle.

    Counting: ``counts[i]`` is the number of solutions up to ``limit``.
    Solving, the same portfolio as solver.solve: the search in cell order
    within ``in_order_nodes`` gives the row-major first solution directly
    (count 0 or 1); past the budget the fewest-candidates search counts to
    two: 1 means that solution is the answer, 2 means several solutions
    exist and the caller must find the first (rare, left to Python).

    The call stops once its rows took ``budget`` branch nodes, so that the
    caller hears Ctrl-C (or its own stop) between calls: the row that ran
    the budget out gets count -1, for the caller's resumable search, and
    the row to go on from is returned (``givens.shape[0]`` when done).
    """
    meta = np.zeros(4, dtype=np.int64)
    nodes = 0
    for i in range(first, givens.shape[0]):
        if nodes >= budget:
            return i
        if not start(givens[i], stack[0], queue, geo, full):
            counts[i] = 0
            continue
        meta[:] = 0
        if not count_only:
            search(
                stack,
                branch_cell,
                branch_rest,
                meta,
                solutions[i],
                1,
                True,
                min(in_order_nodes, budget - nodes),
                queue,
                geo,
                full,
            )
            nodes += meta[NODES]
            if meta[MODE] == FINISHED:
                counts[i] = meta[COUNT]
                continue
            meta[:] = 0
        if nodes < budget:
            search(
                stack,
                branch_cell,
                branch_rest,
                meta,
                solutions[i],
                limit,
                False,
                budget - nodes,
                queue,
                geo,
                full,
            )
            nodes += meta[NODES]
            if meta[MODE] == FINISHED:
                counts[i] = meta[COUNT]
                continue
        counts[i] = -1
        return i + 1
    return int(givens.shape[0])
