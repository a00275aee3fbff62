"""A whole file of classic 9x9 puzzles as one array, and its counts as one text.

``solve --count`` on a big 9x9 file spends most of its time outside the
search when each line goes through Python (split, checked, turned into a
tuple, answered, written). Here the file's bytes become an ``(n, 81)``
array of givens in a few passes of C (one ``bytes.translate``, a view, a
copy), the counts come back as one array, and the output is made from it
in a few numpy operations: no Python step per line.

Only the common layouts are read this way, and only when every line is
valid: a block-size file (line 1 ``3``, then lines of 81 characters ``.``
``1``-``9``) and a plain collection of 81-character lines (``.``, ``0``,
``1``-``9``) with ``#`` comments, empty lines and labels after a space, a
tab or a comma. Anything else (another layout, a file with an error, a line
break other than ``\\n``, a byte-order mark) gives None, and the caller
reads the file the usual way (files/formats.py), which says the exact
sentence for an error.
"""

from __future__ import annotations

import numpy as np

CELLS = 81
STEP = CELLS + 1  # a puzzle line and its newline
# What the translation makes of each byte: a given 0-9, or one of these.
NEWLINE, HASH, SEPARATOR, OTHER = 10, 11, 12, 255
# What ends a line for str.splitlines() besides "\n" (formats.py cuts lines
# so): a file holding any of them takes the usual way.
_OTHER_BREAKS = tuple(bytes([b]) for b in b"\r\x0b\x0c\x1c\x1d\x1e")
_BOM = b"\xef\xbb\xbf"
# Lines gathered at a time where they are not evenly spaced (comments, labels).
_GATHER = 1 << 15


def _table(zero: bool) -> bytes:
    """bytes.translate's table: "." (and "0" when ``zero``) to 0, "1"-"9" to 1-9."""
    table = bytearray([OTHER]) * 256
    for value in range(1, 10):
        table[ord(str(value))] = value
    table[ord(".")] = 0
    if zero:
        table[ord("0")] = 0
    table[ord("\n")] = NEWLINE
    table[ord("#")] = HASH
    for separator in " \t,":
        table[ord(separator)] = SEPARATOR
    return bytes(table)


# A block-size file's lines know no "0" (contract 1.2); a plain collection's do.
_BLOCK, _PLAIN = _table(zero=False), _table(zero=True)


def nine_givens(data: bytes | bytearray) -> np.ndarray | None:
    """The givens of every puzzle of a valid 9x9 block-size or plain file,
    an ``(n, 81)`` uint8 array; None for any other file (read it the usual way)."""
    if not data or data.startswith(_BOM) or any(data.find(b) >= 0 for b in _OTHER_BREAKS):
        return None
    if data.startswith(b"3\n"):
        codes = np.frombuffer(data.translate(_BLOCK), dtype=np.uint8)[2:]
        return _block_file(codes)
    codes = np.frombuffer(data.translate(_PLAIN), dtype=np.uint8)
    return _plain_file(codes)


def _lines(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each line starts and how long it is (as str.splitlines() cuts at "\\n")."""
    ends = np.flatnonzero(codes == NEWLINE)
    if ends.size == 0 or ends[-1] != codes.size - 1:
        ends = np.append(ends, codes.size)  # a last line without its newline
    starts = np.empty_like(ends)
    starts[0] = 0
    starts[1:] = ends[:-1] + 1
    return starts, ends - starts


def _rows(codes: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The 81 codes from each start, an ``(n, 81)`` array."""
    first = int(starts[0])
    if codes.size >= first + STEP * (starts.size - 1) + CELLS and (np.diff(starts) == STEP).all():
        # One line after another (the common file): a view of the codes, copied once.
        return np.lib.stride_tricks.as_strided(codes[first:], (starts.size, CELLS), (STEP, 1)).copy()
    rows = np.empty((starts.size, CELLS), dtype=np.uint8)
    offsets = np.arange(CELLS, dtype=np.intp)
    for at in range(0, starts.size, _GATHER):  # in pieces, so the index array stays small
        piece = starts[at : at + _GATHER]
        rows[at : at + piece.size] = codes[piece[:, None] + offsets]
    return rows


def _valid(givens: np.ndarray) -> np.ndarray | None:
    return givens if givens.size and int(givens.max()) <= 9 else None


def _block_file(codes: np.ndarray) -> np.ndarray | None:
    # Line 1 is "3": every other line is a puzzle of exactly 81 characters.
    whole = codes.size // STEP * STEP
    if codes.size - whole in (0, CELLS):  # every line 81 long, the last maybe without its newline
        lines = codes[:whole].reshape(-1, STEP)
        if (lines[:, CELLS] == NEWLINE).all() and not (codes[whole:] == NEWLINE).any():
            rows = np.empty((lines.shape[0] + (codes.size > whole), CELLS), dtype=np.uint8)
            rows[: lines.shape[0]] = lines[:, :CELLS]
            if codes.size > whole:
                rows[-1] = codes[whole:]
            return _valid(rows)
    starts, lengths = _lines(codes)
    if codes.size == 0 or (lengths != CELLS).any():
        return None
    return _valid(_rows(codes, starts))


def _plain_file(codes: np.ndarray) -> np.ndarray | None:
    # Empty lines and "#" comments are skipped; every other line is 81 givens,
    # alone or followed by a separator and a label.
    starts, lengths = _lines(codes)
    skipped = (lengths == 0) | (codes[np.minimum(starts, codes.size - 1)] == HASH)
    starts, lengths = starts[~skipped], lengths[~skipped]
    if starts.size == 0 or (lengths < CELLS).any():
        return None
    if not (codes[starts[lengths > CELLS] + CELLS] == SEPARATOR).all():
        return None
    return _valid(_rows(codes, starts))


def count_text(counts: np.ndarray, limit: int) -> bytes:
    """The lines ``solve --count`` prints for ``counts`` (each at most
    ``limit``): the number, ``N+`` at the limit, each ending in a newline."""
    # One row of bytes for each count the file holds (a few), then every
    # line picked from them; 0 pads a shorter word and is dropped at the end.
    found, which = np.unique(np.minimum(counts, limit), return_inverse=True)
    words = [f"{n}+\n" if n >= limit else f"{n}\n" for n in found.tolist()]
    table = np.zeros((len(words), max(map(len, words))), dtype=np.uint8)
    for row, word in enumerate(words):
        table[row, : len(word)] = np.frombuffer(word.encode("ascii"), dtype=np.uint8)
    cells = table[which.reshape(-1)]
    return cells[cells != 0].tobytes()  # type: ignore[no-any-return]
