"""The leaderboard (docs/serving.md): the day's daily ranking and the
current streaks of every player in a store, as lines for a terminal and as JSON,
and ``sudoku-tui leaderboard`` without its argument parsing (:func:`run_leaderboard`).

The times are the ones the store holds, measured by the game processes (on a
server, the server's); names are shown through :func:`.names.shown_name`, and
on a terminal with every control character escaped.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from ...paths import data_dir
from .. import texts
from ..clock import format_elapsed
from ..printable import printable
from ..store.interface import Store, StoreError
from ..store.local import STORE_NAME
from ..store.location import is_postgresql
from ..store.records import RankedSolve, RankedStreak, utc_date
from ..store.sqlite import SqliteStore
from .names import shown_name

# The daily puzzle's sizes (game.daily.DAILY_SIZES) and the boards the store names them by.
DAILY_BOARDS = {"9": "9x9", "16": "16x16", "samurai": "samurai"}
STREAKS_LISTED = 100
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class Leaderboard:
    """The ranking of one day's daily puzzle (``day``, ``level``, ``board``) and the streaks now."""

    day: date
    level: str
    board: str
    solves: tuple[RankedSolve, ...]
    streaks: tuple[RankedStreak, ...]


def utc_today() -> date:
    # game.daily.today says the same, but importing it brings the generator.
    return utc_date(time.time())


def read_leaderboard(
    store: Store, day: date, level: str, board: str = "9x9", *, today: date | None = None
) -> Leaderboard:
    """The leaderboard from ``store``; the streaks are those of ``today`` (UTC today when None),
    whatever ``day`` is. Raises StoreError."""
    solves = store.daily_ranking(day, level, board)
    streaks = store.streak_ranking(today or utc_today(), STREAKS_LISTED)
    return Leaderboard(day, level, board, tuple(solves), tuple(streaks))


def solve_row(solve: RankedSolve) -> tuple[str, str, str, str, str]:
    """A solve's columns as shown: rank, name (plain text, never escaped here), time, hints, mistakes shown."""
    return (
        str(solve.rank),
        shown_name(solve.player, solve.name),
        format_elapsed(solve.elapsed),
        str(solve.hints),
        "yes" if solve.mistakes_shown else "no",
    )


def streak_row(streak: RankedStreak) -> tuple[str, str, str]:
    return (str(streak.rank), shown_name(streak.player, streak.name), str(streak.days))


def leaderboard_lines(board: Leaderboard) -> list[str]:
    """The leaderboard for a terminal: the ranking, then the streaks, in columns."""
    lines = [texts.ranking_title(board.day.isoformat(), board.level, board.board)]
    if board.solves:
        lines.append(_solve_line(texts.SOLVES_HEADINGS))
        lines += [_solve_line(solve_row(solve)) for solve in board.solves]
    else:
        lines.append(texts.NO_SOLVES)
    lines += ["", texts.STREAKS_TITLE]
    if board.streaks:
        lines.append(_streak_line(texts.STREAKS_HEADINGS))
        lines += [_streak_line(streak_row(streak)) for streak in board.streaks]
    else:
        lines.append(texts.NO_STREAKS)
    return lines


def _solve_line(row: tuple[str, str, str, str, str]) -> str:
    rank, name, elapsed, hints, shown = row
    return f"{rank:>4}  {printable(name):<16}  {elapsed:>7}  {hints:>5}  {shown}"


def _streak_line(row: tuple[str, str, str]) -> str:
    rank, name, days = row
    return f"{rank:>4}  {printable(name):<16}  {days:>5}"


def leaderboard_json(board: Leaderboard) -> dict[str, Any]:
    """The leaderboard as one JSON object (names as they are: JSON escapes what needs it)."""
    return {
        "date": board.day.isoformat(),
        "level": board.level,
        "board": board.board,
        "solves": [
            {
                "rank": solve.rank,
                "name": shown_name(solve.player, solve.name),
                "time_seconds": round(solve.elapsed, 3),
                "hints": solve.hints,
                "mistakes_shown": solve.mistakes_shown,
            }
            for solve in board.solves
        ],
        "streaks": [
            {"rank": streak.rank, "name": shown_name(streak.player, streak.name), "days": streak.days}
            for streak in board.streaks
        ],
    }


# ---- the command ------------------------------------------------------------------


class NoStore(Exception):
    """The folder named holds no store: nothing to list, and nothing made there."""


def store_to_read(data: Path | None, store_url: str | None) -> Store | None:
    """The store to read: a PostgreSQL URL's, else the SQLite store in the folder named
    (``store_url`` may name a folder too, as ``serve --store`` does), else the player's
    own (None when they have none yet). Raises StoreError or :class:`NoStore`; never makes a store."""
    if store_url is not None and is_postgresql(store_url):
        try:
            # psycopg is the server extra's; a player's own leaderboard does without it.
            from ..store.postgresql import PostgresqlStore
        except ImportError:
            raise StoreError("The PostgreSQL store needs psycopg (the server extra).") from None
        return PostgresqlStore(store_url)
    named = Path(store_url) if store_url is not None else data
    path = (named if named is not None else data_dir()) / STORE_NAME
    if path.is_file():
        return SqliteStore(path)
    if named is not None:
        raise NoStore(texts.no_store_in(str(named)))
    return None


@contextmanager
def opened_store(data: Path | None, store_url: str | None) -> Iterator[Store | None]:
    """:func:`store_to_read`, closed at the end."""
    store = store_to_read(data, store_url)
    try:
        yield store
    finally:
        if store is not None:
            store.close()


def parse_day(text: str | None) -> date:
    """The date of ``YYYY-MM-DD`` (UTC today when None); ValueError with the player's sentence."""
    if text is None:
        return utc_today()
    try:
        if DATE.fullmatch(text):  # fromisoformat alone also takes 20261120 and 2026-W47-5
            return date.fromisoformat(text)
    except ValueError:
        pass
    raise ValueError(texts.not_a_date(text))


def run_leaderboard(
    day: str | None = None,
    level: str = "medium",
    size: str = "9",
    *,
    as_json: bool = False,
    data: Path | None = None,
    store_url: str | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Print the leaderboard (lines, or one JSON object): 2 for a date that is none,
    1 for a store that cannot be read."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        chosen = parse_day(day)
    except ValueError as error:
        print(error, file=err)
        return 2
    try:
        with opened_store(data, store_url) as store:
            board = DAILY_BOARDS[size]
            if store is None:
                found = Leaderboard(chosen, level, board, (), ())
            else:
                found = read_leaderboard(store, chosen, level, board)
    except (StoreError, NoStore) as error:
        print(printable(str(error)), file=err)
        return 1
    if as_json:
        print(json.dumps(leaderboard_json(found), allow_nan=False, separators=(",", ":")), file=out)
    else:
        print("\n".join(leaderboard_lines(found)), file=out)
    return 0
