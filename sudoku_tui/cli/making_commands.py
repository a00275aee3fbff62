"""The commands that make something new from puzzles: ``generate`` (new
puzzles) and ``export`` (a PDF booklet, or one puzzle as SVG or PNG).

``generate`` runs here in process, or through :mod:`.spreading` with ``--json``
or ``--dask``; ``export --pdf`` grades and solves through it too, like ``grade``.
"""

from __future__ import annotations

import argparse
import random
import sys
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.board.levels import LEVEL_KEYS, Level, Symmetry
from ..engine.board.variants import variant_names
from ..game import texts
from ..paths import install_command
from .arguments import positive
from .console import USAGE_ERROR, ProgressBar, fail, write_json
from .puzzle_files import puzzle_index, read_file
from .registry import Command
from .spreading import add_jobs, add_json_and_dask, line_chunks, run_spread, spread_chunks, spread_wanted

if TYPE_CHECKING:
    from ..engine.board.geometry import Shape
    from ..engine.files.model import PuzzleFile
    from ..engine.logic.step import TechniqueName

BOOKLET_CHUNK = 8  # a grade, a solution and the steps written out, per puzzle


def _add_generate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", choices=("4", "9", "16", "samurai"), default="9", help="board (default 9)")
    parser.add_argument("--variant", choices=variant_names(), help="a 9x9 variant instead of --size")
    parser.add_argument("--difficulty", choices=LEVEL_KEYS, default="easy", help="level (default easy)")
    parser.add_argument("--count", type=positive, default=1, help="how many puzzles (default 1)")
    symmetries = list(Symmetry)
    parser.add_argument("--symmetry", choices=symmetries, default="none", help="of the givens (default none)")
    parser.add_argument("--seed", type=int, default=None, help="the same seed gives the same puzzles")
    add_jobs(parser)
    parser.add_argument(
        "--technique",
        metavar="NAME",
        help="puzzles whose logical solution uses this technique, as explain names it (e.g. X-Wing)",
    )
    add_json_and_dask(parser, "puzzle, size, level")


def _generate(args: argparse.Namespace) -> int:
    # The boards and the making modules load only for the commands that make puzzles; --help stays fast.
    from ..engine.board.shapes import shape_for_size
    from ..engine.making.generator import GenerationFailed
    from ..engine.making.practice import technique_named

    try:
        technique = technique_named(args.technique) if args.technique else None
    except ValueError as error:
        return fail(str(error), USAGE_ERROR)
    shape = shape_for_size(args.variant or args.size)
    try:
        if spread_wanted(args):
            return _generate_spread(args, shape, technique)
        _generate_here(args, shape, technique)
    except GenerationFailed as error:
        return fail(str(error))
    return 0


def _generate_here(args: argparse.Namespace, shape: Shape, technique: TechniqueName | None) -> None:
    """The puzzles streamed as they come, so a long run shows them; the file's
    header with the first, so a failed run writes nothing."""
    # The making modules load only for the commands that make puzzles; --help stays fast.
    from ..engine.batch.generating import generate_lines

    header = file_header(shape.name, args.variant)
    bar = ProgressBar(args.count, "Generating")
    out = sys.stdout
    try:
        level, symmetry = Level.parse(args.difficulty), Symmetry.parse(args.symmetry)
        lines = generate_lines(
            shape, args.count, level, symmetry, args.seed, args.jobs, progress=bar.report, technique=technique
        )
        for line in lines:
            out.write(header + line + "\n")
            header = ""
            out.flush()
    finally:
        bar.close()


def _generate_spread(args: argparse.Namespace, shape: Shape, technique: TechniqueName | None) -> int:
    # The making modules load only for the commands that make puzzles; --help stays fast.
    from ..engine.batch.author_runs import generate_chunk
    from ..engine.batch.generating import order_of

    order = order_of(shape, args.difficulty, args.symmetry, technique)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(64)
    tasks = ((order, seed, [index]) for index in range(args.count))
    header = file_header(shape.name, args.variant)

    def body() -> None:
        nonlocal header
        for line, level in spread_chunks(args, generate_chunk, tasks, args.count, "Generating", 1):
            if args.json:
                record = {"puzzle": line, "size": "9x9" if args.variant else shape.name, "level": level}
                if args.variant:
                    record["variant"] = args.variant
                if technique is not None:
                    record["technique"] = technique.value
                write_json(record)
            else:
                sys.stdout.write(header + line + "\n")
                header = ""
            sys.stdout.flush()

    return run_spread(body)


