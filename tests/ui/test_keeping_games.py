"""No key throws away a game in progress with moves (docs/choices/screen.md: "No key throws a game away").

Each action that puts another puzzle in place of the game in play either
keeps that game resumable (it is in the store and comes back when its puzzle
is opened again), goes on with it (the same puzzle asked for again), or,
when nothing could bring it back (a made puzzle), asks first.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input
from ui_helpers import SIZE, enabled_keys, load, settle, wait_for

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import LeaveGameDialog, OpenFileDialog, ResumeDialog
from sudoku_tui.ui.new_puzzle_dialog import NewPuzzleDialog


async def a_move(pilot: Pilot[None]) -> tuple[int, int]:
    """A value entered in the first empty cell; the cell and the values now."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    play = app.session.play
    cell = next(cell for cell in range(play.shape.size) if not play.is_given(cell))
    app.game.board.cursor = cell
    await pilot.press("1")
    assert play.values[cell] == 1
    return cell, 1


async def make_four(pilot: Pilot[None]) -> None:
    """A new 4x4 puzzle, made (n, 4x4, Enter)."""
    await pilot.press("n")
    assert isinstance(pilot.app.screen, NewPuzzleDialog)
    await pilot.press("up", "enter")  # 9x9 is chosen at first; up chooses 4x4
    await wait_for(pilot, "make")


async def open_in_dialog(pilot: Pilot[None], path: Path) -> None:
    """o, a path in the box, Enter: as a player opens a file. The first key goes to the box as
    typing does; the rest is put there at once (a pilot key costs some 80 ms, and a temporary
    folder's path is 80 keys long; typing whole paths is tests/ui/test_game_open.py's)."""
    await pilot.press("o")
    dialog = pilot.app.screen
    assert isinstance(dialog, OpenFileDialog)
    await pilot.press("/")
    dialog.query_one("#path", Input).value = str(path)
    await pilot.press("enter")
    await settle(pilot)


async def test_r_after_resuming_a_made_puzzle_keeps_its_game(data_home: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await make_four(pilot)
        cell, value = await a_move(pilot)
        made = app.session.puzzle
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.puzzle == made and app.session.play.values[cell] == value
        assert enabled_keys(app)["random"] is False  # no other puzzle to draw
        # Every key that shows a puzzle of the "file" of one lands on this one: the game goes on.
        await pilot.press("r", "right_square_bracket", "left_square_bracket", "g", "0", "enter")
        await settle(pilot)
        assert app.session.puzzle == made and app.session.play.values[cell] == value
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.play.values[cell] == value


async def test_load_random_and_numbers_keep_the_game(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        cell, value = await a_move(pilot)
        await pilot.press("g", "0", "enter")  # the number of the puzzle in play: the game goes on
        assert app.session.number == 0 and app.session.play.values[cell] == value
        for _ in range(12):  # Load Random never draws the puzzle in play
            before = app.session.number
            await pilot.press("r")
            assert app.session.number != before
        await pilot.press("g", "0", "enter")  # back to the first: resumed
        assert app.session.play.values[cell] == value


async def test_the_next_and_previous_puzzle_keep_the_game(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right_square_bracket")
        cell, value = await a_move(pilot)
        await pilot.press("right_square_bracket", "left_square_bracket")
        assert app.session.number == 1 and app.session.play.values[cell] == value


async def test_opening_a_file_keeps_the_game(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        cell, value = await a_move(pilot)
        await open_in_dialog(pilot, puzzle_dir / "four.txt")  # the same file again: the game goes on
        assert app.session.play.values[cell] == value and app.session.play.can_undo
        await open_in_dialog(pilot, puzzle_dir / "nine.txt")
        assert app.session.puzzle.shape.name == "9x9"
        await open_in_dialog(pilot, puzzle_dir / "four.txt")  # back: resumed
        assert app.session.play.values[cell] == value


async def test_a_new_puzzle_over_a_files_game_keeps_it(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        cell, value = await a_move(pilot)
        await make_four(pilot)  # no question: the file brings the game back
        assert app.session.made is not None
        await load(pilot, puzzle_dir / "four.txt")
        assert app.session.play.values[cell] == value


async def test_a_made_puzzles_game_is_replaced_only_when_the_player_says_so(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await make_four(pilot)
        cell, value = await a_move(pilot)
        made = app.session.puzzle
        # New Puzzle, Today's Daily, Open: each asks, and Escape (or Enter) keeps the game.
        await pilot.press("n")
        await pilot.press("up", "enter")
        assert isinstance(app.screen, LeaveGameDialog)
        await pilot.press("escape")
        await pilot.press("d")
        assert isinstance(app.screen, LeaveGameDialog)
        await pilot.press("enter")  # Keep playing has the focus
        await open_in_dialog(pilot, puzzle_dir / "nine.txt")
        assert isinstance(app.screen, LeaveGameDialog)
        await pilot.press("escape")
        await settle(pilot)
        assert not [worker for worker in app.workers if worker.group == "make"]
        assert app.session.puzzle == made and app.session.play.values[cell] == value
        # Leave it: the file is opened.
        await open_in_dialog(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right", "enter")
        await settle(pilot)
        assert app.session.puzzle.shape.name == "9x9"


async def test_todays_daily_comes_back_so_it_is_left_without_a_question(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await wait_for(pilot, "make")
        cell, value = await a_move(pilot)
        await load(pilot, puzzle_dir / "four.txt")
        assert app.session.puzzle.shape.name == "4x4"
        await pilot.press("d")  # made again, the same: resumed
        await wait_for(pilot, "make")
        assert app.session.play.values[cell] == value
