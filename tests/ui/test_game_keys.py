"""Keys that arrive together (fast typing, a paste, SSH) still act in the order typed."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input
from ui_helpers import SIZE, load
from ui_puzzles import FOUR_PUZZLES

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board


async def burst(pilot: Pilot[None], keys: str) -> None:
    """Hand the app every key at once, as a terminal does with one read of several bytes."""
    names = {"]": "right_square_bracket", "[": "left_square_bracket", "\r": "enter"}
    for char in keys:
        pilot.app.post_message(events.Key(names.get(char, char), char if char != "\r" else None))
    await pilot.pause()
    await pilot.pause()


async def test_move_then_enter_in_one_burst(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")  # row 1: "1.3."
        await burst(pilot, "l2ll4")
        assert app.session.play.values[:4] == [1, 2, 3, 4]


async def test_step_then_enter_in_one_burst(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await burst(pilot, "]1")  # puzzle 1 starts "..3.": the 1 belongs to it
        assert app.session.number == 1
        assert app.session.play.values[0] == 1
        assert app.session.puzzle.to_line() == FOUR_PUZZLES[1]


async def test_number_typed_right_after_g(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await burst(pilot, "g3\r")
        assert app.session.number == 3
        assert app.query_one(Board).has_focus


async def test_game_letters_type_into_the_open_dialog(puzzle_dir: Path) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("o")
        await pilot.pause()
        box = app.screen.query_one("#path", Input)
        box.focus()
        await pilot.pause()
        await pilot.press("g", "s", "r", "q")
        assert box.value.endswith("gsrq")
        assert app.game.number_box.value == "0" and len(app.screen_stack) == 2
