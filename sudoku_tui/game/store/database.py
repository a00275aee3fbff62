"""What the store's SQL asks of a connection."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Database(Protocol):
    """``execute`` with ``?`` parameters (sqlite3's own; the PostgreSQL store adapts
    its connection to it)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...
