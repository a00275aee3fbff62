"""Players of a daily puzzle, written into a real store through its API, for the
leaderboard's tests (store, command line, screen): a clock the test sets, games
of a day's daily ended when the test says, and one sample day with every case
the ranking must get right."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.game.store.interface import Store
from sudoku_tui.game.store.records import Aids, Game, Source

ANN, BOB, CAT = "SHA256:annAnnAnn0", "SHA256:bobBobBob0", "SHA256:catCatCat0"
DAN, EVE = "SHA256:danDanDan0", "SHA256:eveEveEve0"
GUEST = "guest:" + "ab12" * 8
UNNAMED = "SHA256:Xy9zQqQqQq"
MARKUP = "SHA256:markupMarkup"
MARKUP_NAME = "[b]markup[/b]"


class SetClock:
    """The store's clock, set by the test to an hour of a day (UTC)."""

    def __init__(self, day: date = date(2026, 1, 1)) -> None:
        self.on(day)

    def __call__(self) -> float:
        return self.now

    def on(self, day: date, hour: int = 12, seconds: int = 0) -> None:
        self.now = datetime(day.year, day.month, day.day, hour, tzinfo=UTC).timestamp() + seconds


_serial = itertools.count(1)
_ticks = itertools.count(1)  # seconds after 01:00: games end in the order the test ends them


def daily_game(
    day: date,
    seconds: float,
    *,
    level: str = "medium",
    board: str = "9x9",
    solved: bool = True,
    hints: int = 0,
    mistakes_shown: bool = False,
    solve_used: bool = False,
) -> Game:
    """A game of ``day``'s daily puzzle (its givens stand in for the real one: the
    ranking goes by date, level and board) played for ``seconds``."""
    shape = shape_for_size(board)
    values = [0] * shape.size
    number = next(_serial)
    for cell in range(4):  # a few givens, each game its own, so no two share a row of games
        number, digit = divmod(number, shape.n)
        values[cell] = digit + 1
    puzzle = Puzzle(shape, tuple(values))
    aids = Aids(hints=hints, mistakes_shown=mistakes_shown, solve_used=solve_used)
    marks = [0] * shape.size
    return Game.of(puzzle, values, marks, seconds, solved=solved, source=Source.daily(day), level=level, aids=aids)


def end_daily(
    store: Store, clock: SetClock, player: str, day: date, seconds: float, *, on: date | None = None, **played: object
) -> None:
    """``player`` ends a game of ``day``'s daily (solved unless told) on ``on`` (that day when None)."""
    clock.on(on or day, hour=1, seconds=next(_ticks))
    store.finish_game(player, daily_game(day, seconds, **played))  # type: ignore[arg-type]


def sample_day(store: Store, clock: SetClock, day: date) -> None:
    """Every case of a day's ranking (medium, 9x9), and streaks up to ``day``.

    Listed: ann 245.0 s and cat 245.9 s (shown alike, 4:05: rank 1 both); bob
    restarted once (100 + 200 s summed, hints 1 + 1, show mistakes on in the
    second: rank 3); the guest, 400 s (rank 4); an unnamed key, 500 s (rank 5).
    Not listed: dan used Solve, then solved a new game himself; eve solved it
    the next day. Streaks on ``day``: ann 3 days, the others who solved 1.
    """
    for player, name in ((ANN, "ann"), (BOB, "bob"), (CAT, "cat"), (DAN, "dan"), (EVE, "eve")):
        store.set_name(player, name)
    for before in (2, 1):  # ann's streak
        end_daily(store, clock, ANN, day - timedelta(days=before), 300)
    end_daily(store, clock, ANN, day, 245.0)
    end_daily(store, clock, ANN, day, 30.0)  # again after her solve: not counted
    end_daily(store, clock, CAT, day, 245.9, hints=0)
    end_daily(store, clock, BOB, day, 100, solved=False, hints=1)  # started afresh
    end_daily(store, clock, BOB, day, 200, hints=1, mistakes_shown=True)
    end_daily(store, clock, DAN, day, 50, solve_used=True)
    end_daily(store, clock, DAN, day, 90)
    end_daily(store, clock, EVE, day, 60, on=day + timedelta(days=1))
    end_daily(store, clock, GUEST, day, 400)
    end_daily(store, clock, UNNAMED, day, 500)
    end_daily(store, clock, ANN, day, 20, level="hard")  # other levels, boards and puzzles are apart
    end_daily(store, clock, BOB, day, 20, board="16x16")


SAMPLE_SOLVES = [  # rank, name, time, hints, mistakes shown
    (1, "ann", "4:05", 0, False),
    (1, "cat", "4:05", 0, False),
    (3, "bob", "5:00", 2, True),
    (4, "guest-ab12", "6:40", 0, False),
    (5, "player-Xy9z", "8:20", 0, False),
]
# dan solved a game of it himself after Solve showed him the answer: as the day's ranking
# leaves him out, so does the streak.
SAMPLE_STREAKS = [(1, "ann", 3), *((2, name, 1) for name in ("player-Xy9z", "bob", "cat", "guest-ab12"))]


def write_markup_name(store_file: Path, player: str = MARKUP, name: str = MARKUP_NAME) -> None:
    """A name no dialog would take, written straight into an SQLite store's players table."""
    import sqlite3  # only this helper goes behind the store's back

    with sqlite3.connect(store_file) as db:
        db.execute("INSERT INTO players (player, name, name_key) VALUES (?, ?, ?)", [player, name, name.casefold()])
    db.close()
