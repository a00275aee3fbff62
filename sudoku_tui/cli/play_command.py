"""The game: ``sudoku-tui`` without a command, or with a puzzle FILE alone.

It is the one part of the command line that loads Textual.
"""

from __future__ import annotations

import sys

from ..game import texts
from ..paths import data_dir, puzzle_path
from .console import fail

CRASH_LOG = "crash.log"  # in the data folder: what went wrong, should the game crash


def play(path: str | None) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(texts.NEEDS_TERMINAL, file=sys.stderr)
        return 2
    try:
        # Textual loads only for the game: every other command runs without it.
        from ..ui import SudokuApp
    except ImportError as error:  # pragma: no cover - only when textual is missing
        return fail(texts.needs_textual(error))
    app = SudokuApp(puzzle_path(path) if path is not None else None, crash_log=data_dir() / CRASH_LOG)
    app.run()
    # Non-zero after a crash (Textual sets 1) or a signal, so scripts and the SSH server can tell.
    return app.return_code or 0
