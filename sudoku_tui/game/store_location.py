"""Opening the store a server names: a folder (the SQLite store in it), a PostgreSQL
URL, or nothing kept at all (a guest's games last for the session)."""

from __future__ import annotations

from pathlib import Path

from .local_store import OpenedStore, open_local_store
from .sqlite_store import SqliteStore

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
    return open_local_store(Path(location), player=player)
