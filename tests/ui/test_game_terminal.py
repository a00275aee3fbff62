"""Terminal sizes, colours and the mouse being optional."""

from __future__ import annotations

import select
from pathlib import Path

import pytest
from textual.widgets import Static
from ui_helpers import SIZE, load, settle

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.terminal_input import WakingEvent


async def test_nine_by_nine_fits_80x24_with_room_for_every_mark(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        board = app.query_one(Board)
        assert board.plan.density == "paired"  # two rows of marks per cell, a line between cells
        region = board.region
        assert region.width == 73 and region.height == 20
        assert region.bottom <= 24 - 2  # above the status line and the footer
        assert not app.screen.has_class("-too-small")


async def test_a_shorter_terminal_gets_the_compact_board(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=(50, 18)) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        board = app.query_one(Board)
        assert board.plan.density == "compact"
        assert board.region.height == 13
        assert not app.screen.has_class("-too-small")


@pytest.mark.parametrize("size", [(30, 24), (80, 11), (20, 5)])
async def test_too_small_terminal_shows_a_note(size: tuple[int, int]) -> None:
    app = SudokuApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        note = app.query_one("#too-small", Static)
        assert note.display and "Terminal too small" in str(note.render())
        assert not app.query_one(Board).visible or not app.query_one("#board-area").display


async def test_growing_the_terminal_brings_the_board_back() -> None:
    app = SudokuApp()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.has_class("-too-small")
        assert app.query_one(Board).plan.density == "paired"


async def test_no_color_runs_and_keeps_givens_apart(puzzle_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "2", "right")
        assert app.no_color
        board = app.query_one(Board)
        given = board.get_component_rich_style("board--given")
        entry = board.get_component_rich_style("board--entry")
        # Without colour, givens still differ from entries: bold against plain.
        assert given.bold and not entry.bold
        app.export_screenshot()  # draws without error


async def test_everything_works_from_the_keyboard_alone(puzzle_dir: Path) -> None:
    # Open, pick the number, enter, solve: no mouse event anywhere.
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("tab")  # from the tree to the path box, which already names the folder
        box = app.screen.query_one("#path")
        assert box.has_focus
        await pilot.press(*"four.txt", "enter")
        await settle(pilot)
        assert app.session.puzzles is not None
        await pilot.press("g", "2", "enter", "s")
        await settle(pilot)
        assert app.session.number == 2 and app.session.play.is_full()


async def test_sixteen_by_sixteen_fits_80x24_without_the_header(tmp_path: Path) -> None:
    from ui_puzzles import blank, pattern_solution

    path = tmp_path / "sixteen.txt"
    path.write_text(blank(pattern_solution(4), 2, 1) + "\n")  # a plain collection line of 256 cells
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, path)
        board = app.query_one(Board)
        assert app.session.play.shape.name == "16x16"
        assert board.plan.density == "compact" and board.region.height == 21
        assert app.screen.has_class("-short") and not app.screen.has_class("-too-small")
        # Values 10-16 are capitals; lower case stays for commands.
        await pilot.press("G")
        assert app.session.play.values[0] == 16
        await pilot.press("a", "b")
        assert app.session.play.values[0] == 16


def test_the_input_threads_end_wakes_it_where_it_waits() -> None:
    """The input thread sleeps until a key comes (no wake-up ten times a second): being told
    to end must wake it too."""
    event = WakingEvent()
    try:
        assert not select.select([event.wake_fd], [], [], 0)[0]
        event.set()
        assert select.select([event.wake_fd], [], [], 5)[0] and event.is_set()
        event.drain()
        assert not select.select([event.wake_fd], [], [], 0)[0]
    finally:
        event.close()
    event.set()  # closed: setting it still works, writing nowhere
    assert event.wake_fd == -1
