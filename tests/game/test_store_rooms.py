"""Games of rooms in a real store (SQLite and PostgreSQL): the history says which room a game
was played in, a store of the schema before rooms is brought to it with its history intact,
and the daily ranking leaves a shared (co-op) solve out while it ranks a race's."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from daily_players import ANN, BOB, CAT, SetClock, daily_game
from store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker

from sudoku_tui.game.store.checks import check_finished
from sudoku_tui.game.store.records import RoomGame
from sudoku_tui.game.store.sql import HISTORY_COLUMNS, MIGRATIONS, SCHEMA_VERSION, SqlStore
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.game.test_store_players import DAY, clock, store

__all__ = ["clock", "postgresql_socket", "postgresql_url", "store", "store_maker"]  # the fixtures, used by name
ROOM_COLUMNS = ("room_kind", "room_with", "room_place", "room_field")
BEFORE_ROOMS = 3  # the schema whose history had no room yet (the rooms' columns are step 4)


def test_a_room_game_goes_into_the_history_with_its_room(
    store: SqlStore, store_maker: StoreMaker, clock: SetClock
) -> None:
    coop = RoomGame("coop", ("bob", "guest-1a2b"))
    store.finish_game(ANN, replace(daily_game(DAY, 100), room=coop))
    clock.on(DAY, seconds=1)
    race = store.finish_game(ANN, replace(daily_game(DAY, 90), room=RoomGame("race", ("bob", "cat"), 0, 3)))
    clock.on(DAY, seconds=2)
    store.finish_game(ANN, daily_game(DAY, 80))  # alone
    store.record_room(ANN, race.game_id, RoomGame("race", ("bob", "cat"), 2, 3))  # the place, known later
    store.close()
    again = store_maker()
    assert [entry.room for entry in again.history(ANN)] == [None, RoomGame("race", ("bob", "cat"), 2, 3), coop]
    assert again.games_in_progress(ANN) == []


def test_what_cannot_be_read_of_a_room_is_mended_and_the_entry_kept() -> None:
    entry = {
        "game_id": "g1",
        "shape": "4x4",
        "givens": "2...43213...1432",
        "source_kind": "made",
        "elapsed": 10.0,
        "hints": 0,
        "checks": 0,
        "mistakes_shown": 0,
        "solve_used": 0,
        "solved": 1,
        "ended_at": 1.0,
    }
    read = check_finished({**entry, "room_kind": "race", "room_with": "bob <b>x</b> \x1b[2J", "room_place": 5})
    assert read.room == RoomGame("race", ("bob",), 0, 0)  # a place past the field is not known
    assert check_finished({**entry, "room_kind": "party", "room_with": "bob"}).room is None
    assert check_finished({**entry, "room_kind": "coop", "room_place": 2, "room_field": 3}).room == RoomGame("coop")
    assert check_finished(entry).room is None  # an entry written before rooms


def _history_row(store: SqlStore, clock: SetClock) -> tuple[object, ...]:
    """A solved entry's columns of the schema before rooms, as a store writes them."""
    store.finish_game(ANN, daily_game(DAY, 321.5, hints=2))
    before = [column for column in HISTORY_COLUMNS if column not in ROOM_COLUMNS]
    found = store._db.execute(f"SELECT player, {', '.join(before)} FROM history").fetchall()
    return tuple(found[0])


def _columns() -> str:
    return ", ".join(["player", *(column for column in HISTORY_COLUMNS if column not in ROOM_COLUMNS)])


def test_a_sqlite_store_of_the_schema_before_rooms_keeps_its_history(tmp_path: Path, clock: SetClock) -> None:
    with SqliteStore(tmp_path / "model.sqlite3", clock=clock) as model:
        row = _history_row(model, clock)
    path = tmp_path / "store.sqlite3"
    with sqlite3.connect(path) as db:
        for step in MIGRATIONS[:BEFORE_ROOMS]:
            for statement in step:
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {BEFORE_ROOMS}")
        db.execute(f"INSERT INTO history ({_columns()}) VALUES ({', '.join('?' * len(row))})", row)
    db.close()
    with SqliteStore(path, clock=clock) as store:
        _kept_and_extended(store, clock)


def test_a_postgresql_store_of_the_schema_before_rooms_keeps_its_history(
    postgresql_url: str, tmp_path: Path, clock: SetClock
) -> None:
    import psycopg

    from sudoku_tui.game.store import postgresql

    with SqliteStore(tmp_path / "model.sqlite3", clock=clock) as model:
        row = _history_row(model, clock)
    with psycopg.connect(postgresql_url, autocommit=True) as db, db.transaction():
        for step in postgresql.MIGRATIONS[:BEFORE_ROOMS]:
            for statement in step:
                db.execute(statement)
        db.execute(postgresql.VERSION_TABLE)
        db.execute("INSERT INTO sudoku_schema (version) VALUES (%s)", (BEFORE_ROOMS,))
        db.execute(f"INSERT INTO history ({_columns()}) VALUES ({', '.join(['%s'] * len(row))})", row)
    with postgresql.PostgresqlStore(postgresql_url, clock=clock) as store:
        _kept_and_extended(store, clock)


def _kept_and_extended(store: SqlStore, clock: SetClock) -> None:
    assert store.schema_version() == SCHEMA_VERSION
    (entry,) = store.history(ANN)
    assert (entry.elapsed, entry.aids.hints, entry.solved, entry.room) == (321.5, 2, True, None)
    assert store.statistics(ANN, DAY).solved == 1 and store.take_notices() == []
    clock.on(DAY, seconds=1)
    store.finish_game(ANN, replace(daily_game(DAY, 60), room=RoomGame("coop", ("bob",))))
    assert [entry.room for entry in store.history(ANN)] == [RoomGame("coop", ("bob",)), None]


def test_a_shared_solve_is_not_ranked_and_a_race_is(store: SqlStore, clock: SetClock) -> None:
    together = RoomGame("coop", ("bob",))
    store.finish_game(ANN, replace(daily_game(DAY, 120), room=together))
    store.finish_game(BOB, replace(daily_game(DAY, 120), room=RoomGame("coop", ("ann",))))
    clock.on(DAY, seconds=1)  # later (the same instant would leave the order of the two to the database)
    store.finish_game(ANN, daily_game(DAY, 30))  # alone, knowing the solution: not ranked either
    store.finish_game(CAT, replace(daily_game(DAY, 200), room=RoomGame("race", ("bob",), 1, 2)))
    ranked = store.daily_ranking(DAY, "medium")
    assert [(r.player, r.elapsed) for r in ranked] == [(CAT, 200.0)]
    assert [s.player for s in store.streak_ranking(DAY)] == [CAT]
    # Statistics are the player's own: a game solved together counts as solved for each.
    assert store.statistics(ANN, DAY).solved == 2 and store.statistics(BOB, DAY).current_streak == 1
