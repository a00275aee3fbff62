"""The ``sudoku-tui`` command line (README, "The command line").

Only the game imports Textual; every other command stays on the engine, and
the parser itself loads nothing heavier than the levels' module.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, TextIO

from .. import __version__
from ..engine.board.levels import LEVEL_KEYS, Level, Symmetry
from ..paths import puzzle_path
from ..serve.command import add_serve_parser
from . import author_commands as cli_authors

if TYPE_CHECKING:
    from .author_commands import Subparsers


class ProgressBar:
    """A one-line bar on a terminal's stderr; silent when stderr is not a terminal."""

    def __init__(self, total: int, label: str) -> None:
        self.stream: TextIO = sys.stderr
        self.total = max(total, 1)
        self.label = label
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        percent = done * 100 // self.total
        if percent == self._last:
            return
        self._last = percent
        width = 30
        filled = width * done // self.total
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {percent:3d}% {done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._last >= 0:
            self.stream.write("\r" + " " * (len(self.label) + 60) + "\r")
            self.stream.flush()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _limit(text: str) -> int:
    """A solution count the compiled counter can hold."""
    from ..engine.batch.workers import MAX_LIMIT

    value = _positive(text)
    if value > MAX_LIMIT:
        raise argparse.ArgumentTypeError(f"{value} is too large (at most {MAX_LIMIT})")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sudoku-tui",
        usage="sudoku-tui [FILE]\n       sudoku-tui COMMAND ...",
        description=(
            "A terminal Sudoku with a puzzle engine. Without a command, starts the game "
            "(with FILE opened when given). A FILE that is not found where it is named is "
            "looked up among the bundled puzzles, so 'sudoku-tui solve 9x9-easy.txt' works anywhere."
        ),
    )
    parser.add_argument("--version", action="version", version=f"sudoku-tui {__version__}")
    # prog: a command's usage and errors start "sudoku-tui solve", not the two usage lines above.
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog="sudoku-tui")

    solve = commands.add_parser("solve", help="solve every puzzle of a file, one line per puzzle")
    solve.add_argument("file", metavar="FILE")
    solve.add_argument("--method", choices=("fast", "classic"), default="fast", help="solver to use (default fast)")
    solve.add_argument("--count", action="store_true", help="print the number of solutions instead")
    solve.add_argument("--limit", type=_limit, default=2, help="stop counting at N solutions (default 2)")
    solve.add_argument("--jobs", type=_positive, default=1, help="spread the work over N processes")

    check = commands.add_parser("check", help="validate a puzzle file")
    check.add_argument("file", metavar="FILE")

    _add_generate_parser(commands)

    explain = commands.add_parser("explain", help="solve one puzzle step by step, naming each technique")
    explain.add_argument("file", metavar="FILE")
    explain.add_argument("--index", type=int, default=0, metavar="N", help="which puzzle of the file (from 0)")

    grade = commands.add_parser("grade", help="grade every puzzle of a file: level and score, one line each")
    grade.add_argument("file", metavar="FILE")

    _add_export_parser(commands)
    _add_player_parsers(commands)
    cli_authors.add_parsers(commands)
    add_serve_parser(commands, _positive)
    return parser


def _add_generate_parser(commands: Subparsers) -> None:
    """The generate command's options."""
    generate = commands.add_parser("generate", help="make puzzles with exactly one solution, written to stdout")
    generate.add_argument("--size", choices=("4", "9", "16", "samurai"), default="9", help="board (default 9)")
    generate.add_argument(
        "--variant", choices=("x", "windoku", "jigsaw", "killer"), help="a 9x9 variant instead of --size"
    )
    generate.add_argument("--difficulty", choices=LEVEL_KEYS, default="easy", help="level (default easy)")
    generate.add_argument("--count", type=_positive, default=1, help="how many puzzles (default 1)")
    symmetries = list(Symmetry)
    generate.add_argument("--symmetry", choices=symmetries, default="none", help="of the givens (default none)")
    generate.add_argument("--seed", type=int, default=None, help="the same seed gives the same puzzles")
    generate.add_argument("--jobs", type=_positive, default=1, help="spread the work over N processes")
    generate.add_argument(
        "--technique",
        metavar="NAME",
        help="puzzles whose logical solution uses this technique, as explain names it (e.g. X-Wing)",
    )


