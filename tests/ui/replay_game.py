"""A replay for the screen's tests: a known game on a known puzzle, a clock the test moves,
and the screen opened over the game."""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual.pilot import Pilot

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.progress import Cancelled
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.replay.labels import GameLabels, Move, MoveKind, label_game
from sudoku_tui.game.replay.stepping import Replay
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.replay_screen import LABELS_GROUP, Labeller, ReplayScreen

SHAPE = square(3)
# puzzles/9x9-medium.txt, puzzle 40, 21 steps in (the labeller's tests' puzzle).
LINE = "..9..47...53.9.264..7.5.89...89..3...35.8.42..124356..294.7.5863715689425862491.."
PUZZLE = Puzzle.from_line(SHAPE, LINE)
_FOUND = solve(PUZZLE)
assert _FOUND is not None
SOLUTION: tuple[int, ...] = _FOUND
K = MoveKind


def cell(row: int, column: int) -> int:
    return (row - 1) * 9 + column - 1


# A mark, a pair elimination, two singles, a colour, a guess, a mistake, after waits long and short.
MOVES = (
    Move(K.MARK, cell(1, 8), 3, 2_000),
    Move(K.UNMARK, cell(1, 8), 3, 4_000),
    Move(K.VALUE, cell(6, 9), 8, 9_000),
    Move(K.VALUE, cell(6, 8), 7, 12_000),
    Move(K.COLOUR, cell(6, 8), 2, 13_000),
    Move(K.VALUE, cell(1, 4), 6, 143_000),
    Move(K.VALUE, cell(1, 1), 1, 148_000),
)


class FakeTime:
    """A clock the test moves by hand: no test waits on real time."""

    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def labelled(stop: Callable[[], bool]) -> GameLabels:
    return label_game(PUZZLE, SOLUTION, MOVES, should_stop=stop)


def held(release: threading.Event) -> Labeller:
    """A labeller that waits (stopping when told) until the test releases it, then labels."""

    def label(stop: Callable[[], bool]) -> GameLabels:
        while not release.wait(0.01):
            if stop():
                raise Cancelled
        return labelled(stop)

    return label


async def open_replay(
    pilot: Pilot[None], time: FakeTime | None = None, labeller: Labeller = labelled, index: int | None = None
) -> ReplayScreen:
    """The replay over the game, at move ``index`` (the start when None)."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    await pilot.pause()
    replay = Replay(PUZZLE, MOVES, SOLUTION, now=time or FakeTime())
    screen = ReplayScreen(replay, "9x9 medium, 12 May", labeller, app.session.keeper.store)
    app.push_screen(screen)
    await pilot.pause()
    if index is not None:
        replay.go_to(index)
        screen.show()
        await pilot.pause()
    return screen


async def labels_done(pilot: Pilot[None]) -> None:
    jobs = [worker for worker in pilot.app.workers if worker.group == LABELS_GROUP]
    if jobs:
        await pilot.app.workers.wait_for_complete(jobs)
    await pilot.pause()
