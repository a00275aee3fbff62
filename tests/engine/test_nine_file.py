"""A 9x9 file's bytes straight to the counter and back (nine_file.py,
nine_batch.count_nine_file, batch.solving.count_nine_file).

The array of givens is checked against the usual reader (formats.py) on the
layouts it reads, every other file must give None (the usual reader then
says what is wrong), and the whole output against ``solve_lines``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_tui.engine.batch.solving import count_nine_file, solve_lines
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import parse_line
from sudoku_tui.engine.files.formats import parse_puzzle_data
from tests.search_paths import compiled_search_available

pytestmark = pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")

NINE = square(3)
UNIQUE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
MANY = "." * 80 + "5"
NONE = "55" + "." * 79
SPARSE = "...82.4..52..4..1.6.......7.4...9.2...25.....9.37....6..8.1.......2...3.........5"


def givens_of(data: bytes) -> list[tuple[int, ...]] | None:
    from sudoku_tui.engine.search.compiled.nine_file import nine_givens

    found = nine_givens(data)
    return None if found is None else [tuple(row) for row in found.tolist()]


def read_usually(data: bytes) -> list[tuple[int, ...]]:
    return [parse_line(NINE, line) for line in parse_puzzle_data(data).lines]


@pytest.mark.parametrize(
    "data",
    [
        f"3\n{UNIQUE}\n{MANY}\n{NONE}\n".encode(),
        f"3\n{UNIQUE}\n{MANY}".encode(),  # the last line without its newline
        f"3\n{UNIQUE}\n".encode(),
        f"# a comment\n\n{UNIQUE.replace('.', '0')}\n{MANY} rated 4.5\n# more\n{NONE},name\n{SPARSE}\tx\n\n".encode(),
        f"{UNIQUE}\n{SPARSE}".encode(),
        f"{UNIQUE} \xff label bytes\n".encode("latin-1"),
    ],
)
def test_the_givens_are_the_usual_readers(data: bytes) -> None:
    assert givens_of(data) == read_usually(data)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        f"3\n{UNIQUE.replace('.', '0')}\n".encode(),  # a block-size file knows no 0
        f"3\n{UNIQUE}\n\n{MANY}\n".encode(),  # an empty line in a block-size file
        f"3\n{UNIQUE[:80]}\n".encode(),
        f"3\n{UNIQUE}x\n".encode(),
        f"3\r\n{UNIQUE}\r\n".encode(),
        f"\ufeff{UNIQUE}\n".encode(),
        f"{UNIQUE}\n{UNIQUE[:80]}x\n".encode(),
        f"{UNIQUE}\n{UNIQUE}x\n".encode(),  # a label needs its separator
        f"{UNIQUE[:40]} {UNIQUE[41:]}\n".encode(),
        f"  \n{UNIQUE}\n".encode(),  # a line of spaces: the usual reader skips it
        f"# only comments\n{'.' * 256}\n".encode(),
        b"2\n" + b"." * 16 + b"\n",
        b"3\n",
        b"# nothing\n\n",
    ],
)
def test_any_other_file_is_left_to_the_usual_reader(data: bytes) -> None:
    assert givens_of(data) is None


@pytest.mark.parametrize("limit", [1, 2, 3, 10, 12])
def test_the_output_is_solve_lines(tmp_path: Path, limit: int) -> None:
    lines = [UNIQUE, MANY, NONE, SPARSE, UNIQUE[:-1] + "."]
    path = tmp_path / "nine.txt"
    path.write_text("3\n" + "\n".join(lines) + "\n")
    want = "".join(answer + "\n" for answer in solve_lines(NINE, lines, count=True, limit=limit))
    assert count_nine_file(path, limit, jobs=1) == want


def test_a_shared_set_and_the_budget_handed_on(
    tmp_path: Path, shared_file: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudoku_tui.engine.search.compiled import nine_batch

    lines = random.Random(3).sample(parse_puzzle_data(shared_file("9x9", "top1465.txt").read_bytes()).lines, 30)
    lines += [MANY, NONE]
    path = tmp_path / "top.txt"
    path.write_text("\n".join(lines) + "\n")
    want = "".join(answer + "\n" for answer in solve_lines(NINE, lines, count=True))
    assert count_nine_file(path, 2, jobs=1) == want
    # A few nodes a call: many rows run a call's budget out and go to count_solutions.
    monkeypatch.setattr(nine_batch, "NODES_PER_CALL", 8)
    assert count_nine_file(path, 2, jobs=1) == want


def test_files_not_read_this_way(tmp_path: Path) -> None:
    grid = tmp_path / "one.sdk"
    grid.write_text(UNIQUE + "\n")
    assert count_nine_file(grid, 2, jobs=1) is None
    assert count_nine_file(tmp_path / "absent.txt", 2, jobs=1) is None
    four = tmp_path / "four.txt"
    four.write_text("2\n" + "." * 16 + "\n")
    assert count_nine_file(four, 2, jobs=1) is None


def test_progress_reaches_the_end(tmp_path: Path) -> None:
    path = tmp_path / "nine.txt"
    path.write_text("3\n" + f"{UNIQUE}\n" * 50)
    calls: list[tuple[int, int]] = []
    count_nine_file(path, 2, jobs=1, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (50, 50)
