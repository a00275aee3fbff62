"""The game at 80x24 as an SVG screenshot, in the language of this process's environment.

``python tests/ui/language_screens.py footer|help``: nine.txt opened, the Footer below
the board; or F1's list of keys over it. A process of its own, since the game's language
is chosen as it starts (tests/ui/test_language_snapshots.py compares what it prints).
``keys COLUMNS``: the Footer's keys at that width instead, a line each: the key, whether
it shows, the columns it starts and ends at; the palette's key last.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from textual._doc import take_svg_screenshot
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey
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


def footer_keys(columns: int) -> str:
    async def run() -> str:
        app = snapshot_app()
        async with app.run_test(size=(columns, SIZE[1])) as pilot:
            await pilot.pause()
            app.game.open_file((FIXTURE_PUZZLES / "nine.txt").relative_to(PROJECT))
            await settle(pilot)
            for _ in range(5):
                await pilot.pause(0.05)
            keys = sorted(app.game.query(FooterKey), key=lambda key: key.has_class("-command-palette"))
            return "".join(f"{key.key} {key.display} {key.region.x} {key.region.right}\n" for key in keys)

    return asyncio.run(run())


if __name__ == "__main__":
    if sys.argv[1] == "keys":
        sys.stdout.write(footer_keys(int(sys.argv[2])))
    else:
        sys.stdout.write(screenshot(sys.argv[1]))
