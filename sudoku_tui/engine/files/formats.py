"""Reading puzzle files (docs/puzzle-files.md), and drawing a Samurai as text.

Four layouts are recognised, in this order (contract 1.2):

1. line 1 an integer not as long as a puzzle line (16, 81, 256, 405): the
   block-size format (strict, exact messages), whatever line 1's length;
2. line 1 ``samurai``: a Samurai collection, one 405-character line a puzzle;
   line 1 a variant's name: that variant's collection (variant_lines.py);
3. exactly 21 lines of 21 characters: one Samurai puzzle as drawn;
4. anything else: a plain collection, one puzzle a line, size set by the
   first puzzle's length.

Files are read as bytes and decoded as ASCII with every other byte turned
into a lone surrogate, so a non-ASCII byte is simply an invalid character and
never a decoding error. Puzzle lines are kept as strings and turned into
:class:`Puzzle` objects only when asked for, so a file of half a million
puzzles costs little more memory than its text.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..board.geometry import Shape, samurai, square
from ..board.puzzle import LineError, WrongLength, format_line, parse_line
from ..board.variants import variant_names
from ..progress import Cancelled, ProgressCallback, StopCheck
from .exchange import GRID_SUFFIXES, read_exchange, read_grids
from .model import (
    EMPTY_FILE,
    INVALID_BLOCK_SIZE,
    NO_PUZZLES,
    FileKind,
    PuzzleFile,
    PuzzleFileError,
    invalid_character,
    wrong_length,
)
from .reading import FileRefused, read_file_bytes
from .variant_lines import read_variant_collection

_BOM = b"\xef\xbb\xbf"
# Line 1 as an integer: "spaces around it" are spaces and tabs only, so a
# control character such as 0x1F makes it no integer (and no ValueError).
_INTEGER = re.compile(r"[ \t]*[+-]?[0-9]+[ \t]*\Z")
# What ends a line for str.splitlines() in text decoded from ASCII with
# surrogateescape (bytes over 0x7F become surrogates, which end no line).
_LINE_BREAK = re.compile(rb"[\n\r\x0b\x0c\x1c\x1d\x1e]")
# Bytes decoded and split at a time, and lines checked, between two polls of should_stop.
_PIECE_BYTES = 8 << 20
_POLL_LINES = 4096
_PLAIN_SIZES = {16: square(2), 81: square(3), 256: square(4), 405: samurai()}
_SEPARATORS = re.compile(r"[ \t,]")


def read_puzzle_file(
    path: str | os.PathLike[str],
    progress: ProgressCallback | None = None,
    should_stop: StopCheck | None = None,
) -> PuzzleFile:
    """Read and validate a puzzle file; raise :class:`PuzzleFileError` with the exact message.

    Only a regular file of at most 256 MiB is read (files.py): anything else
    gets a sentence. ``progress(done, total)`` is called with bytes read
    while the file is read; ``should_stop()`` is polled between chunks of the
    reading and of the checking, and raises
    :class:`~sudoku_tui.engine.progress.Cancelled` when it answers True.
    """
    path = Path(path)
    try:
        data = read_file_bytes(path, progress, should_stop)
    except FileRefused as refused:
        raise PuzzleFileError(refused.message) from None
    result = _parse(data, owned=True, should_stop=should_stop, suffix=path.suffix)
    result.path = path
    return result


def parse_puzzle_data(data: bytes | bytearray | str, should_stop: StopCheck | None = None) -> PuzzleFile:
    """Validate the contents of a puzzle file (bytes, or text already decoded)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    return _parse(data, owned=False, should_stop=should_stop)


def _poll(should_stop: StopCheck | None) -> None:
    if should_stop is not None and should_stop():
        raise Cancelled()


