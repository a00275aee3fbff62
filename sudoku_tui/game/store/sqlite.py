"""The player store in one SQLite database; every SQL statement of the game is here.

Many game processes share the file at once: it runs in write-ahead-log
mode, each change is one ``BEGIN IMMEDIATE`` transaction on its own rows
(never a read-modify-write of the whole store), and a writer that finds
the database busy waits up to :data:`BUSY_TIMEOUT` rather than fail. A
commit is flushed to disk (``synchronous=FULL``), so a game once saved
survives a kill or a power cut; a kill at any moment leaves the database
consistent (SQLite's journal).

The schema has a version (``PRAGMA user_version``) and an ordered list of
:data:`MIGRATIONS`; opening applies the missing steps in one transaction
and refuses a database of a newer version. The SQL keeps to what another
database understands too: explicit columns, ``?`` parameters, upserts with
``ON CONFLICT``.
"""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any, Protocol

from ..clock import TimeSource
from .checks import (
    BadRow,
    check_finished,
    check_game,
    check_player,
    checked_game,
    finished_row,
    game_row,
    stored_start,
)
from .interface import Store, StoreCorrupt, StoreError, StoreUnavailable
from .records import BOARDS, LEVELS, FinishedGame, Game, utc_date
from .settings import SETTINGS, SettingValue, setting
from .statistics import Statistics, compute_statistics


class Database(Protocol):
    """What the store's code asks of a connection: ``execute`` with ``?`` parameters
    (sqlite3's own; the PostgreSQL store adapts its connection to it)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...


BUSY_TIMEOUT = 10.0  # seconds a writer waits for another one

GAME_COLUMNS = (
    "puzzle_key",
    "game_id",
    "shape",
    "givens",
    "entries",
    "marks",
    "elapsed",
    "solved",
    "level",
    "source_kind",
    "source_path",
    "source_index",
    "daily_date",
    "hints",
    "checks",
    "mistakes_shown",
    "solve_used",
    "started_at",
    "last_played",
    "cursor",
)
HISTORY_COLUMNS = (
    "game_id",
    "puzzle_key",
    "shape",
    "givens",
    "level",
    "source_kind",
    "source_path",
    "source_index",
    "daily_date",
    "elapsed",
    "hints",
    "checks",
    "mistakes_shown",
    "solve_used",
    "solved",
    "ended_at",
)

# One tuple of statements per schema version, applied in order.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            player TEXT NOT NULL,
            puzzle_key TEXT NOT NULL,
            game_id TEXT NOT NULL,
            shape TEXT NOT NULL,
            givens TEXT NOT NULL,
            entries TEXT NOT NULL,
            marks TEXT NOT NULL,
            elapsed REAL NOT NULL,
            solved INTEGER NOT NULL,
            level TEXT,
            source_kind TEXT NOT NULL,
            source_path TEXT,
            source_index INTEGER,
            daily_date TEXT,
            hints INTEGER NOT NULL,
            checks INTEGER NOT NULL,
            mistakes_shown INTEGER NOT NULL,
            solve_used INTEGER NOT NULL,
            started_at REAL NOT NULL,
            last_played REAL NOT NULL,
            PRIMARY KEY (player, puzzle_key)
        )""",
        "CREATE INDEX games_by_last_played ON games (player, last_played)",
        """CREATE TABLE history (
            player TEXT NOT NULL,
            game_id TEXT NOT NULL,
            puzzle_key TEXT NOT NULL,
            shape TEXT NOT NULL,
            givens TEXT NOT NULL,
            level TEXT,
            source_kind TEXT NOT NULL,
            source_path TEXT,
            source_index INTEGER,
            daily_date TEXT,
            elapsed REAL NOT NULL,
            hints INTEGER NOT NULL,
            checks INTEGER NOT NULL,
            mistakes_shown INTEGER NOT NULL,
            solve_used INTEGER NOT NULL,
            solved INTEGER NOT NULL,
            ended_at REAL NOT NULL,
            PRIMARY KEY (player, game_id)
        )""",
        "CREATE INDEX history_by_end ON history (player, ended_at)",
        "CREATE INDEX history_by_puzzle ON history (player, puzzle_key)",
        """CREATE TABLE settings (
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (player, name)
        )""",
    ),
    # 2: the selected cell, so a game comes back where the player left it.
    ("ALTER TABLE games ADD COLUMN cursor INTEGER NOT NULL DEFAULT 0",),
)
SCHEMA_VERSION = len(MIGRATIONS)


