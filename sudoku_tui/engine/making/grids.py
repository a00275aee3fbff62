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
that the fill consumes, one per branch. The words come straight
from the Mersenne Twister (19937 bits of state), so no small seed space caps
how many grids can come out: a 32-bit generator inside the loop could give
at most 2**32 different grids, far fewer than the 6.7e21 of 9x9. A seed gives
the same grids with and without Numba: the fill runs compiled (kernel_fill.py)
or as the plain Python below, the same steps on the same integers. A fill
that uses up its words or wanders too long (rare, on 16x16) starts again
with fresh words.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..board.geometry import Shape
from ..board.variants import shuffled
from ..search import backend
from ..search.pure import PureSearch

# Branch nodes a fill may spend before it restarts from a new seed.
FILL_BUDGET = 20_000


# A placed cell's mask carries this bit besides its value (as in the kernel).
PLACED = 1 << 30


def _fewest_candidates(row: list[int]) -> int:
    """The open cell with the fewest candidates (the first with one or none),
    or -1 when every cell is placed."""
    best = -1
    best_size = 1 << 20
    for c, mask in enumerate(row):
        if mask & PLACED:
            continue
        size = mask.bit_count()
        if size < best_size:
            best_size = size
            best = c
            if size <= 1:
                break
    return best


def kth_candidate(rest: int, word: int) -> int:
    """The bit of candidate number k of ``rest``, k drawn uniformly from a
    32-bit word: the word times the count, shifted."""
    k = (word * rest.bit_count()) >> 32
    for _ in range(k):
        rest &= rest - 1  # drop the lowest candidate k times
    return rest & -rest


def _place(row: list[int], peers: Sequence[int], cell: int, bit: int) -> bool:
    """Forward checking: ``bit`` in ``cell``, gone from its peers; False when
    a peer holds it or is left with nothing (the kernel's ``place``)."""
    row[cell] = bit | PLACED
    for p in peers:
        m = row[p]
        if m & bit:
            if m & PLACED:
                return False
            m ^= bit
            if m == 0:
                return False
            row[p] = m
    return True


def _fill(shape: Shape, words: Sequence[int], budget: int) -> list[int] | None:
    """A random complete grid drawn with ``words``, or None when the words or
    the budget of branches ran out first: a depth-first fill on the cell
    with fewest candidates, forward checking only (the singles a placement
    leaves are not propagated). The compiled fill's steps, one for one."""
    full = (1 << shape.n) - 1
    stack: list[list[int]] = [[full] * shape.size]
    branch_cell: list[int] = []
    branch_rest: list[int] = []
    d = 0
    used = 0
    nodes = 0
    descend = True
    while True:
        if descend:
            best = _fewest_candidates(stack[d])
            if best < 0:
                return [(mask & full).bit_length() for mask in stack[d]]
            del branch_cell[d:], branch_rest[d:]
            branch_cell.append(best)
            branch_rest.append(stack[d][best])
            descend = False
        rest = branch_rest[d]
        if rest == 0:
            d -= 1
            if d < 0:
                return None  # cannot happen from an empty board; kept for safety
            continue
        nodes += 1
        if nodes > budget or used == len(words):
            return None
        bit = kth_candidate(rest, words[used])
        used += 1
        branch_rest[d] = rest ^ bit
        child = list(stack[d])
        del stack[d + 1 :]
        stack.append(child)
        if _place(child, shape.peers[branch_cell[d]], branch_cell[d], bit):
            d += 1
            descend = True


def words(rng: random.Random, count: int) -> list[int]:
    """``count`` 32-bit words straight from the Mersenne Twister (in the
    machine's byte order, as the compiled fill has always read them)."""
    return memoryview(rng.getrandbits(32 * count).to_bytes(4 * count, "little")).cast("I").tolist()


def random_grid(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid of ``shape``; the same ``rng`` state gives the same grid."""
    if backend.compiled():
        from ..search.compiled.kernel_fill import fill  # numpy and Numba: the fast extra
    else:

        def fill(shape: Shape, words: Sequence[int], budget: int) -> list[int] | None:
            return _fill(shape, words, budget)

    count = shape.size + shape.size // 2  # a fill without dead ends takes one word per cell
    while (grid := fill(shape, words(rng, count), FILL_BUDGET)) is None:
        count = min(2 * count, FILL_BUDGET)
    if shape.is_samurai or not shuffled(shape):
        return tuple(grid)  # moving rows and columns would break the diagonals, windows or regions
    return tuple(_transform(grid, shape.box, words(rng, 2 * shape.n - 1)))


def _line_order(box: int, words: Sequence[int], used: int) -> tuple[list[int], int]:
    """Rows (or columns) in a random order that keeps each band (stack)
    together: Fisher-Yates on the bands, then inside each band. Returns the
    order and the number of words used so far."""
    bands = list(range(box))
    for i in range(box - 1, 0, -1):
        j = (words[used] * (i + 1)) >> 32
        used += 1
        bands[i], bands[j] = bands[j], bands[i]
    order = [0] * (box * box)
    for b in range(box):
        for k in range(box):
            order[b * box + k] = bands[b] * box + k
        for i in range(box - 1, 0, -1):
            j = (words[used] * (i + 1)) >> 32
            used += 1
            order[b * box + i], order[b * box + j] = order[b * box + j], order[b * box + i]
    return order, used


def _transform(values: Sequence[int], box: int, words: Sequence[int]) -> list[int]:
    """The grid under a uniformly drawn validity-keeping transformation
    (``2 * box**2 - 1`` words: two line orders and a coin for transposing)."""
    n = box * box
    rows, used = _line_order(box, words, 0)
    cols, used = _line_order(box, words, used)
    transpose = words[used] & 1
    out = [0] * (n * n)
    for r in range(n):
        for c in range(n):
            if transpose:
                out[c * n + r] = values[rows[r] * n + cols[c]]
            else:
                out[r * n + c] = values[rows[r] * n + cols[c]]
    return out


def singles_solve(shape: Shape, givens: tuple[int, ...] | list[int]) -> bool:
    """True when Full House, Naked and Hidden Singles alone solve the puzzle.

    The search's propagation of singles (the solver's, less its locked
    candidates) runs to its fixed point; the puzzle is solved by singles
    when every cell got placed. Such a puzzle has exactly one solution (every single is
    forced), so the easy level needs no search at all.
    """
    if backend.compiled():
        # numpy and Numba load only where the search is compiled.
        from ..search.compiled.kernel_fill import singles_solve as compiled_singles_solve

        return compiled_singles_solve(shape, givens)
    search = PureSearch(shape)
    state = search.start(givens, locked=False)
    return state is not None and all(search.values(state))
