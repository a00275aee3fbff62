"""The commands that read a file's puzzles and answer about them: ``solve``,
``check``, ``explain`` and ``grade``.

``solve`` and ``explain`` run here in process; with ``--json`` (or ``--dask``
for ``solve``) they run through :mod:`.spreading`, as ``grade`` always does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..game import texts
from ..paths import puzzle_path
from .arguments import limit
from .console import USAGE_ERROR, ProgressBar, write_json
from .puzzle_files import puzzle_index, read_file
from .registry import Command
from .spreading import add_jobs, add_json_and_dask, each_puzzle, line_chunks, run_spread, spread_chunks, spread_wanted

if TYPE_CHECKING:
    from ..engine.board.geometry import Shape
    from ..engine.files.model import PuzzleFile
    from ..engine.logic.runner import Solution

# Puzzles per task: a grade takes milliseconds, so chunks are small (the
# progress bar moves, and the Dask window spreads evenly).
GRADE_CHUNK = 16


def _add_solve(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--method", choices=("fast", "classic"), default="fast", help="solver to use (default fast)")
    parser.add_argument("--count", action="store_true", help="print the number of solutions instead")
    parser.add_argument("--limit", type=limit, default=2, help="stop counting at N solutions (default 2)")
    add_jobs(parser)
    add_json_and_dask(parser, "puzzle, solution (or solutions)")


def _solve(args: argparse.Namespace) -> int:
    return _solve_spread(args) if spread_wanted(args) else _solve_here(args)


def _solve_here(args: argparse.Namespace) -> int:
    # The search loads only for the commands that search; --help stays fast.
    from ..engine.batch.solving import solve_lines

    if args.count and args.method == "fast" and _count_whole_file(args):
        return 0
    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    bar = ProgressBar(len(puzzles), "Solving")
    out = sys.stdout
    try:
        results: Iterable[str] = solve_lines(
            puzzles.shape,
            puzzles.lines,
            method=args.method,
            count=args.count,
            limit=args.limit,
            jobs=args.jobs,
            progress=bar.report,
        )
        write = out.write
        for line in results:
            write(line)
            write("\n")
    finally:
        bar.close()
    out.flush()
    return 0


def _count_whole_file(args: argparse.Namespace) -> bool:
    """``solve --count`` of a 9x9 file in one piece, in this process: True
    when done; False leaves the file to the usual reading (another layout,
    an error in it, several processes, no compiled counter)."""
    # The search loads only for the commands that search; --help stays fast.
    from ..engine.batch.solving import count_nine_file, keep_nine_counter

    bar = ProgressBar(0, "Solving")
    try:
        text = count_nine_file(puzzle_path(args.file), args.limit, args.jobs, bar.report)
    finally:
        bar.close()
    if text is None:
        return False
    sys.stdout.write(text)
    sys.stdout.flush()  # the answer out before the counter's machine code is written (Ctrl-C loses neither)
    keep_nine_counter()
    return True


def _solve_spread(args: argparse.Namespace) -> int:
    # The search loads only for the commands that search; --help stays fast.
    from ..engine.batch.solving import CHUNK, NO_SOLUTION_LINE

    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    size = CHUNK if args.method == "fast" else 16
    joined = ((name, "\n".join(part), args.method, args.count, args.limit) for name, part in line_chunks(puzzles, size))

    def body() -> None:
        for line, answer in zip(
            puzzles.lines, spread_chunks(args, _split_answers, joined, len(puzzles), "Solving", size), strict=True
        ):
            if not args.json:
                sys.stdout.write(answer + "\n")
            elif args.count:
                write_json({"puzzle": line, "solutions": int(answer.rstrip("+")), "at_limit": answer.endswith("+")})
            else:
                write_json({"puzzle": line, "solution": None if answer == NO_SOLUTION_LINE else answer})

    return run_spread(body)


def _split_answers(task: tuple[str, str, str, bool, int]) -> list[str]:
    """One solve chunk's answers (module level, so it pickles for a process or a Dask worker)."""
    # Runs in a worker, which loads the search for itself.
    from ..engine.batch.solving import joined_chunk_job

    return joined_chunk_job(task).split("\n")


def _add_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")


def _check(args: argparse.Namespace) -> int:
    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    print(puzzles.describe())
    return 0


def _add_explain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--index", type=int, default=0, metavar="N", help="which puzzle of the file (from 0)")
    parser.add_argument("--json", action="store_true", help="one JSON object a step, then one for the grade")


def _explain(args: argparse.Namespace) -> int:
    """Every logical step of one puzzle, then its grade (or where logic stops)."""
    # The logic loads only for the commands that use it; --help stays fast.
    from ..engine.logic.runner import solve_logically

    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    if not puzzle_index(puzzles, args.index):
        return USAGE_ERROR
    puzzle = puzzles.puzzle(args.index)
    result = solve_logically(puzzle)
    if args.json:
        _explain_json(puzzle.shape, result)
    else:
        out = sys.stdout
        if not result.has_solution:
            out.write(texts.NO_SOLUTION + "\n")
        for step in result.steps:
            out.write(step.describe(puzzle.shape) + "\n")
        if result.solved:
            out.write(texts.grade_line(result.level.label, result.score) + "\n")
        elif result.has_solution:
            out.write(texts.STUCK + "\n")
    sys.stdout.flush()
    return 0


def _explain_json(shape: Shape, result: Solution) -> None:
    """One JSON object a step (technique, explanation, placements, eliminations, cells), then the grade."""
    for step in result.steps:
        write_json(
            {
                "technique": step.technique.value,
                "explanation": step.explanation,
                "placements": [f"{shape.cell_name(c)}={shape.symbol(v)}" for c, v in step.placements],
                "eliminations": [f"{shape.cell_name(c)}<>{shape.symbol(v)}" for c, v in sorted(step.eliminations)],
                "cells": [shape.cell_name(c) for c in step.cells],
            }
        )
    write_json(
        {
            "solved": result.solved,
            "has_solution": result.has_solution,
            "level": result.level.label if result.solved else None,
            "score": result.score,
            "steps": len(result.steps),
        }
    )


def _add_grade(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    add_jobs(parser)
    add_json_and_dask(parser, "puzzle, level, score")


def _grade(args: argparse.Namespace) -> int:
    """``Hard 1340`` per puzzle (``Stuck 1340`` when logic runs out, the game's
    sentence when there is no solution), or JSON objects."""
    # The logic loads only for the commands that use it; --help stays fast.
    from ..engine.batch.author_runs import Grade, grade_chunk

    def write(puzzles: PuzzleFile, index: int, grade: Grade) -> None:
        if args.json:
            record = {"level": grade.level, "solved": grade.level is not None, "score": grade.score}
            extra = {"steps": grade.steps, "hardest": grade.hardest, "has_solution": grade.has_solution}
            write_json({"puzzle": puzzles.lines[index], **record, **extra})
        elif not grade.has_solution:
            sys.stdout.write(texts.NO_SOLUTION + "\n")
        else:
            sys.stdout.write(f"{grade.level or 'Stuck'} {grade.score}\n")

    return each_puzzle(args, grade_chunk, GRADE_CHUNK, "Grading", write)


COMMANDS = (
    Command("solve", "solve every puzzle of a file, one line per puzzle", _add_solve, _solve, searches=True),
    Command("check", "validate a puzzle file", _add_check, _check),
    Command("explain", "solve one puzzle step by step, naming each technique", _add_explain, _explain, searches=True),
    Command("grade", "grade every puzzle of a file: level and score, one line each", _add_grade, _grade, searches=True),
)
