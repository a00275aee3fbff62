"""The ghost on a served daily: the daily's start offers it, G races it, and the panel
beside the board shows the player's count of cells filled and the ghost's as the clock
goes; a real SQLite store holds another player's solve of the day with its moves."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import SIZE, still_clock, wait_for

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game import texts
from sudoku_tui.game.clock import TimeSource
from sudoku_tui.game.players.identity import Identity
from sudoku_tui.game.replay.labels import Move, MoveKind
from sudoku_tui.game.replay.recording import encode_moves
from sudoku_tui.game.store.local import STORE_NAME, OpenedStore
from sudoku_tui.game.store.records import Game, Source
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp, game_screen
from sudoku_tui.ui.ghost import GhostPanel
from tests.game.daily_players import ANN, BOB, SetClock
from tests.game.replay_games import FakeTime  # the game's clock, moved by the test
from tests.game.test_daily import PINNED

SnapCompare = Callable[..., bool]
DAY = date(2026, 1, 31)
PUZZLE = Puzzle.from_line(square(3), PINNED[DAY.isoformat()])
GAP_MS = 3_000  # ann placed a value every three seconds


@pytest.fixture
def fixed_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """d makes the daily of DAY: a date the pinned daily lines know."""
    monkeypatch.setattr(game_screen, "today", lambda: DAY)


@pytest.fixture
def server(tmp_path: Path) -> Path:
    """The server's store: ann solved DAY's daily, a value every GAP_MS, with the moves kept."""
    solution = solve(PUZZLE)
    assert solution is not None
    empty = [c for c, given in enumerate(PUZZLE.givens) if not given]
    moves = encode_moves(Move(MoveKind.VALUE, c, solution[c], GAP_MS * (i + 1)) for i, c in enumerate(empty))
    seconds = GAP_MS * len(empty) / 1000
    clock = SetClock(DAY)
    with SqliteStore(tmp_path / STORE_NAME, clock=clock) as store:
        store.set_name(ANN, "ann")
        store.set_name(BOB, "bob")  # named already: no dialog asks him first
        daily = Source.daily(DAY)
        game = Game.of(
            PUZZLE, list(solution), [0] * 81, seconds, solved=True, source=daily, level="medium", moves=moves
        )
        store.finish_game(ANN, game)
    return tmp_path


def served_app(server: Path, now: TimeSource, player: str = BOB, served: bool = True) -> SudokuApp:
    store = OpenedStore(SqliteStore(server / STORE_NAME))
    return SudokuApp(now=now, store=store, identity=Identity(player, served=served), warm_up=False)


async def daily_started(pilot: Pilot[Any]) -> SudokuApp:
    app = pilot.app
    assert isinstance(app, SudokuApp)
    await pilot.pause()
    await pilot.press("d")
    await wait_for(pilot, "make")
    assert app.session.puzzle == PUZZLE
    return app


def panel_lines(app: SudokuApp) -> list[str]:
    return app.game.query_one("#ghost", GhostPanel).shown


@pytest.mark.usefixtures("fixed_day")
async def test_a_served_daily_races_the_days_fastest_solve(server: Path) -> None:
    clock = FakeTime()
    app = served_app(server, clock)
    async with app.run_test(size=SIZE) as pilot:
        app = await daily_started(pilot)
        total = sum(1 for given in PUZZLE.givens if not given)
        played = f"{GAP_MS * total // 60_000}:{GAP_MS * total // 1000 % 60:02}"
        assert app.game.said[-1] == texts.ghost_offer("ann", played)
        panel = app.game.query_one("#ghost", GhostPanel)
        assert not panel.display  # not before the player opts in
        clock.now += 7  # seven seconds in: ann had two values
        await pilot.press("G")
        await pilot.pause()
        assert panel.display
        assert [line.split() for line in panel_lines(app)] == [
            ["Ghost", "race"],
            ["You", "0"],
            ["Ghost", "2"],
            ["ann,", played],
        ]
        clock.now += 23  # thirty seconds: ten
        app.game.ghost.show()  # what the clock's tick does
        assert panel_lines(app)[2].split() == ["Ghost", "10"]
        solution = solve(PUZZLE)
        assert solution is not None
        first = PUZZLE.givens.index(0)
        app.game.board.cursor = first
        await pilot.press(str(solution[first]))
        await pilot.pause()
        assert panel_lines(app)[1].split() == ["You", "1"]
        assert app.game.action_state("race_ghost") is False  # raced already: G is no more


@pytest.mark.usefixtures("fixed_day")
async def test_no_ghost_unless_served(server: Path) -> None:
    app = served_app(server, FakeTime(), served=False)
    async with app.run_test(size=SIZE) as pilot:
        app = await daily_started(pilot)
        assert app.game.ghost.offer is None and app.game.action_state("race_ghost") is False
        await pilot.press("G")
        await pilot.pause()
        assert not app.game.query_one("#ghost", GhostPanel).display


def racing(server: Path) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await daily_started(pilot)
        await pilot.press("G")
        await pilot.pause()

    return run_before


@pytest.mark.usefixtures("fixed_day")
def test_the_ghost_race_at_80x24(snap_compare: SnapCompare, server: Path) -> None:
    assert snap_compare(served_app(server, still_clock), terminal_size=SIZE, run_before=racing(server))
