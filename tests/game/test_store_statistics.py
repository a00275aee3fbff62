"""Statistics from a real store: games started and solved per board and level,
best and median times, daily streaks over month ends and missed days."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker
from store_worker import numbered_game

from sudoku_tui.game.store.records import Aids, Game, Source
from sudoku_tui.game.store.sql import SqlStore
from sudoku_tui.game.store.statistics import daily_streaks

__all__ = ["postgresql_socket", "postgresql_url", "store_maker"]  # the fixtures, used by name


class SetClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, tzinfo=UTC).timestamp()

    def __call__(self) -> float:
        return self.now

    def on(self, day: date, hour: int = 12) -> None:
        self.now = datetime(day.year, day.month, day.day, hour, tzinfo=UTC).timestamp()


@pytest.fixture
def clock() -> SetClock:
    return SetClock()


@pytest.fixture
def store(store_maker: StoreMaker, clock: SetClock) -> SqlStore:
    """The store on each backend (SQLite, PostgreSQL)."""
    return store_maker(clock=clock)


serial = iter(range(10_000, 100_000))


def game(
    seconds: float,
    *,
    level: str | None = "medium",
    solved: bool = True,
    aids: Aids | None = None,
    source: Source | None = None,
) -> Game:
    base = numbered_game(next(serial), seconds)
    return Game(
        base.shape,
        base.givens,
        base.values,
        base.marks,
        seconds,
        solved,
        source or Source.made(),
        level,
        aids or Aids(),
    )


def test_per_board_and_level(store: SqlStore) -> None:
    for seconds in (300, 100, 200, 400):
        store.finish_game("local", game(seconds))
    store.finish_game("local", game(5, aids=Aids(solve_used=True)))  # Solve filled it: started, not solved
    store.finish_game("local", game(50, solved=False))  # started afresh: abandoned
    store.leave_game("local", game(70, solved=False))  # left, resumable
    store.put_game("local", game(80, solved=False, aids=Aids(mistakes_shown=True)))  # in progress, never left
    store.finish_game("local", game(90, level="hard", aids=Aids(mistakes_shown=True)))
    store.finish_game("local", game(60, level=None))  # a puzzle from a file: no level known
    stats = store.statistics("local", date(2026, 1, 1))
    rows = {(b.board, b.level): (b.started, b.solved, b.best, b.median) for b in stats.boards}
    assert rows == {
        ("9x9", "medium"): (8, 4, 100.0, 250.0),
        ("9x9", "hard"): (1, 1, 90.0, 90.0),
        ("9x9", None): (1, 1, 60.0, 60.0),
    }
    assert [b.level for b in stats.boards] == ["medium", "hard", None]  # easy to hard, unknown last
    assert stats.started == 10 and stats.solved == 6
    assert stats.mistakes_shown == 2  # a game in progress and an ended one, played with show mistakes on
    assert stats.to_json()["mistakes_shown"] == 2


def test_odd_count_median_and_json(store: SqlStore) -> None:
    for seconds in (30.5, 10.25, 20.125):
        store.finish_game("local", game(seconds, level="easy"))
    stats = store.statistics("local", date(2026, 1, 1))
    (board,) = stats.boards
    assert board.best == 10.25 and board.median == 20.125
    text = json.dumps(stats.to_json(), allow_nan=False)
    loaded = json.loads(text)
    assert loaded["boards"] == [
        {"board": "9x9", "level": "easy", "started": 3, "solved": 3, "best_seconds": 10.25, "median_seconds": 20.125}
    ]
    assert loaded["player"] == "local" and loaded["today"] == "2026-01-01"
    assert [solve["seconds"] for solve in loaded["recent_solves"]] == [30.5, 10.25, 20.125]


def test_recent_solves_are_the_last_ones_oldest_first(store: SqlStore, clock: SetClock) -> None:
    for day in range(40):
        clock.on(date(2026, 3, 1) + timedelta(days=day))
        store.finish_game("local", game(100 + day))
    store.finish_game("local", game(1, aids=Aids(solve_used=True)))
    recent = store.statistics("local", date(2026, 4, 15)).recent
    assert [r.seconds for r in recent] == [100.0 + day for day in range(10, 40)]
    assert recent[0].day == date(2026, 3, 11) and recent[-1].day == date(2026, 4, 9)
    assert len(store.statistics("local", date(2026, 4, 15), recent=5).recent) == 5


def solve_daily(store: SqlStore, clock: SetClock, day: date, *, on: date | None = None, **extra: object) -> None:
    clock.on(on or day, hour=23)
    store.finish_game("local", game(120, source=Source.daily(day), **extra))  # type: ignore[arg-type]


def test_daily_streaks_over_month_ends_and_a_missed_day(store: SqlStore, clock: SetClock) -> None:
    for day in (date(2025, 12, 30), date(2025, 12, 31), date(2026, 1, 1)):  # year end
        solve_daily(store, clock, day)
    for day in (date(2026, 1, 30), date(2026, 1, 31), date(2026, 2, 1), date(2026, 2, 2)):  # month end
        solve_daily(store, clock, day)
    # 3 February missed; then 4 and 5 February.
    solve_daily(store, clock, date(2026, 2, 4))
    solve_daily(store, clock, date(2026, 2, 5), level="hard")  # any level counts
    # What does not count: solved a day late, filled by Solve, left unsolved, not a daily.
    solve_daily(store, clock, date(2026, 2, 3), on=date(2026, 2, 6))
    solve_daily(store, clock, date(2026, 2, 6), aids=Aids(solve_used=True))
    solve_daily(store, clock, date(2026, 2, 6), solved=False)
    clock.on(date(2026, 2, 6))
    store.finish_game("local", game(60))
    on_the_fifth = store.statistics("local", date(2026, 2, 5))
    assert (on_the_fifth.current_streak, on_the_fifth.longest_streak) == (2, 4)
    # Today's not solved yet: the streak holds until the day is over.
    assert store.statistics("local", date(2026, 2, 6)).current_streak == 2
    assert store.statistics("local", date(2026, 2, 7)).current_streak == 0
    assert store.statistics("local", date(2026, 1, 1)).current_streak == 3  # on that day, later solves unseen
    assert store.statistics("local", date(2026, 2, 7)).longest_streak == 4
    assert store.statistics("local", date(2026, 2, 7)).to_json()["daily_streak"] == {"current": 0, "longest": 4}


def test_streak_arithmetic() -> None:
    days = [date(2024, 2, 28), date(2024, 2, 29), date(2024, 3, 1), date(2024, 3, 3)]  # a leap day
    assert daily_streaks(days, date(2024, 3, 1)) == (3, 3)
    assert daily_streaks(days, date(2024, 3, 3)) == (1, 3)
    assert daily_streaks(days, date(2024, 3, 4)) == (1, 3)
    assert daily_streaks(days, date(2024, 3, 5)) == (0, 3)
    assert daily_streaks([], date(2024, 3, 5)) == (0, 0)
    assert daily_streaks([date(2030, 1, 1)], date(2024, 3, 5)) == (0, 0)  # a day to come does not count yet


def test_a_left_game_counts_once_however_often_it_is_left(store: SqlStore) -> None:
    left = game(10, solved=False)
    for seconds in (10, 20, 30):
        store.leave_game("local", replace(left, elapsed=float(seconds)))
    stats = store.statistics("local", date(2026, 1, 1))
    assert stats.started == 1 and stats.solved == 0
    store.finish_game("local", replace(left, elapsed=40.0, solved=True))
    stats = store.statistics("local", date(2026, 1, 1))
    assert stats.started == 1 and stats.solved == 1 and stats.boards[0].best == 40.0
