"""A compiled counter made for the classic 9x9 board: uniqueness proofs fast.

The general kernel (kernel.py) keeps one candidate mask per cell and serves
every shape. This one knows the 9x9 board and keeps it value by value
instead, in *bands* (three rows of boxes): for each value and band a 27-bit
mask of the cells that may still hold it, bit ``9 * row_in_band + column``.
That turns the rules into a few word operations:

- In one band a value sits once in each of its 3 rows and once in each of its
  3 boxes: its *mini-rows* (a row's 3 cells in one box) form a 3x3 grid in
  which the value takes a permutation. A mini-row in no permutation the mask
  still allows cannot hold it (``SHRINK``, one table look-up): this is every
  pointing and claiming between a row and a box, and more.
- In one stack (three columns of boxes) the same holds for bands and columns.
- Hidden singles in rows, boxes and columns, and naked singles (over the 9
  masks of a band, counted bit-parallel) place values.

A state is a row of 32 int64: the 27 masks (value ``d`` and band ``b`` at
``3 * d + b``), each band's open cells, and the cell a node branches on with
its values left. A search node copies the first 30 into the next row. Each
rule keeps a to-do set of the masks changed since it last looked (27 bits,
passed along in registers), so a node looks only at what its placement
touched. The counter
only counts (the solutions it finds are not kept), so it stands behind
``count_solutions`` and ``solve --count`` on 9x9; the answers are the general
kernel's, faster.

Speed (benchmarks/bench_kernel9.py): the search stack is *borrowed*
(bits.py), so that the rows and the inlined helpers cost no atomic
reference counts, which had been half of the time.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence

import numpy as np

from .bits import borrowed, lowest, ones
from .jit import njit, njit_inline

BAND = (1 << 27) - 1
ALL_MASKS = (1 << 27) - 1  # every (value, band) mask, as a to-do set
OPEN = 27  # state[OPEN + b]: the open cells of band b
WIDTH = 32  # a state row: 27 masks, 3 open-cell masks, the branch's cell and its values left
CELL, LEFT = 30, 31
NODES = 0  # tally[NODES]: the branch nodes the last count took
# the root, one level per cell and one per (value, band) at most: a level
# places a cell or settles a value's way through a band, each for good
DEPTHS = 1 + 81 + 27
BAND_BRANCH = 128  # state[CELL] at or above: a branch on a value's ways through a band
# A two-value cell that sees at least this many open cells is branched on,
# any other node on a value's ways through a band: of the thresholds tried
# (14-18, and either rule alone) the one with the best worst set against tdoku.
REACH = 16
SPREAD = 1 | 1 << 9 | 1 << 18  # a 9-bit column set times this: those columns in all 3 rows of a band


def _sure_lows(masks: list[int], shrink: list[int]) -> list[int]:
    """The mini-rows in every permutation a grid holds, as their lowest
    cells: a value's only cell in such a mini-row is its only cell in the
    row and in the box."""
    sure_lows = [0] * 512
    for grid in range(512):
        sure = shrink[grid]
        for mask in masks:
            if mask & grid == mask:
                sure &= mask
        sure_lows[grid] = sum(1 << (3 * bit) for bit in range(9) if sure >> bit & 1)
    return sure_lows


def _tables() -> tuple[np.ndarray, ...]:
    """The look-up tables, built once at import (a few thousand entries)."""
    boxes_of_row = [sum(1 << k for k in range(3) if row >> (3 * k) & 7) for row in range(512)]
    permutations = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    masks = [sum(1 << (3 * r + p[r]) for r in range(3)) for p in permutations]
    # grid bit 3 * r + k: line r crosses box k (or band r crosses column k of a stack)
    shrink = [0] * 512
    for grid in range(512):
        for mask in masks:
            if mask & grid == mask:
                shrink[grid] |= mask
    expand = [0] * 512  # mini-rows (bit 3 * r + k) to their cells in a band
    for minis in range(512):
        for bit in range(9):
            if minis >> bit & 1:
                expand[minis] |= 7 << (9 * (bit // 3) + 3 * (bit % 3))
    peers = [0] * 27  # a cell's row and box in its band, itself left out
    columns = [0] * 27
    for cell in range(27):
        row, col = divmod(cell, 9)
        for other in range(27):
            other_row, other_col = divmod(other, 9)
            if other != cell and (other_row == row or other_col // 3 == col // 3):
                peers[cell] |= 1 << other
        columns[cell] = SPREAD << col
    sure_lows = _sure_lows(masks, shrink)
    return tuple(np.array(table, dtype=np.int64) for table in (boxes_of_row, shrink, expand, peers, columns, sure_lows))


BOXES_OF_ROW, SHRINK, EXPAND, PEERS, COLUMNS, SURE_LOWS = _tables()
LOWS = SPREAD * 0b001001001  # the lowest cell of each mini-row of a band
# A value's ways through a band, as grids (bit 3 * row + box): the 6 permutations.
WAYS = np.array([sum(1 << (3 * r + p[r]) for r in range(3)) for p in itertools.permutations(range(3))], dtype=np.int64)
WAYS_IN = np.array([sum(1 << w for w in range(6) if WAYS[w] & g == WAYS[w]) for g in range(512)], dtype=np.int64)
WAY_COUNT = np.array([int(ways).bit_count() for ways in WAYS_IN.tolist()], dtype=np.int64)


@njit_inline
def _index(bit: int) -> int:
    return lowest(bit)


@njit_inline
def _value_of(i: int) -> int:
    """The value of mask ``i`` (0-26), ``i // 3`` without a division or a
    load, and known not negative (so no wrap-around code where it indexes)."""
    return (i * 11) >> 5


@njit_inline
def _place(state: np.ndarray, value: int, band: int, bit: int) -> int:
    """Put ``value`` (0-8) in the cell ``bit`` of ``band`` and take it from
    the cell's peers: the masks it changed (bit ``3 * value + band``, never
    none), or -1 when the value may no longer go there."""
    value &= 15  # no-ops that tell Numba the indices below are not negative
    band &= 3  # (else each index checks for a wrap-around)
    own = 3 * value + band
    if not state[own] & bit:
        return -1
    cell = _index(bit)
    state[OPEN + band] &= ~bit
    changed = 0
    for d in range(9):
        i = 3 * d + band
        m = state[i]
        state[i] = m & ~bit
        changed |= ((m >> cell) & 1) << i  # without a branch: which values lost the cell
    state[own] = (state[own] | bit) & ~PEERS[cell]  # own is in changed already
    column = COLUMNS[cell]
    base = 3 * value
    for b in range(3):
        i = base + b
        m = state[i]
        drop = column * (b != band)  # the column in the other bands (in its own, the box's)
        state[i] = m & ~drop
        changed |= int(m & drop != 0) << i
    return changed


@njit_inline
def _place_open(state: np.ndarray, value: int, band: int, cells: int) -> int:
    """``_place`` for each open cell of the mask ``cells`` of ``band``: -1 on
    a contradiction, else the masks changed (0 when nothing was placed)."""
    cells &= state[OPEN + band]
    changed = 0
    while cells:
        bit = cells & -cells
        cells ^= bit
        c = _place(state, value, band, bit)
        if c < 0:
            return -1
        changed |= c
    return changed


@njit_inline
def _bands(state: np.ndarray, todo: int) -> tuple[int, int]:
    """Mini-row permutations and hidden singles of rows and boxes in every
    (value, band) mask of the to-do set ``todo`` and those they change,
    until none is left: (-1 on a contradiction, else 0), and the masks
    changed (for the stacks to look at)."""
    changed = 0
    while todo:
        i = _index(todo)
        todo &= todo - 1
        m = state[i]
        # "& 511" on every index: Numba then knows it is not negative and
        # leaves out the wrap-around of a negative index (four instructions)
        grid = BOXES_OF_ROW[m & 511] | BOXES_OF_ROW[(m >> 9) & 511] << 3 | BOXES_OF_ROW[(m >> 18) & 511] << 6
        keep = SHRINK[grid & 511]
        if keep == 0:
            return -1, 0
        if keep != grid:
            m &= EXPAND[keep & 511]
            state[i] = m
            changed |= 1 << i
        value = _value_of(i)
        band = (i - 3 * value) & 3
        # hidden singles of rows and boxes, without a branch: the mini-rows
        # of one cell among those the value is sure to go in
        a, b, c = m & LOWS, (m >> 1) & LOWS, (m >> 2) & LOWS
        alone = (a ^ b ^ c) & ~(a & b & c) & SURE_LOWS[keep & 511]
        found = m & (alone * 7)
        p = _place_open(state, value, band, found)
        if p < 0:
            return -1, 0
        todo |= p
        changed |= p
    return 0, changed


@njit_inline
def _stacks(state: np.ndarray, todo: int) -> int:
    """The same for columns: band-column permutations in each stack, and
    hidden singles of columns, for the values of the to-do set ``todo``
    (bit ``3 * value + band``) and those they change, until none is left;
    -1 on a contradiction, else the masks changed (for the bands)."""
    changed = 0
    while todo:
        value = _value_of(_index(todo))
        base = 3 * value
        todo &= ~(7 << base)
        m0, m1, m2 = state[base], state[base + 1], state[base + 2]
        f0 = (m0 | m0 >> 9 | m0 >> 18) & 511
        f1 = (m1 | m1 >> 9 | m1 >> 18) & 511
        f2 = (m2 | m2 >> 9 | m2 >> 18) & 511
        n0 = n1 = n2 = 0
        for s in range(3):
            shift = 3 * s
            grid = (f0 >> shift) & 7 | ((f1 >> shift) & 7) << 3 | ((f2 >> shift) & 7) << 6
            keep = SHRINK[grid & 511]
            if keep == 0:
                return -1
            n0 |= (keep & 7) << shift
            n1 |= ((keep >> 3) & 7) << shift
            n2 |= ((keep >> 6) & 7) << shift
        for band in range(3):
            cols = n0 if band == 0 else n1 if band == 1 else n2
            others = (n1 | n2) if band == 0 else (n0 | n2) if band == 1 else (n0 | n1)
            m = state[base + band]
            kept = m & (cols * SPREAD)
            if kept != m:
                state[base + band] = kept
                changed |= 1 << (base + band)
            alone = cols & ~others  # columns whose value lies in this band
            if alone == 0:
                continue
            x = kept & (alone * SPREAD)
            r0, r1, r2 = x & 511, (x >> 9) & 511, x >> 18
            alone_in_column = (r0 & ~r1 & ~r2) | (r1 & ~r0 & ~r2) << 9 | (r2 & ~r0 & ~r1) << 18
            p = _place_open(state, value, band, alone_in_column)
            if p < 0:
                return -1
            changed |= p
            todo |= p
    return changed


@njit_inline
def _naked(state: np.ndarray) -> int:
    """Naked singles, band by band; -1 when a cell has no value left, else
    the masks changed."""
    changed = 0
    for band in range(3):
        once = twice = 0
        for d in range(9):
            m = state[3 * d + band]
            twice |= once & m
            once |= m
        if once != BAND:
            return -1
        single = once & ~twice & state[OPEN + band]
        while single:
            bit = single & -single
            single ^= bit
            cell = _index(bit)
            value = 0
            for d in range(9):  # the cell's one value, without a branch
                value += d * ((state[3 * d + band] >> cell) & 1)
            c = _place(state, value, band, bit)
            if c < 0:
                return -1
            changed |= c
    return changed


@njit_inline
def propagate(state: np.ndarray, changed: int) -> bool:
    """Every rule above to a fixed point, after the masks ``changed`` (bit
    ``3 * value + band``) changed; False on a contradiction. Each rule keeps
    a to-do set of the masks changed since it last looked (in registers,
    not in the state). The stacks, the dearest rule, wait until the bands
    and naked singles are quiet."""
    bands = stacks = changed
    while True:
        failed, more = _bands(state, bands)
        if failed:
            return False
        stacks |= more
        bands = _naked(state)
        if bands < 0:
            return False
        if bands:
            stacks |= bands
            continue
        bands = _stacks(state, stacks)
        if bands <= 0:
            return bands == 0
        stacks = 0


@njit_inline
def _givens(givens: np.ndarray, state: np.ndarray) -> bool:
    """The state of 81 givens (0 = empty), not propagated yet; False when
    two of them conflict."""
    for i in range(27):
        state[i] = BAND
    for b in range(3):
        state[OPEN + b] = BAND
    for c in range(81):
        v = int(givens[c])
        if v:
            band = c // 27
            bit = 1 << (c - 27 * band)
            if not state[OPEN + band] & bit or _place(state, v - 1, band, bit) < 0:
                return False
    return True


@njit
def start(givens: np.ndarray, state: np.ndarray) -> bool:
    """The propagated state of 81 givens (0 = empty); False on a contradiction."""
    return _givens(givens, state) and propagate(state, ALL_MASKS)


@njit_inline
def _fewest(state: np.ndarray, band: int, fewest: int) -> tuple[int, int]:
    """The open cells of ``band`` with the fewest values (two, three, or any),
    as (how many values, which cells); (fewest, 0) when none has fewer than
    ``fewest``."""
    open_cells = state[OPEN + band]
    c2 = c3 = c4 = once = 0  # cells with at least 2, 3, 4 values, counted bit-parallel
    for d in range(9):
        m = state[3 * d + band]
        c4 |= c3 & m
        c3 |= c2 & m
        c2 |= once & m
        once |= m
    two = open_cells & ~c3
    if two or fewest <= 2:
        return 2, two
    three = open_cells & ~c4
    if three or fewest <= 3:
        return 3, three
    return 4, open_cells & -open_cells


@njit_inline
def _branch(state: np.ndarray) -> int:
    """Choose the open cell to branch on; its place goes to ``state[CELL]``
    (band << 5 | bit), its values to ``state[LEFT]``. The open cells it
    sees when it has two values, else -1.

    Among the cells with the fewest values (two, else three), the one that
    sees the most open cells: placing a value there reaches furthest (on
    the hardest sets it took the nodes of a proof down by 40 %).
    """
    o0, o1, o2 = state[OPEN], state[OPEN + 1], state[OPEN + 2]
    best_band = best = 0
    best_score = -1
    size = 5
    for band in range(3):
        if state[OPEN + band] == 0:
            continue
        found, cells = _fewest(state, band, size)
        if cells == 0:
            continue
        if found < size:
            size, best_score = found, -1
        while cells:
            bit = cells & -cells
            cells ^= bit
            cell = _index(bit)
            column = COLUMNS[cell]
            score = ones(state[OPEN + band] & PEERS[cell])
            score += ones(o0 & column) + ones(o1 & column) + ones(o2 & column)
            if score > best_score:
                best_score, best_band, best = score, band, bit
    values = 0
    for d in range(9):
        if state[3 * d + best_band] & best:
            values |= 1 << d
    state[CELL] = best_band << 5 | _index(best)
    state[LEFT] = values
    return best_score if size == 2 else -1


@njit_inline
def _branch_band(state: np.ndarray) -> bool:
    """Choose a value's ways through a band to branch on, as tdoku does: the
    band with the fewest open cells, in it the value with the fewest ways
    left (two, mostly), of those the one with the fewest open cells. Its
    place goes to ``state[CELL]`` (BAND_BRANCH | band << 4 | value), its
    ways to ``state[LEFT]``; False when no band has an open cell.

    Alone, it took a fifth less time than cells on the hardest puzzles
    (fewer nodes, and cheaper) and a tenth more on top1465 (more nodes);
    after a cell that reaches far (REACH), the best of both."""
    band = -1
    fewest = 28
    for b in range(3):
        n = ones(state[OPEN + b])
        if 0 < n < fewest:
            band, fewest = b, n
    if band < 0:
        return False
    open_cells = state[OPEN + band]
    # the best as one key (ways, open cells, value), a min without a branch;
    # a value with one way left gets a key above every other
    best = 1 << 20
    for d in range(9):
        m = state[3 * d + band]
        # at the fixed point the mask's grid is a union of ways already
        grid = (BOXES_OF_ROW[m & 511] | BOXES_OF_ROW[(m >> 9) & 511] << 3 | BOXES_OF_ROW[(m >> 18) & 511] << 6) & 511
        ways = WAY_COUNT[grid] | (WAY_COUNT[grid] < 2) << 4
        best = min(best, ways << 9 | ones(m & open_cells) << 4 | d)
    if best >> 13:
        return False
    d = best & 15
    m = state[3 * d + band]
    grid = (BOXES_OF_ROW[m & 511] | BOXES_OF_ROW[(m >> 9) & 511] << 3 | BOXES_OF_ROW[(m >> 18) & 511] << 6) & 511
    state[CELL] = BAND_BRANCH | band << 4 | d
    state[LEFT] = WAYS_IN[grid]
    return True


@njit_inline
def _apply(state: np.ndarray, where: int, bit: int) -> int:
    """The branch ``where`` (``state[CELL]``) taken with its choice ``bit``
    of ``state[LEFT]``: the masks changed, -1 on a contradiction."""
    if where < BAND_BRANCH:
        return _place(state, _index(bit), where >> 5, 1 << (where & 31))
    i = 3 * (where & 15) + ((where >> 4) & 3)
    state[i] &= EXPAND[WAYS[_index(bit)] & 511]
    return 1 << i


@njit_inline
def _try_next(stack: np.ndarray, depth: int) -> int:
    """Place the next value left at ``depth`` into a copy one level down:
    the masks changed, to propagate (never none), or -1 when it cannot go."""
    row = stack[depth]
    left = row[LEFT]
    bit = left & -left
    row[LEFT] = left ^ bit
    child = stack[depth + 1]
    for i in range(OPEN + 3):
        child[i] = row[i]
    return _apply(child, row[CELL], bit)


@njit_inline
def count(givens: np.ndarray, limit: int, budget: int, stack: np.ndarray, tally: np.ndarray) -> int:
    """Solutions of 81 givens up to ``limit``; -1 when ``budget`` branch
    nodes did not settle it. ``stack`` is DEPTHS x WIDTH scratch, ``tally``
    NODES + 1 (``tally[NODES]`` gets the branch nodes taken)."""
    tally[NODES] = 0
    stack = borrowed(stack)  # the caller holds it: no atomic reference counts in the loop
    if not _givens(givens, stack[0]):
        return 0
    found = 0
    depth = 0
    nodes = 0
    changed = ALL_MASKS  # a row just made: the masks to propagate from (the root's, all)
    while depth >= 0:
        row = stack[depth]
        if changed:
            # the one place that propagates: its code, inlined, stands once in the loop
            fixed = propagate(row, changed)  # the parent was at its fixed point
            changed = 0
            if not fixed:
                depth -= 1
                continue
            if row[OPEN] | row[OPEN + 1] | row[OPEN + 2] == 0:
                found += 1
                if found >= limit:
                    break
                depth -= 1
                continue
            if _branch(row) < REACH:
                _branch_band(row)  # leaves the cell when it finds no band to branch on
        if row[LEFT] == 0:
            depth -= 1
            continue
        nodes += 1
        if nodes > budget:
            found = -1
            break
        changed = _try_next(stack, depth)
        if changed > 0:
            depth += 1
        else:
            changed = 0
    tally[NODES] = nodes
    return found


@njit
def count_batch(
    givens: np.ndarray,
    first: int,
    budget: int,
    limit: int,
    counts: np.ndarray,
    stack: np.ndarray,
    tally: np.ndarray,
) -> int:
    """``count`` for the rows of ``givens`` from ``first`` on, in one call.

    The call stops once its rows took ``budget`` branch nodes, so that the
    caller hears Ctrl-C between calls, and returns the row to go on from
    (``givens.shape[0]`` when done). A row the rest of a budget did not
    settle starts again in the next call; one that a whole budget did not
    settle gets -1, for the caller's resumable search.
    """
    spent = 0
    # no atomic reference counts per row
    givens, counts, stack, tally = borrowed(givens), borrowed(counts), borrowed(stack), borrowed(tally)
    for i in range(first, givens.shape[0]):
        found = count(givens[i], limit, budget - spent, stack, tally)
        if found < 0:
            if spent == 0:
                counts[i] = -1
                return i + 1
            return i
        counts[i] = found
        spent += tally[NODES] + 1  # a row costs at least its start
        if spent >= budget:
            return i + 1
    return int(givens.shape[0])


# Branch nodes a count may take before count_givens gives up and leaves the
# puzzle to the general search, which polls for cancellation: some 50 ms.
# Uniqueness proofs of the hardest known puzzles take a few thousand.
GIVE_UP_NODES = 1 << 16

_scratch = threading.local()


def scratch() -> tuple[np.ndarray, np.ndarray]:
    """This thread's stack and ``tally`` arrays (a count uses them one call at a time)."""
    kept: tuple[np.ndarray, np.ndarray] | None = getattr(_scratch, "arrays", None)
    if kept is None:
        kept = _scratch.arrays = (np.empty((DEPTHS, WIDTH), dtype=np.int64), np.empty(NODES + 1, dtype=np.int64))
    return kept


def count_givens(givens: Sequence[int], limit: int) -> int:
    """Solutions of a classic 9x9 board's 81 givens up to ``limit`` (at least
    1); -1 when it takes more than ``GIVE_UP_NODES`` nodes to tell."""
    stack, tally = scratch()
    # bytearray() turns the values (all below 10) into a writable array in
    # one C call; the batch of one row, with the types ``solve --count``
    # gives it, so that no second compiled copy of the count is made.
    rows = np.frombuffer(bytearray(givens), dtype=np.uint8).reshape(1, 81)
    counts = np.zeros(1, dtype=np.int64)
    count_batch(rows, 0, GIVE_UP_NODES, limit, counts, stack, tally)
    return int(counts[0])
