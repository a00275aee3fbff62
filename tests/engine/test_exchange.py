"""Other programs' files (.sdk, .ss, .sdm, pencil marks): reading, writing, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_tui.engine.board.geometry import Shape, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.exchange import candidates, puzzle_text
from sudoku_tui.engine.files.formats import parse_puzzle_data, read_puzzle_file
from sudoku_tui.engine.files.model import PuzzleFileError
from sudoku_tui.engine.search.solver import solve

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
EASY = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"

SDK = """#ARuud
#DA random puzzle
#LEasy
2..1.5..3
.54...71.
.1.2.3.8.
6.28.73.4
.........
1.53.98.6
.2.7.1.6.
.81...24.
7..4.2..1
"""
SS = """2..|1.5|..3
.54|...|71.
.1.|2.3|.8.
-----------
6.2|8.7|3.4
...|...|...
1.5|3.9|8.6
-----------
.2.|7.1|.6.
.81|...|24.
7..|4.2|..1
"""


def bundled_lines(name: str) -> list[str]:
    return list(read_puzzle_file(PUZZLES / name).lines)


SOURCES = {2: bundled_lines("4x4-easy.txt"), 3: bundled_lines("9x9-easy.txt"), 4: bundled_lines("16x16-easy.txt")}


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """A bundled puzzle of any square size with any of its givens taken away."""
    box = draw(st.sampled_from([2, 3, 4]))
    shape = square(box)
    givens = list(Puzzle.from_line(shape, draw(st.sampled_from(SOURCES[box]))).givens)
    for cell in draw(st.sets(st.integers(0, shape.size - 1), max_size=shape.size // 3)):
        givens[cell] = 0
    return Puzzle(shape, tuple(givens))


def read_text(text: str, name: str, tmp_path: Path) -> list[str]:
    path = tmp_path / name
    path.write_text(text)
    return read_puzzle_file(path).lines


@pytest.mark.parametrize(("text", "name"), [(SDK, "a.sdk"), (SS, "a.ss"), (SDK, "a.txt"), (SS, "a.txt")])
def test_reads_sadman_and_simple_sudoku_grids(text: str, name: str, tmp_path: Path) -> None:
    assert read_text(text, name, tmp_path) == [EASY]


def test_sadman_sections_and_one_line_puzzles(tmp_path: Path) -> None:
    grid = "\n".join(EASY[i : i + 9] for i in range(0, 81, 9))
    state = "\n".join("." * 9 for _ in range(9))
    text = f"[Puzzle]\n{grid}\n[State]\n{state}\n"
    assert read_text(text, "b.sdk", tmp_path) == [EASY]
    assert read_text(EASY.replace(".", "0") + "\n", "c.sdk", tmp_path) == [EASY]


def test_sdm_collections_read_as_plain_lines(tmp_path: Path) -> None:
    lines = SOURCES[3][:3]
    text = "".join(line.replace(".", "0") + "\r\n" for line in lines)
    path = tmp_path / "d.sdm"
    path.write_text(text)
    assert [puzzle.to_line() for puzzle in read_puzzle_file(path)] == lines


def test_pencil_mark_grid_framed_like_hodoku(tmp_path: Path) -> None:
    shape = square(3)
    puzzle = Puzzle.from_line(shape, EASY)
    marks = candidates(shape, puzzle.givens)
    rule = ".-" + "-" * 20 + ".\n"
    rows = ["| " + "  ".join("".join(map(str, marks[r * 9 + c])) for c in range(9)) + " |" for r in range(9)]
    text = rule + "\n".join(rows[:3]) + "\n:---+---:\n" + "\n".join(rows[3:]) + "\n" + rule
    read = Puzzle.from_line(shape, read_text(text, "marks.txt", tmp_path)[0])
    lone = {cell for cell, group in enumerate(marks) if len(group) == 1}
    assert {cell for cell, value in enumerate(read.givens) if value} == lone


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SDK.replace(".54...71.", ".54...71"), "Line 5 has the wrong length."),
        (SDK.replace(".54...71.", ".54...7x."), "Line 5 has an invalid character."),
        (SDK.replace("7..4.2..1\n", ""), "Line 12 has the wrong length."),
        ("#Ajust a header\n", "The file has no puzzles."),
    ],
)
def test_grid_errors_are_the_files_messages(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.sdk"
    path.write_text(text)
    with pytest.raises(PuzzleFileError) as caught:
        read_puzzle_file(path)
    assert caught.value.message == message


def test_a_plain_file_that_fails_keeps_its_message() -> None:
    with pytest.raises(PuzzleFileError) as caught:
        parse_puzzle_data(EASY + "\n" + EASY[:80] + "x\n")
    assert caught.value.message == "Line 2 has an invalid character."


def round_trip(shape: Shape, text: str, suffix: str, tmp_path: Path) -> Puzzle:
    path = tmp_path / f"round{suffix}"
    path.write_text(text)
    read = read_puzzle_file(path)
    assert read.shape is shape
    assert len(read) == 1
    return read.puzzle(0)


@settings(max_examples=60, deadline=None)
@given(puzzles(), st.sampled_from(["sdk", "ss", "line"]))
def test_grids_and_lines_round_trip(tmp_path_factory: pytest.TempPathFactory, puzzle: Puzzle, to: str) -> None:
    tmp_path = tmp_path_factory.mktemp("round")
    suffix = {"sdk": ".sdk", "ss": ".ss", "line": ".txt"}[to]
    back = round_trip(puzzle.shape, puzzle_text(puzzle.shape, puzzle.givens, to), suffix, tmp_path)
    assert back.givens == puzzle.givens


@settings(max_examples=40, deadline=None)
@given(puzzles())
def test_pencil_marks_round_trip(tmp_path_factory: pytest.TempPathFactory, puzzle: Puzzle) -> None:
    """Givens come back; a cell the givens leave one candidate comes back given
    (a pencil-mark grid cannot tell them apart), with the solution's value."""
    shape = puzzle.shape
    back = round_trip(shape, puzzle_text(shape, puzzle.givens, "pm"), ".txt", tmp_path_factory.mktemp("pm"))
    solution = solve(puzzle)
    assert solution is not None
    lone = {cell for cell, group in enumerate(candidates(shape, puzzle.givens)) if len(group) == 1}
    for cell, value in enumerate(back.givens):
        if puzzle.givens[cell]:
            assert value == puzzle.givens[cell]
        else:
            assert value == (solution[cell] if cell in lone else 0)


def test_samurai_is_written_only_as_lines() -> None:
    line = bundled_lines("samurai-easy.txt")[0]
    shape = read_puzzle_file(PUZZLES / "samurai-easy.txt").shape
    puzzle = Puzzle.from_line(shape, line)
    assert puzzle_text(shape, puzzle.givens, "line") == line + "\n"
    with pytest.raises(ValueError, match="square boards"):
        puzzle_text(shape, puzzle.givens, "sdk")
