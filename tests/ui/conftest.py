"""Fixtures for the game's pilot and snapshot tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from puzzle_data import FOUR_NO_SOLUTION, FOUR_PUZZLES, NINE_PUZZLES, block_file
from textual.pilot import Pilot

from sudoku_tui.ui import SudokuApp

HERE = Path(__file__).parent
FIXTURE_PUZZLES = HERE / "puzzles"
SIZE = (80, 24)


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


async def settle(pilot: Pilot[None]) -> None:
    """Let workers finish and their messages be handled."""
    app = pilot.app
    # Only the game's own jobs: a DirectoryTree keeps a loader worker alive for good.
    ours = [worker for worker in app.workers if worker.group in ("load", "solve") and not worker.is_cancelled]
    if ours:  # an empty list would mean "every worker" to wait_for_complete
        await app.workers.wait_for_complete(ours)
    await pilot.pause()  # the workers' messages


async def tree_loaded(pilot: Pilot[None]) -> None:
    """Wait until the open dialog's folder tree shows the folder's entries."""
    from textual.widgets import DirectoryTree

    tree = pilot.app.screen.query_one(DirectoryTree)
    for _ in range(100):
        await pilot.pause(0.02)
        if tree.root.children:
            return
    raise AssertionError("the folder tree did not load")


async def load(pilot: Pilot[None], path: Path) -> None:
    """Open a file the way the dialog does, and wait for it."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    app.open_file(path)
    await settle(pilot)
