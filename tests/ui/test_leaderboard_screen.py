"""The Leaderboard screen (b): the day's ranking and the streaks of every player in
the store the game plays in, read from a real SQLite store."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from textual.widgets import Label, Static, TabbedContent
from ui_helpers import SIZE

from sudoku_tui.game.daily import today
from sudoku_tui.game.players.identity import Identity
from sudoku_tui.game.players.names import new_guest_id
from sudoku_tui.game.store.interface import LOCAL_PLAYER, StoreError
from sudoku_tui.game.store.local import STORE_NAME, OpenedStore
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.leaderboard_screen import LeaderboardScreen
from tests.game.daily_players import MARKUP, MARKUP_NAME, SetClock, end_daily, sample_day, write_markup_name


@pytest.fixture
def day() -> date:
    return today()  # the screen opens on today's ranking (UTC)


@pytest.fixture
def filled(data_home: Path, day: date) -> Path:
    """The player's own store with the sample day as today, the player's solves of
    today and yesterday, and a name that looks like markup."""
    data_home.mkdir(parents=True)
    clock = SetClock(day)
    with SqliteStore(data_home / STORE_NAME, clock=clock) as store:
        sample_day(store, clock, day)
        end_daily(store, clock, LOCAL_PLAYER, day, 333, hints=3)
        end_daily(store, clock, LOCAL_PLAYER, day - timedelta(days=1), 444, mistakes_shown=True)
        end_daily(store, clock, MARKUP, day, 900)
    write_markup_name(data_home / STORE_NAME)
    return data_home


def rows(app: SudokuApp, tab: str) -> list[str]:
    """The lines a tab's list draws, right ends trimmed."""
    shown = app.screen.query_one(f"#{tab}-rows", Static)
    return [shown.render_line(y).text.rstrip() for y in range(shown.virtual_size.height)]


def own_rows(lines: list[str]) -> list[list[str]]:
    return [line.split() for line in lines if line.lstrip().startswith("›")]


async def test_the_days_ranking_and_the_streaks(filled: Path, day: date) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LeaderboardScreen)
        assert str(screen.query_one("#day", Label).render()) == f"Daily puzzle {day.isoformat()} (UTC), medium, 9x9"
        daily = rows(app, "daily")
        assert daily[0].split() == ["Rank", "Name", "Time", "Hints", "Mistakes", "shown"]
        assert [line.split()[-5:] for line in daily[1:]] == [
            ["1", "ann", "4:05", "0", "no"],
            ["1", "cat", "4:05", "0", "no"],
            ["3", "bob", "5:00", "2", "yes"],
            ["4", "you", "5:33", "3", "no"],
            ["5", "guest-ab12", "6:40", "0", "no"],
            ["6", "player-Xy9z", "8:20", "0", "no"],
            ["7", MARKUP_NAME, "15:00", "0", "no"],  # the name as typed, not bold "markup"
        ]
        assert own_rows(daily) == [["›", "4", "you", "5:33", "3", "no"]]  # marked, not by colour alone
        assert screen.query_one(TabbedContent).active == "daily"
        await pilot.press("tab")
        assert screen.query_one(TabbedContent).active == "streaks"
        streaks = rows(app, "streaks")
        assert [line.split()[-3:] for line in streaks[1:3]] == [["1", "ann", "3"], ["2", "you", "2"]]
        assert own_rows(streaks) == [["›", "2", "you", "2"]]
        await pilot.press("tab")
        assert screen.query_one(TabbedContent).active == "daily"
        await pilot.press("escape")
        assert not isinstance(app.screen, LeaderboardScreen)


