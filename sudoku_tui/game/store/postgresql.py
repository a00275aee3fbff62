"""The player store in a PostgreSQL database that several serving hosts share.

The games, history and settings are read and written by the very statements
and methods of :mod:`.sql` (they keep to SQL both databases understand:
explicit columns, upserts with ``ON CONFLICT``), as the SQLite store's are, so
both stores behave alike; this module holds what is PostgreSQL's own: its schema's types (double precision
for times), the schema's version in a table, transactions, and its errors as the
player's sentences. ``?`` parameters become psycopg's ``%s``.

Hosts that open the database at once take turns through an advisory lock
while the schema is made, so no two make it twice. Every write is one
transaction on the player's own rows; a host that lost its connection makes
a new one at the next call.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from ..clock import TimeSource
from .database import Database
from .interface import StoreError, StoreUnavailable
from .sql import MIGRATIONS as SQL_MIGRATIONS
from .sql import SqlStore, migrate

# The schema's steps in PostgreSQL's types: a REAL there is a 4-byte float here,
# too coarse for a timestamp, so times and durations are double precision; bytes are BYTEA.
MIGRATIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(statement.replace(" REAL ", " DOUBLE PRECISION ").replace(" BLOB", " BYTEA") for statement in step)
    for step in SQL_MIGRATIONS
)
SCHEMA_VERSION = len(MIGRATIONS)
VERSION_TABLE = "CREATE TABLE IF NOT EXISTS sudoku_schema (version INTEGER NOT NULL)"
SCHEMA_LOCK = 0x5D0C  # the advisory lock hosts take while the schema is made
CONNECT_TIMEOUT = 10  # seconds


class _Adapted:
    """A psycopg connection as the store's code asks for it: ``execute`` with ``?`` parameters."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self.connection = connection

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Any:
        return self.connection.execute(sql.replace("?", "%s"), list(parameters))

    def close(self) -> None:
        self.connection.close()


def _unavailable(error: psycopg.Error, doing: str) -> StoreError:
    reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if isinstance(error, psycopg.OperationalError):
        reason = f"the database cannot be reached ({reason})"
    return StoreUnavailable(f"The saved games {doing}: {reason.rstrip('.')}.")


class PostgresqlStore(SqlStore):
    """The store in the PostgreSQL database at ``url`` (``postgresql://…``)."""

    def __init__(self, url: str, *, clock: TimeSource = time.time) -> None:
        super().__init__(url, persistent=True, clock=clock)
        self.url = url
        self._use(self._connect("could not be opened"))
        try:
            self._prepare()
        except psycopg.Error as error:
            self._pg.close()
            raise _unavailable(error, "could not be opened") from None
        except StoreError:
            self._pg.close()
            raise

    def _use(self, adapted: _Adapted) -> None:
        self._pg = adapted
        self._db = adapted  # the shared methods read and write through it

    def _connect(self, doing: str) -> _Adapted:
        try:
            return _Adapted(psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT))
        except psycopg.Error as error:
            raise _unavailable(error, doing) from None

    def _prepare(self) -> None:
        with self._transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(?)", [SCHEMA_LOCK])
            db.execute(VERSION_TABLE)
            found = db.execute("SELECT version FROM sudoku_schema").fetchall()
            version = int(found[0][0]) if found else 0
            migrate(db, version, MIGRATIONS)
            if not found:
                db.execute("INSERT INTO sudoku_schema (version) VALUES (?)", [SCHEMA_VERSION])
            elif version < SCHEMA_VERSION:
                db.execute("UPDATE sudoku_schema SET version = ?", [SCHEMA_VERSION])

    def schema_version(self) -> int:
        with self._guard("could not be read"):
            return int(self._db.execute("SELECT version FROM sudoku_schema").fetchall()[0][0])

    def close(self) -> None:
        with self._lock:
            self._pg.close()

    @contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """One call at a time, on a live connection; psycopg's failures become the player's sentence."""
        with self._lock:
            if self._pg.connection.closed:
                self._use(self._connect(doing))
            try:
                yield
            except psycopg.Error as error:
                raise _unavailable(error, doing) from None

    @contextmanager
    def _transaction(self) -> Iterator[Database]:
        with self._pg.connection.transaction():
            yield self._pg
