"""The ``sudoku-tui`` command line (README, "The command line").

``main`` is the console script; ``build_parser`` describes every command.
"""

from .program import build_parser, main

__all__ = ["build_parser", "main"]
