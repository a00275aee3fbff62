"""Opening the store a server names: a folder, a PostgreSQL URL, or nothing kept."""

from __future__ import annotations

from pathlib import Path

from store_backends import postgresql_socket, postgresql_url

from sudoku_tui.game.store.location import IN_MEMORY, open_store_at

__all__ = ["postgresql_socket", "postgresql_url"]  # the fixtures, used by name


def test_a_folder_is_the_sqlite_store_in_it(tmp_path: Path) -> None:
    opened = open_store_at(str(tmp_path), "SHA256:abc")
    assert opened.saving and opened.notices == []
    assert (tmp_path / "store.sqlite3").is_file()
    opened.store.close()


def test_in_memory_keeps_nothing() -> None:
    opened = open_store_at(IN_MEMORY, "guest")
    assert not opened.saving


def test_a_postgresql_url_is_the_shared_store(postgresql_url: str) -> None:
    from sudoku_tui.game.store.postgresql import PostgresqlStore  # psycopg is there: the fixture said so

    opened = open_store_at(postgresql_url, "SHA256:abc")
    assert isinstance(opened.store, PostgresqlStore) and opened.saving and opened.notices == []
    assert opened.store.schema_version() >= 1
    opened.store.close()


def test_a_database_that_cannot_be_reached_is_one_sentence(postgresql_socket: str, tmp_path: Path) -> None:
    opened = open_store_at(f"postgresql://postgres@/postgres?host={tmp_path}", "SHA256:abc")  # no server there
    assert not opened.saving
    [told] = opened.notices
    assert told.startswith("The saved games could not be opened: the database cannot be reached (")
    assert told.endswith("Play goes on without saving.")
