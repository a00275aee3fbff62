"""Playing: entries, givens, keys, mouse, Load Random, Solve and Check."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from ui_helpers import SIZE, enabled_keys, load, settle
from ui_puzzles import FOUR_NO_SOLUTION, FOUR_PUZZLES, NINE_PUZZLES, SOLUTION_4, SOLUTION_9

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.dialogs import MessageDialog


def values_of(line: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in line]


async def test_givens_cannot_be_changed(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        assert app.session.puzzle.is_given(0)  # "1.3." : the top-left cell is a given
        await pilot.press("2", "delete", "backspace", "0")
        assert app.session.play.values[0] == 1


async def test_four_by_four_refuses_five_to_nine(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right")  # cell 1 is empty
        for key in "56789":
            await pilot.press(key)
            assert app.session.play.values[1] == 0, key
        await pilot.press("4")
        assert app.session.play.values[1] == 4


# Space is not a clear key: it pauses the game (tests/ui/test_game_aids.py).
@pytest.mark.parametrize("key", ["0", "full_stop", "backspace", "delete"])
async def test_clear_keys(puzzle_dir: Path, key: str) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "3")
        assert app.session.play.values[1] == 3
        await pilot.press(key)
        assert app.session.play.values[1] == 0


async def test_letters_are_not_values_on_small_boards(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right", "A", "a")
        assert app.session.play.values[1] == 0


async def test_arrows_and_hjkl_move_and_stop_at_edges(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        board = app.query_one(Board)
        await pilot.press("up", "left", "k", "h")
        assert board.cursor_position == (0, 0)
        await pilot.press("right", "l", "down", "j", "j")
        assert board.cursor_position == (3, 2)
        await pilot.press("left", "h", "k")
        assert board.cursor_position == (2, 0)
        board.cursor = 70  # (7, 7)
        await pilot.press("l", "j", "l", "j")
        assert board.cursor_position == (8, 8)


async def test_mouse_selects_a_cell(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        board = app.query_one(Board)
        plan = board.plan
        # The middle of row 4, column 6 in the drawing.
        x, y = plan.cell_x[6] + 1, plan.cell_y[4]
        await pilot.click(Board, offset=(x, y))
        assert board.cursor_position == (4, 6)
        # A grid line selects nothing new.
        await pilot.click(Board, offset=(0, 0))
        assert board.cursor_position == (4, 6)


async def test_load_random_sets_number_in_range_and_shows_it(puzzle_dir: Path) -> None:
    random.seed(7)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "2")  # an entry, which Load Random replaces
        seen = set()
        kept = True  # puzzle 0's entry is in its saved game
        for _ in range(8):
            before = app.session.number
            await pilot.press("r")
            assert 0 <= app.session.number <= 3
            assert app.game.number_box.value == str(app.session.number)
            shown = values_of(FOUR_PUZZLES[app.session.number])  # entries replaced by the puzzle drawn ...
            if app.session.number == 0:
                # ... but coming back to puzzle 0 resumes its saved game, while drawing
                # the puzzle in play again starts it afresh and forgets its save.
                kept = kept and before != 0
                if kept:
                    shown[1] = 2
            assert app.session.play.values == shown
            # A resumed game comes back with the cursor where it was left; a fresh one starts top left.
            resumed = app.session.number == 0 and kept
            assert app.query_one(Board).cursor_position == ((0, 1) if resumed else (0, 0))
            seen.add(app.session.number)
        assert len(seen) > 1


async def test_solve_ignores_entries_and_keeps_givens(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right", "9")  # a wrong entry: the solution has 2 there
        assert app.session.play.values[1] == 9
        await pilot.press("s")
        await settle(pilot)
        assert app.session.play.values == values_of(SOLUTION_9)
        assert not isinstance(app.screen, MessageDialog)
        await pilot.press("2")  # r1c1 is a given and stays one
        assert app.session.play.values[0] == 1 and app.session.puzzle.is_given(0)
        assert enabled_keys(app)["check"]
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == "The puzzle is correctly solved."


async def test_solve_without_solution_says_so_and_shows_the_original(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "no-solution.txt")
        await pilot.press("right", "right", "3")
        assert app.session.play.values[2] == 3
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == "The puzzle has no solution."
        assert app.session.play.values == values_of(FOUR_NO_SOLUTION)
        await pilot.press("escape")
        await pilot.pause()
        assert app.query_one(Board).has_focus


async def test_check_is_disabled_until_every_cell_is_filled(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        empty = [cell for cell, value in enumerate(app.session.play.values) if not value]
        board = app.query_one(Board)
        for cell in empty[:-1]:
            board.cursor = cell
            await pilot.press(SOLUTION_4[cell])
            assert not enabled_keys(app)["check"]
        await pilot.press("c")
        assert len(app.screen_stack) == 1  # disabled: nothing happens
        board.cursor = empty[-1]
        await pilot.press(SOLUTION_4[empty[-1]])
        assert enabled_keys(app)["check"]
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == "The puzzle is correctly solved."
        await pilot.press("enter")
        await pilot.pause()
        assert board.has_focus


async def test_check_a_wrong_board_is_not_solved(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        board = app.query_one(Board)
        for cell, value in enumerate(app.session.play.values):
            if not value:
                board.cursor = cell
                await pilot.press("1")  # every empty cell gets a 1: surely wrong
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == "The puzzle is NOT solved."
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.screen_stack) == 1
        await pilot.press("backspace")  # no longer full: Check is disabled again
        assert not enabled_keys(app)["check"]


async def test_solve_result_for_an_old_puzzle_is_ignored(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("s", "right_square_bracket")
        await settle(pilot)
        assert app.session.number == 1
        assert app.session.play.values == values_of(NINE_PUZZLES[1])
