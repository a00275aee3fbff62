"""sudoku-tui: a terminal Sudoku with a serious puzzle engine."""

__version__ = "0.1.0"
