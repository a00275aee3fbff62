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
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np

from .geometry import Shape
from .jit import njit

_PLACED = 1 << 30
# Branch nodes a fill may spend before it restarts from a new seed.
_FILL_BUDGET = 20_000


@dataclass(frozen=True, eq=False)
class _Arrays:
    peers: np.ndarray  # int32 cells x widest peer list, padded
    peer_count: np.ndarray  # int32 per cell
    houses: np.ndarray  # int32 houses x n
    full: int


@cache
def _arrays(shape: Shape) -> _Arrays:
    width = max(len(p) for p in shape.peers)
    peers = np.zeros((shape.size, width), dtype=np.int32)
    for cell, cell_peers in enumerate(shape.peers):
        peers[cell, : len(cell_peers)] = cell_peers
    peer_count = np.array([len(p) for p in shape.peers], dtype=np.int32)
    houses = np.array([h.cells for h in shape.houses], dtype=np.int32)
    return _Arrays(peers, peer_count, houses, (1 << shape.n) - 1)


@njit
def _bit_count(m: int) -> int:
    count = 0
    while m:
        m &= m - 1
        count += 1
    return count


@njit
def _fill(words: np.ndarray, stack: np.ndarray, branch_cell: np.ndarray, branch_rest: np.ndarray,
          peers: np.ndarray, peer_count: np.ndarray, full: int, budget: int, out: np.ndarray) -> int:
    """Fill ``out`` with a random complete grid drawn with ``words``;
    returns 1, or 0 when the words or the budget of branches ran out first."""
    cells = out.shape[0]
    used = 0
    for c in range(cells):
        stack[0, c] = full
    d = 0
    nodes = 0
    descend = True
    while True:
        if descend:
            row = stack[d]
            best = -1
            best_size = 1 << 20
            for c in range(cells):
                m = row[c]
                if m & _PLACED:
                    continue
                size = _bit_count(m)
                if size < best_size:
                    best_size = size
                    best = c
                    if size <= 1:
                        break
            if best < 0:
                for c in range(cells):
                    out[c] = _bit_count((row[c] & full) - 1) + 1
                return 1
            branch_cell[d] = best
            branch_rest[d] = row[best]
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
        # The k-th candidate, k uniform: a 32-bit word times the count, shifted.
        k = (int(words[used]) * _bit_count(rest)) >> 32
        used += 1
        r = rest
        for _ in range(k):
            r &= r - 1  # drop the lowest candidate k times
        bit = r & -r
        branch_rest[d] = rest ^ bit
        child = stack[d + 1]
        child[:] = stack[d]
        cell = branch_cell[d]
        child[cell] = bit | _PLACED
        ok = True
        for i in range(peer_count[cell]):
            p = peers[cell, i]
            m = child[p]
            if m & bit:
                if m & _PLACED:
                    ok = False
                    break
                m ^= bit
                if m == 0:
                    ok = False
                    break
                child[p] = m
        if ok:
            d += 1
            descend = True


@njit
def _singles_solve(givens: np.ndarray, cands: np.ndarray, values: np.ndarray, peers: np.ndarray,
                   peer_count: np.ndarray, houses: np.ndarray, full: int) -> bool:
    """True when naked and hidden singles alone fill the grid from ``givens``.

    Such a puzzle has exactly one solution (every single is forced), so the
    easy level needs no search at all.
    """
    cells = givens.shape[0]
    n = houses.shape[1]
    for c in range(cells):
        cands[c] = full
        values[c] = 0
    for c in range(cells):
        v = givens[c]
        if v:
            bit = 1 << (v - 1)
            if not cands[c] & bit or values[c]:
                return False
            values[c] = v
            cands[c] = 0
            for i in range(peer_count[c]):
                cands[peers[c, i]] &= ~bit
    open_cells = 0
    for c in range(cells):
        if values[c] == 0:
            open_cells += 1
    while open_cells:
        placed = 0
        for c in range(cells):
            if values[c]:
                continue
            m = cands[c]
            if m == 0:
                return False
            if m & (m - 1) == 0:
                values[c] = _bit_count(m - 1) + 1
                cands[c] = 0
                for i in range(peer_count[c]):
                    cands[peers[c, i]] &= ~m
                placed += 1
        for h in range(houses.shape[0]):
            once = 0
            twice = 0
            for k in range(n):
                m = cands[houses[h, k]]
                twice |= once & m
                once |= m
            hidden = once & ~twice
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for k in range(n):
                    c = houses[h, k]
                    if cands[c] & bit:
                        values[c] = _bit_count(bit - 1) + 1
                        cands[c] = 0
                        for i in range(peer_count[c]):
                            cands[peers[c, i]] &= ~bit
                        placed += 1
                        break
        if placed == 0:
            return False
        open_cells -= placed
    return True


def random_grid(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid of ``shape``; the same ``rng`` state gives the same grid."""
    arrays = _arrays(shape)
    cells = shape.size
    stack = np.empty((cells + 1, cells), dtype=np.int64)
    branch_cell = np.empty(cells + 1, dtype=np.int64)
    branch_rest = np.empty(cells + 1, dtype=np.int64)
    out = np.empty(cells, dtype=np.int64)
    count = cells + cells // 2  # a fill without dead ends takes one word per cell
    while True:
        words = np.frombuffer(rng.getrandbits(32 * count).to_bytes(4 * count, "little"), dtype=np.uint32)
        if _fill(words, stack, branch_cell, branch_rest, arrays.peers, arrays.peer_count, arrays.full,
                 _FILL_BUDGET, out):
            if shape.is_samurai:
                return tuple(out.tolist())
            extra = 2 * shape.n - 1
            words = np.frombuffer(rng.getrandbits(32 * extra).to_bytes(4 * extra, "little"), dtype=np.uint32)
            moved = np.empty(cells, dtype=np.int64)
            _transform(out, shape.box, words, moved)
            return tuple(moved.tolist())
        count = min(2 * count, _FILL_BUDGET)


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


def random_grids(shape: Shape, rng: random.Random, count: int) -> Iterator[tuple[int, ...]]:
    """``count`` random complete grids, each as :func:`random_grid` makes it."""
    for _ in range(count):
        yield random_grid(shape, rng)


def singles_solve(shape: Shape, givens: tuple[int, ...] | list[int]) -> bool:
    """True when Full House, Naked and Hidden Singles alone solve the puzzle."""
    arrays = _arrays(shape)
    cells = shape.size
    cands = np.empty(cells, dtype=np.int64)
    values = np.empty(cells, dtype=np.int64)
    return bool(_singles_solve(np.asarray(givens, dtype=np.int64), cands, values, arrays.peers,
                               arrays.peer_count, arrays.houses, arrays.full))
