"""Two game processes on one store: whichever quits first, both games are kept.

Each game is the real program on its own pseudo-terminal (tests/ui/pty_game.py),
played by keys; the store is the one file in the shared data folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pty_game import PtyGame
from ui_puzzles import FOUR_PUZZLES, NINE_PUZZLES, block_file

from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.records import game_key
from sudoku_tui.game.store.sqlite import SqliteStore


@pytest.mark.parametrize("first", ["four", "nine"])
def test_two_games_at_once_lose_nothing(tmp_path: Path, first: str) -> None:
    files = {"four": tmp_path / "four.txt", "nine": tmp_path / "nine.txt"}
    files["four"].write_text(block_file(2, FOUR_PUZZLES))
    files["nine"].write_text(block_file(3, NINE_PUZZLES))
    data_home = tmp_path / "data-home"
    games = {name: PtyGame(path, data_home) for name, path in files.items()}
    for name, game in games.items():
        game.wait_for(f"{name}.txt")  # the subtitle: the file has loaded
        game.press("a")  # every cell's candidates: a move, so the game is kept
    order = [first, *(name for name in games if name != first)]
    for name in order:
        games[name].press("q")
        assert games[name].finish() == 0, games[name].seen()[-2000:]
    with SqliteStore(data_home / "sudoku-tui" / STORE_NAME) as store:
        kept = {game.key for game in store.games_in_progress(LOCAL_PLAYER)}
    assert kept == {game_key("4x4", FOUR_PUZZLES[0]), game_key("9x9", NINE_PUZZLES[0])}
