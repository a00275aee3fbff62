"""What the warm template plays headless, on a store that keeps nothing, before it forks
games: the first screen, in the template itself, so that what every game computes the
same way (Textual's parsed styles and caches, Python's specialized bytecode) is
computed once and shared; and a whole short game, in a forked child, to learn which
code a game runs (hot_code.py)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot
from textual.widgets import DirectoryTree

from ..game.file_choice import PuzzleFolders
from ..game.players.identity import Identity
from ..game.players.names import new_guest_id
from ..game.store.location import IN_MEMORY, open_store_at
from ..paths import bundled_puzzles
from ..ui import SudokuApp
from ..ui.dialogs import OpenFileDialog

THREADS_END = 10.0  # seconds the rehearsal's threads have to end
SIZE = (80, 24)
FILE = "9x9-easy.txt"  # a bundled file, opened through the Open dialog as a player would
WAIT_MOST = 10.0  # seconds a step of the whole game waits for what it expects, at most
# Moves, values and marks, an undo, a hint; the solve comes last, as it ends the game.
KEYS = ("right", "down", "1", "left", "2", "p", "3", "p", "u", "down", "4", "question_mark")
WORKERS = ("load", "hint", "solve")  # the game's background jobs that a step waits for


def headless_app() -> SudokuApp:
    player = new_guest_id()
    return SudokuApp(
        store=open_store_at(IN_MEMORY, player),
        identity=Identity(player, served=True),
        folders=PuzzleFolders.of([bundled_puzzles()]),
        warm_up=False,
        tells_crash=False,
    )


def rehearse() -> None:
    """The first screen, drawn once here."""

    async def first_screen(pilot: Pilot[None]) -> None:
        await pilot.pause()

    play_headless(first_screen)


def play_a_game() -> None:
    """A short game: the Open dialog, a bundled file, moves, marks, an undo, a hint, a solve."""
    play_headless(whole_game)


def play_headless(steps: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    app = headless_app()

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await steps(pilot)

    asyncio.run(run())
    for thread in threading.enumerate():
        if thread is not threading.main_thread():
            thread.join(THREADS_END)


async def whole_game(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, SudokuApp)
    await pilot.pause()
    await pilot.press("o")
    await until(pilot, lambda: isinstance(app.screen, OpenFileDialog) and folder_shown(app.screen))
    await pilot.press("tab", *FILE)
    await pilot.pause()
    await pilot.press("enter")
    await until(pilot, lambda: app.screen is app.game and app.game.sub_title == FILE)
    for key in (*KEYS, "s"):
        await pilot.press(key)
        await workers_done(pilot)


def folder_shown(dialog: OpenFileDialog) -> bool:
    return bool(dialog.query_one(DirectoryTree).root.children)


async def until(pilot: Pilot[None], done: Callable[[], bool]) -> None:
    """Wait until ``done``, at most WAIT_MOST seconds: a play that goes otherwise than
    expected still runs, and only teaches less."""
    waited = 0.0
    while not done() and waited < WAIT_MOST:
        await pilot.pause(0.02)
        waited += 0.02


async def workers_done(pilot: Pilot[None]) -> None:
    jobs = [worker for worker in pilot.app.workers if worker.group in WORKERS and not worker.is_finished]
    if jobs:
        await asyncio.wait_for(pilot.app.workers.wait_for_complete(jobs), WAIT_MOST)
    await pilot.pause()
