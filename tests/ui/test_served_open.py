"""The Open dialog of a served game: only the server's puzzle folders, never its other files."""

from __future__ import annotations

import os
from pathlib import Path

from test_game_robustness import type_path  # the Open dialog, a path typed in its box
from textual.widgets import DirectoryTree, Input, Label
from ui_helpers import SIZE, settle, tree_loaded

from sudoku_tui.game.file_choice import OUTSIDE_FOLDERS, PuzzleFolders
from sudoku_tui.game.players.identity import Identity
from sudoku_tui.game.store.location import open_store_at
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


PLAYER = "SHA256:ada-key"


def screen_text(app: SudokuApp) -> str:
    """Every line the player's terminal shows now (the dialogs over the game included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def served_by_name(puzzle_dir: Path) -> SudokuApp:
    """A served player with a name already (no name asked), whose puzzle folder is ``puzzle_dir``."""
    server = puzzle_dir.parent / "server"
    with open_store_at(str(server), PLAYER).store as store:
        store.set_name(PLAYER, "Ada")
    return SudokuApp(
        store=open_store_at(str(server), PLAYER),
        start_folder=puzzle_dir,
        identity=Identity(PLAYER, served=True),
        folders=PuzzleFolders.of([puzzle_dir]),
        warm_up=False,
    )


async def test_the_open_dialog_shows_no_path_of_the_server(puzzle_dir: Path) -> None:
    app = served_by_name(puzzle_dir)
    server_path = str(puzzle_dir.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("o")
        await tree_loaded(pilot)
        dialog = app.screen
        shown = screen_text(app)
        assert f"{puzzle_dir.name}/" in shown and "four.txt" in shown
        assert server_path not in shown
        assert str(dialog.query_one("#path", Input).value) == f"{puzzle_dir.name}/"
        # A name typed after the folder shown opens the file in it.
        await pilot.press(*"four.txt", "enter")
        await settle(pilot)
        assert app.session.has_puzzle and server_path not in screen_text(app)


async def test_a_file_error_names_no_path_of_the_server(puzzle_dir: Path) -> None:
    (puzzle_dir / "broken.txt").write_text("not a puzzle\n")
    app = served_by_name(puzzle_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        for path in (puzzle_dir / "broken.txt", puzzle_dir / "gone.txt"):
            app.game.open_file(path)
            await settle(pilot)
            shown = screen_text(app) + app.title + app.sub_title
            if isinstance(app.screen, MessageDialog):
                shown += app.screen.message + app.screen.dialog_title
            assert str(puzzle_dir.parent) not in shown
            await pilot.press("escape")
            await pilot.pause()


async def test_a_folder_typed_by_its_shown_name_opens(puzzle_dir: Path) -> None:
    (puzzle_dir / "more").mkdir()
    (puzzle_dir / "more" / "two.txt").write_text((puzzle_dir / "four.txt").read_text())
    app = served_by_name(puzzle_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        dialog = await type_path(pilot, f"{puzzle_dir.name}/more/two.txt")
        await settle(pilot)
        assert app.screen is not dialog and app.session.has_puzzle
