"""The plain DFS (baseline.py) as a process of its own, doing what
``sudoku-tui solve FILE`` does: read a puzzle file, solve every line, print
each solution line (``no solution`` when none), so that both sides of
``bench_pysearch --part whole`` pay a start-up.

    python -m benchmarks.baseline_solve FILE
"""

from __future__ import annotations

import sys

from sudoku_tui.engine.board.puzzle import Puzzle, format_line
from sudoku_tui.engine.files.formats import read_puzzle_file

from .baseline import BaselineSolver


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    puzzles = read_puzzle_file(args[0])
    shape = puzzles.shape
    solver = BaselineSolver(shape)
    out = sys.stdout
    for line in puzzles.lines:
        found = solver.solve(Puzzle.from_line(shape, line).givens)
        out.write(("no solution" if found is None else format_line(shape, found)) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
