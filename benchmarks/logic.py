"""Acceptance figures for the logic engine.

    python -m benchmarks.logic            # everything (tens of minutes)
    python -m benchmarks.logic --quick    # samples of every part (a minute or two)
    python -m benchmarks.logic --only reglib,speed --jobs 2

Run from the project root, as a module: it reads the regression library and
checks solutions with the tests' own helpers (tests/reglib.py, tests/oracle.py).

Parts: ``reglib`` (HoDoKu's regression library, every case of every
technique we implement, pass = the exact step found), ``exemplars``
(HoDoKu's exemplar puzzles: is the section's technique used on the way),
``soundness`` (every step of every puzzle of top1465 and qqwing-expert
against the solution; also coverage and speed on top1465), ``hardest``
(coverage of forum-hardest-1106), ``spearman`` (our score against the
Sukaku Explainer rating of the rated exchange set), ``qqwing`` (level
distribution of the four qqwing sets). Data is read from ../shared/data.

Last full run (2 jobs on a shared 2-core machine, 1875 s):
- reglib: 775/775 exact over the 41 implemented techniques (100 % each);
  sections not implemented are listed and skipped.
- exemplars: every exemplar puzzle solved, no wrong step.
- soundness: 0 wrong steps on top1465 (1465) and qqwing-expert (1000).
- coverage: top1465 1465/1465, forum-hardest-1106 375/375 (median 4.4 s).
- speed (one process, 200 top1465 puzzles): median 0.333 s, mean 0.541 s.
- Spearman, score vs SE rating, 2691 exchange puzzles stratified by rating: 0.875.
- qqwing levels: simple 1000 Easy; easy 1000 Easy; intermediate 1000 Medium;
  expert 10 Medium, 576 Hard, 184 Unfair, 230 Extreme.
"""

from __future__ import annotations

import argparse
import gzip
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from multiprocessing import Pool
from pathlib import Path

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.logic.techniques import TECHNIQUES, score_of
from tests.oracle import solutions
from tests.reglib import check_case, read_cases

ROOT = Path(__file__).resolve().parents[1]

DATA = ROOT / ".." / "shared" / "data"
TIME_LIMIT = 60.0  # seconds of logic per puzzle before it counts as not finished


def read_lines(path: Path) -> list[list[str]]:
    """Puzzle lines (split on white space) of a plain collection, .gz or not."""
    opener = gzip.open if path.suffix == ".gz" else open
    out = []
    with opener(path, "rt") as handle:  # type: ignore[operator]
        for line in handle:
            if line.strip() and not line.startswith("#"):
                out.append(line.split())
    return out


def puzzle_field(fields: list[str]) -> str:
    return next(f for f in fields if len(f) == 81)


def sample(items: list[list[str]], count: int | None) -> list[list[str]]:
    if count is None or count >= len(items):
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


# -- one puzzle, in a worker ---------------------------------------------------
def run_puzzle(line: str) -> dict[str, object]:
    """Solve by logic; check every step against the solution; time it."""
    shape = square(3)
    puzzle = Puzzle.from_line(shape, line.replace("0", "."))
    found = solutions(shape, puzzle.givens, 2)
    unique = len(found) == 1
    start = time.perf_counter()
    deadline = start + TIME_LIMIT
    result = solve_logically(puzzle, unique=unique, should_stop=lambda: time.perf_counter() > deadline)
    elapsed = time.perf_counter() - start
    wrong: list[str] = []
    if found:
        solution = found[0] if unique else None
        for step in result.steps:
            if solution is None:
                break
            bad = [(c, v) for c, v in step.placements if solution[c] != v]
            bad += [(c, v) for c, v in step.eliminations if solution[c] == v]
            if bad:
                wrong.append(f"{line}: {step.describe(shape)}")
                break  # later steps build on the wrong one
    return {
        "solved": result.solved,
        "unique": unique,
        "time": elapsed,
        "score": result.score,
        "level": result.level.label if result.solved else "Stuck",
        "wrong": wrong,
        "techniques": Counter(s.technique for s in result.steps),
    }


def run_all(lines: list[str], jobs: int) -> list[dict[str, object]]:
    if jobs <= 1:
        return [run_puzzle(line) for line in lines]
    with Pool(jobs) as pool:
        return pool.map(run_puzzle, lines, chunksize=4)


