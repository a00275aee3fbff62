"""Reading files that are not puzzle files, or not files at all.

Only regular files are read, at most 256 MiB of them, and the checking of a
big file stops when asked; line 1 is a header by the contract's rule (1.2)
whatever its length.
"""

from __future__ import annotations

import gzip
import os
import socket
import threading
from pathlib import Path

import pytest

from sudoku_tui.engine.files import reading as files
from sudoku_tui.engine.files.formats import parse_puzzle_data, read_puzzle_file
from sudoku_tui.engine.files.model import INVALID_BLOCK_SIZE, PuzzleFile, PuzzleFileError, wrong_length
from sudoku_tui.engine.files.reading import FileRefused, read_file_bytes
from sudoku_tui.engine.progress import Cancelled
from tests.shared_data import shared_path

NINE = "1.3.5.7.9" + "." * 72


def read_within(path: Path, seconds: float = 20.0) -> str:
    """The sentence reading ``path`` gives; a failure, not a hang, when it blocks."""
    said: list[str] = []

    def attempt() -> None:
        try:
            read_puzzle_file(path)
            said.append("read")
        except PuzzleFileError as error:
            said.append(error.message)

    reader = threading.Thread(target=attempt, daemon=True)
    reader.start()
    reader.join(seconds)
    assert said, f"reading {path} did not return within {seconds} s"
    return said[0]


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzles.txt"
    os.mkfifo(fifo)
    assert read_within(fifo) == f"{fifo} is a pipe, not a puzzle file."


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} is absent")
    assert read_within(Path(device)) == f"{device} is a device, not a puzzle file."


def test_a_folder_and_a_socket_are_refused(tmp_path: Path) -> None:
    assert read_within(tmp_path) == f"{tmp_path} is a folder, not a puzzle file."
    where = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(where))
        assert read_within(where) == f"{where} is a socket, not a puzzle file."


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as out:  # sparse: no disk is used
        out.truncate(files.MAX_FILE_BYTES + 1)
    assert read_within(huge) == f"The file {huge} is too big to be a puzzle file (over 256 MiB)."


def test_a_file_whose_size_is_unknown_is_read_within_the_limit(tmp_path: Path) -> None:
    # /proc files say size 0 and have contents: read on, but only so far.
    status = Path("/proc/self/status")
    if not status.exists():
        pytest.skip("no /proc")
    assert b"Name:" in read_file_bytes(status)
    with pytest.raises(FileRefused, match="too big"):
        read_file_bytes(status, limit=16)


def test_a_path_with_a_nul_byte_is_a_sentence() -> None:
    with pytest.raises(PuzzleFileError, match="does not exist"):
        read_puzzle_file("a\x00b.txt")


def plain_collection(path: Path, puzzles: int) -> Path:
    path.write_text("".join(f"{NINE} #{number}\n" for number in range(puzzles)))
    return path


def test_checking_a_big_file_stops_when_asked(tmp_path: Path) -> None:
    """The game's quit cancels its worker: the check after the read must hear it too."""
    path = plain_collection(tmp_path / "big.txt", 50_000)
    size = path.stat().st_size
    read: list[int] = []
    polls_after_read: list[int] = []

    def should_stop() -> bool:
        if read and read[-1] == size:
            polls_after_read.append(1)
            return True
        return False

    with pytest.raises(Cancelled):
        read_puzzle_file(path, progress=lambda done, total: read.append(done), should_stop=should_stop)
    assert polls_after_read == [1]


@pytest.mark.parametrize("kind", ["block", "plain", "samurai"])
def test_every_layout_polls_while_it_checks(kind: str) -> None:
    line = {"block": NINE, "plain": NINE + " x", "samurai": "." * 405}[kind]
    header = {"block": "3\n", "plain": "", "samurai": "samurai\n"}[kind]
    text = header + "\n".join([line] * 20_000) + "\n"
    polls: list[int] = []
    parsed = parse_puzzle_data(text, should_stop=lambda: bool(polls.append(1)))
    assert len(parsed) == 20_000
    # The line-by-line checks poll every few thousand lines (the block
    # format's fast path is one pass in C over the bytes).
    assert len(polls) >= (1 if kind == "block" else 4)
    asked: list[int] = []
    with pytest.raises(Cancelled):  # the last poll is heard too
        parse_puzzle_data(text, should_stop=lambda: len(asked) == len(polls) - 1 or bool(asked.append(1)))


def test_lines_split_in_pieces_are_the_lines_of_the_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tui.engine.files import formats

    text = "2\r\n" + "\r\n".join(["1234341221434321"] * 40) + "\n\x0c" + "\n"
    monkeypatch.setattr(formats, "_PIECE_BYTES", 7)
    assert formats._decode_lines(text.encode(), owned=False, should_stop=None) == text.splitlines()


