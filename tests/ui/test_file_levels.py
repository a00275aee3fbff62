"""A puzzle from a file, whose level nobody graded, is graded in the background: played and
finished, its level is in the store, on the Statistics screen and in ``stats --json``; a
puzzle with several solutions says ``ungraded`` there instead of ``-``."""

from __future__ import annotations

import io
import json
from pathlib import Path

from textual.widgets import Static
from ui_helpers import SIZE, load, wait_for
from ui_puzzles import FOUR_PUZZLES, SOLUTION_4

from sudoku_tui.game.stats_report import run_stats
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.records import UNGRADED
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.statistics_screen import StatisticsScreen

UNIQUE = 1  # FOUR_PUZZLES[1] has one solution (an easy one); FOUR_PUZZLES[0] has several


async def test_a_file_puzzle_played_and_finished_has_its_level(puzzle_dir: Path, data_home: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "2")  # a move on puzzle 0 (several solutions): kept when left
        await wait_for(pilot, "grade")
        assert app.session.level == UNGRADED
        app.game.show_puzzle(UNIQUE)
        for cell, value in enumerate(app.session.play.values):
            if not value:
                app.game.board.cursor = cell
                await pilot.press(SOLUTION_4[cell])
        assert app.session.solved
        await wait_for(pilot, "grade")
        await pilot.press("t")
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        table = screen.query_one("#boards", Static)
        rows = [table.render_line(y).text.split() for y in range(table.size.height)]
        assert rows[1][:4] == ["4x4", "easy", "1", "1"]
        assert rows[2][:4] == ["4x4", UNGRADED, "1", "0"]
    with SqliteStore(data_home / STORE_NAME) as store:
        levels = {(entry.givens, entry.level) for entry in store.history(LOCAL_PLAYER)}
    assert (FOUR_PUZZLES[UNIQUE], "easy") in levels and (FOUR_PUZZLES[0], UNGRADED) in levels
    out = io.StringIO()
    assert run_stats(as_json=True, folder=data_home, out=out, err=io.StringIO()) == 0
    boards = json.loads(out.getvalue())["boards"]
    assert [(board["level"], board["solved"]) for board in boards] == [("easy", 1), (UNGRADED, 0)]
