"""Which of the engine's searches this install can test."""

from __future__ import annotations

from sudoku_tui.engine import backend


def compiled_search_available() -> bool:
    """Numba (the fast extra) is installed and loads."""
    return backend.numba_importable()
