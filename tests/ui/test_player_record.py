"""What the game remembers and shows of the player: statistics, the daily puzzle,
digit counts, one value highlighted, show mistakes, and status messages that
belong to the moment."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual.widgets import Button
from ui_helpers import SIZE, board_text, label, load, notices, settle
from ui_puzzles import FOUR_PUZZLES, SOLUTION_4

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.game import texts
from sudoku_tui.game.clock import format_elapsed
from sudoku_tui.game.daily import daily_puzzle, today
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.records import Game, Source
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.new_puzzle_dialog import NewPuzzleDialog
from sudoku_tui.ui.result_card_screen import ResultCardScreen
from sudoku_tui.ui.statistics_screen import StatisticsScreen
from sudoku_tui.ui.widgets import DigitCounts

FIRST_EMPTY = FOUR_PUZZLES[0].index(".")


def counts_text(app: SudokuApp) -> list[str]:
    counts = app.query_one(DigitCounts)
    return [counts.render_line(y).text.rstrip() for y in range(len(counts.rows))]


async def wait_for_workers(app: SudokuApp, group: str) -> None:
    ours = [worker for worker in app.workers if worker.group == group and not worker.is_cancelled]
    if ours:
        await app.workers.wait_for_complete(ours)


async def test_digit_counts_follow_the_board(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        left = [4 - FOUR_PUZZLES[0].count(symbol) for symbol in "1234"]
        assert counts_text(app) == [f" {v} {n if n else '✓':>2}" for v, n in zip("1234", left, strict=True)]
        app.game.board.cursor = FIRST_EMPTY
        await pilot.press(SOLUTION_4[FIRST_EMPTY])
        value = int(SOLUTION_4[FIRST_EMPTY])
        assert counts_text(app)[value - 1].endswith(str(left[value - 1] - 1) if left[value - 1] > 1 else "✓")


async def test_f_then_a_value_highlights_it_everywhere(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        board = app.game.board
        await pilot.press("a", "f")
        assert board.choosing and "Highlight which value" in label(app, "cell-info")
        await pilot.press("3")
        assert board.chosen == 3 and not board.choosing
        assert app.session.play.values[FIRST_EMPTY] == 0  # the 3 chose, it did not enter
        assert "‹3›" in board_text(app) and counts_text(app)[2].startswith("›3")
        lit = board._highlights()
        assert lit.value == 3  # its marks too are drawn in reverse (mark-match)
        await pilot.press("f")  # f again: off
        assert board.chosen == 0 and not counts_text(app)[2].startswith("›")


async def test_show_mistakes_marks_wrong_entries_and_is_remembered(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        wrong = next(v for v in "1234" if v != SOLUTION_4[FIRST_EMPTY])
        app.game.board.cursor = FIRST_EMPTY
        await pilot.press(wrong)
        assert not app.game.board.mistakes and f"×{wrong}×" not in board_text(app)
        await pilot.press("m")
        await wait_for_workers(app, "answer")
        await pilot.pause()
        assert app.game.board.mistakes == {FIRST_EMPTY} and f"×{wrong}×" in board_text(app)
        await pilot.press(SOLUTION_4[FIRST_EMPTY])
        assert not app.game.board.mistakes
        await pilot.press("q")
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session.show_mistakes  # a setting: on until turned off


async def test_statistics_screen_shows_a_solve_and_its_time(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("m")  # show mistakes on: the statistics count the game as played with it
        for cell, value in enumerate(app.session.play.values):
            if not value:
                app.game.board.cursor = cell
                await pilot.press(SOLUTION_4[cell])
        assert any(message.startswith("Solved in") for message in notices(app))
        await pilot.press("t")
        screen = app.screen
        assert isinstance(screen, StatisticsScreen) and screen.stats is not None
        [board] = screen.stats.boards
        assert (board.board, board.started, board.solved) == ("4x4", 1, 1)
        assert board.best is not None  # one solve: its time, and the chart to come
        assert str(screen.query_one("#recent").render()) == texts.one_solve_so_far(format_elapsed(board.best))
        assert str(screen.query_one("#mistakes").render()) == "Played with show mistakes on: 1 of 1 game."
        assert screen.query("#chart")  # the sparkline of recent times
        assert not screen.query("#not-saved")
        await pilot.press("escape")
        assert not isinstance(app.screen, StatisticsScreen)


async def test_statistics_say_when_the_store_keeps_nothing(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    with SqliteStore(data_home / STORE_NAME) as store:
        puzzle = Puzzle.from_line(square(2), FOUR_PUZZLES[0])
        store.put_game(LOCAL_PLAYER, Game.of(puzzle, list(puzzle.givens), [0] * 16, 5.0))
    with sqlite3.connect(data_home / STORE_NAME) as db:
        db.execute("PRAGMA user_version = 99")  # a newer version's store: left alone, play goes on without it
    db.close()
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert "not being saved" in str(screen.query_one("#not-saved").render())


async def test_the_daily_puzzle_is_made_and_counts_for_the_streak(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await wait_for_workers(app, "make")
        await pilot.pause()
        session = app.session
        assert session.origin.kind == "daily" and session.origin.day == today()
        assert session.level == "medium" and "daily medium 9x9" in app.game.sub_title
        solution = session.made.solution if session.made else ()
        assert solution
        for cell, value in enumerate(session.play.values):
            if not value:
                app.game.board.cursor = cell
                await pilot.press(str(solution[cell]))
        assert session.solved
        assert isinstance(app.screen, ResultCardScreen)  # the daily's card, until it is closed
        await pilot.press("escape", "t")
        stats = app.screen.stats  # type: ignore[attr-defined]
        assert stats.current_streak == 1 and stats.longest_streak == 1
        assert "streak: 1 now" in str(app.screen.query_one("#streak").render())


async def test_todays_daily_in_the_new_puzzle_dialog_is_everyones(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewPuzzleDialog)
        dialog.query_one("#daily", Button).press()  # at the size and level chosen: 9x9, easy
        await pilot.pause()
        await wait_for_workers(app, "make")
        await pilot.pause()
        session = app.session
        assert session.origin == Source.daily(today()) and session.level == "easy"
        line, _ = daily_puzzle(today(), "easy", "9")
        assert session.puzzle.to_line() == line  # the line `sudoku-tui daily --level easy` prints


async def test_status_messages_belong_to_the_moment(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("m")  # a message for the moment
        assert label(app, "status") == "Show mistakes: on."
        await pilot.press("right")  # the cursor moves on: it goes
        assert label(app, "status") == ""
        await pilot.press("m", "space")  # the game pauses: it goes too
        assert label(app, "status") == ""
        assert label(app, "cell-info") == ""  # and the paused board shows no marks
        await pilot.press("space")
        app.game.board.cursor = FIRST_EMPTY
        await pilot.press("m", SOLUTION_4[FIRST_EMPTY])  # the board changes: it goes
        assert label(app, "status") == ""
        await settle(pilot)
