"""Write the documentation's screenshots: the game itself at 80x24, exported as SVG by Textual.

Run from the project root: ``python docs/make_screenshot.py [--out DIR] [NAME ...]``
(every screenshot into ``docs/screens/`` unless told otherwise). The README shows
``game.svg``; the Play page shows them all. ``tests/docs/test_docs_screenshots.py`` makes
each again in a temporary folder and fails when it differs from the committed one,
so they always show the game as it is.

Each screenshot is deterministic: a bundled puzzle, a clock that never moves, a store
in memory (no saved game, setting or statistic of whoever runs it), no compiling in
the background, and Textual's own export, whose SVG holds no date and names its styles
after a checksum of its content. Where a screen would show today's date, none is taken.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from sudoku_tui.game.store.local import OpenedStore
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ROOT / "docs" / "screens"
SIZE = (80, 24)
# The store's wall clock (what a record's date would say): a fixed moment.
STORE_TIME = 1_790_000_000.0

Steps = Callable[[Pilot[None]], Awaitable[None]]


def still_clock() -> float:
    """The game's clock: it never moves, so every screenshot says 0:00."""
    return 0.0


def store_clock() -> float:
    return STORE_TIME


async def settle(pilot: Pilot[None]) -> None:
    """Let the game's own jobs (loading, solving, hints, making) end and their messages be handled."""
    app = pilot.app
    for _ in range(200):  # bounded: a job that never ends fails the screenshot, not the machine
        # A DirectoryTree keeps a loader worker alive for good: only the game's jobs are waited for.
        jobs = [w for w in app.workers if w.group in ("load", "solve", "hint", "make") and not w.is_finished]
        if not jobs:
            break
        await app.workers.wait_for_complete(jobs)
    await pilot.pause()
    await pilot.pause()


def keys(*pressed: str) -> Steps:
    async def press(pilot: Pilot[None]) -> None:
        for key in pressed:
            await pilot.press(key)
            await settle(pilot)

    return press


@dataclass(frozen=True)
class Shot:
    """One screenshot: a bundled puzzle opened, then keys pressed."""

    name: str
    caption: str
    puzzle_file: str  # relative to the project root, as the title shows it
    steps: Steps


# The first medium puzzle: ..3.57..2 / ...629..1 / ..6..4... (its solution's first row 943157682).
MEDIUM = "puzzles/9x9-medium.txt"
SHOTS = [
    Shot(
        "game",
        "A 9x9 game at 80x24: values typed, marks in two cells, the cursor's houses and value highlighted",
        MEDIUM,
        keys(
            *("9", "right", "4", "right", "right", "1"),  # values in the first row
            *("down", "left", "left", "left", "p", "4", "8", "right", "4", "7", "8", "p"),  # marks in two cells
            *("down", "down", "down", "right"),  # the cursor on a given 7: the other 7s show too
        ),
    ),
    Shot(
        "marks",
        "Every cell's candidates filled in (a), then every 5 highlighted (f 5)",
        MEDIUM,
        keys("a", "f", "5"),
    ),
    Shot(
        "hint",
        "A hint pressed twice: the technique, then its cells and its explanation",
        MEDIUM,
        keys("question_mark", "question_mark"),
    ),
    Shot("new-puzzle", "New Puzzle (n): size, difficulty, symmetry, or a technique to practise", MEDIUM, keys("n")),
    Shot("help", "Help (F1): every key, from the key bindings themselves", MEDIUM, keys("f1")),
    Shot(
        "samurai",
        "A Samurai puzzle at 80x24: one screen row a board row, every other box shaded",
        "puzzles/samurai-easy.txt",
        keys("right", "right"),
    ),
]


async def take(shot: Shot) -> str:
    """The SVG of ``shot``: the game started on its puzzle at 80x24, its keys pressed."""
    store = OpenedStore(SqliteStore.in_memory(store_clock))
    app = SudokuApp(now=still_clock, store=store, warm_up=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the game screen is up before the file is opened
        app.game.open_file(Path(shot.puzzle_file))
        await settle(pilot)
        await shot.steps(pilot)
        await settle(pilot)
        return app.export_screenshot(title="sudoku-tui")


async def write(names: list[str], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for shot in SHOTS:
        if names and shot.name not in names:
            continue
        path = out / f"{shot.name}.svg"
        path.write_text(await take(shot), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the documentation's screenshots of the game.")
    parser.add_argument("names", nargs="*", help=f"which ({', '.join(s.name for s in SHOTS)}); all when none")
    parser.add_argument("--out", type=Path, default=SCREENS, help="the folder to write them in")
    options = parser.parse_args(argv)
    unknown = set(options.names) - {shot.name for shot in SHOTS}
    if unknown:
        parser.error(f"no screenshot named {', '.join(sorted(unknown))}")
    # The title shows the puzzle file as given, relative to the project; colours as a colour terminal's.
    os.chdir(ROOT)
    os.environ.pop("NO_COLOR", None)
    for path in asyncio.run(write(options.names, options.out)):
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
