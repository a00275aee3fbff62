"""Keys that arrive together are handled in the order they were typed.

A fast typist, a slow link or a busy server delivers several keys at once:
all are queued before the first is handled. Each test posts its keys in one
go, as the terminal driver does then, and only afterwards lets the app run.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from ui_helpers import SIZE, load, settle

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import OpenFileDialog

KEY_NAMES = {".": "full_stop", "/": "slash", "-": "minus"}


def post_together(app: SudokuApp, *keys: str) -> None:
    """Queue ``keys`` (names like ``tab``, or text typed character by character) all at once."""
    for key in keys:
        if len(key) > 1 and key.isalpha():
            app.post_message(events.Key(key, None))
            continue
        for character in key:
            app.post_message(events.Key(KEY_NAMES.get(character, character), character))


async def test_digits_typed_right_after_o_never_reach_the_board_behind_the_dialog(puzzle_dir: Path) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right")  # an empty cell
        before = list(app.session.play.values)
        post_together(app, "o", "56789")
        for _ in range(10):
            await pilot.pause(0.05)
        await settle(pilot)
        assert isinstance(app.screen, OpenFileDialog)
        assert app.session.play.values == before


async def test_open_tab_path_and_enter_typed_at_once_open_the_file(puzzle_dir: Path) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        post_together(app, "o", "tab", "four.txt", "enter")
        for _ in range(20):
            await pilot.pause(0.05)
        await settle(pilot)
        assert not isinstance(app.screen, OpenFileDialog)
        assert app.session.play.shape.name == "4x4"
