"""The command line for puzzle authors (README, "For puzzle authors"):
``canon``, ``dedupe``, ``minimal`` and ``convert``, ``export``'s booklet,
and ``--json``, ``--jobs`` and ``--dask`` on the batch commands.

:func:`add_parsers` and :func:`handlers` add them to the parser and the
command table of :mod:`.cli`. A run of an existing command without ``--json`` or ``--dask``
keeps its own handler there; with either, the handler here runs it through
:func:`~sudoku_tui.engine.batch.spread.spread`, so local processes and a Dask
cluster give the same lines in the same order.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .engine.files.formats import PuzzleFile

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

Handler = Callable[[argparse.Namespace], int]
Item = TypeVar("Item")

# Puzzles per task: canonical forms take well under a millisecond each, a
# grade or a minimality check milliseconds, so their chunks are smaller (the
# progress bar moves, and the Dask window spreads evenly).
CANON_CHUNK = 2048
GRADE_CHUNK = 16
MINIMAL_CHUNK = 8
BOOKLET_CHUNK = 8  # a grade, a solution and the steps written out, per puzzle


def add_parsers(commands: Subparsers) -> None:
    """Add the authors' commands, and their options on the existing commands, to the parser."""
    canon = commands.add_parser("canon", help="each puzzle's canonical form: equal forms, equivalent puzzles")
    _batch_options(canon, json_help="one JSON object a line: puzzle, canonical")
    dedupe = commands.add_parser("dedupe", help="the file's puzzles without equivalent repeats, first kept")
    _batch_options(dedupe, json_help=None)
    minimal = commands.add_parser("minimal", help="for each puzzle, whether every given is needed, and which are not")
    _batch_options(minimal, json_help="one JSON object a line: puzzle, solutions, minimal, redundant")
    convert = commands.add_parser("convert", help="write a file's puzzles as lines, .sdk or .ss grids, or pencil marks")
    convert.add_argument("file", metavar="FILE")
    convert.add_argument("--to", choices=("line", "sdk", "ss", "pm"), required=True, help="the format to write")
    convert.add_argument("--index", type=int, default=None, metavar="N", help="only puzzle N (from 0)")
    for name in ("grade", "export"):
        commands.choices[name].add_argument(
            "--jobs", type=_positive, default=1, help="spread the work over N processes"
        )
    commands.choices["export"].add_argument(
        "--dask", metavar="ADDRESS", help="the booklet: grade the puzzles on this Dask scheduler's cluster"
    )
    fields = {
        "solve": "puzzle, solution (or solutions)",
        "generate": "puzzle, size, level",
        "grade": "puzzle, level, score",
    }
    for name, listed in fields.items():
        parser = commands.choices[name]
        parser.add_argument("--json", action="store_true", help=f"one JSON object a line: {listed}, ...")
        parser.add_argument("--dask", metavar="ADDRESS", help="spread the work over this Dask scheduler's cluster")
    commands.choices["explain"].add_argument(
        "--json", action="store_true", help="one JSON object a step, then one for the grade"
    )


def handlers(existing: dict[str, Handler]) -> dict[str, Handler]:
    """The authors' handlers: new commands, and ``--json``/``--dask`` runs of existing ones."""
    return {
        "canon": _canon,
        "dedupe": _dedupe,
        "minimal": _minimal,
        "convert": _convert,
        "grade": _grade,
        "solve": _unless_plain(existing["solve"], _solve),
        "generate": _unless_plain(existing["generate"], _generate),
        "explain": _unless_plain(existing["explain"], _explain),
        "export": _booklet_unless_picture(existing["export"]),
    }


def _batch_options(parser: argparse.ArgumentParser, json_help: str | None) -> None:
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--jobs", type=_positive, default=1, help="spread the work over N processes")
    parser.add_argument("--dask", metavar="ADDRESS", help="spread the work over this Dask scheduler's cluster")
    if json_help is not None:
        parser.add_argument("--json", action="store_true", help=json_help)


def _positive(text: str) -> int:
    from .cli import _positive as positive

    return positive(text)


def _unless_plain(plain: Handler, extended: Handler) -> Handler:
    """``plain`` for a run without ``--json`` or ``--dask``, ``extended`` otherwise."""

    def handle(args: argparse.Namespace) -> int:
        if getattr(args, "json", False) or getattr(args, "dask", None):
            return extended(args)
        return plain(args)

    return handle


def _booklet_unless_picture(picture: Handler) -> Handler:
    """``export --pdf`` here, spread like ``grade``; the pictures (``--svg``, ``--png``) in ``picture``."""

    def handle(args: argparse.Namespace) -> int:
        return _booklet(args) if args.pdf else picture(args)

    return handle


