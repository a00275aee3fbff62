"""Grading against HoDoKu: the same level, and how fast, in one run.

    python -m benchmarks.bench_grading --hodoku-python /tmp/hodoku-venv/bin/python
    python -m benchmarks.bench_grading --per-set 50 --seed 3   # another sample

The reference is hodoku-py (a Python port of HoDoKu with its scores, on
PyPI). It is never a dependency of this project: install it in a venv of its
own (``python3 -m venv /tmp/hodoku-venv && /tmp/hodoku-venv/bin/pip install
hodoku-py``) and name that venv's python with ``--hodoku-python`` or the
``HODOKU_PYTHON`` environment variable; without it only our side runs.

The sample is deterministic (``--seed``): ``--per-set`` puzzles drawn from
each 9x9 set of ../shared/data, from QQWing's simple to top1465, so every
level is represented. Each set is graded by us, then by hodoku-py in a
worker process that times its own grading alone (start-up and imports are
not counted), so both rates come from the same minute. Ours is what
``sudoku-tui grade`` does per puzzle: the uniqueness check, then the logical
solution and its level. One puzzle on each side is graded before timing, so
neither pays for loading or compiling.

Last run (2026-11-23, default sample, 200 puzzles; 2 cores shared with
two other benchmarks and other engineers' work, load average 9-12),
puzzles per second, ours / hodoku-py, and the same level:
qqwing-simple 111.8 / 5.1 (x21.7), exchange-easy 101.8 / 3.3 (x30.8),
qqwing-intermediate 34.9 / 2.0 (x17.1), exchange-medium 35.2 / 1.9 (x18.6),
exchange-hard 5.3 / 1.5 (x3.5), exchange-diabolical 0.9 / 0.1 (x7.1),
qqwing-expert 1.4 / 0.2 (x5.7), top1465 0.6 / 0.04 (x14.3); all 200: x10.1
in total time, the same level on 198/200 = 99.0 % (both differences are
top1465 puzzles that need techniques we lack: grouped nice loops, Franken
fish). The run before the logic's memo and pruning gave x6.7 in total
(top1465 x7.2, qqwing-expert x4.9) on a machine loaded more.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.runner import solve_logically

from .data import DATA as SHARED_DATA

DATA = SHARED_DATA / "9x9"
SAMPLES = DATA / "exchange-samples"

# (label, file), easiest first.
SETS = [
    ("qqwing-simple", DATA / "qqwing-simple.txt"),
    ("exchange-easy", SAMPLES / "easy_puzzle_and_solution.txt"),
    ("qqwing-intermediate", DATA / "qqwing-intermediate.txt"),
    ("exchange-medium", SAMPLES / "medium_puzzle_and_solution.txt"),
    ("exchange-hard", SAMPLES / "hard_puzzle_and_solution.txt"),
    ("exchange-diabolical", SAMPLES / "diabolical_puzzle_and_solution.txt"),
    ("qqwing-expert", DATA / "qqwing-expert.txt"),
    ("top1465", DATA / "top1465.txt"),
]

# Runs in hodoku-py's venv: one puzzle a line in, one JSON answer a line out.
WORKER = r"""
import json, sys, time
from hodoku.solver.solver import SudokuSolver
solver = SudokuSolver()
for line in sys.stdin:
    puzzle = line.strip()
    start = time.perf_counter()
    result = solver.solve(puzzle)
    seconds = time.perf_counter() - start
    level = result.level.name.capitalize() if result.solved else "Stuck"
    steps = [s.type.value for s in result.steps]
    print(json.dumps({"level": level, "score": result.score, "seconds": seconds, "steps": steps}), flush=True)
"""

LEVEL_WORDS = {"Stuck": "Stuck", "Incomplete": "Stuck"}


@dataclass
class Grade:
    level: str
    score: int
    seconds: float
    steps: list[str]


def read_sample(path: Path, count: int, seed: int) -> list[str]:
    """``count`` puzzle lines of a set, drawn with ``seed``; ``0`` for empty cells."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as handle:
        lines = [line.split()[0] for line in handle if line.strip() and not line.startswith("#")]
    lines = [line.replace(".", "0") for line in lines if len(line) == 81]
    chosen = random.Random(f"{seed}:{path.name}").sample(range(len(lines)), min(count, len(lines)))
    return [lines[i] for i in sorted(chosen)]


def grade_ours(line: str) -> Grade:
    puzzle = Puzzle.from_line(square(3), line.replace("0", "."))
    start = time.perf_counter()
    result = solve_logically(puzzle)
    seconds = time.perf_counter() - start
    level = result.level.label if result.solved else "Stuck"
    return Grade(level, result.score, seconds, [str(s.technique) for s in result.steps])


