"""``sudoku-tui export``: a file's puzzles as a PDF booklet, or one puzzle as SVG or PNG."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..engine.formats import PuzzleFile
from ..engine.logic.runner import solve_logically
from ..engine.puzzle import Puzzle
from ..engine.solver import solve
from .booklet import Entry, write_booklet
from .pictures import puzzle_svg, write_png


def entry_of(number: int, puzzle: Puzzle, with_steps: bool) -> Entry:
    """A puzzle graded and solved for the booklet."""
    solution = solve(puzzle)
    if solution is None:
        return Entry(number, puzzle, "no solution", None)
    result = solve_logically(puzzle)
    grade = f"{result.level.label} ({result.score})" if result.solved else f"beyond logic ({result.score})"
    steps = tuple(step.describe(puzzle.shape) for step in result.steps) if with_steps else ()
    return Entry(number, puzzle, grade, tuple(solution), steps)


def export_booklet(
    puzzles: PuzzleFile,
    out: Path,
    *,
    per_page: int,
    solutions: bool,
    steps: bool,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Write the booklet; the number of puzzles in it."""
    entries = []
    for number, puzzle in enumerate(puzzles):
        entries.append(entry_of(number, puzzle, steps))
        if progress is not None:
            progress(number + 1, len(puzzles))
    write_booklet(entries, out, per_page=per_page, solutions=solutions, steps=steps)
    return len(entries)


def export_picture(puzzle: Puzzle, out: Path, *, solved: bool, kind: str) -> None:
    """One puzzle as ``kind`` ("svg" or "png"), solved or not."""
    solution = solve(puzzle) if solved else None
    if kind == "svg":
        out.write_text(puzzle_svg(puzzle, solution), encoding="utf-8")
    else:
        write_png(puzzle, out, solution)
