"""New puzzle (n): the dialog, making the puzzle in a worker, cancelling, playing it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Footer, Label, RadioButton
from ui_helpers import SIZE, enabled_keys, load, settle, snapshot_app

from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.making.generator import Generated, GenerationFailed
from sudoku_tui.engine.progress import Cancelled
from sudoku_tui.engine.search.solver import count_solutions
from sudoku_tui.game import new_puzzle as new_game
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.dialogs import MessageDialog
from sudoku_tui.ui.new_puzzle_dialog import NewPuzzleDialog

SnapCompare = Callable[..., bool]


async def made(pilot: Pilot[None]) -> None:
    """Wait until the puzzle being made has arrived (or the job ended)."""
    app = pilot.app
    jobs = [worker for worker in app.workers if worker.group == "make"]
    if jobs:
        await app.workers.wait_for_complete(jobs)
    await pilot.pause()


def quit_in_view(app: SudokuApp) -> bool:
    """q Quit is drawn in the Footer, left of the palette's key, not scrolled off."""
    footer = app.query_one(Footer)
    quit_key = next(key for key in footer.query("FooterKey") if key.action.removeprefix("app.") == "quit")
    palette = footer.query_one("FooterKey.-command-palette")
    return quit_key.region.width > 0 and quit_key.region.right <= palette.region.x


def status(app: SudokuApp) -> str:
    return str(app.query_one("#status", Label).render())


async def test_n_opens_the_dialog_and_escape_changes_nothing(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        before = (app.session.puzzle, app.session.play.values, app.game.sub_title, app.session.puzzles)
        await pilot.press("n")
        assert isinstance(app.screen, NewPuzzleDialog)
        await pilot.press("up", "tab", "down", "escape")
        assert not isinstance(app.screen, NewPuzzleDialog)
        assert not [worker for worker in app.workers if worker.group == "make"]
        assert (app.session.puzzle, app.session.play.values, app.game.sub_title, app.session.puzzles) == before
        assert isinstance(app.focused, Board)


async def test_a_four_by_four_is_made_and_played(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("n", "up", "enter")  # 9x9 is chosen at first; up chooses 4x4
        await made(pilot)
        assert app.session.made is not None
        puzzle = app.session.puzzle
        assert puzzle.shape.name == "4x4"
        assert count_solutions(puzzle, 2) == 1
        assert app.game.board.play is app.session.play
        assert app.game.sub_title == "New easy 4x4 puzzle"
        # No file: Load Random and the number are off, as at start; Solve works.
        assert app.session.puzzles is None and app.game.number_box.disabled
        keys = enabled_keys(app)
        assert keys["random"] is False and keys["solve"] is True
        given = next(cell for cell in range(puzzle.shape.size) if puzzle.is_given(cell))
        app.game.board.cursor = given
        await pilot.press("0")
        assert app.session.play.values[given] == puzzle.givens[given]
        await pilot.press("s")
        await settle(pilot)
        assert tuple(app.session.play.values) == app.session.made.solution
        await pilot.press("c")
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == "The puzzle is correctly solved."


async def test_a_nine_by_nine_has_the_level_asked_for() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        # 9x9 easy is the first choice; the second symmetry is rotational.
        await pilot.press("n", "tab", "tab", "down", "enter")
        await made(pilot)
        generated = app.session.made
        assert generated is not None and generated.level == 1
        assert app.session.puzzle.shape.name == "9x9"
        assert count_solutions(app.session.puzzle, 2) == 1
        givens = app.session.puzzle.givens
        assert all((givens[cell] == 0) == (givens[80 - cell] == 0) for cell in range(81))
        assert app.game.sub_title == "New easy 9x9 puzzle"


async def test_four_by_four_offers_only_easy() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "tab", "down", "down", "shift+tab")  # hard, then back to size
        await pilot.press("up")  # 4x4
        dialog = app.screen
        assert isinstance(dialog, NewPuzzleDialog)
        assert dialog.choice().level is Level.EASY
        assert [button.disabled for button in dialog.query("#level RadioButton").results(RadioButton)] == [
            False,
            True,
            True,
            True,
            True,
        ]
        await pilot.press("down")  # back to 9x9: every level again
        assert not any(button.disabled for button in dialog.query("#level RadioButton").results(RadioButton))


class SlowGenerator:
    """Reports one failed attempt, then works until it is told to stop."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()

    def __call__(self, *args: Any, should_stop: Callable[[], bool], progress: Callable[[int, int], None]) -> Generated:
        progress(1, 0)
        self.started.set()
        deadline = time.monotonic() + 5  # a test that forgets to cancel still ends
        while time.monotonic() < deadline:
            if should_stop():
                self.stopped.set()
                raise Cancelled()
            time.sleep(0.005)
        raise AssertionError("never cancelled")


async def test_cancel_while_making_changes_nothing(puzzle_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowGenerator()
    monkeypatch.setattr(new_game, "GENERATE", slow)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("n", "tab", "down", "down", "enter")  # a hard 9x9
        assert slow.started.wait(2)
        await pilot.pause(0.05)
        assert status(app).startswith("Making a hard 9x9 puzzle… attempt 2")
        # Esc is named on the status line, not in the Footer, which keeps q Quit at 80 columns.
        assert app.game.check_action("cancel_new", ()) is True and "Esc cancels" in status(app)
        assert "cancel_new" not in enabled_keys(app) and enabled_keys(app)["quit"] is True
        assert quit_in_view(app)
        # The game still answers: a value goes into the file's puzzle.
        app.game.board.cursor = next(cell for cell in range(81) if not app.session.puzzle.is_given(cell))
        await pilot.press("5")
        before = (app.session.puzzle, app.session.play.values, app.game.sub_title, app.session.puzzles)
        assert 5 in app.session.play.values
        await pilot.press("escape")
        assert slow.stopped.wait(2)
        await made(pilot)
        assert app.session.making is None and app.session.made is None
        assert (app.session.puzzle, app.session.play.values, app.game.sub_title, app.session.puzzles) == before
        assert status(app) == "New puzzle cancelled."
        assert "cancel_new" not in enabled_keys(app) and app.game.check_action("cancel_new", ()) is False


async def test_a_failed_generation_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(*args: Any, **kwargs: Any) -> Generated:
        raise GenerationFailed("No 9x9 puzzle of level extreme turned up in 3 attempts.")

    monkeypatch.setattr(new_game, "GENERATE", failing)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        before = app.session.puzzle
        await pilot.press("n", "enter")
        await made(pilot)
        assert isinstance(app.screen, MessageDialog)
        assert "extreme" in app.screen.message
        assert app.session.puzzle is before and app.session.making is None


def test_new_puzzle_dialog(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("n", "tab", "down", "down")

    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=run_before)