def _insert(table: str, columns: Sequence[str], conflict: str, keep: Sequence[str] | None) -> str:
    """An insert of one row; on a conflict with ``conflict`` it updates every column but
    those in ``keep`` (``keep`` None: it does nothing)."""
    names = ", ".join(("player", *columns))
    marks = ", ".join("?" * (len(columns) + 1))
    if keep is None:
        return f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT ({conflict}) DO NOTHING"
    update = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in keep)
    return f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT ({conflict}) DO UPDATE SET {update}"


PUT_GAME = _insert("games", GAME_COLUMNS, "player, puzzle_key", ("player", "puzzle_key"))
FIND_START = "SELECT game_id, started_at FROM games WHERE player = ? AND puzzle_key = ?"
ADD_GAME = _insert("games", GAME_COLUMNS, "player, puzzle_key", None)
PUT_FINISHED = _insert("history", HISTORY_COLUMNS, "player, game_id", ("player", "game_id"))
ADD_FINISHED = _insert("history", HISTORY_COLUMNS, "player, game_id", None)
HELD_ENTRY = "SELECT 1 FROM history WHERE player = ? AND game_id = ?"
SELECT_GAMES = f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE player = ?"
SELECT_HISTORY = f"SELECT {', '.join(HISTORY_COLUMNS)} FROM history WHERE player = ?"
# Games in progress that the history does not hold yet (never left): they count as started too.
UNRECORDED_GAMES = (
    "SELECT shape, level, mistakes_shown FROM games WHERE player = ? AND NOT EXISTS "
    "(SELECT 1 FROM history WHERE history.player = games.player AND history.game_id = games.game_id)"
)

# SQLite's primary result codes that the player is told about in words.
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR = 5, 6, 8, 10
SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 11, 13, 14, 26
_REASONS = {
    SQLITE_BUSY: "another game kept the store busy for too long",
    SQLITE_LOCKED: "another game kept the store busy for too long",
    SQLITE_READONLY: "the store may not be written",
    SQLITE_IOERR: "the disk could not be read or written",
    SQLITE_FULL: "the disk is full",
    SQLITE_CANTOPEN: "the store could not be opened",
}


