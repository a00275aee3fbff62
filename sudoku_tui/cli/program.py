"""The ``sudoku-tui`` program: the parser built from every group's commands,
and ``main``, which runs one of them (or the game) and turns what can go
wrong around any command (Ctrl-C, a reader gone, a full disk) into an exit
status and at most one sentence.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from contextlib import suppress

from .. import __version__
from ..game import texts
from ..game.crash_log import keep_traceback
from ..paths import data_dir
from . import author_commands, completion, making_commands, player_commands, serve_commands, solving_commands
from .console import CommandParser, fail
from .first_compile import prepare_solver
from .play_command import CRASH_LOG, PLAIN, play, play_plain
from .registry import Command

# The order --help has always listed the commands in; a command not named
# here follows them, in the order of its group below.
HELP_ORDER = (
    "solve",
    "check",
    "generate",
    "explain",
    "grade",
    "export",
    "stats",
    "replay",
    "daily",
    "leaderboard",
    "canon",
    "dedupe",
    "minimal",
    "convert",
    "serve",
    "completion",
)


def _listed(command: Command) -> int:
    return HELP_ORDER.index(command.name) if command.name in HELP_ORDER else len(HELP_ORDER)


def _completion(args: argparse.Namespace) -> int:
    sys.stdout.write(completion.script(build_parser(), args.shell))
    return 0


# Here and not in a group's module: the script is made from the whole parser, built below.
PROGRAM_COMMANDS = (
    Command(
        "completion", "a completion script for bash, zsh or fish, made from these commands", completion.add, _completion
    ),
)

GROUPS = (
    solving_commands.COMMANDS,
    making_commands.COMMANDS,
    player_commands.COMMANDS,
    author_commands.COMMANDS,
    serve_commands.COMMANDS,
    PROGRAM_COMMANDS,
)
COMMANDS = {command.name: command for command in sorted((c for group in GROUPS for c in group), key=_listed)}


def build_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog="sudoku-tui",
        usage="sudoku-tui [FILE]\n       sudoku-tui --plain [FILE]\n       sudoku-tui COMMAND ...",
        description=(
            "A terminal Sudoku with a puzzle engine. Without a command, starts the game "
            "(with FILE opened when given). A FILE that is not found where it is named is "
            "looked up among the bundled puzzles, so 'sudoku-tui solve 9x9-easy.txt' works anywhere."
        ),
    )
    parser.add_argument("--version", action="version", version=f"sudoku-tui {__version__}")
    # Read by main before the parser: listed here for --help (docs/plain.md).
    parser.add_argument(PLAIN, action="store_true", help="play in plain text, a line at a time (screen readers)")
    # prog: a command's usage and errors start "sudoku-tui solve", not the two usage lines above.
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog="sudoku-tui")
    for command in COMMANDS.values():
        command.add(commands.add_parser(command.name, help=command.help))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if PLAIN in args_list:  # the game in plain text, with at most a FILE beside it
        rest = [word for word in args_list if word != PLAIN]
        if len(rest) > 1 or any(word.startswith("-") for word in rest):
            parser.error(texts.unknown_command(args_list))
        return _play(rest[0] if rest else None, plain=True)
    # Without a command the game starts; a lone FILE is its puzzle file.
    if not args_list or (args_list[0] not in COMMANDS and not args_list[0].startswith("-")):
        if len(args_list) > 1:
            parser.error(texts.unknown_command(args_list))
        return _play(args_list[0] if args_list else None)
    args = parser.parse_args(args_list)
    if args.command is None:
        return _play(None)
    command = COMMANDS[args.command]
    stop_announcing = None
    try:
        if command.searches:
            stop_announcing = prepare_solver(getattr(args, "jobs", 1))
        status = command.run(args)
        sys.stdout.flush()  # here, so a full disk is told below and not at exit
        return status
    except KeyboardInterrupt:
        print(texts.INTERRUPTED, file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly.
        sys.stderr.close()
        return 0
    except OSError as error:  # the output cannot be written: a full disk (`> /dev/full`), an I/O error
        return _output_failed(error)
    except Exception as error:  # a bug, or no memory left: one sentence, never a traceback
        return _stopped(error, texts.command_stopped(command.name))
    finally:
        if stop_announcing is not None:
            stop_announcing()


def _play(path: str | None, plain: bool = False) -> int:
    """The game; what fails outside it (as it is built, once it has ended) and
    nothing else caught is one sentence too. Ctrl-C is left as it was."""
    try:
        return play_plain(path) if plain else play(path)
    except Exception as error:  # no memory left, or a bug: the player reads no traceback
        return _stopped(error, texts.GAME_STOPPED)


def _stopped(error: Exception, sentence: str) -> int:
    """``sentence``, and where the traceback is kept (the crash log in the data folder)."""
    written = keep_traceback(error, data_dir() / CRASH_LOG)
    return fail(sentence if written is None else f"{sentence}\n{texts.crash_written(written)}")


def _output_failed(error: OSError) -> int:
    # What is still buffered for stdout would fail again at exit, as an
    # "Exception ignored" note: it goes nowhere instead.
    with suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return fail(texts.output_failed(str(error.strerror or error)))
