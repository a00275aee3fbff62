"""The Statistics screen's chart: a single solve is one bar with its time, board and date
beside it and a sentence that the chart grows (a Sparkline of one value fills its whole width
and says nothing); two solves and more are the Sparkline. Snapshot at 80x24 of one solve.

Regenerate the snapshot after a deliberate change with
``pytest tests/ui/test_statistics_chart.py --snapshot-update`` and look at the report first.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from statistics import median
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Sparkline, Static
from ui_helpers import SIZE, snapshot_app

from sudoku_tui.game import texts
from sudoku_tui.game.store.statistics import BoardStatistics, RecentSolve, Statistics
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.statistics_screen import BAR, StatisticsScreen

SnapCompare = Callable[..., bool]
DAY = date(2026, 11, 20)


def statistics(*seconds: float) -> Statistics:
    """A player's statistics with these solves of 9x9 easy puzzles, on one day."""
    solved = len(seconds)
    board = BoardStatistics("9x9", "easy", solved + 1, solved, min(seconds), median(seconds))
    recent = tuple(RecentSolve(1.0e9 + index, DAY, "9x9", "easy", time) for index, time in enumerate(seconds))
    return Statistics("local", DAY, (board,), 0, 0, recent)


def showing(stats: Statistics) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.push_screen(StatisticsScreen(stats))
        await pilot.pause()

    return run_before


async def test_one_solve_is_a_bar_with_its_time_and_two_are_the_sparkline() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await showing(statistics(342.0))(pilot)
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert str(screen.query_one("#recent").render()) == texts.one_solve_so_far("5:42")
        chart = screen.query_one("#chart", Static)
        assert not isinstance(chart, Sparkline)
        lines = [chart.render_line(y).text.rstrip() for y in range(chart.size.height)]
        assert lines == [BAR, BAR, f"{BAR} 5:42  9x9 easy, 2026-11-20"]
        await pilot.press("escape")
        await showing(statistics(342.0, 200.0))(pilot)
        assert isinstance(app.screen.query_one("#chart"), Sparkline)
        assert str(app.screen.query_one("#recent").render()).startswith("Last 2 solves, oldest first: 5:42")


def test_one_solve_snapshot(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=showing(statistics(342.0)))
