"""Long logic steps stop when asked, and logic in two threads gives the
answers it gives alone (the game runs a hint and a New-puzzle grading at once)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.runner import Solution, next_step, solve_logically
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.logic.techniques import TECHNIQUES, Technique
from sudoku_tui.engine.progress import Cancelled
from tests.at_once import run_at_once

PUZZLES = Path(__file__).resolve().parents[3] / "puzzles"
POLLS_BEFORE_STOP = 3
# A finder that never polls must be done by then; one that polls must stop this soon after asked.
PROMPT = 1.0


def sparse(name: str, rows: int) -> CandidateGrid:
    """The first puzzle of a bundled file with only its top ``rows`` drawn rows of givens."""
    puzzle = read_puzzle_file(PUZZLES / name).puzzle(0)
    shape = puzzle.shape
    return CandidateGrid(shape, [v if shape.positions[c][0] < rows else 0 for c, v in enumerate(puzzle.givens)])


def after_singles(name: str) -> CandidateGrid:
    """The first puzzle of a bundled file where singles run out: a typical hint."""
    grid = CandidateGrid.from_puzzle(read_puzzle_file(PUZZLES / name).puzzle(0))
    while (step := next_step(grid, True, TECHNIQUES[:3])) is not None:
        grid.apply(step.placements, step.eliminations)
    return grid


BOARDS: dict[str, Callable[[], CandidateGrid]] = {
    "almost-empty 16x16": lambda: sparse("16x16-easy.txt", 3),
    "almost-empty Samurai": lambda: sparse("samurai-easy.txt", 3),
    "16x16 after singles": lambda: after_singles("16x16-medium.txt"),
}


class StopAfter:
    """A stop check that says stop at poll number ``polls + 1``, and notes when."""

    def __init__(self, polls: int) -> None:
        self.polls = polls
        self.asked = 0
        self.stopped_at: float | None = None

    def __call__(self) -> bool:
        self.asked += 1
        if self.asked > self.polls:
            self.stopped_at = self.stopped_at or time.perf_counter()
            return True
        return False


def drain(steps: Iterator[object]) -> None:
    for _ in steps:
        pass


@pytest.mark.parametrize("board", BOARDS)
def test_every_finder_is_quick_or_stops_at_the_first_stop(board: str) -> None:
    grid = BOARDS[board]()
    stopped: set[TechniqueName] = set()
    for tech in TECHNIQUES:
        world = grid.copy()
        stop = StopAfter(POLLS_BEFORE_STOP)
        world.should_stop = stop
        start = time.perf_counter()
        try:
            drain(tech.finder(world))
        except Cancelled:
            assert stop.stopped_at is not None, tech.name
            assert stop.asked == POLLS_BEFORE_STOP + 1, f"{tech.name} went on polling after the stop"
            assert time.perf_counter() - stop.stopped_at < PROMPT, f"{tech.name} stopped late"
            stopped.add(tech.name)
        else:
            # Done without being stopped: few polls, and quick.
            assert stop.asked <= POLLS_BEFORE_STOP, tech.name
            assert time.perf_counter() - start < PROMPT, f"{tech.name} ran long without polling"
    # The searches that are long on a big board are among those that stopped.
    long_ones = {TechniqueName.AIC, TechniqueName.ALS_XZ, TechniqueName.FORCING_NET_CONTRADICTION}
    assert long_ones <= stopped


def test_nested_forcing_net_stops_inside_its_refutation() -> None:
    # Each assumption of a nested net runs a whole forcing chain search inside
    # it: on an almost-empty 16x16 that alone takes seconds, so the stop must
    # reach into it, not wait for the next assumption.
    grid = BOARDS["almost-empty 16x16"]()
    nested = next(t for t in TECHNIQUES if t.name is TechniqueName.NESTED_FORCING_NET)
    stop = StopAfter(50)  # past the first assumption, inside its refutation
    grid.should_stop = stop
    with pytest.raises(Cancelled):
        drain(nested.finder(grid))
    assert stop.stopped_at is not None and time.perf_counter() - stop.stopped_at < PROMPT


def _steps_alone(puzzle: Puzzle) -> Solution:
    return solve_logically(puzzle, unique=True)


def test_two_threads_of_logic_give_the_steps_each_gives_alone() -> None:
    # Puzzles whose solutions use searches shared by several techniques
    # (finned fish, unique rectangles, two-link patterns, chains and nice loops).
    puzzles = [
        read_puzzle_file(PUZZLES / name).puzzle(index)
        for name, index in (("9x9-unfair.txt", 2), ("9x9-extreme.txt", 3))
    ]
    alone = [_steps_alone(p).steps for p in puzzles]
    used = {s.technique for steps in alone for s in steps}
    shared = {
        TechniqueName.FINNED_X_WING,
        TechniqueName.FINNED_SWORDFISH,
        TechniqueName.UNIQUENESS_3,
        TechniqueName.SKYSCRAPER,
        TechniqueName.DISCONTINUOUS_NICE_LOOP,
    }
    assert shared <= used
    together: list[list[object]] = [[], []]

    def run(index: int) -> None:
        for _ in range(3):
            together[index].append(_steps_alone(puzzles[index]).steps)

    assert run_at_once(lambda: run(0), lambda: run(1)) == []
    for index in range(2):
        assert together[index] == [alone[index]] * 3


def test_a_technique_subset_is_a_parameter() -> None:
    only_singles: list[Technique] = TECHNIQUES[:3]
    puzzle = read_puzzle_file(PUZZLES / "9x9-hard.txt").puzzle(0)
    result = solve_logically(puzzle, unique=True, techniques=only_singles)
    assert not result.solved
    assert {s.technique for s in result.steps} <= {t.name for t in only_singles}
