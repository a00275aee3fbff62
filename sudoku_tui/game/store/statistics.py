"""A player's statistics, worked out from their history and games in progress.

Per board and level: the games started (every game counts once, whether it
is still in progress, was left, or ended), the games solved by the player
(not those Solve filled), and the best and median times of those; and how
many games were played with show mistakes on at some time. The daily
streak counts the UTC days on which the player solved that day's daily
puzzle, at any level: the current streak runs up to today, or up to
yesterday while today's is not solved yet. The recent solve times feed a
chart, oldest first.
"""

from __future__ import annotations

import statistics as stats
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from .. import texts
from .records import STORED_LEVELS, FinishedGame, Outcome, RoomGame, boards

RECENT = 30
ROOM_GAMES = 5  # the room games the statistics list, the last first
HISTORY_GAMES = 20  # the games ended last that stats --json lists with their ids (for replay)


@dataclass(frozen=True)
class BoardStatistics:
    board: str
    level: str | None  # None: games whose level is not known; "ungraded": no grade could be given
    started: int
    solved: int  # by the player
    best: float | None  # seconds, over the player's solves
    median: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "level": self.level,
            "started": self.started,
            "solved": self.solved,
            "best_seconds": _rounded(self.best),
            "median_seconds": _rounded(self.median),
        }


@dataclass(frozen=True)
class RecentSolve:
    ended_at: float  # seconds since the epoch (UTC)
    day: date
    board: str
    level: str | None
    seconds: float

    def to_json(self) -> dict[str, Any]:
        day = self.day.isoformat()
        return {"date": day, "board": self.board, "level": self.level, "seconds": _rounded(self.seconds)}


@dataclass(frozen=True)
class RoomPlayed:
    """A game of a room, as the statistics list it."""

    day: date
    board: str
    outcome: Outcome
    seconds: float
    room: RoomGame

    def to_json(self) -> dict[str, Any]:
        room = self.room
        return {
            "date": self.day.isoformat(),
            "board": self.board,
            "outcome": self.outcome,
            "seconds": _rounded(self.seconds),
            "room": room.kind,
            "with": list(room.others),
            "place": room.place or None,
            "field": room.field or None,
        }


@dataclass(frozen=True)
class PlayedGame:
    """A game of the history as ``stats --json`` lists it: its id is what ``sudoku-tui replay`` takes."""

    game_id: str
    day: date
    board: str
    level: str | None
    outcome: Outcome
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "date": self.day.isoformat(),
            "board": self.board,
            "level": self.level,
            "outcome": self.outcome,
            "seconds": _rounded(self.seconds),
        }


@dataclass(frozen=True)
class Statistics:
    player: str
    today: date
    boards: tuple[BoardStatistics, ...]
    current_streak: int  # days
    longest_streak: int
    recent: tuple[RecentSolve, ...]  # oldest first
    skipped: int = 0  # stored entries that could not be read
    mistakes_shown: int = 0  # games played with show mistakes on (of all started)
    rooms: tuple[RoomPlayed, ...] = ()  # the last games played in rooms, the last first
    history: tuple[PlayedGame, ...] = ()  # the last games ended, the last first

    @property
    def started(self) -> int:
        return sum(board.started for board in self.boards)

    @property
    def solved(self) -> int:
        return sum(board.solved for board in self.boards)

    def to_json(self) -> dict[str, Any]:
        """The statistics as plain JSON values (no NaN: every time is a finite number)."""
        return {
            "player": self.player,
            "today": self.today.isoformat(),
            "started": self.started,
            "solved": self.solved,
            "boards": [board.to_json() for board in self.boards],
            "daily_streak": {"current": self.current_streak, "longest": self.longest_streak},
            "recent_solves": [solve.to_json() for solve in self.recent],
            "mistakes_shown": self.mistakes_shown,
            "skipped_entries": self.skipped,
            "room_games": [game.to_json() for game in self.rooms],
            "history": [game.to_json() for game in self.history],
        }


def mistakes_text(stats: Statistics) -> str:
    """How many of the games started were played with show mistakes on, as a sentence."""
    return texts.mistakes_played(stats.mistakes_shown, stats.started)


def _rounded(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 3)


def _order(group: tuple[str, str | None]) -> tuple[int, int]:
    board, level = group
    known = boards()
    board_rank = known.index(board) if board in known else len(known)
    return board_rank, STORED_LEVELS.index(level) if level in STORED_LEVELS else len(STORED_LEVELS)


def compute_statistics(
    player: str,
    finished: Iterable[FinishedGame],
    unfinished: Iterable[tuple[str, str | None, bool]],
    today: date,
    recent: int = RECENT,
    skipped: int = 0,
) -> Statistics:
    """``finished``: the player's history; ``unfinished``: (board, level, mistakes
    shown) of each game in progress that the history does not hold yet."""
    finished = list(finished)
    started: dict[tuple[str, str | None], int] = {}
    times: dict[tuple[str, str | None], list[float]] = {}
    games = [(game.shape, game.level, game.aids.mistakes_shown) for game in finished] + list(unfinished)
    for board, level, _ in games:
        started[board, level] = started.get((board, level), 0) + 1
    mistakes_shown = sum(1 for _, _, shown in games if shown)
    solves = sorted((game for game in finished if game.solved_by_player), key=lambda game: game.ended_at)
    for game in solves:
        times.setdefault((game.shape, game.level), []).append(game.elapsed)
    boards = tuple(
        BoardStatistics(
            board,
            level,
            count,
            len(times.get((board, level), [])),
            min(times[board, level]) if (board, level) in times else None,
            stats.median(times[board, level]) if (board, level) in times else None,
        )
        for (board, level), count in sorted(started.items(), key=lambda item: _order(item[0]))
    )
    current, longest = daily_streaks(daily_days(finished), today)
    chart = tuple(RecentSolve(g.ended_at, g.ended_on, g.shape, g.level, g.elapsed) for g in solves[-recent:])
    recent_chart = chart if recent > 0 else ()
    rooms = tuple(
        RoomPlayed(game.ended_on, game.shape, game.outcome, game.elapsed, game.room)
        for game in sorted(finished, key=lambda game: game.ended_at, reverse=True)
        if game.room is not None
    )[:ROOM_GAMES]
    history = tuple(
        PlayedGame(game.game_id, game.ended_on, game.shape, game.level, game.outcome, game.elapsed)
        for game in sorted(finished, key=lambda game: (-game.ended_at, game.game_id))[:HISTORY_GAMES]
    )
    return Statistics(player, today, boards, current, longest, recent_chart, skipped, mistakes_shown, rooms, history)


def daily_days(finished: Iterable[FinishedGame]) -> set[date]:
    """The days whose daily puzzle the player solved on that very day (UTC)."""
    return {
        game.source.day
        for game in finished
        if game.source.kind == "daily"
        and game.source.day is not None
        and game.solved_by_player
        and game.ended_on == game.source.day
    }


def daily_streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """The current and the longest run of consecutive days; days after ``today`` do not count."""
    ordered = sorted(day for day in set(days) if day <= today)
    longest = run = 0
    previous: date | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    held = set(ordered)
    day = today if today in held else today - timedelta(days=1)
    current = 0
    while day in held:
        current += 1
        day -= timedelta(days=1)
    return current, longest
