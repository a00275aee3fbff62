"""Puzzles to practise one technique: their logical solution (the steps a player
is shown) uses it.

Each attempt digs a random grid down to a minimal puzzle and runs the logic
with the techniques up to the one practised only (the runner tries them in
order, so on a puzzle they solve this is the full solution's path); most
attempts are dropped there, cheaply, because the technique never came up.
When it came up but the logic then got stuck, the stuck cells get their
values back as givens (as few as still let it finish, found by halving),
so the puzzle asks for the technique and then for nothing harder.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .generator import ATTEMPTS, Generated, GenerationFailed, StopCheck, minimal_puzzle
from .geometry import Shape
from .logic.runner import Solution, solve_logically
from .logic.step import TechniqueName
from .logic.techniques import TECHNIQUE_OF, TECHNIQUES, Technique
from .progress import Cancelled, ProgressCallback
from .puzzle import Puzzle

# Techniques a puzzle cannot be made to need: the singles come in every puzzle,
# and Killer's own need cages, which practice puzzles (classic boards) have not.
NOT_PRACTISED = frozenset(
    {
        TechniqueName.FULL_HOUSE,
        TechniqueName.NAKED_SINGLE,
        TechniqueName.HIDDEN_SINGLE,
        TechniqueName.CAGE_COMBINATIONS,
        TechniqueName.RULE_OF_45,
        TechniqueName.CAGE_HOUSE,
    }
)


def practised() -> list[TechniqueName]:
    """The techniques there are practice puzzles for, in the order the logic tries them."""
    return [name for name in TECHNIQUE_OF if name not in NOT_PRACTISED]


def _spelling(text: str) -> str:
    """A name without case, spaces or punctuation: ``x wing`` and ``X-Wing`` agree."""
    return "".join(char for char in text.casefold() if char.isalnum())


_UNIQUENESS = (
    TechniqueName.UNIQUENESS_1,
    TechniqueName.UNIQUENESS_2,
    TechniqueName.UNIQUENESS_3,
    TechniqueName.UNIQUENESS_4,
    TechniqueName.UNIQUENESS_5,
    TechniqueName.UNIQUENESS_6,
)
# Names players know the same techniques by: the uniqueness tests are unique
# rectangles of types 1 to 6 (type 1 when none is said), BUG+1 is short.
ALIASES: dict[str, TechniqueName] = {
    "uniquerectangle": TechniqueName.UNIQUENESS_1,
    "bug1": TechniqueName.BUG_PLUS_ONE,
    **{f"uniquerectangletype{number}": name for number, name in enumerate(_UNIQUENESS, start=1)},
    **{f"uniquerectangle{number}": name for number, name in enumerate(_UNIQUENESS, start=1)},
}


def technique_named(text: str) -> TechniqueName:
    """The technique a name means, however it is spelt (or one of its
    :data:`ALIASES`); ValueError lists the names."""
    wanted = _spelling(text)
    for name in practised():
        if _spelling(name.value) == wanted:
            return name
    if wanted in ALIASES:
        return ALIASES[wanted]
    names = ", ".join(name.value for name in practised())
    raise ValueError(
        f"no technique {text!r} to practise; choose one of: {names} (Unique Rectangle is Uniqueness Test 1)"
    )


def _up_to(technique: TechniqueName) -> list[Technique]:
    """The techniques the logic tries up to (and with) the one practised."""
    row = TECHNIQUE_OF[technique]
    return TECHNIQUES[: TECHNIQUES.index(row) + 1]


def _uses(run: Solution, technique: TechniqueName) -> bool:
    return any(step.technique is technique for step in run.steps)


class _Attempt:
    """One dug puzzle, and the logic's runs on it and on it with givens added back."""

    def __init__(self, shape: Shape, solution: Sequence[int], technique: TechniqueName, stop: StopCheck | None):
        self.shape, self.solution, self.technique = shape, solution, technique
        self.techniques = _up_to(technique)
        self.should_stop = stop

    def run(self, givens: Sequence[int]) -> Solution:
        puzzle = Puzzle(self.shape, tuple(givens))
        return solve_logically(puzzle, unique=True, should_stop=self.should_stop, techniques=self.techniques)

    def works(self, run: Solution) -> bool:
        return run.solved and _uses(run, self.technique)

    def eased(self, givens: list[int], stuck: Sequence[int]) -> list[int] | None:
        """The givens with as few of the ``stuck`` cells given back as let the logic
        finish after using the technique; None when even all of them do not."""

        def with_first(count: int) -> list[int]:
            added = list(givens)
            for cell in stuck[:count]:
                added[cell] = self.solution[cell]
            return added

        if not self.works(self.run(with_first(len(stuck)))):
            return None
        low, high = 0, len(stuck)  # with_first(high) works; with_first(low) does not
        while high - low > 1:
            middle = (low + high) // 2
            if self.works(self.run(with_first(middle))):
                high = middle
            else:
                low = middle
        return with_first(high)


def _stuck_cells(run: Solution, rng: random.Random) -> list[int]:
    grid = run.grid
    assert grid is not None
    stuck = [cell for cell, value in enumerate(grid.values) if not value]
    rng.shuffle(stuck)
    return stuck


def _try(attempt: _Attempt, givens: list[int], rng: random.Random) -> list[int] | None:
    """The dug puzzle made to need the technique, or None.

    Where the logic gets stuck before the technique comes up, one stuck cell
    gets its value back and the logic runs again from the start: the hard
    parts the technique cannot help with go, one by one, and the technique
    gets its chance further on."""
    while True:
        run = attempt.run(givens)
        if _uses(run, attempt.technique):
            return givens if run.solved else attempt.eased(givens, _stuck_cells(run, rng))
        if run.solved:
            return None  # solved without it: the technique never came up
        cell = _stuck_cells(run, rng)[0]
        givens = list(givens)
        givens[cell] = attempt.solution[cell]


def practice_puzzle(
    shape: Shape,
    technique: TechniqueName,
    rng: random.Random | None = None,
    should_stop: StopCheck | None = None,
    progress: ProgressCallback | None = None,
    max_attempts: int = ATTEMPTS,
) -> Generated:
    """A puzzle with one solution whose logical solution uses ``technique`` and
    nothing the logic tries after it. Raises GenerationFailed when
    ``max_attempts`` grids give none, Cancelled when ``should_stop()`` says so."""
    if technique in NOT_PRACTISED:
        raise GenerationFailed(f"{technique.value} comes in every puzzle: there is nothing to practise.")
    rng = rng if rng is not None else random.Random()
    for number in range(1, max_attempts + 1):
        if should_stop is not None and should_stop():
            raise Cancelled()
        solution, dug = minimal_puzzle(shape, rng, should_stop=should_stop)
        attempt = _Attempt(shape, solution, technique, should_stop)
        givens = _try(attempt, dug, rng)
        if givens is not None:
            puzzle = Puzzle(shape, tuple(givens))
            level = solve_logically(puzzle, unique=True, should_stop=should_stop).level
            return Generated(puzzle, solution, level, number)
        if progress is not None:
            progress(number, 0)
    raise GenerationFailed(f"No {shape.name} puzzle needing {technique.value} turned up in {max_attempts} attempts.")
