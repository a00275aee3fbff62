"""Big files load in a worker with a progress bar; keys answer and quitting is clean meanwhile."""

from __future__ import annotations

import gzip
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Label, ProgressBar
from ui_helpers import SIZE, load, settle
from ui_puzzles import NINE_PUZZLES, block_file

from sudoku_tui.engine.files import formats
from sudoku_tui.engine.files.model import PuzzleFile
from sudoku_tui.engine.progress import Cancelled
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui import game_screen as app_module
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.dialogs import OpenFileDialog
from sudoku_tui.ui.game_screen import GameScreen
from sudoku_tui.ui.worker_messages import LoadProgress
from tests.shared_data import SHARED_DATA

EXCHANGE = SHARED_DATA / "9x9" / "exchange-hard-diabolical-rated.txt.gz"


class SlowReader:
    """Stands in for read_puzzle_file: reports half the bytes, then waits to be released or stopped."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.stopped = threading.Event()
        self.finished = threading.Event()

    def __call__(
        self,
        path: Path,
        progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> PuzzleFile:
        try:
            if progress is not None:
                progress(50, 100)
            while not self.release.wait(0.01):
                if should_stop is not None and should_stop():
                    self.stopped.set()
                    raise Cancelled()
            return formats.read_puzzle_file(path)
        finally:
            self.finished.set()


@pytest.fixture
def big_nine(tmp_path: Path) -> Path:
    """A 9x9 file just over the progress-bar threshold, of our own puzzles."""
    path = tmp_path / "big.txt"
    count = app_module.BIG_FILE_BYTES // 82 + 10
    path.write_text(block_file(3, [NINE_PUZZLES[i % 3] for i in range(count)]))
    return path


async def test_keys_answer_while_a_file_loads(big_nine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reader = SlowReader()
    monkeypatch.setattr(app_module, "read_puzzle_file", reader)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        app.game.open_file(big_nine)
        await pilot.pause(0.05)
        bar = app.query_one("#progress", ProgressBar)
        assert app.session.loading == big_nine
        assert bar.display and bar.percentage == 0.5
        assert "Loading big.txt" in str(app.query_one("#status", Label).render())
        await pilot.press("right", "down", "5")
        board = app.query_one(Board)
        assert board.cursor_position == (1, 1) and app.session.play.values[10] == 5
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OpenFileDialog)
        await pilot.press("escape")
        reader.release.set()
        await settle(pilot)
        assert app.session.loading is None and not bar.display
        assert app.session.puzzles is not None and len(app.session.puzzles) > 10_000
        assert board.has_focus and board.cursor_position == (0, 0)


async def test_quitting_during_a_load_is_clean(big_nine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reader = SlowReader()
    monkeypatch.setattr(app_module, "read_puzzle_file", reader)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        app.game.open_file(big_nine)
        await pilot.pause(0.05)
        await pilot.press("q")
        await pilot.pause()
    assert reader.finished.wait(2), "the loading thread did not stop"
    assert reader.stopped.is_set()
    assert app.return_code in (0, None)


async def test_opening_another_file_replaces_a_load(
    big_nine: Path, puzzle_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reader = SlowReader()
    monkeypatch.setattr(app_module, "read_puzzle_file", reader)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        app.game.open_file(big_nine)
        await pilot.pause(0.05)
        monkeypatch.setattr(app_module, "read_puzzle_file", formats.read_puzzle_file)
        await load(pilot, puzzle_dir / "four.txt")
        assert reader.stopped.wait(2)
        assert app.session.puzzles is not None and app.session.play.shape.name == "4x4"


class ProgressSpy(GameScreen):
    """Records every progress report the game receives."""

    seen: list[tuple[int, int]]

    def on_load_progress(self, message: LoadProgress) -> None:
        self.seen.append((message.done, message.total))
        super().on_load_progress(message)


async def test_a_big_file_loads_with_its_range(big_nine: Path) -> None:
    app = SudokuApp()
    spy = app.game = ProgressSpy(app.session)
    spy.seen = []
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, big_nine)
        count = len(app.session.puzzles or [])
        assert str(app.query_one("#range", Label).render()).startswith(f"of 0 … {count - 1}")
        assert spy.seen and spy.seen[-1][0] == spy.seen[-1][1] == big_nine.stat().st_size
        assert not app.query_one("#progress", ProgressBar).display


@pytest.fixture
def exchange_441k(tmp_path: Path) -> Path:
    """The 441,273-puzzle file, built as ../shared/data/README.md says (block size 3, 0 -> '.')."""
    if not EXCHANGE.exists():
        pytest.skip(f"{EXCHANGE} is absent")
    path = tmp_path / "exchange-441k.txt"
    with gzip.open(EXCHANGE, "rt") as source, open(path, "w") as out:
        out.write("3\n")
        out.writelines(line.split()[1].replace("0", ".") + "\n" for line in source)
    return path


async def test_the_441k_exchange_file_loads(exchange_441k: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, exchange_441k)
        assert app.session.puzzles is not None and len(app.session.puzzles) == 441_273
        await pilot.press("g", *"441272", "enter")
        assert app.session.number == 441_272
        await pilot.press("g", *"441273", "enter")
        assert app.session.number == 441_272


async def test_the_progress_bar_wakes_the_game_only_while_it_pulses() -> None:
    """A hidden bar used to animate 15 times a second and update a time estimate every second:
    every idle served game woke for it."""
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        bar = app.query_one("#progress", ProgressBar)
        assert not bar.display
        assert bar.query_one("Bar").auto_refresh is None
        assert not [timer for timer in bar._timers if timer._active.is_set()]  # no estimate of the time left
        app.game.status.show_bar(True, total=None)  # making a puzzle: no end known
        await pilot.pause()
        assert bar.query_one("Bar").auto_refresh is not None
        app.game.status.show_bar(False)
        await pilot.pause()
        assert bar.query_one("Bar").auto_refresh is None