class Hodoku:
    """hodoku-py in its own venv, kept running between puzzles."""

    def __init__(self, python: str) -> None:
        self.process = subprocess.Popen(
            [python, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def grade(self, line: str) -> Grade:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("hodoku-py's worker stopped; run its python by hand to see why")
        data = json.loads(answer)
        return Grade(LEVEL_WORDS.get(data["level"], data["level"]), data["score"], data["seconds"], data["steps"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def first_difference(ours: list[str], theirs: list[str]) -> str:
    """The first step where the two solutions take different techniques."""
    for index, (a, b) in enumerate(zip(ours, theirs, strict=False)):
        if a != b:
            return f"step {index + 1}: ours {a} / theirs {b}"
    if len(ours) != len(theirs):
        return f"step {min(len(ours), len(theirs)) + 1}: one solution ends"
    return "same techniques"


def print_differences(rows: list[dict[str, Any]], same: int, total: int) -> None:
    """The table of puzzles graded differently, with where the solutions part."""
    print(f"\nsame level on {same}/{total} = {100 * same / total:.1f} %; differences:")
    for row in rows:
        ours, theirs = row["ours"], row["theirs"]
        if ours["level"] == theirs["level"]:
            continue
        print(f"  {row['puzzle']}  ours {ours['level']} {ours['score']}  theirs {theirs['level']} {theirs['score']}")
        print(f"      {first_difference(ours['steps'], theirs['steps'])}")


def find_hodoku(option: str | None) -> str | None:
    python = option or os.environ.get("HODOKU_PYTHON")
    if python and Path(python).exists():
        return python
    return None


@dataclass
class Tally:
    """Puzzles, seconds on each side and levels agreed, over the sets so far."""

    puzzles: int = 0
    ours: float = 0.0
    theirs: float = 0.0
    same: int = 0

    def line(self, label: str, puzzles: int, ours: float, theirs: float | None, same: int) -> str:
        text = f"{label:<21}{puzzles:>8}{puzzles / ours:>10.1f}"
        if theirs is not None:
            text += f"{puzzles / theirs:>10.1f}{theirs / ours:>7.1f}{100 * same / puzzles:>6.1f}%"
        return text


def run_set(label: str, lines: list[str], hodoku: Hodoku | None, tally: Tally) -> list[dict[str, Any]]:
    """Grade one set on both sides, print its line, add it to ``tally``."""
    ours = [grade_ours(line) for line in lines]
    theirs = [hodoku.grade(line) for line in lines] if hodoku is not None else []
    t_ours = sum(g.seconds for g in ours)
    t_theirs = sum(g.seconds for g in theirs) if theirs else None
    same = sum(a.level == b.level for a, b in zip(ours, theirs, strict=False))
    tally.puzzles += len(lines)
    tally.ours += t_ours
    tally.theirs += t_theirs or 0.0
    tally.same += same
    print(tally.line(label, len(lines), t_ours, t_theirs, same), flush=True)
    rows = []
    for index, line in enumerate(lines):
        row: dict[str, Any] = {"set": label, "puzzle": line, "ours": ours[index].__dict__}
        if theirs:
            row["theirs"] = theirs[index].__dict__
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hodoku-python", help="python of a venv with hodoku-py (default: $HODOKU_PYTHON)")
    parser.add_argument("--per-set", type=int, default=25, help="puzzles drawn from each set (default 25)")
    parser.add_argument("--seed", type=int, default=0, help="which sample (default 0)")
    parser.add_argument("--sets", help="comma-separated set labels (default: all)")
    parser.add_argument("--json", metavar="FILE", help="write every puzzle's two grades and steps here")
    args = parser.parse_args(argv)

    python = find_hodoku(args.hodoku_python)
    hodoku = Hodoku(python) if python else None
    if hodoku is None:
        print("hodoku-py not found (--hodoku-python or HODOKU_PYTHON): grading ours only")
    wanted = set(args.sets.split(",")) if args.sets else None
    sets = [(label, path) for label, path in SETS if path.exists() and (wanted is None or label in wanted)]
    if not sets:
        print(f"no puzzle sets found under {DATA}")
        return 1

    warm = read_sample(sets[0][1], 1, args.seed + 1)[0]
    grade_ours(warm)
    if hodoku is not None:
        hodoku.grade(warm)

    print(f"{'set':<21}{'puzzles':>8}{'ours/s':>10}{'hodoku/s':>10}{'x':>7}{'same':>7}")
    tally = Tally()
    rows: list[dict[str, Any]] = []
    for label, path in sets:
        rows += run_set(label, read_sample(path, args.per_set, args.seed), hodoku, tally)
    print(tally.line("all", tally.puzzles, tally.ours, tally.theirs if hodoku else None, tally.same))
    if hodoku is not None:
        hodoku.close()
        print_differences(rows, tally.same, tally.puzzles)
    if args.json:
        Path(args.json).write_text(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
