"""The daily puzzle: the same line everywhere for a date, level and size; one
solution; graded at its level. The pinned lines catch any change to how it
is made (the generator, the seed): a change there gives every player a
different puzzle for the same day."""

from __future__ import annotations

from datetime import date

import pytest

from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.making.generator import default_grader
from sudoku_tui.engine.search.solver import count_solutions
from sudoku_tui.game.daily import daily_puzzle, daily_seed, today

PINNED = {
    "2026-01-31": ".4..3.7....76.2..8.8...1...4.98.5.6...........6.2.98.5...5...7.7..3.45....6.2..9.",
    "2026-02-01": "8.......6..5.6..4....4.25.....6..215..61.47..718..5.....12.9....7..4.9..3.......1",
    "2028-02-29": "5..3.1..97.6...3.....9.6....5.1..6.8....8....8.1..2.7....4.3.....5...4.22..6.5..1",
}


@pytest.mark.parametrize("day", sorted(PINNED))
def test_pinned_daily_puzzles(day: str) -> None:
    line, made = daily_puzzle(day)
    assert line == PINNED[day]
    assert count_solutions(made.puzzle, 2) == 1
    assert default_grader()(made.puzzle) == Level.MEDIUM == made.level


def test_the_seed_is_stable_and_names_the_size_one_way() -> None:
    assert daily_seed(date(2026, 11, 23), "medium", "9") == 8295644130112850429
    assert daily_puzzle(date(2026, 1, 31), "medium", "9x9")[0] == PINNED["2026-01-31"]
    assert daily_puzzle("2026-01-31", "MEDIUM")[0] == PINNED["2026-01-31"]


def test_level_and_size_make_other_puzzles() -> None:
    easy, made = daily_puzzle("2026-01-31", "easy")
    assert easy != PINNED["2026-01-31"] and made.level is Level.EASY
    big, made = daily_puzzle("2026-01-31", "easy", "16")
    assert len(big) == 256 and made.puzzle.shape.name == "16x16" and count_solutions(made.puzzle, 2) == 1


@pytest.mark.parametrize(
    ("day", "level", "size"),
    [("2026-02-30", "medium", "9"), ("2026-01-31", "impossible", "9"), ("2026-01-31", "easy", "4")],
)
def test_what_has_no_daily_puzzle(day: str, level: str, size: str) -> None:
    with pytest.raises(ValueError):
        daily_puzzle(day, level, size)


def test_today_is_the_utc_date() -> None:
    assert today(0.0) == date(1970, 1, 1)
    assert today(1_795_478_399.0) == date(2026, 11, 23)  # 23:59:59 UTC
    assert today(1_795_478_400.0) == date(2026, 11, 24)
