"""Stepping through a puzzle by logic, and grading it on HoDoKu's scheme."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..board.levels import Level
from ..board.puzzle import Puzzle
from ..board.variants import uniqueness_applies
from ..progress import Cancelled
from ..search.solver import count_solutions
from .grid import CandidateGrid
from .step import Step
from .techniques import LEVEL_MAX_SCORE, TECHNIQUES, Technique, score_of


def next_step(grid: CandidateGrid, unique: bool = True, techniques: list[Technique] | None = None) -> Step | None:
    """The first step the highest-priority technique finds, or None (stuck).

    ``unique`` says the puzzle is known to have exactly one solution, which
    the uniqueness techniques need to be sound. A long search polls
    ``grid.should_stop`` and raises :class:`Cancelled` when it says so.
    """
    for tech in TECHNIQUES if techniques is None else techniques:
        if (tech.uniqueness and not unique) or (tech.classic_only and not uniqueness_applies(grid.shape)):
            continue
        for step in tech.finder(grid):
            return step
    return None


@dataclass
class Solution:
    """The steps taken, and whether logic finished the puzzle."""

    steps: list[Step] = field(default_factory=list)
    solved: bool = False
    grid: CandidateGrid | None = None
    board_cells: int = 81  # the board's size when no grid is kept
    # False when the puzzle has no solution at all (its givens may conflict):
    # then no step is looked for, since logic would wander to no end.
    has_solution: bool = True

    @property
    def score(self) -> int:
        return sum(score_of(s)[1] for s in self.steps)

    @property
    def level(self) -> Level:
        """The hardest technique's level, raised while the score passes that
        level's ceiling. HoDoKu's ceilings are sized for 81 cells; a bigger
        board takes more steps of every kind, so its ceilings grow with its
        cell count (256 cells: about 3.2 times; a Samurai's 369: 4.6)."""
        level = max((score_of(s)[0] for s in self.steps), default=Level.EASY)
        score = self.score
        while level in LEVEL_MAX_SCORE and score > score_ceiling(level, self.cells):
            level = Level(level + 1)
        return level

    @property
    def cells(self) -> int:
        return self.grid.shape.size if self.grid is not None else self.board_cells


def score_ceiling(level: Level, cells: int) -> float:
    """The highest score a puzzle of ``level`` may have on a board of ``cells``
    cells (HoDoKu's ceilings for 81 cells, grown with the cell count)."""
    return LEVEL_MAX_SCORE[level] * max(1.0, cells / 81)


def is_unique(puzzle: Puzzle) -> bool:
    """Exactly one solution, as the solver counts."""
    return count_solutions(puzzle, 2) == 1


def iter_steps(
    grid: CandidateGrid,
    unique: bool,
    should_stop: Callable[[], bool] | None = None,
    techniques: list[Technique] | None = None,
) -> Iterator[Step]:
    """Apply steps one after another, yielding each, until solved, stuck, or
    ``should_stop`` says so (between steps, or inside a long one)."""
    grid.should_stop = should_stop
    while not grid.is_solved():
        if should_stop is not None and should_stop():
            return
        try:
            step = next_step(grid, unique, techniques)
        except Cancelled:
            return
        if step is None:
            return
        grid.apply(step.placements, step.eliminations)
        yield step


def solve_logically(
    puzzle: Puzzle,
    unique: bool | None = None,
    should_stop: Callable[[], bool] | None = None,
    techniques: list[Technique] | None = None,
) -> Solution:
    """Every step from the givens to the end (or to where logic runs out, or
    to where ``should_stop`` stopped it); ``techniques`` limits the table.
    Without ``unique`` the solutions are counted first, and a puzzle with
    none gets no steps (``has_solution`` False)."""
    if unique is None:
        found = count_solutions(puzzle, 2, should_stop)
        if found == 0:
            return Solution(board_cells=puzzle.shape.size, has_solution=False)
        unique = found == 1
    grid = CandidateGrid.from_puzzle(puzzle)
    steps = list(iter_steps(grid, unique, should_stop, techniques))
    return Solution(steps, grid.is_solved(), grid)
