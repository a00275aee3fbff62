"""solve_lines: the answers of ``sudoku-tui solve``, in file order."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_tui.engine.batch import solving as batch
from sudoku_tui.engine.batch.solving import NO_SOLUTION_LINE, solve_lines
from sudoku_tui.engine.board.geometry import samurai, square
from sudoku_tui.engine.board.puzzle import Puzzle, format_line
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search import solver as solver_module
from sudoku_tui.engine.search.solver import solve

# Every test runs through the pure-Python search and the compiled kernel.
pytestmark = pytest.mark.usefixtures("search_path")

FOUR, NINE, SIXTEEN = square(2), square(3), square(4)


def random_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        cells = ["."] * 16
        for cell in rng.sample(range(16), rng.randint(0, 7)):
            cells[cell] = str(rng.randint(1, 4))
        lines.append("".join(cells))
    return lines


def expected(shape_lines: list[str]) -> list[str]:
    answers = []
    for line in shape_lines:
        found = solve(Puzzle.from_line(FOUR, line))
        answers.append(NO_SOLUTION_LINE if found is None else format_line(FOUR, found))
    return answers


def test_seed_lines() -> None:
    lines = ["2...43213...1432", ".4..2..4.24...12", "........1....234", "2..443213...1432"]
    solved = ["2143432132141432", "3421213412434312", NO_SOLUTION_LINE, NO_SOLUTION_LINE]
    assert list(solve_lines(FOUR, lines)) == solved
    assert list(solve_lines(FOUR, lines, method="classic")) == list(solve_lines(FOUR, lines))


def test_counting() -> None:
    lines = ["." * 16, "2...43213...1432", "2..443213...1432"]
    assert list(solve_lines(FOUR, lines, count=True)) == ["2+", "1", "0"]
    assert list(solve_lines(FOUR, lines, count=True, limit=1000)) == ["288", "1", "0"]
    assert list(solve_lines(FOUR, lines, count=True, limit=1)) == ["1+", "1+", "0"]
    assert list(solve_lines(SIXTEEN, ["." * 256], count=True, limit=3)) == ["3+"]


def test_random_four_by_four_match_the_single_api_and_the_classic() -> None:
    lines = random_lines(400, 1)
    assert list(solve_lines(FOUR, lines)) == expected(lines)
    assert list(solve_lines(FOUR, lines, method="classic")) == expected(lines)


def test_several_processes_keep_file_order() -> None:
    lines = random_lines(batch.CHUNK * 2 + 100, 2)
    calls: list[tuple[int, int]] = []
    single = list(solve_lines(FOUR, lines))
    assert list(solve_lines(FOUR, lines, jobs=2, progress=lambda d, t: calls.append((d, t)))) == single
    assert single == expected(lines)
    assert calls[-1] == (len(lines), len(lines))
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    counted = list(solve_lines(FOUR, lines, count=True, jobs=2))
    assert counted == list(solve_lines(FOUR, lines, count=True))


def test_puzzles_with_several_solutions_past_the_cell_order_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = random_lines(300, 3)
    nine = ["." * 81, "1" + "." * 80, "." * 80 + "1"]
    before = list(solve_lines(FOUR, lines)), list(solve_lines(NINE, nine))
    # No budget for the search in cell order: counting, then fixing cells in order.
    monkeypatch.setattr(solver_module, "IN_ORDER_NODES", 0)
    assert (list(solve_lines(FOUR, lines)), list(solve_lines(NINE, nine))) == before


def test_symbols_of_the_input_come_back_upper_case() -> None:
    solution = solve(Puzzle.from_line(SIXTEEN, "." * 256))
    assert solution is not None
    full = format_line(SIXTEEN, solution)
    line = "".join(ch.lower() if i % 3 == 0 else ch for i, ch in enumerate(full))
    line = "0" * 20 + line[20:]
    assert list(solve_lines(SIXTEEN, [line])) == [full]


def test_samurai_answers_are_405_character_lines() -> None:
    shape = samurai()
    found = solve(Puzzle(shape, (0,) * shape.size))
    assert found is not None
    [answer] = solve_lines(shape, ["." * 405])
    assert len(answer) == 405 and answer == format_line(shape, found)


def test_shared_samurai_file(shared_file: Callable[..., Path]) -> None:
    path = shared_file("samurai", "hard1.txt")
    pf = read_puzzle_file(path)
    solution = read_puzzle_file(shared_file("samurai", "hard1_solution.txt"))
    assert list(solve_lines(pf.shape, pf.lines)) == [format_line(pf.shape, solution.puzzle(0).givens)]
