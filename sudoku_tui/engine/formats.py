"""Reading puzzle files (README, "Puzzle files"), and drawing a Samurai as text.

Three layouts are recognised, in this order:

1. line 1 an integer: the block-size format (strict, exact messages);
2. line 1 ``samurai``: a Samurai collection, one 405-character line a puzzle;
   line 1 a variant's name: that variant's collection (variant_format.py);
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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from .geometry import Shape, samurai, square
from .progress import ProgressCallback
from .puzzle import LineError, Puzzle, WrongLength, format_line, parse_line
from .variants import VARIANTS

INVALID_BLOCK_SIZE = "Invalid block size."
EMPTY_FILE = "The file is empty."
NO_PUZZLES = "The file has no puzzles."


def wrong_length(line_number: int) -> str:
    return f"Line {line_number} has the wrong length."


def invalid_character(line_number: int) -> str:
    return f"Line {line_number} has an invalid character."


class PuzzleFileError(Exception):
    """A puzzle file that cannot be read; ``message`` is the exact text shown to the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


FileKind = Literal["block", "plain", "samurai", "samurai-drawn", "variant"]

_BOM = b"\xef\xbb\xbf"
_INTEGER = re.compile(r"\s*[+-]?[0-9]+\s*\Z")
_PLAIN_SIZES = {16: square(2), 81: square(3), 256: square(4), 405: samurai()}
_SEPARATORS = re.compile(r"[ \t,]")


@dataclass
class PuzzleFile:
    """The puzzles of one file, as validated lines."""

    shape: Shape
    kind: FileKind
    lines: list[str]  # one puzzle line each, exactly as written (without labels)
    labels: list[str] | None = None  # labels of a plain collection, "" where none
    path: Path | None = None
    _cache: dict[int, Puzzle] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.lines)

    def puzzle(self, index: int) -> Puzzle:
        """Puzzle number ``index`` (from 0)."""
        if not 0 <= index < len(self.lines):
            raise IndexError(f"puzzle {index} is not in 0 .. {len(self.lines) - 1}")
        found = self._cache.get(index)
        if found is None:
            label = self.labels[index] if self.labels else ""
            found = Puzzle.from_line(self.shape, self.lines[index], label)
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[index] = found
        return found

    def __iter__(self) -> Iterator[Puzzle]:
        for index in range(len(self.lines)):
            yield self.puzzle(index)

    def describe(self) -> str:
        """``N puzzles, 9x9`` as ``sudoku-tui check`` prints it."""
        count = len(self.lines)
        return f"{count} puzzle{'' if count == 1 else 's'}, {self.shape.name}"


def read_puzzle_file(
    path: str | os.PathLike[str],
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> PuzzleFile:
    """Read and validate a puzzle file; raise :class:`PuzzleFileError` with the exact message.

    ``progress(done, total)`` is called with bytes read while the file is
    read; ``should_stop()`` is polled between chunks and raises
    :class:`~sudoku_tui.engine.progress.Cancelled` when it answers True.
    OS errors (missing file, no permission, a folder) also become
    :class:`PuzzleFileError` with a plain message.
    """
    from .progress import Cancelled

    path = Path(path)
    try:
        if path.is_dir():
            raise PuzzleFileError(f"{path.name or path} is a folder, not a puzzle file.")
        with open(path, "rb") as handle:
            total = os.fstat(handle.fileno()).st_size
            # One buffer filled in place: no list of chunks joined afterwards.
            buffer = bytearray(total)
            view = memoryview(buffer)
            done = 0
            while done < total:
                if should_stop is not None and should_stop():
                    raise Cancelled()
                count = handle.readinto(view[done : done + (1 << 20)])
                if not count:
                    break
                done += count
                if progress is not None:
                    progress(done, total)
            view.release()
            del buffer[done:]
            rest = handle.read()  # a file that grew while being read
            if rest:
                buffer += rest
    except FileNotFoundError:
        raise PuzzleFileError(f"The file {path} does not exist.") from None
    except PermissionError:
        raise PuzzleFileError(f"The file {path} cannot be read (permission denied).") from None
    except IsADirectoryError:
        raise PuzzleFileError(f"{path} is a folder, not a puzzle file.") from None
    except OSError as error:
        raise PuzzleFileError(f"The file {path} cannot be read: {error.strerror or error}.") from None
    result = _parse(buffer, owned=True)
    result.path = path
    return result


def parse_puzzle_data(data: bytes | bytearray | str) -> PuzzleFile:
    """Validate the contents of a puzzle file (bytes, or text already decoded)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    return _parse(data, owned=False)


def _decode_lines(data: bytes | bytearray, owned: bool) -> list[str]:
    text = str(data, "ascii", "surrogateescape")
    if owned and isinstance(data, bytearray):
        data.clear()  # the bytes are no longer needed: free them before splitting
    return text.splitlines()


def _parse(data: bytes | bytearray, owned: bool) -> PuzzleFile:
    if data.startswith(_BOM):
        if owned and isinstance(data, bytearray):
            del data[: len(_BOM)]
        else:
            data = data[len(_BOM) :]
    if not data:
        raise PuzzleFileError(EMPTY_FILE)
    head = str(data[:4096], "ascii", "surrogateescape").splitlines()
    first = head[0] if head else ""
    if _INTEGER.match(first):
        block = int(first)
        if block not in (2, 3):
            raise PuzzleFileError(INVALID_BLOCK_SIZE)
        # One pass over the bytes for the characters, before the text exists,
        # so the bytes, the text and the lines are never all alive at once.
        delete = ("." + square(block).symbols).encode("ascii") + b"\r\n"
        clean = data.translate(None, delete) == first.encode("ascii", "surrogateescape").translate(None, delete)
        return _read_block_format(block, _decode_lines(data, owned), clean)
    lines = _decode_lines(data, owned)
    if not lines:
        raise PuzzleFileError(EMPTY_FILE)
    if first.strip().lower() == "samurai":
        return _read_collection(lines, start=1, fixed_length=405, kind="samurai")
    if first.strip().lower() in VARIANTS:
        from .variant_format import read_variant_collection  # it builds on this module

        return read_variant_collection(first.strip().lower(), lines)
    if len(lines) == 21 and all(len(line) == 21 for line in lines):
        return _read_drawn_samurai(lines)
    return _read_collection(lines, start=0, fixed_length=None, kind="plain")


def _read_block_format(block: int, lines: list[str], clean_chars: bool) -> PuzzleFile:
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
        if len(line) != length:
            raise PuzzleFileError(wrong_length(number))
        if not allowed_set.issuperset(line):
            raise PuzzleFileError(invalid_character(number))
    # Only reached when a character outside the puzzle lines (a separator
    # such as a form feed) tripped the fast check but every line is fine.
    return PuzzleFile(shape, "block", lines)


def _read_collection(lines: list[str], start: int, fixed_length: int | None, kind: FileKind) -> PuzzleFile:
    shape: Shape | None = _PLAIN_SIZES[fixed_length] if fixed_length else None
    puzzles: list[str] = []
    labels: list[str] = []
    any_label = False
    for number in range(start + 1, len(lines) + 1):
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
