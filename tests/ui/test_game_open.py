"""Open Puzzle File: success, cancel, failure with each seed message, and what stays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.widgets import DirectoryTree, Input
from ui_helpers import SIZE, enabled_keys, load, settle, tree_loaded
from ui_puzzles import BAD_FILES, FOUR_PUZZLES, NINE_PUZZLES

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.dialogs import MessageDialog, OpenFileDialog


def givens_text(app: SudokuApp) -> str:
    return app.session.puzzle.to_line()


async def test_open_by_typing_a_path(puzzle_dir: Path) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OpenFileDialog)
        box = dialog.query_one("#path", Input)
        assert box.value == f"{puzzle_dir}/"
        box.focus()
        box.value = str(puzzle_dir / "four.txt")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is not dialog
        assert app.session.puzzles is not None and len(app.session.puzzles) == 4
        assert app.session.play.shape.name == "4x4"
        assert givens_text(app) == FOUR_PUZZLES[0]
        assert app.game.number_box.value == "0" and not app.game.number_box.disabled
        state = enabled_keys(app)
        assert state["random"] and state["solve"] and not state["check"]
        board = app.query_one(Board)
        assert board.has_focus and board.cursor_position == (0, 0)
        assert app.game.sub_title == "four.txt"


async def test_open_by_picking_in_the_tree(puzzle_dir: Path) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await tree_loaded(pilot)
        tree = app.screen.query_one(DirectoryTree)
        assert tree.has_focus
        # Entries are sorted: four.txt, nine.txt, no-solution.txt; the cursor starts on the root.
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, OpenFileDialog)
        assert app.session.puzzles is not None and app.session.play.shape.name == "9x9"
        assert givens_text(app) == NINE_PUZZLES[0]


async def test_open_cancel_changes_nothing(puzzle_dir: Path) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "right", "4")
        before = (app.session.puzzles, app.session.number, list(app.session.play.values))
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OpenFileDialog)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, OpenFileDialog)
        assert (app.session.puzzles, app.session.number, list(app.session.play.values)) == before
        board = app.query_one(Board)
        assert board.has_focus and board.cursor_position == (0, 2)  # focus back where it was


async def test_open_dialog_starts_in_last_files_folder(puzzle_dir: Path, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere"
    other.mkdir()
    app = SudokuApp(start_folder=other)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OpenFileDialog)
        assert app.screen.folder == puzzle_dir.resolve()


async def test_typing_a_folder_shows_it_in_the_tree(puzzle_dir: Path, tmp_path: Path) -> None:
    app = SudokuApp(start_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        dialog = app.screen
        box = dialog.query_one("#path", Input)
        box.focus()
        box.value = str(puzzle_dir)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        assert Path(dialog.query_one(DirectoryTree).path) == puzzle_dir


async def test_open_failure_shows_each_seed_message(write_file: Callable[[str, str], Path]) -> None:
    # One game for every bad file: each must show its message and leave the start state alone.
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        for name, (content, message) in sorted(BAD_FILES.items()):
            await load(pilot, write_file(f"{name}.txt", content))
            dialog = app.screen
            assert isinstance(dialog, MessageDialog), name
            assert dialog.message == message, name
            assert str(dialog.query_one("#message").render()) == message, name
            await pilot.press("enter")
            assert not isinstance(app.screen, MessageDialog), name
            assert app.session.puzzles is None and app.game.number_box.disabled, name
            assert app.query_one(Board).has_focus, name


async def test_open_failure_keeps_file_puzzle_and_entries(
    puzzle_dir: Path, write_file: Callable[[str, str], Path]
) -> None:
    bad = write_file("bad.txt", BAD_FILES["bad-value-3"][0])
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right_square_bracket")
        await pilot.press("right", "4")
        before = (
            app.session.puzzles,
            app.session.number,
            app.session.puzzle,
            list(app.session.play.values),
            app.session.play.shape,
        )
        assert app.session.number == 1 and app.session.play.values[1] == 4
        await pilot.press("o")
        await pilot.pause()
        box = app.screen.query_one("#path", Input)
        box.focus()
        box.value = str(bad)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == "Line 3 has an invalid character."
        await pilot.press("escape")
        await pilot.pause()
        assert (
            app.session.puzzles,
            app.session.number,
            app.session.puzzle,
            list(app.session.play.values),
            app.session.play.shape,
        ) == before
        assert app.game.number_box.value == "1"
        assert app.query_one(Board).has_focus


async def test_missing_file_gives_a_message(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, tmp_path / "nothing.txt")
        assert isinstance(app.screen, MessageDialog)
        assert "does not exist" in app.screen.message


async def test_open_from_the_command_line(puzzle_dir: Path) -> None:
    app = SudokuApp(puzzle_dir / "four.txt")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.session.puzzles is not None and app.session.play.shape.name == "4x4"
        assert app.query_one(Board).has_focus


async def test_bundled_seed_files_open() -> None:
    from sudoku_tui.paths import bundled_puzzles

    path = bundled_puzzles() / "sudoku-4x4.txt"
    if not path.exists():
        pytest.skip("bundled sudoku-4x4.txt not there yet")
    app = SudokuApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.session.puzzles is not None and len(app.session.puzzles) == 4


async def test_a_bare_name_opens_from_the_folder_shown(puzzle_dir: Path) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        box = app.screen.query_one("#path", Input)
        box.focus()
        box.value = "nine.txt"
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.puzzles is not None and app.session.play.shape.name == "9x9"


async def test_a_path_typed_at_once_after_tab_goes_into_the_path_box(puzzle_dir: Path) -> None:
    """Keys that arrive together (a fast typist, a slow link, a busy server) are all
    queued before the first is handled: the ones after Tab must still reach the
    path box, not the tree that had the focus when they arrived."""
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await tree_loaded(pilot)
        app.post_message(events.Key("tab", None))
        for character in "four.txt":
            app.post_message(events.Key(character if character != "." else "full_stop", character))
        await settle(pilot)
        box = app.screen.query_one("#path", Input)
        assert box.has_focus
        assert box.value == f"{puzzle_dir}/four.txt"
