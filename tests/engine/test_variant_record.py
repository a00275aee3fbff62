"""A variant is its record: one added to the table, and nowhere else, is read
from its files, solved, made, offered on the command line, kept in the store
and named in a figure.

The variant here exists only in this test: "centre dot", the classic houses
and one more, the nine cells at the centres of the boxes.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from sudoku_tui.authoring.figure import left_out
from sudoku_tui.cli import build_parser, main
from sudoku_tui.engine.board import variants
from sudoku_tui.engine.board.geometry import SYMBOLS, House, Shape, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.search.solver import count_solutions, solve
from sudoku_tui.game.store.records import Game, boards
from sudoku_tui.game.store.sqlite import SqliteStore

CENTRES = tuple(9 * row + col for row in (1, 4, 7) for col in (1, 4, 7))


@cache
def centre_dot() -> Shape:
    classic = square(3)
    dot = House("window", 0, CENTRES, "centre dot")
    return Shape("dot", 3, 9, 9, 9, classic.positions, (*classic.houses, dot), SYMBOLS[:9], "dot")


DOT = variants.Variant("dot", "Centre Dot", centre_dot)


@pytest.fixture(autouse=True)
def dot_variant(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(variants, "VARIANTS", (*variants.VARIANTS, DOT))
    yield


def keeps_every_house(grid: tuple[int, ...] | list[int]) -> bool:
    return all(sorted(grid[cell] for cell in house.cells) == list(range(1, 10)) for house in centre_dot().houses)


def generated_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """Two easy puzzles made by the command line, as the file it writes."""
    assert main(["generate", "--variant", "dot", "--count", "2", "--seed", "7"]) == 0
    path = tmp_path / "dot-easy.txt"
    path.write_text(capsys.readouterr().out)
    return path


def test_its_name_reaches_the_command_line_and_the_store() -> None:
    generate = build_parser().parse_args(["generate", "--variant", "dot"])
    assert generate.variant == "dot"
    assert boards()[-1] == "dot" and shape_for_size("dot") is centre_dot()


def test_its_file_is_read_and_its_puzzles_solved(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = generated_file(capsys, tmp_path)
    assert path.read_text().startswith("dot\n")
    puzzles = read_puzzle_file(path)
    assert puzzles.shape is centre_dot() and len(puzzles.lines) == 2
    for line in puzzles.lines:
        puzzle = Puzzle.from_line(puzzles.shape, line)
        solution = solve(puzzle)
        assert solution is not None and keeps_every_house(solution)
        assert all(given in (0, value) for given, value in zip(puzzle.givens, solution, strict=True))
        assert count_solutions(puzzle) == 1
        assert solve_logically(puzzle).solved  # an easy puzzle: singles, the dot a house like the others
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out == "2 puzzles, dot\n"


def test_an_empty_board_fills_every_house() -> None:
    solution = solve(Puzzle(centre_dot(), (0,) * 81))
    assert solution is not None and keeps_every_house(solution)


def test_its_game_is_kept_in_the_store(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    puzzles = read_puzzle_file(generated_file(capsys, tmp_path))
    puzzle = Puzzle.from_line(puzzles.shape, puzzles.lines[0])
    store = SqliteStore(tmp_path / "store.db")
    try:
        store.put_game("local", Game.of(puzzle, list(puzzle.givens), [0] * 81, 3.0))
        (kept,) = store.games_in_progress("local")
    finally:
        store.close()
    assert kept.shape == "dot" and kept.puzzle().shape is centre_dot() and kept.puzzle().givens == puzzle.givens


def test_a_figure_names_its_extra_house() -> None:
    assert left_out(centre_dot()) == "centre dots"
