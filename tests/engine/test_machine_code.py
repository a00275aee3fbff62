"""The 9x9 counter's machine code (machine_code.py): written by a run that
counted with Numba, loaded by the next without it, counting exactly as
Numba's counter does, and left alone when its file is damaged."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import parse_line
from sudoku_tui.engine.files.formats import parse_puzzle_data
from sudoku_tui.engine.search import backend
from tests.search_paths import compiled_search_available

pytestmark = pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")

NINE = square(3)
LINES = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "...82.4..52..4..1.6.......7.4...9.2...25.....9.37....6..8.1.......2...3.........5",
    "." * 80 + "5",  # many solutions
    "55" + "." * 79,  # none: two 5s in a row
    "." * 81,
]

# A process that loads the machine code from the folder in argv[1] and counts with it.
LOADER = """
import sys
from pathlib import Path
import numpy as np
from sudoku_tui.engine.search.compiled import machine_code
machine_code._places = lambda digest: iter([Path(sys.argv[1]) / f"kernel9.{digest}.counter"])
counter = machine_code.loaded()
givens = np.zeros((1, 81), dtype=np.uint8)
givens[0, 80] = 5
counts = np.zeros(1, dtype=np.int64)
stack, tally = counter.scratch()
counter.count_batch(givens, 0, 1 << 15, 3, counts, stack, tally)
print(int(counts[0]), "numba" in sys.modules)
"""


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """machine_code's file kept in a folder of the test's own."""
    from sudoku_tui.engine.search.compiled import machine_code

    monkeypatch.setattr(machine_code, "_places", lambda digest: iter([tmp_path / f"kernel9.{digest}.counter"]))
    machine_code.loaded.cache_clear()
    yield tmp_path
    machine_code.loaded.cache_clear()


def givens_array(lines: list[str]) -> object:
    import numpy as np

    return np.array([parse_line(NINE, line) for line in lines], dtype=np.uint8)


def counted(
    count_batch: Callable[..., int], scratch: tuple[object, object], lines: list[str], limit: int, budget: int
) -> tuple[list[int], list[int]]:
    """Each row's count and the row each call went on from, as nine_batch calls it."""
    import numpy as np

    givens = givens_array(lines)
    counts = np.zeros(len(lines), dtype=np.int64)
    stack, tally = scratch
    rows, row = [], 0
    while row < len(lines):
        row = count_batch(givens, row, budget, limit, counts, stack, tally)
        rows.append(row)
    return counts.tolist(), rows


def test_the_machine_code_counts_as_numbas_counter(place: Path, shared_file: Callable[..., Path]) -> None:
    from sudoku_tui.engine.search.compiled import kernel9, machine_code

    assert machine_code.loaded() is None  # nothing written yet
    saved = machine_code.save()
    assert saved is not None and saved.parent == place
    machine_code.loaded.cache_clear()
    counter = machine_code.loaded()
    assert counter is not None
    lines = LINES + random.Random(5).sample(parse_puzzle_data(shared_file("9x9", "top1465.txt").read_bytes()).lines, 60)
    for limit, budget in ((2, 1 << 15), (5, 1 << 15), (2, 40)):  # 40 nodes: rows hand the budget on, and -1
        ours = counted(counter.count_batch, counter.scratch(), lines, limit, budget)
        assert ours == counted(kernel9.count_batch, kernel9.scratch(), lines, limit, budget)
    assert -1 in counted(counter.count_batch, counter.scratch(), lines, 2, 40)[0]


def test_another_process_loads_it_without_numba(place: Path) -> None:
    from sudoku_tui.engine.search.compiled import machine_code

    assert machine_code.save() is not None
    result = subprocess.run([sys.executable, "-c", LOADER, str(place)], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout, result.stderr) == (0, "3 False\n", "")


@pytest.mark.parametrize("damage", ["a byte changed", "cut short", "another file", "another entry"])
def test_a_damaged_file_is_left_alone(place: Path, damage: str) -> None:
    from sudoku_tui.engine.search.compiled import machine_code

    saved = machine_code.save()
    assert saved is not None
    data = bytearray(saved.read_bytes())
    if damage == "a byte changed":
        data[-100] ^= 0xFF
    elif damage == "cut short":
        del data[len(data) // 2 :]
    elif damage == "another file":
        data[:4] = b"\x7fELF"
    else:  # its header names a function the code does not hold
        data = bytearray(bytes(data).replace(b'"entry": "', b'"entry": "x', 1))
    saved.write_bytes(bytes(data))
    machine_code.loaded.cache_clear()
    assert machine_code.loaded() is None


def test_not_loaded_when_the_compiled_search_is_not_wanted(place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tui.engine.search.compiled import machine_code

    assert machine_code.save() is not None
    monkeypatch.setenv(backend.NO_JIT, "1")
    machine_code.loaded.cache_clear()
    assert machine_code.loaded() is None


def test_wrong_arrays_are_refused_before_the_code_sees_them(place: Path) -> None:
    import numpy as np

    from sudoku_tui.engine.search.compiled import machine_code

    assert machine_code.save() is not None
    counter = machine_code.loaded()
    assert counter is not None
    stack, tally = counter.scratch()
    givens = np.zeros((2, 81), dtype=np.int64)  # not bytes
    with pytest.raises(ValueError, match="uint8"):
        counter.count_batch(givens, 0, 100, 2, np.zeros(2, dtype=np.int64), stack, tally)
    with pytest.raises(ValueError, match="int64"):
        counter.count_batch(givens.astype(np.uint8), 0, 100, 2, np.zeros(3, dtype=np.int64), stack, tally)


def test_solve_count_loads_no_numba_once_the_code_is_written(tmp_path: Path) -> None:
    """Where the install keeps it (beside Numba's cache): the first run writes it, the next uses it."""
    path = tmp_path / "nine.txt"
    path.write_text("3\n" + "\n".join(LINES) + "\n")
    script = (
        "import sys\nfrom sudoku_tui.cli.program import main\n"
        f"status = main(['solve', '--count', '--jobs', '1', {str(path)!r}])\n"
        "print(status, 'numba' in sys.modules, file=sys.stderr)\n"
    )
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    second = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert first.stdout == second.stdout == "1\n1\n2+\n0\n2+\n"
    assert second.stderr == "0 False\n"


def test_ctrl_c_while_the_code_is_written_keeps_the_answer(
    place: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The machine code is written after the answer is out: a Ctrl-C in the middle of
    writing it (a compile of a few tenths of a second) leaves the counts printed."""
    from sudoku_tui import cli
    from sudoku_tui.engine.search.compiled import machine_code, nine_batch

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(machine_code, "save", interrupted)
    nine_batch.keep_machine_code.cache_clear()
    path = tmp_path / "nine.txt"
    path.write_text("3\n" + "\n".join(LINES) + "\n")
    try:
        status = cli.main(["solve", "--count", "--jobs", "1", str(path)])
    finally:
        nine_batch.keep_machine_code.cache_clear()
    out, err = capsys.readouterr()
    assert (status, out, err) == (130, "1\n1\n2+\n0\n2+\n", "Interrupted.\n")
