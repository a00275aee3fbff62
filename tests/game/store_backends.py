"""The store's backends for the store tests: SQLite in a file, and a real PostgreSQL.

The PostgreSQL cluster is made by the tests themselves (``initdb`` and
``pg_ctl``, Debian's ``postgresql``) in a temporary folder, listening only
on a Unix socket there, once per test run; each test gets a database of
its own. Without PostgreSQL installed (or psycopg) those tests skip; in CI
they fail, since .ci/run installs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sudoku_tui.game.clock import TimeSource
from sudoku_tui.game.store.sql import SqlStore
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.serve.needs import in_ci

BACKENDS = ["sqlite", "postgresql"]
PG_BIN_FOLDERS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def _pg_program(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in PG_BIN_FOLDERS:
        if (folder / name).exists():
            return str(folder / name)
    return None


def _as_postgres(argv: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run it as the ``postgres`` user."""
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def _missing(what: str) -> None:
    if in_ci():
        pytest.fail(f"{what} is missing; .ci/run installs it")
    pytest.skip(f"{what} is missing")


@pytest.fixture(scope="session")
def postgresql_socket() -> Iterator[str]:
    """A running PostgreSQL cluster of our own; the folder of its Unix socket."""
    initdb, pg_ctl = _pg_program("initdb"), _pg_program("pg_ctl")
    if initdb is None or pg_ctl is None:
        _missing("PostgreSQL (initdb, pg_ctl)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg (the server extra)")
    assert initdb is not None and pg_ctl is not None
    folder = Path(tempfile.mkdtemp(prefix="sudoku-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    subprocess.run(
        _as_postgres([initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    options = f"-k {folder} -c listen_addresses='' -c fsync=off"
    start = [pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"]
    subprocess.run(_as_postgres(start), check=True, capture_output=True)
    try:
        yield str(folder)
    finally:
        subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgresql_url(postgresql_socket: str) -> str:
    """A new, empty database in the test cluster."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"postgresql://postgres@/postgres?host={postgresql_socket}", autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return f"postgresql://postgres@/{name}?host={postgresql_socket}"


StoreMaker = Callable[..., SqlStore]


@pytest.fixture(params=BACKENDS)
def store_maker(request: pytest.FixtureRequest, tmp_path: Path) -> StoreMaker:
    """``make(clock=...)``: the test's store, opened (again) at the same place, on each backend."""
    if request.param == "sqlite":
        path = tmp_path / "store.sqlite3"

        def make_sqlite(clock: TimeSource | None = None) -> SqliteStore:
            return SqliteStore(path, clock=clock) if clock is not None else SqliteStore(path)

        return make_sqlite
    from sudoku_tui.game.store.postgresql import PostgresqlStore

    url = request.getfixturevalue("postgresql_url")

    def make_postgresql(clock: TimeSource | None = None) -> SqlStore:
        return PostgresqlStore(url, clock=clock) if clock is not None else PostgresqlStore(url)

    return make_postgresql
