"""Solving and counting the variants: answers that keep every rule of the
variant (tests/variant_rules.py, written apart from the engine) and that are
the classic's, the first solution in row-major order."""

from __future__ import annotations

import random

import pytest

from sudoku_tui.engine.batch.solving import solve_lines
from sudoku_tui.engine.board.geometry import Shape
from sudoku_tui.engine.board.puzzle import Puzzle, format_line
from sudoku_tui.engine.board.variants import BOX_REGIONS, jigsaw, sudoku_x, variant_template, windoku
from sudoku_tui.engine.making.grids import random_grid
from sudoku_tui.engine.making.killer_cages import grow_cages, killer_shape
from sudoku_tui.engine.search.pure import PureSearch
from sudoku_tui.engine.search.sat import SatPuzzle
from sudoku_tui.engine.search.solver import count_solutions, in_order_budget, solve
from tests.oracle import solutions
from tests.search_paths import compiled_search_available
from tests.variant_rules import GRID, domino_cages, keeps_rules, killer_fields

MOVED_REGIONS = "111122333" + "111222333" + "112222333" + BOX_REGIONS[27:]


def _every_solution(puzzle: Puzzle, variant: str) -> list[tuple[int, ...]]:
    """All solutions by the test oracle, kept only where the variant's own rules hold."""
    line = puzzle.to_line()
    found = solutions(puzzle.shape, puzzle.givens, limit=500)
    assert len(found) < 500, "too many to list: the test's puzzle needs more givens"
    return [s for s in found if keeps_rules(variant, line, s)]


def _dug(shape: Shape, grid: tuple[int, ...], keep: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    kept = set(rng.sample(range(81), keep))
    return Puzzle(shape, tuple(v if c in kept else 0 for c, v in enumerate(grid)))


@pytest.mark.parametrize("shape", [sudoku_x(), windoku(), jigsaw(MOVED_REGIONS)], ids=["x", "windoku", "jigsaw"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_houses_variants_first_solution_and_count(shape: Shape, seed: int) -> None:
    grid = random_grid(shape, random.Random(seed))
    assert keeps_rules(shape.variant, format_line(shape, grid), grid)
    puzzle = _dug(shape, grid, 30, seed)
    every = _every_solution(puzzle, shape.variant)
    assert count_solutions(puzzle, 500) == len(every)
    assert solve(puzzle) == min(every)


def test_the_empty_x_board_gives_its_first_grid() -> None:
    first = solve(Puzzle(sudoku_x(), (0,) * 81))
    assert first is not None and keeps_rules("x", "." * 81, first)
    assert first[:9] == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert first != tuple(int(ch) for ch in GRID)  # the classic's first grid breaks a diagonal


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_killer_with_big_cages_first_solution_and_count(seed: int) -> None:
    rng = random.Random(seed)
    grid = random_grid(variant_template("killer"), rng)
    shape = killer_shape(grid, grow_cages(grid, rng, sizes=(5, 6, 7)))
    puzzle = _dug(shape, grid, 36, seed)
    every = _every_solution(puzzle, "killer")
    assert count_solutions(puzzle, 500) == len(every)
    assert solve(puzzle) == min(every)
    # The SAT path (taken when the search wanders, and by the pure-Python
    # search, which knows houses only) knows the cages: here it starts from
    # the houses' propagation alone.
    search = PureSearch(shape)
    state = search.start(puzzle.givens)
    assert state is not None
    sat = SatPuzzle(shape, *search.fixed_and_candidates(state))
    count, first = sat.count(500)
    assert count == len(every) and first is not None and tuple(sat.first_in_order(first)) == min(every)
    sat.close()


def test_killer_sums_rule_out_what_the_houses_allow() -> None:
    line = "." * 81 + " " + killer_fields(GRID, domino_cages())
    shape = Puzzle.from_line(variant_template("killer"), line).shape
    puzzle = Puzzle(shape, tuple(int(ch) if c >= 18 else 0 for c, ch in enumerate(GRID)))
    every = _every_solution(puzzle, "killer")
    assert count_solutions(puzzle, 100) == len(every) == 1  # the classic rules alone allow many
    assert solve(puzzle) == tuple(int(ch) for ch in GRID)


def test_conflicting_killer_has_no_solution() -> None:
    line = "." * 81 + " " + killer_fields(GRID, domino_cages())
    shape = Puzzle.from_line(variant_template("killer"), line).shape
    first = solve(Puzzle(shape, (2,) + (0,) * 80))  # the first cage adds up to 3: 1 and 2
    assert first is not None and first[:2] == (2, 1)
    assert solve(Puzzle(shape, (4,) + (0,) * 80)) is None
    assert count_solutions(Puzzle(shape, (0, 3) + (0,) * 79)) == 0


def unique_empty_killer() -> tuple[Puzzle, tuple[int, ...]]:
    """A killer without givens that has a single solution, and that solution."""
    rng = random.Random(11)
    for _ in range(60):  # small cages: about one layout in five has a single solution
        grid = random_grid(variant_template("killer"), rng)
        puzzle = Puzzle(killer_shape(grid, grow_cages(grid, rng, sizes=(2, 3))), (0,) * 81)
        if count_solutions(puzzle) == 1:
            return puzzle, grid
    pytest.fail("no killer with a single solution in 60 layouts")


def test_killer_without_givens_solved_and_unique() -> None:
    puzzle, grid = unique_empty_killer()
    assert solve(puzzle) == grid
    assert keeps_rules("killer", puzzle.to_line(), grid)


def test_solve_lines_on_a_jigsaw_and_a_killer_file() -> None:
    jigsaw_lines = ["." * 81 + " " + MOVED_REGIONS, "." * 81 + " " + BOX_REGIONS]
    out = list(solve_lines(variant_template("jigsaw"), jigsaw_lines))
    assert out[1] == GRID + " " + BOX_REGIONS
    assert out[0].endswith(" " + MOVED_REGIONS)
    assert keeps_rules("jigsaw", jigsaw_lines[0], [int(ch) for ch in out[0][:81]])
    killer_line = GRID[:40] + "." * 41 + " " + killer_fields(GRID, domino_cages())
    assert list(solve_lines(variant_template("killer"), [killer_line])) == [GRID + killer_line[81:]]
    assert list(solve_lines(variant_template("killer"), [killer_line], count=True)) == ["1"]


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_compiled_search_learns_the_cages() -> None:
    """The compiled search prunes by the cages itself: a cage adding up to 3 keeps
    only 1 and 2 from the start, and an empty killer solves in order and proves
    unique within the search's budget, without the SAT solver."""
    from sudoku_tui.engine.search.compiled.kernel_search import KernelSearch

    line = "." * 81 + " " + killer_fields(GRID, domino_cages())
    shape = Puzzle.from_line(variant_template("killer"), line).shape
    search = KernelSearch(shape)
    state = search.start((0,) * 81)
    assert state is not None
    assert search.open_candidates(state, 0) == search.open_candidates(state, 1) == 0b11  # r1c1 + r1c2 = 3
    puzzle, grid = unique_empty_killer()
    search = KernelSearch(puzzle.shape)
    state = search.start(puzzle.givens)
    assert state is not None
    budget = in_order_budget(puzzle.shape)
    assert search.run(state, 2, False, None, None, budget) == (1, grid)  # -1 would be the budget run out
    assert search.run(state, 1, True, None, None, budget) == (1, grid)
