"""``sudoku-tui replay``, run as a player runs it, on a store a session played a known game into."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.sqlite import SqliteStore

LINE = "..9..47...53.9.264..7.5.89...89..3...35.8.42..124356..294.7.5863715689425862491.."


def cell(row: int, column: int) -> int:
    return (row - 1) * 9 + column - 1


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def play_and_finish(folder: Path) -> str:
    """Two singles, a pair elimination, a guess, a mistake, then Solve; the game's id."""
    folder.mkdir(parents=True)
    time = FakeTime()
    session = Session(SqliteStore(folder / STORE_NAME), now=time)
    session.start_own(Puzzle.from_line(square(3), LINE))
    for seconds, (row, column, value, mark) in zip(
        (2, 2, 5, 3, 58, 5),
        ((1, 8, 3, True), (1, 8, 3, True), (6, 9, 8, False), (6, 8, 7, False), (1, 4, 6, False), (1, 1, 1, False)),
        strict=True,
    ):
        time.now += seconds
        answer = (session.toggle_mark if mark else session.enter)(cell(row, column), value)
        assert answer.changed
    game_id = session.keeper.game_id
    solution = solve(session.puzzle)
    token = session.begin_solve()
    assert token is not None and solution is not None and session.solve_finished(token, solution)
    session.quit()
    assert game_id is not None
    return game_id


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
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
        (7, 75.0, "solve", None, None, None),
    ]
    waits = replay["waits"]
    assert waits[0]["move"] == 5 and waits[0]["waited"] == 58.0
    assert waits[0]["step"] is not None and waits[0]["step"]["technique"]
    # The same game by its id, as lines for a person; the labels come from the cache now.
    text = run(tmp_path, game_id)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == f"Game {game_id}: 9x9, 1:15, solved, 7 moves"
    assert lines[3].split() == ["3", "0:09", "value", "r6c9=8", "Hidden", "Single"]
    assert lines[6].split()[-1] == "mistake" and lines[8] == "Longest waits:"
    assert lines[9].startswith("  before move 5, 0:58: ")


def test_an_unknown_game_is_a_clear_message_and_exit_code_two(tmp_path: Path) -> None:
    play_and_finish(tmp_path / "sudoku-tui")
    result = run(tmp_path, "no-such-game", "--json")
    assert (result.returncode, result.stdout) == (2, "")
    assert "No game 'no-such-game'" in result.stderr and "Traceback" not in result.stderr
    empty = run(tmp_path / "nobody")
    assert empty.returncode == 1 and "No finished game" in empty.stderr and "Traceback" not in empty.stderr