# -- parts ---------------------------------------------------------------------
def part_reglib(quick: bool) -> None:
    path = DATA / "logic" / "hodoku-reglib-1.3.txt"
    cases = read_cases(path)
    print(f"== HoDoKu regression library ({path.name}): exact step found, per technique")
    total = passed = 0
    for tech in TECHNIQUES:
        mine = [c for c in cases if c.answered_by(tech.reglib)]
        if not mine:
            continue
        results = defaultdict(list)
        for case in mine:
            results[check_case(case, tech.finder)].append(case)
        exact = len(results["exact"])
        total += len(mine)
        passed += exact
        fails = [f"{c.line_number}({c.code})" for c in results["covered"] + results["fail"]]
        note = f"  not exact: {', '.join(fails)}" if fails else ""
        covered = f" (covered by smaller steps: {len(results['covered'])})" if results["covered"] else ""
        print(f"  {tech.name:38s} {exact:3d}/{len(mine):3d} {100 * exact / len(mine):5.1f} %{covered}{note}")
    print(f"  all implemented techniques: {passed}/{total} = {100 * passed / total:.1f} %")
    codes = {c.base for c in cases}
    ours = {code.split("-")[0] for t in TECHNIQUES for code in t.reglib}
    print(f"  library sections not implemented (skipped): {', '.join(sorted(codes - ours))}")


def part_exemplars(quick: bool, jobs: int) -> None:
    path = DATA / "logic" / "hodoku-exemplars-1.0.txt"
    by_code: dict[str, list[str]] = defaultdict(list)
    code = ""
    for line in path.read_text().splitlines():
        if line.startswith("#") and ":" in line and line[1:5].isdigit():
            code = line[1:].split(":")[0].strip()
        elif line and not line.startswith("#") and len(line.split()[0]) == 81:
            by_code[code].append(line.split()[0])
    print(f"== HoDoKu exemplars ({path.name}): puzzles solved soundly, and whether the section's technique is used")
    for tech in TECHNIQUES:
        lines = [ln for c in dict.fromkeys(c.split("-")[0] for c in tech.reglib) for ln in by_code.get(c, [])]
        if not lines:
            continue
        if quick:
            lines = lines[:3]
        results = run_all(lines, jobs)
        solved = sum(1 for r in results if r["solved"])
        wrong = sum(1 for r in results if r["wrong"])
        used = sum(1 for r in results if tech.name in r["techniques"])  # type: ignore[operator]
        print(
            f"  {tech.name:38s} puzzles {len(lines):3d}  solved {solved:3d}  wrong steps {wrong}  "
            f"technique used in {used}"
        )


def part_soundness(quick: bool, jobs: int) -> None:
    for name in ("top1465.txt", "qqwing-expert.txt"):
        lines = [puzzle_field(f) for f in sample(read_lines(DATA / "9x9" / name), 40 if quick else None)]
        start = time.perf_counter()
        results = run_all(lines, jobs)
        wall = time.perf_counter() - start
        wrong = [w for r in results for w in r["wrong"]]  # type: ignore[attr-defined]
        solved = sum(1 for r in results if r["solved"])
        times = sorted(float(r["time"]) for r in results)  # type: ignore[arg-type]
        techniques: Counter[str] = Counter()
        for r in results:
            techniques.update(r["techniques"])  # type: ignore[arg-type]
        print(f"== {name}: {len(lines)} puzzles in {wall:.0f} s wall ({jobs} jobs)")
        print(f"  soundness: {len(wrong)} puzzles with a wrong step")
        for w in wrong[:20]:
            print(f"    {w}")
        print(f"  finished without guessing: {solved}/{len(lines)} = {100 * solved / len(lines):.2f} %")
        print(
            f"  time per puzzle: median {statistics.median(times):.3f} s, mean {statistics.mean(times):.3f} s, "
            f"90th percentile {times[int(0.9 * (len(times) - 1))]:.3f} s, max {times[-1]:.2f} s"
        )
        print(f"  technique uses: {dict(techniques.most_common())}")


def part_hardest(quick: bool, jobs: int, count: int | None) -> None:
    lines = [
        puzzle_field(f) for f in sample(read_lines(DATA / "9x9" / "forum-hardest-1106.txt"), 20 if quick else count)
    ]
    results = run_all(lines, jobs)
    solved = sum(1 for r in results if r["solved"])
    wrong = sum(1 for r in results if r["wrong"])
    times = sorted(float(r["time"]) for r in results)  # type: ignore[arg-type]
    print(
        f"== forum-hardest-1106 ({len(lines)} puzzles, {TIME_LIMIT:.0f} s limit each, median "
        f"{statistics.median(times):.1f} s): finished without guessing {solved}/{len(lines)} = "
        f"{100 * solved / len(lines):.1f} %, "
        f"puzzles with a wrong step: {wrong}"
    )


