"""Generator throughput and time per puzzle, one process (one core).

    python -m benchmarks.bench_generator [--quick] [--seed S] [--part grids|levels|big]

Prints, against the generator's targets:
- complete grids per second for each shape, with the pure-Python fill (the
  base install's) in the same process as the baseline;
- unique 9x9 easy puzzles per second;
- how often each level comes out of digging alone (ungraded minimal 9x9
  puzzles), which is what makes the rare levels slow;
- median, mean and worst CPU seconds per puzzle for each level of 9x9, 16x16
  and Samurai (targets: median <= 2 s for 9x9, <= 5 s for the big boards).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from sudoku_tui.engine.board.geometry import Shape, samurai, square
from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.making import grids
from sudoku_tui.engine.making.generator import default_grader, generate


def grids_per_second(shape: Shape, seconds: float, rng: random.Random) -> float:
    grids.random_grid(shape, rng)  # compile (or load the compiled code) first
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            grids.random_grid(shape, rng)
        done += 50
    return done / (time.perf_counter() - start)


def plain_python_grids_per_second(shape: Shape, count: int, rng: random.Random) -> float:
    """The pure-Python fill (what the base install runs, grids._fill): the
    baseline the ratio is quoted against."""
    start = time.perf_counter()
    for _ in range(count):
        while grids._fill(shape, grids.words(rng, 4 * shape.size), 20_000) is None:
            pass
    return count / (time.perf_counter() - start)


def timed(shape: Shape, level: str | None, count: int, seed: int) -> tuple[list[float], int]:
    """CPU seconds per puzzle and the grids tried in all. CPU time, not wall
    time: on the shared 2-core machine the wall time depends on the load."""
    times: list[float] = []
    attempts = 0
    for index in range(count):
        rng = random.Random(f"bench/{seed}/{shape.name}/{level}/{index}")
        start = time.process_time()
        generated = generate(shape, level, "none", rng)
        times.append(time.process_time() - start)
        attempts += generated.attempts
    return times, attempts


def line(label: str, times: list[float], attempts: int, target: str) -> None:
    print(
        f"  {label:<22} median {statistics.median(times):7.3f} s  mean {statistics.mean(times):7.3f} s  "
        f"worst {max(times):7.3f} s  grids/puzzle {attempts / len(times):5.1f}  (n={len(times)}; {target})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", choices=("grids", "levels", "big"), action="append", help="only these parts")
    args = parser.parse_args(argv)
    parts = args.part or ["grids", "levels", "big"]
    if "grids" in parts:
        grid_rates(args.quick, args.seed)
    if "levels" in parts:
        nine_by_nine_levels(args.quick, args.seed)
    if "big" in parts:
        big_boards(args.quick, args.seed)


def grid_rates(quick: bool, seed: int) -> None:
    rng = random.Random(seed)
    print("Complete grids per second (target 9x9 >= 10,000/s):")
    for shape in (square(2), square(3), square(4), samurai()):
        fast = grids_per_second(shape, 0.5 if quick else 2.0, rng)
        plain = plain_python_grids_per_second(shape, 10 if shape.size > 100 else 50, rng)
        print(f"  {shape.name:<8} {fast:10,.0f}/s   plain Python fill {plain:8,.0f}/s   ratio {fast / plain:6.0f}x")

    shape = square(3)
    count = 30 if quick else 200
    times, _ = timed(shape, "easy", count, seed)
    print(f"\nUnique 9x9 easy: {count / sum(times):.1f} puzzles/s (target >= 20/s)")


def nine_by_nine_levels(quick: bool, seed: int) -> None:
    shape = square(3)
    grader = default_grader()
    samples = 40 if quick else 300
    levels: Counter[int] = Counter()
    dig_times: list[float] = []
    for index in range(samples):
        start = time.perf_counter()
        generated = generate(shape, None, "none", random.Random(f"bench/{seed}/levels/{index}"))
        dig_times.append(time.perf_counter() - start)
        levels[grader(generated.puzzle)] += 1
    print(
        f"\nLevels of {samples} minimal 9x9 puzzles straight from digging "
        f"(dig median {statistics.median(dig_times) * 1000:.1f} ms):"
    )
    print("  " + "  ".join(f"{level.key} {100 * levels[level] / samples:.0f}%" for level in Level))

    print("\nCPU seconds per 9x9 puzzle at each level:")
    for level in (level.key for level in Level):
        n = (10 if quick else 40) if level in ("unfair", "extreme") else (15 if quick else 60)
        times, attempts = timed(shape, level, n, seed)
        line(level, times, attempts, "target median <= 2 s")


def big_boards(quick: bool, seed: int) -> None:
    print("\nCPU seconds per 16x16 and Samurai puzzle (target median <= 5 s at every level):")
    for big in (square(4), samurai()):
        for big_level in (None, *(level.key for level in Level)):
            times, attempts = timed(big, big_level, 3 if quick else 9, seed)
            line(f"{big.name} {big_level or 'ungraded'}", times, attempts, big_level or "unique, minimal")


if __name__ == "__main__":
    main()
