"""The puzzle number: g focuses it, [ and ] step, range 0 .. count-1, bad input refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label
from ui_helpers import SIZE, load
from ui_puzzles import FOUR_PUZZLES

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board


def hint(app: SudokuApp) -> str:
    return str(app.query_one("#hint", Label).render())


async def test_g_focuses_and_enter_shows_that_puzzle(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "2")
        await pilot.press("g")
        assert app.game.number_box.has_focus
        await pilot.press("3", "enter")
        assert app.session.number == 3
        assert app.session.puzzle.to_line() == FOUR_PUZZLES[3]
        assert app.session.play.values == list(app.session.puzzle.givens)
        board = app.query_one(Board)
        assert board.has_focus and board.cursor_position == (0, 0)
        assert "of 0 … 3" in str(app.query_one("#range", Label).render())


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("4", "No puzzle 4: type 0 … 3."),
        ("abc", "'abc' is not a number."),
        ("-1", "No puzzle -1: type 0 … 3."),
        ("[i]x[/]", "'[i]x[/]' is not a number."),  # quoted as typed, never read as markup
    ],
)
async def test_bad_numbers_are_refused_with_a_hint(puzzle_dir: Path, typed: str, expected: str) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right_square_bracket", "right", "4")
        entries = list(app.session.play.values)
        await pilot.press("g", *typed, "enter")
        assert hint(app) == expected
        assert app.session.number == 1 and app.session.play.values == entries
        assert app.game.number_box.has_focus  # still there, to be corrected
        await pilot.press("escape")
        assert app.game.number_box.value == "1"
        assert hint(app) == ""
        assert app.query_one(Board).has_focus


async def test_brackets_step_within_the_range(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("left_square_bracket")
        assert app.session.number == 0
        assert hint(app) == "That was the first puzzle."
        for expected in (1, 2, 3, 3):
            await pilot.press("right_square_bracket")
            assert app.session.number == expected and app.game.number_box.value == str(expected)
        assert hint(app) == "That was the last puzzle."
        await pilot.press("left_square_bracket")
        assert app.session.number == 2
        assert app.session.puzzle.to_line() == FOUR_PUZZLES[2]


async def test_a_new_file_resets_the_number_to_zero(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right_square_bracket", "right_square_bracket")
        await load(pilot, puzzle_dir / "nine.txt")
        assert app.session.number == 0 and app.game.number_box.value == "0"
        assert "of 0 … 2" in str(app.query_one("#range", Label).render())
        await pilot.press("g", "3", "enter")
        assert app.session.number == 0


async def test_leaving_the_box_without_enter_restores_the_number(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("g", "9", "enter")
        assert hint(app) != ""
        await pilot.click(Board)
        assert app.query_one(Board).has_focus
        assert app.game.number_box.value == "0" and hint(app) == ""
        assert app.session.number == 0
