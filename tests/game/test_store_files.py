"""Opening the store whatever its file holds: damaged (kept aside, a new store
starts), unreadable or of a newer version (never touched, play goes on
without saving), and the earlier version's saves.json (imported once)."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from store_worker import numbered_game

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.game.store.import_saves import IMPORTED_NAME, SAVES_NAME
from sudoku_tui.game.store.local import STORE_NAME, open_local_store
from sudoku_tui.game.store.records import Source
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.legacy_saves import SavedGame, SaveStore

ONE_SKIPPED = "1 saved game of the earlier version could not be read and was skipped."
WORKER = Path(__file__).with_name("store_worker.py")
FOUR = Puzzle.from_line(square(2), "2...43213...1432")
FOUR_SOLVED = [2, 1, 4, 3, 4, 3, 2, 1, 3, 2, 1, 4, 1, 4, 3, 2]
NINE = Puzzle.from_line(square(3), "...81.....2........1.9..7...7..25.934.2............5...975.....563.....4......68.")


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file of the folder and a digest of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def store_with_games(folder: Path, count: int) -> None:
    with SqliteStore(folder / STORE_NAME) as store:
        for number in range(count):
            store.put_game("local", numbered_game(number))


def assert_new_store_works(folder: Path) -> None:
    again = open_local_store(folder)
    assert again.saving and again.notices == []
    again.store.put_game("local", numbered_game(5))
    assert again.store.find_game("local", numbered_game(5).key) is not None
    again.store.close()


@pytest.mark.parametrize(
    "content",
    [b"this is no database " * 300, bytes(range(256)) * 40, b"SQLite format 3\x00" + b"\xff" * 5000],
    ids=["text", "bytes", "bad-header"],
)
def test_a_damaged_store_is_kept_aside_and_a_new_one_starts(tmp_path: Path, content: bytes) -> None:
    (tmp_path / STORE_NAME).write_bytes(content)
    opened = open_local_store(tmp_path)
    assert opened.saving and len(opened.notices) == 1
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(STORE_NAME + ".damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert f"It was kept as {kept[0].name}" in opened.notices[0]
    assert opened.store.games_in_progress("local") == []
    opened.store.close()
    assert_new_store_works(tmp_path)


def test_a_store_damaged_inside_is_kept_aside(tmp_path: Path) -> None:
    store_with_games(tmp_path, 300)
    path = tmp_path / STORE_NAME
    data = bytearray(path.read_bytes())
    assert len(data) > 6 * 4096
    data[2 * 4096 : 5 * 4096] = b"\x5a" * (3 * 4096)  # pages of the tables, not the header
    path.write_bytes(bytes(data))
    opened = open_local_store(tmp_path)
    assert opened.saving and "damaged" in opened.notices[0]
    (kept,) = [p for p in tmp_path.iterdir() if p.name.startswith(STORE_NAME + ".damaged-")]
    assert kept.read_bytes() == bytes(data)
    opened.store.close()
    assert_new_store_works(tmp_path)


def test_a_store_of_a_newer_version_is_left_alone(tmp_path: Path) -> None:
    store_with_games(tmp_path, 3)
    with sqlite3.connect(tmp_path / STORE_NAME) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    before = fingerprint(tmp_path)
    opened = open_local_store(tmp_path)
    assert not opened.saving and "newer version" in opened.notices[0]
    opened.store.put_game("local", numbered_game(1))  # play goes on, in memory
    opened.store.close()
    after = fingerprint(tmp_path)
    assert {k: v for k, v in after.items() if not k.startswith(".")} == before


def test_a_data_folder_that_is_a_file_is_never_touched(tmp_path: Path) -> None:
    folder = tmp_path / "sudoku-tui"
    folder.write_bytes(b"not a folder")
    opened = open_local_store(folder)
    assert not opened.saving and "cannot be saved" in opened.notices[0]
    opened.store.put_game("local", numbered_game(1))
    assert folder.read_bytes() == b"not a folder"


def test_a_store_the_player_may_not_read_is_never_overwritten(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    store_with_games(folder, 3)
    path = folder / STORE_NAME
    # A store of someone else's: root's, readable by root alone; the folder is open to all,
    # so moving or replacing the file would be allowed and must still not happen.
    os.chmod(path, 0o000 if os.geteuid() != 0 else 0o600)
    os.chmod(folder, 0o777)
    before = fingerprint(folder) if os.geteuid() == 0 else None
    run = subprocess.run(
        [sys.executable, str(WORKER), "unreadable", str(folder)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    assert said["uid"] != 0 and not said["saving"] and said["found"]
    assert "cannot be saved" in said["notices"][0] and "may not be read" in said["notices"][0]
    os.chmod(path, 0o600)
    if before is not None:
        assert {k: v for k, v in fingerprint(folder).items() if not k.startswith(".")} == before
    with SqliteStore(path) as store:
        assert len(store.games_in_progress("local")) == 3


def old_saves(folder: Path) -> None:
    """A saves.json written by the earlier version itself."""
    saves = SaveStore(folder)
    saves.put(SavedGame.of(NINE, list(NINE.givens), [0] * 81, 300.0, path="/p/top.txt", index=4))
    saves.put(SavedGame.of(FOUR, FOUR_SOLVED, [0] * 16, 61.0, solved=True))
    other = Puzzle.from_line(square(2), "2...4321........")
    values = list(other.givens)
    values[1] = 1
    saves.put(SavedGame.of(other, values, [7] * 16, 9))


def test_saves_json_is_imported_once_and_renamed(tmp_path: Path) -> None:
    old_saves(tmp_path)
    raw = json.loads((tmp_path / SAVES_NAME).read_text())
    raw["games"].append({"shape": "9x9", "givens": "[bold]", "values": "x", "marks": []})  # one bad game
    (tmp_path / SAVES_NAME).write_text(json.dumps(raw))
    opened = open_local_store(tmp_path)
    store = opened.store
    assert opened.saving and opened.notices == [
        "1 saved game of the earlier version could not be read and was skipped."
    ]
    assert not (tmp_path / SAVES_NAME).exists() and (tmp_path / IMPORTED_NAME).is_file()
    nine = store.find_game("local", f"9x9:{NINE.to_line()}")
    assert nine is not None and nine.elapsed == 300.0 and nine.source == Source("file", "/p/top.txt", 4)
    last = store.last_game("local")
    assert last is not None and last.shape == "4x4" and last.marks == (7,) * 16
    (solved,) = store.history("local")
    assert solved.solved and solved.outcome == "filled"  # the old file cannot say who solved it
    # A copy brought back (a stop before the rename, or the file restored) adds nothing.
    store.finish_game("local", last)
    (tmp_path / SAVES_NAME).write_bytes((tmp_path / IMPORTED_NAME).read_bytes())
    store.close()
    again = open_local_store(tmp_path)
    assert again.notices == [ONE_SKIPPED]
    assert again.store.last_game("local") is not None and len(again.store.games_in_progress("local")) == 1
    assert len(again.store.history("local")) == 2
    assert (tmp_path / (IMPORTED_NAME + ".1")).is_file()


def test_a_saves_file_that_is_not_one_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / SAVES_NAME).write_bytes(b"[" * 100_000)
    opened = open_local_store(tmp_path)
    assert opened.saving and "could not be read" in opened.notices[0]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(SAVES_NAME + ".unreadable")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"[" * 100_000


def test_a_saves_file_that_cannot_be_read_is_left_where_it_is(tmp_path: Path) -> None:
    (tmp_path / SAVES_NAME).mkdir()  # unreadable as a file, even by root
    opened = open_local_store(tmp_path)
    assert opened.saving and "left as they are" in opened.notices[0]
    assert (tmp_path / SAVES_NAME).is_dir()
