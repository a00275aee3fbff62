"""Fixtures for the game's pilot and snapshot tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pty_game import PtyGame
from ui_puzzles import FOUR_NO_SOLUTION, FOUR_PUZZLES, NINE_PUZZLES, block_file


@pytest.fixture(autouse=True)
def no_game_left_running() -> Iterator[None]:
    """A game process a failed test started ends with the test."""
    yield
    PtyGame.end_leftovers()


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saved games go to a folder of the test's own: no test reads or writes the player's saves."""
    home = tmp_path / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home / "sudoku-tui"


@pytest.fixture
def puzzle_dir(tmp_path: Path) -> Path:
    """A folder with a 4x4, a 9x9 and an unsolvable file, written for each test."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "four.txt").write_text(block_file(2, FOUR_PUZZLES))
    (folder / "nine.txt").write_text(block_file(3, NINE_PUZZLES))
    (folder / "no-solution.txt").write_text(block_file(2, [FOUR_NO_SOLUTION]))
    return folder


@pytest.fixture
def write_file(tmp_path: Path) -> Callable[[str, str], Path]:
    def write(name: str, content: str) -> Path:
        path = tmp_path / name
        path.write_bytes(content.encode("ascii", "surrogateescape"))
        return path

    return write
