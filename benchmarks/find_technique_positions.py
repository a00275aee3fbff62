"""Find a test position for a logic technique (tests/engine/logic/test_technique_*.py).

    python -m benchmarks.find_technique_positions "X-Wing"
    python -m benchmarks.find_technique_positions "Forcing Net Verity" \\
        --without "Forcing Chain Contradiction,Forcing Chain Verity,Forcing Net Contradiction"
    python -m benchmarks.find_technique_positions "Jellyfish" --any --count 3

Walks the bundled 9x9 puzzles (puzzles/9x9-*.txt, hardest first) with the
logic runner and prints, ready to paste, the state right before the runner
takes a step of that name: a ``Position`` (values, pencil marks, solution,
source) and its ``Case``. ``--without`` leaves techniques out of the runner's
table, so a later one gets its turn; ``--any`` takes any state where the
technique's finder yields the step, for techniques the runner never needs.
A ``quiet_after`` is written when the finder finds nothing once the step is
applied.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.runner import next_step
from sudoku_tui.engine.logic.step import Step
from sudoku_tui.engine.logic.techniques import TECHNIQUES, Technique
from sudoku_tui.engine.search.solver import solve

from .data import PUZZLES

FILES = [PUZZLES / f"9x9-{level}.txt" for level in ("extreme", "unfair", "hard", "medium", "easy")]
SHAPE = square(3)
# The finder that yields each step name besides the table's own names.
EXTRA_STEP_NAMES = {
    "Discontinuous Nice Loop": "AIC",
    "Continuous Nice Loop": "AIC",
    "Grouped Discontinuous Nice Loop": "Grouped AIC",
    "Grouped Continuous Nice Loop": "Grouped AIC",
}
WITHIN = 5  # as in the tests: the step must be among the finder's first steps


def digits(values: list[int]) -> str:
    return "".join(str(v) if v else "." for v in values)


def pencil_marks(grid: CandidateGrid, indent: str = "        ") -> str:
    """The candidates in the tests' notation: a row a line, boxes framed."""
    groups = [
        "." if grid.values[c] else "".join(str(v) for v in range(1, 10) if grid.cands[c] >> (v - 1) & 1)
        for c in range(81)
    ]
    width = max(len(g) for g in groups)
    side, middle = "-" * (3 * width + 3), "-" * (3 * width + 4)
    lines = []
    for row in range(9):
        boxes = [" ".join(g.ljust(width) for g in groups[row * 9 + b * 3 : row * 9 + b * 3 + 3]) for b in range(3)]
        lines.append(indent + " | ".join(boxes).rstrip())
        if row in (2, 5):
            lines.append(indent + "+".join([side, middle, side]))
    return "\n".join(lines)


def states(path: Path, techniques: list[Technique]) -> Iterator[tuple[str, CandidateGrid, Step, tuple[int, ...]]]:
    """(source, state, the runner's step there, solution) along every puzzle of a file."""
    lines = [line.strip() for line in path.read_text().splitlines()[1:]]
    for number, line in enumerate(lines, start=2):
        if not line:
            continue
        puzzle = Puzzle.from_line(SHAPE, line)
        solution = solve(puzzle)
        assert solution is not None
        grid = CandidateGrid.from_puzzle(puzzle)
        taken = 0
        while not grid.is_solved():
            step = next_step(grid, True, techniques)
            if step is None:
                break
            source = f"puzzles/{path.name} line {number}, after {taken} steps of the logic runner"
            yield source, grid.copy(), step, solution
            grid.apply(step.placements, step.eliminations)
            taken += 1


def wanted_step(name: str, finder_name: str, grid: CandidateGrid, runner_step: Step, anywhere: bool) -> Step | None:
    if runner_step.technique == name:
        return runner_step
    if not anywhere:
        return None
    finder = next(t.finder for t in TECHNIQUES if t.name == finder_name)
    return next((s for s in islice(finder(grid.copy()), WITHIN) if s.technique == name), None)


def quiet_after(finder_name: str, grid: CandidateGrid, step: Step) -> bool:
    after = grid.copy()
    after.apply(step.placements, step.eliminations)
    finder = next(t.finder for t in TECHNIQUES if t.name == finder_name)
    return next(iter(finder(after)), None) is None


def paste(name: str, finder_name: str, source: str, grid: CandidateGrid, step: Step, solution: tuple[int, ...]) -> str:
    const = "".join(ch if ch.isalnum() else "_" for ch in name.upper()).strip("_")
    args = [json.dumps(finder_name), const, json.dumps(step.effects(SHAPE))]
    if finder_name != name:
        args.append(f"step_name={json.dumps(name)}")
    if quiet_after(finder_name, grid, step):
        args.append("quiet_after=True")
    return (
        f"{const} = Position(\n"
        f"    source={json.dumps(source)},\n"
        f'    values="{digits(grid.values)}",\n'
        f'    cands="""\n{pencil_marks(grid)}\n    """,\n'
        f'    solution="{digits(list(solution))}",\n)\n\n'
        f"    Case({', '.join(args)}),\n"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", help="a TECHNIQUES name, or a step name such as 'Continuous Nice Loop'")
    parser.add_argument("--without", default="", help="comma-separated techniques the runner leaves out")
    parser.add_argument("--any", action="store_true", help="any state where the finder yields the step")
    parser.add_argument("--count", type=int, default=1, help="positions to print")
    args = parser.parse_args(argv)
    finder_name = EXTRA_STEP_NAMES.get(args.name, args.name)
    if finder_name not in {t.name for t in TECHNIQUES}:
        sys.exit(f"unknown technique {args.name!r}")
    left_out = {n.strip() for n in args.without.split(",") if n.strip()}
    techniques = [t for t in TECHNIQUES if t.name not in left_out]
    found = 0
    for path in FILES:
        for source, grid, runner_step, solution in states(path, techniques):
            step = wanted_step(args.name, finder_name, grid, runner_step, args.any)
            if step is None:
                continue
            print(paste(args.name, finder_name, source, grid, step, solution))
            found += 1
            if found >= args.count:
                return
    sys.exit(f"no position for {args.name!r} in the bundled puzzles")


if __name__ == "__main__":
    main()
