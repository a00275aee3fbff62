"""Helpers for the game's tests: the terminal size, waiting for workers, loading a file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from sudoku_tui.ui import SudokuApp

HERE = Path(__file__).parent
FIXTURE_PUZZLES = HERE / "puzzles"
SIZE = (80, 24)


async def settle(pilot: Pilot[None]) -> None:
    """Let workers finish and their messages be handled."""
    app = pilot.app
    # Only the game's own jobs: a DirectoryTree keeps a loader worker alive for good.
    ours = [worker for worker in app.workers if worker.group in ("load", "solve") and not worker.is_cancelled]
    if ours:  # an empty list would mean "every worker" to wait_for_complete
        await app.workers.wait_for_complete(ours)
    await pilot.pause()  # the workers' messages


async def wait_for(pilot: Pilot[None], group: str) -> None:
    """Let the workers of one group (hint, make) finish and their messages be handled."""
    app = pilot.app
    jobs = [worker for worker in app.workers if worker.group == group]
    if jobs:
        await app.workers.wait_for_complete(jobs)
    await pilot.pause()


async def tree_loaded(pilot: Pilot[None]) -> None:
    """Wait until the open dialog's folder tree shows the folder's entries."""
    from textual.widgets import DirectoryTree

    tree = pilot.app.screen.query_one(DirectoryTree)
    for _ in range(100):
        await pilot.pause(0.02)
        if tree.root.children:
            return
    raise AssertionError("the folder tree did not load")


async def load(pilot: Pilot[None], path: Path) -> None:
    """Open a file the way the dialog does, and wait for it."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    await pilot.pause()  # the game screen is up (a snapshot's pilot may start before it is)
    app.game.open_file(path)
    await settle(pilot)


def enabled_keys(app: SudokuApp) -> dict[str, bool]:
    """Footer keys of the game screen's own bindings and whether each is enabled."""
    return {
        binding.action.removeprefix("app."): active.enabled
        for active in app.screen.active_bindings.values()
        if (binding := active.binding).show and active.node is app.game
    }


def still_clock() -> float:
    """A clock that never moves: the game's time stays 0:00 however long a test takes."""
    return 0.0


def snapshot_app(**options: Any) -> SudokuApp:
    """The game for a snapshot: its clock is still, so no second that passed shows."""
    return SudokuApp(now=still_clock, **options)


def label(app: SudokuApp, name: str) -> str:
    """The text a label of the game screen shows (``status``, ``cell-info``, ``mode``, ``clock``)."""
    from textual.widgets import Label

    return str(app.query_one(f"#{name}", Label).render())


def notices(app: SudokuApp) -> list[str]:
    """Everything the game said in passing so far: its notes (the hint area), and the
    notifications of screens other than the game's."""
    return [*app.game.said, *(notification.message for notification in app._notifications)]


def board_text(app: SudokuApp) -> str:
    """The board as drawn, one screen line a line."""
    board = app.game.board
    return "\n".join(board.render_line(y).text for y in range(board.plan.height))
