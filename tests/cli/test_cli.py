"""The command line, run as a player runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tui", *args], capture_output=True, text=True, cwd=cwd, timeout=120
    )


def test_check_counts_puzzles() -> None:
    result = run("check", str(PUZZLES / "sudoku-4x4.txt"))
    assert (result.returncode, result.stdout, result.stderr) == (0, "4 puzzles, 4x4\n", "")
    assert run("check", str(PUZZLES / "no-solution.txt")).stdout == "1 puzzle, 4x4\n"


@pytest.mark.parametrize(
    "name, message",
    [
        ("bad-puzzle-length2.txt", "Line 4 has the wrong length."),
        ("bad-value-4.txt", "Line 5 has an invalid character."),
        ("blocksize-4.txt", "Invalid block size."),
    ],
)
@pytest.mark.parametrize("command", ["check", "solve"])
def test_invalid_files_give_the_message_and_exit_1(command: str, name: str, message: str) -> None:
    result = run(command, str(PUZZLES / "bad" / name))
    assert result.returncode == 1
    assert result.stderr == message + "\n"
    assert result.stdout == ""


def test_missing_file_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    result = run("solve", str(tmp_path / "nope.txt"))
    assert result.returncode == 1
    assert "does not exist" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [["solve"], ["solve", "f.txt", "--limit", "0"], ["solve", "f.txt", "--method", "quick"], ["check"], ["--nope"]],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "usage:" in result.stderr and "Traceback" not in result.stderr


def test_solve_writes_one_line_per_puzzle() -> None:
    result = run("solve", str(PUZZLES / "sudoku-4x4.txt"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == ["2143432132141432", "3421213412434312"]
    assert len(lines) == 4 and all(len(line) == 16 and "." not in line for line in lines)
    assert run("solve", str(PUZZLES / "no-solution.txt")).stdout == "no solution\n"


def test_solve_methods_agree_and_counting(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text("2\n2...43213...1432\n................\n........1....234\n.4..2..4.24...12\n")
    fast = run("solve", str(path))
    classic = run("solve", str(path), "--method", "classic")
    assert fast.stdout == classic.stdout
    assert fast.stdout.splitlines()[1] == "1234341221434321"  # first solution of the empty grid
    assert run("solve", str(path), "--count").stdout.split() == ["1", "2+", "0", "1"]
    assert run("solve", str(path), "--count", "--limit", "1000").stdout.split() == ["1", "288", "0", "1"]


def test_solve_plain_collection_keeps_the_input_alphabet(tmp_path: Path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text("# zeros for empty cells\n2000432130001432 first\n")
    assert run("solve", str(path)).stdout == "2143432132141432\n"


def test_solve_count_of_a_nine_file_in_one_piece(tmp_path: Path) -> None:
    # --jobs 1 reads a 9x9 file's bytes in one piece (nine_file.py); --jobs 2 line by line.
    unique = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    lines = [unique, "." * 81 + " empty", "55" + "." * 79, "# a comment", unique.replace(".", "0") + ",x"]
    path = tmp_path / "nine.txt"
    path.write_text("\n".join(lines * 3) + "\n")
    one, two = run("solve", str(path), "--count", "--limit", "3"), run("solve", str(path), "--count", "--jobs", "2")
    assert one.stdout == "1\n3+\n0\n1\n" * 3
    assert two.stdout == "1\n2+\n0\n1\n" * 3
    path.write_text("3\n" + unique + "\n" + unique[:-1] + "x\n")
    bad = run("solve", str(path), "--count", "--jobs", "1")
    assert (bad.returncode, bad.stdout, bad.stderr) == (1, "", "Line 3 has an invalid character.\n")


def test_solve_jobs_keeps_file_order(tmp_path: Path) -> None:
    lines = ["2...43213...1432", ".4..2..4.24...12", "2..443213...1432", "................"] * 30
    path = tmp_path / "many.txt"
    path.write_text("2\n" + "\n".join(lines) + "\n")
    one = run("solve", str(path))
    two = run("solve", str(path), "--jobs", "2")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == 120


def test_solve_output_is_quiet_on_stderr_when_not_a_terminal() -> None:
    assert run("solve", str(PUZZLES / "sudoku-4x4.txt")).stderr == ""


def test_solve_loads_no_server_generator_sat_solver_or_screen() -> None:
    # A base install's solve command pays its start-up on every run: only the search loads.
    code = (
        "import os, sys\n"
        "os.environ['SUDOKU_TUI_NO_JIT'] = '1'\n"
        "from sudoku_tui.cli import main\n"
        f"assert main(['solve', {str(PUZZLES / 'sudoku-4x4.txt')!r}]) == 0\n"
        "heavy = ['textual', 'pysat', 'urllib.request', 'sudoku_tui.serve.command',"
        " 'sudoku_tui.engine.making.generator']\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"
