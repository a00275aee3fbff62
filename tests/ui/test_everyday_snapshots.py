"""Snapshots of a puzzle being typed in and of several cells selected, at 80x24 and 120x40
and under NO_COLOR (the selection's ▸ ◂ show without colour).

Regenerate after a deliberate change with
``pytest tests/ui/test_everyday_snapshots.py --snapshot-update`` and look at the
report before committing the new SVGs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import FIXTURE_PUZZLES, SIZE, settle, snapshot_app

from sudoku_tui.ui import SudokuApp

PROJECT = Path(__file__).resolve().parents[2]
SnapCompare = Callable[..., bool]
LARGE = (120, 40)


@pytest.fixture(autouse=True)
def in_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(PROJECT)


def playing(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Open nine.txt and press ``keys``."""

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await pilot.pause()  # the game screen is up before the file is opened
        app.game.open_file((FIXTURE_PUZZLES / "nine.txt").relative_to(PROJECT))
        await settle(pilot)
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


# A puzzle being typed in: three givens, the cursor moved on.
ENTERING = ("i", "5", "right", "3", "down", "down", "7", "right")
# A rectangle of 3 x 2 cells over givens and empty cells, with a 4 in each empty one and a mark
# row below it: the selection then grown over marks and values.
SELECTING = ("down", "down", "shift+right", "shift+right", "shift+down", "4", "shift+down", "p", "2")


@pytest.mark.parametrize("size", [SIZE, LARGE], ids=["80x24", "120x40"])
def test_entering_a_puzzle(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=playing(*ENTERING))


def test_entering_a_puzzle_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(*ENTERING))


@pytest.mark.parametrize("size", [SIZE, LARGE], ids=["80x24", "120x40"])
def test_several_cells_selected(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=playing(*SELECTING))


def test_several_cells_selected_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(*SELECTING))
