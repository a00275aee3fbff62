"""Puzzles to practise one technique: their logical solution (the steps a player
is shown) uses it.

Each attempt digs a random grid down to a minimal puzzle and runs the logic
with the techniques up to the one practised only (the runner tries them in
order, so on a puzzle they solve this is the full solution's path); most
attempts are dropped there, cheaply, because the technique never came up
(a third already by the search's singles, before the logic runs at all).
Where the logic gets stuck before the technique, a stuck cell gets its value
back and the logic goes on; where it gets stuck after it, stuck cells get
their values back where the technique came up, keeping only those that
leave it needed, so the puzzle asks for the technique and then for nothing
harder. The puzzle made is checked from its givens.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..board.geometry import Shape
from ..board.puzzle import Puzzle
from ..logic.grid import CandidateGrid
from ..logic.runner import next_step, solve_logically
from ..logic.step import TechniqueName
from ..logic.techniques import TECHNIQUE_OF, TECHNIQUES, Technique
from ..progress import Cancelled, ProgressCallback, StopCheck
from .generator import ATTEMPTS, Generated, GenerationFailed, minimal_puzzle
from .grids import singles_solve

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


@dataclass
class _Run:
    """Where the logic stopped, and the grid just before the technique's first step (None: never came)."""

    grid: CandidateGrid
    before: CandidateGrid | None

    @property
    def solved(self) -> bool:
        return self.grid.is_solved()


class _Attempt:
    """One dug puzzle, and the logic's runs on it and on it with givens added back."""

    def __init__(self, shape: Shape, solution: Sequence[int], technique: TechniqueName, stop: StopCheck | None):
        self.shape, self.solution, self.technique = shape, solution, technique
        self.techniques = _up_to(technique)
        self.should_stop = stop

    def run(self, givens: Sequence[int]) -> _Run:
        """The logic from the givens."""
        return self.go_on(CandidateGrid.from_puzzle(Puzzle(self.shape, tuple(givens))))

    def go_on(self, grid: CandidateGrid) -> _Run:
        """The logic from where ``grid`` stands (changed in place), to the end or to where it is stuck."""
        grid.should_stop = self.should_stop
        before = None
        while not grid.is_solved():
            grid.check_stop()
            step = next_step(grid, True, self.techniques)
            if step is None:
                break
            if before is None and step.technique is self.technique:
                before = grid.copy()
            grid.apply(step.placements, step.eliminations)
        return _Run(grid, before)

    def works(self, givens: Sequence[int]) -> bool:
        run = self.run(givens)
        return run.solved and run.before is not None

    def rescued(self, givens: list[int], run: _Run, rng: random.Random) -> list[int] | None:
        """Givens for a run that used the technique and then got stuck: stuck cells
        get their values back, one by one, where each keeps the technique needed.

        A value given back is tried where the technique came up (the logic before
        it reaches the same grid from the givens whatever their order, so this is
        what a run from the start would do): one the logic before the technique
        then gets on with makes the technique unneeded, and is passed over."""
        before = run.before
        assert before is not None
        added = list(givens)
        for cell in _stuck_cells(run.grid, rng):
            if before.values[cell]:
                continue
            trial = before.copy()
            trial.place(cell, self.solution[cell])
            again = self.go_on(trial)
            if again.before is None:
                continue
            added[cell] = self.solution[cell]
            if again.solved:
                return added if self.works(added) else None
            before = again.before
        return None


def _stuck_cells(grid: CandidateGrid, rng: random.Random) -> list[int]:
    stuck = [cell for cell, value in enumerate(grid.values) if not value]
    rng.shuffle(stuck)
    return stuck


def _try(attempt: _Attempt, givens: list[int], rng: random.Random) -> list[int] | None:
    """The dug puzzle made to need the technique, or None.

    Where the logic gets stuck before the technique comes up, one stuck cell
    gets its value back and the logic goes on from there: the hard parts the
    technique cannot help with go, one by one, and the technique gets its
    chance further on. (Going on gives what a run from the start with the
    value as a given would, for less: see :meth:`_Attempt.rescued`; the
    puzzle made is checked from the start all the same.)"""
    if singles_solve(attempt.shape, givens):
        return None  # a third of dug puzzles, told for far less than the logic's run costs
    run = attempt.run(givens)
    givens = list(givens)
    while run.before is None:
        if run.solved:
            return None  # solved without it: the technique never came up
        cell = _stuck_cells(run.grid, rng)[0]
        givens[cell] = attempt.solution[cell]
        if singles_solve(attempt.shape, givens):
            return None
        run.grid.place(cell, givens[cell])
        run = attempt.go_on(run.grid)
    if run.solved:
        return givens if attempt.works(givens) else None
    return attempt.rescued(givens, run, rng)


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
