"""Puzzles with exactly one solution, at a chosen level, for every shape.

How a puzzle is made (removing values blindly from a full grid would leave
several solutions, so every removal is checked):

1. a random complete grid (:mod:`grids`) is the solution;
2. *digging*: the cells are split into symmetry groups (a cell and its
   mirror images) and visited in random order; a group's values are removed
   when the puzzle keeps exactly one solution, and put back otherwise. One
   pass gives a minimal puzzle: a value that had to stay once has to stay
   later too, since removing more values only adds solutions;
3. *grading*: the grader of the logic engine says the level. Easy puzzles are
   dug with a cheaper test (singles alone must still solve the puzzle, which
   also proves one solution). The grading first runs only the techniques up
   to the target level (cheap, and enough to say "too hard"); the full grade
   confirms. A puzzle harder than asked gets values back: from hard up,
   wherever the logic with the techniques up to the target gets stuck, one
   removed group at a time, the same run going on (one run of the logic, not
   one per guess); below hard, the fewest removed groups that bring its level
   down (a binary search over gradings). One that ends up easier is thrown
   away and a new grid tried.

So the level comes from the techniques a player needs, never from the
number of givens. Every puzzle comes from its own ``random.Random``, seeded
from the caller's seed and the puzzle's index, so a seed gives the same
puzzles however many processes share the work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..board.geometry import Shape
from ..board.levels import Level, Symmetry
from ..board.puzzle import Puzzle
from ..logic.grid import CandidateGrid
from ..logic.runner import Solution, iter_steps, score_ceiling, solve_logically
from ..logic.step import Step
from ..logic.techniques import TECHNIQUES, Technique, score_of
from ..progress import Cancelled, ProgressCallback, StopCheck
from ..search.sat import UniqueAgainst
from ..search.solver import count_solutions
from .grids import random_grid, singles_solve
from .variant_boards import board_and_grid

# A grader names the level of a puzzle with one solution.
Grader = Callable[[Puzzle], Level]

# Grids tried before giving up on a level.
ATTEMPTS = 5000

# The hardest level a board can be made at: a 4x4 needs nothing but singles.
HARDEST = {"4x4": Level.EASY}


def reachable_levels(shape: Shape) -> tuple[Level, ...]:
    """The levels puzzles of this board can be made at, easiest first."""
    hardest = HARDEST.get(shape.name, Level.EXTREME)
    return tuple(level for level in Level if level <= hardest)


class GenerationFailed(Exception):
    """No puzzle of the asked level turned up within the attempts allowed."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its solution, its level (None when not graded)."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    level: Level | None
    attempts: int  # complete grids tried to get it


# Where a symmetry sends (row, col) on a drawn board whose last row and column are given.
_IMAGES: dict[Symmetry, Callable[[int, int, int, int], tuple[int, int]]] = {
    Symmetry.ROTATIONAL: lambda row, col, last_row, last_col: (last_row - row, last_col - col),
    Symmetry.MIRROR: lambda row, col, last_row, last_col: (row, last_col - col),
    Symmetry.DIAGONAL: lambda row, col, last_row, last_col: (col, row),
}


def symmetry_groups(shape: Shape, symmetry: Symmetry | str) -> tuple[tuple[int, ...], ...]:
    """The cells split into groups that are dug together so the givens keep
    the symmetry: 180-degree rotation, a left-right mirror, or the main
    diagonal of the drawn board (every shape here is square and maps onto
    itself under each of them, the Samurai drawing included)."""
    symmetry = Symmetry.parse(symmetry)
    if symmetry is Symmetry.NONE:
        return tuple((cell,) for cell in range(shape.size))
    image = _IMAGES[symmetry]
    last_row, last_col = shape.rows - 1, shape.cols - 1
    groups: dict[int, tuple[int, ...]] = {}
    for cell, (row, col) in enumerate(shape.positions):
        other = shape.cell_at[image(row, col, last_row, last_col)]
        groups.setdefault(min(cell, other), tuple(sorted({cell, other})))
    return tuple(groups.values())


def default_grader(should_stop: StopCheck | None = None) -> Grader:
    """The logic engine's grade; ``should_stop`` cuts a long grading short
    (its answer is then meaningless: check after)."""

    def grade(puzzle: Puzzle) -> Level:
        solution = solve_logically(puzzle, unique=True, should_stop=should_stop)
        # Logic that runs out leaves guessing: the top level, as HoDoKu rates it.
        return solution.level if solution.solved else Level.EXTREME

    return grade


def techniques_up_to(cap: Level) -> list[Technique]:
    """The table up to its last technique of level ``cap`` or below: it may hold a
    harder one that HoDoKu tries earlier (Finned Swordfish before Simple
    Colors), which the full grade would take too, so a run with these takes
    the full grade's very steps for as long as it goes."""

    last = max(i for i, t in enumerate(TECHNIQUES) if t.level <= cap)
    return TECHNIQUES[: last + 1]


