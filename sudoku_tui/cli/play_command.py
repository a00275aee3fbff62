"""The game: ``sudoku-tui`` without a command, or with a puzzle FILE alone.

It is the one part of the command line that loads Textual.
"""

from __future__ import annotations

import sys

from ..game import texts
from ..paths import data_dir, puzzle_path
from .console import fail

PLAIN = "--plain"  # the game in plain text (docs/plain.md)
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


def play_plain(path: str | None) -> int:
    """The game in plain text: no Textual, and any input (a terminal, a pipe, a script)."""
    # Loaded only for this mode: the plain game and the player's store.
    from ..game.store.local import open_local_store
    from ..plain.terminal import play_plain as play_lines

    return play_lines(puzzle_path(path) if path is not None else None, open_local_store())