# ---- line 1 (item 3) ---------------------------------------------------------------


def message_of(data: str | bytes) -> str:
    with pytest.raises(PuzzleFileError) as caught:
        parse_puzzle_data(data)
    return caught.value.message


@pytest.mark.parametrize(
    ("control", "message"),
    [
        # not a line break: line 1 is no integer, so a plain collection's line of the wrong length
        ("\x1f", wrong_length(1)),
        ("\x00", wrong_length(1)),
        ("\x7f", wrong_length(1)),
        ("\x85", wrong_length(1)),  # a byte over 0x7F is never a line break here
        # a line break for str.splitlines(): "3" is the header and line 2 is empty
        ("\x1c", wrong_length(2)),
        ("\x1d", wrong_length(2)),
        ("\x1e", wrong_length(2)),
        ("\x0b", wrong_length(2)),
        ("\x0c", wrong_length(2)),
    ],
)
def test_a_header_with_a_control_character_gets_a_contract_message(control: str, message: str) -> None:
    assert message_of(f"3{control}\n{NINE}\n") == message


def test_3_then_unit_separator_is_line_1_of_the_wrong_length() -> None:
    assert message_of(f"3\x1f\n{NINE}\n") == "Line 1 has the wrong length."
    assert message_of(b"3\x1f\n") == "Line 1 has the wrong length."


def test_line_1_is_judged_whole_however_long() -> None:
    # The first 4,096 bytes alone were an integer; the whole line is not.
    assert message_of("3" + " " * 4095 + "x\n" + NINE + "\n") == wrong_length(1)
    assert len(parse_puzzle_data("3" + " " * 5000 + "\n" + NINE + "\n")) == 1


@pytest.mark.parametrize("digits", [17, 80, 82, 4301, 10_000])
def test_a_long_integer_is_an_invalid_block_size_never_a_value_error(digits: int) -> None:
    assert message_of("1" * digits + "\n" + NINE + "\n") == INVALID_BLOCK_SIZE


@pytest.mark.parametrize(("header", "block"), [("3", 3), ("+3", 3), ("03", 3), ("\t 2 ", 2), ("00002", 2)])
def test_short_integers_are_headers(header: str, block: int) -> None:
    line = NINE if block == 3 else "1234341221434321"
    parsed = parse_puzzle_data(f"{header}\n{line}\n")
    assert parsed.kind == "block" and parsed.shape.box == block


@pytest.mark.parametrize(
    ("first", "shape"),
    [
        ("1234341221434321", "4x4"),
        ("0" * 16, "4x4"),
        ("530070000600195000098000060800060003400803001700020006060000280000419005000080079", "9x9"),
        ("1" + "0" * 255, "16x16"),
        ("0" * 405, "samurai"),
    ],
)
def test_an_integer_as_long_as_a_puzzle_line_is_a_puzzle(first: str, shape: str) -> None:
    parsed = parse_puzzle_data(f"{first}\n{first}\n")
    assert parsed.kind == "plain" and parsed.shape.name == shape and len(parsed) == 2


def exchange_lines(count: int) -> list[str]:
    """The Sudoku Exchange bank's first puzzles, as the bank writes them (``0`` for empty)."""
    bank = shared_path("9x9", "exchange-hard-diabolical-rated.txt.gz")
    with gzip.open(bank, "rt") as rows:
        return [next(rows).split()[1] for _ in range(count)]


def test_the_sudoku_exchange_bank_reads_as_a_plain_collection(tmp_path: Path) -> None:
    lines = exchange_lines(2000)
    assert lines[0].isdigit()  # the case that read as a header
    path = tmp_path / "exchange.txt"
    path.write_text("\n".join(lines) + "\n")
    parsed = read_puzzle_file(path)
    assert (parsed.kind, parsed.shape.name, len(parsed)) == ("plain", "9x9", 2000)
    assert parsed.puzzle(0).to_line().replace(".", "0") == lines[0]


def test_the_exchange_samples_read_with_their_solutions_as_labels() -> None:
    sample = shared_path("9x9", "exchange-samples", "easy_puzzle_and_solution.txt")
    parsed: PuzzleFile = read_puzzle_file(sample)
    assert len(parsed) == 500 and parsed.labels is not None and len(parsed.labels[0]) == 81


def test_reading_calls_progress_with_the_bytes_read(tmp_path: Path) -> None:
    path = plain_collection(tmp_path / "p.txt", 30_000)
    seen: list[tuple[int, int]] = []
    assert len(read_puzzle_file(path, progress=lambda done, total: seen.append((done, total)))) == 30_000
    size = path.stat().st_size
    assert seen[-1] == (size, size) and len(seen) == -(-size // files.CHUNK_BYTES)