def capped_grader(cap: Level, should_stop: StopCheck | None = None) -> Grader:
    """The logic engine's grade with only the techniques of level ``cap`` or
    below: the same answer as the full grade for a puzzle of level ``cap`` or
    below (the same techniques are tried in the same order), and ``cap + 1`` as
    soon as they run out, without the long search through chains and forcing
    chains that settles how much harder a puzzle is. The generator only needs
    to know "too hard", so it grades with this first and confirms with the
    full grade."""

    allowed = techniques_up_to(cap)

    def grade(puzzle: Puzzle) -> Level:
        solution = solve_logically(puzzle, unique=True, should_stop=should_stop, techniques=allowed)
        return solution.level if solution.solved else Level(cap + 1)

    return grade


def _checked(grader: Grader, check: Callable[[], None]) -> Grader:
    """A grader whose answer is only used when no stop was asked for meanwhile."""

    def grade(puzzle: Puzzle) -> Level:
        level = Level(grader(puzzle))
        check()
        return level

    return grade


def _stop_check(should_stop: StopCheck | None) -> Callable[[], None]:
    def check() -> None:
        if should_stop is not None and should_stop():
            raise Cancelled()

    return check


def _dig(
    solution: tuple[int, ...],
    groups: Sequence[tuple[int, ...]],
    rng: random.Random,
    keeps: Callable[[list[int]], bool],
    check: Callable[[], None],
) -> tuple[list[int], list[tuple[int, ...]]]:
    """Remove groups in random order while ``keeps`` accepts the puzzle;
    returns the givens and the groups removed, in removal order."""
    givens = list(solution)
    order = list(groups)
    rng.shuffle(order)
    removed: list[tuple[int, ...]] = []
    for group in order:
        check()
        for cell in group:
            givens[cell] = 0
        if keeps(givens):
            removed.append(group)
        else:
            for cell in group:
                givens[cell] = solution[cell]
    return givens, removed


def _ease(
    shape: Shape,
    solution: tuple[int, ...],
    givens: list[int],
    removed: list[tuple[int, ...]],
    target: Level,
    grader: Grader,
    rng: random.Random,
    check: Callable[[], None],
) -> tuple[list[int], Level]:
    """Give back the fewest removed groups (taken in a random order) that
    bring the level down to at most ``target``.

    More givens almost never make a puzzle harder, so a binary search over
    how many groups come back needs a handful of gradings, not one per group
    (grading is the slow part: it runs the logic engine in plain Python).
    """
    back = list(removed)
    rng.shuffle(back)

    def with_back(k: int) -> list[int]:
        values = list(givens)
        for group in back[:k]:
            for cell in group:
                values[cell] = solution[cell]
        return values

    low, high = 0, len(back)  # level(low) > target; high: all back, the full grid (easy)
    best: tuple[list[int], Level] | None = None
    while high - low > 1:
        check()
        middle = (low + high) // 2
        values = with_back(middle)
        level = grader(Puzzle(shape, tuple(values)))
        if level <= target:
            high, best = middle, (values, level)
        else:
            low = middle
    if best is None:
        values = with_back(high)
        best = (values, grader(Puzzle(shape, tuple(values))))
    return best


@dataclass(frozen=True)
class _Grading:
    """How a level is reached: ``first`` rejects (cheap when it can be),
    ``confirm`` (when set) has the last word on a puzzle ``first`` accepted."""

    target: Level
    first: Grader
    confirm: Grader | None
    # Set when ``first`` is the logic with the techniques up to this level:
    # a puzzle too hard for them is eased where that logic gets stuck.
    cap: Level | None = None
    should_stop: StopCheck | None = None


def _grading(
    target: Level | None, grader: Grader | None, should_stop: StopCheck | None, check: Callable[[], None]
) -> _Grading | None:
    """None when the puzzle is not graded (no level asked, or no grader)."""
    if target is None:
        return None
    if grader is not None:
        return _Grading(target, _checked(grader, check), None)
    if target >= Level.HARD:
        # Every technique of level hard or unfair comes before every harder one in
        # the table, and the capped grade tries the table's techniques up to the
        # last one of its level, so it takes the full grade's very steps: it is
        # the full grade whenever it reaches the cap, and "harder" exactly when
        # the full grade would go on to harder techniques. An extreme puzzle is
        # one that unfair techniques cannot finish (or that scores too high):
        # no forcing chain needs to be searched to know it.
        cap = min(target, Level.UNFAIR)
        # Extreme is where the capped logic gets stuck: nothing to ease then.
        ease_cap = cap if target <= cap else None
        return _Grading(target, _checked(capped_grader(cap, should_stop), check), None, ease_cap, should_stop)
    # Below hard the full grade still has the last word (a cheap check on an
    # easy or medium puzzle).
    full = _checked(default_grader(should_stop), check)
    return _Grading(target, _checked(capped_grader(target, should_stop), check), full)


