"""Snapshots of the player aids: pencil marks at 80x24 and 120x40,
highlighting under NO_COLOR, the paused board and F1 help.

Regenerate after a deliberate change with
``pytest tests/ui/test_aids_snapshots.py --snapshot-update`` and look at the
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


@pytest.fixture(autouse=True)
def in_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(PROJECT)


def playing(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Open nine.txt, press ``keys``, stop the clock."""

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await pilot.pause()  # the game screen is up before the file is opened
        app.game.open_file((FIXTURE_PUZZLES / "nine.txt").relative_to(PROJECT))
        await settle(pilot)
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


# Candidates filled, then in pencil mode one mark taken away from the cell under the cursor.
MARKS = ("right", "a", "down", "right", "p", "4")


def test_marks_at_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(*MARKS))


def test_marks_at_120x40(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=(120, 40), run_before=playing(*MARKS))


def test_highlighting_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    # A conflict (a 5 twice in row 1), the cursor on a given whose value repeats on the board.
    monkeypatch.setenv("NO_COLOR", "1")
    app = snapshot_app()
    assert snap_compare(app, terminal_size=SIZE, run_before=playing("right", "5", "down", "down", "right"))


def test_paused(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing("right", "5", "space"))


def test_help(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing("f1"))