def _decode_lines(data: bytes | bytearray, owned: bool, should_stop: StopCheck | None) -> list[str]:
    """``str.splitlines()`` of the decoded bytes, a piece at a time so that
    ``should_stop`` is heard within a fraction of a second on a big file.

    Pieces end just after a ``\\n``, so a ``\\r\\n`` is never cut and every
    piece ends a line: the pieces' lines are exactly the whole text's."""
    lines: list[str] = []
    start, size = 0, len(data)
    while start < size:
        _poll(should_stop)
        end = data.find(b"\n", min(start + _PIECE_BYTES, size) - 1)
        end = size if end < 0 else end + 1
        lines += str(data[start:end], "ascii", "surrogateescape").splitlines()
        start = end
    if owned and isinstance(data, bytearray):
        data.clear()  # the bytes are no longer needed
    return lines


def first_line(data: bytes | bytearray) -> str:
    """Line 1 of the file, whatever its length, as ``str.splitlines()`` cuts it."""
    end = _LINE_BREAK.search(data)
    return str(data[: end.start() if end else len(data)], "ascii", "surrogateescape")


def block_size_header(line: str) -> int | None:
    """The block size line 1 declares (any integer, checked later), or None
    when line 1 is no header (contract 1.2): not an integer, or an integer
    as long as a puzzle line (digits with ``0`` for empty cells)."""
    if not _INTEGER.match(line):
        return None
    number = line.strip(" \t")
    if len(number) in _PLAIN_SIZES:
        return None
    # No int() of the whole: a line of thousands of digits is still an
    # integer, only too big (and int() refuses over 4,300 digits).
    digits = number.lstrip("+").lstrip("0")
    if number.startswith("-") or len(digits) > 2:
        return 0  # negative, or too big for any block size: invalid all the same
    return int(digits or "0")


def _parse(data: bytes | bytearray, owned: bool, should_stop: StopCheck | None = None, suffix: str = "") -> PuzzleFile:
    if data.startswith(_BOM):
        if owned and isinstance(data, bytearray):
            del data[: len(_BOM)]
        else:
            data = data[len(_BOM) :]
    if not data:
        raise PuzzleFileError(EMPTY_FILE)
    if suffix.lower() in (".sdk", ".ss", ".sdm"):
        # The extension says what the file is: it has no header line to look for.
        return _read_plain_or_exchange(_decode_lines(data, owned, should_stop), suffix, should_stop)
    first = first_line(data)
    block = block_size_header(first)
    if block is not None:
        if block not in (2, 3):
            raise PuzzleFileError(INVALID_BLOCK_SIZE)
        # One pass over the bytes for the characters, before the text exists,
        # so the bytes, the text and the lines are never all alive at once.
        delete = ("." + square(block).symbols).encode("ascii") + b"\r\n"
        clean = data.translate(None, delete) == first.encode("ascii", "surrogateescape").translate(None, delete)
        return _read_block_format(block, _decode_lines(data, owned, should_stop), clean, should_stop)
    lines = _decode_lines(data, owned, should_stop)
    if not lines:
        raise PuzzleFileError(EMPTY_FILE)
    if first.strip(" \t").lower() == "samurai":
        return _read_collection(lines, start=1, fixed_length=405, kind="samurai", should_stop=should_stop)
    if first.strip(" \t").lower() in variant_names():
        return read_variant_collection(first.strip(" \t").lower(), lines)
    if len(lines) == 21 and all(len(line) == 21 for line in lines):
        return _read_drawn_samurai(lines)
    return _read_plain_or_exchange(lines, suffix, should_stop)


def _read_plain_or_exchange(lines: list[str], suffix: str, should_stop: StopCheck | None) -> PuzzleFile:
    """A plain collection, else another program's format (:mod:`.exchange`):
    a ``.sdk`` or ``.ss`` file always, any other only when it is not plain."""

    if suffix.lower() in GRID_SUFFIXES:
        return read_grids(lines)
    try:
        return _read_collection(lines, start=0, fixed_length=None, kind="plain", should_stop=should_stop)
    except PuzzleFileError:
        found = read_exchange(lines)
        if found is None:
            raise
        return found


