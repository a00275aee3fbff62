"""The base install's search (pure Python) and the fast extra's (Numba) against tdoku.

    python -m benchmarks.bench_pysearch [--quick] [--part player|proofs|whole]

Run from the project root. Three parts, each figure beside its target or its
reference measured in the same run, all in CPU seconds (on a machine shared
with other work wall time would measure that work too):

1. What a player waits for, with the pure-Python search (``SUDOKU_TUI_NO_JIT=1``,
   as in a base install): every bundled puzzle solved (target <= 100 ms each),
   the game's first hint on each (target <= 1 s), and a 9x9 made at each level
   (target: median <= 3 s).
2. Uniqueness proofs (count up to two) on the four 9x9 sets (top1465,
   17-clue, forum-hardest-1106, the Sudoku Exchange bank): per set, the load
   average printed first, tdoku's rate (../shared/tools/tdoku, built into a
   temporary folder; skipped without g++) and ``sudoku-tui solve --count
   --jobs 1``'s (the fast extra), each a whole process, start-up and file
   reading included, CPU seconds from ``RUSAGE_CHILDREN``, best of two runs,
   on the same block-size file (the set repeated) of over a second of either
   program's work; then ours as a share of tdoku's (target 50 %). Run it
   alone on a quiet machine: ``python -m benchmarks.bench_pysearch --part proofs``.
3. The base install's whole command against the plain DFS: ``sudoku-tui
   solve FILE`` with ``SUDOKU_TUI_NO_JIT=1`` (every solution printed,
   start-up included) beside ``python -m benchmarks.baseline_solve FILE``
   (baseline.py doing the same work in a process of its own), FILE being
   top1465 twice over (2,930 puzzles, over a second of work for either),
   CPU seconds of each child process (the least of a few runs), and ours as
   a multiple of the baseline's rate (target: 2 or more).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sudoku_tui.engine.board.geometry import samurai, square
from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.making.generator import generate
from sudoku_tui.engine.search.backend import NO_JIT
from sudoku_tui.engine.search.pure import pure_tables
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.hints import find_hint

from .data import DATA, PUZZLES, ROOT, exchange_lines, file_lines

# The shared folder beside the data: ../shared, or where $SUDOKU_DATA points.
TDOKU = DATA.parent / "tools" / "tdoku" / "build.sh"
HINTS_PER_FILE = 10
# CPU seconds of work a proofs file holds for either program, at the least.
FILE_SECONDS = 1.0


@contextmanager
def search(kind: str) -> Iterator[None]:
    """Run the block with the pure-Python search or the compiled one."""
    before = os.environ.pop(NO_JIT, None)
    if kind == "pure":
        os.environ[NO_JIT] = "1"
    try:
        yield
    finally:
        os.environ.pop(NO_JIT, None)
        if before is not None:
            os.environ[NO_JIT] = before


def timed(work: Callable[[], object]) -> float:
    """CPU seconds of ``work`` in this process and in the processes it waited for:
    on a machine shared with other work, wall time measures the others too."""
    start = time.process_time() + _children_cpu()
    work()
    return time.process_time() + _children_cpu() - start


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# -- 1. what a player waits for ------------------------------------------------------------------


def bundled_puzzles() -> None:
    print("Bundled puzzles, pure-Python search (targets: solve <= 100 ms, first hint <= 1 s)")
    worst_solve = worst_hint = 0.0
    for shape in (square(2), square(3), square(4), samurai()):
        # A shape's masks are built once a process, on its first puzzle.
        print(f"  first use of {shape.name}: {timed(lambda shape=shape: pure_tables(shape)) * 1000:.1f} ms")
    for path in sorted(PUZZLES.glob("*.txt")):
        file = read_puzzle_file(path)
        puzzles = [file.puzzle(i) for i in range(len(file))]
        solves = [timed(lambda p=p: solve(p)) for p in puzzles]
        hints = [timed(lambda p=p: find_hint(p, p.givens, frozenset())) for p in puzzles[:HINTS_PER_FILE]]
        worst_solve, worst_hint = max(worst_solve, *solves), max(worst_hint, *hints)
        print(
            f"  {path.name:<22}{len(solves):>4} puzzles | solve median {statistics.median(solves) * 1000:6.1f} ms, "
            f"slowest {max(solves) * 1000:6.1f} ms | first hint ({len(hints)}) median "
            f"{statistics.median(hints) * 1000:6.1f} ms, slowest {max(hints) * 1000:6.1f} ms",
            flush=True,
        )
    print(f"  slowest solve {worst_solve * 1000:.1f} ms, slowest first hint {worst_hint * 1000:.0f} ms")


def made_puzzles(count: int) -> None:
    print(f"9x9 puzzles made, pure-Python search, {count} a level (target: median <= 3 s)")
    for level in Level:
        times = []
        for index in range(count):
            rng = random.Random(f"bench-pysearch/{level.key}/{index}")
            times.append(timed(lambda rng=rng, level=level: generate(square(3), level, "none", rng)))
        print(
            f"  {level.key:<8} median {statistics.median(times):6.2f} s, worst {max(times):6.2f} s (n={count})",
            flush=True,
        )


# -- 2. uniqueness proofs against tdoku -----------------------------------------------------------


def nine_by_nine_sets() -> Iterator[tuple[str, list[str]]]:
    """The four sets, whole, as block-size puzzle lines ("." for empty)."""
    for name in ("top1465.txt", "17-clue.txt", "forum-hardest-1106.txt"):
        lines = file_lines(DATA / "9x9" / name)
        if lines is not None:
            yield name.removesuffix(".txt"), [line.replace("0", ".") for line in lines]
    exchange = exchange_lines()
    if exchange is not None:
        yield "exchange", [line.replace("0", ".") for line in exchange]


def build_tdoku(folder: Path) -> Path | None:
    if not TDOKU.exists() or shutil.which("g++") is None:
        return None
    out = folder / "tdoku-rate"
    subprocess.run(["bash", str(TDOKU), str(out)], check=True, capture_output=True)
    return out


def process_seconds(command: list[str]) -> float:
    """CPU seconds of a whole process (start-up included), the best of two runs."""
    with open(os.devnull, "w") as sink:
        return min(timed(lambda: subprocess.run(command, stdout=sink, check=True)) for _ in range(2))


def write_file(path: Path, lines: list[str], total: int) -> None:
    """A block-size file of ``total`` lines: the set over and over, in its order."""
    repeats = -(-total // len(lines))
    path.write_text("3\n" + "\n".join((lines * repeats)[:total]) + "\n", encoding="ascii")


def proofs() -> None:
    """Per set: tdoku's rate and ``sudoku-tui solve --count --jobs 1``'s, each
    a whole process on the same file of over a second of either's work, in
    CPU seconds (RUSAGE_CHILDREN), and ours as a share of tdoku's."""
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        rater = build_tdoku(folder)
        if rater is None:
            print("Uniqueness proofs: skipped, tdoku cannot be built (no g++ or no ../shared/tools/tdoku)")
            return
        # As after an install: the bytecode written once, and the compiled search in Numba's cache.
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "sudoku_tui")], check=True)
        ours = [sys.executable, "-m", "sudoku_tui", "solve", "--count", "--jobs", "1"]
        path = folder / "file.txt"
        write_file(path, ["." * 81], 1)
        process_seconds([*ours, str(path)])
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print("Uniqueness proofs (count up to 2), whole processes on the same file, CPU seconds:")
        for name, lines in nine_by_nine_sets():
            total = len(lines)
            for _ in range(4):  # grow the file until it is over a second of work for both programs
                write_file(path, lines, total)
                theirs = process_seconds([str(rater), str(path), "1"])
                mine = process_seconds([*ours, str(path)])
                if min(theirs, mine) > FILE_SECONDS:
                    break
                total = int(total * 1.3 * FILE_SECONDS / max(min(theirs, mine), 0.01)) + 1
            print(
                f"  {name:<20} {total:>9,} puzzles | tdoku {total / theirs:>9,.0f}/s ({theirs:5.2f} s) | "
                f"solve --count --jobs 1 {total / mine:>9,.0f}/s ({mine:5.2f} s) | share {theirs / mine:6.1%}",
                flush=True,
            )


