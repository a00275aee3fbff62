"""Which givens a puzzle needs: minimality checks for puzzle authors.

A given is *needed* when the puzzle without it has more than one solution,
and *redundant* when the puzzle keeps its single solution without it. A
puzzle is *minimal* when it has exactly one solution and every given is
needed. Each given is tested on its own, against the full puzzle: removing
two redundant givens at once may well leave several solutions, so the
redundant ones are candidates for removal one at a time, not a set.

Only a puzzle with exactly one solution is analysed; one with none or with
several is reported as such (``solutions`` 0 or 2) with no given classed.

Every check is ``count_solutions(puzzle, 2)`` of the solver, so this works on
every board the solver takes (4x4, 9x9, 16x16, Samurai).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..board.puzzle import Puzzle
from ..progress import ProgressCallback, StopCheck
from ..search.solver import count_solutions


@dataclass(frozen=True)
class GivensReport:
    """What :func:`analyse_givens` found.

    ``solutions`` is 0, 1 or 2 (two or more). With one solution, ``needed``
    and ``redundant`` split the given cells (ascending); otherwise both are
    empty.
    """

    solutions: int
    needed: tuple[int, ...] = ()
    redundant: tuple[int, ...] = ()

    @property
    def unique(self) -> bool:
        return self.solutions == 1

    @property
    def minimal(self) -> bool:
        """Exactly one solution, and no given can go."""
        return self.solutions == 1 and not self.redundant


def analyse_givens(
    puzzle: Puzzle,
    should_stop: StopCheck | None = None,
    progress: ProgressCallback | None = None,
) -> GivensReport:
    """Class each given of a puzzle with one solution as needed or redundant.

    ``progress(done, total)`` is called after each given is tested;
    ``should_stop()`` is polled by the solver and raises
    :class:`~sudoku_tui.engine.progress.Cancelled`.
    """
    solutions = count_solutions(puzzle, 2, should_stop)
    if solutions != 1:
        return GivensReport(solutions)
    total = puzzle.given_count
    needed: list[int] = []
    redundant: list[int] = []
    for done, (cell, unique) in enumerate(_removals(puzzle, should_stop), 1):
        (redundant if unique else needed).append(cell)
        if progress is not None:
            progress(done, total)
    return GivensReport(1, tuple(needed), tuple(redundant))


def is_minimal(puzzle: Puzzle, should_stop: StopCheck | None = None) -> bool:
    """Exactly one solution, and removing any one given leaves more than one.

    Stops at the first redundant given, so it is quicker than
    :func:`analyse_givens` on puzzles that are not minimal.
    """
    if count_solutions(puzzle, 2, should_stop) != 1:
        return False
    return not any(unique for _, unique in _removals(puzzle, should_stop))


def _removals(puzzle: Puzzle, should_stop: StopCheck | None) -> Iterator[tuple[int, bool]]:
    """Each given cell of a puzzle with one solution, and whether the puzzle
    without that given still has one solution."""
    givens = puzzle.givens
    for cell, value in enumerate(givens):
        if not value:
            continue
        # The puzzle's solution still solves the smaller puzzle, so it has
        # at least one solution: exactly one means the given was redundant.
        without = Puzzle(puzzle.shape, (*givens[:cell], 0, *givens[cell + 1 :]), puzzle.label)
        yield cell, count_solutions(without, 2, should_stop) == 1
