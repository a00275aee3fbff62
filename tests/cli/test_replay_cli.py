"""``sudoku-tui replay``, run as a player runs it, on a store a session played a known game into."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.game.replay_games import FakeTime, play_known_game


def play_and_finish(folder: Path) -> str:
    """Two singles, a pair elimination, a guess, a mistake (a colour, undo, redo), then Solve; the game's id."""
    folder.mkdir(parents=True)
    time = FakeTime()
    session = Session(SqliteStore(folder / STORE_NAME), now=time)
    play_known_game(session, time)
    game_id = session.keeper.game_id
    solution = solve(session.puzzle)
    token = session.begin_solve()
    assert token is not None and solution is not None and session.solve_finished(token, solution)
    session.quit()
    assert game_id is not None
    return game_id


def run(data: Path, *args: str, language: str = "en") -> subprocess.CompletedProcess[str]:
    """``sudoku-tui replay ARGS`` with its store in ``data``, speaking ``language`` (English: the source)."""
    clean = {name: value for name, value in os.environ.items() if name not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env = {**clean, "LANG": "C.UTF-8", "LANGUAGE": language, "XDG_DATA_HOME": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "replay", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_replay_prints_each_move_with_its_label_as_json_and_as_lines(tmp_path: Path) -> None:
    game_id = play_and_finish(tmp_path / "sudoku-tui")
    result = run(tmp_path, "--json")
    assert result.returncode == 0, result.stderr
    replay = json.loads(result.stdout)
    assert (replay["game"], replay["board"], replay["solved"], replay["finished"]) == (game_id, "9x9", True, True)
    moves = replay["moves"]
    assert [(m["move"], m["at"], m["kind"], m["cell"], m["value"], m["label"]) for m in moves] == [
        (1, 2.0, "mark", "r1c8", 3, None),
        (2, 4.0, "unmark", "r1c8", 3, "Naked Pair"),
        (3, 9.0, "value", "r6c9", 8, "Hidden Single"),
        (4, 12.0, "value", "r6c8", 7, "Naked Single"),
        (5, 70.0, "value", "r1c4", 6, "guess"),
        (6, 75.0, "value", "r1c1", 1, "mistake"),
        (7, 76.0, "colour", "r1c1", 2, None),
        (8, 76.0, "undo", None, None, None),
        (9, 76.0, "redo", None, None, None),
        (10, 76.0, "solve", None, None, None),
    ]
    waits = replay["waits"]
    assert waits[0]["move"] == 5 and waits[0]["waited"] == 58.0
    assert waits[0]["step"] is not None and waits[0]["step"]["technique"]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    stats = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "stats", "--json"], capture_output=True, text=True, env=env, timeout=120
    )
    assert [game["id"] for game in json.loads(stats.stdout)["history"]] == [game_id]  # where a player finds it
    # The same game by its id, as lines for a person; the labels come from the cache now.
    text = run(tmp_path, game_id)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == f"Game {game_id}: 9x9, 1:16, solved, 10 moves"
    assert lines[3].split() == ["3", "0:09", "value", "r6c9=8", "Hidden", "Single"]
    assert lines[6].split()[-1] == "mistake" and lines[7].split()[2:] == ["colour", "r1c1", "colour", "2"]
    assert lines[11] == "Longest waits:" and lines[12].startswith("  before move 5, 0:58: ")


def test_an_unknown_game_is_a_clear_message_and_exit_code_two(tmp_path: Path) -> None:
    play_and_finish(tmp_path / "sudoku-tui")
    result = run(tmp_path, "no-such-game", "--json")
    assert (result.returncode, result.stdout) == (2, "")
    assert "No game 'no-such-game'" in result.stderr and "Traceback" not in result.stderr
    empty = run(tmp_path / "nobody")
    assert empty.returncode == 1 and "No finished game" in empty.stderr and "Traceback" not in empty.stderr


def test_replay_speaks_german_with_language_de_and_its_json_stays_english(tmp_path: Path) -> None:
    game_id = play_and_finish(tmp_path / "sudoku-tui")
    text = run(tmp_path, game_id, language="de")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == f"Spiel {game_id}: 9x9, 1:16, gelöst, 10 Züge"
    assert lines[3].split() == ["3", "0:09", "Wert", "r6c9=8", "Hidden", "Single"]  # technique names: English
    assert lines[6].split()[-1] == "Fehler" and lines[7].split()[2:] == ["Farbe", "r1c1", "Farbe", "2"]
    assert lines[11] == "Längste Wartezeiten:" and lines[12].startswith("  vor Zug 5, 0:58: ")
    unknown = run(tmp_path, "no-such-game", language="de")
    assert unknown.returncode == 2 and unknown.stderr.startswith("Kein Spiel 'no-such-game' unter deinen Spielen")
    # JSON is for programs: its keys and words are the same in every language.
    replay = json.loads(run(tmp_path, game_id, "--json", language="de").stdout)
    assert [move["kind"] for move in replay["moves"]][:3] == ["mark", "unmark", "value"]
    assert replay["moves"][5]["label"] == "mistake"
