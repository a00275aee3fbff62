"""Random complete grids for every shape, and the singles check the generator digs with.

How a grid is made: a depth-first fill that always branches on the open cell
with the fewest candidates (forward checking removes each placed value from
the peers) and picks the value to try *at random* among that cell's
candidates, backtracking on a dead end. Every valid grid is reachable: for
any complete grid G, every partial fill that agrees with G leaves G's value
among the candidates of every open cell, so the run that picks G's value at
each branch never backtracks and has probability at least the product of
``1 / candidates`` along its way, which is above zero. The distribution is
not exactly uniform (no cheap exact sampler exists). On square boards the
filled grid then goes through a random transformation of those that keep a
grid valid (rows within their band, bands, columns within their stack,
stacks, transposition; relabelling needs none, as the fill treats all values
alike). Composing with a uniformly drawn transformation makes every grid
exactly as likely as each grid it can be transformed into, so the only bias
left is between essentially different grids, and every grid stays reachable.

Randomness: the caller's ``random.Random`` draws a buffer of 32-bit words
that the compiled loop consumes, one per branch. The words come straight
from the Mersenne Twister (19937 bits of state), so no small seed space caps
how many grids can come out: a 32-bit generator inside the loop could give
at most 2**32 different grids, far fewer than the 6.7e21 of 9x9. A seed gives
the same grids with and without Numba (the same integer arithmetic). A fill
that uses up its words or wanders too long (rare, on 16x16) starts again
with fresh words.
"""

from __future__ import annotations

import random

import numpy as np

from .geometry import Shape
from .jit import njit
from .kernel import PLACED, Geometry, place, popcount, start, values_of
from .shape_tables import kernel_tables

# Branch nodes a fill may spend before it restarts from a new seed.
_FILL_BUDGET = 20_000


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


def _words(rng: random.Random, count: int) -> np.ndarray:
    """``count`` 32-bit words straight from the Mersenne Twister."""
    return np.frombuffer(rng.getrandbits(32 * count).to_bytes(4 * count, "little"), dtype=np.uint32)


def random_grid(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid of ``shape``; the same ``rng`` state gives the same grid."""
    table = kernel_tables(shape)
    cells = shape.size
    stack = np.empty((cells + 1, cells), dtype=np.int64)
    branch_cell = np.empty(cells + 1, dtype=np.int64)
    branch_rest = np.empty(cells + 1, dtype=np.int64)
    queue = np.empty(cells * 8 + 8, dtype=np.int64)  # place() queues singles; the fill ignores them
    out = np.empty(cells, dtype=np.int64)
    count = cells + cells // 2  # a fill without dead ends takes one word per cell
    while not _fill(
        _words(rng, count), stack, branch_cell, branch_rest, queue, table.geometry(), table.full, _FILL_BUDGET, out
    ):
        count = min(2 * count, _FILL_BUDGET)
    if shape.is_samurai or shape.variant in ("x", "windoku", "jigsaw"):
        return tuple(out.tolist())  # moving rows and columns would break the diagonals, windows or regions
    moved = np.empty(cells, dtype=np.int64)
    _transform(out, shape.box, _words(rng, 2 * shape.n - 1), moved)
    return tuple(moved.tolist())


@njit
def _line_order(box: int, words: np.ndarray, used: int, order: np.ndarray) -> int:
    """Rows (or columns) in a random order that keeps each band (stack)
    together: Fisher-Yates on the bands, then inside each band. Returns the
    number of words used so far."""
    bands = np.arange(box)
    for i in range(box - 1, 0, -1):
        j = (int(words[used]) * (i + 1)) >> 32
        used += 1
        bands[i], bands[j] = bands[j], bands[i]
    for b in range(box):
        for k in range(box):
            order[b * box + k] = bands[b] * box + k
        for i in range(box - 1, 0, -1):
            j = (int(words[used]) * (i + 1)) >> 32
            used += 1
            order[b * box + i], order[b * box + j] = order[b * box + j], order[b * box + i]
    return used


@njit
def _transform(values: np.ndarray, box: int, words: np.ndarray, out: np.ndarray) -> None:
    """``out``: the grid under a uniformly drawn validity-keeping transformation
    (``2 * box**2 - 1`` words: two line orders and a coin for transposing)."""
    n = box * box
    rows = np.empty(n, dtype=np.int64)
    cols = np.empty(n, dtype=np.int64)
    used = _line_order(box, words, 0, rows)
    used = _line_order(box, words, used, cols)
    transpose = words[used] & 1
    for r in range(n):
        for c in range(n):
            if transpose:
                out[c * n + r] = values[rows[r] * n + cols[c]]
            else:
                out[r * n + c] = values[rows[r] * n + cols[c]]


def singles_solve(shape: Shape, givens: tuple[int, ...] | list[int]) -> bool:
    """True when Full House, Naked and Hidden Singles alone solve the puzzle.

    The kernel's propagation (the same the solver starts every search with)
    runs to its fixed point; the puzzle is solved by singles when every cell
    got placed. Such a puzzle has exactly one solution (every single is
    forced), so the easy level needs no search at all.
    """
    table = kernel_tables(shape)
    state = np.empty(shape.size, dtype=np.int64)
    queue = np.empty(shape.size * 8 + 8, dtype=np.int64)
    if not start(np.asarray(givens, dtype=np.int64), state, queue, table.geometry(), table.full):
        return False
    return bool(np.all(state & PLACED))
