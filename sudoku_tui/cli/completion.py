"""``sudoku-tui completion bash|zsh|fish``: the shell's completion script, made by
shtab from the parser itself, so a new command, option or choice completes
without a script kept by hand. ``program`` adds the command, since the script
needs the whole parser that ``program`` builds.
"""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "fish")

# What a metavar names, as shtab completes it: files, or folders.
FILE_METAVARS = ("FILE", "OUT")
FOLDER_METAVARS = ("DIR",)


def add(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help="the shell the script is for")


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser`` for ``shell``."""
    # shtab loads only for this command: the parser and --help start without it.
    import shtab

    _complete_paths(parser, shtab.FILE, shtab.DIRECTORY)
    return str(shtab.complete(parser, shell=shell))


def _complete_paths(parser: argparse.ArgumentParser, files: object, folders: object) -> None:
    """Mark the arguments that take a path (by their metavar) in every command, so the
    shell offers file or folder names there and nothing where a word is expected."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _complete_paths(command, files, folders)
        elif action.metavar in FILE_METAVARS:
            action.complete = files  # type: ignore[attr-defined]  # shtab reads this attribute
        elif action.metavar in FOLDER_METAVARS:
            action.complete = folders  # type: ignore[attr-defined]