def part_speed(quick: bool, count: int) -> None:
    """One process, nothing else of ours running: the time to explain a puzzle."""
    lines = [puzzle_field(f) for f in sample(read_lines(DATA / "9x9" / "top1465.txt"), 30 if quick else count)]
    times = sorted(float(r["time"]) for r in run_all(lines, 1))  # type: ignore[arg-type]
    print(
        f"== speed, top1465 ({len(lines)} puzzles spread over the file, one process): median "
        f"{statistics.median(times):.3f} s, mean {statistics.mean(times):.3f} s, max {times[-1]:.2f} s"
    )


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5


def part_spearman(quick: bool, jobs: int, count: int) -> None:
    rows = read_lines(DATA / "9x9" / "exchange-hard-diabolical-rated.txt.gz")
    # Stratified by rating, so every band of the scale is represented.
    bands: dict[str, list[list[str]]] = defaultdict(list)
    for row in rows:
        bands[row[2]].append(row)
    rng = random.Random(5)
    n = 200 if quick else count
    per_band = max(1, n // len(bands))
    chosen = [row for band in sorted(bands) for row in rng.sample(bands[band], min(per_band, len(bands[band])))]
    results = run_all([row[1] for row in chosen], jobs)
    ratings = [float(row[2]) for row in chosen]
    scores = [float(r["score"]) for r in results]  # type: ignore[arg-type]
    stuck = sum(1 for r in results if not r["solved"])
    wrong = sum(1 for r in results if r["wrong"])
    rho = spearman(scores, ratings)
    print(
        f"== Spearman: score vs Sukaku Explainer rating, {len(chosen)} puzzles ({per_band} per rating band, "
        f"{len(bands)} bands): rho = {rho:.3f}  (stuck: {stuck}, with a wrong step: {wrong})"
    )
    levels = [Level[str(r["level"]).upper()].value if r["solved"] else 6 for r in results]
    print(f"  level vs rating: rho = {spearman([float(x) for x in levels], ratings):.3f}")


def part_qqwing(quick: bool, jobs: int) -> None:
    print("== qqwing sets: level distribution (Stuck = logic ran out)")
    for name in ("simple", "easy", "intermediate", "expert"):
        lines = [
            puzzle_field(f) for f in sample(read_lines(DATA / "9x9" / f"qqwing-{name}.txt"), 50 if quick else None)
        ]
        results = run_all(lines, jobs)
        counts = Counter(str(r["level"]) for r in results)
        order = ["Easy", "Medium", "Hard", "Unfair", "Extreme", "Stuck"]
        text = ", ".join(f"{k} {counts.get(k, 0)}" for k in order)
        scores = [float(r["score"]) for r in results]  # type: ignore[arg-type]
        print(f"  {name:13s} {len(lines):5d} puzzles: {text}; median score {statistics.median(scores):.0f}")


def main(argv: Iterable[str] | None = None) -> None:
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="samples of every part")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="reglib,exemplars,soundness,speed,hardest,spearman,qqwing")
    parser.add_argument("--spearman-count", type=int, default=3000)
    parser.add_argument("--hardest-count", type=int, default=None, help="a sample of forum-hardest (default all)")
    parser.add_argument("--speed-count", type=int, default=200)
    args = parser.parse_args(list(argv) if argv is not None else None)
    if not DATA.exists():
        print(f"{DATA} is absent: nothing to measure")
        return
    parts = args.only.split(",")
    started = time.perf_counter()
    if "reglib" in parts:
        part_reglib(args.quick)
    if "exemplars" in parts:
        part_exemplars(args.quick, args.jobs)
    if "soundness" in parts:
        part_soundness(args.quick, args.jobs)
    if "speed" in parts:
        part_speed(args.quick, args.speed_count)
    if "hardest" in parts:
        part_hardest(args.quick, args.jobs, args.hardest_count)
    if "spearman" in parts:
        part_spearman(args.quick, args.jobs, args.spearman_count)
    if "qqwing" in parts:
        part_qqwing(args.quick, args.jobs)
    print(f"(benchmark ran {time.perf_counter() - started:.0f} s)")
    _ = score_of  # the table is what grades; imported to fail early if it breaks


if __name__ == "__main__":
    main()