def missing_extra(command: str, module: str) -> str | None:
    """The sentence for a run of ``command`` without ``module`` (from the authors
    extra), or None when it imports; asked before any long work."""
    from importlib import import_module

    try:
        import_module(module)
    except ImportError:
        return f"{command} needs the authors extra (pip install 'sudoku-tui[authors]'): {module} is missing."
    return None


def drawable(puzzles: PuzzleFile) -> bool:
    """Whether export draws the file's puzzles whole; if not, says what it leaves out."""
    from .authoring.figure import left_out

    missing = left_out(puzzles.puzzle(0).shape)
    if missing is not None:
        name = puzzles.shape.name
        _fail(f"export cannot draw the {missing} of {name} puzzles yet, and without them they cannot be solved.")
    return missing is None


def _fail(message: str, status: int = 1) -> int:
    print(message, file=sys.stderr)
    return status


def read_file(path: str) -> PuzzleFile | None:
    """The file's puzzles (a bundled one when no such local file exists), or
    None after printing the reason: every command reads its file this way."""
    from .engine.files.formats import PuzzleFileError, read_puzzle_file
    from .paths import puzzle_path

    try:
        return read_puzzle_file(puzzle_path(path))
    except PuzzleFileError as error:
        _fail(error.message)
        return None


def _write_json(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


def _spread_chunks(
    args: argparse.Namespace,
    work: Callable[[Any], list[Item]],
    tasks: Iterable[Any],
    total: int,
    label: str,
    size: int,
) -> Iterator[Item]:
    """Every result of every task (of ``size`` items), in order, with a progress bar on a terminal.

    Raises DaskUnavailable (from :mod:`.engine.spread`) for a bad ``--dask``.
    """
    from .cli import ProgressBar
    from .engine.batch.spread import spread

    bar = ProgressBar(total, label)
    done = 0
    try:
        pieces = -(-total // size)
        for results in spread(work, tasks, jobs=args.jobs, dask=getattr(args, "dask", None), pieces=pieces):
            yield from results
            done += len(results)
            bar.update(done)
    finally:
        bar.close()


def _run(body: Callable[[], None]) -> int:
    """Run ``body``; a Dask that cannot be used is one sentence and exit 1."""
    from .engine.batch.spread import DaskUnavailable

    try:
        body()
    except DaskUnavailable as error:
        return _fail(str(error))
    sys.stdout.flush()
    return 0


def _line_chunks(puzzles: PuzzleFile, size: int) -> Iterator[tuple[str, list[str]]]:
    from .engine.batch.spread import chunks

    return ((puzzles.shape.name, part) for part in chunks(puzzles.lines, size))


def _square_only(puzzles: PuzzleFile) -> bool:
    if puzzles.shape.is_samurai:
        _fail("Canonical forms are for square boards (4x4, 9x9, 16x16); this file holds Samurai puzzles.")
        return False
    if puzzles.kind == "variant":
        # Their regions, cages or diagonals do not move with the rows and columns.
        _fail(f"Canonical forms are for classic boards; this file holds {puzzles.shape.name} puzzles.")
        return False
    return True


def _each_puzzle(
    args: argparse.Namespace,
    work: Callable[[Any], list[Any]],
    size: int,
    label: str,
    write: Callable[[PuzzleFile, int, Any], None],
    square: bool = False,
) -> int:
    """Read the file, spread ``work`` over its puzzles in chunks of ``size``,
    and ``write(puzzles, index, result)`` each result in file order."""
    puzzles = read_file(args.file)
    if puzzles is None or (square and not _square_only(puzzles)):
        return 1

    def body() -> None:
        found = _spread_chunks(args, work, _line_chunks(puzzles, size), len(puzzles), label, size)
        for index, result in enumerate(found):
            write(puzzles, index, result)

    return _run(body)


def _canon(args: argparse.Namespace) -> int:
    from .engine.batch.author_runs import Canon, canon_chunk

    def write(puzzles: PuzzleFile, index: int, canon: Canon) -> None:
        if args.json:
            record: dict[str, Any] = {"puzzle": puzzles.lines[index], "canonical": canon.form}
            if canon.form is None:
                record["error"] = canon.error
            _write_json(record)
        else:
            sys.stdout.write(f"{canon.form or 'no canonical form: ' + canon.error}\n")

    return _each_puzzle(args, canon_chunk, CANON_CHUNK, "Canonical forms", write, square=True)


def _dedupe(args: argparse.Namespace) -> int:
    """The kept puzzles as a file of the same kind (header, labels), and a count on stderr."""
    from .engine.batch.author_runs import Canon, canon_chunk

    seen: set[str] = set()
    kept: list[int] = []
    read = [0]

    def write(puzzles: PuzzleFile, index: int, canon: Canon) -> None:
        read[0] = index + 1
        # A puzzle without a form (a value repeated in a row) is compared with nothing: it is kept.
        if canon.form is not None:
            if canon.form in seen:
                return
            seen.add(canon.form)
        if not kept and puzzles.kind == "block":
            sys.stdout.write(f"{puzzles.shape.box}\n")
        label = puzzles.labels[index] if puzzles.labels else ""
        sys.stdout.write(puzzles.lines[index] + (f" {label}" if label else "") + "\n")
        kept.append(index)

    status = _each_puzzle(args, canon_chunk, CANON_CHUNK, "Canonical forms", write, square=True)
    if status == 0:
        left_out = read[0] - len(kept)
        print(f"{len(kept)} of {read[0]} puzzles kept, {left_out} equivalent repeats left out.", file=sys.stderr)
    return status


def _minimal(args: argparse.Namespace) -> int:
    from .engine.batch.author_runs import Givens, minimal_chunk

    def write(puzzles: PuzzleFile, index: int, givens: Givens) -> None:
        if args.json:
            minimal = givens.solutions == 1 and not givens.redundant
            record = {"solutions": givens.solutions, "minimal": minimal, "redundant": list(givens.redundant)}
            _write_json({"puzzle": puzzles.lines[index], **record})
        elif givens.solutions == 0:
            sys.stdout.write("no solution\n")
        elif givens.solutions > 1:
            sys.stdout.write("several solutions\n")
        elif givens.redundant:
            sys.stdout.write(f"not minimal: {' '.join(givens.redundant)}\n")
        else:
            sys.stdout.write("minimal\n")

    return _each_puzzle(args, minimal_chunk, MINIMAL_CHUNK, "Checking", write)


def _grade(args: argparse.Namespace) -> int:
    """``Hard 1340`` per puzzle (``Stuck 1340`` when logic runs out, the game's
    sentence when there is no solution), or JSON objects."""
    from .engine.batch.author_runs import Grade, grade_chunk
    from .game.texts import NO_SOLUTION

    def write(puzzles: PuzzleFile, index: int, grade: Grade) -> None:
        if args.json:
            record = {"level": grade.level, "solved": grade.level is not None, "score": grade.score}
            extra = {"steps": grade.steps, "hardest": grade.hardest, "has_solution": grade.has_solution}
            _write_json({"puzzle": puzzles.lines[index], **record, **extra})
        elif not grade.has_solution:
            sys.stdout.write(NO_SOLUTION + "\n")
        else:
            sys.stdout.write(f"{grade.level or 'Stuck'} {grade.score}\n")

    return _each_puzzle(args, grade_chunk, GRADE_CHUNK, "Grading", write)


def _solve(args: argparse.Namespace) -> int:
    from .engine.batch.solving import CHUNK
    from .engine.batch.solving import NO_SOLUTION_LINE as NO_SOLUTION

    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    size = CHUNK if args.method == "fast" else 16
    joined = (
        (name, "\n".join(part), args.method, args.count, args.limit) for name, part in _line_chunks(puzzles, size)
    )

    def body() -> None:
        for line, answer in zip(
            puzzles.lines, _spread_chunks(args, _split_answers, joined, len(puzzles), "Solving", size), strict=True
        ):
            if not args.json:
                sys.stdout.write(answer + "\n")
            elif args.count:
                _write_json({"puzzle": line, "solutions": int(answer.rstrip("+")), "at_limit": answer.endswith("+")})
            else:
                _write_json({"puzzle": line, "solution": None if answer == NO_SOLUTION else answer})

    return _run(body)


def _split_answers(task: tuple[str, str, str, bool, int]) -> list[str]:
    """One solve chunk's answers (module level, so it pickles for a process or a Dask worker)."""
    from .engine.batch.solving import _pool_job

    return _pool_job(task).split("\n")


def _generate(args: argparse.Namespace) -> int:
    from .engine.batch.author_runs import generate_chunk
    from .engine.batch.generating import order_of
    from .engine.board.geometry import shape_for_size
    from .engine.making.generator import GenerationFailed
    from .engine.making.practice import technique_named

    try:
        technique = technique_named(args.technique) if args.technique else None
    except ValueError as error:
        return _fail(str(error), 2)
    shape = shape_for_size(args.variant or args.size)
    order = order_of(shape, args.difficulty, args.symmetry, technique)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(64)
    tasks = ((order, seed, [index]) for index in range(args.count))
    header = file_header(shape.name, args.variant)

    def body() -> None:
        nonlocal header
        for line, level in _spread_chunks(args, generate_chunk, tasks, args.count, "Generating", 1):
            if args.json:
                record = {"puzzle": line, "size": "9x9" if args.variant else shape.name, "level": level}
                if args.variant:
                    record["variant"] = args.variant
                if technique is not None:
                    record["technique"] = technique.value
                _write_json(record)
            else:
                sys.stdout.write(header + line + "\n")
                header = ""
            sys.stdout.flush()

    try:
        return _run(body)
    except GenerationFailed as error:
        return _fail(str(error))


def file_header(shape_name: str, variant: str | None) -> str:
    """The first line a file of generated puzzles needs: the block size, ``samurai``
    or the variant's name (a 16x16 file is a plain collection and has none)."""
    if variant:
        return f"{variant}\n"
    return {"4x4": "2\n", "9x9": "3\n", "samurai": "samurai\n"}.get(shape_name, "")


def _explain(args: argparse.Namespace) -> int:
    """One JSON object a step (technique, explanation, placements, eliminations, cells), then the grade."""
    from .engine.logic.runner import solve_logically

    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    if not 0 <= args.index < len(puzzles):
        count = len(puzzles)
        return _fail(f"Puzzle index {args.index} is out of range: the file has {count} (0 to {count - 1}).", 2)
    puzzle = puzzles.puzzle(args.index)
    shape = puzzle.shape
    result = solve_logically(puzzle)
    for step in result.steps:
        _write_json(
            {
                "technique": step.technique.value,
                "explanation": step.explanation,
                "placements": [f"{shape.cell_name(c)}={shape.symbol(v)}" for c, v in step.placements],
                "eliminations": [f"{shape.cell_name(c)}<>{shape.symbol(v)}" for c, v in sorted(step.eliminations)],
                "cells": [shape.cell_name(c) for c in step.cells],
            }
        )
    _write_json(
        {
            "solved": result.solved,
            "has_solution": result.has_solution,
            "level": result.level.label if result.solved else None,
            "score": result.score,
            "steps": len(result.steps),
        }
    )
    sys.stdout.flush()
    return 0


def _booklet(args: argparse.Namespace) -> int:
    """Every puzzle graded and solved (its steps too with ``--steps``), spread over
    ``--jobs`` or ``--dask``, then the PDF written; the count on stderr."""
    from pathlib import Path

    missing = missing_extra("export --pdf", "fpdf")
    if missing:
        return _fail(missing)
    from .authoring.export import booklet_chunk, export_booklet

    puzzles = read_file(args.file)
    if puzzles is None or not drawable(puzzles):
        return 1
    tasks = ((name, part, args.steps) for name, part in _line_chunks(puzzles, BOOKLET_CHUNK))

    def body() -> None:
        worked = _spread_chunks(args, booklet_chunk, tasks, len(puzzles), "Grading", BOOKLET_CHUNK)
        count = export_booklet(
            puzzles, Path(args.pdf), worked, per_page=args.per_page, solutions=args.solutions, steps=args.steps
        )
        print(f"{count} puzzles written to {args.pdf}", file=sys.stderr)

    return _run(body)


def _convert(args: argparse.Namespace) -> int:
    """Every puzzle (or puzzle ``--index``) in the format ``--to``; grids a blank line apart."""
    from .engine.files.exchange import puzzle_text

    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    if args.to != "line" and puzzles.shape.is_samurai:
        return _fail(f"--to {args.to} is written for square boards; this file holds Samurai puzzles (use --to line).")
    if puzzles.kind == "variant":
        # A grid or a plain line keeps the givens only: the puzzle would read back as a classic one.
        return _fail(f"The exchange formats hold classic puzzles; this file holds {puzzles.shape.name} puzzles.")
    indexes = range(len(puzzles))
    if args.index is not None:
        if not 0 <= args.index < len(puzzles):
            count = len(puzzles)
            return _fail(f"Puzzle index {args.index} is out of range: the file has {count} (0 to {count - 1}).", 2)
        indexes = range(args.index, args.index + 1)
    out = sys.stdout
    for number, index in enumerate(indexes):
        puzzle = puzzles.puzzle(index)
        if args.to == "line":
            label = puzzles.labels[index] if puzzles.labels else ""
            out.write(puzzle.to_line() + (f" {label}" if label else "") + "\n")
            continue
        out.write(("\n" if number else "") + puzzle_text(puzzle.shape, puzzle.givens, args.to))
    out.flush()
    return 0
