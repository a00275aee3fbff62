"""A store of schema 5 (before moves were recorded), with games in progress and a
history, migrated to step 6 on SQLite and PostgreSQL: every game is still there,
replays with no moves, and records its moves from then on."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from store_backends import postgresql_socket, postgresql_url

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.game.replay.labels import Move, MoveKind
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.sql import GAME_COLUMNS, HISTORY_COLUMNS, MIGRATIONS, SqlStore
from sudoku_tui.game.store.sqlite import SqliteStore

__all__ = ["postgresql_socket", "postgresql_url"]  # the fixtures, used by name

SHAPE = square(3)
LINE = "..9..47...53.9.264..7.5.89...89..3...35.8.42..124356..294.7.5863715689425862491.."
OTHER = "1" + LINE[1:]  # another puzzle: r1c1 given (a finished game's)
KEY = f"9x9:{LINE}"
Execute = Callable[[str, Sequence[Any]], Any]


def fill_schema_five(execute: Execute, mark: str) -> None:
    """Two players' rows as schema 5 wrote them: a game in progress, and a history of two games."""
    game = {
        "puzzle_key": KEY,
        "game_id": "g-progress",
        "shape": "9x9",
        "givens": LINE,
        "entries": "8" + LINE[1:],
        "marks": "[" + ",".join(["0"] * 81) + "]",
        "elapsed": 61.5,
        "solved": 0,
        "level": None,
        "source_kind": "own",
        "source_path": None,
        "source_index": None,
        "daily_date": None,
        "hints": 1,
        "checks": 0,
        "mistakes_shown": 0,
        "solve_used": 0,
        "started_at": 1000.0,
        "last_played": 1100.0,
        "cursor": 4,
        "colours": "",
    }
    assert set(game) == set(GAME_COLUMNS) - {"moves"}
    columns = ", ".join(["player", *game])
    execute(f"INSERT INTO games ({columns}) VALUES ({', '.join([mark] * (len(game) + 1))})", ["local", *game.values()])
    for game_id, ended, givens in (("g-old", 900.0, OTHER), ("g-progress", 1050.0, LINE)):
        entry = {c: game.get(c) for c in HISTORY_COLUMNS}
        entry.update(game_id=game_id, ended_at=ended, givens=givens, puzzle_key=f"9x9:{givens}", solved=0, elapsed=30.0)
        names = ", ".join(["player", *entry])
        execute(
            f"INSERT INTO history ({names}) VALUES ({', '.join([mark] * (len(entry) + 1))})", ["local", *entry.values()]
        )


def check_migrated(store: SqlStore) -> None:
    assert store.schema_version() == len(MIGRATIONS) == 6
    found = store.find_game("local", KEY)
    assert found is not None and found.elapsed == 61.5 and found.cursor == 4 and found.moves == b""
    assert [entry.game_id for entry in store.history("local")] == ["g-progress", "g-old"]
    in_progress = store.recorded_game("local", "g-progress")
    assert in_progress is not None and not in_progress.finished and in_progress.moves == ()
    old = store.recorded_game("local", "g-old")
    assert old is not None and old.finished and old.moves == () and old.puzzle.to_line() == OTHER
    last = store.last_recorded_game("local")  # the game left for another puzzle is still in progress
    assert last is not None and last.game_id == "g-old"
    # Played on: the moves are recorded from here.
    session = Session(store, now=lambda: 5.0)
    session.start_own(Puzzle.from_line(SHAPE, LINE))
    assert session.play.values[0] == 8 and session.moves == ()
    session.enter(1, 1)
    session.save_game()
    again = store.recorded_game("local", "g-progress")
    assert again is not None and again.moves == (Move(MoveKind.VALUE, 1, 1, 61_500),)


def test_a_sqlite_store_of_schema_five_is_migrated_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    with sqlite3.connect(path) as db:
        for step in MIGRATIONS[:5]:
            for statement in step:
                db.execute(statement)
        db.execute("PRAGMA user_version = 5")
        fill_schema_five(db.execute, "?")
    db.close()
    with SqliteStore(path) as store:
        check_migrated(store)


def test_a_postgresql_store_of_schema_five_is_migrated_with_its_games(postgresql_url: str) -> None:
    import psycopg  # here: the SQLite test runs without the server extra

    from sudoku_tui.game.store.postgresql import MIGRATIONS as PG_MIGRATIONS
    from sudoku_tui.game.store.postgresql import VERSION_TABLE, PostgresqlStore

    with psycopg.connect(postgresql_url, autocommit=True) as db:
        for step in PG_MIGRATIONS[:5]:
            for statement in step:
                db.execute(statement)
        db.execute(VERSION_TABLE)
        db.execute("INSERT INTO sudoku_schema (version) VALUES (5)")
        fill_schema_five(lambda sql, params: db.execute(sql, list(params)), "%s")
    with PostgresqlStore(postgresql_url) as store:
        check_migrated(store)
