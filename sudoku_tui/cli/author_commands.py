"""The commands for puzzle authors (docs/authors.md) on a file's
puzzles as a set: ``canon`` and ``dedupe`` (equivalent puzzles), ``minimal``
(needed givens) and ``convert`` (the exchange formats).

``canon``, ``dedupe`` and ``minimal`` run through :mod:`.spreading`, so local
processes and a Dask cluster give the same lines in the same order.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ..game import texts
from ..game.printable import printable
from .console import USAGE_ERROR, fail, write_json
from .puzzle_files import puzzle_index, read_file
from .registry import Command
from .spreading import add_file_options, each_puzzle

if TYPE_CHECKING:
    from ..engine.files.model import PuzzleFile

# Puzzles per task: canonical forms take well under a millisecond each, a
# minimality check milliseconds, so its chunks are smaller (the progress bar
# moves, and the Dask window spreads evenly).
CANON_CHUNK = 2048
MINIMAL_CHUNK = 8


def _add_canon(parser: argparse.ArgumentParser) -> None:
    add_file_options(parser, json_help="one JSON object a line: puzzle, canonical")


def _canon(args: argparse.Namespace) -> int:
    # The authors' engine loads only for their commands; --help stays fast.
    from ..engine.batch.author_runs import Canon, canon_chunk

    def write(puzzles: PuzzleFile, index: int, canon: Canon) -> None:
        if args.json:
            record: dict[str, Any] = {"puzzle": puzzles.lines[index], "canonical": canon.form}
            if canon.form is None:
                record["error"] = canon.error
            write_json(record)
        else:
            sys.stdout.write(f"{canon.form or texts.no_canonical_form(canon.error)}\n")

    return each_puzzle(args, canon_chunk, CANON_CHUNK, "Canonical forms", write, accepts=_square_only)


def _add_dedupe(parser: argparse.ArgumentParser) -> None:
    add_file_options(parser, json_help=None)


def _dedupe(args: argparse.Namespace) -> int:
    """The kept puzzles as a file of the same kind (header, labels), and a count on stderr."""
    # The authors' engine loads only for their commands; --help stays fast.
    from ..engine.batch.author_runs import Canon, canon_chunk

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
        sys.stdout.write(puzzles.lines[index] + shown_label(puzzles, index) + "\n")
        kept.append(index)

    status = each_puzzle(args, canon_chunk, CANON_CHUNK, "Canonical forms", write, accepts=_square_only)
    if status == 0:
        print(texts.dedupe_count(len(kept), read[0]), file=sys.stderr)
    return status


def shown_label(puzzles: PuzzleFile, index: int) -> str:
    """`` label`` after a written puzzle line ("" without one), its control characters
    escaped: the lines often go to a terminal, where ``ESC[2J`` would clear it."""
    label = puzzles.labels[index] if puzzles.labels else ""
    return f" {printable(label)}" if label else ""


def _square_only(puzzles: PuzzleFile) -> bool:
    if puzzles.shape.is_samurai:
        fail(texts.CANON_SQUARE_ONLY)
        return False
    if puzzles.kind == "variant":
        # Their regions, cages or diagonals do not move with the rows and columns.
        fail(texts.canon_classic_only(puzzles.shape.name))
        return False
    return True


def _add_minimal(parser: argparse.ArgumentParser) -> None:
    add_file_options(parser, json_help="one JSON object a line: puzzle, solutions, minimal, redundant")


def _minimal(args: argparse.Namespace) -> int:
    # The authors' engine loads only for their commands; --help stays fast.
    from ..engine.batch.author_runs import Givens, minimal_chunk

    def write(puzzles: PuzzleFile, index: int, givens: Givens) -> None:
        if args.json:
            minimal = givens.solutions == 1 and not givens.redundant
            record = {"solutions": givens.solutions, "minimal": minimal, "redundant": list(givens.redundant)}
            write_json({"puzzle": puzzles.lines[index], **record})
        elif givens.solutions == 0:
            sys.stdout.write(texts.NO_SOLUTION_VERDICT + "\n")
        elif givens.solutions > 1:
            sys.stdout.write(texts.SEVERAL_SOLUTIONS + "\n")
        elif givens.redundant:
            sys.stdout.write(texts.not_minimal(givens.redundant) + "\n")
        else:
            sys.stdout.write(texts.MINIMAL + "\n")

    return each_puzzle(args, minimal_chunk, MINIMAL_CHUNK, "Checking", write)


def _add_convert(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--to", choices=("line", "sdk", "ss", "pm"), required=True, help="the format to write")
    parser.add_argument("--index", type=int, default=None, metavar="N", help="only puzzle N (from 0)")


def _convert(args: argparse.Namespace) -> int:
    """Every puzzle (or puzzle ``--index``) in the format ``--to``; grids a blank line apart."""
    # The exchange formats load only for convert; --help stays fast.
    from ..engine.files.exchange import puzzle_text

    puzzles = read_file(args.file)
    if puzzles is None:
        return 1
    if args.to != "line" and puzzles.shape.is_samurai:
        return fail(texts.convert_square_only(args.to))
    if puzzles.kind == "variant":
        # A grid or a plain line keeps the givens only: the puzzle would read back as a classic one.
        return fail(texts.exchange_classic_only(puzzles.shape.name))
    indexes = range(len(puzzles))
    if args.index is not None:
        if not puzzle_index(puzzles, args.index):
            return USAGE_ERROR
        indexes = range(args.index, args.index + 1)
    out = sys.stdout
    for number, index in enumerate(indexes):
        puzzle = puzzles.puzzle(index)
        if args.to == "line":
            out.write(puzzle.to_line() + shown_label(puzzles, index) + "\n")
            continue
        out.write(("\n" if number else "") + puzzle_text(puzzle.shape, puzzle.givens, args.to))
    out.flush()
    return 0


COMMANDS = (
    Command("canon", "each puzzle's canonical form: equal forms, equivalent puzzles", _add_canon, _canon),
    Command("dedupe", "the file's puzzles without equivalent repeats, first kept", _add_dedupe, _dedupe),
    Command(
        "minimal",
        "for each puzzle, whether every given is needed, and which are not",
        _add_minimal,
        _minimal,
        searches=True,
    ),
    Command(
        "convert",
        "write a file's puzzles as lines, .sdk or .ss grids, or pencil marks",
        _add_convert,
        _convert,
    ),
)
