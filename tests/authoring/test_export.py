"""Print and draw: the PDF booklet, SVG and PNG pictures, and ``sudoku-tui export``."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from sudoku_tui.authoring.booklet import Entry, write_booklet
from sudoku_tui.authoring.figure import figure_of
from sudoku_tui.authoring.pictures import puzzle_svg, write_png
from sudoku_tui.engine.board.geometry import samurai, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.paths import install_command

ROOT = Path(__file__).resolve().parents[2]
NINE = read_puzzle_file(ROOT / "puzzles" / "9x9-hard.txt").puzzle(0)


def pages(pdf: Path) -> int:
    """The pages of a PDF, counted from its page objects."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))


def test_a_figure_has_every_side_once_and_thick_box_edges() -> None:
    figure = figure_of(Puzzle(square(3), (0,) * 81))
    assert (figure.width, figure.height) == (9, 9)
    assert len(figure.lines) == 2 * 9 * 10 and sum(line.thick for line in figure.lines) == 72
    big = figure_of(Puzzle(samurai(), (0,) * 369))
    assert (big.width, big.height) == (21, 21)


def test_a_solution_figure_marks_which_values_were_given() -> None:
    solution = solve(NINE)
    assert solution is not None
    figure = figure_of(NINE, solution)
    given = sum(1 for value in NINE.givens if value)
    assert len(figure.digits) == 81 and sum(digit.kind == "given" for digit in figure.digits) == given


def test_svg_is_a_document_with_every_given() -> None:
    root = ElementTree.fromstring(puzzle_svg(NINE))
    texts = [element.text for element in root.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(texts) == sorted(NINE.shape.symbol(value) for value in NINE.givens if value)


def test_png_has_the_size_of_its_board(tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "p.png"
    write_png(NINE, out, cell=30)
    with Image.open(out) as image:
        assert image.size == (300, 300)  # 9 cells and half a cell of margin each side
        assert image.getpixel((150, 15)) == (0, 0, 0)  # the outline's top edge, in ink


@pytest.mark.parametrize(("per_page", "expected"), [(1, 5 + 5), (4, 2 + 2), (6, 1 + 1)])
def test_booklet_pages_hold_the_boards_asked_for(tmp_path: Path, per_page: int, expected: int) -> None:
    entries = [Entry(number, NINE, "Hard (692)", solve(NINE)) for number in range(5)]
    out = tmp_path / "b.pdf"
    write_booklet(entries, out, per_page=per_page, solutions=True)
    assert out.read_bytes().startswith(b"%PDF") and pages(out) == expected


def export(tmp_path: Path, *options: str) -> Path:
    out = tmp_path / "booklet.pdf"
    result = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "export", "4x4-easy.txt", "--pdf", str(out), *options],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "20 puzzles written" in result.stderr
    return out


def test_the_command_writes_a_booklet_with_solutions_then_steps(tmp_path: Path) -> None:
    assert pages(export(tmp_path, "--solutions")) == 5 + 5  # 20 boards at 4 a page, then their solutions
    assert pages(export(tmp_path, "--solutions", "--steps")) > 5 + 5  # then every puzzle's steps


def test_the_command_draws_one_puzzle(tmp_path: Path) -> None:
    for kind in ("svg", "png"):
        out = tmp_path / f"one.{kind}"
        result = subprocess.run(
            [sys.executable, "-m", "sudoku_tui", "export", "9x9-easy.txt", f"--{kind}", str(out), "--index", "3"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0 and out.stat().st_size > 0, result.stderr
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku_tui",
            "export",
            "9x9-easy.txt",
            "--svg",
            str(tmp_path / "x.svg"),
            "--index",
            "999",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "out of range" in bad.stderr


@pytest.mark.parametrize(("option", "module"), [("pdf", "fpdf"), ("png", "PIL")])
def test_without_the_authors_extra_export_is_one_sentence_before_any_work(
    tmp_path: Path, option: str, module: str
) -> None:
    # The drawing library cannot be imported, as in an install without the authors extra.
    out = tmp_path / f"out.{option}"
    code = (
        "import importlib.abc, sys\n"
        "class Blocked(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] == {module!r}:\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Blocked())\n"
        "from sudoku_tui.cli import main\n"
        f"sys.exit(main(['export', '9x9-hard.txt', '--{option}', {str(out)!r}]))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout) == (1, "")
    # The command installs the extra the way the game was installed (here, from this clone).
    install = install_command("authors")
    assert result.stderr == f"export --{option} needs the authors extra ({install}): {module} is missing.\n"
    assert not out.exists()


@pytest.mark.parametrize(
    ("name", "option", "missing"),
    [
        ("killer-medium.txt", "--pdf", "cages of killer"),
        ("x-medium.txt", "--png", "diagonals of x"),
        ("windoku-medium.txt", "--svg", "windows of windoku"),
    ],
)
def test_variants_whose_rules_are_not_drawn_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, option: str, missing: str
) -> None:
    # A killer drawn without its cages (or X without diagonals) would be a puzzle with another answer set.
    from sudoku_tui.cli import main

    out = tmp_path / "out"
    assert main(["export", name, option, str(out)]) == 1
    assert (
        capsys.readouterr().err
        == f"export cannot draw the {missing} puzzles yet, and without them they cannot be solved.\n"
    )
    assert not out.exists()


def test_a_jigsaw_is_drawn_with_its_regions(tmp_path: Path) -> None:
    jigsaw = read_puzzle_file(ROOT / "puzzles" / "jigsaw-medium.txt").puzzle(0)
    thick = {line for line in figure_of(jigsaw).lines if line.thick}
    assert thick != {line for line in figure_of(Puzzle(square(3), (0,) * 81)).lines if line.thick}


def page_texts(pdf: Path) -> list[list[str]]:
    """The strings each page shows, in order (fpdf2 writes one compressed content stream a page)."""
    import zlib

    streams = re.findall(rb"/FlateDecode.*?stream\r?\n(.*?)\r?\nendstream", pdf.read_bytes(), re.S)
    return [re.findall(r"\((.*?)\) Tj", zlib.decompress(stream).decode("latin-1")) for stream in streams]


def test_a_puzzle_s_steps_start_on_the_page_of_its_heading(tmp_path: Path) -> None:
    # 59 one-line steps end 8 mm above the first page's foot: room for the next heading, not its first step.
    entries = [
        Entry(
            number, NINE, "Hard (692)", solve(NINE), tuple(f"Step {step} of puzzle {number}" for step in range(count))
        )
        for number, count in enumerate((59, 5, 40, 3))
    ]
    out = tmp_path / "steps.pdf"
    write_booklet(entries, out, per_page=6, steps=True)
    texts = [page for page in page_texts(out) if any(text.startswith("1. Step") for text in page)]
    assert len(texts) == 2
    for page in texts:
        assert not page[-1].startswith("Puzzle "), page[-3:]
