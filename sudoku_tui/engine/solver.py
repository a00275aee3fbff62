"""Fast solving, counting and checking (PRODUCT.md section 2).

Public API (kept stable for the game and the command line):

- ``solve(puzzle) -> tuple[int, ...] | None``: the classic algorithm's answer.
- ``count_solutions(puzzle, limit=2) -> int``: 0 .. limit.
- ``is_solved(puzzle, values) -> bool``: the checking rule.
- ``candidates(shape, values) -> list[int]``: bit sets of the values each
  empty cell may still take (bit v-1 for value v), 0 for filled cells.

Temporary implementation: the classic search. Replaced by the fast solver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .classic import solve_classic
from .conflicts import conflicting_cells
from .geometry import Shape
from .progress import ProgressCallback
from .puzzle import Puzzle


def solve(
    puzzle: Puzzle,
    should_stop: Callable[[], bool] | None = None,
    progress: ProgressCallback | None = None,
) -> tuple[int, ...] | None:
    return solve_classic(puzzle, should_stop).solution


def count_solutions(puzzle: Puzzle, limit: int = 2, should_stop: Callable[[], bool] | None = None) -> int:
    raise NotImplementedError


def is_solved(puzzle: Puzzle, values: Sequence[int]) -> bool:
    """Every cell filled, every given kept, no value twice in any house."""
    if len(values) != puzzle.shape.size or not all(values):
        return False
    if any(g and g != v for g, v in zip(puzzle.givens, values)):
        return False
    return not conflicting_cells(puzzle.shape, values)


def candidates(shape: Shape, values: Sequence[int]) -> list[int]:
    full = (1 << shape.n) - 1
    result = []
    for cell, value in enumerate(values):
        if value:
            result.append(0)
            continue
        used = 0
        for peer in shape.peers[cell]:
            if values[peer]:
                used |= 1 << (values[peer] - 1)
        result.append(full & ~used)
    return result
