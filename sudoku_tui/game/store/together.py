"""Players together in one store: linking two players into one, and the daily
ranking and streaks over every player (docs/serving.md).

Functions over a connection of :mod:`.sql`, in SQL both databases understand;
:class:`~.sql.SqlStore` calls them inside its guards and transactions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from .checks import BadRow, check_game
from .database import Database
from .records import FinishedGame, RankedSolve, RankedStreak, utc_date
from .statistics import daily_streaks

RESOLVE = "SELECT player FROM aliases WHERE alias = ?"


def resolved(db: Database, player: str) -> str:
    """The player a key (or a guest) plays as: itself, or the player it was linked into."""
    found = db.execute(RESOLVE, [player]).fetchall()
    return str(found[0][0]) if found else player


# ---- linking ------------------------------------------------------------------


AddFinished = Callable[[Database, str, FinishedGame], None]


def merge_players(
    db: Database, merged: str, survivor: str, now: float, game_columns: Sequence[str], add_finished: AddFinished
) -> None:
    """Everything of ``merged`` becomes ``survivor``'s, and ``merged`` (with every key
    linked to it) plays as ``survivor`` from now on. Where both have a game of one
    puzzle in progress, the survivor's stays and the other is recorded as left."""
    _record_clashing_games(db, merged, survivor, now, game_columns, add_finished)
    db.execute(
        "UPDATE games SET player = ? WHERE player = ? AND puzzle_key NOT IN "
        "(SELECT puzzle_key FROM games WHERE player = ?)",
        [survivor, merged, survivor],
    )
    db.execute("DELETE FROM games WHERE player = ?", [merged])
    db.execute("UPDATE history SET player = ? WHERE player = ?", [survivor, merged])  # game ids never clash
    db.execute(
        "INSERT INTO settings (player, name, value) SELECT ?, name, value FROM settings WHERE player = ? "
        "ON CONFLICT (player, name) DO NOTHING",
        [survivor, merged],
    )
    db.execute("DELETE FROM settings WHERE player = ?", [merged])
    # The survivor's name stays; one without a name takes the other's.
    db.execute(
        "UPDATE players SET player = ? WHERE player = ? AND NOT EXISTS (SELECT 1 FROM players WHERE player = ?)",
        [survivor, merged, survivor],
    )
    db.execute("DELETE FROM players WHERE player = ?", [merged])
    db.execute("UPDATE aliases SET player = ? WHERE player = ?", [survivor, merged])
    db.execute(
        "INSERT INTO aliases (alias, player) VALUES (?, ?) ON CONFLICT (alias) DO UPDATE SET player = excluded.player",
        [merged, survivor],
    )


def _record_clashing_games(
    db: Database, merged: str, survivor: str, now: float, game_columns: Sequence[str], add_finished: AddFinished
) -> None:
    """The merged player's games of puzzles the survivor also plays: into the history,
    as the survivor's, unless the history holds them already."""
    names = ", ".join(game_columns)
    rows = db.execute(
        f"SELECT {names} FROM games WHERE player = ? AND puzzle_key IN (SELECT puzzle_key FROM games WHERE player = ?)",
        [merged, survivor],
    ).fetchall()
    for values in rows:
        try:
            game = check_game(dict(zip(game_columns, values, strict=True)))
        except BadRow:
            continue  # a row that cannot be read is not a game to keep
        if game.game_id is None:
            continue
        finished = FinishedGame(
            game.game_id, game.shape, game.givens, game.level, game.source, game.elapsed, game.aids, game.solved, now
        )
        add_finished(db, survivor, finished)


# ---- the daily ranking --------------------------------------------------------

DAILY_ENTRIES = (
    "SELECT history.player, players.name, history.elapsed, history.hints, history.mistakes_shown, "
    "history.solve_used, history.solved, history.ended_at, history.room_kind FROM history "
    "LEFT JOIN players ON players.player = history.player "
    "WHERE history.source_kind = 'daily' AND history.daily_date = ? AND history.level = ? AND history.shape = ? "
    "ORDER BY history.ended_at"
)


@dataclass
class _DailyGames:
    """One player's games of a day's daily puzzle, in the order they ended."""

    name: str | None
    elapsed: float = 0.0
    hints: int = 0
    mistakes_shown: bool = False
    solved: bool = False  # by the player, on the day
    filled: bool = False  # Solve filled one of them, or it was solved together (a co-op room)


