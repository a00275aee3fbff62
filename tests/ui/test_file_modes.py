"""The player's store is theirs alone: the real game, on a pseudo-terminal, under the usual umask."""

from __future__ import annotations

from pathlib import Path
from stat import S_IMODE

from pty_game import PtyGame
from ui_puzzles import FOUR_PUZZLES, block_file

from sudoku_tui.game.store.local import STORE_NAME


def test_the_data_folder_and_the_store_are_the_players_alone(tmp_path: Path, open_umask: None) -> None:
    path = tmp_path / "four.txt"
    path.write_text(block_file(2, FOUR_PUZZLES))
    game = PtyGame(path, tmp_path / "data-home")
    game.wait_for("four.txt")
    game.press("l", "2")  # a move: the game is saved
    folder = tmp_path / "data-home" / "sudoku-tui"
    assert (folder / STORE_NAME).exists()
    # While the game runs SQLite's journal files are there too.
    files = sorted(folder.iterdir())
    game.press("q")
    assert game.finish() == 0
    assert S_IMODE(folder.stat().st_mode) == 0o700
    assert {path.name for path in files} >= {STORE_NAME, STORE_NAME + "-wal", STORE_NAME + "-shm"}
    for path in files:
        if path.exists():
            assert S_IMODE(path.stat().st_mode) == 0o600, path.name


def test_a_store_an_earlier_version_left_readable_is_made_private(tmp_path: Path, open_umask: None) -> None:
    folder = tmp_path / "data-home" / "sudoku-tui"
    folder.mkdir(parents=True)
    (folder / STORE_NAME).touch(0o644)
    path = tmp_path / "four.txt"
    path.write_text(block_file(2, FOUR_PUZZLES))
    game = PtyGame(path, tmp_path / "data-home")
    game.wait_for("four.txt")
    game.press("q")
    assert game.finish() == 0
    assert S_IMODE((folder / STORE_NAME).stat().st_mode) == 0o600
