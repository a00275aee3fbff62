"""Fast solving, counting and checking.

Public API (kept stable for the game and the command line):

- ``solve(puzzle) -> tuple[int, ...] | None``: the reference algorithm's answer
  (reference.py; docs/choices/engine.md).
- ``count_solutions(puzzle, limit=2) -> int``: 0 .. limit.
- ``is_solved(puzzle, values) -> bool``: the checking rule.
- ``candidates(shape, values) -> list[int]``: bit sets of the values each
  empty cell may still take (bit v-1 for value v), 0 for filled cells
  (conflicts.candidates, offered here beside the checking rule).

Two searches do the work, with the same answers: the compiled kernel
(kernel.py through kernel_search.py) when Numba is installed (the ``fast``
extra), else the pure-Python one (pure.py); backend.py chooses at run
time. On 16x16 boards both hand hard puzzles to the SAT solver (sat.py).

How ``solve`` gives the classic answer without the classic's slowness: the
search counts solutions up to two, branching on the cell
with the fewest candidates. One solution: it is the only one, so it is the
classic's. Several: starting from a solution S, cells are fixed in row-major
order; for each open cell every value below S's is tried and the search asks
whether the puzzle is still solvable with it. The first that is becomes the
cell's value (and its solution the new S); otherwise S's value is right.
That yields the first solution in row-major order with values ascending,
which is exactly what the classic's stack of guesses finds.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Protocol

from ..board.conflicts import candidates, conflicting_cells
from ..board.geometry import Shape
from ..board.puzzle import Puzzle
from ..board.variants import line_fields_of
from ..progress import ProgressCallback, StopCheck
from . import MAX_LIMIT, backend
from .pure import PureSearch

__all__ = ["candidates", "count_solutions", "counts_by_nine", "in_order_budget", "is_solved", "needs_sat", "solve"]


# Nodes the search in cell order may take on a 9x9 board before the
# portfolio switches to the fewest-candidates search (the hardest 9x9 puzzles
# need a few thousand); scaled by board size, since a node costs about that.
IN_ORDER_NODES = 20_000
# The same before handing a 16x16 board to SAT: a few milliseconds, enough
# for sparse boards (an empty one takes 175 nodes) whose first solution the
# SAT solver would have to narrow down cell by cell.
IN_ORDER_NODES_BEFORE_SAT = 2_000
_NO_BUDGET = 1 << 62
# The name of the classic 9x9 board's Shape (a variant's shape has its own name).
CLASSIC_9X9 = "9x9"


class Search(Protocol):
    """What the portfolio asks of a search (kernel_search.KernelSearch and
    pure.PureSearch); a state is whatever the search keeps per node."""

    # Whether the search keeps a killer's cage rules; one that knows houses
    # only leaves a board with cages to SAT.
    keeps_cages: bool
    # The search in cell order gets this share of its node budget (1 / n):
    # a search whose node costs more gives up sooner, with the same answers.
    in_order_share: int

    def start(self, givens: Sequence[int]) -> Any: ...
    def assign(self, state: Any, cell: int, bit: int) -> Any: ...
    def exclude(self, state: Any, cell: int, bit: int) -> Any: ...
    def open_candidates(self, state: Any, cell: int) -> int: ...
    def fixed_and_candidates(self, state: Any) -> tuple[list[int], list[int]]: ...
    def run(
        self,
        state: Any,
        limit: int,
        in_order: bool,
        should_stop: StopCheck | None,
        progress: ProgressCallback | None = None,
        max_nodes: int = ...,
    ) -> tuple[int, tuple[int, ...] | None]: ...


# Searches kept per thread, shape and kind: the compiled one's arrays cost
# more to allocate than a quick puzzle costs to count. A search is used by one
# call at a time (nothing here runs two at once in one thread).
_kept = threading.local()


def _search(shape: Shape) -> Search:
    """The compiled search when Numba is there, else the pure-Python one."""
    compiled = backend.compiled()
    if line_fields_of(shape) is not None:
        return _new_search(shape, compiled)  # a jigsaw's or killer's shape is its line's own: none to keep
    searches: dict[tuple[str, bool], Search] = _kept.__dict__.setdefault("searches", {})
    found = searches.get((shape.name, compiled))
    if found is None:
        found = searches[shape.name, compiled] = _new_search(shape, compiled)
    return found


def _new_search(shape: Shape, compiled: bool) -> Search:
    if compiled:
        from .compiled.kernel_search import KernelSearch  # numpy and Numba: the fast extra

        return KernelSearch(shape)
    return PureSearch(shape)


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
    search = _search(puzzle.shape)
    state = search.start(puzzle.givens)
    if state is None:
        return None
    # Branching in cell order finds the row-major first solution directly and
    # needs no proof of uniqueness; it is fast on almost every puzzle, and the
    # node budget bounds the rare one where it wanders.
    if not _searches_cages(puzzle.shape, search):
        return _solve_sat(puzzle.shape, search, state, should_stop)
    sat = needs_sat(puzzle.shape)
    budget = IN_ORDER_NODES_BEFORE_SAT if sat else in_order_budget(puzzle.shape)
    budget //= search.in_order_share
    count, first = search.run(state, 1, True, should_stop, progress, budget)
    if count >= 0:
        return first
    if sat or puzzle.shape.variant:
        # A variant's search can wander far on a board with few givens (an
        # empty jigsaw); clause learning does not.
        return _solve_sat(puzzle.shape, search, state, should_stop)
    count, first = search.run(state, 2, False, should_stop, progress)
    if count < 2:
        return first
    assert first is not None
    return _first_in_order(search, state, first, should_stop, progress)


def _first_in_order(
    search: Search,
    state: Any,
    known: tuple[int, ...],
    should_stop: StopCheck | None,
    progress: ProgressCallback | None,
) -> tuple[int, ...]:
    """Narrow a puzzle with several solutions down to its row-major first one."""
    base = state
    best = known
    for cell in range(len(best)):
        open_values = search.open_candidates(base, cell)
        if not open_values:
            continue  # fixed by the choices before it, so best already holds it
        target = 1 << (best[cell] - 1)
        smaller = open_values & (target - 1)
        while smaller:
            bit = smaller & -smaller
            smaller ^= bit
            trial = search.assign(base, cell, bit)
            if trial is not None:
                count, found = search.run(trial, 1, False, should_stop, progress)
                if count:
                    assert found is not None
                    best, base = found, trial
                    break
            base = search.exclude(base, cell, bit)
            if base is None:
                raise AssertionError("a known solution became impossible")
        else:
            base = search.assign(base, cell, target)
            if base is None:
                raise AssertionError("a known solution became impossible")
    return best


def count_solutions(puzzle: Puzzle, limit: int = 2, should_stop: StopCheck | None = None) -> int:
    """Number of solutions, counting stops at ``limit``."""
    if limit < 1:
        return 0
    if counts_by_nine(puzzle.shape):
        from .compiled.kernel9 import count_givens  # numpy and Numba: the fast extra

        found = count_givens(puzzle.givens, min(limit, MAX_LIMIT))  # its counter is 64-bit
        if found >= 0:
            return found
    search = _search(puzzle.shape)
    state = search.start(puzzle.givens)
    if state is None:
        return 0
    if not needs_sat(puzzle.shape) and _searches_cages(puzzle.shape, search):
        # A variant's search gets a budget, then clause learning (see solve).
        budget = in_order_budget(puzzle.shape) if puzzle.shape.variant else _NO_BUDGET
        count, _ = search.run(state, limit, False, should_stop, max_nodes=budget)
        if count >= 0:
            return count
    from .sat import SatPuzzle  # the SAT solver loads for the boards it solves: solve starts sooner

    sat = SatPuzzle(puzzle.shape, *search.fixed_and_candidates(state), should_stop)
    try:
        return sat.count(limit)[0]
    finally:
        sat.close()


def counts_by_nine(shape: Shape) -> bool:
    """Whether the classic board's own counter counts on ``shape``: several
    times faster than the search (kernel9.py), it exists compiled only."""
    return shape.name == CLASSIC_9X9 and not shape.variant and backend.compiled()


def in_order_budget(shape: Shape) -> int:
    """Node budget of the search in cell order on a board of this shape."""
    return IN_ORDER_NODES * 81 // shape.size


def _searches_cages(shape: Shape, search: Search) -> bool:
    """Whether ``search`` keeps every rule of ``shape`` (else a killer's cages go to SAT)."""
    return not shape.cages or search.keeps_cages


def needs_sat(shape: Shape) -> bool:
    # The depth-first search takes up to a minute on hard 16x16 puzzles,
    # where clause learning takes milliseconds; on 9x9 and Samurai the
    # compiled search is faster than building a formula.
    return shape.n > 9


def _solve_sat(shape: Shape, search: Search, state: Any, should_stop: StopCheck | None) -> tuple[int, ...] | None:
    from .sat import SatPuzzle  # the SAT solver loads for the boards it solves: solve starts sooner

    sat = SatPuzzle(shape, *search.fixed_and_candidates(state), should_stop)
    try:
        count, first = sat.count(2)
        if count == 0 or first is None:
            return None
        return tuple(first if count == 1 else sat.first_in_order(first))
    finally:
        sat.close()


def is_solved(puzzle: Puzzle, values: Sequence[int]) -> bool:
    """Every cell filled, every given kept, no value twice in any house, every cage keeps its rule."""
    if len(values) != puzzle.shape.size or not all(values):
        return False
    if any(g and g != v for g, v in zip(puzzle.givens, values, strict=True)):
        return False
    return not conflicting_cells(puzzle.shape, values)
