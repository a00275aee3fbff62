"""Solving and proving unique the variants (Sudoku X, Windoku, Jigsaw, Killer).

    python -m benchmarks.bench_variants [--quick] [--part solve|generate]

Run from the project root. ``solve`` prints, per set, the median and the
slowest time of ``solve()`` plus ``count_solutions(limit=2)`` on one puzzle
(wall and CPU), and the same figures for the bundled classic 9x9-hard file
as the baseline run in the same process:

- killer puzzles without givens, made here from seeded random grids and
  cages of two or three cells (only the layouts with one solution are kept);
- every bundled variant file (``puzzles/*x-*``, ``windoku-*``, ``jigsaw-*``,
  ``killer-*``).

``generate`` prints the median and worst CPU seconds per puzzle that
``generate()`` takes for each variant at easy, medium and hard (seeded), the
classic 9x9 in the same run as the baseline.

Targets: a killer without givens under 100 ms, every puzzle of
the bundled variant files under 10 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from sudoku_tui.engine.board.geometry import Shape, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.variants import variant_names, variant_template
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.making.grids import random_grid
from sudoku_tui.engine.making.killer_cages import grow_cages, killer_shape
from sudoku_tui.engine.search.solver import count_solutions, solve

from .bench_generator import line, timed
from .data import PUZZLES


def solve_and_prove(puzzle: Puzzle) -> tuple[float, float]:
    """Wall and CPU seconds of one solve plus one uniqueness count."""
    start, cpu = time.perf_counter(), time.process_time()
    solve(puzzle)
    count_solutions(puzzle, 2)
    return time.perf_counter() - start, time.process_time() - cpu


def report(name: str, timings: list[tuple[float, float]]) -> None:
    wall, cpu = [t[0] for t in timings], [t[1] for t in timings]
    print(
        f"{name:<28} {len(timings):>4} puzzles  median {statistics.median(wall) * 1000:7.2f} ms  "
        f"slowest {max(wall) * 1000:7.2f} ms  (CPU median {statistics.median(cpu) * 1000:6.2f} ms, "
        f"slowest {max(cpu) * 1000:6.2f} ms)"
    )


def killers_without_givens(count: int, seed: int = 1) -> list[Puzzle]:
    rng = random.Random(seed)
    found: list[Puzzle] = []
    while len(found) < count:
        grid = random_grid(variant_template("killer"), rng)
        puzzle = Puzzle(killer_shape(grid, grow_cages(grid, rng, sizes=(2, 3))), (0,) * 81)
        if count_solutions(puzzle) == 1:
            found.append(puzzle)
    return found


def solving(quick: bool) -> None:
    classic = list(read_puzzle_file(PUZZLES / "9x9-hard.txt"))
    solve_and_prove(classic[0])  # load the compiled kernel before timing
    report("classic 9x9-hard (baseline)", [solve_and_prove(p) for p in classic])
    report("killer, no givens", [solve_and_prove(p) for p in killers_without_givens(10 if quick else 40)])
    for path in sorted(PUZZLES.glob("*.txt")):
        if path.name.split("-")[0] in variant_names():
            report(path.name, [solve_and_prove(p) for p in read_puzzle_file(path)])


def generating(quick: bool) -> None:
    """CPU seconds per graded puzzle (bench_generator's measure: CPU, not wall, time)."""
    count = 4 if quick else 12
    print(f"\nCPU seconds per generated puzzle ({count} a level, seeded):")
    boards: list[tuple[str, Shape]] = [("classic 9x9", square(3))]
    boards += [(name, variant_template(name)) for name in variant_names()]
    for name, shape in boards:
        for level in ("easy", "medium", "hard"):
            times, attempts = timed(shape, level, count, seed=1)
            line(f"{name} {level}", times, attempts, "variant" if shape.variant else "baseline")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--part", choices=("solve", "generate"), action="append", help="only these parts")
    args = parser.parse_args(argv)
    parts = args.part or ["solve", "generate"]
    if "solve" in parts:
        solving(args.quick)
    if "generate" in parts:
        generating(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
