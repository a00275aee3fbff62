"""Hints and Check my progress, worked out away from any screen.

A hint comes in three presses, as HoDoKu and Sudoku Explainer give it: the
technique's name, then its cells and a one-sentence explanation, then the
step applied. Each press is tied to the board it was asked about (the
puzzle, its values, and the candidates earlier hints removed); once the
board has changed, the next press starts again with a new step.

Finding a step can take seconds on hard puzzles, so the screen runs
:func:`find_hint` and :func:`judge` in a worker and hands the answer back to
the :class:`HintTracker`; every Sudoku question goes to the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from threading import Lock

from ..engine.board.conflicts import conflicting_cells
from ..engine.board.puzzle import Puzzle
from ..engine.logic.grid import CandidateGrid
from ..engine.logic.runner import is_unique, next_step
from ..engine.logic.step import Step, TechniqueName
from ..engine.search.solver import solve
from . import texts

# (puzzle, values, candidates removed by hints): what a hint was asked about.
Signature = tuple[Puzzle, tuple[int, ...], frozenset[tuple[int, int]]]


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
# the last few (keyed by the givens, which is all it depends on). A hint and
# a check may ask from two threads at once, hence the lock.
_unique_cache: dict[tuple[str, tuple[int, ...]], bool] = {}
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
        return Verdict(False, texts.NO_SOLUTION)
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
    return Verdict(False, texts.wrong_entry(name) + more, wrong[0])


def progress_message(puzzle: Puzzle, values: Sequence[int], verdict: Verdict) -> str:
    """Check my progress: what to tell the player."""
    if not verdict.ok:
        return verdict.message
    count = len(entries_of(puzzle, values))
    if not count:
        return texts.NO_ENTRIES
    if all(values):
        return texts.SOLVED
    return texts.progress_ok(count)


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
        return HintAnswer(None, texts.HINT_CLASH)
    if all(values):
        return HintAnswer(None, texts.HINT_FULL)
    verdict = judge(puzzle, values)
    if not verdict.ok:
        message = texts.NO_SOLUTION if verdict.wrong_cell is None else texts.HINT_WRONG
        return HintAnswer(None, message, verdict)
    grid = CandidateGrid(puzzle.shape, values)
    grid.should_stop = should_stop
    for cell, value in eliminated:
        if not values[cell]:
            grid.eliminate(cell, value)
    step = next_step(grid, puzzle_is_unique(puzzle))
    if step is None:
        return HintAnswer(None, texts.NO_STEP)
    return HintAnswer(step)


def hint_cells(step: Step) -> frozenset[int]:
    """The cells a hint points at: the pattern and what it places, else what it clears."""
    cells = set(step.cells) | {cell for cell, _ in step.placements}
    if not cells:
        cells = {cell for cell, _ in step.eliminations}
    return frozenset(cells)


def named_cells(step: Step) -> frozenset[int]:
    """Every cell a hint's sentence speaks of: the pattern, what it places and what it clears."""
    cells = set(step.cells) | {cell for cell, _ in step.placements} | {cell for cell, _ in step.eliminations}
    return frozenset(cells)


def step_name(step: Step, practising: TechniqueName | None) -> str:
    """The hint's technique, said to be the one practised when it is."""
    if practising is not None and step.technique is practising:
        return texts.practised_step(step.technique.value)
    return str(step.technique)


@dataclass
class ShownHint:
    """The step being shown and how much of it the player has seen (1: its name,
    2: its cells and explanation, 3: applied)."""

    signature: Signature
    step: Step
    level: int = 1


class HintTracker:
    """Which hint the player is looking at, and which answers are still awaited.

    Candidates hints removed are kept per puzzle: without pencil marks to
    hold them, an elimination would otherwise be found again on the next
    press.
    """

    def __init__(self) -> None:
        self.shown: ShownHint | None = None
        self.asked: Signature | None = None  # a worker is looking for a step on this board
        self.check_asked: Signature | None = None  # a worker is judging this board
        self.removed: frozenset[tuple[int, int]] = frozenset()
        self._removed_for: Puzzle | None = None

    def signature(self, puzzle: Puzzle, values: Sequence[int]) -> Signature:
        if self._removed_for is not puzzle:
            self._removed_for = puzzle
            self.removed = frozenset()
        return (puzzle, tuple(values), self.removed)

    def press(self, signature: Signature) -> ShownHint | None:
        """A press of the hint key: the hint shown one level further when it is
        for this board; else None (forget it, and ask for a step if no worker
        is already looking at this very board: see :meth:`should_ask`)."""
        shown = self.shown
        if shown is not None and shown.signature == signature:
            shown.level += 1
            if shown.level >= 3:
                self.shown = None
            return shown
        self.shown = None
        return None

    def should_ask(self, signature: Signature) -> bool:
        if self.asked == signature:
            return False
        self.asked = signature
        return True

    def should_check(self, signature: Signature) -> bool:
        if self.check_asked == signature:
            return False
        self.check_asked = signature
        return True

    def answered(self, is_hint: bool) -> None:
        if is_hint:
            self.asked = None
        else:
            self.check_asked = None

    def show(self, signature: Signature, step: Step) -> ShownHint:
        self.shown = ShownHint(signature, step)
        return self.shown

    def applied(self, step: Step) -> None:
        """Remember the step's eliminations for the next hint on this puzzle."""
        if step.eliminations:
            self.removed = self.removed | frozenset(step.eliminations)
