"""Where the bundled puzzles and the player's data live."""

from __future__ import annotations

import os
from pathlib import Path


def bundled_puzzles() -> Path:
    """The bundled ``puzzles/`` folder: inside the installed package
    (``sudoku_tui/puzzles``), or beside the package in a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "puzzles", here.parent / "puzzles"):
        if candidate.is_dir():
            return candidate
    return here.parent / "puzzles"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/sudoku-tui``, else ``~/.local/share/sudoku-tui``."""
    base = os.environ.get("XDG_DATA_HOME")
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "sudoku-tui"
