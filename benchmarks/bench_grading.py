"""Grading against HoDoKu: the same level, and how fast, in one run.

    python -m benchmarks.bench_grading --hodoku-python /tmp/hodoku-venv/bin/python
    python -m benchmarks.bench_grading --per-set 50 --seed 3   # another sample

The reference is hodoku-py (a Python port of HoDoKu with its scores, on
PyPI). It is never a dependency of this project: install it in a venv of its
own (``python3 -m venv /tmp/hodoku-venv && /tmp/hodoku-venv/bin/pip install
hodoku-py``) and name that venv's python with ``--hodoku-python`` or the
``HODOKU_PYTHON`` environment variable; without it only our side runs.

The sample is the issue's 400 puzzles: 100 each from four sets, the
Sudoku Exchange bank's easy, medium and hard-plus-diabolical puzzles and
top1465. "Easy-diabolical" names the bank's four levels; its hard and
diabolical puzzles are published as one bank
(exchange-hard-diabolical-rated.txt.gz, 441k puzzles), so they are drawn as
one set, which makes "100 each" come to 400. The draw is deterministic
(``--seed``, ``--per-set``); ``--sets`` picks other sets of ../shared/data
(QQWing's four levels, the bank's 500-puzzle hard and diabolical samples
apart, ``--sets all`` for every one). Each set is graded by us, then by
hodoku-py in a worker process that times its own grading alone (start-up
and imports are not counted), so both rates come from the same minute;
both count CPU seconds (``getrusage``), not the wall clock, and the load
average is printed before.
Ours is what ``sudoku-tui grade`` does per puzzle: the uniqueness check,
then the logical solution and its level. One puzzle on each side is graded
before timing, so neither pays for loading or compiling. The figure the
target speaks of is the last table line, ``all``: puzzles per second on
each side over the whole sample, their ratio, and the share graded at
HoDoKu's level; the puzzles graded differently follow, with the first step
where the two solutions part.

Last run (2026-11-26 03:14-03:42 UTC, default sample; 2 cores shared with
the whole test suite and four other engineers' work, load average 16 before
it, 11-16 during), puzzles per CPU second, ours / hodoku-py:
exchange-easy 1453.5 / 23.3 (x62.4), exchange-medium 980.1 / 21.7 (x45.3),
exchange-hard-diabolical 42.3 / 3.5 (x12.0), top1465 6.5 / 0.5 (x13.7);
all 400: 22.5 / 1.6, x13.9, HoDoKu's level on 398/400 = 99.5 % (396 before
the grouped chains). The two left: one needs a finned Franken Swordfish
(not in our table, see docs/choices/engine.md), one takes its singles in
another order than HoDoKu and passes Medium's 1000 points.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import subprocess
import sys
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
    ("exchange-hard-diabolical", DATA / "exchange-hard-diabolical-rated.txt.gz"),
    ("exchange-diabolical", SAMPLES / "diabolical_puzzle_and_solution.txt"),
    ("qqwing-expert", DATA / "qqwing-expert.txt"),
    ("top1465", DATA / "top1465.txt"),
]
# The sample: the exchange bank's levels easy to diabolical, and top1465.
DEFAULT_SETS = ("exchange-easy", "exchange-medium", "exchange-hard-diabolical", "top1465")

# Runs in hodoku-py's venv: one puzzle a line in, one JSON answer a line out.
WORKER = r"""
import json, resource, sys
from hodoku.solver.solver import SudokuSolver
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
solver = SudokuSolver()
for line in sys.stdin:
    puzzle = line.strip()
    start = cpu()
    result = solver.solve(puzzle)
    seconds = cpu() - start
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
        # The bank's lines are ``id puzzle rating``; the other files start with the puzzle.
        rows = [line.split() for line in handle if line.strip() and not line.startswith("#")]
    lines = [next((f for f in row if len(f) == 81), row[0]) for row in rows]
    lines = [line.replace(".", "0") for line in lines if len(line) == 81]
    chosen = random.Random(f"{seed}:{path.name}").sample(range(len(lines)), min(count, len(lines)))
    return [lines[i] for i in sorted(chosen)]


def cpu_seconds() -> float:
    """This process's CPU time so far (the machine's other work does not count)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def grade_ours(line: str) -> Grade:
    puzzle = Puzzle.from_line(square(3), line.replace("0", "."))
    start = cpu_seconds()
    result = solve_logically(puzzle)
    seconds = cpu_seconds() - start
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
        text = f"{label:<25}{puzzles:>8}{puzzles / ours:>10.1f}"
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
    parser.add_argument("--per-set", type=int, default=100, help="puzzles drawn from each set (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="which sample (default 0)")
    parser.add_argument("--sets", help="comma-separated set labels, or all (default: the issue's four)")
    parser.add_argument("--json", metavar="FILE", help="write every puzzle's two grades and steps here")
    args = parser.parse_args(argv)

    python = find_hodoku(args.hodoku_python)
    hodoku = Hodoku(python) if python else None
    if hodoku is None:
        print("hodoku-py not found (--hodoku-python or HODOKU_PYTHON): grading ours only")
    wanted = None if args.sets == "all" else set(args.sets.split(",") if args.sets else DEFAULT_SETS)
    sets = [(label, path) for label, path in SETS if path.exists() and (wanted is None or label in wanted)]
    if not sets:
        print(f"no puzzle sets found under {DATA}")
        return 1

    warm = read_sample(sets[0][1], 1, args.seed + 1)[0]
    grade_ours(warm)
    if hodoku is not None:
        hodoku.grade(warm)

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'set':<25}{'puzzles':>8}{'ours/s':>10}{'hodoku/s':>10}{'x':>7}{'same':>7}")
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