def _add_export_parser(commands: Subparsers) -> None:
    """The export command's options."""
    export = commands.add_parser("export", help="a printable PDF booklet of a file, or one puzzle as SVG or PNG")
    export.add_argument("file", metavar="FILE")
    output = export.add_mutually_exclusive_group(required=True)
    output.add_argument("--pdf", metavar="OUT", help="a booklet: the puzzles, with their numbers and levels")
    output.add_argument("--svg", metavar="OUT", help="one puzzle (see --index) as SVG")
    output.add_argument("--png", metavar="OUT", help="one puzzle (see --index) as PNG")
    export.add_argument("--solutions", action="store_true", help="the booklet: then the solutions; a picture: solved")
    export.add_argument("--steps", action="store_true", help="the booklet: then every puzzle's logical steps")
    export.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=4, help="boards per page (default 4)")
    export.add_argument("--index", type=int, default=0, metavar="N", help="the puzzle to draw (from 0)")


def _add_player_parsers(commands: Subparsers) -> None:
    """The commands on the player's own record: stats and daily."""
    stats = commands.add_parser("stats", help="your games: per board and level, the daily streak, recent solves")
    stats.add_argument("--json", action="store_true", help="print them as one JSON object")

    daily = commands.add_parser("daily", help="the daily puzzle: the same line on every machine for a date")
    daily.add_argument("--date", metavar="YYYY-MM-DD", default=None, help="the date (UTC; default today)")
    daily.add_argument("--level", choices=LEVEL_KEYS, default="medium", help="level (default medium)")
    daily.add_argument("--size", choices=("9", "16", "samurai"), default="9", help="board (default 9)")


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    known = set(COMMANDS)
    # Without a command the game starts; a lone FILE is its puzzle file.
    if not args_list or (args_list[0] not in known and not args_list[0].startswith("-")):
        if len(args_list) > 1:
            parser.error(f"unknown command or extra arguments: {' '.join(args_list)}")
        return _play(args_list[0] if args_list else None)
    args = parser.parse_args(args_list)
    if args.command is None:
        return _play(None)
    stop_announcing = None
    try:
        if args.command in SOLVING_COMMANDS:
            stop_announcing = _prepare_solver(getattr(args, "jobs", 1))
        status = COMMANDS[args.command](args)
        sys.stdout.flush()  # here, so a full disk is told below and not at exit
        return status
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly.
        sys.stderr.close()
        return 0
    except OSError as error:  # the output cannot be written: a full disk (`> /dev/full`), an I/O error
        return _output_failed(error)
    finally:
        if stop_announcing is not None:
            stop_announcing()


PREPARING = "Preparing the solver (first run only)…"
INTERRUPTED = "Interrupted."
# Commands that run the compiled search, and so may compile it first.
SOLVING_COMMANDS = frozenset({"solve", "generate", "explain", "grade", "export", "daily", "minimal"})


def _prepare_solver(jobs: int) -> Callable[[], None]:
    """Say once on stderr when the search is about to be compiled (a new
    install), and let Ctrl-C during a compile end the command at once;
    before a process pool, compile it here, once, not per worker.
    Returns the function that stops listening for compiles."""
    from ..engine.warm import announce_compiles, interrupt_inside_numba, warm_up

    stop_announcing = announce_compiles(lambda: print(PREPARING, file=sys.stderr, flush=True))
    stop_interrupting = interrupt_inside_numba(_interrupted_while_compiling)

    def stop() -> None:
        stop_interrupting()
        stop_announcing()

    if jobs > 1:
        try:
            warm_up()
        except BaseException:  # Ctrl-C: listen no longer, then stop as usual
            stop()
            raise
    return stop


def _interrupted_while_compiling() -> None:
    # Ctrl-C in the middle of Numba's compiler: end here, as main() would have.
    with suppress(OSError, ValueError):
        sys.stdout.flush()  # the lines already made are kept
    with suppress(OSError, ValueError):
        print(INTERRUPTED, file=sys.stderr, flush=True)
    os._exit(130)


def _output_failed(error: OSError) -> int:
    # What is still buffered for stdout would fail again at exit, as an
    # "Exception ignored" note: it goes nowhere instead.
    with suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return _fail(f"sudoku-tui stopped: the output could not be written ({error.strerror or error}).")


NEEDS_TERMINAL = "sudoku-tui needs a terminal: run it in one, without redirecting its input or output."


def _play(path: str | None) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(NEEDS_TERMINAL, file=sys.stderr)
        return 2
    try:
        from ..ui import SudokuApp
    except ImportError as error:  # pragma: no cover - only when textual is missing
        return _fail(f"The game needs Textual: {error}")
    app = SudokuApp(puzzle_path(path) if path is not None else None)
    app.run()
    # Non-zero after a crash (Textual sets 1) or a signal, so scripts and the SSH server can tell.
    return app.return_code or 0


