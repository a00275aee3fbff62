"""Where the bundled puzzles and the player's data live."""

from __future__ import annotations

import os
from pathlib import Path


def bundled_puzzles() -> Path:
    """The bundled puzzle files, inside the package (a source checkout's
    top-level ``puzzles/`` links to the same folder)."""
    return Path(__file__).resolve().parent / "puzzles"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/sudoku-tui``, else ``~/.local/share/sudoku-tui``."""
    base = os.environ.get("XDG_DATA_HOME")
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "sudoku-tui"


def puzzle_path(name: str) -> Path:
    """The file a command line names: as given when it exists, else the bundled
    puzzle of that name (``sudoku-tui solve 9x9-easy.txt`` works after an install)."""
    given = Path(name)
    try:
        if given.exists() or given.is_absolute():
            return given
        bundled = bundled_puzzles() / given
        return bundled if bundled.is_file() else given
    except (OSError, ValueError):  # a name too long to look up: let the reader say so
        return given
