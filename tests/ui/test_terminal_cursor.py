"""The terminal's cursor on the selected cell (for magnifiers and Braille displays): after
every move (arrows, the mouse, Check my progress going to a wrong entry, another puzzle) the
app's ``cursor_position`` is the screen cell where the board draws the selected cell's value,
on 4x4, 9x9, 16x16 and Samurai boards; over a dialog it is Textual's own again. The real
terminal (a pty read by pyte) is tested in test_terminal_cursor_pty.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Offset
from ui_helpers import SIZE, load, settle
from ui_puzzles import SOLUTION_4

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.help import HelpScreen

BOARDS = Path(__file__).parent / "boards"


def drawn_at_cursor(app: SudokuApp) -> str:
    """The character the board draws where the app leaves the terminal's cursor."""
    board = app.game.board
    at = app.cursor_position - board.region.offset
    assert board.region.contains_point(app.cursor_position), (app.cursor_position, board.region)
    return board.render_line(at.y).text[at.x]


def value_at_cursor(app: SudokuApp) -> str:
    board = app.game.board
    value = board.play.values[board.cursor]
    return board.play.shape.symbol(value) if value else ""


def on_the_value(app: SudokuApp) -> None:
    """The cursor is on the selected cell's value (a given's or an entry's symbol); on an
    empty cell, where its value will be drawn (a space, or a dot where no lines part the cells)."""
    value, drawn = value_at_cursor(app), drawn_at_cursor(app)
    assert drawn == value if value else drawn in " ·"


@pytest.mark.parametrize(
    ("file", "size"),
    [("four", SIZE), ("nine", SIZE), ("nine", (120, 40)), ("sixteen", SIZE), ("samurai", SIZE)],
    ids=["4x4", "9x9", "9x9-roomy", "16x16", "samurai"],
)
async def test_the_cursor_is_on_the_selected_value_after_every_move(
    file: str, size: tuple[int, int], puzzle_dir: Path
) -> None:
    path = BOARDS / f"{file}.txt" if file in ("sixteen", "samurai") else puzzle_dir / f"{file}.txt"
    app = SudokuApp()
    async with app.run_test(size=size) as pilot:
        await load(pilot, path)
        board = app.game.board
        values_seen = 0
        for key in ["right"] * 5 + ["down"] * 4 + ["left"] * 2 + ["up"]:
            await pilot.press(key)
            assert app.cursor_position == board.value_offset(board.cursor)
            on_the_value(app)
            values_seen += bool(value_at_cursor(app))
        assert values_seen >= 2  # the moves went over givens, whose symbol is under the cursor
        empty = next(cell for cell in range(board.play.shape.size) if not board.play.values[cell])
        target = board.cell_region(empty)
        await pilot.click(Board, offset=target.offset - board.region.offset)
        assert board.cursor == empty and app.cursor_position == board.value_offset(empty)
        await pilot.press(board.play.shape.symbol(1))  # an entry: its symbol is under the cursor now
        assert value_at_cursor(app) == drawn_at_cursor(app) == board.play.shape.symbol(1)


async def test_the_cursor_follows_check_my_progress_and_a_new_puzzle(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        board = app.game.board
        wrong = max(cell for cell in range(16) if not board.play.values[cell])
        board.cursor = wrong
        await pilot.press(str(int(SOLUTION_4[wrong]) % 4 + 1))  # not the solution's value
        board.cursor = 0
        await pilot.press("e")  # Check my progress: the cursor goes to the wrong entry
        await settle(pilot)
        await pilot.pause()
        assert board.cursor == wrong and app.cursor_position == board.value_offset(wrong)
        assert drawn_at_cursor(app) == value_at_cursor(app)
        await load(pilot, puzzle_dir / "nine.txt")  # another puzzle: the cursor at its first cell
        await pilot.press("right", "right")
        assert board.play.shape.name == "9x9" and app.cursor_position == board.value_offset(2)
        assert drawn_at_cursor(app) == value_at_cursor(app) != ""


async def test_a_dialog_keeps_textuals_own_cursor(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        on_board = app.cursor_position
        assert on_board == app.game.board.value_offset(0) != Offset(0, 0)
        app.cursor_position = Offset(3, 4)  # as a text box of a dialog would put it
        assert app.cursor_position == on_board  # the board has the keys: the board's place
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert app.cursor_position == Offset(3, 4)
        await pilot.press("escape")
        assert app.cursor_position == on_board
        await pilot.press("i", "down")  # a puzzle typed in: on the entry board's cell
        board = app.game.board
        assert board.entry is not None and app.cursor_position == board.value_offset(4)
        await pilot.press("escape")
        await pilot.resize_terminal(30, 10)  # too small for the board: a note, and no cursor
        assert app.game.terminal_cursor() is None
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("right")  # the board has the keys again, and the cursor is on it
        assert board.cursor == 1 and app.cursor_position == board.value_offset(1)
        await pilot.press("g")  # the number box has the keys: Textual's text box says where
        assert app.game.terminal_cursor() is None
