"""Solving and proving unique the variants (Sudoku X, Windoku, Jigsaw, Killer).

Run from the project root: ``python -m benchmarks.bench_variants``. Prints,
per set, the median and the slowest time of ``solve()`` plus
``count_solutions(limit=2)`` on one puzzle, and the same figures for the
bundled classic 9x9-hard file as the baseline run in the same process:

- killer puzzles without givens, made here from seeded random grids and
  cages of two or three cells (only the layouts with one solution are kept);
- every bundled variant file (``puzzles/*x-*``, ``windoku-*``, ``jigsaw-*``,
  ``killer-*``).

Targets (issue 15): a killer without givens under 100 ms, every puzzle of
the bundled variant files under 10 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from sudoku_tui.engine.formats import read_puzzle_file
from sudoku_tui.engine.grids import random_grid
from sudoku_tui.engine.killer_cages import grow_cages, killer_shape
from sudoku_tui.engine.puzzle import Puzzle
from sudoku_tui.engine.solver import count_solutions, solve
from sudoku_tui.engine.variants import VARIANTS, variant_template

from .data import PUZZLES


def solve_and_prove(puzzle: Puzzle) -> float:
    start = time.perf_counter()
    solve(puzzle)
    count_solutions(puzzle, 2)
    return time.perf_counter() - start


def report(name: str, seconds: list[float]) -> None:
    median, worst = statistics.median(seconds), max(seconds)
    print(f"{name:<28} {len(seconds):>4} puzzles  median {median * 1000:7.2f} ms  slowest {worst * 1000:7.2f} ms")


def killers_without_givens(count: int, seed: int = 1) -> list[Puzzle]:
    rng = random.Random(seed)
    found: list[Puzzle] = []
    while len(found) < count:
        grid = random_grid(variant_template("killer"), rng)
        puzzle = Puzzle(killer_shape(grid, grow_cages(grid, rng, sizes=(2, 3))), (0,) * 81)
        if count_solutions(puzzle) == 1:
            found.append(puzzle)
    return found


def main(argv: list[str] | None = None) -> int:
    classic = list(read_puzzle_file(PUZZLES / "9x9-hard.txt"))
    solve_and_prove(classic[0])  # load the compiled kernel before timing
    report("classic 9x9-hard (baseline)", [solve_and_prove(p) for p in classic])
    report("killer, no givens", [solve_and_prove(p) for p in killers_without_givens(40)])
    for path in sorted(PUZZLES.glob("*.txt")):
        if path.name.split("-")[0] in VARIANTS:
            report(path.name, [solve_and_prove(p) for p in read_puzzle_file(path)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