async def test_the_date_level_and_board_change(filled: Path, day: date) -> None:
    yesterday = (day - timedelta(days=1)).isoformat()
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b", "tab", "left")  # the date changes from the streaks tab too, and shows the ranking
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(TabbedContent).active == "daily"
        assert str(screen.query_one("#day", Label).render()).startswith(f"Daily puzzle {yesterday} ")
        assert [line.split()[-5:] for line in rows(app, "daily")[1:]] == [
            ["1", "ann", "5:00", "0", "no"],
            ["2", "you", "7:24", "0", "yes"],
        ]
        await pilot.press("right", "right")  # never past today
        await pilot.pause()
        assert str(screen.query_one("#day", Label).render()).startswith(f"Daily puzzle {day.isoformat()} ")
        await pilot.press("left_square_bracket", "right_square_bracket", "l")
        await pilot.pause()
        assert str(screen.query_one("#day", Label).render()).endswith(", hard, 9x9")
        assert [line.split()[-5:] for line in rows(app, "daily")[1:]] == [["1", "ann", "0:20", "0", "no"]]
        await pilot.press("l", "l", "l", "l", "z")  # unfair, extreme, easy, medium; then 16x16
        await pilot.pause()
        assert str(screen.query_one("#day", Label).render()).endswith(", medium, 16x16")
        assert [line.split()[-5:] for line in rows(app, "daily")[1:]] == [["1", "bob", "0:20", "0", "no"]]
        await pilot.press("z")
        await pilot.pause()
        assert rows(app, "daily") == ["No one has solved this daily puzzle on its day yet."]


async def test_a_long_ranking_scrolls_to_the_players_own_row(data_home: Path, day: date) -> None:
    data_home.mkdir(parents=True)
    clock = SetClock(day)
    with SqliteStore(data_home / STORE_NAME, clock=clock) as store:
        for number in range(40):
            end_daily(store, clock, f"SHA256:p{number:02d}", day, 100 + number)
        end_daily(store, clock, LOCAL_PLAYER, day, 130.5)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        scroll = app.screen.query_one("#daily-list")
        assert scroll.has_focus and scroll.scroll_y > 0
        top, height = int(scroll.scroll_y), scroll.scrollable_content_region.height
        own = next(y for y, line in enumerate(rows(app, "daily")) if "›" in line)
        assert top <= own < top + height  # in sight
        await pilot.press("home")
        assert scroll.scroll_y == 0


async def test_a_store_that_keeps_nothing_shows_an_empty_leaderboard(data_home: Path) -> None:
    app = SudokuApp(store=OpenedStore(SqliteStore.in_memory()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert rows(app, "daily") == ["No one has solved this daily puzzle on its day yet."]
        await pilot.press("tab")  # a hidden tab draws nothing
        assert rows(app, "streaks") == ["No one has a daily streak now."]
        await pilot.press("enter")
        assert not isinstance(app.screen, LeaderboardScreen)


async def test_a_store_that_fails_says_so_in_the_lists(filled: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (filled / STORE_NAME).write_bytes(b"no longer a database" * 500)  # damaged under the running game
        await pilot.press("b")
        await pilot.pause()
        assert rows(app, "daily") == ["The saved games could not be read."]
        await pilot.press("tab")
        assert rows(app, "streaks") == ["The saved games could not be read."]
        assert any("damaged" in str(note.message) for note in app._notifications)


async def test_a_served_guest_sees_the_servers_leaderboard(tmp_path: Path, day: date) -> None:
    server = tmp_path / "server"
    server.mkdir()
    clock = SetClock(day)
    with SqliteStore(server / STORE_NAME, clock=clock) as store:
        sample_day(store, clock, day)
    guest = Identity(new_guest_id(), served=True, keep_store=str(server))
    app = SudokuApp(store=OpenedStore(SqliteStore.in_memory()), identity=guest)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LeaderboardScreen) and screen.owns_store
        names = [line.split()[1] for line in rows(app, "daily")[1:]]
        assert names == ["ann", "cat", "bob", "guest-ab12", "player-Xy9z"]
        await pilot.press("escape")
        await pilot.pause()
        with pytest.raises(StoreError):  # closed with the screen
            screen.store.daily_ranking(day, "medium")