def _dig_unique(
    shape: Shape,
    solution: tuple[int, ...],
    groups: Sequence[tuple[int, ...]],
    rng: random.Random,
    easy: bool,
    should_stop: StopCheck | None,
    check: Callable[[], None],
) -> tuple[list[int], list[tuple[int, ...]]]:
    """Dig ``solution`` down to a minimal puzzle with one solution."""
    if easy:
        # Singles alone must solve it: cheaper than counting, and proves one solution.
        return _dig(solution, groups, rng, lambda givens: singles_solve(shape, givens), check)
    if shape.size > 81:
        # One formula for the whole dig, asked with the givens as assumptions:
        # the same answers as count_solutions, several times faster on 16x16
        # and on Samurai (where a few counts of the search took seconds).
        oracle = UniqueAgainst(shape, solution, should_stop)
        try:
            return _dig(solution, groups, rng, oracle.unique, check)
        finally:
            oracle.close()

    def unique(givens: list[int]) -> bool:
        return count_solutions(Puzzle(shape, tuple(givens)), 2, should_stop) == 1

    return _dig(solution, groups, rng, unique, check)


def minimal_puzzle(
    shape: Shape,
    rng: random.Random,
    symmetry: Symmetry | str = Symmetry.NONE,
    should_stop: StopCheck | None = None,
) -> tuple[tuple[int, ...], list[int]]:
    """A random complete grid and a minimal puzzle with it as its one solution, not graded."""
    check = _stop_check(should_stop)
    solution = random_grid(shape, rng)
    givens, _ = _dig_unique(shape, solution, symmetry_groups(shape, symmetry), rng, False, should_stop, check)
    return solution, givens


def _graded(
    shape: Shape,
    solution: tuple[int, ...],
    givens: list[int],
    removed: list[tuple[int, ...]],
    grading: _Grading,
    rng: random.Random,
    check: Callable[[], None],
) -> tuple[list[int], Level]:
    """The dug puzzle brought down to the target level when it is harder, and its level."""
    if grading.cap is not None:
        # Each round grades the puzzle from its givens; a puzzle the eased run
        # finished may still get stuck from the start (the path differs), and
        # is eased again until it does not.
        dug = givens
        level = None
        while level is None:
            givens, level = _ease_where_stuck(
                shape, solution, givens, removed, grading.cap, rng, grading.should_stop, check
            )
        if level < grading.target:
            givens, level = _harden(shape, dug, givens, level, removed, grading.target, rng, grading.should_stop, check)
        return givens, level
    got = grading.first(Puzzle(shape, tuple(givens)))
    if got > grading.target:
        givens, got = _ease(shape, solution, givens, removed, grading.target, grading.first, rng, check)
    if got == grading.target and grading.confirm is not None:
        got = grading.confirm(Puzzle(shape, tuple(givens)))
    return givens, got


@dataclass
class _CappedRun:
    """The logic with the techniques up to ``cap`` run on a grid until it is
    solved, stuck, or its score passes the ceiling of ``cap``: past it the
    puzzle grades one level too hard however the run ends (a score only
    grows), so the rest of the run is not worth its time."""

    grid: CandidateGrid
    cap: Level
    steps: list[Step]
    score: int = 0

    @classmethod
    def run(cls, shape: Shape, givens: Sequence[int], cap: Level, should_stop: StopCheck | None) -> _CappedRun:

        done = cls(CandidateGrid.from_puzzle(Puzzle(shape, tuple(givens))), cap, [])
        ceiling = score_ceiling(cap, shape.size)
        for step in iter_steps(done.grid, True, should_stop, techniques_up_to(cap)):
            done.steps.append(step)
            done.score += score_of(step)[1]
            if done.score > ceiling:
                break
        return done

    @property
    def past_ceiling(self) -> bool:

        return self.score > score_ceiling(self.cap, self.grid.shape.size)

    @property
    def level(self) -> Level | None:
        """The puzzle's level (the full grade's), None when it is past the cap."""

        if not self.grid.is_solved() or self.past_ceiling:
            return None
        return Solution(self.steps, True, self.grid).level


