"""The starting state: an empty 9x9 board, only Open enabled."""

from __future__ import annotations

from textual.widgets import Footer
from ui_helpers import SIZE, enabled_keys

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.dialogs import OpenFileDialog


async def test_start_only_open_is_enabled() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        state = enabled_keys(app)
        assert state["open"] is True
        assert state["quit"] is True
        for action in ("random", "solve", "check", "choose_number"):
            assert state[action] is False, action
        assert app.session.puzzles is None


async def test_start_board_is_empty_9x9_with_focus_top_left() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.query_one(Board)
        assert board.has_focus
        assert board.play.shape.name == "9x9"
        assert not any(board.play.values)
        assert board.cursor_position == (0, 0)
        assert board.plan.density == "paired"  # 73x20 fits 80x24 with everything around it


async def test_start_number_is_zero_and_cannot_change() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        box = app.game.number_box
        assert box.value == "0"
        assert box.disabled
        await pilot.press("g", "5", "enter", "right_square_bracket")
        assert box.value == "0"
        assert not box.has_focus
        assert app.query_one(Board).has_focus


async def test_start_disabled_keys_do_nothing() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "s", "c")
        await pilot.pause()
        assert len(app.screen_stack) == 1
        assert not app.workers


async def test_start_any_value_can_be_entered() -> None:
    # The seed: on the starting board any value 1-9 may be entered in any cell.
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "right", "1")
        assert app.session.play.values[:2] == [9, 1]


async def test_footer_shows_disabled_keys_as_disabled() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = app.query_one(Footer)
        keys = {key.action: key for key in footer.query("FooterKey")}
        assert keys["solve"].has_class("-disabled")
        assert keys["random"].has_class("-disabled")
        assert keys["check"].has_class("-disabled")
        assert not keys["open"].has_class("-disabled")


async def test_open_key_shows_the_dialog_in_bundled_puzzles() -> None:
    from sudoku_tui.paths import bundled_puzzles

    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OpenFileDialog)
        assert app.screen.folder == bundled_puzzles()


async def test_command_palette_lists_the_seed_names() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for name in ("Open Puzzle File", "Load Random Puzzle", "Solve Puzzle", "Check Solution"):
            assert name in titles
        assert "Quit" in titles


async def test_command_palette_runs_open_puzzle_file() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"open puz")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OpenFileDialog)


async def test_command_palette_disabled_command_does_nothing() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        solve = next(c for c in app.get_system_commands(app.screen) if c.title == "Solve Puzzle")
        assert "Not available" in solve.help
        solve.callback()
        await pilot.pause()
        assert not app.workers and len(app.screen_stack) == 1
