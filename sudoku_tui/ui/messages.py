"""Texts the game shows, in one place so tests and code agree letter for letter.

The file errors come from the engine (``PuzzleFileError.message``); these are
the game's own messages from PRODUCT.md section 4 and the seed.
"""

from __future__ import annotations

NO_SOLUTION = "The puzzle has no solution."
SOLVED = "The puzzle is correctly solved."
NOT_SOLVED = "The puzzle is NOT solved."

# Command names as the seed's menus call them (shown in the command palette).
OPEN_FILE = "Open Puzzle File"
NEW_PUZZLE = "New Puzzle"
LOAD_RANDOM = "Load Random Puzzle"
SOLVE = "Solve Puzzle"
CHECK = "Check Solution"
CHOOSE_NUMBER = "Choose Puzzle Number"
NEXT_PUZZLE = "Next Puzzle"
PREVIOUS_PUZZLE = "Previous Puzzle"


# Hints beside the puzzle number, whose range is shown just before them.
def not_a_number(text: str, last: int) -> str:
    return f"Not a number: type 0 … {last}." if len(text) > 8 else f"{text!r} is not a number."


def out_of_range(number: int, last: int) -> str:
    return f"No puzzle {number}: type 0 … {last}." if last < 10_000 else f"No puzzle {number}."


def too_small(width: int, height: int, need_width: int, need_height: int) -> str:
    return (
        f"Terminal too small ({width}x{height}).\n"
        f"Sudoku needs at least {need_width}x{need_height}: make the window bigger."
    )
