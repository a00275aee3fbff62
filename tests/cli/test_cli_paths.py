"""Files named on the command line: the bundled puzzles are found from anywhere, and --help says so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tui", *args], capture_output=True, text=True, cwd=cwd, timeout=120
    )


def test_a_bundled_file_is_found_from_any_folder(tmp_path: Path) -> None:
    result = run(tmp_path, "check", "9x9-easy.txt")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "100 puzzles, 9x9\n"
    solved = run(tmp_path, "solve", "4x4-easy.txt")
    assert solved.returncode == 0 and len(solved.stdout.splitlines()) == 20


def test_a_local_file_wins_over_a_bundled_one(tmp_path: Path) -> None:
    (tmp_path / "9x9-easy.txt").write_text("2\n" + "1..." * 4 + "\n")
    result = run(tmp_path, "check", "9x9-easy.txt")
    assert result.stdout == "1 puzzle, 4x4\n"


def test_a_missing_file_is_still_a_message(tmp_path: Path) -> None:
    result = run(tmp_path, "check", "no-such-puzzles.txt")
    assert result.returncode == 1 and "Traceback" not in result.stderr


def test_help_names_the_game_and_the_bundled_puzzles(tmp_path: Path) -> None:
    result = run(tmp_path, "--help")
    assert result.returncode == 0
    assert "sudoku-tui [FILE]" in result.stdout and "bundled puzzles" in result.stdout
