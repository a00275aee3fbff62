"""The 9x9 counter's kernel alone against tdoku, in one process, per set.

    python -m benchmarks.bench_kernel9 [--sample N]

Run from the project root. For each 9x9 set (top1465, 17-clue,
forum-hardest-1106, the Sudoku Exchange bank; a fixed sample of ``N``
lines of the big ones): the load average first, tdoku's rate (built from
../shared/tools/tdoku into a temporary folder, its process's CPU seconds from
``RUSAGE_CHILDREN``), the counter kernel's rate (``kernel9.count_batch``
over the set's givens, CPU seconds of this process, the compilation and
file reading left out), ours as a share of tdoku's, and the kernel's
branch nodes per puzzle (each value of a cell or way of a value through a
band tried; tdoku's "guesses" are two tries each). Each side repeats its set to over a second of
work. The whole-process figure the issue speaks of is bench_pysearch's
``--part proofs``; this one isolates the kernel while working on it.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

import numpy as np

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.search.compiled import kernel9
from sudoku_tui.engine.search.compiled.kernel_tables import kernel_tables, lines_to_givens
from sudoku_tui.engine.search.compiled.nine_batch import NODES_PER_CALL

from .bench_pysearch import build_tdoku, nine_by_nine_sets, timed
from .data import sample

WORK_SECONDS = 1.0


def kernel_pass(givens: np.ndarray) -> np.ndarray:
    """Counts (up to 2) of every row, as ``solve --count`` calls the kernel."""
    counts = np.zeros(givens.shape[0], dtype=np.int64)
    stack, tally = kernel9.scratch()
    row = 0
    while row < givens.shape[0]:
        row = kernel9.count_batch(givens, row, NODES_PER_CALL, 2, counts, stack, tally)
    return counts


def nodes_per_puzzle(givens: np.ndarray) -> float:
    stack, tally = kernel9.scratch()
    total = 0
    for row in givens:
        kernel9.count(row, 2, kernel9.GIVE_UP_NODES, stack, tally)
        total += int(tally[kernel9.NODES])
    return total / len(givens)


def kernel_rate(givens: np.ndarray) -> float:
    """Puzzles per CPU second, repeating the set to over WORK_SECONDS."""
    kernel_pass(givens[:2])  # compiled or loaded from the cache, outside the timing
    rounds, seconds = 0, 0.0
    while seconds < WORK_SECONDS:
        seconds += timed(lambda: kernel_pass(givens))
        rounds += 1
    return rounds * len(givens) / seconds


def tdoku_rate(rater: Path, path: Path, puzzles: int) -> float:
    reps = 1
    while True:
        seconds = timed(lambda reps=reps: os.system(f"{rater} {path} {reps} > /dev/null"))
        if seconds >= WORK_SECONDS:
            return reps * puzzles / seconds
        reps *= 2 if seconds * 4 < WORK_SECONDS else 1 + int(WORK_SECONDS / max(seconds, 0.01))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=5000, help="lines of the big sets (default 5000)")
    parser.add_argument("--no-tdoku", action="store_true", help="the kernel only")
    args = parser.parse_args()
    table = kernel_tables(square(3))
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        rater = None if args.no_tdoku else build_tdoku(folder)
        for name, lines in nine_by_nine_sets():
            lines = sample(lines, args.sample)
            givens = lines_to_givens(table, lines)
            print(f"{name:<14} load {os.getloadavg()[0]:5.1f}", end="", flush=True)
            ours = kernel_rate(givens)
            line = f" | kernel {ours:9.0f}/s, {nodes_per_puzzle(givens):6.1f} nodes a puzzle"
            if rater is not None:
                path = folder / "set.txt"
                path.write_text("\n".join(lines) + "\n", encoding="ascii")
                theirs = tdoku_rate(rater, path, len(lines))
                line += f" | tdoku {theirs:9.0f}/s | share {100 * ours / theirs:5.1f} %"
            print(line, flush=True)


if __name__ == "__main__":
    main()
