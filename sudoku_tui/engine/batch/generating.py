"""Many puzzles at once: a run of puzzles from one seed, in order, in one
process or spread over several, and the same lines either way.

Each puzzle has its own ``random.Random``, seeded from the run's seed and
the puzzle's number, so a seed gives the same puzzles however many
processes share the work. A run makes puzzles at a level, or puzzles that
practise one technique (:mod:`.practice`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..board.geometry import Shape
from ..board.levels import Level, Symmetry
from ..board.shapes import shape_for_size
from ..logic.step import TechniqueName
from ..making.generator import Generated, generate
from ..making.practice import practice_puzzle
from ..progress import Cancelled, ProgressCallback, StopCheck
from .workers import worker_count, worker_pool


@dataclass(frozen=True)
class Order:
    """What every puzzle of a run is: its board, and its level or the technique it practises."""

    shape_name: str
    level: Level | None = Level.EASY
    symmetry: Symmetry = Symmetry.NONE
    technique: TechniqueName | None = None

    def make(
        self, rng: random.Random, should_stop: StopCheck | None = None, progress: ProgressCallback | None = None
    ) -> Generated:
        shape = shape_for_size(self.shape_name)
        if self.technique is not None:
            return practice_puzzle(shape, self.technique, rng, should_stop, progress)
        return generate(shape, self.level, self.symmetry, rng, should_stop=should_stop, progress=progress)


def puzzle_rng(seed: int | str, index: int) -> random.Random:
    """The generator of puzzle number ``index`` of a run with ``seed``.

    Seeding with a string is stable across runs and platforms, and keeps one
    puzzle's randomness independent of how many came before it.
    """
    return random.Random(f"sudoku-tui/{seed}/{index}")


def order_of(
    shape: Shape,
    level: Level | str | None = Level.EASY,
    symmetry: Symmetry | str = Symmetry.NONE,
    technique: TechniqueName | None = None,
) -> Order:
    """The order for puzzles of ``shape`` (levels and symmetries also as the command line spells them)."""
    level = Level.parse(level) if isinstance(level, str) else level
    symmetry = Symmetry.parse(symmetry) if isinstance(symmetry, str) else symmetry
    return Order(shape.name, level, symmetry, technique)


def generate_many(
    shape: Shape,
    count: int,
    level: Level | str | None = Level.EASY,
    symmetry: Symmetry | str = Symmetry.NONE,
    seed: int | str | None = None,
    should_stop: StopCheck | None = None,
    progress: ProgressCallback | None = None,
    start: int = 0,
    technique: TechniqueName | None = None,
) -> Iterator[Generated]:
    """Puzzles ``start .. start + count - 1`` of the run with ``seed`` (a
    random seed when None); ``progress(done, count)`` after each."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    order = order_of(shape, level, symmetry, technique)
    for done in range(1, count + 1):
        yield order.make(puzzle_rng(seed, start + done - 1), should_stop)
        if progress is not None:
            progress(done, count)


def _line_of(task: tuple[Order, int | str, int]) -> str:
    """One puzzle line, in a worker process (module level, so it pickles)."""
    order, seed, index = task
    return order.make(puzzle_rng(seed, index)).puzzle.to_line()


def generate_lines(
    shape: Shape,
    count: int,
    level: Level | None = Level.EASY,
    symmetry: Symmetry = Symmetry.NONE,
    seed: int | str | None = None,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
    should_stop: StopCheck | None = None,
    technique: TechniqueName | None = None,
) -> Iterator[str]:
    """Puzzle lines of :func:`generate_many`, in order, optionally made by
    ``jobs`` processes; the lines are the same whatever ``jobs`` is."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    processes = worker_count(jobs, count)
    if processes <= 1:
        for generated in generate_many(shape, count, level, symmetry, seed, should_stop, progress, technique=technique):
            yield generated.puzzle.to_line()
        return
    order = order_of(shape, level, symmetry, technique)
    tasks = [(order, seed, index) for index in range(count)]
    # Leaving the pool's block (at the end, on a stop, a failure or Ctrl-C)
    # terminates its workers instead of waiting for the puzzles under way.
    with worker_pool(processes) as pool:
        for done, line in enumerate(pool.imap(_line_of, tasks), start=1):
            if should_stop is not None and should_stop():
                raise Cancelled()
            yield line
            if progress is not None:
                progress(done, count)
