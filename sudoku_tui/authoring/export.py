"""``sudoku-tui export``: a file's puzzles as a PDF booklet, or one puzzle as SVG or PNG.

A booklet grades and solves every puzzle (and writes out its steps when
asked), which is the slow part: :func:`booklet_chunk` does it for a chunk of
puzzle lines, so ``--jobs`` and ``--dask`` spread it as they spread ``grade``
(see :mod:`..engine.spread`); the booklet itself is written here, in file order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..engine.board.puzzle import Puzzle
from ..engine.board.shapes import shape_for_size
from ..engine.files.model import PuzzleFile
from ..engine.logic.runner import solve_logically
from ..engine.search.solver import solve
from .booklet import Entry, write_booklet
from .pictures import puzzle_svg, write_png

# A chunk of a booklet's work: the board's name, puzzle lines, and whether steps are wanted.
BookletChunk = tuple[str, list[str], bool]


@dataclass(frozen=True)
class Worked:
    """What a booklet prints of a puzzle besides its givens: grade, solution and steps."""

    grade: str
    solution: tuple[int, ...] | None
    steps: tuple[str, ...] = ()


def work_out(puzzle: Puzzle, with_steps: bool) -> Worked:
    """A puzzle graded and solved for the booklet."""
    solution = solve(puzzle)
    if solution is None:
        return Worked("no solution", None)
    result = solve_logically(puzzle)
    grade = f"{result.level.label} ({result.score})" if result.solved else f"beyond logic ({result.score})"
    steps = tuple(step.describe(puzzle.shape) for step in result.steps) if with_steps else ()
    return Worked(grade, tuple(solution), steps)


def booklet_chunk(chunk: BookletChunk) -> list[Worked]:
    """Each line's :class:`Worked` (module level, so it pickles for a process or a Dask worker)."""
    name, lines, with_steps = chunk
    shape = shape_for_size(name)
    return [work_out(Puzzle.from_line(shape, line), with_steps) for line in lines]


def export_booklet(
    puzzles: PuzzleFile,
    out: Path,
    worked: Iterable[Worked],
    *,
    per_page: int,
    solutions: bool,
    steps: bool,
) -> int:
    """Write the booklet of ``puzzles``, ``worked`` giving each one's grade,
    solution and steps in file order; the number of puzzles in it."""
    entries = [
        Entry(number, puzzles.puzzle(number), done.grade, done.solution, done.steps)
        for number, done in enumerate(worked)
    ]
    write_booklet(entries, out, per_page=per_page, solutions=solutions, steps=steps)
    return len(entries)


def export_picture(puzzle: Puzzle, out: Path, *, solved: bool, kind: str) -> None:
    """One puzzle as ``kind`` ("svg" or "png"), solved or not."""
    solution = solve(puzzle) if solved else None
    if kind == "svg":
        out.write_text(puzzle_svg(puzzle, solution), encoding="utf-8")
    else:
        write_png(puzzle, out, solution)
