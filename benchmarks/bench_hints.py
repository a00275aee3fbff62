"""How long a hint takes on the big boards: every step of every puzzle.

    python -m benchmarks.bench_hints

For each file, every puzzle is solved by logic one step at a time, timing
each ``next_step`` (what the game's hint worker runs), and the game's whole
first hint (``find_hint``: uniqueness check included) from the givens.
The bundled 16x16 and Samurai files are always measured; the public
collections in ../shared/data are added when that folder is there.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.runner import next_step
from sudoku_tui.game.hints import find_hint

from .data import DATA, PUZZLES

FILES = [PUZZLES / f"{name}.txt" for name in ("16x16-easy", "16x16-medium", "samurai-easy", "samurai-medium")]
FILES += [DATA / "samurai" / f"{name}.txt" for name in ("easy1", "moderate1", "hard1", "hard2")]
FILES += [DATA / "16x16" / "tarek-first20.txt"]
TIME_LIMIT = 60.0  # seconds per file


def measure(path: Path) -> str:
    puzzles = read_puzzle_file(path)
    step_times: list[float] = []
    first_hints: list[float] = []
    stuck = 0
    started = time.perf_counter()
    for index in range(len(puzzles)):
        if time.perf_counter() - started > TIME_LIMIT:
            break
        puzzle = puzzles.puzzle(index)
        start = time.perf_counter()
        find_hint(puzzle, puzzle.givens, frozenset())
        first_hints.append(time.perf_counter() - start)
        grid = CandidateGrid.from_puzzle(puzzle)
        while not grid.is_solved():
            start = time.perf_counter()
            step = next_step(grid, True)
            step_times.append(time.perf_counter() - start)
            if step is None:
                stuck += 1
                break
            grid.apply(step.placements, step.eliminations)
    return (
        f"{path.name:<22}{len(first_hints):>3} puzzles {len(step_times):>6} steps | step median "
        f"{statistics.median(step_times) * 1000:6.1f} ms, slowest {max(step_times) * 1000:7.1f} ms | "
        f"first hint slowest {max(first_hints) * 1000:7.1f} ms | stuck {stuck}"
    )


def main(argv: list[str] | None = None) -> None:
    for path in FILES:
        if path.exists():
            print(measure(path), flush=True)
        else:
            print(f"{path.name:<22}skipped: absent", flush=True)


if __name__ == "__main__":
    main()
