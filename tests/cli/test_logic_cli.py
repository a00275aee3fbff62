"""``sudoku-tui explain`` and ``sudoku-tui grade``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_tui.cli import main
from tests.shared_data import SHARED_DATA

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
STEP_LINE = re.compile(r"^[^:]+: .+ => (r\d+c\d+(=|<>)[1-9A-G])(, r\d+c\d+(=|<>)[1-9A-G])*$")


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "two.txt"
    path.write_text(f"3\n{EASY}\n{HARD}\n")
    return path


def test_explain_prints_steps_then_grade(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(puzzle_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"Grade: Easy \(score \d+\)", lines[-1])
    assert all(STEP_LINE.match(line) for line in lines[:-1]), lines[:3]
    score = sum(14 if ln.startswith("Hidden Single") else 4 for ln in lines[:-1])
    assert lines[-1] == f"Grade: Easy (score {score})"


def test_explain_index_picks_the_puzzle(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(puzzle_file), "--index", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("Grade: ")
    assert any(ln.split(":")[0] not in ("Full House", "Naked Single", "Hidden Single") for ln in lines[:-1])


def test_explain_index_out_of_range(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(puzzle_file), "--index", "2"]) == 2
    assert "out of range" in capsys.readouterr().err


def test_explain_stuck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # An empty 4x4 board has many solutions: no step applies.
    path = tmp_path / "empty.txt"
    path.write_text("2\n" + "." * 16 + "\n")
    assert main(["explain", str(path)]) == 0
    assert capsys.readouterr().out == "Stuck: no logical step found\n"


def test_grade_one_line_per_puzzle(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(puzzle_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r"Easy \d+", lines[0])
    assert re.fullmatch(r"(Easy|Medium|Hard|Unfair|Extreme) \d+", lines[1])


def test_grade_4x4_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(PUZZLES / "sudoku-4x4.txt")]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 4


@pytest.mark.parametrize("command", ["explain", "grade"])
@pytest.mark.parametrize(
    "name, message",
    [("bad-puzzle-length1.txt", "Line 3 has the wrong length."), ("blocksize-1.txt", "Invalid block size.")],
)
def test_invalid_files(command: str, name: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, str(PUZZLES / "bad" / name)]) == 1
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", message + "\n")


def test_commands_do_not_import_textual(puzzle_file: Path) -> None:
    code = (
        "import sys; from sudoku_tui.cli import main; "
        f"main(['explain', {str(puzzle_file)!r}]); main(['grade', {str(puzzle_file)!r}]); "
        "sys.exit(1 if 'textual' in sys.modules else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr


def test_console_script_runs(puzzle_file: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "grade", str(puzzle_file)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0 and result.stdout.startswith("Easy ")


def test_explain_samurai_names_cells_on_the_drawn_board(capsys: pytest.CaptureFixture[str]) -> None:
    path = SHARED_DATA / "samurai" / "easy1.txt"
    if not path.exists():
        pytest.skip("samurai data absent")
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    rows = {int(m) for m in re.findall(r"r(\d+)c\d+", out)}
    assert max(rows) == 21 and min(rows) == 1
    assert out.splitlines()[-1].startswith("Grade: ")