def shared_solve(solved: object, room_kind: object) -> bool:
    """A co-op room's solve: the board was the players' together, so no one player's time
    ranks; like a board Solve filled, it keeps the player off that daily's ranking (a later
    game of the puzzle alone is played knowing its solution). A race ranks: each raced alone."""
    return bool(solved) and room_kind == "coop"


def daily_ranking(db: Database, day: date, level: str, shape: str) -> list[RankedSolve]:
    players: dict[str, _DailyGames] = {}
    for player, name, elapsed, hints, shown, solve_used, solved, ended_at, room_kind in db.execute(
        DAILY_ENTRIES, [day.isoformat(), level, shape]
    ):
        games = players.setdefault(str(player), _DailyGames(name if isinstance(name, str) else None))
        if games.solved or not isinstance(elapsed, int | float) or not isinstance(ended_at, int | float):
            continue  # after the first solve nothing counts; a damaged row neither
        games.filled |= bool(solve_used) or shared_solve(solved, room_kind)
        if utc_date(ended_at) != day:
            continue
        games.elapsed += float(elapsed)
        games.hints += int(hints) if isinstance(hints, int) else 0
        games.mistakes_shown |= bool(shown)
        games.solved = bool(solved) and not solve_used
    listed = sorted(
        ((player, games) for player, games in players.items() if games.solved and not games.filled),
        key=lambda item: (item[1].elapsed, item[0]),
    )
    return [
        RankedSolve(rank, player, games.name, games.elapsed, games.hints, games.mistakes_shown)
        # Whole seconds, as format_elapsed shows them: two times shown alike share a rank.
        for rank, (player, games) in _ranked(listed, lambda games: int(games.elapsed))
    ]


def _ranked(items: Sequence[tuple[str, Any]], measure: Any) -> Iterable[tuple[int, tuple[str, Any]]]:
    """Ranks as sport gives them: equal measures share a rank, and the next rank skips (1, 1, 3)."""
    rank, previous = 0, None
    for place, item in enumerate(items, start=1):
        value = measure(item[1])
        if value != previous:
            rank, previous = place, value
        yield rank, item


# ---- the streaks ------------------------------------------------------------

DAILY_GAMES = (
    "SELECT history.player, players.name, history.daily_date, history.level, history.shape, history.solved, "
    "history.solve_used, history.ended_at, history.room_kind FROM history "
    "LEFT JOIN players ON players.player = history.player "
    "WHERE history.source_kind = 'daily' "
    "AND history.player IN (SELECT player FROM history WHERE source_kind = 'daily' AND solved = 1 "
    "AND solve_used = 0 AND daily_date >= ?) ORDER BY history.ended_at"
)


def streak_ranking(db: Database, today: date, limit: int) -> list[RankedStreak]:
    """Only a player who solved yesterday's or today's daily has a current streak: the
    others' rows are never read. A day counts as the day's ranking would list it: a
    daily of that day solved that day, Solve never used on that puzzle before."""
    names: dict[str, str | None] = {}
    days: dict[str, set[date]] = {}
    filled: set[tuple[str, str, str, str]] = set()  # (player, date, level, board) Solve filled
    since = (today - timedelta(days=1)).isoformat()
    for player, name, daily, level, shape, solved, solve_used, ended_at, room_kind in db.execute(DAILY_GAMES, [since]):
        puzzle = (str(player), str(daily), str(level), str(shape))
        names[puzzle[0]] = name if isinstance(name, str) else None
        if solve_used or shared_solve(solved, room_kind):
            filled.add(puzzle)
        day = _day(daily)
        if solved and puzzle not in filled and day is not None and _ended_on(ended_at, day):
            days.setdefault(puzzle[0], set()).add(day)
    streaks = [(player, daily_streaks(solved, today)[0]) for player, solved in days.items()]
    listed = sorted(((p, n) for p, n in streaks if n > 0), key=lambda item: (-item[1], item[0]))[:limit]
    return [RankedStreak(rank, player, names[player], count) for rank, (player, count) in _ranked(listed, int)]


def _day(text: object) -> date | None:
    try:
        return date.fromisoformat(str(text))
    except ValueError:
        return None


def _ended_on(ended_at: object, day: date) -> bool:
    return isinstance(ended_at, int | float) and utc_date(ended_at) == day
