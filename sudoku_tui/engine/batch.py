"""Solving or counting every puzzle of a file, optionally over several processes.

Results come back in file order as the lines ``sudoku-tui solve`` prints.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .classic import solve_classic
from .geometry import Shape
from .progress import ProgressCallback
from .puzzle import Puzzle, format_line
from .solver import count_solutions, solve

NO_SOLUTION = "no solution"


def _answer(shape: Shape, line: str, method: str, count: bool, limit: int) -> str:
    puzzle = Puzzle.from_line(shape, line)
    if count:
        found = count_solutions(puzzle, limit)
        return f"{found}+" if found >= limit else str(found)
    solution = solve_classic(puzzle).solution if method == "classic" else solve(puzzle)
    return NO_SOLUTION if solution is None else format_line(shape, solution)


def solve_lines(
    shape: Shape,
    lines: Sequence[str],
    method: str = "fast",
    count: bool = False,
    limit: int = 2,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
) -> Iterator[str]:
    total = len(lines)
    for done, line in enumerate(lines, start=1):
        yield _answer(shape, line, method, count, limit)
        if progress is not None:
            progress(done, total)
