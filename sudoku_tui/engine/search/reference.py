"""The reference solver: row by row, with a stack of guesses.

It walks the drawn board one row at a time, left to right. An empty cell gets
the smallest value that does not conflict; when no value fits, the most
recent guess is taken back and the next value tried. It therefore finds the
first solution in row-major order with values tried in ascending order,
which is the answer every solver in this project must give (docs/choices/engine.md, "The
engine's answers"). It is slow by nature and is kept as the reference.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board.conflicts import PotentialConflicts
from ..board.puzzle import Puzzle
from ..progress import Cancelled


class ClassicResult:
    """What the classic search found and how many loop iterations it took."""

    def __init__(self, solution: tuple[int, ...] | None, steps: int) -> None:
        self.solution = solution
        self.steps = steps


def solve_classic(
    puzzle: Puzzle,
    should_stop: Callable[[], bool] | None = None,
    max_steps: int | None = None,
) -> ClassicResult:
    """Run the reference algorithm. ``should_stop`` is polled every 65,536 steps;
    ``max_steps`` bounds the work (exceeding it raises :class:`Cancelled`)."""
    shape = puzzle.shape
    values = list(puzzle.givens)
    conflicts = PotentialConflicts(shape, values)
    if conflicts.has_conflict:
        return ClassicResult(None, 0)
    cell_at = shape.cell_at
    stack: list[tuple[int, int]] = []
    row = col = 0
    guess = 1
    steps = 0
    while row < shape.rows:
        steps += 1
        if not steps & 0xFFFF:
            if should_stop is not None and should_stop():
                raise Cancelled()
            if max_steps is not None and steps > max_steps:
                raise Cancelled()
        if col >= shape.cols:
            row += 1
            col = 0
            continue
        cell = cell_at.get((row, col))
        # Positions outside a Samurai's grids are treated like filled cells.
        if cell is None or values[cell]:
            col += 1
        elif guess > shape.n:
            if not stack:
                return ClassicResult(None, steps)
            row, col = stack.pop()
            cell = cell_at[row, col]
            guess = values[cell]
            values[cell] = 0
            conflicts.set_conflict(cell, guess, False)
            guess += 1
        elif conflicts.creates_conflict(cell, guess):
            guess += 1
        else:
            values[cell] = guess
            conflicts.set_conflict(cell, guess, True)
            stack.append((row, col))
            col += 1
            guess = 1
    return ClassicResult(tuple(values), steps)