def file_header(shape_name: str, variant: str | None) -> str:
    """The first line a file of generated puzzles needs: the block size, ``samurai``
    or the variant's name (a 16x16 file is a plain collection and has none)."""
    if variant:
        return f"{variant}\n"
    return {"4x4": "2\n", "9x9": "3\n", "samurai": "samurai\n"}.get(shape_name, "")


def _add_export(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    output = parser.add_mutually_exclusive_group(required=True)
    output.add_argument("--pdf", metavar="OUT", help="a booklet: the puzzles, with their numbers and levels")
    output.add_argument("--svg", metavar="OUT", help="one puzzle (see --index) as SVG")
    output.add_argument("--png", metavar="OUT", help="one puzzle (see --index) as PNG")
    parser.add_argument("--solutions", action="store_true", help="the booklet: then the solutions; a picture: solved")
    parser.add_argument("--steps", action="store_true", help="the booklet: then every puzzle's logical steps")
    parser.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=4, help="boards per page (default 4)")
    parser.add_argument("--index", type=int, default=0, metavar="N", help="the puzzle to draw (from 0)")
    add_jobs(parser)
    parser.add_argument(
        "--dask", metavar="ADDRESS", help="the booklet: grade the puzzles on this Dask scheduler's cluster"
    )


def _export(args: argparse.Namespace) -> int:
    return _booklet(args) if args.pdf else _picture(args)


def _picture(args: argparse.Namespace) -> int:
    """One puzzle as SVG or PNG."""
    puzzles = read_file(args.file)
    if puzzles is None or not drawable(puzzles):
        return 1
    if not puzzle_index(puzzles, args.index):
        return USAGE_ERROR
    missing = missing_extra("export --png", "PIL") if args.png else None
    if missing:
        return fail(missing)
    # The drawing's libraries (the authors extra) load only for export.
    from ..authoring.export import export_picture

    kind, out = ("svg", args.svg) if args.svg else ("png", args.png)
    export_picture(puzzles.puzzle(args.index), Path(out), solved=args.solutions, kind=kind)
    return 0


def _booklet(args: argparse.Namespace) -> int:
    """Every puzzle graded and solved (its steps too with ``--steps``), spread over
    ``--jobs`` or ``--dask``, then the PDF written; the count on stderr."""
    missing = missing_extra("export --pdf", "fpdf")
    if missing:
        return fail(missing)
    # The drawing's libraries (the authors extra) load only for export, once known present.
    from ..authoring.export import booklet_chunk, export_booklet

    puzzles = read_file(args.file)
    if puzzles is None or not drawable(puzzles):
        return 1
    tasks = ((name, part, args.steps) for name, part in line_chunks(puzzles, BOOKLET_CHUNK))

    def body() -> None:
        worked = spread_chunks(args, booklet_chunk, tasks, len(puzzles), "Grading", BOOKLET_CHUNK)
        count = export_booklet(
            puzzles, Path(args.pdf), worked, per_page=args.per_page, solutions=args.solutions, steps=args.steps
        )
        print(texts.booklet_written(count, args.pdf), file=sys.stderr)

    return run_spread(body)


def missing_extra(command: str, module: str) -> str | None:
    """The sentence for a run of ``command`` without ``module`` (from the authors
    extra), or None when it imports; asked before any long work."""
    try:
        import_module(module)
    except ImportError:
        return texts.needs_authors_extra(command, module, install_command("authors"))
    return None


def drawable(puzzles: PuzzleFile) -> bool:
    """Whether export draws the file's puzzles whole; if not, says what it leaves out."""
    # The drawing's model loads only for export; --help stays fast.
    from ..authoring.figure import left_out

    missing = left_out(puzzles.puzzle(0).shape)
    if missing is not None:
        fail(texts.cannot_draw(missing, puzzles.shape.name))
    return missing is None


COMMANDS = (
    Command(
        "generate",
        "make puzzles with exactly one solution, written to stdout",
        _add_generate,
        _generate,
        searches=True,
    ),
    Command(
        "export",
        "a printable PDF booklet of a file, or one puzzle as SVG or PNG",
        _add_export,
        _export,
        searches=True,
    ),
)