def _read_block_format(
    block: int, lines: list[str], clean_chars: bool, should_stop: StopCheck | None = None
) -> PuzzleFile:
    shape = square(block)
    length = shape.size
    allowed = "." + shape.symbols
    del lines[0]
    if not lines:
        raise PuzzleFileError(NO_PUZZLES)
    # Fast path: the characters were checked on the bytes, the lengths take
    # one pass over the lines; only a file that fails either is scanned line
    # by line to find which failure comes first.
    if clean_chars and min(map(len, lines)) == length == max(map(len, lines)):
        return PuzzleFile(shape, "block", lines)
    allowed_set = frozenset(allowed)
    for number, line in enumerate(lines, start=2):
        if not number % _POLL_LINES:
            _poll(should_stop)
        if len(line) != length:
            raise PuzzleFileError(wrong_length(number))
        if not allowed_set.issuperset(line):
            raise PuzzleFileError(invalid_character(number))
    # Only reached when a character outside the puzzle lines (a separator
    # such as a form feed) tripped the fast check but every line is fine.
    return PuzzleFile(shape, "block", lines)


def _read_collection(
    lines: list[str], start: int, fixed_length: int | None, kind: FileKind, should_stop: StopCheck | None = None
) -> PuzzleFile:
    shape: Shape | None = _PLAIN_SIZES[fixed_length] if fixed_length else None
    puzzles: list[str] = []
    labels: list[str] = []
    any_label = False
    for number in range(start + 1, len(lines) + 1):
        if not number % _POLL_LINES:
            _poll(should_stop)
        line = lines[number - 1]
        if not line.strip() or line.startswith("#"):
            continue
        separator = _SEPARATORS.search(line)
        if separator is None:
            text, label = line, ""
        else:
            text, label = line[: separator.start()], line[separator.end() :].strip()
            any_label = any_label or bool(label)
        if shape is None:
            shape = _PLAIN_SIZES.get(len(text))
            if shape is None:
                raise PuzzleFileError(wrong_length(number))
        try:
            parse_line(shape, text)
        except WrongLength:
            raise PuzzleFileError(wrong_length(number)) from None
        except LineError:  # an invalid character, or Samurai shared boxes that disagree
            raise PuzzleFileError(invalid_character(number)) from None
        puzzles.append(text)
        labels.append(label)
    if shape is None or not puzzles:
        raise PuzzleFileError(NO_PUZZLES)
    return PuzzleFile(shape, kind, puzzles, labels if any_label else None)


def _read_drawn_samurai(lines: list[str]) -> PuzzleFile:
    shape = samurai()
    inside = shape.cell_at
    values = [0] * shape.size
    for row, line in enumerate(lines):
        for col, ch in enumerate(line):
            cell = inside.get((row, col))
            if cell is None:
                if ch not in ".0 ":
                    raise PuzzleFileError(invalid_character(row + 1))
            elif ch not in ".0":
                value = shape.value_of(ch)
                if not value:
                    raise PuzzleFileError(invalid_character(row + 1))
                values[cell] = value
    return PuzzleFile(shape, "samurai-drawn", [format_line(shape, values)])


def format_drawn_samurai(values: list[int] | tuple[int, ...], empty: str = "0") -> str:
    """A Samurai grid as 21 lines of 21 characters (``.`` outside the grids)."""
    shape = samurai()
    rows = [["."] * 21 for _ in range(21)]
    for cell, (row, col) in enumerate(shape.positions):
        rows[row][col] = shape.symbol(values[cell]) if values[cell] else empty
    return "\n".join("".join(row) for row in rows) + "\n"


__all__ = [
    "EMPTY_FILE",
    "INVALID_BLOCK_SIZE",
    "NO_PUZZLES",
    "PuzzleFile",
    "PuzzleFileError",
    "format_drawn_samurai",
    "invalid_character",
    "parse_puzzle_data",
    "read_puzzle_file",
    "wrong_length",
]
