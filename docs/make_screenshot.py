"""Write docs/screenshot.svg: a 9x9 game in progress at 80x24, exported by Textual.

Run from the project root: ``python docs/make_screenshot.py``.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from sudoku_tui.ui import SudokuApp

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshot.svg"

# A well-known example puzzle, in the block-size format.
SEED_EXAMPLE = "3\n...81.....2........1.9..7...7..25.934.2............5...975.....563.....4......68.\n"


async def main() -> None:
    folder = Path(tempfile.mkdtemp())
    puzzles = folder / "seed-example.txt"
    puzzles.write_text(SEED_EXAMPLE)
    app = SudokuApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.game.open_file(puzzles)
        for _ in range(50):  # the file loads in a worker
            await pilot.pause(0.02)
            if app.session.puzzles is not None:
                break
        # The first row filled in by the player as far as the givens, the cursor moved on.
        await pilot.press("9", "right", "3", "right", "4", "down", "down", "right", "right")
        await pilot.pause(0.5)
        OUT.write_text(app.export_screenshot(title="sudoku-tui"))
    puzzles.unlink()
    folder.rmdir()
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    asyncio.run(main())
