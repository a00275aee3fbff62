"""``sudoku-tui stats`` (and ``--json``) and ``sudoku-tui daily``, run as a player runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.local import open_local_store
from sudoku_tui.game.store.records import Game, Source

FOUR = Puzzle.from_line(square(2), "3....4.1.34.....")


def run(data_home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tui", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_stats_of_a_new_player(tmp_path: Path) -> None:
    result = run(tmp_path, "stats")
    assert result.returncode == 0, result.stderr
    assert "No games yet." in result.stdout and "streak: 0 now" in result.stdout
    data = json.loads(run(tmp_path, "stats", "--json").stdout)
    assert data["started"] == 0 and data["boards"] == [] and data["daily_streak"] == {"current": 0, "longest": 0}


def test_stats_count_a_solve_and_print_one_json_object(tmp_path: Path) -> None:
    solution = solve(FOUR)
    assert solution is not None
    opened = open_local_store(tmp_path / "sudoku-tui")
    with opened.store as store:
        game = Game.of(FOUR, list(solution), [0] * 16, 83.0, solved=True, source=Source.made(), level="easy")
        store.finish_game(LOCAL_PLAYER, game)
    text = run(tmp_path, "stats")
    assert text.returncode == 0 and "4x4" in text.stdout and "1:23" in text.stdout
    result = run(tmp_path, "stats", "--json")
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["solved"] == 1
    assert data["boards"][0] == {
        "board": "4x4",
        "level": "easy",
        "started": 1,
        "solved": 1,
        "best_seconds": 83.0,
        "median_seconds": 83.0,
    }
    assert data["recent_solves"][0]["seconds"] == 83.0


def test_daily_prints_the_same_line_for_a_date(tmp_path: Path) -> None:
    first = run(tmp_path, "daily", "--date", "2026-11-23")
    again = run(tmp_path, "daily", "--date", "2026-11-23", "--level", "medium", "--size", "9")
    other = run(tmp_path, "daily", "--date", "2026-11-24")
    assert first.returncode == 0, first.stderr
    line = first.stdout.strip()
    assert len(line) == 81 and line == again.stdout.strip() and line != other.stdout.strip()


def test_daily_refuses_a_bad_date(tmp_path: Path) -> None:
    result = run(tmp_path, "daily", "--date", "2026-02-30")
    assert result.returncode == 2 and "No daily puzzle" in result.stderr and "Traceback" not in result.stderr
