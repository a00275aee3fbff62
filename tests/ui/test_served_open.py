"""The Open dialog of a served game: only the server's puzzle folders, never its other files."""

from __future__ import annotations

import os
from pathlib import Path

from test_game_robustness import type_path  # the Open dialog, a path typed in its box
from textual.widgets import DirectoryTree, Label
from ui_helpers import SIZE, settle, tree_loaded

from sudoku_tui.game.file_choice import OUTSIDE_FOLDERS, PuzzleFolders
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import MessageDialog


def served_app(puzzle_dir: Path) -> SudokuApp:
    return SudokuApp(start_folder=puzzle_dir, folders=PuzzleFolders.of([puzzle_dir]))


async def test_a_path_outside_is_refused_with_a_sentence(puzzle_dir: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("2\n" + "1234341221434321\n")  # a readable puzzle file: refused all the same
    app = served_app(puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        for typed in (str(secret), "../secret.txt", "/etc/passwd", "/"):
            dialog = await type_path(pilot, typed)
            assert app.screen is dialog  # still open: nothing was read
            assert str(dialog.query_one("#open-error", Label).render()) == OUTSIDE_FOLDERS
            await pilot.press("escape")
            await pilot.pause()
        assert not app.session.has_puzzle


async def test_the_tree_hides_links_that_lead_out(puzzle_dir: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.txt").write_text("2\n" + "." * 16 + "\n")
    os.symlink(outside, puzzle_dir / "door")
    os.symlink(outside / "private.txt", puzzle_dir / "link.txt")
    app = served_app(puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await tree_loaded(pilot)
        tree = app.screen.query_one(DirectoryTree)
        names = {str(node.label) for node in tree.root.children}
        assert "four.txt" in names
        assert not names & {"door", "link.txt"}


async def test_a_file_inside_opens(puzzle_dir: Path) -> None:
    app = served_app(puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        app.game.open_file(puzzle_dir / "four.txt")
        await settle(pilot)
        assert app.session.has_puzzle
        # And a path that reaches the game some other way is refused there too.
        app.game.open_file(Path("/etc/passwd"))
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == OUTSIDE_FOLDERS
