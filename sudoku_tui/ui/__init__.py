"""The game's screens, in Textual. Nothing outside this package imports Textual."""

from __future__ import annotations

from .app import SudokuApp

__all__ = ["SudokuApp"]
