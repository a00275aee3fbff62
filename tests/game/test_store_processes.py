"""Many game processes on one store: nothing one writes is lost by another,
and a kill at any moment leaves a sound store holding every committed game.
The tests that do not look at SQLite's files run on both backends: the SQLite
file of a folder, and a database of a real PostgreSQL (several serving hosts
share one)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_backends import BACKENDS, postgresql_socket, postgresql_url
from store_worker import PLAYER, number_of, numbered_game

from sudoku_tui.game.store.import_saves import IMPORTED_NAME, SAVES_NAME
from sudoku_tui.game.store.interface import Store
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.legacy_saves import SavedGame, SaveStore

WORKER = Path(__file__).with_name("store_worker.py")

__all__ = ["postgresql_socket", "postgresql_url"]  # fixtures the tests below take


class Place:
    """Where the workers' store is (as they are told) and the store opened there again."""

    def __init__(self, request: pytest.FixtureRequest, tmp_path: Path) -> None:
        self.backend: str = request.param
        self.folder = tmp_path
        self.location = str(tmp_path) if self.backend == "sqlite" else request.getfixturevalue("postgresql_url")

    def store(self) -> Store:
        if self.backend == "sqlite":
            return SqliteStore(self.folder / STORE_NAME)
        from sudoku_tui.game.store.postgresql import PostgresqlStore

        return PostgresqlStore(self.location)


@pytest.fixture(params=BACKENDS)
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    return Place(request, tmp_path)


def start(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), *map(str, args)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def expect(process: subprocess.Popen[str], line: str) -> None:
    assert process.stdout is not None
    assert process.stdout.readline().strip() == line


def tell(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None
    process.stdin.write("go\n")
    process.stdin.flush()


def finish(process: subprocess.Popen[str], timeout: float = 60) -> None:
    assert process.wait(timeout) == 0


@pytest.mark.parametrize("first_to_quit", [0, 1])
def test_two_game_processes_keep_both_games(place: Place, first_to_quit: int) -> None:
    games = [start("game", place.location, 11), start("game", place.location, 22)]
    for process in games:
        expect(process, "ready")
    for process in (games[first_to_quit], games[1 - first_to_quit]):
        tell(process)
        expect(process, "saved")
        finish(process)
    store = place.store()
    for number in (11, 22):
        found = store.find_game(PLAYER, numbered_game(number).key)
        assert found is not None and found.elapsed == 2.0
    assert len(store.games_in_progress(PLAYER)) == 2


def test_a_thousand_writes_from_four_processes_are_all_kept(place: Place) -> None:
    writers = [start("put", place.location, index * 250, 250) for index in range(4)]
    for writer in writers:
        expect(writer, "ready")
    began = time.perf_counter()
    for writer in writers:
        tell(writer)
    for writer in writers:
        finish(writer, timeout=120)
    took = time.perf_counter() - began
    store = place.store()
    numbers = sorted(number_of(game.givens) for game in store.games_in_progress(PLAYER))
    assert numbers == list(range(1000))
    print(f"\n{place.backend}: 1000 writes from 4 processes at once: {took:.2f} s, {len(numbers)} rows found")


def read_until_killed(process: subprocess.Popen[str], lines: int) -> list[str]:
    """Read ``lines`` lines, then kill the writer in the middle of its loop."""
    assert process.stdout is not None
    said = [process.stdout.readline().strip() for _ in range(lines)]
    os.kill(process.pid, signal.SIGKILL)
    process.wait(30)
    said += [line.strip() for line in process.stdout if line.strip()]  # what it said before it died
    return said


def test_kill_nine_mid_write_leaves_every_committed_game(place: Place) -> None:
    put: set[int] = set()
    finished: set[int] = set()
    for round_number, lines in enumerate((7, 40, 23, 61, 15)):
        said = read_until_killed(start("forever", place.location, 1000 * round_number), lines)
        put |= {int(line.split()[1]) for line in said if line.startswith("put ")}
        finished |= {int(line.split()[1]) for line in said if line.startswith("fin ")}
    if place.backend == "sqlite":
        with sqlite3.connect(place.folder / STORE_NAME) as db:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    store = place.store()
    in_progress = {number_of(game.givens) for game in store.games_in_progress(PLAYER)}
    history = {number_of(entry.givens) for entry in store.history(PLAYER, None)}
    assert put - finished <= in_progress | history
    assert finished <= history and not finished & in_progress  # a finish is never half done
    assert store.take_notices() == []
    assert len(put) >= 5 * 5


def test_processes_opening_at_once_import_saves_json_once(tmp_path: Path) -> None:
    saves = SaveStore(tmp_path)
    for number in range(5):
        puzzle = numbered_game(number).puzzle()
        saves.put(SavedGame.of(puzzle, list(puzzle.givens), [0] * 81, 10.0 + number))
    openers = [start("put", tmp_path, 0, 0) for _ in range(4)]
    for opener in openers:
        expect(opener, "ready")
        tell(opener)
    for opener in openers:
        finish(opener)
    names = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(SAVES_NAME))
    assert names == [IMPORTED_NAME]
    store = SqliteStore(tmp_path / STORE_NAME)
    assert sorted(number_of(game.givens) for game in store.games_in_progress(PLAYER)) == list(range(5))
