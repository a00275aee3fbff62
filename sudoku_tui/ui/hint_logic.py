"""What a hint or a progress check says, worked out away from the screen.

Runs in a thread worker (logic can take seconds on hard puzzles). Every
Sudoku question goes to the engine: the solver says whether the entries can
still lead to a solution, the logic runner finds the next step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from threading import Lock

from ..engine.conflicts import conflicting_cells
from ..engine.logic.grid import CandidateGrid
from ..engine.logic.runner import is_unique, next_step
from ..engine.logic.step import Step
from ..engine.puzzle import Puzzle
from ..engine.solver import solve
from . import messages as text

# The texts hints and progress checks show (tests compare them letter for letter).
HINT_CLASH = "No hint: a value repeats in a row, column or box. Fix that first."
HINT_WRONG = "No hint: some entries disagree with the solution (press e to find the first)."
HINT_FULL = "No hint: every cell is filled."
NO_STEP = "No logical step found"
NO_ENTRIES = "No entries yet: nothing to check."
HINT = "Hint"
CHECK_PROGRESS = "Check my progress"


def wrong_entry(name: str) -> str:
    return f"{name} is wrong."


def progress_ok(count: int) -> str:
    if count == 1:
        return "So far so good: your entry agrees with the solution."
    return f"So far so good: all {count} entries agree with the solution."


@dataclass(frozen=True)
class Verdict:
    """Whether the entries so far can still be right, and the first wrong cell if not."""

    ok: bool
    message: str = ""
    wrong_cell: int | None = None


@dataclass(frozen=True)
class HintAnswer:
    """A step to show, or the reason there is none (``message``)."""

    step: Step | None
    message: str = ""
    verdict: Verdict = field(default_factory=lambda: Verdict(True))


# Uniqueness costs a solution count; a puzzle's answer never changes, so keep
# the last few (keyed by the givens, which is all it depends on).
_unique_cache: dict[tuple[object, tuple[int, ...]], bool] = {}
_unique_lock = Lock()


def puzzle_is_unique(puzzle: Puzzle) -> bool:
    key = (puzzle.shape.name, puzzle.givens)
    with _unique_lock:
        if key in _unique_cache:
            return _unique_cache[key]
    answer = is_unique(puzzle)
    with _unique_lock:
        if len(_unique_cache) > 32:
            _unique_cache.clear()
        _unique_cache[key] = answer
    return answer


def entries_of(puzzle: Puzzle, values: Sequence[int]) -> list[int]:
    """The cells the player filled (not the givens)."""
    return [cell for cell, value in enumerate(values) if value and not puzzle.is_given(cell)]


def judge(puzzle: Puzzle, values: Sequence[int]) -> Verdict:
    """Do the entries still agree with a solution of the puzzle?

    The board with the entries as givens must still solve; when it does not,
    the first entry (row-major) that differs from the puzzle's solution is
    the one to point at.
    """
    reference = solve(puzzle)
    if reference is None:
        return Verdict(False, text.NO_SOLUTION)
    entries = entries_of(puzzle, values)
    if not entries or solve(Puzzle(puzzle.shape, tuple(values))) is not None:
        return Verdict(True)
    wrong = [cell for cell in entries if values[cell] != reference[cell]]
    if not wrong:
        # Only a puzzle with several solutions gets here: the entries mix two of them.
        clashes = sorted(conflicting_cells(puzzle.shape, values)) or entries
        wrong = [clashes[0]]
    name = puzzle.shape.cell_name(wrong[0])
    more = f" ({len(wrong)} wrong entries in all)" if len(wrong) > 1 else ""
    return Verdict(False, wrong_entry(name) + more, wrong[0])


def progress_message(puzzle: Puzzle, values: Sequence[int], verdict: Verdict) -> str:
    """Check my progress: what to tell the player."""
    if not verdict.ok:
        return verdict.message
    count = len(entries_of(puzzle, values))
    if not count:
        return NO_ENTRIES
    if all(values):
        return text.SOLVED
    return progress_ok(count)


def find_hint(
    puzzle: Puzzle,
    values: Sequence[int],
    eliminated: frozenset[tuple[int, int]],
    should_stop: Callable[[], bool] | None = None,
) -> HintAnswer:
    """The next logical step from the board as it stands.

    ``eliminated`` holds candidates earlier hints removed; they stay removed
    so a hint that only eliminates does not come back on the next press.
    ``should_stop`` is polled by the long searches, which then raise
    :class:`~sudoku_tui.engine.progress.Cancelled`.
    """
    if conflicting_cells(puzzle.shape, values):
        return HintAnswer(None, HINT_CLASH)
    if all(values):
        return HintAnswer(None, HINT_FULL)
    verdict = judge(puzzle, values)
    if not verdict.ok:
        message = text.NO_SOLUTION if verdict.wrong_cell is None else HINT_WRONG
        return HintAnswer(None, message, verdict)
    grid = CandidateGrid(puzzle.shape, values)
    grid.should_stop = should_stop
    for cell, value in eliminated:
        if not values[cell]:
            grid.eliminate(cell, value)
    step = next_step(grid, puzzle_is_unique(puzzle))
    if step is None:
        return HintAnswer(None, NO_STEP)
    return HintAnswer(step)
