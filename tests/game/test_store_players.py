"""Players together in a real store (SQLite and PostgreSQL): the daily ranking over
every player and the current streaks, with their edge cases."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from daily_players import ANN, BOB, CAT, GUEST, SAMPLE_SOLVES, SAMPLE_STREAKS, SetClock, end_daily, sample_day
from store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker

from sudoku_tui.game.clock import format_elapsed
from sudoku_tui.game.players.names import shown_name
from sudoku_tui.game.store.sql import SqlStore

__all__ = ["postgresql_socket", "postgresql_url", "store_maker"]  # the fixtures, used by name
DAY = date(2026, 11, 20)


@pytest.fixture
def clock() -> SetClock:
    return SetClock(DAY)


@pytest.fixture
def store(store_maker: StoreMaker, clock: SetClock) -> SqlStore:
    """The store on each backend (SQLite, PostgreSQL)."""
    return store_maker(clock=clock)


def test_the_sample_day_ranks_as_the_rule_says(store: SqlStore, clock: SetClock) -> None:
    sample_day(store, clock, DAY)
    ranked = store.daily_ranking(DAY, "medium")
    shown = [
        (r.rank, shown_name(r.player, r.name), format_elapsed(r.elapsed), r.hints, r.mistakes_shown) for r in ranked
    ]
    assert shown == SAMPLE_SOLVES
    assert [r.elapsed for r in ranked][:3] == [245.0, 245.9, 300.0]  # bob's two games summed
    streaks = [(s.rank, shown_name(s.player, s.name), s.days) for s in store.streak_ranking(DAY)]
    assert streaks == SAMPLE_STREAKS


def test_other_levels_boards_and_days_rank_apart(store: SqlStore, clock: SetClock) -> None:
    sample_day(store, clock, DAY)
    assert [(r.player, r.elapsed) for r in store.daily_ranking(DAY, "hard")] == [(ANN, 20.0)]
    assert [(r.player, r.elapsed) for r in store.daily_ranking(DAY, "medium", "16x16")] == [(BOB, 20.0)]
    assert store.daily_ranking(DAY, "medium", "samurai") == []
    # eve's solve was on the next day, of this day's puzzle: the next day's ranking has none of it.
    assert store.daily_ranking(DAY + timedelta(days=1), "medium") == []
    assert [r.player for r in store.daily_ranking(DAY - timedelta(days=1), "medium")] == [ANN]


def test_solve_at_any_time_before_the_first_own_solve_keeps_a_player_off(store: SqlStore, clock: SetClock) -> None:
    end_daily(store, clock, ANN, DAY, 40, solved=False, solve_used=True)  # Solve filled it, then started afresh
    end_daily(store, clock, ANN, DAY, 300)
    end_daily(store, clock, BOB, DAY, 300, solve_used=True)  # Solve's fill is never a solve
    end_daily(store, clock, CAT, DAY, 310)
    end_daily(store, clock, CAT, DAY, 10, solve_used=True)  # after her own solve: her solve stands
    assert [(r.player, r.elapsed) for r in store.daily_ranking(DAY, "medium")] == [(CAT, 310.0)]


def test_games_ended_on_another_day_do_not_count(store: SqlStore, clock: SetClock) -> None:
    end_daily(store, clock, ANN, DAY, 100, solved=False, on=DAY + timedelta(days=1))  # left, then the day was over
    end_daily(store, clock, BOB, DAY, 100, solved=False)
    end_daily(store, clock, BOB, DAY, 50, on=DAY + timedelta(days=1))  # began on the day, solved the next
    end_daily(store, clock, CAT, DAY, 70, solved=False)
    end_daily(store, clock, CAT, DAY, 80)
    end_daily(store, clock, CAT, DAY, 90, on=DAY + timedelta(days=1))
    assert [(r.player, r.elapsed) for r in store.daily_ranking(DAY, "medium")] == [(CAT, 150.0)]


def test_ties_share_a_rank_in_whole_seconds_as_shown(store: SqlStore, clock: SetClock) -> None:
    for player, seconds in ((ANN, 99.9), (BOB, 99.2), (CAT, 100.0), (GUEST, 100.99), ("SHA256:d", 101.0)):
        end_daily(store, clock, player, DAY, seconds)
    ranked = store.daily_ranking(DAY, "medium")
    assert [(r.rank, r.player) for r in ranked] == [(1, BOB), (1, ANN), (3, CAT), (3, GUEST), (5, "SHA256:d")]
    assert [format_elapsed(r.elapsed) for r in ranked] == ["1:39", "1:39", "1:40", "1:40", "1:41"]


def test_names_follow_the_players_table(store: SqlStore, clock: SetClock) -> None:
    end_daily(store, clock, ANN, DAY, 100)
    end_daily(store, clock, GUEST, DAY, 110)
    assert [r.name for r in store.daily_ranking(DAY, "medium")] == [None, None]
    store.set_name(ANN, "Ann-1")
    assert [r.name for r in store.daily_ranking(DAY, "medium")] == ["Ann-1", None]
    assert [s.name for s in store.streak_ranking(DAY)] == ["Ann-1", None]


def test_an_empty_store_ranks_no_one(store: SqlStore) -> None:
    assert store.daily_ranking(DAY, "medium") == []
    assert store.streak_ranking(DAY) == []


def test_streaks_hold_until_a_day_is_missed(store: SqlStore, clock: SetClock) -> None:
    for back in range(5):  # ann: the five days up to yesterday, not today yet
        end_daily(store, clock, ANN, DAY - timedelta(days=1 + back), 100)
    end_daily(store, clock, BOB, DAY - timedelta(days=2), 100)  # missed yesterday: no streak now
    end_daily(store, clock, CAT, DAY, 100)
    end_daily(store, clock, CAT, DAY - timedelta(days=1), 100, on=DAY)  # yesterday's, solved today: not a day
    end_daily(store, clock, GUEST, DAY, 100, solve_used=True)  # Solve's fill: no streak
    assert [(s.rank, s.player, s.days) for s in store.streak_ranking(DAY)] == [(1, ANN, 5), (2, CAT, 1)]
    assert [(s.player, s.days) for s in store.streak_ranking(DAY + timedelta(days=1))] == [(CAT, 1)]
    assert store.streak_ranking(DAY + timedelta(days=2)) == []


def test_streaks_are_limited_and_tie(store: SqlStore, clock: SetClock) -> None:
    players = [f"SHA256:p{number:02d}" for number in range(6)]
    for number, player in enumerate(players):
        for back in range(number % 3 + 1):
            end_daily(store, clock, player, DAY - timedelta(days=back), 100)
    ranked = store.streak_ranking(DAY, limit=4)
    assert [(s.rank, s.player, s.days) for s in ranked] == [
        (1, players[2], 3),
        (1, players[5], 3),
        (3, players[1], 2),
        (3, players[4], 2),
    ]
