"""Files named on the command line: the bundled puzzles are found from anywhere, and --help says so."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.package_build import Built


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


def test_a_wheel_finds_its_bundled_puzzles_from_any_folder(tmp_path: Path, built_package: Built) -> None:
    # What `pip install` of the wheel puts in site-packages: the puzzles inside
    # the package, no source tree beside it. The wheel is the run's one build
    # (tests/package_build.py).
    wheel = built_package.wheel
    site = tmp_path / "site-packages"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    program = (
        "import sys\n"
        f"sys.path.insert(0, {str(site)!r})\n"
        "import sudoku_tui\n"
        f"assert sudoku_tui.__file__.startswith({str(site)!r}), sudoku_tui.__file__\n"
        "from sudoku_tui.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    for args, first_line in [
        (["check", "9x9-easy.txt"], "100 puzzles, 9x9"),
        (["check", "4x4-easy.txt"], "20 puzzles, 4x4"),
    ]:
        result = subprocess.run(
            [sys.executable, "-c", program, *args], capture_output=True, text=True, cwd=elsewhere, timeout=120
        )
        assert (result.returncode, result.stdout.splitlines()[:1]) == (0, [first_line]), result.stderr
