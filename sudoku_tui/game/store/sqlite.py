"""The player store in one SQLite database: the SQLite dialect of sql.py.

Many game processes share the file at once: it runs in write-ahead-log
mode, each change is one ``BEGIN IMMEDIATE`` transaction on its own rows
(never a read-modify-write of the whole store), and a writer that finds
the database busy waits up to :data:`BUSY_TIMEOUT` rather than fail. A
commit is flushed to disk (``synchronous=FULL``), so a game once saved
survives a kill or a power cut; a kill at any moment leaves the database
consistent (SQLite's journal). The schema's version is ``PRAGMA
user_version``.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from ..clock import TimeSource
from .database import Database
from .interface import StoreCorrupt, StoreError, StoreUnavailable
from .sql import MIGRATIONS, SCHEMA_VERSION, SqlStore, migrate

BUSY_TIMEOUT = 10.0  # seconds a writer waits for another one

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


class SqliteStore(SqlStore):
    """The store in the SQLite file ``path`` (``":memory:"``: one that keeps nothing).

    Opening raises :class:`StoreCorrupt` for a file that is not a sound
    store, :class:`StoreUnavailable` for one that cannot be used here.
    """

    def __init__(self, path: Path | str, *, clock: TimeSource = time.time, busy_timeout: float = BUSY_TIMEOUT) -> None:
        super().__init__(str(path), persistent=str(path) != ":memory:", clock=clock)
        try:
            self._sqlite = sqlite3.connect(
                self.path, timeout=busy_timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise store_error(error, "could not be opened") from None
        self._db = self._sqlite
        try:
            self._prepare()
        except sqlite3.Error as error:
            self._sqlite.close()
            raise store_error(error, "could not be opened") from None
        except StoreError:
            self._sqlite.close()
            raise

    @classmethod
    def in_memory(cls, clock: TimeSource = time.time) -> SqliteStore:
        """A store for this process alone: play goes on, nothing is saved."""
        return cls(":memory:", clock=clock)

    def _prepare(self) -> None:
        db = self._sqlite
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
            migrate(db, version, MIGRATIONS)
            if version < SCHEMA_VERSION:
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def schema_version(self) -> int:
        with self._guard("could not be read"):
            version = self._sqlite.execute("PRAGMA user_version").fetchone()[0]
        return int(version)

    def close(self) -> None:
        with self._lock:
            self._sqlite.close()

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
        db = self._sqlite
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.Error):
                if db.in_transaction:
                    db.execute("ROLLBACK")
            raise
