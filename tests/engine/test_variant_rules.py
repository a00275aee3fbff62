"""Checking and conflicts on the variants, and the classic (seed's) solver on them."""

from __future__ import annotations

from sudoku_tui.engine.board.conflicts import conflicting_cells
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.variants import sudoku_x, variant_template, windoku
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.singles import hidden_single
from sudoku_tui.engine.logic.techniques import TECHNIQUES
from sudoku_tui.engine.search.reference import solve_classic
from sudoku_tui.engine.search.solver import is_solved, solve
from tests.variant_rules import GRID, domino_cages, keeps_rules, killer_fields

KILLER_LINE = "." * 81 + " " + killer_fields(GRID, domino_cages())


def killer_puzzle(givens: str = "." * 81) -> Puzzle:
    return Puzzle.from_line(variant_template("killer"), givens + KILLER_LINE[81:])


def test_a_diagonal_and_a_window_hold_conflicts() -> None:
    values = [0] * 81
    values[0] = values[80] = 5  # r1c1 and r9c9: the main diagonal
    assert conflicting_cells(sudoku_x(), values) == {0, 80}
    assert conflicting_cells(windoku(), values) == set()
    values = [0] * 81
    values[10] = values[30] = 7  # r2c2 and r4c4: the first window
    assert conflicting_cells(windoku(), values) == {10, 30}


def test_a_cage_that_repeats_or_overshoots_is_a_conflict() -> None:
    shape = killer_puzzle().shape  # the first cage is r1c1-r1c2, total 3
    values = [0] * 81
    values[0] = 4
    assert conflicting_cells(shape, values) == {0}  # 4 alone already passes 3
    values[0], values[1] = 1, 1
    assert conflicting_cells(shape, values) == {0, 1}  # a repeat (and the row's too)
    values[0], values[1] = 1, 2
    assert conflicting_cells(shape, values) == set()
    values[0], values[1] = 2, 0
    assert conflicting_cells(shape, values) == set()  # 2 so far: the cage can still reach 3


def test_is_solved_keeps_the_cages() -> None:
    puzzle = killer_puzzle()
    grid = [int(ch) for ch in GRID]
    assert is_solved(puzzle, grid)
    # Swapping two rows' values keeps every house of the classic board but breaks cages.
    swapped = grid[9:18] + grid[:9] + grid[18:]
    assert not is_solved(puzzle, swapped) and not keeps_rules("killer", KILLER_LINE, swapped)


def test_classic_solver_agrees_on_variants() -> None:
    killer = killer_puzzle(GRID[:45] + "." * 36)
    assert solve_classic(killer).solution == solve(killer) == tuple(int(ch) for ch in GRID)
    x = Puzzle(sudoku_x(), (0,) * 81)
    found = solve_classic(x).solution
    assert found == solve(x) and found is not None and keeps_rules("x", "." * 81, found)


def test_hidden_single_in_a_window() -> None:
    shape = windoku()
    window = shape.extra_houses[0]
    cells = shape.house_cells[window]
    grid = CandidateGrid(shape, [0] * 81)
    for cell in cells[:-1]:
        grid.eliminate(cell, 5)  # 5 fits only in the window's last cell, r4c4
    step = next(hidden_single(grid))
    assert step.placements == ((cells[-1], 5),) and step.houses == (window,)
    assert "window 1" in step.explanation
    assert next(hidden_single(CandidateGrid(square(3), grid.values, grid.cands)), None) is None


def test_deadly_patterns_are_left_out_on_variants() -> None:
    skipped = {t.name for t in TECHNIQUES if t.classic_only}
    deadly_names = ("Uniqueness", "Hidden Rectangle", "Bivalue Universal Grave")
    deadly = {t.name for t in TECHNIQUES if t.name.value.startswith(deadly_names)}
    assert len(deadly) == 8 and deadly == skipped
