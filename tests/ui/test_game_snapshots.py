"""Snapshots of the main screens at 80x24 (pytest-textual-snapshot).

Regenerate after a deliberate change with ``pytest tests/ui --snapshot-update``
and look at the report before committing the new SVGs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import FIXTURE_PUZZLES, SIZE, settle, snapshot_app, tree_loaded, wait_for

import sudoku_tui
from sudoku_tui.engine.board.levels import Level
from sudoku_tui.game.new_puzzle import NewPuzzleChoice
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.new_puzzle_dialog import NewPuzzleDialog

PROJECT = Path(__file__).resolve().parents[2]
SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def in_project(monkeypatch: pytest.MonkeyPatch) -> None:
    # Paths on screen are shown relative to the project, so snapshots do not depend on where it lives.
    monkeypatch.chdir(PROJECT)


def relative(name: str) -> Path:
    return (FIXTURE_PUZZLES / name).relative_to(PROJECT)


def opening(name: str, *keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await pilot.pause()  # the game screen is up before the file is opened
        app.game.open_file(relative(name))
        await settle(pilot)
        if keys:
            await pilot.press(*keys)
            await settle(pilot)

    return run_before


def test_start_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE)


def test_four_by_four_loaded(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening("four.txt", "right", "2"))


def test_nine_by_nine_loaded_with_entries(snap_compare: SnapCompare) -> None:
    keys = ("right", "2", "down", "down", "right", "7", "right")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening("nine.txt", *keys))


def test_nine_by_nine_solved(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening("nine.txt", "s"))


def test_check_dialog_not_solved(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await opening("four.txt")(pilot)
        app = pilot.app
        assert isinstance(app, SudokuApp)
        for cell, value in enumerate(app.session.play.values):
            if not value:
                app.game.board.cursor = cell
                await pilot.press("4")
        await pilot.press("c")
        await pilot.pause()

    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=run_before)


def test_check_dialog_solved(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening("nine.txt", "s", "c"))


def test_no_solution_dialog(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening("no-solution.txt", "s"))


def test_file_error_dialog(snap_compare: SnapCompare, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("3\n" + "." * 80 + "\n")

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await pilot.pause()  # the game screen is up before the file is opened
        app.game.open_file(bad)
        await settle(pilot)

    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=run_before)


def test_open_dialog(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("o")
        await tree_loaded(pilot)

    app = snapshot_app(start_folder=FIXTURE_PUZZLES.relative_to(PROJECT))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_number_hint(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening("nine.txt", "g", "7", "enter"))


def test_terminal_too_small(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=(40, 12))


def test_compact_board_in_a_short_terminal(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=(60, 18), run_before=opening("nine.txt"))


# The hint area and the New Puzzle dialog, at 80x24 and 120x40, and without colour.
SIZES = {"80x24": SIZE, "120x40": (120, 40)}
EXTREME = Path(sudoku_tui.__file__).parent / "puzzles" / "9x9-extreme.txt"


def long_hint(pilot_keys: int) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Puzzle 9 of the extreme file, hints pressed until a long sentence shows in the note."""

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await pilot.pause()
        app.game.open_file(EXTREME.relative_to(PROJECT))
        await settle(pilot)
        app.game.show_puzzle(9)
        for _ in range(pilot_keys):
            await pilot.press("question_mark")
            await wait_for(pilot, "hint")
        await pilot.pause()

    return run_before


def new_puzzle_dialog(pilot: Pilot[Any]) -> Awaitable[None]:
    app = pilot.app
    assert isinstance(app, SudokuApp)
    app.push_screen(NewPuzzleDialog(NewPuzzleChoice("9x9", Level.HARD)))
    return pilot.pause()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("colour", ["colour", "no-colour"])
def test_a_long_hint_in_the_hint_area(
    snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch, size: str, colour: str
) -> None:
    if colour == "no-colour":
        monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZES[size], run_before=long_hint(20))


@pytest.mark.parametrize("size", [*SIZES, "60x20"])
@pytest.mark.parametrize("colour", ["colour", "no-colour"])
def test_the_new_puzzle_dialog(
    snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch, size: str, colour: str
) -> None:
    if colour == "no-colour":
        monkeypatch.setenv("NO_COLOR", "1")
    terminal = SIZES.get(size, (60, 20))
    assert snap_compare(snapshot_app(), terminal_size=terminal, run_before=new_puzzle_dialog)
