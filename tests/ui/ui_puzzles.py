"""Puzzles made for the UI tests (no published data: every grid here is built).

A complete 9x9 grid comes from the usual shifted-rows pattern; puzzles are
that grid with cells blanked by a fixed mask, so the tests know the answer.
"""

from __future__ import annotations


def pattern_solution(box: int) -> str:
    """A complete grid for boxes of ``box`` x ``box``: row r is a shifted run of values."""
    n = box * box
    symbols = "123456789ABCDEFG"[:n]
    return "".join(symbols[(r * box + r // box + c) % n] for r in range(n) for c in range(n))


def blank(solution: str, keep_every: int, offset: int = 0) -> str:
    """The solution with most cells emptied: cell i stays when (i * 7 + offset) % keep_every == 0."""
    return "".join(ch if (i * 7 + offset) % keep_every == 0 else "." for i, ch in enumerate(solution))


SOLUTION_9 = pattern_solution(3)
SOLUTION_4 = pattern_solution(2)

NINE_PUZZLES = [blank(SOLUTION_9, 2, 0), blank(SOLUTION_9, 3, 1), blank(SOLUTION_9, 2, 1)]
FOUR_PUZZLES = [blank(SOLUTION_4, 2, 0), blank(SOLUTION_4, 3, 1), blank(SOLUTION_4, 2, 1), blank(SOLUTION_4, 3, 2)]

# Two 1s in the top row: the givens already conflict, so there is no solution.
FOUR_NO_SOLUTION = "11.." + "." * 12


def block_file(box: int, lines: list[str]) -> str:
    return f"{box}\n" + "".join(line + "\n" for line in lines)


# The block-size format's error cases (docs/puzzle-files.md), as files of our own: content -> message.
BAD_FILES: dict[str, tuple[str, str]] = {
    "bad-puzzle-length1": (
        "2\n" + FOUR_PUZZLES[0] + "\n" + FOUR_PUZZLES[1][:-1] + "\n",
        "Line 3 has the wrong length.",
    ),
    "bad-puzzle-length2": (
        "2\n" + FOUR_PUZZLES[0] + "\n" + FOUR_PUZZLES[1] + "\n" + FOUR_PUZZLES[2] + ".\n",
        "Line 4 has the wrong length.",
    ),
    "bad-puzzle-length3": (
        "3\n" + NINE_PUZZLES[0] + "\n" + NINE_PUZZLES[1][:40] + "\n",
        "Line 3 has the wrong length.",
    ),
    "bad-puzzle-length4": ("3\n" + NINE_PUZZLES[0] + " \n" + NINE_PUZZLES[1] + "\n", "Line 2 has the wrong length."),
    "bad-value-1": (
        "2\n" + FOUR_PUZZLES[0] + "\n" + FOUR_PUZZLES[1] + "\n" + "5" + FOUR_PUZZLES[2][1:] + "\n",
        "Line 4 has an invalid character.",
    ),
    "bad-value-2": ("3\n" + "0" + NINE_PUZZLES[0][1:] + "\n", "Line 2 has an invalid character."),
    "bad-value-3": ("2\n" + FOUR_PUZZLES[0] + "\nx" + FOUR_PUZZLES[1][1:] + "\n", "Line 3 has an invalid character."),
    "bad-value-4": (
        "3\n" + "\n".join(NINE_PUZZLES) + "\n" + NINE_PUZZLES[0][:80] + "A\n",
        "Line 5 has an invalid character.",
    ),
    "blocksize-1": ("1\n" + FOUR_PUZZLES[0] + "\n", "Invalid block size."),
    "blocksize-4": ("4\n" + "." * 256 + "\n", "Invalid block size."),
    "empty": ("", "The file is empty."),
    "no-puzzles": ("3\n", "The file has no puzzles."),
}