def store_error(error: sqlite3.Error, doing: str) -> StoreError:
    """The player's sentence for a failure of SQLite while the store ``doing`` (e.g. "could not be saved")."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code in (SQLITE_CORRUPT, SQLITE_NOTADB):
        return StoreCorrupt(f"The saved games {doing}: the store is damaged ({str(error).rstrip('.')}).")
    return StoreUnavailable(f"The saved games {doing}: {_REASONS.get(code, str(error)).rstrip('.')}.")


def new_game_id() -> str:
    return uuid.uuid4().hex


class SqliteStore(Store):
    """The store in the SQLite file ``path`` (``":memory:"``: one that keeps nothing).

    Opening raises :class:`StoreCorrupt` for a file that is not a sound
    store, :class:`StoreUnavailable` for one that cannot be used here.
    """

    def __init__(self, path: Path | str, *, clock: TimeSource = time.time, busy_timeout: float = BUSY_TIMEOUT) -> None:
        super().__init__(clock)
        self.path = str(path)
        self._persistent = self.path != ":memory:"
        self._lock = threading.RLock()  # the screen may save from a worker thread
        try:
            self._db = sqlite3.connect(self.path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise store_error(error, "could not be opened") from None
        try:
            self._prepare()
        except sqlite3.Error as error:
            self._db.close()
            raise store_error(error, "could not be opened") from None
        except StoreError:
            self._db.close()
            raise

    @classmethod
    def in_memory(cls, clock: TimeSource = time.time) -> SqliteStore:
        """A store for this process alone: play goes on, nothing is saved."""
        return cls(":memory:", clock=clock)

    @property
    def persistent(self) -> bool:
        return self._persistent

    def _prepare(self) -> None:
        db = self._db
        if self._persistent:
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreUnavailable(f"The saved games could not be opened: the store stays in {mode} mode.")
            db.execute("PRAGMA synchronous = FULL")
            problems = db.execute("PRAGMA quick_check").fetchall()
            if problems != [("ok",)]:
                raise StoreCorrupt(f"The saved games could not be opened: the store is damaged ({problems[0][0]}).")
        with self._transaction():
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if not isinstance(version, int) or version > SCHEMA_VERSION:
                raise StoreUnavailable(
                    "The saved games were written by a newer version of sudoku-tui; they are left as they are."
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    db.execute(statement)
            if version < SCHEMA_VERSION:
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def schema_version(self) -> int:
        with self._guard("could not be read"):
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
        return int(version)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """One call at a time; SQLite's failures become the player's sentence."""
        with self._lock:
            try:
                yield
            except sqlite3.Error as error:
                raise store_error(error, doing) from None

    @contextmanager
    def _transaction(self) -> Iterator[Database]:
        """One write transaction; IMMEDIATE takes the write lock at once, so a
        busy database is waited for at the start instead of failing halfway."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.Error):
                if db.in_transaction:
                    db.execute("ROLLBACK")
            raise

    def _rows(self, sql: str, params: Sequence[object], columns: Sequence[str]) -> Iterator[dict[str, object]]:
        for row in self._db.execute(sql, params):
            yield dict(zip(columns, row, strict=True))

    def _games(self, rows: Iterable[dict[str, object]], limit: int | None) -> list[Game]:
        games: list[Game] = []
        for row in rows:
            if limit is not None and len(games) >= limit:
                break
            try:
                games.append(check_game(row))
            except BadRow:
                self.skipped()
        return games

    # ---- games in progress ------------------------------------------------------

    def games_in_progress(self, player: str, limit: int | None = None) -> list[Game]:
        sql = SELECT_GAMES + " ORDER BY last_played DESC"
        with self._guard("could not be read"):
            return self._games(self._rows(sql, [check_player(player)], GAME_COLUMNS), limit)

    def find_game(self, player: str, key: str) -> Game | None:
        sql = SELECT_GAMES + " AND puzzle_key = ?"
        with self._guard("could not be read"):
            found = self._games(self._rows(sql, [check_player(player), key], GAME_COLUMNS), 1)
        return found[0] if found else None

    def last_game(self, player: str) -> Game | None:
        sql = SELECT_GAMES + " AND solved = 0 ORDER BY last_played DESC"
        with self._guard("could not be read"):
            found = self._games(self._rows(sql, [check_player(player)], GAME_COLUMNS), 1)
        return found[0] if found else None

    def put_game(self, player: str, game: Game) -> Game:
        player, game = check_player(player), checked_game(game)
        now = self.clock()
        with self._guard("could not be saved"), self._transaction() as db:
            game = self._identify(db, player, game, now)
            self._write(db, player, game)
        return game

    @staticmethod
    def _identify(db: Database, player: str, game: Game, now: float) -> Game:
        """The game with the id and start of its stored row (new ones when there is none, or
        when they cannot be used: the row is then mended by the write), played ``now``."""
        found = db.execute(FIND_START, [player, game.key]).fetchall()
        game_id, started_at = (
            stored_start(dict(zip(("game_id", "started_at"), found[0], strict=True))) if found else (None, None)
        )
        return replace(
            game, game_id=game_id or game.game_id or new_game_id(), started_at=started_at or now, last_played=now
        )

    @staticmethod
    def _write(db: Database, player: str, game: Game) -> None:
        row = game_row(game)
        db.execute(PUT_GAME, [player, *(row[c] for c in GAME_COLUMNS)])

    # ---- ending games -----------------------------------------------------------

    def leave_game(self, player: str, game: Game) -> FinishedGame:
        return self._end(player, game, keep=not game.solved)

    def finish_game(self, player: str, game: Game) -> FinishedGame:
        return self._end(player, game, keep=False)

    def _end(self, player: str, game: Game, *, keep: bool) -> FinishedGame:
        """Record the game in the history under its id, keeping its row in progress or removing it."""
        player, game = check_player(player), checked_game(game)
        now = self.clock()
        with self._guard("could not be saved"), self._transaction() as db:
            game = self._identify(db, player, game, now)
            if keep:
                self._write(db, player, game)
            else:
                db.execute("DELETE FROM games WHERE player = ? AND puzzle_key = ?", [player, game.key])
            finished = FinishedGame(
                game.game_id or new_game_id(),
                game.shape,
                game.givens,
                game.level,
                game.source,
                game.elapsed,
                game.aids,
                game.solved,
                now,
            )
            entry = finished_row(finished)
            db.execute(PUT_FINISHED, [player, *(entry[c] for c in HISTORY_COLUMNS)])
        return finished

    def history(self, player: str, limit: int | None = 100, key: str | None = None) -> list[FinishedGame]:
        sql, params = SELECT_HISTORY, [check_player(player)]
        if key is not None:
            sql += " AND puzzle_key = ?"
            params.append(key)
        sql += " ORDER BY ended_at DESC, game_id"
        if limit is not None:
            sql += " LIMIT " + str(max(int(limit), 0))
        with self._guard("could not be read"):
            return self._finished(self._rows(sql, params, HISTORY_COLUMNS))

    def _finished(self, rows: Iterable[dict[str, object]]) -> list[FinishedGame]:
        finished: list[FinishedGame] = []
        for row in rows:
            try:
                finished.append(check_finished(row))
            except BadRow:
                self.skipped()
        return finished

    def statistics(self, player: str, today: date | None = None, recent: int = 30) -> Statistics:
        player = check_player(player)
        before = self._skipped
        with self._guard("could not be read"):
            finished = self._finished(self._rows(SELECT_HISTORY, [player], HISTORY_COLUMNS))
            unrecorded = []
            for shape, level, shown in self._db.execute(UNRECORDED_GAMES, [player]):
                if shape in BOARDS:
                    unrecorded.append((str(shape), level if level in LEVELS else None, shown == 1))
                else:
                    self.skipped()
        today = today if today is not None else utc_date(self.clock())
        return compute_statistics(player, finished, unrecorded, today, recent, self._skipped - before)

    # ---- settings ---------------------------------------------------------------

    def get_setting(self, player: str, name: str) -> SettingValue:
        known = setting(name)
        sql = "SELECT value FROM settings WHERE player = ? AND name = ?"
        with self._guard("could not be read"):
            found = self._db.execute(sql, [check_player(player), name]).fetchall()
        if not found:
            return known.default
        value = known.decode(found[0][0])
        if value is None:
            self.skipped()
            return known.default
        return value

    def put_setting(self, player: str, name: str, value: SettingValue) -> None:
        text = setting(name).encode(value)
        sql = (
            "INSERT INTO settings (player, name, value) VALUES (?, ?, ?) "
            "ON CONFLICT (player, name) DO UPDATE SET value = excluded.value"
        )
        with self._guard("could not be saved"), self._transaction() as db:
            db.execute(sql, [check_player(player), name, text])

    def settings(self, player: str) -> dict[str, SettingValue]:
        values = {name: known.default for name, known in SETTINGS.items()}
        with self._guard("could not be read"):
            rows = self._db.execute("SELECT name, value FROM settings WHERE player = ?", [check_player(player)])
            for name, text in rows:
                if name in SETTINGS:
                    value = SETTINGS[name].decode(text)
                    if value is None:
                        self.skipped()
                    else:
                        values[name] = value
        return values

    # ---- bringing in games of the earlier saves file ----------------------------

    def import_games(self, player: str, games: Sequence[Game], finished: Sequence[FinishedGame]) -> int:
        """Add games in progress and history entries that carry their own ids and
        times, in one transaction; a game or an entry already held is kept as it
        is, so importing the same again adds nothing. Returns how many were added."""
        player = check_player(player)
        added = 0
        with self._guard("could not be saved"), self._transaction() as db:
            for game in games:
                row = game_row(checked_game(game))
                # A game that ended since an earlier import stays ended.
                if not db.execute(HELD_ENTRY, [player, row["game_id"]]).fetchall():
                    added += db.execute(ADD_GAME, [player, *(row[c] for c in GAME_COLUMNS)]).rowcount
            for entry in finished:
                values = finished_row(entry)
                added += db.execute(ADD_FINISHED, [player, *(values[c] for c in HISTORY_COLUMNS)]).rowcount
        return added