def _check(path: str) -> int:
    puzzles = cli_authors.read_file(path)
    if puzzles is None:
        return 1
    print(puzzles.describe())
    return 0


def _solve(args: argparse.Namespace) -> int:
    from ..engine.batch.solving import solve_lines

    puzzles = cli_authors.read_file(args.file)
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
            progress=_progress_to(bar),
        )
        write = out.write
        for line in results:
            write(line)
            write("\n")
    finally:
        bar.close()
    out.flush()
    return 0


def _progress_to(bar: ProgressBar) -> Callable[[int, int], None]:
    def report(done: int, _total: int) -> None:
        bar.update(done)

    return report


def _generate(args: argparse.Namespace) -> int:
    from ..engine.batch.generating import generate_lines
    from ..engine.board.geometry import shape_for_size
    from ..engine.making.generator import GenerationFailed
    from ..engine.making.practice import technique_named

    try:
        technique = technique_named(args.technique) if args.technique else None
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2

    shape = shape_for_size(args.variant or args.size)
    header = cli_authors.file_header(shape.name, args.variant)
    bar = ProgressBar(args.count, "Generating")
    out = sys.stdout
    failure = ""
    try:
        level, symmetry = Level.parse(args.difficulty), Symmetry.parse(args.symmetry)
        lines = generate_lines(
            shape, args.count, level, symmetry, args.seed, args.jobs, progress=_progress_to(bar), technique=technique
        )
        for line in lines:  # streamed, so a long run shows its puzzles as they come
            out.write(header + line + "\n")
            header = ""  # written with the first puzzle, so a failed run writes nothing
            out.flush()
    except GenerationFailed as error:
        failure = str(error)
    finally:
        bar.close()
    return _fail(failure) if failure else 0


def _explain(path: str, index: int) -> int:
    """Every logical step of one puzzle, then its grade (or where logic stops)."""
    from ..engine.logic.runner import solve_logically
    from ..game.texts import NO_SOLUTION

    puzzles = cli_authors.read_file(path)
    if puzzles is None:
        return 1
    if not 0 <= index < len(puzzles):
        count = len(puzzles)
        print(f"Puzzle index {index} is out of range: the file has {count} (0 to {count - 1}).", file=sys.stderr)
        return 2
    puzzle = puzzles.puzzle(index)
    out = sys.stdout
    result = solve_logically(puzzle)
    if not result.has_solution:
        out.write(NO_SOLUTION + "\n")
    for step in result.steps:
        out.write(step.describe(puzzle.shape) + "\n")
    if result.solved:
        out.write(f"Grade: {result.level.label} (score {result.score})\n")
    elif result.has_solution:
        out.write("Stuck: no logical step found\n")
    out.flush()
    return 0


def _export(args: argparse.Namespace) -> int:
    """One puzzle as SVG or PNG (``--pdf`` runs through cli_authors, spread like ``grade``)."""
    from pathlib import Path

    puzzles = cli_authors.read_file(args.file)
    if puzzles is None:
        return 1
    if not cli_authors.drawable(puzzles):
        return 1
    if not 0 <= args.index < len(puzzles):
        print(f"Puzzle index {args.index} is out of range: the file has {len(puzzles)}.", file=sys.stderr)
        return 2
    missing = cli_authors.missing_extra("export --png", "PIL") if args.png else None
    if missing:
        return _fail(missing)
    from ..authoring.export import export_picture

    kind, out = ("svg", args.svg) if args.svg else ("png", args.png)
    export_picture(puzzles.puzzle(args.index), Path(out), solved=args.solutions, kind=kind)
    return 0


def _stats(args: argparse.Namespace) -> int:
    from ..game.stats_report import run_stats

    return run_stats(args.json)


def _daily(args: argparse.Namespace) -> int:
    from ..game.stats_report import run_daily

    return run_daily(args.date, args.level, args.size)


def _serve(args: argparse.Namespace) -> int:
    from ..serve.command import run_serve

    return run_serve(args)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": lambda args: _check(args.file),
    "solve": _solve,
    "generate": _generate,
    "explain": lambda args: _explain(args.file, args.index),
    "export": _export,
    "stats": _stats,
    "daily": _daily,
    "serve": _serve,
}
COMMANDS.update(cli_authors.handlers(COMMANDS))