def _ease_where_stuck(
    shape: Shape,
    solution: tuple[int, ...],
    givens: list[int],
    removed: list[tuple[int, ...]],
    cap: Level,
    rng: random.Random,
    should_stop: StopCheck | None,
    check: Callable[[], None],
) -> tuple[list[int], Level | None]:
    """The givens with removed groups given back, one at a time, wherever the
    logic (with the techniques up to ``cap``) gets stuck or its score passes
    the ceiling of ``cap``, the same run going on after each; with the level
    when neither happened (the dug puzzle's grade), None when groups came back
    (the new puzzle is to be graded).

    One run of the logic instead of a grading per guess of how many groups to
    give back: where the run got stuck, every technique up to the cap was
    already tried, so only the given-back value is new. Where the score passed
    the ceiling (what most often made a big board's puzzle too hard: many
    steps, each allowed), a cell the costly step worked on is given back."""

    allowed = techniques_up_to(cap)
    group_of = {cell: group for group in removed for cell in group}
    capped = _CappedRun.run(shape, givens, cap, should_stop)
    check()
    level = capped.level
    if level is not None:
        return givens, level
    grid = capped.grid
    values = list(givens)

    def give_back(choices: list[int]) -> None:
        for cell in group_of[rng.choice(choices)]:
            values[cell] = solution[cell]
            if not grid.values[cell]:
                grid.place(cell, solution[cell])
        for _ in iter_steps(grid, True, should_stop, allowed):
            pass
        check()

    if capped.past_ceiling:
        give_back(_worked_on(capped, givens) or sorted(group_of))
    while not grid.is_solved():
        give_back([cell for cell, value in enumerate(grid.values) if not value])
    return values, None


def _worked_on(capped: _CappedRun, givens: Sequence[int]) -> list[int]:
    """The cells, not givens, that the step which took a run past its ceiling
    worked on; those still open first."""
    last = capped.steps[-1]
    cells = set(last.cells) | {cell for cell, _ in last.eliminations + last.placements}
    dug = sorted(cell for cell in cells if not givens[cell])
    return [cell for cell in dug if not capped.grid.values[cell]] or dug


def _harden(
    shape: Shape,
    dug: list[int],
    givens: list[int],
    level: Level,
    removed: list[tuple[int, ...]],
    target: Level,
    rng: random.Random,
    should_stop: StopCheck | None,
    check: Callable[[], None],
) -> tuple[list[int], Level]:
    """A puzzle eased below ``target`` with given-back groups taken away
    again, one at a time in a random order, each kept away while the puzzle
    stays at most ``target``, until it reaches it. The dug puzzle has one
    solution, so every puzzle between it and ``givens`` has too; a puzzle
    that easy grades in a moment."""
    back = [group for group in removed if givens[group[0]] and not dug[group[0]]]
    rng.shuffle(back)
    values = list(givens)
    for group in back:
        for cell in group:
            values[cell] = 0
        got = _CappedRun.run(shape, values, target, should_stop).level
        check()
        if got is None:
            for cell in group:
                values[cell] = givens[cell]
            continue
        level = got
        if level == target:
            break
    return values, level


def generate(
    shape: Shape,
    level: Level | str | None = Level.EASY,
    symmetry: Symmetry | str = Symmetry.NONE,
    rng: random.Random | None = None,
    grader: Grader | None = None,
    should_stop: StopCheck | None = None,
    progress: ProgressCallback | None = None,
    max_attempts: int | None = None,
) -> Generated:
    """One puzzle with exactly one solution at ``level`` (None: any level, not graded).

    ``level`` and ``symmetry`` may also be given as the words the command
    line uses (``"hard"``). Raises :class:`GenerationFailed` when
    ``max_attempts`` grids give no puzzle of that level, :class:`Cancelled`
    when ``should_stop()`` says so; ``progress(attempts, 0)`` is called after
    each grid that did not do.
    """
    rng = rng if rng is not None else random.Random()
    target = Level.parse(level) if isinstance(level, str) else level
    if target is not None and target not in reachable_levels(shape):
        hardest = reachable_levels(shape)[-1]
        raise GenerationFailed(f"A {shape.name} puzzle is never harder than {hardest.key}.")
    check = _stop_check(should_stop)
    grading = _grading(target, grader, should_stop, check)
    groups = symmetry_groups(shape, symmetry)
    attempts = max_attempts or ATTEMPTS
    for attempt in range(1, attempts + 1):
        check()
        board, solution = board_and_grid(shape, rng)  # a jigsaw or killer draws its board anew
        givens, removed = _dig_unique(board, solution, groups, rng, target == Level.EASY, should_stop, check)
        if grading is None:
            return Generated(Puzzle(board, tuple(givens)), solution, None, attempt)
        givens, got = _graded(board, solution, givens, removed, grading, rng, check)
        if got == grading.target:
            return Generated(Puzzle(board, tuple(givens)), solution, got, attempt)
        if progress is not None:
            progress(attempt, 0)
    asked = target.key if target is not None else "any"
    raise GenerationFailed(f"No {shape.name} puzzle of level {asked} turned up in {attempts} attempts.")
