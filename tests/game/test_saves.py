"""Saved games: atomic saves that survive kills and corruption."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_tui.engine.geometry import square
from sudoku_tui.engine.puzzle import Puzzle
from sudoku_tui.game.saves import SavedGame, SaveError, SaveStore

FOUR = Puzzle.from_line(square(2), "2...43213...1432")
NINE = Puzzle.from_line(square(3), "...81.....2........1.9..7...7..25.934.2............5...975.....563.....4......68.")


def game(puzzle: Puzzle, entry: int = 0) -> SavedGame:
    values = list(puzzle.givens)
    values[1] = entry
    return SavedGame.of(puzzle, values, [0] * puzzle.shape.size, 12.5, path="/x/p.txt", index=3)


def test_round_trip_and_last_game(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.put(game(FOUR, 1))
    store.put(game(NINE, 3))
    again = SaveStore(tmp_path).load()
    assert again.notice is None
    assert again.last() is not None and again.last().puzzle() == NINE
    found = again.find(FOUR)
    assert found is not None and found.value_list()[1] == 1 and found.elapsed == 12.5 and found.index == 3


def test_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store = SaveStore()
    store.put(game(FOUR))
    assert (tmp_path / "sudoku-tui" / "saves.json").is_file()


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"", b"\xff\xfe", b'{"version": 1, "games": [{"shape": "9x9"}]}', b'{"version": 99}', b"[]"],
)
def test_unreadable_save_is_kept_aside(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "saves.json").write_bytes(content)
    store = SaveStore(tmp_path).load()
    assert store.notice is not None and "could not be read" in store.notice
    assert store.games == {}
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("saves.json.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    store.put(game(FOUR))  # play goes on and saves again
    assert SaveStore(tmp_path).load().find(FOUR) is not None


def test_a_game_that_breaks_its_puzzle_is_refused(tmp_path: Path) -> None:
    bad = json.loads(json.dumps({"version": 1, "last": None, "games": [game(FOUR).__dict__]}))
    bad["games"][0]["values"] = "1" * 16  # changes a given
    (tmp_path / "saves.json").write_text(json.dumps(bad))
    assert SaveStore(tmp_path).load().notice is not None


def test_failed_save_keeps_the_previous_one(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.put(game(FOUR, 1))
    before = (tmp_path / "saves.json").read_bytes()
    os.chmod(tmp_path, 0o500)
    try:
        if os.access(tmp_path, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        with pytest.raises(SaveError):
            store.put(game(FOUR, 4))
    finally:
        os.chmod(tmp_path, 0o700)
    assert (tmp_path / "saves.json").read_bytes() == before


def test_failed_save_into_a_file_path_is_a_save_error(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(SaveError):
        SaveStore(blocker / "sub").put(game(FOUR))


WRITER = """
import sys
from pathlib import Path
from sudoku_tui.engine.geometry import square
from sudoku_tui.engine.puzzle import Puzzle
from sudoku_tui.game.saves import SavedGame, SaveStore
store = SaveStore(Path(sys.argv[1]))
puzzles = [Puzzle.from_line(square(3), "." * i + "5" + "." * (80 - i)) for i in range(81)]
print("ready", flush=True)
i = 0
while True:
    p = puzzles[i % 81]
    store.put(SavedGame.of(p, list(p.givens), [i % 512] * 81, float(i)))
    i += 1
"""


def test_sigkill_while_saving_never_breaks_the_save(tmp_path: Path) -> None:
    """Kill a process that saves in a loop, many times, at random moments."""
    import random

    rng = random.Random(7)
    for round_number in range(12):
        process = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.02, 0.25))
        process.send_signal(signal.SIGKILL)
        process.wait()
        store = SaveStore(tmp_path).load()
        assert store.notice is None, f"round {round_number}: {store.notice}"
        assert store.last() is not None
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith("saves.json.unreadable")]
    assert leftovers == []
