"""What the game says, in one place, so the code and the tests agree letter for letter.

File errors come from the engine (``PuzzleFileError.message``); these are the
game's own sentences and the names its actions go by in the command palette.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.board.geometry import Shape

NO_SOLUTION = "The puzzle has no solution."
SOLVED = "The puzzle is correctly solved."
NOT_SOLVED = "The puzzle is NOT solved."

# Action names, as the command palette lists them.
OPEN_FILE = "Open Puzzle File"
NEW_PUZZLE = "New Puzzle"
LOAD_RANDOM = "Load Random Puzzle"
SOLVE = "Solve Puzzle"
CHECK = "Check Solution"
CHOOSE_NUMBER = "Choose Puzzle Number"
NEXT_PUZZLE = "Next Puzzle"
PREVIOUS_PUZZLE = "Previous Puzzle"
HINT = "Hint"
CHECK_PROGRESS = "Check my progress"
SHOW_MISTAKES = "Show Mistakes"
DAILY = "Daily Puzzle"
STATISTICS = "Statistics"

# Hints and progress checks.
HINT_CLASH = "No hint: a value repeats in a row, column or box. Fix that first."
HINT_WRONG = "No hint: some entries disagree with the solution (press e to find the first)."
HINT_FULL = "No hint: every cell is filled."
NO_STEP = "No logical step found"
NO_ENTRIES = "No entries yet: nothing to check."
LOOKING_FOR_HINT = "Looking for a hint…"
CHECKING_ENTRIES = "Checking your entries…"


def practised_step(name: str) -> str:
    """A hint's technique when it is the one the puzzle was made to practise."""
    return f"{name}, the technique you are practising"


START = "Press o to open a puzzle file."
SOLVING = "Solving…"
MAKING_CANCELLED = "New puzzle cancelled."
FIRST_PUZZLE = "That was the first puzzle."
LAST_PUZZLE = "That was the last puzzle."


def wrong_entry(name: str) -> str:
    return f"{name} is wrong."


def progress_ok(count: int) -> str:
    if count == 1:
        return "So far so good: your entry agrees with the solution."
    return f"So far so good: all {count} entries agree with the solution."


# Hints beside the puzzle number, whose range is shown just before them.
def not_a_number(text: str, last: int) -> str:
    return f"Not a number: type 0 … {last}." if len(text) > 8 else f"{text!r} is not a number."


def out_of_range(number: int, last: int) -> str:
    return f"No puzzle {number}: type 0 … {last}." if last < 10_000 else f"No puzzle {number}."


def too_small(width: int, height: int, need_width: int, need_height: int) -> str:
    return (
        f"Terminal too small ({width}x{height}).\n"
        f"Sudoku needs at least {need_width}x{need_height}: make the window bigger.\n"
        "Press q to quit."
    )


def symbols(shape: Shape, values: Sequence[int]) -> str:
    """``1 4 7`` (or ``A C`` on 16x16): values as the board writes them."""
    return " ".join(shape.symbol(value) for value in values)
