"""Opening the store a server names: a folder (the SQLite store in it), a PostgreSQL
URL, or nothing kept at all (a guest's games last for the session)."""

from __future__ import annotations

from pathlib import Path

from .interface import StoreError
from .local import OpenedStore, open_local_store
from .sqlite import SqliteStore

# The location of a store that keeps nothing beyond the process (a guest's).
IN_MEMORY = ":memory:"
POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql(location: str) -> bool:
    return location.startswith(POSTGRESQL_SCHEMES)


def open_store_at(location: str, player: str) -> OpenedStore:
    """The store at ``location`` for ``player`` (see :func:`open_local_store` for a
    store that cannot be used: play goes on, and the player is told)."""
    if location == IN_MEMORY:
        return OpenedStore(SqliteStore.in_memory())
    if is_postgresql(location):
        return _open_postgresql(location)
    return open_local_store(Path(location), player=player)


def _open_postgresql(url: str) -> OpenedStore:
    """The shared store of several hosts; when it cannot be reached, play goes on without saving."""
    try:
        from .postgresql import PostgresqlStore  # psycopg: the server extra

        return OpenedStore(PostgresqlStore(url))
    except ImportError:
        told = "Your games cannot be saved: the PostgreSQL store needs psycopg (the server extra)."
    except StoreError as error:
        told = str(error)
    return OpenedStore(SqliteStore.in_memory(), [f"{told} Play goes on without saving."])
