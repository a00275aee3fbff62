"""The chunk workers of the authors' batch commands: canonical forms,
minimality and grades of a run of puzzle lines.

Each takes ``(shape name, lines)`` and returns one plain record per line
(strings, numbers, tuples), so a chunk travels to a process or a Dask worker
and back cheaply (see :mod:`.spread`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..authors.canon import canonical_form
from ..authors.minimal import analyse_givens
from ..board.puzzle import Puzzle
from ..board.shapes import shape_for_size
from ..logic.runner import solve_logically
from ..logic.techniques import score_of
from .generating import Order, puzzle_rng

Chunk = tuple[str, list[str]]


@dataclass(frozen=True)
class Canon:
    """A puzzle's canonical form, or why it has none."""

    form: str | None
    error: str = ""


@dataclass(frozen=True)
class Givens:
    """Minimality of one puzzle: solutions counted to 2, and the redundant givens' names."""

    solutions: int
    redundant: tuple[str, ...] = ()


@dataclass(frozen=True)
class Grade:
    """The level (None when logic gets stuck or there is no solution), the score and the hardest technique."""

    level: str | None
    score: int
    steps: int
    hardest: str | None
    has_solution: bool = True  # False: no solution at all, so no step was looked for


def _puzzles(chunk: Chunk) -> list[Puzzle]:
    shape = shape_for_size(chunk[0])
    return [Puzzle.from_line(shape, line) for line in chunk[1]]


def _canon(puzzle: Puzzle) -> Canon:
    try:
        return Canon(canonical_form(puzzle))
    except ValueError as error:  # a row or column repeating a value, or too dense a 16x16
        return Canon(None, str(error))


def _givens(puzzle: Puzzle) -> Givens:
    report = analyse_givens(puzzle)
    return Givens(report.solutions, tuple(puzzle.shape.cell_name(cell) for cell in report.redundant))


def _grade(puzzle: Puzzle) -> Grade:
    result = solve_logically(puzzle)
    # The step whose technique has the highest level, then score: the one the grade rests on.
    hardest = max(result.steps, key=score_of, default=None)
    return Grade(
        result.level.label if result.solved else None,
        result.score,
        len(result.steps),
        hardest.technique.value if hardest is not None else None,
        result.has_solution,
    )


def canon_chunk(chunk: Chunk) -> list[Canon]:
    return [_canon(puzzle) for puzzle in _puzzles(chunk)]


def minimal_chunk(chunk: Chunk) -> list[Givens]:
    return [_givens(puzzle) for puzzle in _puzzles(chunk)]


def grade_chunk(chunk: Chunk) -> list[Grade]:
    return [_grade(puzzle) for puzzle in _puzzles(chunk)]


def generate_chunk(task: tuple[Order, int | str, list[int]]) -> list[tuple[str, str | None]]:
    """Puzzles ``indexes`` of the run with ``seed``: each line and its level's label."""
    order, seed, indexes = task
    made = [order.make(puzzle_rng(seed, index)) for index in indexes]
    return [(item.puzzle.to_line(), item.level.label if item.level is not None else None) for item in made]
