"""Property tests of the file readers: whatever the bytes, a
file reads or fails with one of the contract's exact messages, never anything
else; line 1 follows the contract's rule; splitting in pieces changes nothing.

The budget is the ``ci`` profile of tests/conftest.py (a fixed set of examples).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from sudoku_tui.engine.board.geometry import samurai, square
from sudoku_tui.engine.board.puzzle import format_line
from sudoku_tui.engine.files import formats
from sudoku_tui.engine.files.formats import block_size_header, first_line, parse_puzzle_data
from sudoku_tui.engine.files.model import PuzzleFile, PuzzleFileError

CONTRACT_MESSAGE = re.compile(
    r"(Line [1-9][0-9]* has (the wrong length|an invalid character)\.|Invalid block size\."
    r"|The file is empty\.|The file has no puzzles\.)\Z"
)
PUZZLE_LENGTHS = {16, 81, 256, 405}


def read_or_message(data: bytes) -> PuzzleFile | str:
    """The file, or its message; any other exception fails the test."""
    try:
        parsed = parse_puzzle_data(data)
    except PuzzleFileError as error:
        assert CONTRACT_MESSAGE.match(error.message), error.message
        return error.message
    assert len(parsed) >= 1
    for index in {0, len(parsed) - 1}:
        assert len(parsed.puzzle(index).givens) == parsed.shape.size
    assert parsed.describe().startswith(f"{len(parsed)} puzzle")
    return parsed


# Bytes that decide how a file reads: line breaks of every kind (splitlines
# knows more than \n), separators, the characters of each format, controls
# such as 0x1F, a byte-order mark, bytes over 0x7F, and header words.
PIECES = [
    b"\n", b"\r\n", b"\r", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\x1f", b"\x00", b"\x7f",
    b"\x85", b"\xe2\x80\xa8", b"\xef\xbb\xbf", b" ", b"\t", b",", b"#", b".", b"0", b"1", b"2", b"3",
    b"4", b"9", b"A", b"G", b"g", b"-", b"+", b"samurai", b"SAMURAI", b"x",
]  # fmt: skip
tricky_bytes = st.lists(st.sampled_from(PIECES), max_size=60).map(b"".join)


@given(st.binary(max_size=2000))
def test_random_bytes_read_or_give_a_contract_message(data: bytes) -> None:
    read_or_message(data)


@given(tricky_bytes)
def test_tricky_bytes_read_or_give_a_contract_message(data: bytes) -> None:
    read_or_message(data)


def valid_files() -> list[bytes]:
    nine = "1.3.5.7.9" + "." * 72
    four = "1234341221434321"
    sixteen = "1" + "." * 254 + "G"
    samurai_line = "." * 405
    drawn = formats.format_drawn_samurai([0] * samurai().size)
    return [
        f"2\n{four}\n{four.replace('1', '.')}\n".encode(),
        f"3\r\n{nine}\r\n{nine}\r\n".encode(),
        f"# a plain collection\n{nine} easy\n\n{nine.replace('.', '0')},hard 3.5\n".encode(),
        f"{sixteen}\n{sixteen.lower()}\n".encode(),
        f"samurai\n{samurai_line}\n".encode(),
        drawn.encode(),
        b"\xef\xbb\xbf" + f"3\n{nine}\n".encode(),
    ]


@st.composite
def mutated_files(draw: st.DrawFn) -> bytes:
    """A valid file of some format, with a few bytes replaced, inserted or removed."""
    data = bytearray(draw(st.sampled_from(valid_files())))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        what = draw(st.sampled_from(["replace", "insert", "delete"]))
        piece = draw(st.sampled_from(PIECES) | st.binary(min_size=1, max_size=3))
        if what == "insert" or at == len(data):
            data[at:at] = piece
        elif what == "replace":
            data[at : at + len(piece)] = piece
        else:
            del data[at : at + draw(st.integers(1, 5))]
    return bytes(data)


def test_the_valid_files_read() -> None:
    kinds = [parsed.kind for parsed in map(parse_puzzle_data, valid_files())]
    assert kinds == ["block", "block", "plain", "plain", "samurai", "samurai-drawn", "block"]


@given(mutated_files())
def test_mutated_files_read_or_give_a_contract_message(data: bytes) -> None:
    read_or_message(data)


@given(st.binary(max_size=300) | tricky_bytes)
def test_line_1_is_what_splitlines_cuts(data: bytes) -> None:
    lines = str(data, "ascii", "surrogateescape").splitlines()
    assert first_line(data) == (lines[0] if lines else "")


@given(tricky_bytes, st.integers(1, 40))
def test_lines_read_in_pieces_are_the_lines_of_the_whole(data: bytes, piece: int) -> None:
    whole = str(data, "ascii", "surrogateescape").splitlines()
    saved = formats._PIECE_BYTES
    formats._PIECE_BYTES = piece
    try:
        assert formats._decode_lines(data, owned=False, should_stop=None) == whole
    finally:
        formats._PIECE_BYTES = saved


header_text = st.lists(st.sampled_from([" ", "\t", "+", "-", "0", "3", "2", "9", "x", "\x1f"]), max_size=12).map(
    "".join
)


@given(header_text | st.integers(0, 500).map(lambda n: "0" * n))
def test_line_1_is_a_header_by_the_contracts_rule(line: str) -> None:
    """Contract 1.2: an integer (spaces and tabs around it aside) whose length
    is not a puzzle line's is a header; anything else is not."""
    number = line.strip(" \t")
    is_integer = re.fullmatch(r"[+-]?[0-9]+", number) is not None
    expected = is_integer and len(number) not in PUZZLE_LENGTHS
    assert (block_size_header(line) is not None) == expected
    if expected:
        assert (block_size_header(line) in (2, 3)) == (not number.startswith("-") and int(number) in (2, 3))


@given(st.integers(2, 3), st.integers(1, 6), st.data())
def test_a_block_file_of_valid_lines_reads_back_its_lines(block: int, count: int, data: st.DataObject) -> None:
    shape = square(block)
    values = st.lists(st.integers(0, shape.n), min_size=shape.size, max_size=shape.size)
    lines = [format_line(shape, data.draw(values)) for _ in range(count)]
    parsed = parse_puzzle_data(f"{block}\n" + "\n".join(lines) + "\n")
    assert parsed.lines == lines
