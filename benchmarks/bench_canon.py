"""Canonical forms per second on the shared puzzle sets, on one core.

Run from the project root: ``python -m benchmarks.bench_canon`` (``--runs N``
times each set, 3 by default, and prints the median with the slowest and
fastest run). Each run starts cold: the column states canon.py remembers
between puzzles are cleared first, so a run does not profit from the one
before it. The machine's load average is printed beside each figure, since
on a shared machine it moves the figures a lot; the rate per second of
CPU time is printed too.

Sets: top1465, the 17-clue list (a 10,000 sample) and a 20,000 sample of the
441k Sudoku Exchange file (all 9x9, target 2,000/s); a 4x4 set and the 16x16
tarek set for reference. Sets whose data is absent are skipped.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from sudoku_tui.engine.authors.canon import canonical_form, clear_caches
from sudoku_tui.engine.board.geometry import Shape, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file

# The shared-data readers of the solver's benchmark (same folder, same samples).
from .data import DATA, PUZZLES, exchange_lines, file_lines, sample

TARGET_NINE = "2,000/s"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f})"


def bench_set(name: str, shape: Shape, lines: list[str], runs: int, target: str) -> None:
    puzzles = [Puzzle.from_line(shape, line) for line in lines]
    rates: list[float] = []
    cpu_rates: list[float] = []
    loads: list[str] = []
    classes = 0
    for _ in range(runs):
        clear_caches()
        loads.append(load())
        start, cpu_start = time.perf_counter(), time.process_time()
        forms = {canonical_form(p) for p in puzzles}
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
        rates.append(len(puzzles) / seconds)
        cpu_rates.append(len(puzzles) / cpu_seconds)
        classes = len(forms)
    # Wall time is what a user waits; CPU time is what one core gives when
    # others share the machine (the process waits for a core, uncounted).
    print(
        f"{name:<32}{len(puzzles):>7,} puzzles ({classes:,} classes) | canonical_form median "
        f"{statistics.median(rates):>7,.0f}/s wall (runs {min(rates):,.0f} .. {max(rates):,.0f}), "
        f"{statistics.median(cpu_rates):>7,.0f}/s CPU time | target {target} | "
        f"{loads[len(loads) // 2]} at the middle run",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each set (median printed)")
    args = parser.parse_args(argv)
    nine = square(3)
    sets = (("top1465.txt", None), ("17-clue.txt", 10_000))
    for name, size in sets:
        lines = file_lines(DATA / "9x9" / name)
        if lines is not None:
            chosen = sample(lines, size) if size else lines
            label = name + (f" ({size:,} sample)" if size else "")
            bench_set(label, nine, chosen, args.runs, TARGET_NINE)
    exchange = exchange_lines()
    if exchange is not None:
        bench_set("exchange (20,000 sample)", nine, sample(exchange, 20_000), args.runs, TARGET_NINE)
    four = PUZZLES / "4x4-easy.txt"
    if four.exists():
        bench_set("4x4-easy.txt (project's own)", square(2), read_puzzle_file(four).lines, args.runs, "none")
    lines = file_lines(DATA / "16x16" / "tarek-206.txt")
    if lines is not None:
        bench_set("16x16 tarek-206.txt", square(4), lines, args.runs, "none")


if __name__ == "__main__":
    main()
