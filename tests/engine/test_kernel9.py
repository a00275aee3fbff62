"""The 9x9 counter (kernel9.py) counts as the general searches do.

Every count is checked against the pure-Python search (pure.py), which
keeps the board cell by cell and knows nothing of bands; the counter's own
give-up budget and the batch's per-call budget are checked to hand the
puzzle on without changing an answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from sudoku_tui.engine.batch.solving import solve_lines
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.pure import PureSearch
from sudoku_tui.engine.search.solver import count_solutions, solve
from tests.search_paths import compiled_search_available

pytestmark = pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")

NINE = square(3)


def pure_count(givens: Sequence[int], limit: int) -> int:
    search = PureSearch(NINE)
    state = search.start(givens)
    return 0 if state is None else search.run(state, limit, False, None)[0]


def counted(givens: Sequence[int], limit: int) -> int:
    from sudoku_tui.engine.search.compiled import kernel9

    stack, seen = kernel9.scratch()
    return int(kernel9.count(bytes_of(givens), limit, 1 << 40, stack, seen))


def bytes_of(givens: Sequence[int]) -> Any:
    import numpy as np

    return np.array(givens, dtype=np.uint8)


def sample(shared_file: Callable[..., Path], name: str, size: int) -> list[Puzzle]:
    lines = read_puzzle_file(shared_file("9x9", name)).lines
    return [Puzzle.from_line(NINE, line) for line in random.Random(9).sample(lines, min(size, len(lines)))]


@pytest.mark.parametrize(("name", "size"), [("top1465.txt", 60), ("serg-multi-solution.txt", 100)])
def test_shared_puzzles(shared_file: Callable[..., Path], name: str, size: int) -> None:
    for p in sample(shared_file, name, size):
        assert counted(p.givens, 2) == pure_count(p.givens, 2), p.givens


def test_thinned_and_broken_grids_at_several_limits() -> None:
    # Solutions of a few seeds, thinned to 17-40 givens (often several
    # solutions), some with one value changed (often none).
    rng = random.Random(16)
    grids = [solve(Puzzle(NINE, tuple([0] * 80 + [v]))) for v in range(1, 10)]
    for trial in range(300):
        grid = grids[trial % len(grids)]
        assert grid is not None
        givens = [0] * 81
        for cell in rng.sample(range(81), rng.randint(17, 40)):
            givens[cell] = grid[cell]
        if trial % 3 == 0:
            givens[rng.randrange(81)] = rng.randint(1, 9)
        limit = rng.choice((1, 2, 3, 7))
        assert counted(givens, limit) == pure_count(givens, limit), (givens, limit)


def test_conflicting_and_empty_boards() -> None:
    two_fives = [5, 5] + [0] * 79
    assert counted(two_fives, 2) == 0
    assert counted([0] * 81, 40) == 40


def test_giving_up_hands_the_count_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tui.engine.search.compiled import kernel9

    stack, seen = kernel9.scratch()
    assert kernel9.count(bytes_of([0] * 81), 2, 0, stack, seen) == -1  # an empty board needs a branch
    monkeypatch.setattr(kernel9, "GIVE_UP_NODES", 0)
    assert count_solutions(Puzzle(NINE, (0,) * 81), limit=5) == 5
    sparse = Puzzle.from_line(NINE, "...82.4..52..4..1.6.......7.4...9.2...25.....9.37....6..8.1.......2...3.........5")
    assert count_solutions(sparse) == pure_count(sparse.givens, 2)


def test_batch_budget_runs_out_between_rows(monkeypatch: pytest.MonkeyPatch, shared_file: Callable[..., Path]) -> None:
    puzzles = sample(shared_file, "top1465.txt", 40)
    lines = ["".join(str(v) if v else "." for v in p.givens) for p in puzzles]
    from sudoku_tui.engine.search.compiled import nine_batch

    # A few nodes a call: most rows run a call's budget out and go to count_solutions.
    monkeypatch.setattr(nine_batch, "NODES_PER_CALL", 8)
    want = [str(n) if n < 2 else "2+" for n in (pure_count(p.givens, 2) for p in puzzles)]
    assert list(solve_lines(NINE, lines, count=True)) == want


def test_a_limit_past_the_counters_64_bits() -> None:
    two = Puzzle.from_line(NINE, "..3456789456789123789123456..4365897365897214897214365531642978642978531978531642")
    assert count_solutions(two, 1 << 64) == pure_count(two.givens, 1 << 64) == 2


def candidates_after_start(givens: Sequence[int]) -> list[set[int]] | None:
    """Each cell's values (1-9) after the counter's propagation, from its
    band masks; None when it found a contradiction."""
    from sudoku_tui.engine.search.compiled import kernel9

    stack, _ = kernel9.scratch()
    state = stack[0]
    if not kernel9.start(bytes_of(givens), state):
        return None
    cells: list[set[int]] = []
    for cell in range(81):
        band, bit = divmod(cell, 27)
        cells.append({d + 1 for d in range(9) if int(state[3 * d + band]) >> bit & 1})
    return cells


def units() -> list[list[int]]:
    rows = [[9 * r + c for c in range(9)] for r in range(9)]
    columns = [[9 * r + c for r in range(9)] for c in range(9)]
    boxes = [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)]
    return rows + columns + boxes


@pytest.mark.parametrize(("name", "size"), [("top1465.txt", 40), ("17-clue.txt", 40)])
def test_propagation_leaves_no_single_and_keeps_the_solution(
    shared_file: Callable[..., Path], name: str, size: int
) -> None:
    # The fixed point of the rules: no cell with one value that is not
    # settled in every unit, no value with one place left in a unit that
    # has not got it, and the solution's value still in every cell.
    for p in sample(shared_file, name, size):
        cells = candidates_after_start(p.givens)
        grid = solve(p)
        assert cells is not None and grid is not None
        assert all(grid[c] in values for c, values in enumerate(cells)), p.givens
        settled = [len(values) == 1 for values in cells]
        for unit in units():
            for value in range(1, 10):
                places = [c for c in unit if value in cells[c]]
                if len(places) == 1:
                    # a hidden single: its cell holds nothing else, and no peer holds the value
                    assert cells[places[0]] == {value}, (p.givens, unit, value)
            for c in unit:
                if settled[c]:
                    assert all(not (cells[c] & cells[o]) for o in unit if o != c), (p.givens, unit, c)


def general_counts(lines: list[str], limit: int) -> list[int]:
    """Counts by the general compiled kernel (kernel.py: a mask per cell, no bands)."""
    from sudoku_tui.engine.search.compiled.kernel_batch import solve_chunk
    from sudoku_tui.engine.search.solver import in_order_budget

    counts, _ = solve_chunk(NINE, lines, True, limit, in_order_budget(NINE))
    return counts


def test_band_branches_on_the_hardest_puzzles(shared_file: Callable[..., Path]) -> None:
    # The hardest puzzles take the most branches on a value's ways through a
    # band; counted to 2, and a few with one given taken away to 5.
    puzzles = sample(shared_file, "forum-hardest-1106.txt", 30)
    lines = ["".join(str(v) if v else "." for v in p.givens) for p in puzzles]
    ours = [counted(p.givens, 2) for p in puzzles]
    assert ours == general_counts(lines, 2)
    rng = random.Random(5)
    thinned = []
    for p in puzzles[:10]:
        givens = list(p.givens)
        givens[rng.choice([c for c in range(81) if givens[c]])] = 0
        thinned.append(givens)
    want = general_counts(["".join(str(v) if v else "." for v in g) for g in thinned], 5)
    assert [counted(g, 5) for g in thinned] == want


def test_deep_searches_stay_within_the_stack() -> None:
    # Few givens and a high limit: the deepest searches, every level a cell
    # placed or a value's way through a band settled (the stack's bound).
    rng = random.Random(11)
    grid = solve(Puzzle(NINE, tuple([0] * 80 + [1])))
    assert grid is not None
    boards = []
    for _ in range(6):
        givens = [0] * 81
        for cell in rng.sample(range(81), rng.randint(8, 14)):
            givens[cell] = grid[cell]
        boards.append(givens)
    want = general_counts(["".join(str(v) if v else "." for v in g) for g in boards], 300)
    assert [counted(g, 300) for g in boards] == want
    assert counted([0] * 81, 3000) == 3000
