"""``sudoku-tui canon``, ``dedupe`` and ``minimal``: on files of every kind the engine reads."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from sudoku_tui.cli import main
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import parse_puzzle_data
from sudoku_tui.engine.search.solver import count_solutions

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def shuffled(line: str, rng: random.Random) -> str:
    """An equivalent puzzle: rows within bands, bands, columns within stacks,
    stacks, maybe a transposition, and the values relabelled."""
    n, box = 9, 3

    def order() -> list[int]:
        bands = rng.sample(range(box), box)
        return [band * box + inner for band in bands for inner in rng.sample(range(box), box)]

    rows, cols = order(), order()
    relabel = [0, *rng.sample(range(1, 10), 9)]
    grid = [[int(line[r * n + c].replace(".", "0")) for c in range(n)] for r in range(n)]
    if rng.random() < 0.5:
        grid = [list(column) for column in zip(*grid, strict=True)]
    return "".join(str(relabel[grid[r][c]]).replace("0", ".") for r in rows for c in cols)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_canon_equal_exactly_for_equivalent_puzzles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(17)
    lines = [EASY, shuffled(EASY, rng), HARD, shuffled(HARD, rng), shuffled(EASY, rng)]
    path = tmp_path / "five.txt"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = run(capsys, "canon", str(path))
    assert (status, err) == (0, "")
    forms = out.splitlines()
    assert len(forms) == 5
    assert forms[0] == forms[1] == forms[4] != forms[2] == forms[3]
    for form in forms:  # a form is a puzzle of the same shape, with as many givens
        assert len(form) == 81
    assert sum(ch != "." for ch in forms[0]) == sum(ch != "." for ch in EASY)
    # The form is the least line of its class: no shuffle gives a smaller one.
    assert all(forms[2] <= shuffled(HARD, rng) for _ in range(50))


def test_canon_json_and_a_puzzle_without_a_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = "11" + "." * 79  # a value twice in row 1: no canonical form
    path = tmp_path / "two.txt"
    path.write_text(f"3\n{EASY}\n{bad}\n")
    status, out, _ = run(capsys, "canon", str(path), "--json")
    assert status == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["puzzle"] == EASY
    assert len(first["canonical"]) == 81
    assert second["puzzle"] == bad
    assert second["canonical"] is None
    assert "repeats a value" in second["error"]
    assert run(capsys, "canon", str(path))[1].splitlines()[1].startswith("no canonical form: ")


def test_canon_4x4_and_samurai_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "canon", str(PUZZLES / "sudoku-4x4.txt"))
    assert status == 0
    assert [len(line) for line in out.splitlines()] == [16] * 4
    status, out, err = run(capsys, "canon", str(PUZZLES / "samurai-easy.txt"))
    assert (status, out) == (1, "")
    assert "Samurai" in err


def test_dedupe_keeps_the_first_of_each_class_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(3)
    lines = [shuffled(HARD, rng), EASY + " first", shuffled(EASY, rng) + " again", HARD, shuffled(HARD, rng)]
    path = tmp_path / "repeats.txt"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = run(capsys, "dedupe", str(path))
    assert status == 0
    assert out.splitlines() == [lines[0], lines[1]]
    assert err == "2 of 5 puzzles kept, 3 equivalent repeats left out.\n"
    # The output is a puzzle file again.
    assert len(parse_puzzle_data(out)) == 2


def test_dedupe_keeps_the_block_size_header(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = (PUZZLES / "sudoku-4x4.txt").read_text().splitlines()
    path = tmp_path / "doubled.txt"
    path.write_text("\n".join([*source, *source[1:]]) + "\n")
    status, out, _ = run(capsys, "dedupe", str(path))
    assert status == 0
    assert out.splitlines() == source


def test_minimal_names_exactly_the_redundant_givens(capsys: pytest.CaptureFixture[str]) -> None:
    path = PUZZLES / "sudoku-4x4.txt"
    status, out, _ = run(capsys, "minimal", str(path), "--json")
    assert status == 0
    shape = square(2)
    records = [json.loads(line) for line in out.splitlines()]
    texts = run(capsys, "minimal", str(path))[1].splitlines()
    for record, text in zip(records, texts, strict=True):
        puzzle = Puzzle.from_line(shape, record["puzzle"])
        assert record["solutions"] == count_solutions(puzzle, 2) == 1
        for cell, value in enumerate(puzzle.givens):
            if not value:
                continue
            without = list(puzzle.givens)
            without[cell] = 0
            redundant = count_solutions(Puzzle(shape, tuple(without)), 2) == 1
            assert (shape.cell_name(cell) in record["redundant"]) == redundant
        assert record["minimal"] == (not record["redundant"])
        assert text == ("minimal" if record["minimal"] else "not minimal: " + " ".join(record["redundant"]))


def test_minimal_without_one_solution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.txt"
    path.write_text("2\n" + "." * 16 + "\n" + "11" + "." * 14 + "\n")
    status, out, _ = run(capsys, "minimal", str(path))
    assert (status, out) == (0, "several solutions\nno solution\n")


@pytest.mark.parametrize("command", ["canon", "dedupe", "minimal"])
def test_invalid_file_gives_its_message(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, command, str(PUZZLES / "bad" / "bad-puzzle-length1.txt"))
    assert (status, out, err) == (1, "", "Line 3 has the wrong length.\n")


@pytest.mark.parametrize("command", ["canon", "dedupe", "minimal", "grade"])
def test_jobs_give_the_same_output(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PUZZLES / "9x9-easy.txt")
    run(capsys, command, path)  # a first run may say on stderr that it prepares the solver
    one = run(capsys, command, path)
    assert one[0] == 0
    # stderr may differ by the one-time note that the solver is being compiled.
    assert run(capsys, command, path, "--jobs", "2")[:2] == one[:2]


@pytest.mark.parametrize(("to", "suffix"), [("line", ".txt"), ("sdk", ".sdk"), ("ss", ".ss")])
def test_convert_round_trips_a_whole_file(
    to: str, suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = PUZZLES / "9x9-medium.txt"
    status, out, _ = run(capsys, "convert", str(source), "--to", to)
    assert status == 0
    path = tmp_path / f"converted{suffix}"
    path.write_text(out)
    status, back, _ = run(capsys, "convert", str(path), "--to", "line")
    assert status == 0
    original = run(capsys, "convert", str(source), "--to", "line")[1]
    assert back == original
    assert len(back.splitlines()) == len(parse_puzzle_data(source.read_text()))


def test_convert_one_puzzle_to_pencil_marks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "convert", str(PUZZLES / "9x9-hard.txt"), "--to", "pm", "--index", "2")
    assert status == 0
    path = tmp_path / "marks.txt"
    path.write_text(out)
    read = parse_puzzle_data(out)
    original = parse_puzzle_data((PUZZLES / "9x9-hard.txt").read_text()).puzzle(2)
    assert len(read) == 1
    assert all(value == mine for value, mine in zip(original.givens, read.puzzle(0).givens, strict=True) if value)
    solutions = run(capsys, "solve", str(PUZZLES / "9x9-hard.txt"))[1].splitlines()
    assert run(capsys, "solve", str(path)) == (0, solutions[2] + "\n", "")


def test_convert_refuses_samurai_grids_and_bad_indexes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "convert", str(PUZZLES / "samurai-easy.txt"), "--to", "sdk")
    assert (status, out) == (1, "")
    assert "Samurai" in err
    status, _, err = run(capsys, "convert", str(PUZZLES / "sudoku-4x4.txt"), "--to", "ss", "--index", "9")
    assert status == 2
    assert "out of range" in err


@pytest.mark.parametrize("command", ["check", "solve", "grade", "canon", "minimal", "explain", "export"])
def test_every_command_reads_a_simple_sudoku_grid(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [EASY[i : i + 9] for i in range(0, 81, 9)]
    drawn = ["|".join(row[j : j + 3] for j in (0, 3, 6)) for row in rows]
    path = tmp_path / "easy.ss"
    path.write_text("\n".join([*drawn[:3], "-----------", *drawn[3:6], "-----------", *drawn[6:]]) + "\n")
    plain = tmp_path / "easy.txt"
    plain.write_text(EASY + "\n")
    extra = ["--svg", str(tmp_path / "out.svg")] if command == "export" else []
    assert run(capsys, command, str(path), *extra)[:2] == run(capsys, command, str(plain), *extra)[:2]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", ["canon", "grade"])
def test_progress_bar_on_a_terminal(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main([command, str(PUZZLES / "9x9-easy.txt"), "--jobs", "2"]) == 0
    shown = terminal.getvalue()
    assert "100% 100/100" in shown
    assert shown.endswith("\r")  # the bar is wiped at the end


def test_a_booklet_shows_its_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    out = tmp_path / "b.pdf"
    assert main(["export", str(PUZZLES / "4x4-easy.txt"), "--pdf", str(out), "--jobs", "2"]) == 0
    shown = terminal.getvalue()
    assert "Grading [" in shown and "100% 20/20" in shown
    assert shown.endswith(f"\r20 puzzles written to {out}\n")  # the bar wiped before the count


@pytest.mark.parametrize(
    ("command", "name", "variant"),
    [
        ("canon", "killer-medium.txt", "killer"),
        ("dedupe", "jigsaw-medium.txt", "jigsaw"),
        ("canon", "x-medium.txt", "x"),
        ("convert", "killer-medium.txt", "killer"),
        ("convert", "windoku-medium.txt", "windoku"),
    ],
)
def test_variants_are_refused_where_their_rules_would_be_lost(
    command: str, name: str, variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Moving rows and columns does not move a jigsaw's regions, a killer's cages or the
    # diagonals, and the exchange formats hold givens only.
    extra = ("--to", "line") if command == "convert" else ()
    status, out, err = run(capsys, command, str(PUZZLES / name), *extra)
    assert (status, out) == (1, "")
    assert err.rstrip("\n").endswith(f"this file holds {variant} puzzles.")
