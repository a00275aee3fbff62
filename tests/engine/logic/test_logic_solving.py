"""Solving whole puzzles by logic: soundness against the solution, grades,
other board shapes, and the Step record's text."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.runner import Solution, next_step, solve_logically
from sudoku_tui.engine.logic.step import Step, TechniqueName
from sudoku_tui.engine.logic.techniques import TECHNIQUES
from sudoku_tui.engine.progress import Cancelled
from tests.oracle import solutions
from tests.shared_data import SHARED_DATA

TECHNIQUE_LEVEL = {t.name: t.level for t in TECHNIQUES}

ROOT = Path(__file__).resolve().parents[3]
DATA = SHARED_DATA


def _lines(path: Path, count: int) -> list[str]:
    if not path.exists():
        pytest.skip(f"{path} is absent")
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as handle:  # type: ignore[operator]
        lines = [ln.split()[0] for ln in handle if ln.strip() and not ln.startswith("#")]
    step = max(1, len(lines) // count)
    return lines[::step][:count]


def _check_sound(puzzle: Puzzle) -> Solution:
    found = solutions(puzzle.shape, puzzle.givens, 2)
    assert len(found) == 1
    solution = found[0]
    result = solve_logically(puzzle, unique=True)
    for step in result.steps:
        for cell, value in step.placements:
            assert solution[cell] == value, step
        for cell, value in step.eliminations:
            assert solution[cell] != value, step
    if result.solved:
        assert result.grid is not None and tuple(result.grid.values) == solution
    return result


@pytest.mark.parametrize("name", ["top1465.txt", "qqwing-expert.txt"])
def test_sample_is_sound_and_solved(name: str) -> None:
    shape = square(3)
    for line in _lines(DATA / "9x9" / name, 5):
        result = _check_sound(Puzzle.from_line(shape, line.replace("0", ".")))
        assert result.solved


def test_simple_puzzle_grades_easy() -> None:
    line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    result = solve_logically(Puzzle.from_line(square(3), line))
    assert result.solved
    assert result.level is Level.EASY
    assert {s.technique for s in result.steps} <= {"Full House", "Naked Single", "Hidden Single"}
    assert result.score == sum(4 if s.technique != "Hidden Single" else 14 for s in result.steps)


def test_level_rises_with_score() -> None:
    single = Step(TechniqueName.NAKED_SINGLE, placements=((0, 1),))
    assert Solution([single] * 200).level is Level.EASY  # 800 exactly stays Easy
    assert Solution([single] * 201).level is Level.MEDIUM
    pair = Step(TechniqueName.NAKED_PAIR)
    assert Solution([pair]).level is Level.MEDIUM
    assert Solution([pair] * 17).level is Level.HARD  # 1020 passes Medium's 1000


def test_ceilings_grow_with_the_board() -> None:
    single = Step(TechniqueName.NAKED_SINGLE, placements=((0, 1),))
    # On 256 cells Easy's ceiling is 800 * 256 / 81 = 2,528.4 points: 632 singles
    # (2,528) stay Easy, 633 (2,532) are Medium; on 81 cells both are Extreme.
    assert Solution([single] * 632, board_cells=256).level is Level.EASY
    assert Solution([single] * 633, board_cells=256).level is Level.MEDIUM
    assert Solution([single] * 632).level is Level.EXTREME
    # A grid kept with the solution gives the board's size.
    grid = CandidateGrid(square(4), [0] * 256)
    assert Solution([single] * 632, grid=grid).level is Level.EASY


@pytest.mark.parametrize("name", ["samurai-easy.txt", "16x16-easy.txt"])
def test_big_easy_boards_grade_easy_on_singles(name: str) -> None:
    puzzle = read_puzzle_file(ROOT / "puzzles" / name).puzzle(0)
    result = solve_logically(puzzle, unique=True)
    assert result.solved and result.cells == puzzle.shape.size
    assert all(TECHNIQUE_LEVEL[s.technique] is Level.EASY for s in result.steps)
    # More points than an 81-cell Easy allows, yet Easy: the ceiling grows with the board.
    assert result.score > 800
    assert result.level is Level.EASY
    assert Solution(result.steps, True).level > Level.EASY


def test_four_by_four_file() -> None:
    puzzles = read_puzzle_file(ROOT / "puzzles" / "sudoku-4x4.txt")
    for puzzle in puzzles:
        assert _check_sound(puzzle).solved


def test_sixteen_by_sixteen() -> None:
    path = DATA / "16x16" / "tarek-first20.txt"
    if not path.exists():
        pytest.skip("16x16 data absent")
    puzzle = read_puzzle_file(path).puzzle(0)
    grid = CandidateGrid.from_puzzle(puzzle)
    found = solutions(puzzle.shape, puzzle.givens, 2)
    # Only the first steps: a full 16x16 run is a benchmark, not a unit test.
    for _ in range(40):
        step = next_step(grid, unique=len(found) == 1)
        if step is None:
            break
        for cell, value in step.eliminations:
            assert not found or found[0][cell] != value
        for cell, value in step.placements:
            assert not found or found[0][cell] == value
        grid.apply(step.placements, step.eliminations)


def test_samurai() -> None:
    path = DATA / "samurai" / "easy1.txt"
    if not path.exists():
        pytest.skip("samurai data absent")
    assert _check_sound(read_puzzle_file(path).puzzle(0)).solved


def test_step_text() -> None:
    shape = square(3)
    step = Step(TechniqueName.X_WING, placements=((20, 7),), eliminations=((0, 5), (80, 9)), explanation="because")
    assert step.effects(shape) == "r3c3=7, r1c1<>5, r9c9<>9"
    assert step.describe(shape) == "X-Wing: because => r3c3=7, r1c1<>5, r9c9<>9"


def test_table_is_consistent() -> None:
    names = [t.name for t in TECHNIQUES]
    assert len(names) == len(set(names))
    singles = [t for t in TECHNIQUES if t.name in ("Full House", "Naked Single", "Hidden Single")]
    assert [t.score for t in singles] == [4, 4, 14]
    assert TECHNIQUES.index(singles[0]) == 0


def test_stuck_without_uniqueness_on_multi_solution_puzzle() -> None:
    # Two solutions: the uniqueness techniques must not run, and logic may stop.
    line = "." * 81
    result = solve_logically(Puzzle.from_line(square(3), line))
    assert not result.solved
    assert result.steps == []


def test_a_long_search_stops_when_asked() -> None:
    # An empty board: nothing short of forcing chains and nets is even tried for
    # long, and those poll the grid's stop check between assumptions.
    grid = CandidateGrid(square(3), [0] * 81)
    forcing = [t for t in TECHNIQUES if t.name.startswith("Forcing")]
    assert forcing
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    grid.should_stop = stop
    with pytest.raises(Cancelled):
        next_step(grid, False, forcing)
    assert len(asked) == 4  # stopped at the first check that said so
    grid.should_stop = None
    assert next_step(grid, False, [t for t in TECHNIQUES if t.name == "Naked Single"]) is None
