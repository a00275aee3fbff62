"""Solver throughput on the shared puzzle sets, against a plain baseline.

Run from the project root: ``python -m benchmarks.bench_solver`` (``--quick``
skips the 441k-line file). Prints puzzles per second for each set and API:

- ``solve()``: the public one-puzzle API the game uses (the classic's answer),
- ``count≤2``: ``count_solutions(limit=2)``, i.e. a uniqueness proof,
- ``batch``: ``solve_lines`` over the whole sample, as ``sudoku-tui solve``
  does with a file,
- ``baseline``: benchmarks/baseline.py, a simple bit-set DFS in pure Python,
  on the first puzzles of the same sample for at most a few seconds.

Sets whose data is absent are skipped. Nothing is cached between puzzles
or runs; the compiled kernel is loaded (or compiled) once before timing,
and that warm-up is printed too.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from sudoku_tui.engine.batch.solving import solve_lines
from sudoku_tui.engine.board.geometry import Shape, samurai, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.solver import count_solutions, solve

from .baseline import BaselineSolver
from .data import DATA, exchange_file, exchange_lines, file_lines, sample

BASELINE_SECONDS = 3.0


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:>9,.0f}/s" if seconds > 0 else "      n/a"


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def baseline_rate(shape: Shape, puzzles: Sequence[Puzzle]) -> tuple[int, float]:
    solver = BaselineSolver(shape)
    done = 0
    start = time.perf_counter()
    for p in puzzles:
        solver.solve(p.givens)
        done += 1
        if time.perf_counter() - start > BASELINE_SECONDS:
            break
    return done, time.perf_counter() - start


def bench_set(name: str, shape: Shape, lines: list[str], target: str, with_count: bool = True) -> None:
    puzzles = [Puzzle.from_line(shape, line) for line in lines]
    t_solve = timed(lambda: [solve(p) for p in puzzles])
    t_batch = timed(lambda: list(solve_lines(shape, lines)))
    done, t_base = baseline_rate(shape, puzzles)
    base = done / t_base
    parts = [
        f"{name:<28}{len(lines):>7,} puzzles",
        f"solve() {rate(len(puzzles), t_solve)} (x{len(puzzles) / t_solve / base:.1f})",
        f"batch {rate(len(lines), t_batch)} (x{len(lines) / t_batch / base:.1f})",
    ]
    if with_count:
        t_count = timed(lambda: [count_solutions(p) for p in puzzles])
        parts.append(f"count≤2 {rate(len(puzzles), t_count)}")
    parts.append(f"baseline {rate(done, t_base)} ({done} puzzles)")
    parts.append(f"target {target}")
    print(" | ".join(parts), flush=True)


def bench_sixteen() -> None:
    shape = square(4)
    for name in ("tarek-206.txt", "tarek-first20.txt"):
        lines = file_lines(DATA / "16x16" / name)
        if lines is None:
            continue
        times = []
        for line in lines:
            p = Puzzle.from_line(shape, line)
            times.append(timed(lambda p=p: solve(p)))
        slowest = max(range(len(times)), key=times.__getitem__)
        print(
            f"{'16x16 ' + name:<28}{len(lines):>7,} puzzles | solve() with uniqueness proof: total {sum(times):.2f} s, "
            f"mean {sum(times) / len(times) * 1000:.1f} ms, slowest {times[slowest] * 1000:.1f} ms "
            f"(puzzle {slowest + 1}) | baseline: not run (30-80 s a puzzle) | target each <= 1 s",
            flush=True,
        )


def bench_samurai() -> None:
    folder = DATA / "samurai"
    if not folder.is_dir():
        print(f"{'samurai':<28}skipped: absent", flush=True)
        return
    base = BaselineSolver(samurai())
    for path in sorted(folder.glob("*.txt")):
        if path.stem.endswith("_solution"):
            continue
        p = read_puzzle_file(path).puzzle(0)
        runs = [timed(lambda p=p: solve(p)) for _ in range(5)]
        t_base = timed(lambda p=p: base.solve(p.givens))
        result = "no solution" if solve(p) is None else "solved"
        print(
            f"{'samurai ' + path.name:<28}solve() {max(runs) * 1000:6.2f} ms slowest of 5 "
            f"(mean {sum(runs) / 5 * 1000:.2f} ms), {result} | baseline {t_base * 1000:.1f} ms | target <= 30 ms",
            flush=True,
        )


READ_SCRIPT = """
import resource, sys, time
from sudoku_tui.engine.files.formats import read_puzzle_file
start = time.perf_counter()
puzzles = read_puzzle_file(sys.argv[1])
seconds = time.perf_counter() - start
print(len(puzzles), seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


SOLVE_SCRIPT = """
import resource, subprocess, sys, time
start = time.perf_counter()
with open("/dev/null", "w") as sink:
    subprocess.run(sys.argv[1:], stdout=sink, check=True)
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def bench_big_file() -> None:
    big_file = exchange_file()
    if big_file is None:
        print(f"{'441k file':<28}skipped: absent", flush=True)
        return
    out = subprocess.run([sys.executable, "-c", READ_SCRIPT, str(big_file)], capture_output=True, text=True, check=True)
    count, seconds, rss = out.stdout.split()
    print(
        f"{'read 441k file':<28}{int(count):>7,} puzzles | read_puzzle_file {float(seconds):.2f} s, "
        f"peak memory of the process {int(rss) / 1024:.0f} MB",
        flush=True,
    )
    for jobs in (1, 2):
        command = [sys.executable, "-m", "sudoku_tui", "solve", "--jobs", str(jobs), str(big_file)]
        # A wrapper process, so the peak memory is this command's alone
        # (its pool workers included), not that of earlier subprocesses.
        out = subprocess.run([sys.executable, "-c", SOLVE_SCRIPT, *command], capture_output=True, text=True, check=True)
        seconds, rss = out.stdout.split()
        print(
            f"{'sudoku-tui solve --jobs ' + str(jobs):<28}{int(count):>7,} puzzles | {float(seconds):.2f} s wall "
            f"({int(count) / float(seconds):,.0f}/s, whole command: start, read, solve, write to /dev/null), "
            f"peak memory of its largest process {int(rss) / 1024:.0f} MB",
            flush=True,
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="skip the 441k-line file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    for shape, line in ((square(2), "." * 16), (square(3), "." * 81), (square(4), "." * 256), (samurai(), "." * 405)):
        solve(Puzzle.from_line(shape, line))
        list(solve_lines(shape, [line]))
    print(f"warm-up (load the compiled kernel, first solve of each shape): {time.perf_counter() - start:.2f} s")
    nine = square(3)
    sets = (
        ("top1465.txt", None, "1,500/s"),
        ("17-clue.txt", 5000, "6,000/s"),
        ("forum-hardest-1106.txt", None, "300/s"),
    )
    for name, size, target in sets:
        lines = file_lines(DATA / "9x9" / name)
        if lines is not None:
            chosen = sample(lines, size) if size else lines
            bench_set(name + (f" ({size:,} sample)" if size else ""), nine, chosen, target)
    exchange = exchange_lines()
    if exchange is not None:
        bench_set("exchange (20,000 sample)", nine, sample(exchange, 20000), "10,000/s")
    bench_sixteen()
    bench_samurai()
    if not args.quick:
        bench_big_file()


if __name__ == "__main__":
    main()
