"""The command line on the variants: check, solve, solve --count, explain, grade, generate --variant."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tui.cli import main
from sudoku_tui.engine.board.variants import variant_names
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.paths import puzzle_path
from tests.variant_rules import keeps_rules


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The command run in this process (the compiled kernel is loaded once for all)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("variant", variant_names())
def test_every_command_on_a_bundled_variant_file(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    path = puzzle_path(f"{variant}-medium.txt")
    lines = read_puzzle_file(path).lines
    assert run(capsys, "check", str(path))[1] == f"10 puzzles, {variant}\n"
    solved = run(capsys, "solve", str(path))[1].splitlines()
    assert len(solved) == 10
    for line, answer in zip(lines, solved, strict=True):
        assert answer[81:] == line[81:]  # written like the input line: the regions or cages follow
        assert keeps_rules(variant, line, [int(ch) for ch in answer[:81]])
    assert run(capsys, "solve", "--count", str(path))[1] == "1\n" * 10
    explained = run(capsys, "explain", str(path), "--index", "3")[1].splitlines()
    assert explained[-1].startswith("Grade: Medium")
    assert all(line.startswith("Medium ") for line in run(capsys, "grade", str(path))[1].splitlines())


def test_generate_variant_writes_a_file_the_game_reads(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = run(capsys, "generate", "--variant", "killer", "--difficulty", "easy", "--count", "2", "--seed", "4")[1]
    assert out.startswith("killer\n") and len(out.splitlines()) == 3
    path = tmp_path / "k.txt"
    path.write_text(out)
    assert run(capsys, "check", str(path))[1] == "2 puzzles, killer\n"
    assert run(capsys, "grade", str(path))[1].splitlines()[0].startswith("Easy ")


def test_a_bad_cage_is_a_message_and_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = read_puzzle_file(puzzle_path("killer-medium.txt")).lines[0]
    path = tmp_path / "bad.txt"
    path.write_text("killer\n" + line + ",5\n")
    assert run(capsys, "solve", str(path)) == (1, "", "Line 2 has an invalid cage.\n")
