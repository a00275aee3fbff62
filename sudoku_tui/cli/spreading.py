"""Runs over a file's puzzles spread over ``--jobs`` processes or a ``--dask``
cluster, through :func:`~sudoku_tui.engine.batch.spread.spread`: both give the
same lines in the same order, with a progress bar on a terminal.

``solve``, ``generate`` and ``explain`` run this way with ``--json`` or
``--dask``; ``grade``, ``export --pdf``, ``canon``, ``dedupe`` and ``minimal``
always do.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from ..game import texts
from ..paths import install_command
from .arguments import positive
from .console import ProgressBar, fail
from .puzzle_files import read_file

if TYPE_CHECKING:
    from ..engine.files.model import PuzzleFile

Item = TypeVar("Item")

JOBS_HELP = "spread the work over N processes"
DASK_HELP = "spread the work over this Dask scheduler's cluster"


def add_jobs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=positive, default=1, help=JOBS_HELP)


def add_json_and_dask(parser: argparse.ArgumentParser, fields: str) -> None:
    """``--json`` (one object a line with these ``fields``) and ``--dask``, which run the command here."""
    parser.add_argument("--json", action="store_true", help=f"one JSON object a line: {fields}, ...")
    parser.add_argument("--dask", metavar="ADDRESS", help=DASK_HELP)


def add_file_options(parser: argparse.ArgumentParser, json_help: str | None) -> None:
    """FILE, ``--jobs``, ``--dask`` and (given its help) ``--json``: the options of a command on every puzzle."""
    parser.add_argument("file", metavar="FILE")
    add_jobs(parser)
    parser.add_argument("--dask", metavar="ADDRESS", help=DASK_HELP)
    if json_help is not None:
        parser.add_argument("--json", action="store_true", help=json_help)


def spread_wanted(args: argparse.Namespace) -> bool:
    """Whether the run asks for JSON or a Dask cluster, which only the spread run gives."""
    return bool(getattr(args, "json", False) or getattr(args, "dask", None))


def spread_chunks(
    args: argparse.Namespace,
    work: Callable[[Any], list[Item]],
    tasks: Iterable[Any],
    total: int,
    label: str,
    size: int,
) -> Iterator[Item]:
    """Every result of every task (of ``size`` items), in order, with a progress bar on a terminal.

    Raises DaskUnavailable (from :mod:`~sudoku_tui.engine.batch.spread`) for a bad ``--dask``.
    """
    # The batch modules load only for a command that runs, so --help stays fast.
    from ..engine.batch.spread import spread

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


def run_spread(body: Callable[[], None]) -> int:
    """Run ``body``; a Dask that cannot be used is one sentence and exit 1."""
    # The batch modules load only for a command that runs, so --help stays fast.
    from ..engine.batch.spread import DaskUnavailable

    try:
        body()
    except DaskUnavailable as error:
        if error.missing is not None:
            return fail(texts.needs_authors_extra("--dask", error.missing, install_command("authors")))
        return fail(str(error))
    sys.stdout.flush()
    return 0


def line_chunks(puzzles: PuzzleFile, size: int) -> Iterator[tuple[str, list[str]]]:
    """The file's lines in tasks of ``size``, each with its board's name."""
    # The batch modules load only for a command that runs, so --help stays fast.
    from ..engine.batch.spread import chunks

    return ((puzzles.shape.name, part) for part in chunks(puzzles.lines, size))


def each_puzzle(
    args: argparse.Namespace,
    work: Callable[[Any], list[Any]],
    size: int,
    label: str,
    write: Callable[[PuzzleFile, int, Any], None],
    accepts: Callable[[PuzzleFile], bool] = lambda _puzzles: True,
) -> int:
    """Read the file, spread ``work`` over its puzzles in chunks of ``size``,
    and ``write(puzzles, index, result)`` each result in file order; a file
    ``accepts`` refuses (after saying why) ends the command with exit 1."""
    puzzles = read_file(args.file)
    if puzzles is None or not accepts(puzzles):
        return 1

    def body() -> None:
        found = spread_chunks(args, work, line_chunks(puzzles, size), len(puzzles), label, size)
        for index, result in enumerate(found):
            write(puzzles, index, result)

    return run_spread(body)