# -- 3. the base install's whole solve command against the plain DFS ---------------------------


def _process_cpu(command: list[str], env: dict[str, str]) -> tuple[float, bytes]:
    """CPU seconds of one child process running ``command``, and what it printed."""
    start = _children_cpu()
    done = subprocess.run(command, env=env, capture_output=True, check=True)
    return _children_cpu() - start, done.stdout


def whole_command(runs: int) -> None:
    path = DATA / "9x9" / "top1465.txt"
    if not path.exists():
        print(f"{path.name}: skipped, absent")
        return
    lines = read_puzzle_file(path).lines
    with tempfile.TemporaryDirectory() as folder:
        # The set twice, so that either side has over a second of work beside its start-up.
        twice = Path(folder) / "top1465-twice.txt"
        write_file(twice, lines, 2 * len(lines))
        _whole_command(twice, 2 * len(lines), runs)


def _whole_command(path: Path, total: int, runs: int) -> None:
    ours_env = {**os.environ, NO_JIT: "1"}
    ours_command = [sys.executable, "-m", "sudoku_tui", "solve", str(path)]
    base_command = [sys.executable, "-m", "benchmarks.baseline_solve", str(path)]
    print(f"Whole process, top1465 twice ({total:,} puzzles), base install (pure-Python search); load {_load()}")
    ours = base = float("inf")
    for _ in range(runs):  # alternated, so that a busy moment weighs on both
        seconds, ours_out = _process_cpu(ours_command, ours_env)
        ours = min(ours, seconds)
        seconds, base_out = _process_cpu(base_command, dict(os.environ))
        base = min(base, seconds)
        if ours_out != base_out:
            raise SystemExit("the two commands printed different solutions")
    print(f"  sudoku-tui solve   {ours:6.2f} CPU s  {total / ours:8,.0f}/s")
    print(f"  baseline_solve     {base:6.2f} CPU s  {total / base:8,.0f}/s")
    print(f"  ours / baseline    x{base / ours:.2f}  (target x2 or more); load after {_load()}")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer puzzles made, smaller samples")
    parser.add_argument(
        "--part", choices=("player", "proofs", "whole"), help="only part 1 (player), 2 (proofs) or 3 (whole)"
    )
    args = parser.parse_args(argv)
    if args.part in (None, "whole"):
        whole_command(2 if args.quick else 3)
    if args.part in (None, "player"):
        with search("pure"):
            bundled_puzzles()
            made_puzzles(3 if args.quick else 7)
    if args.part in (None, "proofs"):
        proofs()


if __name__ == "__main__":
    main()
