"""The base install's search (pure Python) and the fast extra's (Numba) against tdoku.

    python -m benchmarks.bench_pysearch [--quick] [--part player|proofs|whole]

Run from the project root. Three parts, each figure beside its target or its
reference measured in the same run, all in CPU seconds (on a machine shared
with other work wall time would measure that work too):

1. What a player waits for, with the pure-Python search (``SUDOKU_TUI_NO_JIT=1``,
   as in a base install): every bundled puzzle solved (target <= 100 ms each),
   the game's first hint on each (target <= 1 s), and a 9x9 made at each level
   (target: median <= 3 s).
2. Uniqueness proofs (count up to two) on the four 9x9 sets: one puzzle at a
   time through ``count_solutions``, and a whole file through ``sudoku-tui
   solve --count --jobs 1`` (its start-up, timed on a one-puzzle file, taken
   off), for both searches, as a share of tdoku's rate on the same puzzles
   (../shared/tools/tdoku, built into a temporary folder; skipped without g++).
3. The base install's whole command against the plain DFS: ``sudoku-tui
   solve top1465.txt`` with ``SUDOKU_TUI_NO_JIT=1`` (every solution printed,
   start-up included) beside ``python -m benchmarks.baseline_solve
   top1465.txt`` (baseline.py doing the same work in a process of its own),
   CPU seconds of each child process (the least of a few runs), and ours as
   a multiple of the baseline's rate (target: 2 or more).
"""

from __future__ import annotations

import argparse
import gzip
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
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.making.generator import generate
from sudoku_tui.engine.search.backend import NO_JIT, numba_importable
from sudoku_tui.engine.search.pure import pure_tables
from sudoku_tui.engine.search.solver import count_solutions, solve
from sudoku_tui.game.hints import find_hint

from .data import DATA, PUZZLES, ROOT

TDOKU = ROOT.parent / "shared" / "tools" / "tdoku" / "build.sh"
HINTS_PER_FILE = 10
# Seconds of one-at-a-time counting the file for solve --count holds, at the least.
FILE_SECONDS = 5


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


def nine_by_nine_sets(size: int) -> Iterator[tuple[str, list[str]]]:
    """The four sets (a random sample of the big ones), as puzzle lines."""
    for name in ("top1465.txt", "17-clue.txt", "forum-hardest-1106.txt"):
        path = DATA / "9x9" / name
        if path.exists():
            lines = read_puzzle_file(path).lines
            yield name, random.Random(2026).sample(lines, size) if len(lines) > size else lines
    exchange = DATA / "9x9" / "exchange-hard-diabolical-rated.txt.gz"
    if exchange.exists():
        with gzip.open(exchange, "rt", encoding="ascii") as handle:
            lines = [row.split()[1].replace("0", ".") for row in handle if row.strip()]
        yield "exchange", random.Random(2026).sample(lines, size)


def build_tdoku(folder: Path) -> Path | None:
    if not TDOKU.exists() or shutil.which("g++") is None:
        return None
    out = folder / "tdoku-rate"
    subprocess.run(["bash", str(TDOKU), str(out)], check=True, capture_output=True)
    return out


def tdoku_rate(rater: Path, path: Path, count: int) -> float:
    reps = max(1, 200_000 // count)
    seconds = timed(lambda: subprocess.run([str(rater), str(path), str(reps)], check=True, capture_output=True))
    return count * reps / seconds


def one_at_a_time(lines: list[str], seconds: float) -> float:
    shape = square(3)
    puzzles = [Puzzle.from_line(shape, line) for line in lines]
    count_solutions(puzzles[0])  # load (or compile) first
    done = 0
    start = time.process_time()
    for p in puzzles:
        count_solutions(p)
        done += 1
        if time.process_time() - start > seconds:
            break
    return done / (time.process_time() - start)


def command_rate(folder: Path, lines: list[str], total: int) -> float:
    """Puzzles a second of ``sudoku-tui solve --count --jobs 1`` on a file of
    ``total`` lines (the sample repeated), its start-up taken off."""
    path, one = folder / "file.txt", folder / "one.txt"
    path.write_text("3\n" + "\n".join(lines[i % len(lines)] for i in range(total)) + "\n")
    one.write_text("3\n" + lines[0] + "\n")
    command = [sys.executable, "-m", "sudoku_tui", "solve", "--count", "--jobs", "1"]
    with open(os.devnull, "w") as sink:
        start_up = min(timed(lambda: subprocess.run([*command, str(one)], stdout=sink, check=True)) for _ in range(3))
        whole = min(timed(lambda: subprocess.run([*command, str(path)], stdout=sink, check=True)) for _ in range(2))
    return total / (whole - start_up)


def share(rate: float, reference: float) -> str:
    return f" ({rate / reference:6.1%})" if reference else ""


def proofs(size: int, seconds: float, file_lines: int) -> None:
    kinds = ["pure", "compiled"] if numba_importable() else ["pure"]
    print(f"Uniqueness proofs (count up to 2) on 9x9 sets, {size:,}-puzzle samples, beside tdoku in the same run")
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        rater = build_tdoku(folder)
        for name, lines in nine_by_nine_sets(size):
            path = folder / "sample.txt"
            path.write_text("3\n" + "\n".join(lines) + "\n")
            reference = tdoku_rate(rater, path, len(lines)) if rater else 0.0
            parts = [f"  {name:<24} tdoku {reference:>9,.0f}/s"]
            for kind in kinds:
                with search(kind):
                    single = one_at_a_time(lines, seconds)
                    # The pure search goes through the same count_solutions per line.
                    # The file takes some seconds (at least file_lines), so that the
                    # start-up's jitter (a tenth of a second here) stays small beside it.
                    total = max(file_lines, round(single * FILE_SECONDS, -3))
                    whole = command_rate(folder, lines, int(total)) if kind == "compiled" else 0.0
                parts.append(f"{kind}: one at a time {single:>8,.0f}/s{share(single, reference)}")
                if whole:
                    parts.append(f"solve --count {whole:>8,.0f}/s{share(whole, reference)}")
            print(" | ".join(parts), flush=True)


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
    total = len(read_puzzle_file(path).lines)
    ours_env = {**os.environ, NO_JIT: "1"}
    ours_command = [sys.executable, "-m", "sudoku_tui", "solve", str(path)]
    base_command = [sys.executable, "-m", "benchmarks.baseline_solve", str(path)]
    print(f"Whole process, {path.name} ({total:,} puzzles), base install (pure-Python search); load {_load()}")
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
        proofs(2000 if args.quick else 10_000, 5.0 if args.quick else 15.0, 10_000 if args.quick else 40_000)


if __name__ == "__main__":
    main()
