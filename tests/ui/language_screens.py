"""The game at 80x24 as an SVG screenshot, in the language of this process's environment.

``python tests/ui/language_screens.py footer|help``: nine.txt opened, the Footer below
the board; or F1's list of keys over it. A process of its own, since the game's language
is chosen as it starts (tests/ui/test_language_snapshots.py compares what it prints).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from textual._doc import take_svg_screenshot
from textual.pilot import Pilot
from ui_helpers import FIXTURE_PUZZLES, SIZE, settle, snapshot_app

from sudoku_tui.ui import SudokuApp

PROJECT = Path(__file__).resolve().parents[2]
KEYS = {"footer": (), "help": ("f1",)}


def screenshot(name: str) -> str:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await pilot.pause()
        app.game.open_file((FIXTURE_PUZZLES / "nine.txt").relative_to(PROJECT))
        await settle(pilot)
        await pilot.press(*KEYS[name])
        await pilot.pause()

    return take_svg_screenshot(app=snapshot_app(), terminal_size=SIZE, run_before=run_before)


if __name__ == "__main__":
    sys.stdout.write(screenshot(sys.argv[1]))
