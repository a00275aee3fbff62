"""``sudoku-tui generate``: valid files on stdout, seeds, usage errors, no Textual."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sudoku_tui.cli import main
from sudoku_tui.engine.files.formats import parse_puzzle_data
from sudoku_tui.engine.search.solver import count_solutions


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["generate", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("size", "header", "shape_name"),
    [("4", "2", "4x4"), ("9", "3", "9x9"), ("16", None, "16x16"), ("samurai", "samurai", "samurai")],
)
def test_each_size_writes_a_file_that_reads(
    capsys: pytest.CaptureFixture[str], size: str, header: str | None, shape_name: str
) -> None:
    count = "1" if size in ("16", "samurai") else "3"
    status, out, err = run(capsys, "--size", size, "--count", count, "--seed", "4")
    assert status == 0
    assert err == ""  # progress only on a terminal
    first = out.splitlines()[0]
    if header is None:
        assert len(first) == 256
    else:
        assert first == header
    puzzles = parse_puzzle_data(out)
    assert puzzles.shape.name == shape_name
    assert len(puzzles) == int(count)
    for puzzle in puzzles:
        assert count_solutions(puzzle, 2) == 1


def test_difficulty_symmetry_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--difficulty", "medium", "--symmetry", "rotational", "--count", "2", "--seed", "9")
    first = run(capsys, *args)
    assert first[0] == 0
    assert run(capsys, *args) == first
    assert run(capsys, *args, "--jobs", "2") == first
    assert run(capsys, "--difficulty", "medium", "--count", "2", "--seed", "10")[1] != first[1]
    for line in first[1].splitlines()[1:]:
        assert [ch == "." for ch in line] == [ch == "." for ch in reversed(line)]


def test_a_level_a_board_cannot_have_fails_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--size", "4", "--difficulty", "extreme", "--seed", "1")
    assert status == 1
    assert out == ""
    assert "4x4" in err


@pytest.mark.parametrize("level", ["medium", "hard", "unfair", "extreme"])
def test_a_4x4_harder_than_easy_is_refused_in_the_engines_words(capsys: pytest.CaptureFixture[str], level: str) -> None:
    # It once tried 200 grids, then said none turned up, while the game said at once
    # that a 4x4 is never harder than easy.
    assert run(capsys, "--size", "4", "--difficulty", level) == (1, "", "A 4x4 puzzle is never harder than easy.\n")


@pytest.mark.parametrize(
    "args",
    [
        ["--size", "5"],
        ["--size", "25"],
        ["--difficulty", "impossible"],
        ["--symmetry", "spiral"],
        ["--count", "0"],
        ["--count", "x"],
        ["--seed", "abc"],
        ["--jobs", "0"],
        ["extra"],
    ],
)
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["generate", *args])
    assert stopped.value.code == 2
    assert capsys.readouterr().out == ""


def test_generate_does_not_import_textual() -> None:
    code = (
        "import sys\n"
        "from sudoku_tui.cli import main\n"
        "assert main(['generate', '--size', '4', '--seed', '1']) == 0\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("2\n")
